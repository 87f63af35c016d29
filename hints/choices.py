"""What an event chooses, apart from who chose it and what the rules answered.

Two legal events can make the same choice (a guess with either answer, one chip of two alike):
the bots and the heuristics choose among the distinct ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stich.games.base import Event

__all__ = ["ANSWER_FIELDS", "choice_key", "distinct_choices"]

# Fields of an event that say who chose or what the rules answered, not what was chosen.
ANSWER_FIELDS = ("seat", "receive", "answer", "solved")


def choice_key(event: Event) -> tuple[tuple[str, Any], ...]:
    """What an event chooses, without who chose it or what the rules answered."""
    return tuple(
        sorted(
            (k, v if not isinstance(v, list) else tuple(v))
            for k, v in event.items()
            if k not in ANSWER_FIELDS
        )
    )


def distinct_choices(events: Sequence[Event]) -> list[Event]:
    """The events that choose differently (the first of each kind)."""
    seen: dict[tuple[tuple[str, Any], ...], Event] = {}
    for event in events:
        seen.setdefault(choice_key(event), event)
    return list(seen.values())
