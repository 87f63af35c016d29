"""How long `stich puzzle new` and `stich puzzle check` take as a user runs them: whole commands.

For each game with its own kind of puzzle (trump, case, endgame), ``--repeat`` runs of

    stich puzzle new GAME --grade GRADE --seed S --count N --out FILE
    stich puzzle check FILE

each a fresh process, as a user starts it. Each row gives the median wall seconds and
the median CPU seconds (user + system of the process and its children) per command
and per puzzle. The machine may be shared, so the CPU seconds compare across runs
better than the wall seconds. A command's fixed cost (starting Python, importing the
solvers, python-constraint and OR-Tools) is paid once per command: ``--count 1`` shows
what one puzzle costs a user, a larger count the cost of each further puzzle.

    python bench/puzzle_commands.py --repeat 5 --count 1

``--baseline CMD`` times another version too, run by CMD (e.g. a Python and a script that puts
an older checkout first on ``sys.path`` and calls ``stich.cli.main``), each of its runs right
after the same run of this one, so that both meet the same load.
"""

from __future__ import annotations

import argparse
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GAMES = ("was-sticht", "stich-fuer-stich", "stiche-raten", "24", "wizard")
STICH = str(Path(sys.executable).parent / "stich")


def run(stich: list[str], args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one command (it must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([*stich, *args], capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"stich {' '.join(args)} failed: {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each command (seeds 1, 2, ...)")
    parser.add_argument("--count", type=int, default=1, help="puzzles per command")
    parser.add_argument("--grade", default="medium")
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--baseline", help="a command that runs another version of stich, timed alike")
    args = parser.parse_args()

    versions = {"this": [STICH]}
    if args.baseline:
        versions["baseline"] = shlex.split(args.baseline)
    print(
        f"{'game':<18} {'command':<6} {'version':<9} {'wall s':>7} {'CPU s':>7}"
        f" {'wall/puzzle':>12} {'CPU/puzzle':>11}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for game in args.games:
            times: dict[tuple[str, str], list[tuple[float, float]]] = {
                (c, v): [] for c in ("new", "check") for v in versions
            }
            for seed in range(1, args.repeat + 1):
                for version, stich in versions.items():
                    path = Path(folder) / f"{game}-{seed}-{version}.json"
                    new = ["puzzle", "new", game, "--grade", args.grade, "--seed", str(seed)]
                    made = run(stich, [*new, "--count", str(args.count), "--out", str(path)])
                    times["new", version].append(made)
                    times["check", version].append(run(stich, ["puzzle", "check", str(path)]))
            for (command, version), runs in times.items():
                wall = statistics.median(w for w, _ in runs)
                cpu = statistics.median(c for _, c in runs)
                print(
                    f"{game:<18} {command:<6} {version:<9} {wall:>7.2f} {cpu:>7.2f}"
                    f" {wall / args.count:>12.2f} {cpu / args.count:>11.2f}"
                )


if __name__ == "__main__":
    main()
