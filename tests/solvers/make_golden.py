"""Writes the golden files of the search (``tests/solvers/golden/*.json``).

Each file holds positions of one game, as the position JSON a user writes, with the value the
solver finds (`Solver.value`) and the node count the pure-Python search and the compiled kernel
both take to find it. `tests/solvers/test_golden.py` checks the search against them, so the
values and node counts stay checked where DDS (``endplay``) or a C compiler is missing.

Bridge-shaped positions (French deck, four seats, two partnerships: full deals of 13 cards a
hand and smaller ones, some with part of a trick played) take their value from Bo Haglund's
DDS (PyPI ``endplay``), frozen here; the other games' values are the search's own, checked
against the reference minimax (`solvers.reference`) where the hands are small enough for it.
Generating needs ``endplay`` and the compiled kernel and refuses to write a file where the
search, the kernel, DDS or the reference disagree. Run from the repository's root:

    python tests/solvers/make_golden.py            # writes every file
    python tests/solvers/make_golden.py --check    # compares the files with a fresh generation

Regenerate only when a change to the search is meant to change node counts (and say so in the
commit); the values must not change.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from stich.solvers.parse import parse_position  # noqa: E402
from stich.solvers.reference import reference_solve  # noqa: E402
from stich.solvers.solver import Solver  # noqa: E402
from tests.solvers.samples import bridge_position_json, random_position_json  # noqa: E402

GOLDEN = ROOT / "tests" / "solvers" / "golden"
# The reference minimax has no pruning beyond a trick: it checks hands up to this size.
REFERENCE_CARDS = 4
TRUMPS = ["S", "H", "D", "C", None]

# Per game: (seed, cards per hand, players, objective) of each position.
GAMES: dict[str, list[tuple[int, int, int | None, str]]] = {
    "stiche-raten": [
        (1, 3, 3, "tricks"),
        (2, 4, 5, "tricks"),
        (3, 5, 3, "tricks"),
        (4, 4, 4, "exact"),
        (5, 6, 3, "exact"),
        (6, 3, 5, "exact"),
    ],
    "wizard": [
        (1, 3, 3, "tricks"),
        (2, 5, 4, "tricks"),
        (3, 4, 5, "exact"),
        (4, 6, 3, "exact"),
        (5, 3, 4, "exact"),
    ],
    "was-sticht": [
        (1, 4, 3, "tricks"),
        (2, 5, 4, "exact"),
        (3, 3, 3, "task"),
        (4, 5, 4, "task"),
        (5, 6, 3, "task"),
    ],
    "stich-fuer-stich": [
        (1, 3, 3, "tricks"),
        (2, 4, 4, "exact"),
        (3, 5, 3, "points"),
        (4, 4, 4, "points"),
        (5, 3, 3, "points"),
    ],
    "24": [
        (1, 3, 2, "tricks"),
        (2, 5, 4, "tricks"),
        (3, 4, 3, "exact"),
        (4, 6, 2, "points"),
        (5, 4, 4, "points"),
        (6, 3, 5, "points"),
    ],
}
# Bridge: (seed, cards per hand, trump, leader, cards of the current trick played).
BRIDGE: list[tuple[int, int, str | None, int, int]] = [
    (500, 13, "S", 0, 0),
    (502, 13, None, 1, 0),
    (502, 13, "S", 2, 0),
    (504, 5, None, 0, 0),
    (505, 6, "S", 1, 1),
    (506, 7, "D", 2, 2),
    (507, 8, None, 3, 3),
    (508, 8, "C", 0, 0),
    (509, 6, None, 2, 1),
    (510, 7, "H", 3, 0),
]


def solve(data: dict[str, Any]) -> tuple[int, int]:
    """The value and node count of the pure-Python search, checked against the kernel's."""
    position = parse_position(data)
    plain = Solver(position, kernel=False)
    value = plain.value()
    fast = Solver(position)
    if not fast.compiled:
        raise SystemExit("make_golden: the compiled kernel is needed (pip install -e . with a C compiler)")
    if (fast.value(), fast.nodes) != (value, plain.nodes):
        raise SystemExit(f"make_golden: the kernel and the Python search disagree on {data}")
    return value, plain.nodes


def game_cases(game: str) -> list[dict[str, Any]]:
    cases = []
    for seed, cards, players, objective in GAMES[game]:
        data = random_position_json(game, 40_000 + seed, cards, players, objective)
        value, nodes = solve(data)
        source = "search"
        if cards <= REFERENCE_CARDS:
            if reference_solve(parse_position(data))[0] != value:
                raise SystemExit(f"make_golden: the search and the reference disagree on {data}")
            source = "reference"
        name = f"{game} {objective}, {cards} cards a hand, seed {40_000 + seed}"
        cases.append({"name": name, "position": data, "value": value, "nodes": nodes, "value_from": source})
    return cases


def bridge_cases() -> list[dict[str, Any]]:
    from tests.oracles.dds import dds_tricks  # needs endplay

    cases = []
    for seed, cards, trump, leader, played in BRIDGE:
        data = bridge_position_json(seed, cards, trump, leader, trick=played)
        value, nodes = solve(data)
        dds_value = dds_tricks(parse_position(data))
        if dds_value != value:
            raise SystemExit(f"make_golden: DDS ({dds_value}) and the search ({value}) disagree on {data}")
        deal = "full deal" if cards == 13 else f"{cards} cards a hand"
        name = f"bridge {deal}, trump {trump or 'none'}, seed {seed}, {played} cards of the trick played"
        cases.append(
            {"name": name, "position": data, "value": dds_value, "nodes": nodes, "value_from": "dds"}
        )
    return cases


def files() -> dict[str, dict[str, Any]]:
    """Every golden file's content by file name."""
    out = {
        "bridge.json": {
            "about": "Bridge-shaped positions: values from DDS (endplay), frozen; node counts of the search",
            "cases": bridge_cases(),
        }
    }
    for game in GAMES:
        out[f"{game}.json"] = {
            "about": f"{game} positions: values and node counts of the search (tests/solvers/make_golden.py)",
            "cases": game_cases(game),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--check", action="store_true", help="compare with the files instead of writing them")
    args = parser.parse_args(argv)
    GOLDEN.mkdir(exist_ok=True)
    stale = []
    for name, content in files().items():
        text = json.dumps(content, indent=1, ensure_ascii=False) + "\n"
        path = GOLDEN / name
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)} ({len(content['cases'])} positions)")
    if stale:
        print("make_golden: differ from a fresh generation: " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
