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
  trick over from the other side, else the lowest card.

The units, each built from the tables of `solvers.tables` by a ``make_*`` function
and usable alone: the table keys (`make_keys`), the `TranspositionTable`, the
bounds (`make_quick_tricks`, `make_sure_trumps`), the move ordering
(`make_move_ordering`) and the search itself (`make_search`: ``boundary`` at the
start of a trick, ``inner`` inside it). They are closures over their tables for
speed; cards are ints, hands int bitmasks. `solvers/_dd.c` mirrors them step by
step. `solvers.solver.Solver` puts them together and asks the questions.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeAlias

from stich.games.cards import Card, CardSet, popcount
from stich.games.trick_tables import Declaration
from stich.solvers.objectives import Objective, Progress
from stich.solvers.tables import SearchTables

__all__ = [
    "DEFAULT_TT_LIMIT",
    "Keys",
    "PairQuick",
    "Search",
    "Seating",
    "TrickFrame",
    "TranspositionTable",
    "compress",
    "make_keys",
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
# How much a lead is put back for each card the opponents hold in its class (kernel alike).
LEAD_LENGTH_WEIGHT = 250
# And put forward when it is the lead that last answered a question with as many tricks left.
KILLER_BONUS = 1000
# The same with no trump in play: the opponents' length first, after the killer always.
NO_TRUMP_LEAD_LENGTH_WEIGHT = 2000
NO_TRUMP_KILLER_BONUS = 100_000
# And put back for each partner void in the class (DDS's no-trump leads alike).
NO_TRUMP_PARTNER_VOID = 4000
# With trumps: put forward when a partner can ruff the lead and no opponent can (DDS alike).
PARTNER_RUFF_BONUS = 500
# Two partnerships seated alternately: put forward a singleton led to the partner's top card
# when the leader holds trumps, for the ruff on the return (DDS alike).
RUFF_RETURN_BONUS = 1000


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


@dataclass(frozen=True)
class Seating:
    """Who plays, in which order, and for whom: the seats that play (clockwise), the next seat of each,
    whether each seat is on the side, and each seat's fellow players."""

    seats: tuple[int, ...]
    nxt: tuple[int, ...]
    sideof: tuple[bool, ...]
    others_of: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, playing: Sequence[int], side: Sequence[int], players: int) -> Seating:
        nxt = [0] * players
        for i, s in enumerate(playing):
            nxt[s] = playing[(i + 1) % len(playing)]
        return cls(
            tuple(playing),
            tuple(nxt),
            tuple(s in side for s in range(players)),
            tuple(tuple(o for o in playing if o != s) for s in range(players)),
        )

    @property
    def pairs(self) -> bool:
        """Two partnerships of two seated alternately (bridge's seating)."""
        return len(self.seats) == 4 and all(self.sideof[s] != self.sideof[self.nxt[s]] for s in self.seats)


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


# -- bounds -----------------------------------------------------------------------------


def make_quick_tricks(
    tables: SearchTables, seating: Seating
) -> Callable[[list[CardSet], int, int, CardSet], tuple[int, CardSet]]:
    """The quick-trick bound of a trick boundary (see ``quick``)."""
    quick_info = tables.quick
    wizards_of = tables.wizards
    must_follow = tables.must_follow
    free_of = tables.free
    structured = tables.structured
    strength_of = tables.strength
    others_of = seating.others_of
    declaring = tables.declaring

    trumps_of = tables.trumps
    side_of = seating.sideof
    partners_of = [tuple(o for o in others_of[s] if side_of[o] == side_of[s]) for s in range(len(others_of))]
    # Where the lead may pass to a partner (with no trumps and no free cards in play, checked per
    # position): a plain ranking and no declarations.
    passing = [plain and not declaring for plain in tables.plain]
    pairs = seating.pairs

    def quick(hands: list[CardSet], leader: int, live: int, present: CardSet) -> tuple[int, CardSet]:
        """Tricks the leader's side can take at once from the top (a lower bound), and the cards
        whose rank that rests on.

        The leader's own tricks (``own``); and, with no trump and no free card in play, those of
        one partner the leader can reach by leading a class whose top card the partner holds
        (DDS's quick tricks through the partner's hand): the leader first cashes its own, the
        partner following with cards that are not its winners or, void, throwing those first,
        then crosses. (If the two counts add up to more than the tricks left, the partner has
        thrown winners, but the side still takes every trick.)

        Before all that, for two partnerships seated alternately: in a class where the leader
        holds the top card and the partner the second, both with a card more, the leader leads
        low to the partner's card and the partner returns one to the top card: two tricks, the
        lead back with the leader (``own`` counted one); and when the partner had two cards
        only and no opponent more than two, the leader's other cards of the class win too
        (DDS's quick tricks with the second best in partner's hand).
        """
        q, rel = own(hands, leader, live, present)
        if partners_of[leader] and passing[live] and not present & (trumps_of[live] | free_of[live]):
            lead = hands[leader]
            if pairs and structured[live]:
                held = hands[partners_of[leader][0]]
                for kmask, _mode, _order, _outside in quick_info[live]:
                    mine = (lead & kmask).bit_count()
                    theirs = (held & kmask).bit_count()
                    if mine < 2 or theirs < 2:
                        continue
                    cls = present & kmask
                    top = cls.bit_length() - 1
                    second = (cls ^ (1 << top)).bit_length() - 1
                    if not (lead >> top & 1 and held >> second & 1):
                        continue
                    n = 2
                    if theirs == 2 and all(
                        (hands[o] & kmask).bit_count() <= 2
                        for o in others_of[leader]
                        if side_of[o] != side_of[leader]
                    ):
                        n = mine
                    q += n - 1
                    rel |= 1 << second
            best = best_rel = 0
            for p in partners_of[leader]:
                held = hands[p]
                for kmask, _mode, _order, _outside in quick_info[live]:
                    if lead & kmask and held >> ((present & kmask).bit_length() - 1) & 1:
                        n, prel = own(hands, p, live, present)
                        if n > best:
                            best, best_rel = n, prel
                        break
            q += best
            rel |= best_rel
        # With declarations the ranking may change after this trick: only its first trick is sure.
        return (min(q, 1) if declaring else q), rel

    def own(hands: list[CardSet], leader: int, live: int, present: CardSet) -> tuple[int, CardSet]:
        """Tricks one hand can cash from the top, on lead, and the cards whose rank that rests on."""
        lead = hands[leader]
        wiz = wizards_of[live]
        rest = present & ~lead
        mf = must_follow[live]
        free = free_of[live]
        total = best = 0
        rel = 0
        for kmask, mode, order, outside in quick_info[live]:
            mine = lead & kmask
            if not mine:
                continue
            theirs = rest & kmask
            if not theirs:
                n = mine.bit_count()
                top = mine
            elif mode == 1:
                top = mine >> theirs.bit_length() << theirs.bit_length()
                n = top.bit_count()
            elif mode == 2:
                top = mine & ((theirs & -theirs) - 1)
                n = top.bit_count()
            else:
                st = strength_of[live]
                high = max(st[c] for c in order if theirs >> c & 1)
                n = sum(1 for c in order if mine >> c & 1 and st[c] >= high)
                top = kmask
            if not n:
                continue
            if theirs and mf and n < mine.bit_count():
                # Once every other hand is out of the class, the leader's low cards win too
                # (unless a hand may keep its cards of the class by playing a free card).
                for o in others_of[leader]:
                    if (hands[o] & kmask).bit_count() > n or hands[o] & free:
                        break
                else:
                    n = mine.bit_count()
            for o in others_of[leader]:
                h = hands[o]
                if h & (outside | wiz):
                    lim = (h & kmask).bit_count() if mf and not h & wiz else 0
                    if lim < n:
                        n = lim
                        if not n:
                            break
            if not n:
                continue
            rel |= top & -top
            total += n
            if n > best:
                best = n
        return (lead & wiz).bit_count() + (total if structured[live] else best), rel

    return quick


def make_sure_trumps(
    tables: SearchTables, seating: Seating
) -> Callable[[list[CardSet], int, CardSet, int], tuple[int, int, CardSet, CardSet]]:
    """The sure-trump bound of a trick boundary (see ``sure_trumps``)."""
    trumps_desc = tables.trumps_desc
    trump_power = tables.trump_power
    seats = seating.seats
    sideof = seating.sideof

    def sure_trumps(
        hands: list[CardSet], live: int, present: CardSet, left: int
    ) -> tuple[int, int, CardSet, CardSet]:
        """Per side, the most trumps of one hand that the other side's trumps cannot all beat.

        A trump loses a trick only to a trump of equal or higher power, and one card beats in
        one trick: a hand's trumps fall in tricks of their own, and the other side kills at
        most one of them with each trump at least as strong. Matched from the top (the
        stronger trumps have fewer killers), the hand's trumps left without a killer each win
        a trick for its side. Only hands that play every card they hold (``left`` cards; not
        Stich für Stich's confidant, who keeps three) count. Returns the side's count, the
        other side's, and for each the lowest trump the count rests on.
        """
        tp = trump_power[live]
        order = trumps_desc[live]
        pool = dict.fromkeys(seats, 0)
        surplus = dict.fromkeys(seats, 0)
        lowest = dict.fromkeys(seats, -1)
        i, n = 0, len(order)
        while i < n:
            level = tp[order[i]]
            j = i
            owners: list[tuple[Card, int]] = []
            while j < n and tp[order[j]] == level:
                c = order[j]
                if present >> c & 1:
                    owners.append((c, next(s for s in seats if hands[s] >> c & 1)))
                j += 1
            if owners:
                count = [0, 0]
                for _, o in owners:
                    count[sideof[o]] += 1
                for s in seats:
                    pool[s] += count[1 - sideof[s]]
                for c, o in owners:
                    if pool[o]:
                        pool[o] -= 1
                    else:
                        surplus[o] += 1
                        lowest[o] = c
            i = j
        best = [0, 0]
        rel = [0, 0]
        for s in seats:
            if not surplus[s] or hands[s].bit_count() != left:
                continue
            side = int(sideof[s])
            if surplus[s] > best[side] or (surplus[s] == best[side] and 1 << lowest[s] > rel[side]):
                best[side] = surplus[s]
                rel[side] = 1 << lowest[s]
        return best[1], best[0], rel[1], rel[0]

    return sure_trumps


def make_sure_tricks(
    tables: SearchTables, seating: Seating
) -> Callable[[list[CardSet], int, CardSet, int], tuple[int, int]]:
    """The sure-trick bound of a trick boundary where the strongest card wins (see ``sure_tricks``)."""
    strength_desc = tables.strength_desc
    strength_of = tables.strength
    seats = seating.seats
    sideof = seating.sideof

    def sure_tricks(hands: list[CardSet], live: int, present: CardSet, left: int) -> tuple[int, int]:
        """Per side, the tricks it is sure of when nobody need follow and the strongest card wins.

        A side can plan which of its cards carries each trick: its ``left`` strongest cards, one
        a trick (any hand may play any card at any time). A planned card loses its trick only to
        a card of the other side in that trick at least as strong, and each card of the other
        side is in one trick: the tricks lost are at most a matching of the planned cards to
        such killers. The killers of a stronger card are among those of a weaker one, so the
        matching is counted from the top, as the sure trumps are. Returns the side's count and
        the other side's (each a lower bound on its tricks; with every card keyed as it is, no
        card's rank needs naming).
        """
        order = strength_desc[live]
        st = strength_of[live]
        owner_side = 0
        side_cards = 0
        for s in seats:
            if sideof[s]:
                side_cards |= hands[s]
        taken = [0, 0]
        pool = [0, 0]
        surplus = [0, 0]
        i, n = 0, len(order)
        while i < n and (taken[0] < left or taken[1] < left):
            level = st[order[i]]
            count = [0, 0]
            j = i
            while j < n and st[order[j]] == level:
                c = order[j]
                if present >> c & 1:
                    owner_side = side_cards >> c & 1
                    count[owner_side] += 1
                j += 1
            if count[0] or count[1]:
                pool[0] += count[1]
                pool[1] += count[0]
                for x in (0, 1):
                    planned = min(count[x], left - taken[x])
                    taken[x] += planned
                    killed = min(planned, pool[x])
                    pool[x] -= killed
                    surplus[x] += planned - killed
            i = j
        return surplus[1], surplus[0]

    return sure_tricks


def make_later_tricks(
    tables: SearchTables, seating: Seating
) -> Callable[[list[CardSet], int, int, CardSet, int], tuple[bool, CardSet]]:
    """The later-tricks bound of a trick boundary without trumps (see ``later``)."""
    seats = seating.seats
    sideof = seating.sideof
    nxt = seating.nxt
    pairs = seating.pairs  # the length count holds
    quick_info = tables.quick
    trumps_of = tables.trumps
    free_of = tables.free
    plain = tables.plain

    def later(
        hands: list[CardSet], leader: int, live: int, present: CardSet, left: int
    ) -> tuple[bool, CardSet]:
        """Whether the leader's side is sure to lose a trick, with no trump and no wizard in play.

        Two reasons. Every class the leader holds has its top card with the other side: whatever
        is led, the holder of that class's top follows with it and wins (DDS's quick tricks
        finding none). Or, two partnerships seated alternately only (DDS's ``LaterTricks``):
        the side leads every trick it wins, and each lead of a class it holds the top of costs
        the longer of its two hands there a card; if those lengths add up to fewer tricks than
        are left, it must win a trick in a class whose top the other side holds and keeps
        unless it throws it. The second fails one seat against three, through a squeeze
        (docs/solver.md); for two against two it is DDS's bound, and the exhaustive check of
        ``tests/solvers/test_units.py`` finds no position where it fails. Returns whether the
        side loses a trick and the other side's top cards that rests on.
        """
        lead = hands[leader]
        if not lead or not plain[live] or present & (trumps_of[live] | free_of[live]):
            return False, 0
        side = sideof[leader]
        ours = 0
        for s in seats:
            if sideof[s] == side:
                ours |= hands[s]
        rel = 0
        for kmask, _mode, _order, _outside in quick_info[live]:
            if lead & kmask:
                top = 1 << ((present & kmask).bit_length() - 1)
                if ours & top:
                    break
                rel |= top
        else:
            return True, rel
        if not pairs:
            return False, 0
        other = hands[nxt[nxt[leader]]]
        total = 0
        rel = 0
        for kmask, _mode, _order, _outside in quick_info[live]:
            cards = present & kmask
            if not cards:
                continue
            top = 1 << (cards.bit_length() - 1)
            if ours & top:
                total += max((lead & kmask).bit_count(), (other & kmask).bit_count())
                if total >= left:
                    return False, 0
            elif cards & ~next(hands[s] for s in seats if hands[s] & top):
                rel |= top
        return True, rel

    return later


# -- two partnerships ---------------------------------------------------------------------


class PairQuick(NamedTuple):
    """The quick-trick bounds of two partnerships seated alternately (see `make_pair_quick`)."""

    applies: Callable[[int, CardSet], bool]
    lead: Callable[[list[CardSet], int, int, CardSet, int], tuple[int, CardSet] | None]
    second: Callable[[list[CardSet], int, int, int, Card, CardSet, int], CardSet | None]


def make_pair_quick(
    tables: SearchTables, seating: Seating, additive: bool, equal_sizes: bool, declaring: bool
) -> PairQuick:
    """Quick tricks for two partnerships seated alternately, in the manner of DDS's QuickTricks and
    QuickTricksSecondHand (Haglund and Hein); the kernel's ``pair_quick`` and
    ``second_hand_quick`` alike.

    They apply to the tricks objective where every class is ranked by card index, all trumps lie
    in one class, following is compulsory, nobody holds a free card and every hand holds as many
    cards (``applies``). Both count only until they reach ``need``, the tricks that settle the
    question, so that the answer rests on as few cards as it can; they return None below it.
    """
    nxt = seating.nxt
    seats = seating.seats
    quick_info = tables.quick
    trump_mask_of = tables.trump_mask
    free_of = tables.free
    rules = [
        seating.pairs and additive and equal_sizes and not declaring and plain and structured
        for plain, structured in zip(tables.plain, tables.structured, strict=True)
    ]

    def applies(live: int, present: CardSet) -> bool:
        return rules[live] and not present & free_of[live]

    def lead(
        hands: list[CardSet], leader: int, live: int, present: CardSet, need: int
    ) -> tuple[int, CardSet] | None:
        """The tricks the leader's side is sure of at a trick boundary, and the cards that rests on,
        once they reach ``need``; None below it.

        Seats count clockwise from the leader: 0 the leader, 1 its left-hand opponent, 2 its
        partner, 3 its right-hand opponent. The side's top cards are cashed trumps first, each
        top trump of the leader drawing one from each opponent; a side class's top card counts
        while each opponent follows or has no trump, and its second card and the rest of the
        class once no opponent can ruff and the others hold few enough cards. The partner's top
        cards count where the leader can reach them (an entry: a class the leader holds whose top
        card the partner has, or the leader's top and the partner's second with two cards each,
        neither opponent able to ruff it; else the partner's top trump). A class only the side
        holds gives the shorter hand's length (or, trumps, the longer hand's, and one ruff more);
        a ruff in the partner's hand that nobody can overruff, one trick.
        """
        h = []
        s = leader
        for _ in range(4):
            h.append(hands[s])
            s = nxt[s]
        info = quick_info[live]
        tmask_cards = trump_mask_of[live]
        classes: list[tuple[CardSet, list[int], list[int], list[int]]] = []
        trump = -1
        for i, (kmask, _mode, _order, _outside) in enumerate(info):
            cls = present & kmask
            lens = [(x & kmask).bit_count() for x in h]
            tops = [-1, -1, -1]
            owners = [-1, -1, -1]
            for j in range(3):
                if not cls:
                    break
                c = cls.bit_length() - 1
                cls ^= 1 << c
                tops[j] = c
                for o in range(4):
                    if h[o] >> c & 1:
                        owners[j] = o
            classes.append((kmask, lens, tops, owners))
            if present & kmask & tmask_cards:
                trump = i
        nq = len(classes)
        tlens = classes[trump][1] if trump >= 0 else [0, 0, 0, 0]
        lho_t, rho_t = tlens[1], tlens[3]
        entry = -1
        entry_card = -1
        for i, (_km, lens, tops, owners) in enumerate(classes):
            if i == trump:
                continue
            safe = trump < 0 or ((lens[1] or not tlens[1]) and (lens[3] or not tlens[3]))
            if owners[0] == 2 and lens[0]:
                if safe:
                    entry, entry_card = i, tops[0]
                    break
            elif owners[1] == 2 and owners[0] == 0 and lens[0] >= 2 and lens[2] >= 2 and safe:
                entry, entry_card = i, tops[1]
                break
        if trump >= 0 and entry < 0 and tlens[0] and classes[trump][3][0] == 2:
            entry, entry_card = trump, classes[trump][2][0]
        entry_bit = 1 << entry_card if entry >= 0 else 0

        def trumps_alone(own: int, part: int, partner_longer: bool) -> int:
            # The longer trump hand's trumps each win, and a ruff in the shorter hand one more.
            longer, shorter = (2, 0) if partner_longer else (0, 2)
            if (own > part) if partner_longer else (own < part):
                return max(own, part)
            for j in range(nq):
                if j != trump and classes[j][1][longer] and not classes[j][1][shorter]:
                    return max(own, part) + 1
            return max(own, part)

        q = 0
        rel = 0
        ruffed = False
        order = list(range(nq)) if trump < 0 else [trump, *(i for i in range(nq) if i != trump)]
        for i in order:
            kmask, lens, tops, owners = classes[i]
            own, lho, part, rho = lens
            opps = lho | rho
            side = trump >= 0 and i != trump
            if not opps and not part:
                # Only the leader holds the class: all of it wins once nobody can ruff.
                if own and (not side or not (lho_t or rho_t)):
                    q += own
                    if q >= need:
                        return q, rel
                continue
            if not opps:
                # Only the side holds the class.
                alone = -1
                if i == trump:
                    alone = trumps_alone(own, part, False)
                elif not side or not (lho_t or rho_t):
                    alone = min(own, part)  # led in turn, the two hands win until one runs out
                if alone >= need:
                    return alone, rel
                if entry >= 0:
                    if not own:
                        # Only the partner: its cards once the leader crosses.
                        if not side or not (lho_t or rho_t):
                            q += part
                            rel |= entry_bit
                            if q >= need:
                                return q, rel
                        continue
                    if i == trump:
                        alone = trumps_alone(own, part, True)
                        if alone >= need:
                            return alone, rel | entry_bit
            if tops[0] < 0:
                continue
            done = False
            if owners[0] == 0:
                # The leader holds the top card.
                draw = i == trump and entry != trump
                if not side or ((lho or not lho_t) and (rho or not rho_t)):
                    q += 1
                    rel |= 1 << tops[0]
                    if q >= need:
                        return q, rel
                    if draw:
                        lho_t, rho_t = max(lho_t - 1, 0), max(rho_t - 1, 0)
                    if lho <= 1 and rho <= 1 and part <= 1 and (not side or not (lho_t or rho_t)):
                        q += own - 1
                        if q >= need:
                            return q, rel
                        done = True
                if not done and (not side or not (lho_t or rho_t)):
                    if owners[1] == 0:
                        q += 1
                        rel |= 1 << tops[1]
                        if q >= need:
                            return q, rel
                        if draw:
                            lho_t, rho_t = max(lho_t - 1, 0), max(rho_t - 1, 0)
                        if lho <= 2 and rho <= 2 and part <= 2:
                            q += own - 2
                            if q >= need:
                                return q, rel
                            done = True
                    elif owners[1] == 2 and own > 1 and part > 1:
                        q += 1
                        rel |= 1 << tops[1]
                        if q >= need:
                            return q, rel
                        if draw:
                            lho_t, rho_t = max(lho_t - 1, 0), max(rho_t - 1, 0)
                        if lho <= 2 and rho <= 2 and (part <= 2 or own <= 2):
                            q += max(own, part) - 2
                            if q >= need:
                                return q, rel
                            done = True
            elif owners[0] == 2 and entry >= 0:
                # The partner holds the top card and the leader can reach it.
                if not side or ((lho or not lho_t) and (rho or not rho_t)):
                    q += 1
                    rel |= 1 << tops[0] | entry_bit
                    if q >= need:
                        return q, rel
                    if lho <= 1 and rho <= 1 and own <= 1 and (not side or not (lho_t or rho_t)):
                        q += part - 1
                        if q >= need:
                            return q, rel
                        done = True
                if not done:
                    unruffed = not side or not (lho_t or rho_t)
                    marks = entry_bit if side else 0
                    if owners[1] == 2:
                        if unruffed:
                            q += 1
                            rel |= 1 << tops[1] | marks
                            if q >= need:
                                return q, rel
                            if lho <= 2 and rho <= 2 and own <= 2:
                                q += part - 2
                                if q >= need:
                                    return q, rel
                                done = True
                    elif owners[1] == 0 and part > 1 and own > 1:
                        if unruffed:
                            q += 1
                            rel |= 1 << tops[1] | marks
                            if q >= need:
                                return q, rel
                            if lho <= 2 and rho <= 2 and (own <= 2 or part <= 2):
                                q += max(own, part) - 2
                                if q >= need:
                                    return q, rel
                                done = True
                    elif (
                        i == entry
                        and owners[1] == 1
                        and owners[2] == 2
                        and (not side or ((lho >= 2 or not lho_t) and (rho >= 2 or not rho_t)))
                    ):
                        # The partner's third card over the left-hand opponent's second.
                        q += 1
                        rel |= 1 << tops[2] | marks
                        if q >= need:
                            return q, rel
                        if side and own <= 2 and lho <= 2 and rho <= 2 and not (lho_t or rho_t):
                            q += part - 2
                            if q >= need:
                                return q, rel
            if done:
                continue
            if (
                side
                and own
                and not ruffed
                and (q == 0 or (owners[0] not in (0, 2) and classes[trump][3][0] not in (0, 2)))
                and not part
                and tlens[2]
            ):
                # A ruff in the partner's hand that no opponent can overruff.
                tm = classes[trump][0]
                pt, lt, rt = h[2] & tm, h[1] & tm, h[3] & tm
                marks = 1 << (pt.bit_length() - 1)
                if (rho or not rt) and (lho or not lt):
                    sure, marks = True, 0
                elif not rho and not lho:
                    sure = (lt | rt) < pt
                elif not lho:
                    sure = lt < pt
                else:
                    sure = rt < pt
                if sure:
                    ruffed = True
                    rel |= marks
                    if need <= 1:
                        return 1, rel
        return None

    def second(
        hands: list[CardSet], seat: int, live: int, follow: int, lead_card: Card, present: CardSet, need: int
    ) -> CardSet | None:
        """Whether the side of ``seat``, second to play to ``lead_card`` in class ``follow``, is sure
        to win the trick and, with no trump in play, the quick tricks of whichever of its hands
        wins it, up to ``need``: the cards that rests on, or None."""
        third = nxt[seat]
        fourth = nxt[third]
        trumps = trump_mask_of[live]
        own = hands[seat] & follow
        part = hands[fourth] & follow
        nxt_cards = hands[third] & follow
        trumped = bool(present & trumps) and not follow & trumps
        third_ruffs = trumped and not nxt_cards and bool(hands[third] & trumps)
        rel = 0
        if trumped and ((not own and hands[seat] & trumps) or (not part and hands[fourth] & trumps)):
            if third_ruffs:
                return None  # the side ruffs, the other side cannot
        else:
            top = (own | part).bit_length() - 1
            if top < 0 or top < lead_card or top < nxt_cards.bit_length() - 1 or third_ruffs:
                return None
            rel = 1 << top  # the side holds the top card of the class, which nobody can ruff
        q = 1
        if q >= need:
            return rel
        if present & trumps:
            return None
        winner = seat if own > part else fourth
        wh = hands[winner]
        cls = present & follow
        first = cls.bit_length() - 1
        rest = cls & ~(1 << first)
        if rest and wh >> first & 1:
            second_card = rest.bit_length() - 1
            if wh >> second_card & 1:
                q += 1  # the class's second card in the same hand
                rel |= 1 << second_card
                if q >= need:
                    return rel
        others = 0
        for s in seats:
            if s != winner:
                others |= hands[s]
        for kmask, _mode, _order, _outside in quick_info[live]:
            if kmask == follow or not wh & kmask:
                continue
            if not others & kmask:
                q += (wh & kmask).bit_count()  # a class nobody else holds
            else:
                c = (present & kmask).bit_length() - 1
                if not wh >> c & 1:
                    continue
                q += 1  # its top card
                rel |= 1 << c
            if q >= need:
                return rel
        return None

    return PairQuick(applies, lead, second)


# -- move ordering ------------------------------------------------------------------------


class MoveOrdering(NamedTuple):
    """The order in which the search tries its candidate cards (see `make_move_ordering`)."""

    leads: Callable[[list[Card], list[CardSet], int, CardSet, int, Card], list[Card]]
    follows: Callable[[list[Card], CardSet, list[CardSet], int, int, int, int, int, int], list[Card]]
    pair_leads: Callable[
        [list[Card], Mapping[Card, Card], list[CardSet], int, CardSet, int, Card], list[Card]
    ]
    pair_follows: Callable[
        [list[Card], Mapping[Card, Card], list[CardSet], int, int, int, int, int, CardSet, CardSet, int],
        list[Card],
    ]


def make_move_ordering(tables: SearchTables, seating: Seating) -> MoveOrdering:
    """Move ordering: the card most likely to answer the question first."""
    quick_info = tables.quick
    power = tables.power
    stronger = tables.stronger
    class_of = tables.class_of
    trump_mask = tables.trump_mask
    beaters = tables.beaters
    free_of = tables.free
    ascending = tables.ascending
    sideof = seating.sideof
    others_of = seating.others_of
    nxt = seating.nxt
    m = len(seating.seats)
    pairs = seating.pairs

    def leads(
        cands: list[Card], hands: list[CardSet], seat: int, outside: CardSet, live: int, killer: Card = -1
    ) -> list[Card]:
        """Leads: a card nobody can beat or ruff first; then low cards towards a partner who holds
        the top; then low cards; leads an opponent can ruff last; classes where the opponents are
        long put back; the ``killer`` (the lead that last ended a node with as many tricks left)
        put forward. With no trump in play the opponents' length weighs most, the killer comes
        first always, and a class a partner is void in is put back; with trumps a lead a partner
        can ruff, and (two partnerships) a singleton to the partner's top, are put forward."""
        mine = sideof[seat]
        left = hands[seat].bit_count()
        pw = power[live]
        st = stronger[live]
        cm = class_of[live]
        trumps = trump_mask[live]
        trumped = bool(trumps & (outside | hands[seat]))
        if trumped:
            length_weight, killer_bonus = LEAD_LENGTH_WEIGHT, KILLER_BONUS
        else:
            length_weight, killer_bonus = NO_TRUMP_LEAD_LENGTH_WEIGHT, NO_TRUMP_KILLER_BONUS
        partners = 0
        opponents = 0
        for o in others_of[seat]:
            if sideof[o] == mine:
                partners |= hands[o]
            else:
                opponents |= hands[o]
        scored = []
        for c in cands:
            kmask = cm[c]
            ruff = False
            if trumps and not trumps >> c & 1:
                for o in others_of[seat]:
                    h = hands[o]
                    if sideof[o] != mine and not h & kmask and h & trumps:
                        ruff = True
                        break
            # Someone can beat it: lead low; else a sure winner unless it can be ruffed.
            score = -pw[c] if st[c] & outside else (200 if ruff else 1000) + pw[c]
            # The opponents' length in the class (a void counted as long: they throw what they
            # like), weighed as DDS weighs its leads.
            for o in others_of[seat]:
                if sideof[o] != mine:
                    score -= length_weight * ((hands[o] & kmask).bit_count() or left)
                elif not trumped and not hands[o] & kmask:
                    score -= NO_TRUMP_PARTNER_VOID  # the partner cannot follow
            if c == killer:
                score += killer_bonus
            top_theirs = opponents & kmask
            top_ours = partners & kmask
            if not ruff and trumps and not trumps >> c & 1:
                for o in others_of[seat]:
                    h = hands[o]
                    if sideof[o] == mine and not h & kmask and h & trumps:
                        score += PARTNER_RUFF_BONUS  # a partner can ruff it
                        break
                lead = hands[seat]
                if pairs and lead & trumps and (lead & kmask).bit_count() == 1:
                    top = ((outside | lead) & kmask).bit_length() - 1
                    for o in others_of[seat]:
                        h = hands[o]
                        if sideof[o] == mine and (h & kmask).bit_count() > 1 and h >> top & 1:
                            score += RUFF_RETURN_BONUS  # the partner wins and returns it
                            break
            if ruff:
                score -= 1500  # an opponent can ruff: last
            elif top_ours and (not top_theirs or top_ours.bit_length() > top_theirs.bit_length()):
                score += 500  # partner holds the top of the suit
            scored.append((score, c))
        scored.sort(reverse=True)
        return [c for _, c in scored]

    def pair_leads(
        cands: list[Card],
        tops: Mapping[Card, Card],
        hands: list[CardSet],
        seat: int,
        present: CardSet,
        live: int,
        killer: Card = -1,
    ) -> list[Card]:
        """Leads for two partnerships seated alternately, weighed as DDS weighs them (Haglund and
        Hein, ``Moves::WeightAllocNT0`` and ``WeightAllocTrump0``): the opponents' lengths in the
        class (a void counted as a whole hand), who holds its top three cards, whether the side can
        win the trick (its top card, or with trumps a ruff nobody overruffs), ruffs for either side,
        the card's rank among the class's cards in play, and the ``killer``. ``tops`` maps the
        lowest card of a run of equivalent cards to its highest (DDS lists a run by its top). Seats
        count clockwise from the leader: 0 the leader, 1 its left-hand opponent, 2 its partner, 3
        its right-hand opponent. The kernel's ``order_pair_leads`` alike."""
        h = []
        s = seat
        for _ in range(4):
            h.append(hands[s])
            s = nxt[s]
        cm = class_of[live]
        in_play = trump_mask[live] & present
        tcls = cm[(in_play & -in_play).bit_length() - 1] if in_play else 0
        tr = [x & tcls for x in h]
        left = h[0].bit_count()
        scored = []
        for c in cands:
            top = tops.get(c, c)
            km = cm[c]
            cls = present & km
            rank = top - ((km & -km).bit_length() - 1) + 2  # 2 for the lowest card of the class
            from_top = (cls >> top).bit_count()  # 1 for the highest card in play
            run = top != c
            ln = [(x & km).bit_count() for x in h]
            card = [-1, -1, -1]
            owner = [-1, -1, -1]
            for j in range(3):
                if not cls:
                    break
                card[j] = cls.bit_length() - 1
                cls ^= 1 << card[j]
                for o in range(4):
                    if h[o] >> card[j] & 1:
                        owner[j] = o
            lho = (ln[1] or left) << 2
            rho = (ln[3] or left) << 2
            alone = (ln[1] == 1 and owner[0] == 1) or (ln[3] == 1 and owner[0] == 3)
            second_third = owner[1] == 2 and owner[2] == 2
            split_second_third = (owner[1] == 0 and owner[2] == 2 and ln[2] > 1) or (
                owner[1] == 2 and owner[2] == 0 and ln[2] > 1
            )
            partner_over = (h[2] & km) > ((h[1] | h[3]) & km)  # the partner beats both opponents
            if not tcls:
                d = -(((lho + rho) << 5) // 19) - (0 if ln[2] else 9)
                if top == card[0] or partner_over:
                    # The side can win the trick.
                    if owner[1] == 3:
                        if ln[3] != 1:
                            d -= 1
                    elif owner[1] == 1:
                        d += 22 if ln[1] != 1 else 16
                    clear = (owner[1] != 1 or ln[1] == 1) and (owner[1] != 3 or ln[3] == 1)
                    weight = d + from_top + (45 if clear else 18)
                    if c == killer:
                        weight += 126
                else:
                    if owner[0] == 3 or owner[1] == 3:
                        if ln[3] != 1:
                            d -= 10
                    elif owner[0] == 1 and owner[1] == 2 and ln[2] != 1:
                        d += 31
                    if second_third:
                        d += 35
                    elif split_second_third:
                        d += 25
                    if alone:
                        weight = d + 28 + from_top
                    elif owner[0] == 0:
                        weight = d - 17 + from_top
                    elif not run:
                        weight = d + 12 + from_top
                    elif top == card[1]:
                        weight = d + 48
                    else:
                        weight = d + 29 - from_top
                    if c == killer:
                        weight += 47
            else:
                side = km != tcls  # a side class
                d = -(((lho + rho) << 5) // 13)
                if side and ((not ln[1] and tr[1]) or (not ln[3] and tr[3])):
                    d -= 12  # an opponent ruffs
                if side and not ln[2] and tr[2] and ln[3]:
                    d += 17  # the partner ruffs
                if owner[0] == 3 or owner[1] == 3:
                    if ln[3] != 1:
                        d -= 12
                elif owner[0] == 1 and owner[1] == 2 and ln[2] != 1:
                    d += 27
                if side and ln[0] == 1 and tr[0] and ln[2] > 1 and owner[0] == 2:
                    d += 19  # a ruff on the return
                lho_can = bool(ln[1] or not tr[1])
                rho_can = bool(ln[3] or not tr[3])  # neither ruffs
                win = False
                if top == card[0]:
                    if not side:
                        win = True
                    elif ln[2] or not tr[2]:
                        win = lho_can and rho_can
                    else:
                        win = bool(ln[1] or tr[2] > tr[1]) and bool(ln[3] or tr[2] > tr[3])
                elif partner_over:
                    win = not side or (lho_can and rho_can)
                elif side and not ln[2] and tr[2]:
                    # The partner ruffs: over every opponent who ruffs too.
                    lr = not ln[1] and bool(tr[1])
                    rr = not ln[3] and bool(tr[3])
                    if lr and rr:
                        win = tr[2] > (tr[1] | tr[3])
                    elif lr:
                        win = tr[2] > tr[1]
                    elif rr:
                        win = tr[2] > tr[3]
                    else:
                        win = True
                if win:
                    if alone:
                        weight = d + 35 + from_top
                    elif owner[0] == 0:
                        if owner[1] == 2:
                            weight = d + 48 + from_top
                        elif top == card[0]:
                            weight = d + 31
                        else:
                            weight = d - 3 + from_top
                    elif owner[0] == 2:
                        weight = d + (42 if owner[1] == 0 else 28) + from_top
                    elif run and top == card[1]:
                        weight = d + 40
                    else:
                        weight = d + (22 if run else 11) + from_top
                    if c == killer:
                        weight += 55
                else:
                    if second_third:
                        d += 20
                    elif split_second_third:
                        d += 13
                    if alone:
                        weight = d + 2 + from_top
                    elif owner[0] == 0:
                        if owner[1] == 2:
                            weight = d + 33 + from_top
                        elif top == card[0]:
                            weight = d + 38
                        else:
                            weight = d - 14 + from_top
                    elif owner[0] == 2:
                        weight = d + 34 + from_top
                    elif run and top == card[1]:
                        weight = d + 35
                    else:
                        weight = d + 17 - rank
                    if c == killer:
                        weight += 18
            scored.append((weight, c))
        scored.sort(reverse=True)
        return [c for _, c in scored]

    def pair_follows(
        cands: list[Card],
        tops: Mapping[Card, Card],
        hands: list[CardSet],
        seat: int,
        k: int,
        follow: int,
        wcard: Card,
        wseat: int,
        tmask: CardSet,
        present: CardSet,
        live: int,
    ) -> list[Card]:
        """The second and third cards of a trick for two partnerships seated alternately, weighed as
        DDS weighs them (Haglund and Hein, ``Moves::WeightAlloc...1`` and ``...2``): following,
        whether the seat's card, its partner's or the leader's partner's wins the trick, cards too
        low to matter, forcing out the fourth hand's top card; void, discards from long classes (not
        from a bare second card or a bare top card), ruffs that win, overruff or force a higher
        trump. Seats count clockwise from the leader (0 the leader, 1 the second hand, 2 the third,
        3 the fourth); ``tops`` maps the lowest card of a run of equivalent cards to its highest,
        ``present`` the cards in play at the trick's start, ``tmask`` the trick so far. The kernel's
        ``order_pair_follows`` alike."""
        leader = seat
        for _ in range(k):
            leader = nxt[nxt[nxt[leader]]]
        h = []
        s = leader
        for _ in range(4):
            h.append(hands[s])
            s = nxt[s]
        cm = class_of[live]
        in_play = trump_mask[live] & present
        T = cm[(in_play & -in_play).bit_length() - 1] if in_play else 0
        L = follow
        now = present & ~tmask
        deck = 0
        for kmask, _mode, _order, _outside in quick_info[live]:
            deck |= kmask
        gone = deck & ~present
        winner = 0
        q = leader
        while q != wseat:
            q = nxt[q]
            winner += 1
        second = -1
        if k == 1:
            lead = wcard
        else:
            other = ((tmask & ~(1 << wcard)) & -(tmask & ~(1 << wcard))).bit_length() - 1
            lead = wcard if winner == 0 else other
            second = other if winner == 0 else wcard
        mine = h[k] & L

        def holder(c: Card) -> int:
            for i in range(4):
                if h[i] >> c & 1:
                    return i
            return -1

        def second_holder(km: CardSet) -> int:
            cls = present & km
            cls &= ~(1 << (cls.bit_length() - 1))
            return holder(cls.bit_length() - 1) if cls else -1

        def below_top_run(hand: CardSet, km: CardSet, also_gone: CardSet) -> int:
            c = hand.bit_length() - 1
            rest = hand & ~(1 << c)
            while rest:
                n = rest.bit_length() - 1
                between = ((1 << c) - 1) & ~((1 << (n + 1)) - 1) & km
                if between & (gone | also_gone) != between:
                    return n
                c = n
                rest &= ~(1 << n)
            return -1

        def cheapest_over(over: int) -> int:
            best = -1
            for i, c in enumerate(cands):
                top = tops.get(c, c)
                if L >> top & 1 and top > over and (best < 0 or top < tops.get(cands[best], cands[best])):
                    best = i
            return best

        def forces_top(fourth: CardSet) -> int:
            # The candidate that forces out the fourth hand's top card cheapest (DDS's RankForcesAce).
            if not fourth:
                return -1
            nxt_card = below_top_run(fourth, L, 0)
            if nxt_card < 0:
                return -1
            followed = second if second >= 0 and L >> second & 1 else -1
            if nxt_card > followed:
                return cheapest_over(nxt_card)
            if winner == 1:
                return cheapest_over(followed)
            return -1

        bonus = -1
        if mine and k == 2:
            # Computed once: the third hand's bonus card.
            fourth = h[3] & L
            max4 = fourth.bit_length() - 1
            min4 = (fourth & -fourth).bit_length() - 1
            max3 = mine.bit_length() - 1
            followed = second if second >= 0 and L >> second & 1 else -1
            ruffed = bool(T) and L != T and bool(T >> second & 1)
            too_low = max3 < min4 or max3 < followed
            partner_sure = winner == 0 and lead > max4
            if (
                T
                and not partner_sure
                and not too_low
                and max3 <= max4
                and (L == T or (not ruffed and max4 >= 0))
            ):
                bonus = forces_top(fourth)
            elif not T and partner_sure:
                if not h[0] & L and holder((present & L).bit_length() - 1) == 2:
                    opp = fourth.bit_count() - 1
                    lho = (h[1] & L).bit_count()
                    opp = max(opp, lho)
                    run_len = 1
                    c2 = mine.bit_length() - 1
                    rest = mine & ~(1 << c2)
                    while rest:
                        n2 = rest.bit_length() - 1
                        between = ((1 << c2) - 1) & ~((1 << (n2 + 1)) - 1) & L
                        if between & (gone | 1 << lead) != between:
                            break
                        run_len += 1
                        c2 = n2
                        rest &= ~(1 << n2)
                    over_lead = cheapest_over(lead)
                    if over_lead >= 0 and opp <= run_len - 1:
                        bonus = over_lead
            elif not T and not partner_sure and not too_low and max4 > max3 and max4 > followed:
                bonus = forces_top(fourth)
        scored = []
        for i, c in enumerate(cands):
            top = tops.get(c, c)
            run = top != c
            km = cm[c]
            r = top - ((km & -km).bit_length() - 1) + 2  # 2 for the class's lowest card
            from_top = ((now & km) >> top).bit_count()  # 1 for the highest card in play now
            if mine and k == 1:
                # The second hand follows.
                third = h[2] & L
                fourth = h[3] & L
                max3 = third.bit_length() - 1
                min3 = (third & -third).bit_length() - 1
                max4 = fourth.bit_length() - 1
                min4 = (fourth & -fourth).bit_length() - 1
                low_anyway = (min3 >= 0 and min3 > top) or (min4 >= 0 and min4 > top)  # beaten anyway
                if not T:
                    if max4 > lead and max4 > max3:
                        w = -r  # the partner beats both opponents
                    elif top > lead and top > max3:
                        w = 81 - r
                    elif low_anyway:
                        w = -3 + from_top
                    elif top < lead:
                        w = -11 + from_top
                    elif run:
                        w = 10 + from_top
                    else:
                        w = 13 - r
                else:
                    t3 = h[2] & T
                    t4 = h[3] & T
                    if L == T:
                        win = (max4 > lead and max4 > max3) or (top > lead and top > max3)
                    elif top > lead and top > max3:
                        win = max3 >= 0 or not t3 or (max4 < 0 and bool(t4) and t4 > t3)
                    elif max4 > lead and max4 > max3:
                        win = max3 >= 0 or not t3
                    elif lead > max4 and lead > max3 and lead > top:
                        win = max4 < 0 and bool(t4) and (max3 >= 0 or not t3 or t4 > t3)
                    else:
                        win = max4 < 0 and bool(t4)  # the partner ruffs
                    if win:
                        if min3 >= 0 and min3 > top:
                            w = 40 + from_top  # the partner must be winning
                        elif max4 > lead and (h[0] & L) > fourth:
                            w = 41 + from_top
                        elif top > lead:
                            if top < max4:
                                w = 78 - r
                            elif top > max3:
                                w = 73 - r
                            elif run:
                                w = 62 - r
                            else:
                                w = 49 - r
                        else:
                            w = (47 if max4 >= 0 else 40) - r
                    elif low_anyway:
                        w = -9 + from_top
                    elif top < lead:
                        w = -16 + from_top
                    else:
                        w = (22 if run else 10) - r
            elif mine:
                # The third hand follows.
                fourth = h[3] & L
                max4 = fourth.bit_length() - 1
                min4 = (fourth & -fourth).bit_length() - 1
                max3 = mine.bit_length() - 1
                followed = second if second >= 0 and L >> second & 1 else -1
                ruffed = bool(T) and L != T and bool(T >> second & 1)
                too_low = max3 < min4 or max3 < followed
                partner_sure = winner == 0 and lead > max4
                over = top > followed and top > max4
                w = -r
                if T and L == T:
                    if not partner_sure and not too_low and max3 > max4 and over:
                        w = 58 - r
                elif T and ruffed:
                    pass  # the second hand ruffed: follow low
                elif T and winner == 0:
                    if max4 >= 0 and lead <= max4 and not too_low:
                        if max3 > max4:
                            if top > max4:
                                w = 58 - r
                        elif over:
                            w = 60 - r
                elif T:
                    if max4 < 0:
                        if top > followed:
                            w = 20 - r
                    elif not too_low and over:
                        w = (58 if max3 > max4 else 60) - r
                elif not partner_sure and not too_low and over:
                    w = 60 - r
                if i == bonus:
                    w += 20  # forcing out the fourth hand's top, or overtaking to run the class
            else:
                # Void: a discard, or a ruff.
                count = (h[k] & km).bit_count()
                cls = present & km
                top_owner = holder(cls.bit_length() - 1)
                bare_second = count == 2 and second_holder(km) == k
                bare_top = count == 1 and top_owner == k
                if k == 1:
                    third = h[2] & L
                    fourth = h[3] & L
                    partner_can = fourth > (third | 1 << lead)  # the fourth hand beats the others
                    if not T:
                        if partner_can:
                            add = ((count << 6) // 23) - (2 if bare_second else 3 if bare_top else 0)
                        else:
                            add = ((count << 6) // 33) - (6 if bare_second else 8 if bare_top else 0)
                        w = -r + add
                    else:
                        t3 = h[2] & T
                        t4 = h[3] & T
                        long44 = (count << 6) // 44
                        long36 = (count << 6) // 36 - (4 if bare_second else 0)
                        if L == T:
                            w = -r + (long44 if partner_can else long36)
                        elif km != T:
                            if third:
                                good = partner_can or (not fourth and bool(t4))
                            else:
                                good = (not fourth and t4 > t3) or (not t3 and fourth > 1 << lead)
                            w = -r + (60 + long44 if good else -2 + long36)
                        elif third or (not fourth and bool(t4) and t4 > t3) or 1 << top > t3:
                            w = 24 - r + long44  # a ruff that stands
                        else:
                            w = 15 - r + long36  # overruffed: make it costly
                elif not T:
                    w = -r + (count << 6) // 24 - (4 if bare_second or bare_top else 0)
                else:
                    fourth = h[3] & L
                    t4 = h[3] & T
                    max4 = fourth.bit_length() - 1
                    long50 = (count << 6) // 50
                    if L == T or km != T:
                        w = -r + (count << 6) // 40  # a discard from a long class
                    elif winner == 0 and lead > max4 and (max4 >= 0 or not t4):
                        w = -r - 50  # do not ruff the partner's sure winner
                    elif second >= 0 and T >> second & 1 and top < second:
                        w = -32 + from_top + (count << 6) // 40  # an underruff
                    elif winner == 0:
                        if max4 >= 0:
                            w = (36 if second_holder(L) == 0 else 48) - r + long50
                        else:
                            w = (48 if 1 << top > t4 else -12) - r + long50
                    elif max4 >= 0:
                        w = 72 - r + long50
                    else:
                        w = (48 if 1 << top > t4 else 36) - r + long50
            scored.append((w, c))
        scored.sort(reverse=True)
        return [c for _, c in scored]

    def follows(
        cands: list[Card],
        legal: CardSet,
        hands: list[CardSet],
        seat: int,
        k: int,
        follow: int,
        wcard: Card,
        wseat: int,
        live: int,
    ) -> list[Card]:
        """The (k+1)-th card of a trick, with an eye on the seats still to play."""
        mine = sideof[seat]
        pw = power[live]
        bw = beaters[live][wcard]
        partner_wins = sideof[wseat] == mine
        # The cards the later seats of each side may play.
        later_ours = later_theirs = 0
        s2 = nxt[seat]
        for _ in range(k + 1, m):
            h = hands[s2]
            if follow > 0:
                f = h & follow
                h = (f | (h & free_of[live])) if f else h
            if sideof[s2] == mine:
                later_ours |= h
            else:
                later_theirs |= h
            s2 = nxt[s2]
        scored = []
        if not partner_wins and later_ours & bw:
            # Second hand low: a later partner can still take the trick.
            for c in cands:
                scored.append((-1000 - pw[c] if bw >> c & 1 else -pw[c], c))
        elif partner_wins and later_theirs & bw:
            # The partner's card can still be taken over: overtake so that nobody later can
            # (cheapest first), else play low; overtaking cards that can be beaten last.
            bc = beaters[live]
            for c in cands:
                if not bw >> c & 1:
                    scored.append((-pw[c], c))
                elif bc[c] & later_theirs:
                    scored.append((-2000 - pw[c], c))
                else:
                    scored.append((1000 - pw[c], c))
        elif follow > 0 and not legal & ~follow and ascending[live]:
            # Following in a class ranked by card index: the order needs no sort.
            win = [c for c in cands if bw >> c & 1]
            lose = [c for c in cands if not bw >> c & 1]
            return lose + win if partner_wins else win + lose
        elif partner_wins:
            # The partner's side is winning: low cards, overtaking last.
            for c in cands:
                scored.append((-pw[c] - (500 if bw >> c & 1 else 0), c))
        else:
            # The cheapest card that takes the trick, else the lowest.
            for c in cands:
                scored.append((1000 - pw[c] if bw >> c & 1 else -pw[c], c))
        scored.sort(reverse=True)
        return [c for _, c in scored]

    return MoveOrdering(leads, follows, pair_leads, pair_follows)


# -- the search ---------------------------------------------------------------------------


class Search(NamedTuple):
    """The two entry points of the search, its node count (``nodes[0]``), its time limit
    (``deadline[0]``, `time.monotonic` seconds, 0 for none; looked at every 1,024 nodes) and
    whether a search ran past it (``timed_out[0]``: the search then unwinds storing nothing
    more, and its answer means nothing)."""

    boundary: Callable[[list[CardSet], int, int, Progress, int, int, CardSet], Answer]
    inner: Callable[[list[CardSet], int, int, int, int, Card, int, CardSet, TrickFrame], Answer]
    nodes: list[int]
    deadline: list[float]
    timed_out: list[bool]


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
    answers the question for its seat ends the node.
    """
    size = tables.size
    seats = seating.seats
    m = len(seats)
    nxt = seating.nxt
    sideof = seating.sideof
    additive = objective.additive
    monotone = objective.monotone
    after_trick = objective.after_trick
    obj_bounds = objective.bounds
    final = objective.final
    beaters = tables.beaters
    lead_follow = tables.lead_follow
    late_follow = tables.late_follow
    free_of = tables.free
    class_of = tables.class_of
    trumps_of = tables.trumps
    span = tables.span
    declaring = tables.declaring
    single_state = tables.single_state
    group_of = tables.group_of
    partition = table.partition
    tts = table.levels
    store = table.store
    exact_key, shape_key, entry_rel = keys.exact, keys.shape, keys.entry_rel
    quick = make_quick_tricks(tables, seating)
    sure_trumps = make_sure_trumps(tables, seating)
    sure_tricks = make_sure_tricks(tables, seating)
    ranked = tables.ranked
    strength_rank = tables.strength_rank
    order_leads, order_follows, order_pair_leads, order_pair_follows = make_move_ordering(tables, seating)
    decl_get = declarations.get
    count = [0]
    deadline = [0.0]
    timed_out = [False]
    killers = [-1] * (size + 1)  # by tricks left: the lead that last ended a node (kernel alike)
    later = make_later_tricks(tables, seating)
    pair = make_pair_quick(tables, seating, additive, equal_sizes, bool(declaring))
    pair_applies, pair_lead, pair_second = pair.applies, pair.lead, pair.second

    def boundary(
        hands: list[CardSet],
        leader: int,
        live: int,
        prog: Progress,
        target: int,
        left: int,
        present: CardSet,
    ) -> Answer:
        """Can the side reach ``target`` from a trick boundary (trick empty, ``leader`` to lead)?"""
        count[0] += 1
        if deadline[0] and not count[0] & 1023 and time.monotonic() > deadline[0]:
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
        if additive and left == 1 and equal_sizes:
            # The last trick: every hand plays its one card.
            win = hands[leader].bit_length() - 1
            ws = leader
            s = nxt[leader]
            beats = beaters[live]
            tmask = 1 << win
            while s != leader:
                c = hands[s].bit_length() - 1
                tmask |= 1 << c
                if beats[win] >> c & 1:
                    win, ws = c, s
                s = nxt[s]
            return sideof[ws], (1 << win if tmask & class_of[live][win] & ~(1 << win) else 0)
        if partition:
            key, rels = shape_key(hands, leader, prog, present)
            by_tops = tts[left].get(key)
            if by_tops is not None:
                # At most one entry per top segment fits: the one with this position's holdings.
                for tops, by_holds in by_tops.items():
                    found = by_holds.get(rels & tops)
                    if found is not None:
                        if found[0] >= target:
                            return True, entry_rel(tops, present)
                        if found[1] < target:
                            return False, entry_rel(tops, present)
        else:
            key, rels = exact_key(hands, leader, live, prog, present), 0
            bounds = tts[left].get(key)
            if bounds is not None:
                if bounds[0] >= target:
                    return True, 0
                if bounds[1] < target:
                    return False, 0
        if monotone:
            if pair_applies(live, present):
                # Two partnerships: the count that stops at the tricks the question needs.
                need = target if sideof[leader] else left - target + 1
                found = pair_lead(hands, leader, live, present, need)
                if found is not None:
                    q, qrel = found
                    if sideof[leader]:
                        store(left, key, rels, qrel, present, q, left)
                        return True, qrel
                    store(left, key, rels, qrel, present, 0, left - q)
                    return False, qrel
            else:
                q, qrel = quick(hands, leader, live, present)
                if sideof[leader]:
                    if q >= target:
                        store(left, key, rels, qrel, present, q, left)
                        return True, qrel
                elif left - q < target:
                    store(left, key, rels, qrel, present, 0, left - q)
                    return False, qrel
            if ranked[live]:
                # Nobody need follow and the strongest card wins: each side's sure tricks.
                mine, theirs = sure_tricks(hands, live, present, left)
                if mine >= target:
                    store(left, key, rels, 0, present, mine, left)
                    return True, 0
                if left - theirs < target:
                    store(left, key, rels, 0, present, 0, left - theirs)
                    return False, 0
                lo, hi = mine, left - theirs
            elif single_state and present & trumps_of[live]:
                mine, theirs, srel, trel = sure_trumps(hands, live, present, left)
                if mine >= target:
                    store(left, key, rels, srel, present, mine, left)
                    return True, srel
                if left - theirs < target:
                    store(left, key, rels, trel, present, 0, left - theirs)
                    return False, trel
            elif additive and (target == left if sideof[leader] else target == 1):
                short, lrel = later(hands, leader, live, present, left)
                if short:
                    if sideof[leader]:
                        store(left, key, rels, lrel, present, 0, left - 1)
                        return False, lrel
                    store(left, key, rels, lrel, present, 1, left)
                    return True, lrel
        result, rel = inner(hands, leader, 0, live, -1, -1, leader, 0, (live, prog, target, left, present))
        if timed_out[0]:
            return False, 0  # an unfinished answer is not stored
        if result:
            store(left, key, rels, rel, present, target, hi)
        else:
            store(left, key, rels, rel, present, lo, target - 1)
        return result, rel

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
            srel = pair_second(
                hands, seat, live, follow, wcard, present, target if sideof[seat] else left - target + 1
            )
            if srel is not None:
                return sideof[seat], srel
        if follow > 0:
            f = hand & follow
            legal = (f | (hand & free_of[live])) if f else hand
        else:
            legal = hand
        # Equivalent cards: keep the lowest of each run that nothing outside the hand splits.
        outside = present & ~hand
        cands = []
        runs: list[tuple[int, int]] = []  # (lowest, highest card) of runs of more than one card
        prev = first = -1
        if ranked[live]:
            # Nobody need follow: cards of the whole hand, weakest first, so that equivalent
            # cards of different suits (equal numbers, or nothing left between them) meet.
            rank = strength_rank[live]
            seq = []
            x = legal
            while x:
                low = x & -x
                seq.append(low.bit_length() - 1)
                x ^= low
            seq.sort(key=rank.__getitem__)
        else:
            seq = []
            x = legal
            while x:
                low = x & -x
                seq.append(low.bit_length() - 1)
                x ^= low
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
        if len(cands) > 1:
            if k <= 2 and pair_applies(live, present):
                # Each candidate's run by its highest card.
                tops = {low_card: high_card for low_card, high_card in runs}
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
        last = k == m - 1
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
                        res, crel = boundary(
                            hands,
                            ns,
                            npend,
                            after_trick(prog, ns, nmask),
                            target,
                            left - 1,
                            present & ~nmask,
                        )
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

    return Search(boundary, inner, count, deadline, timed_out)
