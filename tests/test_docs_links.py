"""The docs hold together: every relative link of README.md, CHANGELOG.md, bench/README.md and
docs/ names a file that exists (and, into a Markdown page, a heading it has); no page asks for
``python -P``; the user docs (docs/*.md) name no machine load.

Anchors are GitHub's: the heading in lower case, punctuation dropped but ``-`` and ``_``,
spaces as ``-``, a repeated heading numbered ``-1``, ``-2``, … Links inside code blocks are
code, not links.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PAGES = sorted(
    [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "bench" / "README.md", *(ROOT / "docs").rglob("*.md")]
)

LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def prose(text: str) -> Iterator[tuple[int, str]]:
    """Each line outside fenced code blocks, with its number."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            yield number, line


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    for _, line in prose(page.read_text(encoding="utf-8")):
        heading = re.match(r"#{1,6} (.*)", line)
        if heading is None:
            continue
        slug = re.sub(r"[^\w\- ]", "", heading.group(1).replace("`", "").strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def test_the_pages_are_found() -> None:
    names = {page.relative_to(ROOT).as_posix() for page in PAGES}
    assert {
        "README.md",
        "CHANGELOG.md",
        "bench/README.md",
        "docs/strength.md",
        "docs/research/README.md",
    } <= names


@pytest.mark.parametrize("page", PAGES, ids=[page.relative_to(ROOT).as_posix() for page in PAGES])
def test_every_relative_link_resolves(page: Path) -> None:
    broken = []
    for number, line in prose(page.read_text(encoding="utf-8")):
        for target in LINK.findall(line):
            if re.match(r"[a-z][a-z+]*:", target):
                continue  # https:, mailto:
            path, _, anchor = target.partition("#")
            linked = (page.parent / path).resolve() if path else page
            if not linked.exists():
                broken.append(f"{page.relative_to(ROOT)}:{number}: {target} (no such file)")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{page.relative_to(ROOT)}:{number}: {target} (no such heading)")
    assert not broken, "\n".join(broken)


def test_no_page_asks_for_python_dash_p() -> None:
    asked = [
        f"{page.relative_to(ROOT)}:{number}"
        for page in [*PAGES, *(ROOT / "bench").glob("*.py")]
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"python3? -P\b", line)
    ]
    assert not asked, asked


def test_the_user_docs_name_no_machine_load() -> None:
    named = [
        f"{page.relative_to(ROOT)}:{number}: {line.strip()}"
        for page in sorted((ROOT / "docs").glob("*.md"))
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\bload(?: average)?(?: of)?(?: about)? \d", line)
    ]
    assert not named, "\n".join(named)
