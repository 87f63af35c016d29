"""The command line's help texts say what they mean (rich markup must not eat a bracket)."""

from __future__ import annotations

from typer.testing import CliRunner

from stich.cli import app


def test_arena_help_names_the_cluster_extra_that_ray_needs() -> None:
    shown = CliRunner().invoke(app, ["arena", "--help"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0
    assert "pip install 'stich[cluster]'" in shown.output
