"""Information value: expected posterior entropy of a pick or a card, for finders and hiders."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace

import numpy as np
import pytest

from stich.deducer.hypotheses import Evidence, consistent_brute_force, evidence, members
from stich.deducer.information import expected_entropies, information
from stich.games.cards import iter_cards
from stich.games.errors import StichError
from stich.games.record import Record, simulate
from stich.games.stich_fuer_stich import StichFuerStichRound
from stich.games.trick import trick_winner
from stich.games.views import seat_view
from stich.games.was_sticht import WasStichtRound
from tests.deducer.test_hypotheses import rulebook_record


def draft_views(count: int, seed: int) -> list[Evidence]:
    """Views of drafters at random points of random drafts (a pick is due)."""
    rng = random.Random(seed)
    found: list[Evidence] = []
    while len(found) < count:
        players = rng.choice([3, 4])
        record = simulate("was-sticht", players, rng.randrange(10**6))
        seat = rng.choice([s for s in range(players) if s != record.dealer])
        view = seat_view(record, seat)
        picks = [i for i, e in enumerate(view.events) if "pick" in e]
        ev = evidence(replace(view, events=view.events[: rng.choice(picks)]))
        if consistent_brute_force(ev.space, ev.clues_for()).bit_count() > 1:
            found.append(ev)
    return found


def turn_to_play(game_record: Record, seat: int, nth: int) -> Evidence:
    """``seat``'s view just before its ``nth`` play."""
    view = seat_view(game_record, seat)
    plays = [i for i, e in enumerate(view.events) if "play" in e and e["seat"] == seat]
    return evidence(replace(view, events=view.events[: plays[nth]]))


def test_expected_entropies_of_no_split_and_of_a_full_split() -> None:
    weights = np.array([0.5, 0.25, 0.25])
    current = 1.5
    same = np.zeros((3, 6), dtype=np.int64)
    assert expected_entropies(same, weights, None, [])[0] == pytest.approx(current)
    apart = np.array([[0] * 6, [1] * 6, [2] * 6])
    assert expected_entropies(apart, weights, None, [])[0] == pytest.approx(0.0)
    # Hider: the truth (row 0) shares its announcement with row 1 half of the time.
    mixed = np.array([[0, 0], [0, 1], [2, 2]])
    uniform = np.full(3, 1 / 3)
    mean, seats = expected_entropies(mixed, None, 0, [uniform])
    assert mean == pytest.approx((1.0 + 0.0) / 2) and seats == [mean]


def test_rulebook_column_2_for_the_drafter() -> None:
    report = information(evidence(rulebook_record()))
    assert report.mode == "finder" and report.seat == 1  # Ben has the marker for column 2
    assert report.current_entropy == pytest.approx(math.log2(11))
    assert [c.name for c in report.candidates] == ["R1", "R2", "R4", "R5"]
    assert report.completions == 6  # the three later pickers take the other three cards in any order
    assert all(0 <= c.expected_entropy <= report.current_entropy for c in report.candidates)


def test_was_sticht_values_match_a_plain_enumeration() -> None:
    for ev in draft_views(25, seed=3):
        state = ev.round
        assert isinstance(state, WasStichtRound)
        consistent = members(consistent_brute_force(ev.space, ev.clues_for()))
        report = information(ev)
        later = state.pick_order()[len(state.column_cards) + 1 :]
        for value in report.candidates:
            rest = [c for c in iter_cards(state.column_left) if c != value.card]
            total = 0.0
            orders = list(itertools.permutations(rest, len(later)))
            for order in orders:
                cards = [*state.column_cards, value.card, *order]
                if state.table_counts():
                    cards += [c for c in rest if c not in order]
                groups: dict[int, int] = {}
                for h in consistent:
                    winner = trick_winner(ev.space.rules(h), cards)
                    groups[winner] = groups.get(winner, 0) + 1
                total += sum(n / len(consistent) * math.log2(n) for n in groups.values())
            assert value.expected_entropy == pytest.approx(total / len(orders))


def test_a_pick_tells_nothing_exactly_when_every_completion_has_one_winner() -> None:
    uninformative = 0
    for ev in draft_views(40, seed=8):
        state = ev.round
        assert isinstance(state, WasStichtRound)
        consistent = members(consistent_brute_force(ev.space, ev.clues_for()))
        report = information(ev)
        later = state.pick_order()[len(state.column_cards) + 1 :]
        for value in report.candidates:
            rest = [c for c in iter_cards(state.column_left) if c != value.card]
            one_winner = True
            for order in itertools.permutations(rest, len(later)):
                cards = [*state.column_cards, value.card, *order]
                if state.table_counts():
                    cards += [c for c in rest if c not in order]
                winners = {trick_winner(ev.space.rules(h), cards) for h in consistent}
                one_winner &= len(winners) == 1
            assert one_winner == (value.expected_entropy == pytest.approx(report.current_entropy))
            uninformative += one_winner
            assert value.expected_entropy <= report.current_entropy + 1e-9
    assert uninformative > 0


def test_the_dealer_wants_the_others_in_the_dark() -> None:
    record = simulate("was-sticht", 4, 21)
    dealer = seat_view(record, record.dealer)
    picks = [i for i, e in enumerate(dealer.events) if "pick" in e and e["seat"] == record.dealer]
    cut = picks[1]  # the dealer's pick from column 2
    ev = evidence(replace(dealer, events=dealer.events[:cut]))
    report = information(ev)
    assert report.mode == "hider" and report.seat == record.dealer
    drafter = evidence(replace(seat_view(record, 0), events=dealer.events[:cut]))
    assert report.current_entropy == pytest.approx(
        math.log2(consistent_brute_force(drafter.space, drafter.clues_for()).bit_count())
    )
    high = [c.expected_entropy for c in report.want_high()]
    assert high == sorted(high, reverse=True)
    for value in report.candidates:
        assert set(value.by_seat) == set(report.audience) == {0, 1, 2, 3} - {record.dealer}
        assert 0 <= value.expected_entropy <= report.current_entropy + 1e-9


def test_stich_fuer_stich_exact_values_match_a_plain_enumeration() -> None:
    checked = 0
    for seed in range(30):
        record = simulate("stich-fuer-stich", 4, seed)
        seat = (record.dealer + 3) % 4  # plays third in the first trick: one later seat
        ev = turn_to_play(record, seat, 0)
        state = ev.round
        assert isinstance(state, StichFuerStichRound)
        if len(state.trick_cards) != 2:
            continue
        consistent = members(consistent_brute_force(ev.space, ev.clues_for()))
        hand = state.hands[seat] or 0
        unseen = list(iter_cards(state.deck.all & ~hand & ~state.gone))
        report = information(ev)
        assert report.exact and report.completions == len(unseen)
        for value in report.candidates:
            total = 0.0
            for card in unseen:
                cards = [*state.trick_cards, value.card, card]
                groups: dict[int, int] = {}
                for h in consistent:
                    winner = trick_winner(ev.space.rules(h), cards)
                    groups[winner] = groups.get(winner, 0) + 1
                total += sum(n / len(consistent) * math.log2(n) for n in groups.values())
            assert value.expected_entropy == pytest.approx(total / len(unseen))
        checked += 1
    assert checked >= 3


def test_stich_fuer_stich_sampled_deals_agree_with_the_exact_figures() -> None:
    ev = turn_to_play(simulate("stich-fuer-stich", 4, 5), 1, 1)
    exact = information(ev)
    sampled = information(ev, "sample", samples=4000, seed=2)
    assert not sampled.exact and sampled.completions == 4000
    for a, b in zip(exact.candidates, sampled.candidates, strict=True):
        assert a.card == b.card
        assert a.expected_entropy == pytest.approx(b.expected_entropy, abs=0.06)


def test_the_confidant_keeps_each_sleuth_in_the_dark() -> None:
    record = simulate("stich-fuer-stich", 4, 6)
    ev = turn_to_play(record, record.dealer, 1)
    report = information(ev)
    assert report.mode == "hider" and report.seat == record.dealer
    assert set(report.audience) <= {s for s in range(4) if s != record.dealer}
    for value in report.candidates:
        assert set(value.by_seat) == set(report.audience)
        assert value.expected_entropy == pytest.approx(np.mean(list(value.by_seat.values())))
    lows = report.want_low()
    assert lows[0].expected_entropy <= lows[-1].expected_entropy
    assert report.want_high()[0].expected_entropy == lows[-1].expected_entropy


def test_information_needs_a_pick_or_the_views_own_turn() -> None:
    record = simulate("stich-fuer-stich", 4, 6)
    view = seat_view(record, 0)
    first_play = next(i for i, e in enumerate(view.events) if "play" in e and e["seat"] != 0)
    with pytest.raises(StichError, match="turn to play"):
        information(evidence(replace(view, events=view.events[:first_play])))
    done = evidence(seat_view(simulate("was-sticht", 4, 1), 0))
    with pytest.raises(StichError, match="draft picks"):
        information(done)
