"""The programs of docs/api.md run, and print what the page says they print."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[2] / "docs" / "api.md"
PROGRAM = re.compile(r"## (?P<title>[^\n]+)\n.*?```python\n(?P<code>.*?)```\s*```text\n(?P<out>.*?)```", re.S)


def programs() -> list[tuple[str, str, str]]:
    found = [(m["title"], m["code"], m["out"]) for m in PROGRAM.finditer(PAGE.read_text(encoding="utf-8"))]
    assert len(found) >= 3, "docs/api.md lost its programs"
    return found


@pytest.mark.parametrize("title, code, expected", programs(), ids=[p[0] for p in programs()])
def test_the_program_prints_what_the_page_says(title: str, code: str, expected: str) -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, f"docs/api.md: {title}", "exec"), {"__name__": "__docs__"})
    assert out.getvalue() == expected
