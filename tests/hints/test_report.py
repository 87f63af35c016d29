"""The HTML analysis report: self-contained, every trick drawn, every verdict shown."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from games.record import simulate
from hints.advice import Budget
from hints.analysis import analyze
from hints.report import render_html


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def test_the_report_draws_every_trick_and_every_valued_decision() -> None:
    record = simulate("stiche-raten", 4, 9, {"first_round": 4})
    analysis = analyze(record, budget=Budget(worlds=4, seed=1))
    page = render_html(analysis)
    parser = _Collect()
    parser.feed(page)
    cards = [
        attrs.get("aria-label")
        for tag, attrs in parser.tags
        if tag == "svg" and "card" in (attrs.get("class") or "")
    ]
    for trick in analysis.report["tricks"]:
        for card in trick["cards"]:
            assert card in cards
    shown = [r for r in analysis.reviews if r.verdict != "forced"]
    assert page.count('class="badge"') >= len(shown)
    charts = [attrs for tag, attrs in parser.tags if tag == "svg" and attrs.get("class") == "chart"]
    assert len(charts) == 4  # one value chart per seat


def test_the_report_is_self_contained() -> None:
    record = simulate("stich-fuer-stich", 3, 2)
    page = render_html(analyze(record, seats=[], budget=Budget(worlds=1)))
    assert "<script" not in page and not re.search(r"\b(src|href)=", page)
    assert "http://" not in page and "https://" not in page
    assert "What each player could deduce" in page  # the timeline of a game with a secret
