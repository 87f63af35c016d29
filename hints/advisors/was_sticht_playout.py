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
  `hints.advisors.playout`, no solver): a seat that wants the trick (``exactly-k`` short of k,
  ``most-tricks``, ``last-trick`` at the ninth trick) takes it — with a card no other card
  still in play can beat when it has one, the cheapest winner as the last to play, else its
  highest winner; one that does not want it ducks with its highest losing card.
  ``no-<colour>`` takes no trick holding that colour (it sheds a high card of another colour
  as the last to play to a trick without its colour, and throws the colour on a trick it
  loses); ``last-trick`` keeps its high cards for the ninth trick (it plays its lowest card
  until then); the dealer, who chooses no task, ducks.
- *Noise.* The others are not this policy: each card of another seat is, with chance
  `NOISE`, a legal card drawn at random instead.
- *The seat advised looks ahead* (`LOOK`). Its later cards are advised too, and the advice
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

The noise was chosen on a calibration run against the heuristic bots (docs/strength.md,
Calibration; docs/advice.md, "Was sticht?: the round played out").

A world is one draw of the others' tasks (at the task choice) and of the play-outs' random
numbers; every choice is played out `PLAYOUTS` times in it on the same random numbers, so
that the difference between two choices is paired.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from stich.games.cards import Card, CardSet
from stich.games.was_sticht import TRICKS, Task, TaskKind, WasStichtRound
from stich.hints.advisors.playout import UNDECIDED, Tables, _beats, _cards, head_of, tables_of
from stich.hints.figures import CHANCE, POINTS, shown
from stich.hints.session import Session
from stich.hints.valuation import Alternative, Tally, Valuation

__all__ = [
    "LOOK",
    "NOISE",
    "OWN_PLAYOUTS",
    "PLAYOUTS",
    "TASK_TEMPERATURE",
    "Deal",
    "Goal",
    "deal_of",
    "dealer_valuation",
    "made_share",
    "play_out",
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

DEALER_NOISE = NOISE
"""`NOISE` in the play-outs of the dealer's cards (`dealer_valuation`). Larger, the others fail
their tasks more often and the dealer's low chances rise; 0.08 and 0.15 were tried and not
adopted (docs/strength.md, Calibration)."""

LOOK = True
"""Whether the seat advised plays its later cards by the one-card look-ahead (module docstring)."""

OWN_PLAYOUTS = 24
"""Play-outs per task when reckoning which task another chooser takes (as the heuristic does)."""

TASK_TEMPERATURE = 0.25
"""How sharply a chooser prefers the task of highest expected chip value (points; smaller is sharper)."""


@dataclass(frozen=True)
class Goal:
    """What a seat plays for: ``reached`` judges it at the end of a play-out from the tricks
    won, the cards taken and the last trick's winner (`made` for a task; the dealer's catch);
    ``lost``, where given, tells after a trick (the tricks won, the cards taken, the tricks
    over) that it can no longer be reached, so that a play-out may stop there."""

    reached: Callable[[Sequence[int], Sequence[CardSet], int | None], bool]
    lost: Callable[[Sequence[int], Sequence[CardSet], int], bool] | None = None


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
    rng: random.Random,
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
    lost = None if goal is None else goal.lost
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
                        card = _looked(here, tasks, seat, card, legal, rng.getrandbits(32), noise, goal)
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
    if goal.reached(*play_out(d, tasks, seat, random.Random(seed), card, noise, goal=goal)):
        return card
    for other in _cards(legal & ~(1 << card)):
        if goal.reached(*play_out(d, tasks, seat, random.Random(seed), other, noise, goal=goal)):
            return other
    return card


def task_goal(d: Deal, task: Task, seat: int) -> Goal:
    """``seat`` playing for ``task``: made (`made`), or lost once it can no longer be (`_lost`)."""
    return Goal(functools.partial(made, d, task, seat), functools.partial(_lost, d, task, seat))


def _lost(d: Deal, task: Task, seat: int, won: Sequence[int], taken: Sequence[CardSet], done: int) -> bool:
    """Whether ``seat`` can no longer make ``task`` after ``done`` tricks (a trick taken under
    ``no-tricks``, a card of the colour under ``no-<colour>``, ``exactly-k`` over k or too few
    tricks left to reach it; the others are settled at the end)."""
    kind = task.kind
    if kind is TaskKind.NO_TRICKS:
        return won[seat] > 0
    if kind is TaskKind.NO_COLOUR:
        assert task.colour is not None
        return bool(taken[seat] & d.colours[task.colour])
    if kind is TaskKind.EXACTLY:
        k = task.tricks or 0
        return won[seat] > k or won[seat] + TRICKS - done < k
    return False


def made(
    d: Deal, task: Task, seat: int, won: Sequence[int], taken: Sequence[CardSet], last: int | None
) -> bool:
    """Whether ``seat`` made ``task`` at the end of a play-out (`games.was_sticht.Task.made`)."""
    kind = task.kind
    mine = won[seat]
    if kind is TaskKind.NO_TRICKS:
        return mine == 0
    if kind is TaskKind.NO_COLOUR:
        assert task.colour is not None
        return not taken[seat] & d.colours[task.colour]
    if kind is TaskKind.EXACTLY:
        return mine == task.tricks
    if kind is TaskKind.LAST_TRICK:
        return last == seat
    others = [w for s, w in enumerate(won) if s != seat]
    if kind is TaskKind.MOST_TRICKS:
        return all(mine > w for w in others)
    return all(mine < w for w in others)


def made_share(
    d: Deal,
    tasks: Sequence[Task | None],
    seat: int,
    rng: random.Random,
    count: int,
    first: Card | None = None,
    noise: float = NOISE,
    look: bool = False,
) -> float:
    """The share of ``count`` play-outs in which ``seat`` makes ``tasks[seat]`` (``look``: its
    later cards by the look-ahead for it, `play_out`)."""
    task = tasks[seat]
    assert task is not None
    goal = task_goal(d, task, seat)
    hits = 0
    for _ in range(count):
        won, taken, last = play_out(d, tasks, seat, rng, first, noise, goal=goal, look=look)
        hits += made(d, task, seat, won, taken, last)
    return hits / count


def task_weights(
    d: Deal, chooser: int, choices: Sequence[str], values: dict[str, int], rng: random.Random
) -> list[float]:
    """How likely ``chooser`` takes each task of ``choices`` (module docstring): exp of the chip's
    value times the share of `OWN_PLAYOUTS` play-outs made (the others at random), over
    `TASK_TEMPERATURE`, normalised."""
    n = len(d.hands)
    scores = []
    for task in choices:
        tasks: list[Task | None] = [None] * n
        tasks[chooser] = Task.of(task)
        share = made_share(d, tasks, chooser, rng, OWN_PLAYOUTS, noise=1.0)
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
    tasks = [str(e["task"]) for e in legal]
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
                weights.append((choices, task_weights(d, s, choices, values, random.Random(s))))
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
            p = (
                1.0
                if forced[task]
                else made_share(d, assignment, seat, random.Random(seed), PLAYOUTS, look=LOOK)
            )
            scores.append(values[task] * p)
            figures.append({"p_made": p, "forced": float(forced[task]), "chip_value": float(values[task])})
        return scores, figures

    def explain(alternatives: list[Alternative], tally: Tally) -> str:
        best = alternatives[0]
        text = _task_phrase(best, certain_first=True)
        if len(alternatives) > 1:
            text += f"; next {_task_phrase(alternatives[1], certain_first=False)}"
        return text + f" ({_over(tally, hidden)})"

    return Valuation(
        "task",
        [(e, str(e["task"])) for e in legal],
        evaluate,
        lambda rng: rng.getrandbits(64),
        "expected points",
        explain,
        method="the round played out, every seat for its own task",
        chance=True,
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
    labels = [str(e["play"]) for e in legal]
    d = deal_of(state)
    assignment: list[Task | None] = [None] * n
    targets = sorted((s, Task.of(chosen)) for s, chosen in state.tasks.items())
    for s, task in targets:
        assignment[s] = task
    firsts = [d.tables.place[state.deck.parse(label)] for label in labels]

    def caught(won: Sequence[int], taken: Sequence[CardSet], last: int | None) -> bool:
        return any(
            made(d, task, seat, won, taken, last) and not made(d, task, owner, won, taken, last)
            for owner, task in targets
        )

    goal = Goal(caught)

    def evaluate(world: int) -> tuple[list[float], list[dict[str, float]]]:
        scores: list[float] = []
        figures: list[dict[str, float]] = []
        for first in firsts:
            rng = random.Random(world)
            hits = sum(
                caught(*play_out(d, assignment, seat, rng, first, DEALER_NOISE, goal=goal, look=LOOK))
                for _ in range(PLAYOUTS)
            )
            p = hits / PLAYOUTS
            scores.append(value * p)
            figures.append({"p_discard": p})
        return scores, figures

    def explain(alternatives: list[Alternative], tally: Tally) -> str:
        best = alternatives[0]
        p = shown(CHANCE, best.figures["p_discard"])
        text = (
            f"after {best.label} you make a task its owner fails, and discard a chip, {p} of the time "
            f"as everyone plays for their own tasks ({shown(POINTS, best.value)} expected points)"
        )
        return text + _second(alternatives, "p_discard") + f" ({_over(tally, ())})"

    return Valuation(
        "play",
        [(e, str(e["play"])) for e in legal],
        evaluate,
        lambda rng: rng.getrandbits(64),
        "expected points",
        explain,
        method="the round played out, every seat for its own task",
        chance=True,
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
    labels = [str(e["play"]) for e in legal]
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
            p = (
                1.0
                if sure
                else made_share(d, assignment, seat, random.Random(world), PLAYOUTS, first, look=LOOK)
            )
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

    return Valuation(
        "play",
        [(e, str(e["play"])) for e in legal],
        evaluate,
        lambda rng: rng.getrandbits(64),
        "expected points",
        explain,
        method="the round played out, every seat for its own task",
        chance=True,
        then=("forced", "p_made"),
    )
