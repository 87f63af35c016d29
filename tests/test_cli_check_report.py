"""The check report typed (`RoundCheck`) and each game's own parts of the printed report."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from stich.games import GAME_IDS
from stich.games.record import check_report, check_round, simulate
from stich.games.reports import RoundCheck
from stich.games.was_sticht import TASK_TEXT


@pytest.mark.parametrize("game", GAME_IDS)
def test_round_check_json_reads_back_to_the_same_text(game: str) -> None:
    for seed in range(3):
        record = simulate(game, 4, seed)
        half = replace(record, events=record.events[: len(record.events) // 2])
        bad = replace(record, events=[*record.events[:5], record.events[4]])
        unstartable = replace(record, known={})
        for each in (record, half, bad, unstartable):
            report = check_report(each)
            again = RoundCheck.from_json(json.loads(json.dumps(report))).to_json()
            assert json.dumps(again) == json.dumps(report)
        assert check_round(record).ok and check_round(record).complete
        assert not check_round(bad).ok and check_round(bad).event == 5
        assert not check_round(unstartable).started


@pytest.mark.parametrize("game", GAME_IDS)
def test_each_game_tells_its_own_facts_of_the_report(game: str) -> None:
    options = {"dropping_out": True} if game == "24" else None
    record = simulate(game, 4, 1, options)
    check = check_round(record)
    rules = record.game_instance()
    lines = rules.check_lines(check, record.players, record.dealer)
    tables = rules.check_tables(check, record.players, False)
    heads = rules.check_fact_lines(check, record.players)
    assert all(key in check.result for key in rules.check_facts)
    if game == "24":
        assert heads[0] == f"rank order at the end: {check.result['order']}"
        dropped = [record.players[s] for s in check.result["dropped"]]
        assert len(heads) == 1 + bool(dropped)
        assert all(name in heads[-1] for name in dropped)
    elif game == "stich-fuer-stich":
        assert heads == [f"confidant: {record.players[check.result['confidant']]}"]
    else:
        assert heads == []
    if game != "was-sticht":
        assert (lines, tables) == ([], [])
        return
    tasks = check.result["tasks"]
    assert len(lines) >= len(tasks) > 0
    for seat, task in tasks.items():
        made = check.result["success"][seat]
        verb = "made" if made else "failed"
        said = f"{record.players[seat]} chose the task '{TASK_TEXT[task]}' and {verb}"
        assert any(line.startswith(said) for line in lines), lines
    (draft,) = tables
    assert draft.title == "draft" and len(draft.rows) == len(check.facts["columns"])
    assert all(row[0] == str(i) for i, row in enumerate(draft.rows, 1))
