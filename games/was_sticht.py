"""Was sticht?: draft your hand while only the dealer knows the trumps, then make a task.

Rulebook: Was sticht? (K.-H. Schmiel, Moskito 1993). 36 cards, colours red, green,
yellow, blue (``R G Y B``) × numbers 1-9. A trump suit and a trump number are drawn in
secret (either may be "none": 5 × 10 = 50 hypotheses). The cards lie face up in
9 columns of 4; the players pick one card each per column, and the dealer says
who would have won each column as a trick. Then the trumps are revealed, each
non-dealer chooses a task chip, and 9 tricks are played. With 3 players the
Table is a dummy in the draft; its cards are out of the round.

Rule decisions where the rulebook is silent are in ``docs/rules-was-sticht.md``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from stich.games.base import Event, Game, Option, Round, Trick, ascii_number, seat_index, seat_key
from stich.games.cards import Card, CardSet, Deck, bit, iter_cards, popcount
from stich.games.course import Course, FinishedRound, Standing
from stich.games.endgames import PYTHON_OBJECTIVE_DEPTH, SOUTH, Theme, tricks_objectives
from stich.games.errors import RuleError, StichError
from stich.games.events import (
    AnnounceEvent,
    DiscardEvent,
    PickEvent,
    PlayEvent,
    RevealEvent,
    TaskEvent,
)
from stich.games.faces import colour_face
from stich.games.reports import (
    Known,
    ObjectiveJson,
    Observation,
    ReportTable,
    RoundCheck,
    RoundResult,
    seat_list,
)
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
    "COLOURS",
    "COLOUR_NAMES",
    "DEFAULT_CHIPS",
    "GAME",
    "TABLE",
    "TASKS",
    "Task",
    "TaskKind",
    "TASK_TEXT",
    "TASK_VALUES",
    "TRUMP_CLASS",
    "WasStichtCourse",
    "WasStichtStanding",
    "WAS_STICHT",
    "TrumpSpace",
    "ColumnTrick",
    "TrickSummary",
    "WasSticht",
    "WasStichtContext",
    "WasStichtRound",
    "card_of",
    "colour_of",
    "draft_chips_order",
    "number_of",
    "parse_secret",
    "parse_task",
    "secret_text",
    "task_made",
    "was_sticht_rules",
]

COLOURS = "RGYB"
COLOUR_NAMES = ("red", "green", "yellow", "blue")
NUMBERS = range(1, 10)
TRUMP_CLASS = 4
COLUMNS = 9
TRICKS = 9
TABLE = -1  # the Table (3 players) where a seat is expected: picks, announcements
CHIPS_PER_PLAYER = 5

DECK = Deck(
    "was-sticht",
    [c + str(n) for c in COLOURS for n in NUMBERS],
    suits=dict(zip(COLOURS, COLOUR_NAMES, strict=True)),
    faces=colour_face,
    colour_coded=True,
)

# The trump order (rulebook, "The Trick Game"): the supertrump (suit ∩ number) over
# the other number trumps, which are all equal (the first played wins: equal power),
# over the trump-suit cards 9..1.
SUPERTRUMP_POWER = 11
NUMBER_TRUMP_POWER = 10

TASKS: tuple[str, ...] = (
    "no-tricks",
    "no-red",
    "no-green",
    "no-yellow",
    "no-blue",
    "exactly-1",
    "exactly-2",
    "exactly-3",
    "exactly-4",
    "last-trick",
    "most-tricks",
    "fewest-tricks",
)

# The tasks as the chips say them (rulebook, "Meanings of the Task Chips").
TASK_TEXT: dict[str, str] = {
    "no-tricks": "no tricks",
    "no-red": "no red cards",
    "no-green": "no green cards",
    "no-yellow": "no yellow cards",
    "no-blue": "no blue cards",
    "exactly-1": "exactly 1 trick",
    "exactly-2": "exactly 2 tricks",
    "exactly-3": "exactly 3 tricks",
    "exactly-4": "exactly 4 tricks",
    "last-trick": "the last trick",
    "most-tricks": "the most tricks",
    "fewest-tricks": "the fewest tricks",
}

# Difficulty values of the default chips. The rulebook prints a value on each chip
# but does not list them, so they are estimated by `bench/task_values.py`
# (``python bench/task_values.py --bot heuristic --players 4 --rounds 2000 --seed 1``):
# the success rate of each task when a player who plays for it holds it (the arena's
# heuristic bot at every seat, each task drawn uniformly from the chips held, so that no
# task's rate is flattered by being chosen only when it looks easy), over random 4-player
# rounds, mapped onto 1..5 linearly in the task's information content -log2(rate), between
# the easiest and the hardest task; the four colour tasks are one task up to the colours'
# names and are pooled. Figures of that run (rate ± 2 standard errors → value):
#   no-tricks 0.165 ± 0.035 → 5; no-red / no-green / no-yellow / no-blue 0.441 ± 0.022 → 1;
#   exactly-1 0.295 → 3, exactly-2 0.393 → 2, exactly-3 0.444 → 1, exactly-4 0.354 → 2;
#   last-trick 0.234 → 4, most-tricks 0.497 → 1, fewest-tricks 0.246 → 4 (each ± 0.04-0.05).
# Random play (``--bot random --rounds 20000``) ranked the tasks differently (exactly-4 and
# most-tricks hard, last-trick easy): a player who plays for a task makes the "exactly" and
# "most" tasks far more often than chance, while taking the last trick or the fewest stays hard.
TASK_VALUES: dict[str, int] = {
    "no-tricks": 5,
    "no-red": 1,
    "no-green": 1,
    "no-yellow": 1,
    "no-blue": 1,
    "exactly-1": 3,
    "exactly-2": 2,
    "exactly-3": 1,
    "exactly-4": 2,
    "last-trick": 4,
    "most-tricks": 1,
    "fewest-tricks": 4,
}

# The default set: two chips of each task.
DEFAULT_CHIPS: tuple[dict[str, Any], ...] = tuple(
    {"task": task, "value": TASK_VALUES[task]} for task in TASKS for _ in range(2)
)


# -- cards and trumps ---------------------------------------------------------


def card_of(colour: int, number: int) -> Card:
    """The card of a colour index (``R G Y B`` = 0..3) and a number 1..9."""
    return colour * 9 + number - 1


def colour_of(card: Card) -> int:
    """The physical colour of a card (0..3), whether or not it is a trump."""
    return card // 9


def number_of(card: Card) -> int:
    """The number printed on a card, 1..9."""
    return card % 9 + 1


@cache
def was_sticht_rules(trump_suit: int | None, trump_number: int | None) -> TrickRules:
    """The trick tables for one trump hypothesis (suit index 0..3 or None, number 1..9 or None).

    A trump belongs only to the trump class (Skat convention): with trumps red/5 the
    Blue 5 is a trump, so a blue lead does not oblige it and it does not follow blue.
    """
    if trump_suit is not None and trump_suit not in range(4):
        raise StichError(f"trump suit {trump_suit!r} is not a colour index 0..3 or None")
    if trump_number is not None and trump_number not in NUMBERS:
        raise StichError(f"trump number {trump_number!r} is not 1..9 or None")
    cls, trump_power, lead_power = [], [], []
    for card in range(DECK.size):
        colour, number = colour_of(card), number_of(card)
        in_suit, in_number = colour == trump_suit, number == trump_number
        if in_suit and in_number:
            power = SUPERTRUMP_POWER
        elif in_number:
            power = NUMBER_TRUMP_POWER
        elif in_suit:
            power = number
        else:
            power = 0
        cls.append(TRUMP_CLASS if power else colour)
        trump_power.append(power)
        lead_power.append(number)
    return TrickRules(tuple(cls), tuple(trump_power), tuple(lead_power))


def secret_text(trump_suit: int | None, trump_number: int | None) -> str:
    """Trumps as people say them: ``red/2``, ``no suit/5``, ``red/no number``."""
    suit = "no suit" if trump_suit is None else COLOUR_NAMES[trump_suit]
    number = "no number" if trump_number is None else str(trump_number)
    return f"{suit}/{number}"


def _is_none(value: object) -> bool:
    return value is None or (isinstance(value, str) and value.strip().lower() in ("none", "no", "-"))


def parse_secret(raw: object, what: str = "secret") -> tuple[int | None, int | None]:
    """``{"trump_suit": "R"|null, "trump_number": 2|null}`` as (suit index, number)."""
    if not isinstance(raw, Mapping):
        raise StichError(
            f'{what} must be an object like {{"trump_suit": "R", "trump_number": 2}}, got {raw!r}'
        )
    extra = set(raw) - {"trump_suit", "trump_number"}
    if extra:
        raise StichError(f"{what} has unknown fields {sorted(extra)} (give trump_suit and trump_number)")
    if "trump_suit" not in raw or "trump_number" not in raw:
        raise StichError(f"{what} must give both trump_suit and trump_number (null for none)")
    suit_raw, number_raw = raw["trump_suit"], raw["trump_number"]
    suit: int | None = None
    if not _is_none(suit_raw):
        text = suit_raw.strip().lower() if isinstance(suit_raw, str) else None
        if text is not None and text.upper() in COLOURS and len(text) == 1:
            suit = COLOURS.index(text.upper())
        elif text in COLOUR_NAMES:
            suit = COLOUR_NAMES.index(text)
        else:
            raise StichError(f"{what} trump_suit {suit_raw!r} is not a colour (use R, G, Y, B or null)")
    number: int | None = None
    if not _is_none(number_raw):
        if isinstance(number_raw, str) and ascii_number(number_raw) is not None:
            number_raw = int(number_raw)
        if isinstance(number_raw, bool) or not isinstance(number_raw, int) or number_raw not in NUMBERS:
            raise StichError(f"{what} trump_number {number_raw!r} is not a number 1..9 or null")
        number = number_raw
    return suit, number


class Chip(TypedDict):
    """A task chip of the chip set (option ``chips``)."""

    task: str
    value: int


def secret_json(trump_suit: int | None, trump_number: int | None) -> dict[str, Any]:
    """The record form of a secret."""
    return {
        "trump_suit": None if trump_suit is None else COLOURS[trump_suit],
        "trump_number": trump_number,
    }


# -- the secret as the deducer reads it (games.secret) ------------------------------------


def _strength(card: Card, first: Card, suit: Value, number: Value) -> tuple[int, int]:
    """The ranking as the python-constraint model codes it, from the rulebook ("The Trick Game")
    apart from `was_sticht_rules`: supertrump > number trumps (all equal) > suit trumps 9..1 >
    cards of the led colour by number; the led colour is the first card's unless it is a trump."""
    colour = COLOURS[colour_of(card)]
    in_suit, in_number = colour == suit, number_of(card) == number
    if in_suit and in_number:
        return 3, 0
    if in_number:
        return 2, 0
    if in_suit:
        return 1, number_of(card)
    first_trump = COLOURS[colour_of(first)] == suit or number_of(first) == number
    if not first_trump and colour_of(card) == colour_of(first):
        return 0, number_of(card)
    return 0, 0


def _var_name(prefix: str, value: Value, none: str) -> str:
    return f"{prefix}_{none}" if value is None else f"{prefix}_{value}"


def _cp_card(built: CpSatBuild, card: Card) -> tuple[cp_model.IntVar, cp_model.LinearExpr]:
    """In the CP-SAT model: whether ``card`` is a trump, and its trump power (0 if none)."""
    if card in built.card_terms:
        terms: tuple[cp_model.IntVar, cp_model.LinearExpr] = built.card_terms[card]
        return terms
    model, n = built.model, number_of(card)
    suit, number = built.first[colour_of(card)], built.second[n - 1]
    name = COLOURS[colour_of(card)] + str(n)
    # The supertrump: the card of the trump suit and the trump number.
    supertrump = model.new_bool_var(f"supertrump_{name}")
    model.add_bool_and([suit, number]).only_enforce_if(supertrump)
    model.add_bool_or([suit.Not(), number.Not()]).only_enforce_if(supertrump.Not())
    # A trump: of the trump suit or of the trump number.
    trump = model.new_bool_var(f"is_trump_{name}")
    model.add_bool_or([suit, number]).only_enforce_if(trump)
    model.add_bool_and([suit.Not(), number.Not()]).only_enforce_if(trump.Not())
    # Power: supertrump 11, number trumps 10, suit trumps their number, else 0.
    power = (1 - n) * supertrump + 10 * number + n * suit
    built.card_terms[card] = (trump, power)
    return trump, power


@dataclass(frozen=True)
class TrumpSpace(HypothesisSpace):
    """The trump suit (or none) and the trump number (or none)."""

    @property
    def deck(self) -> Deck:
        return DECK

    def hypothesis_rules(self, i: int, j: int) -> TrickRules:
        return was_sticht_rules(None if i == 4 else i, None if j == 9 else j + 1)

    def strength(self, card: Card, first: Card, a: Value, b: Value) -> tuple[int, int]:
        return _strength(card, first, a, b)

    def variable_names(self) -> tuple[list[str], list[str]]:
        return (
            [_var_name("trump", v, "no_suit") for v in self.values[0]],
            [_var_name("trump", v, "no_number") for v in self.values[1]],
        )

    def cp_strengths(self, built: CpSatBuild, cards: Sequence[Card], index: int) -> list[cp_model.LinearExpr]:
        from ortools.sat.python import cp_model

        model = built.model
        first_trump, _ = _cp_card(built, cards[0])
        keys = []
        for position, card in enumerate(cards):
            trump, power = _cp_card(built, card)
            lead = cp_model.LinearExpr.constant(0)
            if position == 0:
                lead = number_of(card) * first_trump.Not()
            elif colour_of(card) == colour_of(cards[0]):
                # It follows the led colour: neither it nor the first card is a trump.
                led = model.new_bool_var(f"follows_{index}_{position}")
                model.add_bool_and([trump.Not(), first_trump.Not()]).only_enforce_if(led)
                model.add_bool_or([trump, first_trump]).only_enforce_if(led.Not())
                lead = number_of(card) * led
            keys.append(10 * power + lead)
        return keys

    def seat_json(self, seat: int) -> int | str:
        return "table" if seat == TABLE else seat

    def seat_text(self, seat: int, names: Sequence[str]) -> str:
        return "the Table" if seat == TABLE else names[seat]


WAS_STICHT = TrumpSpace(
    "was-sticht",
    "trumps",
    ("trump_suit", "trump_number"),
    ((*COLOURS, None), (*range(1, 10), None)),
    ((*COLOUR_NAMES, "no suit"), (*(str(n) for n in range(1, 10)), "no number")),
)


def _hypothesis(suit: int | None, number: int | None) -> int:
    return WAS_STICHT.index(4 if suit is None else suit, 9 if number is None else number - 1)


@cache
def _trick_tables(trump_suit: int | None, trump_number: int | None) -> TrickTables:
    blocks = tuple(((1 << 9) - 1) << (9 * c) for c in range(4))  # the four colours
    return TrickTables((was_sticht_rules(trump_suit, trump_number),), 0, 0, {}, blocks)


@dataclass(frozen=True)
class WasStichtContext(PlayContext):
    """The trick play of Was sticht?: the trump suit and the trump number (either may be None)."""

    trump_suit: int | None
    trump_number: int | None

    def trick_tables(self) -> TrickTables:
        return _trick_tables(self.trump_suit, self.trump_number)

    def to_json(self) -> ContextJson:
        return {"secret": secret_json(self.trump_suit, self.trump_number)}

    def describe(self, seat_name: Callable[[int], str]) -> str:
        return f"trumps: {secret_text(self.trump_suit, self.trump_number)}"


# -- tasks --------------------------------------------------------------------


def parse_task(text: object) -> str:
    """A task id from its text (case-insensitive); a `StichError` naming it if unknown."""
    if isinstance(text, str):
        task = text.strip().lower().replace("_", "-")
        if task in TASKS:
            return task
    raise StichError(f"unknown task {text!r} (tasks: {', '.join(TASKS)})")


class TaskKind(Enum):
    """The kinds of task chip (rulebook, "Meanings of the Task Chips")."""

    NO_TRICKS = "no-tricks"
    NO_COLOUR = "no-colour"  # no card of one colour
    EXACTLY = "exactly"  # exactly so many tricks
    LAST_TRICK = "last-trick"
    MOST_TRICKS = "most-tricks"
    FEWEST_TRICKS = "fewest-tricks"


@dataclass(frozen=True)
class Task:
    """A task chip: its kind, and the colour (``no-red``) or the number of tricks (``exactly-2``)
    it names. Its id (`TASKS`, the text records and users write) is ``str(task)``; `Task.of`
    reads one."""

    kind: TaskKind
    colour: int | None = None  # NO_COLOUR: the colour index (``R G Y B`` = 0..3)
    tricks: int | None = None  # EXACTLY: the number of tricks

    @classmethod
    def of(cls, text: object) -> Task:
        """The task of an id (case-insensitive); a `StichError` naming it if unknown."""
        return _TASK_OF[parse_task(text)]

    @property
    def id(self) -> str:
        if self.kind is TaskKind.NO_COLOUR:
            assert self.colour is not None
            return f"no-{COLOUR_NAMES[self.colour]}"
        if self.kind is TaskKind.EXACTLY:
            return f"exactly-{self.tricks}"
        return str(self.kind.value)

    def __str__(self) -> str:
        return self.id

    @property
    def cards(self) -> CardSet:
        """The cards the task forbids taking: those of its colour (none for the other kinds)."""
        if self.colour is None:
            return 0
        return sum(bit(card_of(self.colour, number)) for number in NUMBERS)

    @property
    def all_seats(self) -> bool:
        """Whether the task is judged against every seat's tricks (the most, the fewest)."""
        return self.kind in (TaskKind.MOST_TRICKS, TaskKind.FEWEST_TRICKS)

    @property
    def cap(self) -> int:
        """The tricks a counted seat is kept at most at in a search (`TaskGoal`): one past the
        count named, one for no tricks, unbounded where every seat counts, else none."""
        if self.kind is TaskKind.EXACTLY:
            assert self.tricks is not None
            return self.tricks + 1
        if self.kind is TaskKind.NO_TRICKS:
            return 1
        if self.all_seats:
            return 1 << 20
        return 0

    @property
    def watches_last(self) -> bool:
        return self.kind is TaskKind.LAST_TRICK

    @property
    def kernel_kind(self) -> str | None:
        return _KERNEL_TASKS.get(self.kind)

    def status(self, seat: int, won: Sequence[int], flags: int, last: int, left: int) -> int | None:
        """1 made, 0 failed (both settled), None open, in a search (`TaskGoal.status`)."""
        mine = won[seat]
        kind = self.kind
        if kind is TaskKind.NO_TRICKS:
            return 0 if mine else (1 if left == 0 else None)
        if kind is TaskKind.NO_COLOUR:
            return 0 if flags >> seat & 1 else (1 if left == 0 else None)
        if kind is TaskKind.EXACTLY:
            k = self.cap - 1
            if mine > k or mine + left < k:
                return 0
            return 1 if left == 0 else None
        if kind is TaskKind.LAST_TRICK:
            return int(last == seat) if left == 0 else None
        others = [w for s, w in enumerate(won) if s != seat]
        if kind is TaskKind.MOST_TRICKS:
            if mine > max(others) + left:
                return 1
            if mine + left <= max(others):
                return 0
            return None if left else int(mine > max(others))
        if any(mine >= w + left for w in others):
            return 0
        return None if left else int(all(mine < w for w in others))

    def made_by(self, seat: int, won: Sequence[int], taken: Sequence[CardSet], last: int | None) -> bool:
        return self.made(seat, TrickSummary(tuple(won), tuple(taken), last))

    def made(self, seat: int, summary: TrickSummary) -> bool:
        """Whether ``seat`` has made the task once the tricks of ``summary`` are over."""
        won = summary.won[seat]
        others = [w for s, w in enumerate(summary.won) if s != seat]
        kind = self.kind
        if kind is TaskKind.NO_TRICKS:
            return won == 0
        if kind is TaskKind.NO_COLOUR:
            # Physical colour: a Red 5 is red even when it is a trump.
            return not summary.taken[seat] & self.cards
        if kind is TaskKind.EXACTLY:
            return won == self.tricks
        if kind is TaskKind.LAST_TRICK:
            return summary.last == seat
        if kind is TaskKind.MOST_TRICKS:
            return all(won > w for w in others)
        return all(won < w for w in others)


# The tasks by the names the compiled kernel knows them (``TASKS`` in solvers/_dd.c).
_KERNEL_TASKS: dict[TaskKind, str] = {
    TaskKind.NO_TRICKS: "no-tricks",
    TaskKind.NO_COLOUR: "colour",
    TaskKind.EXACTLY: "exactly",
    TaskKind.LAST_TRICK: "last-trick",
    TaskKind.MOST_TRICKS: "most-tricks",
    TaskKind.FEWEST_TRICKS: "fewest-tricks",
}


def _every_task() -> dict[str, Task]:
    tasks = [
        Task(TaskKind.NO_TRICKS),
        *(Task(TaskKind.NO_COLOUR, colour=c) for c in range(len(COLOUR_NAMES))),
        *(Task(TaskKind.EXACTLY, tricks=k) for k in range(1, 5)),
        Task(TaskKind.LAST_TRICK),
        Task(TaskKind.MOST_TRICKS),
        Task(TaskKind.FEWEST_TRICKS),
    ]
    by_id = {task.id: task for task in tasks}
    assert set(by_id) == set(TASKS), "every task id has its Task"
    return by_id


_TASK_OF = _every_task()


@dataclass(frozen=True)
class TrickSummary:
    """What the tasks are judged on: tricks and cards won per seat, and the last trick's winner."""

    won: tuple[int, ...]
    taken: tuple[CardSet, ...]
    last: int | None

    @classmethod
    def of(cls, tricks: Sequence[Trick], players: int) -> TrickSummary:
        won = [0] * players
        taken = [0] * players
        for trick in tricks:
            won[trick.winner] += 1
            for card in trick.cards:
                taken[trick.winner] |= bit(card)
        return cls(tuple(won), tuple(taken), tricks[-1].winner if tricks else None)


def task_made(task: str | Task, seat: int, summary: TrickSummary) -> bool:
    """Whether ``seat`` has made ``task`` (a `Task` or its id; rulebook, "Meanings of the Task Chips")."""
    return (task if isinstance(task, Task) else Task.of(task)).made(seat, summary)


def draft_chips_order(dealer: int, players: int) -> list[int]:
    """Seats in the order they take task chips at preparation: the dealer first, clockwise, 5 each."""
    return [(dealer + i) % players for i in range(CHIPS_PER_PLAYER * players)]


# -- the round ----------------------------------------------------------------


@dataclass(frozen=True)
class ColumnTrick:
    """One draft column judged as a trick: pick order (the Table as `TABLE`), cards, announcement."""

    column: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    announced: int


class ColumnReport(TypedDict):
    """A judged draft column: its number (1 first), the pick order from the marker holder
    (``"table"`` for the Table), the cards picked, the announced winner."""

    column: int
    leader: int
    seats: list[int | str]
    cards: list[str]
    announced: int | str


class WasStichtFacts(TypedDict):
    """A round's public facts for ``stich check`` (`WasStichtRound.report`): the draft columns,
    and the trumps once known (the record form of the secret)."""

    columns: list[ColumnReport]
    secret: dict[str, Any] | None


class WasStichtRound(Round):
    """One round: draft with announcements, reveal, task choice, 9 tricks."""

    game: WasSticht
    _fixed: ClassVar[frozenset[str]] = Round._fixed | {"layout"}

    def __init__(
        self,
        game: WasSticht,
        players: Sequence[str],
        dealer: int,
        view: int | None,
        known: Known | None,
        start: str,
    ) -> None:
        super().__init__(game, players, dealer, view, known, start)
        self.layout: list[list[Card]] = []
        self.column = 0
        self.column_seats: list[int] = []
        self.column_cards: list[Card] = []
        self.column_left: CardSet = 0
        self.columns: list[ColumnTrick] = []
        self.table: CardSet = 0
        self.secret_known = False
        self.trump_suit: int | None = None
        self.trump_number: int | None = None
        self.revealed = False
        self.tasks: dict[int, str] = {}
        self.chips = self._known_chips()
        self.dealer_discard: str | None = None  # the chip the dealer chose to discard
        self._read_secret()
        if start == "deal":
            self._start_deal()
        else:
            self._start_hands()
            if start == "tricks":
                self._start_tricks()

    # -- known blocks --------------------------------------------------------

    def _read_secret(self) -> None:
        raw = self.known.get("secret")
        if raw is None:
            if self.view is None:
                raise StichError("an omniscient record (view null) must give known.secret")
            if self.view == self.dealer:
                raise StichError(f"the dealer's view ({self.names[self.dealer]}) must give known.secret")
            if self.start != "deal":
                raise StichError(
                    f"a record starting at {self.start!r} must give known.secret (trumps are open)"
                )
            return
        self.trump_suit, self.trump_number = parse_secret(raw, "known.secret")
        self.secret_known = True
        self.revealed = self.start != "deal"

    def _start_deal(self) -> None:
        raw = self.known.get("layout")
        if not isinstance(raw, list) or len(raw) != COLUMNS:
            raise StichError(f"known.layout must be {COLUMNS} columns of 4 cards, column 1 first")
        seen = 0
        for i, column in enumerate(raw):
            if not isinstance(column, list) or len(column) != 4:
                raise StichError(f"known.layout column {i + 1} must be a list of 4 cards, got {column!r}")
            cards = [DECK.parse(text) for text in column]
            for card in cards:
                if seen >> card & 1:
                    raise StichError(f"known.layout: card {DECK.name_of(card)} is laid out twice")
                seen |= bit(card)
            self.layout.append(cards)
        for seat in range(self.game.players):
            self.set_hand(seat, 0)
        self.column_left = sum(bit(c) for c in self.layout[0])
        self.phase = "draft"

    def _start_hands(self) -> None:
        n = self.game.players
        hands = self.known_hands()
        if self.view is None and len(hands) != n:
            raise StichError("an omniscient record (view null) must give every hand in known.hands")
        if self.view is not None and self.view not in hands:
            raise StichError(f"known.hands must give the hand of the view, {self.names[self.view]}")
        for seat, hand in hands.items():
            if popcount(hand) != TRICKS:
                raise StichError(f"known.hands[{seat}] must hold {TRICKS} cards, not {popcount(hand)}")
            self.set_hand(seat, hand)
        for seat in range(n):
            self.hand_size[seat] = TRICKS
        held = sum(hands.values())
        if n == 3:
            raw = self.known.get("table")
            if raw is not None:
                if not isinstance(raw, list):
                    raise StichError("known.table must be a list of the Table's 9 cards")
                self.table = DECK.parse_set(raw, "known.table")
                if popcount(self.table) != TRICKS or self.table & held:
                    raise StichError("known.table must be 9 cards that are in no hand")
            elif len(hands) == n:
                self.table = DECK.all & ~held
            self.gone |= self.table
        self.phase = "tasks"
        self.leader = (self.dealer + 1) % n  # who will lead the first trick

    def _start_tricks(self) -> None:
        raw = self.known.get("tasks")
        if not isinstance(raw, Mapping):
            raise StichError('a record starting at "tricks" must give known.tasks as {seat: task id}')
        for key, text in raw.items():
            seat = seat_key(key, self.names, "known.tasks seat")
            self.choose_task(seat, text)
        missing = [self.names[s] for s in self.task_order() if s not in self.tasks]
        if missing:
            raise StichError(f"known.tasks lacks the task of {', '.join(missing)}")
        self.begin_tricks()

    def _known_chips(self) -> dict[int, list[str]] | None:
        raw = self.known.get("chips")
        if raw is None:
            return None
        if not isinstance(raw, Mapping):
            raise StichError("known.chips must be an object of seat → task ids held")
        chips: dict[int, list[str]] = {}
        for key, tasks in raw.items():
            seat = seat_key(key, self.names, "known.chips seat")
            if not isinstance(tasks, list):
                raise StichError(f"known.chips[{key}] must be a list of task ids")
            chips[seat] = [parse_task(t) for t in tasks]
        available = self.game.chip_counts()
        for task in TASKS:
            held = sum(c.count(task) for c in chips.values())
            if held > available.get(task, 0):
                raise StichError(
                    f"known.chips hold {held} {task} chips, but the chip set has {available.get(task, 0)}"
                )
        return chips

    # -- draft ---------------------------------------------------------------

    def marker(self) -> int:
        """The seat holding the place marker for the current column (rulebook: left of the dealer first)."""
        return (self.dealer + 1 + self.column) % self.game.players

    def pick_order(self) -> list[int]:
        """Seats that pick from the current column, the marker holder first, clockwise."""
        n = self.game.players
        return [(self.marker() + i) % n for i in range(n)]

    def table_counts(self) -> bool:
        """True when the Table's card is the last card of each column trick (3 players, option)."""
        return self.game.players == 3 and bool(self.game.options["table_card"])

    def who(self, seat: int) -> str:
        return "the Table" if seat == TABLE else self.names[seat]

    def apply_pick(self, event: PickEvent) -> None:
        seat = self.event_seat(event, self.pick_order()[len(self.column_cards)])
        card = DECK.parse(event["pick"])
        if not self.column_left >> card & 1:
            left = " ".join(DECK.names(self.column_left))
            raise RuleError(
                f"{self.names[seat]} picked {DECK.name_of(card)} but it is not in column {self.column + 1}"
                f" (left: {left})"
            )
        self.column_left &= ~bit(card)
        self.column_seats.append(seat)
        self.column_cards.append(card)
        self.set_hand(seat, (self.hands[seat] or 0) | bit(card))
        if len(self.column_cards) == self.game.players:
            if self.column_left:  # 3 players: the leftover card goes to the Table
                leftover = self.column_left
                self.table |= leftover
                self.gone |= leftover
                self.column_left = 0
                if self.table_counts():
                    self.column_seats.append(TABLE)
                    self.column_cards.append(next(iter_cards(leftover)))
            self.phase = "announce"

    def column_winner(self) -> int | None:
        """The seat (or `TABLE`) that wins the current column trick, if the trumps are known."""
        if not self.secret_known:
            return None
        rules = was_sticht_rules(self.trump_suit, self.trump_number)
        return self.column_seats[trick_winner(rules, self.column_cards)]

    def parse_announcement(self, value: object) -> int:
        if isinstance(value, str) and value.strip().lower() == "table":
            return TABLE
        return seat_index(value, self.names, "announcement")

    def apply_announce(self, event: AnnounceEvent) -> None:
        dealer = self.event_seat(event, self.dealer)
        announced = self.parse_announcement(event["announce"])
        column = self.column + 1
        if announced == TABLE and TABLE not in self.column_seats:
            why = "there is no Table with 4 players" if self.game.players == 4 else "option table_card is off"
            raise RuleError(f"{self.names[dealer]} announced the Table for column {column}, but {why}")
        winner = self.column_winner()
        if winner is not None and winner != announced:
            card = DECK.name_of(self.column_cards[self.column_seats.index(winner)])
            owner = "the Table's" if winner == TABLE else f"{self.names[winner]}'s"
            raise RuleError(
                f"{self.names[dealer]} announced {self.who(announced)} for column {column},"
                f" but {owner} {card} wins it"
            )
        self.columns.append(
            ColumnTrick(self.column, tuple(self.column_seats), tuple(self.column_cards), announced)
        )
        self.column_seats, self.column_cards = [], []
        self.column += 1
        if self.column < COLUMNS:
            self.column_left = sum(bit(c) for c in self.layout[self.column])
            self.phase = "draft"
        else:
            self.phase = "reveal"

    def apply_reveal(self, event: RevealEvent) -> None:
        dealer = self.event_seat(event, self.dealer)
        suit, number = parse_secret(event["reveal"], "reveal")
        if self.secret_known and (suit, number) != (self.trump_suit, self.trump_number):
            raise RuleError(
                f"{self.names[dealer]} revealed trumps {secret_text(suit, number)},"
                f" but the trumps are {secret_text(self.trump_suit, self.trump_number)}"
            )
        if not self.secret_known:
            # The announcements were taken on trust; now they can be checked.
            rules = was_sticht_rules(suit, number)
            for col in self.columns:
                winner = col.seats[trick_winner(rules, col.cards)]
                if winner != col.announced:
                    owner = "the Table's" if winner == TABLE else f"{self.names[winner]}'s"
                    card = DECK.name_of(col.cards[col.seats.index(winner)])
                    raise RuleError(
                        f"{self.names[dealer]} revealed trumps {secret_text(suit, number)}, but then"
                        f" {owner} {card} wins column {col.column + 1}, not {self.who(col.announced)}"
                    )
        self.trump_suit, self.trump_number = suit, number
        self.secret_known = True
        self.revealed = True
        self.phase = "tasks"
        self.leader = (self.dealer + 1) % self.game.players  # who will lead the first trick

    # -- tasks ---------------------------------------------------------------

    def task_order(self) -> list[int]:
        """Seats that choose a task: everyone but the dealer, from the dealer's left."""
        n = self.game.players
        return [(self.dealer + i) % n for i in range(1, n)]

    def choices(self, seat: int) -> list[str]:
        """Task ids ``seat`` may choose: the chips it holds if known, else every task of the chip set."""
        if self.chips is not None and seat in self.chips:
            held = self.chips[seat]
            return [task for task in TASKS if task in held]
        counts = self.game.chip_counts()
        return [task for task in TASKS if counts.get(task)]

    def choose_task(self, seat: int, text: object) -> None:
        name = self.names[seat]
        if seat == self.dealer:
            raise RuleError(f"{name} is the dealer and chooses no task")
        if seat in self.tasks:
            raise RuleError(f"{name} has already chosen a task ({self.tasks[seat]})")
        task = parse_task(text)
        allowed = self.choices(seat)
        if task not in allowed:
            if self.chips is not None and seat in self.chips:
                raise RuleError(f"{name} chose {task} but holds no such chip (holds {', '.join(allowed)})")
            raise RuleError(f"{name} chose {task} but the chip set has no such chip")
        self.tasks[seat] = task

    def apply_task(self, event: TaskEvent) -> None:
        # Chips are chosen in secret and turned up together, so any order is accepted.
        if "seat" in event:
            seat = seat_index(event["seat"], self.names)
        else:
            expected = self.to_move()
            assert expected is not None
            seat = expected
        self.choose_task(seat, event["task"])
        if len(self.tasks) == self.game.players - 1:
            self.begin_tricks()

    # -- tricks ----------------------------------------------------------------

    def begin_tricks(self) -> None:
        self.leader = (self.dealer + 1) % self.game.players
        self.phase = "play"

    def rules(self) -> TrickRules | None:
        if not self.secret_known:
            return None
        return was_sticht_rules(self.trump_suit, self.trump_number)

    def class_name(self, k: int) -> str:
        return "trump" if k == TRUMP_CLASS else COLOUR_NAMES[k]

    def apply_play(self, event: PlayEvent) -> None:
        seat = self.event_seat(event, self.seat_to_play())
        self.play_card(seat, event["play"])
        if self.trick_full():
            winner = self.computed_winner()
            assert winner is not None  # the trumps are open in the trick game
            self.finish_trick(winner)
            if len(self.tricks) == TRICKS:
                # The dealer chooses which chip to discard only when it has earned one.
                self.phase = "discard" if self.dealer_made() and self.dealer_chips() else "done"

    def apply_discard(self, event: DiscardEvent) -> None:
        seat = self.event_seat(event, self.dealer)
        task = parse_task(event["discard"])
        held = self.dealer_chips()
        if task not in held:
            raise RuleError(
                f"{self.names[seat]} (dealer) discards {task} but holds no such chip "
                f"(holds {', '.join(held)})"
            )
        self.dealer_discard = task
        self.phase = "done"

    def summary(self) -> TrickSummary:
        """The tricks so far, as the tasks judge them."""
        return TrickSummary.of(self.tricks, self.game.players)

    def success(self) -> dict[int, bool]:
        """Whether each player made the task it chose."""
        summary = self.summary()
        return {seat: task_made(task, seat, summary) for seat, task in self.tasks.items()}

    def seat_figures(self, seat: int) -> dict[str, float]:
        """``task_made``: 1 when the seat made the task it chose (the dealer chooses none)."""
        if len(self.tricks) < TRICKS or seat not in self.tasks:
            return {}
        return {"task_made": float(task_made(self.tasks[seat], seat, self.summary()))}

    def dealer_made(self) -> list[int]:
        """Seats whose task the dealer made while its owner failed (rulebook, "Determining Tasks")."""
        summary = self.summary()
        return [
            seat
            for seat, task in sorted(self.tasks.items())
            if not task_made(task, seat, summary) and task_made(task, self.dealer, summary)
        ]

    def dealer_chips(self) -> list[str]:
        """Task ids of the chips the dealer holds: ``known.chips`` if given, else every task of the set."""
        if self.chips is not None and self.dealer in self.chips:
            return [task for task in TASKS if task in self.chips[self.dealer]]
        counts = self.game.chip_counts()
        return [task for task in TASKS if counts.get(task)]

    # -- the state machine -------------------------------------------------

    _EXPECTED: ClassVar[dict[str, str]] = {
        "draft": "pick",
        "announce": "announce",
        "reveal": "reveal",
        "tasks": "task",
        "play": "play",
        "discard": "discard",
    }

    def to_move(self) -> int | None:
        if self.phase == "draft":
            return self.pick_order()[len(self.column_cards)]
        if self.phase in ("announce", "reveal", "discard"):
            return self.dealer
        if self.phase == "tasks":
            return next(s for s in self.task_order() if s not in self.tasks)
        if self.phase == "play":
            return self.seat_to_play()
        return None

    def legal_events(self) -> list[Event]:
        seat = self.to_move()
        if seat is None:
            return []
        if self.phase == "draft":
            return [{"seat": seat, "pick": name} for name in DECK.names(self.column_left)]
        if self.phase == "announce":
            return [{"announce": "table" if s == TABLE else s} for s in self.possible_winners()]
        if self.phase == "reveal":
            if self.secret_known:
                return [{"reveal": secret_json(self.trump_suit, self.trump_number)}]
            return [
                {"reveal": secret_json(suit, number)}
                for suit in (0, 1, 2, 3, None)
                for number in (*NUMBERS, None)
                if self._consistent(suit, number)
            ]
        if self.phase == "tasks":
            return [{"seat": seat, "task": task} for task in self.choices(seat)]
        if self.phase == "discard":
            return [{"seat": seat, "discard": task} for task in self.dealer_chips()]
        return [*self.play_events(seat)]

    def possible_winners(self) -> list[int]:
        """Announcements for the current column that some trumps still allow (all of them agree
        with the earlier announcements); just the true winner when the trumps are known."""
        winner = self.column_winner()
        if winner is not None:
            return [winner]
        found = {
            self.column_seats[trick_winner(was_sticht_rules(suit, number), self.column_cards)]
            for suit in (0, 1, 2, 3, None)
            for number in (*NUMBERS, None)
            if self._consistent(suit, number)
        }
        return [s for s in self.column_seats if s in found]

    def _consistent(self, suit: int | None, number: int | None) -> bool:
        rules = was_sticht_rules(suit, number)
        return all(col.seats[trick_winner(rules, col.cards)] == col.announced for col in self.columns)

    def _apply(self, event: Event) -> None:
        kind = self._EXPECTED.get(self.phase)
        if kind is None or kind not in event:
            seat = self.to_move()
            whose = "" if seat is None else f" ({self.names[seat]} to move)"
            raise RuleError(f"expected a {kind} event{whose}, got {event!r}")
        if self.phase == "draft" and "pick" in event:
            self.apply_pick(event)
        elif self.phase == "announce" and "announce" in event:
            self.apply_announce(event)
        elif self.phase == "reveal" and "reveal" in event:
            self.apply_reveal(event)
        elif self.phase == "tasks" and "task" in event:
            self.apply_task(event)
        elif self.phase == "discard" and "discard" in event:
            self.apply_discard(event)
        elif "play" in event:
            self.apply_play(event)

    # -- results and views -------------------------------------------------

    def result(self, dealer_discard: str | None = None) -> RoundResult:
        """Tricks won, and once the tricks are over: tasks, success, the dealer's share, discards.

        ``discards`` maps each seat that discards a chip this round to the chip's task:
        a player whose task succeeded discards that chip; the dealer, when ``dealer_made``
        is not empty, discards the chip of its ``discard`` event (or ``dealer_discard``, the
        result if it discarded that one). ``points`` are the values of the chips each seat
        discards this round (0 if none), null until the round is over, as in every game:
        while the dealer's choice is pending they are not known yet.
        """
        n = self.game.players
        out: RoundResult = {"tricks": list(self.won), "points": None, "tasks": dict(self.tasks)}
        if len(self.tricks) < TRICKS:
            return out
        values = self.game.chip_values()
        success = self.success()
        made = self.dealer_made()
        discards: dict[int, str] = {seat: self.tasks[seat] for seat, ok in success.items() if ok}
        task: str | None = None
        if dealer_discard is None:
            dealer_discard = self.dealer_discard
        if dealer_discard is not None:
            name = self.names[self.dealer]
            if not made:
                raise RuleError(f"{name} (dealer) made no task that its owner failed, so discards no chip")
            task = parse_task(dealer_discard)
            held = self.dealer_chips()
            if task not in held:
                raise RuleError(
                    f"{name} (dealer) discards {task} but holds no such chip (holds {', '.join(held)})"
                )
        if task is not None:
            discards[self.dealer] = task
        out["success"] = success
        out["dealer_made"] = made
        out["discards"] = discards
        if self.is_terminal() or task is not None:
            out["points"] = [values[discards[s]] if s in discards else 0 for s in range(n)]
        return out

    def observation(self, seat: int) -> Observation:
        view = super().observation(seat)
        # The draft is open: everyone sees who takes which card.
        view["hands"] = [None if h is None else DECK.names(h) for h in self.hands]
        view["dealer"] = self.dealer
        if self.phase in ("draft", "announce"):
            columns = self.layout[self.column :]
            view["layout"] = [
                DECK.names([x for x in col if i or self.column_left >> x & 1])
                for i, col in enumerate(columns)
            ]
            view["column"] = self.column + 1
            view["marker"] = self.marker()
            view["picks"] = [
                {"seat": "table" if s == TABLE else s, "card": DECK.name_of(c)}
                for s, c in zip(self.column_seats, self.column_cards, strict=True)
            ]
        view["columns"] = [self.column_json(col) for col in self.columns]
        view["table"] = DECK.names(self.table)
        secret_seen = self.secret_known and (self.revealed or seat == self.dealer)
        view["secret"] = secret_json(self.trump_suit, self.trump_number) if secret_seen else None
        all_chosen = len(self.tasks) == self.game.players - 1
        view["tasks"] = {s: t for s, t in self.tasks.items() if all_chosen or s == seat}
        if self.chips is not None:
            view["chips"] = {s: list(c) for s, c in self.chips.items()}
        return view

    def public_cards(self) -> CardSet:
        """The draft's layout lies face up."""
        public = 0
        for column in self.layout:
            for card in column:
                public |= bit(card)
        return public

    def report(self) -> WasStichtFacts:
        """The draft columns with the dealer's announcements, and the trumps once known."""
        secret = secret_json(self.trump_suit, self.trump_number) if self.secret_known else None
        return {"columns": [self.column_json(col) for col in self.columns], "secret": secret}

    def column_json(self, col: ColumnTrick) -> ColumnReport:
        """A judged draft column: pick order from the marker holder, cards, announced winner."""
        return {
            "column": col.column + 1,
            "leader": col.seats[0],
            "seats": ["table" if s == TABLE else s for s in col.seats],
            "cards": DECK.names(col.cards),
            "announced": "table" if col.announced == TABLE else col.announced,
        }

    # -- the double-dummy solver's view ----------------------------------------

    def play_context(self, secret: object = None) -> PlayContext:
        if secret is not None:
            suit, number = parse_secret(secret, "secret")
            if self.secret_known and (suit, number) != (self.trump_suit, self.trump_number):
                raise StichError(
                    f"secret {secret_text(suit, number)}: the round's trumps are "
                    f"{secret_text(self.trump_suit, self.trump_number)}"
                )
            return WasStichtContext(suit, number)
        if not self.secret_known:
            raise StichError(
                'the view does not know the trumps: give a secret {"trump_suit", "trump_number"}'
            )
        return WasStichtContext(self.trump_suit, self.trump_number)

    def position_ready(self) -> bool:
        # From the task choice on, the hands and the trumps are open and settled.
        return self.phase in ("tasks", "play", "discard", "done")

    def solver_objective(self, seat: int) -> ObjectiveJson:
        """The task ``seat`` chose (the dealer, who has none: the most tricks)."""
        task = self.tasks.get(seat)
        if task is None:
            return super().solver_objective(seat)
        return {"type": "task", "task": task, "seat": seat}

    # -- the deducer's view of the trumps -----------------------------------------------

    def known_hypothesis(self) -> int | None:
        return _hypothesis(self.trump_suit, self.trump_number) if self.secret_known else None

    def secret_public(self) -> bool:
        # Trumps open from the start of the record (a record starting after the draft) are public.
        return self.start != "deal"

    def clue_mark(self) -> tuple[int, ...]:
        return (len(self.columns),)

    def event_clues(self, event: Event, index: int, mark: tuple[int, ...]) -> list[Clue]:
        clues = []
        if len(self.columns) > mark[0]:
            col = self.columns[-1]
            clues.append(Clue("column", index, col.column + 1, col.seats, col.cards, col.announced))
        if "reveal" in event:
            clues.append(Clue("reveal", index, hypothesis=_hypothesis(self.trump_suit, self.trump_number)))
        return clues

    def rejected_clue(self, event: Event, index: int) -> Clue | None:
        if self.phase == "announce" and "announce" in event:
            announced = self.parse_announcement(event["announce"])
            if announced not in self.column_seats:
                return None
            seats, cards = tuple(self.column_seats), tuple(self.column_cards)
            return Clue("column", index, self.column + 1, seats, cards, announced)
        if self.phase == "reveal" and "reveal" in event:
            suit, number = parse_secret(event["reveal"], "reveal")
            return Clue("reveal", index, hypothesis=_hypothesis(suit, number))
        return None

    def information_choice(self) -> InformationChoice:
        """A draft pick: the later pickers take the column's other cards in every order (with 3
        players and the Table's card, the one left over is the Table's, last)."""
        if self.phase != "draft":
            raise StichError(f"information values are for draft picks; the round is in phase {self.phase}")
        seat = self.to_move()
        assert seat is not None
        picked = tuple(self.column_cards)
        later = tuple(self.pick_order()[len(picked) + 1 :])
        left = self.column_left
        return InformationChoice(seat, tuple(iter_cards(left)), picked, later, left, self.table_counts())


# -- the game -------------------------------------------------------------------


class WasStichtStanding(Standing):
    """Was sticht?'s standing: the seats that discarded their last chip (``finished``), each
    seat's total value of discarded chips (``totals``) and the positions (``ranking``)."""

    finished: list[int]
    totals: list[int]
    ranking: list[int]


class WasStichtCourse(Course["WasSticht"]):
    """Was sticht?: each player draws its task chips before the first round; rounds until a
    player has discarded all of them.

    The chips a seat holds are known for the seats given in `hold` (at a real table: one's
    own); every seat's count and the values it discarded follow from the rounds.
    """

    def __init__(self, game: WasSticht, dealer: int | None = None) -> None:
        super().__init__(game, dealer)
        n = game.players
        self.left = [CHIPS_PER_PLAYER] * n
        self.discarded: list[list[int]] = [[] for _ in range(n)]

    def first_dealer(self) -> int:
        return 0

    def hold(self, seat: int, tasks: Sequence[str]) -> None:
        """The chips ``seat`` drew at the preparation (before the first round)."""
        if self.rounds:
            raise StichError("the chips are drawn before the first round")
        chips = [parse_task(t) for t in tasks]
        if len(chips) != CHIPS_PER_PLAYER:
            raise StichError(f"each player draws {CHIPS_PER_PLAYER} chips, not {len(chips)}")
        counts = self.game.chip_counts()
        for task in set(chips):
            if chips.count(task) > counts.get(task, 0):
                raise StichError(
                    f"the chip set has {counts.get(task, 0)} {task} chips, not {chips.count(task)}"
                )
        self.held[seat] = chips

    def draw(self, rng: random.Random, dealer: int) -> dict[int, list[str]]:
        """Random play: every seat's chips drawn from the shuffled chip set, ``dealer`` first (as
        the chip draft at preparation gives them)."""
        pool = [chip["task"] for chip in self.game.chip_set()]
        held: dict[int, list[str]] = {s: [] for s in range(self.game.players)}
        for seat in self.game.draft_chips_order(dealer):
            held[seat].append(pool.pop(rng.randrange(len(pool))))
        return held

    def prepare(self, rng: random.Random) -> None:
        """Random play: every seat draws its chips before the first round."""
        self.held = self.draw(rng, self.dealer)

    def facts(self) -> Known:
        if not self.held:
            return {}
        return {"chips": {str(s): list(chips) for s, chips in sorted(self.held.items())}}

    def hold_known(self, known: Mapping[str, Any], names: Sequence[str]) -> None:
        for seat, tasks in self._chips_of(known, names).items():
            self.hold(seat, tasks)

    def known_fact(self, key: str, known: Mapping[str, Any], names: Sequence[str]) -> Any:
        if key != "chips":
            return super().known_fact(key, known, names)
        # The chips of the seats the course follows, in any order.
        chips = self._chips_of(known, names)
        return {str(s): sorted(chips[s]) if s in chips else None for s in sorted(self.held)}

    @staticmethod
    def _chips_of(known: Mapping[str, Any], names: Sequence[str]) -> dict[int, list[str]]:
        raw = known.get("chips") or {}
        if not isinstance(raw, Mapping):
            raise StichError("known.chips must be an object of seat → task ids held")
        chips: dict[int, list[str]] = {}
        for key, tasks in raw.items():
            if not isinstance(tasks, list):
                raise StichError(f"known.chips[{key}] must be a list of task ids")
            chips[seat_key(key, names, "known.chips seat")] = [parse_task(t) for t in tasks]
        return chips

    def deal(self, rng: random.Random) -> Known:
        known = self.game.deal(rng, self.dealer)
        known.update(self.facts())
        return known

    def series_deal(self, rng: random.Random, number: int) -> tuple[int, Known]:
        """Round ``number`` of a series: the deal passes to the left, and each round is the first
        of a game, every seat holding the chips it drew (in ``known.chips``)."""
        dealer = (self.series_start() + number) % self.game.players
        known = self.game.deal(rng, dealer)
        known["chips"] = {str(seat): chips for seat, chips in self.draw(rng, dealer).items()}
        return dealer, known

    def finish(self, state: FinishedRound) -> None:
        values = self.game.chip_values()
        for seat, task in state.result()["discards"].items():
            if seat in self.held:
                self.held[seat].remove(task)
            self.left[seat] -= 1
            self.discarded[seat].append(values[task])
        super().finish(state)

    def settle(self, state: FinishedRound) -> None:
        self.standing = self.game.standing(self.discarded, self.left)


# How a task chip reads as an endgame puzzle's objective.
_TASK_WORDS = {
    "exactly-1": "take exactly 1 trick",
    "exactly-2": "take exactly 2 tricks",
    "exactly-3": "take exactly 3 tricks",
    "last-trick": "take the last trick",
    "most-tricks": "take more tricks than anyone else",
}


def _theme_context(rng: random.Random) -> ContextJson:
    return {
        "secret": {
            "trump_suit": rng.choice([*"RGYB", None]),
            "trump_number": rng.choice([*range(1, 10), None]),
        }
    }


def _theme_rules(context: Mapping[str, Any]) -> TrickRules:
    return was_sticht_rules(*parse_secret(context["secret"], "secret"))


def _theme_setting(context: Mapping[str, Any]) -> str:
    return f"trumps {secret_text(*parse_secret(context['secret'], 'secret'))}"


def _theme_tasks(rng: random.Random, cards: int) -> list[ObjectiveJson]:
    if cards > PYTHON_OBJECTIVE_DEPTH:
        return []
    tasks = [t for t in _TASK_WORDS if not t.startswith("exactly-") or int(t[-1]) < cards]
    rng.shuffle(tasks)
    return [{"type": "task", "task": task, "seat": SOUTH} for task in tasks]


# Endgame puzzles (games.endgames): a task chip (exactly k tricks, the last trick, the most
# tricks), or take t tricks.
ENDGAME_THEMES = tuple(
    Theme(
        name,
        "was-sticht",
        DECK,
        _theme_context,
        _theme_rules,
        _theme_setting,
        objectives,
        task_words=_TASK_WORDS,
    )
    for name, objectives in (("task", _theme_tasks), ("tricks", tricks_objectives))
)


class WasSticht(Game):
    """Was sticht? for 3 or 4 players, with the task chips as an option."""

    id = "was-sticht"
    endgame_themes = ENDGAME_THEMES
    draft_layout = (COLUMNS, 4)
    round_class = WasStichtRound
    secret_holder = "dealer"
    deduction_puzzle = DeductionPuzzleKind(
        kind="trump",
        title="Trumps",
        question=(
            "Which trump suit and which trump number? Each draft column is judged as a trick, its cards "
            "listed from the leader (the marker holder) on; the dealer said which card won it. "
            "Either trump may be “none”. The card of both the trump suit and the trump number wins "
            "over all; then any card of the trump number (the first played among them); then the "
            "trump suit's cards, the higher number first; without a trump, the highest card of the "
            "colour led."
        ),
        clue_noun="column",
        max_clues=9,
        clue_sizes=(4,),
        clue_sizes_why="a draft column has 4 cards",
        false_guesses=False,
        component_names=("trump suit", "trump number"),
        bare_labels=True,
        card_notes=False,
        answer_schema="trumps",
        answer_example="'red 2', 'R2', 'none 5' or 'blue none'",
        answer_fields=("trump_suit", "trump_number"),
        compact_answer=r"[rgyb][1-9]",
    )
    task_chips = TASKS
    title = "Was sticht?"
    player_counts = (3, 4)
    starts = ("deal", "tasks", "tricks")
    option_specs = (
        Option(
            "table_card",
            True,
            "3 players: the Table's leftover card is the last card of each column trick,"
            " so the dealer may announce the Table as its winner",
        ),
        Option(
            "chips",
            None,
            'your own task chips as a list of {"task": id, "value": int};'
            " null = the default set (two of each of the 12 tasks)",
        ),
    )

    @property
    def deck(self) -> Deck:
        return DECK

    def view_known(self, known: Known, seat: int, dealer: int, start: str) -> Known:
        """Hands come from the open draft: everyone sees them. Only the dealer knows the trumps,
        until they are revealed after the draft (a record starting later has them open)."""
        view = copy.deepcopy(known)
        view.pop("stock", None)
        if seat != dealer and start == "deal":
            view.pop("secret", None)
        return view

    def check_options(self) -> None:
        raw = self.options["chips"]
        if raw is None:
            return
        if not isinstance(raw, list):
            raise StichError(f'option \'chips\' must be a list of {{"task": id, "value": int}}, got {raw!r}')
        values: dict[str, int] = {}
        for chip in raw:
            if not isinstance(chip, Mapping) or set(chip) != {"task", "value"}:
                raise StichError(
                    f'option \'chips\': each chip must be {{"task": id, "value": int}}, got {chip!r}'
                )
            task = parse_task(chip["task"])
            value = chip["value"]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise StichError(
                    f"option 'chips': the value of {task} must be a whole number ≥ 0, got {value!r}"
                )
            if values.setdefault(task, value) != value:
                raise StichError(f"option 'chips': {task} is given the values {values[task]} and {value}")
        need = CHIPS_PER_PLAYER * self.players
        if len(raw) < need:
            raise StichError(
                f"option 'chips' gives {len(raw)} chips, but {self.players} players take {need} (5 each)"
            )

    # The result's facts that `check_lines` tells.
    check_facts: ClassVar[tuple[str, ...]] = ("tasks", "success", "dealer_made", "discards")

    def check_tables(self, check: RoundCheck, names: Sequence[str], symbols: bool) -> list[ReportTable]:
        """The draft columns in pick order and the dealer's announcements."""
        columns = check.facts.get("columns")
        if not columns:
            return []

        def seat(s: int | str) -> str:
            return "Table" if s == "table" else names[int(s)]

        rows = tuple(
            (
                str(col["column"]),
                "  ".join(
                    f"{seat(s)} {DECK.shown(c, symbols)}"
                    for s, c in zip(col["seats"], col["cards"], strict=True)
                ),
                seat(col["announced"]),
            )
            for col in columns
        )
        heads = (("column", True), ("picks", False), ("announced winner", False))
        return [ReportTable("draft", heads, rows)]

    def check_lines(self, check: RoundCheck, names: Sequence[str], dealer: int) -> list[str]:
        """Each player's task, whether it was made, the chips discarded."""
        result = check.result
        tasks: dict[int, str] = result.get("tasks") or {}
        success: dict[int, bool] = result.get("success") or {}
        discards: dict[int, str] = result.get("discards") or {}

        def said(task: str) -> str:
            return f"'{TASK_TEXT.get(task, task)}'"

        lines = []
        for seat, task in sorted(tasks.items()):
            line = f"{names[seat]} chose the task {said(task)}"
            if seat in success:
                line += " and made its task" if success[seat] else " and failed it"
            if seat in discards:
                line += ": discards that chip"
            lines.append(line)
        made: list[int] = result.get("dealer_made") or []
        if made:
            whose = "the task of" if len(made) == 1 else "the tasks of"
            them = "it" if len(made) == 1 else "them"
            who = seat_list([names[s] for s in made])
            line = f"{names[dealer]} (dealer) made {whose} {who}, who failed {them}"
            if dealer in discards:
                line += f": discards its chip {said(discards[dealer])}"
            lines.append(line)
        return lines

    def fact_text(self, key: str, value: Any) -> str | None:
        if key == "task" and value in TASKS:
            return TASK_TEXT[value]
        if key == "secret":
            suit, number = parse_secret(value)
            colour = "no trump colour" if suit is None else f"trump colour {COLOUR_NAMES[suit]}"
            said = f"{colour}, {'no trump number' if number is None else f'trump number {number}'}"
            if suit is not None and number is not None:
                said += f" ({COLOURS[suit]}{number} is the supertrump)"
            return said
        return None

    def chip_set(self) -> list[Chip]:
        """The task chips of this game: ``[{"task": id, "value": int}, ...]``."""
        raw = self.options["chips"]
        chips = DEFAULT_CHIPS if raw is None else raw
        return [{"task": parse_task(c["task"]), "value": int(c["value"])} for c in chips]

    def chip_values(self) -> dict[str, int]:
        """The value of each task's chips."""
        return {c["task"]: c["value"] for c in self.chip_set()}

    def chip_counts(self) -> dict[str, int]:
        """How many chips of each task the set has."""
        counts: dict[str, int] = {}
        for chip in self.chip_set():
            counts[chip["task"]] = counts.get(chip["task"], 0) + 1
        return counts

    def deal(self, rng: random.Random, dealer: int) -> Known:
        order = list(range(DECK.size))
        rng.shuffle(order)
        layout = [DECK.names(order[i * 4 : (i + 1) * 4]) for i in range(COLUMNS)]
        # The bottom cards of the two shuffled trump decks (5 suit cards, 10 number cards).
        suit = rng.choice([0, 1, 2, 3, None])
        number = rng.choice([*NUMBERS, None])
        return {"layout": layout, "secret": secret_json(suit, number)}

    def course(self, dealer: int | None = None) -> WasStichtCourse:
        return WasStichtCourse(self, dealer)

    def draft_chips_order(self, dealer: int) -> list[int]:
        """Seats in the order they take task chips at preparation (the dealer first, 5 each)."""
        return draft_chips_order(dealer, self.players)

    # -- the double-dummy solver's view ----------------------------------------

    position_fields: ClassVar[Mapping[str, Any]] = {
        "properties": {
            "secret": {
                "type": "object",
                "properties": {
                    "trump_suit": {"type": ["string", "null"]},
                    "trump_number": {"type": ["integer", "string", "null"]},
                },
                "required": ["trump_suit", "trump_number"],
                "additionalProperties": False,
            }
        },
        "required": ["secret"],
    }
    objective_types: ClassVar[tuple[str, ...]] = ("tricks", "exact", "task")

    def parse_play_context(self, fields: Mapping[str, Any], hands: Sequence[CardSet]) -> PlayContext:
        return WasStichtContext(*parse_secret(fields["secret"], "secret"))

    def hypothesis_space(self) -> HypothesisSpace:
        return WAS_STICHT

    def secret_hypothesis(self, raw: object, where: str) -> int:
        suit, number = parse_secret(raw, where)
        colour = None if suit is None else COLOURS[suit]
        return WAS_STICHT.index(WAS_STICHT.values[0].index(colour), WAS_STICHT.values[1].index(number))

    def task_of(self, text: object) -> Task:
        return Task.of(text)

    def standing(
        self, discarded_values: Sequence[Sequence[int]], chips_left: Sequence[int]
    ) -> WasStichtStanding:
        """Whether the game is over after a round, and who won (rulebook, "Game End").

        ``discarded_values[s]`` are the values of all chips seat ``s`` has discarded so
        far, ``chips_left[s]`` how many it still holds. The game ends when a player has
        discarded its last chip; if several did so in the same round, the one with the
        highest total value of discarded chips wins (equal totals share the win). The
        other positions go by that total alone, whether a player went out or not: "positions
        are decided purely by the value of the discarded chips. The number of discarded
        chips is irrelevant" (see docs/rules-was-sticht.md for the reading).
        """
        n = self.players
        if len(discarded_values) != n or len(chips_left) != n:
            raise StichError(f"standing needs discarded values and chips left for all {n} players")
        totals = [sum(values) for values in discarded_values]
        finished = [s for s in range(n) if chips_left[s] == 0]
        winners: list[int] = []
        if finished:
            best = max(totals[s] for s in finished)
            winners = [s for s in finished if totals[s] == best]
        # Positions: the winners, then everyone else by total value, out or not.
        ranking = winners + sorted((s for s in range(n) if s not in winners), key=lambda s: (-totals[s], s))
        return {
            "ended": bool(finished),
            "finished": finished,
            "winners": winners,
            "totals": totals,
            "ranking": ranking,
        }


GAME = WasSticht
