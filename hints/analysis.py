"""A recorded round, decision by decision: what was done, what was best with every card known, and
what the seat could know then.

The omniscient record is replayed once (`games.views.ViewFeed`), and every seat's
`Session` follows it with only what that seat saw. A record seen from one seat (a round of a
`stich live` journal) is that seat's alone: its own decisions are analysed, and the true deal
at each is what the rest of the round showed (every card a player later played was in that
player's hand); cards never shown are drawn at random among the deals that fit, and each
decision says how many were (``sampled``). At each decision of an analysed seat:

- the advice from the seat's own view (`hints.advice`), i.e. what it could know;
- the double-dummy value of every choice *in the true deal* (the advisor's valuation on
  the one world that really was), hence the best choices and what the choice made cost.

Together they tell a **mistake** (it cost, and the seat's own view already preferred
another choice) from **unlucky** (it cost, but it was the best given what the seat
knew: the cards lay wrong) and **lucky** (it cost nothing, though the view preferred
another). For Was sticht? and Stich für Stich the deduction timeline says how many
secrets each seat could still consider after each event, and when each first knew.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, TypedDict

from stich.deducer.hypotheses import known_hypothesis, members
from stich.deducer.locations import location_model
from stich.deducer.sampling import DealSampler
from stich.games.base import Event, seat_index
from stich.games.cards import popcount
from stich.games.errors import StichError
from stich.games.events import without
from stich.games.record import Record, check_report
from stich.games.views import ViewFeed
from stich.hints import figures
from stich.hints.advice import MIN_SECONDS, Advice, Alternative, Budget, Valuation
from stich.hints.advisors import advisor_for
from stich.hints.figures import matters
from stich.hints.session import Session
from stich.hints.valuation import AdviceJson, TrueValues, worlds_text
from stich.hints.worlds import World

__all__ = ["VERDICT_ORDER", "Analysis", "Review", "TimelinePoint", "analyze", "cost_text", "event_label"]

IGNORED = ("seat", "receive", "answer", "solved")  # fields that do not tell choices apart


def _frozen(value: Any) -> Any:
    """A JSON value as a hashable one (lists as tuples, objects as sorted pairs)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _frozen(v)) for k, v in value.items()))
    return value


def choice_key(event: Event) -> tuple[tuple[str, Any], ...]:
    """What an event chooses, without who chose it or what the rules answered (a Was sticht?
    reveal's trumps are an object: every value is made hashable)."""
    return tuple(sorted((k, _frozen(v)) for k, v in event.items() if k not in IGNORED))


def _words(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " ".join(_words(v) for v in value)
    if isinstance(value, dict):
        return " ".join(_words(v) for v in value.values())
    return "none" if value is None else str(value)


def event_label(event: Event, names: Sequence[str] = ()) -> str:
    """What an event chooses, written as a player writes it: as the advice labels its choices and
    as `stich live` takes entries (``R10``, ``give Y3 B10``, ``gardener knife``, ``bid 2``,
    ``reveal R 2``), never a Python value."""

    def name(seat: Any) -> str:
        if seat is None:
            return "table"
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)

    if "play" in event:
        text = _words(event["play"])
        if event.get("reverse"):
            text += " reversing"
        if event.get("trump"):
            text += f" naming {event['trump']}"
        return text
    if event.get("drop"):
        return "drop out"
    if "exchange" in event:
        given = event["exchange"]
        if isinstance(given, list):
            return "give " + " ".join(map(str, given)) if given else "keep your hand"
        return f"exchange {given} card{'' if given == 1 else 's'}"
    if "trump" in event:
        return _words(event["trump"]) + (" blind" if event.get("blind") else "")
    if "bid" in event:
        return f"bid {_words(event['bid'])}"
    if "announce" in event:
        return f"announce {name(event['announce'])}"
    if "winner" in event:
        return f"winner {name(event['winner'])}"
    if "reveal" in event and isinstance(event["reveal"], dict):
        trumps = event["reveal"]
        return f"reveal {_words(trumps.get('trump_suit'))} {_words(trumps.get('trump_number'))}"
    if "pick" in event:
        return _words(event["pick"])
    if "guess" in event:
        return _words(event["guess"])
    if "task" in event:
        return _words(event["task"])
    if "discard" in event:
        return _words(event["discard"])
    return " ".join(f"{k} {_words(v)}" for k, v in sorted(event.items()) if k not in IGNORED)


def cost_text(value_name: str, cost: float | None, stderr: float | None = None) -> str:
    """A decision's cost as the text, the HTML and the page of ``stich serve`` write it, in the
    value's own units as the advice writes that value, with its standard error where the true
    deal's values were drawn ("0.45 ± 0.031"); "" when not valued."""
    if cost is None:
        return ""
    kind = figures.value_kind(value_name)
    text = figures.shown(kind, cost)
    if stderr is not None:
        text += f" ± {figures.shown_error(kind, stderr)}"
    return text


class ReviewJson(TypedDict):
    """One decision in ``stich analyze --json``."""

    event: int
    seat: int
    decision: str
    action: Event
    label: str
    verdict: str
    cost: float | None
    best: list[str]
    values: dict[str, float] | None
    value: str
    followed: bool | None
    advice: AdviceJson | None
    sampled: int
    thinking: float | None
    cost_stderr: float | None
    true_draws: int


class ThinkingJson(TypedDict):
    """How the advice was budgeted, in ``stich analyze --json``."""

    seconds: float | None
    worlds: int | None
    advised: int
    one_choice: int
    exact: int


class SeatSummary(TypedDict):
    """One seat's decisions (`Analysis.seat_summary`, the JSON's ``by_seat``)."""

    seat: int
    decisions: int
    forced: int
    verdicts: dict[str, int]
    mistakes_cost: float


class TimelineJson(TypedDict):
    event: int
    counts: dict[str, int]


class AnalysisJson(TypedDict):
    """``stich analyze --json`` (docs/format.md)."""

    game: str
    players: list[str]
    seats: list[int]
    view: int | None
    decisions: list[ReviewJson]
    summary: dict[str, int]
    by_seat: list[SeatSummary]
    timeline: list[TimelineJson]
    secrets: int
    first_known: dict[str, int | None]
    sampled: int
    secret_sampled: bool
    tricks: list[Any]
    result: Any
    thinking: ThinkingJson | None


@dataclass(frozen=True)
class Review:
    """One decision of an analysed seat."""

    event: int  # index of the decision's event in the record
    seat: int
    decision: str
    action: Event
    label: str
    advice: Advice | None
    values: dict[str, float] | None  # each choice (label) → its value in the true deal
    value_name: str
    best: tuple[str, ...]  # the choices with the best value in the true deal
    cost: float | None  # best value minus the value of the choice made (None: not valued)
    followed: bool | None  # the choice made is the advised one
    verdict: str  # forced, best, lucky, unlucky, mistake, advised, differs
    sampled: int = 0  # cards in the hands never shown by the end, drawn at random (a view record)
    thinking: float | None = (
        None  # the seconds its advice was given (None: a budget of worlds, or none sought)
    )
    cost_stderr: float | None = None  # the standard error of ``cost`` (None: exact, or not valued)
    true_draws: int = 0  # the paired draws behind ``values`` (0: one exact valuation, or none)

    def cost_text(self) -> str:
        """The cost as the text and the HTML write it, in the value's own units as the advice writes
        that value, with its standard error where the true deal's values were drawn ("0.45 ± 0.031");
        "" when not valued."""
        return cost_text(self.value_name, self.cost, self.cost_stderr)

    def to_json(self) -> ReviewJson:
        return {
            "event": self.event,
            "seat": self.seat,
            "decision": self.decision,
            "action": self.action,
            "label": self.label,
            "verdict": self.verdict,
            "cost": None if self.cost is None else round(self.cost, 4),
            "best": list(self.best),
            "values": None if self.values is None else {k: round(v, 4) for k, v in self.values.items()},
            "value": self.value_name,
            "followed": self.followed,
            "advice": None if self.advice is None else self.advice.to_json(),
            "sampled": self.sampled,
            "thinking": None if self.thinking is None else round(self.thinking, 3),
            "cost_stderr": None if self.cost_stderr is None else round(self.cost_stderr, 4),
            "true_draws": self.true_draws,
        }


@dataclass(frozen=True)
class Thinking:
    """How the round's advice was budgeted: ``seconds`` in all, split among the ``advised`` decisions
    by what is at stake in each (None: ``worlds`` worlds each); the decisions with one choice
    and those whose advice is exact (nothing sampled) were given no share of it."""

    seconds: float | None
    worlds: int | None
    advised: int  # decisions whose advice sampled worlds
    one_choice: int  # decisions with one choice: no advice sought
    exact: int  # decisions whose advice is exact (the posterior of a guess, every hand open)

    def text(self) -> str:
        """What the text and the HTML say of it."""
        many = f"{self.advised} decision{'' if self.advised == 1 else 's'}"
        if self.seconds is None:
            text = f"advice: {worlds_text(self.worlds or 0)} for each of {many}"
        else:
            text = f"advice: {self.seconds:.2f} s of thinking split among {many} by what was at stake in each"
        others = []
        if self.one_choice:
            others.append(f"{self.one_choice} with one choice to weigh needed none")
        if self.exact:
            others.append(f"{self.exact} exact without sampling")
        return "; ".join([text, *others])

    def to_json(self) -> ThinkingJson:
        return {
            "seconds": None if self.seconds is None else round(self.seconds, 3),
            "worlds": self.worlds,
            "advised": self.advised,
            "one_choice": self.one_choice,
            "exact": self.exact,
        }


@dataclass(frozen=True)
class TimelinePoint:
    """After one event: how many secrets each seat could still consider."""

    event: int
    counts: dict[int, int]


VERDICT_ORDER = ("best", "lucky", "unlucky", "mistake", "advised", "differs")
"""The verdicts of a choice (not forced), in the order the summaries give them."""


def _counted(verdict: str, count: int) -> str:
    """A verdict after its count: "1 mistake", "2 mistakes", "3 best", "2 differ from the advice"."""
    if verdict == "mistake":
        return "mistake" if count == 1 else "mistakes"
    if verdict == "differs":
        return "differs from the advice" if count == 1 else "differ from the advice"
    return "as advised" if verdict == "advised" else verdict


@dataclass
class Analysis:
    """The whole round: every analysed decision, the deduction timeline, the result."""

    record: Record
    seats: tuple[int, ...]
    reviews: list[Review] = field(default_factory=list)
    timeline: list[TimelinePoint] = field(default_factory=list)
    secrets: int = 0  # the size of the hypothesis space (0: no hidden secret)
    report: dict[str, Any] = field(default_factory=dict)
    view: int | None = None  # the seat a view record is seen from (None: an omniscient record)
    secret_sampled: bool = False  # a view record's secret was never shown: drawn among those left
    thinking: Thinking | None = None  # how the advice was budgeted (None: not analysed by `analyze`)

    def first_known(self) -> dict[int, int | None]:
        """For each seat the timeline follows, the first event after which only one secret
        remained for it."""
        seats = range(len(self.record.players)) if self.view is None else (self.view,)
        found: dict[int, int | None] = dict.fromkeys(seats)
        for point in self.timeline:
            for seat, count in point.counts.items():
                if count == 1 and found.get(seat, 0) is None:
                    found[seat] = point.event
        return found

    def sampled(self) -> int:
        """The most cards of the true deal drawn at random at any decision (0: every card was known)."""
        return max((r.sampled for r in self.reviews), default=0)

    def seat_summary(self, seat: int) -> SeatSummary:
        """One seat's decisions: how many, how many forced (one choice), the verdicts of the others
        and what the mistakes cost; the same figures in the text, the JSON and the HTML."""
        mine = [r for r in self.reviews if r.seat == seat]
        verdicts: dict[str, int] = {}
        for review in mine:
            if review.verdict != "forced":
                verdicts[review.verdict] = verdicts.get(review.verdict, 0) + 1
        cost = sum(r.cost or 0.0 for r in mine if r.verdict == "mistake")
        return {
            "seat": seat,
            "decisions": len(mine),
            "forced": sum(1 for r in mine if r.verdict == "forced"),
            "verdicts": verdicts,
            "mistakes_cost": round(cost, 4),
        }

    def summary_text(self, seat: int) -> str:
        """``"12 decisions, 4 forced: 6 best, 2 mistakes (cost 1.20 expected points)"``: what the
        text and the HTML say of a seat (the figures of `seat_summary`, the JSON's ``by_seat``)."""
        summary = self.seat_summary(seat)
        made, forced = summary["decisions"], summary["forced"]
        text = f"{made} decision{'' if made == 1 else 's'}"
        if forced:
            text += f", {forced} forced"
        counts = summary["verdicts"]
        said = [f"{counts[v]} {_counted(v, counts[v])}" for v in VERDICT_ORDER if counts.get(v)]
        if said:
            text += ": " + ", ".join(said)
        mistakes = [r for r in self.reviews if r.seat == seat and r.verdict == "mistake"]
        if mistakes and all(r.value_name == mistakes[0].value_name for r in mistakes):
            unit = mistakes[0].value_name
            cost = figures.shown(figures.value_kind(unit), summary["mistakes_cost"])
            text += f" (mistakes cost {cost}: {unit})"
        return text

    def unvalued_note(self) -> str:
        """What the text and the HTML say of the decisions not forced that have no value with every
        card known ("" when there are none): how many, of which kinds, and what their verdict says."""
        unvalued = [r for r in self.reviews if r.verdict in ("advised", "differs")]
        if not unvalued:
            return ""
        kinds = ", ".join(dict.fromkeys(r.decision for r in unvalued))
        many = f"{len(unvalued)} decision{'' if len(unvalued) == 1 else 's'} ({kinds})"
        verb = "has" if len(unvalued) == 1 else "have"
        return (
            f"{many} {verb} no value with every card known (docs/analysis.md says which and why): "
            "the verdict says only whether the advice was followed"
        )

    def view_note(self) -> str:
        """What a view record's analysis rests on: the seat, and what was drawn at random."""
        if self.view is None:
            return "every hand known: the true deal is the record's"
        text = f"seen from {self.record.players[self.view]}: the true deal is what the round showed"
        drawn = self.sampled()
        if drawn:
            text += (
                f"; {drawn} card{'' if drawn == 1 else 's'} never shown drawn at random (one deal that fits)"
            )
        if self.secret_sampled:
            text += "; the secret was never shown: drawn among those left"
        return text

    def to_json(self) -> AnalysisJson:
        """The ``stich analyze --json`` shape (docs/format.md)."""
        verdicts: dict[str, int] = {}
        for review in self.reviews:
            verdicts[review.verdict] = verdicts.get(review.verdict, 0) + 1
        return {
            "game": self.record.game,
            "players": list(self.record.players),
            "seats": list(self.seats),
            "view": self.view,
            "decisions": [r.to_json() for r in self.reviews],
            "summary": verdicts,
            "by_seat": [self.seat_summary(seat) for seat in self.seats],
            "timeline": [
                {"event": p.event, "counts": {str(s): c for s, c in p.counts.items()}} for p in self.timeline
            ]
            if self.secrets
            else [],
            "secrets": self.secrets,
            "first_known": {str(s): e for s, e in self.first_known().items()} if self.secrets else {},
            "sampled": self.sampled(),
            "secret_sampled": self.secret_sampled,
            "tricks": self.report.get("tricks", []),
            "result": self.report.get("result"),
            "thinking": None if self.thinking is None else self.thinking.to_json(),
        }


def _true_world(session: Session, feed: ViewFeed) -> tuple[World, int]:
    """The deal as it really was at this point of an omniscient record (nothing sampled)."""
    truth = feed.truth
    hands = tuple(h or 0 for h in truth.tracked_hands())
    held = 0
    for hand in hands:
        held |= hand
    out = session.observations().hidden & ~held
    return World(hands, out, known_hypothesis(truth)), 0


class _Shown:
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


def _verdict(
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
"""How a round's thinking time is split among its decisions (`_shares`): each decision that has more
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
class _Valued:
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


def _value(
    index: int,
    seat: int,
    session: Session,
    event: Event,
    budget: Budget,
    truth: Callable[[], tuple[World, int]],
    later: Sequence[Event] = (),
) -> _Valued:
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
        return _Valued(
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
    return _Valued(
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


def _advise(valued: _Valued, view: Record | None, budget: Budget) -> Review:
    """A decision's second half: the advice from the seat's view (``view`` read again) within
    ``budget``, and the review of the two."""
    advice = valued.advice
    if advice is None:
        assert view is not None
        asked = time.monotonic()
        session = Session(view, strict=False)
        found = advisor_for(session.round.game.id).valuation(session)
        advice = found if isinstance(found, Advice) else _advised(found, session, budget, asked)
    event = valued.event
    key = choice_key(event)
    labels = {choice_key(a.action): a.label for a in advice.alternatives}
    label = labels.get(key, "")
    if not label or label == advice.decision:  # none, or one that names only the decision ("reveal")
        label = event_label(event, valued.names)
    followed, verdict = _verdict(advice, key, valued.cost, valued.weighed)
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


def _advised(valuation: Valuation, session: Session, budget: Budget, asked: float) -> Advice:
    """The valuation's advice within ``budget`` counted from ``asked``, as `hints.advice.advise`
    counts it: what the valuation prepared (Stich für Stich's information measure) is thinking
    time of the decision too, and the seconds reported include it."""
    spent = time.monotonic() - asked
    if budget.worlds is None and spent > 0:
        until = asked + budget.wall if budget.until is None else min(budget.until, asked + budget.wall)
        budget = replace(budget, seconds=max(budget.seconds - spent, MIN_SECONDS), until=until)
    advice = valuation.advise(session, budget)
    return replace(advice, seconds=advice.seconds + spent)


def _shares(stakes: Sequence[float], budget: Budget) -> list[Budget]:
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


Progress = Callable[[int, int], None]
"""Told (events read, events in all) before each decision's advice and at the end."""


@dataclass(frozen=True)
class _Decision:
    """One decision to review, as a worker process takes it: the seat's view up to it (the
    session is read again from it) and the true deal, drawn by the analysis."""

    index: int
    seat: int
    view: Record
    event: Event
    truth: tuple[World, int]
    budget: Budget
    later: tuple[Event, ...] = ()


def _value_decision(decision: _Decision) -> _Valued:
    """A decision's true deal valued in a worker: the same as in the analysis's own process."""
    session = Session(decision.view, strict=False)
    truth = decision.truth
    return _value(
        decision.index, decision.seat, session, decision.event, decision.budget, lambda: truth, decision.later
    )


def _advise_decision(task: tuple[_Valued, Record | None, Budget]) -> Review:
    """A decision's advice in a worker (`_advise`)."""
    return _advise(*task)


class _Reviewer:
    """Reviews the decisions in two passes: first each true deal is valued, which tells what is at
    stake in each decision, then the advice of each, the round's thinking time split by those
    stakes (`_shares`; a decision with one choice needs none). With ``jobs`` 1 in this process,
    with more in ``jobs`` worker processes forked once for the whole analysis, at its first
    decision (the true deals are valued while the round is still being read): each keeps its
    solvers and their tables from decision to decision, and no pool is started per decision.
    The reviews come back in the order of the decisions; each is the one this process would have
    made (with a budget of worlds, the same figures). A context manager: the workers end with it."""

    def __init__(self, jobs: int, progress: Progress | None, total: int, budget: Budget) -> None:
        if jobs < 1:
            raise StichError(f"{jobs} jobs: give at least 1")
        self.jobs = jobs if "fork" in multiprocessing.get_all_start_methods() else 1
        self.progress = progress
        self.total = total
        self.budget = budget
        self.pool: Any = None
        self.waiting: list[tuple[Record, Any]] = []  # each decision's view and its valuing under way
        self.valued: list[tuple[_Valued, Record | None]] = []

    def __enter__(self) -> _Reviewer:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.terminate()
            self.pool = None

    def add(
        self,
        index: int,
        seat: int,
        session: Session,
        event: Event,
        truth: Callable[[], tuple[World, int]],
        later: Sequence[Event] = (),
    ) -> None:
        """A decision to review: its true deal valued now (one job) or by the workers; ``later``: the
        record's events from the decision's own on."""
        if self.jobs == 1:
            valued = _value(index, seat, session, event, self.budget, truth, later)
            self.valued.append((valued, session.to_record() if valued.advice is None else None))
            return
        view = session.to_record()
        if self.pool is None:
            advisor_for(view.game)  # its modules imported once, before the fork
            self.pool = multiprocessing.get_context("fork").Pool(self.jobs)
        decision = _Decision(index, seat, view, event, truth(), self.budget, tuple(later))
        self.waiting.append((view, self.pool.apply_async(_value_decision, (decision,))))

    def reviews(self) -> Iterator[Review]:
        """Every decision's review, in order."""
        for view, valuing in self.waiting:
            valued = valuing.get()
            self.valued.append((valued, view if valued.advice is None else None))
        budgets = _shares([valued.stake for valued, _ in self.valued], self.budget)
        tasks = [(valued, view, budget) for (valued, view), budget in zip(self.valued, budgets, strict=True)]
        done: Iterable[Review]
        if self.pool is None:
            done = map(_advise_decision, tasks)
        else:
            # The longest shares first, so that the workers end together; the reviews in order.
            longest = sorted(range(len(tasks)), key=lambda i: -tasks[i][0].stake * tasks[i][2].seconds)
            asked = {i: self.pool.apply_async(_advise_decision, (tasks[i],)) for i in longest}
            done = (asked[i].get() for i in range(len(tasks)))
        for task, review in zip(tasks, done, strict=True):
            if self.progress is not None:
                self.progress(task[0].index, self.total)
            yield review
        if self.progress is not None:
            self.progress(self.total, self.total)


def analyze(
    record: Record,
    seats: Iterable[int] | None = None,
    budget: Budget | None = None,
    progress: Progress | None = None,
    jobs: int = 1,
) -> Analysis:
    """Analyse a record: each decision of ``seats`` (default all; a view record: its seat) with
    advice from the seat's own view and double-dummy values in the true deal (of a view record:
    what the round showed, the rest drawn at random). ``budget`` (default `default_budget`):
    its seconds are the thinking time per decision on average, the round's time split among the
    decisions by what is at stake (`_shares`); its worlds, that many each. ``jobs`` > 1 reviews
    that many decisions at a time in worker processes started once (`_Reviewer`)."""
    budget = budget or default_budget()
    if record.view is not None:
        return _analyze_view(record, seats, budget, progress, jobs)
    players = len(record.players)
    analysed = tuple(range(players)) if seats is None else tuple(seats)
    feed = ViewFeed(record, range(players))
    sessions = {seat: Session(feed.header(seat), strict=False) for seat in range(players)}
    analysis = Analysis(record, analysed, report=check_report(record))
    space = sessions[0].tracker.space if sessions[0].tracker is not None else None
    analysis.secrets = 0 if space is None else space.size
    with _Reviewer(jobs, progress, len(record.events), budget) as reviewer:
        _read(record, feed, sessions, analysed, analysis, reviewer)
        analysis.reviews.extend(reviewer.reviews())
    analysis.thinking = _thinking(reviewer, budget)
    return analysis


def _read(
    record: Record,
    feed: ViewFeed,
    sessions: dict[int, Session],
    analysed: tuple[int, ...],
    analysis: Analysis,
    reviewer: _Reviewer,
) -> None:
    """An omniscient record read event by event: each analysed decision handed to ``reviewer``, and
    after each event the secrets each seat could still consider (``analysis.timeline``)."""
    space = analysis.secrets
    while not feed.done():
        index = feed.index
        event = record.events[index]
        actor = feed.actor(event)
        if actor in analysed and sessions[actor].my_turn() and sessions[actor].stopped is None:
            session = sessions[actor]
            later = record.events[index:]
            reviewer.add(index, actor, session, event, partial(_true_world, session, feed), later)
        heard = feed.step()
        for seat, events in heard.items():
            for view_event in events:
                if sessions[seat].stopped is None:
                    sessions[seat].apply(view_event, strict=False)
        if space:
            counts = {}
            for seat, session in sessions.items():
                post = session.posterior()
                counts[seat] = 0 if post is None else post.count
            analysis.timeline.append(TimelinePoint(index, counts))


def _thinking(reviewer: _Reviewer, budget: Budget) -> Thinking:
    """How the round's thinking time was given (`Thinking`)."""
    valued = [v for v, _ in reviewer.valued]
    advised = sum(1 for v in valued if v.stake > 0)
    one = sum(1 for v in valued if v.weighed == 1)
    exact = len(valued) - advised - one
    seconds = None if budget.worlds is not None else budget.seconds * advised
    return Thinking(seconds, budget.worlds, advised, one, exact)


def _analyze_view(
    record: Record, seats: Iterable[int] | None, budget: Budget, progress: Progress | None, jobs: int = 1
) -> Analysis:
    """A record seen from one seat: that seat's decisions, the true deal from what was shown."""
    view = record.view
    assert view is not None
    analysed = (view,) if seats is None else tuple(seats)
    others = [s for s in analysed if s != view]
    if others:
        raise StichError(
            f"the record is seen from {record.players[view]} (seat {view}): only that seat's decisions "
            f"can be analysed, not {record.players[others[0]]}'s"
        )
    final = Session(record, strict=False)
    if final.stopped is not None:
        raise StichError(f"the record cannot be read to its end: {final.stopped}")
    shown = _Shown(record, final, budget.seed)
    session = Session(replace(record, events=[]), strict=False)
    analysis = Analysis(record, analysed, report=check_report(record), view=view)
    space = session.tracker.space if session.tracker is not None else None
    analysis.secrets = 0 if space is None else space.size
    analysis.secret_sampled = len(shown.secrets) > 1
    with _Reviewer(jobs, progress, len(record.events), budget) as reviewer:
        for index, event in enumerate(record.events):
            actor = seat_index(event["seat"], record.players) if "seat" in event else session.to_move()
            if actor in analysed and actor == view and session.my_turn():
                truth = partial(shown.world, index, session)
                reviewer.add(index, view, session, event, truth, record.events[index:])
            session.apply(event, strict=False)
            if space is not None:
                post = session.posterior()
                analysis.timeline.append(TimelinePoint(index, {view: 0 if post is None else post.count}))
        analysis.reviews.extend(reviewer.reviews())
    analysis.thinking = _thinking(reviewer, budget)
    return analysis
