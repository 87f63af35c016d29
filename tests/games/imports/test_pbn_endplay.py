"""The PBN import against endplay's PBN reader and writer (an oracle we did not write)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("endplay")

from endplay.parsers import pbn as endplay_pbn
from endplay.types import Board, Card, Contract, Deal, Denom, Player

from stich.games.imports import import_file, import_text
from stich.games.imports.pbn import BRIDGE_OPTIONS, SEATS
from stich.games.record import Record, check_report, simulate

SAMPLES = Path(__file__).parent / "samples"
SUIT_OF = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C"}
RANKS = "23456789TJQKA"


def stich_name(card: Card) -> str:
    return card.rank.abbr.replace("10", "T") + SUIT_OF[card.suit]


def endplay_view(board: Board) -> tuple[list[list[str]], str | None, list[str]]:
    """Hands by seat N E S W, the trump and the cards in playing order, as endplay reads a board."""
    hands = [sorted(stich_name(c) for c in board.deal[player]) for player in Player]
    denom = board.contract.denom if board.contract is not None else Denom.nt
    played = [stich_name(c) for c in board.play if c.suit != Denom.nt]  # NT cards pad a short trick
    return hands, SUIT_OF.get(denom), played


def stich_view(record: Record) -> tuple[list[list[str]], str | None, list[str]]:
    hands = [sorted(record.known["hands"][str(s)]) for s in range(4)]
    return hands, record.known["trump"], [e["play"] for e in record.events]


def test_the_trickster_boards_read_as_endplay_reads_them() -> None:
    """endplay orders the [Play] columns into playing order by its own trick winners."""
    path = SAMPLES / "trickster_bridge_171.pbn"
    records = import_file(path).records
    with path.open(encoding="utf-8") as handle:
        boards = endplay_pbn.load(handle)
    assert len(boards) == len(records) == 2
    for board, record in zip(boards, records, strict=True):
        assert stich_view(record) == endplay_view(board)


def pbn_hand(cards: list[str]) -> str:
    ordered = sorted(cards, key=lambda c: RANKS.index(c[0]), reverse=True)
    return ".".join("".join(c[0] for c in ordered if c[1] == suit) for suit in "SHDC")


def as_endplay_board(record: Record, level: int) -> Board:
    """A simulated bridge-shaped round as an endplay board: the record's dealer declares."""
    hands = record.known["hands"]
    deal = Deal("N:" + " ".join(pbn_hand(hands[str(s)]) for s in range(4)))
    strain = record.known["trump"] or "NT"
    declarer = record.dealer
    contract = Contract(f"{level}{strain}{SEATS[declarer]}")
    won = check_report(record)["result"]["tricks"]
    contract.result = won[declarer] + won[(declarer + 2) % 4] - (level + 6)
    board = Board(deal=deal, contract=contract, dealer=Player.north, board_num=1)
    board.play = [Card(e["play"][1] + e["play"][0]) for e in record.events]
    return board


@pytest.mark.parametrize("seed", range(12))
def test_boards_written_by_endplay_come_back_as_played(seed: int) -> None:
    """Random legal play of a bridge-shaped round, written as PBN by endplay (which lays the cards
    into the [Play] columns by its own trick winners), imports as the same round."""
    record = simulate("stiche-raten", 4, seed, BRIDGE_OPTIONS, dealer=seed % 4)
    text = endplay_pbn.dumps([as_endplay_board(record, 1 + seed % 7)])
    (imported,) = import_text(text, "endplay.pbn").records
    assert stich_view(imported) == stich_view(record)
    assert imported.dealer == record.dealer
    assert check_report(imported)["result"] == check_report(record)["result"]


def test_an_imported_board_solves_for_the_partnerships_as_dds_does() -> None:
    """What the record cannot hold — partnerships — the solver takes as teams: before every third trick of
    the real board, North-South's and East-West's double-dummy tricks agree with DDS."""
    import stich
    from stich.solvers import Solver, position_of
    from tests.oracles.dds import dds_tricks

    (record, _) = import_file(SAMPLES / "trickster_bridge_171.pbn").records
    for trick in range(0, 13, 3):
        state = stich.replay(record, events=4 * trick)
        position = position_of(state, teams=[[0, 2], [1, 3]])
        assert Solver(position).value() == dds_tricks(position)


def test_double_dummy_tricks_order_matches_dds() -> None:
    """[DoubleDummyTricks] read as declarers N, S, E, W each in NT, S, H, D, C gives DDS's table of
    the deal (a right table, written by BBO Extractor)."""
    from endplay import dds

    from stich.games.imports.pbn import stored_tables

    (record,) = import_file(SAMPLES / "bbo_extractor_board_1.pbn").records
    deal = Deal(record.extra["source"]["tags"]["Deal"])
    by_dds = dds.calc_dd_table(deal).to_list()  # [strain S, H, D, C, NT][declarer N, E, S, W]
    rows = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
    expected = {
        (seat, strain): by_dds[rows[strain]]["NESW".index(seat)] for seat in "NESW" for strain in rows
    }
    dd, optimum = stored_tables(record.extra["source"])
    assert dd.cells == expected and optimum.cells == expected
