"""``stich deduce``: which secrets a seat's view still allows, how likely, and where hidden cards can be."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from deducer.conflicts import find_conflict
from deducer.explain import find_hypothesis_conflict
from deducer.hypotheses import Method, deduce
from deducer.information import information
from deducer.locations import card_locations
from deducer.observations import observe
from games.base import seat_index
from games.errors import StichError
from games.record import Record, load_record, replay
from games.views import seat_view
from stich.cli._common import print_json, user_errors

__all__ = ["deduce_cli", "deduce_report", "view_of"]

TITLES = {"was-sticht": "Was sticht?", "stich-fuer-stich": "Stich für Stich"}
HOLDERS = {"was-sticht": "dealer", "stich-fuer-stich": "confidant"}


def view_of(record: Record, seat: str | int | None) -> Record:
    """The record as ``seat`` saw it: a view record as it is, an omniscient one through `seat_view`."""
    if seat is None:
        if record.view is None:
            raise StichError(
                "the record is omniscient (view null): give --seat S to deduce as one seat saw it"
            )
        return record
    index = seat_index(int(seat) if isinstance(seat, str) and seat.isdigit() else seat, record.players)
    if record.view is None:
        return seat_view(record, index)
    if record.view != index:
        raise StichError(
            f"the record is seen from seat {record.view} ({record.players[record.view]}), "
            f"not from seat {index}; give an omniscient record to take another seat's view"
        )
    return record


def deduce_report(
    record: Record, seat: str | int | None = None, method: Method = "brute-force", info: bool = False
) -> dict[str, Any]:
    """The ``stich deduce --json`` shape: the consistent secrets with probabilities, the marginals,
    what each other seat can still consider (from the dealer's or confidant's view), the first
    conflict, and for hidden hands the card locations."""
    view = view_of(record, seat)
    if view.game not in TITLES:
        return locations_report(view)
    deduction = deduce(view, method)
    ev = deduction.evidence
    report: dict[str, Any] = {"players": list(view.players), **deduction.to_json()}
    conflict = find_hypothesis_conflict(ev)
    report["conflict"] = None if conflict is None else conflict.to_json()
    if info:
        try:
            report["information"] = information(ev).to_json()
        except StichError as exc:
            report["information"] = {"error": str(exc)}
    obs = observe(ev.round)
    if obs.places and any(place.seat is not None for place in obs.places):
        locations = card_locations(obs)
        report["locations"] = locations.to_json(obs)
        if not locations.consistent and report["conflict"] is None:
            found = find_conflict(obs)
            if found is not None:
                report["conflict"] = {"events": list(found.events), "message": found.message}
    return report


def locations_report(view: Record) -> dict[str, Any]:
    """For games with no hidden secret (Stiche-Raten, Wizard, 24): the card locations and any conflict."""
    outcome = replay(view)
    if not outcome.ok:
        raise StichError(f"the record breaks the rules: {outcome.error}")
    obs = observe(outcome.round)
    locations = card_locations(obs)
    found = None if locations.consistent else find_conflict(obs)
    return {
        "game": view.game,
        "players": list(view.players),
        "view": view.view,
        "events": len(view.events),
        "consistent": None,
        "conflict": None if found is None else {"events": list(found.events), "message": found.message},
        "locations": locations.to_json(obs),
    }


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
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Which hidden trumps or culprit-weapon pairs a seat's view still allows, how likely each is,
    and where the hidden cards can be."""
    with user_errors():
        record = load_record(record_path)
        report = deduce_report(record, seat, info=info)
    if json_out:
        print_json(report)
    else:
        print_deduction(report)
    if report["conflict"] is not None:
        raise typer.Exit(1)


# -- text output ----------------------------------------------------------------------


def _percent(p: float) -> str:
    if p <= 0:
        return "·"
    return f"{100 * p:.0f}%" if p >= 0.01 else "<1%"


def _label(value: object, none: str) -> str:
    return none if value is None else str(value)


def print_deduction(report: dict[str, Any]) -> None:
    """The secrets as a grid, the marginals, the others' counts, the conflict, the card locations."""
    console = Console()
    players: list[str] = report["players"]
    game = report["game"]
    if game not in TITLES:
        console.print(f"{game} as {players[report['view']]} saw it ({report['events']} events read)")
        if report["conflict"] is not None:
            console.print(f"conflict: {report['conflict']['message']}")
        console.print(_locations(report["locations"]))
        return
    holder = report["holder"]
    console.print(
        f"{TITLES[game]} as {players[report['view']]} saw it "
        f"({HOLDERS[game]} {players[holder]}; {report['events']} events read)"
    )
    first, second = report["marginals"]
    secret = "trumps" if game == "was-sticht" else "culprit-weapon pairs"
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
        _print_information(console, report["information"])
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
            console.print(_locations(report["locations"]))


def _print_information(console: Console, info: dict[str, Any]) -> None:
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
        table.add_row(name, f"{c['expected_entropy']:.2f}", f"{c['gain']:.2f}")
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


def _locations(locations: dict[str, Any]) -> Table:
    """Each hidden place: its size, the cards certainly there, the cards possibly there."""
    title = "card locations" + ("" if locations["consistent"] else " (no deal fits)")
    table = Table(title=title, box=None, padding=(0, 2), title_justify="left")
    table.add_column("place")
    table.add_column("cards", justify="right")
    table.add_column("certain")
    table.add_column("possible")
    for place in locations["places"]:
        table.add_row(
            place["name"],
            str(place["size"]),
            " ".join(place["certain"]) or "-",
            " ".join(place["possible"]) or "-",
        )
    return table
