"""``stich arena``: bots play rounds against each other; each bot's points and the paired margins."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from stich.cli._common import parse_options, print_json, user_errors
from stich.games.errors import StichError
from stich.games.jsonfile import printable
from stich.hints.play.arena import ArenaResult, ArenaSpec, Estimate, Played, run_arena
from stich.hints.play.bots import parse_bot

FIGURE_NAMES = {
    "bid_hit": "bids hit",
    "task_made": "tasks made",
    "solved_trick": "solving trick (8: never)",
}


def arena_cli(
    game: Annotated[str, typer.Argument(help="Game id, e.g. stiche-raten (see `stich games`).")],
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")] = 4,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help=(
                "One bot per seat, comma-separated: random, heuristic, rules-bot, advisor or "
                "advisor:N (N worlds); montecarlo or montecarlo-heuristic (:D or :DxP deals and "
                "play-outs a card; Stiche-Raten, Wizard), sparring bots of sampled deals played out; "
                "all-seeing or all-seeing:N, which sees every hand and the secret (a yardstick, never "
                "advice); or "
                "package.module:attribute (docs/strength.md, docs/arena.md)."
            ),
        ),
    ] = "advisor,heuristic,heuristic,random",
    rounds: Annotated[
        int, typer.Option("--rounds", "-r", help="Deals to play; each is played once per seat rotation.")
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Arena seed (same seed, same result).")] = 1,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value, repeatable.")
    ] = None,
    cycle: Annotated[
        int | None,
        typer.Option(
            "--cycle",
            help="Deal i is round i mod CYCLE of the game's series: repeat its first rounds only.",
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            help=(
                "Play N whole games instead of --rounds deals: every round of the game's sequence, "
                "scores carried; report games won (Stiche-Raten, Wizard; docs/arena.md)."
            ),
        ),
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (or Ray CPUs).")] = 1,
    ray: Annotated[
        bool, typer.Option("--ray", help="Run the rounds as Ray tasks (pip install 'stich\\[cluster]').")
    ] = False,
    address: Annotated[
        str | None,
        typer.Option(
            "--address",
            metavar="ADDRESS",
            help="With --ray: the Ray cluster to join (default: start a local Ray of --jobs CPUs).",
        ),
    ] = None,
    records: Annotated[
        Path | None, typer.Option("--records", help="Write every round's record into this directory.")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Play rounds (or whole games) between bots, seats rotating over them; compare them paired by deal."""
    with user_errors():
        spec = ArenaSpec(
            game,
            players,
            tuple(parse_bot(b) for b in bots.split(",")),
            rounds,
            seed,
            parse_options(option),
            cycle,
            games,
        )
        if records is not None:
            _records_folder(records)
        if address is not None and not ray:
            raise StichError(f"--address {address}: give --ray too (the address is a Ray cluster's)")
        result = _run(spec, jobs, ray, address, records)
        if json_out:
            print_json(result.to_json())
        else:
            _print(result)


def _records_folder(records: Path) -> None:
    """Make the folder for ``--records`` (and its parents); a `StichError` naming it when it is a
    file, lies under a file, or cannot be made."""
    if records.exists() and not records.is_dir():
        raise StichError(f"--records {printable(str(records))}: not a directory")
    try:
        records.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StichError(
            f"--records {printable(str(records))}: cannot make the folder ({_reason(exc)})"
        ) from None


def _reason(exc: OSError) -> str:
    """An operating-system error in words ("Not a directory"), without its path."""
    return exc.strerror or type(exc).__name__


def _run(spec: ArenaSpec, jobs: int, ray: bool, address: str | None, records: Path | None) -> ArenaResult:
    """The arena with a progress bar on stderr, writing each record as it comes in."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    bar = Progress(
        TextColumn(f"{spec.game} arena"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=console.is_terminal,
        disable=not console.is_terminal,
    )
    task = bar.add_task("rounds", total=spec.units * spec.players)

    def write(played: Played) -> None:
        if records is not None and played.record is not None:
            path = records / f"round-{played.index:06d}-{played.rotation}.json"
            if played.game_round is not None:
                path = (
                    records
                    / f"game-{played.index:06d}-{played.rotation}-round-{played.game_round + 1:03d}.json"
                )
            try:
                path.write_text(json.dumps(played.record, ensure_ascii=False) + "\n", encoding="utf-8")
            except OSError as exc:
                raise StichError(
                    f"--records {printable(str(records))}: cannot write {path.name} ({_reason(exc)})"
                ) from None

    with bar:
        return run_arena(
            spec,
            jobs=jobs,
            ray=ray,
            ray_address=address,
            keep_records=records is not None,
            progress=lambda done, total: bar.update(task, completed=done, total=total),
            on_played=write,
        )


def _interval(e: Estimate, digits: int = 2) -> str:
    if e.deals < 2:
        return "-"
    return f"[{e.low:.{digits}f}, {e.high:.{digits}f}]"


def _print(result: ArenaResult) -> None:
    spec = result.spec
    console = Console()
    better = "fewer is better" if result.fewer_points_win else "more is better"
    units = f"{spec.rounds} deals" if spec.games is None else f"{spec.games} whole games"
    console.print(
        f"{spec.game}, {spec.players} players, {units} x {spec.players} rotations, "
        f"seed {spec.seed}; points per round ({better})"
    )
    figures = sorted({k for bot in result.bots for k in bot.figures})
    table = Table(show_edge=False)
    table.add_column("bot")
    table.add_column("points", justify="right")
    table.add_column("95% CI", justify="right")
    for k in figures:
        table.add_column(FIGURE_NAMES.get(k, k), justify="right")
    for bot in result.bots:
        cells = [bot.name, f"{bot.points.mean:.2f}", _interval(bot.points)]
        cells += [f"{bot.figures[k].mean:.3f}" if k in bot.figures else "" for k in figures]
        table.add_row(*cells)
    console.print(table)
    if not result.pairs:
        return
    paired = "deal" if spec.games is None else "game"
    pairs = Table(show_edge=False, title=f"paired by {paired}: a - b")
    pairs.add_column("a")
    pairs.add_column("b")
    pairs.add_column("points", justify="right")
    pairs.add_column("95% CI", justify="right")
    for k in figures:
        pairs.add_column(FIGURE_NAMES.get(k, k), justify="right")
        pairs.add_column("95% CI", justify="right")
    for pair in result.pairs:
        cells = [pair.a, pair.b, f"{pair.points.mean:+.2f}", _interval(pair.points)]
        for k in figures:
            e = pair.figures.get(k)
            cells += ["", ""] if e is None else [f"{e.mean:+.3f}", _interval(e, 3)]
        pairs.add_row(*cells)
    console.print(pairs)
    if result.games:
        _print_games(console, result)


def _print_games(console: Console, result: ArenaResult) -> None:
    """Whole games: games won per bot (of all games, each game's rotations counted as one), a seat's
    chance to win and its final score; the pairs' differences in both."""
    games = result.spec.games
    table = Table(show_edge=False, title=f"whole games ({games}, each played once per rotation)")
    for column in ("bot", "games won", "95% CI", "win rate", "95% CI", "final score"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for bot in result.games:
        won = bot.won
        interval = "-" if won.deals < 2 else f"[{won.low * won.deals:.2f}, {won.high * won.deals:.2f}]"
        table.add_row(
            bot.name,
            f"{won.mean * won.deals:.2f}",
            interval,
            f"{bot.win_rate.mean:.3f}",
            _interval(bot.win_rate, 3),
            f"{bot.final.mean:.1f}",
        )
    console.print(table)
    if not result.games_pairs:
        return
    pairs = Table(show_edge=False, title="whole games paired by game: a - b")
    for column in ("a", "b", "win rate", "95% CI", "final score", "95% CI"):
        pairs.add_column(column, justify="left" if column in ("a", "b") else "right")
    for pair in result.games_pairs:
        pairs.add_row(
            pair.a,
            pair.b,
            f"{pair.win_rate.mean:+.3f}",
            _interval(pair.win_rate, 3),
            f"{pair.final.mean:+.1f}",
            _interval(pair.final, 1),
        )
    console.print(pairs)
