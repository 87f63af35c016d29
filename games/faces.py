"""How a card looks: its face, which each deck carries (`games.cards.Deck.face`).

A face is what a player reads on the card: the rank and suit symbol of a French card, the
number on a colour (Was sticht?, 24). A game whose cards look otherwise gives its deck its
own face function in its module (24's white 24, Stich für Stich's suspects, Wizard's wizards
and jesters); `games.pictures` draws faces as SVG and colours card names on a terminal.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BLACK", "WHITE", "Face", "colour_face", "french_face", "plain_face"]

BLACK = "#111111"
WHITE = "#ffffff"


@dataclass(frozen=True)
class Face:
    """How a card looks: fill and ink colours, the big label and a small one."""

    fill: str
    ink: str
    big: str
    small: str = ""


_COLOURS = {"R": "#c62828", "G": "#2e7d32", "Y": "#f2b705", "B": "#1565c0"}
_SUITS = {"S": ("♠", BLACK), "H": ("♥", "#c62828"), "D": ("♦", "#c62828"), "C": ("♣", BLACK)}


def plain_face(code: str) -> Face:
    """A card drawn by its name, black on white (a deck that gives no faces)."""
    return Face(WHITE, BLACK, code)


def colour_face(code: str) -> Face:
    """A colour letter (``R G Y B``) and a number: the number on the colour."""
    return Face(_COLOURS[code[0]], WHITE if code[0] != "Y" else BLACK, code[1:], code[0])


def french_face(code: str) -> Face:
    """A French card: rank and suit symbol, red or black."""
    symbol, ink = _SUITS[code[-1]]
    rank = "10" if code[0] == "T" else code[0]
    return Face(WHITE, ink, f"{rank}{symbol}")
