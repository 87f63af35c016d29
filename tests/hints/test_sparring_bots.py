"""The sparring bots (montecarlo, montecarlo-heuristic), the all-seeing bot, and whole games."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from stich.games.base import Event, Round
from stich.games.errors import StichError
from stich.games.registry import find
from stich.games.stiche_raten import score_bid, suit_rules
from stich.games.trick import TrickRules, legal_plays, trick_winner
from stich.hints.advisors.bids.playout import tables_of
from stich.hints.play.arena import ArenaSpec, play_game, play_table, run_arena
from stich.hints.play.bots import BotSpec, parse_bot
from stich.hints.play.montecarlo import MonteCarlo, random_play_out, share
from stich.hints.session import Session

# -- montecarlo ---------------------------------------------------------------------------------


def test_montecarlo_names_parse_with_their_counts_and_bad_ones_are_named() -> None:
    assert parse_bot("montecarlo").name == "montecarlo"
    assert parse_bot("montecarlo:20").name == "montecarlo:20x30"
    assert parse_bot("montecarlo-heuristic:4x3").name == "montecarlo-heuristic:4x3"
    assert parse_bot("montecarlo:30x30").name == "montecarlo"
    assert BotSpec("montecarlo-heuristic").name == "montecarlo-heuristic"  # the defaults when made directly
    assert MonteCarlo(30, 30).bid_deals == 20 and MonteCarlo(30, 30).bid_playouts == 20
    for bad in ("montecarlo:0", "montecarlo:3x", "montecarlo:x3", "montecarlo:3x3x3", "montecarlo:-1"):
        with pytest.raises(StichError, match="give its deals and play-outs a card as D or DxP"):
            parse_bot(bad)


def test_montecarlo_is_refused_in_games_without_bids() -> None:
    bots = tuple(parse_bot(b) for b in ["montecarlo", "random", "random"])
    with pytest.raises(StichError, match="bot montecarlo plays Stiche-Raten and Wizard, not was-sticht"):
        ArenaSpec("was-sticht", 3, bots, 1, 1)


def test_share_is_of_all_points_counted_from_the_lowest_negative_score() -> None:
    assert share([10, 5, 5], 0) == 0.5
    assert share([0, 0, 0, 0], 2) == 0.25  # no seat scored: equal shares
    assert share([30, -10, -20], 0) == pytest.approx(50 / 60)  # counted from -20: 50, 10, 0
    assert share([30, -10, -20], 2) == 0.0
    assert share([-10, -10, -10], 1) == pytest.approx(1 / 3)


@pytest.mark.parametrize(
    ("game_id", "bot"),
    [
        ("stiche-raten", "montecarlo:3x3"),
        ("wizard", "montecarlo:3x3"),
        ("stiche-raten", "montecarlo-heuristic:3x3"),
        ("wizard", "montecarlo-heuristic:3x3"),
    ],
)
def test_montecarlo_plays_only_legal_moves_in_seeded_rounds(game_id: str, bot: str) -> None:
    # The arena matches each bot's choice against the omniscient round's legal events and refuses
    # any other; the sparring bot sits beside random players so that it meets odd positions.
    spec = ArenaSpec(game_id, 4, tuple(parse_bot(b) for b in [bot, "random"] * 2), 1, seed=3)
    indices = [0, 5, 8] if game_id == "wizard" else [9, 10, 11]  # Wizard 1, 6, 9 cards; Oh Hell 4..2
    for index in indices:
        played = play_table(spec, index, index % 4)
        assert len(played.points) == 4
    assert play_table(spec, indices[-1], 1) == play_table(spec, indices[-1], 1)  # same seed, same cards


def _outcomes(
    rules: TrickRules, hands: list[int], won: list[int], leader: int, trick: list[int]
) -> list[tuple[float, tuple[int, ...]]]:
    """Every end of the round when each seat chooses uniformly among its legal cards, with its chance
    (the rules' own legal-play and winner functions, not the play-out's tables)."""
    n = len(hands)
    if len(trick) == n:
        winner = (leader + trick_winner(rules, trick)) % n
        after = list(won)
        after[winner] += 1
        if not hands[winner]:
            return [(1.0, tuple(after))]
        return _outcomes(rules, hands, after, winner, [])
    seat = (leader + len(trick)) % n
    legal = [c for c in range(len(rules.cls)) if legal_plays(rules, hands[seat], trick) >> c & 1]
    found = []
    for card in legal:
        rest = list(hands)
        rest[seat] &= ~(1 << card)
        for chance, end in _outcomes(rules, rest, won, leader, [*trick, card]):
            found.append((chance / len(legal), end))
    return found


def test_the_value_of_a_card_is_the_share_over_every_random_play_out() -> None:
    # Three players, three cards each, spades trump, the first seat to lead; every bid is 1. Each
    # card's value from 20,000 random play-outs against the exact one, every play-out enumerated
    # with its chance: 0.645 (AS), 0.525 (2H), 0.590 (5C).
    game = find("stiche-raten")(3, {"first_round": 3})
    deck = game.deck
    rules = suit_rules(deck, 0)
    hands = [deck.parse_set(h) for h in (["AS", "2H", "5C"], ["KH", "QH", "3C"], ["3S", "4D", "9C"])]
    bids = [1, 1, 1]
    t = tables_of(rules)
    rng = random.Random(1)
    count = 20_000
    for name in ("AS", "2H", "5C"):
        lead = deck.parse(name)
        after = list(hands)
        after[0] &= ~(1 << lead)
        exact: dict[tuple[int, ...], float] = {}
        for chance, end in _outcomes(rules, after, [0, 0, 0], 0, [lead]):
            exact[end] = exact.get(end, 0.0) + chance
        local = [t.local(h) for h in after]
        seen: dict[tuple[int, ...], int] = {}
        for _ in range(count):
            won = tuple(random_play_out(t, list(local), [0, 0, 0], 0, [t.place[lead]], rng))
            seen[won] = seen.get(won, 0) + 1
        assert set(seen) == set(exact)
        for end, chance in exact.items():
            assert seen[end] / count == pytest.approx(chance, abs=0.012), (name, end)

        def value(chances: dict[tuple[int, ...], float]) -> float:
            points = {e: [score_bid(b, k, "standard") for b, k in zip(bids, e, strict=True)] for e in chances}
            return sum(c * share(points[e], 0) for e, c in chances.items())

        assert value({e: k / count for e, k in seen.items()}) == pytest.approx(value(exact), abs=0.01)
    assert len(exact) == 2  # the last card, 5C: two ends


@pytest.mark.parametrize("bot", ["montecarlo:2x2", "montecarlo-heuristic:2x2"])
def test_montecarlo_acts_the_same_when_the_hands_its_seat_cannot_see_are_different(bot: str) -> None:
    from stich.games.record import DEFAULT_NAMES, Record
    from stich.games.views import seat_view

    game = find("stiche-raten")(4, {"first_round": 4})
    names = list(DEFAULT_NAMES[:4])
    for number in range(2):
        rng = random.Random(number)
        dealer, known = game.course().series_deal(rng, number)
        seat = game.new_round(names, dealer, None, known).to_move()
        assert seat is not None
        other = json.loads(json.dumps(known))
        pool = [card for s, hand in other["hands"].items() if int(s) != seat for card in hand]
        rng.shuffle(pool)
        for s in other["hands"]:
            if int(s) != seat:
                size = len(other["hands"][s])
                other["hands"][s], pool = sorted(pool[:size]), pool[size:]
        assert other != known
        views = [
            Session(seat_view(Record(game.id, names, dealer, [], dict(game.options), None, block), seat))
            for block in (known, other)
        ]
        acts = [parse_bot(bot).act(view, random.Random(7)) for view in views]
        assert acts[0] == acts[1]


# -- all-seeing ---------------------------------------------------------------------------------

ALL_SEEING_GAMES = [
    ("stiche-raten", 4, {"first_round": 5}),
    ("wizard", 4, {}),
    ("was-sticht", 4, {}),
    ("stich-fuer-stich", 3, {}),
    ("24", 3, {}),
]


@pytest.mark.parametrize(("game_id", "players", "options"), ALL_SEEING_GAMES)
def test_all_seeing_plays_only_legal_moves_in_seeded_rounds(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    bots = tuple(parse_bot(b) for b in ["all-seeing", *["heuristic"] * (players - 1)])
    spec = ArenaSpec(game_id, players, bots, 1, seed=4, options=options, cycle=1)
    for index in range(2):
        played = play_table(spec, index, index % players)
        assert len(played.points) == players


def test_all_seeing_with_a_budget_plays_as_the_advisor_where_the_true_deal_does_not_decide() -> None:
    assert parse_bot("all-seeing:4") == BotSpec("all-seeing", 4)
    assert parse_bot("all-seeing:4").name == "all-seeing:4"
    bots = tuple(parse_bot(b) for b in ["all-seeing:1", "heuristic", "heuristic", "heuristic"])
    played = play_table(ArenaSpec("was-sticht", 4, bots, 1, seed=4), 0, 1)
    assert len(played.points) == 4


def test_only_the_all_seeing_bot_is_handed_the_omniscient_round(monkeypatch: pytest.MonkeyPatch) -> None:
    handed: list[tuple[str, bool]] = []
    act = BotSpec.act

    def spy(self: BotSpec, session: Session, rng: random.Random, truth: Round | None = None) -> Event:
        handed.append((self.kind, truth is not None))
        return act(self, session, rng, truth)

    monkeypatch.setattr(BotSpec, "act", spy)
    bots = tuple(parse_bot(b) for b in ["all-seeing", "heuristic", "random", "heuristic"])
    play_table(ArenaSpec("stiche-raten", 4, bots, 1, seed=2, options={"first_round": 3}), 0, 1)
    assert {kind for kind, _ in handed} == {"all-seeing", "heuristic", "random"}
    assert all(seen == (kind == "all-seeing") for kind, seen in handed)


def test_the_all_seeing_bot_refuses_to_act_without_the_true_round() -> None:
    game = find("stiche-raten")(4, {"first_round": 3})
    dealer, known = game.course().series_deal(random.Random(1), 0)
    from stich.games.record import DEFAULT_NAMES, Record
    from stich.games.views import seat_view

    record = Record(game.id, list(DEFAULT_NAMES[:4]), dealer, [], dict(game.options), None, known)
    truth = game.new_round(list(DEFAULT_NAMES[:4]), dealer, None, known)
    seat = truth.to_move()
    assert seat is not None
    with pytest.raises(StichError, match="all-seeing bot plays in the arena only"):
        parse_bot("all-seeing").act(Session(seat_view(record, seat)), random.Random(1))


def test_all_seeing_hits_more_bids_than_the_heuristic() -> None:
    bots = tuple(parse_bot(b) for b in ["all-seeing", "heuristic", "heuristic", "heuristic"])
    spec = ArenaSpec("stiche-raten", 4, bots, 4, seed=1, options={"first_round": 4}, cycle=1)
    result = run_arena(spec)
    by_name = {b.name: b for b in result.bots}
    assert by_name["all-seeing"].figures["bid_hit"].mean > by_name["heuristic"].figures["bid_hit"].mean


# -- whole games --------------------------------------------------------------------------------


def _games_spec(games: int, bots: Sequence[str] = ("heuristic", "random", "random")) -> ArenaSpec:
    return ArenaSpec(
        "stiche-raten",
        3,
        tuple(parse_bot(b) for b in bots),
        1,
        seed=6,
        options={"first_round": 2},
        games=games,
    )


def test_a_whole_game_plays_every_round_of_the_sequence_with_the_same_deals_in_every_rotation() -> None:
    spec = _games_spec(1)
    games = [play_game(spec, 0, rotation, keep_record=True) for rotation in range(3)]
    for game in games:
        assert [p.game_round for p in game.rounds][:3] == [0, 1, 2]  # 2, 1, 2 cards (then ties: more)
        assert len(game.rounds) >= 3
        assert sum(game.wins) == pytest.approx(1)
        assert game.totals == tuple(float(sum(p.points[s] for p in game.rounds)) for s in range(3))
    for k in range(3):  # the deals do not depend on the rotation
        deals = [game.rounds[k].record for game in games]
        assert all(d is not None and d["known"] == deals[0]["known"] for d in deals)  # type: ignore[index]


def test_games_won_sum_to_the_games_played_and_the_json_says_so() -> None:
    from typer.testing import CliRunner

    from stich.cli import app

    runner = CliRunner()
    args = ["arena", "stiche-raten", "-n", "3", "--bots", "heuristic,random,random", "-o", "first_round=2"]
    result = runner.invoke(app, [*args, "--games", "4", "--seed", "6", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 4
    won = {bot["name"]: bot["games"] for bot in data["bots"]}
    assert sum(w["won"] for w in won.values()) == pytest.approx(4)
    assert won["heuristic"]["games"] == 4 and won["heuristic"]["ci95"] is not None
    assert set(won["heuristic"]) == {"won", "ci95", "games", "win_rate", "final_score"}
    pair = data["pairs"][0]
    assert set(pair["games"]) == {"win_rate", "final_score"}
    assert data["played"] == sum(bot["rounds"] for bot in data["bots"]) // 3
    text = runner.invoke(app, [*args, "--games", "2", "--seed", "6"])
    assert text.exit_code == 0 and "games won" in text.stdout


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["was-sticht", "--games", "2"], "--games: Was sticht? has no sequence of rounds"),
        (["stiche-raten", "--games", "0"], "--games 0: play at least 1 game"),
        (["stiche-raten", "--games", "2", "--cycle", "1"], "--games plays every round of each game"),
    ],
)
def test_games_bad_input_is_one_clear_line(args: list[str], said: str) -> None:
    from typer.testing import CliRunner

    from stich.cli import app

    result = CliRunner().invoke(app, ["arena", *args, "--bots", "random,random,random", "-n", "3"])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"stich: error: {said}") and result.stderr.count("\n") == 1
