"""Wizard: wizards and jesters, trump from the turned card, both editions."""

from __future__ import annotations

from typing import Any

import pytest

from stich.games import RuleError, StichError, find
from stich.games.match import check_match_report, parse_match, play_match
from stich.games.record import check_report, parse_record, simulate
from stich.games.stiche_raten import score_bid
from stich.games.trick import legal_plays, trick_winner
from stich.games.wizard import Wizard, WizardRound, wizard_deck, wizard_rules
from stich.solvers.parse import parse_position

DECK = wizard_deck("rulebook")


def cards(*names: str) -> list[int]:
    return [DECK.parse(n) for n in names]


def winner(trump: int | None, *names: str) -> int:
    return trick_winner(wizard_rules("rulebook", trump), cards(*names))


def test_rulebook_first_wizard_wins() -> None:
    """ "Ein Zauberer gewinnt den Stich immer; liegen mehrere drin, gewinnt der erste.\""""
    assert winner(0, "AS", "Z1", "KS", "Z2") == 1
    assert winner(None, "Z2", "Z1") == 0


def test_rulebook_jester_always_loses_unless_only_jesters() -> None:
    assert winner(None, "N1", "2H", "N2") == 1
    assert winner(None, "N1", "N2") == 0


def test_rulebook_jester_lead_first_number_card_sets_the_suit() -> None:
    """After a leading jester the first number card sets the suit to follow."""
    rules = wizard_rules("rulebook", None)
    hand = DECK.parse_set(["2H", "3C", "N2"])
    assert DECK.names(legal_plays(rules, hand, cards("N1", "5H"))) == ["2H", "N2"]
    assert winner(None, "N1", "5H", "AC", "2H") == 1


# 4 players, dealer 3, trump 4C: a jester led, then a wizard, then a heart, and D holds 3H.
JESTER_THEN_WIZARD = {
    "hands": {"0": ["N1", "2D"], "1": ["Z1", "2C"], "2": ["5H", "3C"], "3": ["KS", "3H"]},
    "trump_card": "4C",
}


def jester_then_wizard_round(edition: str) -> WizardRound:
    state = Wizard(4, {"edition": edition}).new_round(["A", "B", "C", "D"], 3, None, JESTER_THEN_WIZARD)
    for seat, bid in enumerate([0, 1, 1, 0]):
        state.apply({"seat": seat, "bid": bid})
    for seat, card in enumerate(["N1", "Z1", "5H"]):
        state.apply({"seat": seat, "play": card})
    return state


def test_rulebook_jester_then_wizard_first_number_card_sets_the_suit() -> None:
    """Rulebook: "Wird ein Narr ausgespielt, bestimmt die erste Zahlenkarte die Farbe, die bedient
    werden muss" -- a wizard after the jester is no number card, and it was not led, so it
    frees nobody: 5H sets hearts and D, holding 3H, may not play KS."""
    state = jester_then_wizard_round("rulebook")
    assert DECK.names(state.legal_cards(3)) == ["3H"]
    with pytest.raises(RuleError, match=r"^D played KS but must follow hearts \(holds 3H\)$"):
        state.apply({"seat": 3, "play": "KS"})
    state.apply({"seat": 3, "play": "3H"})
    assert state.tricks[-1].winner == 1  # the wizard still wins


def test_original_rules_jester_then_wizard_frees_everyone() -> None:
    """Original: "If a Wizard is the first non-Jester card played after the lead of a Jester,
    then all subsequent players may play any card." """
    state = jester_then_wizard_round("original")
    assert state.deck.names(state.legal_cards(3)) == ["KS", "3H"]
    state.apply({"seat": 3, "play": "KS"})
    assert state.tricks[-1].winner == 1


@pytest.mark.parametrize("edition", ["rulebook", "original"])
def test_jester_then_wizard_in_the_trick_algebra(edition: str) -> None:
    rules, deck = wizard_rules(edition, None), wizard_deck(edition)
    hand = deck.parse_set(["2H", "3C"])

    def legal(*trick: str) -> list[str]:
        return deck.names(legal_plays(rules, hand, [deck.parse(c) for c in trick]))

    everything = ["2H", "3C"]
    assert legal("Z1") == everything  # a wizard led frees everyone in both editions
    assert legal("N1", "5H", "Z1") == ["2H"]  # a suit card came first: hearts
    assert legal("N1", "Z1") == everything  # no number card yet (rulebook), or freed (original)
    assert legal("N1", "Z1", "5H") == (["2H"] if edition == "rulebook" else everything)
    assert legal("N1", "N2", "Z1", "7C") == (["3C"] if edition == "rulebook" else everything)


def test_rulebook_wizard_lead_frees_everyone() -> None:
    rules = wizard_rules("rulebook", None)
    hand = DECK.parse_set(["2H", "3C"])
    assert legal_plays(rules, hand, cards("Z1")) == hand


def test_wizards_and_jesters_may_be_played_despite_holding_the_suit() -> None:
    rules = wizard_rules("rulebook", 1)
    hand = DECK.parse_set(["2H", "3C", "Z1", "N1"])
    assert DECK.names(legal_plays(rules, hand, cards("5C"))) == ["3C", "Z1", "N1"]


def test_trump_from_the_turned_card() -> None:
    game = Wizard(3)
    names = ["A", "B", "C"]
    hands = {"0": ["2S"], "1": ["3S"], "2": ["4S"]}
    assert game.new_round(names, 2, None, {"hands": hands, "trump_card": "5H"}).trump == 1
    assert game.new_round(names, 2, None, {"hands": hands, "trump_card": "N1"}).trump is None
    state = game.new_round(names, 2, None, {"hands": hands, "trump_card": "Z1"})
    assert state.phase == "trump" and state.to_move() == 2
    with pytest.raises(RuleError, match="must first choose the trump suit"):
        state.apply({"seat": 0, "bid": 0})
    state.apply({"seat": 2, "trump": "D"})
    assert state.trump == 2 and state.phase == "bid"


def test_rulebook_no_trump_only_when_no_card_remains() -> None:
    """ "Ein Narr oder keine Karte mehr heißt kein Trumpf": with 53 cards left one is turned."""
    hands = {"0": ["2S"], "1": ["3S"], "2": ["4S"]}
    with pytest.raises(StichError, match=r"^known.trump_card is null, but 53 cards are not dealt"):
        Wizard(3).new_round(["A", "B", "C"], 2, None, {"hands": hands, "trump_card": None})
    assert Wizard(3).new_round(["A", "B", "C"], 2, None, {"hands": hands, "trump_card": "N2"}).trump is None


@pytest.mark.parametrize("number", [-1e30, "banana", 0, 2.0])
def test_known_round_must_be_a_round_number(number: object) -> None:
    hands = {"0": ["2S"], "1": ["3S"], "2": ["4S"]}
    with pytest.raises(StichError, match=r"^known.round .* is not a round number"):
        Wizard(3).new_round(["A", "B", "C"], 2, None, {"hands": hands, "trump_card": "5H", "round": number})


def test_rulebook_round_r_deals_r_cards() -> None:
    """ "In Runde 1 bekommt jeder 1 Karte, in Runde 2 zwei und so weiter … (zu dritt 18 Runden)"."""
    hands = {"0": ["2S"], "1": ["3S"], "2": ["4S"]}
    known = {"hands": hands, "trump_card": "5H"}
    assert Wizard(3).new_round(["A", "B", "C"], 2, None, {**known, "round": 1}).round_number == 1
    with pytest.raises(
        StichError, match=r"^known.round 2 deals 2 cards each under the options, but the hands hold 1$"
    ):
        Wizard(3).new_round(["A", "B", "C"], 2, None, {**known, "round": 2})
    with pytest.raises(StichError, match=r"^known.round 19: wizard has 18 rounds under its options$"):
        Wizard(3).new_round(["A", "B", "C"], 2, None, {**known, "round": 19})
    with pytest.raises(StichError, match=r"^known.blind is true, but no round of wizard is bid blind"):
        Wizard(3).new_round(["A", "B", "C"], 2, None, {**known, "blind": True})


def test_rulebook_round_counts() -> None:
    """Rulebook edition: 18/14/11/9 rounds for 3/4/5/6; original: 20/15/12/10."""
    assert [len(Wizard(n).round_sizes()) for n in (3, 4, 5, 6)] == [18, 14, 11, 9]
    assert [len(Wizard(n, {"edition": "original"}).round_sizes()) for n in (3, 4, 5, 6)] == [20, 15, 12, 10]


def test_rulebook_wizard_scoring() -> None:
    """Hit: 20 + 10 per trick; miss: -10 per trick over or under."""
    assert score_bid(2, 2, "wizard") == 40
    assert score_bid(0, 0, "wizard") == 20
    assert score_bid(1, 3, "wizard") == -20


@pytest.mark.parametrize("edition", ["rulebook", "original"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_rounds_are_complete(edition: str, players: int) -> None:
    game = find("wizard")(players, {"edition": edition})
    for round_number in (1, len(game.round_sizes()) // 2, len(game.round_sizes())):
        import random

        rng = random.Random(round_number)
        known = game.deal(rng, players - 1, round_number=round_number)
        state = game.new_round([f"P{i}" for i in range(players)], players - 1, None, known)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_events()))
        assert sum(state.won) == round_number == len(state.tricks)
        assert all(t.winner in t.seats for t in state.tricks)
    assert simulate("wizard", players, 1, {"edition": edition}).events


def _with_edition(data: dict[str, Any], edition: str) -> dict[str, Any]:
    """A record or match as JSON with its edition (and each round's) set to ``edition``."""
    data = {**data, "options": {**data["options"], "edition": edition}}
    if "rounds" in data:
        data["rounds"] = [_with_edition(r, edition) for r in data["rounds"]]
    return data


def test_old_edition_name_seed_is_read_as_rulebook() -> None:
    """Before 0.2.0 the rulebook edition was ``edition: seed``: records, matches (journals) and
    positions that say so still read, as the 56-card rulebook edition."""
    assert Wizard(4, {"edition": "seed"}).options["edition"] == "rulebook"
    assert Wizard(4, {"edition": "seed"}).deck.size == 56
    record = simulate("wizard", 4, 5, {"edition": "rulebook"})
    old = parse_record(_with_edition(record.to_json(), "seed"))
    assert old.options == {"edition": "rulebook"}
    assert check_report(old) == check_report(record)
    match = play_match("wizard", 3, 2, {"edition": "rulebook"})
    old_match = parse_match(_with_edition(match.to_json(), "seed"))
    assert old_match.to_json() == match.to_json()
    assert check_match_report(old_match) == check_match_report(match)
    position = {
        "game": "wizard",
        "options": {"edition": "seed"},
        "trump": None,
        "hands": [["Z2"], ["N2"], ["AS"]],
    }
    assert parse_position(position).to_json()["options"] == {"edition": "rulebook"}


def test_the_rulebook_edition_is_written_by_its_new_name() -> None:
    """The program writes ``rulebook``, also where it was given the old name ``seed``."""
    edition = next(o for o in Wizard.describe()["options"] if o["name"] == "edition")
    assert (edition["default"], edition["choices"]) == ("rulebook", ["rulebook", "original"])
    assert Wizard(4).options["edition"] == "rulebook"
    assert simulate("wizard", 4, 5, {"edition": "seed"}).to_json()["options"] == {"edition": "rulebook"}
    match = play_match("wizard", 3, 2, {"edition": "seed"}).to_json()
    assert {match["options"]["edition"]} | {r["options"]["edition"] for r in match["rounds"]} == {"rulebook"}
    with pytest.raises(StichError, match=r"must be one of 'rulebook', 'original', got 'big'$"):
        Wizard(4, {"edition": "big"})
