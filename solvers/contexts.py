"""What each game adds to a position: its trick tables, dynamic state and declarations.

A game's context compiles into an `Arena`: the trick tables of every *state* the
round can reach (24's rank order × trump suit; one state for the other games), the
states live for the current trick and pending for the next, the declarations a
card may carry (24's reversal with a 1, Trump Chaos's new trump with a 2), and the
*blocks* — printed suits or colours — inside which cards of equal standing are
collapsed for the transposition table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.base import Game
from games.cards import FRENCH_SUITS, Card, CardSet, popcount
from games.errors import StichError
from games.trick import TrickRules
from solvers.position import seat_number

__all__ = ["Arena", "Declaration", "build_arena", "parse_context"]

Declaration = tuple[tuple[str, Any], ...]
"""What a card announces besides being played, e.g. ``(("reverse", True),)``; empty for nothing."""


@dataclass(frozen=True)
class Arena:
    """The compiled context of a position."""

    states: tuple[TrickRules, ...]
    live: int
    pending: int
    # (pending state, card) -> the choices that card offers: (declaration, new pending state),
    # the plain play first. Cards not listed offer only the plain play.
    declarations: Mapping[tuple[int, Card], tuple[tuple[Declaration, int], ...]]
    blocks: tuple[CardSet, ...]
    state_json: Callable[[int], dict[str, Any]]

    def choices(self, pending: int, card: Card) -> tuple[tuple[Declaration, int], ...]:
        """The ways ``card`` may be played when ``pending`` is the state for the next trick."""
        return self.declarations.get((pending, card), (((), pending),))


def _french_trump(raw: object) -> int | None:
    if raw is None:
        return None
    if isinstance(raw, str) and raw.strip().upper() in ("N", "NT", "NONE", "-"):
        return None
    from games.stiche_raten import parse_suit

    return parse_suit(raw)


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise StichError(f"{key} must be true or false, got {value!r}")
    return value


def parse_context(
    game_id: str, data: Mapping[str, Any], game: Game, hands: Sequence[CardSet]
) -> dict[str, Any]:
    """The game's context fields of a position, checked; ``json`` holds them as given back."""
    if game_id in ("stiche-raten", "wizard"):
        if "trump" not in data:
            raise StichError('the position must give "trump": a suit letter S H D C, or null for none')
        trump = _french_trump(data["trump"])
        return {"trump": trump, "json": {"trump": None if trump is None else FRENCH_SUITS[trump]}}
    if game_id == "was-sticht":
        from games.was_sticht import parse_secret, secret_json

        if "secret" not in data:
            raise StichError(
                'the position must give "secret": {"trump_suit": "R", "trump_number": 5} (null for none)'
            )
        suit, number = parse_secret(data["secret"], "secret")
        return {"trump_suit": suit, "trump_number": number, "json": {"secret": secret_json(suit, number)}}
    if game_id == "stich-fuer-stich":
        return _sfs_context(data, game, hands)
    if game_id == "24":
        return _context_24(data, game, hands)
    raise StichError(f"the solver does not know the game {game_id!r}")


def _sfs_context(data: Mapping[str, Any], game: Game, hands: Sequence[CardSet]) -> dict[str, Any]:
    from games.stich_fuer_stich import CONFIDANT_CARDS, SLEUTH_CARDS
    from games.stich_fuer_stich import parse_secret as parse_sfs_secret
    from games.stich_fuer_stich import secret_json as sfs_secret_json

    if "secret" not in data:
        raise StichError('the position must give "secret": {"culprit": "gardener", "weapon": "knife"}')
    culprit, weapon = parse_sfs_secret(data["secret"], "secret")
    extra = CONFIDANT_CARDS - SLEUTH_CARDS
    players = len(hands)
    if "confidant" in data:
        confidant = seat_number(data["confidant"], players, "confidant")
    else:
        sizes = [popcount(h) for h in hands]
        # The confidant holds 3 cards more than every sleuth (one more may be in the trick).
        candidates = [
            s for s in range(players) if sizes[s] >= max(sizes) - 1 and sizes[s] >= min(sizes) + extra - 1
        ]
        if len(candidates) != 1:
            raise StichError(
                'give "confidant" (the seat holding 3 cards more than the sleuths): hand sizes do not tell'
            )
        confidant = candidates[0]
    weapons = getattr(game, "weapons", None)
    return {
        "culprit": culprit,
        "weapon": weapon,
        "weapons": weapons,
        "confidant": confidant,
        "extra_cards": {confidant: extra},
        "json": {"secret": sfs_secret_json((culprit, weapon)), "confidant": confidant},
    }


def _context_24(data: Mapping[str, Any], game: Game, hands: Sequence[CardSet]) -> dict[str, Any]:
    from games.vierundzwanzig import SUITS, YELLOW
    from games.vierundzwanzig import parse_suit as parse_suit_24

    players = len(hands)
    if data.get("trump") is None:
        raise StichError('the position must give "trump": the trump suit letter Y B R G')
    trump = parse_suit_24(data["trump"], "trump")
    order = data.get("order", "normal")
    if order not in ("normal", "reversed"):
        raise StichError(f'order must be "normal" or "reversed", got {order!r}')
    next_trump = trump if data.get("next_trump") is None else parse_suit_24(data["next_trump"], "next_trump")
    next_order = data.get("next_order", order)
    if next_order not in ("normal", "reversed"):
        raise StichError(f'next_order must be "normal" or "reversed", got {next_order!r}')
    blind = _flag(data, "blind")
    if blind and trump != YELLOW:
        raise StichError("blind: only yellow may be called blind")
    chaos = bool(game.options.get("trump_chaos"))
    if next_trump != trump and (not chaos or blind):
        raise StichError(
            "next_trump differs from trump, but only Trump Chaos (not after yellow blind) changes it"
        )
    caller = data.get("caller")
    if caller is not None:
        caller = seat_number(caller, players, "caller")
    raw_dropped = data.get("dropped", [])
    if not isinstance(raw_dropped, list):
        raise StichError(f"dropped must be a list of seats, got {raw_dropped!r}")
    dropped: list[int] = []
    for seat in raw_dropped:
        seat = seat_number(seat, players, "dropped:")
        if seat == caller:
            raise StichError(f"dropped: the caller (seat {seat}) never drops out")
        dropped.append(seat)
    if players - len(set(dropped)) < 2:
        raise StichError("dropped: at least two players must take part")
    out: dict[str, Any] = {
        "trump": SUITS[trump],
        "order": order,
        "next_trump": SUITS[next_trump],
        "next_order": next_order,
        "blind": blind,
        "caller": caller,
    }
    if dropped:
        out["dropped"] = sorted(set(dropped))
    return {
        "trump": trump,
        "reversed": order == "reversed",
        "next_trump": next_trump,
        "next_reversed": next_order == "reversed",
        "blind": blind,
        "caller": caller,
        "chaos": chaos and not blind,
        "caller_penalty": bool(game.options.get("caller_penalty", True)),
        "dropped": tuple(sorted(set(dropped))),
        "json": out,
    }


def _french_blocks(extra: int) -> tuple[CardSet, ...]:
    """The four suits of 13, then each extra card (wizards, jesters) alone."""
    suits = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
    return suits + tuple(1 << (52 + i) for i in range(extra))


def build_arena(game_id: str, context: Mapping[str, Any], options: Mapping[str, Any]) -> Arena:
    """Compile a parsed context."""
    if game_id == "stiche-raten":
        from games.stiche_raten import FRENCH, suit_rules

        rules = suit_rules(FRENCH, context["trump"])
        return Arena((rules,), 0, 0, {}, _french_blocks(0), lambda _: {})
    if game_id == "wizard":
        from games.wizard import EDITIONS, wizard_rules

        edition = str(options.get("edition", "seed"))
        rules = wizard_rules(edition, context["trump"])
        return Arena((rules,), 0, 0, {}, _french_blocks(2 * EDITIONS[edition]), lambda _: {})
    if game_id == "was-sticht":
        from games.was_sticht import was_sticht_rules

        rules = was_sticht_rules(context["trump_suit"], context["trump_number"])
        blocks = tuple(((1 << 9) - 1) << (9 * c) for c in range(4))
        return Arena((rules,), 0, 0, {}, blocks, lambda _: {})
    if game_id == "stich-fuer-stich":
        from games.stich_fuer_stich import DEFAULT_WEAPONS, sfs_rules

        weapons = context.get("weapons") or DEFAULT_WEAPONS
        rules = sfs_rules(context["culprit"], context["weapon"], weapons)
        blocks = (*(((1 << 13) - 1) << (13 * s) for s in range(4)), 0b111 << 52)
        return Arena((rules,), 0, 0, {}, blocks, lambda _: {})
    if game_id == "24":
        return _arena_24(context)
    raise StichError(f"the solver does not know the game {game_id!r}")


def _arena_24(context: Mapping[str, Any]) -> Arena:
    from games.vierundzwanzig import SUITS, TWENTY_FOUR, VALUES, rules_24, value_of

    # State index: trump * 2 + reversed.
    states = tuple(rules_24(trump, bool(rev)) for trump in range(4) for rev in (0, 1))
    declarations: dict[tuple[int, Card], tuple[tuple[Declaration, int], ...]] = {}
    for pending in range(8):
        trump, rev = divmod(pending, 2)
        for card in range(TWENTY_FOUR):
            if value_of(card) == 1:
                declarations[(pending, card)] = (((), pending), ((("reverse", True),), trump * 2 + (1 - rev)))
            elif value_of(card) == 2 and context["chaos"]:
                named = tuple((((("trump", SUITS[new]),)), new * 2 + rev) for new in range(4) if new != trump)
                declarations[(pending, card)] = (((), pending), *named)
    blocks = (*(((1 << VALUES) - 1) << (VALUES * s) for s in range(4)), 1 << TWENTY_FOUR)

    def state_json(state: int) -> dict[str, Any]:
        trump, rev = divmod(state, 2)
        return {"trump": SUITS[trump], "order": "reversed" if rev else "normal"}

    live = context["trump"] * 2 + int(context["reversed"])
    pending = context["next_trump"] * 2 + int(context["next_reversed"])
    return Arena(states, live, pending, declarations, blocks, state_json)
