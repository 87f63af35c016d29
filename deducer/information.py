"""How much a draft pick or a card tells about the secret: the expected posterior entropy.

For each candidate (a card of the current Was sticht? column for the seat to pick; a
card of the view's hand in Stich für Stich when the view is to play), the column or
trick is completed in every way the later players may complete it, each equally
likely, and judged under each secret. The announcement that follows splits the
hypotheses; the figure is the entropy of the posterior after it, averaged:

- *finder* (the view does not know the secret): averaged over the view's posterior
  too. With announcement A a function of the secret H and the completion, this is
  ``H(posterior) - E[H(A | completion)]``; sleuths and drafters want it low.
- *hider* (the view knows the secret: the dealer or confidant, or a sleuth who has
  solved): the announcement is the one the true secret gives, and the entropy is that
  of each other seat's posterior (from the holder's view each seat's own clues; else
  the public announcements), averaged over those seats. The dealer and the confidant
  want it high.

Both orderings are given (`InformationReport.want_low`, `want_high`).

Completions. *Was sticht?*: the later pickers take the column's remaining cards in
every order, uniformly (how players choose is not modelled); with 3 players the
leftover card is the Table's. *Stich für Stich*: each later seat plays a card drawn
uniformly from its hidden hand, the hands dealt uniformly among the deals that fit
(`deducer.sampling`). Nobody has to follow, so no void ever narrows a hand and the
later cards are a uniformly drawn ordered tuple of distinct unseen cards; ``exact``
enumerates all such tuples, ``sample`` draws deals with the exact sampler instead.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from stich.deducer.hypotheses import Evidence, HypothesisSpace, consistent_brute_force, members
from stich.deducer.locations import location_model
from stich.deducer.observations import observe
from stich.deducer.sampling import DealSampler
from stich.games.base import Round
from stich.games.cards import Card, iter_cards
from stich.games.errors import StichError
from stich.games.secret import InformationChoice
from stich.games.trick import trick_winner

__all__ = [
    "CandidateValue",
    "Completions",
    "InformationReport",
    "Mode",
    "expected_entropies",
    "information",
]

Mode: TypeAlias = Literal["finder", "hider"]
Completions: TypeAlias = Literal["exact", "sample"]
IntArray: TypeAlias = npt.NDArray[np.int64]
FloatArray: TypeAlias = npt.NDArray[np.float64]


@dataclass(frozen=True)
class CandidateValue:
    """One candidate card and the expected entropy (bits) of the audience's posterior after it."""

    card: Card
    name: str
    expected_entropy: float
    by_seat: dict[int, float]  # hider mode: each audience seat's figure


@dataclass(frozen=True)
class InformationReport:
    """The candidates of the seat to move, with their expected posterior entropies."""

    game: str
    seat: int  # the seat that picks or plays
    mode: Mode
    audience: tuple[int, ...]  # whose posterior is measured
    current_entropy: float  # the audience's entropy now (mean over seats in hider mode)
    candidates: tuple[CandidateValue, ...]  # in card order
    completions: int  # how many completions each candidate was averaged over
    exact: bool  # True: every completion; False: sampled

    def want_low(self) -> list[CandidateValue]:
        """Best first for finders (sleuths, drafters): the lowest expected entropy."""
        return sorted(self.candidates, key=lambda c: (c.expected_entropy, c.card))

    def want_high(self) -> list[CandidateValue]:
        """Best first for hiders (dealer, confidant): the highest expected entropy."""
        return sorted(self.candidates, key=lambda c: (-c.expected_entropy, c.card))

    def to_json(self) -> dict[str, Any]:
        """Candidates by name with expected entropies, and both orderings."""
        return {
            "game": self.game,
            "seat": self.seat,
            "mode": self.mode,
            "audience": list(self.audience),
            "current_entropy": self.current_entropy,
            "completions": self.completions,
            "exact": self.exact,
            "candidates": [
                {
                    "card": c.name,
                    "expected_entropy": c.expected_entropy,
                    "gain": self.current_entropy - c.expected_entropy,
                    "by_seat": [{"seat": s, "expected_entropy": e} for s, e in c.by_seat.items()],
                }
                for c in self.candidates
            ],
            "want_low": [c.name for c in self.want_low()],
            "want_high": [c.name for c in self.want_high()],
        }


def _entropy(weights: FloatArray) -> float:
    nonzero = weights[weights > 0]
    return float(-(nonzero * np.log2(nonzero)).sum())


def _weights(space: HypothesisSpace, possible: int) -> FloatArray:
    """The uniform posterior over ``possible`` as a vector."""
    weights = np.zeros(space.size)
    chosen = members(possible)
    if chosen:
        weights[chosen] = 1.0 / len(chosen)
    return weights


def expected_entropies(
    wins: IntArray, finder: FloatArray | None, secret: int | None, audience: Sequence[FloatArray]
) -> tuple[float, list[float]]:
    """Expected posterior entropies over equally likely completions.

    ``wins[h, t]`` is the position that wins completion t under hypothesis h. Finder:
    ``finder`` is the view's posterior; returns ``H(posterior) - mean_t H(A_t)``.
    Hider: ``secret`` is the true hypothesis and ``audience`` the posteriors of the
    seats to keep in the dark; returns their mean and each seat's figure.
    """
    count = wins.shape[1]
    if finder is not None:
        # P(announcement a) for each completion t, as one weighted count over (t, a).
        positions = int(wins.max()) + 1 if wins.size else 1
        cells = (np.arange(count) * positions + wins).ravel()
        p = np.bincount(cells, weights=np.repeat(finder, count), minlength=count * positions)
        p = p[p > 0]
        spread = float(-(p * np.log2(p)).sum()) / count
        return _entropy(finder) - spread, []
    assert secret is not None
    same = wins == wins[secret]  # hypotheses that draw the same announcement as the truth
    figures: list[float] = []
    for weights in audience:
        p = weights @ same
        plogp = np.where(weights > 0, weights * np.log2(np.where(weights > 0, weights, 1.0)), 0.0)
        inside = plogp @ same
        after = np.where(p > 0, np.log2(np.where(p > 0, p, 1.0)) - inside / np.where(p > 0, p, 1.0), 0.0)
        figures.append(float(after.mean()))
    return (float(np.mean(figures)) if figures else 0.0), figures


# -- completions ----------------------------------------------------------------------


def _pool_wins(
    space: HypothesisSpace, choice: InformationChoice, card: Card, rows: Sequence[int]
) -> IntArray:
    """Winning positions of every completion of the open column or trick after ``card`` is taken,
    the later seats taking the pool's other cards, under each hypothesis of ``rows``."""
    picked = list(choice.played)
    later = choice.later
    rest = [c for c in iter_cards(choice.pool or 0) if c != card]
    columns: list[list[Card]] = []
    for order in itertools.permutations(rest, len(later)):
        cards = [*picked, card, *order]
        if choice.leftover:
            cards += [c for c in rest if c not in order]  # the card nobody takes comes last
        columns.append(cards)
    wins = np.zeros((len(rows), len(columns)), dtype=np.int64)
    for r, h in enumerate(rows):
        rules = space.rules(h)
        for t, cards in enumerate(columns):
            wins[r, t] = trick_winner(rules, cards)
    return wins


def _keys(space: HypothesisSpace, rows: Sequence[int]) -> IntArray:
    """``keys[r, card]`` under hypothesis ``rows[r]``: the higher key wins, the earlier card on a
    tie (for a game where nobody need follow, so that no card's class matters)."""
    keys = np.zeros((len(rows), space.deck.size), dtype=np.int64)
    for r, h in enumerate(rows):
        rules = space.rules(h)
        if rules.must_follow:
            raise StichError(
                f"{space.game}: information values from hidden hands need a game without following"
            )
        for card in range(space.deck.size):
            power = rules.trump_power[card]
            keys[r, card] = power * 64 if power else rules.lead_power[card]
    return keys


class _Tails:
    """The strongest of the later cards of each completion, computed once for all candidates."""

    def __init__(self, keys: IntArray, later: IntArray, offset: int) -> None:
        self.keys = keys
        self.count = later.shape[0]
        self.empty = later.shape[1] == 0
        if not self.empty:
            tail = keys[:, later]  # (H, N, m)
            self.best = tail.max(axis=2)
            self.at = tail.argmax(axis=2) + offset  # the first of equal keys

    def wins(self, prefix: Sequence[Card]) -> IntArray:
        """Winning positions when ``prefix`` is followed by each completion."""
        head = self.keys[:, list(prefix)]
        head_best = head.max(axis=1)
        head_at = head.argmax(axis=1)
        if self.empty:
            repeated: IntArray = np.repeat(head_at[:, None], self.count, axis=1)
            return repeated
        wins: IntArray = np.where(self.best > head_best[:, None], self.at, head_at[:, None])
        return wins


def _hidden_later(
    state: Round, choice: InformationChoice, how: Completions, samples: int, seed: int | None
) -> IntArray:
    """The later seats' cards: every ordered tuple of distinct unseen cards, or sampled deals."""
    seats = choice.later
    unseen = list(iter_cards(choice.unseen))
    if not seats:
        return np.zeros((1, 0), dtype=np.int64)
    if how == "exact":
        flat = np.fromiter(
            itertools.chain.from_iterable(itertools.permutations(unseen, len(seats))), dtype=np.int64
        )
        return flat.reshape(-1, len(seats))
    obs = observe(state)
    sampler = DealSampler(location_model(obs))
    rng = random.Random(seed)
    places = [obs.place_of(seat) for seat in seats]
    rows = np.zeros((samples, len(seats)), dtype=np.int64)
    for t in range(samples):
        deal = sampler.sample(rng)
        for k, place in enumerate(places):
            assert place is not None
            rows[t, k] = rng.choice(list(iter_cards(deal[place])))
    return rows


# -- the report ---------------------------------------------------------------------


def information(
    ev: Evidence, completions: Completions = "exact", samples: int = 2000, seed: int | None = None
) -> InformationReport:
    """Expected posterior entropy for each candidate of the seat to move (see the module docstring).

    Stich für Stich needs the view to be the seat to play; ``completions`` chooses
    every ordered tuple of unseen cards (``exact``) or ``samples`` sampled deals.
    """
    state, space = ev.round, ev.space
    mine = consistent_brute_force(space, ev.clues_for())
    if not mine:
        raise StichError("no secret fits what the view has seen; see the conflict")
    secret = members(mine)[0] if mine.bit_count() == 1 else None
    if secret is None:
        mode: Mode = "finder"
        audience: tuple[int, ...] = (ev.view,)
        weights = [_weights(space, mine)]
    else:
        mode = "hider"
        holder_view = ev.view == ev.holder
        audience = tuple(s for s in range(len(ev.names)) if s not in (ev.view, ev.holder))
        public = [c for c in ev.clues if c.audience is None]
        sets = {
            s: consistent_brute_force(space, ev.clues_for(s) if holder_view else public) for s in audience
        }
        # Seats that already know the secret are no longer in the dark.
        audience = tuple(s for s in audience if sets[s].bit_count() > 1)
        weights = [_weights(space, sets[s]) for s in audience]
    current = float(np.mean([_entropy(w) for w in weights])) if weights else 0.0

    # Only hypotheses someone still considers possible can matter.
    support = 0
    for w in weights:
        support |= int(sum(1 << h for h in np.flatnonzero(w)))
    rows = members(support | (0 if secret is None else 1 << secret))
    weights = [w[rows] for w in weights]
    truth = None if secret is None else rows.index(secret)

    exact = True
    wins_of: Callable[[Card], IntArray]
    choice = state.information_choice()
    seat = choice.seat
    candidates = list(choice.candidates)
    if choice.pool is not None:

        def wins_of(card: Card) -> IntArray:
            return _pool_wins(space, choice, card, rows)

    else:
        played = list(choice.played)
        later = _hidden_later(state, choice, completions, samples, seed)
        exact = completions == "exact" or later.shape[1] == 0
        tails = _Tails(_keys(space, rows), later, len(played) + 1)

        def wins_of(card: Card) -> IntArray:
            return tails.wins([*played, card])

    values = []
    count = 0
    for card in candidates:
        wins = wins_of(card)
        count = wins.shape[1]
        if mode == "finder":
            figure, _ = expected_entropies(wins, weights[0], None, [])
            seats: dict[int, float] = {}
        else:
            figure, by_seat = expected_entropies(wins, None, truth, weights)
            seats = dict(zip(audience, by_seat, strict=True))
        values.append(CandidateValue(card, space.deck.name_of(card), figure, seats))
    return InformationReport(space.game, seat, mode, audience, current, tuple(values), count, exact)
