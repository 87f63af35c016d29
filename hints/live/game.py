"""A whole game at a real table, entry by entry, from one seat: the engine of ``stich live``.

`LiveGame` takes the entries a player types (`hints.live.entries`): the facts of the player's
own cards go into the round's ``known`` block, and the round begins (a `Session`) as soon
as that block is complete; events go to the session, which refuses what the rules or the
earlier observations forbid and leaves everything as it was. When a round ends its points
go to the game's `Course` and the next round waits for its cards, until the game's end.

Nothing is lost: after every accepted entry the whole game is written to the journal, a
``stich-match/1`` document (the finished rounds and the current one as ``stich-round/1``
view records, ``scores`` after each round, ``totals``, ``standing``) with one field of its
own, ``live`` (the seat, the first dealer, and the ``known`` facts entered for a round
that has not begun). It is written to a temporary file, flushed to the disk (``fsync``) and
renamed over the journal, so a crash leaves the old or the new journal, never half of one.
`LiveGame.resume` reads it back and goes on where it stopped.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from stich.deducer.conflicts import check_report_with_hidden_hands
from stich.deducer.hypotheses import game_space
from stich.games.base import Game
from stich.games.course import Course
from stich.games.errors import StichError
from stich.games.jsonfile import read_json, short_repr
from stich.games.match import MATCH_FORMAT, Match, check_match_report, parse_match
from stich.games.names import check_player_names
from stich.games.record import Record, replay
from stich.games.registry import find
from stich.games.reports import Known, known_of
from stich.hints.live.entries import (
    COMMANDS,
    Command,
    EventEntry,
    Setup,
    Table,
    entry_text,
    parse_entry,
    resolve_seat,
)
from stich.hints.live.journal import TargetExists, dumps, write_atomic
from stich.hints.session import Objective, Session
from stich.hints.standings import Standings

if TYPE_CHECKING:
    pass

__all__ = ["LiveGame", "Notice", "Response"]

_OVER = "the game is over: undo, show, save or quit"


@dataclass(frozen=True)
class Notice:
    """One line of news for the player; ``kind`` says what it is about (``trick``, ``secret``,
    ``void``, ``card``, ``turn``, ``you``, ``round``, ``game``, ``setup``, ``undo``, ``saved``)."""

    kind: str
    text: str


@dataclass
class Response:
    """What an entry did: the news to show, and the command the caller carries out (``hint``,
    ``show``, ``help``, ``quit``) if the entry was one."""

    notices: list[Notice] = field(default_factory=list)
    command: Command | None = None


@dataclass(frozen=True)
class _Seen:
    """What the news compares before and after an entry."""

    tricks: int
    secrets: tuple[str, ...]
    voids: frozenset[tuple[int, str]]
    certain: dict[int, frozenset[str]]


class LiveGame:
    """A whole game of ``game`` seen from seat ``me``, with its journal."""

    def __init__(
        self,
        game: Game,
        players: Sequence[str],
        me: int,
        dealer: int | None = None,
        journal: Path | None = None,
    ) -> None:
        self.game = game
        self.players = check_player_names(players)
        if len(self.players) != game.players:
            raise StichError(f"{game.id} with {game.players} players needs {game.players} names")
        if not 0 <= me < game.players:
            raise StichError(f"your seat {me} does not exist (seats are 0..{game.players - 1})")
        self.me = me
        self.course: Course[Game] = game.course(dealer)
        self.first_dealer = self.course.dealer
        self.journal = journal
        self.finished: list[Record] = []
        self._round_lines: list[str] = []  # the journal's text of each finished round
        self.known: Known = self.course.facts()
        self.setup_history: list[tuple[Known, dict[int, list[str]]]] = []
        self.session: Session | None = None
        self.waiting: str | None = None
        self.objective: Objective = "points"
        self._try_start()

    @classmethod
    def new(
        cls,
        game_id: str,
        players: Sequence[str],
        me: str,
        dealer: str | None = None,
        options: dict[str, Any] | None = None,
        journal: Path | None = None,
    ) -> LiveGame:
        """A new game; ``me`` and ``dealer`` are players' names (case-insensitive, cut short where
        unambiguous)."""
        names = check_player_names([p.strip() for p in players], "--players")
        game = find(game_id)(len(names), options)
        seat = _name_index(me, names, "--me")
        first = None if dealer is None else _name_index(dealer, names, "--dealer")
        live = cls(game, names, seat, first, journal)
        live.write_journal()
        return live

    @classmethod
    def resume(cls, path: Path) -> LiveGame:
        """The game of a journal, where it stopped.

        The journal is checked first as `stich check` checks a whole game (the JSON Schema of
        ``stich-match/1`` with its ``live`` field, the names, every round replayed by the rules
        and against the hands its seat cannot see, each dealt in turn with the facts the game
        gives it, the scores added up), then the facts entered for a round still waiting for its
        cards; a one-line `StichError` naming the journal and the field, before anything is
        built from it.
        """
        data = read_json(path)
        source = str(path)
        if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
            raise StichError(f"{source}: not a {MATCH_FORMAT} journal")
        if "live" not in data:
            raise StichError(f"{source}: not a stich live journal (no live field)")
        match = parse_match(data, source)
        report = check_match_report(match, check_report_with_hidden_hands)
        if not report["ok"]:
            raise StichError(f"{source}: {report['error']}")
        assert match.live is not None
        live_field = match.live
        game = find(match.game)(len(match.players), match.options)
        try:
            live = cls(game, match.players, live_field["me"], live_field.get("dealer"), path)
        except StichError as exc:
            raise StichError(f"{source}: live: {exc}") from None
        if match.rounds and match.rounds[0].dealer != live.first_dealer:
            first = match.players[match.rounds[0].dealer]
            raise StichError(
                f"{source}: live/dealer: the first dealer is {live.players[live.first_dealer]}, "
                f"but {first} deals rounds/0"
            )
        for i, record in enumerate(match.rounds):
            if i == 0:
                live.course.hold_known(record.known, live.players)
            live.known = record.known.copy()
            try:
                live._start_session(record)
                assert live.session is not None
                if live.session.round.is_terminal():
                    live._finish_round()
            except StichError as exc:
                raise StichError(f"{source}: rounds/{i}: {exc}") from None
        if live.session is None and not live.course.ended:
            pending = known_of(live_field.get("known"))
            try:
                if not live.finished:
                    live.course.hold_known(pending, live.players)
                problem = live.course.start_problem(live.dealer, pending, live.players)
            except StichError as exc:
                problem = str(exc)
            if problem is not None:
                raise StichError(f"{source}: live/known: {problem}")
            live.known = pending
            live._try_start()
        return live

    # -- the state --------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return self.players

    @property
    def table(self) -> Table:
        return Table(self.game.deck, self.players, self.session)

    @property
    def round_number(self) -> int:
        return len(self.finished) + 1

    @property
    def dealer(self) -> int:
        return self.course.dealer

    def over(self) -> bool:
        return self.course.ended

    def advice_due(self) -> bool:
        """Whether the next decision is the player's own."""
        return self.session is not None and not self.over() and self.session.my_turn()

    def used_cards(self) -> list[str]:
        """Cards already entered in the round's ``known`` block (they are not offered again)."""
        used: list[str] = []
        hands = self.known.get("hands") or {}
        for cards in hands.values():
            used += list(cards)
        for column in self.known.get("layout") or []:
            used += list(column)
        if self.known.get("trump_card"):
            used.append(str(self.known["trump_card"]))
        return used

    # -- entries ------------------------------------------------------------------

    def layout_columns(self) -> int | None:
        """Columns of the draft layout entered so far, while the round waits for them; None when
        the round deals hands instead (or has begun)."""
        if self.session is not None or self.over() or self.course.hand_size(self.me) is not None:
            return None
        return len(self.known.get("layout") or [])

    def enter(self, text: str) -> Response:
        """Take one entry; a `StichError` (one line) when it is refused, and then nothing changed.
        While the layout is being entered, a line of cards alone is its next column."""
        try:
            entry = self._layout_line(text) or parse_entry(text, self.table)
        except StichError:
            word = (text.split() or [""])[0].lower()
            if self.over() and not any(c.startswith(word) for c in (*COMMANDS, "exit", "?")):
                raise StichError(_OVER) from None
            raise
        if isinstance(entry, Command):
            if entry.name == "undo":
                return Response(self.undo())
            if entry.name == "save":
                assert entry.argument is not None
                return Response(self.save(Path(entry.argument)), command=entry)
            return Response(command=entry)
        if self.over():
            raise StichError(_OVER)
        notices = self._setup(entry) if isinstance(entry, Setup) else self._event(entry)
        self.write_journal()
        return Response(notices)

    def save(self, target: Path, replace: bool = False) -> list[Notice]:
        """A copy of the journal in ``target``, a new file: an existing one is replaced only when
        ``replace`` is given (the player said so) and it is a regular file; `TargetExists` else."""
        if os.path.lexists(target):
            if not target.is_file() or target.is_symlink():
                raise StichError(f"save: {target} exists and is not a regular file: choose another name")
            if not replace:
                raise TargetExists(target)
        write_atomic(target, self.to_json(), replace=replace)
        return [Notice("saved", f"saved to {target}")]

    def _layout_line(self, text: str) -> Setup | None:
        if self.layout_columns() is None:
            return None
        try:
            cards = [self.game.deck.parse(word) for word in text.split()]
        except StichError:
            return None
        return Setup("layout", self.game.deck.names(cards)) if cards else None

    def _event(self, entry: EventEntry) -> list[Notice]:
        session = self.session
        if session is None:
            raise StichError(f"round {self.round_number} has not begun: {self.waiting}")
        event = resolve_seat(session, entry.event)
        before = self._seen()
        session.apply(event)
        notices = self._news(before)
        if session.round.is_terminal():
            notices += self._finish_round()
        else:
            notices.append(self._turn())
        return notices

    def _setup(self, entry: Setup) -> list[Notice]:
        if self.session is not None and self.session.steps:
            raise StichError(
                f"{entry.key}: your cards are entered before the round's first event (undo to change them)"
            )
        known = copy.deepcopy(self.known)
        held = copy.deepcopy(self.course.held)
        text = self._apply_setup(entry)
        self.setup_history.append((known, held))
        self._try_start()
        notices = [Notice("setup", text)]
        if self.session is not None:
            notices.append(Notice("round", f"round {self.round_number} begins"))
            notices.append(self._turn())
        return notices

    def _apply_setup(self, entry: Setup) -> str:
        used = set(self.used_cards())
        if entry.key == "hand":
            cards: list[str] = entry.value
            twice = [c for c in cards if c in used]
            if twice or len(set(cards)) != len(cards):
                raise StichError(f"hand: {(twice or cards)[0]} is already entered")
            hands = dict(self.known.get("hands") or {})
            own = list(hands.get(str(self.me), [])) + cards
            size = self.course.hand_size(self.me)
            if size is None:
                raise StichError("hand: in this game your hand comes from the draft (pick)")
            if len(own) > size:
                raise StichError(f"hand: you are dealt {size} cards this round, not {len(own)}")
            hands[str(self.me)] = own
            self.known["hands"] = hands
            return f"your hand: {' '.join(own)} ({len(own)} of {size})"
        if entry.key == "turn":
            card = entry.value
            if card is not None and card in used and card != self.known.get("trump_card"):
                raise StichError(f"turn: {card} is already entered")
            self.known["trump_card"] = card
            return f"turned for trump: {card or 'nothing'}"
        if entry.key == "layout":
            cards = entry.value
            columns, size = self.game.draft_layout or (0, 0)
            if not columns:
                raise StichError(f"layout: {self.game.title} deals the hands; it lays out no draft")
            if len(cards) % size:
                raise StichError(f"layout: give whole columns of {size} cards, not {len(cards)} cards")
            twice = [c for c in cards if c in used]
            if twice or len(set(cards)) != len(cards):
                raise StichError(f"layout: {(twice or cards)[0]} is already laid out")
            layout = [list(c) for c in self.known.get("layout") or []]
            layout += [cards[i : i + size] for i in range(0, len(cards), size)]
            if len(layout) > columns:
                raise StichError(f"layout: the draft has {columns} columns, not {len(layout)}")
            self.known["layout"] = layout
            return f"layout: {len(layout)} of {columns} columns"
        if entry.key == "secret":
            secret = self._secret(entry.value)
            self.known["secret"] = secret
            return f"the secret: {' / '.join(str(v) for v in secret.values())}"
        if self.finished:
            raise StichError("chips: the chips are drawn before the first round")
        self.course.hold(self.me, entry.value)
        self.known.update(self.course.facts())
        return f"your chips: {' '.join(self.course.facts()['chips'][str(self.me)])}"

    def _secret(self, words: list[str]) -> dict[str, Any]:
        """The secret object from two words, each matched against the game's own values."""
        space = game_space(self.game)
        if space is None:
            raise StichError(f"secret: {self.game.title} has no hidden secret")
        secret: dict[str, Any] = {}
        for k, word in enumerate(words):
            low = word.lower()
            found = [
                value
                for value, label in zip(space.values[k], space.labels[k], strict=True)
                if low in (str(value).lower(), label.lower())
                or (value is None and low in ("none", "no", "-"))
                or (value is not None and label.lower().startswith(low) and len(low) >= 2)
            ]
            if len(found) != 1:
                choices = ", ".join(space.labels[k])
                raise StichError(
                    f"secret: {short_repr(word)} is not one {space.components[k].replace('_', ' ')} "
                    f"({choices})"
                )
            secret[space.components[k]] = found[0]
        return secret

    # -- rounds ------------------------------------------------------------------------

    def header(self) -> Record:
        """The current round's view record before its first event."""
        return Record(
            self.game.id, self.players, self.dealer, [], dict(self.game.options), self.me, self.known.copy()
        )

    def _try_start(self) -> None:
        """Begin the round once its known block is complete; else say what is missing."""
        try:
            self._start_session(self.header())
        except StichError as exc:
            self.session = None
            self.waiting = str(exc)
            size = self.course.hand_size(self.me)
            own = (self.known.get("hands") or {}).get(str(self.me)) or []
            if size is not None and len(own) < size:
                self.waiting = f"your hand ({len(own)} of {size} cards)"
            columns = len(self.known.get("layout") or [])
            draft = (self.game.draft_layout or (0, 0))[0]
            if size is None and columns < draft:
                self.waiting = f"the layout ({columns} of {draft} columns)"

    def _start_session(self, record: Record) -> None:
        self.session = Session(record, strict=True)
        if self.game.points_model() is not None:  # the chance to win beside the points (hints.standings)
            self.session.standings = Standings.before_round(
                self.game, self.course.totals, self.course.rounds + 1
            )
            self.session.objective = self.objective
        self.waiting = None

    def rank_by(self, objective: Objective) -> str | None:
        """Rank advice by ``objective`` from now on; with ``win`` in a game without the chance to win
        (no model of its round points), the one-line note that advice ranks by points."""
        self.objective = objective
        if self.session is not None and self.session.standings is not None:
            self.session.objective = objective
        if objective == "win" and self.game.points_model() is None:
            return (
                f"--objective win: {self.game.id} has no chance to win to rank by; "
                "advice ranks as --objective points does"
            )
        return None

    def _finish_round(self) -> list[Notice]:
        session = self.session
        assert session is not None
        record = session.to_record()
        result = session.round.result()
        self.course.finish(session.round)
        self.finished.append(record)
        self.session = None
        self.setup_history = []
        number = len(self.finished)
        points = ", ".join(f"{n} {p:+d}" for n, p in zip(self.players, result["points"] or (), strict=True))
        totals = ", ".join(f"{n} {t}" for n, t in zip(self.players, self.course.totals, strict=True))
        notices = [Notice("round", f"round {number} over: {points}"), Notice("round", f"totals: {totals}")]
        if self.course.ended:
            notices.append(Notice("game", self._winner_text()))
            return notices
        self.known = self.course.facts()
        self._try_start()
        notices.append(Notice("round", self.next_round_text()))
        return notices

    def _winner_text(self) -> str:
        winners = [self.players[s] for s in self.course.standing.get("winners", [])]
        return f"the game is over; winner: {' and '.join(winners) or 'nobody'}"

    def next_round_text(self) -> str:
        return f"{self.course.describe_next()}: {self.players[self.dealer]} deals; enter your cards"

    def undo(self) -> list[Notice]:
        """Take back the last entry (an event, a fact of one's cards, or the end of a round)."""
        session = self.session
        if session is not None and session.steps:
            event = session.undo()
            self.write_journal()
            return [Notice("undo", f"undone: {entry_text(event, self.players)}"), self._turn()]
        if self.setup_history:
            known, held = self.setup_history.pop()
            self.known = known
            self.course.held = held
            self._try_start()
            self.write_journal()
            return [Notice("undo", "undone: the last of your cards entered")]
        if self.finished:
            record = self.finished.pop()
            self._rebuild_course()
            self.known = record.known.copy()
            self._start_session(record)
            assert self.session is not None
            event = self.session.undo()
            self.write_journal()
            return [
                Notice(
                    "undo", f"undone: {entry_text(event, self.players)} (round {self.round_number} again)"
                ),
                self._turn(),
            ]
        raise StichError("nothing to undo")

    def _rebuild_course(self) -> None:
        """The course again from the first dealer, through the finished rounds."""
        self.course = self.game.course(self.first_dealer)
        if self.finished:
            chips = (self.finished[0].known.get("chips") or {}).get(str(self.me))
            if chips is not None:
                self.course.hold(self.me, chips)
        for record in self.finished:
            self.course.finish(replay(record).round)

    # -- news ---------------------------------------------------------------------------

    def _seen(self) -> _Seen:
        session = self.session
        assert session is not None
        obs = session.observations()
        certain: dict[int, frozenset[str]] = {}
        if obs.places:
            locations = session.locations()
            if locations.consistent:
                for j, place in enumerate(obs.places):
                    if place.seat is not None:
                        certain[place.seat] = frozenset(self.game.deck.names(locations.certain(j)))
        secrets: tuple[str, ...] = ()
        post = session.posterior()
        if post is not None and session.tracker is not None:
            space = session.tracker.space
            secrets = tuple(space.text(h) for h, _ in post.consistent())
        return _Seen(
            len(session.round.tricks),
            secrets,
            frozenset((v.seat, v.class_name) for v in obs.voids),
            certain,
        )

    def _news(self, before: _Seen) -> list[Notice]:
        """What the last event changed, as a player wants to hear it."""
        session = self.session
        assert session is not None
        after = self._seen()
        notices: list[Notice] = []
        state = session.round
        for number in range(before.tricks, len(state.tricks)):
            notices.append(Notice("trick", self.trick_text(number)))
        if after.secrets != before.secrets and session.tracker is not None:
            notices.append(Notice("secret", self.secret_text()))
        for seat, suit in sorted(after.voids - before.voids):
            if seat != self.me:
                notices.append(Notice("void", f"{self.players[seat]} has no {suit} left"))
        for seat, held in sorted(after.certain.items()):
            new = held - before.certain.get(seat, frozenset())
            if new and seat != self.me:
                shown = " ".join(c for c in self.game.deck.codes if c in new)
                notices.append(Notice("card", f"{self.players[seat]} surely holds {shown}"))
        return notices

    def trick_text(self, number: int) -> str:
        """Trick ``number`` (0-based) of the round: who played what, and who won; the trick under
        way when ``number`` is the count of finished tricks."""
        session = self.session
        assert session is not None
        state = session.round
        if number < len(state.tricks):
            trick = state.tricks[number]
            seats, cards, end = trick.seats, trick.cards, f"; {self.players[trick.winner]} wins"
        else:
            seats, cards, end = tuple(state.trick_seats), tuple(state.trick_cards), " so far"
        played = " ".join(
            f"{self.players[s]} {c}" for s, c in zip(seats, self.game.deck.names(cards), strict=True)
        )
        return f"trick {number + 1}: {played}{end}"

    def secret_text(self, top: int = 6) -> str:
        """The secrets still possible with their probabilities, most likely first."""
        session = self.session
        assert session is not None and session.tracker is not None
        found = session.deduction().secrets()
        name = session.tracker.space.secret_name
        shown = ", ".join(f"{s} {100 * p:.0f}%" for s, p in found[:top])
        more = f" and {len(found) - top} more" if len(found) > top else ""
        return f"{name}: {len(found)} possible: {shown}{more}"

    def _turn(self) -> Notice:
        session = self.session
        if session is None:
            return Notice("round", f"round {self.round_number}: waiting for {self.waiting}")
        mover = session.to_move()
        if mover is None:
            return Notice("turn", "the round is over")
        what = session.round.phase
        if mover == self.me:
            return Notice("you", f"your turn ({what})")
        return Notice("turn", f"{self.players[mover]} to move ({what})")

    def status(self) -> list[Notice]:
        """Where the game stands (shown at the start and after a resume)."""
        who = f"{self.game.title}: {', '.join(self.players)}; you are {self.players[self.me]}"
        if self.over():
            rounds = len(self.finished)
            totals = ", ".join(f"{n} {t}" for n, t in zip(self.players, self.course.totals, strict=True))
            return [
                Notice("game", f"{who}; the game is over after {rounds} round{'s' if rounds != 1 else ''}"),
                Notice("game", f"totals: {totals}"),
                Notice("game", self._winner_text()),
            ]
        notices = [Notice("game", f"{who}; round {self.round_number}, {self.players[self.dealer]} deals")]
        if self.session is None:
            notices.append(
                Notice("round", f"{self.course.describe_next()}: enter your cards ({self.waiting})")
            )
        else:
            count = len(self.session.steps)
            notices.append(Notice("round", f"round {self.round_number}: {count} events so far"))
            notices.append(self._turn())
        return notices

    # -- the journal -------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The game as a ``stich-match/1`` document with the ``live`` field (see the module)."""
        rounds = list(self.finished)
        if self.session is not None:
            rounds.append(self.session.to_record())
        return Match(
            self.game.id,
            self.players,
            dict(self.game.options),
            rounds,
            list(self.course.totals),
            self.course.standing,
            scores=[list(s) for s in self.course.scores],
            live={"me": self.me, "dealer": self.first_dealer, "known": self.known},
        ).to_json()

    def journal_text(self) -> str:
        """`to_json` as text, one round a line; the finished rounds' lines are made once."""
        while len(self._round_lines) > len(self.finished):
            self._round_lines.pop()
        for record in self.finished[len(self._round_lines) :]:
            self._round_lines.append(dumps(record.to_json()))
        data = self.to_json()
        rounds = data.pop("rounds")
        lines = self._round_lines + [dumps(r) for r in rounds[len(self.finished) :]]
        head = dumps({k: v for k, v in data.items() if k in ("format", "game", "options", "players")})
        tail = dumps({k: v for k, v in data.items() if k not in ("format", "game", "options", "players")})
        rows = ",\n".join(lines)
        return f'{head[:-1]}, "rounds": [\n{rows}\n], {tail[1:]}\n'

    def write_journal(self) -> None:
        """Write the journal (if there is one) atomically and durably."""
        if self.journal is not None:
            write_atomic(self.journal, self.journal_text())


def _name_index(name: str, names: Sequence[str], what: str) -> int:
    low = name.strip().lower()
    exact = [i for i, n in enumerate(names) if n.lower() == low]
    starts = [i for i, n in enumerate(names) if n.lower().startswith(low)]
    found = exact or starts
    if len(found) != 1:
        why = "matches several players" if found else "is not one of the players"
        raise StichError(f"{what} {short_repr(name)} {why} ({', '.join(names)})")
    return found[0]
