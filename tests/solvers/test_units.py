"""The search's units on their own: table builders, keys, the table, bounds, move ordering.

Each unit is built from the tables of a rules context and asked about a hand-made
position whose answer a bridge player can tell at a glance.
"""

from __future__ import annotations

import random

from stich.games.cards import FRENCH_SUITS, CardSet, french_deck, mask_of
from stich.games.stiche_raten import SuitContext, suit_rules
from stich.games.trick import trick_winner
from stich.solvers.parse import parse_position
from stich.solvers.reference import reference_value
from stich.solvers.search import (
    PairQuick,
    Seating,
    TranspositionTable,
    make_keys,
    make_later_tricks,
    make_move_ordering,
    make_pair_quick,
    make_quick_tricks,
    make_sure_trumps,
)
from stich.solvers.tables import SearchTables, beaters_of, build_tables, equivalence_spans, monotone

DECK = french_deck()
NO_TRUMP = SuitContext(None)
SPADES = SuitContext(FRENCH_SUITS.index("S"))


def cards(text: str) -> CardSet:
    return mask_of(DECK.parse(name) for name in text.split())


def tables_of(context: SuitContext) -> SearchTables:
    return build_tables(context.trick_tables(), [0] * DECK.size)


def bridge_seating(side: tuple[int, ...] = (0, 2)) -> Seating:
    return Seating.of((0, 1, 2, 3), side, 4)


def test_beaters_agree_with_the_trick_winner() -> None:
    rules = suit_rules(DECK, FRENCH_SUITS.index("H"))
    beaters = beaters_of(rules, DECK.size)
    for first in ("2S", "AS", "5H", "KD"):
        for second in ("3S", "AS", "2H", "AD", "KD"):
            a, b = DECK.parse(first), DECK.parse(second)
            if a == b:
                continue
            takes_over = trick_winner(rules, [a, b]) == 1
            assert bool(beaters[a] >> b & 1) == takes_over, (first, second)


def test_spans_name_the_cards_between_two_cards_of_a_suit() -> None:
    tables = tables_of(NO_TRUMP)
    size = DECK.size
    q, t, k = DECK.parse("QS"), DECK.parse("TS"), DECK.parse("KS")
    assert tables.span[t * size + q] == cards("JS")  # only the jack tells the ten from the queen
    assert tables.span[q * size + k] == 0  # neighbours: nothing between
    assert tables.span[DECK.parse("AH") * size + DECK.parse("AS")] == -1  # other suits: never equal


def test_equivalence_needs_the_same_tag() -> None:
    rules = suit_rules(DECK, None)
    beaters = [beaters_of(rules, DECK.size)]
    tags = [0] * DECK.size
    tags[DECK.parse("KS")] = 1
    span = equivalence_spans([rules], [0], beaters, tags, DECK.size)
    assert span[DECK.parse("QS") * DECK.size + DECK.parse("KS")] == -1


def test_key_groups_collapse_each_suit() -> None:
    tables = tables_of(SPADES)
    assert len(tables.key_groups) == 4 and tables.absolute == 0
    assert tables.partition and tables.single_state
    assert monotone(suit_rules(DECK, None), [DECK.parse(c) for c in ("2S", "7S", "AS")]) == 1


def present_of(hands: list[CardSet]) -> CardSet:
    return hands[0] | hands[1] | hands[2] | hands[3]


def test_keys_see_relative_ranks() -> None:
    tables = tables_of(NO_TRUMP)
    keys = make_keys(tables, (0, 1, 2, 3), additive=True)
    # North's AS QS over East's KS is North's AS TS over East's KS when the queen is gone:
    # first and third of three spades against the second.
    queen = [cards("AS QS"), cards("KS"), cards("2H"), cards("3H")]
    ten = [cards("AS TS"), cards("KS"), cards("2H"), cards("3H")]
    assert keys.exact(queen, 0, 0, None, present_of(queen)) == keys.exact(ten, 0, 0, None, present_of(ten))
    # East's TS instead of the KS: North's spades are now the top two.
    low = [cards("AS QS"), cards("TS"), cards("2H"), cards("3H")]
    assert keys.exact(low, 0, 0, None, present_of(low)) != keys.exact(queen, 0, 0, None, present_of(queen))
    # The shape (lengths) is the same for all three; the relative holdings differ.
    shapes = {keys.shape(h, 0, None, present_of(h))[0] for h in (queen, ten, low)}
    assert len(shapes) == 1


def test_quick_tricks_count_top_cards_nobody_can_ruff() -> None:
    tables = tables_of(NO_TRUMP)
    quick = make_quick_tricks(tables, bridge_seating())
    hands = [cards("AS KS 2H"), cards("3S 4S 5H"), cards("6S 7S 6H"), cards("8S 9S 7H")]
    present = present_of(hands)
    tricks, relevant = quick(hands, 0, 0, present)
    assert tricks == 2 and relevant == cards("KS")  # the lower of the two tops the count rests on


def test_quick_tricks_stop_at_a_ruffer() -> None:
    tables = tables_of(SPADES)
    quick = make_quick_tricks(tables, bridge_seating())
    # East has no hearts but a trump: North's AH KH are not sure.
    hands = [cards("AH KH 2D"), cards("2S 3D 4D"), cards("3H 4H 5D"), cards("5H 6H 6D")]
    present = present_of(hands)
    assert quick(hands, 0, 0, present)[0] == 0


def test_quick_tricks_run_a_suit_the_others_run_out_of() -> None:
    tables = tables_of(NO_TRUMP)
    quick = make_quick_tricks(tables, bridge_seating())
    # Ace and king draw East's queen and jack: the three and two are good too.
    hands = [cards("AS KS 3S 2S"), cards("QS JS 2H 3H"), cards("4H 5H 6H 7H"), cards("8H 9H TH JH")]
    assert quick(hands, 0, 0, present_of(hands)) == (4, cards("KS"))
    # With a third spade East still holds one when the top cards are gone.
    hands = [cards("AS KS 3S 2S"), cards("QS JS 4S 3H"), cards("4H 5H 6H 7H"), cards("8H 9H TH JH")]
    assert quick(hands, 0, 0, present_of(hands)) == (2, cards("KS"))


def test_quick_tricks_cross_to_the_partners_winners() -> None:
    quick = make_quick_tricks(tables_of(NO_TRUMP), bridge_seating())
    # North has no winner but leads the 2S to South's ace, and South cashes three spades.
    hands = [cards("2S 3H 4H"), cards("3S 5H 6H"), cards("AS KS QS"), cards("7H 8H 9H")]
    assert quick(hands, 0, 0, present_of(hands)) == (3, cards("QS"))
    # With hearts trumps in play the crossing is not counted (it could be ruffed elsewhere).
    hearts = make_quick_tricks(tables_of(SuitContext(FRENCH_SUITS.index("H"))), bridge_seating())
    assert hearts(hands, 0, 0, present_of(hands))[0] == 0


def test_quick_tricks_cash_the_top_card_and_the_partners_second() -> None:
    quick = make_quick_tricks(tables_of(NO_TRUMP), bridge_seating())
    # North leads the 2S to South's king, South returns the 4S to the ace, and East's spades
    # are gone: the 3S wins too.
    hands = [cards("AS 3S 2S 2H"), cards("QS JS 3H 4H"), cards("KS 4S 5H 6H"), cards("7H 8H 9H TH")]
    assert quick(hands, 0, 0, present_of(hands)) == (3, cards("AS KS"))
    # East has a third spade: the ace and the king only.
    hands = [cards("AS 3S 2S 2H"), cards("QS JS 5S 4H"), cards("KS 4S 5H 6H"), cards("7H 8H 9H TH")]
    assert quick(hands, 0, 0, present_of(hands)) == (2, cards("AS KS"))
    # A singleton king cannot return the lead: the ace alone.
    hands = [cards("AS 3S 2S 2H"), cards("QS JS 3H 4H"), cards("KS 5H 6H 7H"), cards("4S 8H 9H TH")]
    assert quick(hands, 0, 0, present_of(hands)) == (1, cards("AS"))


def test_quick_tricks_agree_with_the_reference_minimax() -> None:
    """The side on lead takes at least its quick tricks (all that are left when the count passes
    them), two against two without trumps: drawn from two suits, so that the top card and the
    second of a suit are split between the partners in a good share of the positions."""
    rng = random.Random(20261202)
    tables = tables_of(NO_TRUMP)
    names = [r + s for s in "SH" for r in "AKQJT98765"]
    split = 0
    for _ in range(600):
        n = rng.choice((3, 4))
        rng.shuffle(names)
        hands_text = [names[j * n : (j + 1) * n] for j in range(4)]
        hands = [cards(" ".join(h)) for h in hands_text]
        leader = rng.randrange(4)
        side = (leader, (leader + 2) % 4)
        quick = make_quick_tricks(tables, Seating.of((0, 1, 2, 3), side, 4))
        tricks, _ = quick(hands, leader, 0, present_of(hands))
        own, partner = hands_text[leader], hands_text[(leader + 2) % 4]
        for suit in "SH":
            ranked = sorted(
                (c for h in hands_text for c in h if c[1] == suit), key=lambda c: "56789TJQKA".index(c[0])
            )
            long_enough = sum(c[1] == suit for c in own) > 1 and sum(c[1] == suit for c in partner) > 1
            if len(ranked) > 1 and ranked[-1] in own and ranked[-2] in partner and long_enough:
                split += 1
        teams = [list(side), [s for s in range(4) if s not in side]]
        position = parse_position(
            {"game": "stiche-raten", "trump": None, "hands": hands_text, "leader": leader, "teams": teams}
        )
        assert reference_value(position) >= min(tricks, n), hands_text
    assert split > 30  # 38 with this seed


def test_a_lead_into_the_other_sides_tops_loses_a_trick() -> None:
    # One seat against three: North can lead nothing whose top it or no one else holds.
    later = make_later_tricks(tables_of(NO_TRUMP), Seating.of((0, 1, 2, 3), (0,), 4))
    hands = [cards("2S 2H"), cards("AS 3H"), cards("3S AH"), cards("4S 4H")]
    assert later(hands, 0, 0, present_of(hands), 2) == (True, cards("AS AH"))
    # With its own top card in a suit it holds the question stays open (no pairs of partners).
    hands = [cards("2S AD"), cards("AS 3H"), cards("3S AH"), cards("4S 4H")]
    assert later(hands, 0, 0, present_of(hands), 2) == (False, 0)
    # A trump in play: the bound does not apply.
    spades = make_later_tricks(tables_of(SPADES), Seating.of((0, 1, 2, 3), (0,), 4))
    hands = [cards("2C 2H"), cards("AC 3H"), cards("3C AH"), cards("4C 4S")]
    assert spades(hands, 0, 0, present_of(hands), 2) == (False, 0)


def test_later_tricks_count_the_lengths_of_the_sides_top_suits() -> None:
    later = make_later_tricks(tables_of(NO_TRUMP), bridge_seating())
    # North-South hold the top spades, two long at most; East the top heart, West the top
    # diamond: three tricks left, so East-West take one.
    hands = [cards("AS KS 2H"), cards("AH 3H 4H"), cards("5D 6D 7D"), cards("AD 8D 9D")]
    assert later(hands, 0, 0, present_of(hands), 3) == (True, cards("AH AD"))
    # With a third spade in the North hand the count reaches the tricks left.
    hands = [cards("AS KS 2S"), cards("AH 3H 4H"), cards("5D 6D 7D"), cards("AD 8D 9D")]
    assert later(hands, 0, 0, present_of(hands), 3) == (False, 0)


def test_later_tricks_agree_with_the_reference_minimax() -> None:
    """Wherever the bound says the side on lead loses a trick, it does (two against two, and one
    against three for a lead into the other side's tops); drawn from the top cards, where
    squeezes live."""
    rng = random.Random(20261201)
    tables = tables_of(NO_TRUMP)
    names = [r + s for s in "SHDC" for r in "AKQJT98"]
    fired = 0
    for i in range(400):
        n = rng.choice((2, 3, 3, 4))
        rng.shuffle(names)
        hands_text = [names[j * n : (j + 1) * n] for j in range(4)]
        hands = [cards(" ".join(h)) for h in hands_text]
        leader = rng.randrange(4)
        side = (leader, (leader + 2) % 4) if i % 2 else (leader,)
        later = make_later_tricks(tables, Seating.of((0, 1, 2, 3), side, 4))
        if not later(hands, leader, 0, present_of(hands), n)[0]:
            continue
        fired += 1
        teams = [list(side), [s for s in range(4) if s not in side]]
        position = parse_position(
            {"game": "stiche-raten", "trump": None, "hands": hands_text, "leader": leader, "teams": teams}
        )
        assert reference_value(position) < n, hands_text
    assert fired > 100


def test_sure_trumps_go_to_the_side_with_the_top_trumps() -> None:
    tables = tables_of(SPADES)
    sure = make_sure_trumps(tables, bridge_seating())
    hands = [cards("AS KS 2H"), cards("QS 3H 4H"), cards("5H 6H 7H"), cards("8H 9H TH")]
    present = present_of(hands)
    mine, theirs, lowest, _ = sure(hands, 0, present, 3)
    assert (mine, theirs) == (2, 0) and lowest == cards("KS")


def test_sure_trumps_count_the_trumps_the_other_side_cannot_all_beat() -> None:
    tables = tables_of(SPADES)
    sure = make_sure_trumps(tables, bridge_seating())
    # East's ace can beat North's king or queen, not both: one of them wins a trick. North's
    # 2S has killers enough (East's jack, West's ten); East's ace is sure for its side.
    hands = [cards("KS QS 2S"), cards("AS JS 2H"), cards("3H 4H 5H"), cards("TS 6H 7H")]
    mine, theirs, mine_low, theirs_low = sure(hands, 0, present_of(hands), 3)
    assert (mine, theirs) == (1, 1)
    assert mine_low == cards("QS") and theirs_low == cards("AS")
    # King, queen and jack against ace and ten: the ten beats none of them, so two are sure.
    hands = [cards("KS QS JS"), cards("AS TS 2H"), cards("3H 4H 5H"), cards("6H 7H 8H")]
    assert sure(hands, 0, present_of(hands), 3)[:2] == (2, 1)


def test_sure_trumps_count_only_hands_that_play_every_card() -> None:
    # Stich für Stich's confidant keeps three cards: its top trumps may never be played.
    tables = tables_of(SPADES)
    sure = make_sure_trumps(tables, bridge_seating())
    hands = [cards("AS KS 2H 3H 4H"), cards("QS 5H"), cards("6H 7H"), cards("8H 9H")]
    present = present_of(hands)
    assert sure(hands, 0, present, 2)[0] == 0  # North holds five cards for two tricks
    # North keeps three, so its low hearts are its own affair; West's ace and East's queen are sure.
    hands = [cards("2H 3H 4H 5H 6H"), cards("QS 7H"), cards("8H 9H"), cards("AS TH")]
    assert sure(hands, 0, present_of(hands), 2)[:2] == (0, 1)


# -- two partnerships ---------------------------------------------------------------------


def pair_quick_of(context: SuitContext, leader: int = 0) -> PairQuick:
    side = (leader, (leader + 2) % 4)
    return make_pair_quick(tables_of(context), Seating.of((0, 1, 2, 3), side, 4), True, True, False)


def test_pair_quick_draws_trumps_and_then_runs_a_side_suit() -> None:
    # North's two top spades draw East's and West's trumps; then the hearts are safe, and with
    # East and West holding one heart each all three win: five tricks (the one-hand count, with
    # trumps out against it, saw three).
    hands = [
        cards("AS KS AH KH QH"),
        cards("2S 3S JH 2D 3D"),
        cards("4S 5C 6C 7C 8C"),
        cards("5S 6S TH 9D TD"),
    ]
    pair = pair_quick_of(SPADES)
    assert pair.applies(0, present_of(hands))
    assert pair.lead(hands, 0, 0, present_of(hands), 5) == (5, cards("AS KS AH"))
    # The count stops at the need: two tricks rest on the top trumps alone.
    assert pair.lead(hands, 0, 0, present_of(hands), 2) == (2, cards("AS KS"))


def test_pair_quick_runs_a_suit_only_when_the_others_are_short() -> None:
    # North's ace and king, then the nine once East and West hold two spades at most.
    hands = [cards("AS KS 9S"), cards("QS JS 2H"), cards("3H 4H 5H"), cards("TS 6H 7H")]
    pair = pair_quick_of(NO_TRUMP)
    assert pair.lead(hands, 0, 0, present_of(hands), 3) == (3, cards("AS KS"))
    # East's third spade stops the nine.
    hands = [cards("AS KS 9S"), cards("QS JS TS"), cards("3H 4H 5H"), cards("6H 7H 8H")]
    assert pair.lead(hands, 0, 0, present_of(hands), 3) is None
    assert pair.lead(hands, 0, 0, present_of(hands), 2) == (2, cards("AS KS"))


def test_pair_quick_crosses_to_the_partners_winners() -> None:
    # North leads a spade to South's ace, and South's diamonds are the side's alone.
    hands = [cards("2S 3H 4H"), cards("KS 5H 6H"), cards("AS AD KD"), cards("QS 7H 8H")]
    assert pair_quick_of(NO_TRUMP).lead(hands, 0, 0, present_of(hands), 3) == (3, cards("AS"))
    # Without the spade North cannot reach South: no count.
    hands = [cards("2H 3H 4H"), cards("KS 5H 6H"), cards("AS AD KD"), cards("QS 7H 8H")]
    assert pair_quick_of(NO_TRUMP).lead(hands, 0, 0, present_of(hands), 1) is None


def test_pair_quick_counts_a_ruff_in_the_partners_hand() -> None:
    # South ruffs North's heart; East and West both follow, so nobody overruffs.
    hands = [cards("2H 3D 4D"), cards("AH 5D 6D"), cards("4S 7D 8D"), cards("KH 2S 9D")]
    assert pair_quick_of(SPADES).lead(hands, 0, 0, present_of(hands), 1) == (1, 0)
    # West void in hearts with a higher trump overruffs: no sure trick.
    hands = [cards("2H 3D 4D"), cards("AH 5D 6D"), cards("4S 7D 8D"), cards("5S 9D TD")]
    assert pair_quick_of(SPADES).lead(hands, 0, 0, present_of(hands), 1) is None


def test_second_hand_quick_wins_the_trick_and_cashes_on() -> None:
    # West leads the 2S; South (fourth) holds the ace over everyone, and its diamonds are
    # nobody else's: the trick and two more for North-South.
    hands = [cards("KS 3H 4H"), cards("QS 5H 6H"), cards("AS AD KD"), cards("2S 7H 8H")]
    pair = pair_quick_of(NO_TRUMP, 3)
    lead = DECK.parse("2S")
    present = present_of(hands)
    hands[3] ^= 1 << lead
    follow = cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
    assert pair.second(hands, 0, 0, follow, lead, present, 3) == cards("AS")
    # With a trump in play the count stops at the trick itself.
    spades_lead = DECK.parse("2H")
    hands = [cards("AH 3D 4D"), cards("QH 5D 6D"), cards("KH AD KD"), cards("7H 8H 9D")]
    present = present_of(hands)
    hands[3] ^= 1 << spades_lead
    hearts = cards("AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H")
    spade_pair = pair_quick_of(SPADES, 3)
    assert spade_pair.second(hands, 0, 0, hearts, spades_lead, present, 1) == cards("AH")
    assert spade_pair.second(hands, 0, 0, hearts, spades_lead, present, 2) is None


def _pair_deal(rng: random.Random, names: list[str], n: int) -> list[list[str]]:
    rng.shuffle(names)
    return [names[j * n : (j + 1) * n] for j in range(4)]


def _low_cards_dealt_again(
    rng: random.Random, hands_text: list[list[str]], relevant: CardSet, fixed: CardSet = 0
) -> list[list[str]]:
    """The same lengths in every hand and suit, the same owners of each suit's relevant top cards
    (the lowest relevant card of a suit and all above it), the cards below dealt again."""
    hands = [cards(" ".join(h)) for h in hands_text]
    out = [list(h) for h in hands_text]
    for suit in "SHDC":
        in_suit = [DECK.parse(r + suit) for r in "23456789TJQKA"]
        present = [c for c in in_suit if any(h >> c & 1 for h in hands)]
        marks = [c for c in present if relevant >> c & 1]
        floor = min(marks) if marks else 99
        low = [c for c in present if c < floor and not fixed >> c & 1]
        owners = [next(i for i in range(4) if hands[i] >> c & 1) for c in low]
        rng.shuffle(owners)
        for c in low:
            for h in out:
                if DECK.name_of(c) in h:
                    h.remove(DECK.name_of(c))
        for c, o in zip(low, owners, strict=True):
            out[o].append(DECK.name_of(c))
    return out


def _pair_value(
    dealt: list[list[str]], trump: str | None, leader: int, teams: list[list[int]], lead: str | None = None
) -> int:
    """The reference minimax's tricks for the side to move (after ``lead``, led by ``leader``)."""
    hands = [[c for c in h if c != lead] for h in dealt]
    position = parse_position(
        {
            "game": "stiche-raten",
            "trump": trump,
            "hands": hands,
            "leader": leader,
            "trick": [lead] if lead else [],
            "teams": teams,
        }
    )
    return reference_value(position)


def test_pair_quick_agrees_with_the_reference_minimax() -> None:
    """Wherever the count of the side on lead reaches the need, the side takes that many tricks,
    and so it does in a position with the same lengths and the same owners of the cards the count
    rests on (what the table reuses it for); with trumps and without, drawn from the top cards of
    three or four suits so that suits run long."""
    rng = random.Random(20261203)
    fired = 0
    for i in range(600):
        context = SPADES if i % 2 else NO_TRUMP
        names = [r + s for s in ("SHDC" if i % 3 else "SHD") for r in "AKQJT9"]
        n = rng.choice((2, 3, 4))
        hands_text = _pair_deal(rng, names, n)
        hands = [cards(" ".join(h)) for h in hands_text]
        leader = rng.randrange(4)
        pair = pair_quick_of(context, leader)
        teams = [[leader, (leader + 2) % 4], [(leader + 1) % 4, (leader + 3) % 4]]
        trump = "S" if context is SPADES else None

        whole = None
        for need in range(1, n + 1):
            found = pair.lead(hands, leader, 0, present_of(hands), need)
            if found is None:
                continue
            fired += 1
            tricks, relevant = found
            assert tricks >= need
            whole = _pair_value(hands_text, trump, leader, teams) if whole is None else whole
            assert whole >= min(tricks, n), (hands_text, leader, trump, need)
            dealt = _low_cards_dealt_again(rng, hands_text, relevant)
            assert _pair_value(dealt, trump, leader, teams) >= min(tricks, n), (dealt, leader, trump, need)
    assert fired > 250


def test_second_hand_quick_agrees_with_the_reference_minimax() -> None:
    """Wherever the second hand's side is sure of the trick and the tricks the question needs, it
    takes them, also with the low cards dealt again around the relevant ones."""
    rng = random.Random(20261204)
    fired = 0
    for i in range(600):
        context = SPADES if i % 2 else NO_TRUMP
        names = [r + s for s in ("SHDC" if i % 3 else "SHD") for r in "AKQJT9"]
        n = rng.choice((2, 3, 4))
        hands_text = _pair_deal(rng, names, n)
        leader = rng.randrange(4)
        seat = (leader + 1) % 4
        lead_name = rng.choice(hands_text[leader])
        lead = DECK.parse(lead_name)
        follow = cards(" ".join(r + lead_name[1] for r in "AKQJT98765432"))
        pair = pair_quick_of(context, seat)
        teams = [[seat, (seat + 2) % 4], [leader, (leader + 2) % 4]]
        trump = "S" if context is SPADES else None
        hands = [cards(" ".join(h)) for h in hands_text]
        present = present_of(hands)
        hands[leader] ^= 1 << lead

        whole = None
        for need in range(1, n + 1):
            relevant = pair.second(hands, seat, 0, follow, lead, present, need)
            if relevant is None:
                continue
            fired += 1
            whole = _pair_value(hands_text, trump, leader, teams, lead_name) if whole is None else whole
            assert whole >= need, (hands_text, leader, lead_name, trump, need)
            dealt = _low_cards_dealt_again(rng, hands_text, relevant, 1 << lead)
            assert _pair_value(dealt, trump, leader, teams, lead_name) >= need, (
                dealt,
                leader,
                lead_name,
                trump,
                need,
            )
    assert fired > 250


def test_leads_try_a_sure_winner_first_and_a_ruffable_card_last() -> None:
    tables = tables_of(SPADES)
    leads = make_move_ordering(tables, bridge_seating()).leads
    # North: AD (nobody can beat it), 2D, and AC, which West can ruff.
    hands = [cards("AD 2D AC"), cards("3D 4D 2C"), cards("5D 6D 3C"), cards("7D 8D 2S")]
    present = present_of(hands)
    order = leads([DECK.parse(c) for c in ("2D", "AD", "AC")], hands, 0, present & ~hands[0], 0, -1)
    assert [DECK.name_of(c) for c in order] == ["AD", "2D", "AC"]


def test_second_hand_plays_low_when_partner_can_win() -> None:
    tables = tables_of(NO_TRUMP)
    follows = make_move_ordering(tables, bridge_seating()).follows
    # East (side 1, 3) follows North's 5D; West, East's partner, still holds the AD.
    hands = [cards("2C"), cards("KD 3D"), cards("4D 2H"), cards("AD 3H")]
    lead = DECK.parse("5D")
    diamonds = tables.lead_follow[0][lead]
    east = [DECK.parse(c) for c in ("3D", "KD")]
    order = follows(east, cards("KD 3D"), hands, 1, 1, diamonds, lead, 0, 0)
    assert [DECK.name_of(c) for c in order] == ["3D", "KD"]


def names(order: list[int]) -> list[str]:
    return [DECK.name_of(c) for c in order]


def test_pair_leads_go_towards_the_partners_second_and_third_cards() -> None:
    # No trump. North's hearts lead towards South's K Q behind East's ace; its clubs into East's
    # ace-king with nothing behind them.
    tables = tables_of(NO_TRUMP)
    ordering = make_move_ordering(tables, bridge_seating())
    hands = [cards("2H 3C"), cards("AH AC KC"), cards("KH QH 4D"), cards("4H 5D 6D")]
    present = present_of(hands)
    order = ordering.pair_leads([DECK.parse("2H"), DECK.parse("3C")], {}, hands, 0, present, 0, -1)
    assert names(order) == ["2H", "3C"]


def test_pair_follows_discard_from_a_long_suit_not_from_a_bare_king() -> None:
    # North leads the AS; East has no spade: the small diamonds go before the heart guarding the
    # king (the ace is West's).
    tables = tables_of(NO_TRUMP)
    ordering = make_move_ordering(tables, bridge_seating())
    hands = [
        cards("AS 2S 3S 4S 5S 6S"),
        cards("KH 2H 2D 3D 4D 5D"),
        cards("7S 8S 9S TS JS QS"),
        cards("AH KS 6D 7D 8D 9D"),
    ]
    present = present_of(hands)
    lead = DECK.parse("AS")
    hands[0] ^= 1 << lead
    spades = tables.lead_follow[0][lead]
    east = [DECK.parse(c) for c in ("2H", "KH", "2D")]
    tops = {DECK.parse("2D"): DECK.parse("5D")}
    order = ordering.pair_follows(east, tops, hands, 1, 1, spades, lead, 0, 1 << lead, present, 0)
    assert names(order) == ["2D", "2H", "KH"]


def test_pair_follows_third_hand_forces_out_the_fourth_hands_ace() -> None:
    # North leads the 2S, East plays the 3S; South's queen-jack (the king is gone) drives out
    # West's ace, whose nine is the next card down: the jack comes first.
    tables = tables_of(NO_TRUMP)
    ordering = make_move_ordering(tables, bridge_seating())
    hands = [cards("2S 2H 3H"), cards("3S 4H 5H"), cards("QS JS 5S"), cards("AS 9S 6H")]
    present = present_of(hands)
    lead, second = DECK.parse("2S"), DECK.parse("3S")
    hands[0] ^= 1 << lead
    hands[1] ^= 1 << second
    spades = tables.lead_follow[0][lead]
    south = [DECK.parse("5S"), DECK.parse("JS")]
    tops = {DECK.parse("JS"): DECK.parse("QS")}
    tmask = 1 << lead | 1 << second
    order = ordering.pair_follows(south, tops, hands, 2, 2, spades, second, 1, tmask, present, 0)
    assert names(order) == ["JS", "5S"]


def test_the_table_keeps_bounds_and_stays_within_its_limit() -> None:
    tables = tables_of(NO_TRUMP)
    keys = make_keys(tables, (0, 1, 2, 3), additive=True)
    table = TranspositionTable(4, 3, partition=False, keys=keys)
    for i in range(10):
        table.store(1 + i % 3, ("key", i), 0, 0, 0, 0, 1)
        assert len(table) <= 3
    table.store(2, ("kept",), 0, 0, 0, 1, 2)
    assert table.levels[2][("kept",)] == [1, 2]
    table.store(2, ("kept",), 0, 0, 0, 0, 1)  # a repeated key replaces its bounds
    assert table.levels[2][("kept",)] == [0, 1]
