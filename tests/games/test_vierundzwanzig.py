"""24: the rulebook's examples, scoring, variants, bad input, and random complete rounds."""

from __future__ import annotations

import copy
import itertools
import random
from typing import Any

import pytest

from stich.games import RuleError, StichError, find
from stich.games.base import Event
from stich.games.trick import legal_plays, trick_winner
from stich.games.vierundzwanzig import (
    DECK,
    SUITS,
    TWENTY_FOUR,
    VierUndZwanzig,
    VierUndZwanzigRound,
    round_points,
    rules_24,
    suit_of,
    value_of,
)

RED, YELLOW, GREEN = SUITS.index("R"), SUITS.index("Y"), SUITS.index("G")


def at_tricks(
    names: list[str],
    hands: dict[int, str],
    trump: str,
    caller: int = 0,
    order: str = "normal",
    options: dict[str, Any] | None = None,
    **known: Any,
) -> VierUndZwanzigRound:
    """A round starting at the tricks: hands after the exchanges, the caller leads."""
    game = VierUndZwanzig(len(names), options)
    dealer = (caller - 1) % len(names)
    block = {
        "hands": {str(s): cards.split() for s, cards in hands.items()},
        "trump": trump,
        "order": order,
        "caller": caller,
        **known,
    }
    state = game.new_round(names, dealer, None, block, "tricks")
    assert isinstance(state, VierUndZwanzigRound)
    return state


def at_deal(
    players: int, seed: int = 1, options: dict[str, Any] | None = None, scores: list[int] | None = None
) -> VierUndZwanzigRound:
    """An omniscient round from a random deal; seat 0 is the start player."""
    game = VierUndZwanzig(players, options)
    dealer = players - 1
    known = game.deal(random.Random(seed), dealer, scores)
    state = game.new_round(NAMES[:players], dealer, None, known)
    assert isinstance(state, VierUndZwanzigRound)
    return state


def play(state: VierUndZwanzigRound, *texts: str) -> None:
    """Plays in turn: ``"R1!"`` reverses, ``"B2>G"`` names green (Trump Chaos)."""
    for text in texts:
        event: Event = {}
        if text.endswith("!"):
            event["reverse"] = True
            text = text[:-1]
        if ">" in text:
            text, event["trump"] = text.split(">")
        event["play"] = text
        state.apply(event)


NAMES = ["Anna", "Ben", "Carla", "Dan", "Eva"]


# -- the rulebook's examples -------------------------------------------------------


def test_rulebook_reversal_takes_effect_next_trick() -> None:
    # "Michael plays a red 8. Stefan plays the red 11 on top. Markus adds the red 1 and
    # declares that the order changes. Stefan wins the trick."
    state = at_tricks(
        ["Michael", "Stefan", "Markus"],
        {0: "R8 B2 Y4 Y5 Y6 Y7", 1: "R11 B3 Y8 Y9 Y10 Y11", 2: "R1 B9 G3 G4 G5 G6"},
        trump="G",
    )
    play(state, "R8", "R11", "R1!")
    assert state.tricks[0].winner == 1
    assert state.reversed and state.result()["order"] == "reversed"
    # The next trick is played with 1 high: Michael's blue 2 beats the 3 and the 9.
    play(state, "B3", "B9", "B2")
    assert state.tricks[1].winner == 0


def test_rulebook_two_reversals_cancel() -> None:
    # Stefan's blue 1 reverses, Markus plays the blue 11, "Michael trumps with the yellow 1"
    # (so yellow is trump) and reverses again: the 11 stays the highest card.
    state = at_tricks(
        ["Stefan", "Markus", "Michael"],
        {0: "B1 R11 G1 G2 G3 G4", 1: "B11 R5 G5 G6 G7 G8", 2: "Y1 R3 Y2 Y3 G9 G10"},
        trump="Y",
    )
    play(state, "B1!")
    assert state.next_reversed and not state.reversed
    play(state, "B11", "Y1!")
    assert state.tricks[0].winner == 2  # the yellow 1 is a trump
    assert not state.reversed
    play(state, "R3", "R11", "R5")
    assert state.tricks[1].winner == 0  # 11 high


def test_rulebook_scoring_stefan() -> None:
    # "Stefan has 18 ... wins 2 tricks. The trump suit was red: 16; yellow: 14."
    assert 18 + round_points([2, 4], RED, False, caller=1)[0] == 16
    assert 18 + round_points([2, 4], YELLOW, False, caller=1)[0] == 14
    for suit, expected in (("R", [16, 10]), ("Y", [14, 6])):
        state = at_tricks(
            ["Stefan", "Markus"],
            {
                0: f"{suit}11 {suit}10 B2 B3 B4 B5",
                1: f"{suit}2 {suit}3 {suit}4 {suit}5 {suit}6 {suit}7",
            },
            trump=suit,
            scores=[18, 14],
        )
        play(state, f"{suit}11", f"{suit}2", f"{suit}10", f"{suit}3", "B2", f"{suit}4")
        play(state, f"{suit}5", "B3", f"{suit}6", "B4", f"{suit}7", "B5")
        result = state.result()
        assert state.is_terminal()
        assert result["tricks"] == [2, 4]
        assert result["scores"] == expected


def test_rulebook_scoring_markus_no_trick() -> None:
    # "Markus has 14 ... wins no trick. Red: 20; yellow: 26."
    assert 14 + round_points([6, 0], RED, False, caller=0)[1] == 20
    assert 14 + round_points([6, 0], YELLOW, False, caller=0)[1] == 26
    for suit, expected in (("R", 20), ("Y", 26)):
        state = at_tricks(
            ["Stefan", "Markus"],
            {0: " ".join(f"{suit}{v}" for v in range(6, 12)), 1: "B1 B3 B4 B5 B6 B7"},
            trump=suit,
            scores=[18, 14],
        )
        while not state.is_terminal():
            state.apply(state.legal_events()[0])
        assert state.result()["tricks"] == [6, 0]
        assert state.result()["scores"][1] == expected


@pytest.mark.parametrize(("trump", "blind", "penalty"), [("R", False, 12), ("Y", False, 24), ("Y", True, 48)])
def test_rulebook_own_trump_without_a_trick_doubles(trump: str, blind: bool, penalty: int) -> None:
    # The caller Markus leads and loses every trick to Stefan's trumps.
    state = at_tricks(
        ["Markus", "Stefan"],
        {0: "B2 B3 B4 B5 B6 B7", 1: " ".join(f"{trump}{v}" for v in range(6, 12))},
        trump=trump,
        blind=blind,
    )
    while not state.is_terminal():
        state.apply(state.legal_events()[0])
    assert state.result()["tricks"] == [0, 6]
    assert state.result()["points"] == [penalty, -6 * penalty // 12]


def test_rulebook_trump_chaos_drops_the_caller_penalty_by_default() -> None:
    """Trump Chaos: "we strongly recommend dropping the rule 'Own Trump Without a Trick'"."""
    assert VierUndZwanzig(2).options["caller_penalty"] is True
    assert VierUndZwanzig(2, {"trump_chaos": True}).options["caller_penalty"] is False
    assert VierUndZwanzig(2, {"trump_chaos": True, "caller_penalty": True}).options["caller_penalty"] is True
    assert repr(VierUndZwanzig(2, {"trump_chaos": True})) == "VierUndZwanzig(2, {'trump_chaos': True})"
    # The caller Markus takes no trick: 6, not 12, under Trump Chaos.
    state = at_tricks(
        ["Markus", "Stefan"],
        {0: "B2 B3 B4 B5 B6 B7", 1: "R6 R7 R8 R9 R10 R11"},
        "R",
        options={"trump_chaos": True},
    )
    while not state.is_terminal():
        state.apply(next(e for e in state.legal_events() if "trump" not in e))
    assert state.result()["points"] == [6, -6]


def test_caller_penalty_can_be_switched_off() -> None:
    assert round_points([0, 6], RED, False, caller=0, caller_penalty=False) == [6, -6]
    assert round_points([0, 6], RED, False, caller=0) == [12, -6]
    assert round_points([0, 2, 4], YELLOW, True, caller=1) == [24, -8, -16]


def test_rulebook_yellow_blind_counts_four_per_trick() -> None:
    assert round_points([1, 5], YELLOW, True, caller=0) == [-4, -20]


# -- the 24 and the trick tables ---------------------------------------------------


def test_24_is_highest_trump_normally_and_lowest_after_reversal() -> None:
    r5, r11, b11 = (DECK.parse(c) for c in ("R5", "R11", "B11"))
    normal, reversed_ = rules_24(RED, False), rules_24(RED, True)
    assert trick_winner(normal, [r11, TWENTY_FOUR]) == 1
    assert trick_winner(reversed_, [r5, TWENTY_FOUR]) == 0
    assert trick_winner(reversed_, [b11, TWENTY_FOUR]) == 1  # still a trump
    assert rules_24(RED, True) is reversed_  # cached
    state = at_tricks(
        ["Anna", "Ben"], {0: "R5 B1 B2 B3 B4 B5", 1: "24 G1 G2 G3 G4 G5"}, trump="R", order="reversed"
    )
    play(state, "R5", "24")
    assert state.tricks[0].winner == 0


def test_24_follows_the_trump_suit() -> None:
    rules = rules_24(GREEN, False)
    hand = DECK.parse_set(["24", "B3", "Y9"])
    assert legal_plays(rules, hand, [DECK.parse("G4")]) == 1 << TWENTY_FOUR
    assert legal_plays(rules, hand, [DECK.parse("R4")]) == hand
    assert rules.cls[TWENTY_FOUR] == GREEN


def test_reversed_order_ranks_one_high_eleven_low() -> None:
    rules = rules_24(GREEN, True)
    b1, b2, b11 = (DECK.parse(c) for c in ("B1", "B2", "B11"))
    assert trick_winner(rules, [b11, b2, b1]) == 2
    assert trick_winner(rules_24(GREEN, False), [b11, b2, b1]) == 0


def test_deck_and_notation() -> None:
    assert DECK.size == 45
    assert DECK.names([DECK.parse("y11"), DECK.parse("b1"), DECK.parse("24")]) == ["Y11", "B1", "24"]
    assert suit_of(DECK.parse("G7")) == GREEN and value_of(DECK.parse("G7")) == 7
    assert suit_of(TWENTY_FOUR) is None
    assert find("24") is VierUndZwanzig


# -- trump call, exchange, dropping out ----------------------------------------------


def test_deal_lists_the_first_three_cards_before_the_trump_call() -> None:
    game = VierUndZwanzig(4)
    known = game.deal(random.Random(7), dealer=3)
    assert all(len(known["hands"][str(s)]) == 6 for s in range(4))
    assert len(known["stock"]) == 45 - 24
    assert known["scores"] == [24] * 4
    state = game.new_round(NAMES[:4], 3, None, known)
    first = state.observation(0)
    assert first["phase"] == "trump" and state.to_move() == 0
    assert sorted(first["hand"]) == sorted(known["hands"]["0"][:3])
    assert first["hand_sizes"] == [3, 3, 3, 3]
    state.apply({"seat": 0, "trump": "B"})
    assert sorted(state.observation(0)["hand"]) == sorted(known["hands"]["0"])
    assert state.phase == "exchange"


def test_trump_call_events_include_yellow_blind() -> None:
    state = at_deal(3)
    events = state.legal_events()
    assert [e["trump"] for e in events] == ["Y", "B", "R", "G", "Y"]
    assert events[-1]["blind"] is True
    restricted = at_deal(3, options={"point_restrictions": True}, scores=[20, 24, 24])
    assert not any(e.get("blind") for e in restricted.legal_events())
    allowed = at_deal(3, options={"point_restrictions": True}, scores=[25, 24, 24])
    assert any(e.get("blind") for e in allowed.legal_events())


def test_exchange_draws_from_the_stock_in_order() -> None:
    state = at_deal(3, seed=3)
    stock = state.known["stock"]
    state.apply({"trump": "R"})
    events = state.legal_events()
    assert len(events) == 1 + 6 + 15 + 20  # every subset of 0-3 of the 6 cards
    hand = DECK.names(state.hands[0] or 0)
    state.apply({"seat": 0, "exchange": hand[:2]})
    assert DECK.names(state.hands[0] or 0) == sorted(hand[2:] + stock[:2], key=lambda c: DECK.parse(c))
    assert state.gone == DECK.parse_set(hand[:2])
    state.apply({"seat": 1, "exchange": []})
    ben = DECK.names(state.hands[2] or 0)
    state.apply({"seat": 2, "exchange": ben[:1], "receive": stock[2:3]})
    assert state.stock_size == 45 - 18 - 3
    assert state.phase == "play" and state.to_move() == 0


def test_dropping_out() -> None:
    state = at_deal(3, options={"dropping_out": True})
    state.apply({"trump": "G"})
    assert not any("drop" in e for e in state.legal_events())  # the start player never drops
    state.apply({"seat": 0, "exchange": 0})
    assert {"seat": 1, "drop": True} in state.legal_events()
    state.apply({"seat": 1, "drop": True})
    assert not any("drop" in e for e in state.legal_events())  # two must take part
    assert rule_error(state, {"drop": True}) == "Carla may not drop out: at least two players must take part"
    state.apply({"seat": 2, "exchange": []})
    assert state.trick_order() == [0, 2]
    while not state.is_terminal():
        state.apply(state.legal_events()[0])
    result = state.result()
    assert result["dropped"] == [1] and result["tricks"][1] == 0 and result["points"][1] == 0
    assert all(len(t.seats) == 2 for t in state.tricks)


def test_trump_chaos_takes_effect_next_trick() -> None:
    state = at_tricks(
        ["Stefan", "Markus"],
        {0: "B2 B9 B10 B11 Y1 Y3", 1: "G5 G6 G7 R3 R4 R5"},
        trump="R",
        options={"trump_chaos": True},
    )
    names = [e.get("trump") for e in state.legal_events() if e["play"] == "B2"]
    assert names == [None, "Y", "B", "G"]
    play(state, "B2>G", "G5")
    assert state.tricks[0].winner == 0  # green is not trump yet
    assert state.trump == GREEN
    play(state, "B9", "G6")
    assert state.tricks[1].winner == 1


def test_trump_chaos_in_the_last_trick_changes_scoring() -> None:
    state = at_tricks(
        ["Stefan", "Markus"],
        {0: "R11 R10 R9 R8 R7 Y2", 1: "B1 B3 B4 B5 B6 B7"},
        trump="R",
        options={"trump_chaos": True},
    )
    play(state, "R11", "B1", "R10", "B3", "R9", "B4", "R8", "B5", "R7", "B6", "Y2>Y", "B7")
    result = state.result()
    assert result["trump"] == "Y"
    assert result["points"] == [-12, 12]


# -- bad input ---------------------------------------------------------------------


def state_copy(state: VierUndZwanzigRound) -> dict[str, Any]:
    """Everything an event may change in a round, copied."""
    return copy.deepcopy({k: v for k, v in state.__dict__.items() if k not in state._fixed})


def rule_error(state: VierUndZwanzigRound, event: Event) -> str:
    before = state_copy(state)
    with pytest.raises(RuleError) as info:
        state.apply(event)
    assert state_copy(state) == before  # a refused event changes nothing
    message = str(info.value)
    assert "\n" not in message
    return message


def test_must_follow_message_names_the_cards() -> None:
    state = at_tricks(NAMES[:2], {0: "R5 B1 B2 B4 B5 B6", 1: "R2 24 B3 G1 G2 G3"}, trump="G")
    play(state, "R5")
    assert rule_error(state, {"seat": 1, "play": "B3"}) == "Ben played B3 but must follow red (holds R2)"
    state = at_tricks(NAMES[:2], {0: "R5 B1 B2 B4 B5 B6", 1: "R2 24 B3 G1 G2 G3"}, trump="R")
    play(state, "R5")
    assert rule_error(state, {"play": "B3"}) == "Ben played B3 but must follow red (holds R2 24)"


def test_play_errors() -> None:
    state = at_tricks(NAMES[:2], {0: "R5 B1 B2 B4 B5 B6", 1: "R2 24 B3 G1 G2 G3"}, trump="R")
    assert rule_error(state, {"seat": 1, "play": "B3"}) == "it is Anna's turn, not Ben's"
    assert (
        rule_error(state, {"play": "Y7"}) == "Anna played Y7 but does not hold it (holds B1 B2 B4 B5 B6 R5)"
    )
    assert (
        rule_error(state, {"play": "B2", "reverse": True})
        == "Anna played B2 but only a 1 may reverse the order"
    )
    assert rule_error(state, {"play": "B2", "trump": "G"}) == (
        "Anna may not name a new trump: Trump Chaos is not played (option trump_chaos)"
    )
    chaos = at_tricks(
        NAMES[:2], {0: "R5 B1 B2 B4 B5 B6", 1: "R2 24 B3 G1 G2 G3"}, trump="R", options={"trump_chaos": True}
    )
    assert (
        rule_error(chaos, {"play": "B4", "trump": "G"}) == "Anna played B4 but only a 2 may name a new trump"
    )
    assert rule_error(chaos, {"play": "B2", "trump": "R"}) == (
        "Anna named red, which is already trump for the next trick"
    )
    blind = at_tricks(
        NAMES[:2],
        {0: "Y5 B1 B2 B4 B5 B6", 1: "Y2 24 B3 G1 G2 G3"},
        trump="Y",
        blind=True,
        options={"trump_chaos": True},
    )
    assert rule_error(blind, {"play": "B2", "trump": "G"}) == (
        "Anna may not name a new trump: yellow blind was called"
    )
    assert not any("trump" in e for e in blind.legal_events())


def test_trump_call_errors() -> None:
    state = at_deal(3, options={"point_restrictions": True}, scores=[20, 24, 24])
    assert rule_error(state, {"trump": "Y", "blind": True}) == (
        "Anna may not call yellow blind with 20 points (needs 25)"
    )
    assert rule_error(state, {"trump": "R", "blind": True}) == (
        "Anna called red blind, but only yellow may be called blind"
    )
    assert (
        rule_error(state, {"seat": 0, "play": "R1"}) == "the start player Anna must first call the trump suit"
    )
    with pytest.raises(StichError, match=r"trump 'X' is not a suit \(use one of Y B R G\)"):
        state.apply({"trump": "X"})


def test_exchange_errors() -> None:
    state = at_deal(4, options={"point_restrictions": True, "dropping_out": True}, scores=[30, 12, 6, 24])
    state.apply({"trump": "B"})
    hand = DECK.names(state.hands[0] or 0)
    assert rule_error(state, {"exchange": hand[:4]}) == "Anna may exchange at most 3 cards, not 4"
    other = next(c for c in DECK.codes if c not in hand)
    assert rule_error(state, {"exchange": [other]}) == (
        f"Anna exchanged {other} but does not hold it (holds {' '.join(hand)})"
    )
    assert rule_error(state, {"exchange": 2}) == (
        "Anna's hand is known, so the exchange must name the cards, not a count"
    )
    assert rule_error(state, {"drop": True}) == "Anna is the start player and may never drop out"
    stock = state.known["stock"]
    assert rule_error(state, {"exchange": hand[:1], "receive": stock[1:2]}) == (
        f"Anna received {stock[1]} but the next cards of the stock are {stock[0]}"
    )
    assert (
        rule_error(state, {"exchange": hand[:2], "receive": stock[:1]}) == "Anna gave 2 cards but received 1"
    )
    state.apply({"exchange": []})
    assert rule_error(state, {"drop": True}) == "Ben may not drop out with 12 points (needs 13 or more)"
    state.apply({"exchange": []})
    carla = DECK.names(state.hands[2] or 0)
    assert (
        rule_error(state, {"exchange": carla[:1]})
        == "Carla may not exchange cards with 6 points (needs 7 or more)"
    )
    assert state.legal_events() == [{"seat": 2, "exchange": []}]  # 6 points: neither exchange nor drop
    state.apply({"exchange": 0})
    assert {"seat": 3, "drop": True} in state.legal_events()


def test_variant_c_holds_for_a_record_starting_at_tricks() -> None:
    """Variant c: "'Yellow blind' may only be named by a player who has 25 or more points";
    "A player who has 12 or fewer points may no longer drop out" -- at start ``tricks`` too."""
    hands = {0: "B2 B3 B4 B5 B6 B7", 1: "Y6 Y7 Y8 Y9 Y10 Y11", 2: "R1 R2 R3 R4 R5 R6"}
    restricted = {"point_restrictions": True, "dropping_out": True}
    with pytest.raises(
        StichError, match=r"^known.blind: Anna may not have called yellow blind with 14 points"
    ):
        at_tricks(NAMES[:3], hands, "Y", options=restricted, blind=True, scores=[14, 20, 20])
    assert at_tricks(NAMES[:3], hands, "Y", options=restricted, blind=True, scores=[25, 20, 20]).blind
    del hands[2]
    with pytest.raises(StichError, match=r"^known.dropped: Carla may not have dropped out with 10 points"):
        at_tricks(NAMES[:3], hands, "R", options=restricted, dropped=[2], scores=[20, 20, 10])
    assert at_tricks(NAMES[:3], hands, "R", options=restricted, dropped=[2], scores=[20, 20, 13]).dropped[2]
    with pytest.raises(
        StichError, match=r"^known.dropped: dropping out is not played \(option dropping_out\)$"
    ):
        at_tricks(NAMES[:3], hands, "R", dropped=[2])


@pytest.mark.parametrize("blind", [[None], None, 1, "yes"])
def test_known_blind_must_be_true_or_false(blind: object) -> None:
    hands = {0: "B2 B3 B4 B5 B6 B7", 1: "Y6 Y7 Y8 Y9 Y10 Y11"}
    with pytest.raises(StichError, match=r"^known.blind must be true or false, got "):
        at_tricks(NAMES[:2], hands, "Y", blind=blind)


def test_option_errors() -> None:
    with pytest.raises(StichError, match="cannot be played by 2 players"):
        VierUndZwanzig(2, {"dropping_out": True})
    with pytest.raises(StichError, match="is played by 2-5 players, not 6"):
        VierUndZwanzig(6)
    state = at_deal(3)
    state.apply({"trump": "R"})
    assert rule_error(state, {"drop": True, "seat": 0}) == (
        "Anna may not drop out: dropping out is not played (option dropping_out)"
    )


# -- a view record ----------------------------------------------------------------


def test_view_record_tracks_hand_sizes_and_hides_other_hands() -> None:
    game = VierUndZwanzig(3)
    full = game.deal(random.Random(11), dealer=2)
    mine = full["hands"]["1"]
    state = game.new_round(NAMES[:3], 2, 1, {"hands": {"1": mine}})
    assert state.hands[0] is None and state.hands[2] is None
    state.apply({"trump": "G"})
    state.apply({"seat": 0, "exchange": 2})
    assert rule_error(state, {"seat": 1, "exchange": mine[:1]}) == (
        'Ben\'s exchange must list the cards received ("receive")'
    )
    state.apply({"seat": 1, "exchange": mine[:1], "receive": full["stock"][2:3]})
    assert rule_error(state, {"seat": 2, "exchange": 1, "receive": full["stock"][3:4]}) == (
        "Carla's received cards cannot be recorded: Carla's hand is not known"
    )
    state.apply({"seat": 2, "exchange": 3})
    assert state.hand_size == [6, 6, 6] and state.stock_size == 45 - 18 - 6
    seen = state.observation(1)
    assert seen["hand"] is not None and full["stock"][2] in seen["hand"]
    assert state.observation(0)["hand"] is None
    theirs = full["hands"]["0"][0]
    state.apply({"seat": 0, "play": theirs})
    assert state.hand_size[0] == 5 and state.gone >> DECK.parse(theirs) & 1


def test_standing() -> None:
    game = VierUndZwanzig(4)
    assert game.standing([10, 20, 30, 40]) == {"ended": False, "winners": [], "reason": None}
    assert game.standing([3, -2, -2, 10])["winners"] == [1, 2]
    assert game.standing([0, 5, 9, 12]) == {"ended": True, "winners": [0], "reason": "zero"}
    assert game.standing([30, 48, 20, 20]) == {"ended": True, "winners": [2, 3], "reason": "48"}


# -- random complete rounds ----------------------------------------------------------


def reference_winner(cards: list[int], trump: int, reversed_: bool) -> int:
    """Who wins a trick, written straight from the rulebook."""

    def rank(card: int) -> int:
        if card == TWENTY_FOUR:
            return 0 if reversed_ else 100
        return 12 - value_of(card) if reversed_ else value_of(card)

    trumps = [i for i, c in enumerate(cards) if c == TWENTY_FOUR or suit_of(c) == trump]
    if trumps:
        return max(trumps, key=lambda i: rank(cards[i]))
    led = suit_of(cards[0])
    return max((i for i, c in enumerate(cards) if suit_of(c) == led), key=lambda i: rank(cards[i]))


def check_cards_in_one_place(state: VierUndZwanzigRound) -> None:
    places = [h or 0 for h in state.hands] + [h or 0 for h in state.second_deal]
    places += [state.gone, state.stock_cards or 0]
    total = 0
    for cards in places:
        assert total & cards == 0
        total |= cards
    assert total == DECK.all


OPTION_SETS = [
    dict(zip(("trump_chaos", "dropping_out", "point_restrictions"), flags, strict=True))
    for flags in itertools.product((False, True), repeat=3)
]


ROUND_CASES = [
    (players, options)
    for players in (2, 3, 4, 5)
    for options in OPTION_SETS
    if not (players == 2 and options["dropping_out"])  # the variant needs 3 or more players
]


@pytest.mark.parametrize(
    ("players", "options"),
    ROUND_CASES,
    ids=[f"{p}-" + ("+".join(k for k, v in o.items() if v) or "plain") for p, o in ROUND_CASES],
)
def test_random_rounds(players: int, options: dict[str, bool]) -> None:
    rng = random.Random(players * 100 + sum(1 << i for i, v in enumerate(options.values()) if v))
    scores = [rng.randint(1, 47) for _ in range(players)]
    state = at_deal(
        players, rng.randrange(1 << 30), {**options, "caller_penalty": rng.random() < 0.5}, scores
    )
    trump = next_trump = -1
    reversed_ = next_reversed = False
    while not state.is_terminal():
        check_cards_in_one_place(state)
        events = state.legal_events()
        assert events
        event = rng.choice(events)
        before = state_copy(state)
        state.apply(event)
        assert state.undo() == event
        assert state_copy(state) == before
        done = len(state.tricks)
        state.apply(event)
        if "trump" in event and "play" not in event:
            trump = next_trump = SUITS.index(event["trump"])
        next_reversed ^= bool(event.get("reverse"))
        if "play" in event and "trump" in event:
            next_trump = SUITS.index(event["trump"])
        if len(state.tricks) > done:
            trick = state.tricks[-1]
            assert trick.winner == trick.seats[reference_winner(list(trick.cards), trump, reversed_)]
            trump, reversed_ = next_trump, next_reversed
    check_cards_in_one_place(state)
    assert len(state.tricks) == 6
    playing = [s for s in range(players) if not state.dropped[s]]
    for trick in state.tricks:
        assert sorted(trick.seats) == playing and trick.winner in trick.seats
    assert state.hand_size == [0] * players
    result = state.result()
    assert sum(result["tricks"]) == 6 and result["trump"] == SUITS[trump]
    assert result["scores"] == [s + p for s, p in zip(scores, result["points"], strict=True)]
    for seat in range(players):
        points = result["points"][seat]
        if seat in result["dropped"]:
            assert points == 0
        else:
            assert (points < 0) == (result["tricks"][seat] > 0)
