"""The review of a finished round on the page of ``stich serve``, and the worker that makes it.

A round's review is `hints.analysis.analyze` of the round as the seat's journal holds it,
its ``to_json`` exactly what ``stich analyze JOURNAL --round N --json`` prints (with the
`default_budget` of ``stich analyze`` unless the table is given another). It is made in the
table's worker process, the one that gives the advice (`table_job`), never in the request
that asks for it. `review_page` writes it for a person: the cards as the game writes them
(`Deck.shown_text`, as the page's advice), the deal the round showed, when the secret was
first known; `round_summary` is a round's line of the game's summary.
"""

from __future__ import annotations

from collections import deque
from multiprocessing.connection import Connection
from typing import Any

from stich.games.cards import Deck
from stich.games.errors import StichError
from stich.games.record import Record

__all__ = ["review_page", "round_summary", "table_job"]


def table_job(conn: Connection, other_end: Connection | None = None) -> None:
    """The worker of a ``stich serve`` table. Takes ``("advice", ticket, Question)``
    (`hints.live.Question`), of which only the newest matters, and ``("review", round, record,
    budget)``, each answered in turn; answers ``(kind, ticket or round, result or error text)``.
    Advice comes first (a player may be waiting on it); a review is the analysis of a whole round
    and runs between questions. Ends when the other end of the pipe closes (`hints.live.advice_job`
    does the same for advice)."""
    from stich.hints.analysis import analyze

    if other_end is not None:
        other_end.close()  # the owner's death reaches the worker as the end of its pipe
    advice: tuple[Any, ...] | None = None
    reviews: deque[tuple[Any, ...]] = deque()
    while True:
        try:
            if advice is None and not reviews:
                conn.poll(None)
            while conn.poll():
                job = conn.recv()
                if job[0] == "advice":
                    advice = job  # only the newest question matters
                else:
                    reviews.append(job)
        except (EOFError, OSError):
            return
        if advice is not None:
            kind, ticket, question = advice
            advice = None
            answer: Any = question.answer()  # a failure too is answered, never left to hang
        elif reviews:
            kind, ticket, record, budget = reviews.popleft()
            try:
                answer = analyze(record, None, budget).to_json()
            except StichError as exc:
                answer = str(exc)
            except Exception as exc:  # a review that fails must not take the advice down with it
                answer = f"{type(exc).__name__}: {exc}"
        else:
            continue
        try:
            conn.send((kind, ticket, answer))
        except (EOFError, OSError):
            return


def _costs(decisions: list[dict[str, Any]], verdict: str) -> dict[str, float]:
    """What the decisions of one verdict cost, added up by the value they are measured in."""
    lost: dict[str, float] = {}
    for decision in decisions:
        if decision["verdict"] == verdict and decision["cost"] is not None:
            lost[decision["value"]] = round(lost.get(decision["value"], 0.0) + decision["cost"], 4)
    return lost


def _lost_text(lost: dict[str, float]) -> str:
    """``{"expected points": 1.2}`` as a person reads it: "1.20 expected points" ("" for nothing)."""
    from stich.hints.analysis import cost_text

    return ", ".join(f"{cost_text(value, cost)} {value}" for value, cost in lost.items())


def round_summary(analysis: dict[str, Any], number: int) -> dict[str, Any]:
    """A round's line of the game's summary: its decisions, how many were forced, the mistakes and
    the unlucky ones with what they lost (by the value they are measured in: ``expected points``)."""
    decisions = analysis["decisions"]
    mistakes, luck = _costs(decisions, "mistake"), _costs(decisions, "unlucky")
    return {
        "round": number,
        "decisions": len(decisions),
        "forced": sum(1 for d in decisions if d["verdict"] == "forced"),
        "mistakes": sum(1 for d in decisions if d["verdict"] == "mistake"),
        "unlucky": sum(1 for d in decisions if d["verdict"] == "unlucky"),
        "lost_to_mistakes": mistakes,
        "lost_to_luck": luck,
        "lost_to_mistakes_text": _lost_text(mistakes),
        "lost_to_luck_text": _lost_text(luck),
    }


def _deal(analysis: dict[str, Any], record: Record, deck: Deck) -> list[dict[str, Any]]:
    """Each seat's cards as the round showed them, in the deck's order: the seat's own hand, and
    every card another seat played (a card never played is not shown); ``codes`` as the entries
    write them, ``cards`` as the game does."""
    played: dict[int, set[str]] = {seat: set() for seat in range(len(record.players))}
    for trick in analysis["tricks"]:
        for seat, card in zip(trick["seats"], trick["cards"], strict=True):
            played[seat].add(card)
    if record.view is not None:
        played[record.view] |= set((record.known.get("hands") or {}).get(str(record.view)) or [])
    deal = []
    for seat, name in enumerate(record.players):
        codes = sorted(played[seat], key=deck.parse)
        deal.append(
            {"seat": seat, "name": name, "codes": codes, "cards": [deck.shown(c, True) for c in codes]}
        )
    return deal


def review_page(analysis: dict[str, Any], record: Record, deck: Deck, number: int) -> dict[str, Any]:
    """What the page draws of a round's review: each decision (what was chosen, the verdict, the
    cost as the analysis writes it, the best with every card known, the advice the seat had then
    and its reason), the deal (and the card turned for trump), when the seat first knew the
    secret, and the round's summary. The cards as the game writes them (`Deck.shown_text`, as
    the page's advice writes them; the deal's ``codes`` for the page's pictures of them)."""
    from stich.hints.analysis import cost_text

    shown = deck.shown_text
    rows = []
    for decision in analysis["decisions"]:
        advice = decision["advice"] or {}
        advised = advice.get("alternatives") or [{}]
        rows.append(
            {
                "event": decision["event"],
                "decision": decision["decision"],
                "chosen": shown(decision["label"]),
                "verdict": decision["verdict"],
                "cost": decision["cost"],
                "cost_text": cost_text(decision["value"], decision["cost"], decision["cost_stderr"]),
                "value": decision["value"],
                "best": [shown(b) for b in decision["best"]],
                "advised": shown(advised[0].get("label") or ""),
                "reason": shown(advice.get("reason") or ""),
            }
        )
    known = analysis.get("first_known") or {}
    secret = None
    if analysis["secrets"]:
        event = known.get(str(record.view)) if record.view is not None else None
        secret = "never" if event is None else ("from the start" if event == 0 else f"after event {event}")
    return {
        "round": number,
        "players": list(record.players),
        "decisions": rows,
        "deal": _deal(analysis, record, deck),
        "turned": record.known.get("trump_card"),
        "secret": secret,
        "summary": round_summary(analysis, number),
    }
