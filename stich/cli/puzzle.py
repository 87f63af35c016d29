"""``stich puzzle``: make puzzles, check them, show their solutions, solve one yourself."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from stich.games.errors import StichError

if TYPE_CHECKING:
    from stich.puzzles import Puzzle, Verdict
from stich.cli._common import fail, note_missing_kernel, print_json, use_symbols, user_errors

__all__ = ["app"]

app = typer.Typer(
    name="puzzle",
    help="Deduction and endgame puzzles: make them, check them, see their solutions, solve them yourself.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

FORMATS = ("json", "md", "html")


def _note_kernel_for_endgames(kinds: list[str]) -> None:
    """The missing-kernel note of the searching commands, for endgames only: trump and case
    puzzles never search (and need not load the solvers)."""
    if "endgame" in kinds:
        note_missing_kernel()


@app.command("new")
def new_cli(
    game: Annotated[str, typer.Argument(help="Game id, e.g. stiche-raten (see `stich games`).")],
    kind: Annotated[
        str | None,
        typer.Option(
            "--kind",
            "-k",
            help="trump (was-sticht), case (stich-fuer-stich) or endgame; default: the game's own.",
        ),
    ] = None,
    grade: Annotated[str, typer.Option("--grade", "-g", help="easy, medium, hard or expert.")] = "medium",
    count: Annotated[int, typer.Option("--count", "-n", help="How many puzzles.")] = 1,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help="The same seed gives the same puzzles.")
    ] = None,
    output: Annotated[
        str, typer.Option("--format", "-f", help="json, md (Markdown) or html (printable).")
    ] = "json",
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write to this file (never overwritten).")
    ] = None,
    budget: Annotated[
        int | None,
        typer.Option(
            "--budget", help="Attempts per puzzle before giving up (default 3000; endgames 1000 positions)."
        ),
    ] = None,
) -> None:
    """Generate puzzles with exactly one answer, each clue needed, of the grade asked for."""
    # The generator pulls in the solvers and OR-Tools: imported when a command needs it.
    from stich.puzzles import default_kind, dumps, generate, html_sheet, markdown

    with user_errors():
        if output not in FORMATS:
            raise StichError(f"--format must be one of {', '.join(FORMATS)}, not {output!r}")
        if out is not None:
            _check_out(out)
        if kind == "endgame" or (kind is None and default_kind(game) == "endgame"):
            _note_kernel_for_endgames(["endgame"])
        if count > 1:
            with _progress(count) as advance:
                batch = generate(game, kind, grade, count, seed, budget, advance)
        else:
            batch = generate(game, kind, grade, count, seed, budget)
    puzzles = list(batch.puzzles)
    if output == "json":
        text = dumps(puzzles)
    elif output == "md":
        text = markdown(puzzles)
    else:
        text = html_sheet(puzzles)
    if out is None:
        sys.stdout.write(text)
    else:
        with user_errors():
            _write_new(out, text)
        typer.echo(f"{len(puzzles)} puzzle(s) written to {out} (seed {batch.seed})", err=True)


def _check_out(out: Path) -> None:
    """Refuse an --out that exists or whose folder does not, before any puzzle is made."""
    if out.exists() or out.is_symlink():
        raise StichError(f"{out} already exists; choose another --out")
    folder = out.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise StichError(f"cannot write {out}: {folder} {what}")


def _write_new(out: Path, text: str) -> None:
    """Write a file that must not exist yet (never replacing one made meanwhile)."""
    try:
        with out.open("x", encoding="utf-8") as file:
            file.write(text)
    except FileExistsError:
        raise StichError(f"{out} already exists; choose another --out") from None
    except OSError as exc:
        raise StichError(f"cannot write {out}: {exc.strerror or exc}") from None


class _progress:
    """A progress bar on standard error for long batches (silent when it is not a terminal)."""

    def __init__(self, total: int) -> None:
        # rich is loaded only for a batch: it takes a noticeable share of a one-puzzle command.
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        console = Console(stderr=True)
        self.bar = Progress(
            TextColumn("puzzles"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
            disable=not console.is_terminal,
        )
        self.task = self.bar.add_task("puzzles", total=total)

    def __enter__(self) -> Callable[[int], None]:
        self.bar.start()
        return lambda done: self.bar.update(self.task, completed=done)

    def __exit__(self, *exc: object) -> None:
        self.bar.stop()


@app.command("check")
def check_cli(
    path: Annotated[
        Path, typer.Argument(metavar="FILE", help="A puzzle file (JSON), or - for standard input.")
    ],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Re-verify each puzzle: one answer (two independent checks), every clue needed, the grade."""
    from stich.puzzles import load_puzzles, verify

    with user_errors():
        puzzles = load_puzzles(path)
        _note_kernel_for_endgames([p.kind for p in puzzles])
        verdicts = [verify(puzzle) for puzzle in puzzles]
    if json_out:
        print_json({"ok": all(v.ok for v in verdicts), "puzzles": [v.to_json() for v in verdicts]})
    else:
        for number, (puzzle, verdict) in enumerate(zip(puzzles, verdicts, strict=True), 1):
            if verdict.ok:
                typer.echo(f"puzzle {number}: ok: {_summary(puzzle, verdict)}")
    bad = [(n, v) for n, v in enumerate(verdicts, 1) if not v.ok]
    if bad:
        number, verdict = bad[0]
        more = f" (and {len(bad) - 1} more puzzle(s) fail)" if len(bad) > 1 else ""
        raise fail(f"{path}: puzzle {number}: {'; '.join(verdict.problems)}{more}")


def _summary(puzzle: Puzzle, verdict: Verdict) -> str:
    checks = verdict.checks
    if puzzle.kind == "endgame":
        reference = "" if checks["reference"] is None else ", the reference minimax agrees"
        return (
            f"endgame, {verdict.grade}, the one card that works is {verdict.answer} "
            f"(depth {checks['depth']}, {checks['tempting']} tempting wrong move(s){reference})"
        )
    answers = checks["answers"]
    return (
        f"{puzzle.kind}, {verdict.grade}, answer {verdict.answer} (python-constraint: "
        f"{answers['constraint']} answer, CP-SAT: {answers['cp-sat']} answer; every clue needed)"
    )


@app.command("solve")
def solve_cli(
    path: Annotated[
        Path, typer.Argument(metavar="FILE", help="A puzzle file (JSON), or - for standard input.")
    ],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The answer of each puzzle and the steps that find it, worked out again."""
    from stich.puzzles import answer_text, explanation, load_puzzles, puzzle_json, shown_text, step_lines

    with user_errors():
        puzzles = load_puzzles(path)
        _note_kernel_for_endgames([p.kind for p in puzzles])
        solved = []
        for number, puzzle in enumerate(puzzles, 1):
            try:
                solved.append(explanation(puzzle))
            except StichError as exc:
                raise StichError(f"{path}: puzzle {number}: {exc}") from None
    if json_out:
        print_json(
            [
                {**puzzle_json(p), "explanation": [step.to_json() for step in steps]}
                for p, steps in zip(puzzles, solved, strict=True)
            ]
        )
        return
    symbols = use_symbols(False)  # cards as the game writes them where the terminal takes them
    for number, (puzzle, steps) in enumerate(zip(puzzles, solved, strict=True), 1):
        typer.echo(f"puzzle {number}: {answer_text(puzzle, symbols)} ({puzzle.grade})")
        for line in step_lines(steps, "  "):
            typer.echo(shown_text(puzzle, line, symbols))


@app.command("play")
def play_cli(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="A puzzle file (JSON).")],
) -> None:
    """Solve the puzzles yourself: type an answer and hear right or wrong; 'hint' gives the next step.

    Answers come one per line from standard input, so a pipe works as well as the keyboard.
    """
    from stich.puzzles import (
        HELP,
        PlaySession,
        answer_text,
        load_puzzles,
        question_text,
        shown_text,
        step_lines,
    )

    with user_errors():
        puzzles = load_puzzles(path)
    prompt = sys.stdin.isatty()
    symbols = use_symbols(False)  # cards as the game writes them where the terminal takes them
    for number, puzzle in enumerate(puzzles, 1):
        session = PlaySession(puzzle)
        typer.echo(f"Puzzle {number} of {len(puzzles)}: {question_text(puzzle, symbols)}")
        typer.echo(HELP)
        while not session.solved:
            if prompt:
                typer.echo("> ", nl=False)
            line = sys.stdin.readline()
            if not line:
                typer.echo("(end of input)")
                return
            entry = line.strip()
            command = entry.lower()
            if command in ("quit", "exit", "q"):
                return
            if command == "hint":
                typer.echo(shown_text(puzzle, session.hint(), symbols))
            elif command in ("show", "puzzle"):
                typer.echo(question_text(puzzle, symbols))
            elif command in ("", "help", "?"):
                typer.echo(HELP)
            elif command in ("give up", "solution", "answer"):
                typer.echo(f"The answer: {answer_text(puzzle, symbols)}.")
                for text in step_lines(puzzle.explanation, "  "):
                    typer.echo(shown_text(puzzle, text, symbols))
                break
            else:
                typer.echo(shown_text(puzzle, session.answer(entry).message, symbols))
        if session.solved:
            hints = f" with {session.hints_given} hint(s)" if session.hints_given else " without hints"
            typer.echo(f"Solved{hints} in {len(session.tries)} answer(s).")
