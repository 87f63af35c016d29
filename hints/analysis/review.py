"""The analysis run: a record read (omniscient, or one seat's view from a `stich live`
journal), every decision of the analysed seats valued in its true deal and advised, in worker
processes where asked (``jobs``), the thinking time shared by what is at stake."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from stich.games.base import Event, seat_index
from stich.games.errors import StichError
from stich.games.record import Record, check_report
from stich.games.views import ViewFeed
from stich.hints.advice import Budget
from stich.hints.advisors import advisor_for
from stich.hints.analysis.model import (
    Analysis,
    Review,
    Thinking,
    TimelinePoint,
)
from stich.hints.analysis.truth import (
    Shown,
    Valued,
    advise_valued,
    budget_shares,
    default_budget,
    true_world,
    value_choices,
)
from stich.hints.session import Session
from stich.hints.worlds import World

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


def _value_decision(decision: _Decision) -> Valued:
    """A decision's true deal valued in a worker: the same as in the analysis's own process."""
    session = Session(decision.view, strict=False)
    truth = decision.truth
    return value_choices(
        decision.index, decision.seat, session, decision.event, decision.budget, lambda: truth, decision.later
    )


def _advise_decision(task: tuple[Valued, Record | None, Budget]) -> Review:
    """A decision's advice in a worker (`advise_valued`)."""
    return advise_valued(*task)


class _Reviewer:
    """Reviews the decisions in two passes: first each true deal is valued, which tells what is at
    stake in each decision, then the advice of each, the round's thinking time split by those
    stakes (`budget_shares`; a decision with one choice needs none). With ``jobs`` 1 in this process,
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
        self.valued: list[tuple[Valued, Record | None]] = []

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
            valued = value_choices(index, seat, session, event, self.budget, truth, later)
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
        budgets = budget_shares([valued.stake for valued, _ in self.valued], self.budget)
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
    decisions by what is at stake (`budget_shares`); its worlds, that many each. ``jobs`` > 1 reviews
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
            reviewer.add(index, actor, session, event, partial(true_world, session, feed), later)
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
    shown = Shown(record, final, budget.seed)
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
