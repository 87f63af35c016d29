"""The rules of thumb a valuation falls back on when no world is solved: given by the advisor registry."""

from __future__ import annotations

import importlib
import random
from dataclasses import replace
from typing import Any

import pytest

from stich.games.errors import StichError
from stich.games.record import replay, simulate
from stich.hints.advisors import _MODULES, advisor_for, heuristic_for
from stich.hints.session import Session
from stich.hints.valuation import Budget, Valuation
from stich.solvers import SolveTimeout


def _first_play(game: str, players: int, options: dict[str, Any]) -> Session:
    record = simulate(game, players, 3, options)
    cut = next(i for i, e in enumerate(record.events) if "play" in e)
    head = replace(record, events=record.events[:cut])
    return Session.from_record(head, replay(head).round.to_move())


def _too_slow(world: Any) -> tuple[list[float], None]:
    raise SolveTimeout("the search ran past its deadline")


@pytest.mark.parametrize("game", ["stiche-raten", "wizard"])
def test_the_registry_gives_each_valuation_its_games_heuristic(game: str) -> None:
    session = _first_play(game, 4, {"first_round": 5} if game == "stiche-raten" else {})
    found = advisor_for(game).valuation(session)
    assert isinstance(found, Valuation)
    assert found.fallback is heuristic_for(game)
    assert found.fallback is importlib.import_module(_MODULES[game]).HEURISTIC


def test_a_valuation_straight_from_its_module_has_no_fallback_and_says_so() -> None:
    session = _first_play("stiche-raten", 4, {"first_round": 5})
    own = importlib.import_module(_MODULES["stiche-raten"]).ADVISOR.valuation(session)
    assert isinstance(own, Valuation) and own.fallback is None
    with pytest.raises(StichError, match=r"no world was solved within .* no rule of thumb to fall back on"):
        Valuation.advise(replace(own, evaluate=_too_slow), session, Budget(seconds=1, seed=1))
    # the same valuation from the registry plays the rules of thumb instead
    found = advisor_for("stiche-raten").valuation(session)
    assert isinstance(found, Valuation)
    advice = Valuation.advise(replace(found, evaluate=_too_slow), session, Budget(seconds=1, seed=1))
    assert advice.worlds == 0 and "heuristic" in advice.method
    assert advice.action == heuristic_for("stiche-raten")(session, random.Random(1))
