"""The live entry language: what a player types at the table, read into a whole game.

Above the assistant core (`stich.hints.session`, `stich.hints.advice`, ...), used by
``stich live`` and ``stich serve``; nothing in the core imports it.

- `stich.hints.live.entries`: the entries (setup facts, events, commands), their parsing and
  completion;
- `stich.hints.live.game`: `LiveGame`, which takes the entries of a whole game;
- `stich.hints.live.journal`: the journal written atomically and durably (`write_atomic`);
- `stich.hints.live.worker`: `Question`, what an advice worker is asked, and `advice_job`, the
  worker `stich live` forks.

Their names are importable from this package.
"""

from stich.hints.live.game import LiveGame, Notice, Response
from stich.hints.live.journal import TargetExists, write_atomic
from stich.hints.live.worker import Question, advice_job

__all__ = [
    "LiveGame",
    "Notice",
    "Question",
    "Response",
    "TargetExists",
    "advice_job",
    "write_atomic",
]
