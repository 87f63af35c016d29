"""Stich für Stich: the chance to solve now shown through the map of its player count."""

from __future__ import annotations

import random

import pytest

from stich.games.record import Record
from stich.games.registry import find
from stich.games.stich_fuer_stich import StichFuerStichRound
from stich.games.views import ViewFeed
from stich.hints.advice import Advice, Budget, advise
from stich.hints.advisors.stich_fuer_stich.advisor import GUESS_MAP
from stich.hints.advisors.stich_fuer_stich.belief import belief
from stich.hints.chance_maps import chance_map
from stich.hints.figures import CHANCE, shown
from stich.hints.play.arena import _matching
from stich.hints.play.bots import parse_bot


def _guesses(players: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Advice, Advice, float]]:
    """At each search of a case played by the heuristic bot where more than one pair is possible:
    the guess advised as shown, as the belief alone gives it, and the belief's top probability."""
    from stich.hints.session import Session

    game = find("stich-fuer-stich")(players, {})
    dealer, known = game.course().series_deal(random.Random(seed), 0)
    record = Record(game.id, [f"s{k}" for k in range(players)], dealer, [], dict(game.options), None, known)
    feed = ViewFeed(record, range(players))
    sessions = [Session(feed.header(seat), strict=False) for seat in range(players)]
    bot, rng = parse_bot("heuristic"), random.Random(seed)
    truth = feed.truth
    assert isinstance(truth, StichFuerStichRound)
    found = []
    while not truth.is_terminal():
        actor = truth.to_move()
        assert actor is not None
        session = sessions[actor]
        post = session.posterior()
        if truth.phase == "search" and post is not None and post.count > 1 and len(truth.legal_events()) > 1:
            budget = Budget(worlds=1, seed=1)
            mapped = advise(session, budget)
            monkeypatch.setenv("STICH_NO_CHANCE_MAPS", "1")
            raw = advise(session, budget)
            monkeypatch.delenv("STICH_NO_CHANCE_MAPS")
            weighed = belief(session)
            assert weighed is not None
            found.append((mapped, raw, max(weighed.probabilities)))
        event = _matching(bot.act(session, rng), truth.legal_events())
        for seat, heard in feed.extend(event).items():
            for seen in heard:
                sessions[seat].apply(seen, strict=False)
    return found


def test_three_players_guesses_show_the_beliefs_chance_through_the_map(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    mapping = chance_map(f"{GUESS_MAP}/3")
    assert mapping is not None
    found = [g for seed in (1, 2) for g in _guesses(3, seed, monkeypatch)]
    assert found
    for mapped, raw, top in found:
        assert raw.best.value == pytest.approx(top)  # without the map: the belief's probability
        assert mapped.best.action == raw.best.action  # the same guess
        assert mapped.best.value == pytest.approx(mapping(top))
        assert [a.label for a in mapped.alternatives] == [a.label for a in raw.alternatives]
        assert f"({shown(CHANCE, mapped.best.value)} to solve now)" in mapped.reason
    assert any(abs(m.best.value - r.best.value) > 0.01 for m, r, _ in found)  # the map moves some


def test_a_player_count_without_a_map_shows_the_belief(monkeypatch: pytest.MonkeyPatch) -> None:
    assert chance_map(f"{GUESS_MAP}/4") is None
    found = _guesses(4, 1, monkeypatch)
    assert found
    for mapped, raw, top in found:
        assert mapped.best.value == raw.best.value == pytest.approx(top)
