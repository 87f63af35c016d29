"""Entries a player at a real table would type for a recorded round, seen from one seat.

Test-only: turns an omniscient record into the `stich live` entry lines of one seat (its own
cards first, then every event as that seat saw it), so whole games of random play can be fed
to the live engine and its answers compared with the rules engine's.
"""

from __future__ import annotations

from stich.games.base import Event
from stich.games.record import Record
from stich.games.views import seat_view
from stich.hints.live.entries import entry_text


def setup_lines(record: Record, seat: int) -> list[str]:
    """The facts of the seat's own cards: hand (24: in the order dealt), turned card, layout, secret."""
    view = seat_view(record, seat)
    known = view.known
    lines: list[str] = []
    for column in known.get("layout") or []:
        lines.append("layout " + " ".join(column))
    hand = (known.get("hands") or {}).get(str(seat))
    if hand is not None:
        half = (len(hand) + 1) // 2
        lines += ["hand " + " ".join(part) for part in (hand[:half], hand[half:]) if part]
    if "trump_card" in known:
        lines.append(f"turn {known['trump_card'] or 'none'}")
    secret = known.get("secret")
    if secret is not None:
        lines.append("secret " + " ".join("none" if v is None else str(v) for v in secret.values()))
    return lines


def event_line(event: Event, names: list[str], name_seat: bool = False) -> str:
    """The entry that makes ``event``; the seat is named only when asked for (or when the entry
    always names it: a task chosen, a sleuth's outcome)."""
    if name_seat or "task" in event or "solved" in event:
        return entry_text(event, names)
    return entry_text({k: v for k, v in event.items() if k != "seat"}, names)


def round_lines(record: Record, seat: int, name_seat: bool = False) -> list[str]:
    """Every entry of one round as ``seat`` saw it."""
    view = seat_view(record, seat)
    return setup_lines(record, seat) + [event_line(e, record.players, name_seat) for e in view.events]
