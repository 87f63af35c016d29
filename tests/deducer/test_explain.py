"""Hypothesis conflicts: really inconsistent, minimal, and said in one sentence naming the events."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from stich.deducer.explain import (
    Oracle,
    clues_consistent,
    conflict_message,
    cp_sat_core,
    find_hypothesis_conflict,
    minimal_conflict,
)
from stich.deducer.hypotheses import (
    Clue,
    HypothesisSpace,
    consistent_brute_force,
    evidence,
)
from stich.games.cards import Card
from stich.games.record import simulate
from stich.games.stich_fuer_stich import STICH_FUER_STICH
from stich.games.views import seat_view
from stich.games.was_sticht import WAS_STICHT
from tests.deducer.test_hypotheses import NAMES, random_clues, rulebook_record

WS = WAS_STICHT.deck.parse
SFS = STICH_FUER_STICH.deck.parse


def column(number: int, event: int, picks: list[tuple[int, str]], announced: int) -> Clue:
    seats = tuple(seat for seat, _ in picks)
    cards: tuple[Card, ...] = tuple(WS(card) for _, card in picks)
    return Clue("column", event, number, seats, cards, announced)


@pytest.mark.parametrize("oracle", ["deletion", "cp-sat"])
@pytest.mark.parametrize("space", [WAS_STICHT, STICH_FUER_STICH], ids=lambda s: s.game)
def test_every_conflict_is_inconsistent_and_minimal(space: HypothesisSpace, oracle: Oracle) -> None:
    rng = random.Random(99 + len(oracle))
    found = 0
    for _ in range(700):
        clues = random_clues(space, rng)
        needed = minimal_conflict(space, clues, oracle)
        if clues_consistent(space, clues):
            assert needed == []
            continue
        found += 1
        chosen = [clues[k] for k in needed]
        assert not clues_consistent(space, chosen)
        for k in range(len(chosen)):
            assert clues_consistent(space, chosen[:k] + chosen[k + 1 :])
        message = conflict_message(space, NAMES, chosen)
        assert "cannot" in message and message.count(":") == 1
        for clue in chosen:
            if clue.event is not None:
                assert str(clue.event) in message
    assert found > 100


def test_cp_sat_core_is_infeasible_and_absent_when_all_fits() -> None:
    rng = random.Random(5)
    for _ in range(200):
        clues = random_clues(WAS_STICHT, rng)
        core = cp_sat_core(WAS_STICHT, clues)
        if clues_consistent(WAS_STICHT, clues):
            assert core is None
        else:
            assert core is not None and not clues_consistent(WAS_STICHT, [clues[k] for k in core])


def test_two_columns_that_cannot_both_hold() -> None:
    # Column 1, the rulebook's: Carla's Y2 wins, so 2 is the trump number, or yellow is the trump
    # suit and the number is none of 7, 6, 3. Column 2: Anna's G3 wins after Ben's R1 lead, so
    # G3 is a trump: green with 2 makes G2 the supertrump, and 3 is no longer possible.
    first = column(1, 4, [(0, "B7"), (1, "R6"), (2, "Y2"), (3, "R3")], 2)
    second = column(2, 9, [(1, "R1"), (2, "G2"), (3, "R2"), (0, "G3")], 0)
    assert clues_consistent(WAS_STICHT, [first]) and clues_consistent(WAS_STICHT, [second])
    assert minimal_conflict(WAS_STICHT, [first, second]) == [0, 1]
    assert conflict_message(WAS_STICHT, NAMES, [second, first]) == (
        "columns 1 and 2 (events 4 and 9) cannot both hold: "
        "no trumps make Carla's Y2 win column 1 and Anna's G3 win column 2"
    )


def test_a_reveal_against_a_column_says_what_really_wins() -> None:
    first = column(1, 4, [(0, "B7"), (1, "R6"), (2, "Y2"), (3, "R3")], 2)
    reveal = Clue("reveal", 45, hypothesis=WAS_STICHT.index(0, 5))  # red/6
    message = conflict_message(WAS_STICHT, NAMES, [reveal, first])
    assert message == (
        "column 1 and the reveal red/6 (events 4 and 45) cannot both hold: "
        "with trumps red/6, Ben's R6 wins column 1, not Carla's Y2"
    )


def test_a_false_suspicion_against_a_known_secret() -> None:
    secret = Clue("secret", None, hypothesis=STICH_FUER_STICH.index(2, 3), audience=frozenset({3}))
    answer = Clue("answer", 12, 2, hypothesis=STICH_FUER_STICH.index(2, 3), solved=False, seat=0)
    message = conflict_message(STICH_FUER_STICH, NAMES, [answer, secret])
    assert message == (
        "the known culprit and weapon gardener/knife and Anna's false suspicion gardener/knife after "
        "trick 2 (event 12; known.secret) cannot both hold: with culprit and weapon gardener/knife, "
        "the guess gardener/knife is right"
    )


def test_a_trick_that_cannot_hold_on_its_own() -> None:
    # Two phantoms and nothing else that is a trump can be: the first phantom always wins.
    cards = (SFS("P1"), SFS("P2"), SFS("I1"))
    # I1 is a culprit trump whenever the influencer is the culprit, and then it beats both phantoms.
    trick = Clue("trick", 3, 1, (0, 1, 2), cards, 1)
    assert not clues_consistent(STICH_FUER_STICH, [trick])
    assert conflict_message(STICH_FUER_STICH, NAMES, [trick]) == (
        "trick 1 (event 3) cannot hold: no culprit and weapon make Ben's P2 win trick 1"
    )


def test_no_conflict_in_a_consistent_record() -> None:
    assert find_hypothesis_conflict(evidence(rulebook_record())) is None
    for seed in range(5):
        record = simulate("stich-fuer-stich", 4, seed)
        assert find_hypothesis_conflict(evidence(seat_view(record, seed % 4))) is None


def test_a_lying_announcement_in_a_record_is_named_with_its_event() -> None:
    record = seat_view(simulate("was-sticht", 4, 3), 0)
    announcements = [i for i, e in enumerate(record.events) if "announce" in e]
    rng = random.Random(1)
    for _ in range(200):
        k = rng.choice(announcements[:6])
        picks = [e["seat"] for e in record.events[k - 4 : k]]
        events = list(record.events[: announcements[5] + 1])
        events[k] = {"announce": rng.choice(picks)}
        ev = evidence(replace(record, events=events))
        conflict = find_hypothesis_conflict(ev)
        if conflict is None:
            continue
        assert set(conflict.events) <= set(announcements) and len(conflict.events) >= 2
        assert conflict.message.startswith("columns ")
        assert all(str(e) in conflict.message for e in conflict.events)
        # The changed announcement is where the record first goes wrong, so it is named.
        assert k in conflict.events or not find_hypothesis_conflict(
            evidence(replace(record, events=[*events[:k], record.events[k], *events[k + 1 :]]))
        )
        return
    pytest.fail("no lie made the columns contradict each other")


def test_the_dealers_own_wrong_announcement_against_the_known_trumps() -> None:
    record = rulebook_record(view=3, secret=True)
    record = replace(record, events=[*record.events[:4], {"announce": 0}])  # Anna's B7 cannot win under red/2
    ev = evidence(record)
    assert ev.stopped is not None and ev.stopped.startswith("event 4")
    conflict = find_hypothesis_conflict(ev)
    assert conflict is not None and conflict.events == (4,)
    assert conflict.message == (
        "the known trumps red/2 and column 1 (event 4; known.secret) cannot both hold: "
        "with trumps red/2, Carla's Y2 wins column 1, not Anna's B7"
    )


def test_a_solved_answer_the_announcements_rule_out() -> None:
    record = seat_view(simulate("stich-fuer-stich", 4, 4), 0)
    guess = next(i for i, e in enumerate(record.events) if e.get("seat") == 0 and "guess" in e)
    ev = evidence(replace(record, events=record.events[:guess]))
    possible = consistent_brute_force(ev.space, ev.clues_for())
    ruled_out = next(h for h in range(ev.space.size) if not possible >> h & 1)
    pair = [ev.space.values[k][i] for k, i in enumerate(ev.space.split(ruled_out))]
    bad = {"seat": 0, "guess": pair, "answer": "solved"}
    ev = evidence(replace(record, events=[*record.events[:guess], bad]))
    conflict = find_hypothesis_conflict(ev)
    assert conflict is not None and guess in conflict.events
    assert "Anna's solved case" in conflict.message and "cannot" in conflict.message
