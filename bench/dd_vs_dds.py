"""Our double-dummy search against DDS (PyPI ``endplay``) on the same bridge deals.

For each random deal (``--cards`` per hand, 13 = full deals) and each of the 20
(trump or none) × leader cases, both solvers find the tricks of the leader's
partnership. Ours shares one transposition table between the four leaders of a
strain and starts from the value found for the previous leader, as DDS's table
calculation does (``--fresh``: a new table and no guess for every solve). DDS is
asked the same question, the optimum only (``solve_board`` with
``SolveMode.OptimalOne``; it keeps its own table between calls on the same deal and
strain). The script checks that the two agree and prints, over all solves of the
run, the median and 90th percentile time per (deal, trump, leader) solve for each
solver, their ratio, and both node counts (DDS's ``futureTricks.nodes``), also for the
no-trump solves and the suit solves apart. DDS is also
timed asked for every card's value (``solve_board``'s default, more than we answer;
this was the benchmark's DDS figure before) and, for full deals, per ``calc_dd_table``
call (20 results at once) divided by 20. The table calculation runs on one thread
(``--table-threads``), as our table does: DDS otherwise spreads its 20 solves over every
core, and the whole-table ratio would compare one core with several. ``solve_board`` runs
with DDS's default resources (they change its table size and node counts).

    python -m bench.dd_vs_dds --deals 100 --cards 13 --seed 1
    python -m bench.dd_vs_dds --deals 100 --cards 7 --seed 1
    python -m bench.dd_vs_dds --deals 100 --cards 7 --seed 1 --no-kernel   # the pure-Python search

``--max-minutes`` stops after the deal that passes a time budget and reports the
deals done. ``--jobs N`` solves N deals at a time in worker processes; each deal's
solves by both solvers run in one process, so the ratio compares like with like.
The machine may be shared: compare the ratio, not the absolute times.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass, field
from functools import partial

from endplay import _dds, dds
from endplay.dds.solve import SolveMode

from stich.solvers.parse import parse_position
from stich.solvers.solver import Solver
from tests.oracles.dds import dds_deal, dds_table
from tests.solvers.samples import bridge_position_json

from .timing import percentile, strain_guess

TRUMPS = ["S", "H", "D", "C", None]


@dataclass
class DealResult:
    """One deal's figures: per-solve times and nodes, DDS's, and the disagreements."""

    seed: int
    ours: list[float] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)
    theirs_all: list[float] = field(default_factory=list)  # DDS asked every card's value
    table: float | None = None
    nodes: list[int] = field(default_factory=list)
    dds_nodes: list[int] = field(default_factory=list)
    agree: int = 0
    disagree: list[str] = field(default_factory=list)
    engines: set[str] = field(default_factory=set)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="number of random deals")
    parser.add_argument("--cards", type=int, default=13, help="cards per hand (13 = full deals)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal")
    parser.add_argument("--tt-limit", type=int, default=2_000_000, help="transposition table entries")
    parser.add_argument("--fresh", action="store_true", help="a new solver (and table) for every solve")
    parser.add_argument(
        "--no-kernel", action="store_true", help="the pure-Python search, not the compiled kernel"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes, one deal each at a time (both solvers per deal)",
    )
    parser.add_argument(
        "--table-threads",
        type=int,
        default=1,
        help="threads DDS's table calculation may use (SetMaxThreads; 0: one per core, DDS's default)",
    )
    parser.add_argument(
        "--max-minutes", type=float, default=None, help="stop after the deal that passes this time budget"
    )
    args = parser.parse_args()

    results: list[DealResult] = []
    started = time.perf_counter()
    seeds = [args.seed + d for d in range(args.deals)]
    try:
        if args.jobs > 1:
            with multiprocessing.Pool(args.jobs) as pool:
                for result in pool.imap_unordered(partial(solve_deal, args), seeds):
                    if not collect(args, results, result, started):
                        pool.terminate()
                        break
        else:
            for seed in seeds:
                if not collect(args, results, solve_deal(args, seed), started):
                    break
    except KeyboardInterrupt:  # Ctrl-C: report the deals finished so far
        print("interrupted: the figures cover the deals finished", file=sys.stderr)
    if not results:
        print("no solve finished")
        return 1
    results.sort(key=lambda r: r.seed)
    for r in results:
        for line in r.disagree:
            print(line)
    print(f"our search: {', '.join(sorted(set().union(*(r.engines for r in results))))}")
    print_summary(args, results, started)
    return 1 if any(r.disagree for r in results) else 0


def collect(args: argparse.Namespace, results: list[DealResult], result: DealResult, started: float) -> bool:
    """Keep a finished deal and report progress; False once the time budget is spent."""
    results.append(result)
    ours = [t for r in results for t in r.ours]
    theirs = [t for r in results for t in r.theirs]
    print(
        f"deal {len(results)}/{args.deals} (seed {result.seed}): {len(ours)} solves,"
        f" median ours {statistics.median(ours) * 1000:.1f} ms,"
        f" DDS {statistics.median(theirs) * 1000:.2f} ms",
        file=sys.stderr,
        flush=True,
    )
    if args.max_minutes is not None and time.perf_counter() - started > 60 * args.max_minutes:
        print(
            f"time budget of {args.max_minutes} minutes spent: stopped after {len(results)} deals",
            file=sys.stderr,
        )
        return False
    return True


def solve_deal(args: argparse.Namespace, seed: int) -> DealResult:
    """All 20 (trump, leader) solves of one deal, by both solvers, timed in this process."""
    out = DealResult(seed)
    base = bridge_position_json(seed, args.cards, None, 0)
    optimum: dict[tuple[int | None, int], int] = {}  # DDS's value by (suit index or None, leader)
    for trump in TRUMPS:
        # As DDS's table does, the four leaders of a strain share one transposition table.
        solver: Solver | None = None
        found: dict[int, int] = {}  # values found in this strain: the next leader's guess
        for leader in range(4):
            position = parse_position({**base, "trump": trump, "leader": leader})
            t0 = time.perf_counter()
            if solver is None or args.fresh or not solver.reuse_for(position):
                solver = Solver(position, args.tt_limit, kernel=not args.no_kernel)
            out.engines.add("compiled kernel" if solver.compiled else "pure Python")
            before = solver.nodes
            value = solver.value(None if args.fresh else strain_guess(found, args.cards))
            found[leader] = value
            out.ours.append(time.perf_counter() - t0)
            out.nodes.append(solver.nodes - before)
            deal = dds_deal(position)
            t0 = time.perf_counter()
            solved = dds.solve_board(deal, SolveMode.OptimalOne)
            out.theirs.append(time.perf_counter() - t0)
            expected = max(tricks for _, tricks in solved)
            out.dds_nodes.append(int(solved._data.nodes))
            optimum[(None if trump is None else "SHDC".index(trump), leader)] = expected
            if value == expected:
                out.agree += 1
            else:
                out.disagree.append(
                    f"DISAGREE seed {seed} trump {trump} leader {leader}: ours {value}, DDS {expected}"
                )
    # DDS asked every card's value, in a pass of its own (its table is kept between the calls
    # on one deal and strain, so interleaving the two questions would help the second).
    for trump in TRUMPS:
        for leader in range(4):
            deal = dds_deal(parse_position({**base, "trump": trump, "leader": leader}))
            t0 = time.perf_counter()
            dds.solve_board(deal)
            out.theirs_all.append(time.perf_counter() - t0)
    # DDS's table last: the solves above run as they would with no table calculation before
    # them (DDS keeps a table between calls on one deal, and its thread count changes it).
    if args.cards == 13:
        dds_threads(args.table_threads)
        t0 = time.perf_counter()
        table = dds_table(list(parse_position(base).hands))
        out.table = (time.perf_counter() - t0) / 20
        dds_threads(0)
        assert table == optimum, f"seed {seed}: DDS's table differs from its solve_board"
    return out


_DDS_THREADS = [0]  # the threads DDS was last given in this process (0: its default)


def dds_threads(n: int) -> None:
    """Let DDS use ``n`` threads (0: one per core) from here on in this process."""
    if _DDS_THREADS[0] != n:
        _dds.SetMaxThreads(n)
        _DDS_THREADS[0] = n


def print_summary(args: argparse.Namespace, results: list[DealResult], started: float) -> None:
    def ms(x: float) -> str:
        return f"{x * 1000:.2f} ms"

    ours = [t for r in results for t in r.ours]
    theirs = [t for r in results for t in r.theirs]
    tables = [r.table for r in results if r.table is not None]
    nodes = [n for r in results for n in r.nodes]
    dds_nodes = [n for r in results for n in r.dds_nodes]
    agree = sum(r.agree for r in results)
    disagree = sum(len(r.disagree) for r in results)
    med_ours, p90_ours = statistics.median(ours), percentile(ours, 0.9)
    med_dds, p90_dds = statistics.median(theirs), percentile(theirs, 0.9)
    seeds = sorted(r.seed for r in results)
    print(
        f"deals: {len(results)} of {args.deals} asked, {args.cards} cards per hand,"
        f" seeds {seeds[0]}..{seeds[-1]}"
    )
    print(f"solves: {len(ours)} (deal × trump × leader); agree with DDS: {agree}, disagree: {disagree}")
    print(f"ours per solve: median {ms(med_ours)}, p90 {ms(p90_ours)}, max {ms(max(ours))}")
    print(f"DDS  per solve (solve_board, the optimum only): median {ms(med_dds)}, p90 {ms(p90_dds)}")
    every = [t for r in results for t in r.theirs_all]
    print(
        f"DDS  per solve (solve_board, every card's value): median {ms(statistics.median(every))},"
        f" p90 {ms(percentile(every, 0.9))}"
    )
    if tables:
        print(f"DDS  per solve (calc_dd_table / 20): median {ms(statistics.median(tables))}")
        whole = statistics.median(sum(r.ours) for r in results if r.table is not None)
        dds_whole = statistics.median(20 * t for t in tables)
        print(
            f"a deal's whole table (20 solves): ours median {ms(whole)},"
            f" DDS calc_dd_table median {ms(dds_whole)}, ratio {whole / dds_whole:.2f}x"
            f" (DDS's table on {args.table_threads or 'one per core'}"
            f"{' thread' if args.table_threads == 1 else ''}{' threads' if args.table_threads > 1 else ''})"
        )
    print(f"ratio ours / DDS: median {med_ours / med_dds:.2f}x, p90 {p90_ours / p90_dds:.2f}x")
    print(
        f"our nodes per solve: median {statistics.median(nodes):.0f},"
        f" p90 {percentile([float(n) for n in nodes], 0.9):.0f},"
        f" max {max(nodes)}; DDS's median {statistics.median(dds_nodes):.0f},"
        f" p90 {percentile([float(n) for n in dds_nodes], 0.9):.0f}, max {max(dds_nodes)}"
    )
    # No trump against the suits: a deal's solves run strain by strain, four leaders each.
    for name, no_trump in (("no trump", True), ("suits", False)):
        pick = [i for i, trump in enumerate(TRUMPS) if (trump is None) == no_trump]
        o = [r.ours[i] for r in results for i in range(len(r.ours)) if i // 4 in pick]
        d = [r.theirs[i] for r in results for i in range(len(r.theirs)) if i // 4 in pick]
        on = sum(r.nodes[i] for r in results for i in range(len(r.nodes)) if i // 4 in pick)
        dn = sum(r.dds_nodes[i] for r in results for i in range(len(r.dds_nodes)) if i // 4 in pick)
        mo, md, po, pd = statistics.median(o), statistics.median(d), percentile(o, 0.9), percentile(d, 0.9)
        print(
            f"{name}: ours median {ms(mo)}, p90 {ms(po)}; DDS median {ms(md)}, p90 {ms(pd)};"
            f" ratio {mo / md:.2f}x / {po / pd:.2f}x; nodes in all {on:,} against {dn:,} ({on / dn:.1f}x)"
        )
    if args.jobs > 1:
        print(f"{args.jobs} worker processes; each deal's solves by both solvers ran in one process")
    print(f"wall time {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    raise SystemExit(main())
