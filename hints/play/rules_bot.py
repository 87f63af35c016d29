"""``rules-bot``: a sparring partner for Stiche-Raten and Wizard, written from the published rules
of a public Oh Hell app's bot (the counted-winners bid, dump when made, take when short).

It is a fixed, readable opponent that a stronger bot must beat by a clear margin — not a
model of good play. Its rules, as the app states them for its Oh Hell bot and extended to
Wizard's wizards (sure winners) and jesters (sure losers):

*Bidding: count the winners.*

- each wizard: one trick;
- trumps: the lowest trumps ruff the short side suits (a void counts for two ruffs, a
  singleton for one; three players: one more each), a ruff worth one trick from 6 cards in
  hand, half a trick at 4 or 5 cards, nothing with fewer (in a small hand a side suit is
  seldom led twice); each trump left over counts by the gaps above it — the trumps no one
  has seen that outrank it, against the trumps the seat holds below it to guard it: one
  trick when the guards cover the gaps, ¾ with one guard short, ¼ with two;
- each side ace: one trick when its suit is no longer than half the hand (three players:
  one more), else half a trick (a long suit gets ruffed);
- each guarded king (with another card of its suit and without its ace): one trick when
  the suit is shorter than half the hand, else a quarter;
- a jester: nothing.

The bid is the count rounded down, and never fewer than the trumps no unseen trump
outranks plus the wizards; when the dealer may not bid it, one fewer (one more when the
count is already the floor). Wizard's dealer names the trump that gives the highest count.
A blind bid (the hand not yet seen) is 0.

*Play.* Once the bid is made — and when over it — duck: lead the lowest card, follow with
the highest card that loses the trick as it stands (a jester, a sure loser, is kept for a
trick that nothing else loses), and when every card would win, the highest as the last to
play (the trick is lost anyway) else the lowest. While short of the bid, win cheaply: lead
a boss card (no unseen card of its suit, or trump, outranks it; a wizard) from the longest
suit, else the lowest side card; as the last to play take with the cheapest winning card;
earlier, take with the cheapest winning boss card (a wizard counts), ruff with the lowest
trump that wins when void in the suit led, and otherwise play the lowest card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from stich.games.base import Event
from stich.games.cards import Card, CardSet, iter_cards
from stich.games.errors import StichError
from stich.games.events import event_bid
from stich.games.trick import FREE, TrickRules, trick_winner
from stich.hints.advisors.trick_heuristic import unseen_cards
from stich.hints.session import Session

__all__ = ["RULES_BOT", "estimate", "rules_bot", "rules_bid", "rules_card"]

RULES_BOT = "rules-bot"


def _is_wizard(rules: TrickRules, card: Card) -> bool:
    return rules.cls[card] == FREE and rules.trump_power[card] > 0


def _is_jester(rules: TrickRules, card: Card) -> bool:
    return rules.cls[card] == FREE and rules.trump_power[card] == 0


def _is_trump(rules: TrickRules, card: Card) -> bool:
    return rules.cls[card] != FREE and rules.trump_power[card] > 0


def _order(rules: TrickRules, card: Card) -> tuple[int, int]:
    return rules.trump_power[card], rules.lead_power[card]


def estimate(rules: TrickRules, hand: CardSet, unseen: CardSet, players: int) -> tuple[float, int]:
    """The counted winners of ``hand`` (module docstring) and the floor of the bid: the trumps
    that no unseen trump outranks, plus the wizards."""
    cards = list(iter_cards(hand))
    size = len(cards)
    wizards = sum(1 for c in cards if _is_wizard(rules, c))
    trumps = sorted((c for c in cards if _is_trump(rules, c)), key=lambda c: -rules.trump_power[c])
    side = [c for c in cards if rules.cls[c] != FREE and not _is_trump(rules, c)]
    unseen_trumps = [u for u in iter_cards(unseen) if rules.trump_power[u] > 0]
    boss_trumps = sum(
        1 for c in trumps if not any(rules.trump_power[u] > rules.trump_power[c] for u in unseen_trumps)
    )
    floor = boss_trumps + wizards
    est = float(wizards)

    suits = sorted({k for k in rules.class_mask if k != FREE})
    trump_suits = {rules.cls[c] for c in range(len(rules.cls)) if _is_trump(rules, c)}
    length = {k: sum(1 for c in side if rules.cls[c] == k) for k in suits}
    short = 2 + (players == 3)
    ruff_value = 1.0 if size >= 6 else 0.5 if size >= 4 else 0.0
    spare = len(trumps)
    if ruff_value:
        for k in suits:
            if k in trump_suits or length[k] >= short:
                continue
            used = min(spare, short - length[k])
            spare -= used
            est += used * ruff_value
    kept = trumps[:spare]  # the highest trumps; the lowest went to ruffing
    for card in kept:
        gaps = sum(1 for u in unseen_trumps if rules.trump_power[u] > rules.trump_power[card])
        guards = sum(1 for c in kept if rules.trump_power[c] < rules.trump_power[card])
        if guards >= gaps:
            est += 1
        elif guards == gaps - 1:
            est += 0.75
        elif guards == gaps - 2:
            est += 0.25

    top = {
        k: max((rules.lead_power[c] for c in range(len(rules.cls)) if rules.cls[c] == k), default=0)
        for k in suits
    }
    half = size // 2 + (players == 3)
    for card in side:
        k = rules.cls[card]
        if rules.lead_power[card] == top[k]:  # an ace
            est += 1 if length[k] <= half else 0.5
    for card in side:
        k = rules.cls[card]
        if rules.lead_power[card] == top[k] - 1 and length[k] > 1:  # a guarded king
            if any(rules.cls[c] == k and rules.lead_power[c] == top[k] for c in side):
                continue
            est += 1 if length[k] <= half - 1 else 0.25
    return est, floor


def rules_bid(rules: TrickRules, hand: CardSet, unseen: CardSet, players: int, allowed: Sequence[int]) -> int:
    """The bid of ``hand`` among the ``allowed`` bids (module docstring)."""
    est, floor = estimate(rules, hand, unseen, players)
    target = max(floor, int(est))
    if target not in allowed:
        target = target - 1 if target > floor else target + 1
    if target in allowed:
        return target
    return min(allowed, key=lambda b: (abs(b - target), b))


def _wins(rules: TrickRules, trick: Sequence[Card], card: Card) -> bool:
    return trick_winner(rules, [*trick, card]) == len(trick)


def _boss(rules: TrickRules, card: Card, unseen: CardSet) -> bool:
    """Whether no unseen card outranks ``card``: a wizard; a trump no unseen trump (or wizard)
    outranks; a side card no unseen card of its suit outranks (a ruff is not counted)."""
    if _is_wizard(rules, card):
        return True
    if _is_jester(rules, card):
        return False
    if rules.trump_power[card]:
        return not any(rules.trump_power[u] > rules.trump_power[card] for u in iter_cards(unseen))
    return not any(
        rules.cls[u] == rules.cls[card] and rules.lead_power[u] > rules.lead_power[card]
        for u in iter_cards(unseen)
    )


def rules_card(
    rules: TrickRules,
    hand: CardSet,
    legal: CardSet,
    trick: Sequence[Card],
    unseen: CardSet,
    last: bool,
    want: bool,
) -> Card:
    """The card the rules play (module docstring): ``want`` while short of the bid."""
    cards = sorted(iter_cards(legal), key=lambda c: _order(rules, c))
    if len(cards) == 1:
        return cards[0]
    plain = [c for c in cards if not _is_jester(rules, c)]
    if not want:
        if not trick:
            side = [c for c in plain if not rules.trump_power[c]]
            pool = side or plain or cards
            return min(pool, key=lambda c: (rules.lead_power[c], rules.trump_power[c]))
        losers = [c for c in plain if not _wins(rules, trick, c)]
        if losers:
            return losers[-1]
        jesters = [c for c in cards if _is_jester(rules, c)]
        if jesters:
            return jesters[0]
        return cards[-1] if last else cards[0]
    if not trick:
        bosses = [c for c in cards if _boss(rules, c, unseen)]
        if bosses:
            held = list(iter_cards(hand))

            def suit_length(card: Card) -> int:
                return sum(1 for c in held if rules.cls[c] == rules.cls[card])

            return max(bosses, key=lambda c: (suit_length(c), _order(rules, c)))
        side = [c for c in plain if not rules.trump_power[c]]
        return (side or plain or cards)[0]
    winners = [c for c in cards if _wins(rules, trick, c)]
    if not winners:
        return (plain or cards)[0]
    if last:
        return winners[0]
    for card in winners:
        if _boss(rules, card, unseen):
            return card
    led = next((rules.cls[c] for c in trick if rules.cls[c] != FREE), None)
    void = led is not None and not any(rules.cls[c] == led for c in iter_cards(hand))
    if void:
        trumps = [c for c in winners if _is_trump(rules, c)]
        if trumps:
            return trumps[0]
    return (plain or cards)[0]


def _event(session: Session, **fields: object) -> Event:
    for event in session.legal():
        if all(event.get(k) == v for k, v in fields.items()) and set(event) <= {"seat", *fields}:
            return event
    raise StichError(f"{fields} is not a legal event")


def rules_bot(session: Session, rng: random.Random) -> Event:
    """The ``rules-bot``'s event for the session's seat (Stiche-Raten and Wizard)."""
    from stich.games.stiche_raten import BiddingRound
    from stich.hints.dd import hypothetically

    if not session.round.game.has_bids:
        raise StichError(f"{RULES_BOT} plays Stiche-Raten and Wizard, not {session.round.game.id}")
    state = cast(BiddingRound, session.round)  # the games with bids are Stiche-Raten and Wizard
    seat, n = session.seat, state.game.players
    legal = session.legal()
    if state.phase == "trump":
        hand = state.hands[seat] or 0

        def count(event: Event) -> float:
            with hypothetically(state, event):
                return estimate(state.rules(), hand, unseen_cards(state, seat), n)[0]

        return max(legal, key=count)
    if state.phase == "bid":
        allowed = [event_bid(e) for e in legal]
        seen = state.hands[seat]
        bid = (
            0
            if seen is None or state.blind
            else rules_bid(state.rules(), seen, unseen_cards(state, seat), n, allowed)
        )
        if bid not in allowed:
            bid = min(allowed)
        return _event(session, bid=bid)
    if state.phase == "play":
        rules = state.rules()
        hand = state.hands[seat] or 0
        want = (state.bids[seat] or 0) > state.won[seat]
        last = len(state.trick_cards) == len(state.trick_order()) - 1
        card = rules_card(
            rules, hand, state.legal_cards(seat), state.trick_cards, unseen_cards(state, seat), last, want
        )
        return _event(session, play=state.deck.name_of(card))
    raise StichError(f"no {RULES_BOT} move for the phase {state.phase!r}")
