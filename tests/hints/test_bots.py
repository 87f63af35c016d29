"""Bots: each acts on its seat's view alone, and the heuristic follows its rules of thumb."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from stich.games.cards import FRENCH_SUITS, bit
from stich.games.errors import StichError
from stich.games.record import DEFAULT_NAMES, Record
from stich.games.registry import find
from stich.games.trick import TrickRules
from stich.games.views import seat_view
from stich.hints.advisors.bids.heuristic import sure_tricks
from stich.hints.advisors.trick_heuristic import play_for
from stich.hints.advisors.was_sticht.heuristic import task_intent
from stich.hints.play.arena import ArenaSpec, play_table
from stich.hints.play.bots import BotSpec, choice_key, load_bot, parse_bot
from stich.hints.session import Session

# -- a bot sees only its view -------------------------------------------------------------------


def _redeal_hands(known: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The other seats' hands dealt anew from their cards (sizes kept); the seat's own hand kept."""
    other = copy.deepcopy(known)
    hands = other["hands"]
    seats = [s for s in hands if int(s) != seat]
    pool = [card for s in seats for card in hands[s]]
    rng.shuffle(pool)
    for s in seats:
        size = len(hands[s])
        hands[s], pool = sorted(pool[:size]), pool[size:]
    return other


def _other_secret(game: Any, known: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """Another secret (Was sticht?'s trumps: the draft is open, so the secret is what is hidden)."""
    other = copy.deepcopy(known)
    while other["secret"] == known["secret"]:
        other["secret"] = game.deal(rng, 0)["secret"]
    return other


def _both(game: Any, known: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """Stich für Stich: the sleuths' hands dealt anew and another culprit and weapon."""
    other = _redeal_hands(known, seat, rng)
    while other["secret"] == known["secret"]:
        other["secret"] = game.deal(rng, 0)["secret"]
    return other


Hidden = Callable[[Any, dict[str, Any], int, random.Random], dict[str, Any]]
ALTERNATIVES: dict[str, tuple[int, dict[str, Any], Hidden]] = {
    # game -> (players, options, what a seat that moves first cannot see, replaced)
    "stiche-raten": (4, {"first_round": 4}, lambda g, k, s, r: _redeal_hands(k, s, r)),
    "wizard": (4, {}, lambda g, k, s, r: _redeal_hands(k, s, r)),
    "24": (4, {}, lambda g, k, s, r: _redeal_hands(k, s, r)),
    "was-sticht": (4, {}, _other_secret),
    "stich-fuer-stich": (4, {}, _both),
}


# The advisor's first decision in 24 (the trump call) and Stich für Stich (a full-hand lead)
# takes minutes with the current solver; the advisor reads the same session in every game.
CASES = [(game, bot) for game in ALTERNATIVES for bot in ("random", "heuristic", "advisor:2")]
CASES = [case for case in CASES if case not in {("24", "advisor:2"), ("stich-fuer-stich", "advisor:2")}]
CASES += [("stiche-raten", "rules-bot"), ("wizard", "rules-bot")]


@pytest.mark.parametrize(("game_id", "bot"), CASES)
def test_a_bot_acts_the_same_when_what_its_seat_cannot_see_is_different(game_id: str, bot: str) -> None:
    players, options, hidden = ALTERNATIVES[game_id]
    game = find(game_id)(players, options)
    spec = parse_bot(bot)
    for number in range(3):
        rng = random.Random(number)
        dealer, known = game.course().series_deal(rng, number if game_id != "wizard" else 3)
        names = list(DEFAULT_NAMES[:players])
        truth = game.new_round(names, dealer, None, known)
        seat = truth.to_move()
        assert seat is not None
        other = hidden(game, known, seat, rng)
        assert other != known
        views = []
        for block in (known, other):
            record = Record(game.id, names, dealer, [], dict(game.options), None, block)
            views.append(Session(seat_view(record, seat)))
        assert views[0].to_record().to_json() == views[1].to_record().to_json()
        acts = [spec.act(view, random.Random(7)) for view in views]
        assert acts[0] == acts[1]
        assert choice_key(acts[0]) in {choice_key(e) for e in truth.legal_events()}


# -- names --------------------------------------------------------------------------------------


def test_bot_names_parse_and_bad_ones_are_named() -> None:
    assert parse_bot("advisor:50") == BotSpec("advisor", 50)
    assert parse_bot(" heuristic ").name == "heuristic"
    assert parse_bot("rules-bot") == BotSpec("rules-bot")
    for bad, said in [
        ("clever", "unknown bot 'clever'"),
        ("random:5", "only the advisor takes a budget"),
        ("advisor:0", "a number of worlds, 1 to 100000"),
        ("rules-bot:8", "only the advisor takes a budget"),
    ]:
        with pytest.raises(StichError, match=said):
            parse_bot(bad)


# -- the heuristic's rules of thumb --------------------------------------------------------------


def _spades_trump() -> tuple[Any, TrickRules]:
    game = find("stiche-raten")(4, {"first_round": 3})
    known = {"hands": {"0": ["AS", "KS", "AH"]}, "cards": 3, "trump_card": "2S"}
    state = game.new_round(list(DEFAULT_NAMES[:4]), 3, 0, known)
    rules = state.rules()
    assert rules is not None and FRENCH_SUITS[0] == "S"
    return state, rules


def test_every_game_exports_its_heuristic_from_its_advisor_module() -> None:
    import importlib

    from stich.games.registry import GAME_IDS
    from stich.hints.advisors import _MODULES, heuristic_for

    for game_id in GAME_IDS:
        assert heuristic_for(game_id) is importlib.import_module(_MODULES[game_id]).HEURISTIC
    with pytest.raises(StichError, match="no heuristic bot for the game 'skat'"):
        heuristic_for("skat")


def test_sure_tricks_count_top_trumps_and_a_side_ace() -> None:
    state, rules = _spades_trump()
    deck = state.deck
    hand = deck.parse_set(["AS", "KS", "AH"])
    unseen = deck.all & ~hand & ~bit(deck.parse("2S"))
    assert sure_tricks(rules, hand, unseen, 4) == 3
    # K-Q of trumps with the ace out: one of them is caught, the other makes a trick.
    hand = deck.parse_set(["KS", "QS", "3H"])
    unseen = deck.all & ~hand & ~bit(deck.parse("2S"))
    assert sure_tricks(rules, hand, unseen, 4) == 1


def test_play_for_takes_with_the_highest_trump_and_dumps_the_highest_loser() -> None:
    state, rules = _spades_trump()
    deck = state.deck
    trick = [deck.parse("KH")]
    hand = deck.parse_set(["AS", "3S", "QH", "2C"])
    legal = hand & rules.class_mask[rules.cls[deck.parse("KH")]] or hand
    assert deck.name_of(play_for(rules, legal, trick, win=False, last=False)) == "QH"
    void = deck.parse_set(["AS", "3S", "2C"])
    assert deck.name_of(play_for(rules, void, trick, win=True, last=False)) == "AS"
    assert deck.name_of(play_for(rules, void, trick, win=True, last=True)) == "3S"
    assert deck.name_of(play_for(rules, void, trick, win=False, last=False)) == "2C"


def test_the_heuristic_dealer_bids_next_to_its_count_when_the_count_is_barred() -> None:
    known = {"hands": {"2": ["AS", "KS"]}, "cards": 2, "trump_card": "2S"}
    events: list[dict[str, Any]] = [{"seat": 0, "bid": 0}, {"seat": 1, "bid": 0}]
    session = Session(
        Record("stiche-raten", list(DEFAULT_NAMES[:3]), 2, events, {"first_round": 2}, 2, known)
    )
    # Two sure tricks, but 0 + 0 + 2 would add up to the 2 tricks: the dealer may not bid 2.
    assert [e["bid"] for e in session.legal()] == [0, 1]
    assert BotSpec("heuristic").act(session, random.Random(1))["bid"] == 1


def test_was_sticht_intent_follows_the_task() -> None:
    assert task_intent("exactly-2", won=1, trick=3, tricks=9)
    assert not task_intent("exactly-2", won=2, trick=3, tricks=9)
    assert not task_intent("last-trick", won=0, trick=7, tricks=9)
    assert task_intent("last-trick", won=0, trick=8, tricks=9)
    assert not task_intent("no-red", won=0, trick=0, tricks=9)
    assert task_intent("most-tricks", won=5, trick=6, tricks=9)
    assert not task_intent(None, won=0, trick=0, tricks=9)  # the dealer


# -- the heuristic in Stiche-Raten and Wizard -----------------------------------------------------


def _heuristic(session: Session) -> Any:
    return BotSpec("heuristic").act(session, random.Random(1))


def test_the_heuristic_bids_the_trump_length_that_sure_tricks_miss() -> None:
    # Five small trumps of eight cards, spades turned: no trump is sure by rank, but with four
    # hands of eight a club player counts two or three tricks from the length.
    hand = ["3S", "4S", "5S", "6S", "7S", "2H", "2D", "2C"]
    session = _session(
        "stiche-raten", {"first_round": 8}, {"hands": {"0": hand}, "cards": 8, "trump_card": "2S"}, []
    )
    state = session.round
    unseen = state.deck.all & ~(state.hands[0] or 0) & ~bit(state.deck.parse("2S"))
    assert sure_tricks(state.rules(), state.hands[0] or 0, unseen, 4) == 0
    assert _heuristic(session)["bid"] >= 2


def test_the_heuristic_bid_is_the_best_expected_score_the_restriction_leaves() -> None:
    from stich.hints.advisors.bids.heuristic import choose_bid

    dist = [0.1, 0.6, 0.3]  # 0, 1 or 2 tricks
    assert choose_bid(dist, [0, 1, 2], "standard") == 1
    assert choose_bid(dist, [0, 2], "standard") == 2  # the hook bars 1: 2 scores 0.3 x 10 + 1.2
    assert choose_bid(dist, [0, 2], "strict") == 2
    # Wizard: 0 or 2 tricks alike likely; a hit of 2 pays 40, of 0 pays 20, a miss by two -20
    # either way: bid 2 expects 8 points, bid 0 -1, bid 1 (hit 10 %) -6.
    assert choose_bid([0.45, 0.1, 0.45], [0, 1, 2], "wizard") == 2


def test_the_heuristic_takes_with_its_cheapest_winner_as_the_last_to_play() -> None:
    session = _hearts_play(["AH", "JH", "3H", "4C", "5D"], 1, ["9H", "TH", "4H"])
    assert _heuristic(session)["play"] == "JH"


def test_the_heuristic_dumps_its_highest_safe_card_once_its_bid_is_made() -> None:
    session = _hearts_play(["AH", "9H", "3H", "4C", "5D"], 0, ["8H", "TH", "4H"])
    assert _heuristic(session)["play"] == "9H"


def _over_its_bid(scoring: str) -> Session:
    """Seat 0 bid 0 and took the first trick with the ace of hearts; it leads the second."""
    known = {"hands": {"0": ["AH", "AS", "7C", "3D", "4D"]}, "cards": 5, "trump_card": "2S"}
    bids = [{"seat": 1, "bid": 1}, {"seat": 2, "bid": 1}, {"seat": 3, "bid": 1}, {"seat": 0, "bid": 0}]
    options = {"first_round": 5, "scoring": scoring}
    return _session("stiche-raten", options, known, bids + plays_of(["5H", "6H", "7H", "AH"]), dealer=0)


def test_the_heuristic_over_its_bid_takes_tricks_only_where_a_miss_scores_them() -> None:
    # Standard scoring pays a missed bid its tricks: the ace of trumps takes one more. Where a
    # miss costs a point per trick off (minus), the seat ducks: a low side card.
    assert _heuristic(_over_its_bid("standard"))["play"] == "AS"
    ducked = _heuristic(_over_its_bid("minus"))["play"]
    assert ducked in {"7C", "3D", "4D"}


def test_the_heuristic_ducks_while_its_sure_winners_make_the_bid() -> None:
    # Bid 1 with the ace of trumps, which takes a trick whatever happens: under the ten of
    # hearts it keeps the queen (it might win) and plays the three.
    session = _hearts_play(["AS", "QH", "3H", "4C", "5D"], 1, ["8H", "TH", "4H"])
    assert _heuristic(session)["play"] == "3H"


# -- rules-bot: a public Oh Hell app's bot rules -------------------------------------------------


def _session(
    game_id: str,
    options: dict[str, Any],
    known: dict[str, Any],
    events: list[dict[str, Any]],
    view: int = 0,
    dealer: int = 3,
) -> Session:
    return Session(Record(game_id, list(DEFAULT_NAMES[:4]), dealer, events, options, view, known))


def _rules_bot(session: Session) -> Any:
    return BotSpec("rules-bot").act(session, random.Random(1))


@pytest.mark.parametrize("game_id", ["stiche-raten", "wizard"])
def test_rules_bot_plays_only_legal_moves_in_many_random_rounds(game_id: str) -> None:
    # The arena matches each bot's choice against the omniscient round's legal events and
    # refuses any other; rules-bot sits beside random players so that it meets odd positions.
    spec = ArenaSpec(game_id, 4, tuple(parse_bot(b) for b in ["rules-bot", "random"] * 2), 1, seed=5)
    for index in range(30):  # Stiche-Raten's 13…1…13 and Wizard's first rounds, some with a wizard turned
        played = play_table(spec, index, index % 4)
        assert len(played.points) == 4


def test_rules_bot_bids_its_counted_winners() -> None:
    # Spades trump, 8 cards: A-K of trumps are sure (2), the ace of hearts beside a short suit
    # (1), the guarded king of diamonds without its ace, in a suit of two (1); no void or
    # singleton to ruff with: 4. The heuristic's sure tricks would say 3.
    known = {"hands": {"0": ["AS", "KS", "AH", "5H", "KD", "4D", "3C", "2C"]}, "cards": 8, "trump_card": "2S"}
    session = _session("stiche-raten", {"first_round": 8}, known, [])
    assert _rules_bot(session)["bid"] == 4
    # The same hand with its clubs traded for two low trumps: they ruff the void in clubs (2),
    # the ace and king of trumps (2), the ace of hearts and the guarded king of diamonds (2).
    known = {"hands": {"0": ["AS", "KS", "4S", "3S", "AH", "5H", "KD", "4D"]}, "cards": 8, "trump_card": "2S"}
    session = _session("stiche-raten", {"first_round": 8}, known, [])
    assert _rules_bot(session)["bid"] == 6


def test_rules_bot_dealer_bids_one_fewer_when_its_count_is_barred() -> None:
    known = {"hands": {"3": ["AS", "KS"]}, "cards": 2, "trump_card": "2S"}
    events: list[dict[str, Any]] = [{"seat": 0, "bid": 0}, {"seat": 1, "bid": 0}, {"seat": 2, "bid": 0}]
    session = _session("stiche-raten", {"first_round": 2}, known, events, view=3)
    assert [e["bid"] for e in session.legal()] == [0, 1]
    assert _rules_bot(session)["bid"] == 1


def _hearts_play(hand: list[str], bid: int, plays: list[str]) -> Session:
    """Seat 0 of 4, the dealer, with ``hand`` (spades trump, 5 cards): bids 1 1 1 from seats
    1 to 3 and ``bid``, then the first trick's ``plays`` from seat 1 on (seat 0 plays last)."""
    known = {"hands": {"0": hand}, "cards": 5, "trump_card": "2S"}
    events: list[dict[str, Any]] = [
        {"seat": 1, "bid": 1},
        {"seat": 2, "bid": 1},
        {"seat": 3, "bid": 1},
        {"seat": 0, "bid": bid},
    ]
    return _session("stiche-raten", {"first_round": 5}, known, events + plays_of(plays), dealer=0)


def plays_of(cards: list[str]) -> list[dict[str, Any]]:
    return [{"seat": (1 + i) % 4, "play": card} for i, card in enumerate(cards)]


def test_rules_bot_wins_cheaply_while_short_of_its_bid() -> None:
    # Last to play to a heart trick headed by the ten: the jack takes it, the ace is kept.
    session = _hearts_play(["AH", "JH", "3H", "4C", "5D"], 1, ["9H", "TH", "4H"])
    assert _rules_bot(session)["play"] == "JH"


def test_rules_bot_dumps_its_highest_loser_once_the_bid_is_made() -> None:
    # Bid 0 (made until it takes a trick): under the ten of hearts it plays the nine, its
    # highest heart that loses, not the ace and not the three.
    session = _hearts_play(["AH", "9H", "3H", "4C", "5D"], 0, ["8H", "TH", "4H"])
    assert _rules_bot(session)["play"] == "9H"
    # With no heart that loses, the last to play takes the trick with its highest heart.
    session = _hearts_play(["AH", "QH", "4C", "5D", "6D"], 0, ["8H", "TH", "4H"])
    assert _rules_bot(session)["play"] == "AH"


def test_rules_bot_leads_a_boss_card_when_short_and_its_lowest_card_when_made() -> None:
    known = {"hands": {"0": ["AH", "KH", "7C", "3D", "4D"]}, "cards": 5, "trump_card": "2S"}
    bids = [{"seat": 0, "bid": 1}, {"seat": 1, "bid": 1}, {"seat": 2, "bid": 1}, {"seat": 3, "bid": 1}]
    short = _session("stiche-raten", {"first_round": 5}, known, bids)
    assert _rules_bot(short)["play"] == "AH"
    made = _session("stiche-raten", {"first_round": 5}, known, [{**bids[0], "bid": 0}, *bids[1:]])
    assert _rules_bot(made)["play"] == "3D"


def test_rules_bot_counts_wizards_as_winners_and_keeps_its_jester_to_duck() -> None:
    known = {"hands": {"0": ["Z1", "N1", "3C", "4D"]}, "cards": 4, "trump_card": "2S"}
    session = _session("wizard", {}, known, [])
    assert _rules_bot(session)["bid"] == 1
    # Bid 0 and a club trick headed by the queen: it follows with the three of clubs (a
    # loser), keeping the jester for a trick that nothing else would lose.
    bids = [{"seat": 1, "bid": 1}, {"seat": 2, "bid": 1}, {"seat": 3, "bid": 1}, {"seat": 0, "bid": 0}]
    session = _session("wizard", {}, known, bids + plays_of(["QC", "5C", "6C"]), dealer=0)
    assert _rules_bot(session)["play"] == "3C"


def test_rules_bot_is_refused_in_games_without_bids() -> None:
    with pytest.raises(StichError, match="rules-bot plays Stiche-Raten and Wizard"):
        ArenaSpec("24", 4, tuple(parse_bot(b) for b in ["rules-bot", "random", "random", "random"]), 1, 1)


def test_rules_bot_is_named_on_the_arena_command_line() -> None:
    from typer.testing import CliRunner

    from stich.cli import app

    runner = CliRunner()
    args = ["arena", "wizard", "--players", "3", "--rounds", "2", "--seed", "3", "--cycle", "3", "--json"]
    result = runner.invoke(app, [*args, "--bots", "rules-bot,heuristic,random"])
    assert result.exit_code == 0, result.output
    assert {bot["name"] for bot in json.loads(result.stdout)["bots"]} == {"rules-bot", "heuristic", "random"}
    refused = runner.invoke(app, ["arena", "24", "--players", "3", "--bots", "rules-bot,random,random"])
    assert refused.exit_code == 1
    assert refused.stderr == "stich: error: bot rules-bot plays Stiche-Raten and Wizard, not 24\n"


class FirstChoice:
    """A bot from outside the project given as a class with its name as a class attribute."""

    name = "first-choice"

    def act(self, session: Session, rng: random.Random) -> Any:
        return session.legal()[0]


def test_an_outside_bot_given_as_a_class_is_made_and_acts() -> None:
    bot = load_bot("tests.hints.test_bots:FirstChoice")
    assert isinstance(bot, FirstChoice)
    spec = ArenaSpec("stiche-raten", 4, (parse_bot("tests.hints.test_bots:FirstChoice"),) * 4, 1, 1)
    assert len(play_table(spec, 0, 0).points) == 4


# -- the heuristic in 24 and Stich für Stich -----------------------------------------------------


def _tricks_24(hand: list[str], events: list[dict[str, Any]], trump: str = "R") -> Session:
    """Seat 0 of 3 in 24 from the first trick (red trump, normal order, seat 0 leads)."""
    known = {"hands": {"0": hand}, "trump": trump}
    return Session(Record("24", list(DEFAULT_NAMES[:3]), 2, events, {}, 0, known, start="tricks"))


def test_24_heuristic_banks_a_trick_with_its_cheapest_sure_winner() -> None:
    # R11 and the 24 are both sure: no unseen card beats either. The red 11 is the cheaper one,
    # so the 24 is kept; the old rule led the highest card.
    session = _tricks_24(["24", "R11", "R3", "B2", "B5", "G6"], [])
    assert BotSpec("heuristic").act(session, random.Random(1))["play"] == "R11"


def test_24_heuristic_keeps_its_high_cards_when_it_cannot_win() -> None:
    # The blue 11 led, and seat 0 has neither blue nor a trump: it throws its lowest card, the
    # yellow 2, and keeps the yellow 10.
    events = [{"seat": 1, "play": "B11"}, {"seat": 2, "play": "B4"}]
    known = {"hands": {"0": ["Y10", "Y2", "G3", "G9", "Y7", "G5"]}, "trump": "R"}
    session = Session(Record("24", list(DEFAULT_NAMES[:3]), 0, events, {}, 0, known, start="tricks"))
    assert BotSpec("heuristic").act(session, random.Random(1))["play"] == "Y2"


def _follow_blue(hand: list[str]) -> Session:
    events = [{"seat": 1, "play": "B11"}, {"seat": 2, "play": "B9"}]
    known = {"hands": {"0": hand}, "trump": "R"}
    return Session(Record("24", list(DEFAULT_NAMES[:3]), 0, events, {}, 0, known, start="tricks"))


def test_24_heuristic_reverses_the_order_when_what_it_keeps_gains() -> None:
    # Seat 0 must follow the blue 11 with its blue 1. What it keeps, 2s and 3s, beats far more
    # unseen cards once 1 is high, so it declares the reversal.
    event = BotSpec("heuristic").act(_follow_blue(["B1", "Y2", "G2", "G3", "Y3", "R3"]), random.Random(1))
    assert event["play"] == "B1" and event.get("reverse") is True
    # Keeping 10s and 11s, it leaves the order as it is.
    event = BotSpec("heuristic").act(
        _follow_blue(["B1", "Y11", "G11", "G10", "Y10", "R10"]), random.Random(1)
    )
    assert event["play"] == "B1" and not event.get("reverse")


def test_24_heuristic_gives_away_weak_side_cards_but_keeps_trumps_and_ones() -> None:
    known = {"hands": {"0": ["R2", "B1", "B4", "G9", "Y8", "G11"]}}
    events: list[dict[str, Any]] = [{"seat": 0, "trump": "R"}]
    session = Session(Record("24", list(DEFAULT_NAMES[:3]), 2, events, {}, 0, known))
    event = BotSpec("heuristic").act(session, random.Random(1))
    assert sorted(event["exchange"]) == ["B4", "G9", "Y8"]


def test_sfs_sleuth_values_a_card_by_its_chance_to_win_and_what_its_trick_tells() -> None:
    from stich.games.stich_fuer_stich import SUSPECTS, WEAPONS, sfs_rules
    from stich.hints.advisors.stich_fuer_stich.heuristic import INFO_WEIGHT, _winner_spread

    game = find("stich-fuer-stich")(4, {})
    deck = game.new_round(list(DEFAULT_NAMES[:4]), 0, None, game.deal(random.Random(1), 0)).deck
    revolver = WEAPONS.index("revolver")
    gardener, influencer = SUSPECTS.index("gardener"), SUSPECTS.index("influencer")
    rules = [sfs_rules(gardener, revolver), sfs_rules(influencer, revolver)]
    trick = [deck.parse("G13")]
    # H12 shows the revolver: a weapon trump under either pair, it wins and tells nothing.
    assert _winner_spread(rules, [0.5, 0.5], trick, deck.parse("H12")) == (1.0, 0.0)
    # I2 wins only if the influencer did it: half a trick, and the winner tells which (1 bit).
    assert _winner_spread(rules, [0.5, 0.5], trick, deck.parse("I2")) == (0.5, 1.0)
    assert 0.5 + INFO_WEIGHT * 1.0 > 1.0  # so the sleuth plays I2


def _no_red_trick(hand: list[str]) -> Session:
    """Was sticht?, 3 players, trumps blue and 6: seat 0 holds ``no-red``; seat 1 won the first
    trick and led the yellow 5 to the second, seat 2 followed with the yellow 3: seat 0 is last."""
    known = {
        "hands": {"0": hand},
        "secret": {"trump_suit": "B", "trump_number": 6},
        "tasks": {"0": "no-red", "1": "exactly-2"},
    }
    plays = ["G1", "G9", "G2", "Y5", "Y3"]
    seats = [0, 1, 2, 1, 2]
    events: list[dict[str, Any]] = [{"seat": s, "play": c} for s, c in zip(seats, plays, strict=True)]
    return Session(Record("was-sticht", list(DEFAULT_NAMES[:3]), 2, events, {}, 0, known, start="tricks"))


def test_was_sticht_no_colour_sheds_a_high_card_on_a_trick_without_the_colour() -> None:
    # Last to a trick with no red in it: taking it costs the task nothing, so the yellow 8 goes
    # (a high card that could later be forced to take a red trick); the rule of losing every
    # trick would throw the yellow 2.
    hand = ["G1", "Y8", "Y2", "R9", "R4", "G7", "G3", "Y4", "Y7"]
    assert BotSpec("heuristic").act(_no_red_trick(hand), random.Random(1))["play"] == "Y8"


def test_was_sticht_no_colour_throws_its_colour_on_a_trick_it_loses() -> None:
    # No yellow and no trump: every card loses, and the red 4 goes before the higher green 7.
    hand = ["G1", "R4", "G7", "G3", "R2", "G8", "R3", "G5", "R1"]
    assert BotSpec("heuristic").act(_no_red_trick(hand), random.Random(1))["play"] == "R4"


def test_rules_bot_dealer_names_the_trump_that_counts_most_after_a_turned_wizard() -> None:
    # A wizard turned up: the dealer names the trump. Hearts trump: A K Q of trumps go to
    # ruffing the voids (spades twice, diamonds once), half a trick each in a hand of 4 (1.5).
    # Any other trump: the ace of hearts in a suit longer than half the hand (0.5).
    known = {"hands": {"3": ["AH", "KH", "QH", "5C"]}, "cards": 4, "trump_card": "Z1"}
    session = _session("wizard", {}, known, [], view=3)
    assert session.round.phase == "trump"
    assert _rules_bot(session)["trump"] == "H"
