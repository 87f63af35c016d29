"""A round's undo snapshots, copied without copy.deepcopy for what a round holds, are the same
as deepcopy's: every example and simulated rounds of every game replay, undo and refuse alike."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stich.games.base import Round
from stich.games.errors import StichError
from stich.games.record import Record, load_record, simulate, start_round
from stich.games.registry import GAME_IDS, find
from stich.games.views import seat_view

EXAMPLES = sorted((Path(__file__).parents[1] / "stich" / "examples").glob("*.json"))


def deep_snapshot(state: Round) -> dict[str, Any]:
    """The snapshot as copy.deepcopy takes it."""
    return {k: copy.deepcopy(v) for k, v in state.__dict__.items() if k not in state._fixed}


def records() -> Iterator[Record]:
    """Every example, simulated rounds of every game at every player count, and seat views."""
    for path in EXAMPLES:
        yield load_record(path)
    for game_id in GAME_IDS:
        for players in find(game_id).player_counts:
            for seed in range(2):
                record = simulate(game_id, players, seed)
                yield record
                yield seat_view(record, seed % players)


def state_of(state: Round) -> dict[str, Any]:
    """What an event may change (not the game, deck, names, known block or history)."""
    return {k: v for k, v in state.__dict__.items() if k not in state._fixed}


def mutable_ids(value: Any, found: set[int]) -> set[int]:
    """The ids of the lists, dicts and sets reachable from ``value``."""
    if isinstance(value, (list, dict, set)):
        if id(value) in found:
            return found
        found.add(id(value))
        items = [*value.keys(), *value.values()] if isinstance(value, dict) else list(value)
        for item in items:
            mutable_ids(item, found)
    elif isinstance(value, tuple):
        for item in value:
            mutable_ids(item, found)
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        for item in vars(value).values():
            mutable_ids(item, found)
    return found


def test_snapshots_equal_deepcopy_and_share_no_more_with_the_round_at_every_event() -> None:
    checked = 0
    for record in records():
        state = start_round(record)
        for event in record.events:
            try:
                state.apply(event)
            except StichError:
                break
            quick, deep = state._snapshot(), deep_snapshot(state)
            assert quick == deep
            # shared with the live round: only what deepcopy shares too (the finished tricks)
            live = mutable_ids({k: v for k, v in state.__dict__.items() if k not in state._fixed}, set())
            assert mutable_ids(quick, set()) & live <= mutable_ids(deep, set()) & live
            checked += 1
    assert checked > 500


def test_rounds_replay_and_undo_the_same_with_either_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    for record in records():
        quick = start_round(record)
        with monkeypatch.context() as patched:
            patched.setattr(Round, "_snapshot", deep_snapshot)
            deep = start_round(record)
            states = [copy.deepcopy(state_of(deep))]
            for event in record.events:
                try:
                    deep.apply(event)
                except StichError:
                    break
                states.append(copy.deepcopy(state_of(deep)))
        for event, want in zip(record.events, states[1:], strict=False):
            quick.apply(event)
            assert state_of(quick) == want
        if quick.is_terminal():
            assert deep.is_terminal() and quick.result() == deep.result()
        for want in reversed(states[:-1]):
            quick.undo()
            assert state_of(quick) == want


def test_a_refused_event_leaves_the_round_as_it_was() -> None:
    rng = random.Random(1)
    refused = 0
    for record in records():
        state = start_round(record)
        for event in record.events:
            if "play" in event and rng.random() < 0.3:
                before = copy.deepcopy(state_of(state))
                wrong = {**event, "play": "no such card"}
                with pytest.raises(StichError):
                    state.apply(wrong)
                assert state_of(state) == before
                refused += 1
            try:
                state.apply(event)
            except StichError:
                break
    assert refused > 20
