"""What `stich hint` loads: its start-up is a good part of a short hint's time, so a hint loads
neither numpy (the information measure's), networkx (card locations by a flow), jsonschema (a
record that fits its schema is vouched for without it), pydantic (typer's reading of option
values, stich.cli._params), rich where nothing is drawn, nor the other commands' modules where
the decision does not need them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from stich.games.record import Record, simulate


def _first(record: Record, key: str) -> int:
    return next(i for i, event in enumerate(record.events) if key in event)


def _modules_after_hint(path: Path, at: int) -> set[str]:
    """The modules a fresh `stich hint` of ``path`` at event ``at`` has loaded when it is done: top-level
    names, and the project's own without ``stich.`` (``hints.advice``)."""
    script = textwrap.dedent(
        f"""
        import json, sys
        sys.argv = ["stich", "hint", {str(path)!r}, "--at", "{at}", "--worlds", "2", "--seed", "1", "--json"]
        from stich.cli import main
        try:
            main()
        except SystemExit as exc:
            assert not exc.code, exc.code
        names = set()
        for m in sys.modules:
            parts = m.split(".")
            names.add(".".join(parts[1:3]) if parts[0] == "stich" and len(parts) > 1 else parts[0])
        print(json.dumps(sorted(names)))
        """
    )
    # stderr is not a terminal (and nothing says it is one): rich would draw no spinner there.
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    command = [sys.executable, "-c", script]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def _written(record: Record, folder: Path) -> Path:
    path = folder / "round.json"
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    return path


def test_hint_on_a_bid_loads_neither_numpy_nor_networkx(tmp_path: Path) -> None:
    record = simulate("stiche-raten", 4, 3, {"first_round": 5})
    loaded = _modules_after_hint(_written(record, tmp_path), _first(record, "bid"))
    assert {"hints.advice", "hints.advisors", "solvers.solver", "deducer.sampling"} <= loaded
    unneeded = {"numpy", "networkx", "jsonschema", "constraint", "ortools", "pandas", "deducer.information"}
    # Option values are read without typer's pydantic adapters (stich.cli._params).
    unneeded |= {"pydantic", "pydantic_core", "annotated_types"}
    # JSON out and no terminal for the spinner: no rich; one job: no multiprocessing.
    unneeded |= {"rich", "multiprocessing"}
    assert not loaded & unneeded
    # Only the command invoked: no other command's module, no analysis, no live play.
    assert not loaded & {"cli.analyze", "cli.live", "cli.serve", "cli.puzzle", "hints.analysis"}


def test_hint_on_a_card_loads_neither_numpy_nor_networkx(tmp_path: Path) -> None:
    record = simulate("stiche-raten", 4, 3, {"first_round": 5})
    loaded = _modules_after_hint(_written(record, tmp_path), _first(record, "play") + 2)
    assert {"hints.advice", "solvers.solver"} <= loaded
    assert not loaded & {"numpy", "networkx", "jsonschema", "deducer.information"}


def test_hint_in_24_loads_no_numpy(tmp_path: Path) -> None:
    record = simulate("24", 4, 2)
    loaded = _modules_after_hint(_written(record, tmp_path), _first(record, "play"))
    assert {"hints.advice", "solvers.solver"} <= loaded
    assert not loaded & {"numpy", "deducer.information"}
