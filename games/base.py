"""What every game shares: static facts, options, and the round state machine.

A `Game` declares its facts once (deck, player counts, options) and makes `Round`s.
A `Round` is a state machine over *events*, the same dicts a round record holds
(``{"seat": 0, "play": "R7"}``): `to_move`, `legal_events`, `apply`, `undo`,
`is_terminal`, `result`, and `observation(seat)` for what one seat may see.

A round is played from one view: `view` is the seat whose knowledge it holds, or
None when everything is known. Hands the view cannot see are `None`; plays from
them are checked only for what can be checked (the card exists, is not already
played, is not in a hand the view knows).
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from stich.games.cards import Card, CardSet, Deck, bit, iter_cards, popcount
from stich.games.course import Course, PointsStanding
from stich.games.endgames import Theme
from stich.games.errors import RuleError, StichError
from stich.games.events import Event, PlayEvent, event_from
from stich.games.reports import (
    GameFacts,
    Known,
    ObjectiveJson,
    Observation,
    ReportTable,
    RoundCheck,
    RoundResult,
    TrickReport,
)
from stich.games.secret import Clue, DeductionPuzzleKind, HypothesisSpace, InformationChoice
from stich.games.trick import TrickRules, led_class, legal_plays, trick_winner
from stich.games.trick_tables import PlayContext

__all__ = ["Event", "Option", "Game", "Round", "TaskGoal", "Trick", "own_hand", "seat_index"]


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, default, allowed values and meaning."""

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    #: Values renamed since, as (old, current) pairs: the old value is still read, as the
    #: current one, so that records and journals written before the rename stay valid.
    renamed: tuple[tuple[Any, Any], ...] = ()

    def check(self, value: Any, game_id: str) -> Any:
        """The value if it is allowed (a renamed value as its current name), else a `StichError`
        naming it.

        An option whose default is null checks its own values; any other takes only values
        of its default's type, so null is refused there (``rounds: null`` is no count).
        """
        value = self.current(value)
        expected = type(self.default)
        if (
            self.default is not None
            and expected is not type(value)
            and not (expected is float and isinstance(value, int) and not isinstance(value, bool))
        ):
            raise StichError(f"option {self.name!r} of {game_id} must be {expected.__name__}, got {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise StichError(f"option {self.name!r} of {game_id} must be one of {allowed}, got {value!r}")
        return value

    def current(self, value: Any) -> Any:
        """The value under its current name (a renamed value), else the value itself."""
        for old, current in self.renamed:
            if type(value) is type(old) and value == old:
                return current
        return value


class TaskGoal(Protocol):
    """A task a seat plays for (Was sticht?'s task chips), as the solver reads it: the game's own
    type answers for what it means (`Game.task_of`).

    The search keeps, per seat it counts, the tricks won capped at `cap`, a bit per watched seat
    for "has taken one of `cards`", and (with `watches_last`) the last trick's winner; `status`
    judges the task on these, `made_by` on the finished round."""

    @property
    def id(self) -> str:
        """The task's id, as records and positions write it."""
        ...

    @property
    def cards(self) -> CardSet:
        """The cards whose taking the task watches (none for most tasks)."""
        ...

    @property
    def all_seats(self) -> bool:
        """Whether the task is judged against every seat's tricks (not only the seat's own)."""
        ...

    @property
    def cap(self) -> int:
        """The tricks a counted seat is kept at most at (more makes no difference to the task)."""
        ...

    @property
    def watches_last(self) -> bool:
        """Whether the last trick's winner decides the task."""
        ...

    @property
    def kernel_kind(self) -> str | None:
        """The task's kind as the compiled kernel knows it (``TASKS`` in solvers/_dd.c), or None
        for a task the kernel does not serve."""
        ...

    def status(self, seat: int, won: Sequence[int], flags: int, last: int, left: int) -> int | None:
        """1 made, 0 failed (both settled), None open: with ``won`` the capped tricks per seat,
        ``flags`` a bit per seat that has taken one of `cards`, ``last`` the last trick's winner
        (-1 for none watched) and ``left`` tricks still to play."""
        ...

    def made_by(self, seat: int, won: Sequence[int], taken: Sequence[CardSet], last: int | None) -> bool:
        """Whether ``seat`` has made the task once the round is over (``won`` tricks and ``taken``
        cards per seat, ``last`` the last trick's winner)."""
        ...


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, who played what in order, who won."""

    leader: int
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int
    # The tables in force during the trick (None when the view did not know them):
    # what a card that did not follow shows about its hand depends on them.
    rules: TrickRules | None = field(default=None, compare=False, repr=False)

    def __deepcopy__(self, memo: dict[int, object]) -> Trick:
        return self  # immutable: undo snapshots share it


_ATOMIC = frozenset({int, str, bool, float, type(None)})


def _copy_state(value: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(value, memo)``, quicker on what a round holds: numbers, strings, lists,
    dicts and tuples of them are walked here (a list or dict met twice copied once, as deepcopy
    does), anything else handed to deepcopy. An undo snapshot is taken at every event."""
    kind = type(value)
    if kind in _ATOMIC or kind is Trick:
        return value
    seen = memo.get(id(value))
    if seen is not None:
        return seen
    if kind is list:
        items: list[Any] = []
        memo[id(value)] = items
        items.extend(_copy_state(item, memo) for item in value)
        return items
    if kind is tuple:
        parts = tuple(_copy_state(item, memo) for item in value)
        same = all(a is b for a, b in zip(parts, value, strict=True))
        return value if same else parts
    if kind is dict:
        mapping: dict[Any, Any] = {}
        memo[id(value)] = mapping
        for key, item in value.items():
            mapping[_copy_state(key, memo)] = _copy_state(item, memo)
        return mapping
    return copy.deepcopy(value, memo)


def name_key(name: str) -> str:
    """What tells two player names apart: not case, not surrounding spaces."""
    return name.strip().casefold()


def ascii_number(text: str) -> int | None:
    """``text`` as a whole number if written in the digits 0-9 (``²`` is a digit to Python), else None;
    at most 18 digits (Python refuses to read more than 4,300)."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def seat_index(value: object, players: Sequence[str] | int, what: str = "seat") -> int:
    """A seat from an index or, given the players' names, a player's name; ``players`` may be
    just the number of seats (solver positions have no names)."""
    count = players if isinstance(players, int) else len(players)
    if isinstance(value, bool):
        raise StichError(f"{what} {value!r} is not a seat")
    if isinstance(value, int):
        if 0 <= value < count:
            return value
        raise StichError(f"{what} {value} does not exist (seats are 0..{count - 1})")
    if isinstance(value, str):
        if not isinstance(players, int):
            for i, name in enumerate(players):
                if name_key(name) == name_key(value):
                    return i
        number = ascii_number(value)
        if number is not None:
            return seat_index(number, players, what)
    if isinstance(players, int):
        raise StichError(f"{what} {value!r} is not a seat number (seats are 0..{count - 1})")
    raise StichError(f"{what} {value!r} is neither a seat number nor a player's name")


def own_hand(hands: object, seat: int) -> Any:
    """``seat``'s entry of a ``known.hands`` block (an object keyed by seat, or a list by seat)."""
    if isinstance(hands, list):
        return hands[seat] if seat < len(hands) else None
    if isinstance(hands, Mapping):
        return hands.get(str(seat), hands.get(seat))
    return None


def _held_hands(hands: object, players: Sequence[str]) -> list[int]:
    """The seats a ``known.hands`` block gives a hand for (a list by seat, or an object keyed by
    seat or name; an entry of null gives none)."""
    if isinstance(hands, list):
        return [s for s, hand in enumerate(hands) if hand is not None]
    if isinstance(hands, Mapping):
        return sorted(seat_key(k, players, "known.hands") for k, hand in hands.items() if hand is not None)
    return []


def _listed(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def seat_key(key: object, players: Sequence[str], what: str = "seat") -> int:
    """A seat from a key of a ``known`` block: a seat number written as text first, else a name."""
    number = ascii_number(key) if isinstance(key, str) else None
    return seat_index(key if number is None else number, players, what)


def most_points_win(totals: Sequence[int]) -> PointsStanding:
    """The standing of a game won on the most points, ties sharing the win."""
    best = max(totals)
    winners = [s for s, t in enumerate(totals) if t == best]
    return {"ended": True, "winners": winners, "shared": len(winners) > 1}


class Game(ABC):
    """Static facts of one game with its options fixed, and a factory of rounds."""

    id: ClassVar[str]
    title: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    starts: ClassVar[tuple[str, ...]] = ("deal",)
    round_class: ClassVar[type[Round]]
    # Who holds the hidden secret the others deduce ("dealer", "confidant"); None: no secret.
    secret_holder: ClassVar[str | None] = None
    #: The deduction puzzles its secret makes (`games.secret.DeductionPuzzleKind`); None: none.
    deduction_puzzle: ClassVar[DeductionPuzzleKind | None] = None
    #: The open draft a game lays out instead of dealing the hands: (columns, cards a column),
    #: Was sticht?'s 9 columns of 4; None: the hands are dealt.
    draft_layout: ClassVar[tuple[int, int] | None] = None
    #: The kinds of endgame its puzzles set (`games.endgames`); every game has at least one.
    endgame_themes: ClassVar[tuple[Theme, ...]] = ()
    #: Whether the players bid the tricks they will take (Stiche-Raten, Wizard).
    has_bids: ClassVar[bool] = False
    #: The task chips a player draws before the first round, as a ``chips`` entry names them
    #: (Was sticht?); empty: the game has no chips.
    task_chips: ClassVar[tuple[str, ...]] = ()
    #: The rank (a card name's text after its colour) of the cards whose play may reverse the
    #: order of the cards (24: ``"1"``); None: no card does.
    reversing_rank: ClassVar[str | None] = None

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        if players not in self.player_counts:
            counts = f"{min(self.player_counts)}-{max(self.player_counts)}"
            raise StichError(f"{self.id} is played by {counts} players, not {players}")
        self.players = players
        specs = {spec.name: spec for spec in self.option_specs}
        given = dict(options or {})
        for name in given:
            if name not in specs:
                known = ", ".join(specs) or "none"
                raise StichError(f"{self.id} has no option {name!r} (options: {known})")
        checked = {name: specs[name].check(value, self.id) for name, value in given.items()}
        self.options: dict[str, Any] = {
            name: checked[name] if name in checked else self.option_default(name, checked) for name in specs
        }
        self.check_options()

    def check_options(self) -> None:
        """Checks that depend on several options or on the player count."""

    @classmethod
    def current_options(cls, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options ``given`` with each renamed value under its current name (`Option.renamed`),
        as a file read or written keeps them; nothing checked (making the game checks them)."""
        specs = {spec.name: spec for spec in cls.option_specs}
        return {name: specs[name].current(v) if name in specs else v for name, v in (given or {}).items()}

    def option_default(self, name: str, given: Mapping[str, Any]) -> Any:
        """The value of an option left out; a game may make it depend on the options ``given``."""
        return next(spec.default for spec in self.option_specs if spec.name == name)

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.option_default(k, self.options)}
        return f"{type(self).__name__}({self.players}, {changed!r})"

    @property
    @abstractmethod
    def deck(self) -> Deck:
        """The cards of this game."""

    def fact_text(self, key: str, value: Any) -> str | None:
        """How players say a value of the game's own in a ``stich check`` report, or None.

        ``key`` names the fact: ``"secret"`` (the ``known.secret`` form) or ``"task"`` (a
        task id). The command line words the facts every game shares.
        """
        return None

    #: The keys of `Round.result` that the game's own lines of the check report tell
    #: (`check_lines`, `check_fact_lines`), left out of the report's table by seat.
    check_facts: ClassVar[tuple[str, ...]] = ()

    def check_tables(self, check: RoundCheck, names: Sequence[str], symbols: bool) -> list[ReportTable]:
        """The game's own tables of the ``stich check`` report of a round, printed before its
        tricks (Was sticht?: the draft); ``symbols``: cards with suit symbols. None by default."""
        return []

    def check_lines(self, check: RoundCheck, names: Sequence[str], dealer: int) -> list[str]:
        """The game's own lines of the ``stich check`` report of a round, printed after its result
        table (Was sticht?: each task and whether it was made). None by default."""
        return []

    def check_fact_lines(self, check: RoundCheck, names: Sequence[str]) -> list[str]:
        """The game's own facts of the round in lines, printed after the trump in the ``stich check``
        report of a round (24: the rank order, who dropped out; Stich für Stich: the confidant).
        None by default."""
        return []

    def round_sizes(self) -> list[int] | None:
        """Cards per hand in each round of a game dealt as a sequence of hand sizes (Stiche-Raten,
        Wizard), in order; None for a game with no such sequence."""
        return None

    def points_model(self) -> str | None:
        """The name of the model of one seat's round points that the chance to win uses
        (``hints/round_points.json``, fitted with this game's options), or None where the game or
        its options have none."""
        return None

    def card_note(self, card: Card) -> str | None:
        """What a card shows besides its name, as a puzzle's text adds it (Stich für Stich: its
        weapon), or None for nothing."""
        return None

    @abstractmethod
    def deal(self, rng: random.Random, dealer: int) -> Known:
        """A random omniscient ``known`` block for a round starting at ``deal``."""

    #: Whether fewer round points are better (24, where a score counts down toward 0).
    fewer_points_win: ClassVar[bool] = False

    def course(self, dealer: int | None = None) -> Course[Game]:
        """The whole game (`games.course`, the game's own `Course`): who deals each round and what
        it deals, the running totals and the standing; its first round dealt by ``dealer`` (None:
        the game's first dealer)."""
        raise StichError(f"no whole-game course for {self.id}")

    def new_round(
        self,
        players: Sequence[str],
        dealer: int,
        view: int | None = None,
        known: Known | None = None,
        start: str = "deal",
    ) -> Round:
        """A round in its starting phase, from what ``view`` knows (a view that holds what its seat
        cannot know is refused: `view_excess`)."""
        if view is not None and known:
            seat = seat_index(view, players, "view")
            excess = self.view_excess(known, seat, seat_index(dealer, players, "dealer"), start, players)
            if excess:
                name = players[seat]
                raise StichError(
                    f"the record is seen from {name} (view {seat}), but known holds what {name} cannot "
                    f'know: {_listed(excess)}; for an omniscient record set "view": null, or drop '
                    f"what {name} cannot see from known"
                )
        return self.round_class(self, players, dealer, view, known, start)

    def view_excess(
        self, known: Known, seat: int, dealer: int, start: str, players: Sequence[str]
    ) -> list[str]:
        """What a ``known`` block seen from ``seat`` holds that the seat cannot know, in words
        (``"Ben's hand"``, ``"known.secret"``): another seat's hand, and every field `view_known`
        does not give the seat (the secret of a sleuth or drafter, 24's stock). Empty: none."""
        seen = self.view_known(known, seat, dealer, start)
        excess: list[str] = []
        for key in known:
            if key == "hands":
                shown = set(_held_hands(seen.get("hands"), players))
                hidden = [s for s in _held_hands(known.get("hands"), players) if s not in shown]
                excess.extend(f"{players[s]}'s hand" for s in hidden)
            elif key not in seen:
                excess.append(f"the {key}" if key in ("secret", "stock") else f"known.{key}")
        return excess

    # -- what one seat sees (games/views.py) -----------------------------------

    def view_known(self, known: Known, seat: int, dealer: int, start: str) -> Known:
        """The part of an omniscient ``known`` block that ``seat`` sees: by default its own hand only
        (no other hand, no stock). Games with open cards or a secret say more or less."""
        view = copy.deepcopy(known)
        hands = view.get("hands")
        if hands is not None:
            own = own_hand(hands, seat)
            view["hands"] = {} if own is None else {str(seat): own}
        view.pop("stock", None)
        return view

    def view_event(self, event: Event, actor: int | None, seat: int, dealer: int) -> Event:
        """Another seat's event (``actor``) as ``seat`` saw it: by default all of it."""
        return copy.deepcopy(event)

    @classmethod
    def describe(cls) -> GameFacts:
        """Facts for ``stich games``."""
        return {
            "id": cls.id,
            "title": cls.title,
            "players": list(cls.player_counts),
            "starts": list(cls.starts),
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "choices": list(o.choices) if o.choices else None,
                    "help": o.help,
                }
                for o in cls.option_specs
            ],
        }

    # -- the double-dummy solver's view (positions: docs/solver.md) -----------------------
    # A game answers for its own trick play: the context fields a position gives, their
    # parsing into a `PlayContext` (which compiles the trick tables), and what its
    # objectives mean. The solver asks through these hooks only.

    #: JSON Schema of the position fields that give this game's context:
    #: ``{"properties": {...}, "required": [...]}``.
    position_fields: ClassVar[Mapping[str, Any]] = {"properties": {}, "required": []}
    #: The objective types a position of this game may name (docs/solver.md, Objectives).
    objective_types: ClassVar[tuple[str, ...]] = ("tricks", "exact")
    #: True when the "points" objective counts tricks (one point each), else it counts the
    #: round points of `PlayContext.seat_points`.
    points_count_tricks: ClassVar[bool] = False
    #: What the "points" objective counts, as a player says it.
    points_name: ClassVar[str] = "points"
    #: Trumps (suit letters, None for none) of a table of every trump × leader; empty: no table.
    table_trumps: ClassVar[tuple[str | None, ...]] = ()

    def parse_play_context(self, fields: Mapping[str, Any], hands: Sequence[CardSet]) -> PlayContext:
        """The context of a solver position from its fields (already checked by the position schema);
        a `StichError` names a bad value."""
        raise StichError(f"the solver does not know the game {self.id!r}")

    def seat_labels(self, teams: Sequence[Sequence[int]] | None) -> str | None:
        """One letter per seat to name the seats of a solver position (bridge's N E S W), or None
        for seat numbers."""
        return None

    def task_of(self, text: object) -> TaskGoal:
        """The task of an id, for a position's ``task`` objective (games whose objective types
        include it); a `StichError` names an unknown one."""
        raise StichError(f'{self.id} has no tasks: the objective "task" is for games with task chips')

    def hypothesis_space(self) -> HypothesisSpace | None:
        """The space of the hidden secret the players deduce (`games.secret`), or None for a game
        without one; a game with a `secret_holder` gives it."""
        return None

    def secret_hypothesis(self, raw: object, where: str) -> int:
        """A secret in the record's notation (``known.secret``) as a hypothesis of the game's space;
        a `StichError` naming ``where`` for a bad one."""
        raise StichError(f"{where}: {self.id} has no hidden secret")


class Round(ABC):
    """One round as a state machine over record events, with the shared trick play."""

    # Attributes that are not rolled back by `undo` (fixed for the round).
    _fixed: ClassVar[frozenset[str]] = frozenset({"game", "names", "known", "_history", "deck"})

    def __init__(
        self,
        game: Game,
        players: Sequence[str],
        dealer: int,
        view: int | None,
        known: Known | None,
        start: str,
    ) -> None:
        n = game.players
        if len(players) != n:
            raise StichError(f"{game.id} with {n} players needs {n} names, got {len(players)}")
        if len({name_key(p) for p in players}) != n:
            raise StichError(f"player names must differ: {list(players)}")
        if start not in game.starts:
            raise StichError(f"{game.id} records may start at {', '.join(game.starts)}, not {start!r}")
        self.game = game
        self.deck = game.deck
        self.names = list(players)
        self.dealer = seat_index(dealer, players, "dealer")
        self.view = None if view is None else seat_index(view, players, "view")
        self.known: Known = known.copy() if known else {}
        self.start = start
        self.phase = start
        # Trick play, filled in by the game when its trick phase begins.
        self.hands: list[CardSet | None] = [None] * n
        self.hand_size: list[int] = [0] * n
        self.gone: CardSet = 0  # cards known to be played or out of this round
        self.leader = 0
        self.trick_seats: list[int] = []
        self.trick_cards: list[Card] = []
        self.tricks: list[Trick] = []
        self.won: list[int] = [0] * n
        self._history: list[tuple[Event, dict[str, object]]] = []

    # -- the state machine --------------------------------------------------

    @abstractmethod
    def to_move(self) -> int | None:
        """The seat whose event comes next (the dealer for announcements), or None at the end."""

    @abstractmethod
    def legal_events(self) -> list[Event]:
        """Every event the rules allow next (for a seat whose hand is known)."""

    @abstractmethod
    def _apply(self, event: Event) -> None:
        """Apply one event or raise `RuleError`; may leave the state half-changed (apply restores)."""

    @abstractmethod
    def result(self) -> RoundResult:
        """``{"tricks": [...], "points": [...]}`` and what else the game scores."""

    def is_terminal(self) -> bool:
        """True once the round is over."""
        return self.phase == "done"

    def apply(self, event: Event) -> None:
        """Apply an event; on a `StichError` the round is left as it was."""
        if not isinstance(event, dict):
            raise StichError(f"an event must be a JSON object, got {event!r}")
        if self.is_terminal():
            raise RuleError("the round is already over")
        snapshot = self._snapshot()
        try:
            self._apply(event)
        except StichError:
            self.__dict__.update(snapshot)
            raise
        self._history.append((event, snapshot))

    def undo(self) -> Event:
        """Take back the last event and return it."""
        if not self._history:
            raise StichError("nothing to undo")
        event, snapshot = self._history.pop()
        self.__dict__.update(snapshot)
        return event

    @property
    def events(self) -> list[Event]:
        """The events applied so far."""
        return [event for event, _ in self._history]

    def __repr__(self) -> str:
        seen = "omniscient" if self.view is None else f"seen by {self.names[self.view]}"
        done = f"{len(self.tricks)} tricks, {len(self.events)} events"
        return f"<{self.game.title} round, {seen}: phase {self.phase}, {done}>"

    # -- friendly helpers: events by card name ---------------------------------

    def act(self, kind: str, value: Any = True, *, seat: int | str | None = None, **extra: Any) -> Event:
        """Apply the event ``{kind: value}`` (with ``seat`` and ``extra`` fields) and return it,
        e.g. ``act("bid", 2)``, ``act("announce", "Carla")``, ``act("drop", seat=2)``."""
        fields: dict[str, Any] = {} if seat is None else {"seat": seat_index(seat, self.names)}
        fields[kind] = value
        fields.update(extra)
        event = event_from(fields)
        self.apply(event)
        return event

    def play(self, card: str | Card, *, seat: int | str | None = None, **declaration: Any) -> Event:
        """Play a card by name (or deck index); a declaration as keywords, e.g. ``reverse=True``."""
        name = self.deck.name_of(card) if isinstance(card, int) else card
        return self.act("play", name, seat=seat, **declaration)

    def bid(self, tricks: int, *, seat: int | str | None = None) -> Event:
        """Bid a number of tricks."""
        return self.act("bid", tricks, seat=seat)

    def hand(self, seat: int | str) -> list[str] | None:
        """The cards of a seat's hand by name, or None when the view cannot see them."""
        cards = self.tracked_hands()[seat_index(seat, self.names)]
        return None if cards is None else self.deck.names(cards)

    def legal(self) -> list[Event]:
        """The events the rules allow next (for a seat whose hand is known)."""
        return self.legal_events()

    def _snapshot(self) -> dict[str, object]:
        memo: dict[int, Any] = {}
        return {k: _copy_state(v, memo) for k, v in self.__dict__.items() if k not in self._fixed}

    # -- views ----------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now; games add their own public facts."""
        hand = self.hands[seat]
        return {
            "seat": seat,
            "phase": self.phase,
            "hand": None if hand is None else self.deck.names(hand),
            "hand_sizes": list(self.hand_size),
            "tricks": [self.trick_json(t) for t in self.tricks],
            "trick": self.deck.names(self.trick_cards),
            "leader": self.leader,
            "won": list(self.won),
        }

    def unseen_plays(self, code: str) -> list[Event]:
        """The plays of the card ``code`` by a hand the view cannot see, one for each declaration
        the card may make with it (by default the plain play only)."""
        return [{"play": code}]

    def implied_events(self, event: Event, following: Event | None, tricks_before: int) -> list[Event]:
        """Events a seat's view hears after ``event`` that an omniscient record may leave implied
        (``following`` is the record's next event; ``tricks_before`` the tricks before ``event``)."""
        return []

    def seat_figures(self, seat: int) -> dict[str, float]:
        """What a finished round tells of ``seat``'s play besides its points, for comparing players
        (a bid hit, a task made, the trick a case was solved at); none by default."""
        return {}

    def public_cards(self) -> CardSet:
        """Cards the view sees face up that are neither in a hand it tracks nor gone (default none)."""
        return 0

    def tracked_hands(self) -> list[CardSet | None]:
        """Each seat's cards as the view knows them now, including cards dealt but not yet in play."""
        return list(self.hands)

    def report(self) -> Mapping[str, Any]:
        """Public facts of the round beyond its tricks, for ``stich check`` (a game adds its own)."""
        return {}

    def trick_json(self, trick: Trick) -> TrickReport:
        """A finished trick in the ``stich check --json`` shape."""
        return {
            "leader": trick.leader,
            "seats": list(trick.seats),
            "cards": self.deck.names(trick.cards),
            "winner": trick.winner,
        }

    # -- shared trick play ----------------------------------------------------

    def rules(self) -> TrickRules | None:
        """The trick tables in force, or None when the view does not know them."""
        return None

    def class_name(self, k: int) -> str:
        """How players call a follow class (e.g. ``red``, ``trump``)."""
        return f"class {k}"

    def trick_order(self) -> list[int]:
        """Seats that play to the current trick, from the leader on."""
        n = self.game.players
        return [(self.leader + i) % n for i in range(n)]

    def seat_to_play(self) -> int:
        """The seat whose card comes next in the current trick."""
        return self.trick_order()[len(self.trick_cards)]

    def set_hand(self, seat: int, cards: CardSet) -> None:
        """Give ``seat`` a known hand."""
        self.hands[seat] = cards
        self.hand_size[seat] = popcount(cards)

    def holder(self, card: Card) -> int | None:
        """The seat known to hold ``card``, if any."""
        for seat, hand in enumerate(self.hands):
            if hand is not None and hand >> card & 1:
                return seat
        return None

    def legal_cards(self, seat: int) -> CardSet:
        """Cards ``seat`` may play now (its hand must be known)."""
        hand = self.hands[seat]
        if hand is None:
            raise StichError(f"the hand of {self.names[seat]} is not known")
        rules = self.rules()
        return hand if rules is None else legal_plays(rules, hand, self.trick_cards)

    def event_seat(self, event: Event, expected: int) -> int:
        """The event's seat, which must be ``expected`` (defaults to it when absent)."""
        if "seat" not in event:
            return expected
        seat = seat_index(event["seat"], self.names)
        if seat != expected:
            raise RuleError(f"it is {self.names[expected]}'s turn, not {self.names[seat]}'s")
        return seat

    def play_card(self, seat: int, text: object) -> Card:
        """Check and make a play to the current trick; returns the card."""
        card = self.deck.parse(text)
        name, code = self.names[seat], self.deck.name_of(card)
        if self.gone >> card & 1:
            raise RuleError(f"{name} played {code} but it is already played or out of play")
        if self.hand_size[seat] == 0:
            raise RuleError(f"{name} played {code} but has no cards left")
        hand = self.hands[seat]
        if hand is not None:
            if not hand >> card & 1:
                held = " ".join(self.deck.names(hand))
                raise RuleError(f"{name} played {code} but does not hold it (holds {held})")
            rules = self.rules()
            if rules is not None:
                legal = legal_plays(rules, hand, self.trick_cards)
                if not legal >> card & 1:
                    led = led_class(rules, self.trick_cards)
                    must = self.class_name(led) if led is not None else "suit"
                    follow = " ".join(self.deck.names(legal))
                    raise RuleError(f"{name} played {code} but must follow {must} (holds {follow})")
            self.hands[seat] = hand & ~bit(card)
        else:
            other = self.holder(card)
            if other is not None:
                raise RuleError(f"{name} played {code} but {self.names[other]} holds it")
        self.hand_size[seat] -= 1
        self.gone |= bit(card)
        self.trick_seats.append(seat)
        self.trick_cards.append(card)
        return card

    def trick_full(self) -> bool:
        """True when every seat of the trick has played."""
        return len(self.trick_cards) == len(self.trick_order())

    def computed_winner(self) -> int | None:
        """The seat that wins the full current trick, if the view knows the rules."""
        rules = self.rules()
        if rules is None:
            return None
        return self.trick_seats[trick_winner(rules, self.trick_cards)]

    def finish_trick(self, winner: int) -> None:
        """Close the current trick; the winner leads next."""
        if winner not in self.trick_seats:
            raise RuleError(f"{self.names[winner]} did not play to this trick and cannot win it")
        self.tricks.append(
            Trick(self.leader, tuple(self.trick_seats), tuple(self.trick_cards), winner, self.rules())
        )
        self.won[winner] += 1
        self.leader = winner
        self.trick_seats = []
        self.trick_cards = []

    def play_events(self, seat: int) -> list[PlayEvent]:
        """Legal ``play`` events for ``seat`` (its hand must be known)."""
        return [{"seat": seat, "play": self.deck.name_of(c)} for c in iter_cards(self.legal_cards(seat))]

    def known_hands(self, key: str = "hands") -> dict[int, CardSet]:
        """Hands given in ``known[key]`` as ``{"0": [...]}`` (or a list by seat), parsed."""
        raw = self.known.get(key)
        if raw is None:
            return {}
        items: list[tuple[object, Any]]
        if isinstance(raw, list):
            items = [(i, cards) for i, cards in enumerate(raw) if cards is not None]
        elif isinstance(raw, dict):
            items = list(raw.items())
        else:
            raise StichError(f"known.{key} must be an object of seat → cards, got {type(raw).__name__}")
        hands: dict[int, CardSet] = {}
        seen = 0
        for key_seat, cards in items:
            seat = seat_key(key_seat, self.names, f"known.{key} seat")
            if not isinstance(cards, list):
                raise StichError(f"known.{key}[{key_seat}] must be a list of cards")
            mask = self.deck.parse_set(cards, f"known.{key}[{key_seat}]")
            if mask & seen:
                twice = self.deck.names(mask & seen)[0]
                raise StichError(f"known.{key}: card {twice} is in two hands")
            seen |= mask
            hands[seat] = mask
        return hands

    # -- the double-dummy solver's view -----------------------------------------------

    def play_context(self, secret: object = None) -> PlayContext:
        """The rules context of the trick play now (see `games.trick_tables`). ``secret``: a hypothesised
        secret in the record's ``known.secret`` form, for a view that does not know it."""
        raise StichError(f"the solver does not know the game {self.game.id!r}")

    def position_ready(self) -> bool:
        """Whether the cards to be played and the rules of the trick play are settled, so that a
        solver position exists: the trick play has begun (finished rounds included), or only
        choices that change neither remain before it (bids, tasks)."""
        return self.phase in ("play", "done")

    def solver_objective(self, seat: int) -> ObjectiveJson:
        """What ``seat`` plays for in this round, as a solver position's ``objective``."""
        return {"type": "tricks", "seat": seat}

    # -- the deducer's view of a hidden secret (games with a `Game.hypothesis_space`) ----------

    def known_hypothesis(self) -> int | None:
        """The hypothesis of the secret the round knows (omniscient, or the holder's view), or None."""
        return None

    def secret_public(self) -> bool:
        """Whether a secret the record knows from its start is known to every seat (else only to
        the holder, the round's `dealer` seat)."""
        return False

    def clue_mark(self) -> tuple[int, ...]:
        """How much the round has heard that bears on the secret, taken before an event so that
        `event_clues` can tell what the event added."""
        return ()

    def event_clues(self, event: Event, index: int, mark: tuple[int, ...]) -> list[Clue]:
        """What ``event`` (record event ``index``, just applied; `clue_mark` was ``mark`` before
        it) tells about the secret."""
        return []

    def rejected_clue(self, event: Event, index: int) -> Clue | None:
        """The clue ``event`` would give if the round took it, when the round rejects it and it is
        a claim about the secret (an announcement or answer no secret allows), else None."""
        return None

    def information_choice(self) -> InformationChoice:
        """The choice the seat to move faces whose information value about the secret is measured;
        a `StichError` where there is none."""
        raise StichError(f"{self.game.id} has no information values")
