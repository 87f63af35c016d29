"""Reading the JSON files users give (records, positions, deck files) with one-line errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from games.errors import StichError

__all__ = ["parse_json", "read_json"]


def parse_json(text: str, label: str) -> Any:
    """JSON text parsed; a `StichError` naming ``label``, the line and column if it is not JSON."""
    try:
        return json.loads(text)
    except RecursionError:
        raise StichError(f"{label}: JSON nested too deeply") from None
    except json.JSONDecodeError as exc:
        cut = f"; the file is truncated at line {exc.lineno}" if exc.pos >= len(text.rstrip()) else ""
        raise StichError(
            f"{label}: not valid JSON at line {exc.lineno} column {exc.colno} ({exc.msg}{cut})"
        ) from None


def read_json(source: str | Path, label: str | None = None) -> Any:
    """A JSON file (``-``: standard input) parsed; a one-line `StichError` naming ``label`` or the path."""
    path = Path(source)
    label = str(path) if label is None else label
    try:
        text = sys.stdin.read() if str(source) == "-" else path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StichError(f"{label}: cannot read it (no such file)") from None
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise StichError(f"{label}: cannot read it ({reason})") from None
    return parse_json(text, label)
