"""Bounds of the fast search at a trick boundary: quick tricks, sure trumps, sure tricks, a lone
seat's trick when it plays last, a trick lost later.

The kernel's ``own_quick``, ``quick``, ``sure_trumps``, ``sure_tricks``, ``lone_last_trick`` and
``later_tricks``
(`solvers/_dd.c`), unit for unit. Each unit is a top-level function of the search tables, the
seating and the position; its ``make_*`` binds the first two (as the search calls it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from stich.games.cards import Card, CardSet
from stich.solvers.seating import Seating
from stich.solvers.tables import SearchTables

__all__ = [
    "later_tricks",
    "lone_last_trick",
    "make_later_tricks",
    "make_lone_last_trick",
    "make_quick_tricks",
    "make_sure_tricks",
    "make_sure_trumps",
    "own_quick_tricks",
    "quick_tricks",
    "strength_levels",
    "sure_tricks",
    "sure_trumps",
]


def own_quick_tricks(
    tables: SearchTables, seating: Seating, hands: list[CardSet], leader: int, live: int, present: CardSet
) -> tuple[int, CardSet]:
    """Tricks one hand can cash from the top, on lead, and the cards whose rank that rests on."""
    others = seating.others_of[leader]
    lead = hands[leader]
    wiz = tables.wizards[live]
    rest = present & ~lead
    mf = tables.must_follow[live]
    free = tables.free[live]
    total = best = 0
    rel = 0
    for kmask, mode, order, outside in tables.quick[live]:
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
            st = tables.strength[live]
            high = max(st[c] for c in order if theirs >> c & 1)
            n = sum(1 for c in order if mine >> c & 1 and st[c] >= high)
            top = kmask
        if not n:
            continue
        if theirs and mf and n < mine.bit_count():
            # Once every other hand is out of the class, the leader's low cards win too
            # (unless a hand may keep its cards of the class by playing a free card).
            for o in others:
                if (hands[o] & kmask).bit_count() > n or hands[o] & free:
                    break
            else:
                n = mine.bit_count()
        for o in others:
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
    return (lead & wiz).bit_count() + (total if tables.structured[live] else best), rel


def _second_best_with_partner(
    tables: SearchTables, seating: Seating, hands: list[CardSet], leader: int, live: int, present: CardSet
) -> tuple[int, CardSet]:
    """Two partnerships seated alternately: the tricks more than ``own_quick_tricks`` counted where
    the leader holds a class's top card and the partner its second, both with a card more (DDS's
    quick tricks with the second best in partner's hand), and the cards that rests on."""
    side_of = seating.sideof
    lead = hands[leader]
    held = hands[seating.partners_of[leader][0]]
    extra = 0
    rel = 0
    for kmask, _mode, _order, _outside in tables.quick[live]:
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
            for o in seating.others_of[leader]
            if side_of[o] != side_of[leader]
        ):
            n = mine
        extra += n - 1
        rel |= 1 << second
    return extra, rel


def quick_tricks(
    tables: SearchTables, seating: Seating, hands: list[CardSet], leader: int, live: int, present: CardSet
) -> tuple[int, CardSet]:
    """Tricks the leader's side can take at once from the top (a lower bound), and the cards
    whose rank that rests on.

    The leader's own tricks (`own_quick_tricks`); and, with no trump and no free card in play,
    those of one partner the leader can reach by leading a class whose top card the partner holds
    (DDS's quick tricks through the partner's hand): the leader first cashes its own, the
    partner following with cards that are not its winners or, void, throwing those first, then
    crosses. (If the two counts add up to more than the tricks left, the partner has thrown
    winners, but the side still takes every trick.)

    Before all that, for two partnerships seated alternately: in a class where the leader holds
    the top card and the partner the second, both with a card more, the leader leads low to the
    partner's card and the partner returns one to the top card: two tricks, the lead back with
    the leader (``own`` counted one); and when the partner had two cards only and no opponent
    more than two, the leader's other cards of the class win too (DDS's quick tricks with the
    second best in partner's hand).
    """
    q, rel = own_quick_tricks(tables, seating, hands, leader, live, present)
    partners = seating.partners_of[leader]
    # Declaring cards still in play (24's 1s, Trump Chaos's 2s): without them the ranking holds
    # for the rest of the round, and the quick tricks count beyond this trick.
    declaring = tables.declaring & present
    passing = tables.plain[live] and not declaring  # a plain ranking and no declarations
    if partners and passing and not present & (tables.trumps[live] | tables.free[live]):
        lead = hands[leader]
        if seating.pairs and tables.structured[live]:
            extra, xrel = _second_best_with_partner(tables, seating, hands, leader, live, present)
            q += extra
            rel |= xrel
        best = best_rel = 0
        for p in partners:
            held = hands[p]
            for kmask, _mode, _order, _outside in tables.quick[live]:
                if lead & kmask and held >> ((present & kmask).bit_length() - 1) & 1:
                    n, prel = own_quick_tricks(tables, seating, hands, p, live, present)
                    if n > best:
                        best, best_rel = n, prel
                    break
        q += best
        rel |= best_rel
    # With declarations to come the ranking may change after this trick: only its first trick is sure.
    return (min(q, 1) if declaring else q), rel


def make_quick_tricks(
    tables: SearchTables, seating: Seating
) -> Callable[[list[CardSet], int, int, CardSet], tuple[int, CardSet]]:
    """The quick-trick bound of a trick boundary (`quick_tricks`) over one solver's tables."""
    return partial(quick_tricks, tables, seating)


def strength_levels(order: Sequence[Card], strength: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
    """``order`` (strongest first) cut into runs of cards of equal strength: the levels the sure
    trumps and the sure tricks match from the top."""
    levels: list[tuple[Card, ...]] = []
    i, n = 0, len(order)
    while i < n:
        level = strength[order[i]]
        j = i
        while j < n and strength[order[j]] == level:
            j += 1
        levels.append(tuple(order[i:j]))
        i = j
    return tuple(levels)


def sure_trumps(
    levels: Sequence[Sequence[Card]], seating: Seating, hands: list[CardSet], present: CardSet, left: int
) -> tuple[int, int, CardSet, CardSet]:
    """Per side, the most trumps of one hand that the other side's trumps cannot all beat
    (``levels``: the trumps by `strength_levels` of their power).

    A trump loses a trick only to a trump of equal or higher power, and one card beats in
    one trick: a hand's trumps fall in tricks of their own, and the other side kills at
    most one of them with each trump at least as strong. Matched from the top (the
    stronger trumps have fewer killers), the hand's trumps left without a killer each win
    a trick for its side. Only hands that play every card they hold (``left`` cards; not
    Stich für Stich's confidant, who keeps three) count. Returns the side's count, the
    other side's, and for each the lowest trump the count rests on.
    """
    seats = seating.seats
    sideof = seating.sideof
    pool = dict.fromkeys(seats, 0)
    surplus = dict.fromkeys(seats, 0)
    lowest = dict.fromkeys(seats, -1)
    for level in levels:
        owners = [(c, next(s for s in seats if hands[s] >> c & 1)) for c in level if present >> c & 1]
        if not owners:
            continue
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


def make_sure_trumps(
    tables: SearchTables, seating: Seating
) -> Callable[[list[CardSet], int, CardSet, int], tuple[int, int, CardSet, CardSet]]:
    """The sure-trump bound of a trick boundary (`sure_trumps`) over one solver's tables."""
    levels = [
        strength_levels(order, tp) for order, tp in zip(tables.trumps_desc, tables.trump_power, strict=True)
    ]

    def bound(
        hands: list[CardSet], live: int, present: CardSet, left: int
    ) -> tuple[int, int, CardSet, CardSet]:
        return sure_trumps(levels[live], seating, hands, present, left)

    return bound


def sure_tricks(
    levels: Sequence[Sequence[Card]], seating: Seating, hands: list[CardSet], present: CardSet, left: int
) -> tuple[int, int]:
    """Per side, the tricks it is sure of when nobody need follow and the strongest card wins
    (``levels``: every card by `strength_levels` of its strength).

    A side can plan which of its cards carries each trick: its ``left`` strongest cards, one
    a trick (any hand may play any card at any time). A planned card loses its trick only to
    a card of the other side in that trick at least as strong, and each card of the other
    side is in one trick: the tricks lost are at most a matching of the planned cards to
    such killers. The killers of a stronger card are among those of a weaker one, so the
    matching is counted from the top, as the sure trumps are. Returns the side's count and
    the other side's (each a lower bound on its tricks; with every card keyed as it is, no
    card's rank needs naming).
    """
    side_cards = 0
    for s in seating.seats:
        if seating.sideof[s]:
            side_cards |= hands[s]
    taken = [0, 0]
    pool = [0, 0]
    surplus = [0, 0]
    for level in levels:
        if taken[0] >= left and taken[1] >= left:
            break
        count = [0, 0]
        for c in level:
            if present >> c & 1:
                count[side_cards >> c & 1] += 1
        if count[0] or count[1]:
            pool[0] += count[1]
            pool[1] += count[0]
            for x in (0, 1):
                planned = min(count[x], left - taken[x])
                taken[x] += planned
                killed = min(planned, pool[x])
                pool[x] -= killed
                surplus[x] += planned - killed
    return surplus[1], surplus[0]


def make_sure_tricks(
    tables: SearchTables, seating: Seating
) -> Callable[[list[CardSet], int, CardSet, int], tuple[int, int]]:
    """The sure-trick bound of a trick boundary where the strongest card wins (`sure_tricks`) over
    one solver's tables."""
    levels = [
        strength_levels(order, st) for order, st in zip(tables.strength_desc, tables.strength, strict=True)
    ]

    def bound(hands: list[CardSet], live: int, present: CardSet, left: int) -> tuple[int, int]:
        return sure_tricks(levels[live], seating, hands, present, left)

    return bound


def lone_last_trick(
    levels: Sequence[Sequence[Card]],
    seating: Seating,
    hands: list[CardSet],
    present: CardSet,
    left: int,
    lone: int,
) -> bool:
    """Whether the ``lone`` seat (alone on its side), last to play to the trick about to start, is
    sure of a trick when nobody need follow and the strongest card wins (``levels``: every card by
    `strength_levels` of its strength).

    Let ``s1 ≥ s2 ≥ ...`` be the lone seat's strongest cards. Last in this trick, it takes the
    trick with ``s1`` unless a card of the others at least as strong is in it; else it throws its
    weakest card and keeps ``s1 .. s(left-1)`` for the tricks after, where (the sure tricks'
    matching, `sure_tricks`) the others need a card at least as strong as each, one a trick. So
    the others hold it to no trick only if their cards match ``s1, s1, s2, ..., s(left-1)``, each
    to a distinct card at least as strong (one trick more at ``s1`` than the sure tricks ask,
    counted from the top as they are). ``left`` of 1 asks no more than the sure tricks.
    """
    if left < 2:
        return False
    mine = hands[lone]
    need = left - 1  # planned cards: the lone seat's left - 1 strongest ...
    extra = 1  # ... and s1 once more, for this trick
    pool = 0
    for level in levels:
        count = others = 0
        for c in level:
            if present >> c & 1:
                if mine >> c & 1:
                    count += 1
                else:
                    others += 1
        pool += others
        if count:
            planned = min(count, need)
            need -= planned
            planned += extra
            extra = 0
            if planned > pool:
                return True
            pool -= planned
            if not need:
                return False
    return False


def make_lone_last_trick(
    tables: SearchTables, seating: Seating
) -> Callable[[list[CardSet], int, CardSet, int, int], tuple[int, int]]:
    """The one sure trick of a seat alone on its side, last to play to the trick about to start
    (`lone_last_trick`), over one solver's tables: for a leader, the least tricks (mine, theirs)
    it gives each side (0 or 1); (0, 0) where no side is one seat or it is not last."""
    levels = [
        strength_levels(order, st) for order, st in zip(tables.strength_desc, tables.strength, strict=True)
    ]
    seats = seating.seats
    lone_of_leader: dict[int, tuple[int, int]] = {}  # leader -> (lone seat, its side)
    for side in (0, 1):
        members = [s for s in seats if seating.sideof[s] == side]
        if len(members) == 1 and len(seats) > 1:
            lone_of_leader[seating.nxt[members[0]]] = (members[0], side)

    def bound(hands: list[CardSet], live: int, present: CardSet, left: int, leader: int) -> tuple[int, int]:
        found = lone_of_leader.get(leader)
        if found is None or not lone_last_trick(levels[live], seating, hands, present, left, found[0]):
            return 0, 0
        return (1, 0) if found[1] else (0, 1)

    return bound


def later_tricks(
    tables: SearchTables,
    seating: Seating,
    hands: list[CardSet],
    leader: int,
    live: int,
    present: CardSet,
    left: int,
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
    if not lead or not tables.plain[live] or present & (tables.trumps[live] | tables.free[live]):
        return False, 0
    seats = seating.seats
    sideof = seating.sideof
    quick_info = tables.quick[live]
    side = sideof[leader]
    ours = 0
    for s in seats:
        if sideof[s] == side:
            ours |= hands[s]
    rel = 0
    for kmask, _mode, _order, _outside in quick_info:
        if lead & kmask:
            top = 1 << ((present & kmask).bit_length() - 1)
            if ours & top:
                break
            rel |= top
    else:
        return True, rel
    if not seating.pairs:  # the length count holds
        return False, 0
    nxt = seating.nxt
    other = hands[nxt[nxt[leader]]]
    total = 0
    rel = 0
    for kmask, _mode, _order, _outside in quick_info:
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


def make_later_tricks(
    tables: SearchTables, seating: Seating
) -> Callable[[list[CardSet], int, int, CardSet, int], tuple[bool, CardSet]]:
    """The later-tricks bound of a trick boundary without trumps (`later_tricks`) over one solver's
    tables."""
    return partial(later_tricks, tables, seating)
