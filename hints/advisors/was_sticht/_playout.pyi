"""Type stub of the compiled play-out of Was sticht? (hints/advisors/was_sticht/_playout.c)."""

from collections.abc import Sequence

# (tricks in the round, beaters of each card, each card's follow class, the trumps)
Tables = tuple[int, Sequence[int], Sequence[int], int]
# (hands, tricks won, cards taken, leader, the cards on the trick, tricks over, last winner or -1)
Deal = tuple[Sequence[int], Sequence[int], Sequence[int], int, Sequence[int], int, int]
# each seat's (plan kind, argument)
Plans = Sequence[tuple[int, int]]
# (seat, stops once lost, ((owner or -1, task kind, argument), ...)) or None
Goal = tuple[int, int, Sequence[tuple[int, int, int]]] | None

def play_out(
    tables: Tables,
    deal: Deal,
    plans: Plans,
    seat: int,
    goal: Goal,
    first: int,
    threshold: int,
    look: bool,
    state: int,
) -> tuple[tuple[list[int], list[int], int | None], list[int], int]: ...
def reached_count(
    tables: Tables,
    deal: Deal,
    plans: Plans,
    seat: int,
    goal: Goal,
    first: int,
    threshold: int,
    look: bool,
    state: int,
    count: int,
) -> tuple[int, int]: ...
