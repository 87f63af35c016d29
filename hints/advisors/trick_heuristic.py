"""Rules of thumb of the trick play that every game's heuristic shares: how high a card stands,
whether it wins the trick as it stands, the card that plays to win or to lose a trick, and
what the seat has not seen.

Each game's heuristic (``hints/advisors/<game>_heuristic.py``, exported by the game's advisor
module as ``HEURISTIC``) builds on these; the heuristic bot (`hints.play.bots`) finds a game's
heuristic through the advisor registry (`hints.advisors.heuristic_for`).
"""

from __future__ import annotations

from collections.abc import Sequence

from stich.games.base import Event, Round
from stich.games.cards import Card, CardSet, bit, iter_cards
from stich.games.errors import StichError
from stich.games.trick import TrickRules, trick_winner
from stich.hints.session import Session

__all__ = [
    "most_likely",
    "play_event",
    "play_for",
    "plays",
    "rules_seen",
    "strength",
    "unseen_cards",
    "wins_now",
]


def strength(rules: TrickRules, card: Card) -> tuple[int, int]:
    """How high a card stands: trumps above every plain card, then its rank in its class."""
    return rules.trump_power[card], rules.lead_power[card]


def wins_now(rules: TrickRules, trick: Sequence[Card], card: Card) -> bool:
    """Whether ``card`` would win the trick as it stands."""
    return trick_winner(rules, [*trick, card]) == len(trick)


def play_for(rules: TrickRules, legal: CardSet, trick: Sequence[Card], win: bool, last: bool) -> Card:
    """The card that plays to win (or to lose) the current trick; ``last``: no one plays after."""
    ordered = sorted(iter_cards(legal), key=lambda c: strength(rules, c))
    if not trick:
        return ordered[-1] if win else ordered[0]
    winners = [c for c in ordered if wins_now(rules, trick, c)]
    losers = [c for c in ordered if c not in winners]
    if win:
        if not winners:
            return ordered[0]
        return winners[0] if last else winners[-1]
    if losers:
        return losers[-1]  # dump the highest card that loses
    return ordered[-1] if last else ordered[0]


def play_event(session: Session, card: Card) -> Event:
    """The plain play of ``card`` (no declaration) among the legal events."""
    name = session.round.deck.name_of(card)
    for event in session.legal():
        if event.get("play") == name and set(event) <= {"seat", "play"}:
            return event
    raise StichError(f"{name} is not a plain legal play")


def most_likely(probabilities: Sequence[float]) -> int:
    """The index of the highest probability (the first on a tie)."""
    return max(range(len(probabilities)), key=lambda h: probabilities[h])


def rules_seen(session: Session) -> TrickRules:
    """The trick tables in force, or under the most likely secret when the seat does not know it."""
    rules = session.round.rules()
    if rules is not None:
        return rules
    post = session.posterior()
    if post is None or session.tracker is None:
        raise StichError("the trick tables are not known to this seat")
    return session.tracker.space.rules(most_likely(post.probabilities))


def unseen_cards(state: Round, seat: int) -> CardSet:
    """Cards that are neither in the seat's hand, played, face up, nor on the table."""
    on_table = 0
    for card in state.trick_cards:
        on_table |= bit(card)
    hand = state.hands[seat] or 0
    return state.deck.all & ~hand & ~state.gone & ~state.public_cards() & ~on_table


def plays(session: Session, win: bool) -> Event:
    """The card that plays to win (or to lose) the current trick, as an event."""
    state = session.round
    rules = rules_seen(session)
    legal = state.legal_cards(session.seat)
    last = len(state.trick_cards) == len(state.trick_order()) - 1
    return play_event(session, play_for(rules, legal, state.trick_cards, win, last))
