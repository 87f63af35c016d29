"""Which hidden secrets a seat's view still allows, and how likely each is.

*Was sticht?* hides the trumps: a suit in {R, G, Y, B, none} and a number in
{1..9, none} (50 hypotheses). *Stich für Stich* hides a culprit and a weapon (4 × 7 =
28). What a view has seen becomes a list of `Clue`s:

- a judged draft column (Was sticht?) or trick (Stich für Stich) with its announced
  winner: the hypotheses under which that card wins;
- the reveal after the draft, the secret the dealer or confidant holds from the start
  (``known.secret``), and the viewing sleuth's own "case solved": just that secret;
- the viewing sleuth's own "false suspicion": every pair but the one guessed.

Another sleuth's "solved" or "false" says nothing about the pair for the viewer: it
does not see the tiles that were handed in, and how other players choose is not
modelled. Each clue has an *audience*, the seats that know it, so that from the
dealer's or confidant's view the model also tells what each other seat can still
consider possible.

Three evaluators find the hypotheses every clue allows, independently written so
that they check each other: a python-constraint model (pairwise "the announced card
beats that card" constraints, with the ranking coded from the rulebooks), a CP-SAT
model (linear card strengths over Boolean secret variables, all solutions
enumerated), and a brute-force filter (`games.trick.trick_winner` under each
hypothesis's tables). The posterior is uniform over the consistent hypotheses: the
rules draw the secret uniformly (two separately shuffled trump decks; one culprit
and one weapon tile), the announcements are certain given the cards, and no hidden
deal bears on a hypothesis (the Was sticht? draft is open; Stich für Stich has no
duty to follow, so its hidden hands fit every pair equally). See ``docs/design/deducer.md``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypedDict

from stich.games.base import Event, Game, Round
from stich.games.cards import Card, card_list
from stich.games.errors import StichError
from stich.games.record import Record, start_round
from stich.games.registry import all_games
from stich.games.secret import Clue, ClueKind, HypothesisSpace, Value
from stich.games.trick import trick_winner

if TYPE_CHECKING:  # CP-SAT is a cross-check; it is imported where it runs (it takes most of a second)
    from constraint import Problem
    from ortools.sat.python import cp_model

__all__ = [
    "METHODS",
    "Clue",
    "ClueKind",
    "CpSatModel",
    "Deduction",
    "Evidence",
    "HypothesisSpace",
    "HypothesisTracker",
    "Method",
    "Posterior",
    "clue_mask",
    "consistent_brute_force",
    "consistent_constraint",
    "consistent_cp_sat",
    "consistent_hypotheses",
    "consistent_leaving_out",
    "constraint_problem",
    "cp_sat_model",
    "deduce",
    "evidence",
    "game_space",
    "known_hypothesis",
    "members",
    "posterior",
    "space_of",
]

Method: TypeAlias = Literal["brute-force", "constraint", "cp-sat"]
METHODS: tuple[Method, ...] = ("brute-force", "constraint", "cp-sat")


# -- hypothesis spaces ------------------------------------------------------------
# Each game with a hidden secret defines its space in its own module (`games.secret`) and gives
# it through `Game.hypothesis_space`; the deducer asks the game, never its module.


def _secret_games() -> str:
    return ", ".join(game.id for game in all_games() if game.secret_holder is not None)


def space_of(state: Round) -> HypothesisSpace:
    """The hypothesis space of a round's game; a `StichError` for games without a hidden secret."""
    space = state.game.hypothesis_space()
    if space is None:
        raise StichError(
            f"{state.game.id} has no hidden secret to deduce (deduce works for {_secret_games()})"
        )
    return space


def game_space(game: Game) -> HypothesisSpace | None:
    """The hypothesis space of a game's hidden secret, or None for a game without one."""
    return game.hypothesis_space()


def members(mask: int) -> list[int]:
    """The hypotheses of a bit mask, in order (its bits, as `card_list` reads a set of cards)."""
    return card_list(mask)


# -- clues --------------------------------------------------------------------------


def clue_mask(space: HypothesisSpace, clue: Clue) -> int:
    """The hypotheses a clue allows (brute force: the game's own trick tables for each one)."""
    if clue.kind in ("column", "trick"):
        mask = 0
        for h, rules in enumerate(space.rules_by_hypothesis):
            if clue.seats[trick_winner(rules, clue.cards)] == clue.announced:
                mask |= 1 << h
        return mask
    if clue.kind == "answer" and not clue.solved:
        return space.all & ~(1 << clue.hypothesis)
    return 1 << clue.hypothesis


def consistent_brute_force(space: HypothesisSpace, clues: Iterable[Clue], limit: int | None = None) -> int:
    """The hypotheses every clue allows, by trying each one with the game's trick tables
    (with ``limit``: the first ``limit`` of them)."""
    mask = space.all
    for clue in clues:
        mask &= clue_mask(space, clue)
    return mask if limit is None else _first(mask, limit)


def _first(mask: int, limit: int) -> int:
    """The ``limit`` lowest hypotheses of a mask."""
    kept = 0
    for h in members(mask)[:limit]:
        kept |= 1 << h
    return kept


# -- the python-constraint model ---------------------------------------------------
# The ranking is coded here from the rulebooks, apart from the games' trick tables.


def _beats(
    space: HypothesisSpace, cards: Sequence[Card], winner: int, other: int
) -> Callable[[Value, Value], bool]:
    """The constraint that the card at position ``winner`` beats the one at ``other`` (rule 5 and
    the rulebook's Was sticht? example: of equal cards the one played first wins)."""
    card, rival, first = cards[winner], cards[other], cards[0]

    def beats(a: Value, b: Value) -> bool:
        mine, theirs = space.strength(card, first, a, b), space.strength(rival, first, a, b)
        return mine > theirs if other < winner else mine >= theirs

    return beats


def constraint_problem(space: HypothesisSpace, clues: Iterable[Clue]) -> Problem:
    """A python-constraint model: the two secret components as variables, each clue as constraints."""
    from constraint import FunctionConstraint, Problem  # imported where a cross-check runs

    problem = Problem()
    first, second = space.components
    problem.addVariable(first, list(space.values[0]))
    problem.addVariable(second, list(space.values[1]))
    for clue in clues:
        if clue.kind in ("column", "trick"):
            # The announced card beats every other card of the column or trick.
            winner = clue.seats.index(clue.announced)
            for other in range(len(clue.cards)):
                if other != winner:
                    problem.addConstraint(
                        FunctionConstraint(_beats(space, clue.cards, winner, other)), [first, second]
                    )
            continue
        i, j = space.split(clue.hypothesis)
        pair = (space.values[0][i], space.values[1][j])
        if clue.kind == "answer" and not clue.solved:
            # A false suspicion: not both of the guessed culprit and weapon.
            problem.addConstraint(FunctionConstraint(lambda a, b, pair=pair: (a, b) != pair), [first, second])
        else:
            problem.addConstraint(FunctionConstraint(lambda a, b, pair=pair: (a, b) == pair), [first, second])
    return problem


def consistent_constraint(space: HypothesisSpace, clues: Iterable[Clue], limit: int | None = None) -> int:
    """The hypotheses every clue allows, from the solutions of the python-constraint model
    (with ``limit``: enumeration stops once that many are found)."""
    first, second = space.components
    mask = 0
    for solution in constraint_problem(space, clues).getSolutionIter():
        i, j = space.values[0].index(solution[first]), space.values[1].index(solution[second])
        mask |= 1 << space.index(i, j)
        if limit is not None and mask.bit_count() >= limit:
            break
    return mask


# -- the CP-SAT model ------------------------------------------------------------


@dataclass
class CpSatModel:
    """A CP-SAT model of a space and its clues: one Boolean per value of each component.

    With ``literals``, clue k holds only when ``literals[k]`` is true (for solving under
    assumptions); otherwise every clue always holds.
    """

    space: HypothesisSpace
    model: cp_model.CpModel
    first: list[cp_model.IntVar]
    second: list[cp_model.IntVar]
    literals: list[cp_model.IntVar] = field(default_factory=list)
    card_terms: dict[Card, Any] = field(default_factory=dict)  # the space's terms of each card

    def hypothesis(self, solver: cp_model.CpSolver | cp_model.CpSolverSolutionCallback) -> int:
        """The hypothesis of the current solution."""
        i = next(k for k, var in enumerate(self.first) if solver.boolean_value(var))
        j = next(k for k, var in enumerate(self.second) if solver.boolean_value(var))
        return self.space.index(i, j)

    def strengths(self, clue: Clue, index: int) -> list[cp_model.LinearExpr]:
        """One linear strength per card of a column or trick: the higher wins, the earlier on a tie."""
        return self.space.cp_strengths(self, clue.cards, index)


def cp_sat_model(space: HypothesisSpace, clues: Sequence[Clue], assumptions: bool = False) -> CpSatModel:
    """The CP-SAT model of ``clues``; with ``assumptions``, clue k is enforced by ``literals[k]``."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()

    # Creates the variables.
    first_names, second_names = space.variable_names()
    first = [model.new_bool_var(name) for name in first_names]
    second = [model.new_bool_var(name) for name in second_names]
    built = CpSatModel(space, model, first, second)

    # Creates the constraints.
    # The secret is one value of each component.
    model.add_exactly_one(first)
    model.add_exactly_one(second)
    for k, clue in enumerate(clues):
        literal = model.new_bool_var(f"clue_{k}") if assumptions else None
        if literal is not None:
            built.literals.append(literal)
        enforce = [] if literal is None else [literal]
        if clue.kind in ("column", "trick"):
            keys = built.strengths(clue, k)
            winner = clue.seats.index(clue.announced)
            for other, key in enumerate(keys):
                # The announced card is stronger than each earlier card, at least as strong as each later one.
                if other < winner:
                    model.add(keys[winner] >= key + 1).only_enforce_if(enforce)
                elif other > winner:
                    model.add(keys[winner] >= key).only_enforce_if(enforce)
            continue
        i, j = space.split(clue.hypothesis)
        if clue.kind == "answer" and not clue.solved:
            # A false suspicion: not both the guessed culprit and weapon.
            model.add_bool_or([first[i].Not(), second[j].Not()]).only_enforce_if(enforce)
        else:
            # The secret itself.
            model.add_bool_and([first[i], second[j]]).only_enforce_if(enforce)
    if assumptions:
        model.add_assumptions(built.literals)
    return built


def consistent_cp_sat(space: HypothesisSpace, clues: Sequence[Clue], limit: int | None = None) -> int:
    """The hypotheses every clue allows, by enumerating the solutions of the CP-SAT model (with
    ``limit``: the search stops at that many, as OR-Tools' samples stop at a second solution)."""
    return _enumerate(cp_sat_model(space, clues), limit)


def _enumerate(built: CpSatModel, limit: int | None) -> int:
    """The hypotheses of the solutions of a built model, under its assumptions (stopping at ``limit``)."""
    from ortools.sat.python import cp_model

    class _Collector(cp_model.CpSolverSolutionCallback):
        """Collects the hypothesis of every solution."""

        def __init__(self) -> None:
            super().__init__()
            self.found = 0
            self.solutions = 0

        def on_solution_callback(self) -> None:
            self.solutions += 1
            self.found |= 1 << built.hypothesis(self)
            if limit is not None and self.solutions >= limit:
                self.stop_search()

    # Solve.
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    collector = _Collector()
    status = solver.solve(built.model, collector)
    name = solver.status_name(status)
    if name == "INFEASIBLE":
        return 0
    stopped = limit is not None and collector.solutions >= limit
    if name != "OPTIMAL" and not (name == "FEASIBLE" and stopped):
        raise RuntimeError(f"CP-SAT stopped with status {name} while enumerating {built.space.secret_name}")
    return collector.found


def consistent_hypotheses(
    space: HypothesisSpace, clues: Sequence[Clue], method: Method = "brute-force", limit: int | None = None
) -> int:
    """The hypotheses every clue allows (a bit mask), by one of the three evaluators; with
    ``limit`` each stops once it has found that many (``limit=2`` tells one answer from several)."""
    if method == "brute-force":
        return consistent_brute_force(space, clues, limit)
    if method == "constraint":
        return consistent_constraint(space, clues, limit)
    if method == "cp-sat":
        return consistent_cp_sat(space, clues, limit)
    raise StichError(f"unknown method {method!r} (methods: {', '.join(METHODS)})")


def consistent_leaving_out(
    space: HypothesisSpace, clues: Sequence[Clue], method: Method = "brute-force", limit: int | None = None
) -> list[int]:
    """For each clue k, the hypotheses all the other clues allow (``limit`` as in
    `consistent_hypotheses`): whether each clue is needed. CP-SAT builds one model with a
    literal per clue and solves it once per clue, that clue's literal assumed false (so the
    clue is not enforced, and each hypothesis is one solution); the others run once per clue."""
    if method != "cp-sat":
        return [
            consistent_hypotheses(space, [*clues[:k], *clues[k + 1 :]], method, limit)
            for k in range(len(clues))
        ]
    built = cp_sat_model(space, clues, assumptions=True)
    found = []
    for k in range(len(clues)):
        built.model.clear_assumptions()
        built.model.add_assumptions([lit.Not() if i == k else lit for i, lit in enumerate(built.literals)])
        found.append(_enumerate(built, limit))
    return found


# -- the posterior ---------------------------------------------------------------


class ValueShare(TypedDict):
    value: Value
    p: float


class PosteriorJson(TypedDict):
    """A `Posterior` in ``stich deduce --json``: each consistent secret (its fields and ``p``)."""

    consistent: list[dict[str, Any]]
    count: int
    entropy: float
    marginals: dict[str, list[ValueShare]]


class SeatPosteriorJson(PosteriorJson):
    """What another seat can still consider (from the holder's view)."""

    seat: int


class ClueJson(TypedDict, total=False):
    """A clue in ``stich deduce --json``: a column or trick, or a secret shown or answered."""

    kind: str
    event: int | None
    column: int | None
    trick: int | None
    seats: list[int | str]
    cards: list[str]
    announced: int | str
    secret: dict[str, Value]
    seat: int | None
    after_trick: int | None
    solved: bool | None


class DeductionJson(PosteriorJson):
    """The ``stich deduce --json`` body of a game with a secret (without conflicts and card
    locations)."""

    game: str
    view: int
    holder: int | None
    events: int
    stopped: str | None
    clues: list[ClueJson]
    others: list[SeatPosteriorJson]


@dataclass(frozen=True)
class Posterior:
    """Probabilities of the hypotheses: uniform over ``possible``, zero elsewhere."""

    space: HypothesisSpace
    possible: int
    probabilities: tuple[float, ...]

    @property
    def count(self) -> int:
        """How many hypotheses are still possible."""
        return self.possible.bit_count()

    @property
    def entropy(self) -> float:
        """Shannon entropy in bits (0 when the secret is known or nothing fits)."""
        return max(0.0, -sum(p * math.log2(p) for p in self.probabilities if p > 0))

    def marginals(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """P(component = value) for each value of each component, e.g. P(trump suit = red)."""
        first = [0.0] * len(self.space.values[0])
        second = [0.0] * len(self.space.values[1])
        for h, p in enumerate(self.probabilities):
            i, j = self.space.split(h)
            first[i] += p
            second[j] += p
        return tuple(first), tuple(second)

    def consistent(self) -> list[tuple[int, float]]:
        """The possible hypotheses with their probabilities, in order."""
        return [(h, self.probabilities[h]) for h in members(self.possible)]

    def to_json(self) -> PosteriorJson:
        """``{"consistent": [{secret fields, "p"}], "count", "entropy", "marginals"}``; the marginals
        give each component's values as ``[{"value", "p"}]``."""
        marginals = self.marginals()
        return {
            "consistent": [{**self.space.to_json(h), "p": p} for h, p in self.consistent()],
            "count": self.count,
            "entropy": self.entropy,
            "marginals": {
                name: [{"value": v, "p": p} for v, p in zip(self.space.values[k], marginals[k], strict=True)]
                for k, name in enumerate(self.space.components)
            },
        }


def posterior(space: HypothesisSpace, possible: int) -> Posterior:
    """The uniform prior of the rules' shuffles restricted to ``possible`` (see the module docstring)."""
    count = possible.bit_count()
    p = 1.0 / count if count else 0.0
    return Posterior(space, possible, tuple(p if possible >> h & 1 else 0.0 for h in range(space.size)))


# -- clues from a view -------------------------------------------------------------


class HypothesisTracker:
    """A view's clues event by event, with its round replayed alongside (for live updates).

    `apply` takes the next record event. An event the rules reject because it
    contradicts what came before (an announcement or answer no secret allows, a reveal
    the columns refute) becomes the last clue and ends the reading (``stopped``), so
    that the contradiction can be explained; any other rejected event raises `StichError`.
    """

    def __init__(self, record: Record) -> None:
        if record.view is None:
            raise StichError(
                "the record is omniscient (view null); deduce from one seat's view (give --seat S)"
            )
        self.record = record
        self.state = start_round(record)
        self.space = space_of(self.state)
        self.view: int = record.view
        self.holder: int = record.dealer  # the dealer (Was sticht?) or confidant (Stich für Stich)
        self.clues: list[Clue] = []
        self.masks: list[int] = []
        self.events = 0
        self.stopped: str | None = None
        self._clues_before: list[int] = []  # clue count before each event read, for `undo`
        secret = self._known_secret()
        if secret is not None:
            # A secret the record opens from its start may be public; otherwise only the holder knows.
            public = self.state.secret_public()
            self._add(
                Clue("secret", None, hypothesis=secret, audience=None if public else frozenset({self.holder}))
            )

    def _known_secret(self) -> int | None:
        return known_hypothesis(self.state)

    def _add(self, clue: Clue) -> None:
        self.clues.append(clue)
        self.masks.append(clue_mask(self.space, clue))

    def clues_for(self, seat: int | None = None) -> list[Clue]:
        """The clues ``seat`` knows (default: the view)."""
        seat = self.view if seat is None else seat
        return [clue for clue in self.clues if clue.known_to(seat)]

    def possible(self, seat: int | None = None, method: Method = "brute-force") -> int:
        """The hypotheses ``seat`` can still consider possible (default: the view)."""
        seat = self.view if seat is None else seat
        if method == "brute-force":
            mask = self.space.all
            for clue, allowed in zip(self.clues, self.masks, strict=True):
                if clue.known_to(seat):
                    mask &= allowed
            return mask
        return consistent_hypotheses(self.space, self.clues_for(seat), method)

    def posterior(self, seat: int | None = None, method: Method = "brute-force") -> Posterior:
        """The posterior of ``seat`` (default: the view)."""
        return posterior(self.space, self.possible(seat, method))

    def others(self) -> list[int]:
        """The seats whose knowledge the view can tell: every other seat from the holder's view."""
        if self.view != self.holder:
            return []
        return [s for s in range(len(self.record.players)) if s != self.holder]

    def apply(self, event: Event) -> list[Clue]:
        """Take the next record event; returns the clues it gave."""
        if self.stopped is not None:
            raise StichError(f"the record contradicts itself ({self.stopped}); nothing after it is read")
        index = self.events
        state = self.state
        before = len(self.clues)
        self._clues_before.append(before)
        mark = state.clue_mark()
        try:
            state.apply(event)
        except StichError as exc:
            clue = self._rejected(event, index)
            if clue is None or self.possible() & clue_mask(self.space, clue):
                self._clues_before.pop()
                raise StichError(f"event {index}: {exc}") from None
            self._add(clue)
            self.stopped = f"event {index}: {exc}"
            self.events += 1
            return self.clues[before:]
        self.events += 1
        for clue in state.event_clues(event, index, mark):
            self._add(clue)
        return self.clues[before:]

    def undo(self) -> None:
        """Take back the last event read: its clues, and its effect on the round unless it was the
        contradicting event that stopped the reading (which the round never took)."""
        if not self._clues_before:
            raise StichError("nothing to undo")
        before = self._clues_before.pop()
        del self.clues[before:]
        del self.masks[before:]
        self.events -= 1
        if self.stopped is not None:
            self.stopped = None
        else:
            self.state.undo()

    def _rejected(self, event: Event, index: int) -> Clue | None:
        """The clue a rejected event would give, if it is a claim about the secret."""
        try:
            return self.state.rejected_clue(event, index)
        except StichError:
            return None

    def evidence(self) -> Evidence:
        """What has been read so far."""
        return Evidence(
            self.space,
            tuple(self.record.players),
            self.view,
            self.holder,
            tuple(self.clues),
            self.state,
            self.events,
            self.stopped,
        )


def known_hypothesis(state: Round) -> int | None:
    """The hypothesis index of the secret the round knows (an omniscient round, or the holder's
    view), None when it does not know it."""
    return state.known_hypothesis()


@dataclass(frozen=True)
class Evidence:
    """The clues of one view, and the round replayed up to where they were read."""

    space: HypothesisSpace
    names: tuple[str, ...]
    view: int
    holder: int
    clues: tuple[Clue, ...]
    round: Round = field(compare=False, repr=False)
    events: int = 0  # record events read
    stopped: str | None = None  # the rule error of a contradicting event, which is the last clue

    def clues_for(self, seat: int | None = None) -> list[Clue]:
        """The clues ``seat`` knows (default: the view)."""
        seat = self.view if seat is None else seat
        return [clue for clue in self.clues if clue.known_to(seat)]

    def others(self) -> list[int]:
        """Every other seat, when the view is the holder's; else none."""
        if self.view != self.holder:
            return []
        return [s for s in range(len(self.names)) if s != self.holder]


def evidence(record: Record) -> Evidence:
    """The clues of a view record (a `StichError` for an omniscient one, or a broken record)."""
    tracker = HypothesisTracker(record)
    for event in record.events:
        tracker.apply(event)
        if tracker.stopped is not None:
            break
    return tracker.evidence()


@dataclass(frozen=True)
class Deduction:
    """What a view can deduce: its posterior, and from the holder's view each other seat's."""

    evidence: Evidence
    posterior: Posterior
    others: dict[int, Posterior]

    def to_json(self) -> DeductionJson:
        """The ``stich deduce --json`` body (without conflicts and card locations)."""
        ev = self.evidence
        return {
            "game": ev.space.game,
            "view": ev.view,
            "holder": ev.holder,
            "events": ev.events,
            "stopped": ev.stopped,
            **self.posterior.to_json(),
            "clues": [_clue_json(ev.space, clue) for clue in ev.clues],
            "others": [{"seat": seat, **post.to_json()} for seat, post in self.others.items()],
        }


def _clue_json(space: HypothesisSpace, clue: Clue) -> ClueJson:
    data: ClueJson = {"kind": clue.kind, "event": clue.event}
    if clue.kind in ("column", "trick"):
        if clue.kind == "column":
            data["column"] = clue.number
        else:
            data["trick"] = clue.number
        data["seats"] = [space.seat_json(s) for s in clue.seats]
        data["cards"] = space.deck.names(clue.cards)
        data["announced"] = space.seat_json(clue.announced)
    else:
        data["secret"] = space.to_json(clue.hypothesis)
        if clue.kind == "answer":
            data["seat"] = clue.seat
            data["after_trick"] = clue.number
            data["solved"] = clue.solved
    return data


def deduce(record: Record, method: Method = "brute-force") -> Deduction:
    """The posterior of a view record's seat, and from the holder's view every other seat's."""
    ev = evidence(record)
    mine = posterior(ev.space, consistent_hypotheses(ev.space, ev.clues_for(), method))
    others = {
        seat: posterior(ev.space, consistent_hypotheses(ev.space, ev.clues_for(seat), method))
        for seat in ev.others()
    }
    return Deduction(ev, mine, others)
