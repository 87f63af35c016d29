"""What the commands share: user errors as one line, JSON output, option parsing."""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Any

import typer

from stich.games.cards import Deck
from stich.games.errors import StichError
from stich.games.jsonfile import printable, short_repr

if TYPE_CHECKING:
    from rich.text import Text

    from stich.games.record import Record

__all__ = [
    "AT_HELP",
    "AsciiOpt",
    "at_events",
    "card_text",
    "fail",
    "note_missing_kernel",
    "parse_options",
    "process_began",
    "print_json",
    "terminal_takes",
    "thinking",
    "use_symbols",
    "user_errors",
    "whole_number",
]


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print ``stich: error: message`` on stderr and return the exit to raise."""
    typer.echo(f"stich: error: {message}", err=True)
    return typer.Exit(code)


def note_missing_kernel() -> None:
    """One line on stderr when the compiled kernel did not load: the search still answers, slowly."""
    from stich.solvers.solver import kernel_missing

    reason = kernel_missing()
    if reason:
        typer.echo(
            f"stich: note: the compiled search kernel is not available ({reason}); the Python search"
            " runs instead, some 20 to 100 times slower (`pip install` with a C compiler builds it)",
            err=True,
        )


_PROCESS_BEGAN: list[float] = []
"""When the process that runs the command began (`time.monotonic`), once `mark_process_began` found it."""

FRESH_PROCESS = 10.0
"""A process older than this many seconds when the command line starts is not one begun to run
the command (a test's, a program's that calls `stich.cli.main`): its age is not counted."""


def mark_process_began() -> None:
    """Note when this process began, for `process_began`: called by `stich.cli.main` when the
    command line starts, in a process begun to run it. Where the system does not say (outside
    Linux's ``/proc``) or the process is older than `FRESH_PROCESS`, nothing is noted."""
    if _PROCESS_BEGAN:
        return
    now = time.monotonic()
    try:
        with open("/proc/self/stat", "rb") as stat:
            # The fields after the name (which may hold spaces) in parentheses; the start, in
            # clock ticks since boot, is the 22nd field.
            ticks = int(stat.read().rpartition(b")")[2].split()[19])
        with open("/proc/uptime", "rb") as uptime:
            age = float(uptime.read().split()[0]) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return
    if 0 <= age <= FRESH_PROCESS:
        _PROCESS_BEGAN.append(now - age)


def process_began() -> float | None:
    """The `time.monotonic` instant the process running this command began (its interpreter's
    start-up and imports before the command included), or None where that is not known
    (`mark_process_began`): a command run in a program's process, by a test."""
    return _PROCESS_BEGAN[0] if _PROCESS_BEGAN else None


@contextmanager
def user_errors(source: object = None) -> Iterator[None]:
    """Turn a `StichError` into a one-line message and exit status 1, never a traceback; with
    ``source`` (the file the command reads) the message names it, unless it does already."""
    try:
        yield
    except StichError as exc:
        message = str(exc)
        if source is not None and str(source) not in message:
            message = f"{source}: {message}"
        raise fail(message) from None


@contextmanager
def thinking(message: str) -> Iterator[None]:
    """A spinner with ``message`` on stderr while the block runs, where one shows: rich draws it
    only on a terminal (or where ``TTY_COMPATIBLE`` or ``FORCE_COLOR`` say there is one) and
    writes nothing elsewhere, so there rich is not even loaded."""
    environ = os.environ
    shown = bool(environ.get("TTY_COMPATIBLE")) or environ.get("FORCE_COLOR") is not None
    if not shown:
        try:
            shown = sys.stderr.isatty()
        except (AttributeError, ValueError):  # no stderr, or a closed one
            shown = False
    if not shown:
        yield
        return
    from rich.console import Console

    with Console(stderr=True).status(message):
        yield


def print_json(data: Any) -> None:
    """JSON on stdout, one document (with ``\\u`` escapes where the terminal cannot show a character)."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    if not terminal_takes(text):
        text = json.dumps(data, indent=2)
    sys.stdout.write(text + "\n")


def terminal_takes(text: str) -> bool:
    """Whether standard output's encoding can write ``text`` (suit symbols, say)."""
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def card_text(text: str, deck: Deck | None, symbols: bool = True, style: str = "") -> Text:
    """``text`` with the deck's card names as players read them (`Deck.shown_text`): with suit
    symbols (``A♠``) when ``symbols``, and coloured as the cards are (games.pictures) where the
    console has colour."""
    from rich.text import Text

    if deck is None:
        return Text(text, style=style)
    from stich.games.pictures import card_colour

    shown = Text(style=style)
    for piece, card in deck.text_parts(text):
        if card:
            shown.append(deck.shown(piece, symbols), style=card_colour(deck, piece) or "")
        else:
            shown.append(piece)
    return shown


def use_symbols(ascii_only: bool) -> bool:
    """Whether cards are printed with suit symbols (``K♣``): unless ``--ascii`` asks for the codes
    (``KC``) or standard output cannot write the symbols."""
    return not ascii_only and terminal_takes("♠♥♦♣")


AsciiOpt = Annotated[
    bool,
    typer.Option("--ascii", help="Cards as written in records (KC), not as the game writes them (K♣)."),
]
"""The ``--ascii`` option of the commands that print cards for a person to read."""


OPTION_DEPTH = 20
"""How deeply an option's JSON value may nest (a deck object inline nests two levels)."""


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``key=value`` pairs; values are JSON where they parse (``true``, ``3``, ``"x"``), else text.

    A value nested deeper than `OPTION_DEPTH` (``[[[[…``) is refused with a `StichError` naming
    the option."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise StichError(f"option {short_repr(pair)} must look like key=value")
        name = printable(key.strip())
        if _nesting(raw) > OPTION_DEPTH:
            raise StichError(f"option {name}: the value nests deeper than {OPTION_DEPTH} levels")
        try:
            value = json.loads(raw)
        except RecursionError:
            raise StichError(f"option {name}: the value nests too deeply") from None
        except ValueError:  # not JSON (or a number past int's digit limit): the text itself
            value = raw
        options[key.strip()] = value
    return options


def _nesting(text: str) -> int:
    """The deepest nesting of brackets and braces in ``text`` (strings not told apart: an upper
    bound, which is what a limit needs)."""
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}" and depth:
            depth -= 1
    return deepest


def whole_number(text: str | int) -> int:
    """A command-line number (``-3`` too), in the digits 0-9; a usage error naming the text otherwise."""
    if isinstance(text, int):  # the option's default
        return text
    try:
        if re.fullmatch(r"[+-]?[0-9]+", text.strip()) is None:
            raise ValueError(text)
        return int(text)
    except ValueError:  # not a number, or past int's digit limit
        raise typer.BadParameter(f"{short_repr(text)} is not a whole number") from None


AT_HELP = (
    "Use only the record's first N events (a negative N counts from the end: -1 leaves out the last), "
    "to ask at that point of the round."
)
"""The help of ``--at N`` (hint, deduce, solve, analyze)."""


def at_events(record: Record, at: int | None) -> Record:
    """``record`` cut to its first ``at`` events (``--at N``; a negative N counts from the end, as a
    Python slice does); a `StichError` naming N and the record's event count when out of range."""
    if at is None:
        return record
    total = len(record.events)
    kept = at if at >= 0 else total + at
    if not 0 <= kept <= total:
        raise StichError(
            f"--at {at}: the record has {total} event{'' if total == 1 else 's'} (N from {-total} to {total})"
        )
    return replace(record, events=record.events[:kept])
