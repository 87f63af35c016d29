"""What `pip install stich` puts into site-packages: one top-level name, `stich`.

The repository keeps its folders `games`, `deducer`, `solvers`, `hints` and `puzzles` at the top
(links under `stich/` make them `stich.games`, …); the wheel built from it must install them
inside `stich`, the compiled kernel as `stich.solvers._dd` (and Was sticht?'s play-out as
`stich.hints.advisors.was_sticht._playout`), and nothing else at the top, since
generic names such as `solvers` and `puzzles` are other distributions' on PyPI."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds the wheel and installs it into a fresh environment

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (built,) = out.glob("stich-*.whl")
    return built


def test_wheel_holds_only_the_stich_package(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    tops = {name.split("/")[0] for name in names}
    assert {top for top in tops if not top.endswith(".dist-info")} == {"stich"}
    for package in ("games", "deducer", "solvers", "hints", "puzzles", "cli", "serve"):
        assert f"stich/{package}/__init__.py" in names
    # The compiled kernel and Was sticht?'s compiled play-out (optional: built where a C compiler
    # is) sit inside the package.
    compiled = [name for name in names if name.endswith(sysconfig.get_config_var("EXT_SUFFIX"))]
    inside = ("stich/solvers/_dd.", "stich/hints/advisors/was_sticht/_playout.")
    assert all(name.startswith(inside) for name in compiled)


def test_installed_wheel_adds_only_stich_to_a_fresh_environment(wheel: Path, tmp_path: Path) -> None:
    env = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True, timeout=120)
    python = env / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    before = {entry.name for entry in site.iterdir()}
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", str(wheel)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    added = {entry.name for entry in site.iterdir()} - before
    assert {name for name in added if not name.endswith(".dist-info")} == {"stich"}
    # The project's modules answer to their stich.* names in the installed copy, without the
    # repository beside them (the dependencies are not installed, so no module is run: found only).
    found = subprocess.run(
        [
            str(python),
            "-I",
            "-c",
            "import importlib.util as u, json; print(json.dumps([u.find_spec(n) is not None for n in "
            "('stich', 'games', 'solvers', 'hints', 'puzzles', 'deducer')]))",
        ],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    ).stdout.strip()
    assert found == "[true, false, false, false, false, false]"
    package = site / "stich"
    for sub in ("games", "deducer", "solvers", "hints", "puzzles"):
        assert (package / sub / "__init__.py").is_file()
        assert not (package / sub).is_symlink()
