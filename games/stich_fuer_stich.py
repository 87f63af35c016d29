"""Stich für Stich: the confidant's hidden culprit and weapon are the trumps.

Rulebook: Stich für Stich (M. W. Leon, Zoch 2023). 3-4 players; 52 cards show one of 4
suspects, one of 7 weapons and a number 1-13, and 3 phantoms show number 0. The
confidant gets 10 cards, each sleuth 7, the rest is set aside unseen. Nobody has to
follow. After each of the 7 tricks the confidant announces the winner (never why),
then every sleuth who has not yet solved the case hands in a culprit and a weapon
and hears "case solved" or "false suspicion". Decisions where the rulebook is silent
are in ``docs/rules-stich-fuer-stich.md``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from stich.games.base import Event, Game, Option, Round, most_points_win, seat_index
from stich.games.cards import Card, CardSet, Deck, iter_cards, popcount
from stich.games.course import Course, FinishedRound, PointsStanding
from stich.games.endgames import SEATS, SOUTH, Theme, exact_objectives
from stich.games.errors import RuleError, StichError
from stich.games.events import event_from
from stich.games.faces import WHITE, Face
from stich.games.jsonfile import printable, read_json
from stich.games.reports import Known, ObjectiveJson, Observation, RoundCheck, RoundResult
from stich.games.secret import (
    Clue,
    CpSatBuild,
    DeductionPuzzleKind,
    HypothesisSpace,
    InformationChoice,
    Value,
)
from stich.games.trick import TrickRules, trick_winner
from stich.games.trick_tables import ContextJson, PlayContext, TrickTables

if TYPE_CHECKING:  # CP-SAT is a cross-check of the deducer, imported where it runs
    from ortools.sat.python import cp_model

__all__ = [
    "GAME",
    "STICH_FUER_STICH",
    "CaseSpace",
    "StichFuerStich",
    "StichFuerStichRound",
    "StichFuerStichContext",
    "SFS_DECK",
    "SUSPECTS",
    "WEAPONS",
    "PHANTOMS",
    "TRICKS",
    "HYPOTHESES",
    "DECK_FORMAT",
    "WeaponLayout",
    "DEFAULT_WEAPONS",
    "card_of",
    "suspect_of",
    "number_of",
    "weapon_of",
    "is_phantom",
    "parse_suspect",
    "parse_weapon",
    "parse_secret",
    "secret_json",
    "check_weapons",
    "parse_deck",
    "load_deck",
    "sfs_rules",
    "sfs_space",
    "sleuth_points",
    "confidant_points",
    "StichFuerStichCourse",
]

SUSPECTS = ("influencer", "hairdresser", "gardener", "mechanic")
INITIALS = "IHGM"
WEAPONS = ("revolver", "statue", "spade", "knife", "pillow", "poison", "ax")
WEAPON_ALIASES = {"axe": WEAPONS.index("ax")}
NUMBERS = 13
SUSPECT_CARDS = len(SUSPECTS) * NUMBERS  # 52
PHANTOMS = 3
TRICKS = 7
CONFIDANT_CARDS = 10
SLEUTH_CARDS = 7
HYPOTHESES = len(SUSPECTS) * len(WEAPONS)  # 28 culprit-weapon pairs
DECK_FORMAT = "stich-fuer-stich-deck/1"
DECK_FILE_LIMIT = 1_000_000  # bytes: a deck file is about 2 kB

_SUSPECT_COLOURS = {"I": "#8e24aa", "H": "#d84315", "G": "#2e7d32", "M": "#37474f"}


def _face(code: str) -> Face:
    """A suspect's colour with the number and weapon (the default layout's), or a phantom."""
    card = SFS_DECK.parse(code)
    if is_phantom(card):
        return Face("#9e9e9e", WHITE, "0", "phantom")
    weapon = weapon_of(card)
    return Face(_SUSPECT_COLOURS[code[0]], WHITE, code[1:], f"{code[0]} {WEAPONS[weapon or 0]}")


# Card (s, n) has index s * 13 + n - 1; the phantoms P1 P2 P3 are 52, 53, 54.
SFS_DECK = Deck(
    "stich-fuer-stich",
    [INITIALS[s] + str(n) for s in range(len(SUSPECTS)) for n in range(1, NUMBERS + 1)]
    + [f"P{i}" for i in range(1, PHANTOMS + 1)],
    suits=dict(zip(INITIALS, SUSPECTS, strict=True)),
    faces=_face,
    colour_coded=True,
)

WeaponLayout: TypeAlias = tuple[int, ...]
"""The weapon index shown by each of the 52 suspect cards, by card index."""

# The real layout is not public; (n + 2s) mod 7 gives every weapon distinct numbers:
# two cards of one number differ in suspect s, and 2s mod 7 differs for s = 0..3.
DEFAULT_WEAPONS: WeaponLayout = tuple(
    (n + 2 * s) % len(WEAPONS) for s in range(len(SUSPECTS)) for n in range(1, NUMBERS + 1)
)


def card_of(suspect: int, number: int) -> Card:
    """The card of ``suspect`` with ``number`` (1-13)."""
    return suspect * NUMBERS + number - 1


def is_phantom(card: Card) -> bool:
    """True for P1, P2, P3."""
    return card >= SUSPECT_CARDS


def suspect_of(card: Card) -> int | None:
    """The suspect a card shows (None for a phantom)."""
    return None if is_phantom(card) else card // NUMBERS


def number_of(card: Card) -> int:
    """The number on a card: 1-13, phantoms 0."""
    return 0 if is_phantom(card) else card % NUMBERS + 1


def weapon_of(card: Card, deck: WeaponLayout = DEFAULT_WEAPONS) -> int | None:
    """The weapon a card shows (None for a phantom)."""
    return None if is_phantom(card) else deck[card]


def _lookup(text: object, names: Sequence[str], extra: Mapping[str, int], what: str, hint: str) -> int:
    if isinstance(text, str):
        key = text.strip().lower()
        if key in names:
            return names.index(key)
        if key in extra:
            return extra[key]
    raise StichError(f"unknown {what} {text!r} ({hint})")


def parse_suspect(text: object) -> int:
    """A suspect index from its name or initial, case-insensitively."""
    initials = {i.lower(): s for s, i in enumerate(INITIALS)}
    hint = "suspects: " + ", ".join(SUSPECTS) + ", or their initials " + " ".join(INITIALS)
    return _lookup(text, SUSPECTS, initials, "suspect", hint)


def parse_weapon(text: object) -> int:
    """A weapon index from its name, case-insensitively."""
    return _lookup(text, WEAPONS, WEAPON_ALIASES, "weapon", "weapons: " + ", ".join(WEAPONS))


def parse_secret(value: object, what: str = "known.secret") -> tuple[int, int]:
    """A (culprit, weapon) pair from ``{"culprit": ..., "weapon": ...}`` or ``[culprit, weapon]``."""
    if isinstance(value, Mapping) and set(value) == {"culprit", "weapon"}:
        return parse_suspect(value["culprit"]), parse_weapon(value["weapon"])
    if isinstance(value, list | tuple) and len(value) == 2:
        return parse_suspect(value[0]), parse_weapon(value[1])
    raise StichError(
        f'{what} {value!r} must name a culprit and a weapon, e.g. ["gardener", "knife"] '
        'or {"culprit": "gardener", "weapon": "knife"}'
    )


def secret_json(secret: tuple[int, int]) -> dict[str, str]:
    """A (culprit, weapon) pair as the record writes it."""
    return {"culprit": SUSPECTS[secret[0]], "weapon": WEAPONS[secret[1]]}


def _pair_text(pair: tuple[int, int]) -> str:
    return f"{SUSPECTS[pair[0]]}/{WEAPONS[pair[1]]}"


# -- deck files ------------------------------------------------------------------


def check_weapons(weapons: Sequence[int], where: str = "deck") -> WeaponLayout:
    """The layout if it keeps the trump rules, else a `StichError` naming the offending cards.

    Trump rule 5: "There are no trump cards (except for the phantom cards) with the
    same number" — so no two cards that show the same weapon may carry the same
    number. Two cards of one suspect never share a number by construction.
    """
    if len(weapons) != SUSPECT_CARDS or not all(
        isinstance(w, int) and 0 <= w < len(WEAPONS) for w in weapons
    ):
        raise StichError(f"{where}: a layout gives one weapon 0-6 to each of the {SUSPECT_CARDS} cards")
    clashes: list[str] = []
    for weapon in range(len(WEAPONS)):
        by_number: dict[int, list[str]] = {}
        for card, shown in enumerate(weapons):
            if shown == weapon:
                by_number.setdefault(number_of(card), []).append(SFS_DECK.name_of(card))
        clashes += [
            f"{' and '.join(cards)} ({WEAPONS[weapon]} {n})"
            for n, cards in by_number.items()
            if len(cards) > 1
        ]
    if clashes:
        raise StichError(
            f"{where}: no two cards of one weapon may share a number (trump rule 5), "
            f"but these do: {', '.join(clashes)}"
        )
    return tuple(weapons)


def parse_deck(data: object, where: str = "deck") -> WeaponLayout:
    """A weapon layout from a deck object ``{"format": "stich-fuer-stich-deck/1", "cards": {...}}``."""
    if not isinstance(data, Mapping):
        raise StichError(f"{where}: a deck must be a JSON object with 'format' and 'cards'")
    if data.get("format") != DECK_FORMAT:
        raise StichError(f"{where}: 'format' must be {DECK_FORMAT!r}, got {data.get('format')!r}")
    cards = data.get("cards")
    if not isinstance(cards, Mapping):
        raise StichError(f'{where}: \'cards\' must be an object of card → weapon, e.g. {{"I1": "statue"}}')
    weapons: list[int | None] = [None] * SUSPECT_CARDS
    for name, shown in cards.items():
        try:
            card = SFS_DECK.parse(name)
        except StichError:
            raise StichError(
                f"{where}: unknown card {name!r} (cards are I1-I13, H1-H13, G1-G13, M1-M13)"
            ) from None
        code = SFS_DECK.name_of(card)
        if is_phantom(card):
            raise StichError(f"{where}: {code} is a phantom and shows no weapon; leave it out")
        if weapons[card] is not None:
            raise StichError(f"{where}: card {code} is given twice")
        try:
            weapons[card] = parse_weapon(shown)
        except StichError as exc:
            raise StichError(f"{where}: card {code}: {exc}") from None
    missing = [SFS_DECK.name_of(c) for c, w in enumerate(weapons) if w is None]
    if missing:
        raise StichError(
            f"{where}: {len(missing)} cards have no weapon ({', '.join(missing[:8])}"
            f"{', ...' if len(missing) > 8 else ''}); give all {SUSPECT_CARDS} suspect cards"
        )
    return check_weapons([w for w in weapons if w is not None], where)


def load_deck(source: str | Mapping[str, Any]) -> WeaponLayout:
    """A weapon layout from a deck file path, or from the file's object given inline."""
    if not isinstance(source, str):
        return parse_deck(source, "option 'deck'")
    where = f"deck file {printable(source)}"
    data = read_json(source, where, limit=DECK_FILE_LIMIT)
    return parse_deck(data, where)


# -- the trick algebra -----------------------------------------------------------------

# Trump power bands (rule 2): full trump > weapon trump > culprit trump > non-trump;
# inside a band the number decides (rule 3), phantoms sit at number 0 (rule 4).
_CULPRIT_BAND = 1
_WEAPON_BAND = _CULPRIT_BAND + NUMBERS + 1
_FULL_BAND = _WEAPON_BAND + NUMBERS + 1


@cache
def sfs_rules(culprit: int, weapon: int, deck: WeaponLayout = DEFAULT_WEAPONS) -> TrickRules:
    """The trick tables when ``culprit`` and ``weapon`` are the trumps.

    No card must be followed and all cards share one class, so a trick without trumps
    goes to the highest number; every tie goes to the card played first (rule 5).
    """
    if not (0 <= culprit < len(SUSPECTS) and 0 <= weapon < len(WEAPONS)):
        raise StichError(f"no such culprit {culprit} and weapon {weapon}")
    size = SFS_DECK.size
    power = []
    for card in range(size):
        n = number_of(card)
        is_culprit = is_phantom(card) or suspect_of(card) == culprit
        is_weapon = not is_phantom(card) and deck[card] == weapon
        if is_culprit and is_weapon:
            power.append(_FULL_BAND + n)
        elif is_weapon:
            power.append(_WEAPON_BAND + n)
        elif is_culprit:
            power.append(_CULPRIT_BAND + n)
        else:
            power.append(0)
    return TrickRules(
        cls=(0,) * size,
        trump_power=tuple(power),
        lead_power=tuple(number_of(card) for card in range(size)),
        must_follow=False,
    )


@cache
def _trick_tables(culprit: int, weapon: int, weapons: WeaponLayout) -> TrickTables:
    # The four suspects, then the three phantoms: equal numbers are never collapsed across them.
    blocks = (*(((1 << NUMBERS) - 1) << (NUMBERS * s) for s in range(len(SUSPECTS))), 0b111 << SUSPECT_CARDS)
    return TrickTables((sfs_rules(culprit, weapon, weapons),), 0, 0, {}, blocks)


@dataclass(frozen=True)
class StichFuerStichContext(PlayContext):
    """The trick play of Stich für Stich: culprit and weapon (the trumps), the weapon layout, and
    the confidant, who holds 3 cards more than the sleuths."""

    culprit: int
    weapon: int
    weapons: WeaponLayout
    confidant: int

    def trick_tables(self) -> TrickTables:
        return _trick_tables(self.culprit, self.weapon, self.weapons)

    def to_json(self) -> ContextJson:
        return {"secret": secret_json((self.culprit, self.weapon)), "confidant": self.confidant}

    def describe(self, seat_name: Callable[[int], str]) -> str:
        return (
            f"culprit {SUSPECTS[self.culprit]}, weapon {WEAPONS[self.weapon]};"
            f" confidant {seat_name(self.confidant)}"
        )

    @property
    def extra_cards(self) -> Mapping[int, int]:
        return {self.confidant: CONFIDANT_CARDS - SLEUTH_CARDS}


def _hypothesis(pair: tuple[int, int]) -> int:
    return pair[0] * len(WEAPONS) + pair[1]


def _pair(hypothesis: int) -> tuple[int, int]:
    culprit, weapon = divmod(hypothesis, len(WEAPONS))
    return culprit, weapon


ALL_HYPOTHESES: int = (1 << HYPOTHESES) - 1


# -- the secret as the deducer reads it (games.secret) ------------------------------------


def _strength(card: Card, culprit: Value, weapon: Value, weapons: WeaponLayout) -> tuple[int, int]:
    """The ranking as the python-constraint model codes it, from trump rules 1-4 apart from
    `sfs_rules`: full > weapon > culprit trumps (phantoms: culprit, 0) > non-trumps; inside each
    kind the number."""
    if is_phantom(card):
        return 1, 0
    is_culprit = SUSPECTS[suspect_of(card) or 0] == culprit
    is_weapon = WEAPONS[weapons[card]] == weapon
    return 2 * is_weapon + is_culprit, number_of(card)


@dataclass(frozen=True)
class CaseSpace(HypothesisSpace):
    """The culprit and the weapon, under a deck's weapon layout."""

    weapons: WeaponLayout = DEFAULT_WEAPONS  # the weapon on each card

    @property
    def each_name(self) -> str:
        return "culprit-weapon pairs"

    def card_note(self, card: Card) -> str | None:
        weapon = weapon_of(card, self.weapons)
        return "phantom" if weapon is None else WEAPONS[weapon]

    @property
    def deck(self) -> Deck:
        return SFS_DECK

    def hypothesis_rules(self, i: int, j: int) -> TrickRules:
        return sfs_rules(i, j, self.weapons)

    def strength(self, card: Card, first: Card, a: Value, b: Value) -> tuple[int, int]:
        return _strength(card, a, b, self.weapons)

    def variable_names(self) -> tuple[list[str], list[str]]:
        return [f"culprit_{v}" for v in self.values[0]], [f"weapon_{v}" for v in self.values[1]]

    def cp_strengths(self, built: CpSatBuild, cards: Sequence[Card], index: int) -> list[cp_model.LinearExpr]:
        from ortools.sat.python import cp_model

        keys: list[cp_model.LinearExpr] = []
        for card in cards:
            if is_phantom(card):
                # Trump rule 4: a phantom is a culprit trump with number 0.
                keys.append(cp_model.LinearExpr.constant(14))
                continue
            culprit = built.first[suspect_of(card) or 0]
            weapon = built.second[weapon_of(card, self.weapons) or 0]
            # Kind full 3 = weapon 2 + culprit 1 (rule 2), then the number (rule 3).
            keys.append(14 * (2 * weapon + culprit) + number_of(card))
        return keys


STICH_FUER_STICH = CaseSpace(
    "stich-fuer-stich", "culprit and weapon", ("culprit", "weapon"), (SUSPECTS, WEAPONS), (SUSPECTS, WEAPONS)
)


def sfs_space(weapons: WeaponLayout = DEFAULT_WEAPONS) -> CaseSpace:
    """The space of the culprit and weapon for a deck's weapon layout."""
    if weapons == DEFAULT_WEAPONS:
        return STICH_FUER_STICH
    return CaseSpace(
        "stich-fuer-stich",
        "culprit and weapon",
        ("culprit", "weapon"),
        (SUSPECTS, WEAPONS),
        (SUSPECTS, WEAPONS),
        weapons,
    )


# -- investigation points --------------------------------------------------------------


def sleuth_points(trick: int | None) -> int:
    """A sleuth's investigation points for solving in the search of ``trick`` (1-7).

    "The number of points corresponds to the number of his own hand cards +1": after
    trick t a sleuth holds 7 - t cards. Never solved: 0.
    """
    return 0 if trick is None else SLEUTH_CARDS - trick + 1


def confidant_points(solved_at: Sequence[int | None], finished: bool = True) -> int | None:
    """The confidant's investigation points from the sleuths' solving tricks.

    The trick in whose search the last sleuth solved; 8 if some sleuth has not solved
    after the 7th trick. None while it is not decided yet (``finished`` False).
    """
    if all(t is not None for t in solved_at):
        return max((t for t in solved_at if t is not None), default=0)
    return TRICKS + 1 if finished else None


# -- a round ---------------------------------------------------------------------------


def _parse_answer(event: Event, name: str) -> bool | None:
    """The answer a guess event gives: True for "solved", False for "false", None if absent."""
    answers: list[bool] = []
    if "answer" in event:
        raw = event["answer"]
        text = raw.strip().lower() if isinstance(raw, str) else raw
        if text == "solved":
            answers.append(True)
        elif text == "false":
            answers.append(False)
        else:
            raise StichError(f"{name}'s answer {raw!r} must be 'solved' or 'false'")
    if "solved" in event:
        if not isinstance(event["solved"], bool):
            raise StichError(f"{name}'s 'solved' must be true or false, got {event['solved']!r}")
        answers.append(event["solved"])
    if len(set(answers)) > 1:
        raise StichError(f"{name}'s guess is both answered 'solved' and 'false'")
    return answers[0] if answers else None


class StichFuerStichRound(Round):
    """One criminal case: 7 tricks, each followed by the winner's announcement and a search."""

    game: StichFuerStich
    _fixed: ClassVar[frozenset[str]] = Round._fixed | {"weapons"}

    def __init__(
        self,
        game: StichFuerStich,
        players: Sequence[str],
        dealer: int,
        view: int | None,
        known: Known | None,
        start: str,
    ) -> None:
        super().__init__(game, players, dealer, view, known, start)
        n = game.players
        self.weapons: WeaponLayout = game.weapons
        self.confidant = self.dealer
        if self.known.get("confidant") is not None:
            named = seat_index(self.known["confidant"], self.names, "known.confidant")
            if named != self.dealer:
                raise StichError(
                    f"known.confidant {self.names[named]} differs from the record's dealer "
                    f"{self.names[self.dealer]}: the dealer field is the confidant"
                )
        self.sleuths = [(self.confidant + i) % n for i in range(1, n)]

        # Hands: confidant 10 cards, sleuths 7 each, the rest set aside unseen.
        hands = self.known_hands()
        if self.view is None and len(hands) != n:
            raise StichError("an omniscient record (view null) must give every hand in known.hands")
        if self.view is not None and self.view not in hands:
            raise StichError(f"known.hands must give the hand of the view, {self.names[self.view]}")
        for seat in range(n):
            self.hand_size[seat] = self.cards_dealt(seat)
        for seat, hand in hands.items():
            if popcount(hand) != self.cards_dealt(seat):
                role = "the confidant" if seat == self.confidant else "a sleuth"
                raise StichError(
                    f"known.hands: {self.names[seat]} is {role} and gets {self.cards_dealt(seat)} cards, "
                    f"not {popcount(hand)}"
                )
            self.set_hand(seat, hand)

        # The secret: the confidant's tiles, known to an omniscient or confidant view.
        raw = self.known.get("secret")
        self.secret: tuple[int, int] | None = None if raw is None else parse_secret(raw)
        if self.secret is None and (self.view is None or self.view == self.confidant):
            who = "an omniscient record" if self.view is None else "the confidant's record"
            raise StichError(
                f'{who} must give known.secret, e.g. {{"culprit": "gardener", "weapon": "knife"}}'
            )
        # Culprit-weapon pairs (bit culprit * 7 + weapon) that fit what the view has seen.
        self.possible: int = ALL_HYPOTHESES if self.secret is None else 1 << _hypothesis(self.secret)

        self.solved_at: list[int | None] = [None] * n
        self.guessed: list[int] = []  # sleuths who have guessed in the current search
        self.guesses: list[dict[str, Any]] = []  # every guess: trick, seat, pair (or None), solved
        self.leader = self.sleuths[0]  # the player left of the confidant leads the first trick
        self.phase = "play"

    def cards_dealt(self, seat: int) -> int:
        """Cards ``seat`` gets at the deal."""
        return CONFIDANT_CARDS if seat == self.confidant else SLEUTH_CARDS

    def rules(self) -> TrickRules | None:
        if self.secret is None:
            return None
        return sfs_rules(*self.secret, self.weapons)

    def class_name(self, k: int) -> str:
        return "any card"

    def trick_number(self) -> int:
        """The trick being played, announced or searched after (1-7)."""
        return len(self.tricks) + (0 if self.phase == "search" else 1)

    # -- whose turn ------------------------------------------------------------

    def guessers_left(self) -> list[int]:
        """Sleuths still to guess in this search, in order from the confidant's left."""
        return [s for s in self.sleuths if self.solved_at[s] is None and s not in self.guessed]

    def to_move(self) -> int | None:
        if self.phase == "play":
            return self.seat_to_play()
        if self.phase == "winner":
            return self.confidant
        if self.phase == "search":
            return self.guessers_left()[0]
        return None

    def winners_possible(self) -> dict[int, int]:
        """Seat → the still possible pairs (as a bit mask) under which it wins the full trick."""
        result: dict[int, int] = {}
        for h in range(HYPOTHESES):
            if self.possible >> h & 1:
                rules = sfs_rules(*_pair(h), self.weapons)
                seat = self.trick_seats[trick_winner(rules, self.trick_cards)]
                result[seat] = result.get(seat, 0) | 1 << h
        return result

    def sees_guess(self, seat: int) -> bool:
        """Whether the view sees the tiles ``seat`` hands in (its own, or all for the confidant)."""
        return self.view is None or self.view == seat or self.view == self.confidant

    def legal_events(self) -> list[Event]:
        seat = self.to_move()
        if seat is None:
            return []
        if self.phase == "play":
            return [*self.play_events(seat)]
        if self.phase == "winner":
            return [{"winner": w} for w in sorted(self.winners_possible())]
        if not self.sees_guess(seat):
            return [{"seat": seat, "solved": True}, {"seat": seat, "solved": False}]
        events: list[Event] = []
        for h in range(HYPOTHESES):
            guess = [SUSPECTS[h // len(WEAPONS)], WEAPONS[h % len(WEAPONS)]]
            if self.possible >> h & 1:
                events.append({"seat": seat, "guess": guess, "answer": "solved"})
            if self.possible & ~(1 << h):
                events.append({"seat": seat, "guess": guess, "answer": "false"})
        return events

    # -- events ----------------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        if self.phase == "winner" and "winner" not in event and self.secret is not None:
            # The view knows the trumps: a left-out announcement is implied.
            winner = self.computed_winner()
            assert winner is not None
            self.close_trick(winner)
        if self.phase == "play":
            self.apply_play(event)
        elif self.phase == "winner":
            self.apply_winner(event)
        elif self.phase == "search":
            self.apply_guess(event)

    def apply_play(self, event: Event) -> None:
        seat = self.seat_to_play()
        if "play" not in event:
            raise RuleError(f"trick {self.trick_number()} is not complete: {self.names[seat]} plays next")
        seat = self.event_seat(event, seat)
        self.play_card(seat, event["play"])
        if self.trick_full():
            self.phase = "winner"

    def apply_winner(self, event: Event) -> None:
        confidant = f"{self.names[self.confidant]} (confidant)"
        t = self.trick_number()
        if "winner" not in event:
            raise RuleError(f"{confidant} must first announce who wins trick {t}")
        if "seat" in event and seat_index(event["seat"], self.names) != self.confidant:
            raise RuleError(f"only {confidant} announces who wins trick {t}")
        winner = seat_index(event["winner"], self.names, "winner")
        if winner not in self.trick_seats:
            raise RuleError(
                f"{confidant} announced {self.names[winner]} for trick {t}, who did not play to it"
            )
        card = self.deck.name_of(self.trick_cards[self.trick_seats.index(winner)])
        if self.secret is not None:
            true = self.computed_winner()
            assert true is not None
            if winner != true:
                true_card = self.deck.name_of(self.trick_cards[self.trick_seats.index(true)])
                raise RuleError(
                    f"{confidant} announced {self.names[winner]} for trick {t}, "
                    f"but {self.names[true]}'s {true_card} wins it"
                )
        else:
            fits = self.winners_possible().get(winner, 0)
            if not fits:
                anywhere = any(
                    self.trick_seats[trick_winner(sfs_rules(*_pair(h), self.weapons), self.trick_cards)]
                    == winner
                    for h in range(HYPOTHESES)
                )
                why = (
                    "no culprit and weapon fits this and the earlier announcements and answers"
                    if anywhere
                    else "no culprit and weapon lets that card win"
                )
                raise RuleError(
                    f"{confidant} announced {self.names[winner]} ({card}) for trick {t}, but {why}"
                )
            self.possible = fits
        self.close_trick(winner)

    def close_trick(self, winner: int) -> None:
        """Finish the trick; the search follows unless every sleuth has solved."""
        self.finish_trick(winner)
        self.guessed = []
        if self.guessers_left():
            self.phase = "search"
        else:
            self.end_search()

    def end_search(self) -> None:
        self.phase = "done" if len(self.tricks) == TRICKS else "play"

    def apply_guess(self, event: Event) -> None:
        t = self.trick_number()
        expected = self.guessers_left()[0]
        if "play" in event or "winner" in event:
            raise RuleError(f"the search after trick {t} is not over: {self.names[expected]} guesses next")
        seat = expected if "seat" not in event else seat_index(event["seat"], self.names)
        name = self.names[seat]
        if seat == self.confidant:
            raise RuleError(f"{name} is the confidant and does not guess")
        solved = self.solved_at[seat]
        if solved is not None:
            raise RuleError(f"{name} already solved the case in trick {solved} and no longer guesses")
        if seat in self.guessed:
            raise RuleError(f"{name} has already guessed in the search after trick {t}")
        if seat != expected:
            raise RuleError(f"it is {self.names[expected]}'s turn to guess, not {name}'s")
        pair = parse_secret(event["guess"], f"{name}'s guess") if "guess" in event else None
        answer = _parse_answer(event, name)
        if pair is None:
            if answer is None:
                raise RuleError(
                    f'{name}\'s guess needs "guess" and "answer" (e.g. ["gardener", "knife"], "false") '
                    'or the outcome "solved": true/false'
                )
            if self.sees_guess(seat):
                whose = "every guess" if self.view is None else f"{name}'s guess"
                raise RuleError(f'the record sees {whose}: give "guess": [culprit, weapon] with the answer')
        elif self.secret is not None:
            truth = pair == self.secret
            if answer is not None and answer != truth:
                said, right = ("solved", "false") if answer else ("false", "solved")
                raise RuleError(
                    f"{self.names[self.confidant]} (confidant) answered {name}'s guess {_pair_text(pair)} "
                    f"with '{said}', but it is '{right}'"
                )
            answer = truth
        elif answer is None:
            raise RuleError(f"{name}'s guess {_pair_text(pair)} needs the answer: 'solved' or 'false'")
        else:
            self.learn(name, pair, answer)
        assert answer is not None
        self.guesses.append({"trick": t, "seat": seat, "guess": pair, "solved": answer})
        self.guessed.append(seat)
        if answer:
            self.solved_at[seat] = t
        if not self.guessers_left():
            self.end_search()

    def learn(self, name: str, pair: tuple[int, int], solved: bool) -> None:
        """Narrow the possible pairs by an answered guess the view saw; a solved one reveals the secret."""
        h = 1 << _hypothesis(pair)
        if solved:
            if not self.possible & h:
                raise RuleError(
                    f"{name}'s guess {_pair_text(pair)} cannot be 'solved': "
                    "it contradicts the announced winners or earlier answers"
                )
            self.possible = h
            self.secret = pair
        else:
            if self.possible == h:
                raise RuleError(
                    f"{name}'s guess {_pair_text(pair)} cannot be 'false': "
                    "it is the only culprit and weapon that fits the announced winners and earlier answers"
                )
            self.possible &= ~h

    # -- scoring and views ---------------------------------------------------------------

    def implied_events(self, event: Event, following: Event | None, tricks_before: int) -> list[Event]:
        """The confidant announces every trick's winner; a sleuth learns it only that way."""
        announced = "winner" in event or (following is not None and "winner" in following)
        if len(self.tricks) > tricks_before and not announced:
            return [{"winner": self.tricks[-1].winner}]
        return []

    def seat_figures(self, seat: int) -> dict[str, float]:
        """``solved_trick``: the trick after which a sleuth solved the case, 8 when it never did
        (the confidant solves nothing)."""
        if not self.is_terminal() or seat == self.confidant:
            return {}
        solved = self.solved_at[seat]
        return {"solved_trick": float(TRICKS + 1 if solved is None else solved)}

    def investigation(self) -> list[int]:
        """Investigation points so far (the confidant's once decided)."""
        points = [sleuth_points(t) for t in self.solved_at]
        points[self.confidant] = (
            confidant_points([self.solved_at[s] for s in self.sleuths], self.is_terminal()) or 0
        )
        return points

    def result(self) -> RoundResult:
        """Tricks and investigation points so far; ``points`` (investigation + tricks) once the
        case is over, null before, as in every game."""
        investigation = self.investigation()
        points = [i + w for i, w in zip(investigation, self.won, strict=True)]
        return {
            "tricks": list(self.won),
            "points": points if self.is_terminal() else None,
            "investigation": investigation,
            "solved_at": {s: self.solved_at[s] for s in self.sleuths},
            "confidant": self.confidant,
            "secret": None if self.secret is None else secret_json(self.secret),
        }

    def observation(self, seat: int) -> Observation:
        view = super().observation(seat)
        knows_secret = seat == self.confidant or self.solved_at[seat] is not None
        view["confidant"] = self.confidant
        view["secret"] = secret_json(self.secret) if knows_secret and self.secret is not None else None
        view["solved_at"] = {s: self.solved_at[s] for s in self.sleuths}
        view["guesses"] = [
            {
                "trick": g["trick"],
                "seat": g["seat"],
                "guess": None if g["guess"] is None else [SUSPECTS[g["guess"][0]], WEAPONS[g["guess"][1]]],
                "answer": "solved" if g["solved"] else "false",
            }
            for g in self.guesses
            if seat in (self.confidant, g["seat"])
        ]
        return view

    # -- the double-dummy solver's view ----------------------------------------

    def play_context(self, secret: object = None) -> PlayContext:
        if secret is not None:
            pair = parse_secret(secret, "secret")
            if self.secret is not None and pair != self.secret:
                raise StichError(
                    f"secret {_pair_text(pair)}: the round's secret is {_pair_text(self.secret)}"
                )
            if not self.possible >> _hypothesis(pair) & 1:
                raise StichError(f"secret {_pair_text(pair)} does not fit the announced winners and answers")
        elif self.secret is None:
            raise StichError(
                'the view does not know the culprit and weapon: give a secret {"culprit", "weapon"}'
            )
        else:
            pair = self.secret
        return StichFuerStichContext(pair[0], pair[1], self.weapons, self.confidant)

    def position_ready(self) -> bool:
        # Between a trick's last card and its end come the announcement and the search.
        return self.phase in ("play", "winner", "search", "done")

    def solver_objective(self, seat: int) -> ObjectiveJson:
        """The trick points still to come (each trick won is one)."""
        return {"type": "points", "seat": seat}

    # -- the deducer's view of the case ---------------------------------------------------

    def known_hypothesis(self) -> int | None:
        return None if self.secret is None else sfs_space(self.weapons).index(*self.secret)

    def clue_mark(self) -> tuple[int, ...]:
        return len(self.tricks), len(self.guesses)

    def event_clues(self, event: Event, index: int, mark: tuple[int, ...]) -> list[Clue]:
        tricks, guesses = mark
        clues = []
        if len(self.tricks) > tricks:
            trick = self.tricks[-1]
            said = index if "winner" in event else None  # None: the record leaves it implied
            clues.append(Clue("trick", said, len(self.tricks), trick.seats, trick.cards, trick.winner))
        if len(self.guesses) > guesses and self.guesses[-1]["guess"] is not None:
            guess = self.guesses[-1]
            clues.append(self._answer(index, guess["trick"], guess["seat"], guess["guess"], guess["solved"]))
        return clues

    def _answer(self, index: int, trick: int, seat: int, pair: tuple[int, int], solved: bool) -> Clue:
        """A sleuth's guess and its answer: known to the sleuth and the confidant."""
        return Clue(
            "answer",
            index,
            trick,
            hypothesis=sfs_space(self.weapons).index(*pair),
            solved=solved,
            seat=seat,
            audience=frozenset({seat, self.dealer}),
        )

    def rejected_clue(self, event: Event, index: int) -> Clue | None:
        if self.phase == "winner" and "winner" in event:
            winner = seat_index(event["winner"], self.names, "winner")
            if winner not in self.trick_seats:
                return None
            seats, cards = tuple(self.trick_seats), tuple(self.trick_cards)
            return Clue("trick", index, len(self.tricks) + 1, seats, cards, winner)
        if self.phase == "search" and "guess" in event and "answer" in event:
            seat = self.guessers_left()[0] if "seat" not in event else seat_index(event["seat"], self.names)
            pair = parse_secret(event["guess"], "guess")
            answer = event["answer"]
            if answer not in ("solved", "false"):
                return None
            return self._answer(index, len(self.tricks), seat, pair, answer == "solved")
        return None

    def information_choice(self) -> InformationChoice:
        """A card the view plays: each later seat plays a card from its hidden hand, any card the
        view has not seen (nobody need follow)."""
        if self.phase != "play":
            raise StichError(f"information values are for cards to play; the round is in phase {self.phase}")
        seat = self.seat_to_play()
        hand = self.hands[seat]
        if seat != self.view or hand is None:
            raise StichError(
                f"it is {self.names[seat]}'s turn to play; information values need that seat's own view"
            )
        played = tuple(self.trick_cards)
        later = tuple(self.trick_order()[len(played) + 1 :])
        unseen = self.deck.all & ~hand & ~self.gone
        return InformationChoice(seat, tuple(iter_cards(hand)), played, later, unseen=unseen)


class StichFuerStichCourse(Course["StichFuerStich"]):
    """Stich für Stich: each player is the confidant of one case, passing to the left."""

    def first_dealer(self) -> int:
        return 0

    def hand_size(self, seat: int) -> int | None:
        return CONFIDANT_CARDS if seat == self.dealer else SLEUTH_CARDS

    def deal(self, rng: random.Random) -> Known:
        return self.game.deal(rng, self.dealer)

    def settle(self, state: FinishedRound) -> None:
        if self.rounds == self.game.players:
            self.standing = self.game.standing(self.totals)

    def describe_next(self) -> str:
        return f"case {self.rounds + 1} of {self.game.players}"


def _theme_context(rng: random.Random) -> ContextJson:
    return {
        "secret": {"culprit": rng.choice(SUSPECTS), "weapon": rng.choice(WEAPONS)},
        "confidant": rng.randrange(4),
    }


def _theme_rules(context: Mapping[str, Any]) -> TrickRules:
    return sfs_rules(*parse_secret(context["secret"], "secret"))


def _theme_setting(context: Mapping[str, Any]) -> str:
    secret = context["secret"]
    confidant = SEATS[context["confidant"]]
    return (
        f"the {secret['culprit']} and the {secret['weapon']} are trumps, nobody need follow, "
        f"{confidant} is the confidant"
    )


def _theme_extra(context: Mapping[str, Any]) -> dict[int, int]:
    return {int(context["confidant"]): CONFIDANT_CARDS - SLEUTH_CARDS}


def _theme_points(rng: random.Random, cards: int) -> list[ObjectiveJson]:
    # Without a duty to follow, exactly k tricks is slow to search beyond three tricks.
    return [{"type": "points", "seat": SOUTH}, *(exact_objectives(rng, cards) if cards <= 3 else [])]


# Endgame puzzles (games.endgames): take t tricks, where nobody need follow and culprit and
# weapon are trumps. The confidant holds three cards more: deeper positions are slow.
ENDGAME_THEMES = (
    Theme(
        "tricks",
        "stich-fuer-stich",
        SFS_DECK,
        _theme_context,
        _theme_rules,
        _theme_setting,
        _theme_points,
        max_depth=5,
        extra_cards=_theme_extra,
    ),
)


class StichFuerStich(Game):
    """Stich für Stich: 3-4 players, each the confidant of one criminal case."""

    id = "stich-fuer-stich"
    endgame_themes = ENDGAME_THEMES
    round_class = StichFuerStichRound
    secret_holder = "confidant"
    deduction_puzzle = DeductionPuzzleKind(
        kind="case",
        title="The case",
        question=(
            "Who is the culprit, and what is the weapon? Each card shows a suspect (I influencer, "
            "H hairdresser, G gardener, M mechanic), a number and a weapon; the phantoms P1–P3 show "
            "no weapon and count as the culprit's cards of number 0. Nobody need follow. A card of "
            "both the culprit and the weapon beats a card of the weapon, which beats a card of the "
            "culprit, which beats any other card; within each kind, and among the other cards, the "
            "higher number wins, and on a tie the card played first. Each trick lists its cards from "
            "the leader on, each with its weapon (this program's layout of the weapons on the cards); "
            "the confidant said which card won it."
        ),
        clue_noun="trick",
        max_clues=7,
        clue_sizes=(3, 4),
        clue_sizes_why="a trick has 3 or 4 cards (3 or 4 players)",
        false_guesses=True,
        component_names=("culprit", "weapon"),
        bare_labels=False,
        card_notes=True,
        answer_schema="pair",
        answer_example="'gardener knife' or 'G knife'",
        answer_fields=None,
        compact_answer=None,
    )
    title = "Stich für Stich"
    player_counts = (3, 4)
    option_specs = (
        Option(
            "deck",
            None,
            "the weapon on each card: null = the default layout (n + 2s) mod 7, "
            f"or a path to a deck file ({DECK_FORMAT}), or that file's object inline",
        ),
    )
    starts = ("deal", "tricks")
    weapons: WeaponLayout

    def check_options(self) -> None:
        source = self.options["deck"]
        if source is None:
            self.weapons = DEFAULT_WEAPONS
        elif isinstance(source, str | Mapping):
            self.weapons = load_deck(source)
        else:
            raise StichError(f"option 'deck' must be a path to a deck file or null, got {source!r}")

    def card_note(self, card: Card) -> str | None:
        """The card's weapon under this game's layout (``phantom``: none)."""
        weapon = weapon_of(card, self.weapons)
        return "phantom" if weapon is None else WEAPONS[weapon]

    @property
    def deck(self) -> Deck:
        return SFS_DECK

    def view_known(self, known: Known, seat: int, dealer: int, start: str) -> Known:
        """Only the confidant (the dealer) knows the culprit and weapon."""
        view = super().view_known(known, seat, dealer, start)
        if seat != dealer:
            view.pop("secret", None)
        return view

    def view_event(self, event: Event, actor: int | None, seat: int, dealer: int) -> Event:
        """Another sleuth's guess: the tiles handed in stay hidden; only "solved" or not is heard."""
        view = super().view_event(event, actor, seat, dealer)
        if actor is not None and actor != seat and seat != dealer and "guess" in view:
            heard = {k: v for k, v in view.items() if k not in ("guess", "answer")}
            heard["solved"] = view.get("answer") == "solved"
            return event_from(heard)
        return view

    # The result's facts that `check_fact_lines` tells.
    check_facts: ClassVar[tuple[str, ...]] = ("confidant",)

    def check_fact_lines(self, check: RoundCheck, names: Sequence[str]) -> list[str]:
        """Who the confidant is."""
        confidant = check.result.get("confidant")
        return [] if confidant is None else [f"confidant: {names[confidant]}"]

    def fact_text(self, key: str, value: Any) -> str | None:
        if key == "secret":
            culprit, weapon = parse_secret(value)
            return f"the culprit: the {SUSPECTS[culprit]} with the {WEAPONS[weapon]}"
        return None

    def course(self, dealer: int | None = None) -> StichFuerStichCourse:
        return StichFuerStichCourse(self, dealer)

    def confidant_order(self, first: int) -> list[int]:
        """The confidant of each case: every player once, passing to the left."""
        return [(first + i) % self.players for i in range(self.players)]

    def deal(self, rng: random.Random, dealer: int) -> Known:
        """Shuffle all 55 cards: confidant (``dealer``) 10, sleuths 7; a uniformly drawn secret."""
        order = list(range(self.deck.size))
        rng.shuffle(order)
        hands: dict[int, list[Card]] = {}
        taken = 0
        for i in range(self.players):
            seat = (dealer + 1 + i) % self.players
            size = CONFIDANT_CARDS if seat == dealer else SLEUTH_CARDS
            hands[seat] = sorted(order[taken : taken + size])
            taken += size
        culprit = rng.randrange(len(SUSPECTS))
        weapon = rng.randrange(len(WEAPONS))
        return {
            "hands": {str(seat): self.deck.names(hands[seat]) for seat in sorted(hands)},
            "secret": secret_json((culprit, weapon)),
        }

    def standing(self, totals: Sequence[int]) -> PointsStanding:
        """Winners after every player was confidant once: most points; ties share the win."""
        return most_points_win(totals)

    # -- the double-dummy solver's view ----------------------------------------

    position_fields: ClassVar[Mapping[str, Any]] = {
        "properties": {
            "secret": {
                "oneOf": [
                    {
                        "type": "object",
                        "properties": {"culprit": {"type": "string"}, "weapon": {"type": "string"}},
                        "required": ["culprit", "weapon"],
                        "additionalProperties": False,
                    },
                    {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2},
                ]
            },
            "confidant": {"type": "integer", "minimum": 0},
        },
        "required": ["secret"],
    }
    objective_types: ClassVar[tuple[str, ...]] = ("tricks", "exact", "points")
    points_count_tricks: ClassVar[bool] = True
    points_name: ClassVar[str] = "trick points"

    def parse_play_context(self, fields: Mapping[str, Any], hands: Sequence[CardSet]) -> PlayContext:
        """The secret, and the confidant: given, or else the one seat holding 3 cards more."""
        culprit, weapon = parse_secret(fields["secret"], "secret")
        players = len(hands)
        if "confidant" in fields:
            confidant = seat_index(fields["confidant"], players, "confidant")
        else:
            extra = CONFIDANT_CARDS - SLEUTH_CARDS
            sizes = [popcount(h) for h in hands]
            # One more card may sit in the current trick.
            low, high = min(sizes), max(sizes)
            candidates = [s for s in range(players) if sizes[s] >= high - 1 and sizes[s] >= low + extra - 1]
            if len(candidates) != 1:
                raise StichError(
                    'give "confidant" (the seat holding 3 cards more than the sleuths):'
                    " hand sizes do not tell"
                )
            confidant = candidates[0]
        return StichFuerStichContext(culprit, weapon, self.weapons, confidant)

    def hypothesis_space(self) -> HypothesisSpace:
        return sfs_space(self.weapons)

    def secret_hypothesis(self, raw: object, where: str) -> int:
        culprit, weapon = parse_secret(raw, where)
        return self.hypothesis_space().index(culprit, weapon)


GAME = StichFuerStich
