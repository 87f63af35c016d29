"""PBN files: the reader, bridge boards as Stiche-Raten rounds, and a line number for every bad line."""

from __future__ import annotations

from pathlib import Path

import pytest

from stich.games.errors import StichError
from stich.games.imports import ImportProblems, import_file, import_text
from stich.games.imports.pbn import (
    Problems,
    parse_double_dummy_tricks,
    parse_optimum_result_table,
    read_games,
    stored_tables,
)
from stich.games.names import check_player_names
from stich.games.record import check_report, parse_record, record_teams

SAMPLES = Path(__file__).parent / "samples"

BOARD = """\
[Event "Club night"]
[Board "7"]
[North "Ann"]
[East "Bo"]
[South "Cy"]
[West "Di"]
[Dealer "E"]
[Deal "N:AK... QJ... T9... 87..."]
[Declarer "S"]
[Contract "1NT"]
[Result "2"]
[Play "W"]
S8 SA SQ ST
S7 SK SJ S9
"""


def board(text: str = BOARD, **replace: str) -> str:
    """``BOARD`` with some lines replaced: ``replace`` maps a tag name to its new line ("" drops it)."""
    lines = []
    for line in text.splitlines():
        name = line[1:].split(" ", 1)[0] if line.startswith("[") else None
        if name in replace:
            if replace[name]:
                lines.append(replace[name])
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def test_a_two_card_ending_becomes_a_round_without_bids() -> None:
    """Hands of any equal size; the record's dealer sits before the opening leader (West)."""
    (record,) = import_text(board(), "club.pbn").records
    assert record.game == "stiche-raten" and record.start == "tricks"
    assert record.options == {"first_round": 13, "bidding": "none", "trump": "named"}
    assert record.players == ["Ann", "Bo", "Cy", "Di"]
    assert record.dealer == 2 and record.known["trump"] is None
    assert record.known["hands"]["0"] == ["AS", "KS"]
    assert record.events[:2] == [{"seat": 3, "play": "8S"}, {"seat": 0, "play": "AS"}]
    report = check_report(record)
    assert report["ok"] and report["complete"]
    assert [t["winner"] for t in report["tricks"]] == [0, 0]
    assert report["result"]["tricks"] == [2, 0, 0, 0]
    source = record.extra["source"]
    assert source["format"] == "pbn" and source["file"] == "club.pbn" and source["line"] == 1
    assert source["tags"]["Dealer"] == "E" and source["tags"]["Contract"] == "1NT"
    # The record goes out and comes back as itself.
    assert parse_record(record.to_json()) == record


def test_the_trickster_boards_replay_with_their_winners() -> None:
    """A board played to the end (2S by South, 8 tricks for North-South) and one cut off in trick 3,
    where the last row shows East leading: its S7 won trick 2."""
    full, cut = import_file(SAMPLES / "trickster_bridge_171.pbn").records
    report = check_report(full)
    assert report["ok"] and report["complete"]
    assert full.known["trump"] == "S" and full.dealer == 2  # South declares, West leads
    tricks = report["result"]["tricks"]
    assert tricks[0] + tricks[2] == 8
    assert report["tricks"][0]["cards"] == ["JD", "KD", "2D", "5D"]  # West's DJ, North's DK
    assert report["tricks"][0]["winner"] == 0
    assert full.players == ["Marian", "Bill", "gail", "Luther"]
    partial = check_report(cut)
    assert partial["ok"] and not partial["complete"]
    assert [t["winner"] for t in partial["tricks"]] == [3, 1]
    assert cut.events[-1] == {"seat": 1, "play": "4H"}


def test_cards_that_the_leader_does_not_hold_are_named_with_their_line() -> None:
    """Trickster's board of issue #160: the columns hold East's cards first, not North's."""
    with pytest.raises(ImportProblems) as caught:
        import_file(SAMPLES / "trickster_bridge_160.pbn")
    (problem,) = caught.value.problems
    assert problem.startswith(f"{SAMPLES / 'trickster_bridge_160.pbn'}:18: trick 1: Kathy played AS")
    assert "does not hold it" in problem


def test_the_reader_skips_comments_and_repeats_tags_marked_hash() -> None:
    text = """\
% PBN 2.1
% EXPORT
[Event "Pairs"] ; the event
{ a comment
  over two lines }
[Note "1: natural"]
[Note "2: forcing"]
[Auction "N"]
1C =1= Pass 1H =2= Pass ; after the auction
Pass Pass

[Event "#"]
[Annotator "said \\"so\\""]
[Site "#"]
"""
    problems = Problems("x.pbn")
    first, second = read_games(text, problems)
    assert problems.errors == ['x.pbn:14: [Site "#"] repeats the previous game\'s tag, which has none']
    assert problems.warnings == []
    assert first.value("Event") == "Pairs"
    assert first.notes == ["1: natural", "2: forcing"]
    auction = first.get("Auction")
    assert auction is not None and auction.rows == [
        (9, ["1C", "=1=", "Pass", "1H", "=2=", "Pass"]),
        (10, ["Pass", "Pass"]),
    ]
    assert second.line == 12 and second.value("Event") == "Pairs"
    assert second.value("Annotator") == 'said "so"'


def test_every_line_that_cannot_be_read_is_named() -> None:
    """One message per bad line, each with the file and line; nothing is imported."""
    text = (
        board(Deal='[Deal "N:AK... QJ... T9..."]')
        + "\n"
        + board(Contract='[Contract "8NT"]')
        + "\n"
        + board().replace("S7 SK SJ S9", "S7 SK SJ")
        + "\nnot a tag\n"
    )
    with pytest.raises(ImportProblems) as caught:
        import_text(text, "three.pbn")
    assert caught.value.problems == [
        "three.pbn:8: [Deal] gives 3 hands; it needs 4 (- for an unknown hand)",
        'three.pbn:25: [Contract "8NT"] is not a contract such as 4H, 3NT, 5DX or Pass',
        "three.pbn:44: a trick row needs 4 cards, one a seat from the [Play] seat on (- for none), got 3",
        "three.pbn:46: 'not a tag' is neither a tag pair nor a line of an [Auction], [Play] or table",
    ]
    assert str(caught.value).endswith("(and 3 more)")


@pytest.mark.parametrize(
    "change, message",
    [
        (
            {"Deal": '[Deal "N:AK... QJ... T9... -"]'},
            "8: [Deal] does not give the hand of West; stich needs all four",
        ),
        (
            {"Deal": '[Deal "N:AK... AJ... T9... 87..."]'},
            "8: [Deal] East's hand 'AJ...': AS is also in North's",
        ),
        ({"Contract": ""}, "11: the [Play] section needs the trump: give a [Contract] such as 4H or 3NT"),
        (
            {"Play": '[Play "N"]'},
            '12: [Play "N"]: the opening leader sits left of the declarer South, so it is West',
        ),
        ({"Result": '[Result "1"]'}, '11: [Result "1"], but in the play the declaring side takes 2 tricks'),
        ({"Declarer": '[Declarer "X"]'}, '9: [Declarer "X"] must be a seat: N, E, S or W'),
    ],
)
def test_what_a_board_says_must_hold_together(change: dict[str, str], message: str) -> None:
    text = board(**change)
    with pytest.raises(ImportProblems) as caught:
        import_text(text, "b.pbn")
    assert caught.value.problems[0].startswith(f"b.pbn:{message}")


def test_a_trick_row_plays_from_its_leader_on() -> None:
    """A card after a missing one in playing order, and a trick after an incomplete one, are refused;
    a claim ends the play, and the result must still be reachable."""
    gap = board().replace("S7 SK SJ S9", "S7 - SJ S9")
    with pytest.raises(ImportProblems, match=r"b.pbn:14: trick 2 is led by Ann: Bo has a card, but"):
        import_text(gap, "b.pbn")
    claimed = board().replace("S7 SK SJ S9\n", "*\n")
    (record,) = import_text(claimed, "b.pbn").records
    assert len(record.events) == 4
    unreachable = claimed.replace('[Result "2"]', '[Result "0"]')
    with pytest.raises(
        ImportProblems, match="cannot be reached: the declaring side has 1 tricks with 1 to play"
    ):
        import_text(unreachable, "b.pbn")


def test_a_passed_out_board_has_no_play() -> None:
    text = board(Contract='[Contract "Pass"]', Declarer="", Result="", Play="")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("S")) + "\n"
    (record,) = import_text(text, "b.pbn").records
    assert record.events == [] and record.known["trump"] is None
    assert record.dealer == 1  # the board's dealer, East: nobody leads a passed-out board


def test_pbn_import_carries_partnerships() -> None:
    """A bridge deal's two partnerships travel with the record; a record's teams must split its seats."""
    (record,) = import_text(board(), "club.pbn").records
    assert record.extra["teams"] == [[0, 2], [1, 3]]
    data = record.to_json()
    assert data["teams"] == [[0, 2], [1, 3]]
    assert record_teams(parse_record(data)) == [[0, 2], [1, 3]]
    for teams, why in (
        ([[0, 2], [1, 2]], "seat 2 is in two teams"),
        ([[0, 2], [1]], "seat 3 is in no team"),
        ([[0, 2], [1, 4]], "seat 4 does not exist"),
    ):
        with pytest.raises(StichError, match=why):
            parse_record({**data, "teams": teams}, "club.json")
    with pytest.raises(StichError, match="teams"):
        parse_record({**data, "teams": [[0, 2], []]}, "club.json")
    # Trickster's Oh Hell rounds are every seat for itself.
    (oh_hell,) = import_file(SAMPLES / "trickster_oh_hell_245.pbn").records
    assert record_teams(oh_hell) is None


def test_pbn_optimum_result_table_kept() -> None:
    """The table's header is kept as written (``\\2R`` is its column layout, not an escape), its
    rows as values; [DoubleDummyTricks] (declarers N S E W, each NT S H D C) reads as the same
    table as the labelled rows of [OptimumResultTable] in both real files."""
    (record,) = import_file(SAMPLES / "bbo_extractor_board_1.pbn").records
    source = record.extra["source"]
    assert source["tags"]["OptimumResultTable"] == "Declarer;Denomination\\2R;Result\\2R"
    table = source["tables"]["OptimumResultTable"]
    assert table["columns"] == "Declarer;Denomination\\2R;Result\\2R"
    assert table["rows"][:2] == [["N", "NT", "13"], ["N", "S", "8"]] and len(table["rows"]) == 20
    assert source["tags"]["DoubleDummyTricks"] == "d8ddad8dda0500105001"
    assert parse_record(record.to_json()) == record
    for path in (SAMPLES / "bbo_extractor_board_1.pbn", SAMPLES / "dealer4_boards_1_2.pbn"):
        for imported in import_file(path).records:
            dd, optimum = stored_tables(imported.extra["source"])
            assert (dd.tag, optimum.tag) == ("DoubleDummyTricks", "OptimumResultTable")
            assert dd.problem is None and optimum.problem is None
            assert len(dd.cells) == 20 and dd.cells == optimum.cells


def test_a_table_row_keeps_a_quoted_value_with_spaces() -> None:
    text = board() + '[ScoreTable "Rank\\2R;PairId;Names\\20L"]\n 1 "7" "Ann Smith - Bo Jones"\n'
    (record,) = import_text(text, "club.pbn").records
    table = record.extra["source"]["tables"]["ScoreTable"]
    assert table == {"columns": "Rank\\2R;PairId;Names\\20L", "rows": [["1", "7", "Ann Smith - Bo Jones"]]}


def test_an_unreadable_stored_table_is_a_warning_and_kept_as_written() -> None:
    text = board() + '[DoubleDummyTricks "d8ddad8dda05001050"]\n'
    imported = import_text(text, "club.pbn")
    assert imported.warnings == [
        'club.pbn:15: [DoubleDummyTricks "d8ddad8dda05001050"] must be 20 hexadecimal digits (tricks 0-d '
        "for declarers N, S, E, W, each in NT, S, H, D, C); kept as written"
    ]
    (stored,) = stored_tables(imported.records[0].extra["source"])
    assert stored.cells == {} and stored.problem is not None
    bad_rows = board() + '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT 13\nX S 4\n'
    (warning,) = import_text(bad_rows, "club.pbn").warnings
    assert "row 2 'X S 4': a declarer N, E, S or W" in warning
    with pytest.raises(StichError, match="needs the columns Declarer, Denomination and Result"):
        parse_optimum_result_table("Declarer;Strain;Result", [["N", "NT", "13"]])
    with pytest.raises(StichError, match="N NT is given twice"):
        parse_optimum_result_table("Declarer;Denomination;Result", [["N", "NT", "1"], ["N", "N", "2"]])
    with pytest.raises(StichError, match="digit 3 is e, more than 13"):
        parse_double_dummy_tricks("88e" + "0" * 17)


def test_player_tags_that_no_record_may_hold_are_mended_with_a_warning() -> None:
    """A NUL or tab in a name, a name over 40 characters: the record gets a name the rule for names
    accepts, the warning says which, and the tag's value stays in the source."""
    long = "Bartholomew Fitzgerald-Montgomery of Kensington"
    text = board(
        North='[North "Ann\x00e"]', East=f'[East "{long}"]', South='[South "Cy\tby"]', West='[West "\x01"]'
    )
    imported = import_text(text, "club.pbn")
    (record,) = imported.records
    assert record.players == ["Ann e", long[:39] + "…", "Cy by", "West"]
    assert check_player_names(record.players) == record.players
    assert len(imported.warnings) == 4
    assert imported.warnings[0] == (
        "club.pbn:3: [North]: the name 'Ann\\x00e' holds a control character (U+0000); "
        "the record calls North 'Ann e'"
    )
    assert "has at most 40 characters, this one has 47" in imported.warnings[1]
    assert record.extra["source"]["tags"]["North"] == "Ann\x00e"
    assert check_report(parse_record(record.to_json()))["ok"]
    # Names that the mending makes alike get their seats, and stay within 40 characters.
    twice = board(North=f'[North "{long}x"]', South=f'[South "{long}y"]')
    players = import_text(twice, "club.pbn").records[0].players
    assert players[0].endswith("… (North)") and players[2].endswith("… (South)")
    assert check_player_names(players) == players


def test_only_quote_and_backslash_are_escapes_in_a_tag_value() -> None:
    text = board(Event='[Event "The \\"Open\\" pairs, C:\\\\pbn, \\2R"]')
    (record,) = import_text(text, "club.pbn").records
    assert record.extra["source"]["tags"]["Event"] == 'The "Open" pairs, C:\\pbn, \\2R'
