"""Headless Chromium for tests of the HTML pages the tool writes (puzzle sheets, analysis reports).

`require_browser` finds Chromium, or skips the test when it is absent, unless
``STICH_REQUIRE_BROWSER`` is set (as CI sets it): then a missing browser fails the
test. `screenshot` and `print_pdf` run Chromium once on a file with a fresh profile
and the flags that work on a closed network; `read_png` decodes the screenshot with
zlib alone, and the PDF helpers ask poppler's ``pdfinfo`` / ``pdftotext``.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

__all__ = [
    "Image",
    "pdf_pages",
    "pdf_page_text",
    "print_pdf",
    "read_png",
    "require_browser",
    "require_tool",
    "screenshot",
]

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)


def require_tool(*names: str) -> str:
    """The first of these programs found; without any, skip (fail if STICH_REQUIRE_BROWSER is set)."""
    for name in names:
        path = shutil.which(name)
        if path is not None:
            return path
    message = f"{' / '.join(names)} is not installed (apt-get install chromium poppler-utils)"
    if os.environ.get("STICH_REQUIRE_BROWSER"):
        pytest.fail(f"STICH_REQUIRE_BROWSER is set but {message}")
    pytest.skip(message)


def require_browser() -> str:
    """Chromium's path (see `require_tool`)."""
    return require_tool("chromium", "chromium-browser")


def _run(browser: str, page: Path, *args: str) -> None:
    with tempfile.TemporaryDirectory(prefix="stich-chromium-") as profile:
        command = [browser, *FLAGS, f"--user-data-dir={profile}", *args, page.resolve().as_uri()]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        raise AssertionError(f"chromium failed ({done.returncode}): {done.stderr[-2000:]}")


def screenshot(browser: str, page: Path, out: Path, width: int, height: int) -> Path:
    """A PNG of the page as a window of ``width`` × ``height`` shows it."""
    _run(browser, page, f"--screenshot={out}", f"--window-size={width},{height}")
    return out


def print_pdf(browser: str, page: Path, out: Path) -> Path:
    """The page printed to PDF (no header or footer), as a user's "print" would."""
    _run(browser, page, f"--print-to-pdf={out}", "--no-pdf-header-footer")
    return out


@dataclass(frozen=True)
class Image:
    """A decoded picture: size and RGB(A) rows."""

    width: int
    height: int
    channels: int
    rows: tuple[bytes, ...]

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        at = x * self.channels
        r, g, b = self.rows[y][at : at + 3]
        return r, g, b

    def pixels(self) -> list[tuple[int, int, int]]:
        return [self.pixel(x, y) for y in range(self.height) for x in range(self.width)]


def read_png(path: Path) -> Image:
    """Decode an 8-bit RGB or RGBA PNG (what Chromium writes), undoing the row filters."""
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise AssertionError(f"{path} is not a PNG")
    at, idat, header = 8, b"", b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour not in (2, 6) or interlace:
        raise AssertionError(f"{path}: unexpected PNG kind (depth {depth}, colour {colour})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    previous = np.zeros(stride, dtype=np.uint8)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = np.frombuffer(raw, np.uint8, stride, y * (stride + 1) + 1).copy()
        if kind == 1:  # Sub: each byte adds the byte one pixel to its left
            line = (
                (line.reshape(width, channels).cumsum(axis=0, dtype=np.uint64) % 256).astype(np.uint8).ravel()
            )
        elif kind == 2:  # Up: each byte adds the byte above
            line = line + previous
        elif kind in (3, 4):  # Average, Paeth: byte by byte, each needs its reconstructed left neighbour
            out, up = bytearray(line.tobytes()), previous.tobytes()
            for i in range(stride):
                left = out[i - channels] if i >= channels else 0
                corner = up[i - channels] if i >= channels else 0
                if kind == 3:
                    out[i] = (out[i] + (left + up[i]) // 2) & 255
                    continue
                guess = left + up[i] - corner
                pa, pb, pc = abs(guess - left), abs(guess - up[i]), abs(guess - corner)
                out[i] = (out[i] + (left if pa <= pb and pa <= pc else up[i] if pb <= pc else corner)) & 255
            line = np.frombuffer(bytes(out), np.uint8).copy()
        rows.append(line.tobytes())
        previous = line
    return Image(width, height, channels, tuple(rows))


def pdf_pages(path: Path) -> int:
    """How many pages a PDF has (poppler's pdfinfo)."""
    tool = require_tool("pdfinfo")
    info = subprocess.run([tool, str(path)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))


def pdf_page_text(path: Path, page: int) -> str:
    """The text of one page (1-based) of a PDF (poppler's pdftotext)."""
    tool = require_tool("pdftotext")
    done = subprocess.run(
        [tool, "-f", str(page), "-l", str(page), "-layout", str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout
