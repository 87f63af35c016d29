"""Was sticht?: the chance to make a task, with the round played out as it is really played.

After the reveal every hand is open and the trumps are known, so the one thing a seat cannot
know is how the others will play (and, at the task choice, which tasks they choose: the chips
are turned up together). Double-dummy answers one question exactly — can the task be made
against *everyone* playing against it? — but the others do not play against it: each plays
for its own task, the dealer to catch someone else's. A task that cannot be forced is still
made a quarter to a third of the time, so "forceable" is a certainty where it holds and says
nothing of the chance where it does not.

This module plays the round out to the end, every seat for its own task, and counts how often
the task is made:

- *The card policy* is the heuristic's rules of thumb, made fast (the play-out's tables of
  `hints.advisors.bids.playout`, no solver): a seat that wants the trick (``exactly-k`` short of k,
  ``most-tricks``, ``last-trick`` at the ninth trick) takes it — with a card no other card
  still in play can beat when it has one, the cheapest winner as the last to play, else its
  highest winner; one that does not want it ducks with its highest losing card.
  ``no-<colour>`` takes no trick holding that colour (it sheds a high card of another colour
  as the last to play to a trick without its colour, and throws the colour on a trick it
  loses); ``last-trick`` keeps its high cards for the ninth trick (it plays its lowest card
  until then); the dealer, who chooses no task, ducks.
- *Noise.* The others are not this policy: each card of another seat is, with chance
  `NOISE`, a legal card drawn at random instead.
- *The seat advised looks ahead.* Its later cards are advised too, and the advice
  plays better than the rules of thumb (an `exactly-4` the policy makes 5 % of the time the
  advice makes most of the time). So at each of its later turns with a choice the policy's
  card is played out once to the end; where the task then fails, each other legal card is,
  from the lowest, on the same random numbers, and the first with which the task is made is
  played. A one-card look-ahead, a cheap stand-in for the advice the seat will get: on the
  tasks of 40 deals of heuristic players it lifts the share made from 45 % to 65 %
  (`exactly-k` 39 % to 71 %), where choosing each card by eight play-outs of each would reach
  68 %, at about 8 times the cost of a plain play-out. The dealer looks ahead the same way
  for its own goal: a task made that its owner fails.
- *The others' tasks* at the task choice: each other chooser's task is drawn per world from
  what a chooser with its hand would choose (`task_weights`: each task it may hold weighed by
  exp(its chip's value × its share of `OWN_PLAYOUTS` play-outs made, divided by
  `TASK_TEMPERATURE`), the others playing at random in those play-outs, as the heuristic
  reckons). A task already chosen and shown is used as it is.
- *Certainty.* A task (or a card) that keeps the task forceable against everyone
  (double-dummy, exact) has chance 1: the advisor's card advice then plays a card that keeps
  it so, trick by trick, and the task is made whatever the others do. Elsewhere the chance is
  the play-outs' share.
- *Value.* A choice is worth the chip's value times that chance (expected points). The
  dealer's cards (`dealer_valuation`): the chance to make some player's task while its owner
  fails, times the value of the chip the dealer then discards (its most valuable).

The noise was chosen on a calibration run against the heuristic bots (docs/design/advisors.md,
"Was sticht?: the round played out").

A world is one draw of the others' tasks (at the task choice) and of the play-outs' random
numbers; every choice is played out `PLAYOUTS` times in it on the same random numbers, so
that the difference between two choices is paired.

*Speed.* The play-out is written twice: here in Python over card masks (`play_out`), and
compiled (``_playout.c``, built by ``pip install`` where a C compiler is found), which
`reached_share` uses when it is there. Both draw the same random numbers (`Rng`) in the same
order and play the same cards (tests/hints/test_was_sticht_playout.py), so the advice's figures
do not depend on which ran; the compiled one is some 30 to 60 times faster.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from types import ModuleType
from typing import TYPE_CHECKING

from stich.games.base import Event
from stich.games.cards import Card, CardSet, card_list
from stich.games.events import event_play, event_task
from stich.games.was_sticht import TRICKS, Task, TaskKind, WasStichtRound
from stich.hints.advisors.bids.playout import Tables, head_of, tables_of
from stich.hints.chance_maps import chance_map
from stich.hints.figures import CHANCE, POINTS, shown
from stich.hints.session import Session
from stich.hints.valuation import Alternative, Tally, Valuation

if TYPE_CHECKING:
    from stich.hints.advisors.was_sticht import _playout as _compiled

_native: ModuleType | None
try:  # the compiled play-out (hints/advisors/was_sticht/_playout.c), built by `pip install` where it can be
    from stich.hints.advisors.was_sticht import _playout as _native
except ImportError:  # pragma: no cover - without a C compiler the Python play-out does all the work
    _native = None

__all__ = [
    "NOISE",
    "OWN_PLAYOUTS",
    "PLAYOUTS",
    "SETTLE_FROM",
    "TASK_TEMPERATURE",
    "Deal",
    "Goal",
    "Rng",
    "compiled_play_out",
    "deal_of",
    "dealer_valuation",
    "made",
    "made_share",
    "play_out",
    "reached_share",
    "play_valuation",
    "task_goal",
    "task_valuation",
    "task_weights",
]

PLAYOUTS = 32
"""Play-outs of each choice in one world."""

NOISE = 0.03
"""The chance that a card of a seat other than the one advised is drawn at random among its
legal cards instead of the policy's (the others are not the policy)."""

OWN_PLAYOUTS = 24
"""Play-outs per task when reckoning which task another chooser takes (as the heuristic does)."""

TASK_TEMPERATURE = 0.25
"""How sharply a chooser prefers the task of highest expected chip value (points; smaller is sharper)."""

DEALER_MAP = "was-sticht/dealer"
"""The key of the map (`hints.chance_maps`) the dealer's chance to catch a task is shown through:
fitted on self-play against the heuristic bots, whose failed tasks the play-outs' others
(playing each for its own task, nearly without error) do not foresee."""

SETTLE_FROM = 100
"""Worlds looked at before a task or card's ranking may settle and sampling stop early
(`hints.valuation.Valuation.settle_from`): with the compiled play-out a world costs about a
millisecond, so the ranking settles on a hundred of them."""

_MASK64 = (1 << 64) - 1


class Rng:
    """The play-outs' random numbers: splitmix64, drawn in the same order by the Python play-out
    and the compiled one (``_playout.c``), so that both play the same cards."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        """The next 64 random bits."""
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def random(self) -> float:
        """A number in [0, 1) with 53 random bits."""
        return (self.next() >> 11) * 2.0**-53

    def choice(self, cards: Sequence[Card]) -> Card:
        """One of ``cards``, each as likely (to one part in 2**64)."""
        return cards[self.next() % len(cards)]

    def seed32(self) -> int:
        """32 random bits: the seed of a look-ahead's play-outs."""
        return self.next() >> 32


def _threshold(noise: float) -> int:
    """``noise`` as the compiled play-out compares it: ``random() < noise`` exactly when the
    53 bits drawn are below this."""
    return math.ceil(noise * 2.0**53)


@dataclass(frozen=True)
class Goal:
    """What ``seat`` plays for: some task of ``targets`` made — its own (owner -1), or, for the
    dealer, a player's task made while its owner fails it. With ``stops`` (a task of the seat's
    own alone) the play-out stops after the trick that loses it (`lost`)."""

    seat: int
    targets: tuple[tuple[int, Task], ...]
    colours: tuple[CardSet, ...]
    stops: bool = True

    def reached(self, won: Sequence[int], taken: Sequence[CardSet], last: int | None) -> bool:
        """Whether the goal is reached at the end of a play-out."""
        for owner, task in self.targets:
            if _made(task, self.colours, self.seat, won, taken, last) and (
                owner < 0 or not _made(task, self.colours, owner, won, taken, last)
            ):
                return True
        return False

    def lost(self, won: Sequence[int], taken: Sequence[CardSet], done: int) -> bool:
        """Whether the seat can no longer make its task after ``done`` tricks (a trick taken under
        ``no-tricks``, a card of the colour under ``no-<colour>``, ``exactly-k`` over k or too few
        tricks left to reach it; the others are settled at the end)."""
        task = self.targets[0][1]
        kind = task.kind
        mine = won[self.seat]
        if kind is TaskKind.NO_TRICKS:
            return mine > 0
        if kind is TaskKind.NO_COLOUR:
            assert task.colour is not None
            return bool(taken[self.seat] & self.colours[task.colour])
        if kind is TaskKind.EXACTLY:
            k = task.tricks or 0
            return mine > k or mine + TRICKS - done < k
        return False

    def compiled(self) -> tuple[int, int, tuple[tuple[int, int, int], ...]]:
        """The goal as the compiled play-out reads it."""
        return (
            self.seat,
            int(self.stops),
            tuple((owner, *_task_code(task, self.colours)) for owner, task in self.targets),
        )


@dataclass(frozen=True)
class Deal:
    """A Was sticht? round from the current point on, in the play-out's numbering: each seat's
    hand, tricks won and cards taken so far, the current trick's leader and the cards on it,
    how many tricks are over, the last trick's winner so far and the dealer."""

    tables: Tables
    hands: tuple[CardSet, ...]
    won: tuple[int, ...]
    taken: tuple[CardSet, ...]
    leader: int
    trick: tuple[Card, ...]
    done: int
    last: int | None
    dealer: int
    colours: tuple[CardSet, ...]  # each colour's cards, in the play-out's numbering


def deal_of(state: WasStichtRound) -> Deal:
    """The round as it stands (every hand open, the trumps known)."""
    rules = state.rules()
    assert rules is not None, "the trumps are known once the tasks are chosen"
    t = tables_of(rules)
    n = state.game.players
    taken = [0] * n
    for trick in state.tricks:
        for card in trick.cards:
            taken[trick.winner] |= 1 << t.place[card]
    colours = tuple(t.local(Task(TaskKind.NO_COLOUR, colour=c).cards) for c in range(4))
    return Deal(
        t,
        tuple(t.local(h or 0) for h in state.hands),
        tuple(state.won),
        tuple(taken),
        state.leader,
        tuple(t.place[c] for c in state.trick_cards),
        len(state.tricks),
        state.tricks[-1].winner if state.tricks else None,
        state.dealer,
        colours,
    )


def _low(cards: CardSet) -> Card:
    return (cards & -cards).bit_length() - 1


def _high(cards: CardSet) -> Card:
    return cards.bit_length() - 1


# What a seat plays for, as the policy reads it: (kind, argument).
_DUCK, _TAKE, _NO_COLOUR, _LAST, _EXACTLY = range(5)
Plan = tuple[int, int]


def _plan(task: Task | None, colours: Sequence[CardSet]) -> Plan:
    """The policy's reading of ``task`` (None: the dealer, who ducks): the colour's cards for
    ``no-<colour>``, k for ``exactly-k``."""
    kind = None if task is None else task.kind
    if kind is TaskKind.NO_COLOUR:
        assert task is not None and task.colour is not None
        return _NO_COLOUR, colours[task.colour]
    if kind is TaskKind.EXACTLY:
        assert task is not None
        return _EXACTLY, task.tricks or 0
    if kind is TaskKind.LAST_TRICK:
        return _LAST, 0
    return (_TAKE, 0) if kind is TaskKind.MOST_TRICKS else (_DUCK, 0)


def _no_colour(legal: CardSet, on_trick: CardSet, beaters: CardSet, last: bool, colour: CardSet) -> Card:
    """``no-<colour>`` (the heuristic's rule): take no trick holding the colour. ``on_trick``: the
    cards played to the trick so far; ``beaters``: the cards that would take it now."""
    other = legal & ~colour or legal
    if not on_trick:
        return _low(other)
    losers = legal & ~beaters
    if last and not on_trick & colour:
        safe = legal & ~colour & beaters
        if safe:
            return _high(safe)  # shed a high card of another colour on a trick without the colour
    if losers:
        return _high(losers & colour or losers)
    return _high(other) if last else _low(other)


def _take_or_duck(
    t: Tables, legal: CardSet, on_trick: CardSet, winners: CardSet, unseen: CardSet, want: bool, last: bool
) -> Card:
    """The card that plays to take the trick (``want``) or to lose it (module docstring);
    ``winners``: the cards that would take it now; ``unseen``: the cards still in the other
    seats' hands."""
    if not legal & (legal - 1):
        return _low(legal)
    beaters = t.beaters
    if not on_trick:
        if not want:
            return _low(legal)
        rest = legal
        while rest:  # a sure winner, the cheapest
            c = _low(rest)
            if not beaters[c] & unseen:
                return c
            rest ^= 1 << c
        plain = unseen & ~t.trumps
        tp = t.tp
        rest = legal
        while rest:  # the top of a colour: beaten only by a trump
            c = _high(rest)
            if not tp[c] and not beaters[c] & plain:
                return c
            rest ^= 1 << c
        return _low(legal)
    mine = legal & winners
    if want:
        if not mine:
            return _low(legal)
        if last:
            return _low(mine)
        rest = mine
        while rest:
            c = _low(rest)
            if not beaters[c] & unseen:
                return c
            rest ^= 1 << c
        return _high(mine)
    losers = legal & ~mine
    if losers:
        return _high(losers)  # the highest card that loses
    return _high(legal) if last else _low(legal)


def _policy(
    t: Tables,
    plan: Plan,
    legal: CardSet,
    on_trick: CardSet,
    best: int,
    unseen: CardSet,
    won: int,
    index: int,
    last: bool,
) -> Card:
    """The card a seat playing for ``plan`` plays (module docstring) of its ``legal`` cards;
    ``best``: the card heading the trick (-1: none yet); ``index``: the trick's number from 0.

    Every card that would take the trick from ``best`` is one of ``t.beaters[best]``: Was sticht?
    has no free cards, so a card heading the trick is a trump or of the colour led."""
    kind, arg = plan
    winners = t.beaters[best] if best >= 0 else 0
    if kind == _NO_COLOUR:
        return _no_colour(legal, on_trick, winners, last, arg)
    if kind == _LAST:
        if index < TRICKS - 1:
            return _low(legal)  # keep the high cards for the ninth trick
        want = True
    elif kind == _EXACTLY:
        want = won < arg
    else:
        want = kind == _TAKE
    return _take_or_duck(t, legal, on_trick, winners, unseen, want, last)


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
    plans = tuple(_plan(task, d.colours) for task in tasks)
    return _run(d, plans, seat, rng, first, noise, out, goal, look and goal is not None)


def _run(
    d: Deal,
    plans: tuple[Plan, ...],
    seat: int,
    rng: Rng,
    first: Card | None,
    noise: float,
    out: list[Card] | None,
    goal: Goal | None,
    look: bool,
) -> tuple[list[int], list[CardSet], int | None]:
    """`play_out` with each seat's task read as a `Plan`."""
    t = d.tables
    beaters, class_mask = t.beaters, t.class_mask
    lost = goal.lost if goal is not None and goal.stops else None
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
        on_trick = 0
        for card in trick:
            on_trick |= 1 << card
        follow = class_mask.get(led, 0) if trick and led >= 0 else 0
        for pos in range(len(trick), n):
            player = (leader + pos) % n
            hand = hands[player]
            legal = hand & follow or hand
            if player == seat and first is not None:
                card, first = first, None
            elif player != seat and noise and rng.random() < noise:
                card = rng.choice(card_list(legal))
            else:
                card = _policy(
                    t, plans[player], legal, on_trick, best, live & ~hand, won[player], index, pos == n - 1
                )
                if look and player == seat and legal & (legal - 1):
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
                    card = _looked(here, plans, seat, card, legal, rng.seed32(), noise, goal)
            if out is not None:
                out.append(card)
            hands[player] = hand & ~(1 << card)
            live &= ~(1 << card)
            if best < 0 or beaters[best] >> card & 1:
                best, best_at = card, pos
            if not trick:
                led = t.cls[card]
                follow = class_mask.get(led, 0)
            trick.append(card)
            on_trick |= 1 << card
        winner = (leader + best_at) % n
        won[winner] += 1
        taken[winner] |= on_trick
        last_winner = winner
        leader = winner
        trick = []
        index += 1
        if lost is not None and lost(won, taken, index):
            break
    return won, taken, last_winner


def _looked(
    d: Deal,
    plans: tuple[Plan, ...],
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
    reached = goal.reached
    if reached(*_run(d, plans, seat, Rng(seed), card, noise, None, goal, False)):
        return card
    rest = legal & ~(1 << card)
    while rest:
        other = _low(rest)
        if reached(*_run(d, plans, seat, Rng(seed), other, noise, None, goal, False)):
            return other
        rest ^= 1 << other
    return card


def task_goal(d: Deal, task: Task, seat: int) -> Goal:
    """``seat`` playing for ``task``: made (`made`), or lost once it can no longer be (`Goal.lost`)."""
    return Goal(seat, ((-1, task),), d.colours)


def _made(
    task: Task,
    colours: Sequence[CardSet],
    seat: int,
    won: Sequence[int],
    taken: Sequence[CardSet],
    last: int | None,
) -> bool:
    kind = task.kind
    mine = won[seat]
    if kind is TaskKind.NO_TRICKS:
        return mine == 0
    if kind is TaskKind.NO_COLOUR:
        assert task.colour is not None
        return not taken[seat] & colours[task.colour]
    if kind is TaskKind.EXACTLY:
        return mine == task.tricks
    if kind is TaskKind.LAST_TRICK:
        return last == seat
    others = [w for s, w in enumerate(won) if s != seat]
    if kind is TaskKind.MOST_TRICKS:
        return all(mine > w for w in others)
    return all(mine < w for w in others)


def made(
    d: Deal, task: Task, seat: int, won: Sequence[int], taken: Sequence[CardSet], last: int | None
) -> bool:
    """Whether ``seat`` made ``task`` at the end of a play-out (`games.was_sticht.Task.made`)."""
    return _made(task, d.colours, seat, won, taken, last)


# The compiled play-out's codes of the tasks a goal judges.
_GOAL_KINDS = {
    TaskKind.NO_TRICKS: 0,
    TaskKind.NO_COLOUR: 1,
    TaskKind.EXACTLY: 2,
    TaskKind.LAST_TRICK: 3,
    TaskKind.MOST_TRICKS: 4,
    TaskKind.FEWEST_TRICKS: 5,
}


def _task_code(task: Task, colours: Sequence[CardSet]) -> tuple[int, int]:
    if task.kind is TaskKind.NO_COLOUR:
        assert task.colour is not None
        return _GOAL_KINDS[task.kind], colours[task.colour]
    return _GOAL_KINDS[task.kind], task.tricks or 0


_COMPILED_TABLES: dict[int, tuple[Tables, _compiled.Tables]] = {}


def _compiled_args(
    d: Deal, tasks: Sequence[Task | None], seat: int, goal: Goal | None, first: Card | None, noise: float
) -> tuple[_compiled.Tables, _compiled.Deal, _compiled.Plans, int, _compiled.Goal, int, int]:
    """What the compiled play-out reads: the tables, the deal, the plans, the seat, the goal,
    ``first`` (-1 for none) and the noise's threshold."""
    t = d.tables
    known = _COMPILED_TABLES.get(id(t))
    if known is None or known[0] is not t:
        follow = tuple(t.class_mask.get(c, 0) for c in t.cls)
        known = (t, (TRICKS, t.beaters, follow, t.trumps))
        _COMPILED_TABLES[id(t)] = known
    deal = (d.hands, d.won, d.taken, d.leader, d.trick, d.done, -1 if d.last is None else d.last)
    plans = tuple(_plan(task, d.colours) for task in tasks)
    compiled_goal = None if goal is None else goal.compiled()
    return known[1], deal, plans, seat, compiled_goal, -1 if first is None else first, _threshold(noise)


def compiled_play_out(
    d: Deal,
    tasks: Sequence[Task | None],
    seat: int,
    rng: Rng,
    first: Card | None = None,
    noise: float = NOISE,
    goal: Goal | None = None,
    look: bool = False,
) -> tuple[tuple[list[int], list[CardSet], int | None], list[Card]]:
    """`play_out` by the compiled play-out (which must be built): its result and the cards played."""
    assert _native is not None, "the compiled play-out is not built"
    tables, deal, plans, seat, g, card, threshold = _compiled_args(d, tasks, seat, goal, first, noise)
    result, cards, rng.state = _native.play_out(
        tables, deal, plans, seat, g, card, threshold, look, rng.state
    )
    return result, cards


def reached_share(
    d: Deal,
    tasks: Sequence[Task | None],
    seat: int,
    rng: Rng,
    count: int,
    goal: Goal,
    first: Card | None = None,
    noise: float = NOISE,
    look: bool = False,
) -> float:
    """The share of ``count`` play-outs in which ``seat`` reaches ``goal`` (``look``: its later
    cards by the look-ahead for it, `play_out`); compiled where built, the same figure either way."""
    if _native is not None:
        args = _compiled_args(d, tasks, seat, goal, first, noise)
        hits, rng.state = _native.reached_count(*args, look, rng.state, count)
        return float(hits) / count
    hits = 0
    for _ in range(count):
        hits += goal.reached(*play_out(d, tasks, seat, rng, first, noise, goal=goal, look=look))
    return hits / count


def made_share(
    d: Deal,
    tasks: Sequence[Task | None],
    seat: int,
    rng: Rng,
    count: int,
    first: Card | None = None,
    noise: float = NOISE,
    look: bool = False,
) -> float:
    """The share of ``count`` play-outs in which ``seat`` makes ``tasks[seat]`` (``look``: its
    later cards by the look-ahead for it, `play_out`)."""
    task = tasks[seat]
    assert task is not None
    return reached_share(d, tasks, seat, rng, count, task_goal(d, task, seat), first, noise, look)


def task_weights(
    d: Deal,
    chooser: int,
    choices: Sequence[str],
    values: dict[str, int],
    rng: Rng,
    playouts: int = OWN_PLAYOUTS,
) -> list[float]:
    """How likely ``chooser`` takes each task of ``choices`` (module docstring): exp of the chip's
    value times the share of ``playouts`` play-outs made (the others at random), over
    `TASK_TEMPERATURE`, normalised."""
    n = len(d.hands)
    scores = []
    for task in choices:
        tasks: list[Task | None] = [None] * n
        tasks[chooser] = Task.of(task)
        share = made_share(d, tasks, chooser, rng, playouts, noise=1.0)
        scores.append(values[task] * share)
    top = max(scores)
    weights = [math.exp((s - top) / TASK_TEMPERATURE) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


# -- the valuations ------------------------------------------------------------------------------

WorldDraw = tuple[tuple[Task | None, ...], int]
"""One world: each seat's task (the others' drawn where not shown) and the play-outs' seed."""


def _forced_tasks(state: WasStichtRound, seat: int, tasks: Sequence[str]) -> dict[str, bool]:
    """Whether each task can be made against any play of the others (double-dummy, exact)."""
    from stich.hints.dd import one_against_all, position, value
    from stich.solvers import ObjectiveSpec

    seats = list(range(state.game.players))
    hands = [h or 0 for h in state.hands]
    return {
        task: bool(
            value(
                position(
                    state, hands, ObjectiveSpec("task", task=task, seat=seat), one_against_all(seat, seats)
                )
            )
        )
        for task in tasks
    }


def _forced_cards(state: WasStichtRound, seat: int, task: str) -> dict[str, bool]:
    """Whether each card keeps the seat's task forceable against any play (double-dummy, exact)."""
    from stich.hints.dd import move_event, move_values, one_against_all, position
    from stich.solvers import ObjectiveSpec

    seats = list(range(state.game.players))
    hands = [h or 0 for h in state.hands]
    pos = position(state, hands, ObjectiveSpec("task", task=task, seat=seat), one_against_all(seat, seats))
    return {str(move_event(state, seat, m)["play"]): bool(v) for m, v in move_values(pos)}


def task_valuation(session: Session, state: WasStichtRound) -> Valuation:
    """The task choice: each task by its expected chip value, the chip's value times the chance to
    make it (1 where it can be forced; else its share of the play-outs)."""
    seat = session.seat
    n = state.game.players
    values = state.game.chip_values()
    legal = session.legal()
    tasks = [event_task(e) for e in legal]
    d = deal_of(state)
    others = [s for s in state.task_order() if s != seat]
    shown_tasks = {s: Task.of(state.tasks[s]) for s in others if s in state.tasks}
    hidden = [s for s in others if s not in shown_tasks]
    cache: dict[str, object] = {}

    def prepared() -> tuple[dict[str, bool], list[tuple[list[str], list[float]]]]:
        if not cache:
            weights = []
            for s in hidden:
                choices = state.choices(s)
                weights.append((choices, task_weights(d, s, choices, values, Rng(s))))
            cache["forced"] = _forced_tasks(state, seat, tasks)
            cache["weights"] = weights
        return cache["forced"], cache["weights"]  # type: ignore[return-value]

    def evaluate(world: int) -> tuple[list[float], list[dict[str, float]]]:
        forced, weights = prepared()
        rng = random.Random(world)
        assignment: list[Task | None] = [None] * n
        for s, known in shown_tasks.items():
            assignment[s] = known
        for s, (choices, w) in zip(hidden, weights, strict=True):
            assignment[s] = Task.of(rng.choices(choices, w)[0])
        seed = rng.getrandbits(64)
        scores: list[float] = []
        figures: list[dict[str, float]] = []
        for task in tasks:
            assignment[seat] = Task.of(task)
            p = 1.0 if forced[task] else made_share(d, assignment, seat, Rng(seed), PLAYOUTS, look=True)
            scores.append(values[task] * p)
            figures.append({"p_made": p, "forced": float(forced[task]), "chip_value": float(values[task])})
        return scores, figures

    def explain(alternatives: list[Alternative], tally: Tally) -> str:
        best = alternatives[0]
        text = _task_phrase(best, certain_first=True)
        if len(alternatives) > 1:
            text += f"; next {_task_phrase(alternatives[1], certain_first=False)}"
        return text + f" ({_over(tally, hidden)})"

    return _played_out(
        "task",
        [(e, event_task(e)) for e in legal],
        evaluate,
        explain,
        then=("forced", "p_made", "chip_value"),
    )


def _task_phrase(a: Alternative, certain_first: bool) -> str:
    p = shown(CHANCE, a.figures["p_made"])
    points = shown(POINTS, a.value)
    chip = f"chip value {a.figures['chip_value']:.0f}"
    if a.figures["forced"]:
        return f"{a.label} ({chip}) can be made against any play: certain, {points} expected points"
    how = " as the others play for their own tasks" if certain_first else ""
    return f"{a.label} ({chip}) is made {p} of the time{how}, {points} expected points"


def _over(tally: Tally, hidden: Sequence[int]) -> str:
    what = "draws of the others' tasks" if hidden else "worlds"
    if tally.worlds == 1:
        what = "draw of the others' tasks" if hidden else "world"
    return f"{tally.worlds} {what}, {PLAYOUTS} play-outs of each choice in each"


def dealer_valuation(session: Session, state: WasStichtRound) -> Valuation:
    """A card of the dealer: by the chance that the dealer makes some player's task while its owner
    fails (and so discards a chip) after it, times the value of its most valuable chip (the one it
    discards)."""
    seat = session.seat
    n = state.game.players
    values = state.game.chip_values()
    value = float(max(values[t] for t in state.dealer_chips())) if state.dealer_chips() else 0.0
    legal = session.legal()
    labels = [event_play(e) for e in legal]
    d = deal_of(state)
    assignment: list[Task | None] = [None] * n
    targets = sorted((s, Task.of(chosen)) for s, chosen in state.tasks.items())
    for s, task in targets:
        assignment[s] = task
    firsts = [d.tables.place[state.deck.parse(label)] for label in labels]

    # caught: some player's task made by the dealer while its owner fails it
    goal = Goal(seat, tuple(targets), d.colours, stops=False)

    def evaluate(world: int) -> tuple[list[float], list[dict[str, float]]]:
        scores: list[float] = []
        figures: list[dict[str, float]] = []
        for first in firsts:
            p = (
                reached_share(d, assignment, seat, Rng(world), PLAYOUTS, goal, first, look=True)
                if targets
                else 0.0
            )
            scores.append(value * p)
            figures.append({"p_discard": p})
        return scores, figures

    recalibrated = chance_map(DEALER_MAP)

    def mapped(alternatives: list[Alternative]) -> list[Alternative]:
        """The play-outs' chance through the map of what the dealer's chances came to (the others
        at the table fail their tasks more often than in the play-outs), the value made of it."""
        if recalibrated is None:
            return alternatives
        found = []
        for a in alternatives:
            p = recalibrated(a.figures["p_discard"])
            found.append(replace(a, value=value * p, figures={**a.figures, "p_discard": p}))
        return found

    def explain(alternatives: list[Alternative], tally: Tally) -> str:
        best = alternatives[0]
        p = shown(CHANCE, best.figures["p_discard"])
        text = (
            f"after {best.label} you make a task its owner fails, and discard a chip, {p} of the time "
            f"as everyone plays for their own tasks ({shown(POINTS, best.value)} expected points)"
        )
        return text + _second(alternatives, "p_discard") + f" ({_over(tally, ())})"

    return _played_out("play", [(e, event_play(e)) for e in legal], evaluate, explain, mapped=mapped)


def _played_out(
    decision: str,
    choices: list[tuple[Event, str]],
    evaluate: Callable[[int], tuple[list[float], list[dict[str, float]]]],
    explain: Callable[[list[Alternative], Tally], str],
    then: tuple[str, ...] = (),
    mapped: Callable[[list[Alternative]], list[Alternative]] | None = None,
) -> Valuation:
    """A task or card valued by the round played out, every seat for its own task: a world is a
    play-out seed, the value the expected points (a chance times a chip's value)."""
    return Valuation(
        decision,
        choices,
        evaluate,
        lambda rng: rng.getrandbits(64),
        "expected points",
        explain,
        method="the round played out, every seat for its own task",
        chance=True,
        then=then,
        settle_from=SETTLE_FROM,
        shown=mapped,
    )


def _second(alternatives: list[Alternative], figure: str) -> str:
    """The reason's clause on the second choice: its chance (``figure``) and expected points."""
    if len(alternatives) < 2:
        return ""
    second = alternatives[1]
    return f"; after {second.label} {shown(CHANCE, second.figures[figure])}, {shown(POINTS, second.value)}"


def play_valuation(session: Session, state: WasStichtRound) -> Valuation:
    """A card of a seat with a task: by the chance to make the task after it (1 where it keeps the
    task forceable; else its share of the play-outs), times the chip's value."""
    seat = session.seat
    if seat == state.dealer:
        return dealer_valuation(session, state)
    n = state.game.players
    task = state.tasks[seat]
    value = float(state.game.chip_values()[task])
    legal = session.legal()
    labels = [event_play(e) for e in legal]
    d = deal_of(state)
    assignment: list[Task | None] = [None] * n
    for s, chosen in state.tasks.items():
        assignment[s] = Task.of(chosen)
    firsts = [d.tables.place[state.deck.parse(label)] for label in labels]
    cache: dict[str, dict[str, bool]] = {}

    def evaluate(world: int) -> tuple[list[float], list[dict[str, float]]]:
        if not cache:
            cache["forced"] = _forced_cards(state, seat, task)
        forced = cache["forced"]
        scores: list[float] = []
        figures: list[dict[str, float]] = []
        for label, first in zip(labels, firsts, strict=True):
            sure = forced.get(label, False)
            p = 1.0 if sure else made_share(d, assignment, seat, Rng(world), PLAYOUTS, first, look=True)
            scores.append(value * p)
            figures.append({"p_made": p, "forced": float(sure)})
        return scores, figures

    def explain(alternatives: list[Alternative], tally: Tally) -> str:
        best = alternatives[0]
        p = shown(CHANCE, best.figures["p_made"])
        points = shown(POINTS, best.value)
        if best.figures["forced"]:
            also = [a.label for a in alternatives[1:] if a.figures["forced"]]
            return (
                f"{best.label} keeps your task {task} certain against any play ({points} expected points)"
                + (f"; so do {', '.join(also)}" if also else "")
            )
        text = (
            f"your task {task} can no longer be forced; after {best.label} it is made {p} of the time "
            f"as the others play for their own tasks ({points} expected points)"
        )
        return text + _second(alternatives, "p_made") + f" ({_over(tally, ())})"

    return _played_out(
        "play", [(e, event_play(e)) for e in legal], evaluate, explain, then=("forced", "p_made")
    )
