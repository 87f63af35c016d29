"""``stich puzzle``, driven as a user would: new, check, solve, play (piped)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stich.cli import app

runner = CliRunner()
STICH = Path(sys.executable).parent / "stich"


@pytest.fixture(scope="module")
def trump_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("puzzles") / "trump.json"
    result = runner.invoke(
        app,
        [
            "puzzle",
            "new",
            "was-sticht",
            "--grade",
            "medium",
            "--count",
            "2",
            "--seed",
            "7",
            "--out",
            str(path),
        ],
    )
    assert result.exit_code == 0, result.output
    return path


def _one_line_error(result: object, expected: str) -> None:
    assert result.exit_code == 1  # type: ignore[attr-defined]
    stderr = result.stderr  # type: ignore[attr-defined]
    assert stderr.startswith("stich: error: ") and stderr.count("\n") == 1, stderr
    assert expected in stderr and "Traceback" not in result.output  # type: ignore[attr-defined]


def test_new_writes_a_puzzle_file_that_check_accepts(trump_file: Path) -> None:
    data = json.loads(trump_file.read_text(encoding="utf-8"))
    assert [p["kind"] for p in data] == ["trump", "trump"]
    assert set(data[0]) >= {"kind", "grade", "clues", "answer", "explanation"}
    assert all(set(c) == {"cards", "winner"} and len(c["cards"]) == 4 for c in data[0]["clues"])
    assert set(data[0]["answer"]) == {"trump_suit", "trump_number"}
    result = runner.invoke(app, ["puzzle", "check", str(trump_file)])
    assert result.exit_code == 0, result.output
    assert result.stdout.count(": ok: trump, medium, answer ") == 2
    assert "python-constraint: 1 answer, CP-SAT: 1 answer; every clue needed" in result.stdout
    report = json.loads(runner.invoke(app, ["puzzle", "check", str(trump_file), "--json"]).stdout)
    assert report["ok"] and all(
        p["checks"]["answers"] == {"constraint": 1, "cp-sat": 1} for p in report["puzzles"]
    )


def test_the_same_seed_prints_the_same_file() -> None:
    args = ["puzzle", "new", "stich-fuer-stich", "--grade", "hard", "--seed", "4"]
    one, two = runner.invoke(app, args), runner.invoke(app, args)
    assert one.exit_code == 0 and one.stdout == two.stdout
    assert json.loads(one.stdout)[0]["kind"] == "case"


def test_check_rejects_a_clue_removed_as_ambiguous(trump_file: Path, tmp_path: Path) -> None:
    data = json.loads(trump_file.read_text(encoding="utf-8"))
    del data[0]["clues"][0]
    path = tmp_path / "fewer.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["puzzle", "check", str(path)])
    _one_line_error(result, f"{path}: puzzle 1: ambiguous: ")
    assert "trumps fit the clues" in result.stderr and "a puzzle needs exactly one" in result.stderr


def test_check_rejects_a_clue_added_as_not_minimal(trump_file: Path, tmp_path: Path) -> None:
    data = json.loads(trump_file.read_text(encoding="utf-8"))
    puzzle = data[0]
    used = {card for clue in puzzle["clues"] for card in clue["cards"]}
    spare = [f"{c}{n}" for c in "RGYB" for n in range(1, 10) if f"{c}{n}" not in used][:4]
    # The true winner under the answer, by the game's own rules.
    from stich.games.trick import trick_winner
    from stich.games.was_sticht import DECK, parse_secret, was_sticht_rules

    rules = was_sticht_rules(*parse_secret(puzzle["answer"]))
    winner = trick_winner(rules, [DECK.parse(c) for c in spare])
    puzzle["clues"].append({"cards": spare, "winner": winner})
    path = tmp_path / "more.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["puzzle", "check", str(path)])
    _one_line_error(result, "puzzle 1: not minimal: without ")
    # The added column is named among the ones the answer does not need (with it, others may go too).
    assert f"column {len(puzzle['clues'])} the answer is still " in result.stderr


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (
            '{"format": "stich-round/1", "game": "was-sticht"}',
            "is not a puzzle file: it holds a round record",
        ),
        ("[1, 2]", "puzzle 1 must be an object with kind, grade, clues and answer, not 1"),
        ("not json", "not valid JSON at line 1"),
        ("[]", "holds no puzzles"),
        (
            '[{"kind": "trump", "grade": "easy", "clues": [{"cards": ["R3", "B7", "R6", "X2"], "winner": 3}],'
            ' "answer": {"trump_suit": "R", "trump_number": 2}}]',
            "puzzle 1: clue 1: unknown card 'X2' for was-sticht",
        ),
        (
            '[{"kind": "trump", "grade": "easy", "clues": [{"cards": ["R3", "B7", "R6", "Y2"], "winner": 4}],'
            ' "answer": {"trump_suit": "R", "trump_number": 2}}]',
            "winner 4 must be the index of a card in cards (0..3)",
        ),
        (
            '[{"kind": "case", "grade": "easy", "clues": [{"false_guess": ["butler", "knife"]}],'
            ' "answer": {"culprit": "gardener", "weapon": "knife"}}]',
            "unknown suspect 'butler'",
        ),
        (
            '[{"kind": "riddle", "grade": "easy"}]',
            'puzzle 1: "kind" must be one of trump, case, endgame, not "riddle"',
        ),
    ],
)
def test_check_names_bad_input_in_one_line(tmp_path: Path, content: str, expected: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    _one_line_error(runner.invoke(app, ["puzzle", "check", str(path)]), expected)


def test_an_expert_out_of_budget_says_so() -> None:
    result = runner.invoke(
        app, ["puzzle", "new", "was-sticht", "--grade", "expert", "--seed", "2", "--budget", "3"]
    )
    _one_line_error(
        result, "no expert trump puzzle for was-sticht found within the budget of 3 attempts (seed 2"
    )


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["puzzle", "new", "24", "--kind", "trump"], "trump puzzles are was-sticht puzzles, not 24 ones"),
        (["puzzle", "new", "was-sticht", "--grade", "fiendish"], "unknown grade 'fiendish'"),
        (["puzzle", "new", "was-sticht", "--format", "pdf"], "--format must be one of json, md, html"),
        (["puzzle", "new", "was-sticht", "--count", "0"], "--count must be 1 to 10,000, not 0"),
        (["puzzle", "new", "was-sticht", "--count", "10001"], "--count must be 1 to 10,000, not 10001"),
        (
            ["puzzle", "new", "was-sticht", "--budget", "99999999999999999999"],
            "--budget must be 1 to 100,000, not 99999999999999999999",
        ),
        (
            ["puzzle", "new", "was-sticht", "--out", "/nonexistent/p.json"],
            "cannot write /nonexistent/p.json: /nonexistent does not exist",
        ),
        (["puzzle", "check", "/nonexistent.json"], "no such file"),
    ],
)
def test_new_and_check_refuse_bad_requests(args: list[str], expected: str) -> None:
    _one_line_error(runner.invoke(app, args), expected)


def test_new_into_a_folder_that_is_a_file_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "notes.txt"
    blocker.write_text("notes", encoding="utf-8")
    result = runner.invoke(app, ["puzzle", "new", "was-sticht", "--out", str(blocker / "p.json")])
    _one_line_error(result, f"cannot write {blocker / 'p.json'}: {blocker} is not a folder")
    assert blocker.read_text(encoding="utf-8") == "notes"


def test_new_never_overwrites(tmp_path: Path) -> None:
    out = tmp_path / "mine.json"
    out.write_text("notes", encoding="utf-8")
    _one_line_error(runner.invoke(app, ["puzzle", "new", "was-sticht", "--out", str(out)]), "already exists")
    assert out.read_text(encoding="utf-8") == "notes"


def test_solve_gives_the_answer_and_the_steps(trump_file: Path) -> None:
    data = json.loads(trump_file.read_text(encoding="utf-8"))
    result = runner.invoke(app, ["puzzle", "solve", str(trump_file)])
    assert result.exit_code == 0, result.output
    first = data[0]["answer"]
    assert result.stdout.startswith("puzzle 1: ")
    assert "Only " in result.stdout and "is left" in result.stdout
    solved = json.loads(runner.invoke(app, ["puzzle", "solve", str(trump_file), "--json"]).stdout)
    assert solved[0]["answer"] == first and solved[0]["explanation"] == data[0]["explanation"]


def test_formats_markdown_and_html() -> None:
    md = runner.invoke(
        app, ["puzzle", "new", "was-sticht", "--grade", "easy", "--seed", "1", "--format", "md"]
    )
    assert md.exit_code == 0 and md.stdout.startswith("# Puzzles") and "# Answers" in md.stdout
    page = runner.invoke(
        app, ["puzzle", "new", "stiche-raten", "--grade", "easy", "--seed", "1", "-f", "html"]
    )
    assert page.exit_code == 0 and page.stdout.startswith("<!DOCTYPE html>") and "Answer key" in page.stdout


def _answer(path: Path, index: int = 0) -> str:
    answer = json.loads(path.read_text(encoding="utf-8"))[index]["answer"]
    return f"{answer['trump_suit'] or 'none'} {answer['trump_number'] or 'none'}"


def test_play_reads_answers_and_hints_from_standard_input(trump_file: Path) -> None:
    wrong = "none none"
    lines = ["hint", wrong, _answer(trump_file, 0), "hint", _answer(trump_file, 1)]
    result = runner.invoke(app, ["puzzle", "play", str(trump_file)], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Puzzle 1 of 2" in out and "Puzzle 2 of 2" in out
    assert "Hint 1/" in out and "Wrong." in out and out.count("Right: ") == 2
    assert "Solved with 1 hint(s) in 2 answer(s)." in out


def test_play_through_a_real_pipe(trump_file: Path) -> None:
    lines = f"what\n{_answer(trump_file, 0)}\n"
    done = subprocess.run(
        [str(STICH), "puzzle", "play", str(trump_file)],
        input=lines,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Unreadable: " in done.stdout and "Right: " in done.stdout
    assert done.stdout.rstrip().endswith("(end of input)")  # the pipe ran dry in puzzle 2


def test_play_an_endgame(tmp_path: Path) -> None:
    path = tmp_path / "endgame.json"
    made = runner.invoke(app, ["puzzle", "new", "24", "--grade", "medium", "--seed", "3", "--out", str(path)])
    assert made.exit_code == 0, made.output
    answer = json.loads(path.read_text(encoding="utf-8"))[0]["answer"]
    assert answer["reverse"] is True
    lines = f"{answer['card']}\n{answer['card']} reverse\n"
    result = runner.invoke(app, ["puzzle", "play", str(path)], input=lines)
    assert "Wrong. That move fails against the best defence." in result.stdout
    assert f"Right: {answer['card']} reversing." in result.stdout


def test_the_puzzle_commands_are_listed_and_a_malformed_line_is_one_usage_error() -> None:
    assert re.search(r"│ puzzle +Deduction and endgame puzzles", runner.invoke(app, ["-h"]).stdout)
    listed = runner.invoke(app, ["puzzle", "-h"])
    assert listed.exit_code == 0 and all(
        f"│ {name} " in listed.stdout for name in ("new", "check", "solve", "play")
    )
    result = runner.invoke(app, ["puzzle", "new"])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert result.stderr.startswith("stich: error: Missing argument 'game'")


def test_the_missing_kernel_note_comes_for_endgames_only(
    trump_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from stich import solvers

    endgame = tmp_path / "endgame.json"
    made = runner.invoke(
        app, ["puzzle", "new", "stiche-raten", "--grade", "easy", "--seed", "1", "-o", str(endgame)]
    )
    assert made.exit_code == 0, made.output
    monkeypatch.setattr(solvers.solver, "_dd", None)
    monkeypatch.setattr(solvers.solver, "_KERNEL_ERROR", "No module named 'stich.solvers._dd'")
    # Trump and case puzzles never search: no note (and the solvers need not be loaded).
    quiet = runner.invoke(app, ["puzzle", "check", str(trump_file)])
    assert quiet.exit_code == 0 and quiet.stderr == ""
    for args in (["check", str(endgame)], ["solve", str(endgame)], ["new", "24", "--seed", "1"]):
        noted = runner.invoke(app, ["puzzle", *args])
        assert noted.exit_code == 0, noted.output
        lines = noted.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(
            "stich: note: the compiled search kernel is not available"
        )
