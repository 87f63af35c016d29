"""Type stub of the compiled kernel (solvers/_dd.c)."""

from typing import Any

MAX_CARDS: int
MAX_PLAYERS: int
MAX_GROUPS: int
MAX_CLASSES: int
MAX_STATES: int
MAX_DECLARATIONS: int

class Kernel:
    nodes: int
    entries: int
    deadline: float  # time.monotonic() seconds, 0: none; past it a search raises TimeoutError
    def __init__(self, **tables: Any) -> None: ...
    def boundary(
        self, hands: list[int], leader: int, live: int, prog: Any, target: int, left: int, present: int, /
    ) -> tuple[bool, int]: ...
    def inner(
        self,
        hands: list[int],
        seat: int,
        k: int,
        pending: int,
        follow: int,
        wcard: int,
        wseat: int,
        tmask: int,
        frame: tuple[int, Any, int, int, int],
        /,
    ) -> tuple[bool, int]: ...
