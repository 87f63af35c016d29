"""Each game's module answers for itself: no other module of the packages branches on a game id.

A game's knowledge outside ``games/<game>.py`` (an ``if game == "24"``, a ``.game in
(...)`` test, duck typing with ``getattr(state, ...)``) means a new game must edit that
module too; the hooks on `Game`, `Round` and `PlayContext` are the way to ask instead
(``docs/architecture.md``, "Adding a game").
"""

from __future__ import annotations

import re
from pathlib import Path

from stich.games.registry import GAME_IDS, find

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "deducer", "solvers", "hints", "puzzles", "stich")

BRANCHES = [
    re.compile(r"""\b(game|game_id|\w+\.game)\s*(==|!=)\s*["']"""),  # game == "24"
    re.compile(r"""\b(game|game_id|\w+\.game)\s+(not\s+)?in\s*[(\[{]"""),  # .game in ("24", ...)
    re.compile(r"""\.id\s*(==|!=)\s*["']"""),  # Game.id == "24"
    re.compile(r"""getattr\((state|round|game|record|self\.game)\b"""),  # duck typing on a round or game
]

# Modules whose game branches are still to move behind hooks (issue 8, section 1); each must
# leave this list once it no longer branches, which the second test checks.
PENDING: set[str] = set()


def _game_modules() -> set[str]:
    return {f"games/{Path(find(game_id).__module__.replace('.', '/')).name}.py" for game_id in GAME_IDS}


def _branches(path: Path) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for n, line in enumerate(lines, 1)
        if any(pattern.search(line) for pattern in BRANCHES)
    ]


def _modules() -> list[Path]:
    return sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))


def test_no_module_outside_the_game_modules_branches_on_a_game() -> None:
    allowed = _game_modules() | PENDING
    found = [
        hit for path in _modules() if str(path.relative_to(ROOT)) not in allowed for hit in _branches(path)
    ]
    assert not found, "ask the game through a hook instead:\n" + "\n".join(found)


def test_the_pending_list_holds_only_modules_that_still_branch() -> None:
    stale = [name for name in sorted(PENDING) if (ROOT / name).exists() and not _branches(ROOT / name)]
    assert not stale, f"these modules no longer branch on a game: remove them from PENDING: {stale}"


def test_the_patterns_catch_the_branches_they_name() -> None:
    caught = [
        'if position.game == "24":',
        "if game_id in ('stiche-raten', 'wizard'):",
        'if record.game != "was-sticht" and hands:',
        "weapons = getattr(game, 'weapons', None)",
        'if cls.id == "wizard":',
    ]
    passed = ["if kind not in game.objective_types:", "game = find(game_id)", "if game.points_count_tricks:"]
    assert all(any(p.search(line) for p in BRANCHES) for line in caught)
    assert not any(p.search(line) for p in BRANCHES for line in passed)
