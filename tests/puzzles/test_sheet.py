"""The printable HTML sheet, opened in headless Chromium: the cards show, the answer key has its own page."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from puzzles import Puzzle, generate, html_sheet, markdown
from tests.browser import pdf_page_text, pdf_pages, print_pdf, read_png, require_browser, screenshot

# Card fills of the sheet (puzzles.render): Was sticht? red, green, yellow, blue.
FILLS = {"red": (198, 40, 40), "green": (46, 125, 50), "yellow": (242, 183, 5), "blue": (21, 101, 192)}


def _sheet_puzzles() -> list[Puzzle]:
    return [
        *generate("was-sticht", "trump", "hard", count=2, seed=3).puzzles,
        *generate("stich-fuer-stich", "case", "medium", count=1, seed=3).puzzles,
        *generate("stiche-raten", "endgame", "easy", count=1, seed=3).puzzles,
    ]


def test_the_sheet_is_self_contained() -> None:
    page = html_sheet(_sheet_puzzles())
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") >= 24
    # Nothing is fetched: no scripts, no links, no remote or file references.
    assert not re.search(r"<script|<link|<img|src=|url\(|https?://", page)
    assert 'class="answers"' in page and "break-before: page" in page


def test_the_sheet_in_chromium_shows_the_cards_and_prints_the_answers_on_their_own_page(
    tmp_path: Path,
) -> None:
    browser = require_browser()
    puzzles = _sheet_puzzles()
    sheet = tmp_path / "sheet.html"
    sheet.write_text(html_sheet(puzzles), encoding="utf-8")

    image = read_png(screenshot(browser, sheet, tmp_path / "sheet.png", 1000, 1400))
    assert (image.width, image.height) == (1000, 1400)
    sample = [image.pixel(x, y) for y in range(0, image.height, 4) for x in range(0, image.width, 4)]
    grey = [sum(p) / 3 for p in sample]
    mean = sum(grey) / len(grey)
    variance = sum((g - mean) ** 2 for g in grey) / len(grey)
    assert variance > 500, f"the screenshot looks blank (variance {variance:.0f})"
    # The cards are drawn: each card colour fills a good number of pixels.
    for name, fill in FILLS.items():
        assert sample.count(fill) > 150, f"no {name} cards in the screenshot"

    pdf = print_pdf(browser, sheet, tmp_path / "sheet.pdf")
    pages = pdf_pages(pdf)
    texts = [pdf_page_text(pdf, n) for n in range(1, pages + 1)]
    key = next(n for n, text in enumerate(texts) if "Answer key" in text)
    assert key > 0, "the answer key shares the first page with the puzzles"
    # The answer key starts its page, and no page before it gives an answer away.
    assert texts[key].strip().startswith("Answer key")
    titles = {"trump": "Trumps", "case": "The case", "endgame": "Endgame"}
    for n, puzzle in enumerate(puzzles, 1):
        heading = f"{n}. {titles[puzzle.kind]} ({puzzle.grade})"
        assert any(heading in text for text in texts[:key]), f"{heading} is not before the key"
    assert all("is the one card that works" not in text and "Only " not in text for text in texts[:key])


def test_markdown_lists_the_puzzles_then_the_answers() -> None:
    puzzles = _sheet_puzzles()
    text = markdown(puzzles)
    questions, answers = text.split("# Answers")
    assert questions.count("## ") == len(puzzles) and answers.count("## ") == len(puzzles)
    assert "**" in questions  # the winning card of each column or trick is marked


def test_a_missing_browser_skips_only_when_it_is_not_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.delenv("STICH_REQUIRE_BROWSER", raising=False)
    with pytest.raises(pytest.skip.Exception):
        require_browser()
    monkeypatch.setenv("STICH_REQUIRE_BROWSER", "1")
    with pytest.raises(pytest.fail.Exception, match="STICH_REQUIRE_BROWSER is set but chromium"):
        require_browser()
