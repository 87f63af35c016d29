"""The entry language of ``stich live``: what a player types at a real table, as typed entries.

An entry is one line: a command (``hint``, ``show``, ``undo``, ``help``, ``save FILE``,
``quit``), a fact the seat sees of its own cards before the round's first event (``hand``,
``turn``, ``layout``, ``secret``, ``chips``), or an event of the round in the card notation
(``pick R7``, ``Carla: play B3``, ``B3``, ``bid 2``, ...; the full list is `HELP`). Words,
names and cards are case-insensitive; a word, a player's name, a task, a suspect or weapon,
and a card may be cut short where only one candidate starts that way. The seat of an event
is the one the rules let act when only one can; otherwise the entry names it (``Carla:``).

The candidates come from the round itself (its legal events for the seat to act, and the
deduction's card locations for a hand the seat cannot see), so nothing here knows a game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from stich.games.base import Event, Round
from stich.games.cards import Deck
from stich.games.errors import StichError
from stich.games.events import ExchangeEvent, GuessEvent, event_from, event_receive, with_seat, without
from stich.games.jsonfile import short_repr
from stich.hints.session import Session

__all__ = [
    "COMMANDS",
    "EVENT_WORDS",
    "HELP",
    "SETUP_WORDS",
    "Command",
    "EventEntry",
    "Setup",
    "Table",
    "complete",
    "entry_text",
    "parse_entry",
    "resolve_seat",
]

COMMANDS = ("hint", "show", "undo", "help", "save", "quit")
SETUP_WORDS = ("hand", "turn", "layout", "secret", "chips")
EVENT_WORDS = (
    "pick",
    "announce",
    "reveal",
    "task",
    "discard",
    "trump",
    "blind",
    "exchange",
    "drop",
    "bid",
    "play",
    "winner",
    "guess",
    "solved",
    "false",
)
_ALIASES = {"exit": "quit", "?": "help", "unsolved": "false"}
_NONE = ("none", "no", "-", "null")
_DIGITS = re.compile(r"[0-9]{1,9}")

HELP = """\
Entries (words, names and cards may be cut short where unambiguous; case does not matter):
  your own cards, before the round's first event:
    hand AS KS 7H ...      your hand (in several lines if you like; in 24 the first three first)
    turn 7H | turn none    the card turned for trump (Stiche-Raten, Wizard)
    layout R3 B7 R6 Y2     the next column of the Was sticht? layout (or all 36 cards at once)
    secret R 2 | secret gardener knife   the trumps or the case, when you deal or confide
    chips exactly-2 ...    your five Was sticht? task chips (before the first round)
  what happens (the seat is implied when only one player can act; else `Carla: play B3`):
    pick R7   announce Carla | announce table   reveal R 2 | reveal none 2
    task exactly-2   discard no-red   trump B   blind   exchange G3 R5 receive Y1 B2
    exchange 2 (another player's count)   drop   bid 2   play B3 | B3   play B1 reverse
    play R2 trump G (Trump Chaos)   winner Dan   guess gardener knife false
    solved Carla | false Carla (another sleuth's outcome)
  commands:
    hint (advice now)   show (the whole state)   undo (take back the last entry)
    save FILE   help   quit"""


@dataclass(frozen=True)
class Command:
    """A command to the program: ``name`` is one of `COMMANDS`; ``argument`` e.g. the file of save."""

    name: str
    argument: str | None = None


@dataclass(frozen=True)
class Setup:
    """A fact of the seat's own cards for the round's ``known`` block: ``key`` is one of
    `SETUP_WORDS`; ``value`` its record form (card names, a secret object, task ids)."""

    key: str
    value: Any


@dataclass(frozen=True)
class EventEntry:
    """An event of the round, with its seat when the entry named one."""

    event: Event
    text: str


Entry = Command | Setup | EventEntry


@dataclass(frozen=True)
class Table:
    """What the entries are read against: the game's cards, the players, and the round (None
    while its ``known`` block is still being entered)."""

    deck: Deck
    names: Sequence[str]
    session: Session | None


# -- matching words -------------------------------------------------------------------


def _unique(word: str, candidates: Iterable[str], what: str) -> str:
    """The candidate ``word`` names: an exact match (case-insensitive) or the only one it starts."""
    found = list(dict.fromkeys(candidates))
    low = word.lower()
    exact = [c for c in found if c.lower() == low]
    if exact:
        return exact[0]
    starts = [c for c in found if c.lower().startswith(low)]
    if len(starts) == 1:
        return starts[0]
    if not starts:
        raise StichError(f"unknown {what} {short_repr(word)}")
    raise StichError(f"{what} {short_repr(word)} is ambiguous: {', '.join(starts[:8])}")


def _seat_of(word: str, names: Sequence[str]) -> int:
    name = _unique(word.rstrip(":"), names, "player")
    return [n.lower() for n in names].index(name.lower())


def _number(word: str) -> int | None:
    """A whole number written in the digits 0-9 (``str.isdigit`` takes ``²`` too, which ``int``
    refuses), at most nine of them; None for anything else."""
    return int(word) if _DIGITS.fullmatch(word) else None


def _verb(word: str) -> str:
    word = _ALIASES.get(word.lower(), word)
    try:
        return _unique(word, (*COMMANDS, *SETUP_WORDS, *EVENT_WORDS), "entry")
    except StichError as exc:
        raise StichError(f"{exc} (type help for the entries)") from None


def _legal(state: Round, seat: int | None) -> list[Event]:
    """The rules' legal events now (for ``seat`` if given); empty when the view cannot list them
    (a hidden hand to move)."""
    if state.is_terminal():
        return []
    mover = state.to_move()
    if seat is not None and seat != mover:
        return []
    try:
        return state.legal_events()
    except StichError:
        return []


def _values(events: Iterable[Event], key: str) -> list[Any]:
    return [v for e in events for k, v in e.items() if k == key]


def card_candidates(table: Table, seat: int | None, kind: str) -> list[str]:
    """Cards ``seat`` (default: the seat to act) may give for ``kind`` (``play``, ``pick``,
    ``exchange``): its legal ones when its hand is known, else the cards the deduction still
    places in its hand."""
    session = table.session
    if session is None:
        return []
    state = session.round
    actor = state.to_move() if seat is None else seat
    given = [v for v in _values(_legal(state, actor), kind) if v]
    # An exchange gives a list of cards (or, for a hand this seat cannot see, only their count);
    # a play or a pick one card.
    if kind == "exchange":
        legal = sorted({c for v in given if isinstance(v, list) for c in v})
    else:
        legal = [str(v) for v in given]
    if legal or actor is None or kind == "pick":
        return legal
    hand = state.hands[actor]
    if hand is not None:
        return table.deck.names(hand)
    obs = session.observations()
    j = obs.place_of(actor)
    if j is None:
        return []
    locations = session.locations()
    return table.deck.names(locations.possible(j) | locations.certain(j))


def _card(word: str, table: Table, candidates: Sequence[str]) -> str:
    """A card by its name, or cut short among ``candidates``."""
    try:
        return table.deck.name_of(table.deck.parse(word))
    except StichError as exc:
        if not candidates:
            raise
        try:
            return _unique(word, candidates, "card")
        except StichError:
            raise exc from None


# -- reading an entry -------------------------------------------------------------------


def parse_entry(text: str, table: Table) -> Entry:
    """The entry a line says; a one-line `StichError` naming what is wrong."""
    words = text.split()
    if not words:
        raise StichError("empty entry (type help)")
    seat: int | None = None
    if words[0].endswith(":") or (len(words) > 1 and words[1] == ":"):
        seat = _seat_of(words[0], table.names)
        words = words[2:] if len(words) > 1 and words[1] == ":" else words[1:]
        if not words:
            raise StichError(f"what did {table.names[seat]} do? (e.g. {table.names[seat]}: play B3)")
    head, args = words[0], words[1:]
    try:
        verb = _verb(head)
    except StichError:
        if seat is None and len(words) <= 2:
            bare = _bare_card(words, table)
            if bare is not None:
                return bare
        raise
    if verb in COMMANDS:
        if seat is not None:
            raise StichError(f"{verb} is a command, not something {table.names[seat]} does")
        return _command(verb, args)
    if verb in SETUP_WORDS:
        if seat is not None:
            raise StichError(f"{verb} gives your own cards: leave out the player's name")
        return Setup(verb, _setup_value(verb, args, table))
    event = _event(verb, args, table, seat)
    if seat is not None:
        event = with_seat(event, seat)
    return EventEntry(event, text.strip())


def _bare_card(words: list[str], table: Table) -> EventEntry | None:
    """``B3`` (or ``B1 reverse``): the card-taking event the round expects now, play or pick."""
    session = table.session
    if session is None:
        return None
    kinds = [k for k in ("pick", "play") if any(k in e for e in _legal(session.round, None))] or ["play"]
    kind = kinds[0]
    try:
        card = _card(words[0], table, card_candidates(table, None, kind))
    except StichError:
        return None
    event: dict[str, Any] = {kind: card}
    if len(words) == 2:
        if not "reverse".startswith(words[1].lower()):
            return None
        event["reverse"] = True
    return EventEntry(event_from(event), " ".join(words))


def _command(verb: str, args: list[str]) -> Command:
    if verb == "save":
        if len(args) != 1:
            raise StichError("save needs one file name: save FILE")
        return Command(verb, args[0])
    if args:
        raise StichError(f"{verb} takes nothing after it")
    return Command(verb)


def _setup_value(verb: str, args: list[str], table: Table) -> Any:
    if verb in ("hand", "layout"):
        if not args:
            raise StichError(f"{verb} needs cards, e.g. {verb} {' '.join(table.deck.codes[:4])}")
        return table.deck.names([table.deck.parse(a) for a in args])
    if verb == "turn":
        if len(args) != 1:
            raise StichError("turn needs the turned card, or none: turn 7H")
        return None if args[0].lower() in _NONE else table.deck.name_of(table.deck.parse(args[0]))
    if verb == "secret":
        if len(args) != 2:
            raise StichError(
                "secret needs two words: trump suit and number (R 2, none 5), or culprit and weapon"
            )
        return list(args)
    if not args:
        raise StichError("chips needs your five task chips, e.g. chips exactly-2 no-red ...")
    return list(args)


def _event(verb: str, args: list[str], table: Table, seat: int | None) -> Event:
    session = table.session
    if session is None:
        raise StichError(
            f"{verb}: the round has not begun: enter your cards first (hand, turn, layout, secret)"
        )
    state = session.round
    legal = _legal(state, seat)

    def one(what: str) -> str:
        if len(args) != 1:
            raise StichError(f"{verb} needs one {what}, e.g. {_EXAMPLES[verb]}")
        return args[0]

    if verb in ("pick", "play"):
        if not args:
            raise StichError(f"{verb} needs a card, e.g. {_EXAMPLES[verb]}")
        event: dict[str, Any] = {verb: _card(args[0], table, card_candidates(table, seat, verb))}
        rest = [a.lower() for a in args[1:]]
        while rest:
            word = rest.pop(0)
            if verb == "play" and "reverse".startswith(word):
                event["reverse"] = True
            elif verb == "play" and word == "trump" and rest:
                event["trump"] = rest.pop(0).upper()
            else:
                said = f"unexpected {short_repr(word)} after the card"
                raise StichError(f"{verb}: {said} (try: play B1 reverse)")
        return event_from(event)
    if verb == "announce":
        word = one("player or table")
        return {"announce": "table" if "table".startswith(word.lower()) else _seat_of(word, table.names)}
    if verb == "winner":
        return {"winner": _seat_of(one("player"), table.names)}
    if verb in ("solved", "false"):
        if seat is None:
            seat = _seat_of(one("player"), table.names)
        elif args:
            raise StichError(f"{verb}: give the player once")
        return {"seat": seat, "solved": verb == "solved"}
    if verb == "bid":
        word = one("number")
        bid = _number(word)
        if bid is None:
            raise StichError(f"bid {short_repr(word)} is not a number of tricks (digits 0-9)")
        return {"bid": bid}
    if verb in ("task", "discard"):
        options = [str(v) for v in _values(legal, verb)]
        word = one("task")
        return event_from({verb: _unique(word, options, "task") if options else word.lower()})
    if verb == "trump":
        if not args or len(args) > 2:
            raise StichError(f"trump needs a suit letter, e.g. {_EXAMPLES[verb]}")
        event = {"trump": args[0].upper()}
        if len(args) == 2:
            if not "blind".startswith(args[1].lower()):
                raise StichError(f"trump: unexpected {short_repr(args[1])} (try: trump Y blind)")
            event["blind"] = True
        return event_from(event)
    if verb == "blind":
        if args:
            raise StichError("blind takes nothing after it")
        blind = [e for e in legal if e.get("blind") and "play" not in e]
        if not blind:
            raise StichError("nobody may call blind now")
        return without(blind[0], "seat")
    if verb == "drop":
        if args:
            raise StichError("drop takes nothing after it")
        return {"drop": True}
    if verb == "exchange":
        return _exchange(args, table, seat)
    if verb == "reveal":
        return {"reveal": _reveal(args)}
    return _guess(args, legal)


_EXAMPLES = {
    "pick": "pick R7",
    "play": "play B3",
    "announce": "announce Carla",
    "winner": "winner Dan",
    "solved": "solved Carla",
    "false": "false Carla",
    "bid": "bid 2",
    "task": "task exactly-2",
    "discard": "discard no-red",
    "trump": "trump B",
}


def _exchange(args: list[str], table: Table, seat: int | None) -> Event:
    # A lone number is another player's count, unless it names a card: 24's card "24" given
    # away alone is "exchange 24" (a count is at most 3).
    count = _number(args[0]) if len(args) == 1 and not _names_a_card(args[0], table) else None
    if count is not None:
        return {"exchange": count}
    words = [a for a in args]
    receive: list[str] | None = None
    for i, word in enumerate(words):
        if word.lower() in ("receive", "get", "for", "/"):
            receive = words[i + 1 :]
            words = words[:i]
            break
    give = [_card(w, table, card_candidates(table, seat, "exchange")) for w in words]
    event: ExchangeEvent = {"exchange": give}
    if receive is not None:
        event["receive"] = [table.deck.name_of(table.deck.parse(w)) for w in receive]
    return event


def _names_a_card(word: str, table: Table) -> bool:
    try:
        table.deck.parse(word)
    except StichError:
        return False
    return True


def _reveal(args: list[str]) -> dict[str, Any]:
    """``R 2``, ``red 2``, ``none 2``, ``R none``, ``R2``."""
    if len(args) == 1 and len(args[0]) >= 2 and args[0][0].isalpha() and _number(args[0][1:]) is not None:
        args = [args[0][0], args[0][1:]]
    if len(args) != 2:
        raise StichError("reveal needs the trump suit and number: reveal R 2, reveal none 2, reveal R none")
    suit = None if args[0].lower() in _NONE else args[0]
    number: int | str | None = None if args[1].lower() in _NONE else args[1]
    if isinstance(number, str) and _number(number) is not None:
        number = _number(number)
    return {"trump_suit": suit, "trump_number": number}


def _guess(args: list[str], legal: list[Event]) -> Event:
    if len(args) not in (2, 3):
        raise StichError("guess needs a culprit and a weapon, and the answer: guess gardener knife false")
    pairs = [e["guess"] for e in legal if "guess" in e]
    culprit = _unique(args[0], [p[0] for p in pairs], "suspect") if pairs else args[0].lower()
    weapon = _unique(args[1], [p[1] for p in pairs], "weapon") if pairs else args[1].lower()
    event: GuessEvent = {"guess": [culprit, weapon]}
    if len(args) == 3:
        answer = _unique(args[2], ("solved", "false"), "answer")
        event["answer"] = "solved" if answer == "solved" else "false"
    return event


# -- writing an entry ------------------------------------------------------------------


def entry_text(event: Event, names: Sequence[str]) -> str:
    """The entry that makes ``event``, as `parse_entry` reads it back: ``Carla: play B3``,
    ``bid 2``, ``reveal R none``, ``false Dan`` (``Name:`` when the event names its seat; a
    sleuth's outcome names the sleuth after the word, as `HELP` writes it)."""
    seat = event.get("seat")
    kind = next((k for k in event if k != "seat"), "event")
    value: Any = event.get(kind)
    if kind == "solved":
        # ``solved Carla`` / ``false Carla``: the seat is the word's argument.
        return f"{'solved' if value else 'false'} {names[seat]}" if isinstance(seat, int) else "solved"
    who = f"{names[seat]}: " if isinstance(seat, int) else ""
    if kind == "play":
        text = f"play {value}"
        if event.get("reverse"):
            text += " reverse"
        if event.get("trump") is not None:
            text += f" trump {event.get('trump')}"
    elif kind in ("announce", "winner"):
        text = f"{kind} {'table' if value == 'table' else names[value]}"
    elif kind == "reveal":
        text = " ".join(["reveal", *("none" if v is None else str(v) for v in value.values())])
    elif kind == "trump":
        text = f"trump {'none' if value is None else value}" + (" blind" if event.get("blind") else "")
    elif kind == "exchange" and isinstance(value, list):
        text = " ".join(["exchange", *value])
        if event_receive(event):
            text += " receive " + " ".join(event_receive(event))
    elif kind == "drop":
        text = "drop"
    elif kind == "guess":
        text = f"guess {value[0]} {value[1]}" + (f" {event.get('answer')}" if event.get("answer") else "")
    else:
        text = f"{kind} {value}"
    return who + text


# -- the seat of an event ---------------------------------------------------------------


def resolve_seat(session: Session, event: Event) -> Event:
    """The event with its seat: the one it names, else the only seat the rules let make it now.

    Each seat is tried on the round and taken back at once (`Round.apply` is all-or-nothing),
    so several seats that may act (tasks chosen in any order, simultaneous bids) ask for a name.
    """
    if "seat" in event:
        return event
    state = session.round
    fits: list[int] = []
    for seat in range(len(state.names)):
        try:
            state.apply(with_seat(event, seat))
        except StichError:
            continue
        state.undo()
        fits.append(seat)
    if len(fits) > 1:
        names = ", ".join(state.names[s] for s in fits)
        kind = next(iter(event))
        raise StichError(f"{names} may all do that now: say whose, e.g. {state.names[fits[0]]}: {kind} ...")
    if not fits:
        return event  # the rules will say why nobody may
    return with_seat(event, fits[0])


# -- completion -------------------------------------------------------------------------


def complete(line: str, table: Table, used: Iterable[str] = ()) -> list[str]:
    """Words that may come next where the cursor ends ``line``: entries, names, cards still possible
    for the seat (``used``: cards already entered for the round's known block)."""
    words = line.split()
    typing = "" if not words or line.endswith(" ") else words[-1]
    done = words if not typing else words[:-1]
    seat: int | None = None
    if done and done[0].endswith(":"):
        try:
            seat = _seat_of(done[0], table.names)
        except StichError:
            return []
        done = done[1:]
    if not done:
        found = [*EVENT_WORDS, *(COMMANDS if seat is None else ())]
        if seat is None:
            found += [*SETUP_WORDS, *(f"{n}:" for n in table.names)]
            session = table.session
            if session is not None:
                kinds = [k for k in ("pick", "play") if any(k in e for e in _legal(session.round, None))]
                found += card_candidates(table, None, kinds[0] if kinds else "play")
        return _starting(found, typing)
    try:
        verb = _verb(done[0])
    except StichError:
        return []
    return _starting(_arguments(verb, len(done) - 1, table, seat, set(used)), typing)


def _starting(words: Iterable[str], prefix: str) -> list[str]:
    low = prefix.lower()
    return [w for w in dict.fromkeys(words) if w.lower().startswith(low)]


def _arguments(verb: str, index: int, table: Table, seat: int | None, used: set[str]) -> list[str]:
    """The words that may stand at argument ``index`` of ``verb``."""
    session = table.session
    state = session.round if session is not None else None
    legal = _legal(state, seat) if state is not None else []
    names = list(table.names)
    if verb in ("hand", "layout", "turn"):
        free = [c for c in table.deck.codes if c not in used]
        return (["none", *free] if index == 0 else []) if verb == "turn" else free
    if verb in ("pick", "play"):
        return (
            card_candidates(table, seat, verb)
            if index == 0
            else (["reverse", "trump"] if verb == "play" else [])
        )
    if verb == "exchange":
        return [*card_candidates(table, seat, "exchange"), "receive"]
    if verb == "announce" and index == 0:
        announced = _values(legal, "announce")
        return [("table" if a == "table" else names[a]) for a in announced] or [*names, "table"]
    if verb in ("winner", "solved", "false") and index == 0:
        return names
    if verb == "bid" and index == 0:
        return [str(b) for b in _values(legal, "bid")]
    if verb in ("task", "discard") and index == 0:
        return [str(t) for t in _values(legal, verb)]
    if verb == "trump" and index == 0:
        return [str(t) for t in _values(legal, "trump") if t is not None]
    if verb == "guess" and index < 2:
        return list(dict.fromkeys(str(e["guess"][index]) for e in legal if "guess" in e))
    if verb == "guess" and index == 2:
        return ["solved", "false"]
    if verb == "save" or verb == "secret" or verb == "chips":
        return []
    return []


def cards_in(deck: Deck, cards: Iterable[str]) -> list[str]:
    """Canonical names of card texts that parse (for the used set of completion)."""
    found = []
    for text in cards:
        try:
            found.append(deck.name_of(deck.parse(text)))
        except StichError:
            continue
    return found
