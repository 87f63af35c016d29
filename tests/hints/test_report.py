"""The HTML analysis report: self-contained, every trick drawn, every verdict shown."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from games.record import simulate
from hints.advice import Budget
from hints.analysis import analyze
from hints.report import render_html
from tests.browser import pdf_page_text, pdf_pages, print_pdf, read_png, require_browser, screenshot


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


# Suspect fills of Stich für Stich cards (games.pictures): influencer purple, hairdresser orange,
# gardener green, mechanic slate.
SUSPECT_FILLS = {"I": (142, 36, 170), "H": (216, 67, 21), "G": (46, 125, 50), "M": (55, 71, 79)}


def test_the_report_in_chromium_shows_the_cards_and_prints_every_section(tmp_path: Path) -> None:
    browser = require_browser()
    record = simulate("stich-fuer-stich", 3, 2)
    analysis = analyze(record, seats=[], budget=Budget(worlds=1))
    report = tmp_path / "report.html"
    report.write_text(render_html(analysis), encoding="utf-8")

    image = read_png(screenshot(browser, report, tmp_path / "report.png", 1000, 2400))
    assert (image.width, image.height) == (1000, 2400)
    sample = [image.pixel(x, y) for y in range(0, image.height, 3) for x in range(0, image.width, 3)]
    grey = [sum(p) / 3 for p in sample]
    mean = sum(grey) / len(grey)
    assert sum((g - mean) ** 2 for g in grey) / len(grey) > 300, "the screenshot looks blank"
    played = {card[0] for trick in analysis.report["tricks"] for card in trick["cards"]}
    for suspect in sorted(played & set(SUSPECT_FILLS)):
        assert sample.count(SUSPECT_FILLS[suspect]) > 100, f"no {suspect} cards in the screenshot"

    pdf = print_pdf(browser, report, tmp_path / "report.pdf")
    text = "\n".join(pdf_page_text(pdf, n) for n in range(1, pdf_pages(pdf) + 1))
    for heading in ("the round analysed", "What each player could deduce", "The tricks", "Decisions"):
        assert heading in text, f"{heading!r} is not in the printed report"
