"""Analysis of a recorded round: each choice's value in the true deal agrees with a plain minimax,
the verdicts follow from the values and the advice, and the deduction timeline is each seat's."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stich.games.record import Record, simulate, start_round
from stich.games.stiche_raten import SticheRatenRound, score_bid
from stich.games.views import seat_view
from stich.hints.advice import Advice, Alternative, Budget
from stich.hints.analysis import analyze, choice_key, event_label
from stich.hints.analysis.truth import verdict_of
from stich.hints.session import Session
from stich.solvers import ObjectiveSpec, position_of, reference_solve


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
    assert isinstance(state, SticheRatenRound)
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
    assert verdict_of(advice, a, 0.0) == (True, "best")
    assert verdict_of(advice, b, 0.0) == (False, "lucky")
    assert verdict_of(advice, a, 2.0) == (True, "unlucky")
    assert verdict_of(advice, c, 2.0) == (False, "mistake")
    close = _advice([5.0, 4.9, 1.0])
    assert verdict_of(close, choice_key(close.alternatives[1].action), 2.0) == (False, "unlucky")
    assert verdict_of(None, a, None) == (None, "forced")


def _upto_reveal(record: Record) -> Record:
    """The record up to the first trick's lead: the draft, the dealer's reveal and the tasks."""
    first = next(i for i, e in enumerate(record.events) if "play" in e)
    return replace(record, events=record.events[: first + 1])


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_analyze_was_sticht_round_does_not_crash(players: int, seed: int) -> None:
    """The dealer's reveal is an object ({"trump_suit": ..., "trump_number": ...}); it is analysed as
    every other decision (the draft, the tasks and the first lead here; whole rounds in
    test_analysis_every.py)."""
    record = _upto_reveal(simulate("was-sticht", players, seed))
    analysis = analyze(record, seats=[record.dealer], budget=Budget(worlds=1, seed=0))
    reveals = [r for r in analysis.reviews if r.decision == "reveal"]
    assert len(reveals) == 1 and reveals[0].seat == record.dealer
    trumps = reveals[0].action["reveal"]
    words = [str(trumps["trump_suit"] or "none"), str(trumps["trump_number"] or "none")]
    assert reveals[0].label == " ".join(["reveal", *words])  # as `stich live` takes it


def test_analyze_the_bundled_was_sticht_example_does_not_crash() -> None:
    from stich.hints.demo import example

    record = _upto_reveal(example("was-sticht"))
    analysis = analyze(record, seats=[record.dealer], budget=Budget(worlds=1, seed=0))
    assert any(r.decision == "reveal" for r in analysis.reviews)


@pytest.mark.parametrize(
    ("event", "label"),
    [
        ({"seat": 0, "exchange": ["R10"], "receive": ["B3"]}, "give R10"),
        ({"seat": 0, "exchange": []}, "keep your hand"),
        ({"seat": 1, "exchange": 2}, "exchange 2 cards"),
        ({"seat": 1, "guess": ["gardener", "pillow"], "answer": "false"}, "gardener pillow"),
        ({"reveal": {"trump_suit": "R", "trump_number": None}}, "reveal R none"),
        ({"seat": 2, "announce": 1}, "announce Ben"),
        ({"seat": 2, "announce": None}, "announce table"),
        ({"winner": 0}, "winner Anna"),
        ({"seat": 0, "play": "G1", "reverse": True}, "G1 reversing"),
        ({"seat": 0, "play": "R2", "trump": "G"}, "R2 naming G"),
        ({"seat": 0, "trump": "Y", "blind": True}, "Y blind"),
        ({"seat": 0, "drop": True, "exchange": []}, "drop out"),
        ({"seat": 0, "bid": 2}, "bid 2"),
        ({"seat": 0, "task": "no-red"}, "no-red"),
    ],
)
def test_event_label_is_what_a_player_writes(event: dict[str, object], label: str) -> None:
    assert event_label(event, ["Anna", "Ben", "Carla"]) == label


def test_analyze_progress_reaches_every_event() -> None:
    record = simulate("stiche-raten", 3, 2, {"first_round": 2})
    told: list[tuple[int, int]] = []
    analysis = analyze(record, budget=Budget(worlds=1, seed=0), progress=lambda d, t: told.append((d, t)))
    total = len(record.events)
    assert told[-1] == (total, total) and all(t == total for _, t in told)
    assert [d for d, _ in told] == sorted(d for d, _ in told)
    # Told before each decision, so that a slow one shows which it is.
    assert {r.event for r in analysis.reviews} <= {d for d, _ in told}


def test_a_guess_other_than_the_one_pair_left_is_not_forced() -> None:
    only = _advice([1.0])
    other = choice_key({"seat": 0, "guess": ["gardener", "knife"]})
    assert verdict_of(only, choice_key(only.action), None) == (True, "forced")
    assert verdict_of(only, other, None) == (False, "differs")
