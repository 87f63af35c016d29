"""Stiche-Raten and Wizard: the heuristic bot's rules of thumb, a club player's.

*Bidding: count the winners, card by card, by rank and length.* Each card is given the
chance that it takes a trick, as a club player reckons it from the cards he does not see
(the other hands hold ``q`` of them, the rest stay in the stock):

- a wizard takes its trick, unless a wizard the others hold comes first; a jester none;
- a side card wins when the unseen cards of its suit above it are all out of play
  (``(1 - q) ** h`` for ``h`` of them), or, guarded, when the seat holds as many lower
  cards of the suit as the others hold higher ones (half of that again: a guarded king
  with the ace out wins about half the time); it wins in the suit's round after the
  seat's own higher cards, and by then an opponent may be void and ruff: the longer the
  suit and the later the round, the likelier (the others' lengths drawn from the unseen
  cards, a ruff only from an opponent with a trump);
- a trump wins when the higher unseen trumps are out of play or it is guarded by as
  many lower trumps; a trump that does not win by rank ruffs: a void side suit makes one
  ruff, a singleton a smaller one, in longer hands more likely (the suit is led more
  often), over-ruffs counted;
- an unseen wizard the others may hold takes a trick from one of the seat's cards;
- what the count by rank misses, in proportions read off the arena's rounds (from 5 cards
  on): a trump also takes about a third of the tricks it does not win by rank (the seat
  runs out of a suit in the play and ruffs it); a side card's chance shrinks by a fifth
  (others run out and ruff it) and never falls below 6 % (a low card takes a trick the
  others throw away).

The chances give the distribution of the seat's tricks (as if the cards won independently);
the bid is the one with the highest expected score under the round's scoring among the
bids allowed (so the dealer who may not bid the best bid — the hook rule — takes the next
best). The bids already made shift the count: bids above a fair share of the tricks mean
the seat's doubtful cards win less often, bids below mean tricks will be pushed on it.
Wizard's dealer names the trump whose count is highest; a blind bid (hand unseen) is the
most likely count of a hand of average cards.

*Play: each card's chance to take the trick.* For each card the seat may play, the chance
that it wins the trick: it must win as the trick stands, and none of the seats still to
play may beat it — an unseen card that beats it lies in such a seat's hand in proportion
to its cards, played by following suit, or, void (shown earlier or likely from the
unseen cards), by a trump; a seat that has made its bid beats it only when it must
(about a third as often). Then:

- *short of the bid* (and the bid still reachable): take the trick with the cheapest card
  that holds it nearly surely; as the last to play, with the cheapest winner; when every
  remaining trick is needed, with the likeliest winner; a card with an even chance is
  played when the tricks needed are as many as the seat's likely winners; void in the suit
  led, ruff with the lowest trump that holds the trick two times in five; otherwise play
  low (the lowest card of the suit led, the lowest side card when void — trumps wait).
  Leading: cash the cheapest near-sure winner; otherwise, holding trumps, lead low from
  the shortest side suit to make a void to ruff in; else the lowest side card. When the
  cards that take a trick whatever happens (wizards, top trumps) already make the bid,
  the seat ducks the rest;
- *the bid made* (or, where a miss loses points by the trick, over it): duck — of the
  cards least likely to win, the highest (dump high cards while it is safe); leading, the
  card least likely to win, the highest of those;
- *the bid out of reach, or over it where a miss still scores its tricks* (standard
  scoring): take every trick that can be taken.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from stich.games.base import Event
from stich.games.cards import Card, CardSet, iter_cards, popcount
from stich.games.errors import StichError
from stich.games.events import event_bid
from stich.games.stiche_raten import BiddingRound, score_bid
from stich.games.trick import FREE, TrickRules, led_class, trick_winner
from stich.hints.advisors.trick_heuristic import unseen_cards
from stich.hints.session import Session

__all__ = [
    "HEURISTIC",
    "bid_chances",
    "bidding_heuristic",
    "card_chances",
    "choose_bid",
    "shifted",
    "sure_tricks",
    "trick_chances",
    "trick_distribution",
]

SURE = 0.8  # a card this likely to hold the trick is played to take it
EVEN = 0.5  # a card this likely is played when the tricks needed are as many as the likely winners
DUCKER = 0.35  # how often a seat that has made its bid beats a card it could beat
RUFF_WILL = 0.7  # how often an opponent void in a suit ruffs it
GUARDED = 0.5  # a guarded card with higher cards out wins this share of the time
TRUMP_GUARDED = 0.7  # the same for a trump
TRUMP_RUFF = 0.35  # the share of tricks a trump that does not win by rank takes by ruffing (4+ cards)
SIDE_FLOOR = 0.06  # a low side card's chance: the others throw the trick away
SIDE_SCALE = 0.8  # a side card's chance by rank, shrunk for the ruffs of seats running out in play
RUFF_MIN = 0.4  # void in the suit led and short of the bid: ruff with a trump this likely to hold
LOCKED = 0.97  # a card this likely to take a trick later is a sure winner
CONTEST = 0.25  # each trick bid above the fair share takes this much from the seat's count


def _opponents_share(unseen: CardSet, others: int) -> float:
    """The share of the unseen cards that lie in the other hands (the rest in the stock)."""
    count = popcount(unseen)
    return min(1.0, others / count) if count else 0.0


def _is_wizard(rules: TrickRules, card: Card) -> bool:
    return rules.cls[card] == FREE and rules.trump_power[card] > 0


def _is_jester(rules: TrickRules, card: Card) -> bool:
    return rules.cls[card] == FREE and rules.trump_power[card] == 0


def _at_most(k: int, n: int, p: float) -> float:
    """P(Binomial(n, p) <= k)."""
    if k < 0:
        return 0.0
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(min(k, n) + 1))


def _guard_chance(higher: int, guards: int, q: float, guarded: float) -> float:
    """A card's chance by rank: the ``higher`` unseen cards above it all out of play, or (a
    share ``guarded`` of the time) as many of them in play as it has ``guards`` below it."""
    alone = (1 - q) ** higher
    covered = sum(
        math.comb(higher, x) * q**x * (1 - q) ** (higher - x) for x in range(1, min(guards, higher) + 1)
    )
    return alone + guarded * covered


@dataclass(frozen=True)
class _Masks:
    """One rules context's cards as sets, for counting with popcounts (`card_chances`)."""

    wizards: CardSet
    plain_trumps: CardSet  # trump-power cards that are not free (the trump suit)
    trumps_above: tuple[CardSet, ...]  # per card: the cards of higher trump power, not wizards
    ranks_above: tuple[CardSet, ...]  # per card: the cards of its class with a higher lead power


@cache
def _masks(rules: TrickRules) -> _Masks:
    n = len(rules.cls)
    wizards = sum(1 << c for c in range(n) if _is_wizard(rules, c))
    plain_trumps = sum(1 << c for c in range(n) if rules.trump_power[c] and rules.cls[c] != FREE)
    tp, lp, cls = rules.trump_power, rules.lead_power, rules.cls
    trumps_above = tuple(
        sum(1 << u for u in range(n) if tp[u] > tp[c] and not wizards >> u & 1) for c in range(n)
    )
    ranks_above = tuple(sum(1 << u for u in range(n) if cls[u] == cls[c] and lp[u] > lp[c]) for c in range(n))
    return _Masks(wizards, plain_trumps, trumps_above, ranks_above)


def card_chances(
    rules: TrickRules, hand: CardSet, unseen: CardSet, players: int, size: int
) -> dict[Card, float]:
    """Each card's chance to take a trick, before the first card (module docstring)."""
    cards = list(iter_cards(hand))
    others = (players - 1) * size
    q = _opponents_share(unseen, others)
    total = max(1, popcount(unseen))
    masks = _masks(rules)
    wizards_out = popcount(unseen & masks.wizards)
    trump_unseen = popcount(unseen & masks.plain_trumps)
    p_trump = 1 - (1 - trump_unseen / total) ** size if trump_unseen else 0.0
    # a wizard in another hand takes one trick from one of the seat's cards (spread over them)
    wizard_loss = min(1.0, wizards_out * q / max(1, size))
    chances: dict[Card, float] = {}
    my_trumps = sorted(
        (c for c in cards if rules.trump_power[c] and rules.cls[c] != FREE),
        key=lambda c: rules.trump_power[c],
    )
    side_length: dict[int, int] = {}
    for k in rules.class_mask:
        if k == FREE:
            continue
        side = rules.class_mask[k] & ~rules.trump_mask
        if side:
            side_length[k] = popcount(hand & side)
    for card in cards:
        if _is_wizard(rules, card):
            chances[card] = 1.0 - 0.5 * wizard_loss
            continue
        if _is_jester(rules, card):
            chances[card] = 0.0
            continue
        if rules.trump_power[card]:
            higher = popcount(unseen & masks.trumps_above[card])
            guards = sum(1 for c in my_trumps if rules.trump_power[c] < rules.trump_power[card])
            chances[card] = _guard_chance(higher, guards, q, TRUMP_GUARDED) * (1 - wizard_loss)
            continue
        k = rules.cls[card]
        suit = rules.class_mask[k] & ~rules.trump_mask
        above_card = suit & masks.ranks_above[card]
        higher = popcount(unseen & above_card)
        above = popcount(hand & above_card)
        guards = side_length[k] - above - 1
        by_rank = _guard_chance(higher, guards, q, GUARDED)
        # the round of the suit in which it wins: after the seat's higher cards
        rounds_before = above + (1 if by_rank < 0.99 and guards > 0 and higher else 0)
        in_suit = popcount(unseen & suit) / total
        # an opponent holding no more cards of the suit than the rounds before it is void by then
        void = _at_most(rounds_before, size, in_suit) if in_suit else 1.0
        ruff = 1 - (1 - void * p_trump * RUFF_WILL) ** (players - 1)
        chances[card] = by_rank * (1 - ruff) * (1 - wizard_loss)
    # trumps that do not win by rank ruff the short side suits
    slots: list[float] = []
    for length in side_length.values():
        if length == 0:
            slots.append(min(0.8, 0.15 * size))
        elif length == 1:
            slots.append(min(0.6, 0.08 * size))
    slots.sort(reverse=True)
    for card in my_trumps:  # the lowest first
        if not slots:
            break
        over = popcount(unseen & masks.trumps_above[card])
        ruff = slots.pop(0) * (1 - q) ** (over / max(1, players - 1))
        chances[card] = chances[card] + (1 - chances[card]) * ruff
    # what the count by rank misses, in the same proportions at every size from 4 cards: a low
    # trump also ruffs a suit the seat runs out of in the play, a side card is also ruffed by a
    # seat that ran out of it, and a low card takes a trick the others throw away
    ruffs = TRUMP_RUFF * min(1.0, size / 5)
    for card in cards:
        if rules.cls[card] == FREE:
            continue
        if rules.trump_power[card]:
            chances[card] = 1 - (1 - chances[card]) * (1 - ruffs)
        else:
            chances[card] = SIDE_FLOOR + SIDE_SCALE * chances[card]
    return chances


def trick_distribution(chances: Sequence[float]) -> list[float]:
    """The distribution of the number of tricks when each card wins with its own chance."""
    dist = [1.0]
    for p in chances:
        p = min(1.0, max(0.0, p))
        nxt = [0.0] * (len(dist) + 1)
        for k, mass in enumerate(dist):
            nxt[k] += mass * (1 - p)
            nxt[k + 1] += mass * p
        dist = nxt
    return dist


def shifted(dist: list[float], shift: float) -> list[float]:
    """The distribution moved by ``shift`` tricks (mass split between neighbours), kept in range."""
    if abs(shift) < 1e-9:
        return dist
    whole = math.floor(shift)
    frac = shift - whole
    out = [0.0] * len(dist)
    for k, mass in enumerate(dist):
        for step, share in ((whole, 1 - frac), (whole + 1, frac)):
            j = min(len(dist) - 1, max(0, k + step))
            out[j] += mass * share
    return out


def choose_bid(dist: Sequence[float], allowed: Sequence[int], scoring: str, blind: bool = False) -> int:
    """The allowed bid with the highest expected score over the distribution of tricks (on a tie,
    the one nearest the tricks expected, then the lower)."""
    mean = sum(tricks * mass for tricks, mass in enumerate(dist))

    def expected(bid: int) -> float:
        return sum(mass * score_bid(bid, tricks, scoring, blind) for tricks, mass in enumerate(dist))

    return max(allowed, key=lambda b: (round(expected(b), 9), -abs(b - mean), -b))


def sure_tricks(rules: TrickRules, hand: CardSet, unseen: CardSet, players: int) -> int:
    """The tricks a hand takes for sure: each trump that no more unseen trumps outrank than the
    hand holds below it, each plain card heading an unbroken top sequence of its suit in the
    suit's first rounds (before others run out of it). The heuristic bids more (its cards'
    chances); the advisor's play-outs took this count as the bid of a seat still to bid before
    they took the heuristic's bid."""
    count = 0
    trumps = sorted(
        (c for c in iter_cards(hand) if rules.trump_power[c]), key=lambda c: -rules.trump_power[c]
    )
    for below, card in enumerate(trumps):
        higher = sum(1 for c in iter_cards(unseen) if rules.trump_power[c] > rules.trump_power[card])
        count += higher <= below
    for k, mask in rules.class_mask.items():
        if k == FREE:
            continue
        plain = mask & ~rules.trump_mask
        rounds = max(1, popcount(plain) // players - 1)  # rounds before someone runs out, roughly
        mine = sorted(iter_cards(hand & plain), key=lambda c: -rules.lead_power[c])
        for card in mine[:rounds]:
            if any(rules.lead_power[c] > rules.lead_power[card] for c in iter_cards(unseen & plain)):
                break
            count += 1
    return count


def bid_chances(state: BiddingRound, seat: int) -> dict[Card, float]:
    """The seat's cards' chances to take a trick, as it bids."""
    hand = state.hands[seat] or 0
    return card_chances(state.rules(), hand, unseen_cards(state, seat), state.game.players, state.size)


def _bid(state: BiddingRound, seat: int, allowed: Sequence[int]) -> int:
    n = state.game.players
    if state.blind or state.hands[seat] is None:
        dist = trick_distribution([1 / n] * state.size)
        return choose_bid(dist, allowed, state.scoring(), state.blind)
    dist = trick_distribution(list(bid_chances(state, seat).values()))
    made = [b for b in state.bids if b is not None]
    if made:
        # bids above a fair share of the tricks: the doubtful cards win less often; below: more
        excess = sum(made) - len(made) * state.size / n
        dist = shifted(dist, -CONTEST * excess)
    return choose_bid(dist, allowed, state.scoring(), state.blind)


# -- the play ---------------------------------------------------------------------------------


@dataclass
class _View:
    """What the seat knows at its card: the rules, the unseen cards, who is void in what."""

    state: BiddingRound
    seat: int
    rules: TrickRules
    unseen: CardSet
    voids: dict[int, set[int]]


def _voids(state: BiddingRound, rules: TrickRules) -> dict[int, set[int]]:
    """The classes each seat has shown it no longer holds (a card not of the class led)."""
    found: dict[int, set[int]] = {s: set() for s in range(state.game.players)}
    done = [(t.seats, t.cards) for t in state.tricks]
    done.append((tuple(state.trick_order()[: len(state.trick_cards)]), tuple(state.trick_cards)))
    for seats, cards in done:
        for i in range(1, len(cards)):
            led = led_class(rules, cards[:i])
            if led is None or _is_wizard(rules, cards[0]):  # after a wizard anything may be played
                continue
            if rules.cls[cards[i]] != led and rules.cls[cards[i]] != FREE:
                found[seats[i]].add(led)
    return found


def trick_chances(view: _View, legal: CardSet) -> dict[Card, float]:
    """Each legal card's chance to take the current trick (module docstring)."""
    state, rules = view.state, view.rules
    trick = list(state.trick_cards)
    order = state.trick_order()
    later = order[len(trick) + 1 :]
    unseen = list(iter_cards(view.unseen))
    pool = max(1, len(unseen))
    chances: dict[Card, float] = {}
    for card in iter_cards(legal):
        cards = [*trick, card]
        at = len(trick)
        if trick_winner(rules, cards) != at:
            chances[card] = 0.0
            continue
        if not later:
            chances[card] = 1.0
            continue
        led = led_class(rules, cards)
        freed = _is_wizard(rules, cards[0])
        follow = other = 0
        led_unseen = 0
        for u in unseen:
            if led is not None and rules.cls[u] == led:
                led_unseen += 1
            if trick_winner(rules, [*cards, u]) == at:
                continue
            if freed or led is None or rules.cls[u] == led or rules.cls[u] == FREE:
                follow += 1  # playable whatever else the hand holds
            else:
                other += 1  # playable only when void in the suit led
        hold = 1.0
        for other_seat in later:
            p = min(1.0, state.hand_size[other_seat] / pool)
            has_follow = 1 - (1 - p) ** follow
            if led is not None and led in view.voids[other_seat]:
                void = 1.0
            else:
                void = (1 - p) ** led_unseen if led is not None else 0.0
            has_other = 1 - (1 - p) ** other
            beats = 1 - (1 - has_follow) * (1 - void * has_other)
            bid = state.bids[other_seat]
            wants = bid is None or bid > state.won[other_seat]
            hold *= 1 - beats * (1.0 if wants else DUCKER)
        chances[card] = hold
    return chances


def _strength(rules: TrickRules, card: Card) -> tuple[int, int, int]:
    """How high a card stands: wizards, then trumps, then plain cards by rank (jesters lowest)."""
    return rules.trump_power[card], rules.lead_power[card], -_is_jester(rules, card)


def _play(state: BiddingRound, seat: int) -> Card:
    rules = state.rules()
    hand = state.hands[seat] or 0
    legal = state.legal_cards(seat)
    if popcount(legal) == 1:
        return next(iter_cards(legal))
    view = _View(state, seat, rules, unseen_cards(state, seat), _voids(state, rules))
    chances = trick_chances(view, legal)
    left = state.size - len(state.tricks)
    need = (state.bids[seat] or 0) - state.won[seat]
    scoring = state.scoring()
    if need > left:
        mode = "take"  # the bid is lost: every trick counts (or lessens the miss)
    elif need < 0:
        mode = "take" if scoring == "standard" else "duck"
    elif need == 0:
        mode = "duck"
    else:
        mode = "want"
        # the cards that take a trick whatever happens make the rest of the bid: duck until then
        locked = sum(1 for p in bid_like_chances(state, seat, hand).values() if p >= LOCKED)
        if locked >= need and need < left:
            mode = "duck"
    ordered = sorted(chances, key=lambda c: _strength(rules, c))
    if mode == "duck":
        low = min(chances.values())
        safe = [c for c in ordered if chances[c] <= low + 0.03]
        return safe[-1]
    if mode == "take" or need == left:
        best = max(chances.values())
        return next(c for c in ordered if chances[c] >= best - 1e-9)
    # short of the bid
    sure = [c for c in ordered if chances[c] >= SURE]
    if sure:
        return sure[0]
    if not state.trick_cards:
        return _lead_low(rules, hand, ordered)
    led = led_class(rules, state.trick_cards)
    if led is not None and not hand & rules.class_mask.get(led, 0):
        ruffs = [
            c for c in ordered if rules.trump_power[c] and rules.cls[c] != FREE and chances[c] >= RUFF_MIN
        ]
        if ruffs:
            return ruffs[0]
    future = bid_like_chances(state, seat, hand)
    likely = sum(future.values())
    if need >= likely - 0.5:
        even = [c for c in ordered if chances[c] >= EVEN]
        if even:
            return even[0]
    return ordered[0]


def bid_like_chances(state: BiddingRound, seat: int, hand: CardSet) -> dict[Card, float]:
    """The chances of the cards still held to take a trick later, reckoned as at the bid."""
    left = max(1, popcount(hand))
    return card_chances(state.rules(), hand, unseen_cards(state, seat), state.game.players, left)


def _lead_low(rules: TrickRules, hand: CardSet, ordered: Sequence[Card]) -> Card:
    """Short of the bid and no sure winner to lead: a low card, from the shortest side suit when
    the seat holds trumps to ruff with once it is void."""
    plain = [c for c in ordered if not rules.trump_power[c] and rules.cls[c] != FREE]
    if not plain:
        return ordered[0]
    has_trump = any(rules.trump_power[c] and rules.cls[c] != FREE for c in iter_cards(hand))
    if has_trump:

        def length(card: Card) -> int:
            return popcount(hand & rules.class_mask[rules.cls[card]])

        return min(plain, key=lambda c: (length(c), rules.lead_power[c]))
    return plain[0]


def _event(session: Session, **fields: object) -> Event:
    for event in session.legal():
        if all(event.get(k) == v for k, v in fields.items()) and set(event) <= {"seat", *fields}:
            return event
    raise StichError(f"{fields} is not a legal event")


def bidding_heuristic(session: Session, rng: random.Random) -> Event:
    """The heuristic bot's event in Stiche-Raten and Wizard (module docstring)."""
    from stich.hints.dd import hypothetically

    state = session.round
    if not isinstance(state, BiddingRound):
        raise StichError(f"the bidding heuristic needs a Stiche-Raten or Wizard round, not {state.game.id}")
    seat = session.seat
    legal = session.legal()
    if state.phase == "trump":

        def count(event: Event) -> float:
            with hypothetically(state, event):
                return sum(bid_chances(state, seat).values())

        return max(legal, key=count)
    if state.phase == "bid":
        return _event(session, bid=_bid(state, seat, [event_bid(e) for e in legal]))
    if state.phase == "play":
        return _event(session, play=state.deck.name_of(_play(state, seat)))
    raise StichError(f"no heuristic for the phase {state.phase!r}")


HEURISTIC = bidding_heuristic
