"""The one rule for players' names, applied wherever names come in.

A name is what a seat is given by at the table, in records, journals and tables: one line
of visible text, 1 to `MAX_NAME` characters, no control or format character (Unicode
category C: tab, newline, NUL, ``\\x01``, a zero-width joiner, ...) and no line or paragraph
separator (U+2028, U+2029), not only spaces, and no two names alike ignoring case and
surrounding spaces. ``stich live --players``, ``stich import``, the record and journal
readers all call `check_player_names`, so a name one of them accepts the others accept too.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from stich.games.base import name_key
from stich.games.errors import StichError
from stich.games.jsonfile import short_repr

__all__ = ["MAX_NAME", "check_player_names", "name_key", "name_problem"]

MAX_NAME = 40  # characters in a player's name: enough for a name, short enough for a table


def _forbidden(char: str) -> bool:
    return unicodedata.category(char)[0] == "C" or unicodedata.category(char) in ("Zl", "Zp")


def name_problem(name: object) -> str | None:
    """What is wrong with one name (words that follow ``players/N: ``), or None when it is fine."""
    if not isinstance(name, str):
        return f"a player's name is text, not {short_repr(name)}"
    if len(name) > MAX_NAME:
        return f"a player's name has at most {MAX_NAME} characters, this one has {len(name)}"
    bad = next((c for c in name if _forbidden(c)), None)
    if bad is not None:
        return f"the name {short_repr(name)} holds a control character (U+{ord(bad):04X})"
    if not name.strip():
        return "a player's name needs a visible character"
    return None


def check_player_names(names: Sequence[object], source: str | None = None) -> list[str]:
    """The names, checked against the rule of this module; a one-line `StichError` naming
    ``source`` (when given) and the seat of the first bad name (``players/2: ...``)."""
    prefix = f"{source}: " if source else ""
    seen: dict[str, int] = {}
    checked: list[str] = []
    for seat, name in enumerate(names):
        problem = name_problem(name)
        if problem is not None:
            raise StichError(f"{prefix}players/{seat}: {problem}")
        assert isinstance(name, str)
        other = seen.setdefault(name_key(name), seat)
        if other != seat:
            raise StichError(
                f"{prefix}players {other} and {seat} are both called {short_repr(checked[other])} "
                "(names are told apart ignoring case and surrounding spaces)"
            )
        checked.append(name)
    return checked
