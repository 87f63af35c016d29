"""How cards look: each card as a small inline SVG, for the printable pages (the analysis report,
the puzzle sheet), and the colour of its name on a terminal.

A card's face is its deck's (`games.cards.Deck.face`, `games.faces`): what a player reads on
it, the rank and suit symbol of a French card, the number on a colour for Was sticht? and 24,
the suspect's colour with the number and weapon for Stich für Stich; Wizard's wizards (Z) and
jesters (N) drawn as such. Nothing is fetched: the pages that use these stay self-contained.
"""

from __future__ import annotations

import html

from stich.games.cards import Deck
from stich.games.faces import BLACK, WHITE, Face

__all__ = ["Face", "card_colour", "card_svg", "face_of"]


def face_of(deck: Deck, code: str) -> Face:
    """How the card named ``code`` of ``deck`` looks."""
    return deck.face(code)


def card_colour(deck: Deck, code: str) -> str | None:
    """The colour a card's name is printed in on a terminal: its colour (Was sticht?, 24, Stich
    für Stich suspects) or the red of hearts and diamonds; None for black and white cards."""
    face = face_of(deck, code)
    colour = face.ink if face.fill == WHITE else face.fill
    return None if colour in (BLACK, WHITE) else colour


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
