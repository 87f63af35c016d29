"""Move ordering of the fast search: the card most likely to answer the question first.

The kernel's ``order_leads``, ``order_follows``, ``order_pair_leads`` and
``order_pair_follows`` (`solvers/_dd.c`), unit for unit. Each unit is a top-level function of
the search tables, the seating and the position; `make_move_ordering` binds the first two.
For two partnerships seated alternately the weights are DDS's (Haglund and Hein,
``Moves.cpp``), and as there they are dispatched by table: the leads by whether a trump is in
play (`PAIR_LEAD_WEIGHTS`), the second and third cards of a trick by the hand's place in the
trick, whether it follows and whether a trump is in play (`PAIR_FOLLOW_WEIGHTS`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple, TypeAlias

from stich.games.cards import Card, CardSet
from stich.solvers.seating import Seating
from stich.solvers.tables import SearchTables

__all__ = [
    "KILLER_BONUS",
    "LEAD_LENGTH_WEIGHT",
    "NO_TRUMP_KILLER_BONUS",
    "NO_TRUMP_LEAD_LENGTH_WEIGHT",
    "NO_TRUMP_PARTNER_VOID",
    "PAIR_FOLLOW_WEIGHTS",
    "PAIR_LEAD_WEIGHTS",
    "PARTNER_RUFF_BONUS",
    "RUFF_RETURN_BONUS",
    "FollowTrick",
    "MoveOrdering",
    "follow_trick",
    "make_move_ordering",
    "order_follows",
    "order_leads",
    "order_pair_follows",
    "order_pair_leads",
    "third_hand_bonus",
]

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


def _by_weight(weights: list[int], cands: list[Card]) -> list[Card]:
    """The candidates by weight, highest first (ties: the higher card first)."""
    scored = sorted(zip(weights, cands, strict=True), reverse=True)
    return [c for _, c in scored]


# -- any seating ---------------------------------------------------------------------------


def order_leads(
    tables: SearchTables,
    seating: Seating,
    cands: list[Card],
    hands: list[CardSet],
    seat: int,
    outside: CardSet,
    live: int,
    killer: Card = -1,
) -> list[Card]:
    """Leads: a card nobody can beat or ruff first; then low cards towards a partner who holds
    the top; then low cards; leads an opponent can ruff last; classes where the opponents are
    long put back; the ``killer`` (the lead that last ended a node with as many tricks left)
    put forward. With no trump in play the opponents' length weighs most, the killer comes
    first always, and a class a partner is void in is put back; with trumps a lead a partner
    can ruff, and (two partnerships) a singleton to the partner's top, are put forward."""
    sideof = seating.sideof
    others = seating.others_of[seat]
    pairs = seating.pairs
    mine = sideof[seat]
    lead = hands[seat]
    left = lead.bit_count()
    pw = tables.power[live]
    st = tables.stronger[live]
    cm = tables.class_of[live]
    trumps = tables.trump_mask[live]
    trumped = bool(trumps & (outside | lead))
    if trumped:
        length_weight, killer_bonus = LEAD_LENGTH_WEIGHT, KILLER_BONUS
    else:
        length_weight, killer_bonus = NO_TRUMP_LEAD_LENGTH_WEIGHT, NO_TRUMP_KILLER_BONUS
    partners = 0
    opponents = 0
    for o in others:
        if sideof[o] == mine:
            partners |= hands[o]
        else:
            opponents |= hands[o]
    scored = []
    for c in cands:
        kmask = cm[c]
        ruff = False
        if trumps and not trumps >> c & 1:
            for o in others:
                held = hands[o]
                if sideof[o] != mine and not held & kmask and held & trumps:
                    ruff = True
                    break
        # Someone can beat it: lead low; else a sure winner unless it can be ruffed.
        score = -pw[c] if st[c] & outside else (200 if ruff else 1000) + pw[c]
        # The opponents' length in the class (a void counted as long: they throw what they
        # like), weighed as DDS weighs its leads.
        for o in others:
            if sideof[o] != mine:
                score -= length_weight * ((hands[o] & kmask).bit_count() or left)
            elif not trumped and not hands[o] & kmask:
                score -= NO_TRUMP_PARTNER_VOID  # the partner cannot follow
        if c == killer:
            score += killer_bonus
        top_theirs = opponents & kmask
        top_ours = partners & kmask
        if not ruff and trumps and not trumps >> c & 1:
            for o in others:
                held = hands[o]
                if sideof[o] == mine and not held & kmask and held & trumps:
                    score += PARTNER_RUFF_BONUS  # a partner can ruff it
                    break
            if pairs and lead & trumps and (lead & kmask).bit_count() == 1:
                top = ((outside | lead) & kmask).bit_length() - 1
                for o in others:
                    held = hands[o]
                    if sideof[o] == mine and (held & kmask).bit_count() > 1 and held >> top & 1:
                        score += RUFF_RETURN_BONUS  # the partner wins and returns it
                        break
        if ruff:
            score -= 1500  # an opponent can ruff: last
        elif top_ours and (not top_theirs or top_ours.bit_length() > top_theirs.bit_length()):
            score += 500  # partner holds the top of the suit
        scored.append((score, c))
    scored.sort(reverse=True)
    return [c for _, c in scored]


def order_follows(
    tables: SearchTables,
    seating: Seating,
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
    sideof = seating.sideof
    nxt = seating.nxt
    mine = sideof[seat]
    pw = tables.power[live]
    bc = tables.beaters[live]
    bw = bc[wcard]
    free = tables.free[live]
    partner_wins = sideof[wseat] == mine
    # The cards the later seats of each side may play.
    later_ours = later_theirs = 0
    s2 = nxt[seat]
    for _ in range(k + 1, len(seating.seats)):
        held = hands[s2]
        if follow > 0:
            f = held & follow
            held = (f | (held & free)) if f else held
        if sideof[s2] == mine:
            later_ours |= held
        else:
            later_theirs |= held
        s2 = nxt[s2]
    scored = []
    if not partner_wins and later_ours & bw:
        # Second hand low: a later partner can still take the trick.
        for c in cands:
            scored.append((-1000 - pw[c] if bw >> c & 1 else -pw[c], c))
    elif partner_wins and later_theirs & bw:
        # The partner's card can still be taken over: overtake so that nobody later can
        # (cheapest first), else play low; overtaking cards that can be beaten last.
        for c in cands:
            if not bw >> c & 1:
                scored.append((-pw[c], c))
            elif bc[c] & later_theirs:
                scored.append((-2000 - pw[c], c))
            else:
                scored.append((1000 - pw[c], c))
    elif follow > 0 and not legal & ~follow and tables.ascending[live]:
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


# -- two partnerships: leads ----------------------------------------------------------------

LeadFacts: TypeAlias = tuple[
    int, int, int, bool, list[int], list[int], list[int], int, int, bool, bool, bool, bool
]
"""A lead's facts for the pair weights: (its run's top card, its rank in its class (2 the lowest),
its place from the top among the class's cards in play (1 the highest), whether it stands for a
run, the four hands' lengths in its class, the class's top three cards and their holders, the
left- and right-hand opponents' lengths weighed (a void as a whole hand, times 4), whether an
opponent holds the top card alone, whether the partner holds the second and third cards,
whether the side holds them split with the partner long enough, and whether the partner beats
both opponents in the class)."""


def pair_lead_facts(
    seat_hands: list[CardSet], cls_mask: CardSet, present: CardSet, c: Card, top: Card
) -> LeadFacts:
    """The facts of leading ``c`` (its run up to ``top``) from ``h[0]``, hands from the leader."""
    cls = present & cls_mask
    rank = top - ((cls_mask & -cls_mask).bit_length() - 1) + 2  # 2 for the lowest card of the class
    from_top = (cls >> top).bit_count()  # 1 for the highest card in play
    ln = [(x & cls_mask).bit_count() for x in seat_hands]
    card = [-1, -1, -1]
    owner = [-1, -1, -1]
    for j in range(3):
        if not cls:
            break
        card[j] = cls.bit_length() - 1
        cls ^= 1 << card[j]
        for o in range(4):
            if seat_hands[o] >> card[j] & 1:
                owner[j] = o
    left = seat_hands[0].bit_count()
    lho = (ln[1] or left) << 2
    rho = (ln[3] or left) << 2
    alone = (ln[1] == 1 and owner[0] == 1) or (ln[3] == 1 and owner[0] == 3)
    second_third = owner[1] == 2 and owner[2] == 2
    split_second_third = (owner[1] == 0 and owner[2] == 2 and ln[2] > 1) or (
        owner[1] == 2 and owner[2] == 0 and ln[2] > 1
    )
    partner_over = (seat_hands[2] & cls_mask) > (
        (seat_hands[1] | seat_hands[3]) & cls_mask
    )  # the partner beats both opponents
    run = top != c
    return (
        top,
        rank,
        from_top,
        run,
        ln,
        card,
        owner,
        lho,
        rho,
        alone,
        second_third,
        split_second_third,
        partner_over,
    )


def pair_lead_weight_no_trump(facts: LeadFacts, is_killer: bool) -> int:
    """A lead's weight with no trump in play (DDS's ``WeightAllocNT0``)."""
    top, _rank, from_top, run, ln, card, owner, lho, rho, alone, second_third, split, partner_over = facts
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
        return weight + 126 if is_killer else weight
    if owner[0] == 3 or owner[1] == 3:
        if ln[3] != 1:
            d -= 10
    elif owner[0] == 1 and owner[1] == 2 and ln[2] != 1:
        d += 31
    if second_third:
        d += 35
    elif split:
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
    return weight + 47 if is_killer else weight


def _pair_lead_wins(facts: LeadFacts, side: bool, tr: list[CardSet]) -> bool:
    """Whether the side wins the trick of a lead with trumps in play (``tr``: each hand's trumps)."""
    top, _rank, _from_top, _run, ln, card, _owner, _lho, _rho, _alone, _st, _split, partner_over = facts
    lho_can = bool(ln[1] or not tr[1])
    rho_can = bool(ln[3] or not tr[3])  # neither ruffs
    if top == card[0]:
        if not side:
            return True
        if ln[2] or not tr[2]:
            return lho_can and rho_can
        return bool(ln[1] or tr[2] > tr[1]) and bool(ln[3] or tr[2] > tr[3])
    if partner_over:
        return not side or (lho_can and rho_can)
    if side and not ln[2] and tr[2]:
        # The partner ruffs: over every opponent who ruffs too.
        lr = not ln[1] and bool(tr[1])
        rr = not ln[3] and bool(tr[3])
        if lr and rr:
            return tr[2] > (tr[1] | tr[3])
        if lr:
            return tr[2] > tr[1]
        if rr:
            return tr[2] > tr[3]
        return True
    return False


def pair_lead_weight_trump(facts: LeadFacts, is_killer: bool, side: bool, tr: list[CardSet]) -> int:
    """A lead's weight with trumps in play (DDS's ``WeightAllocTrump0``): ``side`` for a side
    class, ``tr`` each hand's trumps (hands from the leader)."""
    top, rank, from_top, run, ln, card, owner, lho, rho, alone, second_third, split, _over = facts
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
    if _pair_lead_wins(facts, side, tr):
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
        return weight + 55 if is_killer else weight
    if second_third:
        d += 20
    elif split:
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
    return weight + 18 if is_killer else weight


def _pair_lead_weights_no_trump(
    seat_hands: list[CardSet],
    cands: list[Card],
    tops: Mapping[Card, Card],
    present: CardSet,
    cm: list[CardSet],
    killer: Card,
    trump_class: CardSet,
) -> list[int]:
    return [
        pair_lead_weight_no_trump(pair_lead_facts(seat_hands, cm[c], present, c, tops.get(c, c)), c == killer)
        for c in cands
    ]


def _pair_lead_weights_trump(
    seat_hands: list[CardSet],
    cands: list[Card],
    tops: Mapping[Card, Card],
    present: CardSet,
    cm: list[CardSet],
    killer: Card,
    trump_class: CardSet,
) -> list[int]:
    tr = [x & trump_class for x in seat_hands]
    weights = []
    for c in cands:
        km = cm[c]
        facts = pair_lead_facts(seat_hands, km, present, c, tops.get(c, c))
        weights.append(pair_lead_weight_trump(facts, c == killer, km != trump_class, tr))
    return weights


LeadWeights: TypeAlias = Callable[
    [list[CardSet], list[Card], Mapping[Card, Card], CardSet, list[CardSet], Card, CardSet], list[int]
]

PAIR_LEAD_WEIGHTS: dict[bool, LeadWeights] = {
    False: _pair_lead_weights_no_trump,
    True: _pair_lead_weights_trump,
}
"""The weights of the leads by whether a trump is in play (DDS's ``WeightAllocNT0`` and
``WeightAllocTrump0``)."""


def order_pair_leads(
    tables: SearchTables,
    seating: Seating,
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
    nxt = seating.nxt
    seat_hands = []
    s = seat
    for _ in range(4):
        seat_hands.append(hands[s])
        s = nxt[s]
    cm = tables.class_of[live]
    in_play = tables.trump_mask[live] & present
    trump_class = cm[(in_play & -in_play).bit_length() - 1] if in_play else 0
    weigh = PAIR_LEAD_WEIGHTS[bool(trump_class)]
    return _by_weight(weigh(seat_hands, cands, tops, present, cm, killer, trump_class), cands)


# -- two partnerships: the second and third cards ---------------------------------------------


@dataclass
class FollowTrick:
    """A trick of two partnerships seated alternately, its second or third card to play (the
    kernel's ``FollowTrick``). Seats count clockwise from the leader: 0 the leader, 1 the second
    hand, 2 the third, 3 the fourth."""

    seat_hands: list[CardSet]  # the hands from the leader
    trumps: CardSet  # the trump class, 0 with no trump in play
    led: CardSet  # the class led
    present: CardSet  # in play at the trick's start
    gone: CardSet  # gone before the trick
    now: CardSet  # in play now
    lead: Card  # the leader's card
    second: Card  # the second hand's card (-1: none yet)
    winner: int  # the seat winning the trick so far
    k: int  # the seat to play (1 or 2)


def follow_trick(
    tables: SearchTables,
    seating: Seating,
    hands: list[CardSet],
    seat: int,
    k: int,
    follow: int,
    wcard: Card,
    wseat: int,
    tmask: CardSet,
    present: CardSet,
    live: int,
) -> FollowTrick:
    """The trick ``seat`` plays the (k+1)-th card of (``present``: the cards in play at its start,
    ``tmask`` the trick so far, ``wcard`` and ``wseat`` its winning card and seat)."""
    nxt = seating.nxt
    leader = seat
    for _ in range(k):
        leader = nxt[nxt[nxt[leader]]]
    seat_hands = []
    s = leader
    for _ in range(4):
        seat_hands.append(hands[s])
        s = nxt[s]
    in_play = tables.trump_mask[live] & present
    trumps = tables.class_of[live][(in_play & -in_play).bit_length() - 1] if in_play else 0
    deck = 0
    for kmask, _mode, _order, _outside in tables.quick[live]:
        deck |= kmask
    winner = 0
    at = leader
    while at != wseat:
        at = nxt[at]
        winner += 1
    second = -1
    if k == 1:
        lead = wcard
    else:
        rest = tmask & ~(1 << wcard)
        other = (rest & -rest).bit_length() - 1
        lead = wcard if winner == 0 else other
        second = other if winner == 0 else wcard
    return FollowTrick(
        seat_hands, trumps, follow, present, deck & ~present, present & ~tmask, lead, second, winner, k
    )


def holder(t: FollowTrick, c: Card) -> int:
    """The seat holding card ``c`` at the trick's start (-1: on the table)."""
    for i in range(4):
        if t.seat_hands[i] >> c & 1:
            return i
    return -1


def second_holder(t: FollowTrick, km: CardSet) -> int:
    """The holder of the second-highest card in play of a class."""
    cls = t.present & km
    cls &= ~(1 << (cls.bit_length() - 1))
    return holder(t, cls.bit_length() - 1) if cls else -1


def below_top_run(t: FollowTrick, hand: CardSet, km: CardSet, also_gone: CardSet) -> int:
    """The card of ``hand`` below its top run (cards gone between count as none), -1 if one run."""
    c = hand.bit_length() - 1
    rest = hand & ~(1 << c)
    while rest:
        n = rest.bit_length() - 1
        between = ((1 << c) - 1) & ~((1 << (n + 1)) - 1) & km
        if between & (t.gone | also_gone) != between:
            return n
        c = n
        rest &= ~(1 << n)
    return -1


def cheapest_over(run_tops: list[Card], km: CardSet, over: int) -> int:
    """The cheapest candidate (by its run's top) of class ``km`` above card ``over``, or -1."""
    best = -1
    for i, top in enumerate(run_tops):
        if km >> top & 1 and top > over and (best < 0 or top < run_tops[best]):
            best = i
    return best


def _followed(t: FollowTrick) -> Card:
    """The second hand's card if it followed, else -1."""
    return t.second if t.second >= 0 and t.led >> t.second & 1 else -1


def forces_top(t: FollowTrick, run_tops: list[Card], fourth: CardSet) -> int:
    """The candidate that forces out the fourth hand's top card cheapest (DDS's RankForcesAce), or -1."""
    if not fourth:
        return -1
    next_card = below_top_run(t, fourth, t.led, 0)
    if next_card < 0:
        return -1
    followed = _followed(t)
    if next_card > followed:
        return cheapest_over(run_tops, t.led, next_card)
    if t.winner == 1:
        return cheapest_over(run_tops, t.led, followed)
    return -1


def third_hand_bonus(t: FollowTrick, run_tops: list[Card]) -> int:
    """The third hand's candidate put forward when it follows: the one that forces out the fourth
    hand's top card cheapest, or (no trump, the partner's lead sure to win) the one that overtakes
    a bare lead to run the class; -1 for none."""
    led, trumps, lead = t.led, t.trumps, t.lead
    mine = t.seat_hands[2] & led
    fourth = t.seat_hands[3] & led
    max4 = fourth.bit_length() - 1
    min4 = (fourth & -fourth).bit_length() - 1
    max3 = mine.bit_length() - 1
    followed = _followed(t)
    ruffed = bool(trumps) and led != trumps and bool(trumps >> t.second & 1)
    too_low = max3 < min4 or max3 < followed
    partner_sure = t.winner == 0 and lead > max4
    if (
        trumps
        and not partner_sure
        and not too_low
        and max3 <= max4
        and (led == trumps or (not ruffed and max4 >= 0))
    ):
        return forces_top(t, run_tops, fourth)
    if not trumps and partner_sure:
        if t.seat_hands[0] & led or holder(t, (t.present & led).bit_length() - 1) != 2:
            return -1
        opp = max(fourth.bit_count() - 1, (t.seat_hands[1] & led).bit_count())
        run_len = 1
        c = mine.bit_length() - 1
        rest = mine & ~(1 << c)
        while rest:
            n = rest.bit_length() - 1
            between = ((1 << c) - 1) & ~((1 << (n + 1)) - 1) & led
            if between & (t.gone | 1 << lead) != between:
                break
            run_len += 1
            c = n
            rest &= ~(1 << n)
        over_lead = cheapest_over(run_tops, led, lead)
        return over_lead if over_lead >= 0 and opp <= run_len - 1 else -1
    if not trumps and not partner_sure and not too_low and max4 > max3 and max4 > followed:
        return forces_top(t, run_tops, fourth)
    return -1


FollowFacts: TypeAlias = list[tuple[Card, bool, CardSet, int, int]]
"""Each candidate's (run top, whether it stands for a run, its class, its rank in the class (2 the
lowest), its place from the top among the class's cards in play now (1 the highest))."""


def follow_facts(t: FollowTrick, run_tops: list[Card], cands: list[Card], cm: list[CardSet]) -> FollowFacts:
    """The facts every weight of a second or third card reads."""
    now = t.now
    facts = []
    for c, top in zip(cands, run_tops, strict=True):
        km = cm[c]
        rank = top - ((km & -km).bit_length() - 1) + 2  # 2 for the class's lowest card
        facts.append((top, top != c, km, rank, ((now & km) >> top).bit_count()))
    return facts


def second_follows_no_trump(t: FollowTrick, facts: FollowFacts, run_tops: list[Card]) -> list[int]:
    """The second hand follows, no trump in play (DDS's ``WeightAllocNT1``, following)."""
    led, lead = t.led, t.lead
    third, fourth = t.seat_hands[2] & led, t.seat_hands[3] & led
    max3, min3 = third.bit_length() - 1, (third & -third).bit_length() - 1
    max4, min4 = fourth.bit_length() - 1, (fourth & -fourth).bit_length() - 1
    weights = []
    for top, run, _km, r, from_top in facts:
        if max4 > lead and max4 > max3:
            w = -r  # the partner beats both opponents
        elif top > lead and top > max3:
            w = 81 - r
        elif (min3 >= 0 and min3 > top) or (min4 >= 0 and min4 > top):
            w = -3 + from_top  # beaten anyway
        elif top < lead:
            w = -11 + from_top
        elif run:
            w = 10 + from_top
        else:
            w = 13 - r
        weights.append(w)
    return weights


def second_follows_trump(t: FollowTrick, facts: FollowFacts, run_tops: list[Card]) -> list[int]:
    """The second hand follows, trumps in play (DDS's ``WeightAllocTrump1``, following)."""
    led, trumps, lead = t.led, t.trumps, t.lead
    third, fourth = t.seat_hands[2] & led, t.seat_hands[3] & led
    max3, min3 = third.bit_length() - 1, (third & -third).bit_length() - 1
    max4, min4 = fourth.bit_length() - 1, (fourth & -fourth).bit_length() - 1
    t3, t4 = t.seat_hands[2] & trumps, t.seat_hands[3] & trumps
    weights = []
    for top, run, _km, r, from_top in facts:
        if led == trumps:
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
            elif max4 > lead and (t.seat_hands[0] & led) > fourth:
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
        elif (min3 >= 0 and min3 > top) or (min4 >= 0 and min4 > top):
            w = -9 + from_top  # beaten anyway
        elif top < lead:
            w = -16 + from_top
        else:
            w = (22 if run else 10) - r
        weights.append(w)
    return weights


def third_follows_no_trump(t: FollowTrick, facts: FollowFacts, run_tops: list[Card]) -> list[int]:
    """The third hand follows, no trump in play (DDS's ``WeightAllocNT2``, following)."""
    led = t.led
    mine, fourth = t.seat_hands[2] & led, t.seat_hands[3] & led
    max3 = mine.bit_length() - 1
    max4, min4 = fourth.bit_length() - 1, (fourth & -fourth).bit_length() - 1
    followed = _followed(t)
    too_low = max3 < min4 or max3 < followed
    partner_sure = t.winner == 0 and t.lead > max4
    bonus = third_hand_bonus(t, run_tops)
    weights = []
    for i, (top, _run, _km, r, _from_top) in enumerate(facts):
        w = -r
        if not partner_sure and not too_low and top > followed and top > max4:
            w = 60 - r
        if i == bonus:
            w += 20  # forcing out the fourth hand's top, or overtaking to run the class
        weights.append(w)
    return weights


def third_follows_trump(t: FollowTrick, facts: FollowFacts, run_tops: list[Card]) -> list[int]:
    """The third hand follows, trumps in play (DDS's ``WeightAllocTrump2``, following)."""
    led, trumps, lead = t.led, t.trumps, t.lead
    mine, fourth = t.seat_hands[2] & led, t.seat_hands[3] & led
    max3 = mine.bit_length() - 1
    max4, min4 = fourth.bit_length() - 1, (fourth & -fourth).bit_length() - 1
    followed = _followed(t)
    ruffed = led != trumps and bool(trumps >> t.second & 1)
    too_low = max3 < min4 or max3 < followed
    partner_sure = t.winner == 0 and lead > max4
    bonus = third_hand_bonus(t, run_tops)
    weights = []
    for i, (top, _run, _km, r, _from_top) in enumerate(facts):
        over = top > followed and top > max4
        w = -r
        if led == trumps:
            if not partner_sure and not too_low and max3 > max4 and over:
                w = 58 - r
        elif ruffed:
            pass  # the second hand ruffed: follow low
        elif t.winner == 0:
            if max4 >= 0 and lead <= max4 and not too_low:
                if max3 > max4:
                    if top > max4:
                        w = 58 - r
                elif over:
                    w = 60 - r
        elif max4 < 0:
            if top > followed:
                w = 20 - r
        elif not too_low and over:
            w = (58 if max3 > max4 else 60) - r
        if i == bonus:
            w += 20  # forcing out the fourth hand's top, or overtaking to run the class
        weights.append(w)
    return weights


def _discard_facts(t: FollowTrick, km: CardSet) -> tuple[int, bool, bool]:
    """The void hand's length in class ``km``, and whether it is a bare second or a bare top card."""
    count = (t.seat_hands[t.k] & km).bit_count()
    bare_second = count == 2 and second_holder(t, km) == t.k
    bare_top = count == 1 and holder(t, (t.present & km).bit_length() - 1) == t.k
    return count, bare_second, bare_top


def second_void_no_trump(t: FollowTrick, facts: FollowFacts, run_tops: list[Card]) -> list[int]:
    """The second hand discards, no trump in play (DDS's ``WeightAllocNTVoid1``)."""
    partner_can = (t.seat_hands[3] & t.led) > (
        (t.seat_hands[2] & t.led) | 1 << t.lead
    )  # the fourth hand beats the others
    weights = []
    for _top, _run, km, r, _from_top in facts:
        count, bare_second, bare_top = _discard_facts(t, km)
        if partner_can:
            add = ((count << 6) // 23) - (2 if bare_second else 3 if bare_top else 0)
        else:
            add = ((count << 6) // 33) - (6 if bare_second else 8 if bare_top else 0)
        weights.append(-r + add)
    return weights


def second_void_trump(t: FollowTrick, facts: FollowFacts, run_tops: list[Card]) -> list[int]:
    """The second hand discards or ruffs, trumps in play (DDS's ``WeightAllocTrumpVoid1``)."""
    led, trumps = t.led, t.trumps
    third, fourth = t.seat_hands[2] & led, t.seat_hands[3] & led
    partner_can = fourth > (third | 1 << t.lead)  # the fourth hand beats the others
    t3, t4 = t.seat_hands[2] & trumps, t.seat_hands[3] & trumps
    weights = []
    for top, _run, km, r, _from_top in facts:
        count, bare_second, _bare_top = _discard_facts(t, km)
        long44 = (count << 6) // 44
        long36 = (count << 6) // 36 - (4 if bare_second else 0)
        if led == trumps:
            w = -r + (long44 if partner_can else long36)
        elif km != trumps:
            if third:
                good = partner_can or (not fourth and bool(t4))
            else:
                good = (not fourth and t4 > t3) or (not t3 and fourth > 1 << t.lead)
            w = -r + (60 + long44 if good else -2 + long36)
        elif third or (not fourth and bool(t4) and t4 > t3) or 1 << top > t3:
            w = 24 - r + long44  # a ruff that stands
        else:
            w = 15 - r + long36  # overruffed: make it costly
        weights.append(w)
    return weights


def third_void_no_trump(t: FollowTrick, facts: FollowFacts, run_tops: list[Card]) -> list[int]:
    """The third hand discards, no trump in play (DDS's ``WeightAllocNTVoid2``)."""
    weights = []
    for _top, _run, km, r, _from_top in facts:
        count, bare_second, bare_top = _discard_facts(t, km)
        weights.append(-r + (count << 6) // 24 - (4 if bare_second or bare_top else 0))
    return weights


def third_void_trump(t: FollowTrick, facts: FollowFacts, run_tops: list[Card]) -> list[int]:
    """The third hand discards or ruffs, trumps in play (DDS's ``WeightAllocTrumpVoid2``)."""
    led, trumps, lead, second = t.led, t.trumps, t.lead, t.second
    fourth, t4 = t.seat_hands[3] & led, t.seat_hands[3] & trumps
    max4 = fourth.bit_length() - 1
    weights = []
    for top, _run, km, r, from_top in facts:
        count = (t.seat_hands[2] & km).bit_count()
        long50 = (count << 6) // 50
        if led == trumps or km != trumps:
            w = -r + (count << 6) // 40  # a discard from a long class
        elif t.winner == 0 and lead > max4 and (max4 >= 0 or not t4):
            w = -r - 50  # do not ruff the partner's sure winner
        elif second >= 0 and trumps >> second & 1 and top < second:
            w = -32 + from_top + (count << 6) // 40  # an underruff
        elif t.winner == 0:
            if max4 >= 0:
                w = (36 if second_holder(t, led) == 0 else 48) - r + long50
            else:
                w = (48 if 1 << top > t4 else -12) - r + long50
        elif max4 >= 0:
            w = 72 - r + long50
        else:
            w = (48 if 1 << top > t4 else 36) - r + long50
        weights.append(w)
    return weights


FollowWeights: TypeAlias = Callable[[FollowTrick, FollowFacts, list[Card]], list[int]]

PAIR_FOLLOW_WEIGHTS: dict[tuple[int, bool, bool], FollowWeights] = {
    # (the hand's place in the trick, whether it follows the class led, whether a trump is in play)
    (1, True, False): second_follows_no_trump,
    (1, True, True): second_follows_trump,
    (2, True, False): third_follows_no_trump,
    (2, True, True): third_follows_trump,
    (1, False, False): second_void_no_trump,
    (1, False, True): second_void_trump,
    (2, False, False): third_void_no_trump,
    (2, False, True): third_void_trump,
}
"""The weights of the second and third cards of a trick, as DDS's ``Moves.cpp`` dispatches them."""


def order_pair_follows(
    tables: SearchTables,
    seating: Seating,
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
    trump. ``tops`` maps the lowest card of a run of equivalent cards to its highest,
    ``present`` the cards in play at the trick's start, ``tmask`` the trick so far. The kernel's
    ``order_pair_follows`` alike."""
    t = follow_trick(tables, seating, hands, seat, k, follow, wcard, wseat, tmask, present, live)
    run_tops = [tops.get(c, c) for c in cands]
    facts = follow_facts(t, run_tops, cands, tables.class_of[live])
    weigh = PAIR_FOLLOW_WEIGHTS[k, bool(t.seat_hands[k] & follow), bool(t.trumps)]
    return _by_weight(weigh(t, facts, run_tops), cands)


# -- the four orderings bound to one solver's tables -------------------------------------------


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
    """Move ordering over one solver's tables: the card most likely to answer the question first."""
    return MoveOrdering(
        partial(order_leads, tables, seating),
        partial(order_follows, tables, seating),
        partial(order_pair_leads, tables, seating),
        partial(order_pair_follows, tables, seating),
    )
