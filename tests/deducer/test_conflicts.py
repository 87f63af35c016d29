"""Conflicts: each names a set of events that really contradict each other, and a minimal one."""

from __future__ import annotations

import random

from stich.deducer import Observations, find_conflict, is_consistent, observe, observe_record
from stich.games.base import Event, Round
from stich.games.cards import CardSet, iter_cards
from stich.games.record import Record
from stich.games.stiche_raten import FRENCH, SticheRaten
from stich.games.trick import TrickRules, led_class
from tests.deducer import all_deals, fitting_deals, replayed

NAMES = ["Anna", "Ben", "Carla", "Dan"]


def anna_sees(hand: str, plays: str) -> Record:
    """Anna's record of a 4-player round of 13 cards (Dan deals, Anna leads), bids of 3 each."""
    events: list[Event] = [{"seat": s, "bid": 3} for s in range(4)]
    events += [{"play": card} for card in plays.split()]
    known = {"hands": {"0": hand.split()}, "cards": 13, "trump_card": None}
    return Record("stiche-raten", NAMES, 3, events, {"first_round": 13}, 0, known)


ANNA = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS 2H 3H"  # the hidden spades: KS AS


def test_a_card_played_after_showing_out_of_its_suit() -> None:
    """Ben and Dan show out of spades, so Carla holds AS; then Ben plays it."""
    record = anna_sees(ANNA, "2S 5H KS 7H  8H 9H 3H AS")
    obs = observe_record(record)
    assert find_conflict(observe_record(anna_sees(ANNA, "2S 5H KS 7H  8H 9H 3H"))) is None
    conflict = find_conflict(obs)
    assert conflict is not None
    assert (
        conflict.message
        == "Ben showed out of spades at trick 1 (event 5) but played AS at trick 2 (event 11)"
    )
    assert conflict.events == (5, 11)


def test_voids_that_leave_no_room() -> None:
    """Everyone shows out of spades while Anna does not hold them all."""
    record = anna_sees(ANNA, "2S 5H 6H 7H")
    conflict = find_conflict(observe_record(record))
    assert conflict is not None
    assert conflict.events == (5, 6, 7)
    assert conflict.message == (
        "Ben showed out of spades at trick 1 (event 5), Carla showed out of spades at trick 1 (event 6)"
        " and Dan showed out of spades at trick 1 (event 7), so nobody can hold the 2 unseen cards KS AS"
    )


def test_voids_that_leave_too_little_room() -> None:
    """Ben and Carla show out of hearts: Dan must hold the 10 unseen hearts, but has 9 cards."""
    anna = "2S 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
    plays = "2S 3S AS 4S  2H 3H 3C 4D  5H 4C 5D 6D"
    assert find_conflict(observe_record(anna_sees(anna, plays))) is None
    conflict = find_conflict(observe_record(anna_sees(anna, plays + "  7D 5C 8D 9D")))
    assert conflict is not None
    assert conflict.events == (11, 15)
    assert conflict.message == (
        "Ben showed out of hearts at trick 2 (event 11) and Carla showed out of hearts at trick 3 (event 15),"
        " so the 10 unseen cards 4H 6H 7H 8H 9H TH JH QH and 2 more can only be in Dan's hand,"
        " which holds 9 cards"
    )


def test_the_first_contradiction_is_reported() -> None:
    """Dan plays AS after showing out of spades, later TH after showing out of hearts; Ben too."""
    record = anna_sees(ANNA, "2S 5H KS 7H  8H AS 3H 4C  9H TH 2H JH")
    conflict = find_conflict(observe_record(record))
    assert conflict is not None and conflict.events == (7, 9)


def test_a_hypothesis_can_contradict_the_known_hand() -> None:
    """Under tables where 2H counts as a spade, Anna's 2H to a heart lead shows out while she holds 3H."""
    record = anna_sees(ANNA, "2S AS 4H 5H  6H 7H 8H 2H")
    state = replayed(record)
    assert find_conflict(observe(state)) is None
    cls = [card // 13 for card in range(52)]
    cls[FRENCH.parse("2H")] = 0
    hypothesis = TrickRules(tuple(cls), (0,) * 52, tuple(card % 13 for card in range(52)))
    conflict = find_conflict(observe(state, hypothesis))
    assert conflict is not None
    assert conflict.message == "Anna showed out of hearts at trick 2 (event 11) but holds 3H"
    assert conflict.events == (11,)


def test_sizes_that_do_not_add_up() -> None:
    obs = observe_record(anna_sees(ANNA, ""))
    broken = Observations(obs.deck, obs.names, 0, obs.hands, obs.hidden & ~(1 << 51), obs.places, (), ())
    conflict = find_conflict(broken)
    assert conflict is not None and conflict.events == ()
    assert conflict.message == "the hands the view cannot see hold 39 cards but only 38 cards are unseen"


# -- random records against enumeration ---------------------------------------------------------


def random_round(seed: int, tricks: int) -> Round:
    """Anna's view; she plays by the rules, the others play unseen cards at random, mostly following suit."""
    rng = random.Random(seed)
    game = SticheRaten(4, {"first_round": 13})
    deal = game.deal(rng, 3)
    known = {"hands": {"0": deal["hands"]["0"]}, "cards": 13, "trump_card": None}
    state = game.new_round(NAMES, 3, 0, known)
    for seat in range(4):
        state.apply({"seat": seat, "bid": 3})
    while len(state.tricks) < tricks:
        if state.seat_to_play() == 0:
            state.apply(rng.choice(state.legal_events()))
            continue
        pool = FRENCH.all & ~state.gone & ~(state.hands[0] or 0)
        rules = state.rules()
        assert rules is not None
        led = led_class(rules, state.trick_cards)
        follow = pool & rules.class_mask.get(led, 0) if led is not None else 0
        choices = follow if follow and rng.random() < 0.9 else pool
        state.apply({"play": FRENCH.name_of(rng.choice(list(iter_cards(choices))))})
    return state


def consistent_by_enumeration(obs: Observations, voids: list[int], plays: list[int]) -> bool:
    """Some deal of the hidden cards keeps every chosen void, in the hands now and in later plays."""
    for void_id in voids:
        void = obs.voids[void_id]
        for play_id in plays:
            play = obs.plays[play_id]
            if play.seat == void.seat and play.trick > void.trick and void.cards >> play.card & 1:
                return False
        hand = obs.hands[void.seat]
        if hand is not None and hand & void.cards:
            return False
    deals: list[tuple[CardSet, ...]] = list(all_deals(obs.hidden, [p.size for p in obs.places]))
    return any(
        all(
            not deal[j] & obs.voids[v].cards
            for v in voids
            for j, place in enumerate(obs.places)
            if place.seat == obs.voids[v].seat
        )
        for deal in deals
    )


def test_random_conflicts_are_real_and_minimal() -> None:
    kinds = {"none": 0, "play": 0, "room": 0}
    for seed in range(30):
        state = random_round(seed, tricks=10)
        obs = observe(state)
        conflict = find_conflict(obs)
        fitting = fitting_deals(state, obs)
        if conflict is None:
            kinds["none"] += 1
            assert fitting, "no conflict, so some deal keeps the rules"
            assert is_consistent(obs)
            continue
        assert not fitting, "a conflict, so no deal keeps the rules"
        assert not is_consistent(obs)
        kinds["play" if conflict.plays else "room"] += 1
        voids = [obs.voids.index(v) for v in conflict.voids]
        plays = [obs.plays.index(p) for p in conflict.plays]
        assert not consistent_by_enumeration(obs, voids, plays)
        for k in range(len(voids)):
            assert consistent_by_enumeration(obs, voids[:k] + voids[k + 1 :], plays)
        for k in range(len(plays)):
            assert consistent_by_enumeration(obs, voids, plays[:k] + plays[k + 1 :])
        for event in conflict.events:
            assert f"(event {event})" in conflict.message
        for void in conflict.voids:
            assert obs.void_text(void) in conflict.message
    assert kinds["none"] >= 3 and kinds["play"] >= 3 and kinds["room"] >= 1, kinds
