"""``stich serve``: the live session of ``stich live`` as a web page, for a phone at the table.

The same `hints.live.LiveGame` (entries, whole-game course, journal) behind a small
Starlette app (`stich.serve.app`) run by uvicorn. The first line on standard output is
the page's URL with its token; with ``--lan`` the server listens on the machine's LAN
address and the URL is also printed as a QR code.
"""

from __future__ import annotations

import socket
from typing import Annotated

import typer

from stich.cli._common import fail, user_errors
from stich.cli._live_options import (
    AdviseOpt,
    DealerOpt,
    GameArg,
    JournalOpt,
    MeOpt,
    ObjectiveOpt,
    OptionOpt,
    PlayersOpt,
    ResumeOpt,
    TimeOpt,
    WorldsOpt,
    objective_of,
    open_live,
)
from stich.games.errors import StichError

__all__ = ["lan_address", "serve_cli"]


def lan_address() -> str:
    """The address this machine reaches its local network from (no packet is sent: a UDP socket
    is only pointed at a documentation address to let the system choose the interface)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        address: str = probe.getsockname()[0]
    except OSError:
        raise StichError("--lan: this machine has no network address to listen on") from None
    finally:
        probe.close()
    return address


def serve_cli(
    game: GameArg = None,
    players: PlayersOpt = None,
    me: MeOpt = None,
    dealer: DealerOpt = None,
    option: OptionOpt = None,
    journal: JournalOpt = None,
    resume: ResumeOpt = None,
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="The port to listen on (0: any free port).")
    ] = 8765,
    lan: Annotated[
        bool,
        typer.Option("--lan", help="Listen on the LAN address (not only this machine) and print a QR code."),
    ] = False,
    seconds: TimeOpt = 1.5,
    worlds: WorldsOpt = None,
    advice: AdviseOpt = True,
    objective: ObjectiveOpt = "points",
) -> None:
    """Follow a whole game at a real table on a phone: the session of `stich live` as a local web
    page; the first line printed is its URL with the session's token."""
    try:
        import uvicorn

        from stich.serve.app import Table, create_app, new_token
    except ImportError as exc:
        missing = f"stich serve needs the serve extra: pip install 'stich[serve]' ({exc.name} is missing)"
        raise fail(missing) from None
    from stich.hints.advice import Budget

    with user_errors():
        budget = Budget(seconds=seconds, worlds=worlds)
        ranked_by = objective_of(objective)
        host = lan_address() if lan else "127.0.0.1"
        listener = _listen(host, port)  # before the journal is made: a port in use leaves no file
        try:
            live = open_live(game, players, me, dealer, option, journal, resume)
        except BaseException:
            listener.close()
            raise
    fallback = live.rank_by(ranked_by)
    if fallback is not None:
        print(fallback, flush=True)
    # The advice worker is forked now, before the server starts any thread (hint asks it too).
    table = Table(live, budget, advice, worker=True)
    token = new_token()
    bound = listener.getsockname()[1]
    url = f"http://{host}:{bound}/?token={token}"
    print(url, flush=True)
    if lan:
        import segno

        segno.make(url, error="m").terminal(compact=True)
        print("on a phone in the same network: scan the code, or open the URL", flush=True)
    print(f"journal: {live.journal}", flush=True)
    config = uvicorn.Config(
        create_app(table, token),
        log_level="warning",
        access_log=False,
        limit_concurrency=64,
        timeout_graceful_shutdown=1,
        h11_max_incomplete_event_size=16384,
    )
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[listener])
    finally:
        table.close()
        listener.close()


def _listen(host: str, port: int) -> socket.socket:
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as exc:
        listener.close()
        raise StichError(f"--port {port}: cannot listen on {host}:{port} ({exc.strerror or exc})") from None
    listener.listen(64)
    listener.set_inheritable(True)
    return listener
