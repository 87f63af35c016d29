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

from stich.games.cards import Deck
from stich.games.pictures import card_svg
from stich.games.registry import find
from stich.hints import figures
from stich.hints.analysis import VERDICT_ORDER, Analysis, Review

__all__ = ["nice_ticks", "render_html", "write_html"]

VERDICT_COLOURS = {
    "best": "#2e7d32",
    "lucky": "#558b2f",
    "unlucky": "#e65100",
    "mistake": "#c62828",
    "forced": "#9e9e9e",
    "advised": "#2e7d32",
    "differs": "#616161",
}
"""Badges: green no cost, orange and red a cost (red: a mistake), grey neither."""
COST = "#c62828"  # a choice that cost: the only red of the charts
BEST = "#2e7d32"  # a choice as good as the best
FORCED = "#9e9e9e"
SEAT_COLOURS = ("#1565c0", "#00838f", "#6a1b9a", "#5d4037", "#455a64", "#827717", "#283593")
"""The players' lines: blues, teal, purple, brown, grey, olive; never red, orange or green."""
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "circle", "square")

STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 1.5em auto; max-width: 62em; color: #111; }
h1 { font-size: 1.6em; margin: 0 0 .3em; }
h2 { font-size: 1.2em; margin: 1.4em 0 .5em; border-bottom: 1px solid #ccc; padding-bottom: .2em; }
h3 { font-size: 1em; margin: .2em 0 .3em; }
.meta { color: #444; margin-bottom: 1em; }
.summary { display: flex; flex-wrap: wrap; gap: 1em; }
.seat { border: 1px solid #ddd; border-radius: 6px; padding: .5em .8em; min-width: 12em; max-width: 26em; }
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
table.decisions td.cost { text-align: right; }
svg.card { flex: none; vertical-align: middle; }
svg.chart { background: #fff; border: 1px solid #ddd; }
svg.chart text { font-family: "DejaVu Sans", Arial, sans-serif; fill: #333; }
.legend { font-size: .9em; color: #333; }
.legend span { margin-right: 1.2em; white-space: nowrap; }
.note { color: #444; font-style: italic; }
.chartbox { width: 442px; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } tr { break-inside: avoid; } }
"""


def _e(text: object) -> str:
    return html.escape(str(text))


def _badge(verdict: str) -> str:
    colour = VERDICT_COLOURS.get(verdict, "#555")
    return f'<span class="badge" style="background:{colour}">{_e(verdict)}</span>'


def _cards(deck: Deck, codes: Sequence[str], winner: int | None = None, scale: float = 0.6) -> str:
    return "".join(card_svg(deck, code, i == winner, scale) for i, code in enumerate(codes))


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round values from ``low`` to ``high`` for an axis: steps of 1, 2 or 5 times a power of ten,
    about ``count`` of them, the ends included."""
    if high < low:
        low, high = high, low
    if high - low < 1e-12:
        return [low]
    raw = (high - low) / max(count - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw - 1e-12)
    first = math.floor(low / step + 1e-9) * step
    ticks: list[float] = []
    k = 0
    while True:
        value = first + k * step
        if value > high + step * 1e-6 and ticks and ticks[-1] >= high - step * 1e-6:
            break
        ticks.append(round(value, 10))
        k += 1
        if k > 50:
            break
    return ticks


def _marker(shape: str, cx: float, cy: float, colour: str, size: float = 3.5, title: str = "") -> str:
    tip = f"<title>{_e(title)}</title>" if title else ""
    if shape == "square":
        return (
            f'<rect x="{cx - size:.1f}" y="{cy - size:.1f}" width="{2 * size:.1f}" height="{2 * size:.1f}" '
            f'fill="{colour}">{tip}</rect>'
        )
    if shape == "triangle":
        top, side = cy - size * 1.2, size * 1.1
        points = f"{cx:.1f},{top:.1f} {cx - side:.1f},{cy + size:.1f} {cx + side:.1f},{cy + size:.1f}"
        return f'<polygon points="{points}" fill="{colour}">{tip}</polygon>'
    if shape == "diamond":
        d = size * 1.3
        points = f"{cx:.1f},{cy - d:.1f} {cx + d:.1f},{cy:.1f} {cx:.1f},{cy + d:.1f} {cx - d:.1f},{cy:.1f}"
        return f'<polygon points="{points}" fill="{colour}">{tip}</polygon>'
    if shape == "cross":
        return (
            f'<path d="M{cx - size:.1f},{cy - size:.1f}L{cx + size:.1f},{cy + size:.1f}'
            f'M{cx - size:.1f},{cy + size:.1f}L{cx + size:.1f},{cy - size:.1f}" '
            f'stroke="{colour}" stroke-width="2">{tip}</path>'
        )
    return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size:.1f}" fill="{colour}">{tip}</circle>'


class _Frame:
    """A chart's plotting area with ticked axes: ``x`` and ``y`` map data to the picture."""

    def __init__(
        self, width: int, height: int, xs: tuple[float, float], ys: tuple[float, float], left: int = 52
    ) -> None:
        self.width, self.height = width, height
        self.left, self.right, self.top, self.bottom = left, 14, 14, 40
        self.x0, self.x1 = xs if xs[1] > xs[0] else (xs[0] - 1, xs[0] + 1)
        self.y0, self.y1 = ys if ys[1] > ys[0] else (ys[0] - 1, ys[0] + 1)

    def x(self, value: float) -> float:
        span = self.width - self.left - self.right
        return self.left + span * (value - self.x0) / (self.x1 - self.x0)

    def y(self, value: float) -> float:
        span = self.height - self.top - self.bottom
        return self.height - self.bottom - span * (value - self.y0) / (self.y1 - self.y0)

    def axes(
        self, xticks: Sequence[float], yticks: Sequence[tuple[float, str]], xlabel: str, ylabel: str
    ) -> str:
        """Grid lines, tick labels and the axes' names."""
        parts = []
        bottom, top = self.height - self.bottom, self.top
        for value, text in yticks:
            y = self.y(value)
            parts.append(
                f'<line x1="{self.left}" y1="{y:.1f}" x2="{self.width - self.right}" y2="{y:.1f}" '
                'stroke="#e6e6e6"/>'
                f'<text x="{self.left - 5}" y="{y + 3.5:.1f}" font-size="10" text-anchor="end">'
                f"{_e(text)}</text>"
            )
        for value in xticks:
            x = self.x(value)
            parts.append(
                f'<line x1="{x:.1f}" y1="{bottom}" x2="{x:.1f}" y2="{bottom + 4}" stroke="#888"/>'
                f'<text x="{x:.1f}" y="{bottom + 15}" font-size="10" text-anchor="middle">{value:g}</text>'
            )
        parts.append(
            f'<line x1="{self.left}" y1="{top}" x2="{self.left}" y2="{bottom}" stroke="#888"/>'
            f'<line x1="{self.left}" y1="{bottom}" x2="{self.width - self.right}" y2="{bottom}" '
            'stroke="#888"/>'
            f'<text x="{(self.left + self.width - self.right) / 2:.0f}" y="{self.height - 6}" font-size="11" '
            f'text-anchor="middle">{_e(xlabel)}</text>'
        )
        if ylabel:
            middle = (top + bottom) / 2
            parts.append(
                f'<text x="12" y="{middle:.0f}" font-size="11" text-anchor="middle" '
                f'transform="rotate(-90 12 {middle:.0f})">{_e(ylabel)}</text>'
            )
        return "".join(parts)


def _event_ticks(first: int, last: int) -> list[float]:
    ticks = nice_ticks(first, last, 8)
    return [t for t in ticks if first - 1e-9 <= t <= last + 1e-9 and float(t).is_integer()] or [first]


def _tick_text(kind: figures.Kind, value: float, ticks: Sequence[float]) -> str:
    """A tick's label: a chance as a percentage, whole numbers without decimals, else as few
    decimals as the ticks need (``2.5``, not ``2.50``)."""
    if kind.percent:
        return figures.shown(kind, value)
    if all(float(t).is_integer() for t in ticks):
        return f"{value:.0f}"
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _value_chart(
    reviews: Sequence[Review], colour: str, deck: Deck, width: int = 440, height: int = 210
) -> str:
    """Each valued decision by its event: the best value with every card known (the seat's line,
    dashed, with a small mark) and the value of the choice made (a dot: green as good as the
    best, red it cost, grey forced)."""
    points = [(r, max(r.values.values()), r.values.get(r.label)) for r in reviews if r.values]
    if not points:
        return "<p>No decision of this player was valued in the true deal.</p>"
    kind = figures.value_kind(points[0][0].value_name)
    values = [v for _, best, chosen in points for v in (best, chosen) if v is not None]
    low, high = min(values), max(values)
    if kind.chance:  # a chance or a share: the whole scale, 0 to 100 %
        low, high = min(low, 0.0), max(high, 1.0)
    elif high - low < 1e-9:  # every value alike: a unit either side (a count is never below 0)
        low, high = (max(low - 1, 0.0) if kind.decimals == 0 else low - 1), high + 1
    ticks = nice_ticks(low, high, 5)
    if kind.decimals == 0 and not kind.percent:  # a count: whole ticks only
        ticks = [t for t in ticks if float(t).is_integer()] or ticks
    events = [r.event for r, _, _ in points]
    low_event, high_event = min(events), max(events)
    frame = _Frame(width, height, (low_event - 0.5, high_event + 0.5), (ticks[0], ticks[-1]))
    axes = frame.axes(
        _event_ticks(low_event, high_event),
        [(t, _tick_text(kind, t, ticks)) for t in ticks],
        "event of the round",
        "",
    )
    line = " ".join(f"{frame.x(r.event):.1f},{frame.y(best):.1f}" for r, best, _ in points)
    marks = []
    for review, best, chosen in points:
        x = frame.x(review.event)
        marks.append(
            f'<line x1="{x - 4:.1f}" y1="{frame.y(best):.1f}" x2="{x + 4:.1f}" y2="{frame.y(best):.1f}" '
            f'stroke="{colour}" stroke-width="2"/>'
        )
        if chosen is None:
            continue
        if review.verdict == "forced":
            fill, radius = FORCED, 3.0
        elif review.verdict in ("unlucky", "mistake"):
            fill, radius = COST, 4.5
        else:
            fill, radius = BEST, 4.0
        name = review.value_name  # 24's score is read turned: lower is better
        read_chosen, read_best = figures.read(name, chosen), figures.read(name, best)
        tip = (
            f"event {review.event}: {deck.shown_text(review.label)} {figures.shown(kind, read_chosen)} "
            f"(best {figures.shown(kind, read_best)}; {review.verdict})"
        )
        marks.append(_marker("circle", x, frame.y(chosen), fill, radius, tip))
    return (
        f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="value of each decision">{axes}<polyline points="{line}" fill="none" stroke="{colour}" '
        f'stroke-width="1.5" stroke-dasharray="5 3"/>{"".join(marks)}</svg>'
    )


def _timeline(analysis: Analysis, width: int = 820, height: int = 240) -> str:
    """For each seat the timeline follows, the secrets it could still consider after each event
    (a log scale); each seat a colour, a mark of its own where its count changes, and a small
    offset so that seats that agree do not hide each other."""
    points = analysis.timeline
    if not points:
        return ""
    names = analysis.record.players
    seats = sorted(points[0].counts)
    top_bits = math.log2(analysis.secrets) if analysis.secrets > 1 else 1.0
    last = max(p.event for p in points) or 1
    frame = _Frame(width, height, (0, last), (0, top_bits), left=46)
    counts = sorted({1, analysis.secrets} | {2**k for k in range(1, int(top_bits) + 1)})
    counts = [c for c in counts if c <= analysis.secrets]
    if len(counts) > 7:  # keep about six labels: every other power of two
        counts = [c for i, c in enumerate(counts) if i % 2 == 0 or c == analysis.secrets]
    yticks = [(math.log2(c), str(c)) for c in counts]
    axes = frame.axes(_event_ticks(0, last), yticks, "event of the round", "secrets still possible")

    def y(count: int) -> float:
        return frame.y(math.log2(count) if count > 0 else 0.0)

    lines = []
    for k, seat in enumerate(seats):
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        shape = MARKERS[k % len(MARKERS)]
        shift = 3.0 * (k - (len(seats) - 1) / 2)  # seats that agree would hide each other
        coords = " ".join(f"{frame.x(p.event):.1f},{y(p.counts[seat]) + shift:.1f}" for p in points)
        lines.append(f'<polyline points="{coords}" fill="none" stroke="{colour}" stroke-width="2"/>')
        before = None
        for p in points:
            count = p.counts[seat]
            if count != before:
                tip = f"{names[seat]}: {count} after event {p.event}"
                lines.append(_marker(shape, frame.x(p.event), y(count) + shift, colour, 3.5, tip))
            before = count
    legend = "".join(
        f'<span style="color:{SEAT_COLOURS[s % len(SEAT_COLOURS)]}">'
        f"{_legend_mark(MARKERS[k % len(MARKERS)], s)} {_e(names[s])}</span>"
        for k, s in enumerate(seats)
    )
    known = analysis.first_known()
    told = "; ".join(
        f"{_e(names[s])} {'never' if e is None else 'from the start' if e == 0 else f'after event {e}'}"
        for s, e in known.items()
    )
    svg = (
        f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="secrets still possible">{axes}{"".join(lines)}</svg>'
    )
    return (
        f'{svg}<p class="legend">{legend}</p><p class="legend">A mark where a player\'s count changes; '
        f"the count is 1 once the player knows. Knew the secret: {told}.</p>"
    )


def _legend_mark(shape: str, seat: int) -> str:
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return f'<svg width="12" height="12" viewBox="0 0 12 12">{_marker(shape, 6, 6, colour, 4)}</svg>'


def _decision_cell(deck: Deck, review: Review) -> str:
    card = review.action.get("play", review.action.get("pick"))
    label = _e(deck.shown_text(review.label))
    if isinstance(card, str) and card in deck.codes:
        return card_svg(deck, card, False, 0.45) + f" {label}"
    return label


def _summary(analysis: Analysis, deck: Deck) -> str:
    """Each analysed seat's decisions and verdicts, and the value of each decision over the round."""
    names = analysis.record.players
    parts = ["<h2>Summary</h2><div class='summary'>"]
    for seat in analysis.seats:
        counts = analysis.seat_summary(seat)["verdicts"]
        badges = " ".join(f"{_badge(v)} {counts[v]}" for v in VERDICT_ORDER if counts.get(v))
        parts.append(
            f"<div class='seat'><b>{_e(names[seat])}</b>{_e(analysis.summary_text(seat))}<br>{badges}</div>"
        )
    parts.append("</div>")
    if analysis.view is not None:
        parts.append(f"<p class='note'>{_e(analysis.view_note())}.</p>")
    if analysis.unvalued_note():
        parts.append(f"<p class='note'>{_e(analysis.unvalued_note())}.</p>")
    if analysis.thinking is not None:
        parts.append(f"<p class='note'>{_e(analysis.thinking.text())}.</p>")

    parts.append("<h2>Each decision's value</h2>")
    parts.append(
        "<p>For each decision, by its event in the round: the best value any choice had with every "
        "card known (the player's dashed line) and the choice made (a dot: "
        f"<span style='color:{BEST}'>● as good as the best</span>, "
        f"<span style='color:{COST}'>● it cost</span>, "
        f"<span style='color:{FORCED}'>● forced</span>).</p><div class='summary'>"
    )
    for seat in analysis.seats:
        mine = [r for r in analysis.reviews if r.seat == seat]
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        # One chart for each kind of value (a Was sticht? pick's strength, a task's expected points).
        units = list(dict.fromkeys(r.value_name for r in mine if r.values)) or [""]
        for unit in units:
            caption = f" <span class='legend'>({_e(unit)})</span>" if unit else ""
            charted = [r for r in mine if r.value_name == unit] if unit else mine
            title = f"<span style='color:{colour}'>{_e(names[seat])}</span>{caption}"
            parts.append(f"<div class='chartbox'><h3>{title}</h3>{_value_chart(charted, colour, deck)}</div>")
    parts.append("</div>")
    return "\n".join(parts)


def render_html(analysis: Analysis) -> str:
    """The whole report as one HTML document."""
    record = analysis.record
    game = find(record.game)
    deck = game(len(record.players), record.options).deck
    shown = deck.shown_text  # cards as the game writes them (K♣); the JSON keeps the codes
    names = record.players
    report = analysis.report
    parts: list[str] = []
    seen = "" if analysis.view is None else f" from {names[analysis.view]}'s seat"
    parts.append(f"<h1>{_e(game.title)}: the round analysed{_e(seen)}</h1>")
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
        parts.append(_summary(analysis, deck))
    if analysis.timeline:
        who = "each player" if analysis.view is None else names[analysis.view]
        parts.append(f"<h2>What {_e(who)} could deduce</h2>")
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
            ""
            if advice is None
            else f"<b>{_e(shown(advice.best.label))}</b><br><span>{_e(shown(advice.reason))}</span>"
        )
        spent = _e(review.cost_text())
        parts.append(
            f"<tr><td>{review.event}</td><td>{_e(names[review.seat])}</td><td>{_e(review.decision)}</td>"
            f"<td>{_decision_cell(deck, review)}</td><td>{_badge(review.verdict)}</td>"
            f"<td class='cost'>{spent}</td>"
            f"<td>{_e(', '.join(map(shown, review.best)))}</td><td class='reason'>{advised}</td></tr>"
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
    from stich.games.errors import StichError

    try:
        path.write_text(render_html(analysis), encoding="utf-8")
    except OSError as exc:
        raise StichError(f"{path}: cannot write it ({exc.strerror or exc})") from None
