"""What the commands share: user errors as one line, JSON output, option parsing."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import typer

from games.errors import StichError

__all__ = ["fail", "parse_options", "print_json", "user_errors"]


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print ``stich: error: message`` on stderr and return the exit to raise."""
    typer.echo(f"stich: error: {message}", err=True)
    return typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn a `StichError` into a one-line message and exit status 1, never a traceback."""
    try:
        yield
    except StichError as exc:
        raise fail(str(exc)) from None


def print_json(data: Any) -> None:
    """JSON on stdout, one document."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``key=value`` pairs; values are JSON where they parse (``true``, ``3``, ``"x"``), else text."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, raw = pair.partition("=")
        if not sep or not key.strip():
            raise StichError(f"option {pair!r} must look like key=value")
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        options[key.strip()] = value
    return options
