"""Reading the JSON files users give (records, positions, deck files) with one-line errors."""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import Any

from stich.games.errors import StichError

__all__ = ["parse_json", "printable", "read_json", "short_repr"]

BOM = "\ufeff"
# A lone UTF-16 surrogate: JSON's "\ud800" escape decodes to one, but it is no character
# and cannot be written back as UTF-8, nor printed.
_SURROGATE = re.compile("[\ud800-\udfff]")


QUOTED = 40  # characters of a bad value quoted in a message


def printable(text: str) -> str:
    """``text`` with control characters and the like escaped, so that a message stays one line."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


def short_repr(value: object, limit: int = QUOTED) -> str:
    """``repr(value)``, cut in the middle to about ``limit`` characters, on one line."""
    text = printable(repr(value))
    if len(text) <= limit:
        return text
    half = limit // 2
    return f"{text[:half]}…{text[-half:]} ({len(text)} characters)"


def _no_constant(name: str) -> Any:
    """JSON has no NaN or Infinity (Python's reader would take them)."""
    raise ValueError(f"{name} is not a JSON value")


def parse_json(text: str, label: str) -> Any:
    """JSON text parsed; a `StichError` naming ``label``, the line and column if it is not JSON.

    A leading byte-order mark (some editors write one) is skipped; an empty text, a number
    too long to read, ``NaN`` and text that is no Unicode (a lone surrogate) are refused.
    """
    text = text.removeprefix(BOM)
    if not text.strip():
        raise StichError(f"{label}: empty (no JSON in it)")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise StichError(f"{label}: JSON nested too deeply") from None
    except json.JSONDecodeError as exc:
        cut = f"; the file is truncated at line {exc.lineno}" if exc.pos >= len(text.rstrip()) else ""
        raise StichError(
            f"{label}: not valid JSON at line {exc.lineno} column {exc.colno} ({exc.msg}{cut})"
        ) from None
    except ValueError as exc:  # a number past int's digit limit, NaN, Infinity
        reason = str(exc)
        if "digits" in reason:
            reason = f"a number has more than {sys.get_int_max_str_digits()} digits"
        raise StichError(f"{label}: not valid JSON ({reason})") from None
    _refuse_surrogates(data, label)
    return data


def _refuse_surrogates(data: Any, label: str) -> None:
    """A `StichError` naming the place of a string (or key) that holds a lone surrogate."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            _check_text(value, where, label)
        elif isinstance(value, dict):
            for key, item in value.items():
                _check_text(key, where, label, "a key")
                stack.append((item, f"{where}/{key}" if where else key))
        elif isinstance(value, list):
            stack.extend((item, f"{where}/{i}" if where else str(i)) for i, item in enumerate(value))


def _check_text(text: str, where: str, label: str, what: str = "the text") -> None:
    found = _SURROGATE.search(text)
    if found is not None:
        at = f" at {printable(where) if where else 'top level'}"
        code = ascii(found.group())[1:-1]
        raise StichError(f"{label}: {what}{at} holds {code}, half of a surrogate pair and no character")


def read_json(source: str | Path, label: str | None = None, limit: int | None = None) -> Any:
    """A JSON file (``-``: standard input) parsed; a one-line `StichError` naming ``label`` or the path.

    With ``limit`` (bytes), the file must be a regular file (not a device, a pipe or a
    folder) of at most that size."""
    path = Path(source)
    label = str(path) if label is None else label
    try:
        if limit is not None and str(source) != "-":
            text = _read_limited(path, label, limit)
        else:
            text = sys.stdin.read() if str(source) == "-" else path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StichError(f"{label}: cannot read it (no such file)") from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise StichError(f"{label}: cannot read it ({reason})") from None
    return parse_json(text, label)


def _read_limited(path: Path, label: str, limit: int) -> str:
    """A regular file's text, refused (naming ``label``) when it is anything else or over ``limit``
    bytes. Opened without blocking, so that a named pipe is refused instead of waited on."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise StichError(f"{label}: not a regular file")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, limit + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise StichError(f"{label}: larger than {limit:,} bytes, too large to be read")
    return data.decode("utf-8")
