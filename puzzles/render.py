"""Puzzles as text for the terminal, as Markdown, and as a printable HTML sheet.

Every format gives every clue a solver needs: the rule that decides a trick, and each
card as it reads. A Stich für Stich card shows a weapon, and which card shows which
weapon is this program's own layout (``docs/rules-stich-fuer-stich.md``), so a case
puzzle names each card's weapon beside it: ``I11 (pillow)`` in text and Markdown, a
caption under the drawn card on the sheet, in type as large as the text's.

The HTML sheet is one self-contained file: the cards are drawn as inline SVG (games.pictures), the
styles are inline, nothing is fetched. The answer key starts on a printed page of
its own (CSS ``break-before: page``), so the puzzle pages can be handed out alone.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from stich.games.cards import Deck
from stich.games.pictures import card_svg
from stich.puzzles.clues import clue_names, trick_noun
from stich.puzzles.model import (
    DeductionPuzzle,
    EndgamePuzzle,
    FalseGuess,
    Puzzle,
    Step,
    TrickClue,
    kind_facts,
)
from stich.puzzles.themes import SEATS

__all__ = ["answer_text", "html_sheet", "markdown", "question_text", "shown_text", "step_lines"]


def _title(puzzle: Puzzle) -> str:
    """The heading of a puzzle: its game's for a deduction puzzle (`DeductionPuzzleKind.title`)."""
    return kind_facts(puzzle.kind).title if isinstance(puzzle, DeductionPuzzle) else "Endgame"


def _deck(puzzle: Puzzle) -> Deck:
    if isinstance(puzzle, DeductionPuzzle):
        return puzzle.space.deck
    from stich.solvers import parse_position  # loaded only for endgames

    return parse_position(puzzle.position).deck


def shown_text(puzzle: Puzzle, text: str, symbols: bool = True) -> str:
    """``text`` with the puzzle's cards as its game writes them (``Q♠``: `Deck.shown_text`), or
    as puzzle files write them (``QS``) without ``symbols``."""
    return _deck(puzzle).shown_text(text, symbols)


def _weapons(puzzle: Puzzle) -> dict[str, str]:
    """The cards of a puzzle by name with what each shows besides its name (Stich für Stich: the
    weapon, ``phantom`` for none): a case puzzle's, or an endgame's as its game notes its cards
    (`Game.card_note`); empty for every other puzzle."""
    if isinstance(puzzle, DeductionPuzzle):
        if not kind_facts(puzzle.kind).card_notes:
            return {}
        space = puzzle.space
        shown = {}
        for clue in puzzle.clues:
            if isinstance(clue, TrickClue):
                for card in clue.cards:
                    note = space.card_note(card)
                    if note is not None:
                        shown[space.deck.name_of(card)] = note
        return shown
    from stich.solvers import parse_position

    position = parse_position(puzzle.position)
    deck, rules = position.deck, position.rules_game
    cards = [card for hand in position.hands for card in range(deck.size) if hand >> card & 1]
    notes = {deck.name_of(card): rules.card_note(card) for card in [*cards, *position.trick]}
    return {name: note for name, note in notes.items() if note is not None}


def _with_weapons(names: Sequence[str], weapons: dict[str, str]) -> list[str]:
    """Card names as a solver reads them: ``R3``, or with the weapon, ``I11 (pillow)``."""
    return [f"{name} ({weapons[name]})" if name in weapons else name for name in names]


def _card_words(puzzle: DeductionPuzzle, clue: TrickClue) -> list[str]:
    """The cards of a clue as a solver reads them: ``R3``, or with the weapon, ``I11 (pillow)``."""
    return _with_weapons(puzzle.space.deck.names(clue.cards), _weapons(puzzle))


def question_text(puzzle: Puzzle, symbols: bool = True) -> str:
    """The puzzle as plain text: the question, then the clues or the hands (cards as `shown_text`)."""
    lines = [f"{_title(puzzle)} ({puzzle.grade})"]
    if isinstance(puzzle, EndgamePuzzle):
        lines.append(puzzle.task)
        weapons = _weapons(puzzle)
        joiner = "  " if weapons else " "
        for seat, hand in enumerate(puzzle.position["hands"]):
            lines.append(f"  {SEATS[seat]:<6} {joiner.join(_with_weapons(hand, weapons)) or '-'}")
        if puzzle.position.get("trick"):
            lines.append(f"  trick  {joiner.join(_trick_plays(puzzle, weapons))}")
        return shown_text(puzzle, "\n".join(lines), symbols)
    lines.append(kind_facts(puzzle.kind).question)
    for name, clue in zip(clue_names(puzzle.kind, puzzle.clues), puzzle.clues, strict=True):
        if isinstance(clue, FalseGuess):
            lines.append(f"  A sleuth guessed {puzzle.space.text(clue.hypothesis)}: false suspicion.")
        else:
            words = _card_words(puzzle, clue)
            cards = [f"[{c}]" if i == clue.winner else c for i, c in enumerate(words)]
            lines.append(f"  {name.capitalize():<9} {'  '.join(cards)}   won by {words[clue.winner]}")
    return shown_text(puzzle, "\n".join(lines), symbols)


def _trick_plays(puzzle: EndgamePuzzle, weapons: dict[str, str]) -> list[str]:
    leader = int(puzzle.position["leader"])
    cards = _with_weapons(puzzle.position["trick"], weapons)
    return [f"{SEATS[(leader + i) % 4][0]}:{card}" for i, card in enumerate(cards)]


def answer_text(puzzle: Puzzle, symbols: bool = True) -> str:
    """The answer as a player says it: ``red/2``, ``gardener/knife``, ``Q♠`` (``QS`` without
    ``symbols``), ``Y1 reversing``."""
    if isinstance(puzzle, DeductionPuzzle):
        return puzzle.space.text(puzzle.answer)
    text = str(puzzle.answer["card"])
    for key, value in puzzle.answer.items():
        if key == "reverse" and value:
            text += " reversing"
        elif key == "trump":
            text += f" naming {value}"
    return shown_text(puzzle, text, symbols)


def step_lines(steps: Sequence[Step], indent: str = "") -> list[str]:
    """The explanation as lines, the steps inside a supposition indented."""
    lines = []
    for step in steps:
        lines.append(f"{indent}{step.text}")
        lines += step_lines(step.steps, indent + "    ")
    return lines


# -- Markdown ----------------------------------------------------------------------------------


def markdown(puzzles: Sequence[Puzzle]) -> str:
    """The puzzles, then the answers with their explanations; cards as their game writes them."""
    out = ["# Puzzles", ""]
    for number, puzzle in enumerate(puzzles, 1):
        out += [f"## {number}. {_title(puzzle)} ({puzzle.grade})", ""]
        out += [*(shown_text(puzzle, line) for line in _markdown_question(puzzle)), ""]
    out += ["# Answers", ""]
    for number, puzzle in enumerate(puzzles, 1):
        out += [f"## {number}. {answer_text(puzzle)}", ""]
        out += [*(shown_text(puzzle, line) for line in _markdown_steps(puzzle.explanation)), ""]
    return "\n".join(out)


def _markdown_question(puzzle: Puzzle) -> list[str]:
    if isinstance(puzzle, EndgamePuzzle):
        weapons = _weapons(puzzle)
        joiner = ", " if weapons else " "
        rows = ["| seat | cards |", "|---|---|"]
        rows += [
            f"| {SEATS[s]} | {joiner.join(_with_weapons(hand, weapons)) or '–'} |"
            for s, hand in enumerate(puzzle.position["hands"])
        ]
        if puzzle.position.get("trick"):
            rows.append(f"| trick so far | {joiner.join(_trick_plays(puzzle, weapons))} |")
        return [puzzle.task, "", *rows]
    noun = trick_noun(puzzle.kind)
    rows = [
        kind_facts(puzzle.kind).question,
        "",
        f"| {noun} | cards, from the leader | won by |",
        "|---|---|---|",
    ]
    guesses = []
    joiner = ", " if kind_facts(puzzle.kind).card_notes else " "
    for name, clue in zip(clue_names(puzzle.kind, puzzle.clues), puzzle.clues, strict=True):
        if isinstance(clue, FalseGuess):
            guesses.append(f"- A sleuth guessed {puzzle.space.text(clue.hypothesis)}: *false suspicion*.")
            continue
        words = _card_words(puzzle, clue)
        cards = [f"**{c}**" if i == clue.winner else c for i, c in enumerate(words)]
        rows.append(f"| {name.split()[-1]} | {joiner.join(cards)} | {words[clue.winner]} |")
    return rows + (["", *guesses] if guesses else [])


def _markdown_steps(steps: Sequence[Step], indent: str = "") -> list[str]:
    lines = []
    for number, step in enumerate(steps, 1):
        lines.append(f"{indent}{number}. {step.text}")
        lines += _markdown_steps(step.steps, indent + "   ")
    return lines


# -- HTML ----------------------------------------------------------------------------------------


_STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.6em; margin: 0 0 .6em; }
h2 { font-size: 1.2em; margin: 1.2em 0 .4em; }
.puzzle { break-inside: avoid; margin-bottom: 1.5em; }
.question { max-width: 46em; }
.clue { display: flex; align-items: center; gap: .4em; margin: .35em 0; }
.clue .name { width: 5.5em; font-weight: bold; }
.clue .said { margin-left: .8em; }
.drawn { display: inline-flex; flex-direction: column; align-items: center; flex: none; min-width: 5.6em; }
.drawn .code, .drawn .weapon { font-size: 12pt; line-height: 1.25; }
.drawn .weapon { font-weight: bold; }
.guess { margin: .35em 0; font-style: italic; }
.table { display: grid; grid-template-columns: auto auto auto; gap: .4em 1.2em; align-items: center;
         justify-items: center; margin: .6em 0; }
.hand { display: flex; gap: .2em; flex-wrap: wrap; }
.seat { font-weight: bold; margin-bottom: .2em; text-align: center; }
.answers { break-before: page; }
.answers ol { max-width: 50em; }
.answers li { margin: .25em 0; }
svg.card { flex: none; }
@media print { body { margin: 0; } }
"""


def html_sheet(puzzles: Sequence[Puzzle], title: str = "stich puzzles") -> str:
    """A printable, self-contained HTML page: the puzzles, then the answer key on a new page."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
    ]
    for number, puzzle in enumerate(puzzles, 1):
        parts.append(f'<section class="puzzle" id="puzzle-{number}">')
        parts.append(f"<h2>{number}. {_title(puzzle)} ({puzzle.grade})</h2>")
        parts.append(_html_question(puzzle))
        parts.append("</section>")
    parts.append('<section class="answers"><h1>Answer key</h1>')
    for number, puzzle in enumerate(puzzles, 1):
        parts.append(f"<h2>{number}. {html.escape(answer_text(puzzle))}</h2>")
        parts.append(_html_steps(puzzle, puzzle.explanation))
    parts.append("</section></body></html>")
    return "\n".join(parts) + "\n"


def _html_question(puzzle: Puzzle) -> str:
    deck = _deck(puzzle)
    if isinstance(puzzle, EndgamePuzzle):
        return f'<p class="question">{html.escape(puzzle.task)}</p>{_html_table(puzzle, deck)}'
    rows = [f'<p class="question">{html.escape(kind_facts(puzzle.kind).question)}</p>']
    weapons = _weapons(puzzle)
    for name, clue in zip(clue_names(puzzle.kind, puzzle.clues), puzzle.clues, strict=True):
        if isinstance(clue, TrickClue):
            cards = "".join(
                _html_card(deck, code, i == clue.winner, weapons.get(code))
                for i, code in enumerate(deck.names(clue.cards))
            )
            won = shown_text(puzzle, _card_words(puzzle, clue)[clue.winner])
            rows.append(
                f'<div class="clue"><span class="name">{html.escape(name.capitalize())}</span>{cards}'
                f'<span class="said">won by {html.escape(won)}</span></div>'
            )
        else:
            pair = html.escape(puzzle.space.text(clue.hypothesis))
            rows.append(f'<p class="guess">A sleuth guessed {pair}: false suspicion.</p>')
    return "\n".join(rows)


def _html_card(deck: Deck, code: str, winner: bool = False, weapon: str | None = None) -> str:
    """A drawn card; a coloured deck's card with its name under it, and a Stich für Stich card's
    weapon, in type as large as the text's (the card's own small print is too small to read on
    paper, and its colour is lost in black and white)."""
    drawn = card_svg(deck, code, winner)
    if not deck.colour_coded:  # a black-and-white print tells the cards apart without their names
        return drawn
    shown = f'<span class="code">{html.escape(code)}</span>'
    if weapon is not None:
        shown += f'<span class="weapon">{html.escape(weapon)}</span>'
    return f'<span class="drawn">{drawn}{shown}</span>'


def _html_hand(deck: Deck, label: str, cards: Sequence[str], weapons: dict[str, str]) -> str:
    drawn = "".join(_html_card(deck, code, weapon=weapons.get(code)) for code in cards) or "–"
    return f'<div><div class="seat">{label}</div><div class="hand">{drawn}</div></div>'


def _html_table(puzzle: EndgamePuzzle, deck: Deck) -> str:
    """The four hands around the table, the trick so far in the middle."""
    hands = puzzle.position["hands"]
    weapons = _weapons(puzzle)
    middle = _html_hand(deck, "trick", puzzle.position.get("trick", []), weapons)
    cells = ["<div></div>", _html_hand(deck, SEATS[0], hands[0], weapons), "<div></div>"]
    cells += [
        _html_hand(deck, SEATS[3], hands[3], weapons),
        middle,
        _html_hand(deck, SEATS[1], hands[1], weapons),
    ]
    cells += ["<div></div>", _html_hand(deck, SEATS[2], hands[2], weapons), "<div></div>"]
    return f'<div class="table">{"".join(cells)}</div>'


def _html_steps(puzzle: Puzzle, steps: Sequence[Step]) -> str:
    if not steps:
        return ""
    items = "".join(
        f"<li>{html.escape(shown_text(puzzle, step.text))}{_html_steps(puzzle, step.steps)}</li>"
        for step in steps
    )
    return f"<ol>{items}</ol>"
