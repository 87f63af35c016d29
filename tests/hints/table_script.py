"""Entries a player at a real table would type for a recorded round, seen from one seat.

Test-only: turns an omniscient record into the `stich live` entry lines of one seat (its own
cards first, then every event as that seat saw it), so whole games of random play can be fed
to the live engine and its answers compared with the rules engine's.
"""

from __future__ import annotations

from typing import Any

from stich.games.base import Event
from stich.games.record import Record
from stich.games.views import seat_view


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
    """The entry that makes ``event``; the seat is named only when asked for."""
    seat = event.get("seat")
    who = f"{names[seat]}: " if name_seat and isinstance(seat, int) else ""

    def name(value: Any) -> str:
        return names[value] if isinstance(value, int) else str(value)

    if "pick" in event:
        return f"{who}pick {event['pick']}"
    if "announce" in event:
        return f"{who}announce {name(event['announce'])}"
    if "reveal" in event:
        words = ["none" if v is None else str(v) for v in event["reveal"].values()]
        return f"{who}reveal {' '.join(words)}"
    if "task" in event:
        return f"{names[seat]}: task {event['task']}" if isinstance(seat, int) else f"task {event['task']}"
    if "discard" in event:
        return f"{who}discard {event['discard']}"
    if "play" in event:
        line = f"{who}play {event['play']}"
        if event.get("reverse"):
            line += " reverse"
        if event.get("trump"):
            line += f" trump {event['trump']}"
        return line
    if "trump" in event:
        return f"{who}trump {event['trump']}" + (" blind" if event.get("blind") else "")
    if "exchange" in event:
        given = event["exchange"]
        if isinstance(given, int):
            return f"{who}exchange {given}"
        line = f"{who}exchange {' '.join(given)}"
        return line + (f" receive {' '.join(event['receive'])}" if event.get("receive") else "")
    if "drop" in event:
        return f"{who}drop"
    if "bid" in event:
        return f"{who}bid {event['bid']}"
    if "winner" in event:
        return f"{who}winner {name(event['winner'])}"
    if "guess" in event:
        return f"{who}guess {' '.join(event['guess'])} {event.get('answer', '')}".rstrip()
    if "solved" in event:
        return f"{'solved' if event['solved'] else 'false'} {names[seat]}"
    raise ValueError(f"no entry for {event}")


def round_lines(record: Record, seat: int, name_seat: bool = False) -> list[str]:
    """Every entry of one round as ``seat`` saw it."""
    view = seat_view(record, seat)
    return setup_lines(record, seat) + [event_line(e, record.players, name_seat) for e in view.events]
