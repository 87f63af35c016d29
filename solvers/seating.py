"""Who plays, in which order and for whom: the seating every unit of the search reads."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

__all__ = ["Seating"]


@dataclass(frozen=True)
class Seating:
    """Who plays, in which order, and for whom: the seats that play (clockwise), the next seat of each,
    whether each seat is on the side, and each seat's fellow players."""

    seats: tuple[int, ...]
    nxt: tuple[int, ...]
    sideof: tuple[bool, ...]
    others_of: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, playing: Sequence[int], side: Sequence[int], players: int) -> Seating:
        nxt = [0] * players
        for i, s in enumerate(playing):
            nxt[s] = playing[(i + 1) % len(playing)]
        return cls(
            tuple(playing),
            tuple(nxt),
            tuple(s in side for s in range(players)),
            tuple(tuple(o for o in playing if o != s) for s in range(players)),
        )

    @cached_property
    def pairs(self) -> bool:
        """Two partnerships of two seated alternately (bridge's seating)."""
        return len(self.seats) == 4 and all(self.sideof[s] != self.sideof[self.nxt[s]] for s in self.seats)

    @cached_property
    def partners_of(self) -> tuple[tuple[int, ...], ...]:
        """Each seat's fellow players on its own side."""
        side = self.sideof
        return tuple(
            tuple(o for o in others if side[o] == side[s]) for s, others in enumerate(self.others_of)
        )
