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
import math
import operator
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeAlias, TypedDict

from stich.deducer.hypotheses import Evidence, HypothesisSpace, consistent_brute_force, members
from stich.deducer.locations import location_model
from stich.deducer.observations import observe
from stich.deducer.sampling import DealSampler
from stich.games.base import Round
from stich.games.cards import Card, iter_cards
from stich.games.errors import StichError
from stich.games.secret import InformationChoice
from stich.games.trick import trick_winner

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "CandidateValue",
    "Completions",
    "InformationReport",
    "Mode",
    "expected_entropies",
    "expected_entropies_plain",
    "information",
]

Mode: TypeAlias = Literal["finder", "hider"]
Completions: TypeAlias = Literal["exact", "sample"]
IntArray: TypeAlias = "npt.NDArray[np.int64]"
FloatArray: TypeAlias = "npt.NDArray[np.float64]"
LARGE = 50_000
"""Hypotheses times completions above which numpy computes the figures. Plain Python spends
some 1 µs a cell and 0.3 µs a cell for each candidate (28 pairs and 400 sampled deals, 7
cards: 44 ms of CPU, numpy 17 ms); numpy's import, 0.1 to 0.2 s, pays for itself from some
50,000 cells. A hint's spaces (up to 36 pairs, 400 sampled deals) stay below."""


class SeatEntropyJson(TypedDict):
    seat: int
    expected_entropy: float


class CandidateJson(TypedDict):
    card: str
    expected_entropy: float
    gain: float
    by_seat: list[SeatEntropyJson]


class InformationJson(TypedDict):
    """``information`` in ``stich deduce --info --json``."""

    game: str
    seat: int
    mode: Mode
    audience: list[int]
    current_entropy: float
    completions: int
    exact: bool
    candidates: list[CandidateJson]
    want_low: list[str]
    want_high: list[str]


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

    def to_json(self) -> InformationJson:
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


def _entropy(weights: Sequence[float]) -> float:
    return -sum(w * math.log2(w) for w in weights if w > 0)


def _weights(space: HypothesisSpace, possible: int) -> list[float]:
    """The uniform posterior over ``possible`` as a vector."""
    weights = [0.0] * space.size
    chosen = members(possible)
    for h in chosen:
        weights[h] = 1.0 / len(chosen)
    return weights


def _prior(space: HypothesisSpace, possible: int, prior: Sequence[float]) -> list[float]:
    """``prior`` kept to ``possible`` and normalised (uniform if it gives them nothing)."""
    weights = [prior[h] if possible >> h & 1 else 0.0 for h in range(space.size)]
    total = sum(weights)
    return [w / total for w in weights] if total > 0 else _weights(space, possible)


def expected_entropies(
    wins: IntArray, finder: FloatArray | None, secret: int | None, audience: Sequence[FloatArray]
) -> tuple[float, list[float]]:
    """Expected posterior entropies over equally likely completions.

    ``wins[h, t]`` is the position that wins completion t under hypothesis h. Finder:
    ``finder`` is the view's posterior; returns ``H(posterior) - mean_t H(A_t)``.
    Hider: ``secret`` is the true hypothesis and ``audience`` the posteriors of the
    seats to keep in the dark; returns their mean and each seat's figure.
    (`expected_entropies_plain` is the same without numpy, for the small spaces of a hint.)
    """
    import numpy as np

    count = wins.shape[1]
    if finder is not None:
        # P(announcement a) for each completion t, as one weighted count over (t, a).
        positions = int(wins.max()) + 1 if wins.size else 1
        cells = (np.arange(count) * positions + wins).ravel()
        p = np.bincount(cells, weights=np.repeat(finder, count), minlength=count * positions)
        p = p[p > 0]
        spread = float(-(p * np.log2(p)).sum()) / count
        nonzero = finder[finder > 0]
        return float(-(nonzero * np.log2(nonzero)).sum()) - spread, []
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


def expected_entropies_plain(
    wins: Sequence[Sequence[int]],
    finder: Sequence[float] | None,
    secret: int | None,
    audience: Sequence[Sequence[float]],
) -> tuple[float, list[float]]:
    """`expected_entropies` in plain Python: ``wins[h][t]`` as nested sequences. Completions
    that every hypothesis resolves alike (the same column of ``wins``) are counted once."""
    count = len(wins[0]) if wins else 0
    columns = Counter(zip(*wins, strict=True))  # each distinct column and how many completions
    if finder is not None:
        groups = _groups(finder)
        spread = 0.0
        for column, times in columns.items():
            cells: dict[int, float] = {}
            for w, pick in groups:
                chosen = pick(column)
                for a in set(chosen):
                    cells[a] = cells.get(a, 0.0) + w * chosen.count(a)
            spread -= times * sum(p * math.log2(p) for p in cells.values())
        return _entropy(finder) - spread / count, []
    assert secret is not None
    figures: list[float] = []
    for weights in audience:
        groups = _groups(weights)
        total = 0.0
        for column, times in columns.items():
            truth = column[secret]  # the hypotheses that draw the same announcement as the truth
            p = inside = 0.0
            for w, pick in groups:
                same = pick(column).count(truth)
                p += w * same
                inside += w * math.log2(w) * same
            if p > 0:
                total += times * (math.log2(p) - inside / p)
        figures.append(total / count)
    return (sum(figures) / len(figures) if figures else 0.0), figures


def _groups(weights: Sequence[float]) -> list[tuple[float, Callable[[tuple[int, ...]], tuple[int, ...]]]]:
    """The positive weights, each with a function picking its hypotheses' entries of a column
    (a posterior here is uniform over its support: one group)."""
    by: dict[float, list[int]] = {}
    for h, w in enumerate(weights):
        if w > 0:
            by.setdefault(w, []).append(h)
    return [(w, _picker(rows)) for w, rows in by.items()]


def _picker(rows: list[int]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    if len(rows) == 1:
        only = rows[0]
        return lambda column: (column[only],)
    return operator.itemgetter(*rows)


# -- completions ----------------------------------------------------------------------


def _pool_wins(
    space: HypothesisSpace, choice: InformationChoice, card: Card, rows: Sequence[int]
) -> list[list[int]]:
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
    wins: list[list[int]] = []
    for h in rows:
        rules = space.rules(h)
        wins.append([trick_winner(rules, cards) for cards in columns])
    return wins


def _pool_count(choice: InformationChoice) -> int:
    """How many completions `_pool_wins` gives for each candidate."""
    return math.perm(max((choice.pool or 0).bit_count() - 1, 0), len(choice.later))


def _keys(space: HypothesisSpace, rows: Sequence[int]) -> list[list[int]]:
    """``keys[r][card]`` under hypothesis ``rows[r]``: the higher key wins, the earlier card on a
    tie (for a game where nobody need follow, so that no card's class matters)."""
    keys: list[list[int]] = []
    for h in rows:
        rules = space.rules(h)
        if rules.must_follow:
            raise StichError(
                f"{space.game}: information values from hidden hands need a game without following"
            )
        power, lead = rules.trump_power, rules.lead_power
        keys.append([power[c] * 64 if power[c] else lead[c] for c in range(space.deck.size)])
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
        import numpy as np

        head = self.keys[:, list(prefix)]
        head_best = head.max(axis=1)
        head_at = head.argmax(axis=1)
        if self.empty:
            repeated: IntArray = np.repeat(head_at[:, None], self.count, axis=1)
            return repeated
        wins: IntArray = np.where(self.best > head_best[:, None], self.at, head_at[:, None])
        return wins


class _PlainTails:
    """`_Tails` in plain Python, for the small spaces of a hint."""

    def __init__(self, keys: list[list[int]], later: Sequence[tuple[Card, ...]], offset: int) -> None:
        self.keys = keys
        self.count = len(later)
        self.empty = not later or not later[0]
        self.best: list[list[int]] = []
        self.at: list[list[int]] = []
        if not self.empty:
            m = len(later[0])
            for row in keys:
                # key * m + (m - 1 - k) at the k-th later seat: the largest is the strongest card,
                # the first of equal keys
                encoded = [[key * m + (m - 1 - k) for key in row] for k in range(m)]
                tops = [max(map(list.__getitem__, encoded, cards)) for cards in later]
                self.best.append([v // m for v in tops])
                self.at.append([offset + m - 1 - v % m for v in tops])

    def wins(self, prefix: Sequence[Card]) -> list[list[int]]:
        """Winning positions when ``prefix`` is followed by each completion."""
        found: list[list[int]] = []
        for r, row in enumerate(self.keys):
            head = [row[c] for c in prefix]
            head_best = max(head)
            head_at = head.index(head_best)
            if self.empty:
                found.append([head_at] * self.count)
            else:
                found.append(
                    [a if b > head_best else head_at for a, b in zip(self.at[r], self.best[r], strict=True)]
                )
        return found


def _hidden_later(
    state: Round, choice: InformationChoice, how: Completions, samples: int, seed: int | None
) -> list[tuple[Card, ...]]:
    """The later seats' cards: every ordered tuple of distinct unseen cards, or sampled deals."""
    seats = choice.later
    unseen = list(iter_cards(choice.unseen))
    if not seats:
        return [()]
    if how == "exact":
        return list(itertools.permutations(unseen, len(seats)))
    obs = observe(state)
    sampler = DealSampler(location_model(obs))
    rng = random.Random(seed)
    places = [obs.place_of(seat) for seat in seats]
    rows: list[tuple[Card, ...]] = []
    for _ in range(samples):
        deal = sampler.sample(rng)
        row = []
        for place in places:
            assert place is not None
            row.append(rng.choice(list(iter_cards(deal[place]))))
        rows.append(tuple(row))
    return rows


def _hidden_count(choice: InformationChoice, how: Completions, samples: int) -> int:
    """How many completions `_hidden_later` gives."""
    if not choice.later:
        return 1
    if how == "exact":
        return math.perm(choice.unseen.bit_count(), len(choice.later))
    return samples


# -- the report ---------------------------------------------------------------------


def information(
    ev: Evidence,
    completions: Completions = "exact",
    samples: int = 2000,
    seed: int | None = None,
    prior: Sequence[float] | None = None,
) -> InformationReport:
    """Expected posterior entropy for each candidate of the seat to move (see the module docstring).

    ``prior`` (finder mode): the view's probabilities of the hypotheses in place of the uniform
    posterior over those its clues allow (zero outside them).

    Stich für Stich needs the view to be the seat to play; ``completions`` chooses
    every ordered tuple of unseen cards (``exact``) or ``samples`` sampled deals.
    Up to `LARGE` hypotheses times completions the figures are computed in plain Python
    (a hint's spaces: numpy's import costs more than they), above it with numpy.
    """
    state, space = ev.round, ev.space
    mine = consistent_brute_force(space, ev.clues_for())
    if not mine:
        raise StichError("no secret fits what the view has seen; see the conflict")
    secret = members(mine)[0] if mine.bit_count() == 1 else None
    if secret is None:
        mode: Mode = "finder"
        audience: tuple[int, ...] = (ev.view,)
        weights = [_weights(space, mine) if prior is None else _prior(space, mine, prior)]
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
    current = sum(_entropy(w) for w in weights) / len(weights) if weights else 0.0

    # Only hypotheses someone still considers possible can matter.
    support = 0
    for w in weights:
        support |= sum(1 << h for h, x in enumerate(w) if x)
    rows = members(support | (0 if secret is None else 1 << secret))
    weights = [[w[h] for h in rows] for w in weights]
    truth = None if secret is None else rows.index(secret)

    exact = True
    choice = state.information_choice()
    seat = choice.seat
    candidates = list(choice.candidates)
    if choice.pool is None:
        exact = completions == "exact" or not choice.later
        count = _hidden_count(choice, completions, samples)
    else:
        count = _pool_count(choice)
    large = len(rows) * count > LARGE

    if not large:
        plain_of: Callable[[Card], list[list[int]]]
        if choice.pool is not None:

            def plain_of(card: Card) -> list[list[int]]:
                return _pool_wins(space, choice, card, rows)

        else:
            played = list(choice.played)
            later = _hidden_later(state, choice, completions, samples, seed)
            plain = _PlainTails(_keys(space, rows), later, len(played) + 1)

            def plain_of(card: Card) -> list[list[int]]:
                return plain.wins([*played, card])

        def figures(card: Card) -> tuple[float, list[float], int]:
            wins = plain_of(card)
            if mode == "finder":
                return *expected_entropies_plain(wins, weights[0], None, []), len(wins[0])
            return *expected_entropies_plain(wins, None, truth, weights), len(wins[0])

    else:
        import numpy as np

        arrays = [np.array(w) for w in weights]
        wins_of: Callable[[Card], IntArray]
        if choice.pool is not None:

            def wins_of(card: Card) -> IntArray:
                return np.array(_pool_wins(space, choice, card, rows), dtype=np.int64)

        else:
            played = list(choice.played)
            hidden = _hidden_later(state, choice, completions, samples, seed)
            table = np.array(hidden, dtype=np.int64).reshape(len(hidden), len(choice.later))
            tails = _Tails(np.array(_keys(space, rows), dtype=np.int64), table, len(played) + 1)

            def wins_of(card: Card) -> IntArray:
                return tails.wins([*played, card])

        def figures(card: Card) -> tuple[float, list[float], int]:
            wins = wins_of(card)
            if mode == "finder":
                return *expected_entropies(wins, arrays[0], None, []), wins.shape[1]
            return *expected_entropies(wins, None, truth, arrays), wins.shape[1]

    values = []
    count = 0
    for card in candidates:
        figure, by_seat, count = figures(card)
        seats = dict(zip(audience, by_seat, strict=True)) if mode == "hider" else {}
        values.append(CandidateValue(card, space.deck.name_of(card), figure, seats))
    return InformationReport(space.game, seat, mode, audience, current, tuple(values), count, exact)
