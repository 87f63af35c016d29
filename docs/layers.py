"""Draw the packages' layers as docs/layers.svg, from the imports the packages really make.

Each package of the project is a box in its layer, ``games`` at the bottom and ``stich`` (the
Python API, the command line, the server) at the top; each arrow is a package importing
another, found by reading every ``import`` of its modules (inside functions too). An arrow
that pointed up a layer, or across one, would make the picture fail: `edges` raises instead.

    .venv/bin/python docs/layers.py          # rewrite docs/layers.svg
    .venv/bin/python docs/layers.py --check  # exit 1 if docs/layers.svg is not what it would draw

``tests/test_layers.py`` checks that the picture is the one the imports draw.
"""

from __future__ import annotations

import ast
import html
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "docs" / "layers.svg"

# The layers, top first; in each, the packages left to right with what they hold.
LAYERS: tuple[tuple[tuple[str, str], ...], ...] = (
    (("stich", "the Python API, the command line (stich/cli), the server"),),
    (("hints", "the assistant: advice, analysis, live, bots"), ("puzzles", "puzzles: made, graded, drawn")),
    (("deducer", "the secret and the cards' whereabouts"), ("solvers", "double-dummy search")),
    (("games", "the rules: decks, rounds, records, each game's module"),),
)
PACKAGES = tuple(name for layer in LAYERS for name, _ in layer)
LAYER_OF = {name: row for row, layer in enumerate(LAYERS) for name, _ in layer}

WIDTH, BOX_H, ROW_Y = 640, 56, (24, 124, 224, 324)
BOXES = {  # name: (x, width)
    "stich": (160, 320),
    "hints": (40, 250),
    "puzzles": (350, 250),
    "deducer": (40, 250),
    "solvers": (350, 250),
    "games": (120, 400),
}


def _imported(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "stich":
        return None
    return parts[1] if len(parts) > 1 and parts[1] in PACKAGES else "stich"


def edges(root: Path = ROOT) -> set[tuple[str, str]]:
    """Every (importer, imported) pair of the packages under ``root``; a `ValueError` for one
    that does not point down the layers."""
    found: set[tuple[str, str]] = set()
    for package in PACKAGES:
        folder = root / package
        for path in folder.rglob("*.py"):
            if package == "stich" and path.relative_to(folder).parts[0] in PACKAGES:
                continue  # stich/games and its siblings link to the packages' folders
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    modules = [node.module]
                elif isinstance(node, ast.Import):
                    modules = [alias.name for alias in node.names]
                else:
                    continue
                for module in modules:
                    target = _imported(module)
                    if target is not None and target != package:
                        if LAYER_OF[target] <= LAYER_OF[package]:
                            where = path.relative_to(root)
                            raise ValueError(f"{where} imports {module}: {package} may not import {target}")
                        found.add((package, target))
    return found


def _arrow(source: str, target: str, slot: int, slots: int, entry: int, entries: int) -> str:
    """A path from the source box's bottom to the target box's top, around the boxes between."""
    sx, sw = BOXES[source]
    tx, tw = BOXES[target]
    x1 = sx + sw * (slot + 1) / (slots + 1)
    y1 = ROW_Y[LAYER_OF[source]] + BOX_H
    x2 = tx + tw * (entry + 1) / (entries + 1)
    y2 = ROW_Y[LAYER_OF[target]] - 3
    points = [(x1, y1)]
    if LAYER_OF[target] - LAYER_OF[source] > 1:
        # Down the channel between the boxes, or beside them.
        channel = 320.0 if source == "stich" else (20.0 if sx < 320 else 620.0)
        channel += {"deducer": -12.0, "solvers": 12.0}.get(target, 0.0) if source == "stich" else 0.0
        points += [(channel, y1 + 18), (channel, y2 - 18)]
    points.append((x2, y2))
    d = " ".join(f"{'M' if i == 0 else 'L'}{x:.0f},{y:.0f}" for i, (x, y) in enumerate(points))
    return (
        f'<path data-edge="{source} {target}" d="{d}" fill="none" stroke="#455a64" '
        f'stroke-width="1.6" marker-end="url(#head)"/>'
    )


def svg(found: set[tuple[str, str]]) -> str:
    """The picture of the layers with the arrows ``found``."""
    height = ROW_Y[-1] + BOX_H + 44
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" '
        f'height="{height}" font-family="sans-serif" role="img" aria-label="The layers of stich">',
        "<title>The layers of stich: each package imports only packages below it</title>",
        '<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
        'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#455a64"/></marker></defs>',
        f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
    ]
    for row, layer in enumerate(LAYERS):
        for name, what in layer:
            x, w = BOXES[name]
            y = ROW_Y[row]
            parts.append(
                f'<rect x="{x}" y="{y}" width="{w}" height="{BOX_H}" rx="8" fill="#eceff1" stroke="#37474f"/>'
                f'<text x="{x + w / 2:.0f}" y="{y + 24}" font-size="16" font-weight="bold" '
                f'text-anchor="middle">{name}</text>'
                f'<text x="{x + w / 2:.0f}" y="{y + 43}" font-size="11" text-anchor="middle" '
                f'fill="#37474f">{html.escape(what)}</text>'
            )
    ordered = sorted(found, key=lambda e: (LAYER_OF[e[0]], BOXES[e[0]][0], LAYER_OF[e[1]], BOXES[e[1]][0]))
    for source, target in ordered:
        outs = sorted((t for s, t in found if s == source), key=lambda t: (BOXES[t][0], LAYER_OF[t]))
        ins = sorted((s for s, t in found if t == target), key=lambda s: (BOXES[s][0], -LAYER_OF[s]))
        parts.append(_arrow(source, target, outs.index(target), len(outs), ins.index(source), len(ins)))
    parts.append(
        f'<text x="{WIDTH / 2:.0f}" y="{height - 14}" font-size="12" text-anchor="middle" fill="#37474f">'
        "an arrow: a package imports the one it points to (docs/layers.py draws them from the imports)"
        "</text></svg>"
    )
    return "\n".join(parts) + "\n"


def drawn(text: str) -> set[tuple[str, str]]:
    """The arrows of a picture this module drew."""
    found = set()
    for chunk in text.split('data-edge="')[1:]:
        source, target = chunk.split('"', 1)[0].split()
        found.add((source, target))
    return found


def main(argv: list[str]) -> int:
    picture = svg(edges())
    if "--check" in argv:
        current = SVG.read_text(encoding="utf-8") if SVG.exists() else ""
        if current != picture:
            print("docs/layers.svg is not what docs/layers.py draws: run it", file=sys.stderr)
            return 1
        return 0
    SVG.write_text(picture, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
