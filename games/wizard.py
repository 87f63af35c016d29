"""Wizard: Stiche-Raten with wizards and jesters.

Rulebook: Stiche-Raten (traditional), its "Wizard-Variante" (Wizard: K. Fisher, Amigo).
Two editions: ``rulebook`` (the variant's 56 cards, 2 wizards + 2 jesters) and ``original``
(60 cards, 4 + 4). Round r deals r cards, up to what the deck allows; no way back.
Wizards and jesters may be played at any time; the first wizard wins; a jester
always loses unless only jesters are in the trick (then the first wins). After a
leading jester the first suit card sets the suit to follow (in the original
edition a wizard coming first after the jester frees the trick instead); after a
leading wizard anything may be played. The next card of the stock is turned for trump:
a suit card names it, a jester or no card means none, a wizard lets the dealer choose.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from stich.games.base import Game, Option, most_points_win
from stich.games.cards import (
    FRENCH_RANKS,
    FRENCH_SUIT_NAMES,
    FRENCH_SUITS,
    Card,
    CardSet,
    Deck,
    french_symbols,
)
from stich.games.course import PointsStanding
from stich.games.endgames import Theme, exact_objectives, french_setting, french_trump, tricks_objectives
from stich.games.errors import StichError
from stich.games.faces import BLACK, WHITE, Face, french_face
from stich.games.reports import Known
from stich.games.stiche_raten import (
    BiddingCourse,
    BiddingRound,
    SticheRaten,
    SuitContext,
    bidding_view_known,
    parse_trump,
)
from stich.games.trick import FREE, TrickRules
from stich.games.trick_tables import PlayContext, TrickTables, french_blocks

__all__ = ["GAME", "Wizard", "WizardContext", "WizardRound", "wizard_deck", "wizard_rules"]

WIZARD_POWER = 100  # above every trump (trumps are 1..13)

EDITIONS = {"rulebook": 2, "original": 4}  # wizards (and as many jesters) per edition


def _face(code: str) -> Face:
    """French cards, wizards (Z) and jesters (N)."""
    if code[0] == "Z":
        return Face("#4527a0", WHITE, "Z", "wizard")
    if code[0] == "N":
        return Face("#b0bec5", BLACK, "N", "jester")
    return french_face(code)


@cache
def wizard_deck(edition: str) -> Deck:
    """52 French cards (``suit * 13 + rank``), then wizards ``Z1..`` and jesters ``N1..``."""
    k = EDITIONS[edition]
    codes = [rank + suit for suit in FRENCH_SUITS for rank in FRENCH_RANKS]
    codes += [f"Z{i}" for i in range(1, k + 1)] + [f"N{i}" for i in range(1, k + 1)]
    aliases = {"10" + suit: "T" + suit for suit in FRENCH_SUITS}
    return Deck(f"wizard-{edition}", codes, aliases, FRENCH_SUIT_NAMES, french_symbols(codes), _face)


@cache
def wizard_rules(edition: str, trump: int | None) -> TrickRules:
    """Tables for one edition and trump suit (or none)."""
    k = EDITIONS[edition]
    cls, tp, lp = [], [], []
    for card in range(52):
        suit, rank = divmod(card, 13)
        cls.append(suit)
        tp.append(rank + 1 if suit == trump else 0)
        lp.append(rank)
    cls += [FREE] * (2 * k)
    tp += [WIZARD_POWER] * k + [0] * k  # equal wizard powers: the first played wins
    lp += [0] * (2 * k)
    # A jester led, then a wizard: the rulebook's Wizard-Variante lets "die erste Zahlenkarte"
    # set the suit and frees play only when a wizard "ausgespielt" (led); the original rules
    # free play after "a Wizard [as] the first non-Jester card" (docs/rules.md, Wizard).
    return TrickRules(tuple(cls), tuple(tp), tuple(lp), wizard_frees_after_jester=edition == "original")


@cache
def _wizard_trick_tables(edition: str, trump: int | None) -> TrickTables:
    # Each wizard and jester is a block of its own: equal powers are never collapsed.
    return TrickTables((wizard_rules(edition, trump),), 0, 0, {}, french_blocks(2 * EDITIONS[edition]))


@dataclass(frozen=True)
class WizardContext(SuitContext):
    """The trick play of Wizard: the edition's deck and a trump suit or none."""

    edition: str = "rulebook"

    def trick_tables(self) -> TrickTables:
        return _wizard_trick_tables(self.edition, self.trump)


class WizardRound(BiddingRound):
    """A round of Wizard."""

    def edition(self) -> str:
        return str(self.game.options["edition"])

    def trump_of(self, card: Card) -> int | None:
        if card < 52:
            return card // 13
        return None  # a jester: no trump; a wizard: the dealer chooses

    def needs_trump_choice(self) -> bool:
        return self.trump_card is not None and self.is_wizard(self.trump_card)

    def is_wizard(self, card: Card) -> bool:
        return 52 <= card < 52 + EDITIONS[self.edition()]

    def rules(self) -> TrickRules:
        return wizard_rules(self.edition(), self.trump)

    def class_name(self, k: int) -> str:
        return "wizards and jesters" if k == FREE else super().class_name(k)

    def blind_round(self) -> int:
        return 0  # the Wizard rules bid no round blind

    def scoring(self) -> str:
        return "wizard"


def _theme_rules(context: Mapping[str, Any]) -> TrickRules:
    trump = context["trump"]
    return wizard_rules("rulebook", None if trump is None else FRENCH_SUITS.index(trump))


# Endgame puzzles (games.endgames): take exactly k tricks, or take t tricks, with wizards and
# jesters in play.
ENDGAME_THEMES = tuple(
    Theme(
        name,
        "wizard",
        wizard_deck("rulebook"),
        french_trump,
        _theme_rules,
        french_setting,
        objectives,
        options={"edition": "rulebook"},
    )
    for name, objectives in (("exact", exact_objectives), ("tricks", tricks_objectives))
)


class Wizard(Game):
    """Wizard, in the rulebook's 56-card variant or the original 60-card game."""

    id = "wizard"
    endgame_themes = ENDGAME_THEMES
    round_class = WizardRound
    has_bids = True
    title = "Wizard"
    player_counts = (3, 4, 5, 6)
    starts = ("deal", "tricks")
    option_specs = (
        Option(
            "edition",
            "rulebook",
            "rulebook: 56 cards (2 wizards, 2 jesters); original: 60 cards (4 + 4)",
            ("rulebook", "original"),
            renamed=(("seed", "rulebook"),),  # the rulebook edition's name before 0.2.0
        ),
        Option("restriction", False, "the dealer may not bid so that the bids add up to the tricks"),
    )

    @property
    def deck(self) -> Deck:
        return wizard_deck(self.options["edition"])

    def view_known(self, known: Known, seat: int, dealer: int, start: str) -> Known:
        return bidding_view_known(known, super().view_known(known, seat, dealer, start), seat)

    def round_sizes(self) -> list[int]:
        """1, 2, ... up to what the deck allows (rulebook: 18/14/11/9; original: 20/15/12/10 rounds)."""
        return list(range(1, self.deck.size // self.players + 1))

    def points_model(self) -> str | None:
        """Round points are modelled for the rulebook edition (56 cards)."""
        return f"{self.id}/{self.players}" if self.options["edition"] == "rulebook" else None

    def course(self, dealer: int | None = None) -> BiddingCourse[Wizard]:
        return BiddingCourse(self, dealer)

    def size_of_round(self, number: int) -> int | None:
        """Round r deals r cards ("In Runde 1 bekommt jeder 1 Karte, in Runde 2 zwei"); None past the last."""
        return number if number <= len(self.round_sizes()) else None

    def deal(
        self, rng: random.Random, dealer: int, cards: int | None = None, round_number: int | None = None
    ) -> Known:
        """A random omniscient ``known`` block for round ``round_number`` (default: the round that
        deals ``cards``, else 1)."""
        if round_number is None:
            round_number = cards if cards is not None else 1
        size = cards if cards is not None else round_number
        if not 1 <= size <= self.deck.size // self.players:
            raise StichError(f"{size} cards each do not fit the {self.deck.size}-card deck")
        order = list(range(self.deck.size))
        rng.shuffle(order)
        n = self.players
        hands = {(dealer + 1 + i) % n: sorted(order[i * size : (i + 1) * size]) for i in range(n)}
        stock = order[n * size :]
        return {
            "hands": {str(seat): self.deck.names(hands[seat]) for seat in sorted(hands)},
            "cards": size,
            "round": round_number,
            "trump_card": self.deck.name_of(stock[0]) if stock else None,
        }

    def standing(self, totals: Sequence[int]) -> PointsStanding:
        """Winners after the last round: the most points (ties share)."""
        return most_points_win(totals)

    # -- the double-dummy solver's view ----------------------------------------

    position_fields: ClassVar[Mapping[str, Any]] = SticheRaten.position_fields
    table_trumps: ClassVar[tuple[str | None, ...]] = SticheRaten.table_trumps

    def trump_context(self, trump: int | None) -> WizardContext:
        """The trick play with ``trump`` (a suit index, or None for no trump)."""
        return WizardContext(trump, str(self.options["edition"]))

    def parse_play_context(self, fields: Mapping[str, Any], hands: Sequence[CardSet]) -> PlayContext:
        return self.trump_context(parse_trump(fields["trump"]))


GAME = Wizard
