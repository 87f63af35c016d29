"""Was sticht?: the rulebook's examples, complete random rounds, and bad input."""

from __future__ import annotations

import random
from typing import Any

import pytest

from stich.games import find
from stich.games.base import Trick
from stich.games.cards import bit, iter_cards
from stich.games.errors import RuleError, StichError
from stich.games.record import replay, simulate
from stich.games.trick import legal_plays, trick_winner
from stich.games.was_sticht import (
    DECK,
    TASK_VALUES,
    TASKS,
    TRUMP_CLASS,
    TrickSummary,
    WasSticht,
    WasStichtRound,
    draft_chips_order,
    task_made,
    was_sticht_rules,
)

NAMES4 = ["Anna", "Ben", "Carla", "Dan"]
NAMES3 = ["Anna", "Ben", "Carla"]
R, G, Y, B = 0, 1, 2, 3


def c(name: str) -> int:
    return DECK.parse(name)


def cards(*names: str) -> int:
    return DECK.parse_set(names)


def layout_with(columns: dict[int, list[str]]) -> list[list[str]]:
    """A layout with the given columns (0-based) and the other cards filling the rest in order."""
    used = {name for col in columns.values() for name in col}
    rest = [name for name in DECK.codes if name not in used]
    layout = []
    for i in range(9):
        if i in columns:
            layout.append(columns[i])
        else:
            layout.append(rest[:4])
            rest = rest[4:]
    return layout


def secret(suit: str | None, number: int | None) -> dict[str, Any]:
    return {"trump_suit": suit, "trump_number": number}


def pick_column(rnd: WasStichtRound, picks: list[str]) -> None:
    """Pick the given cards in pick order."""
    for name in picks:
        rnd.apply({"seat": rnd.to_move(), "pick": name})


# -- the rulebook's examples --------------------------------------------------------


def test_rulebook_draft_example() -> None:
    # Trumps red/2, Carla deals, so Dan holds the marker for column 1 and Anna for column 2.
    game = WasSticht(4)
    layout = layout_with({1: ["R3", "B7", "R6", "Y2"]})
    rnd = game.new_round(NAMES4, dealer=2, known={"layout": layout, "secret": secret("R", 2)})
    assert rnd.marker() == 3
    pick_column(rnd, layout[0])
    rnd.apply({"announce": rnd.legal_events()[0]["announce"]})
    assert rnd.marker() == 0 and rnd.pick_order() == [0, 1, 2, 3]
    rnd.apply({"seat": 0, "pick": "B7"})
    rnd.apply({"seat": 1, "pick": "R6"})
    rnd.apply({"seat": 2, "pick": "Y2"})
    rnd.apply({"seat": 3, "pick": "R3"})
    # "Player C now announces that Player A led and that he (Player C) would have taken the trick."
    assert rnd.column_winner() == 2
    assert rnd.legal_events() == [{"announce": 2}]
    with pytest.raises(RuleError, match=r"^Carla announced Ben for column 2, but Carla's Y2 wins it$"):
        rnd.apply({"announce": 1})
    rnd.apply({"announce": "Carla"})
    assert rnd.columns[-1].announced == 2
    assert rnd.phase == "draft" and rnd.column == 2


def test_rulebook_trump_order_red_5() -> None:
    rules = was_sticht_rules(R, 5)
    power = rules.trump_power
    # Red 5 (supertrump) > Blue/Green/Yellow 5 (equal) > Red 9 > ... > Red 1.
    assert power[c("R5")] > power[c("B5")] == power[c("G5")] == power[c("Y5")] > power[c("R9")]
    reds = [c(f"R{n}") for n in (9, 8, 7, 6, 4, 3, 2, 1)]
    assert [power[x] for x in reds] == sorted((power[x] for x in reds), reverse=True)
    assert len({power[x] for x in reds}) == 8
    trumps = {DECK.name_of(x) for x in iter_cards(rules.trump_mask)}
    assert trumps == {f"R{n}" for n in range(1, 10)} | {"G5", "Y5", "B5"}
    # Equal number trumps: the first played wins.
    assert trick_winner(rules, [c("G5"), c("B5"), c("Y5"), c("R9")]) == 0
    assert trick_winner(rules, [c("R9"), c("B5"), c("G5"), c("B9")]) == 1
    assert trick_winner(rules, [c("B5"), c("R1"), c("R5"), c("Y5")]) == 2
    # A trump is only a trump: Blue 5 is not blue (Skat convention).
    assert rules.cls[c("B5")] == TRUMP_CLASS and rules.cls[c("B4")] == B
    assert trick_winner(rules, [c("B1"), c("B9"), c("G9"), c("Y9")]) == 1


def test_rulebook_trump_order_number_5_no_suit() -> None:
    rules = was_sticht_rules(None, 5)
    trumps = {DECK.name_of(x) for x in iter_cards(rules.trump_mask)}
    assert trumps == {"R5", "G5", "Y5", "B5"}
    assert len({rules.trump_power[c(t)] for t in trumps}) == 1
    assert trick_winner(rules, [c("R9"), c("Y5"), c("R5"), c("B5")]) == 1


def test_rulebook_trump_order_red_no_number() -> None:
    rules = was_sticht_rules(R, None)
    trumps = [DECK.name_of(x) for x in iter_cards(rules.trump_mask)]
    assert trumps == [f"R{n}" for n in range(1, 10)]
    assert [rules.trump_power[c(f"R{n}")] for n in range(1, 10)] == list(range(1, 10))
    assert trick_winner(rules, [c("B9"), c("R1"), c("R2"), c("G9")]) == 2
    assert rules.cls[c("R5")] == TRUMP_CLASS


def test_rulebook_follow_rule_red_3() -> None:
    # "If the trumps are red 3, a lead of a red card means that the following players must,
    # if possible, play either a red card or a 3. If a 3 is led in another suit, it still
    # counts as a trump."
    rules = was_sticht_rules(R, 3)
    hand = cards("R2", "G3", "B7", "B9", "Y1")
    assert legal_plays(rules, hand, [c("R8")]) == cards("R2", "G3")
    assert legal_plays(rules, hand, [c("Y3")]) == cards("R2", "G3")
    assert legal_plays(rules, hand, [c("B1")]) == cards("B7", "B9")
    # A yellow lead does not oblige the Y3 (a trump), so a hand without other yellows is free.
    assert legal_plays(rules, cards("Y3", "G1"), [c("Y8")]) == cards("Y3", "G1")


def test_follow_message_names_the_trump_class() -> None:
    game = WasSticht(4)
    hands = {
        "0": ["R8", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"],
        "1": ["R2", "G3", "B9", "Y1", "Y2", "Y4", "Y5", "Y6", "Y7"],
        "2": ["R1", "R3", "R4", "R5", "R6", "R7", "R9", "Y8", "Y9"],
        "3": ["G1", "G2", "G4", "G5", "G6", "G7", "G8", "G9", "Y3"],
    }
    known = {
        "hands": hands,
        "secret": secret("R", 3),
        "tasks": {"0": "no-red", "1": "exactly-1", "2": "no-tricks"},
    }
    rnd = game.new_round(NAMES4, dealer=3, known=known, start="tricks")
    rnd.apply({"seat": 0, "play": "R8"})
    with pytest.raises(RuleError, match=r"^Ben played B9 but must follow trump \(holds R2 G3\)$"):
        rnd.apply({"seat": 1, "play": "B9"})
    rnd.apply({"seat": 1, "play": "G3"})
    assert rnd.trick_cards == [c("R8"), c("G3")]


# -- tasks and the game's end ------------------------------------------------------


def summary_of(tricks: list[tuple[int, list[str]]], players: int = 4) -> TrickSummary:
    return TrickSummary.of(
        [Trick(0, tuple(range(players)), tuple(c(n) for n in names), w) for w, names in tricks], players
    )


def test_task_success() -> None:
    # Seat 0 takes 2 tricks (one holds the Red 5), seat 1 takes 4 and the last, seat 2 takes 3.
    s = summary_of(
        [
            (0, ["R5", "G1", "G2", "G3"]),
            (0, ["B1", "B2", "B3", "B4"]),
            (1, ["Y1", "Y2", "Y3", "Y4"]),
            (1, ["Y5", "Y6", "Y7", "Y8"]),
            (1, ["B5", "B6", "B7", "B8"]),
            (2, ["G4", "G5", "G6", "G7"]),
            (2, ["R1", "R2", "R3", "R4"]),
            (2, ["G8", "G9", "B9", "Y9"]),
            (1, ["R6", "R7", "R8", "R9"]),
        ]
    )
    assert s.won == (2, 4, 3, 0) and s.last == 1
    made = {task: [task_made(task, seat, s) for seat in range(4)] for task in TASKS}
    assert made["no-tricks"] == [False, False, False, True]
    assert made["no-red"] == [False, False, False, True]  # the Red 5 is red, trump or not
    assert made["no-yellow"] == [True, False, False, True]
    assert made["no-green"] == [False, True, False, True]
    assert made["no-blue"] == [False, False, False, True]
    assert made["exactly-2"] == [True, False, False, False]
    assert made["exactly-3"] == [False, False, True, False]
    assert made["exactly-4"] == [False, True, False, False]
    assert made["exactly-1"] == [False] * 4
    assert made["last-trick"] == [False, True, False, False]
    assert made["most-tricks"] == [False, True, False, False]
    assert made["fewest-tricks"] == [False, False, False, True]


def test_most_and_fewest_need_strictly() -> None:
    s = summary_of([(0, ["R1", "R2", "R3", "R4"]), (1, ["R5", "R6", "R7", "R8"])])
    # 1, 1, 0, 0 tricks: nobody has strictly most or strictly fewest.
    assert not any(task_made("most-tricks", seat, s) for seat in range(4))
    assert not any(task_made("fewest-tricks", seat, s) for seat in range(4))


def test_standing_tie_break_by_discarded_value() -> None:
    game = WasSticht(4)
    assert game.standing([[1], [2], [3], []], [4, 4, 4, 5])["ended"] is False
    alone = game.standing([[1, 1, 1, 1, 1], [5, 5], [3], []], [0, 3, 4, 5])
    assert alone["winners"] == [0] and alone["ranking"][0] == 0
    # Two go out in the same round: the higher total of discarded values wins.
    both = game.standing([[1, 1, 1, 1, 1], [5, 5, 4, 2, 3], [3], []], [0, 0, 4, 5])
    assert both["finished"] == [0, 1] and both["winners"] == [1] and both["totals"][:2] == [5, 19]
    shared = game.standing([[2, 2, 2, 2, 2], [1, 1, 1, 2, 5], [3], []], [0, 0, 4, 5])
    assert shared["winners"] == [0, 1]


def test_rulebook_positions_go_by_discarded_value_alone() -> None:
    """ "In this case, positions are decided purely by the value of the discarded chips. The
    number of discarded chips is irrelevant to these positions." Two go out with 7 and 9; a
    player still holding two chips has discarded 14: second, ahead of the other finisher."""
    game = WasSticht(4)
    standing = game.standing([[1, 1, 1, 2, 2], [1, 2, 2, 2, 2], [5, 5, 4], []], [0, 0, 2, 5])
    assert standing["winners"] == [1]  # the winner is still a player who went out
    assert standing["ranking"] == [1, 2, 0, 3]
    shared = game.standing([[2, 2, 2, 2, 2], [1, 1, 1, 2, 5], [5, 5, 5], [1]], [0, 0, 2, 4])
    assert shared["ranking"] == [0, 1, 2, 3]


def test_draft_chips_order() -> None:
    order = draft_chips_order(2, 4)
    assert order[:5] == [2, 3, 0, 1, 2] and len(order) == 20
    assert all(order.count(seat) == 5 for seat in range(4))
    assert WasSticht(3).draft_chips_order(1)[:4] == [1, 2, 0, 1]


def test_default_chips() -> None:
    game = WasSticht(4)
    chips = game.chip_set()
    assert len(chips) == 24 and all(game.chip_counts()[t] == 2 for t in TASKS)
    assert game.chip_values() == TASK_VALUES
    assert all(1 <= v <= 5 for v in TASK_VALUES.values())


# -- complete rounds ---------------------------------------------------------------


def assert_cards_in_one_place(rnd: WasStichtRound) -> None:
    seen = rnd.gone | rnd.column_left
    for col in rnd.layout[rnd.column + 1 :] if rnd.layout else []:
        for card in col:
            assert not seen >> card & 1
            seen |= bit(card)
    for hand in rnd.hands:
        assert hand is not None
        assert not hand & seen, "a card is in two places"
        seen |= hand
    assert seen == DECK.all


def play_random(rnd: WasStichtRound, rng: random.Random, check_undo: bool = True) -> None:
    while not rnd.is_terminal():
        events = rnd.legal_events()
        assert events, f"no legal event in phase {rnd.phase}"
        event = rng.choice(events)
        before = rnd._snapshot()
        rnd.apply(event)
        assert_cards_in_one_place(rnd)
        if check_undo and rng.random() < 0.2:
            assert rnd.undo() == event
            assert rnd._snapshot() == before
            rnd.apply(event)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, {}),
        (3, {}),
        (3, {"table_card": False}),
        (4, {"chips": [{"task": t, "value": 1 + i % 3} for i, t in enumerate(TASKS * 2)]}),
    ],
)
def test_random_complete_rounds(players: int, options: dict[str, Any]) -> None:
    game = find("was-sticht")(players, options)
    assert isinstance(game, WasSticht)
    names = NAMES4[:players]
    for seed in range(6):
        rng = random.Random(seed)
        dealer = seed % players
        known = game.deal(rng, dealer)
        rnd = game.new_round(names, dealer, known=known)
        fresh = rnd._snapshot()
        play_random(rnd, rng)
        result = rnd.result()
        assert len(rnd.tricks) == 9 and sum(result["tricks"]) == 9
        assert all(hand == 0 for hand in rnd.hands)
        assert len(rnd.columns) == 9 and len(rnd.tasks) == players - 1 and rnd.dealer not in rnd.tasks
        assert len([x for x in range(DECK.size) if rnd.table >> x & 1]) == (9 if players == 3 else 0)
        for col in rnd.columns:
            assert len(col.cards) == (4 if players == 4 or options.get("table_card", True) else 3)
        values = game.chip_values()
        for seat in range(players):
            expected = values[result["discards"][seat]] if seat in result["discards"] else 0
            assert result["points"][seat] == expected
        for seat, made in result["success"].items():
            assert (seat in result["discards"]) == made
        assert (rnd.dealer in result["discards"]) == bool(result["dealer_made"])
        while rnd.events:
            rnd.undo()
        assert rnd._snapshot() == fresh


@pytest.mark.parametrize("players", [3, 4])
def test_random_rounds_from_a_players_view(players: int) -> None:
    # A non-dealer does not know the trumps: announcements are taken on trust and only
    # the ones some trumps still allow are offered, so the reveal always has a choice.
    game = WasSticht(players)
    names = NAMES4[:players]
    for seed in range(3):
        rng = random.Random(100 + seed)
        known = game.deal(rng, 0)
        rnd = game.new_round(names, 0, view=1, known={"layout": known["layout"]})
        assert rnd.rules() is None
        play_random(rnd, rng, check_undo=False)
        assert sum(rnd.result()["tricks"]) == 9
        reveal = next(e["reveal"] for e in rnd.events if "reveal" in e)
        # The dealer's view, with the revealed trumps as its secret, accepts the same record.
        dealer_view = game.new_round(names, 0, view=0, known={"layout": known["layout"], "secret": reveal})
        for event in rnd.events:
            dealer_view.apply(event)
        assert dealer_view.is_terminal() and dealer_view.result() == rnd.result()


def test_dealer_discard_and_points() -> None:
    game = WasSticht(4)
    for seed in range(40):
        rng = random.Random(seed)
        known = game.deal(rng, 0)
        chips = {"0": ["no-red", "exactly-4", "last-trick"]}
        rnd = game.new_round(NAMES4, 0, known={**known, "chips": chips})
        while not rnd.is_terminal():
            rnd.apply(rng.choice(rnd.legal_events()))
        result = rnd.result()
        if not result["dealer_made"]:
            assert 0 not in result["discards"] and result["points"][0] == 0
            with pytest.raises(RuleError, match=r"^Anna \(dealer\) made no task that its owner failed"):
                rnd.result(dealer_discard="no-red")
            continue
        # The dealer's discard event names the chip; until it comes no points are known.
        event = rnd.events[-1]
        assert (
            result["discards"][0] == event["discard"] and result["points"][0] == TASK_VALUES[event["discard"]]
        )
        rnd.undo()
        pending = rnd.result()
        assert rnd.phase == "discard" and 0 not in pending["discards"] and pending["points"] is None
        chosen = rnd.result(dealer_discard="last-trick")
        assert chosen["discards"][0] == "last-trick" and chosen["points"][0] == TASK_VALUES["last-trick"]
        assert chosen["points"][1:] == result["points"][1:]
        with pytest.raises(
            RuleError,
            match=r"^Anna \(dealer\) discards no-tricks but holds no such chip"
            r" \(holds no-red, exactly-4, last-trick\)$",
        ):
            rnd.result(dealer_discard="no-tricks")
        return
    pytest.fail("no round with a dealer share among 40 seeds")


def test_three_players_table_card_counts() -> None:
    # Trumps green/no number; Anna (left of dealer Carla) leads with B1, the Table gets G1.
    layout = layout_with({0: ["B1", "B2", "B3", "G1"]})
    known = {"layout": layout, "secret": secret("G", None)}
    rnd = WasSticht(3).new_round(NAMES3, dealer=2, known=known)
    pick_column(rnd, ["B1", "B2", "B3"])
    assert rnd.column_cards[-1] == c("G1")
    assert rnd.legal_events() == [{"announce": "table"}]
    with pytest.raises(RuleError, match=r"^Carla announced Carla for column 1, but the Table's G1 wins it$"):
        rnd.apply({"announce": 2})
    rnd.apply({"announce": "table"})
    assert rnd.table == bit(c("G1")) and rnd.observation(0)["columns"][0]["announced"] == "table"

    off = WasSticht(3, {"table_card": False}).new_round(NAMES3, dealer=2, known=known)
    pick_column(off, ["B1", "B2", "B3"])
    assert off.legal_events() == [{"announce": 2}]
    with pytest.raises(
        RuleError, match=r"^Carla announced the Table for column 1, but option table_card is off$"
    ):
        off.apply({"announce": "table"})


def test_unknown_secret_is_taken_on_trust_until_the_reveal() -> None:
    game = WasSticht(4)
    rng = random.Random(7)
    known = game.deal(rng, 3)
    omni = game.new_round(NAMES4, 3, known=known)
    while omni.phase != "tasks":
        omni.apply(rng.choice(omni.legal_events()))
    events = omni.events
    view = game.new_round(NAMES4, 3, view=0, known={"layout": known["layout"]})
    for event in events[:-1]:
        view.apply(event)
    assert view.observation(0)["secret"] is None
    assert omni.observation(3)["secret"] == known["secret"]
    assert known["secret"] in [e["reveal"] for e in view.legal_events()]
    view.apply(events[-1])
    assert view.observation(0)["secret"] == known["secret"]
    # A wrong announcement is accepted without the secret, and the reveal then refutes it.
    lying = game.new_round(NAMES4, 3, view=0, known={"layout": known["layout"]})
    first_announce = next(i for i, e in enumerate(events) if "announce" in e)
    for event in events[:first_announce]:
        lying.apply(event)
    truth = events[first_announce]["announce"]
    lie = (truth + 1) % 4
    lying.apply({"announce": lie})
    rest = [e for e in events[first_announce + 1 :] if "reveal" not in e]
    for event in rest:
        lying.apply(event)
    with pytest.raises(RuleError, match=r"^Dan revealed trumps .+, but then .+ wins column 1, not .+$"):
        lying.apply(events[-1])


def test_start_at_tasks_with_known_chips() -> None:
    game = WasSticht(3)
    hands = {"0": list(DECK.codes[0:9]), "1": list(DECK.codes[9:18]), "2": list(DECK.codes[18:27])}
    chips = {"0": ["no-red", "exactly-2"], "1": ["last-trick"], "2": ["no-tricks"]}
    rnd = game.new_round(
        NAMES3, 2, known={"hands": hands, "secret": secret("B", 9), "chips": chips}, start="tasks"
    )
    assert rnd.table == DECK.parse_set(DECK.codes[27:])
    assert rnd.legal_events() == [{"seat": 0, "task": "no-red"}, {"seat": 0, "task": "exactly-2"}]
    with pytest.raises(
        RuleError, match=r"^Anna chose last-trick but holds no such chip \(holds no-red, exactly-2\)$"
    ):
        rnd.apply({"seat": 0, "task": "last-trick"})
    with pytest.raises(RuleError, match=r"^Carla is the dealer and chooses no task$"):
        rnd.apply({"seat": 2, "task": "no-tricks"})
    rnd.apply({"seat": 1, "task": "LAST-TRICK"})  # chosen in secret: any order
    assert rnd.observation(0)["tasks"] == {}
    rnd.apply({"task": "exactly-2"})
    assert rnd.observation(0)["tasks"] == {0: "exactly-2", 1: "last-trick"}
    assert rnd.phase == "play" and rnd.to_move() == 0


# -- bad input -------------------------------------------------------------------------


@pytest.fixture
def drafting() -> WasStichtRound:
    layout = layout_with({0: ["R3", "B7", "R6", "Y2"]})
    return WasSticht(4).new_round(NAMES4, dealer=3, known={"layout": layout, "secret": secret("R", 2)})


def test_pick_out_of_turn(drafting: WasStichtRound) -> None:
    with pytest.raises(RuleError, match=r"^it is Anna's turn, not Ben's$"):
        drafting.apply({"seat": 1, "pick": "B7"})
    assert drafting.events == []


def test_unknown_card(drafting: WasStichtRound) -> None:
    with pytest.raises(
        StichError, match=r"^unknown card 'X9' for was-sticht \(cards look like R1, R2, R3, \.\.\.\)$"
    ):
        drafting.apply({"seat": 0, "pick": "X9"})


def test_card_not_in_column(drafting: WasStichtRound) -> None:
    drafting.apply({"seat": 0, "pick": "b7"})
    with pytest.raises(RuleError, match=r"^Ben picked G9 but it is not in column 1 \(left: R3 R6 Y2\)$"):
        drafting.apply({"seat": 1, "pick": "G9"})


def test_wrong_announcement_and_event_kind(drafting: WasStichtRound) -> None:
    with pytest.raises(RuleError, match=r"^expected a pick event \(Anna to move\), got \{'announce': 0\}$"):
        drafting.apply({"announce": 0})
    pick_column(drafting, ["B7", "R6", "Y2", "R3"])
    with pytest.raises(RuleError, match=r"^Dan announced Anna for column 1, but Carla's Y2 wins it$"):
        drafting.apply({"announce": 0})
    with pytest.raises(
        RuleError, match=r"^Dan announced the Table for column 1, but there is no Table with 4 players$"
    ):
        drafting.apply({"announce": "table"})
    with pytest.raises(RuleError, match=r"^it is Dan's turn, not Anna's$"):
        drafting.apply({"seat": 0, "announce": 2})


def test_wrong_reveal() -> None:
    game = WasSticht(4)
    rng = random.Random(3)
    known = game.deal(rng, 0)
    rnd = game.new_round(NAMES4, 0, known={**known, "secret": secret("R", 2)})
    while rnd.phase != "reveal":
        rnd.apply(rng.choice(rnd.legal_events()))
    with pytest.raises(RuleError, match=r"^Anna revealed trumps no suit/2, but the trumps are red/2$"):
        rnd.apply({"reveal": secret(None, 2)})
    with pytest.raises(
        StichError, match=r"^reveal trump_suit 'X' is not a colour \(use R, G, Y, B or null\)$"
    ):
        rnd.apply({"reveal": secret("X", 2)})
    with pytest.raises(StichError, match=r"^reveal trump_number 10 is not a number 1\.\.9 or null$"):
        rnd.apply({"reveal": secret("R", 10)})
    rnd.apply({"reveal": secret("r", 2)})
    assert rnd.phase == "tasks"


def test_bad_task_and_known_blocks() -> None:
    game = WasSticht(4)
    with pytest.raises(
        StichError, match=r"^unknown task 'exactly-5' \(tasks: no-tricks, no-red, .*fewest-tricks\)$"
    ):
        WasSticht(4, {"chips": [{"task": "exactly-5", "value": 2}] * 20})
    with pytest.raises(StichError, match=r"^option 'chips' gives 2 chips, but 4 players take 20 \(5 each\)$"):
        WasSticht(4, {"chips": [{"task": "no-red", "value": 2}] * 2})
    with pytest.raises(StichError, match=r"^known.layout column 2 must be a list of 4 cards, got \['R1'\]$"):
        game.new_round(
            NAMES4, 0, known={"layout": [list(DECK.codes[:4]), ["R1"]] + [[]] * 7, "secret": secret("R", 1)}
        )
    doubled = layout_with({})
    doubled[8][3] = "R1"
    with pytest.raises(StichError, match=r"^known.layout: card R1 is laid out twice$"):
        game.new_round(NAMES4, 0, known={"layout": doubled, "secret": secret("R", 1)})
    with pytest.raises(StichError, match=r"^an omniscient record \(view null\) must give known.secret$"):
        game.new_round(NAMES4, 0, known={"layout": layout_with({})})
    with pytest.raises(StichError, match=r"^known.secret trump_number 0 is not a number 1\.\.9 or null$"):
        game.new_round(NAMES4, 0, known={"layout": layout_with({}), "secret": secret("R", 0)})
    hands = {str(s): list(DECK.codes[9 * s : 9 * s + 9]) for s in range(4)}
    with pytest.raises(StichError, match=r"^known.tasks lacks the task of Dan$"):
        game.new_round(
            NAMES4,
            0,
            known={"hands": hands, "secret": secret(None, None), "tasks": {"1": "no-red", "2": "no-red"}},
            start="tricks",
        )
    with pytest.raises(StichError, match=r"^unknown task 'most' \(tasks: .*\)$"):
        game.new_round(
            NAMES4,
            0,
            known={"hands": hands, "secret": secret(None, None), "tasks": {"1": "most", "2": "no-red"}},
            start="tricks",
        )


def test_observation_hides_the_secret_and_tasks() -> None:
    game = WasSticht(4)
    rng = random.Random(11)
    known = game.deal(rng, 1)
    rnd = game.new_round(NAMES4, 1, known=known)
    first = rnd.observation(0)
    assert first["secret"] is None and rnd.observation(1)["secret"] == known["secret"]
    assert first["layout"] == known["layout"] and first["marker"] == 2 and first["column"] == 1
    while rnd.phase != "tasks":
        rnd.apply(rng.choice(rnd.legal_events()))
    assert rnd.observation(0)["secret"] == known["secret"]
    rnd.apply(rnd.legal_events()[0])
    chooser = rnd.events[-1]["seat"]
    assert rnd.observation(chooser)["tasks"] == {chooser: rnd.events[-1]["task"]}
    assert rnd.observation((chooser + 1) % 4)["tasks"] == {}
    assert all(len(h) == 9 for h in rnd.observation(0)["hands"])


def test_dealer_discard_is_the_last_event_when_earned() -> None:
    """The dealer discards a chip of its choice only after making a task whose owner failed."""
    seen = set()
    for seed in range(40):
        record = simulate("was-sticht", 4, seed)
        state = replay(record).round
        made = state.result()["dealer_made"]
        last = record.events[-1]
        seen.add(bool(made))
        if made:
            assert "discard" in last and last["seat"] == record.dealer
            assert state.result()["discards"][record.dealer] == last["discard"]
        else:
            assert "play" in last and record.dealer not in state.result()["discards"]
    assert seen == {True, False}
