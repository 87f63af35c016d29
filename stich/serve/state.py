"""What the page of ``stich serve`` shows, as JSON: the seat's state and the taps it offers.

Everything here is read from the `LiveGame` of the seat: its view of the round (a
`Session` built from a view record, which never holds another seat's hidden cards), the
game's course (rounds, scores) and the ``known`` facts the player entered. The taps
(`choices`) are entries of the language of ``stich live`` (`hints.live.entries`), so a tap
and the same words typed are one and the same entry.
"""

from __future__ import annotations

import json
from typing import Any

from stich.deducer.hypotheses import game_space
from stich.games.base import Event
from stich.games.cards import Deck
from stich.games.errors import StichError
from stich.games.events import with_seat, without
from stich.hints.live import LiveGame
from stich.hints.live.entries import Table, card_candidates, entry_text

__all__ = ["choices", "deck_grid", "seat_state"]

_KIND_TITLES = {
    "play": "play a card",
    "pick": "pick a card",
    "bid": "bid",
    "announce": "announce the column winner",
    "reveal": "reveal the trumps",
    "task": "choose a task",
    "discard": "discard a chip",
    "trump": "call trump",
    "exchange": "exchange",
    "drop": "drop out",
    "winner": "the trick's winner",
    "guess": "guess",
    "solved": "the search",
}


def _jsonable(data: Any) -> Any:
    """Data as JSON has it (dictionary keys as text, tuples as lists)."""
    return json.loads(json.dumps(data, default=str))


def _kind(event: Event) -> str:
    return next((k for k in event if k != "seat"), "event")


def _item(label: str, entry: str, card: str | None = None, legal: bool = True) -> dict[str, Any]:
    return {"label": label, "entry": entry, "card": card, "legal": legal, "best": False}


def _label(event: Event, names: list[str]) -> str:
    """A tap's caption: the entry without its seat and verb where the group says them."""
    kind = _kind(event)
    value: Any = event.get(kind)
    if kind == "bid":
        return str(value)
    if kind in ("announce", "winner"):
        return "table" if value == "table" else names[value]
    if kind in ("task", "discard"):
        return str(value)
    if kind == "solved":
        return "solved" if value else "false"
    text = entry_text(without(event, "seat"), names)
    return text.split(" ", 1)[1] if " " in text else text


def _suit(deck: Deck, code: str) -> str | None:
    """The suit letter a card's name starts or ends with (``R7``, ``KC``, ``G10``), or None for the
    cards of no suit (wizards, jesters, phantoms, the 24)."""
    for letter in (code[0], code[-1]):
        if len(code) > 1 and letter in deck.suits:
            return letter
    return None


def deck_grid(deck: Deck) -> dict[str, Any]:
    """The deck as the page's grid of taps: ``rows``, one per suit in the deck's order and one of
    the cards of no suit, and each card's ``faces`` (its label, fill and ink: the number on its
    colour, or the rank with its suit symbol) and ``shown`` name (`Deck.shown`, as the terminal
    writes it). A label that two cards of one colour share (Wizard's ``Z``) is the card's name."""
    rows: dict[str | None, list[str]] = {}
    for code in deck.codes:
        rows.setdefault(_suit(deck, code), []).append(code)
    if None in rows:
        rows[None] = rows.pop(None)  # the cards of no suit last
    faces = {code: deck.face(code) for code in deck.codes}
    seen: dict[tuple[str, str], int] = {}
    for face in faces.values():
        seen[face.fill, face.big] = seen.get((face.fill, face.big), 0) + 1
    shown = {code: deck.shown(code, True) for code in deck.codes}
    return {
        "rows": [{"suit": suit, "cards": cards} for suit, cards in rows.items()],
        "faces": {
            code: {
                "label": face.big if seen[face.fill, face.big] == 1 else shown[code],
                "fill": face.fill,
                "ink": face.ink,
            }
            for code, face in faces.items()
        },
        "shown": shown,
    }


def _unused_cards(live: LiveGame) -> list[str]:
    used = set(live.used_cards())
    return [c for c in live.game.deck.codes if c not in used]


def _setup_choices(live: LiveGame) -> list[dict[str, Any]]:
    """The taps of the facts of one's own cards, while the round waits for them (Was sticht?'s
    task chips, before the first round, below them)."""
    groups = _cards_setup(live)
    chips = list(live.game.task_chips)
    if chips and not live.finished and "chips" not in live.known:
        groups.append(
            {
                "kind": "compose",
                "title": "your five task chips",
                "prefix": "chips",
                "parts": [{"label": "chips", "count": 5, "repeat": True, "options": chips}],
            }
        )
    return groups


def _cards_setup(live: LiveGame) -> list[dict[str, Any]]:
    groups: list[dict[str, Any]] = []
    me = live.me
    size = live.course.hand_size(me)
    own = list((live.known.get("hands") or {}).get(str(me)) or [])
    free = _unused_cards(live)
    if size is not None and len(own) < size:
        left = size - len(own)
        entered = f" ({len(own)} entered)" if own else ""
        groups.append(
            {
                "kind": "compose",
                "title": f"your hand: tap your {left} cards{entered}",
                "prefix": "hand",
                # Any number up to the hand's size: the hand may be entered in parts (24's first three).
                "parts": [
                    {
                        "label": "your cards",
                        "count": None,
                        "min": 1,
                        "max": left,
                        "options": free,
                        "cards": True,
                        "grid": True,
                    }
                ],
            }
        )
        return groups
    if live.game.has_bids and "trump_card" not in live.known:  # the bidding games turn a trump
        groups.append(
            {
                "kind": "cards",
                "title": "the card turned for trump",
                "prefix": "turn",
                "grid": True,
                "items": [_item("none", "turn none"), *[_item(c, f"turn {c}", c) for c in free]],
            }
        )
        return groups
    columns = live.layout_columns()
    if columns is not None and columns < 9:
        groups.append(
            {
                "kind": "compose",
                "title": f"the layout: column {columns + 1} of 9, top to bottom",
                "prefix": "layout",
                "parts": [
                    {
                        "label": f"column {columns + 1}",
                        "count": 4,
                        "options": free,
                        "cards": True,
                        "grid": True,
                    }
                ],
            }
        )
        return groups
    space = game_space(live.game)
    if space is not None and "secret" not in live.known and live.session is None:
        parts = []
        for k, component in enumerate(space.components):
            words = ["none" if v is None else str(v) for v in space.values[k]]
            parts.append(
                {
                    "label": component.replace("_", " "),
                    "count": 1,
                    "options": words,
                    "labels": list(space.labels[k]),
                }
            )
        groups.append(
            {
                "kind": "compose",
                "title": f"the secret ({space.secret_name})",
                "prefix": "secret",
                "parts": parts,
            }
        )
    return groups


def choices(live: LiveGame) -> list[dict[str, Any]]:
    """What may be tapped now: groups of entries (``cards``, ``buttons``) or entries put together
    from parts (``compose``: the layout, one's exchange, chips, the secret, a guess)."""
    if live.over():
        return []
    session = live.session
    if session is None:
        return _setup_choices(live)
    state = session.round
    mover = state.to_move()
    if mover is None:
        return []
    names = live.players
    try:
        legal = state.legal_events()
    except StichError:
        legal = []
    groups: dict[str, dict[str, Any]] = {}

    def group(kind: str, style: str) -> dict[str, Any]:
        if kind not in groups:
            groups[kind] = {"kind": style, "title": _KIND_TITLES.get(kind, kind), "verb": kind, "items": []}
        return groups[kind]

    mine = mover == live.me
    for event in legal:
        kind = _kind(event)
        if kind == "play" and mine:
            continue  # one's own hand is shown whole, below
        if kind == "exchange" and mine and isinstance(event.get("exchange"), list):
            continue  # one's own exchange is put together from parts, below
        style = "cards" if kind in ("play", "pick") else "buttons"
        card = str(event.get(kind)) if kind in ("play", "pick") else None
        label = card if card is not None and len(event) <= 2 else _label(event, names)
        group(kind, style)["items"].append(_item(label, entry_text(event, names), card))
    if state.phase == "play" or any("play" in e for e in legal):
        hand = state.hands[mover]
        if mine and hand is not None:
            allowed: list[Event] = [e for e in legal if "play" in e]
            cards = state.deck.names(hand)
            target = group("play", "cards")
            for code in cards:
                ways = [e for e in allowed if e.get("play") == code]
                if not ways:
                    target["items"].append(_item(code, entry_text({"play": code}, names), code, legal=False))
                for way in ways:
                    label = code if len(way) <= 2 else _label(way, names)
                    target["items"].append(_item(label, entry_text(way, names), code))
        elif not mine and "play" not in groups:
            table = Table(live.game.deck, names, session)
            found = card_candidates(table, mover, "play")
            target = group("play", "cards")
            # The whole deck is shown; a card the deduction rules out is dimmed, and a tap on it
            # enters it all the same (the rules answer as they do to the words typed).
            target.update({"prefix": f"{names[mover]}: play", "grid": True})
            for code in found:
                for way in state.unseen_plays(code):
                    label = code if len(way) == 1 else _label(way, names)
                    heard = with_seat(way, mover)
                    target["items"].append(_item(label, entry_text(heard, names), code))
    out = list(groups.values())
    if mine and any(isinstance(e.get("exchange"), list) for e in legal):
        hand_cards = state.hand(mover) or []
        seen = set(hand_cards) | {c for t in state.tricks for c in state.deck.names(t.cards)}
        drawable = [c for c in live.game.deck.codes if c not in seen]
        out.insert(
            0,
            {
                "kind": "compose",
                "title": "your exchange: give, then the cards drawn",
                "prefix": "exchange",
                "parts": [
                    {"label": "give", "count": None, "options": hand_cards, "cards": True},
                    {
                        "label": "receive",
                        "count": "same",
                        "options": drawable,
                        "cards": True,
                        "grid": True,
                        "word": "receive",
                    },
                ],
            },
        )
    if any("guess" in e for e in legal):
        guesses = groups.get("guess")
        if guesses is not None:
            out.remove(guesses)
            pairs = [e["guess"] for e in legal if "guess" in e]
            answers = sorted({str(e.get("answer")) for e in legal if e.get("answer")}) or ["solved", "false"]
            out.insert(
                0,
                {
                    "kind": "compose",
                    "title": "your guess and its answer",
                    "prefix": "guess",
                    "parts": [
                        {"label": "culprit", "count": 1, "options": list(dict.fromkeys(p[0] for p in pairs))},
                        {"label": "weapon", "count": 1, "options": list(dict.fromkeys(p[1] for p in pairs))},
                        {"label": "answer", "count": 1, "options": answers},
                    ],
                },
            )
    return out


def _deduction(live: LiveGame) -> dict[str, Any] | None:
    """The secrets still possible with their probabilities, and for each hidden hand its voids and
    the cards it surely holds. The card locations are the flow bounds (`Session.locations`), not
    the exact probabilities of `Session.deduction`, which take seconds in a large deal."""
    session = live.session
    if session is None:
        return None
    secrets: list[tuple[str, float]] = []
    marginals: dict[str, dict[str, float]] = {}
    name = None
    post = session.posterior()
    if post is not None and session.tracker is not None:
        space = session.tracker.space
        name = space.secret_name
        secrets = sorted(((space.text(h), p) for h, p in post.consistent()), key=lambda item: -item[1])
        shares = post.marginals()
        marginals = {
            component: {label: round(p, 4) for label, p in zip(space.labels[k], shares[k], strict=True)}
            for k, component in enumerate(space.components)
        }
    obs = session.observations()
    places: list[dict[str, Any]] = []
    conflict = None
    if obs.places:
        locations = session.locations()
        if not locations.consistent:
            conflict = "no deal of the hidden cards fits what was seen"
        deck = live.game.deck
        for j, place in enumerate(obs.places):
            certain = locations.certain(j) if locations.consistent else 0
            possible = (locations.possible(j) & ~certain) if locations.consistent else 0
            voids = list(dict.fromkeys(v.class_name for v in obs.voids if v.seat == place.seat))
            places.append(
                {
                    "name": place.name,
                    "seat": place.seat,
                    "size": place.size,
                    "certain": deck.names(certain),
                    "possible": len(deck.names(possible)),
                    "voids": voids if place.seat is not None else [],
                }
            )
    return {
        "secret_name": name,
        "secrets": [{"text": text, "p": round(p, 4)} for text, p in secrets[:12]],
        "count": len(secrets),
        "marginals": marginals,
        "places": places,
        "conflict": conflict,
    }


def seat_state(live: LiveGame) -> dict[str, Any]:
    """The seat's whole state as JSON (see docs/live.md, "stich serve"): only what the seat may see."""
    session = live.session
    names = live.players
    standing = live.course.standing
    data: dict[str, Any] = {
        "game": live.game.id,
        "title": live.game.title,
        "players": names,
        "me": live.me,
        "round": live.round_number,
        "dealer": live.dealer,
        "over": live.over(),
        "winners": [names[s] for s in standing.get("winners", [])] if live.over() else [],
        "totals": list(live.course.totals),
        "scores": [list(s) for s in live.course.scores],
        "status": [n.text for n in live.status()],
        "waiting": live.waiting,
        "phase": "setup" if session is None else session.round.phase,
        "mover": None,
        "my_turn": False,
        "hand": list((live.known.get("hands") or {}).get(str(live.me)) or []),
        "view": None,
        "tricks": [],
        "trick": [],
        "deduction": None,
    }
    if session is not None:
        state = session.round
        mover = state.to_move()
        view = _jsonable(state.observation(live.me))
        data.update(
            {
                "mover": mover,
                "my_turn": mover == live.me,
                "hand": view.get("hand") or [],
                "view": view,
                "tricks": [
                    {
                        "seats": list(t.seats),
                        "cards": state.deck.names(t.cards),
                        "winner": t.winner,
                    }
                    for t in state.tricks
                ],
                "trick": [
                    {"seat": s, "card": c}
                    for s, c in zip(state.trick_seats, state.deck.names(state.trick_cards), strict=True)
                ],
                "deduction": _deduction(live),
            }
        )
    data["choices"] = choices(live)
    result: dict[str, Any] = _jsonable(data)
    return result
