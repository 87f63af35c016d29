"""Advice at full hands against the speed targets: every figure, its target, met or not, in one run.

- Worlds looked at by `advise` in the default budget of 1.5 s (the median over ``--instances``
  simulated rounds, 4 players): Stiche-Raten and Wizard at 13 cards, the first bid and the first
  play (target at least 200); 24's first play and a Stich für Stich sleuth's first play at full
  hands (at least 100); Was sticht?'s first draft pick (at least 50), first task choice and a card
  of the second trick (at least 100). Advice that stops early because its ranking is settled (``settled``)
  counts at its rate: the worlds it would have looked at in 1.5 s at the pace it went.
- `stich hint --time T` as a user runs it (a fresh process, start-up included): the slowest wall
  time of its runs against T + 0.5 s, for T = 0.1 and 1.5, and the most CPU time one took (on
  a busy machine the wall time is several times the CPU time).
- `stich analyze` of a whole round (a fresh process, its default time per decision and its
  default ``--jobs``): a 13-card Stiche-Raten round (at most 5 s) and a Stich für Stich round (at
  most 10 s); the 13-card round with ``--jobs 1`` too, and the ratio of the two.

The machine's load average is printed before and after: on the shared machine the figures
move with it, so compare lines of one run, not runs.

The rounds are simulated from fixed seeds (``--seed``, then the next ones) and the advice's
worlds drawn from fixed seeds, so two runs ask the same questions::

    python -m bench.advice_speed --instances 3

``--only TEXT`` keeps the lines whose name contains TEXT; ``--jobs N`` gives advice N worker
processes (the command line's ``--jobs``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from stich.games.record import Record, simulate
from stich.games.registry import find
from stich.games.wizard import Wizard
from stich.hints.advice import Budget, advise
from stich.hints.session import Session

from .hint_latency import _first, _session_before, first_of

ROOT = Path(__file__).resolve().parents[1]
BUDGET = 1.5  # seconds: the live budget the targets are set at
HINT_TIMES = (0.1, 1.5)
HINT_SLACK = 0.5
STICH = str(ROOT / ".venv" / "bin" / "stich")


def dealt(game_id: str, cards: int, seed: int, players: int = 4) -> Record:
    """A round of random legal play in which every seat is dealt ``cards`` cards."""
    if game_id == "stiche-raten":
        return simulate(game_id, players, seed, {"first_round": cards})
    game = find(game_id)(players, None)
    assert isinstance(game, Wizard), game_id  # the other games deal through simulate
    rng = random.Random(seed)
    dealer = players - 1
    names = [f"P{i}" for i in range(players)]
    known = game.deal(rng, dealer, cards=cards)
    state = game.new_round(names, dealer, None, known)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_events()))
    return Record(game.id, names, dealer, state.events, {}, None, known, extra={"seed": seed})


def at_full_hands(game_id: str, cards: int, kind: str) -> Callable[[int], Session]:
    def make(seed: int) -> Session:
        record = dealt(game_id, cards, seed)
        return _session_before(record, _first(record, kind))

    return make


@dataclass(frozen=True)
class WorldsTarget:
    name: str
    make: Callable[[int], Session]
    target: int


def nth_of(game_id: str, players: int, kind: str, nth: int) -> Callable[[int], Session]:
    """The session before the ``nth`` event of ``kind`` (from 0) of a simulated round."""

    def make(seed: int) -> Session:
        record = simulate(game_id, players, seed)
        return _session_before(record, _first(record, kind, nth))

    return make


WORLDS: tuple[WorldsTarget, ...] = (
    WorldsTarget("stiche-raten 13 cards: bid", at_full_hands("stiche-raten", 13, "bid"), 200),
    WorldsTarget("stiche-raten 13 cards: first play", at_full_hands("stiche-raten", 13, "play"), 200),
    WorldsTarget("wizard 13 cards: bid", at_full_hands("wizard", 13, "bid"), 200),
    WorldsTarget("wizard 13 cards: first play", at_full_hands("wizard", 13, "play"), 200),
    WorldsTarget("24: first play", first_of("24", 4, "play"), 100),
    WorldsTarget("stich-fuer-stich: first play", first_of("stich-fuer-stich", 4, "play"), 100),
    WorldsTarget("was-sticht 4 players: first pick", first_of("was-sticht", 4, "pick"), 50),
    WorldsTarget("was-sticht 4 players: task", first_of("was-sticht", 4, "task"), 100),
    WorldsTarget("was-sticht 4 players: a card mid-round", nth_of("was-sticht", 4, "play", 13), 100),
)


def line(name: str, figure: str, target: str, met: bool) -> None:
    print(f"{name:56} {figure:>32} {target:>10}  {'met' if met else 'NOT MET'}", flush=True)


def worlds_figures(seeds: list[int], jobs: int, only: str | None) -> None:
    for case in WORLDS:
        if only and only not in case.name:
            continue
        worlds: list[float] = []
        walls: list[float] = []
        settled = 0
        for seed in seeds:
            session = case.make(seed)
            start = time.perf_counter()
            advice = advise(session, Budget(seconds=BUDGET, seed=1000 + seed, jobs=jobs))
            walls.append(time.perf_counter() - start)
            if advice.settled:  # stopped early: the worlds 1.5 s would have seen at its pace
                settled += 1
                worlds.append(advice.worlds * BUDGET / max(advice.seconds, 1e-3))
            else:
                worlds.append(advice.worlds)
        median = statistics.median(worlds)
        early = f", {settled} settled" if settled else ""
        figure = f"{median:.0f} worlds ({statistics.median(walls):.1f} s{early})"
        line(f"{case.name} (worlds in {BUDGET} s)", figure, f">= {case.target}", median >= case.target)


def load() -> str:
    """The machine's load average over the last minute, and its cores."""
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"


def run_wall(command: list[str]) -> tuple[float, float]:
    """The wall time and the CPU time (user and system) of one run of ``command``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr.strip()}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu


def write(record: Record, folder: Path, name: str) -> Path:
    path = folder / name
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    return path


def hint_figures(seeds: list[int], folder: Path, only: str | None) -> None:
    cases = {
        "stiche-raten 13 cards: first play": ("stiche-raten", 13, "play"),
        "stich-fuer-stich: first play": ("stich-fuer-stich", 0, "play"),
        "was-sticht: task": ("was-sticht", 0, "task"),
    }
    for name, (game_id, cards, kind) in cases.items():
        for t in HINT_TIMES:
            label = f"stich hint --time {t:g}, {name}"
            if only and only not in label:
                continue
            walls = []
            cpus = []
            for seed in seeds:
                record = dealt(game_id, cards, seed) if cards else simulate(game_id, 4, seed)
                path = write(record, folder, f"hint-{game_id}-{seed}.json")
                at = str(_first(record, kind))
                wall, cpu = run_wall([STICH, "hint", str(path), "--at", at, "--time", str(t), "--seed", "1"])
                walls.append(wall)
                cpus.append(cpu)
            worst = max(walls)
            figure = f"{worst:.2f} s worst (CPU {max(cpus):.2f} s)"
            line(label, figure, f"<= {t + HINT_SLACK:g} s", worst <= t + HINT_SLACK)


def analyze_figures(seed: int, folder: Path, only: str | None) -> None:
    cases = {
        "stich analyze, stiche-raten 13 cards": (dealt("stiche-raten", 13, seed), 5.0),
        "stich analyze, stich-fuer-stich": (simulate("stich-fuer-stich", 4, seed), 10.0),
    }
    for name, (record, target) in cases.items():
        if only and only not in name:
            continue
        path = write(record, folder, f"analyze-{record.game}-{seed}.json")
        wall, cpu = run_wall([STICH, "analyze", str(path), "--seed", "1"])
        line(name, f"{wall:.1f} s (CPU {cpu:.1f} s)", f"<= {target:g} s", wall <= target)
        if record.game == "stiche-raten":  # one job against the default, in the same run
            alone, cpu = run_wall([STICH, "analyze", str(path), "--seed", "1", "--jobs", "1"])
            figure = f"{alone:.1f} s (CPU {cpu:.1f} s)"
            print(f"{name + ' --jobs 1':56} {figure:>32}   (the default {alone / wall:.2f}x as fast)")


def main() -> None:
    formatter = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=formatter)
    parser.add_argument("--instances", type=int, default=3, help="rounds per decision (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="the first round's seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="advice's worker processes (default 1)")
    parser.add_argument("--only", help="only the lines whose name contains this text")
    args = parser.parse_args()
    seeds = list(range(args.seed, args.seed + max(1, args.instances)))
    print(f"{load()} at the start")
    print(f"{'what':56} {'figure':>32} {'target':>10}  verdict")
    worlds_figures(seeds, args.jobs, args.only)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        hint_figures(seeds, folder, args.only)
        analyze_figures(args.seed, folder, args.only)
    print(f"{load()} at the end")


if __name__ == "__main__":
    main()
