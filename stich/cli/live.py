"""``stich live``: the assistant at a real table, for a whole game, with its journal.

A thin shell over `hints.live.LiveGame`. On a terminal it reads entries with prompt_toolkit
(completion of entries, names and the cards still possible for the seat; history; colour)
and thinks about advice in a worker process, so the prompt is back at once and the advice
is printed above it when ready (or dropped when an entry came first). With standard input
not a terminal it reads one entry per line, prints plain text and thinks before reading on,
so that a script sees every answer in order.
"""

from __future__ import annotations

import io
import multiprocessing
import sys
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from rich.console import Console

from stich.cli._common import AsciiOpt, card_text, use_symbols, user_errors
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
from stich.games.cards import Deck
from stich.games.errors import StichError
from stich.games.jsonfile import printable

if TYPE_CHECKING:
    from stich.hints.advice import Advice, Budget
    from stich.hints.live import LiveGame, Notice

__all__ = ["live_cli"]

STYLES = {
    "trick": "bold",
    "secret": "magenta",
    "void": "cyan",
    "card": "cyan",
    "you": "bold green",
    "turn": "green",
    "round": "yellow",
    "game": "bold yellow",
    "setup": "",
    "undo": "blue",
    "saved": "blue",
    "refused": "bold red",
    "advice": "bold green",
}


def live_cli(
    game: GameArg = None,
    players: PlayersOpt = None,
    me: MeOpt = None,
    dealer: DealerOpt = None,
    option: OptionOpt = None,
    journal: JournalOpt = None,
    resume: ResumeOpt = None,
    seconds: TimeOpt = 1.5,
    worlds: WorldsOpt = None,
    advice: AdviseOpt = True,
    objective: ObjectiveOpt = "points",
    ascii_only: AsciiOpt = False,
) -> None:
    """Follow a whole game at a real table: type what happens, see what can be deduced and get advice
    at your decisions; every entry is kept in the journal. Cards are typed as records write them
    (KC) and printed as the game writes them (K♣; --ascii: KC)."""
    from stich.hints.advice import Budget

    with user_errors():
        budget = Budget(seconds=seconds, worlds=worlds)
        ranked_by = objective_of(objective)
        live = open_live(game, players, me, dealer, option, journal, resume)
    fallback = live.rank_by(ranked_by)
    if fallback is not None:
        print(fallback, flush=True)
    symbols = use_symbols(ascii_only)
    if sys.stdin.isatty() and sys.stdout.isatty():
        _terminal(live, budget, advice, symbols)
    else:
        _plain(live, budget, advice, sys.stdin, symbols)


# -- rendering -------------------------------------------------------------------------


def _render(notices: Iterable[Notice], console: Console, deck: Deck, symbols: bool) -> None:
    """Each notice on a line in its style, its cards as the game writes them (`Deck.shown_text`)."""
    for notice in notices:
        style = STYLES.get(notice.kind, "")
        console.print(card_text(notice.text, deck, symbols, style), highlight=False)


def _show(live: LiveGame, console: Console, symbols: bool) -> None:
    """The whole state: the round's facts, its tricks, the scores, and the deduction."""
    from stich.cli.check import print_round
    from stich.cli.deduce import print_deduction, session_report
    from stich.games.record import check_report

    names = live.players
    deck = live.game.deck
    for notice in live.status():
        console.print(card_text(notice.text, deck, symbols), highlight=False)
    totals = ", ".join(f"{n} {t}" for n, t in zip(names, live.course.totals, strict=True))
    console.print(f"totals after {len(live.finished)} rounds: {totals}", markup=False, highlight=False)
    session = live.session
    if session is None:
        return
    state = session.round
    hand = state.hand(live.me)
    console.print(card_text(f"your hand: {' '.join(hand) if hand else '-'}", deck, symbols), highlight=False)
    # The round so far as stich check prints a record: its facts, tricks and result in words.
    record = session.to_record()
    print_round(console, check_report(record), record, symbols=symbols)
    print_deduction(session_report(session), console=console, deck=deck, symbols=symbols)


def _advice_lines(advice: Advice, names: list[str], colour: bool, deck: Deck, symbols: bool) -> str:
    from stich.cli.hint import print_advice

    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=colour, width=100, markup=False, emoji=False)
    # Cards as the game writes them (A♠; as typed with --ascii), coloured as the cards are.
    print_advice(advice, names, console, deck=deck, symbols=symbols)
    return buffer.getvalue()


def _prompt_text(live: LiveGame) -> str:
    session = live.session
    if live.over():
        return "game over> "
    if session is None:
        layout = live.layout_columns()
        if layout is not None:
            return f"layout column {layout + 1}> "
        return f"round {live.round_number} cards> "
    mover = session.to_move()
    if mover is None:
        return "> "
    who = "you" if mover == live.me else live.players[mover]
    return f"{who} ({session.round.phase})> "


# -- piped input: one entry a line, plain text -----------------------------------------------


def _plain(live: LiveGame, budget: Budget, advice: bool, lines: Iterable[str], symbols: bool) -> None:
    console = Console(highlight=False, soft_wrap=True, markup=False, emoji=False)
    _render(live.status(), console, live.game.deck, symbols)
    if live.journal is not None:
        console.print(f"journal: {live.journal}", markup=False)
    for raw in lines:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        console.print(f"> {printable(line)}", markup=False)  # the entry echoed, control characters escaped
        outcome = _step(live, line, console, lambda: _advise_now(live, budget, console, symbols), symbols)
        if outcome == "quit":
            break
        if advice and outcome == "entered" and live.advice_due():
            _advise_now(live, budget, console, symbols)


def _advise_now(live: LiveGame, budget: Budget, console: Console, symbols: bool) -> None:
    from stich.hints.advice import advise

    session = live.session
    if session is None or not session.my_turn():
        console.print("refused: hint: it is not your decision now", markup=False)
        return
    console.print(_thinking(budget), markup=False)
    try:
        found = advise(session, budget)
    except StichError as exc:
        console.print(f"no advice: {exc}", markup=False)
        return
    console.file.write(_advice_lines(found, live.players, False, session.round.deck, symbols))


def _thinking(budget: Budget) -> str:
    return f"thinking ({budget.worlds} worlds)…" if budget.worlds else f"thinking ({budget.seconds:g} s)…"


def _step(
    live: LiveGame,
    line: str,
    console: Console,
    hint: Callable[[], None],
    symbols: bool,
    confirm: Callable[[str], bool] | None = None,
) -> str:
    """Carry out one entry: ``quit`` once the player quits, ``refused`` (one ``refused:`` line and
    nothing changed), ``command`` (hint, show, help, save: the round stands as it was) or
    ``entered``. ``confirm`` asks the player a yes-or-no question (a terminal only): whether
    ``save`` may replace a file that exists."""
    from stich.hints.live import TargetExists
    from stich.hints.live.entries import HELP

    try:
        try:
            response = live.enter(line)
        except TargetExists as exc:
            if confirm is None or not confirm(f"{exc.path} already exists: replace it? [y/N] "):
                raise
            _render(live.save(exc.path, replace=True), console, live.game.deck, symbols)
            return "command"
    except StichError as exc:
        console.print(f"refused: {exc}", style=STYLES["refused"], markup=False, highlight=False)
        return "refused"
    _render(response.notices, console, live.game.deck, symbols)
    command = response.command
    if command is None:
        return "entered"
    if command.name == "quit":
        return "quit"
    if command.name == "help":
        console.print(HELP, markup=False, highlight=False)
    elif command.name == "show":
        _show(live, console, symbols)
    elif command.name == "hint":
        hint()
    return "command"


# -- a terminal: prompt_toolkit, advice in a worker process ------------------------------------


def _terminal(live: LiveGame, budget: Budget, advice: bool, symbols: bool) -> None:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.document import Document
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.patch_stdout import patch_stdout

    from stich.hints.live.entries import complete

    worker = _AdviceWorker(symbols)  # forked before prompt_toolkit starts any thread

    class EntryCompleter(Completer):
        def get_completions(self, document: Document, complete_event: object) -> Iterable[Completion]:
            text = document.text_before_cursor
            typing = "" if not text or text.endswith(" ") else text.split()[-1]
            for word in complete(text, live.table, live.used_cards()):
                yield Completion(word, start_position=-len(typing))

    session: PromptSession[str] = PromptSession(
        history=InMemoryHistory(), completer=EntryCompleter(), complete_while_typing=False
    )
    console = Console(highlight=False, markup=False, emoji=False)
    _render(live.status(), console, live.game.deck, symbols)
    if live.journal is not None:
        console.print(f"journal: {live.journal}", markup=False)

    def hint() -> None:
        worker.ask(live, budget, console)

    def confirm(question: str) -> bool:
        try:
            with patch_stdout(raw=True):
                answer = session.prompt(question, completer=None)
        except (EOFError, KeyboardInterrupt):
            return False
        return answer.strip().lower() in ("y", "yes")

    try:
        # Output goes above the prompt only while it waits (advice ready in the meantime); an
        # entry's own answer is printed at once, before the next prompt.
        console = Console(highlight=False, force_terminal=True, markup=False, emoji=False)
        while True:
            try:
                with patch_stdout(raw=True):
                    line = session.prompt(_prompt_text(live))
            except KeyboardInterrupt:
                continue
            except EOFError:
                break
            if not line.strip():
                continue
            outcome = _step(live, line.strip(), console, hint, symbols, confirm)
            if outcome == "quit":
                break
            if outcome == "entered":
                worker.drop()  # an entry came first: earlier advice is out of date
                if advice and live.advice_due():
                    hint()
    finally:
        worker.close()
    console.print(f"journal: {live.journal}", markup=False)


class _AdviceWorker:
    """One process that thinks about advice while the prompt stays free; an answer to a question
    that an entry has overtaken is dropped."""

    def __init__(self, symbols: bool) -> None:
        from stich.hints.live import advice_job

        self.symbols = symbols
        context = multiprocessing.get_context("fork")
        self.conn, child = context.Pipe()
        self.process = context.Process(target=advice_job, args=(child, self.conn), daemon=True)
        self.process.start()
        child.close()
        self.ticket = 0
        self.wanted = 0
        self.lock = threading.Lock()
        self.names: list[str] = []
        self.deck: Deck | None = None
        self.console: Console | None = None
        self.closing = False
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def ask(self, live: LiveGame, budget: Budget, console: Console) -> None:
        from stich.hints.live import Question

        session = live.session
        if session is None or not session.my_turn():
            console.print("refused: hint: it is not your decision now", style=STYLES["refused"], markup=False)
            return
        with self.lock:
            self.ticket += 1
            self.wanted = self.ticket
            self.names = list(live.players)
            self.deck = session.round.deck
            self.console = console
            self.asked = time.monotonic()
        console.print(_thinking(budget), markup=False)
        try:
            self.conn.send((self.ticket, Question.of(session, budget)))
        except OSError:
            self._stopped()

    def drop(self) -> None:
        with self.lock:
            self.wanted = -1

    def _read(self) -> None:
        while True:
            try:
                ticket, answer = self.conn.recv()
            except (EOFError, OSError):
                self._stopped()
                return
            with self.lock:
                current = ticket == self.wanted
                console, names, deck = self.console, self.names, self.deck
            if not current or console is None or deck is None:
                continue
            if isinstance(answer, str):
                console.print(f"no advice: {answer}", markup=False)
            else:
                console.file.write(_advice_lines(answer, names, True, deck, self.symbols))
                console.file.flush()

    def _stopped(self) -> None:
        """The worker has ended (killed, or out of memory): advice asked for will not come, and
        the table says so rather than leave the player waiting."""
        with self.lock:
            console = self.console if self.wanted > 0 and not self.closing else None
            self.wanted = -1
        if console is not None:
            console.print("no advice: the worker has stopped", markup=False)

    def close(self) -> None:
        with self.lock:
            self.closing = True
        self.conn.close()
        self.process.kill()
        self.process.join(timeout=2)
