"""Bids and cards ranked by the margin over the others (``objective = "margin"``): the seat's round
points minus the mean of the other seats' in each play-out."""

from __future__ import annotations

import pytest

from stich.games.errors import StichError
from stich.games.record import Record
from stich.games.registry import find
from stich.hints.advice import Budget, advise
from stich.hints.advisors.bidding import margin_of
from stich.hints.play.bots import parse_bot
from stich.hints.session import Session

NAMES = ["Anna", "Ben", "Carla", "Dan"]


def _dan_last_to_the_first_trick() -> Session:
    """Stiche-Raten, 4 players, 2 cards, hearts trump; bids Anna 2, Ben 0, Carla 1, Dan 1. Anna
    leads ♠5, Ben ♠9, Carla ♠K; Dan, void in spades, holds ♥A (the top trump) and ♣2.

    ♣2 lets Carla have the first trick and her bid, and ♥A takes the second: Dan hits his bid in
    every world. ♥A takes the first trick instead, and Dan leads ♣2 to the second, which Carla
    wins only with the best card of it: her bid breaks in most worlds, and Ben's when he takes
    the second; but ♣2 wins the second where no one else holds a club or a trump, and Dan's bid
    breaks then. By his own points ♣2 is best, by his margin over the others ♥A."""
    rules = find("stiche-raten")(4, {"first_round": 2})
    hands = {"0": ["5S", "3D"], "1": ["9S", "4D"], "2": ["KS", "5D"], "3": ["AH", "2C"]}
    known = {"hands": hands, "cards": 2, "trump_card": "3H"}
    bids = [{"seat": s, "bid": b} for s, b in enumerate([2, 0, 1, 1])]
    plays = [{"seat": s, "play": c} for s, c in enumerate(["5S", "9S", "KS"])]
    record = Record("stiche-raten", NAMES, 3, [*bids, *plays], dict(rules.options), None, known)
    return Session.from_record(record, 3, strict=True)


def test_margin_is_the_points_over_the_others_mean() -> None:
    assert margin_of([11, 10, 0, 2], 0) == pytest.approx(11 - 4)
    assert margin_of([11, 10, 0, 2], 2) == pytest.approx(-23 / 3)
    assert margin_of([5], 0) == 5


def test_breaking_a_rivals_bid_is_worth_its_cost_to_the_rival() -> None:
    session = _dan_last_to_the_first_trick()
    points = advise(session, Budget(worlds=20, seed=1))
    assert points.value_name == "expected points"
    assert points.action["play"] == "2C", points.reason
    assert points.best.figures["p_hit"] == 1.0

    session = _dan_last_to_the_first_trick()
    session.objective = "margin"
    margin = advise(session, Budget(worlds=20, seed=1))
    assert margin.value_name == "expected margin over the others"
    assert margin.action["play"] == "AH", margin.reason
    by_card = {a.label: a for a in margin.alternatives}
    # The points stay a figure, the same as ranked by them.
    assert by_card["2C"].figures["points"] == pytest.approx(11.0)
    assert by_card["AH"].figures["points"] < 11.0
    assert by_card["AH"].value > by_card["2C"].value
    assert "over the others' mean" in margin.reason


def test_bids_ranked_by_the_margin() -> None:
    rules = find("stiche-raten")(4, {"first_round": 3})
    known = {"hands": {"0": ["AS", "KS", "QS"]}, "cards": 3, "trump_card": "2S"}
    session = Session(Record("stiche-raten", NAMES, 3, [], dict(rules.options), 0, known))
    session.objective = "margin"
    advice = advise(session, Budget(worlds=4, seed=1))
    assert advice.value_name == "expected margin over the others"
    assert advice.action["bid"] == 3
    assert all("points" in a.figures for a in advice.alternatives)


def test_arena_bot_with_the_margin() -> None:
    spec = parse_bot("advisor:32:margin")
    assert (spec.worlds, spec.objective, spec.name) == (32, "margin", "advisor:32:margin")
    assert parse_bot("advisor:32").name == "advisor:32"
    for text in ("advisor:32:wins", "all-seeing:8:margin"):
        with pytest.raises(StichError, match="objective"):
            parse_bot(text)
