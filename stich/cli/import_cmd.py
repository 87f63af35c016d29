"""``stich import``: records from elsewhere (PBN bridge boards, Trickster Cards' Oh Hell rounds)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from stich.cli._common import fail, user_errors
from stich.games.errors import StichError
from stich.games.record import Record

__all__ = ["import_cli", "output_paths", "records_text", "write_records"]


def import_cli(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE", help="A PBN file: bridge boards, or Oh Hell game records from Trickster Cards."
        ),
    ],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Write the record to this file; a file of several games: to this directory, one record "
            "each (never overwrites). Default: standard output.",
        ),
    ] = None,
    game: Annotated[
        str | None,
        typer.Option("--game", help="The game the records must be of (both formats import as stiche-raten)."),
    ] = None,
) -> None:
    """Turn a file from elsewhere into stich-round/1 records, one per deal or board.

    On standard output one game gives its record and several give a JSON list of records.
    A line that cannot be read is named with its line number and nothing is imported.
    """
    from stich.games.imports import ImportProblems, import_file

    try:
        imported = import_file(file, game)
    except ImportProblems as problems:
        for message in problems.problems[:-1]:
            typer.echo(f"stich: error: {message}", err=True)
        raise fail(problems.problems[-1]) from None
    except StichError as exc:
        raise fail(str(exc)) from None
    for warning in imported.warnings:
        typer.echo(f"stich: warning: {warning}", err=True)
    with user_errors():
        if out is None:
            typer.echo(records_text(imported.records), nl=False)
            return
        paths = output_paths(file, len(imported.records), out)
        write_records(paths, imported.records, out)
    where = paths[0] if len(paths) == 1 else f"{out}{'/' if not str(out).endswith('/') else ''}"
    typer.echo(f"wrote {len(paths)} record{'s' if len(paths) != 1 else ''} to {where}", err=True)


def write_records(paths: list[Path], records: list[Record], out: Path) -> None:
    """Write each record to its path (several: into the folder ``out``, made if missing); a
    `StichError` naming the path that cannot be written."""
    if len(paths) > 1:
        try:
            out.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StichError(f"--out {out}: cannot make the folder ({_why_not(out, exc)})") from None
    for path, record in zip(paths, records, strict=True):
        try:
            with path.open("x", encoding="utf-8") as handle:
                handle.write(record.dumps())
        except FileExistsError:
            raise StichError(f"{path} already exists; choose another --out") from None
        except OSError as exc:
            raise StichError(f"{path}: cannot write it ({_why_not(path, exc)})") from None


def _why_not(path: Path, exc: OSError) -> str:
    """Why ``path`` cannot be made: a file where a folder must be, a missing folder, or the system's word."""
    for above in path.parents:
        if above.is_file():
            return f"{above} is a file, not a folder"
    if not path.parent.is_dir():
        return f"no folder {path.parent}; make it first or choose another --out"
    return exc.strerror or str(exc)


def records_text(records: list[Record]) -> str:
    """One record as itself; several as a JSON list of records."""
    if len(records) == 1:
        return records[0].dumps()
    return "[\n" + ",\n".join(r.dumps().rstrip("\n") for r in records) + "\n]\n"


def output_paths(source: Path, count: int, out: Path) -> list[Path]:
    """Where ``count`` records go: ``out`` itself for one (inside it when it is a directory), else
    ``out/<source stem>-<n>.json`` numbered from 1 in file order. None of them may exist yet."""
    if count == 1:
        paths = [out / f"{source.stem}.json" if out.is_dir() else out]
    else:
        if out.exists() and not out.is_dir():
            raise StichError(f"{out} is a file; {count} records need a directory for --out")
        width = len(str(count))
        paths = [out / f"{source.stem}-{n:0{width}d}.json" for n in range(1, count + 1)]
    taken = [p for p in paths if p.exists()]
    if taken:
        more = f" (and {len(taken) - 1} more)" if len(taken) > 1 else ""
        raise StichError(f"{taken[0]} already exists{more}; choose another --out")
    return paths
