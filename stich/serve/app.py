"""The ASGI app of ``stich serve``: the live session of one seat as a web page for a phone.

One `Table` holds the `LiveGame` (the same engine, entry language and journal as ``stich
live``) behind a lock; every device that has the session's token sees the same state.
Routes (all need the token, as ``?token=`` or the ``X-Stich-Token`` header, compared in
constant time; missing: 401, wrong: 403):

- ``GET /``: the page (HTML; its CSS and script are ``/app.css`` and ``/app.js``);
- ``GET /api/state``: the seat's state as JSON (`stich.serve.state.seat_state`);
- ``POST /api/entry`` ``{"entry": "bid 2"}``: ``{"accepted", "message", "state"}``; a refused
  entry changes nothing (the journal is not written);
- ``GET /api/events``: Server-Sent Events, the state at once and again after each change
  (an entry from any device, advice or a review ready);
- ``GET /api/review?round=N``: the review of a finished round, the JSON of ``stich analyze
  JOURNAL --round N --json`` (202 while it is made; 404 for a round not finished, 400 for a
  malformed N); ``GET /api/review/page?round=N``: the same as the page draws it
  (`stich.serve.review.review_page`).

Advice and reviews are thought about in a worker process (`stich.serve.review.table_job`,
forked when the `Table` is made, before the server starts any thread), so entries are never
held up by them; advice overtaken by an entry is dropped, a review is kept once made.
"""

from __future__ import annotations

import asyncio
import html
import json
import multiprocessing
import secrets
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from importlib import resources
from multiprocessing.connection import Connection
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from stich.games.cards import Deck
from stich.games.errors import StichError
from stich.games.events import without
from stich.games.pictures import card_svg
from stich.games.record import Record
from stich.hints.advice import Advice, Budget
from stich.hints.live import LiveGame, Question
from stich.hints.live.entries import entry_text
from stich.serve.review import review_page, round_summary, table_job
from stich.serve.state import deck_grid, seat_state

__all__ = ["MAX_BODY", "Table", "TokenGuard", "create_app", "new_token"]

MAX_BODY = 4096  # bytes of a request body (an entry is one line)
TOKEN_HEADER = "x-stich-token"
_SECURITY_HEADERS = {
    "cache-control": "no-store",
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "content-security-policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
}


def new_token() -> str:
    """A fresh random token for one session."""
    return secrets.token_urlsafe(24)


# -- advice in a worker process -------------------------------------------------------------


class Table:
    """The session of one seat: the `LiveGame`, its advice, and a version number that grows with
    each change (the event stream sends the state again when it does)."""

    def __init__(
        self,
        live: LiveGame,
        budget: Budget | None = None,
        advice: bool = True,
        worker: bool | None = None,
        review_budget: Budget | None = None,
    ) -> None:
        """``advice``: advise at each of the seat's decisions (else on ``hint`` only); ``worker``:
        start the worker now (default: with ``advice``; else on the first ``hint`` or review);
        ``review_budget``: the reviews' (default: ``stich analyze``'s, `default_budget`)."""
        from stich.hints.analysis import default_budget

        self.live = live
        self.budget = budget or Budget(seconds=1.5)
        self.review_budget = review_budget or default_budget()
        self.reviews: dict[int, _Review] = {}  # round number -> its review, asked or made
        self.review_tickets = 0
        self.advice_on = advice
        self.lock = threading.RLock()
        self.version = 0
        self.message = ""
        self.advice: dict[str, Any] | None = None
        self.ticket = 0
        self._state: tuple[int, dict[str, Any]] | None = None
        self._conn: Connection | None = None
        self._process: Any = None
        if advice if worker is None else worker:
            self._start_worker()
        self._ask()

    # -- advice --------------------------------------------------------------------------

    def _start_worker(self) -> None:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(  # type: ignore[attr-defined]
            target=table_job, args=(child, self._conn), daemon=True
        )
        self._process.start()
        child.close()
        threading.Thread(target=self._read, daemon=True).start()

    def _ask(self) -> None:
        """Ask for advice when the next decision is the seat's own (and drop any older advice)."""
        self.ticket += 1
        self.advice = None
        session = self.live.session
        if self._conn is None or session is None or not self.live.advice_due():
            return
        self.advice = {"status": "thinking", "text": _thinking(self.budget)}
        try:
            self._conn.send(("advice", self.ticket, Question.of(session, self.budget)))
        except OSError:
            self.advice = {"status": "none", "text": "no advice: the worker has stopped"}

    def _read(self) -> None:
        conn = self._conn
        assert conn is not None
        while True:
            try:
                kind, ticket, answer = conn.recv()
            except (EOFError, OSError):
                self._stopped()
                return
            with self.lock:
                if kind == "review":
                    self._reviewed(ticket, answer)
                    continue
                if ticket != self.ticket:
                    continue  # an entry came first: out of date
                if isinstance(answer, str):
                    self.advice = {"status": "none", "text": f"no advice: {answer}"}
                else:
                    self.advice = _advice_json(answer, self.live.players, self.live.game.deck)
                self.version += 1

    def _stopped(self) -> None:
        """The worker has ended (killed, or out of memory): advice being thought about will not
        come, and the page says so rather than thinking on."""
        with self.lock:
            if self.advice is not None and self.advice.get("status") == "thinking":
                self.advice = {"status": "none", "text": "no advice: the worker has stopped"}
                self.version += 1

    # -- reviews of finished rounds ----------------------------------------------------------

    def review(self, number: int, page: bool = False) -> tuple[int, dict[str, Any]]:
        """Round ``number``'s review (an HTTP status and its JSON): 200 and the ``stich analyze
        --json`` shape (``page``: `review_page`'s) once made; 202 while the worker makes it (asked
        now if it was not); 404 for a round not finished; 500 if the analysis failed."""
        with self.lock:
            finished = self.live.finished
            if not 1 <= number <= len(finished):
                done = f"rounds 1 to {len(finished)} are" if len(finished) > 1 else "round 1 is"
                done = done if finished else "no round is"
                return 404, {"error": f"round {number} is not finished ({done} finished)"}
            record = finished[number - 1]
            made = self.reviews.get(number)
            if made is None or made.record is not record:  # not asked, or the round was undone since
                made = self._ask_review(number, record)
            if made.error is not None:
                return 500, {"error": f"no review of round {number}: {made.error}"}
            if made.analysis is None:
                return 202, {"status": "reviewing", "round": number}
            if not page:
                return 200, made.analysis
            if made.page is None:
                made.page = review_page(made.analysis, record, self.live.game.deck, number)
            return 200, made.page

    def _ask_review(self, number: int, record: Record) -> _Review:
        if self._conn is None:
            self._start_worker()
        assert self._conn is not None
        self.review_tickets += 1
        made = _Review(self.review_tickets, record)
        self.reviews[number] = made
        try:
            self._conn.send(("review", made.ticket, record, self.review_budget))
        except OSError:
            made.error = "the worker has stopped"
        self.version += 1
        return made

    def _reviewed(self, ticket: int, answer: dict[str, Any] | str) -> None:
        """A review from the worker: kept for its round, unless the round was undone since."""
        for number, made in self.reviews.items():
            if made.ticket == ticket:
                if number > len(self.live.finished) or self.live.finished[number - 1] is not made.record:
                    del self.reviews[number]
                elif isinstance(answer, str):
                    made.error = answer
                else:
                    made.analysis = answer
                self.version += 1
                return

    def _review_states(self) -> list[dict[str, Any]]:
        """Each finished round's review as the state gives it: ``status`` (none, reviewing, ready,
        failed) and, once made, its ``summary`` (`round_summary`)."""
        out = []
        for number, record in enumerate(self.live.finished, 1):
            made = self.reviews.get(number)
            if made is None or made.record is not record:
                out.append({"round": number, "status": "none", "summary": None})
            elif made.error is not None:
                out.append({"round": number, "status": "failed", "summary": None, "error": made.error})
            elif made.analysis is None:
                out.append({"round": number, "status": "reviewing", "summary": None})
            else:
                out.append(
                    {"round": number, "status": "ready", "summary": round_summary(made.analysis, number)}
                )
        return out

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
        if self._process is not None:
            self._process.kill()
            self._process.join(timeout=2)

    # -- entries and state -----------------------------------------------------------------

    def enter(self, text: str) -> tuple[bool, str]:
        """Carry out one entry: (accepted, the message to show in one line or a few)."""
        from stich.hints.live.entries import HELP

        with self.lock:
            line = " ".join(text.split())
            if not line:
                return False, "refused: empty entry"
            words = line.lower().split()
            if words[0] in ("save", "quit", "exit"):
                where = f" (the journal: {self.live.journal.name})" if self.live.journal else ""
                return False, f"refused: {words[0]} is for the terminal; the game is kept as you go{where}"
            try:
                response = self.live.enter(line)
            except StichError as exc:
                return False, f"refused: {exc}"
            command = response.command
            if command is not None and command.name == "help":
                return True, HELP
            if command is not None and command.name == "hint":
                session = self.live.session
                if session is None or not session.my_turn():
                    return False, "refused: hint: it is not your decision now"
                if self._conn is None:
                    self._start_worker()
                self._ask()
                self.version += 1
                return True, self.advice["text"] if self.advice else ""
            shown = self.live.game.deck.shown_text  # cards as the game writes them, as the advice
            if command is not None and command.name == "show":
                return True, shown("\n".join(n.text for n in self.live.status()))
            self.message = shown("\n".join(n.text for n in response.notices))
            if self.advice_on:
                self._ask()
            else:
                self.ticket += 1
                self.advice = None
            self.version += 1
            return True, self.message

    def answer(self, text: str) -> tuple[bool, str, dict[str, Any]]:
        """`enter` and the state right after it, together (advice ready meanwhile comes after)."""
        with self.lock:
            accepted, message = self.enter(text)
            return accepted, message, self.state()

    def state(self) -> dict[str, Any]:
        """The seat's state, with the advice and the last entry's news (made once per version)."""
        with self.lock:
            if self._state is None or self._state[0] != self.version:
                data = seat_state(self.live)
                data["version"] = self.version
                data["message"] = self.message
                data["advice"] = self.advice
                data["journal"] = None if self.live.journal is None else self.live.journal.name
                data["reviews"] = self._review_states()
                best = (self.advice or {}).get("entry")
                if best:
                    for group in data["choices"]:
                        for item in group.get("items", []):
                            item["best"] = _same_entry(item["entry"], best)
                self._state = (self.version, data)
            return self._state[1]


@dataclass
class _Review:
    """A finished round's review: asked of the worker (``ticket``) for ``record``, then made
    (``analysis``: the ``stich analyze --json`` shape) or failed (``error``)."""

    ticket: int
    record: Record
    analysis: dict[str, Any] | None = None
    page: dict[str, Any] | None = None
    error: str | None = None


def _same_entry(entry: str, best: str) -> bool:
    """Whether a tap's entry is the advised one (the tap may name the seat, the advice does not)."""
    return entry.split(": ", 1)[-1].lower() == best.lower()


def _thinking(budget: Budget) -> str:
    return f"thinking ({budget.worlds} worlds)…" if budget.worlds else f"thinking ({budget.seconds:g} s)…"


def _advice_json(advice: Advice, names: list[str], deck: Deck) -> dict[str, Any]:
    """The advice for the page: what a person reads (``label``, ``reason``) with the cards as the
    game writes them (``K♣``: `Deck.shown`, as ``stich hint`` prints them); the ``entry`` in the
    codes of the entry language."""
    from stich.hints import figures

    shown = deck.shown_text
    # The figures beside the value, as `stich hint` shows them (p_win beside the points).
    names_shown = advice.table_figures()
    # A value read the other way round (24's: your score, lower is better) is shown as the player
    # reads it, as `stich hint` shows it: ``shown_name`` heads the column, ``shown_value`` fills it.
    turned = figures.TURNED.get(advice.value_name)
    best = without(advice.action, "seat")
    return {
        "status": "ready",
        "decision": advice.decision,
        "entry": entry_text(best, names),
        "label": shown(advice.best.label),
        "value_name": advice.value_name,
        "shown_name": f"{turned} (lower is better)" if turned else advice.value_name,
        "separated": advice.separated,
        "figure_names": [n.replace("_", " ") for n in names_shown],
        "reason": shown(advice.reason),
        "worlds": advice.worlds,
        "seconds": round(advice.seconds, 2),
        "alternatives": [
            {
                "label": shown(a.label),
                "entry": entry_text(without(a.action, "seat"), names),
                "value": round(a.value, 4),
                "shown_value": round(figures.read(advice.value_name, a.value), 4),
                "stderr": round(a.stderr, 4),
                "figures": [
                    "" if a.figures.get(n) is None else figures.shown(figures.figure_kind(n), a.figures[n])
                    for n in names_shown
                ],
            }
            for a in advice.alternatives
        ],
        "text": shown(f"{advice.best.label}: {advice.reason}"),
    }


# -- the token --------------------------------------------------------------------------------


class TokenGuard:
    """Every request needs the session's token: in the query (``?token=``) or the
    ``X-Stich-Token`` header. Missing: 401; wrong: 403. Compared with `secrets.compare_digest`."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        given = request.headers.get(TOKEN_HEADER) or request.query_params.get("token")
        if not given:
            response: Response = _plain(401, "this page needs its token: open the URL stich serve printed")
        elif not secrets.compare_digest(given.encode(), self.token):
            response = _plain(403, "wrong token: open the URL stich serve printed")
        else:
            await self.app(scope, receive, send)
            return
        await response(scope, receive, send)


def _plain(status: int, text: str) -> Response:
    return Response(text + "\n", status_code=status, media_type="text/plain", headers=_SECURITY_HEADERS)


# -- the app ---------------------------------------------------------------------------------


def _static(name: str) -> str:
    return resources.files("stich.serve").joinpath("static", name).read_text(encoding="utf-8")


def _page(table: Table, token: str) -> str:
    live = table.live
    deck = live.game.deck
    boot = {
        "cards": {code: card_svg(deck, code) for code in deck.codes},
        "deck": deck_grid(deck),
        "title": live.game.title,
    }
    # JSON in a script element of type application/json is data, not code (the policy allows
    # scripts from the server only); "</" is escaped so that it cannot end the element.
    data = json.dumps(boot, ensure_ascii=False).replace("</", "<\\/")
    return (
        _static("index.html")
        .replace("{{BOOT}}", data)
        .replace("{{TITLE}}", html.escape(live.game.title))
        .replace("{{TOKEN}}", html.escape(token))
    )


async def _read_body(request: Request) -> bytes:
    """The request body, refused (`ValueError`) past `MAX_BODY` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise ValueError
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise ValueError
    return body


def create_app(table: Table, token: str, poll: float = 0.2) -> ASGIApp:
    """The app serving ``table`` to whoever has ``token``."""

    async def page(request: Request) -> Response:
        return Response(_page(table, token), media_type="text/html; charset=utf-8", headers=_SECURITY_HEADERS)

    async def css(request: Request) -> Response:
        return Response(_static("app.css"), media_type="text/css; charset=utf-8", headers=_SECURITY_HEADERS)

    async def script(request: Request) -> Response:
        return Response(
            _static("app.js"), media_type="text/javascript; charset=utf-8", headers=_SECURITY_HEADERS
        )

    async def state(request: Request) -> Response:
        return JSONResponse(table.state(), headers=_SECURITY_HEADERS)

    async def entry(request: Request) -> Response:
        try:
            body = await _read_body(request)
        except ValueError:
            return JSONResponse(
                {"accepted": False, "message": f"refused: a request body is at most {MAX_BODY} bytes"},
                status_code=413,
                headers=_SECURITY_HEADERS,
            )
        try:
            data = json.loads(body)
        except (ValueError, UnicodeDecodeError):
            data = None
        text = data.get("entry") if isinstance(data, dict) else None
        if not isinstance(text, str):
            return JSONResponse(
                {"accepted": False, "message": 'refused: send JSON {"entry": "..."}'},
                status_code=400,
                headers=_SECURITY_HEADERS,
            )
        accepted, message, after = await asyncio.to_thread(table.answer, text)
        return JSONResponse(
            {"accepted": accepted, "message": message, "state": after}, headers=_SECURITY_HEADERS
        )

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            sent = -1
            quiet = 0.0
            while True:
                if table.version != sent:
                    data = await asyncio.to_thread(table.state)
                    sent = data["version"]
                    quiet = 0.0
                    yield f"event: state\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"
                elif quiet > 15:
                    quiet = 0.0
                    yield ": keep-alive\n\n"
                if await request.is_disconnected():
                    return
                await asyncio.sleep(poll)
                quiet += poll

        headers = {**_SECURITY_HEADERS, "x-accel-buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def review(request: Request) -> Response:
        raw = request.query_params.get("round", "")
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 6:
            return JSONResponse(
                {"error": f"round={raw!r}: give the round's number, as review?round=1"},
                status_code=400,
                headers=_SECURITY_HEADERS,
            )
        page = request.url.path.endswith("/page")
        status, data = await asyncio.to_thread(table.review, int(raw), page)
        return JSONResponse(data, status_code=status, headers=_SECURITY_HEADERS)

    routes = [
        Route("/", page),
        Route("/app.css", css),
        Route("/app.js", script),
        Route("/api/state", state),
        Route("/api/entry", entry, methods=["POST"]),
        Route("/api/events", events),
        Route("/api/review", review),
        Route("/api/review/page", review),
    ]
    app = Starlette(routes=routes)
    return TokenGuard(app, token)
