"""Start-up time of the command line, against a one-command Typer app that prints a Rich table.

Each command runs as a fresh process (what a user waits for), the runs of all commands
interleaved so that they share the machine's conditions; the figures are the median wall
time and the median CPU time (user and system) of ``--runs`` runs each, and the wall ratio
to the reference in the same run; the machine's load average is printed before and after:

    python bench/startup.py --runs 21

The reference imports typer and rich and prints a five-row table, as ``stich games``
does with the games. Target: ``stich games`` within 1.5 times the reference.
Also shown: ``stich --version``, the imports a command that needs them pays
(``import deducer``; CP-SAT is imported only where it runs), ``stich hint`` of a 13-card
Stiche-Raten bid with one world (``--worlds 1``): its start-up and little else, and
``stich hint --time 0.1`` of that bid, of the first play, and of a Stich für Stich first
play, whose target is T + 0.5 s (docs/advice.md, Speed).

Before and after, in one run: ``--version NAME=DIR`` (repeatable) runs every command with
``DIR`` first on ``PYTHONPATH`` as well (a checkout of another commit, say ``git archive
COMMIT | tar -x -C DIR``, with the compiled kernel copied in), its runs interleaved with
this tree's (``--skip-tree``: theirs alone).

Python compiles a module's source at each start when it may not write its bytecode
(``PYTHONDONTWRITEBYTECODE``, as on some shared machines): ``--cached-bytecode`` runs every
command with its bytecode kept in a scratch folder (``PYTHONPYCACHEPREFIX``), as an install
that writes bytecode has it after the first run.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from stich.games.record import Record, simulate

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
HINT_SLACK = 0.5
"""``stich hint --time T`` returns within T + this many seconds."""


def timed(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The wall time and the CPU time (user and system) of one run of ``command``, its output
    discarded; it must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.strip()}")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def first(record: Record, key: str) -> int:
    return next(i for i, event in enumerate(record.events) if key in event)


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--runs", type=int, default=21, help="runs of each command (default 21)")
    parser.add_argument(
        "--version",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="also run each command with DIR first on PYTHONPATH (repeatable)",
    )
    parser.add_argument(
        "--cached-bytecode", action="store_true", help="keep the bytecode between runs (PYTHONPYCACHEPREFIX)"
    )
    parser.add_argument("--skip-tree", action="store_true", help="run only the --version checkouts")
    args = parser.parse_args()

    python = sys.executable
    stich = str(Path(python).with_name("stich"))
    with tempfile.TemporaryDirectory() as scratch:
        base = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        if args.cached_bytecode:
            base.pop("PYTHONDONTWRITEBYTECODE", None)
            base["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "bytecode")
        versions = {} if args.skip_tree and args.version else {"this tree": base}
        for given in args.version:
            name, sep, folder = given.partition("=")
            if not sep or not Path(folder, "stich", "__init__.py").is_file():
                raise SystemExit(f"--version {given}: give NAME=DIR, DIR a checkout with stich/__init__.py")
            # Each version its own bytecode: the same source paths compiled from other text.
            env = {**base, "PYTHONPATH": str(Path(folder).resolve())}
            if args.cached_bytecode:
                env["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / f"bytecode-{name}")
            versions[name] = env

        reference = Path(scratch) / "reference_app.py"
        reference.write_text(REFERENCE, encoding="utf-8")
        bid13 = simulate("stiche-raten", 4, 1, {"first_round": 13})
        (Path(scratch) / "round.json").write_text(bid13.dumps(), encoding="utf-8")
        sleuth = simulate("stich-fuer-stich", 4, 1)
        (Path(scratch) / "sleuth.json").write_text(sleuth.dumps(), encoding="utf-8")
        record = str(Path(scratch) / "round.json")
        sleuth_path = str(Path(scratch) / "sleuth.json")
        hint = [stich, "hint", record, "--at", "0", "--seed", "1"]
        play = str(first(bid13, "play"))
        commands = {
            "reference: Typer + Rich table": [python, str(reference)],
            "stich games": [stich, "games"],
            "stich --version": [stich, "--version"],
            "python -c 'import deducer'": [python, "-c", "import stich.deducer"],
            "stich hint (13-card bid, 1 world)": [*hint, "--worlds", "1"],
            "stich hint --time 0.1 (13-card bid)": [*hint, "--time", "0.1"],
            "stich hint --time 0.1 (13-card play)": [stich, "hint", record, "--at", play, "--time", "0.1"],
            "stich hint --time 0.1 (Stich für Stich play)": [
                *[stich, "hint", sleuth_path, "--at", str(first(sleuth, "play")), "--time", "0.1"]
            ],
        }
        runs = [(name, version) for name in commands for version in versions]
        for name, version in runs:  # warm the file cache (and the bytecode, where it is kept)
            timed(commands[name], versions[version])
        print(load())
        times: dict[tuple[str, str], list[tuple[float, float]]] = {run: [] for run in runs}
        for _ in range(args.runs):
            for name, version in runs:
                times[name, version].append(timed(commands[name], versions[version]))
        print(load())

    print(f"median of {args.runs} runs each, interleaved{', bytecode kept' if args.cached_bytecode else ''}")
    base_wall = {
        version: statistics.median(w for w, _ in times["reference: Typer + Rich table", version])
        for version in versions
    }
    for name, version in runs:
        wall = statistics.median(w for w, _ in times[name, version])
        cpu = statistics.median(c for _, c in times[name, version])
        worst = max(w for w, _ in times[name, version])
        shown = f"{name} [{version}]" if len(versions) > 1 else name
        extra = ""
        if "--time 0.1" in name:
            extra = f"  worst {1000 * worst:5.0f} ms (target <= {1000 * (0.1 + HINT_SLACK):.0f} ms)"
        print(
            f"  {shown:58} wall {1000 * wall:6.0f} ms  CPU {1000 * cpu:5.0f} ms"
            f"  {wall / base_wall[version]:5.2f}x the reference{extra}"
        )
    for version in versions:
        games_wall = statistics.median(w for w, _ in times["stich games", version])
        ratio = games_wall / base_wall[version]
        verdict = "met" if ratio <= TARGET else "NOT met"
        print(f"stich games / reference [{version}] = {ratio:.2f} (target <= {TARGET}: {verdict})")


if __name__ == "__main__":
    main()
