"""Was sticht?: the advisor's draft pick, by the round it leads to over the trumps still possible
(hints/advisors/was_sticht/draft.py; the dealer's in hints/advisors/was_sticht/advisor.py), and what the
advice shows of it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import stich
from stich.deducer.information import information
from stich.games.was_sticht import DECK, WasStichtRound
from stich.hints.advice import Advice, Budget, advise
from stich.hints.advisors.was_sticht import draft
from stich.hints.advisors.was_sticht.heuristic import card_strength
from stich.hints.session import Session
from tests.hints.test_advice_numbers import check_chances, check_reason_quotes_figures, check_separated
from tests.hints.test_was_sticht_playout import _heads, _record


def _at(players: int, seed: int, cut: int) -> tuple[Session, WasStichtRound]:
    """The session of the seat to move after the first ``cut`` events of a simulated round."""
    head = replace(_record(players, seed), events=_record(players, seed).events[:cut])
    mover = Session.from_record(head, 0).to_move()
    assert mover is not None
    session = Session.from_record(head, mover)
    state = session.round
    assert isinstance(state, WasStichtRound) and state.phase == "draft"
    return session, state


def _strength(session: Session, h: int, card: int) -> float:
    assert session.tracker is not None
    return card_strength(session.tracker.space.rules(h), card, DECK.all & ~(1 << card))


def _advice(session: Session) -> Advice:
    return advise(session, Budget(worlds=2, seed=1))


def _picks(session: Session) -> list[int]:
    return [DECK.parse(str(e["pick"])) for e in session.legal()]


def _former(session: Session, possible: list[int], card: int) -> float:
    """The former draft's score: the strength averaged over the trumps still possible, plus 0.1 ×
    the bits the announcement after the column will tell."""
    assert session.tracker is not None
    report = information(session.tracker.evidence())
    told = {c.card: report.current_entropy - c.expected_entropy for c in report.candidates}
    return sum(_strength(session, h, card) for h in possible) / len(possible) + 0.1 * told[card]


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_the_rest_of_the_draft_is_dealt_as_the_game_deals_it(players: int, seed: int) -> None:
    # A world deals the rest of the draft at random: the hands it gives are the hands the game
    # gives when those picks are made in pick order and the dealer announces each column.
    record = _record(players, seed)
    rng = random.Random(seed)
    checked = 0
    for cut, event in enumerate(record.events):
        if "pick" not in event:
            continue
        head = replace(record, events=record.events[:cut])
        session = Session.from_record(head, event["seat"])
        state = session.round
        assert isinstance(state, WasStichtRound)
        left, later = draft._rest_of_draft(state, rng)
        for pick in _picks(session):
            hands = draft._hands_after(state, pick, left, later)
            game = stich.replay(head)  # omniscient: the dealer's announcements follow
            assert isinstance(game, WasStichtRound)
            order = [*state.column_cards, pick, *(c for c in left if c != pick)]
            columns = [order, *later]
            while game.phase != "reveal":
                if game.phase == "announce":
                    (announce,) = game.legal_events()
                    game.apply(announce)
                    continue
                card = columns[0][len(game.column_cards)]
                game.apply({"seat": game.pick_order()[len(game.column_cards)], "pick": DECK.name_of(card)})
                if game.phase == "announce":
                    columns.pop(0)
            assert hands == [game.hands[s] for s in range(players)]
            assert all(bin(h).count("1") == 9 for h in hands)
            checked += 1
    assert checked > 30


def test_a_pick_is_worth_the_best_task_of_the_hand_it_leads_to() -> None:
    # In one world, each pick's value is the most expected points of the seat's tasks in the deal
    # the world gives it, each task valued by its own play-outs with the others' tasks drawn.
    session, state = _at(4, 2, 5)
    valuation = draft.pick_valuation(session, state)
    scores, _ = valuation.evaluate(12345)
    values = state.game.chip_values()
    assert len(scores) == len(session.legal())
    for score in scores:
        assert 0.0 <= score <= max(values[t] for t in state.choices(session.seat))
        # a chip's value times a share of DRAFT_PLAYOUTS play-outs
        assert any(
            abs(score - values[t] * k / draft.DRAFT_PLAYOUTS) < 1e-9
            for t in state.choices(session.seat)
            for k in range(draft.DRAFT_PLAYOUTS + 1)
        )
    assert max(scores) > 0.0


def test_the_dealer_takes_the_strongest_card_under_the_trumps_it_knows() -> None:
    session, state = _at(3, 1, 2)  # the first column, the dealer (seat 2) picks last
    assert session.seat == state.dealer
    rules = state.rules()
    assert rules is not None
    picks = _picks(session)
    expected = max(picks, key=lambda c: card_strength(rules, c, DECK.all & ~(1 << c)))
    advice = _advice(session)
    assert advice.action["pick"] == DECK.name_of(expected)
    assert "bits_given" in advice.best.figures


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (3, 2), (4, 2)])
def test_the_draft_advice_quotes_its_own_figures(players: int, seed: int) -> None:
    checked = 0
    for _, session in _heads(players, seed, "draft"):
        advice = _advice(session)
        check_chances(advice)
        check_reason_quotes_figures(advice)
        check_separated(advice)
        assert advice.best.value == max(a.value for a in advice.alternatives)
        # A reason a player can follow: no set of trumps played for by its place in a list.
        assert "the first of" not in advice.reason
        if session.seat != session.round.dealer:
            assert "played for its best task (most often " in advice.reason
        checked += 1
    assert checked > 10
