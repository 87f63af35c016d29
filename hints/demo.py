"""The embedded example rounds: what a player sees at a few decisions of each game.

Each example is an omniscient record shipped with the package (``stich/examples``) with a
``demo`` field naming the seat and the events to stop before. The round is read once
through that seat's `Session`; at each stop the deduction and the advice are taken, with a
fixed number of worlds and a fixed seed so that the demo says the same every time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

from stich.games.cards import Deck
from stich.games.record import Record, parse_record
from stich.games.registry import GAME_IDS, find
from stich.games.views import ViewFeed
from stich.hints.advice import Advice, Budget, advise
from stich.hints.session import Deduction, Session

__all__ = ["DemoGame", "DemoStop", "demo", "example"]


@dataclass(frozen=True)
class DemoStop:
    """One decision of the example's seat: how far the round is, what it deduces, the advice."""

    event: int
    phase: str
    deduction: Deduction
    advice: Advice


@dataclass(frozen=True)
class DemoGame:
    """One example round seen from one seat."""

    game: str
    title: str
    about: str
    seat: int
    players: tuple[str, ...]
    stops: tuple[DemoStop, ...]
    deck: Deck  # the round's cards, for showing their names


def example(game: str) -> Record:
    """The example record of ``game``."""
    text = resources.files("stich").joinpath("examples", f"{game}.json").read_text(encoding="utf-8")
    return parse_record(json.loads(text), f"example {game}")


def demo(games: list[str] | None = None, worlds: int = 24, seed: int = 1) -> list[DemoGame]:
    """Replay the examples of ``games`` (default all) through their seat's session."""
    shown = []
    for game_id in games or list(GAME_IDS):
        record = example(game_id)
        spec = record.extra["demo"]
        seat = int(spec["seat"])
        stops = sorted(int(s) for s in spec["stops"])
        feed = ViewFeed(record, [seat])
        session = Session(feed.header(seat), strict=False)
        found = []
        for stop in stops:
            while feed.index < stop:
                for event in feed.step()[seat]:
                    session.apply(event, strict=False)
            advice = advise(session, Budget(worlds=worlds, seed=seed))
            found.append(DemoStop(stop, session.round.phase, session.deduction(), advice))
        title = find(game_id).title
        shown.append(
            DemoGame(
                game_id,
                title,
                str(spec["about"]),
                seat,
                tuple(record.players),
                tuple(found),
                session.round.deck,
            )
        )
    return shown
