"""Quick tricks for two partnerships seated alternately, in the manner of DDS's QuickTricks and
QuickTricksSecondHand (Haglund and Hein).

The kernel's ``pair_classes``, ``pair_trumps_alone``, ``pair_quick`` and ``second_hand_quick``
(`solvers/_dd.c`), unit for unit: top-level functions of the search tables, the seating and the
position; `make_pair_quick` binds the first two. Seats count clockwise from the leader: 0 the
leader, 1 its left-hand opponent, 2 its partner, 3 its right-hand opponent.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

from stich.games.cards import Card, CardSet
from stich.solvers.seating import Seating
from stich.solvers.tables import SearchTables

__all__ = [
    "PairClass",
    "PairQuick",
    "PairTally",
    "make_pair_quick",
    "pair_classes",
    "pair_entry",
    "pair_quick",
    "pair_trumps_alone",
    "second_hand_quick",
]


class PairClass(NamedTuple):
    """One class at a trick boundary: its mask, the four hands' lengths in it (from the leader),
    its top three cards in play (-1: none) and their holders (-1: nobody)."""

    mask: CardSet
    lens: list[int]
    tops: list[Card]
    owners: list[int]


@dataclass
class PairTally:
    """The count so far (the kernel's ``Tally``): tricks ``q`` towards ``need``, the cards ``rel``
    they rest on, and the trumps each opponent still holds (the leader's top trumps draw them)."""

    tricks: int
    need: int
    rel: CardSet
    lho_trumps: int
    rho_trumps: int

    def add(self, n: int, marks: CardSet = 0) -> bool:
        """Count ``n`` more tricks resting on the cards ``marks``: whether the count reaches the need."""
        self.tricks += n
        self.rel |= marks
        return self.tricks >= self.need

    @property
    def unruffed(self) -> bool:
        """No opponent can ruff any more."""
        return not (self.lho_trumps or self.rho_trumps)

    def draw(self) -> None:
        """A top trump of the leader draws one trump from each opponent."""
        self.lho_trumps, self.rho_trumps = max(self.lho_trumps - 1, 0), max(self.rho_trumps - 1, 0)


def pair_classes(
    tables: SearchTables, seat_hands: list[CardSet], live: int, present: CardSet
) -> tuple[list[PairClass], int]:
    """Every class's facts (hands ``h`` from the leader), and the index of the trump class (-1: none)."""
    tmask_cards = tables.trump_mask[live]
    classes = []
    trump = -1
    for i, (kmask, _mode, _order, _outside) in enumerate(tables.quick[live]):
        cls = present & kmask
        lens = [(x & kmask).bit_count() for x in seat_hands]
        tops = [-1, -1, -1]
        owners = [-1, -1, -1]
        for j in range(3):
            if not cls:
                break
            c = cls.bit_length() - 1
            cls ^= 1 << c
            tops[j] = c
            for o in range(4):
                if seat_hands[o] >> c & 1:
                    owners[j] = o
        classes.append(PairClass(kmask, lens, tops, owners))
        if present & kmask & tmask_cards:
            trump = i
    return classes, trump


def pair_entry(classes: list[PairClass], trump: int) -> tuple[int, Card]:
    """An entry to the partner (class, card; -1 for none): a class the leader holds whose top the
    partner has, or the leader's top and the partner's second with two cards each; with trumps
    in play, one neither opponent can ruff. Else, the leader holding a trump, the partner's top
    trump."""
    tlens = classes[trump].lens if trump >= 0 else [0, 0, 0, 0]
    for i, (_km, lens, tops, owners) in enumerate(classes):
        if i == trump:
            continue
        safe = trump < 0 or ((lens[1] or not tlens[1]) and (lens[3] or not tlens[3]))
        if owners[0] == 2 and lens[0]:
            if safe:
                return i, tops[0]
        elif owners[1] == 2 and owners[0] == 0 and lens[0] >= 2 and lens[2] >= 2 and safe:
            return i, tops[1]
    if trump >= 0 and tlens[0] and classes[trump].owners[0] == 2:
        return trump, classes[trump].tops[0]
    return -1, -1


def pair_trumps_alone(classes: list[PairClass], trump: int, own: int, part: int, partner_longer: bool) -> int:
    """Trumps only the side holds: the longer hand's trumps each win a trick, and one trick more when
    the shorter hand ruffs a class the longer hand leads and it is void in."""
    longer, shorter = (2, 0) if partner_longer else (0, 2)
    if (own > part) if partner_longer else (own < part):
        return max(own, part)
    for j, x in enumerate(classes):
        if j != trump and x.lens[longer] and not x.lens[shorter]:
            return max(own, part) + 1
    return max(own, part)


def _leader_top(t: PairTally, x: PairClass, draw: bool, side: bool) -> bool | None:
    """The leader holds the class's top card: count it and what follows it. True once the count
    reaches the need, False when the class's count is complete, None when it is not."""
    own, lho, part, rho = x.lens
    tops, owners = x.tops, x.owners
    if not side or ((lho or not t.lho_trumps) and (rho or not t.rho_trumps)):
        if t.add(1, 1 << tops[0]):
            return True
        if draw:
            t.draw()
        if lho <= 1 and rho <= 1 and part <= 1 and (not side or t.unruffed):
            return t.add(own - 1)
    if not side or t.unruffed:
        if owners[1] == 0:
            if t.add(1, 1 << tops[1]):
                return True
            if draw:
                t.draw()
            if lho <= 2 and rho <= 2 and part <= 2:
                return t.add(own - 2)
        elif owners[1] == 2 and own > 1 and part > 1:
            if t.add(1, 1 << tops[1]):
                return True
            if draw:
                t.draw()
            if lho <= 2 and rho <= 2 and (part <= 2 or own <= 2):
                return t.add(max(own, part) - 2)
    return None


def _partner_top(t: PairTally, x: PairClass, is_entry: bool, entry_bit: CardSet, side: bool) -> bool | None:
    """The partner holds the class's top card and the leader can reach it: count it and what follows
    it. True once the count reaches the need, False when the class's count is complete, None when
    it is not."""
    own, lho, part, rho = x.lens
    tops, owners = x.tops, x.owners
    if not side or ((lho or not t.lho_trumps) and (rho or not t.rho_trumps)):
        if t.add(1, 1 << tops[0] | entry_bit):
            return True
        if lho <= 1 and rho <= 1 and own <= 1 and (not side or t.unruffed):
            return t.add(part - 1)
    unruffed = not side or t.unruffed
    marks = entry_bit if side else 0
    if owners[1] == 2:
        if unruffed:
            if t.add(1, 1 << tops[1] | marks):
                return True
            if lho <= 2 and rho <= 2 and own <= 2:
                return t.add(part - 2)
    elif owners[1] == 0 and part > 1 and own > 1:
        if unruffed:
            if t.add(1, 1 << tops[1] | marks):
                return True
            if lho <= 2 and rho <= 2 and (own <= 2 or part <= 2):
                return t.add(max(own, part) - 2)
    elif (
        is_entry
        and owners[1] == 1
        and owners[2] == 2
        and (not side or ((lho >= 2 or not t.lho_trumps) and (rho >= 2 or not t.rho_trumps)))
    ):
        # The partner's third card over the left-hand opponent's second.
        if t.add(1, 1 << tops[2] | marks):
            return True
        if side and own <= 2 and lho <= 2 and rho <= 2 and t.unruffed and t.add(part - 2):
            return True
    return None


def _partner_ruff(seat_hands: list[CardSet], x: PairClass, trump_class: PairClass) -> tuple[bool, CardSet]:
    """Whether the partner, void in class ``x``, can ruff it with no opponent able to overruff,
    and the trump that rests on."""
    _own, lho, _part, rho = x.lens
    tm = trump_class.mask
    pt, lt, rt = seat_hands[2] & tm, seat_hands[1] & tm, seat_hands[3] & tm
    if (rho or not rt) and (lho or not lt):
        return True, 0
    marks = 1 << (pt.bit_length() - 1)
    if not rho and not lho:
        return (lt | rt) < pt, marks
    if not lho:
        return lt < pt, marks
    return rt < pt, marks


def _side_alone(
    t: PairTally, classes: list[PairClass], i: int, trump: int, entry: int, entry_bit: CardSet
) -> tuple[tuple[int, CardSet] | None, bool]:
    """A class only the side holds (no opponent has a card of it): the tricks it gives alone when
    they reach the need (tricks, cards; else None), and whether the class needs no more counting."""
    own, _lho, part, _rho = classes[i].lens
    side = trump >= 0 and i != trump
    alone = -1
    if i == trump:
        alone = pair_trumps_alone(classes, trump, own, part, False)  # the leader the longer
    elif not side or t.unruffed:
        alone = min(own, part)  # led in turn, the two hands win until one runs out
    if alone >= t.need:
        return (alone, t.rel), True
    if entry >= 0:
        if not own:
            # Only the partner: its cards once the leader crosses.
            if (not side or t.unruffed) and t.add(part, entry_bit):
                return (t.tricks, t.rel), True
            return None, True
        if i == trump:
            alone = pair_trumps_alone(classes, trump, own, part, True)  # the partner the longer
            if alone >= t.need:
                return (alone, t.rel | entry_bit), True
    return None, False


def pair_quick(
    tables: SearchTables,
    seating: Seating,
    hands: list[CardSet],
    leader: int,
    live: int,
    present: CardSet,
    need: int,
) -> tuple[int, CardSet] | None:
    """The tricks the leader's side is sure of at a trick boundary, and the cards that rests on,
    once they reach ``need``; None below it.

    The side's top cards are cashed trumps first, each top trump of the leader drawing one from
    each opponent; a side class's top card counts while each opponent follows or has no trump,
    and its second card and the rest of the class once no opponent can ruff and the others hold
    few enough cards. The partner's top cards count where the leader can reach them
    (`pair_entry`). A class only the side holds gives the shorter hand's length (or, trumps, the
    longer hand's, and one ruff more); a ruff in the partner's hand that nobody can overruff,
    one trick.
    """
    nxt = seating.nxt
    seat_hands = []
    s = leader
    for _ in range(4):
        seat_hands.append(hands[s])
        s = nxt[s]
    classes, trump = pair_classes(tables, seat_hands, live, present)
    tlens = classes[trump].lens if trump >= 0 else [0, 0, 0, 0]
    t = PairTally(0, need, 0, tlens[1], tlens[3])
    entry, entry_card = pair_entry(classes, trump)
    entry_bit = 1 << entry_card if entry >= 0 else 0
    ruffed = False  # a ruff in the partner's hand is counted
    nq = len(classes)
    order = list(range(nq)) if trump < 0 else [trump, *(i for i in range(nq) if i != trump)]
    for i in order:
        x = classes[i]
        own, lho, part, rho = x.lens
        opps = lho | rho
        side = trump >= 0 and i != trump  # a side class with trumps in play
        if not opps and not part:
            # Only the leader holds the class: all of it wins once nobody can ruff.
            if own and (not side or t.unruffed) and t.add(own):
                return t.tricks, t.rel
            continue
        if not opps:
            found, skip = _side_alone(t, classes, i, trump, entry, entry_bit)
            if found is not None:
                return found
            if skip:
                continue
        if x.tops[0] < 0:
            continue
        done: bool | None = None
        if x.owners[0] == 0:
            done = _leader_top(t, x, i == trump and entry != trump, side)
        elif x.owners[0] == 2 and entry >= 0:
            done = _partner_top(t, x, i == entry, entry_bit, side)
        if done:
            return t.tricks, t.rel
        if done is False:
            continue
        if (
            side
            and own
            and not ruffed
            and (t.tricks == 0 or (x.owners[0] not in (0, 2) and classes[trump].owners[0] not in (0, 2)))
            and not part
            and tlens[2]
        ):
            # A ruff in the partner's hand that no opponent can overruff.
            sure, marks = _partner_ruff(seat_hands, x, classes[trump])
            if sure:
                ruffed = True
                t.rel |= marks
                if need <= 1:
                    return 1, t.rel
    return None


def second_hand_quick(
    tables: SearchTables,
    seating: Seating,
    hands: list[CardSet],
    seat: int,
    live: int,
    follow: int,
    lead_card: Card,
    present: CardSet,
    need: int,
) -> CardSet | None:
    """Whether the side of ``seat``, second to play to ``lead_card`` in class ``follow``, is sure
    to win the trick and, with no trump in play, the quick tricks of whichever of its hands
    wins it, up to ``need``: the cards that rests on, or None (DDS's QuickTricksSecondHand)."""
    nxt = seating.nxt
    third = nxt[seat]
    fourth = nxt[third]
    trumps = tables.trump_mask[live]
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
    tricks = 1
    if tricks >= need:
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
            tricks += 1  # the class's second card in the same hand
            rel |= 1 << second_card
            if tricks >= need:
                return rel
    others = 0
    for s in seating.seats:
        if s != winner:
            others |= hands[s]
    for kmask, _mode, _order, _outside in tables.quick[live]:
        if kmask == follow or not wh & kmask:
            continue
        if not others & kmask:
            tricks += (wh & kmask).bit_count()  # a class nobody else holds
        else:
            c = (present & kmask).bit_length() - 1
            if not wh >> c & 1:
                continue
            tricks += 1  # its top card
            rel |= 1 << c
        if tricks >= need:
            return rel
    return None


class PairQuick(NamedTuple):
    """The quick-trick bounds of two partnerships seated alternately (see `make_pair_quick`)."""

    applies: Callable[[int, CardSet], bool]
    lead: Callable[[list[CardSet], int, int, CardSet, int], tuple[int, CardSet] | None]
    second: Callable[[list[CardSet], int, int, int, Card, CardSet, int], CardSet | None]


def make_pair_quick(
    tables: SearchTables, seating: Seating, additive: bool, equal_sizes: bool, declaring: bool
) -> PairQuick:
    """`pair_quick` and `second_hand_quick` over one solver's tables (the kernel's ``pair_quick``
    and ``second_hand_quick`` alike).

    They apply to the tricks objective where every class is ranked by card index, all trumps lie
    in one class, following is compulsory, nobody holds a free card and every hand holds as many
    cards (``applies``). Both count only until they reach ``need``, the tricks that settle the
    question, so that the answer rests on as few cards as it can; they return None below it.
    """
    free_of = tables.free
    rules = [
        seating.pairs and additive and equal_sizes and not declaring and plain and structured
        for plain, structured in zip(tables.plain, tables.structured, strict=True)
    ]

    def applies(live: int, present: CardSet) -> bool:
        return rules[live] and not present & free_of[live]

    return PairQuick(
        applies, partial(pair_quick, tables, seating), partial(second_hand_quick, tables, seating)
    )
