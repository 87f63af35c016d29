"""When no deal fits: a minimal set of events that contradict each other, in one sentence.

The observations are the voids and the plays (`deducer.observations`); the hand sizes
and the unseen cards are those of now, facts of the record rather than claims. A set
of observations is consistent when some deal of the unseen cards fits the hand sizes
and, for each void in the set, its seat holds no card of that class now (its known
hand included) and played none at a later trick (a play in the set). The plays are
walked in order; at the first one whose void or card cannot be squared with what came
before, that one and a minimal set of earlier observations are reported: a void and a
later play of its class, a void and the known hand, or voids that leave too little
room for some unseen cards (found by deletion, with the maximum flow as the oracle:
dropping any one of them leaves a consistent set).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from stich.deducer.locations import card_locations, location_model, overfull_cards
from stich.deducer.observations import Observations, Play, Void, observe
from stich.games.cards import CardSet, popcount
from stich.games.record import Record, check_report, replay

__all__ = [
    "Conflict",
    "check_report_with_hidden_hands",
    "find_conflict",
    "first_contradiction",
    "is_consistent",
]

LISTED = 8  # cards named in a message before "and N more"


@dataclass(frozen=True)
class Conflict:
    """Observations that cannot all be true, and the sentence that says so."""

    voids: tuple[Void, ...]
    plays: tuple[Play, ...]
    message: str

    @property
    def events(self) -> tuple[int, ...]:
        """Indices of the record events named, in order."""
        found = [v.event for v in self.voids] + [p.event for p in self.plays]
        return tuple(sorted({e for e in found if e is not None}))


def _void_clashes_play(void: Void, play: Play) -> bool:
    return play.seat == void.seat and play.trick > void.trick and bool(void.cards >> play.card & 1)


def is_consistent(
    obs: Observations, voids: Iterable[int] | None = None, plays: Iterable[int] | None = None
) -> bool:
    """Whether the given voids and plays (indices; default all) fit some deal."""
    void_ids = list(range(len(obs.voids)) if voids is None else voids)
    play_ids = list(range(len(obs.plays)) if plays is None else plays)
    for i in void_ids:
        void = obs.voids[i]
        hand = obs.hands[void.seat]
        if hand is not None and hand & void.cards:
            return False
        if any(_void_clashes_play(void, obs.plays[k]) for k in play_ids):
            return False
    return location_model(obs, void_ids).fits()


def _cards_text(obs: Observations, cards: CardSet) -> str:
    names = obs.deck.names(cards)
    if len(names) == 1:
        return f"the unseen card {names[0]}"
    listed = " ".join(names[:LISTED])
    more = f" and {len(names) - LISTED} more" if len(names) > LISTED else ""
    return f"the {len(names)} unseen cards {listed}{more}"


def _joined(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _room_text(obs: Observations, voids: list[int]) -> str:
    """Why the voids leave too little room: which cards, which places, how many cards they hold."""
    model = location_model(obs, voids)
    found = overfull_cards(model)
    if found is None:
        return "so the unseen cards do not fit the hands"
    cards, places = found
    if not places:
        return f"so nobody can hold {_cards_text(obs, cards)}"
    open_places = [j for j in range(len(model.places)) if places >> j & 1]
    names = [
        f"in {model.places[j].name}'s hand" if model.places[j].seat is not None else "out of play"
        for j in open_places
    ]
    room = sum(model.sizes[j] for j in open_places)
    held = f"{room} card{'s' if room != 1 else ''}"
    hold = f"which holds {held}" if len(names) == 1 else f"which hold {held} together"
    return f"so {_cards_text(obs, cards)} can only be {' or '.join(names)}, {hold}"


def _sizes_conflict(obs: Observations) -> Conflict:
    hidden = popcount(obs.hidden)
    hands = sum(place.size for place in obs.places if place.seat is not None)
    return Conflict(
        (),
        (),
        f"the hands the view cannot see hold {hands} cards but only {hidden} cards are unseen",
    )


def find_conflict(obs: Observations) -> Conflict | None:
    """The first contradiction in the observations, as a minimal set of events; None if a deal fits."""
    if not card_locations(location_model(obs, [])).consistent:
        return _sizes_conflict(obs)
    void_of = {(v.seat, v.trick): i for i, v in enumerate(obs.voids)}
    active: list[int] = []
    for play in obs.plays:
        # A card played after its seat showed out of its class.
        for i in active:
            void = obs.voids[i]
            if _void_clashes_play(void, play):
                message = f"{obs.void_text(void)} but {obs.play_text(play, subject=False)}"
                return Conflict((void,), (play,), message)
        i = void_of.get((play.seat, play.trick), -1)
        if i < 0:
            continue
        void = obs.voids[i]
        hand = obs.hands[void.seat]
        if hand is not None and hand & void.cards:
            held = " ".join(obs.deck.names(hand & void.cards))
            return Conflict((void,), (), f"{obs.void_text(void)} but holds {held}")
        active.append(i)
        if card_locations(location_model(obs, active)).consistent:
            continue
        # Deletion: drop every void the contradiction does not need.
        needed = list(active)
        for k in reversed(active):  # the latest first: the earliest showing of a void stays
            trial = [j for j in needed if j != k]
            if not card_locations(location_model(obs, trial)).consistent:
                needed = trial
        texts = [obs.void_text(obs.voids[j]) for j in needed]
        message = f"{_joined(texts)}, {_room_text(obs, needed)}"
        return Conflict(tuple(obs.voids[j] for j in needed), (), message)
    return None


# -- what `stich check` adds to the rules ---------------------------------------------


def _observed(record: Record, events: int) -> Observations:
    """The observations of the record's first ``events`` events (which the rules accept)."""
    return observe(replay(replace(record, events=record.events[:events])).round)


def first_contradiction(record: Record) -> tuple[int | None, str] | None:
    """The first event after which no deal of the unseen cards fits a record the rules accept, and why.

    None when some deal fits everything; event None when none fits even the start. More
    events only add observations, so the first such event is found by bisection.
    """
    if is_consistent(_observed(record, len(record.events))):
        return None
    fits, fails = -1, len(record.events)  # prefixes of fits + 1 events fit, of fails + 1 do not
    if not is_consistent(_observed(record, 0)):
        fails = -1
    while fails - fits > 1:
        middle = (fits + fails) // 2
        if is_consistent(_observed(record, middle + 1)):
            fits = middle
        else:
            fails = middle
    conflict = find_conflict(_observed(record, fails + 1))
    message = "no deal of the unseen cards fits what was seen" if conflict is None else conflict.message
    return (None if fails < 0 else fails), message


def check_report_with_hidden_hands(record: Record) -> dict[str, Any]:
    """The ``stich check`` report: the rules' (`games.record.check_report`), then the hidden hands.

    A record seen from one seat cannot check the plays of the hands it does not see by
    the rules alone: a hidden hand that shows out of spades and later plays a spade broke
    the rules all the same. The first event after which no deal of the unseen cards fits
    is reported as the first bad event if it comes before any the rules forbid, the
    report cut there as for a rules error.
    """
    report = check_report(record)
    if record.view is None or (not report["ok"] and report["event"] is None):
        return report
    accepted = len(record.events) if report["ok"] else report["event"]
    found = first_contradiction(replace(record, events=record.events[:accepted]))
    if found is None:
        return report
    event, message = found
    if event is None:
        return {"ok": False, "game": record.game, "event": None, "error": message}
    cut = check_report(replace(record, events=record.events[:event]))
    cut.update(ok=False, event=event, events=event, error=f"event {event}: {message}")
    return cut
