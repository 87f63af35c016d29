"""Cross-check of our Stiche-Raten against OpenSpiel's ``oh_hell`` (module ``pyspiel``).

For each game OpenSpiel resolves chance (the number of tricks, cycled through every size
it allows for the player count; the dealer, the deal and the turned trump card drawn from
a seeded generator); we build our round from the same deal and dealer and play one random
legal game in both engines at once. At every decision both engines must name the same
seat to move and the same set of legal actions (each OpenSpiel action mapped to our
event); after every trick the same winner and trick counts; at the end the same bids,
trick counts and points. Mapping of cards, bids and chance nodes: see
``tests/oracles/openspiel_oh_hell.py``.

How OpenSpiel's ``oh_hell`` relates to the rulebook (Stiche-Raten, traditional),
as read in its source and checked here:

- **Same rules of play.** 52 cards, ace high, follow suit else play anything, the
  highest trump wins else the highest card of the led suit; bidding and the first lead
  start left of the dealer, the dealer bids last; bids go from 0 to the number of tricks.
- **Same dealer restriction.** The last bidder (the dealer) may not make the bids add up
  to the number of tricks — our default option ``restriction: True``. OpenSpiel has no
  "Ohne Einschränkung" variant, so ``restriction: False`` is not checked here.
- **Same scoring.** Default (``off_bid_penalty=False``, ``points_per_trick=1``): exact
  bid 10 + 1 per trick, a miss 1 per trick = our ``scoring: "standard"`` (the rulebook's
  Wertung). ``off_bid_penalty=True``: exact bid 10 + 1 per trick, a miss −1 per trick over
  or under = our ``scoring: "minus"`` (the rulebook's Minuspunkte variant). OpenSpiel's
  ``points_per_trick`` other than 1 is not in the rulebook and has no option here; the
  ``strict``, blind-round and simultaneous-bidding variants have no OpenSpiel parameter.
- **One round, not a game.** OpenSpiel plays a single round with 1 .. ⌊51/n⌋ tricks
  (a uniformly random size unless ``num_tricks_fixed``); the rulebook's sequence of
  rounds (first size ⌊51/n⌋ down to 1 and back up) is outside it. It always turns a
  trump card, so the rulebook's no-trump round (all 52 cards dealt, e.g. 4 × 13) never
  occurs there and is not checked.
- **Deal order.** OpenSpiel deals the first card to player 0 whoever deals (the rulebook
  starts left of the dealer). With a uniform shuffle this changes no probability; we
  take the hands as dealt.

Run: ``pytest tests/oracles/test_oh_hell_openspiel.py`` (2,000 games: 200 per player
count 3-7 and scoring mode).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from stich.games.stiche_raten import SticheRaten
from tests.oracles import openspiel_oh_hell as osp

pyspiel = pytest.importorskip("pyspiel")

GAMES_PER_CASE = 200
MODES = {"standard": False, "minus": True}  # our scoring -> OpenSpiel off_bid_penalty
NAMES = ["P0", "P1", "P2", "P3", "P4", "P5", "P6"]


def event_key(event: dict[str, Any]) -> tuple[Any, ...]:
    """A hashable form of a bid or play event."""
    if "bid" in event:
        return (event["seat"], "bid", event["bid"])
    return (event["seat"], "play", str(event["play"]).upper())


def play_one(game: Any, ours: SticheRaten, rng: random.Random, tricks: int, stats: Counter[str]) -> None:
    """Play one random game in both engines, checking them against each other at every step."""
    n = ours.players
    state = game.new_initial_state()
    osp.resolve_chance(state, rng, tricks=tricks)
    deal = osp.read_deal(state, n)
    assert deal.tricks == tricks
    assert state.current_player() == (deal.dealer + 1) % n

    rnd = ours.new_round(NAMES[:n], deal.dealer, view=None, known=deal.known())
    assert rnd.trump == "SHDC".index(deal.trump_card[1])
    won_before = [0] * n
    while not state.is_terminal():
        seat = state.current_player()
        assert not rnd.is_terminal()
        assert rnd.to_move() == seat, f"seat to move: ours {rnd.to_move()}, OpenSpiel {seat}"

        theirs = {event_key(osp.event_of_action(seat, a)): a for a in state.legal_actions()}
        mine = {event_key(e) for e in rnd.legal_events()}
        assert mine == set(theirs), (
            f"legal actions differ for seat {seat}: only ours {sorted(mine - set(theirs))}, "
            f"only OpenSpiel {sorted(set(theirs) - mine)}\n{state}"
        )
        if rnd.phase == "bid" and seat == deal.dealer and len(theirs) == tricks:
            stats["restricted"] += 1

        options = sorted(theirs)
        if rnd.phase == "bid" and rng.random() < 0.5:
            # Half the bids are modest, so the bids often add up to about the tricks: the
            # dealer restriction then bites, and bids are often made exactly.
            modest = [k for k in options if k[2] <= -(-tricks // n)]
            options = modest or options
        key = rng.choice(options)
        action = theirs[key]
        event = osp.event_of_action(seat, action)
        assert osp.action_of_event(event) == action
        done = len(rnd.tricks)
        state.apply_action(action)
        rnd.apply(event)

        if len(rnd.tricks) > done:  # a trick just ended
            won = osp.tricks_won(state)
            gained = [s for s in range(n) if won[s] != won_before[s]]
            assert len(gained) == 1 and sum(won) == len(rnd.tricks)
            assert rnd.tricks[-1].winner == gained[0], (
                f"trick {len(rnd.tricks)}: ours won by "
                f"{rnd.tricks[-1].winner}, OpenSpiel by {gained[0]}\n{state}"
            )
            assert list(rnd.won) == won
            if not state.is_terminal():
                assert state.current_player() == gained[0]
            won_before = won

    assert rnd.is_terminal()
    result = rnd.result()
    assert result["bids"] == osp.bids(state)
    assert result["tricks"] == osp.tricks_won(state)
    assert len(rnd.tricks) == tricks
    returns = state.returns()
    assert all(r == int(r) for r in returns)
    assert result["points"] == [int(r) for r in returns], (
        f"points differ: ours {result['points']}, OpenSpiel {returns} "
        f"(bids {result['bids']}, tricks {result['tricks']}, scoring {ours.options['scoring']})"
    )
    for bid, took in zip(result["bids"], result["tricks"], strict=True):
        stats["hit" if bid == took else "miss"] += 1
    stats["games"] += 1


@pytest.mark.parametrize("scoring", sorted(MODES))
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_random_games_agree_with_openspiel(players: int, scoring: str) -> None:
    game = pyspiel.load_game("oh_hell", {"players": players, "off_bid_penalty": MODES[scoring]})
    ours = SticheRaten(players, {"scoring": scoring})
    max_tricks = 51 // players
    first = game.new_initial_state()
    assert [a for a, _ in first.chance_outcomes()] == list(range(1, max_tricks + 1))

    rng = random.Random(f"oh_hell/{players}/{scoring}")
    stats: Counter[str] = Counter()
    for i in range(GAMES_PER_CASE):
        play_one(game, ours, rng, tricks=1 + i % max_tricks, stats=stats)
    assert stats["games"] == GAMES_PER_CASE
    # The checks above really saw the dealer restriction and both sides of the scoring.
    assert stats["restricted"] > 0 and stats["hit"] > 0 and stats["miss"] > 0


def test_card_and_bid_mapping() -> None:
    """Our names of OpenSpiel's actions agree with OpenSpiel's own texts (suit first there)."""
    game = pyspiel.load_game("oh_hell", {"players": 3})
    state = game.new_initial_state()
    osp.resolve_chance(state, random.Random(0), tricks=17)
    for b in range(18):
        assert state.action_to_string(state.current_player(), osp.NUM_CARDS + b) == str(b)
        assert osp.event_of_action(1, osp.NUM_CARDS + b) == {"seat": 1, "bid": b}
    while min(state.legal_actions()) >= osp.NUM_CARDS:  # bid until the play starts
        state.apply_action(state.legal_actions()[0])
    deck = SticheRaten(3).deck
    for a in range(osp.NUM_CARDS):
        text = state.action_to_string(state.current_player(), a)
        name = osp.card_name(a)
        assert name == text[1] + text[0]
        assert osp.card_action(name) == a
        assert deck.parse(name) % 13 == a // 4  # the same rank order, 2 low .. ace high
    assert len({osp.card_name(a) for a in range(osp.NUM_CARDS)}) == osp.NUM_CARDS
