"""The analysis of a round as one self-contained HTML page: readable offline and printable.

Everything is inline: the styles, the cards (SVG from `games.pictures`), the chart of
each analysed seat's value over the round, the timeline of the secrets each seat could
still consider. Nothing is fetched, no script runs.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from pathlib import Path

from games.cards import Deck
from games.pictures import card_svg
from games.registry import find
from hints.analysis import Analysis, Review

__all__ = ["render_html", "write_html"]

VERDICT_COLOURS = {
    "best": "#2e7d32",
    "lucky": "#6a1b9a",
    "unlucky": "#ef6c00",
    "mistake": "#c62828",
    "forced": "#757575",
    "advised": "#2e7d32",
    "differs": "#ef6c00",
}
SEAT_COLOURS = ("#1565c0", "#c62828", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f", "#5d4037")

STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 1.5em auto; max-width: 62em; color: #111; }
h1 { font-size: 1.6em; margin: 0 0 .3em; }
h2 { font-size: 1.2em; margin: 1.4em 0 .5em; border-bottom: 1px solid #ccc; padding-bottom: .2em; }
.meta { color: #444; margin-bottom: 1em; }
.summary { display: flex; flex-wrap: wrap; gap: 1em; }
.seat { border: 1px solid #ddd; border-radius: 6px; padding: .5em .8em; min-width: 12em; }
.seat b { display: block; margin-bottom: .3em; }
.badge { display: inline-block; color: #fff; border-radius: 3px; padding: 0 .4em; font-size: .85em; }
.trick { display: flex; align-items: center; gap: .35em; margin: .25em 0; break-inside: avoid; }
.trick .n { width: 2em; text-align: right; color: #666; }
.trick .who { width: 7em; }
.trick .won { margin-left: .6em; }
table.decisions { border-collapse: collapse; width: 100%; font-size: .9em; }
table.decisions th, table.decisions td { border-bottom: 1px solid #eee; padding: .3em .4em; text-align: left;
  vertical-align: middle; }
table.decisions td.reason { color: #444; font-size: .9em; }
svg.card { flex: none; vertical-align: middle; }
svg.chart { background: #fafafa; border: 1px solid #eee; }
.legend span { margin-right: 1.2em; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } tr { break-inside: avoid; } }
"""


def _e(text: object) -> str:
    return html.escape(str(text))


def _badge(verdict: str) -> str:
    colour = VERDICT_COLOURS.get(verdict, "#555")
    return f'<span class="badge" style="background:{colour}">{_e(verdict)}</span>'


def _cards(deck: Deck, codes: Sequence[str], winner: int | None = None, scale: float = 0.6) -> str:
    return "".join(card_svg(deck, code, i == winner, scale) for i, code in enumerate(codes))


def _value_chart(reviews: Sequence[Review], colour: str, width: int = 420, height: int = 150) -> str:
    """Each valued decision: the best value in the true deal (line) and the value of the choice
    made (dot: green when it was a best choice, red when it cost)."""
    points = [(r.event, max(r.values.values()), r.values.get(r.label)) for r in reviews if r.values]
    if not points:
        return "<p>No decision of this seat was valued in the true deal.</p>"
    values = [v for _, best, chosen in points for v in (best, chosen) if v is not None]
    low, high = min(values), max(values)
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    pad = 28
    n = len(points)

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * (i / (n - 1) if n > 1 else 0.5)

    def y(v: float) -> float:
        return height - pad + 8 - (height - 2 * pad) * (v - low) / (high - low)

    line = " ".join(f"{x(i):.1f},{y(best):.1f}" for i, (_, best, _c) in enumerate(points))
    dots = []
    for i, (event, best, chosen) in enumerate(points):
        if chosen is None:
            continue
        fill = "#2e7d32" if chosen >= best - 1e-9 else "#c62828"
        dots.append(
            f'<circle cx="{x(i):.1f}" cy="{y(chosen):.1f}" r="4" fill="{fill}">'
            f"<title>event {event}: {chosen:g} (best {best:g})</title></circle>"
        )
    axis = (
        f'<text x="4" y="{y(high) + 4:.1f}" font-size="10">{high:g}</text>'
        f'<text x="4" y="{y(low) + 4:.1f}" font-size="10">{low:g}</text>'
        f'<text x="{width / 2:.0f}" y="{height - 4}" font-size="10" text-anchor="middle">'
        "decisions in order</text>"
    )
    return (
        f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="value over the round"><polyline points="{line}" fill="none" stroke="{colour}" '
        f'stroke-width="2" stroke-dasharray="5 3"/>{"".join(dots)}{axis}</svg>'
    )


def _timeline(analysis: Analysis, width: int = 820, height: int = 220) -> str:
    """For each seat, log2 of the secrets it could still consider after each event (bits of doubt)."""
    points = analysis.timeline
    if not points:
        return ""
    names = analysis.record.players
    top = math.log2(analysis.secrets) if analysis.secrets > 1 else 1.0
    pad = 34
    last = max(p.event for p in points) or 1

    def x(event: int) -> float:
        return pad + (width - 2 * pad) * event / last

    def y(count: int) -> float:
        bits = math.log2(count) if count > 0 else 0.0
        return height - pad - (height - 2 * pad) * bits / top

    lines = []
    for seat in range(len(names)):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        # Seats that agree would hide each other: each line is shifted a little.
        shift = 2.5 * (seat - (len(names) - 1) / 2)
        coords = " ".join(f"{x(p.event):.1f},{y(p.counts[seat]) + shift:.1f}" for p in points)
        lines.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2"/>')
    for seat, event in analysis.first_known().items():
        if event is not None and event > 0:
            colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            lines.append(
                f'<circle cx="{x(event):.1f}" cy="{y(1):.1f}" r="5" fill="{colour}">'
                f"<title>{_e(names[seat])} knows after event {event}</title></circle>"
            )
    axis = (
        f'<text x="4" y="{y(analysis.secrets) + 4:.1f}" font-size="10">{analysis.secrets}</text>'
        f'<text x="10" y="{y(1) + 4:.1f}" font-size="10">1</text>'
        f'<text x="{width / 2:.0f}" y="{height - 6}" font-size="10" text-anchor="middle">events</text>'
    )
    legend = "".join(
        f'<span style="color:{SEAT_COLOURS[s % len(SEAT_COLOURS)]}">■ {_e(name)}</span>'
        for s, name in enumerate(names)
    )
    svg = (
        f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="secrets still possible">{"".join(lines)}{axis}</svg>'
    )
    return f'{svg}<p class="legend">{legend} — secrets still possible (log scale); a dot: first certain</p>'


def _decision_cell(deck: Deck, review: Review) -> str:
    play = review.action.get("play") if isinstance(review.action.get("play"), str) else None
    if play is not None:
        return card_svg(deck, play, False, 0.45) + f" {_e(review.label)}"
    return _e(review.label)


def _summary(analysis: Analysis) -> str:
    """Each analysed seat's verdicts, and its value over the round."""
    names = analysis.record.players
    parts = ["<h2>Summary</h2><div class='summary'>"]
    for seat in analysis.seats:
        mine = [r for r in analysis.reviews if r.seat == seat and r.verdict != "forced"]
        counts: dict[str, int] = {}
        for r in mine:
            counts[r.verdict] = counts.get(r.verdict, 0) + 1
        cost = sum(r.cost or 0.0 for r in mine if r.verdict == "mistake")
        badges = " ".join(f"{_badge(v)} {c}" for v, c in sorted(counts.items()))
        parts.append(
            f"<div class='seat'><b>{_e(names[seat])}</b>{len(mine)} decisions<br>{badges}"
            f"<br>cost of mistakes: {cost:g}</div>"
        )
    parts.append("</div>")

    parts.append("<h2>Value over the round</h2>")
    parts.append(
        "<p>The dashed line is the best value each decision could reach with every card known; a dot is "
        "the choice made (green: a best choice, red: it cost).</p><div class='summary'>"
    )
    for seat in analysis.seats:
        mine = [r for r in analysis.reviews if r.seat == seat]
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        unit = next((r.value_name for r in mine if r.values), "")
        parts.append(f"<div><b>{_e(names[seat])}</b> ({_e(unit)})<br>{_value_chart(mine, colour)}</div>")
    parts.append("</div>")

    return "\n".join(parts)


def render_html(analysis: Analysis) -> str:
    """The whole report as one HTML document."""
    record = analysis.record
    game = find(record.game)
    deck = game(len(record.players), record.options).deck
    names = record.players
    report = analysis.report
    parts: list[str] = []
    parts.append(f"<h1>{_e(game.title)}: the round analysed</h1>")
    result = report.get("result") or {}
    points = result.get("points")
    scored = ", ".join(
        f"{_e(n)} {p:+d}" if isinstance(p, int) else _e(n) for n, p in zip(names, points or [], strict=False)
    )
    parts.append(
        f'<div class="meta">{_e(", ".join(names))} — dealer {_e(names[record.dealer])}'
        + (f" — points: {scored}" if points else "")
        + "</div>"
    )

    if analysis.seats:
        parts.append(_summary(analysis))
    if analysis.timeline:
        parts.append("<h2>What each player could deduce</h2>")
        parts.append(_timeline(analysis))

    tricks = report.get("tricks") or []
    if tricks:
        parts.append("<h2>The tricks</h2>")
        for number, trick in enumerate(tricks, 1):
            winner = trick["winner"]
            seats = trick.get("seats") or []
            at = seats.index(winner) if winner in seats else None
            parts.append(
                f"<div class='trick'><span class='n'>{number}</span>"
                f"<span class='who'>{_e(names[trick['leader']])}</span>{_cards(deck, trick['cards'], at)}"
                f"<span class='won'>won by {_e(names[winner])}</span></div>"
            )

    parts.append(
        "<h2>Decisions</h2><table class='decisions'><tr><th>event</th><th>player</th>"
        "<th>decision</th><th>chosen</th><th>verdict</th><th>cost</th><th>best with every card known</th>"
        "<th>advice from the player's view</th></tr>"
    )
    for review in analysis.reviews:
        if review.verdict == "forced":
            continue
        advice = review.advice
        advised = (
            "" if advice is None else f"<b>{_e(advice.best.label)}</b><br><span>{_e(advice.reason)}</span>"
        )
        spent = "" if review.cost is None else f"{review.cost:g}"
        parts.append(
            f"<tr><td>{review.event}</td><td>{_e(names[review.seat])}</td><td>{_e(review.decision)}</td>"
            f"<td>{_decision_cell(deck, review)}</td><td>{_badge(review.verdict)}</td><td>{spent}</td>"
            f"<td>{_e(' '.join(review.best))}</td><td class='reason'>{advised}</td></tr>"
        )
    parts.append("</table>")
    body = "\n".join(parts)
    title = f"{game.title}: analysis"
    return (
        "<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
        f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>\n{body}\n</body></html>\n"
    )


def write_html(analysis: Analysis, path: Path) -> None:
    """Write the report; a `StichError` naming the file if it cannot be written."""
    from games.errors import StichError

    try:
        path.write_text(render_html(analysis), encoding="utf-8")
    except OSError as exc:
        raise StichError(f"{path}: cannot write it ({exc.strerror or exc})") from None
