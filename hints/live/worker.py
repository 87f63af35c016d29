"""The advice worker of `stich live` and `stich serve`: the process that thinks while the player
types. It is asked a `Question` through a pipe and answers with the advice or the text of why
there is none; only the newest question is answered."""

from __future__ import annotations

from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING

from stich.games.errors import StichError
from stich.games.record import Record
from stich.hints.session import Objective, Session
from stich.hints.standings import Standings

if TYPE_CHECKING:
    from stich.hints.advice import Advice, Budget

__all__ = ["Question", "advice_job"]


@dataclass(frozen=True)
class Question:
    """What an advice worker of `stich live` or `stich serve` is asked: the round's record (a
    pipe carries the record, not the session), the budget, the game's standings before the round
    and what advice ranks by. One named shape on both ends of the pipe, so that what the asker
    sends is what the worker reads."""

    record: Record
    budget: Budget
    standings: Standings | None = None
    objective: Objective = "points"

    @classmethod
    def of(cls, session: Session, budget: Budget) -> Question:
        """The question of advice at ``session``'s decision."""
        return cls(session.to_record(), budget, session.standings, session.objective)

    def session(self) -> Session:
        """The session the worker thinks in: ranked by the objective where the standings are known
        (the chance to win needs them), else by points."""
        session = Session(self.record, strict=True)
        session.standings = self.standings
        session.objective = self.objective if self.standings is not None else "points"
        return session

    def answer(self) -> Advice | str:
        """The advice, or the text of why there is none. A failure of any kind is answered, never
        left to end the worker: its asker would wait on an answer that never comes."""
        from stich.hints.advice import advise

        try:
            return advise(self.session(), self.budget)
        except StichError as exc:
            return str(exc)
        except Exception as exc:
            return f"{type(exc).__name__}: {exc}"


def advice_job(conn: Connection, other_end: Connection | None = None) -> None:
    """The advice worker of `stich live`: takes ``(ticket, Question)`` and answers ``(ticket,
    advice or error text)``, the newest question only; ends when the other end of the pipe
    closes, its owner killed too (`stich.serve.review.table_job` is serve's)."""
    if other_end is not None:
        # A forked worker holds a copy of its owner's end: closed here, the owner's death
        # reaches the worker as the end of its pipe, and no worker is left behind.
        other_end.close()
    while True:
        try:
            job = conn.recv()
            while conn.poll():  # only the newest question matters
                job = conn.recv()
            ticket, question = job
            conn.send((ticket, question.answer()))
        except (EOFError, OSError):
            return
