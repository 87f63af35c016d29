"""What one seat's view tells about where the cards it cannot see are.

From a replayed round (or a view record) this extracts the facts the card-location
model is built on, and nothing the view may not see:

- the *hidden* cards: every card the view cannot place (not in a hand it knows, not
  played, not turned up or given away in its sight);
- the *places* they are in: each hand the view cannot see, with its size, and "out of
  play" (stock, set aside, given away, a dropped player's hand), with its size;
- *voids*: a seat that did not follow the led class, under the rules in force during
  that trick, held no card of that class from then on (a FREE card such as a wizard
  or a jester shows nothing);
- *plays*: every card seen played, with its seat, trick and event.

Each void and play keeps the index of the record event that showed it, so that a
contradiction can be told in terms of events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from stich.games.base import Round
from stich.games.cards import Card, CardSet, Deck, popcount
from stich.games.errors import StichError
from stich.games.record import Record, replay
from stich.games.trick import FREE, TrickRules, led_class

__all__ = [
    "OUT_OF_PLAY",
    "Observations",
    "Place",
    "Play",
    "RulesContext",
    "Void",
    "observe",
    "observe_record",
]

OUT_OF_PLAY = "out of play"

RulesContext: TypeAlias = TrickRules | Sequence[TrickRules | None] | None
"""The trick tables to judge following by: one context for every trick (a hypothesis
such as Was sticht?'s trumps), one per trick (index 0 = trick 1; the entry after the
finished tricks is the trick in progress; None entries fall back to the round's), or
None for the tables the round kept with each trick."""


@dataclass(frozen=True)
class Place:
    """Somewhere hidden cards are: a hand the view cannot see, or out of play (``seat`` None).

    ``size`` counts every hidden card there; ``known`` are those among them the view
    knows to be there (for instance a puzzle's clue).
    """

    seat: int | None
    name: str
    size: int
    known: CardSet = 0


@dataclass(frozen=True)
class Play:
    """A card seen played: ``seat`` held ``card`` until ``trick`` (1-based)."""

    seat: int
    card: Card
    trick: int
    event: int | None


@dataclass(frozen=True)
class Void:
    """``seat`` did not follow at ``trick`` (1-based), so from then on held none of ``cards``.

    ``cards`` is the led class under the trick's rules (``class_name`` says it as players
    do); ``played`` is the card played instead; ``event`` the index of that play.
    """

    seat: int
    cards: CardSet
    class_name: str
    trick: int
    event: int | None
    played: Card


@dataclass(frozen=True)
class Observations:
    """The facts of one view: hidden cards, their places, voids and plays."""

    deck: Deck
    names: tuple[str, ...]
    view: int | None
    hands: tuple[CardSet | None, ...]  # each seat's hand as the view knows it now; None: hidden
    hidden: CardSet  # the cards in `places`
    places: tuple[Place, ...]
    plays: tuple[Play, ...]
    voids: tuple[Void, ...]

    def place_of(self, seat: int | None) -> int | None:
        """Index of the place of ``seat``'s hidden hand (None: out of play), if there is one."""
        for i, place in enumerate(self.places):
            if place.seat == seat:
                return i
        return None

    def event_text(self, event: int | None, trick: int) -> str:
        """``at trick 3 (event 9)``."""
        return f"at trick {trick}" if event is None else f"at trick {trick} (event {event})"

    def void_text(self, void: Void) -> str:
        """``Ben showed out of hearts at trick 3 (event 9)``."""
        when = self.event_text(void.event, void.trick)
        return f"{self.names[void.seat]} showed out of {void.class_name} {when}"

    def play_text(self, play: Play, subject: bool = True) -> str:
        """``Ben played 7H at trick 6 (event 22)`` (without the name when ``subject`` is False)."""
        what = f"played {self.deck.name_of(play.card)} {self.event_text(play.event, play.trick)}"
        return f"{self.names[play.seat]} {what}" if subject else what


def _trick_rules(rules: RulesContext, index: int, default: TrickRules | None) -> TrickRules | None:
    if rules is None:
        return default
    if isinstance(rules, TrickRules):
        return rules
    if index < len(rules) and rules[index] is not None:
        return rules[index]
    return default


def observe(state: Round, rules: RulesContext = None) -> Observations:
    """The facts of ``state``'s view (a round replayed from a view record).

    ``rules`` gives the trick tables to judge following by when the round does not
    know them or a hypothesis is being tried (see `RulesContext`).
    """
    n = state.game.players
    deck = state.deck
    hands = state.tracked_hands()
    seen = state.gone | state.public_cards()
    for hand in hands:
        if hand is not None:
            seen |= hand
    hidden = deck.all & ~seen

    places: list[Place] = []
    for seat in range(n):
        if state.hands[seat] is None and state.hand_size[seat] > 0:
            places.append(Place(seat, state.names[seat], state.hand_size[seat]))
    out = popcount(hidden) - sum(place.size for place in places)
    if out:
        places.append(Place(None, OUT_OF_PLAY, out))  # negative when the sizes do not add up

    tricks: list[tuple[tuple[int, ...], tuple[Card, ...], TrickRules | None]] = [
        (t.seats, t.cards, t.rules) for t in state.tricks
    ]
    if state.trick_cards:
        tricks.append((tuple(state.trick_seats), tuple(state.trick_cards), state.rules()))
    play_events = [i for i, event in enumerate(state.events) if "play" in event]
    aligned = len(play_events) == sum(len(cards) for _, cards, _ in tricks)

    plays: list[Play] = []
    voids: list[Void] = []
    for index, (seats, cards, kept) in enumerate(tricks):
        trick_rules = _trick_rules(rules, index, kept)
        for pos, (seat, card) in enumerate(zip(seats, cards, strict=True)):
            event = play_events[len(plays)] if aligned else None
            plays.append(Play(seat, card, index + 1, event))
            if trick_rules is None or not trick_rules.must_follow or pos == 0:
                continue
            led = led_class(trick_rules, cards[:pos])
            if led is None or trick_rules.cls[card] in (led, FREE):
                continue
            voids.append(
                Void(seat, trick_rules.class_mask.get(led, 0), state.class_name(led), index + 1, event, card)
            )
    return Observations(
        deck=deck,
        names=tuple(state.names),
        view=state.view,
        hands=tuple(hands),
        hidden=hidden,
        places=tuple(places),
        plays=tuple(plays),
        voids=tuple(voids),
    )


def observe_record(record: Record, rules: RulesContext = None) -> Observations:
    """The facts of a record's view; a `StichError` if the record breaks the rules."""
    outcome = replay(record)
    if not outcome.ok:
        raise StichError(f"the record cannot be replayed: {outcome.error}")
    return observe(outcome.round, rules)


# -- a seat's view of an omniscient record --------------------------------------------
