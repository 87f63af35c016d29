"""When no secret fits a view: a minimal set of clues that contradict each other, in one sentence.

The clues are those of `deducer.hypotheses` (announced winners of draft columns or
tricks, the reveal, the known secret, the viewing sleuth's own answers). A set of
clues is inconsistent when no hypothesis allows them all. `find_hypothesis_conflict`
takes the shortest inconsistent prefix of the view's clues (its last clue is where
the record first goes wrong) and shrinks it by deletion: a clue is dropped when the
rest stays inconsistent, so in the end dropping any one clue leaves a consistent set
(a minimal inconsistent subset). The starting set may instead come from CP-SAT:
the clues as assumptions, and the core it reports when it proves them infeasible.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from stich.deducer.hypotheses import Clue, Evidence, HypothesisSpace, clue_mask, cp_sat_model
from stich.games.trick import trick_winner

__all__ = [
    "HypothesisConflict",
    "Oracle",
    "conflict_message",
    "cp_sat_core",
    "find_hypothesis_conflict",
    "clues_consistent",
    "minimal_conflict",
]

Oracle: TypeAlias = Literal["deletion", "cp-sat"]


@dataclass(frozen=True)
class HypothesisConflict:
    """Clues that cannot all hold, and the sentence that says so."""

    clues: tuple[Clue, ...]
    message: str

    @property
    def events(self) -> tuple[int, ...]:
        """Indices of the record events named, in order."""
        return tuple(sorted({c.event for c in self.clues if c.event is not None}))

    def to_json(self) -> dict[str, object]:
        """``{"events": [...], "message": "..."}``."""
        return {"events": list(self.events), "message": self.message}


def clues_consistent(space: HypothesisSpace, clues: Sequence[Clue]) -> bool:
    """Whether some hypothesis allows every clue."""
    mask = space.all
    for clue in clues:
        mask &= clue_mask(space, clue)
    return mask != 0


def cp_sat_core(space: HypothesisSpace, clues: Sequence[Clue]) -> list[int] | None:
    """Indices of clues that CP-SAT finds infeasible together (None when all clues fit)."""
    from ortools.sat.python import cp_model  # a cross-check, imported where it runs

    built = cp_sat_model(space, clues, assumptions=True)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    status = solver.solve(built.model)
    name = solver.status_name(status)
    if name in ("OPTIMAL", "FEASIBLE"):
        return None
    if name != "INFEASIBLE":
        raise RuntimeError(f"CP-SAT stopped with status {name} while looking for a conflict")
    core = set(solver.sufficient_assumptions_for_infeasibility())
    return [k for k, literal in enumerate(built.literals) if literal.index in core]


def minimal_conflict(space: HypothesisSpace, clues: Sequence[Clue], oracle: Oracle = "deletion") -> list[int]:
    """Indices of a minimal inconsistent subset of ``clues`` (empty when they are consistent).

    ``deletion`` starts from the shortest inconsistent prefix; ``cp-sat`` from the core
    CP-SAT reports under assumptions. Either is then shrunk by deletion, latest first.
    """
    masks = [clue_mask(space, clue) for clue in clues]

    def fits(indices: Sequence[int]) -> bool:
        mask = space.all
        for k in indices:
            mask &= masks[k]
        return mask != 0

    if fits(range(len(clues))):
        return []
    if oracle == "cp-sat":
        core = cp_sat_core(space, clues)
        assert core is not None, "CP-SAT finds consistent what the masks find inconsistent"
        needed = sorted(core)
    else:
        end = next(k for k in range(1, len(clues) + 1) if not fits(range(k)))
        needed = list(range(end))
    for k in reversed(list(needed)):
        trial = [i for i in needed if i != k]
        if not fits(trial):
            needed = trial
    return needed


# -- the sentence --------------------------------------------------------------------


def _who(space: HypothesisSpace, names: Sequence[str], seat: int) -> str:
    return space.seat_text(seat, names)


def _joined(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _events(clues: Sequence[Clue]) -> str:
    said = [str(c.event) for c in clues if c.event is not None]
    known = any(c.kind == "secret" for c in clues)
    parts = []
    if said:
        parts.append(("event " if len(said) == 1 else "events ") + _joined(said))
    if known:
        parts.append("known.secret")
    return f" ({'; '.join(parts)})" if parts else ""


def _name(space: HypothesisSpace, names: Sequence[str], clue: Clue) -> str:
    """What the clue is, as players say it: ``column 2``, ``Anna's false suspicion gardener/knife``."""
    if clue.kind in ("column", "trick"):
        return f"{clue.kind} {clue.number}"
    if clue.kind == "answer":
        who = "" if clue.seat is None else f"{names[clue.seat]}'s "
        heard = "solved case" if clue.solved else "false suspicion"
        return f"{who}{heard} {space.text(clue.hypothesis)} after trick {clue.number}"
    if clue.kind == "reveal":
        return f"the reveal {space.text(clue.hypothesis)}"
    return f"the known {space.secret_name} {space.text(clue.hypothesis)}"


_ORDER = {"secret": 0, "column": 1, "trick": 1, "answer": 2, "reveal": 3}


def _ordered(clues: Sequence[Clue]) -> list[Clue]:
    """The known secret, the announcements, the answers, the reveal; each in record order."""
    return sorted(clues, key=lambda c: (_ORDER[c.kind], -1 if c.event is None else c.event, c.number))


def _names(space: HypothesisSpace, names: Sequence[str], clues: Sequence[Clue]) -> str:
    """``columns 2 and 5``, ``trick 3 and Anna's false suspicion ...``: announcements grouped."""
    parts: list[str] = []
    for kind in ("secret", "column", "trick", "answer", "reveal"):
        chosen = [c for c in clues if c.kind == kind]
        if kind in ("column", "trick") and len(chosen) > 1:
            parts.append(f"{kind}s {_joined([str(c.number) for c in chosen])}")
        else:
            parts += [_name(space, names, c) for c in chosen]
    return _joined(parts)


def _claim(space: HypothesisSpace, names: Sequence[str], clue: Clue) -> str:
    """What the clue says must happen, after "make": ``Ben's R6 win column 2``."""
    if clue.kind in ("column", "trick"):
        card = space.deck.name_of(clue.cards[clue.seats.index(clue.announced)])
        return f"{_who(space, names, clue.announced)}'s {card} win {clue.kind} {clue.number}"
    if clue.kind == "answer":
        return f"{space.text(clue.hypothesis)} be {'right' if clue.solved else 'wrong'}"
    return f"the {space.secret_name} be {space.text(clue.hypothesis)}"


def _outcome(space: HypothesisSpace, names: Sequence[str], h: int, clue: Clue) -> str:
    """What really happens to a clue under secret ``h``: ``Carla's R9 wins column 3, not Ben's B7``."""
    if clue.kind in ("column", "trick"):
        cards = space.deck.names(clue.cards)
        position = trick_winner(space.rules(h), clue.cards)
        winner = clue.seats[position]
        said = clue.seats.index(clue.announced)
        return (
            f"{_who(space, names, winner)}'s {cards[position]} wins {clue.kind} {clue.number}, "
            f"not {_who(space, names, clue.announced)}'s {cards[said]}"
        )
    if clue.kind == "answer":
        return f"the guess {space.text(clue.hypothesis)} is {'wrong' if clue.solved else 'right'}"
    return f"the {space.secret_name} are not {space.text(clue.hypothesis)}"


def conflict_message(space: HypothesisSpace, names: Sequence[str], clues: Sequence[Clue]) -> str:
    """One sentence naming the clues and why they cannot all hold."""
    clues = _ordered(clues)
    subject = _names(space, names, clues) + _events(clues)
    verb = "cannot hold" if len(clues) == 1 else "cannot both hold" if len(clues) == 2 else "cannot all hold"
    pins = [c for c in clues if c.pins]
    if pins and len(clues) == 2:
        pin = pins[0]
        other = clues[1] if clues[0] is pin else clues[0]
        h = pin.hypothesis
        if other.pins:
            return f"{subject} {verb}: they name different {space.secret_name}"
        under = f"with {space.secret_name} {space.text(h)}"
        return f"{subject} {verb}: {under}, {_outcome(space, names, h, other)}"
    claims = [_claim(space, names, c) for c in clues]
    return f"{subject} {verb}: no {space.secret_name} make {_joined(claims)}"


def find_hypothesis_conflict(
    ev: Evidence, seat: int | None = None, oracle: Oracle = "deletion"
) -> HypothesisConflict | None:
    """The first contradiction among the clues ``seat`` knows (default: the view), or None."""
    clues = ev.clues_for(seat)
    needed = minimal_conflict(ev.space, clues, oracle)
    if not needed:
        return None
    chosen = [clues[k] for k in needed]
    return HypothesisConflict(tuple(chosen), conflict_message(ev.space, ev.names, chosen))
