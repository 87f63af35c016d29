"""The fast double-dummy search: "can the side reach the target from here?".

A boolean goal search over the trick algebra of `games.trick`, in the manner of
Bo Haglund's DDS:

- **Transposition table** keyed at trick boundaries on the remaining cards with
  cards of equal standing collapsed to their relative rank inside their block (a
  hand holding the 2nd and 4th highest remaining hearts looks the same whichever
  hearts have gone), the leader, the dynamic state and the objective's progress.
  It stores lower and upper bounds; it has a size limit and evicts the entries
  with the fewest tricks left first (cheapest to find again).
- **Partition search.** Where one ranking holds to the end, an answer is stored
  with the cards whose rank it rested on (DDS's "winning ranks", Ginsberg's
  partition search): it then serves every position with the same suit lengths and
  the same owners of those cards, wherever the low cards lie.
- **Equivalent cards.** Of cards in one hand that no card outside that hand can
  tell apart (no card still in play or on the table lies between them, in any
  ranking the round can reach), only one is tried.
- **Quick tricks.** At a trick boundary, the tricks the side on lead can cash at
  once (top cards nobody can beat or ruff, wizards) and the trumps of a hand that
  nobody on the other side can beat bound the value and often end the search.
- **Move ordering**: when leading, cards nobody can beat or ruff first, and suits
  whose top the partner holds; when following, the cheapest card that takes the
  trick over from the other side, else the lowest.

The units, as `solvers/_dd.c` has them, each a top-level function or class usable alone:
here the table keys (`make_keys`), the `TranspositionTable`, the last trick
(`last_trick`), the legal cards and their equivalence (`legal_cards`,
`equivalent_candidates`), the bounds a boundary consults in turn (`make_boundary_bounds`)
and the search itself (`SearchState`, what the kernel's ``Kernel`` holds; `make_boundary`
and `make_inner`, closures over it for speed: ``boundary`` at the start of a trick,
``inner`` inside it; `make_search` hands them to the solver); the table probe
(`probe_table`); the bounds in
`solvers.bounds` and `solvers.pair_quick`, the move ordering in `solvers.ordering`, the
seating in `solvers.seating`. Cards are ints, hands int bitmasks. `solvers/_dd.c` mirrors them
step by step, node for node. `solvers.solver.Solver` puts them together and asks the questions.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, TypeAlias

from stich.games.cards import Card, CardSet, popcount
from stich.games.trick_tables import Declaration
from stich.solvers.bounds import (
    make_later_tricks,
    make_lone_last_trick,
    make_quick_tricks,
    make_sure_tricks,
    make_sure_trumps,
)
from stich.solvers.objectives import Objective, Progress
from stich.solvers.ordering import (
    KILLER_BONUS,
    LEAD_LENGTH_WEIGHT,
    NO_TRUMP_KILLER_BONUS,
    NO_TRUMP_LEAD_LENGTH_WEIGHT,
    NO_TRUMP_PARTNER_VOID,
    PARTNER_RUFF_BONUS,
    RUFF_RETURN_BONUS,
    MoveOrdering,
    make_move_ordering,
)
from stich.solvers.pair_quick import PairQuick, make_pair_quick
from stich.solvers.seating import Seating
from stich.solvers.tables import SearchTables

__all__ = [
    "DEFAULT_TT_LIMIT",
    "KILLER_BONUS",
    "LEAD_LENGTH_WEIGHT",
    "NO_TRUMP_KILLER_BONUS",
    "NO_TRUMP_LEAD_LENGTH_WEIGHT",
    "NO_TRUMP_PARTNER_VOID",
    "PARTNER_RUFF_BONUS",
    "RUFF_RETURN_BONUS",
    "Keys",
    "MoveOrdering",
    "PairQuick",
    "SearchState",
    "make_boundary",
    "make_inner",
    "probe_table",
    "Search",
    "Seating",
    "TrickFrame",
    "TranspositionTable",
    "compress",
    "equivalent_candidates",
    "last_trick",
    "legal_cards",
    "make_boundary_bounds",
    "make_keys",
    "make_later_tricks",
    "make_lone_last_trick",
    "make_move_ordering",
    "make_pair_quick",
    "make_quick_tricks",
    "make_search",
    "make_sure_tricks",
    "make_sure_trumps",
]

DEFAULT_TT_LIMIT = 2_000_000

# Relative holdings are packed in fields of 14 bits (a block of up to 14 cards).
FIELD_BITS = 14


def _pext(x: int, m: int) -> int:
    out = 0
    i = 0
    while m:
        low = m & -m
        if x & low:
            out |= 1 << i
        i += 1
        m ^= low
    return out


# compress(x, m) ("parallel bit extract"): the bits of x at the positions of m, packed
# to the bottom. Two 7-bit table look-ups serve masks of up to 14 bits.
_PEXT7 = tuple(_pext(x, m) for m in range(128) for x in range(128))
_POP7 = tuple(popcount(m) for m in range(128))


def compress(x: int, m: int) -> int:
    """The bits of ``x`` where ``m`` has ones, packed to the bottom (``m`` below 2**14)."""
    return _PEXT7[(m & 127) << 7 | (x & 127)] | _PEXT7[(m >> 7 & 127) << 7 | (x >> 7 & 127)] << _POP7[m & 127]


TrickFrame: TypeAlias = tuple[int, Progress, int, int, CardSet]
"""What stays fixed while a trick is played: (live state, the objective's progress, the target,
tricks left with this one, the cards in play at its start)."""

_NO_FLOOR = 1 << 63  # no card of the group was relevant: every card of it is below this

Answer: TypeAlias = tuple[bool, CardSet]
"""A search answer and the cards whose rank it rested on (for partition search)."""


# -- table keys -----------------------------------------------------------------------


class Keys(NamedTuple):
    """The transposition table's keys (see `make_keys`)."""

    exact: Callable[[list[CardSet], int, int, Progress, CardSet], Any]
    shape: Callable[[list[CardSet], int, Progress, CardSet], tuple[Any, int]]
    top_fields: Callable[[CardSet, CardSet], tuple[int, CardSet]]
    entry_rel: Callable[[int, CardSet], CardSet]


def make_keys(tables: SearchTables, seats: Sequence[int], additive: bool) -> Keys:
    """The keys of a position at a trick boundary, for exact entries or for partition search."""
    key_groups = tables.key_groups
    absolute = tables.absolute
    single_state = tables.single_state
    pext7, pop7 = _PEXT7, _POP7
    field_bits = FIELD_BITS
    # A ranked state (nobody need follow, the strongest card wins): the cards keyed by their
    # order among the cards in play, not by name.
    levels = tables.levels[tables.reach[0]] if tables.ranked[tables.reach[0]] else ()

    def ranked_holdings(hands: list[CardSet], present: CardSet) -> tuple[CardSet, ...]:
        """Every hand's cards renumbered by their order among the cards in play (strongest first,
        equal cards hand by hand), and where each strength starts: two positions with the same
        holdings play alike, the winner of every trick being the same seat."""
        out = [0] * len(seats)
        starts = 0
        j = 0
        for level in levels:
            if not level & present:
                continue
            starts |= 1 << j
            for i, s in enumerate(seats):
                n = (hands[s] & level).bit_count()
                if n:
                    out[i] |= ((1 << n) - 1) << j
                    j += n
        return (*out, starts)

    def exact(hands: list[CardSet], leader: int, live: int, prog: Progress, present: CardSet) -> Any:
        """The exact key: every collapsed group's relative holdings, the rest as is."""
        parts: list[Any] = [leader]
        if not single_state:
            parts.append(live)
        if not additive:
            parts.append(prog)
        for shift, gmask in key_groups:
            p = present >> shift & gmask
            if not p:
                parts.append(-1)  # an empty group (keeps the key unambiguous)
                continue
            plo = (p & 127) << 7
            phi = (p >> 7 & 127) << 7
            pc = pop7[p & 127]
            for s in seats:
                x = hands[s] >> shift & gmask
                parts.append(pext7[plo | (x & 127)] | pext7[phi | (x >> 7 & 127)] << pc)
        if levels:
            parts.extend(ranked_holdings(hands, present))
        elif absolute:
            for s in seats:
                parts.append(hands[s] & absolute)
        return tuple(parts)

    def shape(hands: list[CardSet], leader: int, prog: Progress, present: CardSet) -> tuple[Any, int]:
        """Partition search: (lengths of every hand in every group and the uncollapsed cards,
        relative holdings packed in 14-bit fields)."""
        lengths = leader
        rels = 0
        for shift, gmask in key_groups:
            p = present >> shift & gmask
            plo = (p & 127) << 7
            phi = (p >> 7 & 127) << 7
            pc = pop7[p & 127]
            for s in seats:
                x = hands[s] >> shift & gmask
                lengths = lengths << 4 | x.bit_count()
                rels = rels << field_bits | pext7[plo | (x & 127)] | pext7[phi | (x >> 7 & 127)] << pc
        if levels:
            return (lengths, prog, *ranked_holdings(hands, present)), rels
        if absolute or not additive:
            return (lengths, prog, *(hands[s] & absolute for s in seats)), rels
        return lengths, rels

    def top_fields(rel: CardSet, present: CardSet) -> tuple[int, CardSet]:
        """The packed masks of the relevant top segment of every group, and its lowest cards."""
        tops = 0
        lows = 0
        for shift, gmask in key_groups:
            p = present >> shift & gmask
            r = rel >> shift & gmask & p
            for _ in seats:
                tops <<= field_bits
            if r:
                low = r & -r
                lows |= low << shift
                # Relative positions at or above the lowest relevant card.
                below = (p & (low - 1)).bit_count()
                top = ((1 << p.bit_count()) - 1) & ~((1 << below) - 1)
                mask = 0
                for _ in seats:
                    mask = mask << field_bits | top
                tops |= mask
        return tops, lows

    def entry_rel(tops: int, present: CardSet) -> CardSet:
        """The lowest relevant card of each group, in the current position, for a table hit."""
        rel = 0
        nseats = len(seats)
        for gi in range(len(key_groups) - 1, -1, -1):
            shift, gmask = key_groups[gi]
            top = tops & ((1 << field_bits) - 1)
            tops >>= field_bits * nseats
            if top:
                below = (top & -top).bit_length() - 1
                p = present >> shift & gmask
                for _ in range(below):
                    p &= p - 1
                rel |= (p & -p) << shift
        return rel

    return Keys(exact, shape, top_fields, entry_rel)


# -- the transposition table -------------------------------------------------------------


def _segment_weight(item: tuple[int, Any]) -> int:
    """How many relevant cards a stored top segment names (its packed masks' bits)."""
    return item[0].bit_count()


class TranspositionTable:
    """Lower and upper bounds by position, one level per number of tricks left, at most ``limit``
    entries.

    Exact entries map a key to ``[lo, hi]``. Under partition search a level maps a shape
    key to the relevant top segments seen (the fewest relevant cards first), each to the holdings
    in that segment stored with one bound pair: at most one entry per segment fits a
    position. When full, whole levels go, the fewest tricks left first (the cheapest to
    find again), until the table is half full.
    """

    def __init__(self, levels: int, limit: int, partition: bool, keys: Keys) -> None:
        self.levels: list[dict[Any, Any]] = [{} for _ in range(levels)]
        self.limit = limit
        self.partition = partition
        self.entries = 0
        self._top_fields = keys.top_fields

    def __len__(self) -> int:
        return self.entries

    def store(self, left: int, key: Any, rels: int, rel: CardSet, present: CardSet, lo: int, hi: int) -> None:
        """Record ``lo ≤ value ≤ hi`` for the position with ``key`` (and, under partition search,
        relative holdings ``rels`` and relevant cards ``rel``)."""
        table = self.levels[left]
        if not self.partition:
            if key not in table:
                self.entries += 1
                if self.entries > self.limit:
                    self.evict()
                    table = self.levels[left]
            table[key] = [lo, hi]
            return
        tops, _ = self._top_fields(rel, present)
        holds = rels & tops
        by_tops: dict[int, dict[int, list[int]]] | None = table.get(key)
        if by_tops is None:
            by_tops = table[key] = {}
        by_holds = by_tops.get(tops)
        if by_holds is None:
            by_holds = by_tops[tops] = {}
            weight = tops.bit_count()
            if any(t.bit_count() > weight for t in by_tops):
                # Fewest relevant cards first, so that look-ups ask the most general segments
                # first (the sort is stable: among equals, the order first stored).
                table[key] = dict(sorted(by_tops.items(), key=_segment_weight))
        bounds = by_holds.get(holds)
        if bounds is not None:
            if lo > bounds[0]:
                bounds[0] = lo
            if hi < bounds[1]:
                bounds[1] = hi
            return
        by_holds[holds] = [lo, hi]
        self.entries += 1
        if self.entries > self.limit:
            self.evict()

    def evict(self) -> None:
        """Drop whole levels, shallow first, until at most half the limit is left."""
        total = self.entries
        for table in self.levels:
            if total <= self.limit // 2:
                break
            total -= sum(len(h) for v in table.values() for h in v.values()) if self.partition else len(table)
            table.clear()
        self.entries = total


# -- the steps of a node --------------------------------------------------------------------


def last_trick(
    hands: list[CardSet], leader: int, nxt: tuple[int, ...], beats: list[CardSet], classes: list[CardSet]
) -> tuple[int, CardSet]:
    """The last trick, every hand playing its one card: the seat that wins it, and the winning card
    if its rank counted (it beat a card of its class; else 0)."""
    win = hands[leader].bit_length() - 1
    ws = leader
    s = nxt[leader]
    tmask = 1 << win
    while s != leader:
        c = hands[s].bit_length() - 1
        tmask |= 1 << c
        if beats[win] >> c & 1:
            win, ws = c, s
        s = nxt[s]
    return ws, (1 << win if tmask & classes[win] & ~(1 << win) else 0)


def legal_cards(hand: CardSet, follow: int, free: CardSet) -> CardSet:
    """The cards of ``hand`` that may be played to a trick whose class to follow is ``follow`` (-1 or
    0: none), ``free`` the cards that may always be played."""
    if follow > 0:
        f = hand & follow
        return (f | (hand & free)) if f else hand
    return hand


def equivalent_candidates(
    legal: CardSet, outside: CardSet, span: list[int], size: int, rank: tuple[int, ...] = ()
) -> tuple[list[Card], list[tuple[Card, Card]]]:
    """Of the cards ``legal``, scanned by index (or, given each card's ``rank``, weakest first),
    the lowest of each run that no card ``outside`` the hand splits, and the (lowest, highest
    card) of each run of more than one card."""
    seq = []
    while legal:
        low = legal & -legal
        seq.append(low.bit_length() - 1)
        legal ^= low
    if rank:
        seq.sort(key=rank.__getitem__)
    cands = []
    runs: list[tuple[int, int]] = []
    prev = first = -1
    for c in seq:
        if prev >= 0:
            sp = span[prev * size + c] if prev < c else span[c * size + prev]
            if sp >= 0 and not sp & outside:
                prev = c
                if runs and runs[-1][0] == first:
                    runs[-1] = (first, c)
                else:
                    runs.append((first, c))
                continue
        cands.append(c)
        prev = first = c
    return cands, runs


BoundaryBounds: TypeAlias = Callable[
    [list[CardSet], int, int, int, int, CardSet, Any, int, int, int], tuple[Answer | None, int, int]
]


def make_boundary_bounds(
    tables: SearchTables, seating: Seating, objective: Objective, table: TranspositionTable, equal_sizes: bool
) -> BoundaryBounds:
    """The bounds a trick boundary consults, in turn, for a monotone objective (see ``bounds``)."""
    sideof = seating.sideof
    additive = objective.additive
    ranked = tables.ranked
    single_state = tables.single_state
    trumps_of = tables.trumps
    store = table.store
    quick = make_quick_tricks(tables, seating)
    sure_trumps = make_sure_trumps(tables, seating)
    sure_tricks = make_sure_tricks(tables, seating)
    lone_last = make_lone_last_trick(tables, seating)
    later = make_later_tricks(tables, seating)
    pair = make_pair_quick(tables, seating, additive, equal_sizes, bool(tables.declaring))
    pair_applies, pair_lead = pair.applies, pair.lead

    def settle(
        sure: bool, left: int, key: Any, rels: int, rel: CardSet, present: CardSet, lo: int, hi: int
    ) -> Answer:
        store(left, key, rels, rel, present, lo, hi)
        return sure, rel

    def bounds(
        hands: list[CardSet],
        leader: int,
        live: int,
        target: int,
        left: int,
        present: CardSet,
        key: Any,
        rels: int,
        lo: int,
        hi: int,
    ) -> tuple[Answer | None, int, int]:
        """The answer the bounds settle (stored in the table), or None; and the value's bounds
        ``lo``, ``hi`` the search goes on with. The quick tricks (two partnerships: the count
        that stops at the tricks the question needs); then where nobody need follow and the
        strongest card wins each side's sure tricks, else the sure trumps of one state, else
        (the question whether the side takes every trick or none) a trick lost later."""
        leading = sideof[leader]
        if pair_applies(live, present):
            found = pair_lead(hands, leader, live, present, target if leading else left - target + 1)
            if found is not None:
                q, qrel = found
                if leading:
                    return settle(True, left, key, rels, qrel, present, q, left), lo, hi
                return settle(False, left, key, rels, qrel, present, 0, left - q), lo, hi
        else:
            q, qrel = quick(hands, leader, live, present)
            if leading:
                if q >= target:
                    return settle(True, left, key, rels, qrel, present, q, left), lo, hi
            elif left - q < target:
                return settle(False, left, key, rels, qrel, present, 0, left - q), lo, hi
        if ranked[live]:
            mine, theirs = sure_tricks(hands, live, present, left)
            if not (mine and theirs):
                # A seat alone on its side, last to play to this trick: one sure trick more often.
                lone_mine, lone_theirs = lone_last(hands, live, present, left, leader)
                mine = max(mine, lone_mine)
                theirs = max(theirs, lone_theirs)
            if mine >= target:
                return settle(True, left, key, rels, 0, present, mine, left), lo, hi
            if left - theirs < target:
                return settle(False, left, key, rels, 0, present, 0, left - theirs), lo, hi
            return None, mine, left - theirs
        if single_state and present & trumps_of[live]:
            mine, theirs, srel, trel = sure_trumps(hands, live, present, left)
            if mine >= target:
                return settle(True, left, key, rels, srel, present, mine, left), lo, hi
            if left - theirs < target:
                return settle(False, left, key, rels, trel, present, 0, left - theirs), lo, hi
        elif additive and (target == left if leading else target == 1):
            short, lrel = later(hands, leader, live, present, left)
            if short:
                if leading:
                    return settle(False, left, key, rels, lrel, present, 0, left - 1), lo, hi
                return settle(True, left, key, rels, lrel, present, 1, left), lo, hi
        return None, lo, hi

    return bounds


# -- the search ---------------------------------------------------------------------------


class SearchState:
    """What the search's two entry points share (the kernel's ``Kernel``): the tables, the seating,
    the objective, the transposition table and its keys, the declarations, the bounds, the
    move ordering; the node count (``nodes[0]``), the time limit (``deadline[0]``,
    `time.monotonic` seconds, 0 for none; looked at every 1,024 nodes), the node limit
    (``node_limit[0]``, a node count, 0 for none), whether a search ran past either
    (``timed_out[0]``: the search then unwinds storing nothing more, and its answer
    means nothing) — one-element lists, as the solver shares them — the killer leads by tricks
    left, and the entry points ``boundary`` and ``inner`` once made (`make_search`)."""

    def __init__(
        self,
        tables: SearchTables,
        seating: Seating,
        objective: Objective,
        table: TranspositionTable,
        keys: Keys,
        declarations: Mapping[tuple[int, Card], tuple[tuple[Declaration, int], ...]],
        equal_sizes: bool,
    ) -> None:
        self.tables = tables
        self.seating = seating
        self.objective = objective
        self.table = table
        self.keys = keys
        self.declarations = declarations
        self.equal_sizes = equal_sizes
        self.nodes = [0]
        self.deadline = [0.0]
        self.node_limit = [0]
        self.timed_out = [False]
        self.killers = [-1] * (tables.size + 1)  # by tricks left: the lead that last ended a node
        self.bounds = make_boundary_bounds(tables, seating, objective, table, equal_sizes)
        self.pair = make_pair_quick(tables, seating, objective.additive, equal_sizes, bool(tables.declaring))
        self.ordering = make_move_ordering(tables, seating)
        self.boundary: Callable[[list[CardSet], int, int, Progress, int, int, CardSet], Answer]
        self.inner: Callable[[list[CardSet], int, int, int, int, Card, int, CardSet, TrickFrame], Answer]


def probe_table(
    table: TranspositionTable,
    keys: Keys,
    hands: list[CardSet],
    leader: int,
    live: int,
    prog: Progress,
    target: int,
    left: int,
    present: CardSet,
) -> tuple[Answer | None, Any, int]:
    """The table's answer for a trick boundary, or None; and the position's key and relative holdings."""
    level = table.levels[left]
    if table.partition:
        key, rels = keys.shape(hands, leader, prog, present)
        by_tops = level.get(key)
        if by_tops is not None:
            # At most one entry per top segment fits: the one with this position's holdings.
            for tops, by_holds in by_tops.items():
                found = by_holds.get(rels & tops)
                if found is not None:
                    if found[0] >= target:
                        return (True, keys.entry_rel(tops, present)), key, rels
                    if found[1] < target:
                        return (False, keys.entry_rel(tops, present)), key, rels
        return None, key, rels
    key = keys.exact(hands, leader, live, prog, present)
    bounds = level.get(key)
    if bounds is not None:
        if bounds[0] >= target:
            return (True, 0), key, 0
        if bounds[1] < target:
            return (False, 0), key, 0
    return None, key, 0


def make_boundary(
    state: SearchState,
) -> Callable[[list[CardSet], int, int, Progress, int, int, CardSet], Answer]:
    """The search at a trick boundary (the kernel's ``boundary``), over ``state``."""
    tables, seating, objective, table = state.tables, state.seating, state.objective, state.table
    nxt, sideof = seating.nxt, seating.sideof
    additive, monotone = objective.additive, objective.monotone
    obj_bounds, final = objective.bounds, objective.final
    beaters, class_of = tables.beaters, tables.class_of
    keys, store = state.keys, table.store
    last_trick_here = additive and state.equal_sizes
    count, deadline, timed_out, node_limit = state.nodes, state.deadline, state.timed_out, state.node_limit
    bounds = state.bounds

    def boundary(
        hands: list[CardSet], leader: int, live: int, prog: Progress, target: int, left: int, present: CardSet
    ) -> Answer:
        """Can the side reach ``target`` from a trick boundary (trick empty, ``leader`` to lead)?"""
        count[0] += 1
        if deadline[0] and not count[0] & 1023 and time.monotonic() > deadline[0]:
            timed_out[0] = True
        if node_limit[0] and count[0] > node_limit[0]:
            timed_out[0] = True
        if timed_out[0]:
            return False, 0
        if additive:
            if target <= 0:
                return True, 0
            if target > left:
                return False, 0
            lo, hi = 0, left
        else:
            lo, hi = obj_bounds(prog, left)
            if lo >= target:
                return True, 0
            if hi < target:
                return False, 0
            if left == 0:
                return final(prog, live) >= target, 0
        if last_trick_here and left == 1:
            ws, wrel = last_trick(hands, leader, nxt, beaters[live], class_of[live])
            return sideof[ws], wrel
        found, key, rels = probe_table(table, keys, hands, leader, live, prog, target, left, present)
        if found is not None:
            return found
        if monotone:
            found, lo, hi = bounds(hands, leader, live, target, left, present, key, rels, lo, hi)
            if found is not None:
                return found
        result, rel = state.inner(
            hands, leader, 0, live, -1, -1, leader, 0, (live, prog, target, left, present)
        )
        if timed_out[0]:
            return False, 0  # an unfinished answer is not stored
        if result:
            store(left, key, rels, rel, present, target, hi)
        else:
            store(left, key, rels, rel, present, lo, target - 1)
        return result, rel

    return boundary


def make_inner(
    state: SearchState,
) -> Callable[[list[CardSet], int, int, int, int, Card, int, CardSet, TrickFrame], Answer]:
    """The search inside a trick (the kernel's ``inner``), over ``state``; ``state.boundary`` made."""
    tables, seating, objective = state.tables, state.seating, state.objective
    size, span, ranked, strength_rank = tables.size, tables.span, tables.ranked, tables.strength_rank
    nxt, sideof, last_k = seating.nxt, seating.sideof, len(seating.seats) - 1
    additive, after_trick = objective.additive, objective.after_trick
    beaters, class_of, free_of, group_of = tables.beaters, tables.class_of, tables.free, tables.group_of
    lead_follow, late_follow, declaring = tables.lead_follow, tables.late_follow, tables.declaring
    partition, decl_get, killers, boundary = (
        state.table.partition,
        state.declarations.get,
        state.killers,
        state.boundary,
    )
    pair_applies, pair_second = state.pair.applies, state.pair.second
    order_leads, order_follows, order_pair_leads, order_pair_follows = state.ordering

    def inner(
        hands: list[CardSet],
        seat: int,
        k: int,
        pending: int,
        follow: int,
        wcard: Card,
        wseat: int,
        tmask: CardSet,
        frame: TrickFrame,
    ) -> Answer:
        """Can the side reach the frame's target, ``seat`` to play the (k+1)-th card of the trick?
        ``pending``: the state for the next trick; ``follow``: the class to follow (-1 before a
        class is set, 0 for none); ``wcard``, ``wseat``: the card winning so far and its seat;
        ``tmask``: the cards of the trick so far."""
        live, prog, target, left, present = frame
        hand = hands[seat]
        if k == 1 and follow > 0 and 1 <= target <= left and pair_applies(live, present):
            # The second hand's side sure of the trick and of the tricks the question needs.
            need = target if sideof[seat] else left - target + 1
            srel = pair_second(hands, seat, live, follow, wcard, present, need)
            if srel is not None:
                return sideof[seat], srel
        legal = legal_cards(hand, follow, free_of[live])
        # Nobody need follow: cards of the whole hand, weakest first, so that equivalent cards
        # of different suits (equal numbers, or nothing left between them) meet.
        outside = present & ~hand
        cands, runs = equivalent_candidates(
            legal, outside, span, size, strength_rank[live] if ranked[live] else ()
        )
        if len(cands) > 1:
            if k <= 2 and pair_applies(live, present):
                tops = {low_card: high_card for low_card, high_card in runs}  # each run by its top
                if k == 0:
                    cands = order_pair_leads(cands, tops, hands, seat, present, live, killers[left])
                else:
                    cands = order_pair_follows(
                        cands, tops, hands, seat, k, follow, wcard, wseat, tmask, present, live
                    )
            elif k == 0:
                cands = order_leads(cands, hands, seat, outside, live, killers[left])
            else:
                cands = order_follows(cands, legal, hands, seat, k, follow, wcard, wseat, live)
        mine = sideof[seat]
        last = k == last_k
        beats = beaters[live]
        nseat = nxt[seat]
        rel = 0
        # Lowest win (DDS): per group, the card below which this hand's cards are known to fail.
        floors: dict[CardSet, CardSet] = {}
        for c in cands:
            bit = 1 << c
            group = group_of[c] if partition else 0
            if group and bit < floors.get(group, 0):
                continue
            hands[seat] = hand ^ bit
            if wcard < 0 or beats[wcard] >> c & 1:
                nw, ns = c, seat
            else:
                nw, ns = wcard, wseat
            nmask = tmask | bit
            plain = (((), pending),)
            choices = decl_get((pending, c), plain) if declaring >> c & 1 else plain
            for _decl, npend in choices:
                if last:
                    if additive:
                        res, crel = boundary(
                            hands,
                            ns,
                            npend,
                            prog,
                            target - 1 if sideof[ns] else target,
                            left - 1,
                            present & ~nmask,
                        )
                    else:
                        nprog = after_trick(prog, ns, nmask)
                        res, crel = boundary(hands, ns, npend, nprog, target, left - 1, present & ~nmask)
                    if nmask & class_of[live][nw] & ~(1 << nw):
                        crel |= 1 << nw  # the winner beat a card of its class: its rank counts
                else:
                    nf = (late_follow if k else lead_follow)[live][c] if follow == -1 else follow
                    res, crel = inner(hands, nseat, k + 1, npend, nf, nw, ns, nmask, frame)
                if res == mine:
                    if k == 0:
                        killers[left] = c
                    hands[seat] = hand
                    return res, crel
                rel |= crel
            if group and group not in floors:
                # A refuted card below every card whose rank the refutations rested on: any other
                # card of its group below them is refuted the same way (swap the two cards in
                # every line), so it need not be tried.
                relevant = rel & group
                floor = relevant & -relevant if relevant else _NO_FLOOR
                if bit < floor:
                    floors[group] = floor
        hands[seat] = hand
        if runs and partition:
            # Cards skipped as equivalent must stay equivalent wherever this answer is reused:
            # a run reaching into the relevant cards joins them whole.
            for low_card, high_card in runs:
                g = rel & group_of[low_card]
                if g and 1 << high_card >= g & -g:
                    rel |= 1 << low_card
        return not mine, rel

    return inner


class Search(NamedTuple):
    """The two entry points of the search and the state the solver shares with it: its node count
    (``nodes[0]``), its time limit (``deadline[0]``) and whether a search ran past it
    (``timed_out[0]``); see `SearchState`."""

    boundary: Callable[[list[CardSet], int, int, Progress, int, int, CardSet], Answer]
    inner: Callable[[list[CardSet], int, int, int, int, Card, int, CardSet, TrickFrame], Answer]
    nodes: list[int]
    deadline: list[float]
    timed_out: list[bool]
    node_limit: list[int]


def make_search(
    tables: SearchTables,
    seating: Seating,
    objective: Objective,
    table: TranspositionTable,
    keys: Keys,
    declarations: Mapping[tuple[int, Card], tuple[tuple[Declaration, int], ...]],
    equal_sizes: bool,
) -> Search:
    """The search over one solver's tables: ``boundary`` at the start of a trick, ``inner`` inside it.

    Both answer "can the side reach ``target``?" together with the cards whose rank the
    answer rested on. The side's seats are OR nodes, the others AND nodes: a card that
    answers the question for its seat ends the node. Closures over their state, for speed
    (the solver's hot path)."""
    state = SearchState(tables, seating, objective, table, keys, declarations, equal_sizes)
    state.boundary = make_boundary(state)
    state.inner = make_inner(state)
    return Search(state.boundary, state.inner, state.nodes, state.deadline, state.timed_out, state.node_limit)
