"""The solver of one position: nodes, values by zero-window searches, move values and a best line.

`Solver` compiles a position's tables (`solvers.tables`), builds the search
(`solvers.search`, or the compiled kernel `solvers._dd` where it applies) and asks it
yes/no questions: a value is found by asking "can the side take ≥ t?" for a sequence
of targets t, every question reusing the transposition table of the ones before (as
DDS does). Nodes outside the hot path (`Node`: the root, its children, the line) are
plain objects; `solve` is the one-call form.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from stich.games.cards import Card, CardSet
from stich.games.trick_tables import Declaration, TrickTables
from stich.solvers.objectives import Objective, Progress, make_objective
from stich.solvers.position import ObjectiveKind, Position
from stich.solvers.search import (
    DEFAULT_TT_LIMIT,
    Seating,
    TranspositionTable,
    make_keys,
    make_search,
)
from stich.solvers.tables import SearchTables, build_tables

if TYPE_CHECKING:  # the kernel's table types live in its stub (solvers/_dd.pyi)
    from stich.solvers._dd import KernelObjective, StateTables

__all__ = ["Move", "Node", "SolveTimeout", "Solution", "Solver", "kernel_missing", "solve"]

_dd: ModuleType | None
_KERNEL_ERROR: str | None = None
try:  # the compiled kernel of the common case; the pure-Python search is its reference
    import stich.solvers._dd as _dd
except ImportError as exc:  # pragma: no cover - built by `pip install`; without a C compiler Python serves
    _dd = None
    _KERNEL_ERROR = str(exc)


def kernel_missing() -> str | None:
    """Why the compiled kernel (``stich.solvers._dd``) did not load, or None when it did: without it
    the pure-Python search serves every position, some 20 to 100 times slower."""
    if _dd is not None:
        return None
    return _KERNEL_ERROR or "stich.solvers._dd is not installed"


class SolveTimeout(Exception):
    """A search ran past its solver's ``deadline``; the table keeps only finished answers."""


@dataclass(frozen=True)
class Move:
    """A card and what it declares (24: ``reverse``, Trump Chaos ``trump``)."""

    card: Card
    declaration: Declaration = ()


@dataclass(frozen=True)
class Solution:
    """The result of `solve`: the value, each legal move's value, a best line of play and the
    winner of each trick the line completes."""

    value: int
    side: tuple[int, ...]
    goal: str
    moves: tuple[tuple[Move, int], ...]
    line: tuple[tuple[int, Move], ...]
    nodes: int
    winners: tuple[int, ...] = ()


@dataclass
class Node:
    """A position inside the search (outside the hot path): root, its children, the line."""

    hands: list[CardSet]
    seat: int
    k: int
    live: int
    pending: int
    follow: int
    wcard: int
    wseat: int
    tmask: CardSet
    present: CardSet
    prog: Progress
    left: int
    gained: int = 0
    trail: tuple[tuple[int, Move], ...] = field(default=())
    winners: tuple[int, ...] = field(default=())


class Solver:
    """Double-dummy solver for one position; the transposition table lives as long as the solver."""

    def __init__(
        self,
        position: Position,
        tt_limit: int = DEFAULT_TT_LIMIT,
        kernel: bool = True,
        objective: Objective | None = None,
    ) -> None:
        """``kernel``: let the compiled kernel search where it can serve (else the Python search
        always runs); ``objective``: what the side plays for, by default the position's own
        (`make_objective`)."""
        self.position = position
        self.trick_tables: TrickTables = position.context.trick_tables()
        self.objective: Objective = make_objective(position) if objective is None else objective
        self.side: tuple[int, ...] = position.side()
        self.size = position.deck.size
        self.seats = position.playing
        self.tt_limit = tt_limit
        self.nodes = 0
        self.tables: SearchTables = build_tables(self.trick_tables, self.objective.card_tags(self.size))
        self.seating = Seating.of(self.seats, self.side, position.players)
        # The team the search (and its table) answers for; the other team's questions are
        # turned into its own while the solver serves that team (see `reuse_for`).
        self._searched: tuple[int, ...] = self.side
        keys = make_keys(self.tables, self.seats, self.objective.additive)
        max_left = max(h.bit_count() for h in position.hands) + 1
        self.table = TranspositionTable(max_left + 1, tt_limit, self.tables.partition, keys)
        equal_sizes = not position.context.extra_cards
        search = make_search(
            self.tables,
            self.seating,
            self.objective,
            self.table,
            keys,
            self.trick_tables.declarations,
            equal_sizes,
        )
        self._boundary: Any = search.boundary
        self._inner: Any = search.inner
        self._count = search.nodes
        self._search = search
        # A time limit for the searches (`time.monotonic` seconds); past it a search raises
        # SolveTimeout (looked at every 1,024 nodes).
        self.deadline: float | None = None
        # A limit on the node count (`nodes`, counted over the solver's life); past it a search
        # raises SolveTimeout, on the same node in the kernel and in Python.
        self.node_limit: int | None = None
        self._kernel: Any = None
        spec = self.objective.kernel_spec() if kernel else None
        if spec is not None and self._kernel_applies():
            self._start_kernel(max_left, equal_sizes, spec)

    @property
    def partition(self) -> bool:
        """Whether the table stores answers for partitions of positions (one ranking for the play)."""
        return self.tables.partition

    def _kernel_applies(self) -> bool:
        """The compiled kernel serves every game within its fixed-size arrays (and every objective
        whose `Objective.kernel_spec` is not None)."""
        t = self.tables
        if _dd is None:
            return False
        return (
            self.size <= _dd.MAX_CARDS
            and self.position.players <= _dd.MAX_PLAYERS
            and len(t.key_groups) <= _dd.MAX_GROUPS
            and len(t.beaters) <= _dd.MAX_STATES
            and all(len(t.quick[s]) <= _dd.MAX_CLASSES for s in t.reach)
            and all(len(c) <= _dd.MAX_DECLARATIONS for c in self.trick_tables.declarations.values())
        )

    def _start_kernel(self, max_left: int, equal_sizes: bool, objective: KernelObjective) -> None:
        assert _dd is not None
        t = self.tables
        states: list[StateTables | None] = [None] * len(t.beaters)
        for s in t.reach:
            states[s] = {
                "beaters": t.beaters[s],
                "lead_follow": t.lead_follow[s],
                "late_follow": t.late_follow[s],
                "free": t.free[s],
                "wizards": t.wizards[s],
                "power": t.power[s],
                "stronger": t.stronger[s],
                "class_of": t.class_of[s],
                "trump_mask": t.trump_mask[s],
                "quick": t.quick[s],
                "strength": t.strength[s],
                "structured": t.structured[s],
                "must_follow": t.must_follow[s],
                "ascending": t.ascending[s],
                "plain": t.plain[s],
                "ranked": t.ranked[s],
                "strength_desc": t.strength_desc[s],
                "levels": t.levels[s],
                "trumps_desc": t.trumps_desc[s],
                "tp": t.trump_power[s],
            }
        kernel = _dd.Kernel(
            size=self.size,
            players=self.position.players,
            seats=list(self.seats),
            nxt=list(self.seating.nxt),
            sideof=[int(x) for x in self.seating.sideof],
            states=states,
            declarations={
                key: [nxt for _, nxt in choices] for key, choices in self.trick_tables.declarations.items()
            },
            declaring=t.declaring,
            span=t.span,
            key_groups=list(t.key_groups),
            absolute=t.absolute,
            group_of=t.group_of,
            partition=t.partition,
            equal_sizes=equal_sizes,
            objective=objective,
            max_left=max_left,
            tt_limit=self.tt_limit,
        )
        self._kernel = kernel
        self._boundary = kernel.boundary
        self._inner = kernel.inner

    # -- nodes outside the hot path ------------------------------------------------------

    def reuse_for(self, position: Position) -> bool:
        """Point the solver at another leader of the same deal (same hands, context and objective),
        keeping the transposition table; False (and unchanged) if it does not fit.

        The leader may belong to the other team when two teams share the tricks (objective
        ``tricks``, every seat in one of two teams): the table answers for the team it was
        built for, and "can the other team take ≥ t of the n tricks to come?" is asked as
        "can it not take ≥ n − t + 1?" (DDS shares its table between the two sides likewise)."""
        old = self.position
        side = position.side()
        if (
            not self._same_rules(position)
            or position.hands != old.hands
            or position.trick
            or old.trick
            or (side != self._searched and not self._complement(side))
        ):
            return False
        self.position = position
        if side != self.side:
            self.side = side
            self.seating = Seating.of(self.seats, side, position.players)
        return True

    def _same_rules(self, position: Position) -> bool:
        """Whether ``position`` shares the solver's game, options, context, objective, teams and
        the tricks won and taken so far: what its tables and table entries rest on."""
        old = self.position
        return (
            position.game == old.game
            and dict(position.options) == dict(old.options)
            and position.context == old.context
            and position.objective == old.objective
            and position.teams == old.teams
            and position.won == old.won
            and position.taken == old.taken
        )

    def _complement(self, side: tuple[int, ...]) -> bool:
        """Whether ``side`` is the other of two teams sharing the tricks with the searched team."""
        teams = self.position.teams
        return (
            self.objective.additive
            and self.position.objective.type is ObjectiveKind.TRICKS
            and teams is not None
            and len(teams) == 2
            and set(teams[0]) | set(teams[1]) == set(self.seats)
            and set(side) | set(self._searched) == set(self.seats)
            and not set(side) & set(self._searched)
        )

    def reuse_for_world(self, position: Position) -> bool:
        """Point the solver at the same position in another world: other hands of the same sizes,
        everything else (context, objective, teams, trick, won and taken) equal, keeping the
        transposition table; False (and unchanged) if it does not fit.

        Sound because the table's keys hold every hand's (relative) cards at a trick boundary,
        and all else an entry depends on is fixed by what is compared here; DDS likewise keeps
        its table between solves of similar deals."""
        old = self.position
        if (
            not self._same_rules(position)
            or [h.bit_count() for h in position.hands] != [h.bit_count() for h in old.hands]
            or position.leader != old.leader
            or position.trick != old.trick
        ):
            return False
        self.position = position
        return True

    def root(self) -> Node:
        """The position as a search node."""
        pos, trick_tables = self.position, self.trick_tables
        hands = list(pos.hands)
        present = 0
        for h in hands:
            present |= h
        seats = pos.trick_seats()
        live = trick_tables.live
        follow, wcard, wseat, tmask = -1, -1, pos.leader, 0
        beats = self.tables.beaters[live]
        for i, c in enumerate(pos.trick):
            if wcard < 0 or beats[wcard] >> c & 1:
                wcard, wseat = c, seats[i]
            if follow == -1:
                follow = (self.tables.late_follow if i else self.tables.lead_follow)[live][c]
            tmask |= 1 << c
        present |= tmask
        seat = seats[len(pos.trick)]
        return Node(
            hands,
            seat if pos.trick else pos.leader,
            len(pos.trick),
            live,
            trick_tables.pending if pos.trick else trick_tables.live,
            follow,
            wcard,
            wseat,
            tmask,
            present,
            self.objective.start(),
            pos.tricks_left(),
        )

    def legal(self, node: Node) -> list[Card]:
        """Legal cards at a node, lowest first."""
        hand = node.hands[node.seat]
        if node.follow > 0:
            f = hand & node.follow
            legal = (f | (hand & self.tables.free[node.live])) if f else hand
        else:
            legal = hand
        return [c for c in range(self.size) if legal >> c & 1]

    def moves(self, node: Node) -> list[Move]:
        """Every legal move at a node (cards with their declarations)."""
        return [
            Move(c, decl) for c in self.legal(node) for decl, _ in self.trick_tables.choices(node.pending, c)
        ]

    def child(self, node: Node, move: Move) -> Node:
        """The node after a move."""
        c = move.card
        npend = dict(self.trick_tables.choices(node.pending, c))[move.declaration]
        hands = list(node.hands)
        hands[node.seat] ^= 1 << c
        beats = self.tables.beaters[node.live]
        if node.wcard < 0 or beats[node.wcard] >> c & 1:
            wcard, wseat = c, node.seat
        else:
            wcard, wseat = node.wcard, node.wseat
        tables = self.tables
        first_class = (tables.late_follow if node.k else tables.lead_follow)[node.live][c]
        follow = first_class if node.follow == -1 else node.follow
        tmask = node.tmask | 1 << c
        trail = (*node.trail, (node.seat, move))
        if node.k + 1 < len(self.seats):
            return Node(
                hands,
                self.seating.nxt[node.seat],
                node.k + 1,
                node.live,
                npend,
                follow,
                wcard,
                wseat,
                tmask,
                node.present,
                node.prog,
                node.left,
                node.gained,
                trail,
                node.winners,
            )
        gained = node.gained + (1 if self.objective.additive and self.seating.sideof[wseat] else 0)
        prog = node.prog if self.objective.additive else self.objective.after_trick(node.prog, wseat, tmask)
        return Node(
            hands,
            wseat,
            0,
            npend,
            npend,
            -1,
            -1,
            wseat,
            0,
            node.present & ~tmask,
            prog,
            node.left - 1,
            gained,
            trail,
            (*node.winners, wseat),
        )

    def test(self, node: Node, target: int) -> bool:
        """Can the side reach value-to-go ≥ ``target`` from ``node`` (not counting ``node.gained``)?"""
        if self.side != self._searched:
            # The other team's tricks: the searched team takes the rest of the ``node.left``.
            return not self._test(node, node.left - target + 1)
        return self._test(node, target)

    def _test(self, node: Node, target: int) -> bool:
        """The search's question, for the team it was built for."""
        hands = list(node.hands)
        limit = self.deadline or 0.0
        if self._kernel is not None:
            self._kernel.deadline = limit
            self._kernel.node_limit = self.node_limit or 0
        else:
            self._search.deadline[0] = limit
            self._search.node_limit[0] = self.node_limit or 0
        try:
            if node.k == 0:
                result, _ = self._boundary(
                    hands, node.seat, node.live, node.prog, target, node.left, node.present
                )
            else:
                frame = (node.live, node.prog, target, node.left, node.present)
                trick = (node.pending, node.follow, node.wcard, node.wseat, node.tmask)
                result, _ = self._inner(hands, node.seat, node.k, *trick, frame)
        except TimeoutError:
            raise SolveTimeout("the search ran past its deadline") from None
        finally:
            self.nodes = self._nodes()
        if self._search.timed_out[0]:
            self._search.timed_out[0] = False
            raise SolveTimeout("the search ran past its deadline")
        return bool(result)

    def _nodes(self) -> int:
        return int(self._kernel.nodes) if self._kernel is not None else self._count[0]

    @property
    def compiled(self) -> bool:
        """Whether the compiled kernel (``stich.solvers._dd``) runs this solver's search."""
        return self._kernel is not None

    def value_to_go(
        self, node: Node, lo: int | None = None, hi: int | None = None, guess: int | None = None
    ) -> int:
        """The exact value from ``node`` on, by zero-window searches between ``lo`` and ``hi``.

        With a ``guess`` the first questions are "≥ guess?" and then one step up or down
        (two questions when the guess is right, as DDS does with the previous result);
        otherwise the interval is halved.
        """
        objective = self.objective
        vlo, vhi = (
            objective.value_range(node.left) if objective.additive else objective.bounds(node.prog, node.left)
        )
        lo = vlo if lo is None else max(lo, vlo)
        hi = vhi if hi is None else min(hi, vhi)
        probes = 0 if guess is not None else 2
        while lo < hi:
            guessing = guess is not None and probes < 2
            mid = min(max(guess, lo + 1), hi) if guess is not None and guessing else (lo + hi + 1) // 2
            probes += 1
            if self.test(node, mid):
                lo = mid
                guess = mid + 1
            else:
                hi = mid - 1
                guess = mid - 1
        return lo

    def value(self, guess: int | None = None) -> int:
        """The value of the position for the side (remaining tricks, 0/1, or minus 24 points);
        ``guess``, a likely value, saves questions when it is close."""
        return self.value_to_go(self.root(), guess=guess)

    def can_make(self, target: int) -> bool:
        """Can the side reach ``target`` from the position?"""
        return self.test(self.root(), target)

    def move_values(
        self,
        node: Node | None = None,
        best: int | None = None,
        only: Collection[Card] | None = None,
        lo: int | None = None,
        hi: int | None = None,
        guess: int | None = None,
    ) -> list[tuple[Move, int]]:
        """Each legal move with the value the side reaches after it (counted from ``node``); none once
        the tricks are over (Stich für Stich's confidant keeps 3 cards).

        ``only``: just the moves of these cards (then the node's own value, which bounds every
        move's, is not searched unless given as ``best``). ``lo``, ``hi``: each value clamped
        to them, for a caller that only needs to know, say, whether a move reaches ``hi``
        (with ``guess = hi``: one question instead of a value's several). ``guess``: a likely
        value of each move, asked first.
        """
        node = self.root() if node is None else node
        if node.left == 0:
            return []
        if best is None and only is None:
            best = self.value_to_go(node)
        on_side = self.seating.sideof[node.seat]
        out: list[tuple[Move, int]] = []
        known: dict[tuple[int, Declaration], int] = {}
        groups = self._equivalence_runs(node)
        for move in self.moves(node):
            if only is not None and move.card not in only:
                continue
            rep = groups[move.card]
            if (rep, move.declaration) in known:
                out.append((move, known[(rep, move.declaration)]))
                continue
            child = self.child(node, move)
            offset = child.gained - node.gained
            clo = None if lo is None else lo - offset
            chi = None if hi is None else hi - offset
            if best is not None:
                # The side's moves reach at most the best, the others' moves at least.
                if on_side:
                    chi = best - offset if chi is None else min(chi, best - offset)
                else:
                    clo = best - offset if clo is None else max(clo, best - offset)
            v = offset + self.value_to_go(child, clo, chi, None if guess is None else guess - offset)
            if lo is not None:
                v = max(v, lo)
            if hi is not None:
                v = min(v, hi)
            known[(rep, move.declaration)] = v
            out.append((move, v))
        return out

    def _equivalence_runs(self, node: Node) -> dict[Card, Card]:
        """Each legal card → the lowest card of its run of equivalent cards."""
        hand = node.hands[node.seat]
        outside = node.present & ~hand
        span = self.tables.span
        rep: dict[Card, Card] = {}
        prev = first = -1
        legal = self.legal(node)
        if self.tables.ranked[node.live]:
            # Nobody need follow: the whole hand weakest first (as the search finds its runs).
            legal = sorted(legal, key=self.tables.strength_rank[node.live].__getitem__)
        for c in legal:
            if prev >= 0:
                sp = span[prev * self.size + c] if prev < c else span[c * self.size + prev]
                if sp >= 0 and not sp & outside:
                    rep[c] = first
                    prev = c
                    continue
            rep[c] = first = prev = c
        return rep

    def best_line(self, node: Node | None = None, value: int | None = None) -> Node:
        """The node at the end of a best line of play (its ``trail`` and ``winners`` tell the line)."""
        node = self.root() if node is None else node
        total = self.value_to_go(node) if value is None else value
        total += node.gained
        while node.left > 0:
            on_side = self.seating.sideof[node.seat]
            for move in self.moves(node):
                child = self.child(node, move)
                need = total - child.gained
                ok = self.test(child, need) if on_side else not self.test(child, need + 1)
                if ok:
                    node = child
                    break
            else:  # pragma: no cover - a value always has a move that keeps it
                raise AssertionError("no move keeps the value")
        return node

    def line(self, node: Node | None = None, value: int | None = None) -> list[tuple[int, Move]]:
        """A best line of play to the end: (seat, move) pairs."""
        return list(self.best_line(node, value).trail)

    def solve(self, with_line: bool = True) -> Solution:
        """Value, move values and a best line."""
        root = self.root()
        value = self.value_to_go(root)
        moves = self.move_values(root, value)
        end = self.best_line(root, value) if with_line else root
        report = self.objective.report
        return Solution(
            report(value),
            self.side,
            self.objective.goal,
            tuple((m, report(v)) for m, v in moves),
            end.trail,
            self._nodes(),
            end.winners,
        )

    @property
    def table_entries(self) -> int:
        """Entries in the transposition table now."""
        if self._kernel is not None:
            return int(self._kernel.entries)
        return self.table.entries


def solve(position: Position, with_line: bool = True, tt_limit: int = DEFAULT_TT_LIMIT) -> Solution:
    """Solve a position: its value, each legal move's value and a best line."""
    return Solver(position, tt_limit).solve(with_line)
