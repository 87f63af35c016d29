"""Cards as ints, card sets as int bitmasks, and decks that name them.

Every deck here has at most 60 cards, so a set of cards fits in one Python int.
The search works on these ints; `Deck` turns them into text and back.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TypeAlias

from stich.games.errors import StichError
from stich.games.faces import Face, french_face, plain_face

__all__ = [
    "Card",
    "CardSet",
    "Deck",
    "bit",
    "card_list",
    "iter_cards",
    "lowest",
    "popcount",
    "mask_of",
    "french_deck",
    "FRENCH_SUITS",
    "FRENCH_RANKS",
    "FRENCH_SUIT_NAMES",
    "SUIT_SYMBOLS",
    "french_symbols",
]

Card: TypeAlias = int
CardSet: TypeAlias = int


def bit(card: Card) -> CardSet:
    """The set holding one card."""
    return 1 << card


def popcount(cards: CardSet) -> int:
    """Number of cards in a set."""
    return cards.bit_count()


def lowest(cards: CardSet) -> Card:
    """The lowest-indexed card of a non-empty set."""
    return (cards & -cards).bit_length() - 1


def iter_cards(cards: CardSet) -> Iterator[Card]:
    """The cards of a set, lowest index first."""
    while cards:
        low = cards & -cards
        yield low.bit_length() - 1
        cards ^= low


def card_list(cards: CardSet) -> list[Card]:
    """The cards of a set as a list, lowest index first (`iter_cards` without the generator, for
    the play-outs' inner loops)."""
    out = []
    while cards:
        low = cards & -cards
        out.append(low.bit_length() - 1)
        cards ^= low
    return out


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The set of the given cards."""
    result = 0
    for card in cards:
        result |= 1 << card
    return result


class Deck:
    """The cards of one game: their canonical names and how to parse them.

    Parsing is case-insensitive and accepts the aliases given (e.g. ``10S`` for ``TS``).
    ``faces`` says how a card named by its code looks (`games.faces`; default: its name);
    ``colour_coded`` that its cards are told apart by colour, so that a black-and-white print
    names them.
    """

    def __init__(
        self,
        name: str,
        codes: Sequence[str],
        aliases: Mapping[str, str] | None = None,
        suits: Mapping[str, str] | None = None,
        symbols: Sequence[str] | None = None,
        faces: Callable[[str], Face] = plain_face,
        colour_coded: bool = False,
    ) -> None:
        self.name = name
        self._faces = faces
        self.colour_coded = colour_coded
        self.codes: tuple[str, ...] = tuple(codes)
        # How players name the suits by letter, and the cards with suit symbols (French decks).
        self.suits: dict[str, str] = dict(suits or {})
        self.has_symbols = symbols is not None
        self._symbols: tuple[str, ...] = self.codes if symbols is None else tuple(symbols)
        self.size = len(self.codes)
        self.all: CardSet = (1 << self.size) - 1
        self._index: dict[str, Card] = {code.upper(): i for i, code in enumerate(self.codes)}
        self._pattern: re.Pattern[str] | None = None  # the card names in a text (`shown_text`)
        if len(self._index) != self.size:
            raise ValueError(f"deck {name} names a card twice")
        for alias, code in (aliases or {}).items():
            self._index[alias.upper()] = self._index[code.upper()]

    def __repr__(self) -> str:
        return f"<Deck {self.name}: {self.size} cards>"

    def parse(self, text: object) -> Card:
        """The card named by ``text``; a `StichError` naming it if there is no such card."""
        if not isinstance(text, str):
            raise StichError(f"{text!r} is not a card name (expected text such as {self.codes[0]!r})")
        card = self._index.get(text.strip().upper())
        if card is None:
            raise StichError(
                f"unknown card {text!r} for {self.name} (cards look like {', '.join(self.codes[:3])}, ...)"
            )
        return card

    def parse_set(self, texts: Iterable[object], what: str = "cards") -> CardSet:
        """A card set from names; an unknown card or a card named twice is an error naming ``what``."""
        result = 0
        for text in texts:
            try:
                card = self.parse(text)
            except StichError as exc:
                raise StichError(f"{what}: {exc}") from None
            if result >> card & 1:
                raise StichError(f"{what}: card {self.codes[card]} is named twice")
            result |= 1 << card
        return result

    def face(self, code: str) -> Face:
        """How the card named ``code`` looks (`games.pictures` draws it)."""
        return self._faces(code)

    def name_of(self, card: Card) -> str:
        """The canonical name of a card."""
        return self.codes[card]

    def shown(self, code: str, symbols: bool) -> str:
        """A card's name as printed for players: with a suit symbol (``10♠``) when ``symbols``."""
        return self._symbols[self.parse(code)] if symbols else code

    def shown_text(self, text: str, symbols: bool = True) -> str:
        """``text`` with each card name in it as printed for players (`shown`): ``KC: take it`` →
        ``K♣: take it``; a name inside a longer word is no card (``KCX``, ``24th``)."""
        return "".join(self.shown(piece, symbols) if card else piece for piece, card in self.text_parts(text))

    def text_parts(self, text: str) -> list[tuple[str, bool]]:
        """``text`` cut at the card names in it, in order: (piece, whether it names a card). The one
        search for card names in a text (`shown_text`; the terminal colours the names it finds)."""
        if self._pattern is None:
            codes = sorted(self.codes, key=len, reverse=True)
            self._pattern = re.compile(r"(?<![\w])(" + "|".join(map(re.escape, codes)) + r")(?![\w])")
        parts: list[tuple[str, bool]] = []
        at = 0
        for found in self._pattern.finditer(text):
            if found.start() > at:
                parts.append((text[at : found.start()], False))
            parts.append((found.group(1), True))
            at = found.end()
        if at < len(text):
            parts.append((text[at:], False))
        return parts

    def suit_shown(self, letter: str, symbols: bool) -> str:
        """A suit letter as players say it: its symbol (``♠``) if ``symbols`` and it has one, else a word."""
        if symbols and self.has_symbols and letter in SUIT_SYMBOLS:
            return SUIT_SYMBOLS[letter]
        return self.suits.get(letter, letter)

    def names(self, cards: CardSet | Iterable[Card]) -> list[str]:
        """Canonical names of a set (lowest index first) or of a sequence (in order)."""
        if isinstance(cards, int):
            return [self.codes[c] for c in iter_cards(cards)]
        return [self.codes[c] for c in cards]


FRENCH_SUITS = "SHDC"
FRENCH_RANKS = "23456789TJQKA"
FRENCH_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def french_symbols(codes: Sequence[str]) -> list[str]:
    """French card names with suit symbols: ``AS`` → ``A♠``, ``TH`` → ``10♥``; other cards as they are."""
    shown = []
    for code in codes:
        rank, suit = code[:-1], code[-1]
        shown.append(("10" if rank == "T" else rank) + SUIT_SYMBOLS[suit] if suit in SUIT_SYMBOLS else code)
    return shown


def french_deck() -> Deck:
    """The 52-card French deck: card ``suit * 13 + rank``, rank 0 = 2 ... 12 = ace; names ``AS``, ``TH``."""
    codes = [rank + suit for suit in FRENCH_SUITS for rank in FRENCH_RANKS]
    aliases = {"10" + suit: "T" + suit for suit in FRENCH_SUITS}
    # German names as in the Stiche-Raten rulebook (D = Dame, B = Bube) are not accepted:
    # D is also the diamond suit letter, so ``DD`` would be ambiguous to a reader.
    return Deck("french", codes, aliases, FRENCH_SUIT_NAMES, french_symbols(codes), french_face)
