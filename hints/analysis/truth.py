"""Each decision valued twice: its choices in the true deal (drawn where a view record does not
show it, `drawn_truth`), and the advice from what the seat could know; from both its cost and
its verdict best / lucky / unlucky / mistake."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from stich.deducer.hypotheses import known_hypothesis, members
from stich.deducer.locations import location_model
from stich.deducer.sampling import DealSampler
from stich.games.base import Event, seat_index
from stich.games.cards import popcount
from stich.games.errors import StichError
from stich.games.events import without
from stich.games.record import Record
from stich.games.views import ViewFeed
from stich.hints import figures
from stich.hints.advice import MIN_SECONDS, Advice, Alternative, Budget, Valuation
from stich.hints.advisors import advisor_for
from stich.hints.analysis.model import (
    Review,
    choice_key,
    event_label,
)
from stich.hints.figures import matters
from stich.hints.session import Session
from stich.hints.valuation import TrueValues
from stich.hints.worlds import World


def true_world(session: Session, feed: ViewFeed) -> tuple[World, int]:
    """The deal as it really was at this point of an omniscient record (nothing sampled)."""
    truth = feed.truth
    hands = tuple(h or 0 for h in truth.tracked_hands())
    held = 0
    for hand in hands:
        held |= hand
    out = session.observations().hidden & ~held
    return World(hands, out, known_hypothesis(truth)), 0


class Shown:
    """What the rest of a view record shows of the hands at each of its points: every card a
    seat plays later was in its hand (unless the seat drew cards in between, as 24's exchange
    does), and the secret the round ends knowing. What is never shown is drawn at random
    among the deals that fit (``seed``), one fixed deal per decision."""

    def __init__(self, record: Record, final: Session, seed: int | None) -> None:
        self.record = record
        self.seed = 0 if seed is None else seed
        post = final.posterior()
        self.secrets: list[int] = [] if post is None else members(post.possible)

    def later_cards(self, index: int, names: Sequence[str]) -> dict[int, set[str]]:
        """Seat → the cards it plays after event ``index`` and held at ``index``."""
        cards: dict[int, set[str]] = {}
        drew: set[int] = set()
        for event in self.record.events[index:]:
            if "seat" not in event:
                continue
            try:
                seat = seat_index(event["seat"], list(names))
            except StichError:
                continue
            if "exchange" in event:
                drew.add(seat)  # cards played after a draw may be among those drawn
            play = event.get("play")
            if isinstance(play, str) and seat not in drew:
                cards.setdefault(seat, set()).add(play)
        return cards

    def world(self, index: int, session: Session) -> tuple[World, int]:
        obs = session.observations()
        deck = session.round.deck
        later = self.later_cards(index, session.names)
        places = []
        for place in obs.places:
            known = place.known
            if place.seat is not None and place.seat != session.seat:
                for code in later.get(place.seat, ()):
                    card = deck.parse(code)
                    if obs.hidden >> card & 1:
                        known |= 1 << card
            places.append(replace(place, known=known))
        shown = replace(obs, places=tuple(places))
        rng = random.Random(self.seed * 1_000_003 + index)
        sampler = DealSampler(location_model(shown))
        if not sampler.count:  # what was shown later does not fit this view: draw as the advice does
            shown, sampler = obs, session.sampler()
        if shown.places and not sampler.count:
            raise StichError(f"event {index}: no deal of the hidden cards fits what the round showed")
        deal = sampler.sample(rng) if shown.places else ()
        hands = [0 if hand is None else hand for hand in shown.hands]
        out = 0
        for place, cards in zip(shown.places, deal, strict=True):
            if place.seat is not None:
                hands[place.seat] |= cards
            else:
                out |= cards
        # Cards in players' hands drawn at random (out of play, a card never shown matters not).
        drawn = sum(p.size - popcount(p.known & shown.hidden) for p in shown.places if p.seat is not None)
        secret = None
        if self.secrets:
            post = session.posterior()
            possible = set(members(post.possible)) if post is not None else set(self.secrets)
            choices = [h for h in self.secrets if h in possible] or self.secrets
            secret = choices[0] if len(choices) == 1 else rng.choice(choices)
        return World(tuple(hands), out, secret), drawn


def verdict_of(
    advice: Advice | None, chosen_key: tuple[Any, ...], cost: float | None, weighed: int | None = None
) -> tuple[bool | None, str]:
    """Whether the choice followed the advice, and its verdict. ``weighed``: how many choices the
    decision's valuation weighed (None: as many as the advice has alternatives); a decision is
    forced when it weighed one and that one was made, not when the advice fell back on one."""
    if advice is None:
        return None, "forced"
    followed = choice_key(advice.action) == chosen_key
    one = len(advice.alternatives) == 1 if weighed is None else weighed == 1
    if one and followed:
        # One choice weighed, and made. (A Stich für Stich guess other than the one pair left is
        # legal but not weighed: it differs.)
        return True, "forced"
    if cost is None:
        return followed, "advised" if followed else "differs"
    if not matters(advice.kind, cost):  # below the smallest difference that matters: as good
        return followed, "best" if followed or not advice.separated else "lucky"
    if followed:
        return followed, "unlucky"
    chosen = next((a for a in advice.alternatives if choice_key(a.action) == chosen_key), None)
    best = advice.alternatives[0]
    gap = best.value - chosen.value if chosen is not None else 0.0
    close = chosen is not None and gap <= 2 * max(best.stderr, chosen.stderr, 1e-9)
    if chosen is not None and (close or not matters(advice.kind, gap)):
        return followed, "unlucky"  # a close call given what the seat knew
    return followed, "mistake"


ANALYZE_SECONDS = 0.1
"""The default thinking time of `stich analyze`'s advice, per decision on average: the round's
time (this times the decisions that have more than one choice) is split among them by what is at
stake in each (`STAKE_CAP`)."""

ANALYZE_PATIENCE = 5.0
"""The seconds a decision's advice and its true deal may take at most under the default budget (a
first world slower than that is given up): what ten times the former flat 0.5 s gave."""

STAKE_CAP = 10.0
"""How a round's thinking time is split among its decisions (`budget_shares`): each decision that has more
than one choice gets one share, plus one for each smallest difference that matters (a tenth of a
point, two points of a chance) between its best and its worst choice in the true deal, up to this
many more; a decision without values in the true deal gets the most. A decision whose choices are
all worth the same in the true deal still has advice (it tells ``best`` from ``lucky``), from a
small share; a decision with one choice has none."""

ONE_CHOICE = "the only choice: nothing to weigh, so no advice was sought"
"""The reason of a decision with one choice (`_single`): its advice has no figures."""


def default_budget(seed: int | None = None) -> Budget:
    """The budget `analyze` and ``stich analyze`` use when none is given: `ANALYZE_SECONDS` a
    decision on average, `ANALYZE_PATIENCE` at most."""
    return Budget(seconds=ANALYZE_SECONDS, seed=seed, patience=ANALYZE_PATIENCE)


def default_budget_of(seconds: float | None, worlds: int | None, seed: int | None) -> Budget:
    """The budget of ``stich analyze --time/--worlds/--seed``. With ``--worlds``, ``--time`` sets the
    wall limit (ten times it; without it `ANALYZE_PATIENCE`). With seconds (``--time``, default
    `ANALYZE_SECONDS` a decision on average), a decision's first world and its true deal may take
    ten times that, and at least `ANALYZE_PATIENCE`: a small average does not give up true deals
    that a loaded machine solves in a few seconds."""
    if worlds is not None:
        if seconds is None:
            return replace(default_budget(seed), worlds=worlds)
        return Budget(seconds=seconds, worlds=worlds, seed=seed)
    if seconds is None:
        return default_budget(seed)
    budget = Budget(seconds=seconds, seed=seed)
    return replace(budget, patience=max(budget.wall, ANALYZE_PATIENCE))


@dataclass(frozen=True)
class Valued:
    """A decision's first half, before its advice: the true deal's values and what they show."""

    index: int
    seat: int
    event: Event
    weighed: int  # the choices its valuation weighs
    values: dict[str, float] | None
    value_name: str
    best: tuple[str, ...]
    cost: float | None
    sampled: int
    names: tuple[str, ...] = ()  # the players' names, as the labels write them
    advice: Advice | None = None  # known already: the advisor's own, or one choice's (`_single`)
    exact: bool = False  # its advice samples nothing (every hand open): no share of the time
    cost_stderr: float | None = None  # the standard error of ``cost`` (values from paired draws)
    true_draws: int = 0  # the paired draws behind ``values`` (0: one exact valuation, or none)

    @property
    def stake(self) -> float:
        """The decision's weight in the split of the round's time (`STAKE_CAP`); 0: no share of it
        (one choice, or exact advice)."""
        if self.advice is not None or self.exact:
            return 0.0
        if self.values is None or not self.values:
            return 1.0 + STAKE_CAP
        spread = max(self.values.values()) - min(self.values.values())
        return 1.0 + min(spread / figures.value_kind(self.value_name).smallest, STAKE_CAP)


def _single(session: Session, valuation: Valuation) -> Advice:
    """The advice of a decision with one choice: that choice, with no figures (nothing weighed)."""
    action, label = valuation.choices[0]
    alternative = Alternative(action, label, float("nan"), float("nan"))
    return Advice(
        session.seat,
        valuation.decision,
        action,
        (alternative,),
        0,
        True,
        ONE_CHOICE,
        "the rules: one choice",
        0.0,
        valuation.value_name,
    )


def value_choices(
    index: int,
    seat: int,
    session: Session,
    event: Event,
    budget: Budget,
    truth: Callable[[], tuple[World, int]],
    later: Sequence[Event] = (),
) -> Valued:
    """A decision's true deal valued (within the budget's wall limit), before any advice; ``later``:
    the record's events from the decision's own on (what the true deal's draws may need,
    `Valuation.true_draw`)."""
    advisor = advisor_for(session.round.game.id)
    found = advisor.valuation(session)
    key = choice_key(event)
    names = tuple(session.names)
    if isinstance(found, Advice):
        weighed = len(found.alternatives)
        values: dict[str, float] | None = None
        value_name = found.value_name
        sampled = 0
        if weighed > 1 or choice_key(found.action) != key:
            world, sampled = truth()
            valued = true_values_of(advisor, session, found, world)
            if valued is not None:
                value_name, values = valued
        labels = {choice_key(a.action): a.label for a in found.alternatives}
        labels.setdefault(key, event_label(event, names))  # a choice the advice did not weigh
        top, spent = _best_and_cost(values, labels, key)
        return Valued(
            index,
            seat,
            event,
            weighed,
            values,
            value_name,
            top,
            spent,
            sampled if values is not None else 0,
            names,
            found,
        )
    valuation = found
    values = None
    best: tuple[str, ...] = ()
    cost: float | None = None
    cost_stderr: float | None = None
    draws = 0
    sampled = 0
    true: list[float] | None = None
    weighed = len(valuation.choices)
    choices = list(valuation.choices)
    if valuation.true_draw is not None and weighed > 1:
        world, sampled = truth()
        if all(choice_key(choice[0]) != key for choice in choices):  # the choice made, not weighed
            choices.append((without(event, "receive"), event_label(event, names)))
        seed = (0 if budget.seed is None else budget.seed) * 1_000_003 + index
        chosen = next(i for i, choice in enumerate(choices) if choice_key(choice[0]) == key)
        drawn = drawn_truth(valuation, [c[0] for c in choices], world, later, seed, budget.wall, chosen)
        if drawn is not None:
            true, cost_stderr, draws = drawn
    elif not valuation.chance:
        world, sampled = truth()
        # The true deal's values within the advice's wall limit (None: its solve was given up).
        true = valuation.true_values(world, budget.wall)
    if true is not None:
        values = {choice[1]: v for choice, v in zip(choices, true, strict=True)}
        labels = {choice_key(choice[0]): choice[1] for choice in choices}
        best, cost = _best_and_cost(values, labels, key)
    else:
        sampled = 0  # nothing valued in the true deal: nothing drawn for it either
    single = _single(session, valuation) if weighed == 1 else None
    return Valued(
        index,
        seat,
        event,
        weighed,
        values,
        valuation.value_name,
        best,
        cost,
        sampled,
        names,
        single,
        valuation.exact,
        cost_stderr if cost is not None else None,
        draws,
    )


def _best_and_cost(
    values: dict[str, float] | None, labels: dict[tuple[Any, ...], str], key: tuple[Any, ...]
) -> tuple[tuple[str, ...], float | None]:
    """The choices with the best value in the true deal, and the best value minus that of the
    choice made (``key``; None when it was not among those valued)."""
    if not values:
        return (), None
    top = max(values.values())
    best = tuple(label for label, v in values.items() if v >= top - 1e-9)
    label = labels.get(key)
    return best, None if label is None or label not in values else top - values[label]


def true_values_of(advisor: Any, session: Session, advice: Advice, world: World) -> TrueValues | None:
    """Each choice of an advisor's own advice (a Was sticht? pick, a Stich für Stich guess) valued
    in the true deal by the advisor's ``true_values`` (`hints.advisors.Advisor`): the values' name
    and each choice's value by label; None where it has none."""
    valued = getattr(advisor, "true_values", None)
    return None if valued is None else valued(session, advice, world)


TRUE_DRAWS = (4, 200)
"""The fewest and the most paired draws of a true deal whose values still depend on chance
(`drawn_truth`: Was sticht?'s play-outs, `PLAYOUTS` play-outs of each choice a draw)."""

TRUE_ERROR = 0.5
"""Draws of a true deal go on until the standard error of the choice's cost is at most this share
of the smallest difference that matters for the value (or the decision's wall limit is reached)."""

TRUE_KEPT = 3.0
"""After the fewest draws, a choice whose paired difference from the best is more than this many
standard errors (and matters) is drawn no more: it is not the best, and only the best and the
choice made decide the cost."""


def drawn_truth(
    valuation: Valuation,
    choices: Sequence[Event],
    world: World,
    later: Sequence[Event],
    seed: int,
    seconds: float,
    chosen: int | None,
) -> tuple[list[float], float | None, int] | None:
    """Each of ``choices``'s values in the true deal from paired draws (`Valuation.true_draw`, the same seed
    for every choice in a draw): their means, the standard error of the chosen choice's cost (its
    paired difference from the best; for the best itself, from the second; None when the draws
    leave nothing to chance, `Valuation.true_exact`: one is made), and the draws made.
    Draws go on from `TRUE_DRAWS`'s fewest until that error is small (`TRUE_ERROR`), the most are
    made or ``seconds`` have passed; a choice clearly below the best is dropped (`TRUE_KEPT`).
    None when the record does not tell enough, or the first draw runs past ``seconds``."""
    from stich.hints import dd
    from stich.solvers.solver import SolveTimeout

    assert valuation.true_draw is not None
    kind = figures.value_kind(valuation.value_name)
    rng = random.Random(seed)
    count = len(choices)
    draws: list[list[float]] = [[] for _ in range(count)]
    live = list(range(count))
    until = time.monotonic() + seconds
    fewest, most = TRUE_DRAWS
    made = 0
    error: float | None = None
    while made < most:
        try:
            with dd.deadline(None if made else until):
                found = valuation.true_draw(world, later, rng.getrandbits(64), [choices[i] for i in live])
        except SolveTimeout:
            return None
        if found is None:
            return None
        for i, v in zip(live, found, strict=True):
            draws[i].append(float(v))
        made += 1
        if valuation.true_exact:
            return [d[0] for d in draws], None, 1
        means = [sum(d) / len(d) for d in draws]
        error = _cost_error(draws, means, chosen)
        if made < fewest:
            continue
        if (error is not None and error <= TRUE_ERROR * kind.smallest) or time.monotonic() > until:
            break
        top = max(range(count), key=lambda i: means[i])
        live = [i for i in live if i in (top, chosen) or not _clearly_below(draws[top], draws[i], kind)]
    means = [sum(d) / len(d) for d in draws]
    return means, _cost_error(draws, means, chosen), made


def _paired_error(a: Sequence[float], b: Sequence[float]) -> float | None:
    """The standard error of the mean paired difference of ``a`` and ``b`` over their common draws."""
    n = min(len(a), len(b))
    if n < 2:
        return None
    diffs = [x - y for x, y in zip(a[:n], b[:n], strict=True)]
    mean = sum(diffs) / n
    return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)


def _clearly_below(top: Sequence[float], other: Sequence[float], kind: figures.Kind) -> bool:
    """Whether a choice's draws are clearly below the best's (`TRUE_KEPT`)."""
    n = min(len(top), len(other))
    gap = (sum(top[:n]) - sum(other[:n])) / n
    error = _paired_error(top, other)
    return error is not None and matters(kind, gap) and gap > TRUE_KEPT * error


def _cost_error(draws: Sequence[Sequence[float]], means: Sequence[float], chosen: int | None) -> float | None:
    """The standard error of the chosen choice's cost: of its paired difference from the best, or for
    the best itself from the second (None: no choice made among those valued, or one draw)."""
    if chosen is None or len(means) < 2:
        return None
    ranked = sorted(range(len(means)), key=lambda i: -means[i])
    other = ranked[1] if ranked[0] == chosen else ranked[0]
    return _paired_error(draws[other], draws[chosen])


def advise_valued(valued: Valued, view: Record | None, budget: Budget) -> Review:
    """A decision's second half: the advice from the seat's view (``view`` read again) within
    ``budget``, and the review of the two."""
    advice = valued.advice
    if advice is None:
        assert view is not None
        asked = time.monotonic()
        session = Session(view, strict=False)
        found = advisor_for(session.round.game.id).valuation(session)
        advice = found if isinstance(found, Advice) else advised(found, session, budget, asked)
    event = valued.event
    key = choice_key(event)
    labels = {choice_key(a.action): a.label for a in advice.alternatives}
    label = labels.get(key, "")
    if not label or label == advice.decision:  # none, or one that names only the decision ("reveal")
        label = event_label(event, valued.names)
    followed, verdict = verdict_of(advice, key, valued.cost, valued.weighed)
    return Review(
        valued.index,
        valued.seat,
        advice.decision,
        event,
        label,
        advice,
        valued.values,
        valued.value_name,
        valued.best,
        valued.cost,
        followed,
        verdict,
        valued.sampled,
        None if valued.stake == 0 or budget.worlds is not None else budget.seconds,
        valued.cost_stderr,
        valued.true_draws,
    )


def advised(valuation: Valuation, session: Session, budget: Budget, asked: float) -> Advice:
    """The valuation's advice within ``budget`` counted from ``asked``, as `hints.advice.advise`
    counts it: what the valuation prepared (Stich für Stich's information measure) is thinking
    time of the decision too, and the seconds reported include it."""
    spent = time.monotonic() - asked
    if budget.worlds is None and spent > 0:
        until = asked + budget.wall if budget.until is None else min(budget.until, asked + budget.wall)
        budget = replace(budget, seconds=max(budget.seconds - spent, MIN_SECONDS), until=until)
    advice = valuation.advise(session, budget)
    return replace(advice, seconds=advice.seconds + spent)


def budget_shares(stakes: Sequence[float], budget: Budget) -> list[Budget]:
    """Each decision's budget: with a number of worlds, that many each; with seconds, the round's
    time (``budget.seconds`` times the decisions with a stake) split in proportion to the stakes
    (`STAKE_CAP`), each with the patience of the whole budget (`Budget.wall`)."""
    if budget.worlds is not None:
        return [budget for _ in stakes]
    weighed = [s for s in stakes if s > 0]
    total = budget.seconds * len(weighed)
    weight = sum(weighed)
    return [
        replace(budget, seconds=max(total * s / weight, MIN_SECONDS), patience=budget.wall)
        if s > 0
        else budget
        for s in stakes
    ]
