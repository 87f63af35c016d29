"""A round seen from one seat analysed: a `stich live` journal's (``--round N``) or a seat-view
record. The seat's own decisions, advice from its view, and the values in the deal the round
showed: where every card of the hands was shown, the same values as the omniscient record's
analysis; cards never shown are drawn at random, and the output says so."""

from __future__ import annotations

import html
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.cli import app
from stich.games.errors import StichError
from stich.games.match import Match, play_match
from stich.games.record import simulate
from stich.games.views import seat_view
from stich.hints.advice import Budget
from stich.hints.analysis import Review, analyze
from stich.hints.live import LiveGame
from stich.hints.report import render_html
from tests.hints.test_live import feed, game_lines

runner = CliRunner()
SEAT = 1


def _journal(tmp_path: Path, game_id: str, players: int, options: dict[str, object], seed: int) -> Match:
    """A whole game played by `stich live` from Ben's seat; the journal is ``tmp_path/journal.json``."""
    match = play_match(game_id, players, seed=seed, options=options)
    first_dealer = match.players[match.rounds[0].dealer]
    path = tmp_path / "journal.json"
    live = LiveGame.new(game_id, match.players, match.players[SEAT], first_dealer, options, path)
    feed(live, game_lines(match, SEAT))
    return match


def _values(reviews: list[Review]) -> dict[int, dict[str, float] | None]:
    return {r.event: r.values for r in reviews}


@pytest.mark.parametrize(
    ("game_id", "players", "options", "seed"),
    [
        ("stiche-raten", 4, {"sequence": "constant", "first_round": 4, "rounds": 2}, 11),
        ("24", 3, {}, 8),
    ],
)
def test_analyze_journal_round(
    tmp_path: Path, game_id: str, players: int, options: dict[str, object], seed: int
) -> None:
    match = _journal(tmp_path, game_id, players, options, seed)
    budget = ["--worlds", "1", "--seed", "1", "--json"]
    result = runner.invoke(app, ["analyze", str(tmp_path / "journal.json"), "--round", "2", *budget])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["view"] == SEAT and data["seats"] == [SEAT]
    assert data["decisions"] and all(d["seat"] == SEAT for d in data["decisions"])
    # Every card of a played-out trick game is shown by the end, but those 24's players gave away
    # at the exchange (and drew, the others): the plays draw nothing, and each value the journal's
    # deal gives without drawing is the one the omniscient record's analysis gives. (24's call and
    # exchange are valued where the journal shows enough: the cards given away are drawn.)
    plays = [d for d in data["decisions"] if d["decision"] == "play"]
    assert plays and all(d["sampled"] == 0 for d in plays)
    truth = analyze(match.rounds[1], seats=[SEAT], budget=Budget(worlds=1, seed=1))
    assert [d["event"] for d in data["decisions"]] == [r.event for r in truth.reviews]
    for decision, review in zip(data["decisions"], truth.reviews, strict=True):
        expected = None if review.values is None else {k: round(v, 4) for k, v in review.values.items()}
        if decision["sampled"] == 0 and (decision["values"] is not None or decision["decision"] == "play"):
            assert decision["values"] == expected, decision["event"]
        assert decision["label"] == review.label


def test_analyze_journal_round_says_what_was_drawn_at_random(tmp_path: Path) -> None:
    """A Stich für Stich round ends when the case is solved: the cards still in the hands were
    never shown, so the values at the plays rest on a deal drawn at random — and the text, the
    JSON and the HTML say so."""
    _journal(tmp_path, "stich-fuer-stich", 3, {}, 11)
    path = str(tmp_path / "journal.json")
    budget = ["--worlds", "1", "--seed", "1"]
    data = json.loads(runner.invoke(app, ["analyze", path, "--round", "1", *budget, "--json"]).stdout)
    drawn = data["sampled"]
    assert drawn > 0 and max(d["sampled"] for d in data["decisions"]) == drawn
    text = runner.invoke(app, ["analyze", path, "--round", "1", *budget])
    assert text.exit_code == 0, text.output
    joined = " ".join(text.stdout.split())
    assert "seen from Ben" in joined and f"{drawn} cards never shown drawn at random" in joined
    page = tmp_path / "round.html"
    runner.invoke(app, ["analyze", path, "--round", "1", *budget, "--html", str(page)])
    assert f"{drawn} cards never shown drawn at random" in page.read_text(encoding="utf-8")


def test_a_seat_view_record_is_analysed_as_the_seat_saw_it() -> None:
    record = simulate("stiche-raten", 4, 7, {"first_round": 3})
    view = seat_view(record, 2)
    mine = analyze(view, budget=Budget(worlds=1, seed=0))
    truth = analyze(record, seats=[2], budget=Budget(worlds=1, seed=0))
    assert mine.view == 2 and mine.seats == (2,)
    assert _values(mine.reviews) == _values(truth.reviews)
    assert [r.verdict for r in mine.reviews] == [r.verdict for r in truth.reviews]
    assert "from Carla's seat" in html.unescape(render_html(mine))


def test_a_seat_view_record_refuses_another_seat() -> None:
    view = seat_view(simulate("stiche-raten", 3, 1, {"first_round": 2}), 0)
    with pytest.raises(StichError, match="only that seat's decisions"):
        analyze(view, seats=[1], budget=Budget(worlds=1))


def test_analyze_round_of_a_game_is_named_or_refused_in_one_line(tmp_path: Path) -> None:
    _journal(tmp_path, "stiche-raten", 4, {"sequence": "constant", "first_round": 4, "rounds": 2}, 11)
    path = str(tmp_path / "journal.json")
    for args, said in (
        ([], "holds a game of 2 rounds: give --round N (1 to 2)"),
        (["--round", "3"], "--round 3"),
        (["--round", "0"], "--round 0"),
    ):
        result = runner.invoke(app, ["analyze", path, *args, "--worlds", "1"])
        assert result.exit_code == 1, result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("stich: error: ") and said in lines[0]
