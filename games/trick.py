"""The trick algebra: one winner function and one legal-play function for every game.

Each game compiles its rules, for one context (trumps known or hypothesised, rank
order, current trump suit), into flat tables indexed by card:

- ``cls[c]``: the follow class of card ``c`` (a suit, the trump class, or `FREE`
  for Wizard's wizards and jesters, which may be played at any time);
- ``trump_power[c]``: 0 for a non-trump, else its strength among trumps;
- ``lead_power[c]``: its rank inside its class.

The led class is the class of the first card; after a leading FREE card without
power (a jester) the first non-FREE card sets it; when a FREE card with power (a
wizard) is led there is none. A wizard that comes after leading jesters frees the
trick too where ``wizard_frees_after_jester`` is set (the original Wizard rules);
otherwise it is passed over like a jester and the next suit card sets the class
(the rulebook's Wizard-Variante). The trick goes to the highest trump power if any card has
one, else to the highest lead power among cards of the led class, else to the
first card. Ties go to the card played first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from stich.games.cards import Card, CardSet

__all__ = ["FREE", "TrickRules", "led_class", "trick_winner", "legal_plays"]

FREE = -1


@dataclass(frozen=True)
class TrickRules:
    """The compiled tables of one rules context."""

    cls: tuple[int, ...]
    trump_power: tuple[int, ...]
    lead_power: tuple[int, ...]
    must_follow: bool = True
    wizard_frees_after_jester: bool = True
    class_mask: dict[int, CardSet] = field(init=False, repr=False, compare=False)
    free_mask: CardSet = field(init=False, repr=False, compare=False)
    trump_mask: CardSet = field(init=False, repr=False, compare=False)

    def __deepcopy__(self, memo: dict[int, object]) -> TrickRules:
        return self  # immutable: undo snapshots share it

    def __post_init__(self) -> None:
        if not len(self.cls) == len(self.trump_power) == len(self.lead_power):
            raise ValueError("trick tables differ in length")
        masks: dict[int, CardSet] = {}
        free = trumps = 0
        for card, k in enumerate(self.cls):
            if k == FREE:
                free |= 1 << card
            else:
                masks[k] = masks.get(k, 0) | 1 << card
            if self.trump_power[card]:
                trumps |= 1 << card
        object.__setattr__(self, "class_mask", masks)
        object.__setattr__(self, "free_mask", free)
        object.__setattr__(self, "trump_mask", trumps)


def led_class(rules: TrickRules, cards: Sequence[Card]) -> int | None:
    """The class the others must follow, or None when there is none (yet)."""
    for position, card in enumerate(cards):
        k = rules.cls[card]
        if k != FREE:
            return k
        if rules.trump_power[card] and (position == 0 or rules.wizard_frees_after_jester):
            return None  # a wizard first (or first after jesters): everyone may play anything
    return None


def trick_winner(rules: TrickRules, cards: Sequence[Card]) -> int:
    """Position (0 = first played) of the card that wins a trick."""
    best = -1
    best_power = 0
    power = rules.trump_power
    for i, card in enumerate(cards):
        if power[card] > best_power:
            best, best_power = i, power[card]
    if best >= 0:
        return best
    led = led_class(rules, cards)
    if led is None:
        return 0
    cls, lead = rules.cls, rules.lead_power
    for i, card in enumerate(cards):
        if cls[card] == led and (best < 0 or lead[card] > lead[cards[best]]):
            best = i
    return best


def legal_plays(rules: TrickRules, hand: CardSet, trick: Sequence[Card]) -> CardSet:
    """The cards of ``hand`` that may be played to ``trick`` (the cards played so far)."""
    if not rules.must_follow or not trick:
        return hand
    led = led_class(rules, trick)
    if led is None:
        return hand
    follow = hand & rules.class_mask.get(led, 0)
    if follow:
        return follow | (hand & rules.free_mask)
    return hand
