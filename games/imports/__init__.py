"""Records from elsewhere: files that other programs write, read into ``stich-round/1`` records.

Two formats today, both PBN text (``docs/import.md``): bridge boards (PBN 2.1) and the
Oh Hell game records of Trickster Cards (a PBN dialect with ``[Undealt]`` and bids in
``[Auction]``). Each game of a file becomes one omniscient record; a line that cannot
be read is reported with the file and its line number, and then nothing is imported.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from stich.games.errors import StichError
from stich.games.imports.pbn import BOARD_GAME, ImportProblems, Problems, bridge_record, read_games
from stich.games.imports.trickster import ROUND_GAME, is_trickster, trickster_record
from stich.games.record import Record
from stich.games.registry import GAME_IDS

__all__ = ["FORMAT_GAMES", "ImportProblems", "Imported", "import_file", "import_text"]

#: The game each format imports as, as its reader builds the records (a bridge board and an Oh
#: Hell round are Stiche-Raten rounds).
FORMAT_GAMES = {"pbn": BOARD_GAME.id, "trickster-oh-hell": ROUND_GAME.id}


@dataclass
class Imported:
    """The records read from one file, in file order, and what was read despite a fault."""

    records: list[Record]
    warnings: list[str]


def import_text(text: str, source: str, game: str | None = None) -> Imported:
    """The records of a PBN text (``source`` names it in messages); ``game``, when given, is the
    game the records must be of. Raises `ImportProblems` listing every line that cannot be read."""
    if game is not None and game not in GAME_IDS:
        raise StichError(f"unknown game {game!r} (games: {', '.join(GAME_IDS)})")
    problems = Problems(source)
    games = read_games(text, problems)
    if not games and not problems.errors:
        raise StichError(f'{source}: no game found (a PBN file holds tag pairs such as [Deal "N:..."])')
    name = Path(source).name
    records: list[Record] = []
    for pbn_game in games:
        trickster = is_trickster(pbn_game)
        kind = "trickster-oh-hell" if trickster else "pbn"
        if game is not None and FORMAT_GAMES[kind] != game:
            problems.error(pbn_game.line, f"a {_title(kind)} imports as {FORMAT_GAMES[kind]}, not {game}")
            continue
        record = (trickster_record if trickster else bridge_record)(pbn_game, problems, name)
        if record is not None:
            records.append(record)
    problems.check()
    return Imported(records, problems.warnings)


def _title(kind: str) -> str:
    return "Trickster Oh Hell round" if kind == "trickster-oh-hell" else "bridge board"


def import_file(path: str | Path, game: str | None = None) -> Imported:
    """The records of a file (UTF-8, else Latin-1 as older PBN files are); see `import_text`."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise StichError(f"{path}: cannot read it (no such file)") from None
    except OSError as exc:
        raise StichError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return import_text(text, str(path), game)
