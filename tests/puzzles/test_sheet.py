"""The printable HTML sheet, opened in headless Chromium: the cards show, the answer key has its own page;
and a case puzzle gives each card's weapon in every format, printed large enough to read."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from stich.puzzles import (
    DeductionPuzzle,
    EndgamePuzzle,
    Puzzle,
    TrickClue,
    dumps,
    generate,
    html_sheet,
    markdown,
    question_text,
)
from tests.browser import (
    pdf_page_text,
    pdf_pages,
    print_pdf,
    read_png,
    require_browser,
    require_tool,
    screenshot,
)

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


# -- case puzzles: each card's weapon in every format --------------------------------------------

# The weapon layout of docs/rules-stich-fuer-stich.md, written here apart from the game's code:
# card (s, n) shows weapon (n + 2 s) mod 7; phantoms show none.
WEAPON_NAMES = ("revolver", "statue", "spade", "knife", "pillow", "poison", "ax")


def _weapon(name: str) -> str:
    if name.startswith("P"):
        return "phantom"
    return WEAPON_NAMES[(int(name[1:]) + 2 * "IHGM".index(name[0])) % 7]


def _case_puzzles() -> list[DeductionPuzzle]:
    """Case puzzles of every grade, a phantom among their cards."""
    found = [
        p
        for grade in ("easy", "medium", "hard", "expert")
        for p in generate("stich-fuer-stich", "case", grade, count=2, seed=3).puzzles
        if isinstance(p, DeductionPuzzle)
    ]
    assert any(name.startswith("P") for p in found for name in _card_names(p)), "no phantom dealt"
    return found


def _card_names(puzzle: DeductionPuzzle) -> list[str]:
    return [
        name
        for clue in puzzle.clues
        if isinstance(clue, TrickClue)
        for name in puzzle.space.deck.names(clue.cards)
    ]


def test_case_puzzle_text_shows_weapons() -> None:
    for puzzle in _case_puzzles():
        text = question_text(puzzle)
        assert "weapon" in text and "higher number wins" in text  # the rule that decides a trick
        tricks = [line for line in text.splitlines() if line.startswith("  Trick ")]
        clues = [clue for clue in puzzle.clues if isinstance(clue, TrickClue)]
        assert len(tricks) == len(clues)
        for line, clue in zip(tricks, clues, strict=True):
            names = puzzle.space.deck.names(clue.cards)
            shown = re.findall(r"\[?([IHGMP]\d+) \((\w+)\)\]?", line.split("won by")[0])
            assert shown == [(name, _weapon(name)) for name in names], line
            winner = names[clue.winner]
            assert line.endswith(f"won by {winner} ({_weapon(winner)})")
            assert f"[{winner} ({_weapon(winner)})]" in line


def test_case_puzzle_markdown_shows_weapons() -> None:
    puzzles = _case_puzzles()
    questions = markdown(puzzles).split("# Answers")[0]
    rows = [row for row in questions.splitlines() if re.match(r"\| \d+ \|", row)]
    clues = [clue for p in puzzles for clue in p.clues if isinstance(clue, TrickClue)]
    assert len(rows) == len(clues)
    deck = puzzles[0].space.deck
    for row, clue in zip(rows, clues, strict=True):
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        names = deck.names(clue.cards)
        shown = [card.strip("*") for card in cells[1].split(", ")]
        assert shown == [f"{name} ({_weapon(name)})" for name in names], row
        winner = names[clue.winner]
        assert cells[2] == f"{winner} ({_weapon(winner)})"


def test_case_puzzle_html_shows_weapons() -> None:
    puzzles = _case_puzzles()
    page = html_sheet(puzzles)
    captions = re.findall(r'<span class="code">([^<]+)</span><span class="weapon">([^<]+)</span>', page)
    assert captions == [(name, _weapon(name)) for p in puzzles for name in _card_names(p)]


def _words(pdf: Path) -> list[tuple[str, float]]:
    """Each word of a PDF with its height in points (poppler's pdftotext -bbox)."""
    tool = require_tool("pdftotext")
    done = subprocess.run([tool, "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True)
    return [
        (html.unescape(m.group(3)), float(m.group(2)) - float(m.group(1)))
        for m in re.finditer(r'<word [^>]*yMin="([\d.]+)" [^>]*yMax="([\d.]+)">([^<]*)</word>', done.stdout)
    ]


def test_case_puzzle_weapons_are_readable_printed(tmp_path: Path) -> None:
    browser = require_browser()
    puzzles = _case_puzzles()[:4]
    sheet = tmp_path / "case.html"
    sheet.write_text(html_sheet(puzzles), encoding="utf-8")
    words = _words(print_pdf(browser, sheet, tmp_path / "case.pdf"))
    body = sorted(height for word, height in words if word == "Who")  # the question's text
    assert body, "the question is not in the PDF"
    # Every card's weapon is printed at least as large as the question's text (12 pt type: a
    # word box of about 14 pt; the card's own small print is under 8 pt).
    large = Counter(word for word, height in words if height >= body[0] - 0.5 and height >= 10)
    wanted = Counter(_weapon(name) for p in puzzles for name in _card_names(p))
    missing = {weapon: n - large[weapon] for weapon, n in wanted.items() if large[weapon] < n}
    assert not missing, f"weapons printed too small or not at all: {missing}"


def test_stich_fuer_stich_endgame_shows_weapons() -> None:
    """An endgame of Stich für Stich needs the weapons too: the trumps are a culprit and a weapon."""
    puzzles = [
        p
        for seed in (1, 2)
        for p in generate("stich-fuer-stich", "endgame", "easy", count=1, seed=seed).puzzles
        if isinstance(p, EndgamePuzzle)
    ]
    for puzzle in puzzles:
        hands = puzzle.position["hands"]
        text = question_text(puzzle)
        for seat, name in enumerate(("North", "East", "South", "West")):
            shown = "  ".join(f"{card} ({_weapon(card)})" for card in hands[seat]) or "-"
            assert f"  {name:<6} {shown}\n" in text + "\n"
        md = markdown([puzzle])
        for seat, name in enumerate(("North", "East", "South", "West")):
            shown = ", ".join(f"{card} ({_weapon(card)})" for card in hands[seat]) or "–"
            assert f"| {name} | {shown} |" in md
        page = html_sheet([puzzle])
        captions = re.findall(r'<span class="code">([^<]+)</span><span class="weapon">([^<]+)</span>', page)
        cards = [*(card for hand in hands for card in hand), *puzzle.position.get("trick", [])]
        assert sorted(captions) == sorted((card, _weapon(card)) for card in cards)


def test_coloured_cards_are_named_on_the_sheet() -> None:
    """Was sticht? and 24 cards are told apart by colour: the sheet names each one under it, so a
    black-and-white print still shows every clue; French cards show their rank and suit."""
    trump = generate("was-sticht", "trump", "medium", count=1, seed=1).puzzles[0]
    assert isinstance(trump, DeductionPuzzle)
    page = html_sheet([trump])
    names = re.findall(
        r'<span class="drawn"><svg[^>]*>.*?</svg><span class="code">([^<]+)</span></span>', page
    )
    assert names == _card_names(trump)
    french = generate("stiche-raten", "endgame", "easy", count=1, seed=1).puzzles
    assert 'class="code"' not in html_sheet(french)


def test_french_cards_read_as_the_game_writes_them() -> None:
    """Text, Markdown and the sheet write K♣, never the file's KC; the JSON keeps the codes."""
    puzzles = generate("stiche-raten", "endgame", "easy", count=1, seed=1).puzzles
    code = re.compile(r"\b[2-9TJQKA][SHDC]\b")
    page = html.unescape(re.sub(r"<svg.*?</svg>|<[^>]+>", " ", html_sheet(puzzles), flags=re.S))
    for text in (question_text(puzzles[0]), markdown(puzzles), page):
        assert code.search(text) is None and re.search("[♠♥♦♣]", text), text
    assert code.search(question_text(puzzles[0], symbols=False))
    assert code.search(dumps(puzzles))
