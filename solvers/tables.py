"""The search's per-card tables, compiled from a position's trick tables once and shared.

Each builder is a plain function of the rules tables (`games.trick.TrickRules`) and
the trick tables' states; `build_tables` runs them all and caches the result per rules
context, card tags and blocks, so every solver of the same context (hundreds of
sampled worlds, the leaders of a DDS-style table) shares one set. The search
(`solvers.search`) and the compiled kernel (`solvers/_dd.c`) read these tables only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from itertools import pairwise
from typing import Any

from stich.games.cards import Card, CardSet, popcount
from stich.games.trick import FREE, TrickRules
from stich.games.trick_tables import TrickTables

__all__ = [
    "QuickClass",
    "SearchTables",
    "beaters_of",
    "build_tables",
    "card_tags",
    "equivalence_spans",
    "key_groups",
    "monotone",
    "quick_classes",
    "reachable_states",
    "strength",
]

# Strength of a card inside its class, for comparisons of two cards of one class or two trumps.
_TRUMP = 1_000_000

QuickClass = tuple[CardSet, int, tuple[Card, ...], CardSet]
"""One follow class for quick tricks: (class mask, `monotone` mode, cards strongest first,
trumps outside the class)."""


def strength(rules: TrickRules, card: Card) -> int:
    """How strong a card is: every trump above every card of a class, each by its power."""
    tp = rules.trump_power[card]
    return _TRUMP + tp if tp > 0 else rules.lead_power[card]


def _minus_strength(rules: TrickRules, card: Card) -> int:
    return -strength(rules, card)


def _minus_power(rules: TrickRules, card: Card) -> int:
    return -rules.trump_power[card]


def monotone(rules: TrickRules, cards: Sequence[Card]) -> int:
    """1 if strength rises with the card index, 2 if it falls, 0 otherwise (or ties)."""
    values = [strength(rules, c) for c in sorted(cards)]
    if all(a < b for a, b in pairwise(values)):
        return 1
    if all(a > b for a, b in pairwise(values)):
        return 2
    return 0


def reachable_states(trick_tables: TrickTables) -> tuple[int, ...]:
    """The states the round can reach from the live and the pending one, by declarations."""
    seen = {trick_tables.live, trick_tables.pending}
    todo = list(seen)
    while todo:
        state = todo.pop()
        for (pending, _card), choices in trick_tables.declarations.items():
            if pending != state:
                continue
            for _decl, nxt in choices:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    return tuple(sorted(seen))


def card_tags(
    trick_tables: TrickTables, reach: Sequence[int], objective_tags: Sequence[int]
) -> tuple[tuple[int, ...], CardSet]:
    """A tag per card — cards with different tags are never equivalent — from what the objective
    tells apart (colours taken) and what a card may declare; and the cards that may declare."""
    kinds: dict[tuple[str, ...], int] = {(): 0}
    tags = list(objective_tags)
    declaring = 0
    for c in range(len(tags)):
        keys: set[str] = set()
        for state in reach:
            for decl, _ in trick_tables.choices(state, c):
                keys.update(k for k, _ in decl)
        kind = kinds.setdefault(tuple(sorted(keys)), len(kinds))
        if kind:
            declaring |= 1 << c
        tags[c] = tags[c] * 64 + kind
    return tuple(tags), declaring


def beaters_of(rules: TrickRules, size: int) -> list[CardSet]:
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


def equivalence_spans(
    states: Sequence[TrickRules],
    reach: Sequence[int],
    beaters: Sequence[Sequence[CardSet]],
    tags: Sequence[int],
    size: int,
) -> list[int]:
    """For each pair of cards (c1 < c2, at ``c1 * size + c2``): the cards that tell them apart in some
    reachable state, or -1 when they are never equivalent (another class, trump-ness or tag)."""
    span = [-1] * (size * size)
    beaten_by: dict[int, list[int]] = {}
    for r in reach:
        beats = beaters[r]
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
            if tags[c1] != tags[c2]:
                continue
            ok = True
            mask = 0
            for r in reach:
                rules = states[r]
                if rules.cls[c1] != rules.cls[c2] or (rules.trump_power[c1] > 0) != (
                    rules.trump_power[c2] > 0
                ):
                    ok = False
                    break
                beats, col = beaters[r], beaten_by[r]
                mask |= (beats[c1] ^ beats[c2]) | (col[c1] ^ col[c2])
            if ok:
                span[c1 * size + c2] = mask & ~(1 << c1 | 1 << c2)
    return span


def quick_classes(rules: TrickRules, size: int) -> tuple[list[QuickClass], bool]:
    """Per follow class, what quick tricks need (`QuickClass`); and whether all trumps but wizards
    lie in one class (then every cashed class adds up: side suits, then trumps, then wizards)."""
    trump_classes = {rules.cls[c] for c in range(size) if rules.trump_power[c] > 0 and rules.cls[c] != FREE}
    info = []
    for _k, mask in sorted(rules.class_mask.items()):
        cards = [c for c in range(size) if mask >> c & 1]
        mode = monotone(rules, cards)
        order = tuple(sorted(cards, key=partial(_minus_strength, rules)))
        outside = sum(1 << c for c in range(size) if rules.trump_power[c] > 0 and not mask >> c & 1)
        info.append((mask, mode, order, outside))
    return info, len(trump_classes) <= 1


def key_groups(
    states: Sequence[TrickRules],
    reach: Sequence[int],
    blocks: Sequence[CardSet],
    tags: Sequence[int],
    strengths: Sequence[Sequence[int]],
    size: int,
) -> tuple[list[tuple[int, int]], CardSet]:
    """Groups of cards collapsed to relative ranks in the table key, as (shift, mask >> shift); and the
    cards keyed as they are.

    A group (cards of one block, one class and trump-ness in every reachable state, one tag)
    is collapsed only if, in every reachable state, its cards have distinct strengths that
    rise or fall with the card index, fit 14 bits, and compare the same way with every card
    of each other group they can meet (all above or all below).
    """
    groups: dict[tuple[Any, ...], int] = {}
    for c in range(size):
        block = next((i for i, b in enumerate(blocks) if b >> c & 1), -1 - c)
        sig = (
            block,
            tuple(states[r].cls[c] for r in reach),
            tuple(states[r].trump_power[c] > 0 for r in reach),
            tags[c],
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
            if len(cards) > 1 and not monotone(states[r], cards):
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
                s = strengths[r]
                gs = [s[c] for c in range(size) if g >> c & 1]
                hs = [s[c] for c in range(size) if h >> c & 1]
                if not (min(gs) > max(hs) or max(gs) < min(hs)):
                    bad[i] = bad[j] = True
    collapsed: list[tuple[int, int]] = []
    absolute = 0
    for g, is_bad in zip(masks, bad, strict=True):
        if is_bad:
            absolute |= g
        elif popcount(g) > 1:
            shift = (g & -g).bit_length() - 1
            collapsed.append((shift, g >> shift))
        else:
            absolute |= g  # a lone card: keyed as is
    return collapsed, absolute


@dataclass(frozen=True)
class SearchTables:
    """Everything the search looks up per card, per state (lists indexed by state; unreachable
    states get empty per-card lists where building them would be wasted)."""

    size: int
    reach: tuple[int, ...]
    single_state: bool
    tags: tuple[int, ...]
    declaring: CardSet
    beaters: list[list[CardSet]]
    free: list[CardSet]
    wizards: list[CardSet]
    trump_power: list[tuple[int, ...]]
    trumps: list[CardSet]  # every card with trump power (wizards too)
    trump_mask: list[CardSet]  # trumps of a follow class (not wizards)
    lead_follow: list[list[int]]  # the follow mask a lead sets: 0 nothing to follow, -1 not yet (jester)
    late_follow: list[list[int]]  # the same for a card after leading jesters (no class set yet)
    power: list[list[int]]  # move-ordering power: trumps above 100
    stronger: list[list[CardSet]]  # cards of the same class that beat it
    class_of: list[list[CardSet]]
    must_follow: list[bool]
    quick: list[list[QuickClass]]
    structured: list[bool]
    strength: list[list[int]]
    ascending: list[bool]  # every class ranked by card index
    # One ranking for the whole round, following compulsory, every class ranked by card index: a
    # class's top card is its highest present card and stays on top (the bounds that cross to a
    # partner or count later tricks rest on it).
    plain: list[bool]
    trumps_desc: list[tuple[Card, ...]]  # trumps strongest first, for the sure-trump bound
    span: list[int]
    key_groups: tuple[tuple[int, int], ...]
    absolute: CardSet
    group_of: list[CardSet]  # each card's collapsed group (0 if none)
    partition: bool  # partition search applies: one ranking orders every collapsed group by index
    # No duty to follow and the strongest card takes the trick, ties to the first played (Stich
    # für Stich): one ranking for the whole round, no free card, every card keyed as it is. The
    # sure tricks of either side (`solvers.search.make_sure_tricks`) and equivalent cards found
    # in strength order across the whole hand rest on it.
    ranked: list[bool]
    strength_desc: list[tuple[Card, ...]]  # every card, strongest first (ties by index)
    strength_rank: list[tuple[int, ...]]  # each card's place in the ascending order of strength_desc
    # The cards of each strength, strongest first: a ranked state's table key names, level by
    # level, how many cards of it each hand holds (equal cards play alike, and only the order of
    # the cards in play matters).
    levels: list[tuple[CardSet, ...]]


_CACHE: dict[Any, SearchTables] = {}
_CACHE_SIZE = 64


def build_tables(trick_tables: TrickTables, objective_tags: Sequence[int]) -> SearchTables:
    """The search tables of a position's trick tables and an objective's card tags (cached: they
    depend on nothing else)."""
    size = len(objective_tags)
    reach = reachable_states(trick_tables)
    tags, declaring = card_tags(trick_tables, reach, objective_tags)
    key = (trick_tables.states, reach, tags, trick_tables.blocks, trick_tables.live)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    tables = _build(trick_tables, reach, tags, declaring, size)
    if len(_CACHE) >= _CACHE_SIZE:
        del _CACHE[next(iter(_CACHE))]
    _CACHE[key] = tables
    return tables


def _build(
    trick_tables: TrickTables, reach: tuple[int, ...], tags: tuple[int, ...], declaring: CardSet, size: int
) -> SearchTables:
    states = trick_tables.states
    beaters = [beaters_of(rules, size) if i in reach else [] for i, rules in enumerate(states)]
    free = [rules.free_mask for rules in states]
    wizards = [sum(1 << c for c in range(size) if r.cls[c] == FREE and r.trump_power[c] > 0) for r in states]
    lead_follow, late_follow, power, stronger = [], [], [], []
    for i, rules in enumerate(states):
        follow, late, pw, st = [], [], [], []
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
            pw.append(100 + tp if tp > 0 else rules.lead_power[c])
            own = rules.class_mask.get(k, 0) if k != FREE else 0
            st.append(beaters[i][c] & own if i in reach else 0)
        lead_follow.append(follow)
        late_follow.append(late)
        power.append(pw)
        stronger.append(st)
    quick, structured = [], []
    for rules in states:
        info, one_trump_class = quick_classes(rules, size)
        quick.append(info)
        structured.append(one_trump_class)
    strengths = [[strength(rules, c) for c in range(size)] for rules in states]
    groups, absolute = key_groups(states, reach, trick_tables.blocks, tags, strengths, size)
    group_of = [0] * size
    for shift, g in groups:
        for c in range(size):
            if (g << shift) >> c & 1:
                group_of[c] = g << shift
    single_state = len(reach) == 1
    ranked = [
        single_state
        and i in reach
        and not groups
        and not declaring
        and not any(tags)
        and _ranked(rules, beaters[i], strengths[i], size)
        for i, rules in enumerate(states)
    ]
    strength_desc = [
        tuple(sorted(range(size), key=partial(_strongest_first, s))) if ranked[i] else ()
        for i, s in enumerate(strengths)
    ]
    levels: list[tuple[CardSet, ...]] = []
    for order, row in zip(strength_desc, strengths, strict=True):
        masks: list[CardSet] = []
        for place, c in enumerate(order):
            if place and row[c] == row[order[place - 1]]:
                masks[-1] |= 1 << c
            else:
                masks.append(1 << c)
        levels.append(tuple(masks))
    strength_rank = []
    for order in strength_desc:
        rank = [0] * size if order else []
        for place, c in enumerate(reversed(order)):
            rank[c] = place
        strength_rank.append(tuple(rank))
    return SearchTables(
        size=size,
        reach=reach,
        single_state=single_state,
        tags=tags,
        declaring=declaring,
        beaters=beaters,
        free=free,
        wizards=wizards,
        trump_power=[rules.trump_power for rules in states],
        trumps=[rules.trump_mask for rules in states],
        trump_mask=[
            sum(1 << c for c in range(size) if r.trump_power[c] > 0 and r.cls[c] != FREE) for r in states
        ],
        lead_follow=lead_follow,
        late_follow=late_follow,
        power=power,
        stronger=stronger,
        class_of=[
            [(r.class_mask.get(r.cls[c], 0) if r.cls[c] != FREE else free[i]) for c in range(size)]
            for i, r in enumerate(states)
        ],
        must_follow=[rules.must_follow for rules in states],
        quick=quick,
        structured=structured,
        strength=strengths,
        ascending=[all(mode == 1 for _, mode, _, _ in info) for info in quick],
        plain=[
            single_state and rules.must_follow and all(mode == 1 for _, mode, _, _ in info)
            for rules, info in zip(states, quick, strict=True)
        ],
        trumps_desc=[
            tuple(sorted((c for c in range(size) if r.trump_power[c] > 0), key=partial(_minus_power, r)))
            for r in states
        ],
        span=equivalence_spans(states, reach, beaters, tags, size),
        key_groups=tuple(groups),
        absolute=absolute,
        group_of=group_of,
        # Partition search (relevant cards) when the single ranking orders every collapsed group
        # by card index; otherwise the table keys on the full collapsed position.
        partition=single_state
        and all(
            monotone(states[trick_tables.live], [c for c in range(size) if g >> shift >> c & 1]) == 1
            or g.bit_count() < 2
            for shift, g in groups
        ),
        ranked=ranked,
        strength_desc=strength_desc,
        strength_rank=strength_rank,
        levels=levels,
    )


def _strongest_first(strengths: Sequence[int], card: Card) -> tuple[int, int]:
    return -strengths[card], card


def _ranked(rules: TrickRules, beats: Sequence[CardSet], strengths: Sequence[int], size: int) -> bool:
    """Whether nobody need follow, no card is free and a card takes a trick over exactly when it is
    stronger (so the strongest card wins, ties to the first played)."""
    if rules.must_follow or rules.free_mask:
        return False
    return all(
        bool(beats[w] >> c & 1) == (strengths[c] > strengths[w])
        for w in range(size)
        for c in range(size)
        if c != w
    )
