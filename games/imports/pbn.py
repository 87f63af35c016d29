"""PBN (Portable Bridge Notation): the reader, and bridge boards as Stiche-Raten rounds.

The reader follows PBN 2.1 (``www.tistis.nl/pbn``): games are runs of tag pairs
(``[Deal "N:AKQ.…"]``) separated by empty lines; ``%`` lines, ``;`` comments and
``{…}`` comments are skipped; the ``[Auction]``, ``[Play]`` and ``…Table`` tags are
followed by section lines; the value ``"#"`` repeats the previous game's tag. Every
value keeps its line number, so a bad one is reported where it stands.

A bridge board becomes a round of ``stiche-raten`` with the options ``bidding: none``
(nobody bids, each trick is a point) and ``trump: named`` (the contract's strain,
``null`` for notrump), starting at ``tricks`` with every hand in ``known.hands``.
The played cards become ``play`` events, checked by the rules as they are read.
The record carries the two partnerships (``teams: [[0, 2], [1, 3]]``); what the game
cannot hold — the auction, the contract's level, the score, the tables such as
``[OptimumResultTable]`` — stays in the record's ``source`` (``docs/import.md``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from stich.games.base import Round
from stich.games.cards import FRENCH_RANKS, FRENCH_SUITS, french_deck
from stich.games.errors import StichError
from stich.games.names import MAX_NAME, name_key, name_problem
from stich.games.record import Record
from stich.games.stiche_raten import SticheRaten

__all__ = [
    "BOARD_GAME",
    "DD_SEATS",
    "DD_STRAINS",
    "SEATS",
    "SEAT_NAMES",
    "PbnGame",
    "ImportProblems",
    "Problems",
    "StoredTable",
    "Tag",
    "TEAMS",
    "bridge_record",
    "parse_deal",
    "parse_double_dummy_tricks",
    "parse_optimum_result_table",
    "pbn_card",
    "player_names",
    "read_games",
    "replay_play",
    "seat_of",
    "stored_tables",
]

SEATS = "NESW"  # PBN's seats, clockwise; stich seat i is SEATS[i]
SEAT_NAMES = ("North", "East", "South", "West")
TEAMS = [[0, 2], [1, 3]]  # the partnerships North-South and East-West, in stich's seats
DD_SEATS = "NSEW"  # the declarers in the order of [DoubleDummyTricks]
DD_STRAINS = ("NT", "S", "H", "D", "C")  # the strains in the order of [DoubleDummyTricks]
FRENCH = french_deck()
BOARD_GAME = SticheRaten  # a bridge board is a round of Stiche-Raten without bidding
SECTION_TAGS = ("auction", "play")  # and every tag whose name ends in "Table"

_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_TAG_LOOSE = re.compile(r'\[\s*(\w+)\s+"(.*)"\s*(\])?\s*$')
_TABLE_TOKEN = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')
_CARD = re.compile(r"([SHDC])(10|[2-9TJQKA])", re.IGNORECASE)
_CONTRACT = re.compile(r"([1-7])(NT|N|S|H|D|C)(X{0,2})", re.IGNORECASE)


class ImportProblems(StichError):
    """Lines of a file that cannot be read: one message per line, each naming the file and line."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(self.problems[0] + more)


class Problems:
    """Collects ``file:line: why`` messages; `check` raises them all at once."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self._lines: dict[str, int] = {}

    def at(self, line: int, why: str) -> str:
        return f"{self.source}:{line}: {why}"

    def error(self, line: int, why: str) -> None:
        message = self.at(line, why)
        self._lines[message] = line
        self.errors.append(message)

    def warn(self, line: int, why: str) -> None:
        self.warnings.append(self.at(line, why))

    def check(self) -> None:
        if self.errors:
            raise ImportProblems(sorted(self.errors, key=lambda m: self._lines[m]))


@dataclass
class Tag:
    """One tag pair, with the section lines that follow it (``(line, tokens)``)."""

    name: str
    value: str
    line: int
    rows: list[tuple[int, list[str]]] = field(default_factory=list)


@dataclass
class PbnGame:
    """One game of a PBN file (a board, or a round of another card game): its tags by name."""

    line: int
    tags: dict[str, Tag] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)  # [Note "1: ..."] tags, which may repeat

    def get(self, name: str) -> Tag | None:
        """The tag ``name`` (PBN tag names are case-sensitive; a differently cased one is accepted)."""
        found = self.tags.get(name)
        if found is not None:
            return found
        return next((t for key, t in self.tags.items() if key.lower() == name.lower()), None)

    def value(self, name: str) -> str | None:
        """The tag's value, or None when it is absent or unknown (``""``, ``"?"``)."""
        tag = self.get(name)
        if tag is None or tag.value.strip() in ("", "?"):
            return None
        return tag.value.strip()

    def plain_tags(self) -> dict[str, str]:
        """Every tag's value as written, for the record's ``source``."""
        return {name: tag.value for name, tag in self.tags.items()}

    def tables(self) -> dict[str, TableTag]:
        """The tags with table rows (``[OptimumResultTable]``, ``[ScoreTable]``, ...): the column
        header as written and the rows as lists of values, for the record's ``source``."""
        return {
            name: {"columns": tag.value, "rows": [tokens for _, tokens in tag.rows]}
            for name, tag in self.tags.items()
            if _takes_section(name) and name.lower() not in SECTION_TAGS
        }


class TableTag(TypedDict):
    """A PBN tag with table rows, as a record's ``source`` keeps it."""

    columns: str
    rows: list[list[str]]


def _takes_section(name: str) -> bool:
    lower = name.lower()
    return lower in SECTION_TAGS or (lower.endswith("table") and lower != "table")


def _strip_comments(text: str, in_brace: bool) -> tuple[str, bool]:
    """The line without its ``{…}`` and ``;`` comments (outside quoted values), and whether a brace
    comment is still open at its end."""
    out: list[str] = []
    quoted = False
    i = 0
    while i < len(text):
        char = text[i]
        if in_brace:
            if char == "}":
                in_brace = False
        elif quoted:
            out.append(char)
            if char == "\\" and i + 1 < len(text):
                out.append(text[i + 1])
                i += 1
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
            out.append(char)
        elif char == "{":
            in_brace = True
        elif char == ";":
            break
        else:
            out.append(char)
        i += 1
    return "".join(out), in_brace


def _unescape(value: str) -> str:
    """PBN escapes only the quote and the backslash; any other backslash is part of the value
    (``"Declarer;Denomination\\2R;Result\\2R"``: a column two characters wide, right-aligned)."""
    return re.sub(r'\\(["\\])', r"\1", value)


def _table_tokens(line: str) -> list[str]:
    """A table row's values: words, or quoted strings that may hold spaces (quotes removed)."""
    tokens = []
    for match in _TABLE_TOKEN.finditer(line):
        quoted = match.group(1)
        tokens.append(_unescape(quoted) if quoted is not None else match.group(2))
    return tokens


def read_games(text: str, problems: Problems) -> list[PbnGame]:
    """The games of a PBN text. Lines that cannot be read are added to ``problems``."""
    games: list[PbnGame] = []
    current: PbnGame | None = None
    previous: PbnGame | None = None
    last: Tag | None = None
    in_brace = False
    for number, raw in enumerate(text.splitlines(), 1):
        if not in_brace and raw.lstrip().startswith("%"):
            continue  # PBN escape lines: comments and directives such as "% PBN 2.1"
        line, in_brace = _strip_comments(raw, in_brace)
        line = line.strip()
        if not line:
            if current is not None and not raw.strip():
                games.append(current)
                previous, current, last = current, None, None
            continue
        if line.startswith("["):
            tags = _read_tags(line, number, problems)
            if current is None:
                current = PbnGame(number)
            for tag in tags:
                if tag.value == "#":
                    inherited = previous.get(tag.name) if previous is not None else None
                    if inherited is None:
                        problems.error(
                            number, f'[{tag.name} "#"] repeats the previous game\'s tag, which has none'
                        )
                        continue
                    tag = Tag(tag.name, inherited.value, number, list(inherited.rows))
                if tag.name.lower() == "note":
                    current.notes.append(tag.value)
                    continue
                if current.get(tag.name) is not None:
                    problems.warn(number, f"a second [{tag.name}] tag in one game; the first is kept")
                    last = None
                    continue
                current.tags[tag.name] = tag
                last = tag
            continue
        if last is None or not _takes_section(last.name):
            after = f" after [{last.name}]" if last is not None else ""
            problems.error(
                number,
                f"{line[:40]!r}{after} is neither a tag pair nor a line of an [Auction], [Play] or table",
            )
            continue
        tokens = line.split() if last.name.lower() in SECTION_TAGS else _table_tokens(line)
        last.rows.append((number, tokens))
    if current is not None:
        games.append(current)
    return games


def _read_tags(line: str, number: int, problems: Problems) -> list[Tag]:
    """The tag pairs of one line (usually one)."""
    tags: list[Tag] = []
    rest = line
    while rest.startswith("["):
        match = _TAG.match(rest)
        if match is not None and not rest[match.end() :].lstrip().startswith('"'):
            tags.append(Tag(match.group(1), _unescape(match.group(2)), number))
            rest = rest[match.end() :].strip()
            continue
        loose = _TAG_LOOSE.match(rest)
        if loose is None:
            problems.error(number, f'{rest[:40]!r} is not a tag pair such as [Deal "N:..."]')
            return tags
        if loose.group(3) is None:
            problems.warn(number, f"the tag [{loose.group(1)}] has no closing ]; read anyway")
        # Quotes inside the value that are not escaped (Trickster writes JSON so): the value
        # runs to the last quote of the line.
        tags.append(Tag(loose.group(1), loose.group(2), number))
        return tags
    if rest:
        problems.error(number, f"{rest[:40]!r} after the tag pair cannot be read")
    return tags


# -- values -----------------------------------------------------------------------


def seat_of(text: str) -> int | None:
    """A seat from ``N``, ``E``, ``S`` or ``W`` (any case), else None."""
    letter = text.strip().upper()
    return SEATS.index(letter) if len(letter) == 1 and letter in SEATS else None


def pbn_card(token: str) -> str | None:
    """A PBN card (suit then rank: ``SA``, ``HT``, ``D10``) in stich's notation (``AS``), or None."""
    match = _CARD.fullmatch(token.strip())
    if match is None:
        return None
    rank = "T" if match.group(2) == "10" else match.group(2).upper()
    return rank + match.group(1).upper()


def parse_deal(tag: Tag) -> list[list[str] | None]:
    """The hands of ``[Deal "N:… … … …"]`` by seat (N E S W), ``None`` for a hand given as ``-``;
    a `StichError` says what is wrong with the value."""
    first, colon, rest = tag.value.strip().partition(":")
    start = seat_of(first)
    if not colon or start is None:
        raise StichError(f'[Deal "{tag.value}"] must start with the first hand\'s seat, e.g. "N:"')
    hands_text = rest.split()
    if len(hands_text) != 4:
        raise StichError(f"[Deal] gives {len(hands_text)} hands; it needs 4 (- for an unknown hand)")
    hands: list[list[str] | None] = [None] * 4
    seen: dict[str, int] = {}
    for k, text in enumerate(hands_text):
        seat = (start + k) % 4
        if text == "-":
            continue
        suits = text.split(".")
        if len(suits) != 4:
            raise StichError(
                f"[Deal] {SEAT_NAMES[seat]}'s hand {text!r} needs four suits S.H.D.C separated by dots"
            )
        cards: list[str] = []
        for suit, ranks in zip(FRENCH_SUITS, suits, strict=True):
            for rank in ranks.upper().replace("10", "T"):
                if rank not in FRENCH_RANKS:
                    raise StichError(f"[Deal] {SEAT_NAMES[seat]}'s hand {text!r}: {rank!r} is not a rank")
                card = rank + suit
                if card in seen:
                    twice = SEAT_NAMES[seen[card]]
                    where = "twice" if seen[card] == seat else f"also in {twice}'s hand"
                    raise StichError(f"[Deal] {SEAT_NAMES[seat]}'s hand {text!r}: {card} is {where}")
                seen[card] = seat
                cards.append(card)
        hands[seat] = cards
    return hands


def player_names(game: PbnGame, problems: Problems | None = None) -> list[str]:
    """The players by seat from ``[North]`` … ``[West]``, each fit for a record (`games.names`).

    A missing name is the seat's. A name the rule for names refuses is mended, with a
    warning in ``problems``: control characters become spaces and a name longer than
    `MAX_NAME` characters is cut short with "…" (the tag's value stays in ``source.tags``).
    Names given twice get their seat added, since a record's names must differ.
    """
    names: list[str] = []
    for seat_name in SEAT_NAMES:
        name = game.value(seat_name) or seat_name
        problem = name_problem(name)
        if problem is not None:
            mended = _mend_name(name) or seat_name
            tag = game.get(seat_name)
            if problems is not None and tag is not None:
                problems.warn(tag.line, f"[{seat_name}]: {problem}; the record calls {seat_name} {mended!r}")
            name = mended
        names.append(name)
    keys = [name_key(n) for n in names]
    names = [_with_seat(n, SEAT_NAMES[i]) if keys.count(keys[i]) > 1 else n for i, n in enumerate(names)]
    keys = [name_key(n) for n in names]
    return [SEAT_NAMES[i] if keys.count(keys[i]) > 1 else n for i, n in enumerate(names)]


def _mend_name(name: str) -> str:
    """``name`` without control characters (each becomes a space) and at most `MAX_NAME` long."""
    text = " ".join("".join(" " if name_problem(c) is not None else c for c in name).split())
    return text if len(text) <= MAX_NAME else text[: MAX_NAME - 1].rstrip() + "…"


def _with_seat(name: str, seat_name: str) -> str:
    suffix = f" ({seat_name})"
    if len(name) + len(suffix) > MAX_NAME:
        name = name[: MAX_NAME - len(suffix) - 1].rstrip() + "…"
    return name + suffix


# -- double-dummy tables --------------------------------------------------------------


@dataclass(frozen=True)
class StoredTable:
    """A double-dummy table a PBN file stores: declarer's tricks by (declarer ``N E S W``, strain
    ``NT S H D C``), or why it cannot be read (``problem``, the cells then empty)."""

    tag: str
    cells: dict[tuple[str, str], int]
    problem: str | None = None


def parse_double_dummy_tricks(value: str) -> dict[tuple[str, str], int]:
    """``[DoubleDummyTricks "d8ddad8dda0500105001"]``: 20 hexadecimal digits, the declarer's tricks
    for declarers North, South, East, West (`DD_SEATS`), each in no trump, spades, hearts,
    diamonds, clubs (`DD_STRAINS`), as Bridge Composer and BBO write it. A `StichError` says
    what is wrong."""
    text = value.strip()
    if len(text) != 20 or not all(c in "0123456789abcdefABCDEF" for c in text):
        raise StichError(
            f'[DoubleDummyTricks "{value}"] must be 20 hexadecimal digits (tricks 0-d for declarers '
            "N, S, E, W, each in NT, S, H, D, C)"
        )
    cells: dict[tuple[str, str], int] = {}
    for i, char in enumerate(text):
        tricks = int(char, 16)
        if tricks > 13:
            raise StichError(f'[DoubleDummyTricks "{value}"]: digit {i + 1} is {char}, more than 13 tricks')
        cells[(DD_SEATS[i // 5], DD_STRAINS[i % 5])] = tricks
    return cells


def _column_name(text: str) -> str:
    return text.split("\\", 1)[0].strip().lower()  # "Result\\2R": the name, then its layout


def parse_optimum_result_table(columns: str, rows: Sequence[Sequence[str]]) -> dict[tuple[str, str], int]:
    """``[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]`` and its rows (``N NT 13``):
    the declarer's tricks by (declarer, strain). A `StichError` names the first bad row."""
    names = [_column_name(c) for c in columns.split(";")]
    try:
        at = [names.index(n) for n in ("declarer", "denomination", "result")]
    except ValueError:
        raise StichError(
            f'[OptimumResultTable "{columns}"] needs the columns Declarer, Denomination and Result'
        ) from None
    cells: dict[tuple[str, str], int] = {}
    for number, row in enumerate(rows, 1):
        shown = " ".join(row)
        if len(row) != len(names):
            raise StichError(
                f"[OptimumResultTable] row {number} {shown!r} has {len(row)} values, not {len(names)}"
            )
        declarer, strain, result = (row[i].strip().upper() for i in at)
        strain = "NT" if strain == "N" else strain
        if len(declarer) != 1 or declarer not in SEATS or strain not in DD_STRAINS:
            raise StichError(
                f"[OptimumResultTable] row {number} {shown!r}: a declarer N, E, S or W and a "
                "denomination NT, S, H, D or C are needed"
            )
        if not result.isdigit() or int(result) > 13:
            raise StichError(
                f"[OptimumResultTable] row {number} {shown!r}: the result must be 0 to 13 tricks"
            )
        if (declarer, strain) in cells:
            raise StichError(
                f"[OptimumResultTable] row {number} {shown!r}: {declarer} {strain} is given twice"
            )
        cells[(declarer, strain)] = int(result)
    return cells


def stored_tables(source: Any) -> list[StoredTable]:
    """The double-dummy tables in a record's ``source`` (written by `stich import` from a PBN
    file): ``[DoubleDummyTricks]``, then ``[OptimumResultTable]``, those present."""
    if not isinstance(source, dict) or source.get("format") != "pbn":
        return []
    tags: dict[str, Any] = source["tags"] if isinstance(source.get("tags"), dict) else {}
    tables: dict[str, Any] = source["tables"] if isinstance(source.get("tables"), dict) else {}
    found: list[StoredTable] = []
    value = tags.get("DoubleDummyTricks")
    if isinstance(value, str) and value.strip() not in ("", "?"):
        try:
            found.append(StoredTable("DoubleDummyTricks", parse_double_dummy_tricks(value)))
        except StichError as exc:
            found.append(StoredTable("DoubleDummyTricks", {}, str(exc)))
    table = tables.get("OptimumResultTable")
    if isinstance(table, dict) and table.get("rows"):
        try:
            rows = [[str(v) for v in row] for row in table["rows"]]
            cells = parse_optimum_result_table(str(table.get("columns", "")), rows)
            found.append(StoredTable("OptimumResultTable", cells))
        except (StichError, TypeError) as exc:
            found.append(StoredTable("OptimumResultTable", {}, str(exc)))
    return found


# -- the play -----------------------------------------------------------------------

NO_CARD = ("-", "+")  # PBN: a card not played (the last trick of a claimed or unfinished play)


def _play_tokens(tokens: list[str]) -> list[str]:
    """A [Play] row without notes (``=1=``), NAGs (``$3``) and suffix annotations (``SA!``)."""
    kept = []
    for token in tokens:
        if re.fullmatch(r"=\d+=|\$\d+", token):
            continue
        kept.append(token.rstrip("!?"))
    return kept


def replay_play(state: Round, tag: Tag, problems: Problems) -> int | None:
    """Apply the ``[Play]`` section's tricks to ``state`` as ``play`` events, checked by the rules.

    Column k of a row is the card of seat (leader of the first trick + k); each trick is
    played in turn from its leader (the winner of the one before). Returns the line of
    the claim (``*``) if the play ends with one. The first bad line is added to
    ``problems`` and ends the play.
    """
    first = seat_of(tag.value)
    if first is None:
        problems.error(tag.line, f'[Play "{tag.value}"] must name the opening leader: N, E, S or W')
        return None
    names = state.names
    if state.to_move() != first:
        expected = state.to_move()
        who = SEAT_NAMES[expected] if expected is not None else "nobody"
        problems.error(
            tag.line, f'[Play "{tag.value}"]: the opening leader is {who}, not {SEAT_NAMES[first]}'
        )
        return None
    finished = False
    for line, raw in tag.rows:
        tokens = _play_tokens(raw)
        if tokens == ["*"]:
            return line
        if finished:
            problems.error(line, "a trick after an incomplete one; only the last trick may be incomplete")
            return None
        claim = tokens[-1] == "*" if tokens else False
        if claim:
            tokens = tokens[:-1]
        if len(tokens) != 4:
            problems.error(
                line,
                "a trick row needs 4 cards, one a seat from the [Play] seat on (- for none), "
                f"got {len(tokens)}",
            )
            return None
        if state.is_terminal():
            problems.error(line, "a trick after the last one: every card is played")
            return None
        number = len(state.tricks) + 1
        leader = state.to_move()
        assert leader is not None
        by_seat = {(first + k) % 4: token for k, token in enumerate(tokens)}
        order = [(leader + k) % 4 for k in range(4)]
        missing: int | None = None
        for seat in order:
            token = by_seat[seat]
            if token in NO_CARD:
                missing = seat if missing is None else missing
                continue
            card = pbn_card(token)
            if card is None:
                problems.error(
                    line, f"trick {number}: {token!r} is not a card (PBN cards look like SA, HT, C2)"
                )
                return None
            if missing is not None:
                problems.error(
                    line,
                    f"trick {number} is led by {names[leader]}: {names[seat]} has a card, but "
                    f"{names[missing]} before them has none",
                )
                return None
            try:
                state.apply({"seat": seat, "play": card})
            except StichError as exc:
                problems.error(line, f"trick {number}: {exc}")
                return None
        if claim:
            return line
        finished = missing is not None
    return None


# -- bridge boards --------------------------------------------------------------------

BRIDGE_OPTIONS: dict[str, Any] = {"first_round": 13, "bidding": "none", "trump": "named"}


@dataclass(frozen=True)
class Contract:
    """A bridge contract: level 1-7, strain (suit index, None for notrump), doubled 0-2; level 0 is
    a passed-out board."""

    level: int
    strain: int | None
    doubled: int

    @property
    def tricks(self) -> int:
        """The tricks the declaring side contracted for."""
        return self.level + 6


def parse_contract(tag: Tag) -> Contract:
    """``[Contract "4HX"]``, ``"3NT"`` or ``"Pass"``; a `StichError` when it is none of them."""
    text = tag.value.strip()
    if text.upper() in ("PASS", "AP"):
        return Contract(0, None, 0)
    match = _CONTRACT.fullmatch(text)
    if match is None:
        raise StichError(f'[Contract "{text}"] is not a contract such as 4H, 3NT, 5DX or Pass')
    strain = match.group(2).upper()
    suit = None if strain in ("N", "NT") else FRENCH_SUITS.index(strain)
    return Contract(int(match.group(1)), suit, len(match.group(3)))


def _tag_error(problems: Problems, tag: Tag | None, game: PbnGame, exc: StichError) -> None:
    problems.error(tag.line if tag is not None else game.line, str(exc))


def bridge_record(game: PbnGame, problems: Problems, file_name: str) -> Record | None:
    """One bridge board as an omniscient ``stiche-raten`` record (module docstring), or None with
    its first problem added to ``problems``."""
    errors_before = len(problems.errors)
    deal_tag = game.get("Deal")
    if deal_tag is None:
        problems.error(
            game.line,
            "this game has no [Deal] tag: the hands are needed (a tag is taken from the game before "
            'only when written with the value "#")',
        )
        return None
    try:
        hands = parse_deal(deal_tag)
    except StichError as exc:
        _tag_error(problems, deal_tag, game, exc)
        return None
    if any(hand is None for hand in hands):
        unknown = ", ".join(SEAT_NAMES[s] for s, hand in enumerate(hands) if hand is None)
        problems.error(deal_tag.line, f"[Deal] does not give the hand of {unknown}; stich needs all four")
        return None
    sizes = {len(hand or []) for hand in hands}
    if len(sizes) != 1 or 0 in sizes:
        shown = ", ".join(f"{SEAT_NAMES[s]} {len(h or [])}" for s, h in enumerate(hands))
        problems.error(deal_tag.line, f"[Deal]: every hand must hold as many cards, got {shown}")
        return None
    contract: Contract | None = None
    contract_tag = game.get("Contract")
    if contract_tag is not None and game.value("Contract") is not None:
        try:
            contract = parse_contract(contract_tag)
        except StichError as exc:
            _tag_error(problems, contract_tag, game, exc)
            return None
    declarer = _seat_tag(game, "Declarer", problems)
    dealer = _seat_tag(game, "Dealer", problems)
    result = _result(game, problems)
    play = game.get("Play")
    leader = seat_of(play.value) if play is not None else None
    if len(problems.errors) > errors_before:
        return None
    if play is not None and play.rows and (contract is None or contract.level == 0):
        line = contract_tag.line if contract_tag is not None else play.line
        problems.error(line, "the [Play] section needs the trump: give a [Contract] such as 4H or 3NT")
        return None
    if contract is not None and contract.level and declarer is None and leader is None:
        line = contract_tag.line if contract_tag is not None else game.line
        problems.error(line, "a [Contract] needs its [Declarer] (the opening leader sits to its left)")
        return None
    contracted = contract is not None and contract.level > 0
    if contracted and declarer is not None and leader is not None and leader != (declarer + 1) % 4:
        assert play is not None
        problems.error(
            play.line,
            f'[Play "{play.value}"]: the opening leader sits left of the declarer '
            f"{SEAT_NAMES[declarer]}, so it is {SEAT_NAMES[(declarer + 1) % 4]}",
        )
        return None
    # Stiche-Raten's first trick is led by the dealer's left: the record's dealer is the seat
    # before the opening leader (the declarer); the board's dealer stays in `source`.
    if leader is not None:
        record_dealer = (leader - 1) % 4
    elif declarer is not None and contract is not None and contract.level:
        record_dealer = declarer
    else:
        record_dealer = dealer if dealer is not None else 0
    trump = contract.strain if contract is not None else None
    source: dict[str, Any] = {
        "format": "pbn",
        "file": file_name,
        "line": game.line,
        "tags": game.plain_tags(),
    }
    auction = game.get("Auction")
    if auction is not None and auction.rows:
        source["auction"] = [" ".join(tokens) for _, tokens in auction.rows]
    if game.notes:
        source["notes"] = list(game.notes)
    tables = game.tables()
    if tables:
        source["tables"] = tables
    for stored in stored_tables(source):
        if stored.problem is not None:
            tag = game.get(stored.tag)
            problems.warn(tag.line if tag is not None else game.line, f"{stored.problem}; kept as written")
    record = Record(
        game=BOARD_GAME.id,
        players=player_names(game, problems),
        dealer=record_dealer,
        events=[],
        options=dict(BRIDGE_OPTIONS),
        view=None,
        known={
            "hands": {str(s): hand for s, hand in enumerate(hands)},
            "trump": None if trump is None else FRENCH_SUITS[trump],
        },
        start="tricks",
        extra={"teams": [list(team) for team in TEAMS], "source": source},
    )
    try:
        state = record.game_instance().new_round(
            record.players, record.dealer, None, record.known, record.start
        )
    except StichError as exc:
        problems.error(deal_tag.line, str(exc))
        return None
    if play is not None:
        replay_play(state, play, problems)
        if len(problems.errors) > errors_before:
            return None
    record.events = state.events
    if result is not None and contract is not None and contract.level and declarer is not None:
        _check_result(state, declarer, result, problems)
        if len(problems.errors) > errors_before:
            return None
    return record


def _seat_tag(game: PbnGame, name: str, problems: Problems) -> int | None:
    text = game.value(name)
    if text is None:
        return None
    seat = seat_of(text.lstrip("^"))  # "^N": an irregular declarer (PBN 2.1), still North
    if seat is None:
        tag = game.get(name)
        assert tag is not None
        problems.error(tag.line, f'[{name} "{text}"] must be a seat: N, E, S or W')
    return seat


def _result(game: PbnGame, problems: Problems) -> tuple[int, int] | None:
    """``[Result]``: the declaring side's tricks, with the tag's line."""
    text = game.value("Result")
    if text is None:
        return None
    tag = game.get("Result")
    assert tag is not None
    if not text.isdigit() or not 0 <= int(text) <= 13:
        problems.error(tag.line, f'[Result "{text}"] must be the declaring side\'s tricks, 0 to 13')
        return None
    return int(text), tag.line


def _check_result(state: Round, declarer: int, result: tuple[int, int], problems: Problems) -> None:
    """The declaring side's tricks in the play must agree with ``[Result]``: equal when every trick
    is played, else reachable with the tricks left (a claim)."""
    tricks, line = result
    side = state.won[declarer] + state.won[(declarer + 2) % 4]
    left = max(state.hand_size)  # a seat yet to play to the current trick holds one card a trick
    if left == 0 and side != tricks:
        problems.error(line, f'[Result "{tricks}"], but in the play the declaring side takes {side} tricks')
    elif not side <= tricks <= side + left:
        problems.error(
            line,
            f'[Result "{tricks}"] cannot be reached: the declaring side has {side} tricks '
            f"with {left} to play",
        )
