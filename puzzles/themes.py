"""The kinds of endgame the generator sets, one or more per game.

A theme says how a position of its game is dealt (the trumps or the secret, who
holds extra cards), what South plays for, and how the task reads. The position is
always the solver's JSON (`solvers.parse_position`), four seats, South to move:

- Stiche-Raten: take exactly k tricks (a bid to make), or North and South take t tricks;
- Wizard: take exactly k tricks, or take t tricks, with wizards and jesters in play;
- Was sticht?: a task chip (exactly k tricks, the last trick, the most tricks), or take t tricks;
- Stich für Stich: take t tricks, where nobody need follow and culprit and weapon are trumps;
- 24: take t tricks where the one first card that works is a 1 that reverses the
  order (a "reversal finesse", rulebook: "1" Played).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from stich.games.cards import FRENCH_SUITS, Card, Deck
from stich.games.registry import find
from stich.games.trick import TrickRules

__all__ = ["SEATS", "SOUTH", "THEMES", "Theme", "side_words", "task_words", "themes_of"]

SEATS = ("North", "East", "South", "West")
SOUTH = 2
_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

_TASK_WORDS = {
    "exactly-1": "take exactly 1 trick",
    "exactly-2": "take exactly 2 tricks",
    "exactly-3": "take exactly 3 tricks",
    "last-trick": "take the last trick",
    "most-tricks": "take more tricks than anyone else",
}


@dataclass(frozen=True)
class Theme:
    """One kind of endgame of one game (see the module docstring)."""

    name: str
    game: str
    context: Callable[[random.Random], dict[str, Any]]  # the position's context fields
    rules: Callable[[Mapping[str, Any]], TrickRules]  # the trick tables of a position's context
    setting: Callable[[Mapping[str, Any]], str]  # the context as a player says it
    # What South may play for with `cards` tricks left, in the order to try.
    objectives: Callable[[random.Random, int], list[dict[str, Any]]]
    max_depth: int = 7  # deeper positions take too long to solve while generating
    teams: tuple[tuple[int, ...], ...] | None = None  # None: South alone against the others
    options: Mapping[str, Any] = field(default_factory=dict)
    extra_cards: Callable[[Mapping[str, Any]], dict[int, int]] = lambda context: {}
    south_holds: Callable[[Card], bool] | None = None  # South is dealt one such card
    answer_declares: str | None = None  # the answer must carry this declaration (24: "reverse")

    @property
    def deck(self) -> Deck:
        """The game's cards."""
        return find(self.game)(4, dict(self.options)).deck


def _french_trump(rng: random.Random) -> dict[str, Any]:
    return {"trump": rng.choice([*FRENCH_SUITS, None])}


def _french_setting(context: Mapping[str, Any]) -> str:
    trump = context["trump"]
    return "no trumps" if trump is None else f"{_SUIT_NAMES[trump]} are trumps"


def _suit_rules(context: Mapping[str, Any]) -> TrickRules:
    from stich.games.stiche_raten import FRENCH, suit_rules

    trump = context["trump"]
    return suit_rules(FRENCH, None if trump is None else FRENCH_SUITS.index(trump))


def _wizard_rules(context: Mapping[str, Any]) -> TrickRules:
    from stich.games.wizard import wizard_rules

    trump = context["trump"]
    return wizard_rules("seed", None if trump is None else FRENCH_SUITS.index(trump))


# Exactly k tricks and the Was sticht? tasks are searched without the compiled kernel (see
# docs/solver.md): beyond this many tricks they slow the generator down more than they add.
PYTHON_OBJECTIVE_DEPTH = 5


def _exact(rng: random.Random, cards: int) -> list[dict[str, Any]]:
    if cards > PYTHON_OBJECTIVE_DEPTH:
        return []
    counts = list(range(1, cards + 1))
    rng.shuffle(counts)
    return [{"type": "exact", "k": k, "seat": SOUTH} for k in counts]


def _tricks(rng: random.Random, cards: int) -> list[dict[str, Any]]:
    return [{"type": "tricks", "seat": SOUTH}]


def _ws_context(rng: random.Random) -> dict[str, Any]:
    return {
        "secret": {
            "trump_suit": rng.choice([*"RGYB", None]),
            "trump_number": rng.choice([*range(1, 10), None]),
        }
    }


def _ws_rules(context: Mapping[str, Any]) -> TrickRules:
    from stich.games.was_sticht import parse_secret, was_sticht_rules

    return was_sticht_rules(*parse_secret(context["secret"], "secret"))


def _ws_setting(context: Mapping[str, Any]) -> str:
    from stich.games.was_sticht import parse_secret, secret_text

    return f"trumps {secret_text(*parse_secret(context['secret'], 'secret'))}"


def _ws_tasks(rng: random.Random, cards: int) -> list[dict[str, Any]]:
    if cards > PYTHON_OBJECTIVE_DEPTH:
        return []
    tasks = [t for t in _TASK_WORDS if not t.startswith("exactly-") or int(t[-1]) < cards]
    rng.shuffle(tasks)
    return [{"type": "task", "task": task, "seat": SOUTH} for task in tasks]


def _sfs_context(rng: random.Random) -> dict[str, Any]:
    from stich.games.stich_fuer_stich import SUSPECTS, WEAPONS

    return {
        "secret": {"culprit": rng.choice(SUSPECTS), "weapon": rng.choice(WEAPONS)},
        "confidant": rng.randrange(4),
    }


def _sfs_rules(context: Mapping[str, Any]) -> TrickRules:
    from stich.games.stich_fuer_stich import parse_secret, sfs_rules

    return sfs_rules(*parse_secret(context["secret"], "secret"))


def _sfs_setting(context: Mapping[str, Any]) -> str:
    secret = context["secret"]
    confidant = SEATS[context["confidant"]]
    return (
        f"the {secret['culprit']} and the {secret['weapon']} are trumps, nobody need follow, "
        f"{confidant} is the confidant"
    )


def _sfs_extra(context: Mapping[str, Any]) -> dict[int, int]:
    from stich.games.stich_fuer_stich import CONFIDANT_CARDS, SLEUTH_CARDS

    return {int(context["confidant"]): CONFIDANT_CARDS - SLEUTH_CARDS}


def _sfs_points(rng: random.Random, cards: int) -> list[dict[str, Any]]:
    # Without a duty to follow, exactly k tricks is slow to search beyond three tricks.
    return [{"type": "points", "seat": SOUTH}, *(_exact(rng, cards) if cards <= 3 else [])]


def _context_24(rng: random.Random) -> dict[str, Any]:
    return {"trump": rng.choice("YBRG"), "order": "normal"}


def _rules_24(context: Mapping[str, Any]) -> TrickRules:
    from stich.games.vierundzwanzig import parse_suit, rules_24

    return rules_24(parse_suit(context["trump"]), context.get("order") == "reversed")


def _setting_24(context: Mapping[str, Any]) -> str:
    from stich.games.vierundzwanzig import SUIT_NAMES, parse_suit

    high = "1 high" if context.get("order") == "reversed" else "11 high"
    return f"{SUIT_NAMES[parse_suit(context['trump'])]} is trump, {high}"


def _is_one(card: Card) -> bool:
    from stich.games.vierundzwanzig import TWENTY_FOUR, value_of

    return card != TWENTY_FOUR and value_of(card) == 1


THEMES: dict[str, tuple[Theme, ...]] = {
    "stiche-raten": (
        Theme("exact", "stiche-raten", _french_trump, _suit_rules, _french_setting, _exact),
        Theme(
            "partnership",
            "stiche-raten",
            _french_trump,
            _suit_rules,
            _french_setting,
            _tricks,
            teams=((0, 2), (1, 3)),
        ),
    ),
    "wizard": (
        Theme(
            "exact",
            "wizard",
            _french_trump,
            _wizard_rules,
            _french_setting,
            _exact,
            options={"edition": "seed"},
        ),
        Theme(
            "tricks",
            "wizard",
            _french_trump,
            _wizard_rules,
            _french_setting,
            _tricks,
            options={"edition": "seed"},
        ),
    ),
    "was-sticht": (
        Theme("task", "was-sticht", _ws_context, _ws_rules, _ws_setting, _ws_tasks),
        Theme("tricks", "was-sticht", _ws_context, _ws_rules, _ws_setting, _tricks),
    ),
    # Nobody need follow and the confidant holds three cards more: deeper positions are slow.
    "stich-fuer-stich": (
        Theme(
            "tricks",
            "stich-fuer-stich",
            _sfs_context,
            _sfs_rules,
            _sfs_setting,
            _sfs_points,
            max_depth=5,
            extra_cards=_sfs_extra,
        ),
    ),
    # A round of 24 has six tricks.
    "24": (
        Theme(
            "reversal",
            "24",
            _context_24,
            _rules_24,
            _setting_24,
            _tricks,
            max_depth=6,
            south_holds=_is_one,
            answer_declares="reverse",
        ),
    ),
}


def themes_of(game: str) -> tuple[Theme, ...]:
    """The endgame themes of a game id (every game has at least one)."""
    return THEMES[find(game).id]


def side_words(teams: object) -> str:
    """Who plays for the objective: ``South``, or ``North and South`` in a partnership."""
    return "North and South" if teams else "South"


def task_words(objective: Mapping[str, Any], target: int, tricks: int) -> str:
    """What the side must do, as a player says it: ``take exactly 2 of the last 4 tricks``."""
    kind = objective["type"]
    if kind == "exact":
        return f"take exactly {objective['k']} of the last {tricks} tricks"
    if kind == "task":
        return f"make the task “{_TASK_WORDS[objective['task']]}” in the last {tricks} tricks"
    return f"take {target} of the last {tricks} tricks"
