"""Start-up time of the command line, against a one-command Typer app that prints a Rich table.

Each command runs as a fresh process (what a user waits for), the runs of all commands
interleaved so that they share the machine's conditions; the figure is the median wall
time of ``--runs`` runs each, and the ratio to the reference in the same run:

    python bench/startup.py --runs 21

The reference imports typer and rich and prints a five-row table, as ``stich games``
does with the games. Target: ``stich games`` within 1.5 times the reference.
Also shown: ``stich --version``, the imports a command that needs them pays
(``import deducer``; CP-SAT is imported only where it runs), and ``stich hint`` of a 13-card
Stiche-Raten bid with one world (``--worlds 1``): its start-up and little else, which a
``stich hint --time T`` pays on top of T (docs/advice.md, Speed).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from stich.games.record import simulate

REFERENCE = '''
import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer(add_completion=False)


@app.command()
def games() -> None:
    """List five things in a table."""
    table = Table(box=None)
    for name in ("id", "title", "players"):
        table.add_column(name)
    for i in range(5):
        table.add_row(f"game-{i}", f"Game {i}", "3-5")
    Console().print(table)


if __name__ == "__main__":
    app()
'''

TARGET = 1.5


def wall_time(command: list[str]) -> float:
    """Seconds one run of ``command`` takes, its output discarded; it must succeed."""
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="runs of each command (default 21)")
    args = parser.parse_args()

    python = sys.executable
    stich = str(Path(python).with_name("stich"))
    with tempfile.TemporaryDirectory() as scratch:
        reference = Path(scratch) / "reference_app.py"
        reference.write_text(REFERENCE, encoding="utf-8")
        record = Path(scratch) / "round.json"
        record.write_text(simulate("stiche-raten", 4, 1, {"first_round": 13}).dumps(), encoding="utf-8")
        hint = [stich, "hint", str(record), "--at", "0", "--worlds", "1", "--seed", "1"]
        commands = {
            "reference: Typer + Rich table": [python, str(reference)],
            "stich games": [stich, "games"],
            "stich --version": [stich, "--version"],
            "python -c 'import deducer'": [python, "-c", "import stich.deducer"],
            "stich hint (13-card bid, 1 world)": hint,
        }
        for command in commands.values():  # warm the file cache and the bytecode
            wall_time(command)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(wall_time(command))

    medians = {name: statistics.median(runs) for name, runs in times.items()}
    base = medians["reference: Typer + Rich table"]
    print(f"median of {args.runs} runs each, interleaved")
    for name, median in medians.items():
        print(f"  {name:32} {1000 * median:7.0f} ms  {median / base:5.2f}x the reference")
    ratio = medians["stich games"] / base
    verdict = "met" if ratio <= TARGET else "NOT met"
    print(f"stich games / reference = {ratio:.2f} (target <= {TARGET}: {verdict})")


if __name__ == "__main__":
    main()
