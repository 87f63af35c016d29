"""Card locations: what a view sees, and feasibility against exhaustive enumeration."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from stich.deducer import (
    OUT_OF_PLAY,
    Observations,
    Place,
    Status,
    Void,
    card_locations,
    count_deals,
    location_model,
    observe,
    observe_record,
)
from stich.games.cards import Deck, iter_cards, mask_of, popcount
from stich.games.record import Record, replay, simulate
from stich.games.stich_fuer_stich import CONFIDANT_CARDS, SLEUTH_CARDS
from stich.games.stiche_raten import FRENCH, suit_rules
from stich.games.trick import TrickRules
from stich.games.vierundzwanzig import DECK as DECK_24
from stich.games.vierundzwanzig import TWENTY_FOUR, VierUndZwanzigRound
from stich.games.views import seat_view
from stich.games.wizard import wizard_deck
from tests.deducer import all_deals, cut, fitting_deals, late_view, replayed, simulate_deal

WIZARD = wizard_deck("rulebook")

# -- synthetic positions ------------------------------------------------------------------

TEST_DECK = Deck("test", [f"{suit}{rank}" for suit in "ABC" for rank in range(1, 6)])  # class = card // 5


def synthetic(rng: random.Random) -> Observations:
    """A small random position: 2-4 places (one may be out of play), voids, a known card or two."""
    count = rng.randint(2, 4)
    sizes = [rng.randint(1, 4) for _ in range(count)]
    while sum(sizes) > 9:
        sizes[sizes.index(max(sizes))] -= 1
    seats = [None if i == count - 1 and rng.random() < 0.4 else i for i in range(count)]
    hidden = mask_of(rng.sample(range(TEST_DECK.size), sum(sizes)))
    cards = list(iter_cards(hidden))
    known = [0] * count
    for _ in range(rng.randint(0, 2)):
        j = rng.randrange(count)
        if popcount(known[j]) < sizes[j]:
            known[j] |= 1 << rng.choice(cards)
    for j in range(count):  # a card is known to be in one place only
        for k in range(j):
            known[j] &= ~known[k]
    places = tuple(
        Place(seat, OUT_OF_PLAY if seat is None else f"P{seat}", size, known[j])
        for j, (seat, size) in enumerate(zip(seats, sizes, strict=True))
    )
    voids = tuple(
        Void(seat, mask_of(range(5 * k, 5 * k + 5)), "ABC"[k], 1, None, 0)
        for seat in seats
        if seat is not None
        for k in range(3)
        if rng.random() < 0.3
    )
    return Observations(TEST_DECK, ("P0", "P1", "P2", "P3"), None, (None,) * 4, hidden, places, (), voids)


def fits(obs: Observations, deal: tuple[int, ...]) -> bool:
    """The observations read directly: voids keep a class out of a hand, known cards are there."""
    for j, place in enumerate(obs.places):
        if place.known & ~deal[j]:
            return False
        for void in obs.voids:
            if void.seat == place.seat and deal[j] & void.cards:
                return False
    return True


def enumerated_status(obs: Observations) -> tuple[bool, dict[tuple[int, int], Status]]:
    deals = [d for d in all_deals(obs.hidden, [p.size for p in obs.places]) if fits(obs, d)]
    status = {}
    for card in iter_cards(obs.hidden):
        for j in range(len(obs.places)):
            holding = [d[j] >> card & 1 for d in deals]
            if deals and all(holding):
                status[card, j] = Status.CERTAIN
            elif any(holding):
                status[card, j] = Status.POSSIBLE
            else:
                status[card, j] = Status.IMPOSSIBLE
    return bool(deals), status


def test_feasibility_agrees_with_enumeration_on_small_positions() -> None:
    rng = random.Random(7)
    outcomes = {True: 0, False: 0}
    certain = 0
    for _ in range(200):
        obs = synthetic(rng)
        consistent, expected = enumerated_status(obs)
        found = card_locations(obs)
        outcomes[consistent] += 1
        assert found.consistent == consistent
        for (card, j), status in expected.items():
            assert found.status(card, j) == status, (obs, TEST_DECK.name_of(card), j)
            certain += status == Status.CERTAIN
    assert outcomes[True] > 40 and outcomes[False] > 20 and certain > 40


def test_certain_possible_impossible_sets() -> None:
    """Two hands of 2, one out of play: P0 void in A, so P1 and out share the A cards."""
    hidden = TEST_DECK.parse_set(["A1", "A2", "A3", "B1", "B2"])
    places = (Place(0, "P0", 2), Place(1, "P1", 2), Place(None, OUT_OF_PLAY, 1))
    void = Void(0, mask_of(range(5)), "A", 1, None, 0)
    obs = Observations(TEST_DECK, ("P0", "P1"), None, (None, None), hidden, places, (), (void,))
    found = card_locations(obs)
    assert TEST_DECK.names(found.certain(0)) == ["B1", "B2"]
    assert TEST_DECK.names(found.possible(1)) == ["A1", "A2", "A3"]
    assert TEST_DECK.names(found.impossible(0)) == ["A1", "A2", "A3"]
    assert found.status(TEST_DECK.parse("A1"), 2) == Status.POSSIBLE
    assert found.to_json(obs)["places"][0] == {
        "name": "P0",
        "seat": 0,
        "size": 2,
        "certain": ["B1", "B2"],
        "possible": [],
    }
    assert count_deals(obs) == 3


# -- positions from played rounds ------------------------------------------------------------


def check_against_enumeration(record: Record) -> bool:
    """Compare the flow with every deal under which the hidden seats' plays were legal."""
    state = replayed(record)
    obs = observe(state)
    sizes = [p.size for p in obs.places]
    if math.factorial(sum(sizes)) // math.prod(math.factorial(s) for s in sizes) > 3000:
        return False
    deals = fitting_deals(state, obs)
    assert deals, "the true deal always fits"
    found = card_locations(obs)
    assert found.consistent
    somewhere = [0] * len(sizes)
    for deal in deals:
        for j, cards in enumerate(deal):
            somewhere[j] |= cards
    for card in iter_cards(obs.hidden):
        where = sum(1 << j for j, cards in enumerate(somewhere) if cards >> card & 1)
        assert found.where[card] == where, obs.deck.name_of(card)
    assert count_deals(obs) == len(deals)
    return True


@pytest.mark.parametrize(
    ("game", "players", "options", "deal"),
    [
        ("stiche-raten", 4, {"first_round": 13}, {}),
        ("stiche-raten", 3, {"first_round": 5}, {}),
        ("wizard", 4, {}, {"cards": 14}),
        ("24", 3, {}, {}),
        ("24", 4, {"dropping_out": True, "trump_chaos": True}, {}),
    ],
)
def test_feasibility_agrees_with_enumeration_in_played_rounds(
    game: str, players: int, options: dict[str, object], deal: dict[str, int]
) -> None:
    checked = 0
    for seed in range(8):
        record = simulate_deal(game, players, seed, options, **deal)
        plays = sum("play" in event for event in record.events)
        for back in (players + 1, players, players - 1, 3):
            checked += check_against_enumeration(cut(seat_view(record, seed % players), plays - back))
    assert checked >= 10


@pytest.mark.parametrize("game", ["stiche-raten", "wizard", "24", "stich-fuer-stich", "was-sticht"])
def test_the_true_deal_always_fits(game: str) -> None:
    """Whatever the view: each hidden card's true place is possible, and the sizes are right."""
    for seed in range(3 if game != "was-sticht" else 1):  # Was sticht?: the draft is open
        players = 4 if game != "24" else 3 + seed % 3
        record = simulate(game, players, seed)
        plays = sum("play" in event for event in record.events)
        for k in (0, plays // 2 + 1, plays):
            for seat in range(players):
                obs = observe_record(
                    cut(seat_view(record, seat), k) if k < plays else seat_view(record, seat)
                )
                truth = replayed(cut(record, k) if k < plays else record)
                found = card_locations(obs)
                assert found.consistent
                rest = obs.hidden
                for j, place in enumerate(obs.places):
                    if place.seat is None:
                        continue
                    hand = truth.hands[place.seat]
                    assert hand is not None and hand & ~obs.hidden == 0
                    assert popcount(hand) == place.size
                    rest &= ~hand
                    assert all(found.where[card] >> j & 1 for card in iter_cards(hand))
                out = obs.place_of(None)
                assert popcount(rest) == (0 if out is None else obs.places[out].size)
                assert out is None or all(found.where[card] >> out & 1 for card in iter_cards(rest))


# -- what a view sees ------------------------------------------------------------------------


def wizard_view(plays: list[str], hand: list[str], trump_card: str = "2C") -> Observations:
    """Anna's view of a 4-player Wizard round of 3 cards; Dan deals, Anna leads."""
    record = Record(
        "wizard",
        ["Anna", "Ben", "Carla", "Dan"],
        3,
        [{"seat": s, "bid": 1} for s in range(4)] + [{"play": card} for card in plays],
        view=0,
        known={"hands": {"0": hand}, "cards": 3, "trump_card": trump_card},
    )
    return observe_record(record)


def test_wizard_and_jester_show_nothing_but_a_suit_card_does() -> None:
    """After a leading jester the first suit card sets the suit (rulebook, Wizard-Variante)."""
    obs = wizard_view(["N1", "5H", "Z1", "3S"], ["N1", "2D", "3D"])
    assert [
        (obs.names[v.seat], v.class_name, v.trick, v.event, WIZARD.name_of(v.played)) for v in obs.voids
    ] == [("Dan", "hearts", 1, 7, "3S")]
    assert obs.voids[0].cards == mask_of(range(13, 26))
    assert [p.event for p in obs.plays] == [4, 5, 6, 7]
    found = card_locations(obs)
    dan = obs.place_of(3)
    assert dan is not None
    assert found.status(WIZARD.parse("AH"), dan) == Status.IMPOSSIBLE
    assert found.status(WIZARD.parse("Z2"), dan) == Status.POSSIBLE


def test_a_leading_wizard_frees_everyone() -> None:
    obs = wizard_view(["Z1", "5H", "3S", "4C"], ["Z1", "2D", "3D"])
    assert obs.voids == ()


def test_places_of_a_wizard_view() -> None:
    """56 cards, 4 hands of 3, the turned 2C: Anna sees 3 + 1, the rest is hidden."""
    obs = wizard_view([], ["N1", "2D", "3D"])
    assert [(p.name, p.size) for p in obs.places] == [("Ben", 3), ("Carla", 3), ("Dan", 3), (OUT_OF_PLAY, 43)]
    assert popcount(obs.hidden) == 52 and not obs.hidden >> WIZARD.parse("2C") & 1


def test_24_not_following_trump_shows_no_trump_and_not_the_24() -> None:
    """The 24 belongs to the trump suit (rulebook, The "24")."""
    record = Record(
        "24",
        ["Anna", "Ben", "Carla"],
        2,
        [{"play": "R5"}, {"play": "Y3"}, {"play": "R9"}],
        view=0,
        known={"hands": {"0": ["R5", "R1", "B2", "B3", "G4", "G5"]}, "trump": "R", "caller": 0},
        start="tricks",
    )
    obs = observe_record(record)
    (void,) = obs.voids
    assert (void.seat, void.class_name, void.trick) == (1, "red", 1)
    assert void.cards >> TWENTY_FOUR & 1
    found = card_locations(obs)
    ben = obs.place_of(1)
    assert ben is not None
    assert found.status(TWENTY_FOUR, ben) == Status.IMPOSSIBLE
    assert found.impossible(ben) == obs.hidden & void.cards
    assert found.status(DECK_24.parse("R11"), obs.place_of(2) or 0) == Status.POSSIBLE


def test_24_exchanges_and_drop_outs_go_out_of_play() -> None:
    """Given-away cards, the stock and a dropped hand: one place out of play with their count."""
    options = {"dropping_out": True}
    for seed in range(40):
        record = simulate("24", 4, seed, options)
        if any(e.get("drop") for e in record.events):
            break
    view = seat_view(record, 0)
    state = replayed(cut(view, 0))
    assert isinstance(state, VierUndZwanzigRound)
    obs = observe(state)
    dropped = [e["seat"] for e in record.events if e.get("drop")]
    assert dropped and all(obs.place_of(seat) is None for seat in dropped)
    out = obs.places[-1]
    assert out.seat is None
    # The stock, the others' given-away cards and the dropped hands; not Anna's own given cards.
    assert out.size == 45 - 6 * (4 - len(dropped)) - popcount(state.given)
    assert not obs.hidden & state.given


def test_stich_fuer_stich_places_and_no_voids() -> None:
    """Nobody follows; the confidant holds 10, the sleuths 7, the rest is set aside."""
    record = simulate("stich-fuer-stich", 4, 3)
    obs = observe_record(cut(seat_view(record, 1), 0))
    sizes = {p.seat: p.size for p in obs.places}
    assert sizes == {0: SLEUTH_CARDS, 2: SLEUTH_CARDS, 3: CONFIDANT_CARDS, None: 55 - 10 - 21}
    assert observe_record(seat_view(record, 1)).voids == ()


def test_rules_context_judges_following() -> None:
    """A hypothesis's tables replace the round's: with one class for all cards nobody shows out."""
    record = late_view("stiche-raten", 4, 11, 12, options={"first_round": 13})
    state = replayed(record)
    assert len(observe(state).voids) >= 2
    one_class = TrickRules((0,) * 52, (0,) * 52, tuple(range(52)))
    assert observe(state, one_class).voids == ()
    per_trick = [one_class, None, None]
    kept = [v for v in observe(state).voids if v.trick != 1]
    assert observe(state, per_trick).voids == tuple(kept)
    assert observe(state, [suit_rules(FRENCH, 0)] * 3).voids == observe(state).voids


def test_the_view_cannot_peek() -> None:
    """Two rounds that differ only in hands the view cannot see give the same observations."""
    from stich.deducer import hands_of, sample_deals

    record = simulate("stiche-raten", 4, 5, {"first_round": 13})
    view = cut(seat_view(record, 2), 20)
    obs = observe_record(view)
    for deal in sample_deals(obs, 5, seed=1):
        hands = hands_of(obs, deal)
        for play in obs.plays:
            hands[play.seat] |= 1 << play.card
        other = replace(
            record, known={**record.known, "hands": {str(s): FRENCH.names(h) for s, h in enumerate(hands)}}
        )
        assert replay(cut(other, 20)).ok
        assert observe_record(seat_view(cut(other, 20), 2)) == obs


def test_location_model_groups_cards_by_open_places() -> None:
    record = late_view("stiche-raten", 4, 11, 12, options={"first_round": 13})
    obs = observe_record(record)
    model = location_model(obs)
    assert len(model.groups) == 3  # no hearts for Dan, no diamonds for Carla, the rest anywhere
    assert model.hidden == obs.hidden
    assert location_model(obs, []).groups == ((0b111, obs.hidden),)
