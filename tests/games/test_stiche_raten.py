"""Stiche-Raten: the rulebook's examples and every variant."""

from __future__ import annotations

import random

import pytest

from stich.games import RuleError, StichError, find
from stich.games.cards import iter_cards
from stich.games.record import replay, simulate
from stich.games.stiche_raten import SticheRaten, round_sizes, score_bid

NAMES = ["Anna", "Ben", "Carla", "Dan"]


def hands_of(size: int, n: int = 4) -> dict[str, list[str]]:
    """Deterministic hands: seat s gets cards s, s+n, s+2n, ... of the deck."""
    deck = SticheRaten(n).deck
    return {str(s): [deck.name_of(s + n * i) for i in range(size)] for s in range(n)}


def round_with_bids(bids: list[int], options: dict[str, object] | None = None, size: int = 5):  # type: ignore[no-untyped-def]
    game = SticheRaten(4, options)
    state = game.new_round(NAMES, 3, None, {"hands": hands_of(size), "trump_card": "AC"})
    for seat, bid in enumerate(bids):
        state.apply({"seat": seat, "bid": bid})
    return state


def test_rulebook_dealer_restriction_example() -> None:
    """Four players with 5 cards: Anna 1, Ben 2, Carla 0; Dan (dealer) may bid anything but 2."""
    state = round_with_bids([1, 2, 0])
    legal = sorted(e["bid"] for e in state.legal_events())
    assert legal == [0, 1, 3, 4, 5]
    with pytest.raises(RuleError, match=r"Dan \(dealer\) may not bid 2: the bids would add up to 5 tricks"):
        state.apply({"seat": 3, "bid": 2})
    state.apply({"seat": 3, "bid": 3})  # sum 6: more wanted than there are tricks
    assert state.phase == "play"


def test_rulebook_scoring_example() -> None:
    """Dan bid 3; tricks Anna 1, Ben 1, Carla 0, Dan 3 → 11, 1, 10, 13."""
    bids, tricks = [1, 2, 0, 3], [1, 1, 0, 3]
    assert [score_bid(b, t, "standard") for b, t in zip(bids, tricks, strict=True)] == [11, 1, 10, 13]


def test_rulebook_scoring_rules() -> None:
    assert score_bid(0, 0, "standard") == 10  # "Null angesagt und keinen Stich gemacht bringt 10"
    assert score_bid(3, 3, "standard") == 13
    assert score_bid(3, 2, "strict") == 0  # Blackout: a miss scores nothing
    assert score_bid(3, 3, "strict") == 13
    assert score_bid(2, 4, "minus") == -2  # one minus point per trick over or under
    assert score_bid(2, 2, "minus") == 12
    assert score_bid(2, 2, "standard", blind=True) == 24  # a blind hit scores double
    assert score_bid(2, 1, "standard", blind=True) == 1


def test_rulebook_round_sequence_seven_players() -> None:
    """ "Zu siebt also 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7 Karten."""
    assert SticheRaten(7).round_sizes() == [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]
    assert round_sizes(3, "up") == [1, 2, 3]
    assert round_sizes(3, "down") == [3, 2, 1]
    assert round_sizes(4, "constant", 2) == [4, 4]


def test_no_restriction_variant_lets_the_dealer_make_the_sum() -> None:
    state = round_with_bids([1, 2, 0], {"restriction": False})
    assert 2 in [e["bid"] for e in state.legal_events()]


def test_simultaneous_bids_any_order_no_restriction() -> None:
    state = round_with_bids([], {"bidding": "simultaneous"})
    for seat, bid in [(3, 2), (0, 1), (2, 0), (1, 2)]:
        state.apply({"seat": seat, "bid": bid})
    assert state.phase == "play" and state.bids == [1, 2, 0, 2]


def test_all_cards_dealt_means_no_trump() -> None:
    """ "Werden alle 52 Karten verteilt, bleibt keine zum Aufdecken: Diese Runde wird ohne Trumpf gespielt."""
    game = SticheRaten(4, {"sequence": "constant", "first_round": 13})
    state = game.new_round(NAMES, 3, None, {"hands": hands_of(13), "trump_card": None})
    assert state.trump is None
    with pytest.raises(StichError, match="every card is dealt"):
        game.new_round(NAMES, 3, None, {"hands": hands_of(13), "trump_card": "AS"})


@pytest.mark.parametrize("view", [None, 0])
def test_rulebook_a_card_is_turned_whenever_one_remains(view: int | None) -> None:
    """ "Der Geber deckt die nächste Karte vom Stapel auf" -- only "bleibt keine zum Aufdecken"
    makes a round without trump: 3 players with 1 card each leave 49 cards, so null is refused."""
    game = SticheRaten(3)
    hands = {"0": ["2S"], "1": ["3S"], "2": ["4S"]}
    if view is not None:
        hands = {"0": hands["0"]}
    with pytest.raises(StichError, match=r"^known.trump_card is null, but 49 cards are not dealt"):
        game.new_round(NAMES[:3], 2, view, {"hands": hands, "cards": 1, "trump_card": None})
    with pytest.raises(StichError, match=r"^known.trump_card is missing"):
        game.new_round(NAMES[:3], 2, view, {"hands": hands, "cards": 1})


def known_block(size: int, **facts: object) -> dict[str, object]:
    return {"hands": hands_of(size), "trump_card": "AC" if size < 13 else None, **facts}


@pytest.mark.parametrize("number", [-1e30, "banana", 0, -2, True, 1.0, [1], None])
def test_known_round_must_be_a_round_number(number: object) -> None:
    with pytest.raises(StichError, match=r"^known.round .* is not a round number \(1, 2, ...\)$"):
        SticheRaten(4).new_round(NAMES, 3, None, known_block(12, round=number))


def test_rulebook_round_sizes_agree_with_the_hands() -> None:
    """ "In der ersten Runde sind es am meisten … Danach gibt es jede Runde eine Karte weniger":
    with 4 players round 1 deals 12 cards (first_round 0 = floor(51 / 4)), round 2 deals 11."""
    game = SticheRaten(4)
    assert game.new_round(NAMES, 3, None, known_block(12, round=1)).round_number == 1
    assert game.new_round(NAMES, 3, None, known_block(11, round=2)).round_number == 2
    assert game.new_round(NAMES, 3, None, known_block(2, round=13)).round_number == 13  # back up
    with pytest.raises(
        StichError, match=r"^known.round 2 deals 11 cards each under the options, but the hands hold 5$"
    ):
        game.new_round(NAMES, 3, None, known_block(5, round=2))
    # After the last round (23) a tie is played off with the largest deal: "weitere Runden mit
    # der höchsten Kartenzahl".
    assert game.new_round(NAMES, 3, None, known_block(12, round=24)).round_number == 24
    with pytest.raises(StichError, match=r"^known.round 24 deals 12 cards each"):
        game.new_round(NAMES, 3, None, known_block(3, round=24))
    with pytest.raises(
        StichError, match=r"^the hands hold 13 cards each, but no round of stiche-raten deals 13"
    ):
        game.new_round(NAMES, 3, None, known_block(13))
    constant = SticheRaten(4, {"sequence": "constant", "first_round": 5})
    with pytest.raises(StichError, match=r"deals 4 under its options \(its rounds deal 5 cards\)$"):
        constant.new_round(NAMES, 3, None, known_block(4))


def test_rulebook_blind_round_agrees_with_the_round() -> None:
    """ "Blindrunde: In einer vereinbarten Runde … Wer blind richtig liegt, bekommt doppelte Punkte"
    -- the agreed round (option blind_round) and no other."""
    game = SticheRaten(4, {"blind_round": 12})  # round 12 deals 1 card
    assert game.new_round(NAMES, 3, None, known_block(1, round=12, blind=True)).blind
    assert game.new_round(NAMES, 3, None, known_block(1, round=12)).blind  # derived
    assert not game.new_round(NAMES, 3, None, known_block(2, round=11)).blind
    assert game.new_round(NAMES, 3, None, known_block(1, blind=True)).blind  # round not given
    with pytest.raises(
        StichError, match=r"^known.blind is true, but round 11 is not the blind round \(round 12\)$"
    ):
        game.new_round(NAMES, 3, None, known_block(2, round=11, blind=True))
    with pytest.raises(StichError, match=r"^known.blind is false, but round 12 is the blind round$"):
        game.new_round(NAMES, 3, None, known_block(1, round=12, blind=False))
    with pytest.raises(
        StichError, match=r"^known.blind is true, but the blind round \(round 12\) deals 1 cards"
    ):
        game.new_round(NAMES, 3, None, known_block(2, blind=True))
    with pytest.raises(StichError, match=r"^known.blind is true, but no round of stiche-raten is bid blind"):
        SticheRaten(4).new_round(NAMES, 3, None, known_block(1, blind=True))


@pytest.mark.parametrize("blind", [[None], None, 1, "true"])
def test_known_blind_must_be_true_or_false(blind: object) -> None:
    """ "known.blind": [null] once counted as true and doubled the points."""
    game = SticheRaten(4, {"blind_round": 12})
    with pytest.raises(StichError, match=r"^known.blind must be true or false, got "):
        game.new_round(NAMES, 3, None, known_block(1, round=12, blind=blind))


def test_trump_beats_led_suit_and_must_follow() -> None:
    game = SticheRaten(4)
    hands = {"0": ["2H", "3C"], "1": ["AH", "4C"], "2": ["2S", "5C"], "3": ["KH", "6C"]}
    state = game.new_round(NAMES, 3, None, {"hands": hands, "trump_card": "AS"})
    for seat in range(4):
        state.apply({"seat": seat, "bid": 0 if seat < 3 else 1})
    state.apply({"seat": 0, "play": "2H"})
    with pytest.raises(RuleError, match=r"^Ben played 4C but must follow hearts \(holds AH\)$"):
        state.apply({"seat": 1, "play": "4C"})
    state.apply({"seat": 1, "play": "AH"})
    state.apply({"seat": 2, "play": "2S"})  # void in hearts: may trump
    state.apply({"seat": 3, "play": "KH"})
    assert state.tricks[-1].winner == 2


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize(
    "options",
    [
        {},
        {"scoring": "strict"},
        {"scoring": "minus"},
        {"restriction": False},
        {"bidding": "simultaneous"},
        {"sequence": "constant", "first_round": 52 // 7},
        {"blind_round": 1},
    ],
)
def test_random_rounds_are_complete(players: int, options: dict[str, object]) -> None:
    for seed in range(5):
        record = simulate("stiche-raten", players, seed, options)
        game = find("stiche-raten")(players, options)
        state = game.new_round(record.players, record.dealer, None, record.known)
        for event in record.events:
            state.apply(event)
        assert state.is_terminal()
        assert sum(state.won) == state.size == len(state.tricks)
        bids = state.result()["bids"]
        if game.options["restriction"] and game.options["bidding"] == "sequential":
            assert sum(bids) != state.size


@pytest.mark.parametrize("option", ["first_round", "rounds", "blind_round"])
def test_a_null_option_is_refused(option: str) -> None:
    """null is no number of cards or rounds: one clean line, not a TypeError."""
    with pytest.raises(StichError, match=rf"^option '{option}' of stiche-raten must be int, got None$"):
        SticheRaten(4, {option: None})


def test_rule_tables_are_built_once_per_trump() -> None:
    """The 52-card tables are fixed per trump suit: every call and every round shares them."""
    tables = set()
    for seed in range(10):
        record = simulate("stiche-raten", 4, seed)
        state = replay(record).round
        assert state.rules() is state.rules()
        tables.add(id(state.rules()))
    assert len(tables) <= 5  # four trump suits and no trump


def test_undo_restores_the_state() -> None:
    record = simulate("stiche-raten", 4, 3, {"first_round": 5})
    state = find("stiche-raten")(4, {"first_round": 5}).new_round(
        record.players, record.dealer, None, record.known
    )
    rng = random.Random(0)
    for event in record.events:
        before = state._snapshot()
        state.apply(event)
        if rng.random() < 0.5:
            assert state.undo() == event
            assert state._snapshot() == before
            state.apply(event)
    assert state.is_terminal()


def test_view_record_checks_what_it_can() -> None:
    """From Anna's view the others' hands are unknown: a card Anna holds cannot come from Ben."""
    game = SticheRaten(4)
    state = game.new_round(NAMES, 3, 0, {"hands": {"0": ["2H", "3C"]}, "cards": 2, "trump_card": "AS"})
    for seat in range(4):
        state.apply({"seat": seat, "bid": 0 if seat < 3 else 1})
    state.apply({"seat": 0, "play": "2H"})
    with pytest.raises(RuleError, match="Ben played 3C but Anna holds it"):
        state.apply({"seat": 1, "play": "3C"})
    with pytest.raises(RuleError, match="Ben played 2H but it is already played"):
        state.apply({"seat": 1, "play": "2H"})
    state.apply({"seat": 1, "play": "5C"})  # not checkable: Ben's hand is unknown
    assert state.hand_size == [1, 1, 2, 2]


def test_bad_input_messages() -> None:
    game = SticheRaten(4)
    with pytest.raises(StichError, match=r"unknown card 'XX' for french"):
        game.new_round(NAMES, 3, None, {"hands": {"0": ["XX"]}, "cards": 1})
    with pytest.raises(StichError, match="card 2H is in two hands"):
        game.new_round(NAMES, 3, None, {"hands": {"0": ["2H"], "1": ["2H"]}, "cards": 1})
    with pytest.raises(StichError, match="stiche-raten is played by 3-7 players, not 8"):
        SticheRaten(8)
    with pytest.raises(StichError, match="has no option 'colour'"):
        SticheRaten(4, {"colour": "red"})
    with pytest.raises(StichError, match="option 'scoring' of stiche-raten must be one of"):
        SticheRaten(4, {"scoring": "double"})
    state = round_with_bids([])
    with pytest.raises(RuleError, match="it is Anna's turn, not Ben's"):
        state.apply({"seat": 1, "bid": 1})
    with pytest.raises(RuleError, match="Anna bid 9, but bids go from 0 to 5"):
        state.apply({"seat": 0, "bid": 9})


def test_hands_never_share_a_card() -> None:
    record = simulate("stiche-raten", 5, 11)
    seen = 0
    for cards in record.known["hands"].values():
        mask = find("stiche-raten")(5).deck.parse_set(cards)
        assert not mask & seen
        seen |= mask
    assert len(list(iter_cards(seen))) == 5 * record.known["cards"]


def test_record_may_start_at_the_tricks() -> None:
    """A recorded trick game alone: the bids are known from the start."""
    from stich.games.record import check_report, parse_record

    full = simulate("stiche-raten", 4, 9, {"first_round": 4})
    bids = [e["bid"] for e in sorted((e for e in full.events if "bid" in e), key=lambda e: e["seat"])]
    data = full.to_json() | {"start": "tricks", "events": [e for e in full.events if "play" in e]}
    data["known"] = data["known"] | {"bids": bids}
    report = check_report(parse_record(data))
    assert report["ok"] and report["complete"]
    assert report["result"] == check_report(full)["result"]
    data["known"] = data["known"] | {"bids": [1, 2]}
    bad = check_report(parse_record(data))
    assert bad["ok"] is False and bad["event"] is None
    assert bad["error"].startswith("known.bids must list the 4 bids")


def test_a_named_trump_replaces_the_turned_card() -> None:
    """Option trump: named — the record names the trump (a bridge contract's strain), even with all
    52 cards dealt, when the rulebook's turned card would leave the round without one."""
    game = SticheRaten(4, {"first_round": 13, "trump": "named"})
    hands = hands_of(13)
    state = game.new_round(NAMES, 3, None, {"hands": hands, "trump": "H"})
    assert state.trump == 1 and state.trump_card is None
    notrump = game.new_round(NAMES, 3, None, {"hands": hands, "trump": None})
    assert notrump.trump is None
    with pytest.raises(StichError, match=r"known\.trump is missing"):
        game.new_round(NAMES, 3, None, {"hands": hands})
    with pytest.raises(StichError, match="no card is turned when the trump is named"):
        SticheRaten(4, {"trump": "named"}).new_round(
            NAMES, 3, None, {"hands": hands_of(5), "trump_card": "AC", "trump": "C"}
        )
    with pytest.raises(StichError, match=r"known\.trump 'X' is not a suit"):
        game.new_round(NAMES, 3, None, {"hands": hands, "trump": "X"})


def test_a_round_without_bids_scores_its_tricks() -> None:
    """Option bidding: none — straight to the play; each trick scores 1 (Whist), whatever the scoring."""
    record = simulate("stiche-raten", 4, 5, {"first_round": 13, "bidding": "none", "scoring": "strict"})
    assert not any("bid" in e for e in record.events)
    state = replay(record).round
    assert state.is_terminal()
    assert state.result()["points"] == state.result()["tricks"]
    assert state.result()["bids"] == [None] * 4
    game = SticheRaten(4, {"first_round": 13, "bidding": "none"})
    known = record.known | {"bids": [3, 3, 3, 3]}
    with pytest.raises(StichError, match="this round has no bids"):
        game.new_round(NAMES, 3, None, known, "tricks")
    assert game.new_round(NAMES, 3, None, record.known, "tricks").phase == "play"
    with pytest.raises(StichError, match="'blind_round' needs bids"):
        SticheRaten(4, {"bidding": "none", "blind_round": 1})


def test_option_rounds_beyond_any_game_is_refused() -> None:
    """A journal or -o with rounds=10**20 is refused in words (it once overflowed a list's size)."""
    with pytest.raises(StichError, match="option 'rounds' must be 0 to 1000"):
        find("stiche-raten")(3, {"sequence": "constant", "rounds": 10**20})
    assert len(find("stiche-raten")(3, {"sequence": "constant", "rounds": 1000}).round_sizes()) == 1000
