"""The advice's belief in Stich für Stich: the pairs weighed by the confidant's cards."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest

from stich.deducer.hypotheses import members
from stich.games.cards import Card, iter_cards
from stich.games.record import Record, simulate
from stich.games.stich_fuer_stich import StichFuerStichRound
from stich.games.trick import trick_winner
from stich.hints.advisors.stich_fuer_stich.belief import (
    LEAN,
    ODD,
    RANDOM,
    STYLES,
    Style,
    belief,
    confidant_turns,
    likelihoods,
    mixture,
    style_likelihoods,
)
from stich.hints.session import Session
from stich.hints.worlds import WorldSource


def _sleuth_session(record: Record, events: int) -> Session:
    """The view of the sleuth left of the confidant, after the first ``events`` events."""
    cut = replace(record, events=record.events[:events])
    confidant = record.dealer
    return Session.from_record(cut, (confidant + 1) % len(record.players))


def _after_trick(record: Record, trick: int) -> int:
    """How many events up to the announcement of ``trick`` (1-based)."""
    seen = 0
    for i, event in enumerate(record.events):
        if "winner" in event:
            seen += 1
            if seen == trick:
                return i + 1
    raise AssertionError("the record has fewer tricks")


def _reference(session: Session, lean: float, leak: float, odd: float) -> dict[int, float]:
    """The model's likelihood by plain enumeration: every hand the confidant may hold now, every
    pair, each turn's order of the hand computed card by card with `trick_winner`, and the
    chance of the card played at each turn: by the rules (``LEAN**rank``, normalised) or odd."""
    state = session.round
    assert isinstance(state, StichFuerStichRound) and session.tracker is not None
    space = session.tracker.space
    players = state.game.players
    confidant = state.confidant
    public = set(range(space.size))
    turns: list[tuple[tuple[Card, ...], Card, bool, frozenset[int]]] = []
    for t in state.tricks:
        if confidant in t.seats:
            at = t.seats.index(confidant)
            turns.append((t.cards[:at], t.cards[at], at == players - 1, frozenset(public)))
        public = {h for h in public if t.seats[trick_winner(space.rules(h), list(t.cards))] == t.winner}
    hypotheses = range(space.size)

    def strength(h: int, card: Card) -> int:
        rules = space.rules(h)
        return (rules.trump_power[card] * 16 + rules.lead_power[card]) * 64 + card

    def value(h: int, turn: int, card: Card) -> tuple[float, int]:
        before, _, last, pub = turns[turn]
        heads = trick_winner(space.rules(h), [*before, card]) == len(before)
        spread = Counter(trick_winner(space.rules(g), [*before, card]) for g in pub)
        bits = -sum(n / len(pub) * math.log2(n / len(pub)) for n in spread.values())
        order = strength(h, card) if heads and not last else -strength(h, card)
        return float(heads) - leak * bits, order

    def above(u: tuple[float, int], c: tuple[float, int]) -> bool:
        return u[0] > c[0] + 1e-9 or (abs(u[0] - c[0]) <= 1e-9 and u[1] > c[1])

    obs = session.observations()
    place = obs.place_of(confidant)
    assert place is not None
    held = obs.places[place].size
    pool = list(iter_cards(obs.hidden))
    played = [c for _, c, _, _ in turns]
    # whether each card ranks above the card played, per pair and turn, once
    ranks = {}
    for h in hypotheses:
        for i in range(len(turns)):
            mine = value(h, i, played[i])
            for u in pool + played:
                ranks[h, i, u] = above(value(h, i, u), mine)
    found = {}
    for h in hypotheses:
        total = 0.0
        for hand in combinations(pool, held):
            p = 1.0
            for i in range(len(turns)):
                others = [*played[i + 1 :], *hand]
                rank = sum(ranks[h, i, u] for u in others)
                size = len(others) + 1
                p *= (1 - odd) * lean**rank * (1 - lean) / (1 - lean**size) + odd / size
            total += p
        found[h] = total / math.comb(len(pool), held)
    return found


@pytest.mark.parametrize("seed", [3, 8])
def test_likelihoods_match_an_enumeration_of_the_confidants_hands(seed: int) -> None:
    record = simulate("stich-fuer-stich", 4, seed)
    session = _sleuth_session(record, _after_trick(record, 7))
    state = session.round
    assert isinstance(state, StichFuerStichRound)
    post = session.posterior()
    assert post is not None
    hs = list(range(post.space.size))  # every pair, possible or not: the model is defined for all
    obs = session.observations()
    place = obs.place_of(state.confidant)
    assert place is not None
    turns = confidant_turns(state, post.space)
    assert len(turns) == 7
    got = likelihoods(post.space, hs, turns, obs.hidden, obs.places[place].size, 0, 0.4, 0.5, 0.15)
    want = _reference(session, 0.4, 0.5, 0.15)
    top = max(want.values())
    assert top > 0
    for h, value in zip(hs, got, strict=True):
        # the module's figure is the enumeration's times C(|unseen|, held), the same for every pair
        n = len(list(iter_cards(obs.hidden)))
        assert value / math.comb(n, obs.places[place].size) == pytest.approx(want[h], rel=1e-9)
    assert len(set(round(v / top, 9) for v in want.values())) > 1  # the plays tell the pairs apart


def _let_through_case() -> tuple[Session, int, int]:
    """A view in which the confidant, last to play trick 1, let another card win it with a card
    that is no trump under two possible pairs: one that makes the winning card a trump and one
    that makes it a plain card, which nearly any trump would have beaten: (session, the first
    pair, the second)."""
    for seed in range(200):
        record = simulate("stich-fuer-stich", 4, seed)
        session = _sleuth_session(record, _after_trick(record, 1))
        state = session.round
        assert isinstance(state, StichFuerStichRound)
        trick = state.tricks[0]
        at = trick.seats.index(state.confidant)
        if at != len(trick.seats) - 1 or trick.winner == state.confidant:
            continue
        post = session.posterior()
        assert post is not None
        space = post.space
        card, won = trick.cards[at], trick.cards[trick.seats.index(trick.winner)]
        plain_card = [h for h in members(post.possible) if space.rules(h).trump_power[card] == 0]
        trump = [h for h in plain_card if space.rules(h).trump_power[won] > 0]
        plain = [h for h in plain_card if space.rules(h).trump_power[won] == 0]
        if trump and plain:
            return session, trump[0], plain[0]
    raise AssertionError("no such deal among the seeds tried")


def test_a_pair_the_confidants_card_contradicts_weighs_less_but_never_nothing() -> None:
    session, trump, plain = _let_through_case()
    post = session.posterior()
    assert post is not None
    # A confidant playing for its tricks who lets a plain card win held no trump at all: nine
    # cards without one is unlikely, so the pair that makes the winner plain weighs less.
    alone = belief(session, styles=(0.0,))
    assert alone is not None
    assert alone.probabilities[plain] < alone.probabilities[trump]
    for model in (alone, belief(session)):
        assert model is not None
        assert model.possible == post.possible  # which pairs are possible stays the deducer's
        assert sum(model.probabilities) == pytest.approx(1.0)
        lowest = min(model.probabilities[h] for h in members(post.possible))
        assert lowest > 0
        assert all(model.probabilities[h] == 0 for h in range(post.space.size) if not post.possible >> h & 1)


def test_without_weighing_the_belief_is_the_deducers_posterior() -> None:
    session, _, _ = _let_through_case()
    post = session.posterior()
    assert post is not None
    flat = belief(session, lean=1.0)
    assert flat is not None
    assert flat.probabilities == pytest.approx(post.probabilities)


def test_the_confidant_and_a_view_before_any_card_get_the_deducers_posterior() -> None:
    record = simulate("stich-fuer-stich", 4, 5)
    confidant = Session.from_record(replace(record, events=record.events[:9]), record.dealer)
    assert belief(confidant) is confidant.posterior()
    start = _sleuth_session(record, 0)
    assert belief(start) is start.posterior()


def test_the_worlds_draw_the_secret_by_the_belief() -> None:
    import random

    session, trump, plain = _let_through_case()
    weighed = belief(session)
    assert weighed is not None
    source = WorldSource(session, posterior=weighed)
    rng = random.Random(1)
    drawn = Counter(source.draw(rng).secret for _ in range(4000))
    assert set(drawn) <= set(members(weighed.possible))
    for h in (trump, plain):
        assert drawn[h] / 4000 == pytest.approx(weighed.probabilities[h], abs=0.03)
    uniform = Counter(WorldSource(session).draw(rng).secret for _ in range(4000))
    share = 1 / len(members(weighed.possible))
    for h in (trump, plain):
        assert uniform[h] / 4000 == pytest.approx(share, abs=0.03)


def test_the_worlds_refuse_a_posterior_that_allows_other_secrets() -> None:
    session, _, _ = _let_through_case()
    post = session.posterior()
    assert post is not None and post.count > 1
    narrowed = replace(post, possible=post.possible & (post.possible - 1))  # the lowest secret dropped
    with pytest.raises(ValueError, match="other secrets"):
        WorldSource(session, posterior=narrowed)


def test_a_confidant_playing_any_card_alike_tells_nothing() -> None:
    record = simulate("stich-fuer-stich", 4, 3)
    session = _sleuth_session(record, _after_trick(record, 3))
    state = session.round
    post = session.posterior()
    assert isinstance(state, StichFuerStichRound) and post is not None
    obs = session.observations()
    place = obs.place_of(state.confidant)
    assert place is not None
    held = obs.places[place].size
    turns = confidant_turns(state, post.space)
    flat = likelihoods(post.space, list(range(post.space.size)), turns, obs.hidden, held, 0, 1.0, 0.0, 0.0)
    # every hand equally likely and each card one of its hand's: C(unseen, held) / ∏ hand sizes
    sizes = [len(turn.later) + held + 1 for turn in turns]
    want = math.comb(len(list(iter_cards(obs.hidden))), held) / math.prod(sizes)
    assert flat == pytest.approx([want] * post.space.size)
    alone = belief(session, random=1.0)
    assert alone is not None
    assert alone.probabilities == pytest.approx(post.probabilities)


def test_the_styles_mix_by_their_prior_weights() -> None:
    session, _, _ = _let_through_case()
    post = session.posterior()
    assert post is not None
    strict, loose = Style(0.5, 0.1, 0.05, 1.0), Style(0.0, 0.3, 0.2, 1.0)
    alone = belief(session, styles=(strict,), random=0.0)
    silenced = belief(session, styles=(strict, loose._replace(weight=0.0)), random=0.0)
    assert alone is not None and silenced is not None
    assert silenced.probabilities == pytest.approx(alone.probabilities)  # a weight of 0: no say
    # weights 1 and 3: the likelihood is a quarter of the first style's and three of the second's
    parts = style_likelihoods(session, post, [strict, loose])
    assert parts is not None
    mixed = [(a + 3 * b) / 4 for a, b in zip(*parts, strict=True)]
    want = [m / sum(mixed) for m in mixed]
    got = belief(session, styles=(strict, loose._replace(weight=3.0)), random=0.0)
    assert got is not None
    assert [got.probabilities[h] for h in members(post.possible)] == pytest.approx(want)
    # a style named by its leak alone takes the default lean and share of odd cards
    bare = belief(session, styles=(0.5,), random=0.0)
    full = belief(session, styles=(Style(0.5, LEAN, ODD, 1.0),), random=0.0)
    assert bare is not None and full is not None
    assert bare.probabilities == pytest.approx(full.probabilities)


def _random_style_share(session: Session) -> float:
    """The posterior share of the confidant that plays any card alike: its prior weight times its
    likelihood, summed over the possible pairs (each as likely before the cards), over the whole
    mixture's."""
    post = session.posterior()
    assert post is not None
    parts = style_likelihoods(session, post, [*STYLES, None])
    assert parts is not None
    mixed = mixture(parts[:-1], [s.weight for s in STYLES], parts[-1], RANDOM)
    return RANDOM * sum(parts[-1]) / sum(mixed)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_confidant_playing_by_the_rules_of_thumb_lifts_the_random_styles_floor(seed: int) -> None:
    import random

    from stich.games.registry import find
    from stich.games.views import ViewFeed
    from stich.hints.play.arena import _matching
    from stich.hints.play.bots import parse_bot

    game = find("stich-fuer-stich")(4, {})
    dealer, known = game.course().series_deal(random.Random(seed), 0)
    record = Record(game.id, ["a", "b", "c", "d"], dealer, [], dict(game.options), None, known)
    feed = ViewFeed(record, range(4))
    sessions = [Session(feed.header(seat), strict=False) for seat in range(4)]
    bot, rng = parse_bot("heuristic"), random.Random(seed)
    truth = feed.truth
    assert isinstance(truth, StichFuerStichRound)
    sleuth = (truth.confidant + 1) % 4
    shares = []
    while len(shares) < 4:
        actor = truth.to_move()
        assert actor is not None
        event = _matching(bot.act(sessions[actor], rng), truth.legal_events())
        for seat, heard in feed.extend(event).items():
            for seen in heard:
                sessions[seat].apply(seen, strict=False)
        if "winner" in event:
            shares.append(_random_style_share(sessions[sleuth]))
    # the heuristic bot's cards fit the strict style ever better than any card alike
    assert 0 < shares[-1] < shares[0] <= RANDOM + 0.5
