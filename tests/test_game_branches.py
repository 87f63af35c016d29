"""Each game's module answers for itself: no other module of the packages branches on a game id.

A game's knowledge outside ``games/<game>.py`` (an ``if game == "24"``, a ``.game in
(...)`` test, duck typing with ``getattr(state, ...)``, a table keyed by game id or deck
name, an ``isinstance`` test on one game's round or game class) means a new game must edit
that module too; the hooks on `Game`, `Round`, `Deck` and `PlayContext` are the way to ask
instead (``docs/design/architecture.md``, "Adding a game"). What is still found by game id, the
registries, must know every game.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import re
from pathlib import Path

from stich.games.base import Game, Round
from stich.games.registry import GAME_IDS, all_games, find

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


# -- tables keyed by game id or deck name ------------------------------------------------------

# The registries: where a game id is looked up, one line a game (the coverage test checks them).
REGISTRIES = {"games/registry.py", "hints/advisors/__init__.py"}
# Modules whose tables of games are still to move to the games (each must leave this set once it
# has none, which the stale test checks).
PENDING_TABLES: set[str] = set()


def _names() -> set[str]:
    """Every game id and deck name."""
    decks = {game(game.player_counts[0]).deck.name for game in all_games()}
    return set(GAME_IDS) | decks


def _tables(source: str, names: set[str]) -> list[int]:
    """Lines of dict literals with a game id or deck name for a key, and of tuple, list or set
    literals holding two or more of them (a table of games by membership)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            keys = node.keys
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            keys = list(node.elts) if len(node.elts) > 1 else []
        else:
            continue
        named = [k for k in keys if isinstance(k, ast.Constant) and k.value in names]
        if named and (isinstance(node, ast.Dict) or len(named) > 1):
            found.append(node.lineno)
    return found


def _table_hits(path: Path, names: set[str]) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    return [f"{path.relative_to(ROOT)}:{n}: {lines[n - 1].strip()}" for n in _tables(source, names)]


def test_no_module_outside_the_game_modules_keeps_a_table_of_games() -> None:
    allowed = _game_modules() | REGISTRIES | PENDING_TABLES
    names = _names()
    found = [
        hit
        for path in _modules()
        if str(path.relative_to(ROOT)) not in allowed
        for hit in _table_hits(path, names)
    ]
    assert not found, "let each game (or its deck) say it instead:\n" + "\n".join(found)


def test_the_pending_tables_are_still_there() -> None:
    names = _names()
    stale = [name for name in sorted(PENDING_TABLES) if not _table_hits(ROOT / name, names)]
    assert not stale, (
        f"these modules keep no table of games any more: remove them from PENDING_TABLES: {stale}"
    )


def test_the_table_check_catches_the_tables_it_names() -> None:
    names = _names()
    caught = [
        '_FACES = {"was-sticht": _coloured, "french": _french}',
        'THEMES: dict[str, tuple[Theme, ...]] = {"24": (), "wizard": ()}',
        'COLOURED = ("was-sticht", "24")',
        'FORMAT_GAMES = {"stiche-raten": 1}',
    ]
    passed = [
        'Record(game="stiche-raten")',
        'if kind in ("exact", "tricks"): pass',
        'found = {"game": game.id, "seat": 0}',
        'MODULES = ("24",)',
    ]
    assert all(_tables(line, names) for line in caught)
    assert not any(_tables(line, names) for line in passed)


# -- isinstance on one game's round or game class ---------------------------------------------

# Modules that still test a game's class (each must leave this set once it does not).
PENDING_ISINSTANCE: set[str] = set()


def _advisor_modules() -> dict[str, str]:
    from stich.hints import advisors

    modules: dict[str, str] = advisors._MODULES
    return modules


def _path(module: str) -> str:
    return module.removeprefix("stich.").replace(".", "/") + ".py"


def _advisor_files(module: str) -> set[str]:
    """An advisor module and the other parts of its family's package (``hints/advisors/<family>/``)."""
    main = ROOT / _path(module)
    return {str(p.relative_to(ROOT)) for p in main.parent.glob("*.py")} | {_path(module)}


def _game_classes() -> dict[str, set[str]]:
    """Each game's own `Game` and `Round` classes by name, with the modules that may test for it:
    its module, the modules of the games built on it, and those games' advisor modules."""
    advisors = _advisor_modules()
    allowed: dict[str, set[str]] = {}
    own: set[type] = set()
    for game in all_games():
        module = importlib.import_module(game.__module__)
        own |= {
            cls
            for name, cls in vars(module).items()
            if inspect.isclass(cls)
            and cls.__name__ == name
            and cls.__module__ == module.__name__
            and issubclass(cls, Game | Round)
            and cls not in (Game, Round)
        }
    for cls in own:
        allowed[cls.__name__] = {_path(cls.__module__)}
    for game in all_games():
        for cls in (*game.__mro__, *game.round_class.__mro__):
            if cls in own:
                allowed[cls.__name__] |= {_path(game.__module__)} | _advisor_files(advisors[game.id])
    return allowed


def _isinstance_tests(source: str, classes: set[str]) -> list[tuple[int, str]]:
    """``isinstance`` calls naming one of ``classes`` (alone or in a tuple): line and class."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
            if len(node.args) != 2:
                continue
            kinds = node.args[1]
            for kind in kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]:
                name = (
                    kind.id
                    if isinstance(kind, ast.Name)
                    else kind.attr
                    if isinstance(kind, ast.Attribute)
                    else ""
                )
                if name in classes:
                    found.append((node.lineno, name))
    return found


def _isinstance_hits(path: Path, allowed: dict[str, set[str]]) -> list[str]:
    name = str(path.relative_to(ROOT))
    source = path.read_text(encoding="utf-8")
    return [
        f"{name}:{line}: isinstance on {cls}"
        for line, cls in _isinstance_tests(source, set(allowed))
        if name not in allowed[cls]
    ]


def test_no_module_tests_for_another_games_class() -> None:
    allowed = _game_classes()
    found = [
        hit
        for path in _modules()
        if str(path.relative_to(ROOT)) not in PENDING_ISINSTANCE
        for hit in _isinstance_hits(path, allowed)
    ]
    assert not found, "ask the round or game through a hook instead:\n" + "\n".join(found)


def test_the_pending_isinstance_tests_are_still_there() -> None:
    allowed = _game_classes()
    stale = [
        name
        for name in sorted(PENDING_ISINSTANCE)
        if not (ROOT / name).exists() or not _isinstance_hits(ROOT / name, allowed)
    ]
    assert not stale, (
        f"these modules test no game's class any more: remove them from PENDING_ISINSTANCE: {stale}"
    )


def test_the_isinstance_check_catches_the_tests_it_names() -> None:
    classes = set(_game_classes())
    assert "WasStichtRound" in classes and "StichFuerStich" in classes and "BiddingRound" in classes
    caught = [
        "if isinstance(state, WasStichtRound): pass",
        "x = isinstance(game, (Wizard, SticheRaten))",
        "ok = isinstance(state, sfs.StichFuerStichRound)",
    ]
    passed = ["isinstance(source, LocationModel)", "isinstance(state, Round)", "isinstance(text, str)"]
    assert all(_isinstance_tests(line, classes) for line in caught)
    assert not any(_isinstance_tests(line, classes) for line in passed)


def test_a_games_own_modules_may_test_for_its_classes() -> None:
    allowed = _game_classes()
    assert allowed["WasStichtRound"] == {
        "games/was_sticht.py",
        *_advisor_files("stich.hints.advisors.was_sticht.advisor"),
    }
    # Wizard builds on Stiche-Raten's bidding round; Stich für Stich does not.
    assert "games/wizard.py" in allowed["BiddingRound"]
    assert "games/wizard.py" not in allowed["StichFuerStichRound"]


# -- what is still found by game id knows every game --------------------------------------------


def test_every_game_is_found_by_its_id() -> None:
    assert len(set(GAME_IDS)) == len(GAME_IDS)
    assert all(find(game_id).id == game_id for game_id in GAME_IDS)


def test_every_game_has_an_advisor_and_a_heuristic() -> None:
    from stich.hints.advisors import advisor_for, heuristic_for

    assert set(_advisor_modules()) == set(GAME_IDS)
    for game_id in GAME_IDS:
        assert callable(getattr(advisor_for(game_id), "valuation", None)), game_id
        assert callable(heuristic_for(game_id)), game_id


def test_every_game_has_an_example_record() -> None:
    for game_id in GAME_IDS:
        example = ROOT / "stich" / "examples" / f"{game_id}.json"
        assert json.loads(example.read_text(encoding="utf-8"))["game"] == game_id


def test_every_game_has_endgame_themes_of_its_own() -> None:
    for game in all_games():
        assert game.endgame_themes, game.id
        assert {theme.game for theme in game.endgame_themes} == {game.id}


def test_a_game_with_a_secret_holder_gives_its_hypothesis_space() -> None:
    for game in all_games():
        space = game(game.player_counts[0]).hypothesis_space()
        assert (space is None) == (game.secret_holder is None), game.id
        assert space is None or space.game == game.id


# -- imports of one game's module ---------------------------------------------------------------

# Modules that still import a game's module (each must leave this set once it does not, which the
# stale test checks).
PENDING_IMPORTS: set[str] = set()
# A game's helpers and advisors named by what they do rather than by their game, with the game's
# module: the readers of other programs' files into its records, its open-hands advice, its bot.
OWN_PARTS = {
    "games/imports/pbn.py": "stich.games.stiche_raten",
    "games/imports/trickster.py": "stich.games.stiche_raten",
    "hints/play/rules_bot.py": "stich.games.stiche_raten",
    "hints/play/montecarlo.py": "stich.games.stiche_raten",  # a bot of the bidding games, as rules_bot
}


def _game_module_importers() -> dict[str, set[str]]:
    """Each game module (``stich.games.<game>``) with the files that may import it: itself, the
    modules of the games built on it, those games' advisor modules, and its `OWN_PARTS`."""
    advisors = _advisor_modules()
    allowed: dict[str, set[str]] = {}
    for game in all_games():
        allowed.setdefault(game.__module__, {_path(game.__module__)})
    for game in all_games():
        for cls in (*game.__mro__, *game.round_class.__mro__):
            if cls.__module__ in allowed:
                allowed[cls.__module__] |= {_path(game.__module__)} | _advisor_files(advisors[game.id])
    for part, module in OWN_PARTS.items():
        allowed[module].add(part)
    return allowed


def _imported_modules(source: str) -> list[tuple[int, str]]:
    """The modules a source imports (``import a.b``, ``from a.b import c``: ``a.b`` and ``a.b.c``),
    with their lines."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module))
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names]
    return found


def _import_hits(path: Path, allowed: dict[str, set[str]]) -> list[str]:
    name = str(path.relative_to(ROOT))
    return [
        f"{name}:{line}: imports {module}"
        for line, module in _imported_modules(path.read_text(encoding="utf-8"))
        if module in allowed and name not in allowed[module]
    ]


def test_no_module_imports_another_games_module() -> None:
    allowed = _game_module_importers()
    found = [
        hit
        for path in _modules()
        if str(path.relative_to(ROOT)) not in PENDING_IMPORTS
        for hit in _import_hits(path, allowed)
    ]
    assert not found, "ask the game through a hook on Game or Round instead:\n" + "\n".join(found)


def test_the_pending_imports_are_still_there() -> None:
    allowed = _game_module_importers()
    stale = [name for name in sorted(PENDING_IMPORTS) if not _import_hits(ROOT / name, allowed)]
    assert not stale, (
        f"these modules import no game's module any more: remove them from PENDING_IMPORTS: {stale}"
    )


def test_the_import_check_catches_the_imports_it_names() -> None:
    allowed = _game_module_importers()
    caught = [
        "from stich.games.was_sticht import Task",
        "import stich.games.stich_fuer_stich as sfs",
        "from stich.games import vierundzwanzig",
    ]
    passed = ["from stich.games.base import Game", "from stich.games import find", "import stich.games.trick"]
    assert all(any(m in allowed for _, m in _imported_modules(line)) for line in caught)
    assert not any(m in allowed for line in passed for _, m in _imported_modules(line))
    assert "games/wizard.py" in allowed["stich.games.stiche_raten"]
    assert "hints/advisors/was_sticht/advisor.py" in allowed["stich.games.was_sticht"]
    assert "games/wizard.py" not in allowed["stich.games.was_sticht"]


def test_each_deduction_puzzle_kind_is_one_games() -> None:
    from stich.puzzles.model import DEDUCTION_KINDS, deduction_game, space_of_kind

    kinds = [game.deduction_puzzle.kind for game in all_games() if game.deduction_puzzle is not None]
    assert kinds == list(DEDUCTION_KINDS)
    for game in all_games():
        facts = game.deduction_puzzle
        assert (facts is None) or game.secret_holder is not None, game.id
        if facts is not None:
            assert deduction_game(facts.kind).id == game.id
            assert space_of_kind(facts.kind) is game(game.player_counts[0]).hypothesis_space()
