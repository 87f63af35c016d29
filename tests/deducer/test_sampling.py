"""Sampling: exactly uniform among the fitting deals (chi-square against enumeration), and legal."""

from __future__ import annotations

import functools
import math
import random
from collections import Counter

import pytest

from stich.deducer import (
    OUT_OF_PLAY,
    DealSampler,
    Observations,
    Place,
    Void,
    card_locations,
    count_deals,
    hands_of,
    location_model,
    location_probabilities,
    observe,
    observe_record,
    sample_deals,
)
from stich.games.cards import Deck, iter_cards, mask_of, popcount
from stich.games.errors import StichError
from stich.games.record import simulate
from stich.games.views import seat_view
from tests.deducer import (
    all_deals,
    chi_square_p,
    cut,
    fitting_deals,
    late_view,
    plays_were_legal,
    replayed,
    simulate_deal,
)

DECK = Deck("test", [f"{suit}{rank}" for suit in "ABC" for rank in range(1, 5)])  # class = card // 4
CLASS = [mask_of(range(4 * k, 4 * k + 4)) for k in range(3)]


def position(sizes: list[int], voids: dict[int, list[int]], known: dict[int, list[str]]) -> Observations:
    """Hands 0.. of the given sizes (the last is out of play) over the first cards of the deck."""
    hidden = mask_of(range(sum(sizes)))
    seats = [*range(len(sizes) - 1), None]
    places = tuple(
        Place(seat, OUT_OF_PLAY if seat is None else f"P{seat}", size, DECK.parse_set(known.get(j, [])))
        for j, (seat, size) in enumerate(zip(seats, sizes, strict=True))
    )
    shown = tuple(
        Void(seat, CLASS[k], "ABC"[k], 1, None, 0) for seat, classes in voids.items() for k in classes
    )
    names = tuple(f"P{s}" for s in range(len(sizes) - 1))
    return Observations(DECK, names, None, (None,) * len(names), hidden, places, (), shown)


@functools.cache
def fitting(obs: Observations) -> list[tuple[int, ...]]:
    """Every deal that fits, by enumeration."""
    result = []
    for deal in all_deals(obs.hidden, [p.size for p in obs.places]):
        ok = all(not p.known & ~deal[j] for j, p in enumerate(obs.places))
        ok = ok and all(
            not deal[j] & v.cards for v in obs.voids for j, p in enumerate(obs.places) if p.seat == v.seat
        )
        if ok:
            result.append(deal)
    return result


def chi_square(draws: list[tuple[int, ...]], support: list[tuple[int, ...]]) -> float:
    """The p-value of the draws against the uniform distribution on ``support``."""
    counts = Counter(draws)
    assert set(counts) <= set(support), "a drawn deal does not fit"
    expected = len(draws) / len(support)
    statistic = sum((counts[deal] - expected) ** 2 / expected for deal in support)
    return chi_square_p(statistic, len(support) - 1)


POSITIONS = {
    # hands of 3, 3 and 2, and 2 out of play; P0 void in A, P1 void in B, C1 known in P2
    "voids and a known card": position([3, 3, 2, 2], {0: [0], 1: [1]}, {2: ["C1"]}),
    # P0 void in A and C: it holds only B cards; P1 void in B; B2 known out of play
    "tight voids": position([2, 3, 2, 3], {0: [0, 2], 1: [1]}, {3: ["B2"]}),
    # two hands and a big stock; P1 void in A; A1 known in P0
    "stock": position([2, 2, 6], {1: [0]}, {0: ["A1"]}),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
@pytest.mark.parametrize("seed", [21, 22, 23, 24])
def test_sampling_is_uniform_on_small_positions(name: str, seed: int) -> None:
    obs = POSITIONS[name]
    support = fitting(obs)
    assert 10 <= len(support) <= 1500
    sampler = DealSampler(location_model(obs))
    assert sampler.count == len(support)
    draws = sampler.samples(20 * len(support), seed)
    assert chi_square(draws, support) > 0.01


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_sampling_is_uniform_in_a_played_round(seed: int) -> None:
    """Stiche-Raten, 4 players, 13 cards, 10 tricks played, two voids or more."""
    record = late_view("stiche-raten", 4, 11, 40, options={"first_round": 13})
    state = replayed(record)
    obs = observe(state)
    assert len(obs.voids) >= 2
    support = fitting_deals(state, obs)
    assert 10 <= len(support) < 1680
    draws = sample_deals(obs, 20 * len(support), seed)
    assert chi_square(draws, support) > 0.01


def greedy_deal(obs: Observations, rng: random.Random) -> tuple[int, ...] | None:
    """The biased way: card after card, to a random place that still has room for it."""
    model = location_model(obs)
    hands = [0] * len(obs.places)
    for card in iter_cards(obs.hidden):
        room = [
            j
            for j in range(len(hands))
            if model.allowed(card) >> j & 1 and popcount(hands[j]) < obs.places[j].size
        ]
        if not room:
            return None  # a dead end: start again
        hands[rng.choice(room)] |= 1 << card
    return tuple(hands)


@pytest.mark.parametrize("name", ["stock", "tight voids"])
def test_the_uniformity_test_catches_greedy_dealing(name: str) -> None:
    """The chi-square test has power: dealing what fits card by card is rejected."""
    obs = POSITIONS[name]
    support = fitting(obs)
    rng = random.Random(1)
    draws: list[tuple[int, ...]] = []
    while len(draws) < 20 * len(support):
        deal = greedy_deal(obs, rng)
        if deal is not None:
            draws.append(deal)
    assert chi_square(draws, support) < 1e-6


def test_counts_without_voids_are_multinomials() -> None:
    obs = position([3, 3, 3, 3], {}, {})
    assert count_deals(obs) == math.factorial(12) // math.factorial(3) ** 4
    assert len(location_model(obs).groups) == 1


@pytest.mark.parametrize(
    ("game", "players", "options", "deal"),
    [
        ("stiche-raten", 4, {"first_round": 13}, {}),
        ("stiche-raten", 5, {}, {}),
        ("wizard", 4, {"edition": "original"}, {"cards": 12}),
        ("24", 4, {"dropping_out": True, "trump_chaos": True}, {}),
        ("24", 5, {}, {}),
    ],
)
def test_every_sampled_deal_keeps_the_rules(
    game: str, players: int, options: dict[str, object], deal: dict[str, int]
) -> None:
    """In full-size positions, under every sampled deal each hidden seat's plays were legal."""
    for seed in range(4):
        record = simulate_deal(game, players, seed, options, **deal)
        plays = sum("play" in event for event in record.events)
        view = cut(seat_view(record, seed % players), plays // 2 + seed)
        state = replayed(view)
        obs = observe(state)
        sampler = DealSampler(location_model(obs))
        assert sampler.count > 0
        for hand in sampler.samples(50, seed):
            assert [popcount(cards) for cards in hand] == [p.size for p in obs.places]
            assert sum(hand) == obs.hidden
            hands = {p.seat: cards for p, cards in zip(obs.places, hand, strict=True) if p.seat is not None}
            assert plays_were_legal(state, hands)


def test_seeds_repeat_and_differ() -> None:
    obs = observe_record(late_view("stiche-raten", 4, 11, 12, options={"first_round": 13}))
    assert sample_deals(obs, 20, seed=5) == sample_deals(obs, 20, seed=5)
    assert sample_deals(obs, 20, seed=5) != sample_deals(obs, 20, seed=6)
    assert len(sample_deals(obs, 3, seed=None)) == 3


def test_hands_of_fills_in_the_known_hands() -> None:
    record = late_view("stiche-raten", 4, 11, 12, options={"first_round": 13})
    state = replayed(record)
    obs = observe(state)
    (deal,) = sample_deals(obs, 1, seed=0)
    hands = hands_of(obs, deal)
    assert hands[0] == state.hands[0]
    assert [popcount(h) for h in hands] == state.hand_size
    assert sum(hands) == obs.hidden | (state.hands[0] or 0)


def test_no_fitting_deal_is_an_error() -> None:
    obs = position([2, 2, 0], {0: [0], 1: [0]}, {})  # the A cards fit nowhere
    sampler = DealSampler(location_model(obs))
    assert sampler.count == 0
    with pytest.raises(StichError, match="no deal of the hidden cards fits"):
        sampler.sample(random.Random(0))


def test_nothing_hidden_is_one_empty_deal() -> None:
    """Was sticht?'s draft is open: after it the view sees every hand."""
    record = simulate("was-sticht", 4, 1)
    obs = observe_record(seat_view(record, 2))
    assert obs.hidden == 0 and obs.places == ()
    assert count_deals(obs) == 1
    assert sample_deals(obs, 2, seed=0) == [(), ()]
    assert card_locations(obs).consistent


def test_location_probabilities_of_a_voided_suit() -> None:
    """P0 is void in A: the A cards split between P1 and out of play in proportion to the room left."""
    obs = position([2, 2, 2], {0: [0]}, {})
    shares = location_probabilities(obs)
    deals = [d for d in all_deals(obs.hidden, [2, 2, 2]) if not d[0] & CLASS[0]]
    for card in iter_cards(obs.hidden):
        for j in range(3):
            assert shares[card][j] == pytest.approx(sum(1 for d in deals if d[j] >> card & 1) / len(deals))
    assert all(shares[c][0] == 0 for c in iter_cards(CLASS[0] & obs.hidden))


@pytest.mark.parametrize(
    "sizes, voids, known",
    [
        ([3, 4, 5], {0: [1], 1: [2]}, {}),
        ([4, 4, 4], {0: [0, 1]}, {1: ["A4"]}),
        ([2, 3, 3, 4], {2: [0], 1: [1]}, {0: ["A1"], 3: ["B2"]}),
    ],
)
def test_location_probabilities_equal_the_share_of_enumerated_deals(
    sizes: list[int], voids: dict[int, list[int]], known: dict[int, list[str]]
) -> None:
    """Each (card, place) probability is the share of the fitting deals (enumerated, filtered by the
    voids and known cards directly) that put the card there. The last place is out of play."""
    obs = position(sizes, voids, known)
    forbidden = [sum((CLASS[k] for k in voids.get(j, [])), 0) for j in range(len(sizes))]
    required = [DECK.parse_set(known.get(j, [])) for j in range(len(sizes))]
    deals = [
        d
        for d in all_deals(obs.hidden, sizes)
        if all(not d[j] & forbidden[j] and d[j] & required[j] == required[j] for j in range(len(sizes)))
    ]
    assert deals
    shares = location_probabilities(obs)
    for card in iter_cards(obs.hidden):
        for j in range(len(sizes)):
            expected = sum(1 for d in deals if d[j] >> card & 1) / len(deals)
            assert shares[card][j] == pytest.approx(expected), (DECK.name_of(card), j)
