"""The layers of docs/design/architecture.md: the picture (docs/layers.svg) is the one the packages'
imports draw (docs/layers.py), and no package imports one in its layer or above."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _layers() -> ModuleType:
    spec = importlib.util.spec_from_file_location("layers", ROOT / "docs" / "layers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_layers_picture_is_the_one_the_imports_draw() -> None:
    layers = _layers()
    found = layers.edges()
    picture = (ROOT / "docs" / "layers.svg").read_text(encoding="utf-8")
    assert layers.drawn(picture) == found
    assert picture == layers.svg(found), "docs/layers.svg is stale: run .venv/bin/python docs/layers.py"


def test_every_package_imports_only_packages_below_it() -> None:
    layers = _layers()
    found = layers.edges()
    assert ("stich", "games") in found and ("deducer", "games") in found
    assert all(layers.LAYER_OF[target] > layers.LAYER_OF[source] for source, target in found)


@pytest.mark.parametrize(
    ("package", "line"),
    [
        ("games", "from stich.deducer import deduce\n"),
        (
            "solvers",
            "def f() -> None:\n    import stich.deducer.hypotheses\n",
        ),  # a sibling, inside a function
        ("hints", "from stich.cli import app\n"),
    ],
)
def test_an_import_up_or_across_the_layers_is_refused(tmp_path: Path, package: str, line: str) -> None:
    layers = _layers()
    for name in layers.PACKAGES:
        (tmp_path / name).mkdir()
    (tmp_path / package / "leak.py").write_text(line, encoding="utf-8")
    with pytest.raises(ValueError, match=f"{package}/leak.py imports"):
        layers.edges(tmp_path)


def test_the_architecture_doc_shows_the_picture() -> None:
    text = (ROOT / "docs" / "design" / "architecture.md").read_text(encoding="utf-8")
    assert "](../layers.svg)" in text
