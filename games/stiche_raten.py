"""Stiche-Raten (Oh Hell!): bid the exact number of tricks you will take.

Rulebook: Stiche-Raten (traditional). 3-7 players, 52 French cards, ace high. Round
sizes go down from the first size to 1 and up again; the next card of the stock is
turned for trump (none when no card is left). Bids start left of the dealer; the
dealer may not bid so that the bids add up to the number of tricks. Every variant the
rulebook lists is an option.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Protocol, TypedDict, TypeVar

from stich.games.base import Event, Game, Option, Round, own_hand, seat_index
from stich.games.cards import FRENCH_SUIT_NAMES, FRENCH_SUITS, Card, CardSet, Deck, french_deck, iter_cards
from stich.games.course import Course, CourseGame, FinishedRound, Standing
from stich.games.endgames import Theme, exact_objectives, french_setting, french_trump, tricks_objectives
from stich.games.errors import RuleError, StichError
from stich.games.events import BidEvent
from stich.games.reports import Known, ObjectiveJson, Observation, RoundResult
from stich.games.trick import TrickRules
from stich.games.trick_tables import ContextJson, PlayContext, TrickTables, french_blocks

__all__ = [
    "BiddingCourse",
    "BiddingStanding",
    "SticheRaten",
    "SticheRatenRound",
    "BiddingRound",
    "GAME",
    "SuitContext",
    "bidding_view_known",
    "parse_trump",
    "round_sizes",
    "score_bid",
]

FRENCH = french_deck()
SUIT_NAMES = FRENCH_SUIT_NAMES
MAX_ROUNDS = 1000  # option rounds: more than any evening at the table, few enough to list


def round_sizes(first: int, sequence: str, rounds: int | None = None) -> list[int]:
    """Hand sizes of the rounds of a game, in order.

    ``down-up``: first, first-1, ..., 1, 2, ..., first (the rulebook's default);
    ``down``: first .. 1; ``up``: 1 .. first; ``constant``: ``rounds`` rounds of ``first``.
    """
    if sequence == "down-up":
        return list(range(first, 0, -1)) + list(range(2, first + 1))
    if sequence == "down":
        return list(range(first, 0, -1))
    if sequence == "up":
        return list(range(1, first + 1))
    if sequence == "constant":
        return [first] * (rounds if rounds is not None else first)
    raise StichError(f"unknown round sequence {sequence!r}")


def score_bid(bid: int, tricks: int, scoring: str, blind: bool = False) -> int:
    """Points for one player's round.

    ``standard``: a hit scores 10 + 1 per trick, a miss 1 per trick;
    ``strict`` ("Blackout"): a hit scores 10 + the bid, a miss nothing;
    ``minus``: a hit scores 10 + 1 per trick, a miss -1 per trick over or under;
    ``wizard``: a hit scores 20 + 10 per trick, a miss -10 per trick over or under.
    A blind hit scores double (rulebook, "Blindrunde").
    """
    hit = bid == tricks
    if scoring == "standard":
        points = 10 + tricks if hit else tricks
    elif scoring == "strict":
        points = 10 + bid if hit else 0
    elif scoring == "minus":
        points = 10 + tricks if hit else -abs(bid - tricks)
    elif scoring == "wizard":
        points = 20 + 10 * tricks if hit else -10 * abs(bid - tricks)
    else:
        raise StichError(f"unknown scoring {scoring!r}")
    return 2 * points if blind and hit else points


@cache
def suit_rules(deck: Deck, trump: int | None) -> TrickRules:
    """Tables for a French deck with ``trump`` suit or none, built once per trump."""
    cls, tp, lp = [], [], []
    for card in range(52):
        suit, rank = divmod(card, 13)
        cls.append(suit)
        tp.append(rank + 1 if suit == trump else 0)
        lp.append(rank)
    return TrickRules(tuple(cls), tuple(tp), tuple(lp))


def _spans(sizes: Sequence[int]) -> str:
    """Hand sizes as a reader takes them in: ``1 to 12`` or ``3, 5``."""
    distinct = sorted(set(sizes))
    if len(distinct) > 2 and distinct == list(range(distinct[0], distinct[-1] + 1)):
        return f"{distinct[0]} to {distinct[-1]} cards"
    return f"{', '.join(map(str, distinct))} cards"


def parse_suit(text: object, what: str = "trump") -> int:
    """A French suit index from its letter (``S H D C``)."""
    if isinstance(text, str) and len(text.strip()) == 1 and text.strip().upper() in FRENCH_SUITS:
        return FRENCH_SUITS.index(text.strip().upper())
    raise StichError(f"{what} {text!r} is not a suit (use one of S H D C)")


def parse_trump(raw: object, what: str = "trump") -> int | None:
    """A trump suit index, or None for no trump (``null``, ``N``, ``NT``, ``none`` or ``-``)."""
    if raw is None or (isinstance(raw, str) and raw.strip().upper() in ("N", "NT", "NONE", "-")):
        return None
    return parse_suit(raw, what)


@cache
def _suit_trick_tables(trump: int | None) -> TrickTables:
    return TrickTables((suit_rules(FRENCH, trump),), 0, 0, {}, french_blocks())


@dataclass(frozen=True)
class SuitContext(PlayContext):
    """The trick play of Stiche-Raten: a trump suit (index into ``S H D C``) or none."""

    trump: int | None

    def trick_tables(self) -> TrickTables:
        return _suit_trick_tables(self.trump)

    def to_json(self) -> ContextJson:
        return {"trump": None if self.trump is None else FRENCH_SUITS[self.trump]}

    def describe(self, seat_name: Callable[[int], str]) -> str:
        return "no trump" if self.trump is None else f"trump: {SUIT_NAMES[FRENCH_SUITS[self.trump]]}"


class SticheRatenFacts(TypedDict):
    """A round's public facts for ``stich check`` (`BiddingRound.report`): the cards each hand
    was dealt, the turned card and the trump suit (None: none)."""

    cards: int
    trump_card: str | None
    trump: str | None


class BiddingRound(Round):
    """A round of bidding then trick play: Stiche-Raten and Wizard."""

    game: Any

    def __init__(
        self,
        game: Game,
        players: Sequence[str],
        dealer: int,
        view: int | None,
        known: Known | None,
        start: str,
    ) -> None:
        super().__init__(game, players, dealer, view, known, start)
        n = game.players
        hands = self.known_hands()
        size = self.known.get("cards")
        sizes = {len(list(iter_cards(h))) for h in hands.values()}
        if len(sizes) > 1:
            raise StichError(f"known.hands: every hand must have the same size, got {sorted(sizes)}")
        if size is None:
            if not sizes:
                raise StichError("known: give the hands or the number of cards per hand (known.cards)")
            size = sizes.pop()
        if not isinstance(size, int) or isinstance(size, bool) or size < 1 or size * n > self.deck.size:
            raise StichError(f"known.cards {size!r} is not a possible hand size for {n} players")
        if sizes and sizes.pop() != size:
            raise StichError(f"known.hands do not hold known.cards = {size} cards each")
        if self.view is None and len(hands) != n:
            raise StichError("an omniscient record (view null) must give every hand in known.hands")
        if self.view is not None and self.view not in hands:
            raise StichError(f"known.hands must give the hand of the view, {self.names[self.view]}")
        self.size = size
        self.round_number = self.known_round()
        for seat in range(n):
            self.hand_size[seat] = size
        for seat, hand in hands.items():
            self.set_hand(seat, hand)
        self.trump: int | None = None
        self.trump_card: Card | None = None
        self.turn_trump()
        self.blind = self.known_blind()
        self.bids: list[int | None] = [None] * n
        self.leader = (self.dealer + 1) % n
        self.phase = "trump" if self.needs_trump_choice() else self.after_trump()
        if start == "tricks":
            self.start_at_tricks()

    def start_at_tricks(self) -> None:
        """A record of the trick play alone: the bids (and a chosen trump) are in ``known``."""
        n = self.game.players
        bids = self.known.get("bids")
        if not self.has_bids():
            if bids is not None:
                raise StichError("known.bids: this round has no bids (option bidding: none)")
            self.phase = "play"
            return
        if not isinstance(bids, list) or len(bids) != n:
            raise StichError(f"known.bids must list the {n} bids by seat for a record starting at tricks")
        for seat, bid in enumerate(bids):
            if not isinstance(bid, int) or isinstance(bid, bool) or not 0 <= bid <= self.size:
                raise StichError(
                    f"known.bids: {self.names[seat]} bid {bid!r}, but bids go from 0 to {self.size}"
                )
        if self.phase == "trump":
            if "trump" not in self.known:
                raise StichError("known.trump: the dealer's trump choice is needed (a wizard was turned)")
            self.trump = parse_suit(self.known["trump"], "known.trump")
        self.bids = list(bids)
        self.phase = "play"

    # -- the round in the game --------------------------------------------------

    def known_round(self) -> int | None:
        """``known.round``, checked against the game: the hand size is what that round deals.

        Without it the hand size must still be one that some round of the game deals.
        """
        sizes = self.game.round_sizes()
        if "round" not in self.known:
            if self.size not in sizes:
                raise StichError(
                    f"the hands hold {self.size} cards each, but no round of {self.game.id} deals "
                    f"{self.size} under its options (its rounds deal {_spans(sizes)})"
                )
            return None
        number = self.known["round"]
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise StichError(f"known.round {number!r} is not a round number (1, 2, ...)")
        expected = self.game.size_of_round(number)
        if expected is None:
            raise StichError(
                f"known.round {number}: {self.game.id} has {len(sizes)} rounds under its options"
            )
        if expected != self.size:
            raise StichError(
                f"known.round {number} deals {expected} cards each under the options, "
                f"but the hands hold {self.size}"
            )
        return number

    def blind_round(self) -> int:
        """The 1-based number of the round bid blind, 0 for none ("Blindrunde")."""
        return int(self.game.options["blind_round"])

    def known_blind(self) -> bool:
        """Whether this round is bid blind: ``known.blind``, which must agree with the options
        and ``known.round``; derived from them when not given."""
        given = self.known.get("blind")
        if "blind" in self.known and not isinstance(given, bool):
            raise StichError(f"known.blind must be true or false, got {given!r}")
        blind_round = self.blind_round()
        if given and not blind_round:
            raise StichError(
                f"known.blind is true, but no round of {self.game.id} is bid blind under its options"
            )
        if blind_round and self.round_number is not None:
            expected = self.round_number == blind_round
            if given is not None and given != expected:
                kind = "the blind round" if expected else f"not the blind round (round {blind_round})"
                raise StichError(
                    f"known.blind is {str(given).lower()}, but round {self.round_number} is {kind}"
                )
            return expected
        if given and self.game.size_of_round(blind_round) != self.size:
            raise StichError(
                f"known.blind is true, but the blind round (round {blind_round}) deals "
                f"{self.game.size_of_round(blind_round)} cards each, not {self.size}"
            )
        return bool(given)

    # -- trump ---------------------------------------------------------------

    def turn_trump(self) -> None:
        """Set the trump from the turned card (none when all cards are dealt).

        "Der Geber deckt die nächste Karte vom Stapel auf": a card is turned whenever one
        is left; "bleibt keine zum Aufdecken" is the only round without a turned card.
        """
        raw = self.known.get("trump_card")
        if self.trump_named():
            self.name_trump(raw)
            return
        undealt = self.deck.size - self.size * self.game.players
        if raw is None:
            if "trump_card" not in self.known and undealt:
                raise StichError("known.trump_card is missing (null only when every card is dealt)")
            if undealt:
                raise StichError(
                    f"known.trump_card is null, but {undealt} cards are not dealt: the next one is "
                    "turned for trump (no card is turned only when every card is dealt)"
                )
            return
        if not undealt:
            raise StichError(f"known.trump_card {raw!r}: every card is dealt, so none can be turned")
        card = self.deck.parse(raw)
        if self.holder(card) is not None:
            raise StichError(f"known.trump_card {self.deck.name_of(card)} is also in a hand")
        self.trump_card = card
        self.gone |= 1 << card
        self.trump = self.trump_of(card)

    def trump_named(self) -> bool:
        """True when the record names the trump (``known.trump``) instead of turning a card."""
        return False

    def name_trump(self, turned: object) -> None:
        """The trump named by ``known.trump``: a suit letter, or null for no trump."""
        if turned is not None:
            raise StichError(
                f"known.trump_card {turned!r}: no card is turned when the trump is named "
                "(option trump: named)"
            )
        if "trump" not in self.known:
            raise StichError("known.trump is missing: name the trump suit (S H D C), or null for no trump")
        self.trump = parse_trump(self.known["trump"], "known.trump")

    def trump_of(self, card: Card) -> int | None:
        """The trump suit a turned card makes."""
        return card // 13

    def needs_trump_choice(self) -> bool:
        """True when the dealer must choose the trump (Wizard: a wizard turned)."""
        return False

    def rules(self) -> TrickRules:
        return suit_rules(self.deck, self.trump)

    def class_name(self, k: int) -> str:
        return SUIT_NAMES[FRENCH_SUITS[k]]

    # -- bidding -------------------------------------------------------------

    def restricted(self) -> bool:
        """Whether the dealer's bid may not make the bids add up to the tricks."""
        return bool(self.game.options["restriction"]) and not self.simultaneous()

    def simultaneous(self) -> bool:
        return bool(self.game.options.get("bidding") == "simultaneous")

    def has_bids(self) -> bool:
        """False when nobody bids and every trick simply scores (option ``bidding: none``)."""
        return bool(self.game.options.get("bidding") != "none")

    def after_trump(self) -> str:
        """The phase that follows the trump: the bids, or the play when there are none."""
        return "bid" if self.has_bids() else "play"

    def bid_order(self) -> list[int]:
        n = self.game.players
        return [(self.dealer + 1 + i) % n for i in range(n)]

    def to_move(self) -> int | None:
        if self.phase == "trump":
            return self.dealer
        if self.phase == "bid":
            return next(s for s in self.bid_order() if self.bids[s] is None)
        if self.phase == "play":
            return self.seat_to_play()
        return None

    def forbidden_bid(self, seat: int) -> int | None:
        """The one bid the dealer may not make, if any."""
        if seat != self.dealer or not self.restricted():
            return None
        others = sum(b for s, b in enumerate(self.bids) if s != seat and b is not None)
        forbidden = self.size - others
        return forbidden if forbidden >= 0 else None

    def legal_events(self) -> list[Event]:
        seat = self.to_move()
        if seat is None:
            return []
        if self.phase == "trump":
            return [{"seat": seat, "trump": s} for s in FRENCH_SUITS]
        if self.phase == "bid":
            forbidden = self.forbidden_bid(seat)
            return [{"seat": seat, "bid": k} for k in range(self.size + 1) if k != forbidden]
        return [*self.play_events(seat)]

    def _apply(self, event: Event) -> None:
        if self.phase == "trump":
            if "trump" not in event:
                raise RuleError(f"the dealer {self.names[self.dealer]} must first choose the trump suit")
            self.event_seat(event, self.dealer)
            self.trump = parse_suit(event["trump"])
            self.phase = self.after_trump()
        elif self.phase == "bid":
            if "bid" not in event:
                raise RuleError("expected a bid")
            self.apply_bid(event)
        elif self.phase == "play":
            if "play" not in event:
                raise RuleError("expected a play")
            seat = self.event_seat(event, self.seat_to_play())
            self.play_card(seat, event["play"])
            if self.trick_full():
                winner = self.computed_winner()
                assert winner is not None
                self.finish_trick(winner)
                if len(self.tricks) == self.size:
                    self.phase = "done"

    def apply_bid(self, event: BidEvent) -> None:
        expected = self.to_move()
        assert expected is not None
        if self.simultaneous() and "seat" in event:
            seat = seat_index(event["seat"], self.names)
            if self.bids[seat] is not None:
                raise RuleError(f"{self.names[seat]} has already bid")
        else:
            seat = self.event_seat(event, expected)
        bid = event["bid"]
        if not isinstance(bid, int) or isinstance(bid, bool) or not 0 <= bid <= self.size:
            raise RuleError(f"{self.names[seat]} bid {bid!r}, but bids go from 0 to {self.size}")
        if bid == self.forbidden_bid(seat):
            raise RuleError(
                f"{self.names[seat]} (dealer) may not bid {bid}: the bids would add up to {self.size} tricks"
            )
        self.bids[seat] = bid
        if all(b is not None for b in self.bids):
            self.phase = "play"

    # -- scoring -------------------------------------------------------------

    def scoring(self) -> str:
        return str(self.game.options["scoring"])

    def result(self) -> RoundResult:
        done = self.is_terminal()
        points = (
            [
                score_bid(b or 0, t, self.scoring(), self.blind) if self.has_bids() else t
                for b, t in zip(self.bids, self.won, strict=True)
            ]
            if done
            else None
        )
        return {"tricks": list(self.won), "bids": list(self.bids), "points": points}

    def report(self) -> SticheRatenFacts:
        """The cards each hand was dealt, the turned card and the trump suit (None: no trump)."""
        return {
            "cards": self.size,
            "trump_card": None if self.trump_card is None else self.deck.name_of(self.trump_card),
            "trump": None if self.trump is None else FRENCH_SUITS[self.trump],
        }

    def seat_figures(self, seat: int) -> dict[str, float]:
        """``bid_hit``: 1 when the seat took exactly the tricks it bid."""
        return {"bid_hit": float(self.bids[seat] == self.won[seat])} if self.is_terminal() else {}

    def observation(self, seat: int) -> Observation:
        view = super().observation(seat)
        view["trump_card"] = None if self.trump_card is None else self.deck.name_of(self.trump_card)
        view["trump"] = None if self.trump is None else FRENCH_SUITS[self.trump]
        view["bids"] = list(self.bids)
        if self.blind and self.phase == "bid":
            view["hand"] = None  # blind round: bids are made before looking
        return view

    # -- the double-dummy solver's view ----------------------------------------

    def position_ready(self) -> bool:
        # Bids change neither the hands nor the trump: the play is settled once the trump is.
        return self.phase in ("bid", "play", "done")

    def play_context(self, secret: object = None) -> PlayContext:
        if secret is not None:
            raise StichError(f"{self.game.id} has no secret to hypothesise (the trump is open)")
        context: PlayContext = self.game.trump_context(self.trump)
        return context

    def solver_objective(self, seat: int) -> ObjectiveJson:
        """Exactly the tricks ``seat`` bid, over the whole round."""
        bid = self.bids[seat]
        if bid is None:
            return super().solver_objective(seat)
        return {"type": "exact", "k": bid, "seat": seat}


class SticheRatenRound(BiddingRound):
    """A round of Stiche-Raten."""

    def trump_named(self) -> bool:
        return bool(self.game.options["trump"] == "named")


def bidding_view_known(known: Known, view: Known, seat: int) -> Known:
    """A bidding game's view also says how many cards each hand holds (the other hands are hidden)."""
    own = own_hand(known.get("hands"), seat)
    if own is not None:
        view["cards"] = len(own)
    return view


class BiddingStanding(Standing):
    """Stiche-Raten's standing: ``extra_round_cards``, the cards each of the extra rounds a tie
    for the win plays (None: no tie)."""

    extra_round_cards: int | None


class BiddingGame(CourseGame, Protocol):
    """What the whole game of Stiche-Raten and Wizard asks of the game."""

    def round_sizes(self) -> list[int]: ...

    def size_of_round(self, number: int) -> int | None: ...

    def deal(
        self, rng: random.Random, dealer: int, cards: int | None = None, round_number: int | None = None
    ) -> Known: ...

    def standing(self, totals: Sequence[int]) -> Standing: ...


B = TypeVar("B", bound=BiddingGame, covariant=True)


class BiddingCourse(Course[B]):
    """Stiche-Raten and Wizard: round r deals the r-th size of the game's sequence; the deal
    passes to the left, the last seat dealing first."""

    def number(self) -> int:
        return self.rounds + 1

    def size(self) -> int | None:
        return self.game.size_of_round(self.number())

    def facts(self) -> Known:
        return {"cards": self.size(), "round": self.number()}

    def hand_size(self, seat: int) -> int | None:
        return self.size()

    def deal(self, rng: random.Random) -> Known:
        return self._deal(rng, self.dealer, self.number())

    def round_deal(self, rng: random.Random, number: int) -> Known:
        return self._deal(rng, self.dealer, number)

    def _deal(self, rng: random.Random, dealer: int, number: int) -> Known:
        return self.game.deal(rng, dealer, self.game.size_of_round(number), number)

    def series_deal(self, rng: random.Random, number: int) -> tuple[int, Known]:
        """Round ``number`` (0 first) of the round sequence, which starts again after its last."""
        dealer = (self.series_start() + number) % self.game.players
        return dealer, self._deal(rng, dealer, number % len(self.game.round_sizes()) + 1)

    def settle(self, state: FinishedRound) -> None:
        if self.rounds >= len(self.game.round_sizes()):
            self.standing = self.game.standing(self.totals)

    def describe_next(self) -> str:
        count = len(self.game.round_sizes())
        extra = " (extra round to break the tie)" if self.number() > count else ""
        size = self.size()
        cards = f"{size} card{'s' if size != 1 else ''} each"
        return f"round {self.number()} of {count}, {cards}{extra}"


def _theme_rules(context: Mapping[str, Any]) -> TrickRules:
    trump = context["trump"]
    return suit_rules(FRENCH, None if trump is None else FRENCH_SUITS.index(trump))


# Endgame puzzles (games.endgames): take exactly k tricks (a bid to make), or North and South
# take t tricks.
ENDGAME_THEMES = (
    Theme("exact", "stiche-raten", FRENCH, french_trump, _theme_rules, french_setting, exact_objectives),
    Theme(
        "partnership",
        "stiche-raten",
        FRENCH,
        french_trump,
        _theme_rules,
        french_setting,
        tricks_objectives,
        teams=((0, 2), (1, 3)),
    ),
)


class SticheRaten(Game):
    """Stiche-Raten (Oh Hell!) with every variant of the rulebook."""

    id = "stiche-raten"
    endgame_themes = ENDGAME_THEMES
    round_class = SticheRatenRound
    has_bids = True
    title = "Stiche-Raten (Oh Hell!)"
    player_counts = (3, 4, 5, 6, 7)
    starts = ("deal", "tricks")
    option_specs = (
        Option("first_round", 0, "cards per hand in the first round; 0 = floor(51 / players)"),
        Option(
            "sequence",
            "down-up",
            "round sizes: down to 1 and up again, only up, only down, or constant",
            ("down-up", "down", "up", "constant"),
        ),
        Option("rounds", 0, "number of rounds for the constant sequence; 0 = the first round's size"),
        Option("restriction", True, "the dealer may not bid so that the bids add up to the tricks"),
        Option(
            "scoring",
            "standard",
            "standard; strict ('Blackout'): 10 + bid or nothing; "
            "minus: a miss costs 1 per trick over or under",
            ("standard", "strict", "minus"),
        ),
        Option("blind_round", 0, "1-based number of the round bid blind (hit scores double); 0 = none"),
        Option(
            "bidding",
            "sequential",
            "sequential from the dealer's left, simultaneous (no restriction), or none "
            "(no bids: each trick scores 1, as in Whist; a bridge board's play)",
            ("sequential", "simultaneous", "none"),
        ),
        Option(
            "trump",
            "turned",
            "turned: the next card of the stock names the trump; named: the record names it in "
            "known.trump (a suit or null), as a bridge contract's strain does",
            ("turned", "named"),
        ),
    )

    @property
    def deck(self) -> Deck:
        return FRENCH

    def view_known(self, known: Known, seat: int, dealer: int, start: str) -> Known:
        return bidding_view_known(known, super().view_known(known, seat, dealer, start), seat)

    def check_options(self) -> None:
        first = self.options["first_round"]
        if first < 0 or first * self.players > 52:
            raise StichError(
                f"option 'first_round' {first} does not fit 52 cards among {self.players} players"
            )
        if not 0 <= self.options["rounds"] <= MAX_ROUNDS:
            raise StichError(f"option 'rounds' must be 0 to {MAX_ROUNDS}")
        blind = self.options["blind_round"]
        if not 0 <= blind <= len(self.round_sizes()):
            raise StichError(f"option 'blind_round' {blind}: the game has {len(self.round_sizes())} rounds")
        if blind and self.options["bidding"] == "none":
            raise StichError("option 'blind_round' needs bids, but the option bidding is none")

    def first_round(self) -> int:
        return int(self.options["first_round"]) or 51 // self.players

    def round_sizes(self) -> list[int]:
        """Cards per hand in each round, in order."""
        return round_sizes(self.first_round(), self.options["sequence"], self.options["rounds"] or None)

    def points_model(self) -> str | None:
        """Round points are modelled with the standard scoring and bids made in turn."""
        if self.options["scoring"] != "standard" or self.options["bidding"] != "sequential":
            return None
        return f"{self.id}/{self.players}"

    def course(self, dealer: int | None = None) -> BiddingCourse[SticheRaten]:
        return BiddingCourse(self, dealer)

    def size_of_round(self, number: int) -> int:
        """Cards per hand in round ``number``; after the last, the extra rounds that break a
        tie ("weitere Runden mit der höchsten Kartenzahl")."""
        sizes = self.round_sizes()
        return sizes[number - 1] if number <= len(sizes) else max(sizes)

    def deal(
        self, rng: random.Random, dealer: int, cards: int | None = None, round_number: int | None = None
    ) -> Known:
        """A random omniscient ``known`` block for round ``round_number`` (default 1), or for a
        round of ``cards`` cards each (its number left out: several rounds may deal as many)."""
        if cards is None and round_number is None:
            round_number = 1
        size = cards if cards is not None else self.size_of_round(round_number or 1)
        order = list(range(self.deck.size))
        rng.shuffle(order)
        n = self.players
        hands = {str((dealer + 1 + i) % n): sorted(order[i * size : (i + 1) * size]) for i in range(n)}
        stock = order[n * size :]
        known: Known = {
            "hands": {seat: self.deck.names(cards_) for seat, cards_ in sorted(hands.items())},
            "cards": size,
        }
        if round_number is not None:
            known["round"] = round_number
            known["blind"] = self.options["blind_round"] == round_number
        if self.options["trump"] == "named":
            named = rng.choice([*FRENCH_SUITS, None])
            known["trump"] = named
        else:
            known["trump_card"] = self.deck.name_of(stock[0]) if stock else None
        return known

    def standing(self, totals: Sequence[int]) -> BiddingStanding:
        """Winners after the last round: most points; a tie plays extra rounds of the largest size."""
        best = max(totals)
        leaders = [s for s, t in enumerate(totals) if t == best]
        return {
            "ended": len(leaders) == 1,
            "winners": leaders,
            "extra_round_cards": None if len(leaders) == 1 else max(self.round_sizes()),
        }

    # -- the double-dummy solver's view ----------------------------------------

    position_fields: ClassVar[Mapping[str, Any]] = {
        "properties": {"trump": {"type": ["string", "null"]}},
        "required": ["trump"],
    }
    table_trumps: ClassVar[tuple[str | None, ...]] = (*FRENCH_SUITS, None)

    def trump_context(self, trump: int | None) -> SuitContext:
        """The trick play with ``trump`` (a suit index, or None for no trump)."""
        return SuitContext(trump)

    def parse_play_context(self, fields: Mapping[str, Any], hands: Sequence[CardSet]) -> PlayContext:
        return self.trump_context(parse_trump(fields["trump"]))

    def seat_labels(self, teams: Sequence[Sequence[int]] | None) -> str | None:
        """North, East, South, West for a bridge-shaped position: four seats in partnerships 0-2, 1-3."""
        shape = sorted(sorted(team) for team in teams) if teams is not None else None
        return "NESW" if self.players == 4 and shape == [[0, 2], [1, 3]] else None


GAME = SticheRaten
