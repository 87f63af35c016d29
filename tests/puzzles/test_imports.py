"""What the puzzle commands load: the start-up of `stich puzzle` is most of its time, so trump and
case puzzles load neither the double-dummy solvers nor networkx, and endgames not the deducer."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap


def _modules_after(code: str) -> set[str]:
    """The packages loaded by a fresh Python that runs ``code``: top-level names, and the project's
    own as their second part (``stich.solvers`` as ``solvers``)."""
    script = (
        textwrap.dedent(code)
        + "\nimport json, sys\n"
        + "print(json.dumps(sorted({m.split('.')[m.startswith('stich.')] for m in sys.modules})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=300
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_trump_and_case_puzzles_load_no_solver() -> None:
    loaded = _modules_after(
        """
        from stich.puzzles import dumps, generate, load_puzzles, markdown, verify
        batch = generate("stich-fuer-stich", "case", "hard", count=1, seed=1)
        batch = generate("was-sticht", "trump", "medium", count=1, seed=1)
        markdown(batch.puzzles)
        """
    )
    assert {"puzzles", "deducer", "ortools"} <= loaded
    assert not loaded & {"solvers", "networkx"}


def test_endgame_puzzles_load_no_deducer() -> None:
    loaded = _modules_after(
        """
        from stich.puzzles import generate, markdown, verify
        batch = generate("stiche-raten", "endgame", "easy", count=1, seed=1)
        markdown(batch.puzzles)
        """
    )
    assert {"puzzles", "solvers"} <= loaded
    assert not loaded & {"deducer", "networkx", "ortools", "pandas"}
