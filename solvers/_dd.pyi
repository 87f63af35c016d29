"""Type stub of the compiled kernel (solvers/_dd.c).

The tables `Kernel` reads are typed here as `TypedDict`s, key for key as ``_dd.c`` reads them
(`read_state`, `read_objective`, `Kernel_init`); they exist for the type checker only (import
them under ``TYPE_CHECKING``).
"""

from typing import Any, Literal, TypedDict, Unpack

MAX_CARDS: int
MAX_PLAYERS: int
MAX_GROUPS: int
MAX_CLASSES: int
MAX_STATES: int
MAX_DECLARATIONS: int

# One follow class for quick tricks (`stich.solvers.tables.QuickClass`).
_QuickClass = tuple[int, int, tuple[int, ...], int]

class StateTables(TypedDict):
    """The search's tables of one arena state (`stich.solvers.tables.SearchTables`, one state)."""

    beaters: list[int]
    lead_follow: list[int]
    late_follow: list[int]
    free: int
    wizards: int
    power: list[int]
    stronger: list[int]
    class_of: list[int]
    trump_mask: int
    quick: list[_QuickClass]
    strength: list[int]
    structured: bool
    must_follow: bool
    ascending: bool
    plain: bool
    ranked: bool
    strength_desc: tuple[int, ...]
    levels: tuple[int, ...]
    trumps_desc: tuple[int, ...]
    tp: tuple[int, ...]

class TricksObjective(TypedDict):
    """The side's remaining tricks (additive)."""

    kind: Literal["tricks"]

class ExactObjective(TypedDict):
    """Exactly ``k`` tricks for the seats of ``side``."""

    kind: Literal["exact"]
    k: int
    side: list[int]

TaskKind = Literal["no-tricks", "colour", "exactly", "last-trick", "most-tricks", "fewest-tricks"]

class TaskObjective(TypedDict):
    """A Was sticht? task of ``seat`` (``owner`` -1, or the seat whose task it makes while that fails)."""

    kind: Literal["task"]
    task: TaskKind
    seat: int
    owner: int
    cap: int
    colour_mask: int
    watched: list[int]
    counted: list[int]

class PointsObjective(TypedDict):
    """Minus the round points of ``side``: ``points`` by seat of the side, tricks 0..most, state."""

    kind: Literal["points"]
    side: list[int]
    most: int
    lo: int
    hi: int
    points: list[int]

KernelObjective = TricksObjective | ExactObjective | TaskObjective | PointsObjective

class KernelTables(TypedDict):
    """Everything `Kernel` is built from: the seating, each reachable state's tables (None for
    the others), the declarations, the table keys' groups and the objective."""

    size: int
    players: int
    seats: list[int]
    nxt: list[int]
    sideof: list[int]
    states: list[StateTables | None]
    declarations: dict[tuple[int, int], list[int]]
    declaring: int
    span: list[int]
    key_groups: list[tuple[int, int]]
    absolute: int
    group_of: list[int]
    partition: bool
    equal_sizes: bool
    objective: KernelObjective
    max_left: int
    tt_limit: int

class Kernel:
    nodes: int
    entries: int
    deadline: float  # time.monotonic() seconds, 0: none; past it a search raises TimeoutError
    node_limit: int  # the node count past which a search raises TimeoutError, 0: none
    def __init__(self, **tables: Unpack[KernelTables]) -> None: ...
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
