"""How cards look: each card as a small inline SVG, for the printable pages (the analysis report,
the puzzle sheet).

A card shows what a player reads on it: the rank and suit symbol of a French card, the
number on a colour for Was sticht? and 24, the suspect's colour with the number and weapon
for Stich für Stich; Wizard's wizards (Z) and jesters (N) are drawn as such. Nothing is
fetched: the pages that use these stay self-contained.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

from stich.games.cards import Deck

__all__ = ["Face", "card_colour", "card_svg", "face_of"]


@dataclass(frozen=True)
class Face:
    """How a card looks: fill and ink colours, the big label and a small one."""

    fill: str
    ink: str
    big: str
    small: str = ""


_COLOURS = {"R": "#c62828", "G": "#2e7d32", "Y": "#f2b705", "B": "#1565c0"}
_SUSPECT_COLOURS = {"I": "#8e24aa", "H": "#d84315", "G": "#2e7d32", "M": "#37474f"}
_SUITS = {"S": ("♠", "#111111"), "H": ("♥", "#c62828"), "D": ("♦", "#c62828"), "C": ("♣", "#111111")}


def _coloured(code: str) -> Face:
    """Was sticht? and 24: a colour letter and a number (24's white 24)."""
    if code == "24":
        return Face("#ffffff", "#111111", "24", "top trump")
    return Face(_COLOURS[code[0]], "#ffffff" if code[0] != "Y" else "#111111", code[1:], code[0])


def _suspect(code: str) -> Face:
    """Stich für Stich: a suspect initial and a number with its weapon, or a phantom."""
    from stich.games.stich_fuer_stich import SFS_DECK, WEAPONS, is_phantom, weapon_of

    card = SFS_DECK.parse(code)
    if is_phantom(card):
        return Face("#9e9e9e", "#ffffff", "0", "phantom")
    weapon = weapon_of(card)
    return Face(_SUSPECT_COLOURS[code[0]], "#ffffff", code[1:], f"{code[0]} {WEAPONS[weapon or 0]}")


def _french(code: str) -> Face:
    """French cards (Stiche-Raten, Wizard): rank and suit; Wizard's wizards Z and jesters N."""
    if code[0] == "Z":
        return Face("#4527a0", "#ffffff", "Z", "wizard")
    if code[0] == "N":
        return Face("#b0bec5", "#111111", "N", "jester")
    symbol, ink = _SUITS[code[-1]]
    rank = "10" if code[0] == "T" else code[0]
    return Face("#ffffff", ink, f"{rank}{symbol}")


# Faces by deck name (the card notation of docs/format.md).
_FACES: dict[str, Callable[[str], Face]] = {
    "was-sticht": _coloured,
    "24": _coloured,
    "stich-fuer-stich": _suspect,
    "french": _french,
    "wizard-seed": _french,
    "wizard-original": _french,
}


def face_of(deck: Deck, code: str) -> Face:
    """How the card named ``code`` of ``deck`` looks."""
    return _FACES[deck.name](code)


def card_colour(deck: Deck, code: str) -> str | None:
    """The colour a card's name is printed in on a terminal: its colour (Was sticht?, 24, Stich
    für Stich suspects) or the red of hearts and diamonds; None for black and white cards."""
    face = face_of(deck, code)
    colour = face.ink if face.fill == "#ffffff" else face.fill
    return None if colour in ("#111111", "#ffffff") else colour


def card_svg(deck: Deck, code: str, winner: bool = False, scale: float = 1.0) -> str:
    """One card as inline SVG (60 × 84 at scale 1); a winning card gets a thick dark frame."""
    face = face_of(deck, code)
    frame = "#111111" if winner else "#9e9e9e"
    width = 4.5 if winner else 1.5
    small = ""
    if face.small:
        small = (
            f'<text x="30" y="74" font-size="9" text-anchor="middle" fill="{face.ink}">'
            f"{html.escape(face.small)}</text>"
        )
    return (
        f'<svg class="card" viewBox="0 0 60 84" width="{60 * scale:g}" height="{84 * scale:g}" role="img" '
        f'aria-label="{html.escape(code)}"><rect x="2" y="2" width="56" height="80" rx="7" '
        f'fill="{face.fill}" stroke="{frame}" stroke-width="{width}"/>'
        f'<text x="30" y="50" font-size="26" font-weight="bold" text-anchor="middle" '
        f'fill="{face.ink}">{html.escape(face.big)}</text>{small}</svg>'
    )
