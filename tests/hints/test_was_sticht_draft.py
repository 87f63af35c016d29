"""Was sticht?: the advisor's draft pick, the strongest card under the trumps the hand plays for
(hints/advisors/was_sticht.py), and what the advice shows of it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from stich.deducer.hypotheses import members
from stich.deducer.information import information
from stich.games.was_sticht import DECK, WasStichtRound
from stich.hints.advice import Advice, Budget, advise
from stich.hints.advisors.was_sticht import PICK_VALUE
from stich.hints.advisors.was_sticht_heuristic import card_strength
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


@pytest.mark.parametrize(("seed", "cut", "trumps"), [(1, 0, "red/1"), (2, 4, "red/4")])
def test_a_drafter_takes_the_trump_of_the_first_trumps_possible(seed: int, cut: int, trumps: str) -> None:
    # 3 players. Seed 1, the first pick of the round: all 50 trumps are possible and the first, in
    # the order red, green, yellow, blue, no suit, each with 1 to 9 and then no number, is red/1.
    # Seed 2, the second column: the announcement after the first has ruled out red/1 to red/3.
    # Either way the drafter plays for red trumps, and the column's only red card is R3: the only
    # trump among the picks (no card of the trump number is there), so the strongest.
    session, state = _at(3, seed, cut)
    post = session.posterior()
    assert post is not None and session.tracker is not None
    possible = list(members(post.possible))
    assert session.seat != state.dealer and len(possible) > 1
    assert session.tracker.space.text(possible[0]) == trumps
    picks = _picks(session)
    assert [DECK.name_of(c) for c in picks if DECK.name_of(c)[0] == "R"] == ["R3"]
    assert not any(DECK.name_of(c)[1] == trumps[-1] for c in picks)

    advice = _advice(session)
    assert advice.action["pick"] == "R3"
    assert advice.value_name == PICK_VALUE
    assert trumps in advice.reason
    # The former rule, strength on average over the trumps still possible plus a tenth per bit,
    # takes another card here.
    assert DECK.name_of(max(picks, key=lambda c: _former(session, possible, c))) != "R3"
    for alternative in advice.alternatives:
        card = DECK.parse(alternative.label)
        assert alternative.value == alternative.figures["strength"] == _strength(session, possible[0], card)


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
        # The value is the strength shown, and the best is the strongest under the trumps named.
        assert all(a.value == a.figures["strength"] for a in advice.alternatives)
        assert advice.best.value == max(a.value for a in advice.alternatives)
        checked += 1
    assert checked > 10
