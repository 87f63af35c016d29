"""The play-out of Was sticht? as it was first written, card by card over lists: the reference the
fast play-out (`stich.hints.advisors.was_sticht.playout.play_out`, over card masks) is checked
against, card for card and random number for random number (tests/hints/test_was_sticht_playout.py)."""

from __future__ import annotations

from collections.abc import Sequence

from stich.games.cards import Card, CardSet
from stich.games.cards import card_list as _cards
from stich.games.was_sticht import TRICKS, Task, TaskKind
from stich.hints.advisors.bids.playout import UNDECIDED, Tables, _beats, head_of
from stich.hints.advisors.was_sticht.playout import NOISE, Deal, Goal, Rng


def _legal(t: Tables, hand: CardSet, led: int, trick: Sequence[Card]) -> CardSet:
    if trick and led >= 0:
        follow = hand & t.class_mask.get(led, 0)
        if follow:
            return follow
    return hand


def _no_colour(
    t: Tables, legal: CardSet, trick: Sequence[Card], best: int, led: int, last: bool, colour: CardSet
) -> Card:
    """``no-<colour>`` (the heuristic's rule): take no trick holding the colour."""
    ordered = _cards(legal)
    other = [c for c in ordered if not colour >> c & 1]
    if not trick:
        return (other or ordered)[0]
    losers = [c for c in ordered if not _beats(t, c, best, led)]
    if last and not any(colour >> c & 1 for c in trick):
        safe = [c for c in other if c not in losers]
        if safe:
            return safe[-1]
    if losers:
        mine = [c for c in losers if colour >> c & 1]
        return (mine or losers)[-1]
    return (other or ordered)[-1 if last else 0]


def _take_or_duck(
    t: Tables,
    legal: CardSet,
    trick: Sequence[Card],
    best: int,
    led: int,
    unseen: CardSet,
    want: bool,
    last: bool,
) -> Card:
    """The card that plays to take the trick (``want``) or to lose it (module docstring);
    ``unseen``: the cards still in the other seats' hands."""
    cards = _cards(legal)
    if len(cards) == 1:
        return cards[0]
    beaters = t.beaters
    if not trick:
        if not want:
            return cards[0]
        for c in cards:  # a sure winner, the cheapest
            if not beaters[c] & unseen:
                return c
        for c in reversed(cards):  # the top of a colour: beaten only by a trump
            if not t.tp[c] and not beaters[c] & unseen & ~t.trumps:
                return c
        return cards[0]
    winners = [c for c in cards if _beats(t, c, best, led)]
    if want:
        if not winners:
            return cards[0]
        if last:
            return winners[0]
        for c in winners:
            if not beaters[c] & unseen:
                return c
        return winners[-1]
    losers = [c for c in cards if c not in winners]
    if losers:
        return losers[-1]  # the highest card that loses
    return cards[-1] if last else cards[0]


def _policy(
    d: Deal,
    task: Task | None,
    hand: CardSet,
    trick: Sequence[Card],
    best: int,
    led: int,
    unseen: CardSet,
    won: int,
    index: int,
    last: bool,
) -> Card:
    """The card a seat holding ``task`` plays (module docstring); ``index``: the trick's number from 0."""
    t = d.tables
    legal = _legal(t, hand, led, trick)
    kind = None if task is None else task.kind
    if kind is TaskKind.NO_COLOUR:
        assert task is not None and task.colour is not None
        return _no_colour(t, legal, trick, best, led, last, d.colours[task.colour])
    if kind is TaskKind.LAST_TRICK and index < TRICKS - 1:
        return (legal & -legal).bit_length() - 1  # keep the high cards for the ninth trick
    if kind is TaskKind.EXACTLY:
        want = won < (task.tricks or 0) if task is not None else False
    else:
        want = kind in (TaskKind.MOST_TRICKS, TaskKind.LAST_TRICK)
    return _take_or_duck(t, legal, trick, best, led, unseen, want, last)


def play_out(
    d: Deal,
    tasks: Sequence[Task | None],
    seat: int,
    rng: Rng,
    first: Card | None = None,
    noise: float = NOISE,
    out: list[Card] | None = None,
    goal: Goal | None = None,
    look: bool = False,
) -> tuple[list[int], list[CardSet], int | None]:
    """The rest of the round: every seat plays for its task (``tasks[s]``, None for the dealer),
    ``seat`` by the policy, the others by it but for a random legal card with chance ``noise``;
    ``first``: the card ``seat`` plays next (it is to play); ``goal``: what ``seat`` plays for,
    where known: the play-out stops after the trick that loses it (the round's end then unplayed)
    and, with ``look``, ``seat`` plays its later cards by the one-card look-ahead for it
    (`_looked`). Returns the tricks won, the cards taken and the last trick's winner; ``out``
    (if given) gets the cards played, in order."""
    t = d.tables
    lost = goal.lost if goal is not None and goal.stops else None
    look = look and goal is not None
    n = len(d.hands)
    hands = list(d.hands)
    won = list(d.won)
    taken = list(d.taken)
    leader = d.leader
    last_winner = d.last
    live = 0
    for h in hands:
        live |= h
    trick = list(d.trick)
    index = d.done
    while index < TRICKS:
        best, best_at, led = head_of(t, trick)
        for pos in range(len(trick), n):
            player = (leader + pos) % n
            hand = hands[player]
            if player == seat and first is not None:
                card, first = first, None
            elif player != seat and noise and rng.random() < noise:
                card = rng.choice(_cards(_legal(t, hand, led, trick)))
            else:
                card = _policy(
                    d, tasks[player], hand, trick, best, led, live & ~hand, won[player], index, pos == n - 1
                )
                if look and player == seat:
                    legal = _legal(t, hand, led, trick)
                    if legal & (legal - 1):
                        here = Deal(
                            t,
                            tuple(hands),
                            tuple(won),
                            tuple(taken),
                            leader,
                            tuple(trick),
                            index,
                            last_winner,
                            d.dealer,
                            d.colours,
                        )
                        assert goal is not None
                        card = _looked(here, tasks, seat, card, legal, rng.seed32(), noise, goal)
            if out is not None:
                out.append(card)
            hands[player] = hand & ~(1 << card)
            live &= ~(1 << card)
            if best < 0 or _beats(t, card, best, led):
                best, best_at = card, pos
            if led == UNDECIDED:
                led = t.cls[card]
            trick.append(card)
        winner = (leader + best_at) % n
        won[winner] += 1
        for card in trick:
            taken[winner] |= 1 << card
        last_winner = winner
        leader = winner
        trick = []
        index += 1
        if lost is not None and lost(won, taken, index):
            break
    return won, taken, last_winner


def _looked(
    d: Deal,
    tasks: Sequence[Task | None],
    seat: int,
    card: Card,
    legal: CardSet,
    seed: int,
    noise: float,
    goal: Goal,
) -> Card:
    """The card ``seat`` plays by the one-card look-ahead (module docstring): ``card`` (the
    policy's) unless the ``goal`` fails when it is played out, then the lowest other of ``legal``
    with which a play-out on the same random numbers (``seed``) reaches it."""
    if goal.reached(*play_out(d, tasks, seat, Rng(seed), card, noise, goal=goal)):
        return card
    for other in _cards(legal & ~(1 << card)):
        if goal.reached(*play_out(d, tasks, seat, Rng(seed), other, noise, goal=goal)):
            return other
    return card
