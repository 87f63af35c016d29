"""Stich für Stich: the rulebook's trick and scoring examples, deck files, views, random cases."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from stich.games import RuleError, StichError, find
from stich.games.cards import popcount
from stich.games.record import simulate, start_round
from stich.games.stich_fuer_stich import (
    DECK_FORMAT,
    DEFAULT_WEAPONS,
    SFS_DECK,
    SUSPECTS,
    WEAPONS,
    StichFuerStich,
    StichFuerStichRound,
    check_weapons,
    confidant_points,
    load_deck,
    number_of,
    parse_secret,
    parse_suspect,
    parse_weapon,
    sfs_rules,
    sleuth_points,
    suspect_of,
    weapon_of,
)
from stich.games.trick import trick_winner

INFLUENCER, PILLOW = 0, 4  # the rulebook's examples: Fiona draws the influencer and the pillow
NAMES = ["Anna", "Ben", "Carla", "Dan"]


def kind(code: str, culprit: int = INFLUENCER, weapon: int = PILLOW) -> str:
    """What a card is under the rulebook's secret with the default deck."""
    card = SFS_DECK.parse(code)
    shows_culprit = suspect_of(card) in (culprit, None)
    shows_weapon = weapon_of(card) == weapon
    if shows_culprit and shows_weapon:
        return "full"
    return "weapon" if shows_weapon else "culprit" if shows_culprit else "none"


def rulebook_trick(plays: list[tuple[str, str]]) -> str:
    """Who takes a trick, given (player, card) in playing order, with culprit influencer and weapon pillow."""
    cards = [SFS_DECK.parse(code) for _, code in plays]
    return plays[trick_winner(sfs_rules(INFLUENCER, PILLOW), cards)][0]


# -- the rulebook's trick examples (section II) ------------------------------------


def test_rulebook_full_trump_beats_weapon_and_culprit_trumps() -> None:
    """Nicolas's influencer with a pillow beats Joshua's pillow and Linda's and Fiona's influencers."""
    plays = [("Linda", "I13"), ("Nicolas", "I4"), ("Joshua", "H9"), ("Fiona", "I12")]
    assert [kind(c) for _, c in plays] == ["culprit", "full", "weapon", "culprit"]
    assert rulebook_trick(plays) == "Nicolas"


def test_rulebook_culprit_trump_beats_non_trumps() -> None:
    """Linda's culprit trump beats the others, none of which shows the weapon or the culprit."""
    plays = [("Nicolas", "H13"), ("Joshua", "G12"), ("Linda", "I2"), ("Fiona", "M10")]
    assert [kind(c) for _, c in plays] == ["none", "none", "culprit", "none"]
    assert rulebook_trick(plays) == "Linda"


def test_rulebook_higher_weapon_trump_wins() -> None:
    """Nicolas's higher pillow beats Fiona's; Joshua's and Linda's higher influencers do not win."""
    plays = [("Fiona", "H2"), ("Nicolas", "M5"), ("Joshua", "I13"), ("Linda", "I10")]
    assert [kind(c) for _, c in plays] == ["weapon", "weapon", "culprit", "culprit"]
    assert min(number_of(SFS_DECK.parse(c)) for c in ("I13", "I10")) > 5
    assert rulebook_trick(plays) == "Nicolas"


def test_rulebook_phantom_beaten_by_culprit_card() -> None:
    """Linda's influencer beats Joshua's phantom, played before it; Nicolas and Fiona play non-trumps."""
    plays = [("Nicolas", "H13"), ("Joshua", "P1"), ("Linda", "I1"), ("Fiona", "G10")]
    assert [kind(c) for _, c in plays] == ["none", "culprit", "culprit", "none"]
    assert rulebook_trick(plays) == "Linda"
    # A phantom is never a weapon trump, but beats any non-trump.
    assert rulebook_trick([("Nicolas", "H13"), ("Joshua", "P1"), ("Fiona", "G10")]) == "Joshua"
    assert rulebook_trick([("Joshua", "P1"), ("Fiona", "M5")]) == "Fiona"  # M5 shows the pillow


def test_rulebook_equal_non_trumps_first_played_wins() -> None:
    """Nicolas, Joshua, Linda, Fiona play no trumps; of the two 10s, Nicolas's came first."""
    plays = [("Nicolas", "H10"), ("Joshua", "G8"), ("Linda", "M10"), ("Fiona", "H6")]
    assert [kind(c) for _, c in plays] == ["none"] * 4
    assert rulebook_trick(plays) == "Nicolas"
    assert rulebook_trick([plays[2], plays[0]]) == "Linda"


def test_rulebook_two_phantoms_first_played_wins() -> None:
    """Two phantoms and no other trumps: Nicolas played his phantom before Linda."""
    plays = [("Joshua", "H13"), ("Nicolas", "P2"), ("Linda", "P3"), ("Fiona", "G12")]
    assert [kind(c) for _, c in plays] == ["none", "culprit", "culprit", "none"]
    assert rulebook_trick(plays) == "Nicolas"


def test_trump_bands_are_ordered_full_weapon_culprit_phantom() -> None:
    rules = sfs_rules(INFLUENCER, PILLOW)
    power = {
        code: rules.trump_power[SFS_DECK.parse(code)]
        for code in ("I4", "I11", "H2", "M12", "I1", "P1", "H13")
    }
    assert power["I11"] > power["I4"] > power["M12"] > power["H2"] > power["I1"] > power["P1"] > 0
    assert power["H13"] == 0
    assert not rules.must_follow and len(set(rules.cls)) == 1


# -- the deck ----------------------------------------------------------------------


def test_default_deck_gives_every_weapon_distinct_numbers() -> None:
    assert check_weapons(DEFAULT_WEAPONS) == DEFAULT_WEAPONS
    for weapon in range(len(WEAPONS)):
        numbers = [number_of(c) for c in range(52) if DEFAULT_WEAPONS[c] == weapon]
        assert len(numbers) == len(set(numbers)) and len(numbers) in (7, 8)
    for suspect in range(len(SUSPECTS)):
        assert sorted(number_of(c) for c in range(52) if suspect_of(c) == suspect) == list(range(1, 14))
    # (n + 2s) mod 7: the pillows of the default deck
    pillows = [SFS_DECK.name_of(c) for c in range(52) if DEFAULT_WEAPONS[c] == PILLOW]
    assert pillows == ["I4", "I11", "H2", "H9", "G7", "M5", "M12"]
    assert SFS_DECK.size == 55 and [weapon_of(SFS_DECK.parse(p)) for p in ("P1", "P2", "P3")] == [None] * 3


def deck_file(tmp_path: Path, cards: dict[str, str], name: str = "deck.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps({"format": DECK_FORMAT, "cards": cards}), encoding="utf-8")
    return str(path)


def default_cards() -> dict[str, str]:
    return {SFS_DECK.name_of(c): WEAPONS[w] for c, w in enumerate(DEFAULT_WEAPONS)}


def test_deck_file_loads_and_changes_the_trumps(tmp_path: Path) -> None:
    assert load_deck(deck_file(tmp_path, default_cards())) == DEFAULT_WEAPONS
    shifted = {code: WEAPONS[(WEAPONS.index(w) + 1) % 7] for code, w in default_cards().items()}
    game = StichFuerStich(4, {"deck": deck_file(tmp_path, shifted, "shifted.json")})
    assert weapon_of(SFS_DECK.parse("I4"), game.weapons) == WEAPONS.index("poison")
    assert sfs_rules(INFLUENCER, PILLOW, game.weapons) != sfs_rules(INFLUENCER, PILLOW)
    # the same object inline, with names in any case
    inline = {"format": DECK_FORMAT, "cards": {k.lower(): v.upper() for k, v in shifted.items()}}
    assert StichFuerStich(3, {"deck": inline}).weapons == game.weapons


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"G3": "knife"}, r"I3 and G3 \(knife 3\)"),
        ({"I1": "sword"}, r"card I1: unknown weapon 'sword'"),
        ({"P1": "knife"}, r"P1 is a phantom and shows no weapon"),
        ({"X9": "knife"}, r"unknown card 'X9'"),
        ({"M13": None}, r"1 cards have no weapon \(M13\)"),
    ],
)
def test_bad_deck_file_is_rejected_in_one_line(tmp_path: Path, change: dict[str, Any], message: str) -> None:
    cards: dict[str, Any] = default_cards()
    for code, weapon in change.items():
        if weapon is None:
            del cards[code]
        else:
            cards[code] = weapon
    path = deck_file(tmp_path, cards, "bad.json")
    with pytest.raises(StichError, match=message) as info:
        StichFuerStich(4, {"deck": path})
    assert "bad.json" in str(info.value) and "\n" not in str(info.value)


def test_deck_file_that_is_not_a_deck_is_rejected(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": ', encoding="utf-8")
    with pytest.raises(StichError, match=r"broken.json: not valid JSON at line 1"):
        load_deck(str(broken))
    other = tmp_path / "other.json"
    other.write_text('{"format": "stich-round/1"}', encoding="utf-8")
    with pytest.raises(StichError, match=r"other.json: 'format' must be 'stich-fuer-stich-deck/1'"):
        load_deck(str(other))
    with pytest.raises(StichError, match=r"missing.json: cannot read it"):
        load_deck(str(tmp_path / "missing.json"))
    with pytest.raises(StichError, match=r"option 'deck' must be a path"):
        StichFuerStich(4, {"deck": 7})


# -- names -------------------------------------------------------------------------


def test_suspects_and_weapons_parse_case_insensitively() -> None:
    assert parse_suspect("Gardener") == parse_suspect("g") == 2
    assert parse_weapon("KNIFE") == 3 and parse_weapon("axe") == 6
    assert parse_secret({"culprit": "M", "weapon": "Poison"}) == (3, 5)
    with pytest.raises(StichError, match=r"unknown suspect 'butler'"):
        parse_suspect("butler")
    with pytest.raises(StichError, match=r"unknown weapon 'rope'"):
        parse_weapon("rope")
    with pytest.raises(StichError, match=r"unknown card 'I14'"):
        SFS_DECK.parse("I14")


# -- rounds ------------------------------------------------------------------------

# Dan (seat 3) is the confidant; the secret is the influencer with the pillow.
HANDS = {
    "0": ["H3", "H13", "G1", "G2", "G3", "M1", "M2"],
    "1": ["G9", "H1", "H4", "H5", "H6", "H7", "H8"],
    "2": ["I13", "G4", "G5", "G6", "G8", "G10", "G11"],
    "3": ["I4", "P1", "M3", "M4", "M6", "M7", "M8", "M9", "M10", "M11"],
}
SECRET = {"culprit": "influencer", "weapon": "pillow"}
SECRET_PAIR = ["influencer", "pillow"]


def new_case(view: int | None = None, secret: bool = True, players: int = 4) -> StichFuerStichRound:
    known: dict[str, Any] = {"hands": HANDS if view is None else {str(view): HANDS[str(view)]}}
    if secret:
        known["secret"] = SECRET
    return StichFuerStich(players).new_round(NAMES, 3, view, known)


def play_trick(state: StichFuerStichRound, cards: list[str]) -> None:
    for code in cards:
        state.apply({"play": code})


def test_first_trick_is_led_left_of_the_confidant_and_the_winner_leads_next() -> None:
    state = new_case()
    assert state.to_move() == 0 and state.hand_size == [7, 7, 7, 10]
    play_trick(state, ["G1", "G9", "I13", "M3"])
    assert state.to_move() == 3 and state.legal_events() == [{"winner": 2}]
    state.apply({"winner": "Carla"})
    assert state.phase == "search" and state.to_move() == 0
    for seat in (0, 1, 2):
        state.apply({"seat": seat, "guess": ["mechanic", "ax"], "answer": "false"})
    assert state.phase == "play" and state.to_move() == 2 and state.leader == 2


def test_a_contradicting_announcement_names_the_true_winner() -> None:
    state = new_case()
    play_trick(state, ["G1", "G9", "G4", "M3"])  # no trump: Ben's G9 is the highest number
    with pytest.raises(
        RuleError, match=r"^Dan \(confidant\) announced Anna for trick 1, but Ben's G9 wins it$"
    ):
        state.apply({"winner": 0})
    state.apply({"seat": 3, "winner": 1})
    assert state.tricks[-1].winner == 1


def test_an_omitted_announcement_is_implied_when_the_secret_is_known() -> None:
    state = new_case()
    play_trick(state, ["G1", "G9", "I13", "M3"])
    state.apply({"seat": 0, "guess": ["I", "pillow"], "answer": "solved"})
    assert state.tricks[0].winner == 2 and state.solved_at[0] == 1


def test_bad_inputs_are_one_line_errors() -> None:
    state = new_case()
    cases: list[tuple[dict[str, Any], str]] = [
        ({"play": "Z3"}, r"unknown card 'Z3'"),
        ({"seat": 1, "play": "G9"}, r"it is Anna's turn, not Ben's"),
        ({"seat": 0, "play": "G9"}, r"Anna played G9 but does not hold it"),
        ({"winner": 0}, r"trick 1 is not complete: Anna plays next"),
    ]
    for event, message in cases:
        with pytest.raises(StichError, match=message):
            state.apply(event)
    play_trick(state, ["G1", "G9", "I13", "M3"])
    state.apply({"winner": 2})
    search: list[tuple[dict[str, Any], str]] = [
        (
            {"seat": 3, "guess": ["gardener", "knife"], "answer": "false"},
            r"Dan is the confidant and does not guess",
        ),
        (
            {"seat": 1, "guess": ["gardener", "knife"], "answer": "false"},
            r"it is Anna's turn to guess, not Ben's",
        ),
        ({"seat": 0, "guess": ["butler", "knife"], "answer": "false"}, r"unknown suspect 'butler'"),
        ({"seat": 0, "guess": ["gardener", "rope"], "answer": "false"}, r"unknown weapon 'rope'"),
        ({"seat": 0, "guess": ["influencer", "pillow"], "answer": "false"}, r"it is 'solved'"),
        ({"seat": 0, "solved": True}, r"the record sees every guess"),
        ({"seat": 0, "play": "G2"}, r"the search after trick 1 is not over: Anna guesses next"),
    ]
    for event, message in search:
        with pytest.raises(StichError, match=message) as info:
            state.apply(event)
        assert "\n" not in str(info.value)
    state.apply({"seat": 0, "guess": ["influencer", "pillow"], "answer": "solved"})
    state.apply({"seat": 1, "guess": ["gardener", "knife"], "answer": "false"})
    state.apply({"seat": 2, "guess": ["gardener", "knife"], "answer": "false"})
    play_trick(state, ["G4", "M4", "G2", "H4"])  # Carla leads
    state.apply({"winner": 2})
    with pytest.raises(RuleError, match=r"Anna already solved the case in trick 1 and no longer guesses"):
        state.apply({"seat": 0, "guess": ["influencer", "pillow"], "answer": "solved"})
    assert state.to_move() == 1


def test_a_round_needs_consistent_known_facts() -> None:
    game = StichFuerStich(4)
    with pytest.raises(StichError, match=r"must give known.secret"):
        game.new_round(NAMES, 3, None, {"hands": HANDS})
    with pytest.raises(StichError, match=r"must give known.secret"):
        game.new_round(NAMES, 3, 3, {"hands": {"3": HANDS["3"]}})
    short = dict(HANDS, **{"3": HANDS["3"][:7]})
    with pytest.raises(StichError, match=r"Dan is the confidant and gets 10 cards, not 7"):
        game.new_round(NAMES, 3, None, {"hands": short, "secret": SECRET})
    with pytest.raises(StichError, match=r"known.confidant Anna differs from the record's dealer Dan"):
        game.new_round(NAMES, 3, None, {"hands": HANDS, "secret": SECRET, "confidant": 0})
    with pytest.raises(StichError, match=r"played by 3-4 players, not 5"):
        StichFuerStich(5)
    assert game.new_round(NAMES, 3, None, {"hands": HANDS, "secret": SECRET}, "tricks").phase == "play"


# -- views -------------------------------------------------------------------------


def test_sleuth_view_needs_announcements_and_answers() -> None:
    state = new_case(view=1, secret=False)
    assert state.rules() is None
    play_trick(state, ["G1", "G9", "I13", "M3"])
    with pytest.raises(RuleError, match=r"Dan \(confidant\) must first announce who wins trick 1"):
        state.apply({"seat": 0, "solved": False})
    assert sorted(e["winner"] for e in state.legal_events()) == [0, 1, 2, 3]
    state.apply({"winner": 2})
    assert state.legal_events() == [{"seat": 0, "solved": True}, {"seat": 0, "solved": False}]
    state.apply({"seat": 0, "solved": False})
    with pytest.raises(RuleError, match=r"Ben's guess influencer/pillow needs the answer"):
        state.apply({"seat": 1, "guess": ["influencer", "pillow"]})
    with pytest.raises(RuleError, match=r"the record sees Ben's guess"):
        state.apply({"seat": 1, "solved": True})
    state.apply({"seat": 1, "guess": ["influencer", "pillow"], "answer": "solved"})
    # Ben now knows the secret, so the rest of the case is checked against it.
    assert state.secret == (INFLUENCER, PILLOW) and state.rules() is not None
    state.apply({"seat": 2, "solved": False})
    play_trick(state, ["G4", "M4", "G2", "H1"])
    with pytest.raises(RuleError, match=r"announced Anna for trick 2, but Carla's G4 wins it"):
        state.apply({"winner": 0})


def test_sleuth_view_rejects_a_winner_no_secret_allows() -> None:
    """I3 and I10 both show the knife, so I3 can never beat I10."""
    hands = {"1": ["I3", "H1", "H4", "H6", "H7", "H8", "G9"]}
    state = StichFuerStich(4).new_round(NAMES, 0, 1, {"hands": hands})
    play_trick(state, ["I3", "I10", "H5", "M2"])  # Ben leads, left of the confidant Anna
    assert sorted(e["winner"] for e in state.legal_events()) == [0, 2, 3]
    with pytest.raises(RuleError, match=r"announced Ben \(I3\) for trick 1, but no culprit and weapon lets"):
        state.apply({"winner": 1})
    state.apply({"winner": 3})
    # Dan's H5 (revolver) wins as a weapon trump, or as the only culprit trump.
    solvable = {tuple(e["guess"]) for e in state.legal_events() if e["answer"] == "solved"}
    assert solvable == {(suspect, "revolver") for suspect in SUSPECTS} | {
        ("hairdresser", weapon) for weapon in ("spade", "pillow", "poison", "ax")
    }
    with pytest.raises(RuleError, match=r"Ben's guess gardener/knife cannot be 'solved'"):
        state.apply({"seat": 1, "guess": ["gardener", "knife"], "answer": "solved"})


def test_observation_shows_a_seat_only_what_it_may_see() -> None:
    state = new_case()
    play_trick(state, ["G1", "G9", "I13", "M3"])
    state.apply({"winner": 2})
    state.apply({"seat": 0, "guess": ["influencer", "pillow"], "answer": "solved"})
    state.apply({"seat": 1, "guess": ["gardener", "knife"], "answer": "false"})
    ben, dan, carla = state.observation(1), state.observation(3), state.observation(2)
    assert ben["hand"] == ["H1", "H4", "H5", "H6", "H7", "H8"] and ben["secret"] is None
    assert ben["guesses"] == [{"trick": 1, "seat": 1, "guess": ["gardener", "knife"], "answer": "false"}]
    assert carla["guesses"] == [] and carla["solved_at"] == {0: 1, 1: None, 2: None}
    assert dan["secret"] == SECRET and len(dan["guesses"]) == 2
    assert state.observation(0)["secret"] == SECRET  # Anna solved it
    assert ben["tricks"] == [
        {"leader": 0, "seats": [0, 1, 2, 3], "cards": ["G1", "G9", "I13", "M3"], "winner": 2}
    ]


# -- scoring -----------------------------------------------------------------------


def test_rulebook_investigation_points() -> None:
    assert sleuth_points(2) == 6  # "after the 2nd trick ... 5 cards left ... 5+1=6"
    assert sleuth_points(7) == 1  # "with the last (7th) trick, a player still gets 1"
    assert sleuth_points(None) == 0
    assert confidant_points([2, 5, 3]) == 5  # "the last sleuth ... during the 5th trick ... 5 points"
    assert confidant_points([2, None, 3]) == 8
    assert confidant_points([2, None], finished=False) is None


def play_case(plan: dict[int, int], players: int = 4, seed: int = 1) -> StichFuerStichRound:
    """An omniscient case; sleuth s guesses right in the search of trick plan[s], wrong before."""
    game = StichFuerStich(players)
    confidant = players - 1
    known = game.deal(random.Random(seed), confidant)
    state = game.new_round(NAMES[:players], confidant, None, known)
    secret = parse_secret(known["secret"])
    wrong = (secret[0], (secret[1] + 1) % len(WEAPONS))
    while not state.is_terminal():
        if state.phase != "search":
            state.apply(state.legal_events()[0])
            continue
        seat = state.to_move()
        assert seat is not None
        right = plan.get(seat) == state.trick_number()
        pair = secret if right else wrong
        answer = "solved" if right else "false"
        state.apply({"seat": seat, "guess": [SUSPECTS[pair[0]], WEAPONS[pair[1]]], "answer": answer})
    return state


def test_a_case_cut_short_has_no_points_yet() -> None:
    """A case cut after trick 3 is incomplete: ``points`` is null as in every game, while the
    investigation points noted so far ("immediately") are there."""
    record = simulate("stich-fuer-stich", 4, 3)
    state = start_round(record)
    for event in record.events:
        state.apply(event)
        if len(state.tricks) == 3:
            break
    result = state.result()
    assert not state.is_terminal() and result["points"] is None
    assert result["tricks"] == state.won and len(result["investigation"]) == 4


def test_rulebook_last_sleuth_solves_in_trick_5_confidant_gets_5() -> None:
    result = play_case({0: 2, 1: 5, 2: 3}).result()
    assert result["solved_at"] == {0: 2, 1: 5, 2: 3}
    assert result["investigation"] == [6, 3, 5, 5]
    assert result["points"] == [i + t for i, t in zip(result["investigation"], result["tricks"], strict=True)]


def test_rulebook_solving_with_the_last_trick_scores_1() -> None:
    result = play_case({0: 7, 1: 7}, players=3).result()
    assert result["investigation"] == [1, 1, 7]


def test_rulebook_never_solved_scores_0_and_confidant_8() -> None:
    state = play_case({0: 1, 1: 1})
    assert state.result()["investigation"] == [7, 7, 0, 8]
    assert sum(state.result()["tricks"]) == 7


def test_rulebook_case_ends_after_trick_7_even_if_all_solved() -> None:
    state = play_case({0: 1, 1: 1, 2: 1})
    guesses = [e for e in state.events if "guess" in e]
    assert len(guesses) == 3 and len(state.tricks) == 7 and state.hand_size[3] == 3
    assert state.result()["investigation"] == [7, 7, 7, 1]


def test_game_rotates_the_confidant_and_ties_share_the_win() -> None:
    game = find("stich-fuer-stich")(4)
    assert isinstance(game, StichFuerStich)
    assert game.confidant_order(3) == [3, 0, 1, 2]
    assert game.standing([10, 12, 12, 5]) == {"ended": True, "winners": [1, 2], "shared": True}
    assert game.standing([10, 13, 12, 5]) == {"ended": True, "winners": [1], "shared": False}


# -- random complete cases -----------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_random_cases_are_complete_and_undo_restores_the_state(players: int) -> None:
    game = StichFuerStich(players)
    confidant = 0
    for seed in range(4):
        rng = random.Random(seed)
        known = game.deal(rng, confidant)
        assert sorted(popcount(SFS_DECK.parse_set(h)) for h in known["hands"].values())[-1] == 10
        state = game.new_round(NAMES[:players], confidant, None, known)
        start = state._snapshot()
        rules = state.rules()
        assert rules is not None
        while not state.is_terminal():
            events = state.legal_events()
            if state.phase == "search":
                assert len(events) == 28 and sum(e["answer"] == "solved" for e in events) == 1
            before = state._snapshot()
            event = rng.choice(events)
            state.apply(event)
            state.undo()
            assert state._snapshot() == before
            state.apply(event)
        assert len(state.tricks) == 7 and sum(state.won) == 7
        assert state.hand_size[confidant] == 3 and popcount(state.hands[confidant] or 0) == 3
        assert all(state.hand_size[s] == 0 for s in state.sleuths)
        for trick in state.tricks:
            assert trick.winner in trick.seats and len(trick.seats) == players
            assert trick.seats[trick_winner(rules, trick.cards)] == trick.winner
        assert state.legal_events() == [] and state.to_move() is None
        final = state._snapshot()
        events_played = state.events
        while state.events:
            state.undo()
        assert state._snapshot() == start
        for event in events_played:
            state.apply(event)
        assert state._snapshot() == final


def test_a_sleuth_view_replays_an_omniscient_case_to_the_same_result() -> None:
    full = play_case({0: 3, 1: 6})
    view = 1
    known = {"hands": {str(view): full.known["hands"][str(view)]}}
    state = StichFuerStich(4).new_round(NAMES, 3, view, known)
    for event in full.events:
        if "guess" in event and event["seat"] != view:
            event = {"seat": event["seat"], "solved": event["answer"] == "solved"}
        state.apply(event)
    assert state.is_terminal()
    ours, theirs = state.result(), full.result()
    assert ours["points"] == theirs["points"] and ours["solved_at"] == theirs["solved_at"]
    assert ours["secret"] == theirs["secret"]  # Ben solved it


def test_confidant_view_checks_announcements_and_sees_every_guess() -> None:
    state = new_case(view=3)
    play_trick(state, ["G1", "G9", "I13", "M3"])  # the sleuths' hands are unknown to Dan
    with pytest.raises(RuleError, match=r"but Carla's I13 wins it"):
        state.apply({"winner": 1})
    state.apply({"winner": 2})
    with pytest.raises(RuleError, match=r"the record sees Anna's guess"):
        state.apply({"seat": 0, "solved": False})
    events = state.legal_events()
    assert len(events) == 28 and [e["guess"] for e in events if e["answer"] == "solved"] == [SECRET_PAIR]
    state.apply({"seat": 0, "guess": SECRET_PAIR})  # the answer follows from the secret
    assert state.solved_at[0] == 1 and state.to_move() == 1
