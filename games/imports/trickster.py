"""Trickster Cards' Oh Hell game records: a PBN dialect, read as Stiche-Raten rounds.

What the dialect holds (samples in ``tests/games/imports/``, from the public issues of
``TricksterCards/TricksterBots``): ``[GameCode "OhHell"]``; ``[GameOptionsJson]`` with
``hookRule`` (the dealer restriction); ``[Event]`` naming the hand sizes
(``deal 10..1..10``); ``[Deal]`` the hands of the round; ``[Undealt]`` the rest of
the deck as one string of cards (``HQHJSK…``), the turned card first; ``[Auction]``
the bids, one number per seat from the dealer's left; ``[Play]`` the tricks in PBN's
columns, ``-`` for a card not yet played. The turned card is the first undealt one:
in the sample of issue #245 (trump card HQ) only hearts as trump lets North, void in
spades, win trick 2 with H6 and lead trick 3, as its last row shows.
"""

from __future__ import annotations

import json
import re
from typing import Any

from stich.games.errors import StichError
from stich.games.imports.pbn import (
    SEAT_NAMES,
    PbnGame,
    Problems,
    Tag,
    parse_deal,
    pbn_card,
    player_names,
    replay_play,
    seat_of,
)
from stich.games.record import Record
from stich.games.reports import Known
from stich.games.stiche_raten import SticheRaten

__all__ = ["ROUND_GAME", "is_trickster", "oh_hell_options", "trickster_record"]

ROUND_GAME = SticheRaten  # an Oh Hell round is a round of Stiche-Raten
GAME_CODE = "OhHell"
_SIZES = re.compile(r"deal (\d+)\.\.(\d+)(?:\.\.(\d+))?", re.IGNORECASE)


def is_trickster(game: PbnGame) -> bool:
    """A Trickster game record: it has a ``[GameCode]`` or an ``[Undealt]`` tag, which PBN has not."""
    return game.get("GameCode") is not None or game.get("Undealt") is not None


def oh_hell_options(game: PbnGame, size: int, problems: Problems) -> dict[str, Any]:
    """Stiche-Raten options from the record: the dealer restriction (``hookRule``, else the Event's
    "with/without hook") and the hand sizes (the Event's ``deal A..B..C``). Without the sizes the
    round counts as one of a constant sequence of its own size."""
    options: dict[str, Any] = {}
    event = game.value("Event") or ""
    settings_tag = game.get("GameOptionsJson")
    settings: dict[str, Any] = {}
    if settings_tag is not None and settings_tag.value.strip():
        try:
            loaded = json.loads(settings_tag.value)
        except json.JSONDecodeError as exc:
            problems.error(settings_tag.line, f"[GameOptionsJson] is not JSON ({exc.msg})")
            loaded = {}
        settings = loaded if isinstance(loaded, dict) else {}
    hook = settings.get("hookRule")
    if isinstance(hook, bool):
        options["restriction"] = hook
    elif "without hook" in event.lower():
        options["restriction"] = False
    elif "with hook" in event.lower():
        options["restriction"] = True
    sizes = _SIZES.search(event)
    if sizes is not None:
        a, b, c = (int(x) if x else None for x in sizes.groups())
        assert a is not None and b is not None
        if c is not None and b == 1 and a == c:
            options.update(first_round=a, sequence="down-up")
        elif c is None and b == 1:
            options.update(first_round=a, sequence="down")
        elif c is None and a == 1:
            options.update(first_round=b, sequence="up")
        else:
            sizes = None
    if sizes is None:
        options.update(first_round=size, sequence="constant")
    return options


def _undealt(tag: Tag) -> list[str]:
    """The cards of ``[Undealt "HQHJSK…"]`` in order, in stich's notation."""
    text = re.sub(r"\s+", "", tag.value)
    cards = []
    for i in range(0, len(text), 2):
        card = pbn_card(text[i : i + 2])
        if card is None:
            raise StichError(f"[Undealt]: {text[i : i + 2]!r} (character {i + 1}) is not a card such as HQ")
        cards.append(card)
    return cards


def trickster_record(game: PbnGame, problems: Problems, file_name: str) -> Record | None:
    """One Trickster Oh Hell round as an omniscient ``stiche-raten`` record starting at the deal,
    with the bids and plays as events; or None with its first problem added to ``problems``."""
    errors_before = len(problems.errors)
    code = game.get("GameCode")
    if code is not None and code.value.strip() != GAME_CODE:
        problems.error(
            code.line, f'[GameCode "{code.value}"]: stich reads Trickster\'s Oh Hell ("{GAME_CODE}")'
        )
        return None
    deal_tag = game.get("Deal")
    dealer_tag = game.get("Dealer")
    if deal_tag is None or dealer_tag is None:
        missing = " and ".join(f"[{n}]" for n, t in (("Deal", deal_tag), ("Dealer", dealer_tag)) if t is None)
        problems.error(game.line, f"this Oh Hell round has no {missing} tag")
        return None
    dealer = seat_of(dealer_tag.value)
    if dealer is None:
        problems.error(dealer_tag.line, f'[Dealer "{dealer_tag.value}"] must be a seat: N, E, S or W')
        return None
    try:
        hands = parse_deal(deal_tag)
    except StichError as exc:
        problems.error(deal_tag.line, str(exc))
        return None
    if any(hand is None for hand in hands) or len({len(h or []) for h in hands}) != 1:
        shown = ", ".join(f"{SEAT_NAMES[s]} {'-' if h is None else len(h)}" for s, h in enumerate(hands))
        problems.error(deal_tag.line, f"[Deal]: every hand must be given, as many cards each, got {shown}")
        return None
    size = len(hands[0] or [])
    undealt: list[str] = []
    undealt_tag = game.get("Undealt")
    if undealt_tag is not None:
        try:
            undealt = _undealt(undealt_tag)
        except StichError as exc:
            problems.error(undealt_tag.line, str(exc))
            return None
        dealt = {card for hand in hands for card in hand or []}
        twice = sorted(set(undealt) & dealt) or sorted({c for c in undealt if undealt.count(c) > 1})
        if twice or len(undealt) + len(dealt) != 52:
            why = f"{twice[0]} is also dealt or named twice" if twice else f"it has {len(undealt)} cards"
            problems.error(
                undealt_tag.line, f"[Undealt] must hold the {52 - len(dealt)} cards not dealt, but {why}"
            )
            return None
    elif 4 * size < 52:
        problems.error(game.line, "this Oh Hell round has no [Undealt] tag: the turned trump card is in it")
        return None
    options = oh_hell_options(game, size, problems)
    if len(problems.errors) > errors_before:
        return None
    known: Known = {
        "hands": {str(s): hand for s, hand in enumerate(hands)},
        "cards": size,
        "trump_card": undealt[0] if undealt else None,
    }
    source: dict[str, Any] = {
        "format": "trickster-oh-hell",
        "file": file_name,
        "line": game.line,
        "tags": game.plain_tags(),
    }
    record = Record(
        ROUND_GAME.id,
        player_names(game, problems),
        dealer,
        [],
        options,
        None,
        known,
        extra={"source": source},
    )
    try:
        state = SticheRaten(4, options).new_round(record.players, dealer, None, known)
    except StichError as exc:
        problems.error(deal_tag.line, str(exc))
        return None
    auction = game.get("Auction")
    if auction is not None and not _apply_bids(state, auction, problems):
        return None
    play = game.get("Play")
    if play is not None and play.rows:
        if state.phase != "play":
            problems.error(play.line, "the [Play] section starts before every seat has bid")
            return None
        replay_play(state, play, problems)
        if len(problems.errors) > errors_before:
            return None
    record.events = state.events
    return record


def _apply_bids(state: Any, auction: Tag, problems: Problems) -> bool:
    """The ``[Auction]`` bids as ``bid`` events from its first seat, checked by the rules."""
    first = seat_of(auction.value)
    expected = state.to_move()
    if first is None or first != expected:
        who = SEAT_NAMES[expected] if expected is not None else "nobody"
        problems.error(
            auction.line, f'[Auction "{auction.value}"]: the first bid is {who}\'s (left of the dealer)'
        )
        return False
    for line, tokens in auction.rows:
        for token in tokens:
            if token in ("-", "*", "+"):
                return True  # the bidding stops here (a round cut short)
            if not token.isdigit():
                problems.error(line, f"{token!r} is not a bid (a number of tricks)")
                return False
            if state.phase != "bid":
                problems.error(line, f"bid {token}: every seat has already bid")
                return False
            try:
                state.apply({"seat": state.to_move(), "bid": int(token)})
            except StichError as exc:
                problems.error(line, str(exc))
                return False
    return True
