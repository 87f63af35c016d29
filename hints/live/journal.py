"""The journal of `stich live` and `stich serve` on the disk: written atomically and durably (a
temporary file, fsynced and renamed over the journal, the folder fsynced), so that a crash
leaves the old or the new journal, never half of one; a file the player did not say to replace
is never replaced (`TargetExists`)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from stich.games.errors import StichError

__all__ = ["TargetExists", "dumps", "write_atomic"]


class TargetExists(StichError):
    """``save FILE`` of a file that exists: nothing was written (the caller may ask to replace it)."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"save: {path} already exists: give a new file name (nothing was replaced)")
        self.path = path


def dumps(data: Any) -> str:
    """One line of the journal: JSON with a space after each separator, as it is read back."""
    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


def write_atomic(path: Path, data: dict[str, Any] | str, replace: bool = True) -> None:
    """Write JSON (or its text) to ``path`` through a temporary file that is fsynced and renamed
    over it, then fsync the folder so that the rename itself is on the disk. With ``replace``
    false the file must not exist: it is linked into place, which fails if one has appeared
    meanwhile (`TargetExists`), and nothing is replaced."""
    text = data if isinstance(data, str) else json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    directory = path.parent if str(path.parent) else Path(".")
    tmp = directory / f".{path.name}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        if replace:
            os.replace(tmp, path)
        else:
            try:
                os.link(tmp, path)
            except FileExistsError:
                raise TargetExists(path) from None
            except OSError:  # a file system without hard links: create the file, or fail if it exists
                with open(path, "x", encoding="utf-8") as handle:
                    handle.write(text)
                    handle.flush()
                    os.fsync(handle.fileno())
            finally:
                os.unlink(tmp)
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        raise StichError(f"cannot write {path}: {exc.strerror or exc}") from None
