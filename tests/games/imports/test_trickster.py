"""Trickster Cards' Oh Hell game records (a PBN dialect), on the real sample of issue #245."""

from __future__ import annotations

from pathlib import Path

import pytest

from stich.games.imports import ImportProblems, import_file, import_text
from stich.games.record import check_report
from stich.hints.advice import Budget, advise
from stich.hints.analysis import analyze
from stich.hints.session import Session

SAMPLE = Path(__file__).parent / "samples" / "trickster_oh_hell_245.pbn"


def test_the_sample_round_replays_with_its_bids_and_tricks() -> None:
    imported = import_file(SAMPLE)
    assert imported.warnings == [f"{SAMPLE}:5: the tag [LocalDateTime] has no closing ]; read anyway"]
    (record,) = imported.records
    assert record.game == "stiche-raten" and record.start == "deal" and record.view is None
    # "deal 10..1..10 without hook", and hookRule false in the game options.
    assert record.options == {"restriction": False, "first_round": 10, "sequence": "down-up"}
    assert record.players == ["Vanessa (Auto)", "Joann (Auto)", "Rick (2438974)", "Fletcher (Auto)"]
    assert record.dealer == 3 and record.known["cards"] == 5
    assert record.known["trump_card"] == "QH"  # the first undealt card
    assert [e["bid"] for e in record.events if "bid" in e] == [2, 2, 0, 0]
    report = check_report(record)
    assert report["ok"] and not report["complete"]
    # Hearts are trump: East's TH wins trick 1; North, void in spades, ruffs East's AS with H6.
    assert [(t["leader"], t["winner"]) for t in report["tricks"]] == [(0, 1), (1, 0)]
    assert record.events[-2:] == [{"seat": 0, "play": "JD"}, {"seat": 1, "play": "QD"}]
    assert record.extra["source"]["tags"]["GameScores"] == "S:82 95 98 79"


def test_the_assistant_reads_the_imported_round() -> None:
    """South is to play to trick 3; the advice is a card the rules accept, and the analysis runs."""
    (record,) = import_file(SAMPLE).records
    session = Session.from_record(record, 2)
    advice = advise(session, Budget(worlds=4, seed=1))
    assert advice.seat == 2 and advice.action in session.legal()
    analysis = analyze(record, seats=[0], budget=Budget(worlds=2, seed=1))
    assert [r.seat for r in analysis.reviews] == [0, 0, 0, 0]  # North's bid and three plays


def with_line(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(
    "old, new, message",
    [
        (
            '[GameCode "OhHell"]',
            '[GameCode "Spades"]',
            '6: [GameCode "Spades"]: stich reads Trickster\'s Oh Hell',
        ),
        (
            '[Auction "N"]',
            '[Auction "E"]',
            '16: [Auction "E"]: the first bid is North\'s (left of the dealer)',
        ),
        ("2 2 0 0", "2 2 0 x", "17: 'x' is not a bid (a number of tricks)"),
        (
            '[Undealt "HQ',
            '[Undealt "H4',
            "15: [Undealt] must hold the 32 cards not dealt, but 4H is also dealt",
        ),
        ("DJ DQ - -", "DJ - DQ -", "21: trick 3 is led by Vanessa (Auto): Rick (2438974) has a card, but"),
    ],
)
def test_a_line_that_breaks_the_round_is_named(old: str, new: str, message: str) -> None:
    text = with_line(SAMPLE.read_text(encoding="utf-8"), old, new)
    with pytest.raises(ImportProblems) as caught:
        import_text(text, "oh.pbn")
    assert caught.value.problems[0].startswith(f"oh.pbn:{message}")


def test_the_hook_rule_is_the_dealer_restriction() -> None:
    """With hookRule on, the dealer may not bid so that the bids add up to the tricks."""
    text = with_line(SAMPLE.read_text(encoding="utf-8"), '"hookRule":false', '"hookRule":true')
    (record,) = import_text(text, "oh.pbn").records
    assert record.options["restriction"] is True
    with pytest.raises(ImportProblems, match=r"oh.pbn:17: Fletcher \(Auto\) \(dealer\) may not bid 1"):
        import_text(with_line(text, "2 2 0 0", "2 2 0 1"), "oh.pbn")
