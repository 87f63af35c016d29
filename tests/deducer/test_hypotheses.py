"""The hypothesis models: what a view still allows, by three evaluators that must agree."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from stich.deducer.hypotheses import (
    METHODS,
    Clue,
    ClueKind,
    HypothesisSpace,
    HypothesisTracker,
    Method,
    consistent_hypotheses,
    consistent_leaving_out,
    deduce,
    evidence,
    members,
    posterior,
)
from stich.games.errors import StichError
from stich.games.record import Record, replay, simulate
from stich.games.stich_fuer_stich import STICH_FUER_STICH
from stich.games.trick import trick_winner
from stich.games.views import seat_view
from stich.games.was_sticht import TABLE, WAS_STICHT

NAMES = ["Anna", "Ben", "Carla", "Dan"]


def rulebook_layout() -> list[list[str]]:
    """The rulebook's first column (R3 B7 R6 Y2), the other cards in order after it."""
    first = ["R3", "B7", "R6", "Y2"]
    rest = [f"{c}{n}" for c in "RGYB" for n in range(1, 10) if f"{c}{n}" not in first]
    return [first] + [rest[i * 4 : (i + 1) * 4] for i in range(8)]


def rulebook_record(view: int = 0, secret: bool = False) -> Record:
    """The rulebook's draft example as the format page writes it: Anna B7, Ben R6, Carla Y2, Dan R3;
    the dealer Dan announces Carla."""
    known: dict[str, object] = {"layout": rulebook_layout()}
    if secret:
        known["secret"] = {"trump_suit": "R", "trump_number": 2}
    events: list[dict[str, object]] = [
        {"seat": 0, "pick": "B7"},
        {"seat": 1, "pick": "R6"},
        {"seat": 2, "pick": "Y2"},
        {"seat": 3, "pick": "R3"},
        {"announce": 2},
    ]
    return Record("was-sticht", list(NAMES), 3, events, view=view, known=known)


def texts(space: HypothesisSpace, mask: int) -> set[str]:
    return {space.text(h) for h in members(mask)}


# -- random observation sequences -------------------------------------------------------


def random_clues(space: HypothesisSpace, rng: random.Random) -> list[Clue]:
    """A random sequence of clues: announcements mostly true under one secret, sometimes not;
    in Stich für Stich answers to guesses; now and then a reveal or a known secret."""
    truth = rng.randrange(space.size)
    clues: list[Clue] = []
    was_sticht = space.game == "was-sticht"
    players = rng.choice([3, 4])
    event = 0
    for number in range(1, rng.randint(0, 9 if was_sticht else 7) + 1):
        start = rng.randrange(players)
        seats = [(start + k) % players for k in range(players)]
        if was_sticht and players == 3 and rng.random() < 0.7:
            seats.append(TABLE)
        cards = tuple(rng.sample(range(space.deck.size), len(seats)))
        liar = rng.random() < 0.12
        position = rng.randrange(len(seats)) if liar else trick_winner(space.rules(truth), cards)
        event += len(seats) + 1
        kind: ClueKind = "column" if was_sticht else "trick"
        clues.append(Clue(kind, event, number, tuple(seats), cards, seats[position]))
        if not was_sticht:
            for seat in seats[: rng.randint(0, 2)]:
                guess = truth if rng.random() < 0.15 else rng.randrange(space.size)
                solved = guess == truth if rng.random() < 0.95 else guess != truth
                event += 1
                clues.append(Clue("answer", event, number, hypothesis=guess, solved=solved, seat=seat))
    if was_sticht and rng.random() < 0.1:
        secret = truth if rng.random() < 0.8 else rng.randrange(space.size)
        clues.append(Clue("reveal", event + 1, hypothesis=secret))
    if rng.random() < 0.05:
        clues.insert(0, Clue("secret", None, hypothesis=truth))
    return clues


@pytest.mark.parametrize("space", [WAS_STICHT, STICH_FUER_STICH], ids=lambda s: s.game)
def test_three_evaluators_agree_on_random_sequences(space: HypothesisSpace) -> None:
    rng = random.Random(20260301 + len(space.game))
    empty = narrowed = 0
    for _ in range(2000):
        clues = random_clues(space, rng)
        found = [consistent_hypotheses(space, clues, method) for method in METHODS]
        assert found[0] == found[1] == found[2], clues
        empty += found[0] == 0
        narrowed += 1 < found[0].bit_count() < space.size
    # Both consistent and contradictory sequences were tried, in numbers.
    assert empty > 200 and narrowed > 300


@pytest.mark.parametrize("space", [WAS_STICHT, STICH_FUER_STICH], ids=lambda s: s.game)
def test_a_limit_stops_each_evaluator_at_that_many_hypotheses(space: HypothesisSpace) -> None:
    rng = random.Random(20260402 + len(space.game))
    counts = set()
    for _ in range(300):
        clues = random_clues(space, rng)
        everything = consistent_hypotheses(space, clues)
        for method in METHODS:
            found = consistent_hypotheses(space, clues, method, limit=2)
            # Some of the consistent ones, as many as the limit allows.
            assert found & ~everything == 0, (method, clues)
            assert found.bit_count() == min(2, everything.bit_count()), (method, clues)
        counts.add(min(2, everything.bit_count()))
    # None, one and several consistent hypotheses were all tried.
    assert counts == {0, 1, 2}


@pytest.mark.parametrize("space", [WAS_STICHT, STICH_FUER_STICH], ids=lambda s: s.game)
def test_leaving_out_each_clue_is_the_evaluator_on_the_other_clues(space: HypothesisSpace) -> None:
    rng = random.Random(20260403 + len(space.game))
    for _ in range(60):
        clues = random_clues(space, rng)
        others = [[*clues[:k], *clues[k + 1 :]] for k in range(len(clues))]
        expected = [consistent_hypotheses(space, rest) for rest in others]
        for method in METHODS:
            assert consistent_leaving_out(space, clues, method) == expected, method
            limited = consistent_leaving_out(space, clues, method, limit=2)
            for found, everything in zip(limited, expected, strict=True):
                assert found & ~everything == 0 and found.bit_count() == min(2, everything.bit_count())


@pytest.mark.parametrize("game", ["was-sticht", "stich-fuer-stich"])
def test_three_evaluators_agree_on_views_of_played_rounds(game: str) -> None:
    rng = random.Random(7)
    for seed in range(60):
        players = 3 + seed % 2
        record = simulate(game, players, seed)
        seat = rng.randrange(players)
        view = seat_view(record, seat)
        view = replace(view, events=view.events[: rng.randint(0, len(view.events))])
        ev = evidence(view)
        for who in [seat, *ev.others()]:
            found = {consistent_hypotheses(ev.space, ev.clues_for(who), m) for m in METHODS}
            assert len(found) == 1


# -- the rulebook -------------------------------------------------------------------------


@pytest.mark.parametrize("method", METHODS)
def test_rulebook_draft_example_column_1(method: Method) -> None:
    # Blue 7 led, Carla's Yellow 2 wins: Y2 is a trump. Either 2 is the trump number (any
    # suit), or yellow is the trump suit and none of B7, R6, R3 is a number trump.
    result = deduce(rulebook_record(), method)
    assert texts(WAS_STICHT, result.posterior.possible) == {
        "red/2",
        "green/2",
        "yellow/2",
        "blue/2",
        "no suit/2",
        "yellow/1",
        "yellow/4",
        "yellow/5",
        "yellow/8",
        "yellow/9",
        "yellow/no number",
    }
    assert result.posterior.probabilities[WAS_STICHT.index(0, 1)] == pytest.approx(1 / 11)


def test_rulebook_example_marginals() -> None:
    post = deduce(rulebook_record()).posterior
    suits, numbers = post.marginals()
    assert suits == pytest.approx([1 / 11, 1 / 11, 7 / 11, 1 / 11, 1 / 11])
    assert numbers[1] == pytest.approx(5 / 11)  # P(trump number = 2)
    assert numbers[9] == pytest.approx(1 / 11)  # P(no trump number)
    assert sum(post.probabilities) == pytest.approx(1.0)


def test_the_dealer_knows_the_trumps_and_sees_what_the_others_can_still_consider() -> None:
    result = deduce(rulebook_record(view=3, secret=True))
    assert texts(WAS_STICHT, result.posterior.possible) == {"red/2"}
    assert result.posterior.entropy == 0
    assert set(result.others) == {0, 1, 2}
    drafter = deduce(rulebook_record()).posterior.possible
    assert all(other.possible == drafter for other in result.others.values())


def test_the_reveal_pins_the_trumps() -> None:
    record = simulate("was-sticht", 4, 11)
    view = seat_view(record, 0)
    reveal = next(i for i, e in enumerate(view.events) if "reveal" in e)
    before = deduce(replace(view, events=view.events[:reveal]))
    after = deduce(replace(view, events=view.events[: reveal + 1]))
    assert after.posterior.count == 1
    assert before.posterior.possible & after.posterior.possible == after.posterior.possible


# -- views ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["was-sticht", "stich-fuer-stich"])
def test_from_the_holders_view_each_other_seat_sees_what_its_own_view_sees(game: str) -> None:
    for seed in range(12):
        players = 3 + seed % 2
        record = simulate(game, players, seed)
        cut = random.Random(seed).randint(0, len(record.events))
        short = replace(record, events=record.events[:cut])
        holder = deduce(seat_view(short, record.dealer))
        for seat, other in holder.others.items():
            own = deduce(seat_view(short, seat)).posterior
            assert other.possible == own.possible, (seed, seat)


@pytest.mark.parametrize("game", ["was-sticht", "stich-fuer-stich"])
def test_the_true_secret_stays_possible_for_every_seat(game: str) -> None:
    for seed in range(20):
        players = 3 + seed % 2
        record = simulate(game, players, seed)
        ev = evidence(seat_view(record, 0))
        truth = next(
            c.hypothesis for c in evidence(seat_view(record, record.dealer)).clues if c.kind == "secret"
        )
        assert deduce(seat_view(record, seed % players)).posterior.possible >> truth & 1
        assert ev.clues  # the view saw announcements


def test_other_sleuths_results_carry_no_clue() -> None:
    record = simulate("stich-fuer-stich", 4, 3)
    view = seat_view(record, 1)
    ev = evidence(view)
    answers = [c for c in ev.clues if c.kind == "answer"]
    assert answers and all(c.seat == 1 for c in answers)
    others = [e for e in view.events if "solved" in e and e.get("seat") != 1]
    assert others  # the view heard other sleuths' results, and they gave no clue


def test_a_false_suspicion_excludes_that_pair() -> None:
    record = simulate("stich-fuer-stich", 4, 8)
    view = seat_view(record, 0)
    guess = next(i for i, e in enumerate(view.events) if e.get("seat") == 0 and "guess" in e)
    before = deduce(replace(view, events=view.events[:guess])).posterior.possible
    after = deduce(replace(view, events=view.events[: guess + 1])).posterior.possible
    pair = view.events[guess]["guess"]
    h = STICH_FUER_STICH.index(*(STICH_FUER_STICH.values[k].index(pair[k]) for k in range(2)))
    assert view.events[guess]["answer"] == "false"
    assert after == before & ~(1 << h)


def test_an_omniscient_record_is_refused() -> None:
    with pytest.raises(StichError, match="omniscient"):
        deduce(simulate("stich-fuer-stich", 4, 1))


def test_other_games_have_no_secret_to_deduce() -> None:
    record = seat_view(simulate("stiche-raten", 4, 1), 0)
    with pytest.raises(StichError, match="no hidden secret"):
        deduce(record)


def test_a_winner_no_pair_allows_ends_the_reading_as_a_clue() -> None:
    record = simulate("stich-fuer-stich", 4, 2)
    view = seat_view(record, 0)
    # Find an announcement that some other seat of the trick can never be said to win.
    for i, event in enumerate(view.events):
        if "winner" not in event:
            continue
        outcome = replay(replace(view, events=view.events[:i]))
        state = outcome.round
        for seat in state.trick_seats:
            trial = replace(view, events=[*view.events[:i], {"winner": seat}])
            if not replay(trial).ok:
                ev = evidence(trial)
                assert ev.stopped is not None and ev.clues[-1].kind == "trick"
                assert ev.clues[-1].event == i and ev.clues[-1].announced == seat
                assert deduce(trial).posterior.count == 0
                return
    pytest.fail("no rejected announcement found")


def test_a_rejected_event_that_is_no_claim_about_the_secret_is_an_error() -> None:
    view = seat_view(simulate("stich-fuer-stich", 4, 2), 0)
    with pytest.raises(StichError, match="event 0"):
        deduce(replace(view, events=[{"seat": 1, "play": "I1"}]))


def test_the_tracker_updates_event_by_event_as_the_whole_record_does() -> None:
    view = seat_view(simulate("stich-fuer-stich", 3, 4), 1)
    tracker = HypothesisTracker(replace(view, events=[]))
    for k, event in enumerate(view.events):
        tracker.apply(event)
        if k % 9 == 0:
            batch = deduce(replace(view, events=view.events[: k + 1]))
            assert tracker.possible() == batch.posterior.possible


def test_posterior_of_nothing_is_empty() -> None:
    post = posterior(WAS_STICHT, 0)
    assert post.count == 0 and post.entropy == 0 and sum(post.probabilities) == 0
