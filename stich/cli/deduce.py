"""``stich deduce``: which secrets a seat's view still allows, how likely, and where hidden cards can be."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from stich.cli._common import (
    AT_HELP,
    AsciiOpt,
    at_events,
    card_text,
    fail,
    print_json,
    use_symbols,
    user_errors,
    whole_number,
)
from stich.games.cards import Deck
from stich.games.errors import StichError
from stich.games.record import Record, load_record
from stich.games.registry import find

if TYPE_CHECKING:
    from rich.text import Text

    from stich.hints.session import Session

__all__ = ["deduce_cli", "deduce_report"]


def deduce_report(record: Record, seat: str | int | None = None, info: bool = False) -> dict[str, Any]:
    """The ``stich deduce --json`` shape (docs/format.md): for Was sticht? and Stich für Stich the
    consistent secrets with probabilities, the marginals, the clues, what each other seat can still
    consider (from the dealer's or confidant's view); for every game the first conflict and, where
    hands are hidden, the card locations with voids and probabilities."""
    from stich.hints.session import Session

    if seat is None and record.view is None:
        raise StichError("the record is omniscient (view null): give --seat S to deduce as one seat saw it")
    session = Session.from_record(record, seat)
    return session_report(session, info)


def session_report(session: Session, info: bool = False) -> dict[str, Any]:
    """The deduce report of a session."""
    from stich.deducer.hypotheses import Deduction as SecretDeduction
    from stich.deducer.information import information

    deduction = session.deduction()
    report: dict[str, Any] = {"players": list(session.names)}
    if session.tracker is not None and deduction.posterior is not None:
        secret = SecretDeduction(session.tracker.evidence(), deduction.posterior, deduction.others)
        report.update(secret.to_json())
    else:
        report.update(
            {
                "game": session.round.game.id,
                "view": session.seat,
                "events": deduction.events,
                "consistent": None,
            }
        )
    report["conflict"] = None if deduction.conflict is None else deduction.conflict.to_json()
    if info:
        if session.tracker is None:
            report["information"] = {
                "error": f"{session.round.game.title} has no hidden secret: information values are for "
                "Was sticht? draft picks and Stich für Stich plays"
            }
        else:
            try:
                report["information"] = information(session.tracker.evidence()).to_json()
            except StichError as exc:
                report["information"] = {"error": str(exc)}
    if deduction.places:
        report["locations"] = {
            "consistent": deduction.deals > 0,
            "deals": deduction.deals,
            "places": [place.to_json() for place in deduction.places],
        }
    return report


def deduce_cli(
    record_path: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A stich-round/1 record file, or - for standard input.")
    ],
    seat: Annotated[
        str | None,
        typer.Option("--seat", "-s", help="Deduce as this seat (number or name) saw an omniscient record."),
    ] = None,
    info: Annotated[
        bool,
        typer.Option(
            "--info",
            help="For the seat to move (the view): each pick or card with the expected entropy it leaves.",
        ),
    ] = False,
    cards: Annotated[
        bool, typer.Option("--cards", help="Also each unseen card's chance to be in each place.")
    ] = False,
    at: Annotated[int | None, typer.Option("--at", metavar="N", parser=whole_number, help=AT_HELP)] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ascii_only: AsciiOpt = False,
) -> None:
    """What a seat can deduce: the hidden trumps or culprit-weapon pairs, where unseen cards are.

    For Was sticht? and Stich für Stich the secrets still possible with their probabilities;
    for every game with hidden hands the voids, the expected cards per suit in each hand, and
    (--cards) each unseen card's chance to be in each place; any contradiction.
    """
    with user_errors(record_path):
        record = at_events(load_record(record_path), at)
        report = deduce_report(record, seat, info=info)
    if json_out:
        print_json(report)
    else:
        deck = find(record.game)(len(record.players), record.options).deck
        print_deduction(report, cards, deck=deck, symbols=use_symbols(ascii_only))
    if report["conflict"] is not None:  # refused as `check` refuses: the report, and one line
        raise fail(f"{record_path}: {report['conflict']['message']}")


# -- text output ----------------------------------------------------------------------


def _percent(p: float) -> str:
    if p <= 0:
        return "·"
    return f"{100 * p:.0f}%" if p >= 0.01 else "<1%"


def _label(value: object, none: str) -> str:
    return none if value is None else str(value)


def print_deduction(
    report: dict[str, Any],
    cards: bool = False,
    console: Console | None = None,
    deck: Deck | None = None,
    symbols: bool = True,
) -> None:
    """The secrets as a grid, the marginals, the others' counts, the conflict, the card locations;
    the ``deck``'s cards as the game writes them (``K♣``), or as records do without ``symbols``."""
    # Names are text, not markup.
    console = console or Console(markup=False, highlight=False, emoji=False)
    players: list[str] = report["players"]
    rules = find(report["game"])
    written = _Shown(deck or rules(len(players), {}).deck, symbols)
    if rules.secret_holder is None:
        console.print(f"{rules.title} as {players[report['view']]} saw it ({report['events']} events read)")
        if report["conflict"] is not None:
            console.print(f"conflict: {report['conflict']['message']}")
        if "information" in report:
            _print_information(console, report["information"], written)
        console.print(_locations(report["locations"], written))
        if cards:
            console.print(_card_chances(report["locations"], written))
        return
    holder = report["holder"]
    console.print(
        f"{rules.title} as {players[report['view']]} saw it "
        f"({rules.secret_holder} {players[holder]}; {report['events']} events read)"
    )
    first, second = report["marginals"]
    secret = "trumps" if first == "trump_suit" else "culprit-weapon pairs"
    total = len(report["marginals"][first]) * len(report["marginals"][second])
    console.print(f"{report['count']} of {total} {secret} possible, entropy {report['entropy']:.2f} bits")
    console.print(_grid(report, first, second))
    for name in (first, second):
        shown = ", ".join(
            f"{_label(m['value'], 'none')} {_percent(m['p'])}"
            for m in report["marginals"][name]
            if m["p"] > 0
        )
        console.print(f"{name.replace('_', ' ')}: {shown or 'nothing fits'}")
    if report["others"]:
        console.print("what the others can still consider possible:")
        for other in report["others"]:
            listed = ", ".join(_secret_text(c, first, second) for c in other["consistent"][:8])
            more = f" and {other['count'] - 8} more" if other["count"] > 8 else ""
            console.print(
                f"  {players[other['seat']]}: {other['count']} ({other['entropy']:.2f} bits): {listed}{more}"
            )
    if "information" in report:
        _print_information(console, report["information"], written)
    if report["stopped"]:
        console.print(f"the record stops being read at {report['stopped']}")
    if report["conflict"] is not None:
        console.print(f"conflict: {report['conflict']['message']}")
    if "locations" in report:
        places = report["locations"]["places"]
        if report["locations"]["consistent"] and all(
            not place["certain"] and place["possible"] == places[0]["possible"] for place in places
        ):
            # Nothing narrows the hidden hands (Stich für Stich: nobody has to follow).
            where = ", ".join(f"{place['name']} ({place['size']})" for place in places)
            console.print(
                f"card locations: each of the {len(places[0]['possible'])} unseen cards may be in {where}"
            )
        else:
            console.print(_locations(report["locations"], written))
            if cards:
                console.print(_card_chances(report["locations"], written))


def _print_information(console: Console, info: dict[str, Any], shown: _Shown) -> None:
    """Candidates best first: lowest expected entropy for a finder, highest for a hider."""
    if "error" in info:
        console.print(f"information value: {info['error']}")
        return
    order = info["want_low"] if info["mode"] == "finder" else info["want_high"]
    by_card = {c["card"]: c for c in info["candidates"]}
    wants = "leaves the least doubt" if info["mode"] == "finder" else "keeps the others most in doubt"
    table = Table(title=f"what each choice tells (best first: {wants})", box=None, padding=(0, 2))
    table.add_column("choice")
    table.add_column("expected entropy", justify="right")
    table.add_column("gain (bits)", justify="right")
    for name in order:
        c = by_card[name]
        table.add_row(shown.cards(name), f"{c['expected_entropy']:.2f}", f"{c['gain']:.2f}")
    console.print(table)


def _secret_text(entry: dict[str, Any], first: str, second: str) -> str:
    return f"{_label(entry[first], 'none')}/{_label(entry[second], 'none')}"


def _grid(report: dict[str, Any], first: str, second: str) -> Table:
    """Rows: the first component's values; columns: the second's; cells: probabilities."""
    rows = [m["value"] for m in report["marginals"][first]]
    columns = [m["value"] for m in report["marginals"][second]]
    p = {(c[first], c[second]): c["p"] for c in report["consistent"]}
    table = Table(box=None, padding=(0, 1))
    table.add_column(first.replace("_", " "))
    for value in columns:
        table.add_column(_label(value, "none"), justify="right")
    for row in rows:
        table.add_row(_label(row, "none"), *(_percent(p.get((row, value), 0.0)) for value in columns))
    return table


SHORT = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


class _Shown:
    """Cards and suits as a player reads them: as the game writes them, or as records do."""

    def __init__(self, deck: Deck, symbols: bool) -> None:
        self.deck, self.symbols = deck, symbols

    def cards(self, text: str) -> Text:
        return card_text(text, self.deck, self.symbols)

    def suit(self, name: str) -> str:
        return SHORT.get(name, name) if self.symbols else name


def _locations(locations: dict[str, Any], shown: _Shown) -> Table:
    """Each hidden place: its size, the suits it has shown out of, the expected number of unseen
    cards of each suit there, and the cards certainly there."""
    title = "card locations" + ("" if locations["consistent"] else " (no deal fits)")
    table = Table(title=title, box=None, padding=(0, 2), title_justify="left")
    table.add_column("place")
    table.add_column("cards", justify="right")
    table.add_column("void in")
    table.add_column("expected by suit")
    table.add_column("certainly there")
    for place in locations["places"]:
        expected = " ".join(
            f"{shown.suit(name)}{count:.1f}" for name, count in place.get("expected", {}).items()
        )
        table.add_row(
            place["name"],
            str(place["size"]),
            " ".join(shown.suit(v) for v in place.get("voids", [])) or "-",
            expected or "-",
            shown.cards(" ".join(place["certain"]) or "-"),
        )
    return table


def _card_chances(locations: dict[str, Any], shown: _Shown) -> Table:
    """Each unseen card's chance to be in each place; cards with the same chances share a row."""
    places = locations["places"]
    rows: dict[tuple[float, ...], list[str]] = {}
    cards: list[str] = []
    for place in places:
        for card in place.get("probabilities", {}):
            if card not in cards:
                cards.append(card)
    for card in cards:
        key = tuple(round(place.get("probabilities", {}).get(card, 0.0), 4) for place in places)
        rows.setdefault(key, []).append(card)
    table = Table(title="where each unseen card is", box=None, padding=(0, 2), title_justify="left")
    table.add_column("cards")
    for place in places:
        table.add_column(place["name"], justify="right")
    for key, group in rows.items():
        table.add_row(shown.cards(" ".join(group)), *(_percent(p) for p in key))
    return table
