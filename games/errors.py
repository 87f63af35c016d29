"""The one exception type for errors a user can cause."""

from __future__ import annotations

__all__ = ["StichError", "RuleError"]


class StichError(Exception):
    """Bad input: an unknown card, a malformed file, an impossible option.

    The message is one line that names the input and, where it helps, the fix.
    The CLI prints it and exits non-zero; it never shows a traceback.
    """


class RuleError(StichError):
    """An action the rules forbid (a card that must not be played, a bid the dealer may not make)."""
