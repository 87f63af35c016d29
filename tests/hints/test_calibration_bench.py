"""bench/calibration.py: the reliability table, the Wilson interval, the diagram and one round of claims."""

from __future__ import annotations

import importlib.util
import math
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "calibration.py"


@pytest.fixture(scope="module")
def calibration() -> ModuleType:
    spec = importlib.util.spec_from_file_location("calibration_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_reliability_bands_shares_and_brier(calibration: ModuleType) -> None:
    Claim = calibration.Claim
    claims = [Claim("a", "bid", 0.15, False)] * 3 + [Claim("a", "bid", 0.15, True)]
    claims += [Claim("a", "bid", 0.95, True)] * 3 + [Claim("a", "bid", 1.0, False)]
    rel = calibration.Reliability.of(claims)
    assert [(round(low, 1), k) for low, _, k, _, _ in rel.rows] == [(0.1, 4), (0.9, 4)]
    assert rel.rows[0][4] == 0.25 and rel.rows[1][4] == 0.75
    assert rel.rows[1][3] == pytest.approx((3 * 0.95 + 1.0) / 4)
    brier = (3 * 0.15**2 + 0.85**2 + 3 * 0.05**2 + 1.0) / 8
    assert rel.brier == pytest.approx(brier)
    assert rel.banded() == pytest.approx(0.25 * 0.75)
    assert math.isnan(rel.worst_band(30)) and rel.worst_band(4) == pytest.approx(0.9625 - 0.75)
    assert rel.text("bids").endswith("worst band of 30 or more: none has 30")


def test_wilson_interval(calibration: ModuleType) -> None:
    low, high = calibration.wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = calibration.wilson(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)


def test_diagram_draws_each_series_with_its_legend(calibration: ModuleType) -> None:
    Claim = calibration.Claim
    bids = calibration.Reliability.of([Claim("a", "bid", p / 10, p > 4) for p in range(10)])
    cards = calibration.Reliability.of([Claim("a", "play", 0.9, True), Claim("a", "play", 0.1, False)])
    root = ET.fromstring(calibration.svg([("bids", bids), ("cards <&>", cards)], "a & b"))
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}polyline")) == 2
    assert len(root.findall(f"{ns}circle")) == len(bids.rows) + len(cards.rows)
    texts = [t.text or "" for t in root.findall(f"{ns}text")]
    assert any(t.startswith("bids: 10, claimed 45.0%, happened 50.0%") for t in texts)
    assert any(t.startswith("cards <&>: 2") for t in texts)


def test_one_round_of_claims(calibration: ModuleType) -> None:
    bots = tuple(calibration.parse_bot(b) for b in ("advisor:1", "heuristic", "advisor:1", "heuristic"))
    setup = calibration.Setup("stiche-raten", 3, bots, 4, "own", diagnose=True)
    claims = calibration.play_deal(setup, 0)
    kinds = {c.kind for c in claims}
    assert {"bid", "play", "bid-made"} <= kinds
    for c in claims:
        if c.kind in ("bid", "play"):
            assert c.bot == "advisor:1" and 0.0 <= c.claimed <= 1.0
            checks = dict(c.checks)
            assert checks["world"] in (0.0, 1.0)
            if c.kind == "bid":
                assert checks["bids"] in (0.0, 1.0) and checks["later"] >= 0
    # Each bot's bid is hit or not, once a round: two heuristic bids, whose outcome is known.
    assert len([c for c in claims if c.kind == "bid-made"]) == 2


def test_diagnose_is_refused_outside_the_bidding_games(
    calibration: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert calibration.main(["was-sticht", "--diagnose", "--deals", "1"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("stich: error: --diagnose") and err.count("\n") == 1


def test_claims_are_written_one_json_object_a_line(
    calibration: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    out = tmp_path / "claims.jsonl"
    args = ["stiche-raten", "--cards", "2", "--deals", "2", "--bots", "advisor:1,heuristic,heuristic"]
    assert calibration.main([*args, "--claims", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert {row["deal"] for row in rows} == {0, 1}  # each claim names its deal
    assert {row["kind"] for row in rows} >= {"bid", "bid-made"}
    for row in rows:
        assert set(row) == {"bot", "kind", "claimed", "happened", "deal"}
        assert isinstance(row["happened"], bool)
        if row["kind"] == "bid":
            assert row["bot"] == "advisor:1" and 0.0 <= row["claimed"] <= 1.0
    # the advisor's table of bids counts the same claims
    printed = capsys.readouterr().out
    table = printed.split("advisor:1, bids:")[1]
    overall = next(line for line in table.splitlines() if line.strip().startswith("overall"))
    assert int(overall.split()[1]) == sum(1 for row in rows if row["kind"] == "bid")
