"""The HTML analysis report: self-contained, every trick drawn, every verdict shown."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from stich.cli import app
from stich.games.record import Record, simulate
from stich.hints.advice import Budget
from stich.hints.analysis import analyze
from stich.hints.report import COST, FORCED, SEAT_COLOURS, render_html
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


def test_the_report_writes_cards_as_the_game_does() -> None:
    record = simulate("stiche-raten", 4, 9, {"first_round": 4})
    page = render_html(analyze(record, budget=Budget(worlds=4, seed=1)))
    read = html.unescape(re.sub(r"<svg.*?</svg>|<[^>]+>", " ", page, flags=re.S))  # what a person reads
    assert re.search(r"\b[2-9TJQKA][SHDC]\b", read) is None, read
    assert re.search(r"\b(10|[2-9JQKA])[♠♥♦♣]", read), read
    assert "Stiche-Raten (Oh Hell!): the round analysed" in read


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


# -- what the report and the text say, as a player reads it -----------------------------

runner = CliRunner()


def _analysed(tmp_path: Path, record: Record, *args: str) -> tuple[str, str, dict[str, Any]]:
    """The text, the HTML page's text and the JSON of ``stich analyze`` on ``record``."""
    path = tmp_path / "round.json"
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    page = tmp_path / "round.html"
    budget = ["--worlds", "1", "--seed", "1", *args]
    # Wide enough that no table cell wraps.
    text = runner.invoke(app, ["analyze", str(path), *budget, "--html", str(page)], env={"COLUMNS": "250"})
    assert text.exit_code == 0, text.output
    data = runner.invoke(app, ["analyze", str(path), *budget, "--json"])
    return (
        " ".join(text.stdout.split()),
        html.unescape(page.read_text(encoding="utf-8")),
        json.loads(data.stdout),
    )


def test_analyze_prints_exchange_as_cards(tmp_path: Path) -> None:
    record = simulate("24", 3, 1)
    exchange = record.events[1]["exchange"]
    text, page, data = _analysed(tmp_path, record, "--seat", "0")
    shown = "give " + " ".join(exchange)
    assert shown in text and shown in page
    assert [d["label"] for d in data["decisions"] if d["event"] == 1] == [shown]
    for output in (text, page):
        assert "['" not in output and "']" not in output


def test_analyze_prints_guesses_as_a_player_writes_them(tmp_path: Path) -> None:
    record = simulate("stich-fuer-stich", 3, 1)
    guesses = [e["guess"] for e in record.events if "guess" in e]
    assert guesses
    text, page, _ = _analysed(tmp_path, record, "--seat", "0", "--seat", "1")
    for culprit, weapon in guesses:
        assert f"{culprit} {weapon}" in text and f"{culprit} {weapon}" in page  # as `stich live` takes it
    for output in (text, page):
        assert "['" not in output and "', '" not in output


def test_analyze_counts_forced_plays(tmp_path: Path) -> None:
    """A forced play (one legal card) is drawn as a grey dot: the summary counts it, the same in
    the text, the JSON and the HTML ("4 decisions, 2 forced: ...")."""
    record = simulate("stiche-raten", 3, 2, {"first_round": 3})
    text, page, data = _analysed(tmp_path, record)
    analysis = analyze(record, budget=Budget(worlds=1, seed=1))
    for seat, name in enumerate(record.players):
        mine = [r for r in analysis.reviews if r.seat == seat]
        forced = sum(r.verdict == "forced" for r in mine)
        assert forced >= 1  # the last trick's card at least
        summary = data["by_seat"][seat]
        assert (summary["decisions"], summary["forced"]) == (len(mine), forced)
        said = f"{len(mine)} decisions, {forced} forced"
        assert f"{name}: {said}" in text and said in page
    forced_dots = page.count(f'fill="{FORCED}"')
    assert forced_dots == sum(r.verdict == "forced" and r.values is not None for r in analysis.reviews)


def test_analyze_writes_costs_and_chart_labels_rounded(tmp_path: Path) -> None:
    record = simulate("stich-fuer-stich", 3, 1)  # fractional trick points and bits
    text, page, _ = _analysed(tmp_path, record)
    seen = re.sub(r"<style>.*?</style>|<[^>]+>", " ", page, flags=re.S)
    for output in (text, seen):
        assert not re.search(r"\d\.\d{3,}", output), re.search(r"\d\.\d{3,}", output)


def _chart_texts(svg: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


def test_report_charts_have_ticks_and_plain_titles() -> None:
    record = simulate("stiche-raten", 4, 9, {"first_round": 4})
    analysis = analyze(record, budget=Budget(worlds=1, seed=1))
    page = render_html(analysis)
    charts = re.findall(r'<svg class="chart".*?</svg>', page, flags=re.S)
    assert len(charts) == 4
    for chart in charts:
        labels = _chart_texts(chart)
        numbers = [t for t in labels if re.fullmatch(r"-?\d+(\.\d{1,2})?%?", t)]
        assert len(numbers) >= 6, labels  # ticks on both axes, not only the ends
        assert "event of the round" in labels
    for caption in re.findall(r"<h3>.*?</h3>", page):
        assert "(expected points)" in caption  # what the value is, in the advice's words
    assert "minus round points" not in page and "forceable, then" not in page


def _hue_is_red(colour: str) -> bool:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return r > 150 and r > g + 60 and r > b + 60


def test_report_red_means_a_cost_only() -> None:
    assert _hue_is_red(COST) and not any(_hue_is_red(c) for c in SEAT_COLOURS)
    record = simulate("stiche-raten", 4, 9, {"first_round": 4})
    analysis = analyze(record, budget=Budget(worlds=1, seed=1))
    page = render_html(analysis)
    costly = [r for r in analysis.reviews if r.values and r.verdict in ("unlucky", "mistake")]
    assert costly
    dots = re.findall(rf'<circle [^>]*fill="{COST}"[^>]*><title>([^<]*)</title>', page)
    assert len(dots) == len(costly) and all("unlucky" in t or "mistake" in t for t in dots)
    # Nothing else in the charts is red: no line, no mark of a player (the cards keep their colours).
    charts = "".join(re.findall(r'<svg class="chart".*?</svg>', page, flags=re.S))
    strokes = re.findall(r'(?:stroke|fill)="(#[0-9a-f]{6})"', charts)
    assert sum(_hue_is_red(c) for c in strokes) == len(dots)


def test_report_timeline_lines_are_told_apart() -> None:
    record = simulate("stich-fuer-stich", 4, 5)
    analysis = analyze(record, seats=[], budget=Budget(worlds=1))
    page = render_html(analysis)
    timeline = re.findall(
        r'<svg class="chart"[^>]*aria-label="secrets still possible".*?</svg>', page, flags=re.S
    )
    assert len(timeline) == 1
    lines = re.findall(r'<polyline points="([^"]*)" fill="none" stroke="(#[0-9a-f]{6})"', timeline[0])
    assert len(lines) == 4 and len({colour for _, colour in lines}) == 4
    assert len({points for points, _ in lines}) == 4  # offset: no line hidden under another
    # Each player's marks have a shape of their own (circle, square, triangle, diamond).
    shapes = {tag for tag in re.findall(r"<(circle|rect|polygon|path)\b", timeline[0])}
    assert len(shapes) >= 3
    assert len(_chart_texts(timeline[0])) >= 8  # ticks: counts of secrets and events


def _rgb(colour: str) -> tuple[int, int, int]:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return r, g, b


def test_the_charts_in_chromium_show_each_players_line_and_the_cost_dots(tmp_path: Path) -> None:
    browser = require_browser()
    record = simulate("stiche-raten", 4, 9, {"first_round": 4})
    analysis = analyze(record, budget=Budget(worlds=1, seed=1))
    assert any(r.values and r.verdict in ("unlucky", "mistake") for r in analysis.reviews)
    report = tmp_path / "report.html"
    report.write_text(render_html(analysis), encoding="utf-8")
    image = read_png(screenshot(browser, report, tmp_path / "report.png", 1000, 1000))
    pixels = [image.pixel(x, y) for y in range(image.height) for x in range(image.width)]
    for seat in range(4):  # each player's dashed line is drawn in the player's colour
        assert pixels.count(_rgb(SEAT_COLOURS[seat])) > 20, record.players[seat]
    assert pixels.count(_rgb(COST)) > 20  # the dots of the choices that cost (and the mistake badges)
