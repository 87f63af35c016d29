"""Deduction speed: consistent deals sampled per second, against a simple reference.

The position: Stiche-Raten, 4 players, 13 cards each, seen by seat 0 after 3 tricks,
where two of the other seats have shown out of a suit (the first simulated round from
``--seed`` on that has two such voids). Our sampler (`deducer.DealSampler`: counts per
group and place, then uniform splits) is timed against rejection sampling (shuffle the
hidden cards, cut them into the hands, keep the deal if no void is broken), which is
also exactly uniform but wastes most of its deals. Both rates come from the same run:

    python -m bench.deduce --seed 0 --deals 50000 --reference-seconds 3

The figure to compare is the ratio. Target: 10,000 deals/s or more.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from stich.deducer import DealSampler, Observations, card_locations, location_model, observe_record
from stich.deducer.locations import LocationModel
from stich.games.cards import iter_cards
from stich.games.record import Record, simulate
from stich.games.views import seat_view

from .deduce_hypotheses import measure  # bench/deduce_hypotheses.py, beside this file

OPTIONS = {"first_round": 13}


def position(seed: int) -> tuple[Record, Observations]:
    """Seat 0's view after 3 tricks of the first round from ``seed`` on with two voids in other hands."""
    while True:
        record = seat_view(simulate("stiche-raten", 4, seed, OPTIONS), 0)
        plays = [i for i, event in enumerate(record.events) if "play" in event]
        record.events = record.events[: plays[11] + 1]
        obs = observe_record(record)
        if len({(v.seat, v.cards) for v in obs.voids if v.seat != 0}) >= 2:
            return record, obs
        seed += 1


def rejection_rate(model: LocationModel, seconds: float, seed: int) -> tuple[float, int, int]:
    """Accepted deals per second of shuffle-and-cut rejection sampling; accepted and tried counts."""
    rng = random.Random(seed)
    bits = [1 << card for card in iter_cards(model.hidden)]
    sizes = model.sizes
    forbidden = [model.forbidden(j) for j in range(len(sizes))]
    accepted = tried = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(1000):
            rng.shuffle(bits)
            tried += 1
            at = 0
            for size, banned in zip(sizes, forbidden, strict=True):
                if sum(bits[at : at + size]) & banned:
                    break
                at += size
            else:
                accepted += 1
    elapsed = time.perf_counter() - start
    return accepted / elapsed, accepted, tried


def run(seed: int, deals: int, reference_seconds: float) -> dict[str, Any]:
    _, obs = position(seed)
    voids = [obs.void_text(v) for v in obs.voids]

    start = time.perf_counter()
    locations = card_locations(obs)
    locate_s = time.perf_counter() - start

    start = time.perf_counter()
    sampler = DealSampler(location_model(obs))
    build_s = time.perf_counter() - start

    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(deals):
        sampler.sample(rng)
    sample_s = time.perf_counter() - start
    rate = deals / sample_s

    reference, accepted, tried = rejection_rate(sampler.model, reference_seconds, seed)
    return {
        "position": {
            "seed": seed,
            "voids": voids,
            "hidden_hands": [(p.name, p.size) for p in obs.places],
            "consistent_deals": sampler.count,
            "consistent": locations.consistent,
        },
        "card_locations_ms": 1000 * locate_s,
        "sampler_build_ms": 1000 * build_s,
        "deals_per_second": rate,
        "reference_deals_per_second": reference,
        "reference_acceptance": accepted / tried if tried else 0.0,
        "ratio": rate / reference if reference else float("inf"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0, help="first simulation seed to try")
    parser.add_argument("--deals", type=int, default=50_000, help="deals to draw with our sampler")
    parser.add_argument("--reference-seconds", type=float, default=3.0, help="time for rejection sampling")
    parser.add_argument("--repeat", type=int, default=30, help="repeats of each hypothesis timing (median)")
    args = parser.parse_args()
    report = run(args.seed, args.deals, args.reference_seconds)
    pos = report["position"]
    print("Stiche-Raten, 4 players, 13 cards, seat 0's view after 3 tricks")
    print(f"  voids: {'; '.join(pos['voids'])}")
    print(f"  hidden hands: {', '.join(f'{name} {size}' for name, size in pos['hidden_hands'])}")
    print(f"  consistent deals: {pos['consistent_deals']:,}")
    print(f"card locations (max-flow):  {report['card_locations_ms']:.2f} ms")
    print(f"sampler set-up (counting):  {report['sampler_build_ms']:.2f} ms")
    print(f"exact sampler:              {report['deals_per_second']:,.0f} deals/s")
    print(
        f"rejection sampling:         {report['reference_deals_per_second']:,.0f} deals/s"
        f" (accepts {100 * report['reference_acceptance']:.2f}% of shuffles)"
    )
    print(f"ratio:                      {report['ratio']:.1f}x")
    # The hypothesis models, in the same run: update after one observation (target < 50 ms).
    for game in ("was-sticht", "stich-fuer-stich"):
        figures = measure(game, args.seed + 1, args.repeat)
        clues, possible = int(figures.pop("clues")), int(figures.pop("possible after"))
        print(
            f"{game}: full {'draft' if game == 'was-sticht' else 'case'}, "
            f"{clues} clues, {possible} possible after"
        )
        for name, ms in figures.items():
            print(f"  {name:<28} {ms:8.2f} ms")


if __name__ == "__main__":
    main()
