"""Hidden hands drawn exactly uniformly among the deals that fit the observations.

Cards open to the same places form a group (see `deducer.locations`). A deal is fixed
by a count matrix (how many cards of each group go to each place) and, for each
group, which of its cards go where; a matrix stands for the product over groups of
multinomials ``size! / prod(count!)`` deals. So: count the deals place by place
(filling one place takes ``prod_g C(left_g, count_g)`` ways), draw the counts with
probability in proportion to the deals they stand for, then split each group's cards
uniformly at random. Every fitting deal comes out with the same probability. (Dealing
at random and keeping what fits one card at a time would not be uniform.)
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import replace

from stich.deducer.locations import LocationModel, location_model
from stich.deducer.observations import Observations
from stich.games.cards import Card, CardSet, iter_cards
from stich.games.errors import StichError

__all__ = ["Deal", "DealSampler", "count_deals", "hands_of", "location_probabilities", "sample_deals"]

Deal = tuple[CardSet, ...]
"""The hidden cards of each place, in the order of the model's places."""

State = tuple[int, tuple[int, ...]]  # (step, cards left per group)


def _compositions(total: int, bounds: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to write ``total`` as a sum of parts ``0 <= part_i <= bounds[i]``."""
    if not bounds:
        if total == 0:
            yield ()
        return
    rest = sum(bounds[1:])
    for first in range(max(0, total - rest), min(bounds[0], total) + 1):
        for tail in _compositions(total - first, bounds[1:]):
            yield (first, *tail)


class DealSampler:
    """Exact uniform sampler of the deals of one location model.

    Building it counts the deals (``count``); each `sample` then costs a few draws and
    a shuffle per group. Raises `StichError` when no deal fits.
    """

    def __init__(self, model: LocationModel) -> None:
        self.model = model
        self._groups = [[1 << card for card in iter_cards(cards)] for _, cards in model.groups]
        self._masks = [mask for mask, _ in model.groups]
        sizes = model.sizes
        # Fill the largest place last: its counts are then forced by what is left.
        self._order = sorted(range(len(sizes)), key=lambda j: (sizes[j], -j))
        self._table: dict[State, tuple[list[int], list[tuple[tuple[int, ...], tuple[int, ...]]]]] = {}
        self._start = tuple(len(group) for group in self._groups)
        if not sizes:  # nothing hidden: the one empty deal
            self.count = 0 if self._groups else 1
        else:
            self.count = self._count(0, self._start) if model.sizes_fit() else 0

    def _count(self, step: int, left: tuple[int, ...]) -> int:
        """Deals of the cards ``left`` (per group) into the places from ``step`` of the order on."""
        key = (step, left)
        known = self._table.get(key)
        if known is not None:
            return known[0][-1] if known[0] else 0
        place = self._order[step]
        if step == len(self._order) - 1:
            fits = all(n == 0 or self._masks[g] >> place & 1 for g, n in enumerate(left))
            self._table[key] = ([1], [(left, ())]) if fits else ([], [])
            return 1 if fits else 0
        open_groups = [g for g in range(len(left)) if self._masks[g] >> place & 1 and left[g]]
        bounds = [left[g] for g in open_groups]
        cumulative: list[int] = []
        choices: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        total = 0
        for parts in _compositions(self.model.sizes[place], bounds):
            take = [0] * len(left)
            ways = 1
            for g, n in zip(open_groups, parts, strict=True):
                take[g] = n
                ways *= math.comb(left[g], n)
            rest = tuple(a - b for a, b in zip(left, take, strict=True))
            ways *= self._count(step + 1, rest)
            if ways:
                total += ways
                cumulative.append(total)
                choices.append((tuple(take), rest))
        self._table[key] = (cumulative, choices)
        return total

    def sample(self, rng: random.Random) -> Deal:
        """One deal, every fitting deal equally likely."""
        if not self.count:
            raise StichError("no deal of the hidden cards fits the observations")
        places = len(self._order)
        if not places:
            return ()
        taken: list[tuple[int, ...]] = [()] * places
        left = self._start
        table = self._table
        for step in range(places - 1):
            cumulative, choices = table[(step, left)]
            if len(choices) == 1:
                take, left = choices[0]
            else:
                take, left = choices[bisect.bisect_right(cumulative, rng.randrange(cumulative[-1]))]
            taken[self._order[step]] = take
        taken[self._order[-1]] = left
        hands = [0] * places
        shuffle = rng.shuffle
        for g, bits in enumerate(self._groups):
            counts = [taken[j][g] for j in range(places)]
            if len(bits) in counts:  # the whole group goes to one place
                hands[counts.index(len(bits))] += sum(bits)
                continue
            cards = bits[:]
            shuffle(cards)
            start = 0
            for j, n in enumerate(counts):
                if n:
                    hands[j] += sum(cards[start : start + n])
                    start += n
        return tuple(hands)

    def samples(self, n: int, seed: int | None = None) -> list[Deal]:
        """``n`` independent deals from a generator seeded with ``seed``."""
        rng = random.Random(seed)
        return [self.sample(rng) for _ in range(n)]


def _model(source: Observations | LocationModel) -> LocationModel:
    return source if isinstance(source, LocationModel) else location_model(source)


def count_deals(source: Observations | LocationModel) -> int:
    """The number of deals of the hidden cards that fit (0 when none does)."""
    return DealSampler(_model(source)).count


def sample_deals(source: Observations | LocationModel, n: int, seed: int | None = None) -> list[Deal]:
    """``n`` deals drawn independently and exactly uniformly among those that fit."""
    return DealSampler(_model(source)).samples(n, seed)


def hands_of(obs: Observations, deal: Deal) -> list[CardSet]:
    """Every seat's hand now: the hands the view knows, the rest from ``deal`` (0 for none)."""
    hands = [0 if hand is None else hand for hand in obs.hands]
    for place, cards in zip(obs.places, deal, strict=True):
        if place.seat is not None:
            hands[place.seat] = cards
    return hands


def location_probabilities(source: Observations | LocationModel) -> dict[Card, tuple[float, ...]]:
    """For each hidden card, the probability that it is in each place, over the deals that fit
    (all equally likely): the deals with the card fixed in the place, over all deals.

    Cards of one group are interchangeable, so one count per group and open place serves
    them all. Empty when no deal fits.
    """
    model = _model(source)
    total = DealSampler(model).count
    if not total:
        return {}
    result: dict[Card, tuple[float, ...]] = {}
    for g, (mask, cards) in enumerate(model.groups):
        card = (cards & -cards).bit_length() - 1
        shares = []
        for j, place in enumerate(model.places):
            if not mask >> j & 1 or place.size <= 0:
                shares.append(0.0)
                continue
            places = tuple(replace(p, size=p.size - 1) if k == j else p for k, p in enumerate(model.places))
            groups = tuple(
                (m, c & ~(1 << card)) if k == g else (m, c) for k, (m, c) in enumerate(model.groups)
            )
            shares.append(DealSampler(LocationModel(places, groups)).count / total)
        for c in iter_cards(cards):
            result[c] = tuple(shares)
    return result
