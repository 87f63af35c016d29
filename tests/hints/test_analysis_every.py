"""`stich analyze` on every game, variant and player count, every seat, in text, JSON and HTML.

Each round is simulated (small hands where the game allows) and analysed for every seat with
one world a decision, the cheapest budget. Every decision of every seat is reviewed once, at
its own event; the text, the JSON and the HTML say the same counts (decisions, forced, each
verdict); no output holds a Python value (``['R10']``, ``{'trump_suit': ...}``) or a
figure with more decimals than a player reads. Seeds are fixed: the matrix stays quick.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import replace
from html.parser import HTMLParser

import pytest

from stich.cli.analyze import print_analysis
from stich.games.record import Record, simulate
from stich.hints.advice import Budget
from stich.hints.analysis import Analysis, analyze
from stich.hints.report import render_html
from stich.hints.session import Session
from tests.deducer import simulate_deal

DECISIONS: tuple[str, ...] = ("pick", "announce", "reveal", "task", "discard", "trump", "exchange", "drop")
DECISIONS += ("bid", "play", "winner", "guess")

Make = Callable[[], Record]
VARIANTS: list[tuple[str, Make]] = [
    ("oh-hell-3-strict", lambda: simulate("stiche-raten", 3, 1, {"first_round": 3, "scoring": "strict"})),
    (
        "oh-hell-4-simultaneous-minus",
        lambda: simulate(
            "stiche-raten", 4, 2, {"first_round": 2, "bidding": "simultaneous", "scoring": "minus"}
        ),
    ),
    ("oh-hell-5-blind", lambda: simulate("stiche-raten", 5, 3, {"first_round": 2, "blind_round": 1})),
    (
        "oh-hell-6-no-restriction",
        lambda: simulate("stiche-raten", 6, 4, {"first_round": 2, "restriction": False}),
    ),
    ("oh-hell-7", lambda: simulate("stiche-raten", 7, 5, {"first_round": 1})),
    (
        "whist-named-trump",
        lambda: simulate("stiche-raten", 4, 6, {"first_round": 3, "bidding": "none", "trump": "named"}),
    ),
    ("wizard-3", lambda: simulate_deal("wizard", 3, 1, {}, cards=3)),
    (
        "wizard-4-original-restriction",
        lambda: simulate_deal("wizard", 4, 2, {"edition": "original", "restriction": True}, cards=2),
    ),
    ("wizard-5", lambda: simulate_deal("wizard", 5, 3, {}, cards=2)),
    ("wizard-6", lambda: simulate_deal("wizard", 6, 4, {}, cards=1)),
    ("was-sticht-3", lambda: simulate("was-sticht", 3, 1)),
    ("was-sticht-3-no-table-card", lambda: simulate("was-sticht", 3, 2, {"table_card": False})),
    ("was-sticht-4", lambda: simulate("was-sticht", 4, 3)),
    ("24-2", lambda: simulate("24", 2, 1)),
    ("24-3-chaos-dropping", lambda: simulate("24", 3, 2, {"trump_chaos": True, "dropping_out": True})),
    ("24-4-point-restrictions", lambda: simulate("24", 4, 2, {"point_restrictions": True})),
    ("24-5-no-caller-penalty", lambda: simulate("24", 5, 2, {"caller_penalty": False})),
    ("stich-fuer-stich-3", lambda: simulate("stich-fuer-stich", 3, 1)),
    ("stich-fuer-stich-4", lambda: simulate("stich-fuer-stich", 4, 4)),
]

PYTHON_VALUE = re.compile(r"\[\s*'|\{\s*'|'\s*\]|\(\s*'")  # ['R10'], {'trump_suit', ('a'
LONG_DECIMAL = re.compile(r"\d\.\d{3,}")  # 0.00445393: more digits than a player reads


def decision_events(record: Record) -> dict[int, int]:
    """Event index → the seat that decided it (an event without a seat, as Stich für Stich's
    announced winner, is the seat's to move)."""
    found: dict[int, int] = {}
    for index, event in enumerate(record.events):
        if not any(kind in event for kind in DECISIONS):
            continue
        seat = event.get("seat")
        if seat is None:
            seat = Session.from_record(replace(record, events=record.events[:index]), 0).to_move()
        assert isinstance(seat, int)
        found[index] = seat
    return found


class _Text(HTMLParser):
    """The text a reader of the page sees (not the markup, the styles or the drawing's numbers)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._skip += tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._skip -= tag == "style"

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def _seen(page: str) -> str:
    parser = _Text()
    parser.feed(page)
    return " ".join(" ".join(parser.parts).split())


def _check_counts(analysis: Analysis, text: str, data: dict[str, object], page: str) -> None:
    names = analysis.record.players
    by_seat = data["by_seat"]
    assert isinstance(by_seat, list) and [s["seat"] for s in by_seat] == list(analysis.seats)
    for summary in by_seat:
        seat = summary["seat"]
        mine = [r for r in analysis.reviews if r.seat == seat]
        assert summary["decisions"] == len(mine)
        assert summary["forced"] == sum(r.verdict == "forced" for r in mine)
        assert sum(summary["verdicts"].values()) + summary["forced"] == summary["decisions"]
        said = analysis.summary_text(seat)
        made = f"{summary['decisions']} decision"
        assert said.startswith(made) and (not summary["forced"] or f"{summary['forced']} forced" in said)
        assert f"{names[seat]}: {said}" in " ".join(text.split())  # the text says it
        assert said in page  # and the HTML, word for word


@pytest.mark.parametrize("make", [v[1] for v in VARIANTS], ids=[v[0] for v in VARIANTS])
def test_every_seat_of_every_game_is_analysed_in_text_json_and_html(
    make: Make, capsys: pytest.CaptureFixture[str]
) -> None:
    record = make()
    analysis = analyze(record, budget=Budget(worlds=1, seed=0))
    players = len(record.players)
    assert analysis.seats == tuple(range(players))

    # Every decision of every seat, once, at its own event, with a label a player reads.
    expected = decision_events(record)
    assert {r.event: r.seat for r in analysis.reviews} == expected
    assert len(analysis.reviews) == len(expected)
    for review in analysis.reviews:
        assert review.action == record.events[review.event]
        assert review.label and not PYTHON_VALUE.search(review.label), review.label
    assert {r.seat for r in analysis.reviews} == set(range(players))

    print_analysis(analysis)
    text = capsys.readouterr().out
    data = json.loads(json.dumps(analysis.to_json()))
    page = render_html(analysis)
    seen = _seen(page)
    for output in (text, seen):
        assert not PYTHON_VALUE.search(output), PYTHON_VALUE.search(output)
        assert not LONG_DECIMAL.search(output), LONG_DECIMAL.search(output)
    _check_counts(analysis, text, data, seen)
    assert len(data["decisions"]) == len(analysis.reviews)
    # How the advice was budgeted: the same sentence in the text and the HTML, the same counts in
    # the JSON, every decision counted once.
    assert analysis.thinking is not None
    said = analysis.thinking.text()
    assert said in " ".join(text.split()) and said in seen
    thinking = data["thinking"]
    assert thinking["advised"] + thinking["one_choice"] + thinking["exact"] == len(analysis.reviews)
    assert thinking["advised"] == sum(1 for d in data["decisions"] if d["advice"] and d["advice"]["worlds"])
