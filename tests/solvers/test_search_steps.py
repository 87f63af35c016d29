"""The steps the search's units are split into, each on its own: the strength levels the sure
bounds match, the legal cards and their equivalence, the last trick, and the move ordering's
dispatch tables for two partnerships."""

from __future__ import annotations

from stich.games.cards import FRENCH_SUITS, CardSet, french_deck, mask_of
from stich.games.stiche_raten import SuitContext
from stich.solvers.bounds import strength_levels, sure_tricks
from stich.solvers.ordering import PAIR_FOLLOW_WEIGHTS, follow_trick, make_move_ordering, second_void_trump
from stich.solvers.search import equivalent_candidates, last_trick, legal_cards
from stich.solvers.seating import Seating
from stich.solvers.tables import SearchTables, build_tables

DECK = french_deck()
NO_TRUMP = SuitContext(None)
SPADES = SuitContext(FRENCH_SUITS.index("S"))
BRIDGE = Seating.of((0, 1, 2, 3), (0, 2), 4)


def cards(text: str) -> CardSet:
    return mask_of(DECK.parse(name) for name in text.split())


def card(name: str) -> int:
    return DECK.parse(name)


def names(order: list[int]) -> list[str]:
    return [DECK.name_of(c) for c in order]


def tables_of(context: SuitContext) -> SearchTables:
    return build_tables(context.trick_tables(), [0] * DECK.size)


def test_strength_levels_cut_the_order_where_the_strength_changes() -> None:
    strength = [0, 5, 5, 3, 9, 3]
    assert strength_levels([4, 1, 2, 3, 5, 0], strength) == ((4,), (1, 2), (3, 5), (0,))
    assert strength_levels([], strength) == ()


def test_sure_tricks_match_each_sides_strongest_cards_from_the_top() -> None:
    # Six cards by strength: the side (seats 0 and 2) holds the strongest and the fourth, the
    # other side the second and third. With one trick left each side has its best card.
    levels = [(0,), (1,), (2,), (3,)]
    hands = [1 << 0, 1 << 1, 1 << 3, 1 << 2]
    assert sure_tricks(levels, BRIDGE, hands, 0b1111, 1) == (1, 0)
    # Two tricks: the side's 4th card meets the other side's 2nd and 3rd: only the top is sure.
    hands = [1 << 0 | 1 << 3, 1 << 1, 0, 1 << 2]
    assert sure_tricks(levels, BRIDGE, hands, 0b1111, 2) == (1, 1)


def test_legal_cards_follow_the_class_led_when_the_hand_can() -> None:
    hand = cards("AS 2S KH")
    spades = cards(" ".join(r + "S" for r in "23456789TJQKA"))
    assert legal_cards(hand, spades, 0) == cards("AS 2S")
    assert legal_cards(hand, cards("2D 3D"), 0) == hand  # void: anything
    assert legal_cards(hand, -1, 0) == hand  # no class set yet
    assert legal_cards(hand, spades, cards("KH")) == hand  # a free card may always be played


def test_equivalent_candidates_keep_the_lowest_card_of_each_run() -> None:
    tables = tables_of(NO_TRUMP)
    hand = cards("AS KS QS 5S 3S")
    # The 4S splits the 3S from the 5S; the 6S to the JS are gone: 5S to AS are one run.
    outside = cards("4S 2H")
    cands, runs = equivalent_candidates(hand, outside, tables.span, tables.size)
    assert names(cands) == ["3S", "5S"]
    assert runs == [(card("5S"), card("AS"))]


def test_last_trick_goes_to_the_highest_trump_and_names_it_when_it_beat_one() -> None:
    tables = tables_of(SPADES)
    live = 0
    hands = [cards("AH"), cards("2S"), cards("KH"), cards("3S")]
    seat, rel = last_trick(hands, 0, BRIDGE.nxt, tables.beaters[live], tables.class_of[live])
    assert seat == 3 and rel == cards("3S")  # the 3S beat the 2S: its rank counted
    hands = [cards("AH"), cards("2D"), cards("KH"), cards("3C")]
    seat, rel = last_trick(hands, 0, BRIDGE.nxt, tables.beaters[live], tables.class_of[live])
    assert seat == 0 and rel == cards("AH")


def test_pair_follow_weights_cover_each_place_follow_and_trump_case() -> None:
    assert set(PAIR_FOLLOW_WEIGHTS) == {
        (k, f, t) for k in (1, 2) for f in (True, False) for t in (True, False)
    }
    assert len(set(PAIR_FOLLOW_WEIGHTS.values())) == 8


def test_a_void_second_hand_ruffs_before_it_discards_when_the_ruff_stands() -> None:
    # Spades trump. North leads the AH; East has no heart: its 2S ruffs (South follows, West
    # has no trump to overruff) before a diamond is thrown.
    tables = tables_of(SPADES)
    hands = [cards("AH 4C"), cards("2S 5D 6D"), cards("KH 5C"), cards("3H 7D")]
    present = hands[0] | hands[1] | hands[2] | hands[3]
    lead = card("AH")
    hands[0] ^= 1 << lead
    hearts = tables.lead_follow[0][lead]
    trick = follow_trick(tables, BRIDGE, hands, 1, 1, hearts, lead, 0, 1 << lead, present, 0)
    assert PAIR_FOLLOW_WEIGHTS[1, False, True] is second_void_trump and not trick.seat_hands[1] & hearts
    ordering = make_move_ordering(tables, BRIDGE)
    east = [card("5D"), card("2S")]
    order = ordering.pair_follows(
        east, {card("5D"): card("6D")}, hands, 1, 1, hearts, lead, 0, 1 << lead, present, 0
    )
    assert names(order) == ["2S", "5D"]
