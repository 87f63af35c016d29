"""The fast double-dummy search: "can the side reach the target from here?".

A boolean goal search over the trick algebra of `games.trick`, in the manner of
Bo Haglund's DDS:

- **Zero-window searches.** A value is found by asking yes/no questions ("can the
  side take ≥ t tricks?") and narrowing t; every question reuses the transposition
  table of the ones before.
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

Cards are ints, hands int bitmasks; every table is built once per solver.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import pairwise
from types import ModuleType
from typing import Any

from games.cards import Card, CardSet, popcount
from games.trick import FREE, TrickRules
from solvers.contexts import Arena, Declaration, build_arena
from solvers.objectives import Objective, Progress, make_objective
from solvers.position import Position

__all__ = ["DEFAULT_TT_LIMIT", "Move", "Solution", "Solver", "compress", "solve"]

DEFAULT_TT_LIMIT = 2_000_000

# Strength of a card inside its class, for comparisons of two cards of one class or two trumps.
_TRUMP = 1_000_000


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


_dd: ModuleType | None
try:  # the compiled kernel of the common case; the pure-Python search is its reference
    from solvers import _dd
except ImportError:  # pragma: no cover - built by `pip install`; without a C compiler Python serves
    _dd = None

_TABLE_CACHE: dict[Any, tuple[Any, ...]] = {}
_TABLE_CACHE_SIZE = 64


@dataclass(frozen=True)
class Move:
    """A card and what it declares (24: ``reverse``, Trump Chaos ``trump``)."""

    card: Card
    declaration: Declaration = ()


@dataclass(frozen=True)
class Solution:
    """The result of `solve`: the value, each legal move's value, and a best line of play."""

    value: int
    side: tuple[int, ...]
    goal: str
    moves: tuple[tuple[Move, int], ...]
    line: tuple[tuple[int, Move], ...]
    nodes: int


@dataclass
class _Node:
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


def _strength(rules: TrickRules, card: Card) -> int:
    tp = rules.trump_power[card]
    return _TRUMP + tp if tp > 0 else rules.lead_power[card]


def _beaters(rules: TrickRules, size: int) -> list[CardSet]:
    """For each card w winning a trick so far: the cards that take the trick over when played next."""
    tp, cls, lp = rules.trump_power, rules.cls, rules.lead_power
    out = []
    for w in range(size):
        mask = 0
        for c in range(size):
            if c == w:
                continue
            if tp[w] > 0:
                beats = tp[c] > tp[w]
            elif cls[w] == FREE:  # a leading jester: any suit card or wizard takes over
                beats = tp[c] > 0 or cls[c] != FREE
            else:
                beats = tp[c] > 0 or (cls[c] == cls[w] and lp[c] > lp[w])
            if beats:
                mask |= 1 << c
        out.append(mask)
    return out


def _minus_strength(rules: TrickRules, card: Card) -> int:
    return -_strength(rules, card)


def _minus_power(rules: TrickRules, card: Card) -> int:
    return -rules.trump_power[card]


def _monotone(rules: TrickRules, cards: Sequence[Card]) -> int:
    """1 if strength rises with the card index, 2 if it falls, 0 otherwise (or ties)."""
    values = [_strength(rules, c) for c in sorted(cards)]
    if all(a < b for a, b in pairwise(values)):
        return 1
    if all(a > b for a, b in pairwise(values)):
        return 2
    return 0


class Solver:
    """Double-dummy solver for one position; the transposition table lives as long as the solver."""

    def __init__(self, position: Position, tt_limit: int = DEFAULT_TT_LIMIT, kernel: bool = True) -> None:
        self.position = position
        self.use_kernel = kernel
        self.arena: Arena = build_arena(position.game, position.context, position.options)
        self.objective: Objective = make_objective(position)
        self.side: tuple[int, ...] = position.side()
        self.size = position.deck.size
        self.seats = position.playing
        self.tt_limit = tt_limit
        self.nodes = 0
        self._build_tables()
        self._make_search()

    # -- tables ------------------------------------------------------------------------

    def _reachable_states(self) -> list[int]:
        arena = self.arena
        seen = {arena.live, arena.pending}
        todo = list(seen)
        while todo:
            state = todo.pop()
            for (pending, _card), choices in arena.declarations.items():
                if pending != state:
                    continue
                for _decl, nxt in choices:
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
        return sorted(seen)

    _TABLE_ATTRS = (
        "beaters",
        "free",
        "wizards",
        "lead_follow",
        "late_follow",
        "power",
        "stronger",
        "span",
        "quick_info",
        "structured",
        "strength",
        "key_groups",
        "absolute",
    )

    def _build_tables(self) -> None:
        arena, size = self.arena, self.size
        states = arena.states
        reach = self._reachable_states()
        self.reach = reach
        self._build_tags()
        # The tables depend only on the rules, the reachable states, the tags and the blocks:
        # built once and shared by every solver of the same context.
        cache_key = (states, tuple(reach), tuple(self.tags), arena.blocks)
        cached = _TABLE_CACHE.get(cache_key)
        if cached is not None:
            for name, table in zip(self._TABLE_ATTRS, cached, strict=True):
                setattr(self, name, table)
            return
        self.beaters = [_beaters(rules, size) if i in reach else [] for i, rules in enumerate(states)]
        self.free = [sum(1 << c for c in range(size) if r.cls[c] == FREE) for r in states]
        self.wizards = [
            sum(1 << c for c in range(size) if r.cls[c] == FREE and r.trump_power[c] > 0) for r in states
        ]
        self.lead_follow = []
        self.late_follow = []  # the same after leading jesters (no class set yet)
        self.power = []
        self.stronger = []
        for i, rules in enumerate(states):
            follow, late, power, stronger = [], [], [], []
            for c in range(size):
                k = rules.cls[c]
                if not rules.must_follow:
                    follow.append(0)
                elif k == FREE:
                    follow.append(0 if rules.trump_power[c] > 0 else -1)
                else:
                    follow.append(rules.class_mask[k])
                # A wizard after leading jesters frees the trick only where the rules say so.
                freed = rules.wizard_frees_after_jester or not rules.trump_power[c]
                late.append(follow[-1] if k != FREE or freed else -1)
                tp = rules.trump_power[c]
                power.append(100 + tp if tp > 0 else rules.lead_power[c])
                own = rules.class_mask.get(k, 0) if k != FREE else 0
                stronger.append(self.beaters[i][c] & own if i in reach else 0)
            self.lead_follow.append(follow)
            self.late_follow.append(late)
            self.power.append(power)
            self.stronger.append(stronger)
        self._build_spans()
        self._build_quick()
        self._build_key_groups()
        if len(_TABLE_CACHE) >= _TABLE_CACHE_SIZE:
            del _TABLE_CACHE[next(iter(_TABLE_CACHE))]
        _TABLE_CACHE[cache_key] = tuple(getattr(self, name) for name in self._TABLE_ATTRS)

    def _build_tags(self) -> None:
        """Cards that differ for the objective (colours taken) or in what they may declare."""
        arena, size = self.arena, self.size
        tags = self.objective.card_tags(size)
        kinds: dict[tuple[str, ...], int] = {(): 0}
        self.has_declaration = 0
        for c in range(size):
            keys: set[str] = set()
            for state in self.reach:
                for decl, _ in arena.choices(state, c):
                    keys.update(k for k, _ in decl)
            kind = kinds.setdefault(tuple(sorted(keys)), len(kinds))
            if kind:
                self.has_declaration |= 1 << c
            tags[c] = tags[c] * 64 + kind
        self.tags = tags

    def _build_spans(self) -> None:
        """For each pair of cards of one class: the cards that tell them apart in some reachable state,
        or -1 when they are never equivalent."""
        size, states = self.size, self.arena.states
        span = [-1] * (size * size)
        beaten_by: dict[int, list[int]] = {}
        for r in self.reach:
            beats = self.beaters[r]
            col = [0] * size
            for x in range(size):
                m = beats[x]
                while m:
                    low = m & -m
                    col[low.bit_length() - 1] |= 1 << x
                    m ^= low
            beaten_by[r] = col
        for c1 in range(size):
            for c2 in range(c1 + 1, size):
                if self.tags[c1] != self.tags[c2]:
                    continue
                ok = True
                mask = 0
                for r in self.reach:
                    rules = states[r]
                    if rules.cls[c1] != rules.cls[c2] or (rules.trump_power[c1] > 0) != (
                        rules.trump_power[c2] > 0
                    ):
                        ok = False
                        break
                    beats, col = self.beaters[r], beaten_by[r]
                    mask |= (beats[c1] ^ beats[c2]) | (col[c1] ^ col[c2])
                if ok:
                    span[c1 * size + c2] = mask & ~(1 << c1 | 1 << c2)
        self.span = span

    def _build_quick(self) -> None:
        """Per state and class: (class mask, bit order of strength, cards by strength, outside beaters)."""
        size, states = self.size, self.arena.states
        self.quick_info: list[list[tuple[int, int, tuple[int, ...], int]]] = []
        self.structured: list[bool] = []
        self.strength: list[list[int]] = []
        for rules in states:
            info = []
            trump_classes = {
                rules.cls[c] for c in range(size) if rules.trump_power[c] > 0 and rules.cls[c] != FREE
            }
            self.structured.append(len(trump_classes) <= 1)
            self.strength.append([_strength(rules, c) for c in range(size)])
            for _k, mask in sorted(rules.class_mask.items()):
                cards = [c for c in range(size) if mask >> c & 1]
                mode = _monotone(rules, cards)
                order = tuple(sorted(cards, key=partial(_minus_strength, rules)))
                outside = sum(1 << c for c in range(size) if rules.trump_power[c] > 0 and not mask >> c & 1)
                info.append((mask, mode, order, outside))
            self.quick_info.append(info)

    def _build_key_groups(self) -> None:
        """Groups of cards collapsed to relative ranks in the table key; the rest is keyed as is.

        A group (cards of one block, one class and trump-ness in every reachable state, one tag)
        is collapsed only if, in every reachable state, its cards have distinct strengths that
        rise or fall with the card index, fit 14 bits, and compare the same way with every card
        of each other group they can meet (all above or all below).
        """
        size, states, reach = self.size, self.arena.states, self.reach
        groups: dict[tuple[Any, ...], int] = {}
        for c in range(size):
            block = next((i for i, b in enumerate(self.arena.blocks) if b >> c & 1), -1 - c)
            sig = (
                block,
                tuple(states[r].cls[c] for r in reach),
                tuple(states[r].trump_power[c] > 0 for r in reach),
                self.tags[c],
            )
            groups[sig] = groups.get(sig, 0) | 1 << c
        masks = list(groups.values())
        bad = [False] * len(masks)
        for i, g in enumerate(masks):
            cards = [c for c in range(size) if g >> c & 1]
            if cards[-1] - cards[0] >= 14:
                bad[i] = True
                continue
            for r in reach:
                if len(cards) > 1 and not _monotone(states[r], cards):
                    bad[i] = True
        for i, g in enumerate(masks):
            for j in range(i + 1, len(masks)):
                h = masks[j]
                for r in reach:
                    rules = states[r]
                    a = next(c for c in range(size) if g >> c & 1)
                    b = next(c for c in range(size) if h >> c & 1)
                    same_class = rules.cls[a] == rules.cls[b]
                    both_trumps = rules.trump_power[a] > 0 and rules.trump_power[b] > 0
                    if not (same_class or both_trumps):
                        continue
                    s = self.strength[r]
                    gs = [s[c] for c in range(size) if g >> c & 1]
                    hs = [s[c] for c in range(size) if h >> c & 1]
                    if not (min(gs) > max(hs) or max(gs) < min(hs)):
                        bad[i] = bad[j] = True
        self.key_groups: list[tuple[int, int]] = []
        self.absolute = 0
        for g, is_bad in zip(masks, bad, strict=True):
            if is_bad:
                self.absolute |= g
            elif popcount(g) > 1:
                shift = (g & -g).bit_length() - 1
                self.key_groups.append((shift, g >> shift))
            else:
                self.absolute |= g  # a lone card: keyed as is

    # -- the search ----------------------------------------------------------------

    def _make_search(self) -> None:
        arena, objective, size = self.arena, self.objective, self.size
        seats = self.seats
        m = len(seats)
        nxt = [0] * self.position.players
        for i, s in enumerate(seats):
            nxt[s] = seats[(i + 1) % m]
        side_set = set(self.side)
        sideof = [s in side_set for s in range(self.position.players)]
        others_of = [tuple(o for o in seats if o != s) for s in range(self.position.players)]
        additive = objective.additive
        monotone = objective.monotone
        after_trick = objective.after_trick
        obj_bounds = objective.bounds
        final = objective.final
        beaters = self.beaters
        lead_follow = self.lead_follow
        late_follow = self.late_follow
        power = self.power
        stronger = self.stronger
        free_of = self.free
        wizards_of = self.wizards
        quick_info = self.quick_info
        structured = self.structured
        strength_of = self.strength
        span = self.span
        has_decl = self.has_declaration
        decl_get = arena.declarations.get
        single_state = len(self.reach) == 1
        must_follow = [r.must_follow for r in arena.states]
        key_groups = tuple(self.key_groups)
        absolute = self.absolute
        pext7, pop7 = _PEXT7, _POP7
        max_left = max(h.bit_count() for h in self.position.hands) + 1
        tts: list[dict[Any, Any]] = [{} for _ in range(max_left + 1)]
        self._tts = tts
        tt_limit = self.tt_limit
        count = [0, 0]  # nodes, table entries
        self._count = count
        equal_sizes = "extra_cards" not in self.position.context
        # Trump cards by strength, strongest first, per state (for the sure-trump bound).
        trumps_desc = [
            tuple(sorted((c for c in range(size) if r.trump_power[c] > 0), key=partial(_minus_power, r)))
            for r in arena.states
        ]
        tp_of = [r.trump_power for r in arena.states]

        # Partition search (relevant cards) when the single ranking orders every collapsed group
        # by card index; otherwise the table keys on the full collapsed position.
        partition = single_state and all(
            _monotone(arena.states[arena.live], [c for c in range(size) if g >> shift >> c & 1]) == 1
            or g.bit_count() < 2
            for shift, g in key_groups
        )
        self.partition = partition
        group_of = [0] * size
        for shift, g in key_groups:
            for c in range(size):
                if (g << shift) >> c & 1:
                    group_of[c] = g << shift
        class_of = [
            [(r.class_mask.get(r.cls[c], 0) if r.cls[c] != FREE else self.free[i]) for c in range(size)]
            for i, r in enumerate(arena.states)
        ]
        field_bits = 14
        # States whose every class is ranked by card index (bridge-like).
        ascending = [all(mode == 1 for _, mode, _, _ in info) for info in quick_info]
        trump_mask = [
            sum(1 << c for c in range(size) if r.trump_power[c] > 0 and r.cls[c] != FREE)
            for r in arena.states
        ]

        def make_key(hands: list[CardSet], leader: int, live: int, prog: Progress, present: CardSet) -> Any:
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
            if absolute:
                for s in seats:
                    parts.append(hands[s] & absolute)
            return tuple(parts)

        def shape_key(hands: list[CardSet], leader: int, prog: Progress, present: CardSet) -> tuple[Any, int]:
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

        def quick(hands: list[CardSet], leader: int, live: int, present: CardSet) -> tuple[int, CardSet]:
            """Tricks the leader's side can take at once from the top (a lower bound), and the cards
            whose rank that rests on."""
            lead = hands[leader]
            wiz = wizards_of[live]
            rest = present & ~lead
            mf = must_follow[live]
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
            q = (lead & wiz).bit_count() + (total if structured[live] else best)
            # With declarations the ranking may change after this trick: only its first trick is sure.
            return (min(q, 1) if has_decl else q), rel

        def sure_trumps(hands: list[CardSet], live: int, present: CardSet) -> tuple[int, int, CardSet]:
            """Per side, the most trumps one hand holds that no card of the other side can beat or tie:
            each of them wins a trick of its own (every card is played). And the lowest such trump."""
            tp = tp_of[live]
            counts = dict.fromkeys(seats, 0)
            top_side = -1
            level = -1
            owners: list[int] = []
            cards: list[Card] = []
            lowest = 0
            for c in trumps_desc[live]:
                if not present >> c & 1:
                    continue
                if tp[c] != level:
                    # Close the level above: all of one side, the same side as every level above it.
                    if owners:
                        sides = {sideof[o] for o in owners}
                        if len(sides) > 1 or (top_side >= 0 and top_side != int(sideof[owners[0]])):
                            owners = []
                            break
                        top_side = int(sideof[owners[0]])
                        for o in owners:
                            counts[o] += 1
                        lowest = 1 << cards[-1]
                    level = tp[c]
                    owners = []
                    cards = []
                owners.append(next(s for s in seats if hands[s] >> c & 1))
                cards.append(c)
            if owners:
                sides = {sideof[o] for o in owners}
                if len(sides) == 1 and (top_side < 0 or top_side == int(sideof[owners[0]])):
                    for o in owners:
                        counts[o] += 1
                    lowest = 1 << cards[-1]
            side_best = max((counts[s] for s in seats if sideof[s]), default=0)
            other_best = max((counts[s] for s in seats if not sideof[s]), default=0)
            return side_best, other_best, lowest

        def evict() -> None:
            # Shallow first: entries with few tricks left are the cheapest to find again.
            total = count[1]
            for table in tts:
                if total <= tt_limit // 2:
                    break
                total -= sum(len(h) for v in table.values() for h in v.values()) if partition else len(table)
                table.clear()
            count[1] = total

        def store(left: int, key: Any, rels: int, rel: CardSet, present: CardSet, lo: int, hi: int) -> None:
            table = tts[left]
            if not partition:
                if key not in table:
                    count[1] += 1
                    if count[1] > tt_limit:
                        evict()
                        table = tts[left]
                table[key] = [lo, hi]
                return
            # Under one shape: the relevant top segments seen (in the order first seen), each
            # with the holdings in it that were stored; one bound pair per segment and holdings.
            tops, _ = top_fields(rel, present)
            holds = rels & tops
            by_tops: dict[int, dict[int, list[int]]] | None = table.get(key)
            if by_tops is None:
                by_tops = table[key] = {}
            by_holds = by_tops.get(tops)
            if by_holds is None:
                by_holds = by_tops[tops] = {}
            bounds = by_holds.get(holds)
            if bounds is not None:
                if lo > bounds[0]:
                    bounds[0] = lo
                if hi < bounds[1]:
                    bounds[1] = hi
                return
            by_holds[holds] = [lo, hi]
            count[1] += 1
            if count[1] > tt_limit:
                evict()

        def boundary(
            hands: list[CardSet],
            leader: int,
            live: int,
            prog: Progress,
            target: int,
            left: int,
            present: CardSet,
        ) -> tuple[bool, CardSet]:
            """Can the side reach ``target`` from a trick boundary (trick empty, ``leader`` to lead)?
            Also the cards whose rank the answer rests on."""
            count[0] += 1
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
                                return True, _entry_rel(tops, present)
                            if found[1] < target:
                                return False, _entry_rel(tops, present)
            else:
                key, rels = make_key(hands, leader, live, prog, present), 0
                bounds = tts[left].get(key)
                if bounds is not None:
                    if bounds[0] >= target:
                        return True, 0
                    if bounds[1] < target:
                        return False, 0
            if monotone:
                q, qrel = quick(hands, leader, live, present)
                if sideof[leader]:
                    if q >= target:
                        store(left, key, rels, qrel, present, q, left)
                        return True, qrel
                elif left - q < target:
                    store(left, key, rels, qrel, present, 0, left - q)
                    return False, qrel
                if equal_sizes and tp_of[live] and single_state:
                    mine, theirs, srel = sure_trumps(hands, live, present)
                    if mine >= target:
                        store(left, key, rels, srel, present, mine, left)
                        return True, srel
                    if left - theirs < target:
                        store(left, key, rels, srel, present, 0, left - theirs)
                        return False, srel
            result, rel = inner(hands, leader, 0, live, live, -1, -1, leader, 0, present, prog, target, left)
            if result:
                store(left, key, rels, rel, present, target, hi)
            else:
                store(left, key, rels, rel, present, lo, target - 1)
            return result, rel

        def _entry_rel(tops: int, present: CardSet) -> CardSet:
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

        def inner(
            hands: list[CardSet],
            seat: int,
            k: int,
            live: int,
            pending: int,
            follow: int,
            wcard: int,
            wseat: int,
            tmask: CardSet,
            present: CardSet,
            prog: Progress,
            target: int,
            left: int,
        ) -> tuple[bool, CardSet]:
            """Can the side reach ``target``, ``seat`` to play the (k+1)-th card of the trick?"""
            hand = hands[seat]
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
            x = legal
            while x:
                low = x & -x
                c = low.bit_length() - 1
                x ^= low
                if prev >= 0:
                    sp = span[prev * size + c]
                    if sp >= 0 and not sp & outside:
                        prev = c
                        if runs and runs[-1][0] == first:
                            runs[-1] = (first, c)
                        else:
                            runs.append((first, c))
                        continue
                cands.append(c)
                prev = first = c
            mine = sideof[seat]
            pw = power[live]
            if len(cands) > 1:
                scored = []
                if k == 0:
                    # Leads: a card nobody can beat or ruff first; then low cards towards a
                    # partner who holds the top; then low cards; leads an opponent can ruff last.
                    st = stronger[live]
                    cm = class_of[live]
                    trumps = trump_mask[live]
                    partners = 0
                    opponents = 0
                    for o in others_of[seat]:
                        if sideof[o] == mine:
                            partners |= hands[o]
                        else:
                            opponents |= hands[o]
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
                        top_theirs = opponents & kmask
                        top_ours = partners & kmask
                        if ruff:
                            score -= 1500  # an opponent can ruff: last
                        elif top_ours and (not top_theirs or top_ours.bit_length() > top_theirs.bit_length()):
                            score += 500  # partner holds the top of the suit
                        scored.append((score, c))
                    scored.sort(reverse=True)
                    cands = [c for _, c in scored]
                else:
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
                    if not partner_wins and later_ours & bw:
                        # Second hand low: a later partner can still take the trick.
                        for c in cands:
                            scored.append((-1000 - pw[c] if bw >> c & 1 else -pw[c], c))
                        scored.sort(reverse=True)
                        cands = [c for _, c in scored]
                    elif partner_wins and later_theirs & bw:
                        # The partner's card can still be taken over: overtake so that nobody later
                        # can (cheapest first), else play low; overtaking cards that can be beaten last.
                        bc = beaters[live]
                        for c in cands:
                            if bw >> c & 1:
                                score = -2000 - pw[c] if bc[c] & later_theirs else 1000 - pw[c]
                            else:
                                score = -pw[c]
                            scored.append((score, c))
                        scored.sort(reverse=True)
                        cands = [c for _, c in scored]
                    elif follow > 0 and not legal & ~follow and ascending[live]:
                        # Following in a class ranked by card index: the order needs no sort.
                        win = [c for c in cands if bw >> c & 1]
                        lose = [c for c in cands if not bw >> c & 1]
                        cands = lose + win if sideof[wseat] == mine else win + lose
                    else:
                        if sideof[wseat] == mine:
                            # The partner's side is winning: low cards, overtaking last.
                            for c in cands:
                                score = -pw[c] - (500 if bw >> c & 1 else 0)
                                scored.append((score, c))
                        else:
                            # The cheapest card that takes the trick, else the lowest.
                            for c in cands:
                                score = 1000 - pw[c] if bw >> c & 1 else -pw[c]
                                scored.append((score, c))
                        scored.sort(reverse=True)
                        cands = [c for _, c in scored]
            last = k == m - 1
            beats = beaters[live]
            nseat = nxt[seat]
            rel = 0
            for c in cands:
                bit = 1 << c
                hands[seat] = hand ^ bit
                if wcard < 0 or beats[wcard] >> c & 1:
                    nw, ns = c, seat
                else:
                    nw, ns = wcard, wseat
                nmask = tmask | bit
                plain = (((), pending),)
                choices = decl_get((pending, c), plain) if has_decl >> c & 1 else plain
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
                        res, crel = inner(
                            hands, nseat, k + 1, live, npend, nf, nw, ns, nmask, present, prog, target, left
                        )
                    if res == mine:
                        hands[seat] = hand
                        return res, crel
                    rel |= crel
            hands[seat] = hand
            if runs and partition:
                # Cards skipped as equivalent must stay equivalent wherever this answer is reused:
                # a run reaching into the relevant cards joins them whole.
                for low_card, high_card in runs:
                    g = rel & group_of[low_card]
                    if g and 1 << high_card >= g & -g:
                        rel |= 1 << low_card
            return not mine, rel

        self._boundary: Callable[..., tuple[bool, CardSet]] = boundary
        self._inner: Callable[..., tuple[bool, CardSet]] = inner
        self._sideof = sideof
        self._nxt = nxt
        self._kernel: Any = None
        if (
            self.use_kernel
            and _dd is not None
            and partition
            and additive
            and monotone
            and not has_decl
            and size <= _dd.MAX_CARDS
            and self.position.players <= _dd.MAX_PLAYERS
            and len(key_groups) <= _dd.MAX_GROUPS
            and len(quick_info[arena.live]) <= _dd.MAX_CLASSES
        ):
            live = arena.live
            kernel = _dd.Kernel(
                size=size,
                players=self.position.players,
                seats=list(seats),
                nxt=nxt,
                sideof=[int(x) for x in sideof],
                beaters=beaters[live],
                lead_follow=lead_follow[live],
                late_follow=late_follow[live],
                free=free_of[live],
                wizards=wizards_of[live],
                power=power[live],
                stronger=stronger[live],
                class_of=class_of[live],
                trump_mask=trump_mask[live],
                span=span,
                quick=quick_info[live],
                strength=strength_of[live],
                structured=structured[live],
                must_follow=must_follow[live],
                ascending=ascending[live],
                equal_sizes=equal_sizes,
                trumps_desc=trumps_desc[live],
                tp=tp_of[live],
                key_groups=list(key_groups),
                absolute=absolute,
                group_of=group_of,
                max_left=max_left,
                tt_limit=tt_limit,
            )
            self._kernel = kernel
            self._boundary = kernel.boundary
            self._inner = kernel.inner

    # -- nodes outside the hot path ------------------------------------------------------

    def reuse_for(self, position: Position) -> bool:
        """Point the solver at another leader of the same deal (same hands, context, objective and
        side), keeping the transposition table; False (and unchanged) if it does not fit."""
        old = self.position
        if (
            position.hands != old.hands
            or position.game != old.game
            or dict(position.options) != dict(old.options)
            or {k: v for k, v in position.context.items() if k != "json"}
            != {k: v for k, v in old.context.items() if k != "json"}
            or position.objective != old.objective
            or position.won != old.won
            or position.taken != old.taken
            or position.side() != self.side
            or position.trick
            or old.trick
        ):
            return False
        self.position = position
        return True

    def root(self) -> _Node:
        """The position as a search node."""
        pos, arena = self.position, self.arena
        hands = list(pos.hands)
        present = 0
        for h in hands:
            present |= h
        seats = pos.trick_seats()
        live = arena.live
        follow, wcard, wseat, tmask = -1, -1, pos.leader, 0
        beats = self.beaters[live]
        for i, c in enumerate(pos.trick):
            if wcard < 0 or beats[wcard] >> c & 1:
                wcard, wseat = c, seats[i]
            if follow == -1:
                follow = (self.late_follow if i else self.lead_follow)[live][c]
            tmask |= 1 << c
        present |= tmask
        seat = seats[len(pos.trick)]
        return _Node(
            hands,
            seat if pos.trick else pos.leader,
            len(pos.trick),
            live,
            arena.pending if pos.trick else arena.live,
            follow,
            wcard,
            wseat,
            tmask,
            present,
            self.objective.start(),
            pos.tricks_left(),
        )

    def legal(self, node: _Node) -> list[Card]:
        """Legal cards at a node, lowest first."""
        hand = node.hands[node.seat]
        if node.follow > 0:
            f = hand & node.follow
            legal = (f | (hand & self.free[node.live])) if f else hand
        else:
            legal = hand
        return [c for c in range(self.size) if legal >> c & 1]

    def moves(self, node: _Node) -> list[Move]:
        """Every legal move at a node (cards with their declarations)."""
        return [Move(c, decl) for c in self.legal(node) for decl, _ in self.arena.choices(node.pending, c)]

    def child(self, node: _Node, move: Move) -> _Node:
        """The node after a move."""
        c = move.card
        npend = dict(self.arena.choices(node.pending, c))[move.declaration]
        hands = list(node.hands)
        hands[node.seat] ^= 1 << c
        beats = self.beaters[node.live]
        if node.wcard < 0 or beats[node.wcard] >> c & 1:
            wcard, wseat = c, node.seat
        else:
            wcard, wseat = node.wcard, node.wseat
        follow = (
            (self.late_follow if node.k else self.lead_follow)[node.live][c]
            if node.follow == -1
            else node.follow
        )
        tmask = node.tmask | 1 << c
        trail = (*node.trail, (node.seat, move))
        if node.k + 1 < len(self.seats):
            return _Node(
                hands,
                self._nxt[node.seat],
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
            )
        gained = node.gained + (1 if self.objective.additive and self._sideof[wseat] else 0)
        prog = node.prog if self.objective.additive else self.objective.after_trick(node.prog, wseat, tmask)
        return _Node(
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
        )

    def test(self, node: _Node, target: int) -> bool:
        """Can the side reach value-to-go ≥ ``target`` from ``node`` (not counting ``node.gained``)?"""
        hands = list(node.hands)
        if node.k == 0:
            result, _ = self._boundary(
                hands, node.seat, node.live, node.prog, target, node.left, node.present
            )
        else:
            result, _ = self._inner(
                hands,
                node.seat,
                node.k,
                node.live,
                node.pending,
                node.follow,
                node.wcard,
                node.wseat,
                node.tmask,
                node.present,
                node.prog,
                target,
                node.left,
            )
        self.nodes = self._nodes()
        return result

    def _nodes(self) -> int:
        return self._kernel.nodes if self._kernel is not None else self._count[0]

    @property
    def compiled(self) -> bool:
        """Whether the compiled kernel (``solvers._dd``) runs this solver's search."""
        return self._kernel is not None

    def value_to_go(
        self, node: _Node, lo: int | None = None, hi: int | None = None, guess: int | None = None
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

    def move_values(self, node: _Node | None = None, best: int | None = None) -> list[tuple[Move, int]]:
        """Each legal move with the value the side reaches after it (counted from ``node``)."""
        node = self.root() if node is None else node
        best = self.value_to_go(node) if best is None else best
        on_side = self._sideof[node.seat]
        out: list[tuple[Move, int]] = []
        known: dict[tuple[int, Declaration], int] = {}
        groups = self._equivalence_runs(node)
        for move in self.moves(node):
            rep = groups[move.card]
            if (rep, move.declaration) in known:
                out.append((move, known[(rep, move.declaration)]))
                continue
            child = self.child(node, move)
            offset = child.gained - node.gained
            if on_side:
                v = offset + self.value_to_go(child, None, best - offset)
            else:
                v = offset + self.value_to_go(child, best - offset, None)
            known[(rep, move.declaration)] = v
            out.append((move, v))
        return out

    def _equivalence_runs(self, node: _Node) -> dict[Card, Card]:
        """Each legal card → the lowest card of its run of equivalent cards."""
        hand = node.hands[node.seat]
        outside = node.present & ~hand
        rep: dict[Card, Card] = {}
        prev = first = -1
        for c in self.legal(node):
            if prev >= 0:
                sp = self.span[prev * self.size + c]
                if sp >= 0 and not sp & outside:
                    rep[c] = first
                    prev = c
                    continue
            rep[c] = first = prev = c
        return rep

    def line(self, node: _Node | None = None, value: int | None = None) -> list[tuple[int, Move]]:
        """A best line of play to the end: (seat, move) pairs."""
        node = self.root() if node is None else node
        total = self.value_to_go(node) if value is None else value
        total += node.gained
        while node.left > 0:
            on_side = self._sideof[node.seat]
            for move in self.moves(node):
                child = self.child(node, move)
                need = total - child.gained
                ok = self.test(child, need) if on_side else not self.test(child, need + 1)
                if ok:
                    node = child
                    break
            else:  # pragma: no cover - a value always has a move that keeps it
                raise AssertionError("no move keeps the value")
        return list(node.trail)

    def solve(self, with_line: bool = True) -> Solution:
        """Value, move values and a best line."""
        root = self.root()
        value = self.value_to_go(root)
        moves = self.move_values(root, value) if root.left > 0 else []
        line = self.line(root, value) if with_line else []
        report = self.objective.report
        return Solution(
            report(value),
            self.side,
            self.objective.goal,
            tuple((m, report(v)) for m, v in moves),
            tuple(line),
            self._nodes(),
        )

    @property
    def table_entries(self) -> int:
        """Entries in the transposition table now."""
        if self._kernel is not None:
            return int(self._kernel.entries)
        if self.partition:
            return sum(len(h) for t in self._tts for v in t.values() for h in v.values())
        return sum(len(t) for t in self._tts)


def solve(position: Position, with_line: bool = True, tt_limit: int = DEFAULT_TT_LIMIT) -> Solution:
    """Solve a position: its value, each legal move's value and a best line."""
    return Solver(position, tt_limit).solve(with_line)
