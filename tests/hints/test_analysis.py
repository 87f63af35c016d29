"""Analysis of a recorded round: each choice's value in the true deal agrees with a plain minimax,
the verdicts follow from the values and the advice, and the deduction timeline is each seat's."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.record import Record, simulate, start_round
from games.stiche_raten import score_bid
from games.views import seat_view
from hints.advice import Advice, Alternative, Budget
from hints.analysis import _verdict, analyze, choice_key
from hints.session import Session
from solvers import ObjectiveSpec, position_of, reference_solve


def _reference_scores(record: Record, event: int, seat: int) -> dict[str, float]:
    """Each legal card's score for ``seat`` in the true deal, by the reference minimax: the most
    tricks it can take and the fewest the others can hold it to after the card (the advice's
    model of a bid: a count in between can be steered to)."""
    state = start_round(record)
    for e in record.events[:event]:
        state.apply(e)
    others = tuple(s for s in range(state.game.players) if s != seat)
    teams = ((seat,), others)
    mine = position_of(state, objective=ObjectiveSpec("tricks", seat=seat), teams=teams)
    theirs = position_of(state, objective=ObjectiveSpec("tricks", seat=others[0]), teams=teams)
    most = {state.deck.name_of(card): v for (card, _), v in reference_solve(mine)[1]}
    held = {state.deck.name_of(card): v for (card, _), v in reference_solve(theirs)[1]}
    left = mine.tricks_left()
    bid = state.bids[seat]
    assert bid is not None
    need = bid - state.won[seat]
    scores = {}
    for card, top in most.items():
        fewest = left - held[card]
        tricks = state.won[seat] + min(max(need, fewest), top)
        scores[card] = float(score_bid(bid, tricks, state.scoring(), state.blind))
    return scores


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_play_values_in_the_true_deal_agree_with_the_reference_minimax(seed: int) -> None:
    record = simulate("stiche-raten", 4, seed, {"first_round": 4})
    analysis = analyze(record, budget=Budget(worlds=2, seed=seed))
    plays = [r for r in analysis.reviews if r.decision == "play" and r.values is not None]
    assert plays
    for review in plays:
        assert review.values == _reference_scores(record, review.event, review.seat)
        best = max(review.values.values())
        assert set(review.best) == {label for label, v in review.values.items() if v == best}
        assert review.cost == best - review.values[review.label]


def test_every_analysed_decision_is_the_records_event_of_that_seat() -> None:
    record = simulate("wizard", 3, 4)
    analysis = analyze(record, seats=[1], budget=Budget(worlds=2, seed=0))
    assert analysis.reviews and all(r.seat == 1 for r in analysis.reviews)
    for review in analysis.reviews:
        assert review.action == record.events[review.event]
    report = analysis.to_json()
    assert report["seats"] == [1] and len(report["decisions"]) == len(analysis.reviews)


def test_the_timeline_counts_what_each_seat_can_still_consider() -> None:
    """After each event, the count of each seat equals a fresh reading of that seat's view of the
    record cut there."""
    record = simulate("stich-fuer-stich", 4, 5)
    analysis = analyze(record, seats=[], budget=Budget(worlds=1))
    assert analysis.secrets == 28 and len(analysis.timeline) == len(record.events)
    for point in analysis.timeline[::9]:
        cut = replace(record, events=record.events[: point.event + 1])
        for seat in range(4):
            posterior = Session(seat_view(cut, seat)).posterior()
            assert posterior is not None and point.counts[seat] == posterior.count
    assert all(p.counts[record.dealer] == 1 for p in analysis.timeline)  # the confidant knows


def _advice(values: list[float], stderr: float = 0.1, separated: bool = True) -> Advice:
    alternatives = tuple(
        Alternative({"seat": 0, "play": card}, card, v, stderr)
        for card, v in zip("ABC", values, strict=False)
    )
    return Advice(0, "play", alternatives[0].action, alternatives, 10, separated, "", "", 0.0, "points")


def test_verdicts() -> None:
    advice = _advice([5.0, 4.0, 1.0])
    a, b, c = (choice_key(x.action) for x in advice.alternatives)
    assert _verdict(advice, a, 0.0) == (True, "best")
    assert _verdict(advice, b, 0.0) == (False, "lucky")
    assert _verdict(advice, a, 2.0) == (True, "unlucky")
    assert _verdict(advice, c, 2.0) == (False, "mistake")
    close = _advice([5.0, 4.9, 1.0])
    assert _verdict(close, choice_key(close.alternatives[1].action), 2.0) == (False, "unlucky")
    assert _verdict(None, a, None) == (None, "forced")
