"""Stich für Stich: which culprit and weapon the confidant's cards point to.

The deducer's posterior (`deducer.hypotheses`) is uniform over the culprit-weapon pairs that
fit the announced winners and the answers. But the confidant knows the secret and chooses
its cards by it: a confidant who loses a trick throws a low card, not a trump, and one who
can head the trick plays a card that heads it. Under a pair that makes the card it chose a
strange choice, that pair is less likely. This module is the advice's model of that choice;
the deducer's logic (which pairs are possible) stays as it is.

*The model of the confidant's card.* Under a pair h, the cards of the confidant's hand at
its turn are put in the order in which a rules-of-thumb player values them: by

    value(u) = [u heads the trick as it stands under h] − leak · bits(u)

where ``bits(u)`` is what the trick's winner after ``u`` tells a sleuth who holds every pair
the announcements allowed before this trick equally likely (the entropy of the winning
position; the same under every h: it is the sleuths' view), and on equal value a card that
heads the trick, not as the last to play, the highest first, every other the lowest first
(strength under h: full trump, weapon trump, culprit trump, number; then the card index).
The card in place ``k`` (0: the first)
is chosen with probability proportional to ``lean**k``, save a share ``odd`` of the cards
chosen otherwise (below): a card ranked lower is less likely, never impossible. Two styles
of confidant are modelled (`STYLES`, each a `Style`, equally likely before the case's
cards): one that minds what it gives away (``leak`` 0.5, the heuristic bot's rule) and keeps
to its rule strictly (``lean`` 0.1, 5 % odd cards), as a bot does; and one that plays for
trick points alone (``leak`` 0: it heads the trick with its highest card or throws its
lowest) and loosely (``lean`` 0.2, 20 % odd cards), nearer our advisor's double-dummy play
over sampled worlds, which follows neither rule closely.

*Over the hidden hand.* The view does not see the confidant's hand. The confidant's hand at
an earlier turn was the card it played, the cards it played later (seen) and the cards it
holds now, which from a sleuth's view are a uniformly drawn ``r``-subset ``R`` of the cards
the view has not seen (Stich für Stich has no duty to follow, so nothing narrows it). The
likelihood of all the confidant's plays under h is then

    L(h) = lean**(later cards ranked above the played ones) · E_R[ ∏_{u in R} lean**m(u) ]

where ``m(u)`` is the number of the confidant's turns at which an unseen card ``u`` would
have ranked above the card played (the normaliser of each turn's choice depends on the hand
size alone, the same under every pair; with odd choices, below, it is kept). The
expectation is the elementary symmetric polynomial of degree ``r`` of the ``lean**m(u)``
over the unseen cards divided by ``C(|unseen|, r)``, computed exactly by the usual
recursion.

*A human may bluff.* Each turn's card is the style's choice with probability ``1 − odd`` and
an odd one, any card of the hand alike, with ``odd``: the product over the turns is expanded
over the sets of turns chosen by the rules (at most 2**7), each set's expectation as above.
So one strange card costs a pair weight but never rules it out.

*A confidant of no style.* A third confidant, with prior weight ``RANDOM`` (0.1), plays any
card alike: its likelihood is the same under every pair. The likelihood of a case is the
mixture ``(1 − RANDOM) · Σ weight · L_style(h) + RANDOM · L_any``, each style's on the same
scale (a probability of the cards played). It keeps the belief from being sure on a
confidant that plays unlike both styles, like a floor; but unlike a fixed floor, a case's
cards lift it: the more of them follow a style, the less weight the confidant of no style
keeps (with two pairs left the belief is no longer held at 91 % at most). (A fixed floor
under every pair was tried too and not adopted: docs/research/2026-12-03-parked-switches.md.)

The styles and ``RANDOM`` were chosen by ``bench/sfs_belief_fit.py`` on seed 7,
with the heuristic and with ``advisor:8`` as the confidant, for the calibration of the
chance to solve now (each band of claimed chance against how often the most likely pair was
the secret) on both confidants at once, not on the seeds of the calibration runs reported
(1 and 2; docs/advice.md, docs/strength.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from stich.deducer.hypotheses import HypothesisSpace, Posterior, members
from stich.games.cards import Card, CardSet, iter_cards, popcount
from stich.games.stich_fuer_stich import StichFuerStichRound
from stich.hints.session import Session

if TYPE_CHECKING:
    import numpy as np  # loaded where a weighing is asked: a hint of another game needs none

__all__ = [
    "LEAK",
    "LEAN",
    "STYLES",
    "Style",
    "ConfidantTurn",
    "belief",
    "confidant_turns",
    "likelihoods",
    "mixture",
    "style_likelihoods",
    "weighted",
]

LEAN = 0.2  # each place lower in the rules-of-thumb order: this factor less likely (a style's default)
LEAK = 0.5  # the confidant's trick against the bits its card lets the winner tell
ODD = 0.1  # the share of the confidant's cards chosen otherwise, any card alike (a style's default)
RANDOM = 0.1  # the prior weight of a confidant that plays any card alike (a third style)


class Style(NamedTuple):
    """A confidant modelled: its card's value is "heads the trick" less ``leak`` times the bits
    it tells; the card ``k`` places down its order is chosen in proportion to ``lean**k``, save
    a share ``odd`` of odd cards, any card alike; ``weight``: its prior weight among the styles."""

    leak: float
    lean: float
    odd: float
    weight: float


# the confidants modelled: one minding the bits, as strict as a bot; one playing for the tricks, loosely
STYLES = (Style(LEAK, 0.1, 0.05, 0.5), Style(0.0, 0.2, 0.2, 0.5))


class ConfidantTurn:
    """One card the confidant played: the cards before it in its trick, the card, whether it was
    the last to play, the cards it played at later turns (its hand then, as seen since), and the
    pairs the announcements allowed before that trick (a bit mask)."""

    __slots__ = ("before", "card", "last", "later", "public")

    def __init__(
        self, before: Sequence[Card], card: Card, last: bool, later: Sequence[Card], public: int
    ) -> None:
        self.before = tuple(before)
        self.card = card
        self.last = last
        self.later = tuple(later)
        self.public = public


def confidant_turns(state: StichFuerStichRound, space: HypothesisSpace) -> list[ConfidantTurn]:
    """The confidant's plays so far, finished tricks and the current one, in order."""
    players = state.game.players
    raw = _strengths(space, range(space.size)) if state.tricks else None  # numpy: once a trick is won
    plays: list[tuple[tuple[Card, ...], Card, bool, int]] = []
    public = (1 << space.size) - 1
    tricks: list[tuple[tuple[int, ...], tuple[Card, ...], int | None]] = [
        (t.seats, t.cards, t.winner) for t in state.tricks
    ]
    if state.trick_cards:
        tricks.append((tuple(state.trick_seats), tuple(state.trick_cards), None))
    for seats, cards, winner in tricks:
        if state.confidant in seats:
            at = seats.index(state.confidant)
            plays.append((cards[:at], cards[at], at == players - 1, public))
        if winner is not None:
            assert raw is not None
            won = raw[:, list(cards)].argmax(axis=1)  # the first of the strongest wins
            fits = sum(1 << h for h in range(space.size) if seats[int(won[h])] == winner)
            public &= fits
    return [
        ConfidantTurn(before, card, last, [c for _, c, _, _ in plays[i + 1 :]], public)
        for i, (before, card, last, public) in enumerate(plays)
    ]


def _strengths(space: HypothesisSpace, hypotheses: Sequence[int]) -> np.ndarray:
    """Each card's strength under each hypothesis (rows): trump power, then the number. A card
    heads a trick when it is stronger than every card before it (the first played wins ties)."""
    import numpy as np

    rows = []
    for h in hypotheses:
        rules = space.rules(h)
        rows.append([p * 16 + n for p, n in zip(rules.trump_power, rules.lead_power, strict=True)])
    return np.array(rows, dtype=np.int64)


def _leaks(raw: np.ndarray, possible: np.ndarray, before: Sequence[Card]) -> np.ndarray:
    """For each card, the bits the trick's winner as it stands after that card tells a sleuth who
    holds the pairs ``possible`` (rows of ``raw``) equally likely: the heuristic's measure."""
    import numpy as np

    rows = raw[possible]
    if not before or not len(rows):
        return np.zeros(raw.shape[1])
    cards = rows[:, list(before)]
    top, at = cards.max(axis=1), cards.argmax(axis=1)
    position = np.where(rows > top[:, None], len(before), at[:, None])
    bits = np.zeros(raw.shape[1])
    for k in range(len(before) + 1):
        share = (position == k).mean(axis=0)
        with np.errstate(divide="ignore", invalid="ignore"):
            bits -= np.where(share > 0, share * np.log2(share), 0.0)
    return bits


def likelihoods(
    space: HypothesisSpace,
    hypotheses: Sequence[int],
    turns: Sequence[ConfidantTurn],
    unseen: CardSet,
    held: int,
    known: CardSet = 0,
    lean: float = LEAN,
    leak: float = LEAK,
    odd: float = ODD,
) -> list[float]:
    """The likelihood of the confidant's ``turns`` under each of ``hypotheses`` (module docstring),
    up to a factor the same for all: its hand now is the ``known`` cards and ``held`` cards drawn
    uniformly from ``unseen``."""
    import numpy as np

    if not hypotheses:
        return []
    every = _strengths(space, range(space.size))
    raw = every[list(hypotheses)]
    keys = raw * 64 + np.arange(raw.shape[1], dtype=np.int64)  # one total order: then the index
    pool = list(iter_cards(unseen))
    later_known = list(iter_cards(known))
    above = []  # per turn, whether each unseen card ranks above the card played
    fixed = []  # per turn, how many cards seen since (or known) rank above it
    for turn in turns:
        c = turn.card
        if turn.before:
            heads = raw > raw[:, list(turn.before)].max(axis=1)[:, None]
        else:
            heads = np.ones_like(raw, dtype=bool)
        value = heads.astype(float)
        if leak:
            possible = np.array([turn.public >> h & 1 for h in range(space.size)], dtype=bool)
            value = value - leak * _leaks(every, possible, turn.before)[None, :]
        mine = value[:, [c]]
        # on equal value: a card that heads the trick not as the last the highest first, else the lowest
        order = np.where(heads & (not turn.last), keys, -keys)
        higher = order > order[:, [c]]
        ranked_above = (value > mine + 1e-9) | ((np.abs(value - mine) <= 1e-9) & higher)
        above.append(ranked_above[:, pool].astype(float))
        others = [*turn.later, *later_known]
        fixed.append(ranked_above[:, others].sum(axis=1).astype(float))
    if not turns:
        return [1.0] * len(hypotheses)
    # Each turn is a rules-of-thumb choice (probability 1 - odd) or an odd one, any card alike:
    # expand the product over the turns into the sets S of turns chosen by the rules.
    n = len(turns)
    chosen = np.array([[s >> t & 1 for t in range(n)] for s in range(1 << n)], dtype=float)
    sizes = np.array([len(turn.later) + popcount(known) + held + 1 for turn in turns], dtype=float)
    by_rule = (1 - odd) * (1 - lean) / (1 - lean**sizes) if lean < 1 else (1 - odd) / sizes
    weight = np.prod(np.where(chosen > 0, by_rule, odd / sizes), axis=1)  # per S
    exponents = np.einsum("st,thu->shu", chosen, np.stack(above))  # m_S(u)
    seen = np.einsum("st,th->sh", chosen, np.stack(fixed))
    factors = np.power(lean, exponents)
    # e_r of each row's factors: the expectation over R up to C(|unseen|, r), the same for all rows
    sums = np.zeros((*factors.shape[:2], held + 1))
    sums[..., 0] = 1.0
    for k in range(len(pool)):
        sums[..., 1:] = sums[..., 1:] + factors[..., [k]] * sums[..., :-1]
    values = np.einsum("s,sh->h", weight, np.power(lean, seen) * sums[..., held])
    return [float(v) for v in values]


def weighted(post: Posterior, likelihood: Sequence[float]) -> Posterior:
    """``post``'s possible pairs weighted by ``L / max L`` and normalised."""
    hs = members(post.possible)
    top = max(likelihood, default=0.0)
    if not hs or top <= 0:
        return post
    weights = {h: v / top for h, v in zip(hs, likelihood, strict=True)}
    total = sum(weights.values())
    probabilities = tuple(weights.get(h, 0.0) / total for h in range(post.space.size))
    return Posterior(post.space, post.possible, probabilities)


def style_likelihoods(
    session: Session, post: Posterior, styles: Sequence[Style | None]
) -> list[list[float]] | None:
    """The likelihood of the confidant's plays so far under each possible pair of ``post``, one
    list a style of ``styles`` (``None``: the confidant that plays any card alike), on one
    scale; ``None`` before the confidant has played."""
    state = session.round
    assert isinstance(state, StichFuerStichRound)
    turns = confidant_turns(state, post.space)
    if not turns:
        return None
    obs = session.observations()
    hand = obs.hands[state.confidant] or 0
    place = obs.place_of(state.confidant)
    held = obs.places[place].size if place is not None else 0
    unseen = obs.hidden if place is not None else 0
    hs = members(post.possible)
    return [
        likelihoods(post.space, hs, turns, unseen, held, hand, style.lean, style.leak, style.odd)
        if style is not None
        else likelihoods(post.space, hs, turns, unseen, held, hand, 1.0, 0.0, 0.0)
        for style in styles
    ]


def mixture(
    each: Sequence[Sequence[float]], weights: Sequence[float], anyhow: Sequence[float] | None, random: float
) -> list[float]:
    """The likelihood of a confidant of one of the styles ``each`` (prior ``weights``, normalised),
    or with prior weight ``random`` one that plays any card alike (``anyhow``)."""
    total = sum(weights)
    mixed = [
        (1 - random) * sum(w * v for w, v in zip(weights, values, strict=True)) / total
        for values in zip(*each, strict=True)
    ]
    if random and anyhow is not None:
        mixed = [m + random * a for m, a in zip(mixed, anyhow, strict=True)]
    return mixed


def _styles(styles: Sequence[Style | float], lean: float | None, odd: float | None) -> list[Style]:
    """``styles`` as `Style`s (a bare number: a style of that ``leak``, ``LEAN``, ``ODD``, weight 1),
    with ``lean`` and ``odd`` for every style where given."""
    found = [s if isinstance(s, Style) else Style(float(s), LEAN, ODD, 1.0) for s in styles]
    return [
        Style(s.leak, s.lean if lean is None else lean, s.odd if odd is None else odd, s.weight)
        for s in found
    ]


def belief(
    session: Session,
    seat: int | None = None,
    lean: float | None = None,
    styles: Sequence[Style | float] = STYLES,
    odd: float | None = None,
    random: float = RANDOM,
) -> Posterior | None:
    """The culprit and weapon's probabilities as the advice weighs them for ``session``'s seat:
    the deducer's posterior weighted by the confidant's plays (module docstring). ``lean`` and
    ``odd``, where given, replace every style's. Other games, and views that know the secret or
    see the confidant's whole hand as dealt, get the deducer's posterior as it is."""
    post = session.posterior(seat)
    state = session.round
    if (
        post is None
        or seat is not None
        or not isinstance(state, StichFuerStichRound)
        or session.seat == state.confidant
        or post.count <= 1
    ):
        return post
    modelled = _styles(styles, lean, odd)
    key = f"sfs-belief {tuple(modelled)} {random}"
    cached = session._cache.get(key)
    if isinstance(cached, Posterior):
        return cached
    found = post
    parts = style_likelihoods(session, post, [*modelled, *((None,) if random else ())])
    if parts is not None:
        each = parts[: len(modelled)]
        anyhow = parts[len(modelled)] if random else None
        found = weighted(post, mixture(each, [s.weight for s in modelled], anyhow, random))
    session._cache[key] = found
    return found
