"""``stich check``: replay a record (or every round of a match) by the rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, NotRequired, TypedDict

import typer
from rich.console import Console
from rich.table import Table

from stich.cli._common import AsciiOpt, fail, print_json, use_symbols, user_errors
from stich.games.base import Game
from stich.games.cards import Deck
from stich.games.match import Match, check_match_report, load_round_or_match
from stich.games.record import Record, check_report
from stich.games.reports import ReportTable, RoundCheck, TrickReport

__all__ = ["check_cli", "check_document", "print_match", "print_round"]


def check_cli(
    record_path: Annotated[
        Path,
        typer.Argument(
            metavar="RECORD",
            help="A stich-round/1 record or a stich-match/1 game, or - for standard input.",
        ),
    ],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """Replay a record; print its tricks, winners and result, or the first event the rules forbid."""
    with user_errors():
        document = load_round_or_match(record_path)
        report = check_document(document)
    if json_out:
        print_json(report)
    else:
        console = Console(markup=False, highlight=False, emoji=False, soft_wrap=True)
        symbols = use_symbols(ascii_only)
        if isinstance(document, Match):
            print_match(console, report, document, symbols)
        else:
            stored: list[StoredTableCheck] = report.pop("stored_tables", [])
            check = RoundCheck.from_json(report)
            if check.started:  # else the record's start could not be set up
                print_round(console, check, document, symbols)
                for line in stored_table_lines(stored):
                    console.print(line)
    if not report["ok"]:
        raise fail(f"{record_path}: {report['error']}")


def check_document(document: Record | Match) -> dict[str, Any]:
    """The ``stich check --json`` report of a record or of every round of a match.

    A record seen from one seat is also checked against the hands it does not see (the
    deducer's card locations), which is imported only then.
    """
    rounds = document.rounds if isinstance(document, Match) else [document]
    check_round: Callable[[Record], dict[str, Any]] = check_report
    if any(record.view is not None for record in rounds):
        from stich.deducer.conflicts import check_report_with_hidden_hands

        check_round = check_report_with_hidden_hands
    if isinstance(document, Match):
        return check_match_report(document, check_round)
    report = check_round(document)
    if report["ok"]:
        tables = stored_tables_report(document)
        if tables:
            report["stored_tables"] = tables
    return report


# -- the double-dummy tables a PBN file stores ------------------------------------------


class CellDifference(TypedDict):
    """A cell of a stored table that differs from the solver's."""

    declarer: str
    strain: str
    file: int
    solver: int


class StoredTableCheck(TypedDict):
    """A stored table against the solver's (``stored_tables`` of ``stich check --json``): the
    cells compared, how many agree and those that differ; or why it could not be compared."""

    tag: str
    error: NotRequired[str | None]
    cells: NotRequired[int]
    agree: NotRequired[int]
    differ: NotRequired[list[CellDifference]]


def stored_tables_report(record: Record) -> list[StoredTableCheck]:
    """A record imported from PBN: each double-dummy table its file stored (``[DoubleDummyTricks]``,
    ``[OptimumResultTable]``) against the solver's table of the deal, cell by cell:
    ``{"tag", "cells", "agree", "differ": [{"declarer", "strain", "file", "solver"}]}``, or
    ``{"tag", "error"}`` when the table cannot be read or the deal cannot be solved."""
    from stich.games.errors import StichError
    from stich.games.imports.pbn import stored_tables

    tables = stored_tables(record.extra.get("source"))
    if not tables:
        return []
    solved: dict[str, dict[str, int]] | None = None
    unsolved: str | None = None
    if any(t.problem is None for t in tables):
        try:
            solved = _deal_table(record)
        except StichError as exc:
            unsolved = f"cannot be compared: {exc}"
    out: list[StoredTableCheck] = []
    for stored in tables:
        if stored.problem is not None or solved is None:
            out.append({"tag": stored.tag, "error": stored.problem or unsolved})
            continue
        order = sorted(stored.cells, key=_cell_order)
        differ: list[CellDifference] = [
            {"declarer": d, "strain": s, "file": stored.cells[(d, s)], "solver": solved[d][s]}
            for d, s in order
            if stored.cells[(d, s)] != solved[d][s]
        ]
        out.append(
            {"tag": stored.tag, "cells": len(order), "agree": len(order) - len(differ), "differ": differ}
        )
    return out


def _cell_order(cell: tuple[str, str]) -> tuple[int, int]:
    from stich.solvers.table import BRIDGE_SEATS, BRIDGE_STRAINS

    return BRIDGE_SEATS.index(cell[0]), BRIDGE_STRAINS.index(cell[1])


def _deal_table(record: Record) -> dict[str, dict[str, int]]:
    """The solver's bridge table of the record's deal, before any card is played."""
    from stich.games.imports.pbn import TEAMS
    from stich.games.record import start_round
    from stich.solvers.rounds import position_of
    from stich.solvers.table import declarer_table, trick_table

    position = position_of(start_round(record), objective={"type": "tricks"}, teams=TEAMS)
    return declarer_table(position, trick_table(position))


def stored_table_lines(tables: list[StoredTableCheck]) -> list[str]:
    """Whether each stored table agrees with the solver, naming the cells that differ."""
    lines = []
    for table in tables:
        what = f"the file's table [{table['tag']}]"
        if "error" in table:
            lines.append(f"{what} {table['error']}")
            continue
        differ = table.get("differ", [])
        cells, agree = table.get("cells"), table.get("agree")
        if not differ:
            lines.append(f"{what} agrees with the solver: {agree}/{cells}")
            continue
        lines.append(
            f"{what} differs from the solver in {len(differ)} of {cells} cells (agrees: {agree}/{cells}):"
        )
        for cell in differ:
            lines.append(
                f"  declarer {cell['declarer']} in {cell['strain']}: the file says {cell['file']}, "
                f"the solver {cell['solver']}"
            )
    return lines


# -- a round ----------------------------------------------------------------------------

# Facts by seat, in the order of the result table: a list by seat or a dict seat -> value.
SEAT_COLUMNS = {
    "bids": "bid",
    "tricks": "tricks",
    "solved_at": "solved",
    "investigation": "investigation",
    "points": "points",
    "scores": "score",
}
# Facts said in lines rather than in the table (a game's own lines tell its `Game.check_facts`).
LINE_FACTS = (
    "cards",
    "trump_card",
    "trump",
    "trump_called",
    "blind",
    "caller",
    "secret",
)


class RoundText:
    """How one round's facts read: names, cards with suit symbols, the game's own phrases."""

    def __init__(self, record: Record, game: Game, symbols: bool) -> None:
        self.names = record.players
        self.record = record
        self.game = game
        self.deck: Deck = game.deck
        self.symbols = symbols

    def card(self, code: str) -> str:
        return self.deck.shown(code, self.symbols)

    def suit(self, letter: str | None) -> str:
        return "none" if letter is None else self.deck.suit_shown(letter, self.symbols)

    def seat(self, seat: int | str) -> str:
        return "Table" if seat == "table" else self.names[int(seat)]

    def value(self, key: str, value: Any, complete: bool) -> str:
        """One fact of one seat, in words."""
        if key == "solved_at":
            if value is None:
                return "not solved" if complete else "not yet"
            return f"at trick {value}"
        return plain(value)


def counted(number: int, thing: str) -> str:
    """``1 trick``, ``2 tricks``."""
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


def plain(value: Any) -> str:
    """A value in words for a fact the command line has no words of its own for."""
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(plain(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {plain(v)}" for k, v in value.items()) or "none"
    return str(value)


def print_round(
    console: Console, report: RoundCheck | Mapping[str, Any], record: Record, symbols: bool
) -> None:
    """The round as players read it: who dealt, the trump or secret, the tricks, the result; the
    game's own tables and lines (`Game.check_tables`, `Game.check_lines`) among them."""
    check = report if isinstance(report, RoundCheck) else RoundCheck.from_json(report)
    game = record.game_instance()
    text = RoundText(record, game, symbols)
    result = check.result
    facts = {**check.facts, **result}
    line_facts = LINE_FACTS + game.check_facts
    about = [f"{len(text.names)} players", f"dealer {text.names[record.dealer]}"]
    if facts.get("cards"):
        about.append(counted(facts["cards"], "card") + " each")
    if record.view is not None:
        about.append(f"as {text.names[record.view]} saw it")
    console.print(game.title)
    console.print(", ".join(about))
    for line in _fact_lines(text, facts, game.check_fact_lines(check, text.names)):
        console.print(line)
    for table in game.check_tables(check, text.names, symbols):
        console.print(_rich_table(table))
    console.print(_trick_table(text, check.tricks))
    if check.complete:
        console.print("round complete")
    else:
        console.print(f"round incomplete: the record stops in the {check.phase} phase")
    console.print(_result_table(text, result, check.complete, line_facts))
    for line in game.check_lines(check, text.names, record.dealer):
        console.print(line)
    for key, value in result.items():
        if key not in SEAT_COLUMNS and key not in line_facts and not _by_seat(value, len(text.names)):
            console.print(f"{key.replace('_', ' ')}: {plain(value)}")


def _fact_lines(text: RoundText, facts: Mapping[str, Any], own: list[str]) -> list[str]:
    """The trump, the game's own facts (``own``, `Game.check_fact_lines`), the secret."""
    lines = []
    if "trump" in facts:
        line = f"trump: {text.suit(facts['trump'])}"
        if facts.get("trump_card") is not None:
            line += f" (turned {text.card(facts['trump_card'])})"
        elif "trump_card" in facts:
            line += " (no card turned)"
        called = facts.get("trump_called")
        if called is not None and called != facts["trump"]:  # 24's Trump Chaos changed it
            line += f" at the end of the round, {text.suit(called)} when called"
        if facts.get("blind"):
            line += ", called blind"
        if facts.get("caller") is not None:
            line += f", called by {text.names[facts['caller']]}"
        lines.append(line)
    lines += own
    if facts.get("secret") is not None:
        secret = facts["secret"]
        lines.append(text.game.fact_text("secret", secret) or f"the secret: {plain(secret)}")
    return lines


def _rich_table(report: ReportTable) -> Table:
    """A game's table of the report as the terminal draws it."""
    table = Table(title=report.title, box=None, padding=(0, 2), title_justify="left")
    for heading, right in report.columns:
        table.add_column(heading, justify="right" if right else "left")
    for row in report.rows:
        table.add_row(*row)
    return table


def _trick_table(text: RoundText, tricks: Sequence[TrickReport]) -> Table:
    """One row a trick: who led, each player's card under its name, who won."""
    table = Table(title=counted(len(tricks), "trick"), box=None, padding=(0, 2), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("led by")
    for name in text.names:
        table.add_column(name)
    table.add_column("winner")
    for number, trick in enumerate(tricks, 1):
        played = dict(zip(trick["seats"], trick["cards"], strict=True))
        cells = [text.card(played[s]) if s in played else "" for s in range(len(text.names))]
        table.add_row(str(number), text.names[trick["leader"]], *cells, text.names[trick["winner"]])
    return table


def _by_seat(value: Any, players: int) -> bool:
    if isinstance(value, list):
        return len(value) == players
    return isinstance(value, dict) and bool(value) and all(isinstance(k, int) for k in value)


def _result_table(
    text: RoundText, result: Mapping[str, Any], complete: bool, line_facts: Sequence[str]
) -> Table:
    """One row a player: bid, tricks, task, points, ... as far as the game scores them."""
    n = len(text.names)
    keys = [k for k in SEAT_COLUMNS if k in result and _by_seat(result[k], n)]
    keys += [k for k in result if k not in SEAT_COLUMNS and k not in line_facts and _by_seat(result[k], n)]
    table = Table(box=None, padding=(0, 2))
    table.add_column("player")
    for key in keys:
        numeric = isinstance(result[key], list) and all(isinstance(v, int | None) for v in result[key])
        table.add_column(SEAT_COLUMNS.get(key, key.replace("_", " ")), justify="right" if numeric else "left")
    for seat, name in enumerate(text.names):
        cells = []
        for key in keys:
            values = result[key]
            if isinstance(values, list) or seat in values:
                cells.append(text.value(key, values[seat], complete))
            else:
                cells.append("")
        table.add_row(name, *cells)
    return table


# -- a match ---------------------------------------------------------------------------


def print_match(console: Console, report: dict[str, Any], match: Match, symbols: bool) -> None:
    """Each round's dealer and points, then the totals (the rounds are checked one by one)."""
    game = match.rounds[0].game_instance() if match.rounds else None
    title = game.title if game is not None else match.game
    status = "complete" if report.get("complete") else "incomplete"
    if not report.get("complete") and report.get("next"):
        status = f"not over ({report['next']} comes next)"
    rounds = counted(len(match.rounds), "round")
    console.print(title)
    console.print(f"a game of {rounds}, {len(match.players)} players, {status}")
    table = Table(title="points by round", box=None, padding=(0, 2), title_justify="left")
    table.add_column("round", justify="right")
    table.add_column("dealer")
    for name in match.players:
        table.add_column(name, justify="right")
    for number, (record, checked) in enumerate(zip(match.rounds, report["rounds"], strict=False), 1):
        points = checked.get("result", {}).get("points") or [None] * len(match.players)
        table.add_row(str(number), match.players[record.dealer], *(plain(p) for p in points))
    if report["ok"]:
        table.add_row("", "totals", *(str(t) for t in report["totals"]))
    console.print(table)
