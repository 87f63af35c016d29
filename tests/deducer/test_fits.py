"""`LocationModel.fits` (Hall's condition, no flow) against enumeration and against the flow."""

from __future__ import annotations

import random

from stich.deducer import Place, card_locations, location_model
from stich.deducer.locations import LocationModel
from tests.deducer.test_locations import enumerated_status, synthetic


def test_fits_agrees_with_enumeration_on_small_positions() -> None:
    rng = random.Random(11)
    outcomes = {True: 0, False: 0}
    for _ in range(300):
        obs = synthetic(rng)
        consistent, _ = enumerated_status(obs)
        outcomes[consistent] += 1
        assert location_model(obs).fits() == consistent, obs
    assert outcomes[True] > 40 and outcomes[False] > 40


def test_fits_agrees_with_the_flow_on_random_models() -> None:
    rng = random.Random(3)
    outcomes = {True: 0, False: 0}
    for _ in range(3000):
        count = rng.randint(1, 7)
        groups: dict[int, int] = {}
        cards = rng.randint(0, 16)
        for card in range(cards):
            mask = rng.randrange(1 << count) if rng.random() < 0.97 else 0
            groups[mask] = groups.get(mask, 0) | 1 << card
        sizes = [0] * count
        for _ in range(cards):
            sizes[rng.randrange(count)] += 1
        if rng.random() < 0.2:  # sizes that do not add up to the cards
            sizes[rng.randrange(count)] += rng.choice((-1, 1))
        places = tuple(Place(j, f"P{j}", size) for j, size in enumerate(sizes))
        model = LocationModel(places, tuple(sorted(groups.items())))
        found = model.fits()
        outcomes[found] += 1
        assert found == card_locations(model).consistent, model
    assert outcomes[True] > 300 and outcomes[False] > 300
