"""One round from one seat's view, kept up to date event by event.

A `Session` is what every view of the assistant reads from (`stich deduce`, `hint`,
`analyze`, `live`, the arena's advisor): the round's rules state as the seat sees it,
the hypothesis tracker over a hidden secret (Was sticht?'s trumps, Stich für Stich's
culprit and weapon), and the card observations (voids, plays, hidden cards). `apply`
and `undo` move all of them together, so nothing is replayed after the first reading.

The session never sees more than its seat: it is built from a view record (or takes
the seat's view of an omniscient one), so advice cannot peek at hidden hands.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, TypedDict

from stich.deducer.conflicts import find_conflict, is_consistent
from stich.deducer.explain import find_hypothesis_conflict
from stich.deducer.hypotheses import Clue, HypothesisSpace, HypothesisTracker, Posterior, posterior, space_of
from stich.deducer.locations import Locations, card_locations, location_model
from stich.deducer.observations import Observations, observe
from stich.deducer.sampling import DealSampler, location_probabilities
from stich.games.base import Event, Round, seat_index
from stich.games.cards import Card, CardSet, iter_cards
from stich.games.errors import StichError
from stich.games.record import Record, start_round
from stich.games.secret import Value
from stich.games.views import seat_view

if TYPE_CHECKING:
    from stich.hints.standings import Standings

Objective = Literal["points", "win"]
"""What advice ranks the choices by: the expected points of the round, or the chance to win the
game (which needs the game's `Standings`)."""

__all__ = ["Conflict", "Deduction", "Objective", "PlaceView", "Session"]


class ConflictJson(TypedDict):
    """A `Conflict` in ``stich deduce --json``."""

    events: list[int]
    message: str


class PlaceJson(TypedDict):
    """A `PlaceView` in ``stich deduce --json --cards``."""

    name: str
    seat: int | None
    size: int
    certain: list[str]
    possible: list[str]
    voids: list[str]
    expected: dict[str, float]
    probabilities: dict[str, float]


@dataclass(frozen=True)
class Conflict:
    """Observations that cannot all be true: the events involved and why, in words."""

    events: tuple[int, ...]
    message: str

    def to_json(self) -> ConflictJson:
        return {"events": list(self.events), "message": self.message}


@dataclass(frozen=True)
class PlaceView:
    """One place hidden cards can be in (a hand the seat cannot see, or out of play)."""

    name: str
    seat: int | None
    size: int
    certain: tuple[str, ...]
    possible: tuple[str, ...]
    voids: tuple[str, ...]  # the classes this hand has shown out of
    probabilities: dict[str, float]  # card -> probability it is here (only cards that may be)
    classes: dict[str, float]  # follow class (suit) -> expected number of its hidden cards here

    def to_json(self) -> PlaceJson:
        return {
            "name": self.name,
            "seat": self.seat,
            "size": self.size,
            "certain": list(self.certain),
            "possible": list(self.possible),
            "voids": list(self.voids),
            "expected": {k: round(v, 4) for k, v in self.classes.items()},
            "probabilities": {k: round(v, 4) for k, v in self.probabilities.items()},
        }


@dataclass(frozen=True)
class Deduction:
    """What the seat can deduce now: the secret's posterior (games with one), what each other
    seat can still consider (from the holder's view), where the hidden cards are, and any
    contradiction among the observations."""

    seat: int
    events: int
    space: HypothesisSpace | None
    posterior: Posterior | None
    others: dict[int, Posterior]
    clues: tuple[Clue, ...]
    places: tuple[PlaceView, ...]
    deals: int  # how many deals of the hidden cards fit (0: none fits, or nothing is hidden)
    conflict: Conflict | None
    stopped: str | None

    def marginals(self) -> dict[str, dict[str, float]]:
        """Each component of the secret (e.g. ``trump_suit``) → each value as players call it
        (``red``, ``no suit``) → its probability; empty for games without a secret."""
        if self.posterior is None or self.space is None:
            return {}
        shares = self.posterior.marginals()
        return {
            name: dict(zip(self.space.labels[k], shares[k], strict=True))
            for k, name in enumerate(self.space.components)
        }

    def secrets(self) -> list[tuple[str, float]]:
        """The secrets still possible as players say them (``red/2``), most likely first."""
        if self.posterior is None or self.space is None:
            return []
        found = [(self.space.text(h), p) for h, p in self.posterior.consistent()]
        return sorted(found, key=lambda item: -item[1])

    @property
    def certain_secret(self) -> dict[str, Value] | None:
        """The secret in its record form once only one remains."""
        if self.posterior is None or self.space is None or self.posterior.count != 1:
            return None
        h = self.posterior.possible.bit_length() - 1
        return self.space.to_json(h)


@dataclass
class _Step:
    event: Event
    stopped: bool = False


class Session:
    """One round from ``seat``'s view: rules state, deduction and advice, updated per event."""

    def __init__(self, record: Record, *, strict: bool = True) -> None:
        """Read a view record (``record.view`` is the seat). With ``strict``, an event the rules or
        the observations refuse raises `StichError`; otherwise the reading stops there (``stopped``)
        so that the contradiction can be shown."""
        if record.view is None:
            raise StichError("a session needs one seat's view: give the seat of an omniscient record")
        self.header = replace(record, events=[])
        self.seat: int = record.view
        self.tracker: HypothesisTracker | None = None
        state = start_round(self.header)
        if _has_secret(state):
            self.tracker = HypothesisTracker(self.header)
            state = self.tracker.state
        self.round: Round = state
        self.steps: list[_Step] = []
        self.stopped: str | None = None
        self._cache: dict[str, Any] = {}
        self.standings: Standings | None = None
        """The game's scores before this round and the rounds after it, where known (a whole game's
        record, a live game): advice then gives the chance to win (`hints.standings`)."""
        self.objective: Objective = "points"
        for event in record.events:
            if self.stopped is not None:
                break
            self.apply(event, strict=strict)

    @classmethod
    def from_record(cls, record: Record, seat: int | str | None = None, *, strict: bool = False) -> Session:
        """The session of ``seat`` (number or name): a view record as it is, an omniscient record
        through that seat's view. Without ``seat`` the record must be a view."""
        if seat is None:
            if record.view is None:
                raise StichError("the record is omniscient (view null): give the seat whose view to take")
            return cls(record, strict=strict)
        index = seat_index(seat, record.players)
        if record.view is None:
            return cls(seat_view(record, index), strict=strict)
        if record.view != index:
            raise StichError(
                f"the record is seen from seat {record.view} ({record.players[record.view]}), "
                f"not from seat {index}; give an omniscient record to take another seat's view"
            )
        return cls(record, strict=strict)

    # -- the rules state ------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return self.round.names

    @property
    def events(self) -> list[Event]:
        """The events read so far (the last one may be the contradicting event that stopped)."""
        return [step.event for step in self.steps]

    def to_move(self) -> int | None:
        """The seat whose event comes next, or None once the round is over."""
        return None if self.stopped is not None else self.round.to_move()

    def my_turn(self) -> bool:
        """Whether the next event is this seat's decision."""
        return self.to_move() == self.seat

    def legal(self) -> list[Event]:
        """The events the seat may choose now (empty when it is not its turn)."""
        if not self.my_turn():
            return []
        return self.round.legal_events()

    def apply(self, event: Event, *, strict: bool = True) -> None:
        """Take the next event. A refused event leaves the session as it was (with ``strict``), or
        with ``strict`` False, an event that contradicts what was announced before stops the
        reading and is kept so that `deduction` can explain the contradiction."""
        if self.stopped is not None:
            raise StichError(f"the record contradicts itself ({self.stopped}); nothing after it is read")
        if self.tracker is None:
            self.round.apply(event)
            self.steps.append(_Step(event))
        else:
            self.tracker.apply(event)
            if self.tracker.stopped is not None:
                if strict:
                    found = find_hypothesis_conflict(self.tracker.evidence())
                    self.tracker.undo()
                    why = found.message if found is not None else "it contradicts what came before"
                    raise StichError(f"refused: {why}")
                self.stopped = self.tracker.stopped
                self.steps.append(_Step(event, stopped=True))
                self._cache.clear()
                return
            self.steps.append(_Step(event))
            if strict and not self.tracker.possible():
                # Taken on trust by the rules (the view cannot check it), but no secret fits any more.
                found = find_hypothesis_conflict(self.tracker.evidence())
                self.undo()
                why = found.message if found is not None else "no secret fits it and what came before"
                raise StichError(f"refused: {why}")
        self._cache.clear()
        if strict and self.round.hands[self.seat] is not None:
            conflict = self._card_conflict()
            if conflict is not None:
                self.undo()
                raise StichError(f"refused: {conflict.message}")

    def undo(self) -> Event:
        """Take back the last event and return it."""
        if not self.steps:
            raise StichError("nothing to undo")
        step = self.steps.pop()
        if self.tracker is not None:
            self.tracker.undo()
        else:
            self.round.undo()
        if step.stopped:
            self.stopped = None
        self._cache.clear()
        return step.event

    def to_record(self) -> Record:
        """The session as a view record (the events read so far)."""
        return replace(self.header, events=list(self.events))

    # -- deduction -------------------------------------------------------------------

    def observations(self) -> Observations:
        """The card facts of the view now: hidden cards, their places, voids and plays."""
        if "obs" not in self._cache:
            self._cache["obs"] = observe(self.round)
        obs: Observations = self._cache["obs"]
        return obs

    def locations(self) -> Locations:
        """Where each hidden card can be (max-flow)."""
        if "locations" not in self._cache:
            self._cache["locations"] = card_locations(self.observations())
        loc: Locations = self._cache["locations"]
        return loc

    def sampler(self) -> DealSampler:
        """The exact uniform sampler of the hidden cards' deals."""
        if "sampler" not in self._cache:
            self._cache["sampler"] = DealSampler(location_model(self.observations()))
        sampler: DealSampler = self._cache["sampler"]
        return sampler

    def posterior(self, seat: int | None = None) -> Posterior | None:
        """The secret's posterior for ``seat`` (default: this seat); None for games without one."""
        if self.tracker is None:
            return None
        key = f"posterior{seat}"
        if key not in self._cache:
            self._cache[key] = self.tracker.posterior(seat)
        post: Posterior = self._cache[key]
        return post

    def _card_conflict(self) -> Conflict | None:
        obs = self.observations()
        if not obs.places or is_consistent(obs):
            return None
        found = find_conflict(obs)
        return None if found is None else Conflict(tuple(found.events), found.message)

    def _class_names(self, cards: CardSet) -> dict[Card, str]:
        """The follow class (suit) of each card as players call it, under the rules in force."""
        rules = self.round.rules()
        if rules is None:
            return {}
        return {c: self.round.class_name(rules.cls[c]) for c in iter_cards(cards)}

    def deduction(self) -> Deduction:
        """Secrets with probabilities, card locations with probabilities, and any conflict."""
        if "deduction" in self._cache:
            cached: Deduction = self._cache["deduction"]
            return cached
        space = post = None
        others: dict[int, Posterior] = {}
        clues: tuple[Clue, ...] = ()
        conflict: Conflict | None = None
        if self.tracker is not None:
            space = self.tracker.space
            post = self.posterior()
            others = {s: posterior(space, self.tracker.possible(s)) for s in self.tracker.others()}
            clues = tuple(self.tracker.clues)
            secret_conflict = find_hypothesis_conflict(self.tracker.evidence())
            if secret_conflict is not None:
                events = tuple(e for e in secret_conflict.events if e is not None)
                conflict = Conflict(events, secret_conflict.message)
        obs = self.observations()
        places: tuple[PlaceView, ...] = ()
        deals = 0
        if obs.places:
            locations = self.locations()
            if conflict is None:
                conflict = self._card_conflict()
            deals = self.sampler().count if locations.consistent else 0
            probabilities = location_probabilities(locations.model) if deals else {}
            classes = self._class_names(obs.hidden)
            places = tuple(
                _place_view(obs, locations, probabilities, classes, j) for j in range(len(obs.places))
            )
        result = Deduction(
            self.seat,
            len(self.steps),
            space,
            post,
            others,
            clues,
            places,
            deals,
            conflict,
            self.stopped,
        )
        self._cache["deduction"] = result
        return result


def _has_secret(state: Round) -> bool:
    try:
        space_of(state)
    except StichError:
        return False
    return True


def _place_view(
    obs: Observations,
    locations: Locations,
    probabilities: dict[int, tuple[float, ...]],
    classes: dict[Card, str],
    j: int,
) -> PlaceView:
    place = obs.places[j]
    deck = obs.deck
    certain = locations.certain(j)
    possible = locations.possible(j) & ~certain
    voids: list[str] = []
    for void in obs.voids:
        if void.seat == place.seat and place.seat is not None and void.class_name not in voids:
            voids.append(void.class_name)
    shares = {deck.name_of(c): p[j] for c, p in sorted(probabilities.items()) if p[j] > 0}
    expected: dict[str, float] = {}
    for c, p in sorted(probabilities.items()):
        if c in classes:
            expected[classes[c]] = expected.get(classes[c], 0.0) + p[j]
    return PlaceView(
        place.name,
        place.seat,
        place.size,
        tuple(deck.names(certain)),
        tuple(deck.names(possible)),
        tuple(voids),
        shares,
        expected,
    )
