"""The arena: rotations pair the bots by deal, the figures are right, every backend agrees."""

from __future__ import annotations

import json
import math
import random
import statistics
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

from stich.cli import app
from stich.games.errors import StichError
from stich.hints.play.arena import (
    ArenaSpec,
    Played,
    estimate,
    play_game,
    play_table,
    run_arena,
    summarize,
    t95,
)
from stich.hints.play.bots import BotSpec, parse_bot
from stich.hints.session import Session

runner = CliRunner()


def _spec(
    game: str = "stiche-raten", bots: str = "heuristic,random,heuristic,random", rounds: int = 3
) -> ArenaSpec:
    options = {"first_round": 3} if game == "stiche-raten" else {}
    specs = tuple(parse_bot(b) for b in bots.split(","))
    return ArenaSpec(game, len(specs), specs, rounds, 5, options)


def test_each_deal_is_played_once_per_rotation_with_every_bot_at_every_seat() -> None:
    spec = _spec(bots="advisor:2,heuristic,random,random")
    played = [play_table(spec, 1, r, keep_record=True) for r in range(4)]
    assert [p.bots[0] for p in played] == ["advisor:2", "heuristic", "random", "random"]
    for seat in range(4):
        assert sorted(p.bots[seat] for p in played) == ["advisor:2", "heuristic", "random", "random"]
    # The same cards each time, whoever holds them.
    knowns = [p.record["known"] for p in played if p.record is not None]
    assert len(knowns) == 4 and all(k == knowns[0] for k in knowns)
    assert played[0].record is not None and played[0].record["arena"] == {
        "round": 1,
        "rotation": 0,
        "seed": 5,
    }


def test_round_sizes_follow_the_games_sequence() -> None:
    spec = _spec(rounds=1)
    sizes = [play_table(spec, i, 0, keep_record=True).record["known"]["cards"] for i in range(6)]  # type: ignore[index]
    assert sizes == [3, 2, 1, 2, 3, 3]  # 3 2 1 2 3, then the sequence again


def test_the_paired_difference_is_the_mean_of_per_deal_differences() -> None:
    spec = _spec(rounds=2, bots="heuristic,random,random,random")
    played = [
        Played(i, r, tuple(spec.bots[(s + r) % 4].name for s in range(4)), pts, ({},) * 4)
        for i, r, pts in [
            (0, 0, (10.0, 0.0, 0.0, 0.0)),
            (0, 1, (0.0, 0.0, 0.0, 6.0)),
            (0, 2, (0.0, 0.0, 2.0, 0.0)),
            (0, 3, (0.0, 4.0, 0.0, 0.0)),
            (1, 0, (1.0, 1.0, 1.0, 1.0)),
            (1, 1, (1.0, 1.0, 1.0, 1.0)),
            (1, 2, (1.0, 1.0, 1.0, 1.0)),
            (1, 3, (1.0, 1.0, 1.0, 5.0)),
        ]
    ]
    result = summarize(spec, played)
    heuristic, random_ = result.bots
    # Deal 0: the heuristic scored 10, 6, 2, 4 at seats 0, 3, 2, 1 (mean 5.5); random 0 everywhere.
    # Deal 1: heuristic 1, 1, 1, 1 -> 1; random eleven 1s and one 5 -> 16 / 12.
    assert heuristic.points.mean == pytest.approx((5.5 + 1) / 2)
    assert random_.points.mean == pytest.approx((0 + 16 / 12) / 2)
    diffs = [5.5 - 0, 1 - 16 / 12]
    pair = result.pairs[0]
    assert pair.points.mean == pytest.approx(statistics.mean(diffs))
    half = 12.706 * statistics.stdev(diffs) / math.sqrt(2)
    assert (pair.points.low, pair.points.high) == pytest.approx(
        (pair.points.mean - half, pair.points.mean + half)
    )


def test_the_interval_is_students_t() -> None:
    found = estimate([1.0, 2.0, 3.0, 4.0, 5.0])
    assert found.mean == 3.0
    assert found.high - found.mean == pytest.approx(2.776 * statistics.stdev([1, 2, 3, 4, 5]) / math.sqrt(5))
    assert t95(60) == pytest.approx(2.0003, abs=2e-4)  # tables: t(0.975, 60) = 2.000
    assert t95(120) == pytest.approx(1.9799, abs=2e-4)
    assert not estimate([2.0]).significant and math.isinf(estimate([2.0]).high)


def test_one_seed_gives_one_result_in_process_and_in_worker_processes() -> None:
    spec = _spec(bots="advisor:2,heuristic,random,random", rounds=2)
    alone = run_arena(spec).to_json()
    assert alone == run_arena(spec).to_json()
    assert alone == run_arena(spec, jobs=2).to_json()
    assert alone["played"] == 8 and [b["name"] for b in alone["bots"]] == ["advisor:2", "heuristic", "random"]
    assert {(p["a"], p["b"]) for p in alone["pairs"]} == {
        ("advisor:2", "heuristic"),
        ("advisor:2", "random"),
        ("heuristic", "random"),
    }


@pytest.mark.slow  # starts a local Ray
def test_a_local_ray_gives_the_same_json_as_one_process() -> None:
    pytest.importorskip("ray")  # the cluster extra; CI installs it
    args = ["arena", "stiche-raten", "-n", "3", "--bots", "heuristic,random,advisor:2", "-r", "2"]
    args += ["-o", "first_round=2", "--json", "--seed", "3"]
    one = runner.invoke(app, [*args, "--jobs", "1"])
    assert one.exit_code == 0, one.output
    on_ray = runner.invoke(app, [*args, "--jobs", "1", "--ray"])
    assert on_ray.exit_code == 0, on_ray.output
    assert json.loads(on_ray.stdout) == json.loads(one.stdout)


@pytest.mark.parametrize(
    ("game", "players", "figure"),
    [
        ("wizard", 3, "bid_hit"),
        ("was-sticht", 3, "task_made"),
        ("stich-fuer-stich", 3, "solved_trick"),
        ("24", 3, None),
    ],
)
def test_each_game_reports_its_figure(game: str, players: int, figure: str | None) -> None:
    spec = ArenaSpec(game, players, (parse_bot("heuristic"), parse_bot("random"), parse_bot("random")), 1, 2)
    found = run_arena(spec).to_json()
    assert found["points"] == ("fewer is better" if game == "24" else "more is better")
    for bot in found["bots"]:
        assert list(bot["figures"]) == ([figure] if figure else [])


def test_the_command_writes_records_that_stich_check_accepts(tmp_path: Path) -> None:
    out = tmp_path / "records"
    args = ["arena", "stich-fuer-stich", "-n", "3", "--bots", "heuristic,random,random", "-r", "1"]
    result = runner.invoke(app, [*args, "--records", str(out)])
    assert result.exit_code == 0, result.output
    assert "paired by deal" in result.stdout
    files = sorted(out.iterdir())
    assert [f.name for f in files] == [f"round-000000-{r}.json" for r in range(3)]
    checked = runner.invoke(app, ["check", str(files[1]), "--json"])
    assert checked.exit_code == 0, checked.output
    report = json.loads(checked.stdout)
    assert report["ok"] and report["complete"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--bots", "heuristic,oracle,random,random"], "unknown bot 'oracle'"),
        (["--bots", "heuristic,random"], "2 bots for 4 players"),
        (["--rounds", "0"], "--rounds 0: play at least 1 round"),
        (["--jobs", "0"], "--jobs 0"),
        (["--address", "127.0.0.1:6379"], "give --ray too"),
    ],
)
def test_bad_input_is_one_clear_line(args: list[str], said: str) -> None:
    base = ["arena", "stiche-raten", "-n", "4", "--bots", "heuristic,random,random,random", "-r", "1"]
    result = runner.invoke(app, [*base, *args])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("stich: error: ") and said in lines[0]


def test_an_unknown_game_is_refused_before_anything_is_played() -> None:
    with pytest.raises(StichError, match="game"):
        ArenaSpec("skat", 3, (parse_bot("random"),) * 3, 1, 1)


def test_a_cycle_repeats_the_first_rounds_of_the_series() -> None:
    spec = ArenaSpec("wizard", 3, (parse_bot("random"),) * 3, 1, 5, cycle=2)
    sizes = [play_table(spec, i, 0, keep_record=True).record["known"]["cards"] for i in range(5)]  # type: ignore[index]
    assert sizes == [1, 2, 1, 2, 1]


# -- the advisor playing to win ------------------------------------------------------------------


def test_the_advisor_playing_to_win_is_named_and_refused_where_it_cannot_be() -> None:
    assert parse_bot("advisor:8:win") == BotSpec("advisor", 8, objective="win")
    assert parse_bot("advisor:8:win").name == "advisor:8:win"
    assert parse_bot("advisor:8:points") == parse_bot("advisor:8")
    for bad in ("advisor:8:best", "all-seeing:8:win"):
        with pytest.raises(StichError, match="plays for points or to win"):
            parse_bot(bad)
    bots = tuple(parse_bot(b) for b in ("advisor:2:win", "heuristic", "heuristic", "heuristic"))
    with pytest.raises(StichError, match="plays to win whole games: give --games N"):
        ArenaSpec("stiche-raten", 4, bots, 1, 1, {"first_round": 3})
    with pytest.raises(StichError, match="the chance to win has no model"):
        ArenaSpec("stiche-raten", 4, bots, 1, 1, {"first_round": 3, "scoring": "minus"}, games=1)


def test_in_whole_games_the_advisor_playing_to_win_ranks_by_the_chance_from_the_scores_so_far(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import stich.hints.advice
    from stich.hints.play.bots import heuristic

    asked: list[tuple[str, Any, str]] = []

    def advise(session: Session, budget: Any) -> Any:
        standings = session.standings
        asked.append((session.names[session.seat], standings, session.objective))
        return SimpleNamespace(action=heuristic(session, random.Random(0)))

    monkeypatch.setattr(stich.hints.advice, "advise", advise)
    bots = tuple(parse_bot(b) for b in ("advisor:2:win", "advisor:2", "heuristic", "heuristic"))
    spec = ArenaSpec("stiche-raten", 4, bots, 1, 3, {"first_round": 3}, games=1)
    played = play_game(spec, 0, 0)
    assert {objective for name, _, objective in asked if name == "advisor:2"} == {"points"}
    assert all(standings is None for name, standings, _ in asked if name == "advisor:2")
    mine = [standings for name, standings, objective in asked if name == "advisor:2:win"]
    assert mine and all(s is not None for s in mine)
    assert {objective for name, _, objective in asked if name == "advisor:2:win"} == {"win"}
    # The standings of each round: the totals before it, the hand sizes of the rounds after it.
    totals = [(0, 0, 0, 0)]
    for p in played.rounds:
        totals.append(tuple(int(a + b) for a, b in zip(totals[-1], p.points, strict=True)))
    sizes = [3, 2, 1, 2, 3]
    expected = {(totals[k], tuple(sizes[k + 1 :])) for k in range(len(played.rounds))}
    assert {(s.scores, s.rounds_after) for s in mine} <= expected
    assert (totals[0], (2, 1, 2, 3)) in {(s.scores, s.rounds_after) for s in mine}
