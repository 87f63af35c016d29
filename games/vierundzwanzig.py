"""24: Wer zuletzt sticht, sticht am besten! — win tricks to bring your points down to 0.

Rulebook: 24: Wer zuletzt sticht, sticht am besten! (S. Rapp, Kosmos 2008). 2-5 players,
suits yellow, blue, red, green (``Y B R G``) 1-11 plus the white ``24``, the highest
trump of whatever suit is trump. Deal 3 each, the start player (left of the dealer)
calls trump, deal 3 more, everyone exchanges 0-3 cards from the start player on, then 6
tricks. A player who plays a 1 may reverse the order (1 high, 11 low, the 24 lowest
trump) from the next trick on. Each trick won takes 1 point off (yellow 2, yellow blind
4); no trick adds the round's total, doubled for the start player. Variants a) Trump
Chaos, b) dropping out and c) point restrictions are options. Rule decisions:
``docs/rules-24.md``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, TypedDict

from stich.games.base import Event, Game, Option, Round, seat_index, seat_key
from stich.games.cards import Card, CardSet, Deck, bit, iter_cards, mask_of, popcount
from stich.games.course import Course, FinishedRound, Standing
from stich.games.endgames import Theme, tricks_objectives
from stich.games.errors import RuleError, StichError
from stich.games.events import ExchangeEvent
from stich.games.faces import BLACK, WHITE, Face, colour_face
from stich.games.reports import Known, ObjectiveJson, Observation, RoundCheck, RoundResult, seat_list
from stich.games.trick import TrickRules
from stich.games.trick_tables import ContextJson, Declaration, PlayContext, TrickTables

__all__ = [
    "GAME",
    "VierUndZwanzig",
    "VierUndZwanzigRound",
    "VierUndZwanzigContext",
    "DECK",
    "SUITS",
    "TWENTY_FOUR",
    "TRICKS",
    "START_POINTS",
    "VierUndZwanzigCourse",
    "VierUndZwanzigStanding",
    "rules_24",
    "parse_suit",
    "suit_of",
    "value_of",
    "per_trick_points",
    "round_points",
    "points_of_seat",
]

SUITS = "YBRG"
SUIT_NAMES = ("yellow", "blue", "red", "green")
VALUES = 11
YELLOW = 0
TWENTY_FOUR: Card = len(SUITS) * VALUES  # card 44, the white "24"
TRICKS = 6
START_POINTS = 24
HAND = 6
MAX_EXCHANGE = 3


def _face(code: str) -> Face:
    """A number on its colour, and the white 24."""
    return Face(WHITE, BLACK, "24", "top trump") if code == "24" else colour_face(code)


def _deck() -> Deck:
    """Card ``suit * 11 + value - 1`` for ``Y1 .. G11``, then the ``24`` as card 44."""
    codes = [f"{suit}{value}" for suit in SUITS for value in range(1, VALUES + 1)]
    suits = dict(zip(SUITS, SUIT_NAMES, strict=True))
    return Deck("24", [*codes, "24"], suits=suits, faces=_face, colour_coded=True)


DECK = _deck()


def suit_of(card: Card) -> int | None:
    """The printed suit of a card (None for the white 24, which takes the trump suit)."""
    return None if card == TWENTY_FOUR else card // VALUES


def value_of(card: Card) -> int:
    """The printed value of a card, 1-11 (24 for the 24)."""
    return 24 if card == TWENTY_FOUR else card % VALUES + 1


def parse_suit(text: object, what: str = "trump") -> int:
    """A suit index from its letter or name (``Y``/``yellow``, ``B``, ``R``, ``G``)."""
    if isinstance(text, str):
        key = text.strip().lower()
        for i, (letter, name) in enumerate(zip(SUITS, SUIT_NAMES, strict=True)):
            if key in (letter.lower(), name):
                return i
    raise StichError(f"{what} {text!r} is not a suit (use one of Y B R G)")


@cache
def rules_24(trump: int, reversed: bool) -> TrickRules:
    """Trick tables for one trump suit and rank order.

    Normal order: 11 high, the 24 above every trump. Reversed: 1 high, 11 low, and
    the 24 the lowest trump (rulebook, "1" Played). The 24 follows the trump suit
    (rulebook, The "24"), so it must be played to a trump lead when it is the only trump.
    """
    cls: list[int] = []
    trump_power: list[int] = []
    lead_power: list[int] = []
    for card in range(TWENTY_FOUR):
        suit, value = divmod(card, VALUES)
        rank = VALUES + 1 - (value + 1) if reversed else value + 1  # 1..11, higher wins
        cls.append(suit)
        lead_power.append(rank)
        trump_power.append(rank + 1 if suit == trump else 0)  # 2..12, leaving 1 and 13 for the 24
    top = 1 if reversed else VALUES + 2
    cls.append(trump)
    lead_power.append(top)
    trump_power.append(top)
    return TrickRules(tuple(cls), tuple(trump_power), tuple(lead_power))


def per_trick_points(trump: int, blind: bool) -> int:
    """What one trick is worth: 1, yellow 2, yellow blind 4 (rulebook, Scoring a Round)."""
    if blind:
        return 4
    return 2 if trump == YELLOW else 1


def round_points(
    won: Sequence[int],
    trump: int,
    blind: bool,
    caller: int,
    caller_penalty: bool = True,
    dropped: Sequence[int] = (),
) -> list[int]:
    """Score change per seat for a round (negative is good).

    Each trick won takes its worth off; no trick adds the round's total (6 tricks'
    worth), the caller without a trick twice that ("Own Trump Without a Trick");
    a player who dropped out scores nothing (variant b).
    """
    return [
        0 if seat in dropped else points_of_seat(tricks, trump, blind, seat == caller, caller_penalty)
        for seat, tricks in enumerate(won)
    ]


def points_of_seat(tricks: int, trump: int, blind: bool, is_caller: bool, caller_penalty: bool = True) -> int:
    """One playing seat's score change for ``tricks`` won (see `round_points`)."""
    value = per_trick_points(trump, blind)
    if tricks:
        return -value * tricks
    if is_caller and caller_penalty:
        return 2 * TRICKS * value
    return TRICKS * value


# -- the trick play as the solver sees it --------------------------------------------

ORDERS = ("normal", "reversed")


@cache
def _trick_tables(chaos: bool, live: int, pending: int) -> TrickTables:
    """Every trump × order as a state (``trump * 2 + reversed``), and what a 1 or a 2 declares."""
    states = tuple(rules_24(trump, bool(rev)) for trump in range(4) for rev in (0, 1))
    declarations: dict[tuple[int, Card], tuple[tuple[Declaration, int], ...]] = {}
    for state in range(8):
        trump, rev = divmod(state, 2)
        for card in range(TWENTY_FOUR):
            # Rulebook, "1" Played: a 1 may reverse the order from the next trick on.
            if value_of(card) == 1:
                declarations[(state, card)] = (((), state), ((("reverse", True),), trump * 2 + (1 - rev)))
            # Variant a, Trump Chaos: a 2 may name a new trump for the next trick.
            elif value_of(card) == 2 and chaos:
                named = tuple(((("trump", SUITS[new]),), new * 2 + rev) for new in range(4) if new != trump)
                declarations[(state, card)] = (((), state), *named)
    blocks = (*(((1 << VALUES) - 1) << (VALUES * s) for s in range(4)), 1 << TWENTY_FOUR)
    return TrickTables(states, live, pending, declarations, blocks)


@dataclass(frozen=True)
class VierUndZwanzigContext(PlayContext):
    """The trick play of 24: trump and order in force, the ones pending for the next trick (declared
    in the current one), yellow blind, the caller, Trump Chaos, the caller's penalty and who dropped out."""

    trump: int
    reversed: bool
    next_trump: int
    next_reversed: bool
    blind: bool
    caller: int | None
    chaos: bool
    caller_penalty: bool
    dropped: tuple[int, ...] = ()

    def trick_tables(self) -> TrickTables:
        return _trick_tables(
            self.chaos, self.trump * 2 + self.reversed, self.next_trump * 2 + self.next_reversed
        )

    def to_json(self) -> ContextJson:
        out: ContextJson = {
            "trump": SUITS[self.trump],
            "order": ORDERS[self.reversed],
            "next_trump": SUITS[self.next_trump],
            "next_order": ORDERS[self.next_reversed],
            "blind": self.blind,
            "caller": self.caller,
        }
        if self.dropped:
            out["dropped"] = list(self.dropped)
        return out

    def describe(self, seat_name: Callable[[int], str]) -> str:
        text = (
            f"trump: {SUIT_NAMES[self.trump]}{' blind' if self.blind else ''}, order {ORDERS[self.reversed]}"
        )
        if (self.next_trump, self.next_reversed) != (self.trump, self.reversed):
            text += f"; next trick: {SUIT_NAMES[self.next_trump]}, order {ORDERS[self.next_reversed]}"
        if self.caller is not None:
            text += f"; caller {seat_name(self.caller)}"
        if self.dropped:
            text += f"; dropped out: {', '.join(seat_name(s) for s in self.dropped)}"
        return text

    def seat_points(self, seat: int, tricks: int, state: int) -> int:
        # With Trump Chaos the trump named last counts (the state in force at the end).
        if seat in self.dropped:
            return 0
        return points_of_seat(tricks, state // 2, self.blind, seat == self.caller, self.caller_penalty)


def _flag(event: Event, key: str, name: str) -> bool:
    """A boolean field of an event (absent = False)."""
    value = event.get(key, False)
    if not isinstance(value, bool):
        raise RuleError(f"{name}: {key!r} must be true or false, got {value!r}")
    return value


class VierUndZwanzigFacts(TypedDict):
    """A round's public facts for ``stich check`` (`VierUndZwanzigRound.report`): the trump the
    start player called."""

    trump_called: str | None


class VierUndZwanzigRound(Round):
    """One round of 24: trump call, exchanges (or dropping out), 6 tricks."""

    game: VierUndZwanzig

    def __init__(
        self,
        game: Game,
        players: Sequence[str],
        dealer: int,
        view: int | None,
        known: Known | None,
        start: str,
    ) -> None:
        super().__init__(game, players, dealer, view, known, start)
        n = game.players
        self.scores = self._known_scores()
        self.caller = (self.dealer + 1) % n
        self.trump: int | None = None  # trump in force for the current trick
        self.next_trump: int | None = None  # trump for the next trick (Trump Chaos)
        self.called: int | None = None  # the trump the start player called
        self.blind = False
        self.reversed = False  # order in force for the current trick
        self.next_reversed = False  # order for the next trick: the last declaration counts
        self.dropped: list[bool] = [False] * n
        self.exchanged: list[int | None] = [None] * n  # cards exchanged; None = not yet decided
        self.given: CardSet = 0  # cards known to be given away in exchanges
        self.second_deal: list[CardSet | None] = [None] * n  # the 3 cards dealt after the trump call
        self.stock: list[Card] | None = None  # draw order, when known
        self.stock_cards: CardSet | None = None  # the stock's cards, when known
        self.stock_size = 0
        if start == "deal":
            self._start_at_deal()
        else:
            self._start_at_tricks()

    # -- starting positions --------------------------------------------------

    def _known_scores(self) -> list[int]:
        n = self.game.players
        raw = self.known.get("scores")
        if raw is None:
            return [START_POINTS] * n
        if (
            not isinstance(raw, list)
            or len(raw) != n
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in raw)
        ):
            raise StichError(f"known.scores must be a list of {n} whole numbers, one per seat, got {raw!r}")
        return list(raw)

    def _start_at_deal(self) -> None:
        """Known hands are 6 cards each: the first 3 dealt before the trump call, then the 3 after."""
        n = self.game.players
        hands = self.known_hands()
        for seat, hand in hands.items():
            if popcount(hand) != HAND:
                raise StichError(f"known.hands[{seat}] must list {HAND} cards, got {popcount(hand)}")
        if self.view is None and len(hands) != n:
            raise StichError("an omniscient record (view null) must give every hand in known.hands")
        if self.view is not None and self.view not in hands:
            raise StichError(f"known.hands must give the hand of the view, {self.names[self.view]}")
        first_deal = self.known_hands_first_deal()
        for seat in range(n):
            self.hand_size[seat] = HAND // 2
            if seat in hands:
                self.hands[seat] = first_deal[seat]
                self.second_deal[seat] = hands[seat] & ~first_deal[seat]
        dealt = 0
        for hand in hands.values():
            dealt |= hand
        rest = self.deck.size - HAND * n
        self.stock_size = rest
        if "stock" in self.known:
            stock = self.known["stock"]
            if not isinstance(stock, list):
                raise StichError("known.stock must be a list of cards in draw order")
            cards_ = self.deck.parse_set(stock, "known.stock")
            if cards_ & dealt:
                raise StichError(f"known.stock: card {self.deck.names(cards_ & dealt)[0]} is also in a hand")
            if len(stock) != rest:
                raise StichError(f"known.stock must hold the {rest} cards not dealt, got {len(stock)}")
            self.stock = [self.deck.parse(c) for c in stock]
            self.stock_cards = cards_
        elif self.view is None:
            self.stock_cards = self.deck.all & ~dealt  # known cards, unknown order
        self.leader = self.caller
        self.phase = "trump"

    def known_hands_first_deal(self) -> dict[int, CardSet]:
        """The first three cards listed per seat in ``known.hands``: those dealt before the trump call."""
        raw = self.known.get("hands")
        items = list(raw.items()) if isinstance(raw, dict) else list(enumerate(raw or []))
        first: dict[int, CardSet] = {}
        for key, cards in items:
            if cards is None:
                continue
            seat = seat_key(key, self.names)
            first[seat] = self.deck.parse_set(cards[: HAND // 2])
        return first

    def _start_at_tricks(self) -> None:
        """Hands after the exchanges, the trump and the order are known; the caller leads."""
        n = self.game.players
        if "caller" in self.known:
            self.caller = seat_index(self.known["caller"], self.names, "known.caller")
        if self.known.get("trump") is None:
            raise StichError("known.trump is missing (the trump suit letter, Y B R G)")
        self.trump = self.next_trump = self.called = parse_suit(self.known["trump"], "known.trump")
        blind = self.known.get("blind", False)
        if not isinstance(blind, bool):
            raise StichError(f"known.blind must be true or false, got {blind!r}")
        self.blind = blind
        if self.blind and self.trump != YELLOW:
            raise StichError("known.blind: only yellow may be called blind")
        if self.blind and not self.may_call_blind(self.caller):
            raise StichError(
                f"known.blind: {self.names[self.caller]} may not have called yellow blind with "
                f"{self.scores[self.caller]} points (variant c needs 25)"
            )
        order = self.known.get("order", "normal")
        if order not in ("normal", "reversed"):
            raise StichError(f"known.order must be 'normal' or 'reversed', got {order!r}")
        self.reversed = self.next_reversed = order == "reversed"
        dropped = self.known.get("dropped", [])
        if not isinstance(dropped, list):
            raise StichError("known.dropped must be a list of seats")
        if dropped and not self.game.options["dropping_out"]:
            raise StichError("known.dropped: dropping out is not played (option dropping_out)")
        for raw in dropped:
            seat = seat_index(raw, self.names, "known.dropped seat")
            if seat == self.caller:
                raise StichError(f"known.dropped: the start player {self.names[seat]} never drops out")
            if self.restricted() and self.scores[seat] <= 12:
                raise StichError(
                    f"known.dropped: {self.names[seat]} may not have dropped out with "
                    f"{self.scores[seat]} points (variant c needs 13 or more)"
                )
            self.dropped[seat] = True
        if n - sum(self.dropped) < 2:
            raise StichError("known.dropped: at least two players must take part")
        hands = self.known_hands()
        playing = [s for s in range(n) if not self.dropped[s]]
        for seat, hand in hands.items():
            if self.dropped[seat]:
                raise StichError(f"known.hands[{seat}]: {self.names[seat]} dropped out and holds no hand")
            if popcount(hand) != HAND:
                raise StichError(f"known.hands[{seat}] must list {HAND} cards, got {popcount(hand)}")
        if self.view is None and set(hands) != set(playing):
            raise StichError("an omniscient record (view null) must give every playing hand in known.hands")
        if self.view is not None and not self.dropped[self.view] and self.view not in hands:
            raise StichError(f"known.hands must give the hand of the view, {self.names[self.view]}")
        for seat in playing:
            self.hand_size[seat] = HAND
        for seat, hand in hands.items():
            self.set_hand(seat, hand)
        self.exchanged = [0] * n
        self.leader = self.caller
        self.phase = "play"

    # -- trick tables ----------------------------------------------------------

    def rules(self) -> TrickRules | None:
        return None if self.trump is None else rules_24(self.trump, self.reversed)

    def class_name(self, k: int) -> str:
        return SUIT_NAMES[k]

    def trick_order(self) -> list[int]:
        n = self.game.players
        seats = ((self.leader + i) % n for i in range(n))
        return [s for s in seats if not self.dropped[s]]

    def exchange_order(self) -> list[int]:
        """From the start player round to the dealer (rulebook, Setup)."""
        n = self.game.players
        return [(self.dealer + 1 + i) % n for i in range(n)]

    # -- the state machine -----------------------------------------------------

    def to_move(self) -> int | None:
        if self.phase == "trump":
            return self.caller
        if self.phase == "exchange":
            return next(s for s in self.exchange_order() if self.exchanged[s] is None and not self.dropped[s])
        if self.phase == "play":
            return self.seat_to_play()
        return None

    def restricted(self) -> bool:
        return bool(self.game.options["point_restrictions"])

    def may_call_blind(self, seat: int) -> bool:
        """Yellow blind needs 25 points under the point restrictions (variant c)."""
        return not self.restricted() or self.scores[seat] >= 25

    def may_exchange(self, seat: int) -> bool:
        """6 or fewer points: no exchange under the point restrictions (variant c)."""
        return not self.restricted() or self.scores[seat] > 6

    def may_drop(self, seat: int) -> bool:
        """Variant b: never the start player, at least two remain, not with 12 or fewer points (c)."""
        if not self.game.options["dropping_out"] or seat == self.caller:
            return False
        if self.game.players - sum(self.dropped) - 1 < 2:
            return False
        return not self.restricted() or self.scores[seat] > 12

    def unseen_plays(self, code: str) -> list[Event]:
        """A 1 may reverse the order; with Trump Chaos a 2 may name the next trump."""
        plays: list[Event] = [{"play": code}]
        value = value_of(self.deck.parse(code))
        if value == 1:
            plays.append({"play": code, "reverse": True})
        elif value == 2 and self.may_name_trump():
            plays += [{"play": code, "trump": s} for i, s in enumerate(SUITS) if i != self.next_trump]
        return plays

    def may_name_trump(self) -> bool:
        """Trump Chaos, but never after yellow blind."""
        return bool(self.game.options["trump_chaos"]) and not self.blind

    def legal_events(self) -> list[Event]:
        seat = self.to_move()
        if seat is None:
            return []
        if self.phase == "trump":
            events: list[Event] = [{"seat": seat, "trump": s} for s in SUITS]
            if self.may_call_blind(seat):
                events.append({"seat": seat, "trump": "Y", "blind": True})
            return events
        if self.phase == "exchange":
            return self.exchange_events(seat)
        events = []
        for event in self.play_events(seat):
            events.append(event)
            card = self.deck.parse(event["play"])
            if value_of(card) == 1:
                events.append({**event, "reverse": True})
            elif value_of(card) == 2 and self.may_name_trump():
                events += [{**event, "trump": s} for i, s in enumerate(SUITS) if i != self.next_trump]
        return events

    def exchange_events(self, seat: int) -> list[Event]:
        """Every exchange (0-3 cards) and the drop; the received cards come from a known stock."""
        events: list[Event] = []
        hand = self.hands[seat]
        most = MAX_EXCHANGE if self.may_exchange(seat) else 0
        if hand is None:
            events += [{"seat": seat, "exchange": k} for k in range(most + 1)]
        else:
            subsets: list[list[Card]] = [[]]
            for card in iter_cards(hand):
                subsets += [[*s, card] for s in subsets if len(s) < most]
            subsets.sort(key=len)
            for cards in subsets:
                event: ExchangeEvent = {"seat": seat, "exchange": self.deck.names(cards)}
                if cards:
                    drawn = self._default_draw(len(cards))
                    if drawn is not None:
                        event["receive"] = self.deck.names(drawn)
                events.append(event)
        if self.may_drop(seat):
            events.append({"seat": seat, "drop": True})
        return events

    def _default_draw(self, k: int) -> list[Card] | None:
        """The next ``k`` cards of the stock: its top when the order is known, else the lowest cards."""
        if self.stock is not None:
            return self.stock[:k]
        if self.stock_cards is not None:
            return list(iter_cards(self.stock_cards))[:k]
        return None

    def _apply(self, event: Event) -> None:
        if self.phase == "trump":
            self.apply_trump_call(event)
        elif self.phase == "exchange":
            self.apply_exchange(event)
        elif self.phase == "play":
            self.apply_play(event)

    def apply_trump_call(self, event: Event) -> None:
        """The start player calls a trump suit, or yellow blind (rulebook, Setup; Blind Call)."""
        if "trump" not in event or "play" in event:
            raise RuleError(f"the start player {self.names[self.caller]} must first call the trump suit")
        seat = self.event_seat(event, self.caller)
        name = self.names[seat]
        trump = parse_suit(event["trump"])
        blind = _flag(event, "blind", name)
        if blind and trump != YELLOW:
            raise RuleError(f"{name} called {SUIT_NAMES[trump]} blind, but only yellow may be called blind")
        if blind and not self.may_call_blind(seat):
            raise RuleError(f"{name} may not call yellow blind with {self.scores[seat]} points (needs 25)")
        self.trump = self.next_trump = self.called = trump
        self.blind = blind
        for s, second in enumerate(self.second_deal):
            if second is not None:
                self.hands[s] = (self.hands[s] or 0) | second
            self.hand_size[s] = HAND
        self.second_deal = [None] * self.game.players
        self.phase = "exchange"

    def apply_exchange(self, event: Event) -> None:
        """Give 0-3 cards out of the round and draw as many from the stock, or drop out (variant b)."""
        expected = self.to_move()
        assert expected is not None
        seat = self.event_seat(event, expected)
        name = self.names[seat]
        if "exchange" not in event and "drop" not in event:
            raise RuleError(f'expected {name}\'s exchange ("exchange": cards or a count) or "drop"')
        if "drop" in event:
            if "exchange" in event or "receive" in event:
                raise RuleError(f"{name} either drops out or exchanges, not both")
            if event["drop"] is not True:
                raise RuleError(f'{name}: "drop" must be true (leave it out to exchange instead)')
            self.apply_drop(seat)
        elif "exchange" in event:
            self.apply_cards_exchange(seat, event)
        if all(self.exchanged[s] is not None or self.dropped[s] for s in range(self.game.players)):
            self.leader = self.caller
            self.phase = "play"

    def apply_drop(self, seat: int) -> None:
        name = self.names[seat]
        if not self.game.options["dropping_out"]:
            raise RuleError(f"{name} may not drop out: dropping out is not played (option dropping_out)")
        if seat == self.caller:
            raise RuleError(f"{name} is the start player and may never drop out")
        if self.game.players - sum(self.dropped) - 1 < 2:
            raise RuleError(f"{name} may not drop out: at least two players must take part")
        if not self.may_drop(seat):
            raise RuleError(f"{name} may not drop out with {self.scores[seat]} points (needs 13 or more)")
        hand = self.hands[seat]
        if hand is not None:
            self.gone |= hand
            self.hands[seat] = 0
        self.hand_size[seat] = 0
        self.dropped[seat] = True

    def apply_cards_exchange(self, seat: int, event: ExchangeEvent) -> None:
        name = self.names[seat]
        raw = event["exchange"]
        hand = self.hands[seat]
        if isinstance(raw, bool) or not isinstance(raw, int | list):
            raise RuleError(f'{name}: "exchange" must be a list of cards or a count, got {raw!r}')
        count = raw if isinstance(raw, int) else len(raw)
        if not 0 <= count <= MAX_EXCHANGE:
            raise RuleError(f"{name} may exchange at most {MAX_EXCHANGE} cards, not {count}")
        if count and not self.may_exchange(seat):
            raise RuleError(
                f"{name} may not exchange cards with {self.scores[seat]} points (needs 7 or more)"
            )
        give: CardSet = 0
        if isinstance(raw, list):
            give = self.deck.parse_set(raw, f"{name}'s exchange")
            if hand is not None and give & ~hand:
                card = self.deck.names(give & ~hand)[0]
                held = " ".join(self.deck.names(hand))
                raise RuleError(f"{name} exchanged {card} but does not hold it (holds {held})")
            if hand is None:
                self._check_unseen(seat, give, "exchanged")
        elif hand is not None and count:
            raise RuleError(f"{name}'s hand is known, so the exchange must name the cards, not a count")
        receive = self._draw(seat, count, event.get("receive"), give)
        if hand is not None:
            self.hands[seat] = hand & ~give | mask_of(receive)
        self.gone |= give
        self.given |= give
        self.exchanged[seat] = count

    def _check_unseen(self, seat: int, cards: CardSet, verb: str) -> None:
        """Cards named for a hand the view cannot see must not be anywhere else."""
        name = self.names[seat]
        for card in iter_cards(cards):
            code = self.deck.name_of(card)
            if self.gone >> card & 1:
                raise RuleError(f"{name} {verb} {code} but it is already played or out of play")
            other = self.holder(card)
            if other is not None:
                raise RuleError(f"{name} {verb} {code} but {self.names[other]} holds it")

    def _draw(self, seat: int, count: int, raw: object, give: CardSet) -> list[Card]:
        """The cards ``seat`` draws from the stock for its exchange (empty when not known)."""
        name = self.names[seat]
        known_hand = self.hands[seat] is not None
        if raw is not None and not known_hand:
            raise RuleError(f"{name}'s received cards cannot be recorded: {name}'s hand is not known")
        received: list[Card] | None = None
        if raw is not None:
            if not isinstance(raw, list):
                raise RuleError(f'{name}: "receive" must be a list of cards, got {raw!r}')
            received = [self.deck.parse(c) for c in raw]
            if len(set(received)) != len(received):
                raise RuleError(f"{name} received a card twice: {raw}")
            if len(received) != count:
                raise RuleError(f"{name} gave {count} cards but received {len(received)}")
        if self.stock is not None:
            top = self.stock[:count]
            if received is not None and set(received) != set(top):
                expected = " ".join(self.deck.names(top)) or "nothing"
                got = " ".join(self.deck.names(received))
                raise RuleError(f"{name} received {got} but the next cards of the stock are {expected}")
            received = top
            self.stock = self.stock[count:]
        elif received is None:
            if known_hand and count:
                raise RuleError(f'{name}\'s exchange must list the cards received ("receive")')
            received = []
        else:
            for card in received:
                code = self.deck.name_of(card)
                if give >> card & 1:
                    raise RuleError(f"{name} received {code}, the card just given away")
                if self.stock_cards is not None and not self.stock_cards >> card & 1:
                    raise RuleError(f"{name} received {code} but it is not in the stock")
                self._check_unseen(seat, bit(card), "received")
        if self.stock_cards is not None:
            self.stock_cards &= ~mask_of(received)
        self.stock_size -= count
        return received if known_hand else []

    def apply_play(self, event: Event) -> None:
        """A card to the trick, with a reversal (a 1) or a new trump (a 2, Trump Chaos)."""
        if "play" not in event:
            raise RuleError(f"expected {self.names[self.seat_to_play()]}'s play")
        seat = self.event_seat(event, self.seat_to_play())
        name = self.names[seat]
        reverse = _flag(event, "reverse", name)
        card = self.deck.parse(event["play"])
        code = self.deck.name_of(card)
        if reverse and value_of(card) != 1:
            raise RuleError(f"{name} played {code} but only a 1 may reverse the order")
        new_trump: int | None = None
        if event.get("trump") is not None:
            new_trump = parse_suit(event["trump"])
            if not self.game.options["trump_chaos"]:
                raise RuleError(
                    f"{name} may not name a new trump: Trump Chaos is not played (option trump_chaos)"
                )
            if value_of(card) != 2:
                raise RuleError(f"{name} played {code} but only a 2 may name a new trump")
            if self.blind:
                raise RuleError(f"{name} may not name a new trump: yellow blind was called")
            if new_trump == self.next_trump:
                raise RuleError(
                    f"{name} named {SUIT_NAMES[new_trump]}, which is already trump for the next trick"
                )
        self.play_card(seat, event["play"])
        if reverse:
            self.next_reversed = not self.next_reversed
        if new_trump is not None:
            self.next_trump = new_trump
        if self.trick_full():
            winner = self.computed_winner()
            assert winner is not None
            self.finish_trick(winner)
            # The order and trump in force at the end of a trick govern the next one.
            self.reversed = self.next_reversed
            self.trump = self.next_trump
            if len(self.tricks) == TRICKS:
                self.phase = "done"

    # -- scoring and views -------------------------------------------------------

    def result(self) -> RoundResult:
        trump = self.next_trump
        result: RoundResult = {
            "tricks": list(self.won),
            "points": None,
            "trump": None if trump is None else SUITS[trump],
            "blind": self.blind,
            "order": "reversed" if self.next_reversed else "normal",
            "caller": self.caller,
            "dropped": [s for s, d in enumerate(self.dropped) if d],
        }
        if self.is_terminal() and trump is not None:
            dropped = [s for s, d in enumerate(self.dropped) if d]
            points = round_points(
                self.won, trump, self.blind, self.caller, bool(self.game.options["caller_penalty"]), dropped
            )
            result["points"] = points
            if "scores" in self.known:
                result["scores"] = [s + p for s, p in zip(self.scores, points, strict=True)]
        return result

    def report(self) -> VierUndZwanzigFacts:
        """The trump the start player called (Trump Chaos may change it; ``result`` has the last)."""
        return {"trump_called": None if self.called is None else SUITS[self.called]}

    def public_cards(self) -> CardSet:
        """Before the trump call the view already holds its second three cards."""
        public = 0
        for second in self.second_deal:
            if second is not None:
                public |= second
        return public

    def tracked_hands(self) -> list[CardSet | None]:
        return [
            hand if hand is None or second is None else hand | second
            for hand, second in zip(self.hands, self.second_deal, strict=True)
        ]

    def observation(self, seat: int) -> Observation:
        view = super().observation(seat)
        view["trump"] = None if self.trump is None else SUITS[self.trump]
        view["next_trump"] = None if self.next_trump is None else SUITS[self.next_trump]
        view["blind"] = self.blind
        view["order"] = "reversed" if self.reversed else "normal"
        view["next_order"] = "reversed" if self.next_reversed else "normal"
        view["caller"] = self.caller
        view["dealer"] = self.dealer
        view["scores"] = list(self.scores)
        view["exchanged"] = list(self.exchanged)
        view["dropped"] = [s for s, d in enumerate(self.dropped) if d]
        view["stock_size"] = self.stock_size
        return view

    # -- the double-dummy solver's view ----------------------------------------

    def play_context(self, secret: object = None) -> PlayContext:
        if secret is not None:
            raise StichError("24 has no secret to hypothesise (the trump is called openly)")
        if self.trump is None or self.next_trump is None:
            raise StichError("the trump is not called yet")
        return VierUndZwanzigContext(
            self.trump,
            self.reversed,
            self.next_trump,
            self.next_reversed,
            self.blind,
            self.caller,
            self.may_name_trump(),
            bool(self.game.options["caller_penalty"]),
            tuple(s for s, d in enumerate(self.dropped) if d),
        )

    def solver_objective(self, seat: int) -> ObjectiveJson:
        """The fewest round points for ``seat``."""
        return {"type": "points", "seat": seat}


class VierUndZwanzigStanding(Standing):
    """24's standing: ``reason``, how the game ended (``"zero"``: a score reached 0 or below,
    ``"48"``: a score reached 48), None while it goes on."""

    reason: str | None


class VierUndZwanzigCourse(Course["VierUndZwanzig"]):
    """24: every player starts with 24 points; play until a score reaches 0 or 48."""

    def start_totals(self) -> list[int]:
        """Every player starts the game with 24 points (rulebook, Setup)."""
        return [START_POINTS] * self.game.players

    def facts(self) -> Known:
        return {"scores": list(self.totals)}

    def hand_size(self, seat: int) -> int | None:
        return HAND

    def deal(self, rng: random.Random) -> Known:
        return self.game.deal(rng, self.dealer, scores=self.totals)

    def series_start(self) -> int:
        """A series of 24 deals starts at seat 0, a whole game with the last seat's deal."""
        return 0

    def settle(self, state: FinishedRound) -> None:
        self.standing = self.game.standing(self.totals)


def _theme_context(rng: random.Random) -> ContextJson:
    return {"trump": rng.choice("YBRG"), "order": "normal"}


def _theme_rules(context: Mapping[str, Any]) -> TrickRules:
    return rules_24(parse_suit(context["trump"]), context.get("order") == "reversed")


def _theme_setting(context: Mapping[str, Any]) -> str:
    high = "1 high" if context.get("order") == "reversed" else "11 high"
    return f"{SUIT_NAMES[parse_suit(context['trump'])]} is trump, {high}"


def _is_one(card: Card) -> bool:
    return card != TWENTY_FOUR and value_of(card) == 1


# Endgame puzzles (games.endgames): take t tricks where the one first card that works is a 1
# that reverses the order (a "reversal finesse", rulebook: "1" Played). A round has six tricks.
ENDGAME_THEMES = (
    Theme(
        "reversal",
        "24",
        DECK,
        _theme_context,
        _theme_rules,
        _theme_setting,
        tricks_objectives,
        max_depth=6,
        south_holds=_is_one,
        answer_declares="reverse",
    ),
)


class VierUndZwanzig(Game):
    """24 with the rulebook's variants a) Trump Chaos, b) dropping out, c) point restrictions."""

    id = "24"
    endgame_themes = ENDGAME_THEMES
    round_class = VierUndZwanzigRound
    reversing_rank = "1"
    title = "24: Wer zuletzt sticht, sticht am besten!"
    fewer_points_win = True
    player_counts = (2, 3, 4, 5)
    starts = ("deal", "tricks")
    option_specs = (
        Option(
            "caller_penalty",
            True,
            "the start player without a trick adds double the round's total; "
            "off by default with trump_chaos, as the rulebook recommends",
        ),
        Option("trump_chaos", False, "variant a: whoever plays a 2 may name a new trump from the next trick"),
        Option("dropping_out", False, "variant b: at the exchange a player may sit the round out"),
        Option(
            "point_restrictions",
            False,
            "variant c: <= 12 points may not drop out, <= 6 may not exchange, yellow blind needs >= 25",
        ),
    )

    @property
    def deck(self) -> Deck:
        return DECK

    def view_event(self, event: Event, actor: int | None, seat: int, dealer: int) -> Event:
        """Another player's exchange is seen as a count of cards: which ones stay hidden."""
        view = super().view_event(event, actor, seat, dealer)
        if actor is not None and actor != seat and "exchange" in view and isinstance(view["exchange"], list):
            view["exchange"] = len(view["exchange"])
            view.pop("receive", None)
        return view

    def option_default(self, name: str, given: Mapping[str, Any]) -> Any:
        if name == "caller_penalty":
            # Trump Chaos: "we strongly recommend dropping the rule 'Own Trump Without a Trick'".
            chaos = (
                given["trump_chaos"]
                if "trump_chaos" in given
                else super().option_default("trump_chaos", given)
            )
            return not chaos
        return super().option_default(name, given)

    def course(self, dealer: int | None = None) -> VierUndZwanzigCourse:
        return VierUndZwanzigCourse(self, dealer)

    # The result's facts that `check_fact_lines` tells.
    check_facts: ClassVar[tuple[str, ...]] = ("order", "dropped")

    def check_fact_lines(self, check: RoundCheck, names: Sequence[str]) -> list[str]:
        """The rank order at the end of the round (normal or reversed) and who dropped out."""
        lines = [f"rank order at the end: {check.result['order']}"]
        dropped: list[int] = check.result.get("dropped") or []
        if dropped:
            lines.append(f"dropped out: {seat_list([names[s] for s in dropped])}")
        return lines

    def check_options(self) -> None:
        if self.options["dropping_out"] and self.players == 2:
            raise StichError("option 'dropping_out' cannot be played by 2 players (two must take part)")

    def deal(self, rng: random.Random, dealer: int, scores: Sequence[int] | None = None) -> Known:
        """Hands list the 3 cards dealt before the trump call first, then the 3 dealt after."""
        n = self.players
        order = list(range(self.deck.size))
        rng.shuffle(order)
        seats = [(dealer + 1 + i) % n for i in range(n)]
        first = {s: sorted(order[i * 3 : i * 3 + 3]) for i, s in enumerate(seats)}
        second = {s: sorted(order[3 * n + i * 3 : 3 * n + i * 3 + 3]) for i, s in enumerate(seats)}
        return {
            "hands": {str(s): self.deck.names(first[s] + second[s]) for s in range(n)},
            "stock": self.deck.names(order[HAND * n :]),
            "scores": list(scores) if scores is not None else [START_POINTS] * n,
        }

    def standing(self, scores: Sequence[int]) -> VierUndZwanzigStanding:
        """Whether the game is over after a round, and who won (rulebook, End of the Game).

        Over when someone has 0 or fewer (the one furthest below 0 wins) or someone has
        48 or more (the lowest score wins); either way the lowest score wins, ties share.
        """
        low = min(scores)
        if low <= 0:
            reason: str | None = "zero"
        elif max(scores) >= 2 * START_POINTS:
            reason = "48"
        else:
            return {"ended": False, "winners": [], "reason": None}
        return {"ended": True, "winners": [s for s, v in enumerate(scores) if v == low], "reason": reason}

    # -- the double-dummy solver's view ----------------------------------------

    position_fields: ClassVar[Mapping[str, Any]] = {
        "properties": {
            "trump": {"type": "string"},
            "order": {"enum": list(ORDERS)},
            "next_trump": {"type": ["string", "null"]},
            "next_order": {"enum": list(ORDERS)},
            "blind": {"type": "boolean"},
            "caller": {"type": ["integer", "null"], "minimum": 0},
            "dropped": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        },
        "required": ["trump"],
    }
    objective_types: ClassVar[tuple[str, ...]] = ("tricks", "exact", "points")
    points_name: ClassVar[str] = "round points"

    def parse_play_context(self, fields: Mapping[str, Any], hands: Sequence[CardSet]) -> PlayContext:
        players = len(hands)
        trump = parse_suit(fields["trump"], "trump")
        order = fields.get("order", "normal")
        raw_next = fields.get("next_trump")
        next_trump = trump if raw_next is None else parse_suit(raw_next, "next_trump")
        next_order = fields.get("next_order", order)
        blind = bool(fields.get("blind", False))
        if blind and trump != YELLOW:
            raise StichError("blind: only yellow may be called blind")
        chaos = bool(self.options["trump_chaos"]) and not blind
        if next_trump != trump and not chaos:
            raise StichError(
                "next_trump differs from trump, but only Trump Chaos (not after yellow blind) changes it"
            )
        caller = fields.get("caller")
        if caller is not None:
            caller = seat_index(caller, players, "caller")
        dropped: set[int] = set()
        for raw in fields.get("dropped", []):
            seat = seat_index(raw, players, "dropped:")
            if seat == caller:
                raise StichError(f"dropped: the caller (seat {seat}) never drops out")
            dropped.add(seat)
        if players - len(dropped) < 2:
            raise StichError("dropped: at least two players must take part")
        return VierUndZwanzigContext(
            trump,
            order == "reversed",
            next_trump,
            next_order == "reversed",
            blind,
            caller,
            chaos,
            bool(self.options["caller_penalty"]),
            tuple(sorted(dropped)),
        )


GAME = VierUndZwanzig
