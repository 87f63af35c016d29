"""A fast play-out of a Stiche-Raten or Wizard round in which every seat plays for its own bid.

Bids are valued by playing each sampled world out to the end (``hints.advisors.bids.advisor``):
the seat plays for the bid being valued, and every other seat for its own — the bid it
made, or, for a seat still to bid, the bid a player holding its hand would make
(`hints.advisors.bids.others.others_bids`). The count the seat ends with is what that bid is
judged by.

The card policy is a club player's, and sees what a player sees: its own hand, the cards
played, and that any card it has not seen may lie anywhere (it does not look at the
world's other hands). A seat that still needs tricks takes the trick — with a card no
unseen card can beat when it has one, the cheapest winner as the last to play, else its
highest winner — and leads its sure winners, then the tops of its suits, else its lowest
card. A seat whose bid is made (or, where a missed bid still scores its tricks, one that
is already over) ducks: it plays the highest card that loses the trick, the lowest when
every card wins and others are still to play, and leads its lowest card. (Ducking too while
the seat's locked cards alone make its need, and the seat valued choosing its last cards by
playing each out, were tried and not adopted: docs/research/2026-12-03-parked-switches.md.)

Everything is plain Python over card bitmasks and the rules' compiled tables
(`games.trick.TrickRules`), without the double-dummy solver: a play-out of a 13-card
deal costs about as much as a few hundred dictionary look-ups per card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from stich.games.cards import CardSet, card_list
from stich.games.trick import FREE, TrickRules

__all__ = [
    "Opponents",
    "Spot",
    "Tables",
    "head_of",
    "legal_of",
    "nearest_bid",
    "play_out",
    "tables_of",
    "wants_trick",
    "winners_of",
]

UNDECIDED = -2  # no card has set the class to follow yet (nothing played, or jesters only)
FREED = -3  # a wizard came first: no class to follow in this trick


@dataclass(frozen=True)
class Opponents:
    """How the play-out's other seats depart from the club player's policy (the default: not at
    all). ``extra``: tricks they play for beyond their bids, as a player does who bids under
    what its hand takes and does not stop at its bid (the ``montecarlo`` sparring bot;
    docs/research/2026-12-03-against-montecarlo.md)."""

    extra: int = 0


PLAIN = Opponents()


@dataclass(frozen=True)
class Tables:
    """The rules' tables in the form the play-out reads them.

    The play-out numbers the cards in their own way: by how high they stand (trump power
    first, then rank in the class; ties by the deck's order), so that a hand's bits, read
    from the lowest, are its cards from the lowest up and no hand is ever sorted. `local`
    turns a set of the deck's cards into this numbering; ``order[i]`` is the deck's card of
    the play-out's card ``i``."""

    rules: TrickRules
    order: tuple[int, ...]
    place: tuple[int, ...]  # the play-out's number of each deck card
    cls: tuple[int, ...]
    tp: tuple[int, ...]
    lp: tuple[int, ...]
    beaters: tuple[CardSet, ...]  # the cards that beat card c where c heads the trick
    class_mask: dict[int, CardSet]
    free_mask: CardSet
    trumps: CardSet  # cards with trump power (the trumps and the wizards)
    frees_after_jester: bool
    wizards: CardSet  # free cards with power: win unless an earlier one was played
    jesters: CardSet  # free cards without power

    def local(self, cards: CardSet) -> CardSet:
        """A set of the deck's cards in the play-out's numbering."""
        out = 0
        place = self.place
        while cards:
            low = cards & -cards
            out |= 1 << place[low.bit_length() - 1]
            cards ^= low
        return out


@cache
def tables_of(rules: TrickRules) -> Tables:
    """The play-out's tables of one rules context (built once per context)."""
    n = len(rules.cls)
    order = tuple(sorted(range(n), key=lambda c: (rules.trump_power[c] * 64 + rules.lead_power[c], c)))
    place = [0] * n
    for i, c in enumerate(order):
        place[c] = i
    cls = tuple(rules.cls[c] for c in order)
    tp = tuple(rules.trump_power[c] for c in order)
    lp = tuple(rules.lead_power[c] for c in order)
    wizards = jesters = trumps = free = 0
    class_mask: dict[int, CardSet] = {}
    for c in range(n):
        if cls[c] == FREE:
            free |= 1 << c
            if tp[c]:
                wizards |= 1 << c
            else:
                jesters |= 1 << c
        else:
            class_mask[cls[c]] = class_mask.get(cls[c], 0) | 1 << c
        if tp[c]:
            trumps |= 1 << c
    beaters = []
    for c in range(n):
        mask = 0
        for u in range(n):
            if u == c:
                continue
            if tp[u] > tp[c]:
                mask |= 1 << u
            elif tp[c] == 0 and tp[u] == 0:
                if cls[c] == FREE:
                    mask |= 0 if cls[u] == FREE else 1 << u  # a jester is beaten by any suit card
                elif cls[u] == cls[c] and lp[u] > lp[c]:
                    mask |= 1 << u
        beaters.append(mask)
    return Tables(
        rules,
        order,
        tuple(place),
        cls,
        tp,
        lp,
        tuple(beaters),
        class_mask,
        free,
        trumps,
        rules.wizard_frees_after_jester,
        wizards,
        jesters,
    )


def wants_trick(need: int, takes_when_over: bool) -> bool:
    """Whether a seat that still ``need``s that many tricks for its bid plays to take the trick:
    while it needs some; once over its bid only where a miss scores its tricks (``takes_when_over``)."""
    return need > 0 or (need < 0 and takes_when_over)


def _beats(t: Tables, card: int, best: int, led: int) -> bool:
    """Whether ``card`` takes the trick from ``best`` (the card heading it) when played now."""
    tp = t.tp
    if tp[card] != tp[best]:
        return tp[card] > tp[best]
    if tp[card]:
        return False  # equal trumps cannot happen; equal wizards: the first stays
    c = t.cls[card]
    if c == FREE:
        return False  # a jester never heads a trick it did not start
    if led == UNDECIDED:
        return True  # only jesters so far: the first suit card heads the trick
    return c == led and t.lp[card] > t.lp[best]


def choose(
    t: Tables,
    hand: CardSet,
    trick: Sequence[int],
    best: int,
    led: int,
    unseen: CardSet,
    want: bool,
    last: bool,
) -> int:
    """The card the policy plays (module docstring); ``best``: the card heading the trick."""
    legal = legal_of(t, hand, trick, led)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    beaters = t.beaters
    if not trick:
        if not want:
            return (legal & -legal).bit_length() - 1
        cards = card_list(legal)
        for c in cards:  # a sure winner, the cheapest
            if not beaters[c] & unseen:
                return c
        trumps = t.trumps
        for c in reversed(cards):  # the top of a suit: beaten only by a ruff
            if not t.tp[c] and not beaters[c] & unseen & ~trumps and not t.jesters >> c & 1:
                return c
        return cards[0]
    winners = legal & winners_of(t, best, led)
    if want:
        if not winners:
            return (legal & -legal).bit_length() - 1
        low = winners & -winners
        if last:
            return low.bit_length() - 1
        rest = winners
        while rest:  # a winner no unseen card beats, the cheapest
            low = rest & -rest
            c = low.bit_length() - 1
            if not beaters[c] & unseen:
                return c
            rest ^= low
        return winners.bit_length() - 1
    losers = legal & ~winners
    if losers:
        return losers.bit_length() - 1  # the highest card that loses
    return legal.bit_length() - 1 if last else (legal & -legal).bit_length() - 1


def legal_of(t: Tables, hand: CardSet, trick: Sequence[int], led: int) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (``led``: its class to follow): the
    class led and the free cards where the hand holds the class, else any card."""
    if trick and led >= 0:
        follow = hand & t.class_mask.get(led, 0)
        if follow:
            return follow | (hand & t.free_mask)
    return hand


def winners_of(t: Tables, best: int, led: int) -> CardSet:
    """The cards that would take the trick from ``best`` (the card heading it; `_beats`) if played
    now. The cards are numbered by trump power, then rank: above a trump only higher trumps (and
    the wizards, which no later wizard beats); above a plain card of the class led, its higher
    cards and every trump; a jester heading the trick falls to any card but a jester."""
    above = ~((2 << best) - 1)
    if t.tp[best]:
        return 0 if t.wizards >> best & 1 else above
    if t.cls[best] == FREE:
        return ~t.jesters
    return t.trumps | (t.class_mask.get(led, 0) & above)


def play_out(
    t: Tables,
    hands: list[CardSet],
    won: list[int],
    leader: int,
    bids: Sequence[int],
    live: CardSet,
    takes_when_over: bool,
    seat: int,
    group: Sequence[int],
    found: dict[int, int],
    prefix: Sequence[int] = (),
    everyone: dict[int, tuple[int, ...]] | None = None,
    opponents: Opponents = PLAIN,
) -> None:
    """Play the round out; every seat plays for its bid, and ``seat`` for each bid of ``group``
    in turn (the other seats' bids in ``bids`` do not depend on it).

    ``prefix``: the cards already played to the current trick, from ``leader`` on (not in
    ``hands`` any more). ``live``: the cards not yet played (the seats' hands and the cards
    no one has seen).
    Fills ``found`` with the tricks ``seat`` ends with, per bid of ``group`` (and ``everyone``,
    when given, with the tricks every seat ends with). ``opponents``: how the other seats depart
    from the policy (`Opponents`). The play-outs for
    different bids share their cards until the seat's policy differs (it depends on the bid
    only through whether the seat plays for the trick), then the group splits.
    Changes ``hands`` and ``won`` (give copies)."""
    n = len(hands)
    tp, cls, lp = t.tp, t.cls, t.lp
    beaters, class_mask, free_mask = t.beaters, t.class_mask, t.free_mask
    trumps, wizards, jesters, frees_after_jester = t.trumps, t.wizards, t.jesters, t.frees_after_jester
    single = len(group) == 1
    aims = [b + opponents.extra if s != seat else b for s, b in enumerate(bids)]
    if single:  # the seat plays for its one bid like any seat: its play-out never splits
        aims[seat] = group[0]
    table = list(prefix)
    for card in table:
        live &= ~(1 << card)
    while table or hands[leader]:
        trick = table
        if not single:
            start = list(hands)
            begun = tuple(trick)  # on the table when this trick's play-out began
        best, best_at, led = head_of(t, trick)
        table = []
        for pos in range(len(trick), n):
            player = (leader + pos) % n
            hand = hands[player]
            unseen = live & ~hand
            last = pos == n - 1
            if player == seat and not single:
                spot = Spot(hands, won, leader, aims, live, takes_when_over, seat)
                split = _seat_split(t, spot, group, trick)
                if len(split) > 1:
                    # The bids part ways here: replay this trick for each group from where it began.
                    for sub in split.values():
                        play_out(
                            t,
                            list(start),
                            list(won),
                            leader,
                            bids,
                            live,
                            takes_when_over,
                            seat,
                            sub,
                            found,
                            begun,
                            everyone,
                            opponents,
                        )
                    return
                card = next(iter(split))
            else:
                # `wants_trick` and `choose`, written out: the same cards, without the calls.
                need = aims[player] - won[player]
                want = need > 0 or (need < 0 and takes_when_over)
                legal = hand
                if trick and led >= 0:
                    follow = hand & class_mask.get(led, 0)
                    if follow:
                        legal = follow | (hand & free_mask)
                if not legal & (legal - 1):
                    card = legal.bit_length() - 1
                elif not trick:
                    card = _lead(t, legal, unseen, want)
                else:
                    if tp[best]:
                        winners = 0 if wizards >> best & 1 else legal & ~((2 << best) - 1)
                    elif cls[best] == FREE:
                        winners = legal & ~jesters
                    else:
                        winners = legal & (trumps | (class_mask.get(led, 0) & ~((2 << best) - 1)))
                    if want:
                        if not winners:
                            card = (legal & -legal).bit_length() - 1
                        elif last:
                            card = (winners & -winners).bit_length() - 1
                        else:
                            card = winners.bit_length() - 1
                            rest = winners
                            while rest:  # a winner no unseen card beats, the cheapest
                                low = rest & -rest
                                c = low.bit_length() - 1
                                if not beaters[c] & unseen:
                                    card = c
                                    break
                                rest ^= low
                    else:
                        losers = legal & ~winners
                        if losers:
                            card = losers.bit_length() - 1  # the highest card that loses
                        elif last:
                            card = legal.bit_length() - 1
                        else:
                            card = (legal & -legal).bit_length() - 1
            hands[player] = hand & ~(1 << card)
            if best < 0:
                best, best_at = card, pos
            else:  # `_beats`, written out
                power, against = tp[card], tp[best]
                if power != against:
                    beats = power > against
                elif power:
                    beats = False
                else:
                    kind = cls[card]
                    beats = kind != FREE and (led == UNDECIDED or (kind == led and lp[card] > lp[best]))
                if beats:
                    best, best_at = card, pos
            if led == UNDECIDED:
                if cls[card] != FREE:
                    led = cls[card]
                elif tp[card] and (pos == 0 or frees_after_jester):
                    led = FREED
            trick.append(card)
        for card in trick:
            live &= ~(1 << card)
        leader = (leader + best_at) % n
        won[leader] += 1
    for bid in group:
        found[bid] = won[seat]
        if everyone is not None:
            everyone[bid] = tuple(won)


class Spot(NamedTuple):
    """Where a play-out stands at ``seat``'s turn: the hands, the tricks won, the current trick's
    leader, what each seat plays for, the cards not yet played (`play_out`'s arguments) and
    whether a seat over its bid takes tricks."""

    hands: list[CardSet]
    won: list[int]
    leader: int
    aims: Sequence[int]
    live: CardSet
    takes_when_over: bool
    seat: int


def _seat_split(t: Tables, spot: Spot, group: Sequence[int], trick: Sequence[int]) -> dict[int, list[int]]:
    """``seat``'s card to ``trick`` for each bid of ``group`` (`choose`), the bids grouped by the
    card they play."""
    hand = spot.hands[spot.seat]
    best, _, led = head_of(t, trick)
    unseen = spot.live & ~hand
    last = len(trick) == len(spot.hands) - 1
    split: dict[int, list[int]] = {}
    for bid in group:
        want = wants_trick(bid - spot.won[spot.seat], spot.takes_when_over)
        card = choose(t, hand, trick, best, led, unseen, want, last)
        split.setdefault(card, []).append(bid)
    return split


def _lead(t: Tables, legal: CardSet, unseen: CardSet, want: bool) -> int:
    """`choose`'s lead, as `play_out` writes it out (once a trick, so a call of its own): wanting
    tricks, the cheapest sure winner, else the top of a suit beaten only by a ruff; else (or
    ducking) the lowest card."""
    beaters = t.beaters
    if want:
        rest = legal
        while rest:  # a sure winner, the cheapest
            low = rest & -rest
            c = low.bit_length() - 1
            if not beaters[c] & unseen:
                return c
            rest ^= low
        plain = unseen & ~t.trumps
        tp, jesters = t.tp, t.jesters
        rest = legal
        while rest:  # the top of a suit: beaten only by a ruff
            c = rest.bit_length() - 1
            if not tp[c] and not beaters[c] & plain and not jesters >> c & 1:
                return c
            rest ^= 1 << c
    return (legal & -legal).bit_length() - 1


def head_of(t: Tables, trick: Sequence[int]) -> tuple[int, int, int]:
    """The card heading a trick (-1 for none yet), its place in the trick, and the class to
    follow (`UNDECIDED`, `FREED` or a class), as `play_out` keeps them."""
    best, best_at, led = -1, 0, UNDECIDED
    for pos, card in enumerate(trick):
        if best < 0 or _beats(t, card, best, led):
            best, best_at = card, pos
        if led == UNDECIDED:
            if t.cls[card] != FREE:
                led = t.cls[card]
            elif t.tp[card] and (pos == 0 or t.frees_after_jester):
                led = FREED
    return best, best_at, led


def nearest_bid(estimate: float, allowed: Sequence[int]) -> int:
    """The allowed bid nearest ``estimate`` (the lower one of two as near)."""
    return min(allowed, key=lambda b: (abs(b - estimate), b))
