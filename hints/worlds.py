"""Worlds: one full assignment of what a seat cannot see, drawn as the rules would deal it.

The hidden hands come from the deducer's exact uniform sampler over the deals that fit
every observation (hand sizes, cards seen, voids shown); the hidden secret, where the
game has one, from its posterior: the deducer's, or the one the advisor hands over (Stich
für Stich's advice hands over its belief, which weighs the pairs by the confidant's cards:
`hints.advisors.stich_fuer_stich.belief`). In the
games here no rule ties a hidden hand to the secret (the Was sticht? draft is open;
Stich für Stich has no duty to follow), so the two are drawn independently; the belief's
model of the confidant would tie them a little (a confidant who threw a low card holds no
lower one), which the worlds leave out.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from stich.deducer.hypotheses import Posterior, members
from stich.deducer.locations import location_model
from stich.deducer.observations import Observations, Place
from stich.deducer.sampling import DealSampler
from stich.games.cards import CardSet, popcount
from stich.games.errors import StichError
from stich.hints.session import Session

__all__ = ["World", "WorldSource", "unseen_own_cards"]


@dataclass(frozen=True)
class World:
    """Every seat's hand now, the hidden cards out of play, and the secret (a hypothesis index of
    the game's hypothesis space; None for games without one)."""

    hands: tuple[CardSet, ...]
    out: CardSet
    secret: int | None


class WorldSource:
    """Draws worlds for one session state. ``unseen`` cards of the seat's own hand are treated as
    hidden too (a blind bid, 24's second three cards before the trump call). ``posterior``: the
    secret's probabilities where the advisor weighs the possible secrets otherwise than the
    deducer's uniform posterior (Stich für Stich's belief); the secrets it allows must be the
    deducer's."""

    def __init__(self, session: Session, unseen: CardSet = 0, posterior: Posterior | None = None) -> None:
        self.session = session
        obs = session.observations()
        if unseen:
            obs = unseen_own_cards(obs, session.seat, unseen)
        self.obs = obs
        self.sampler = session.sampler() if not unseen else DealSampler(location_model(obs))
        if self.obs.places and not self.sampler.count:
            raise StichError("no deal of the hidden cards fits what was seen: see `stich deduce` for why")
        uniform = session.posterior()  # the deducer's: uniform over the possible secrets
        if posterior is not None and (uniform is None or posterior.possible != uniform.possible):
            raise ValueError("the posterior handed to the worlds allows other secrets than the deducer's")
        post = posterior if posterior is not None else uniform
        self.secrets: list[int] = members(post.possible) if post is not None else []
        self.weights = None
        if posterior is not None and posterior is not uniform:
            self.weights = [posterior.probabilities[h] for h in self.secrets]
        if post is not None and not self.secrets:
            raise StichError("no secret fits what was announced: see `stich deduce` for why")
        self._out_place = obs.place_of(None)

    def draw(self, rng: random.Random) -> World:
        """One world, every fitting deal equally likely, the secret drawn by its probability (uniform
        among the possible ones unless the advisor handed over a posterior of its own)."""
        deal = self.sampler.sample(rng) if self.obs.places else ()
        hands = [0 if hand is None else hand for hand in self.obs.hands]
        for place, cards in zip(self.obs.places, deal, strict=True):
            if place.seat is not None:
                hands[place.seat] |= cards  # a seat's unseen own cards add to what it holds
        out = deal[self._out_place] if self._out_place is not None else 0
        if not self.secrets:
            secret = None
        elif self.weights is None:
            secret = rng.choice(self.secrets)
        else:
            secret = rng.choices(self.secrets, self.weights)[0]
        return World(tuple(hands), out, secret)


def unseen_own_cards(obs: Observations, seat: int, unseen: CardSet) -> Observations:
    """``obs`` with ``unseen`` cards of ``seat``'s known hand made hidden again, in a place of its own."""
    hand = obs.hands[seat]
    if hand is None or unseen & ~hand:
        raise StichError("only cards of the seat's own hand can be set aside as unseen")
    hands = list(obs.hands)
    hands[seat] = hand & ~unseen
    place = Place(seat, f"{obs.names[seat]} (unseen)", popcount(unseen))
    return replace(obs, hands=tuple(hands), hidden=obs.hidden | unseen, places=(*obs.places, place))
