"""Bots: players for the arena, each a function from one seat's view to that seat's next event.

A bot is given the seat's `Session` — what the seat has seen, never another hand — and a
random generator, and returns one of the session's legal events. What the rules answer
(a guess's answer, the cards drawn in an exchange) is filled in by the arena from the
omniscient round. Four bots, and any bot from outside the project that follows the `Bot`
protocol, named ``package.module:attribute`` (docs/strength.md):

- ``random``: uniformly among the distinct choices (a guess with either answer is one choice);
- ``heuristic``: rules of thumb a club player uses, game by game (below, and docs/strength.md);
- ``rules-bot``: Stiche-Raten and Wizard only, a public Oh Hell app's bot rules (`hints.play.rules_bot`);
- ``advisor`` (``advisor:N``): the hint engine (`hints.advice`) with a budget of N worlds, not
  seconds, so that what it plays does not depend on the machine's load (unless a decision's
  worlds run past the wall limit, 20 s, `hints.advice.Budget.wall`: then the worlds solved by
  then decide, or with none the heuristic's choice).

The heuristic bot, per game:

- *Stiche-Raten, Wizard.* Bid the sure tricks: each trump that no more unseen trumps outrank
  than the seat holds below it, each plain card heading an unbroken top sequence of its suit
  in the suit's first rounds (before others run out of it), each wizard; the bid nearest that
  count which the dealer restriction leaves. In the play, while tricks are still needed, take
  the trick (the highest winning card while others are still to play — the highest trump when
  every remaining trick is needed —, the cheapest one as the last to play), else play the
  lowest card; once the bid is made, dump the highest card that loses the trick. Wizard's
  dealer names the trump that gives the most sure tricks.
- *Was sticht?* Draft the strongest card (share of two-card tricks won) under the most likely
  trumps; choose the task whose chip's value times the share of 24 playouts that make it is
  highest (the seat plays for the task, the others at random; ties: the share); play to win or
  to lose each trick as the task asks (win while ``exactly-k`` is short, win the last trick,
  take most; lose otherwise) — with ``no-<colour>``, take a trick without that colour as the
  last to play with the highest card not of it, and throw the colour's highest card on a trick
  it loses; the dealer plays to lose; it discards its most valuable chip.
- *Stich für Stich.* Guess the most probable pair still consistent. A sleuth still searching
  plays the card with the most of: its chance to head the trick over the possible culprits and
  weapons, plus the bits that the trick's winner as it then stands tells of them (the lower
  number on a tie); a sleuth who has solved plays for the trick. The confidant plays to win the
  trick under the secret, less half a trick per bit that the winner tells the sleuths still
  searching (the cheapest winner as the last to play, else the highest; the lowest loser).
- *24.* Call the suit the first three cards hold most of (the 24 counts for every suit; the
  higher cards break a tie), never blind; give away the side cards of 9 and below except the 1s,
  at most three, the weakest first; never drop out. In the play, take a trick with the cheapest
  card no unseen card can beat; else, following, the highest card that wins the trick as it
  stands, or the lowest card; leading, the highest card. A 1 reverses the order when what the
  hand keeps beats more unseen cards in the reversed order; nothing else is declared.
"""

from __future__ import annotations

import importlib
import math
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol, runtime_checkable

from stich.games.base import Event, Round, Trick
from stich.games.cards import Card, CardSet, bit, iter_cards, popcount
from stich.games.errors import StichError
from stich.games.names import name_problem
from stich.games.trick import FREE, TrickRules, legal_plays, trick_winner
from stich.hints.session import Session

__all__ = [
    "BOT_NAMES",
    "DEFAULT_WORLDS",
    "Bot",
    "BotSpec",
    "load_bot",
    "choice_key",
    "distinct_choices",
    "parse_bot",
]

BOT_NAMES = ("random", "heuristic", "rules-bot", "advisor")
DEFAULT_WORLDS = 32  # the advisor's worlds per decision when ``advisor`` is named without a budget
PLAYOUTS = 24  # Was sticht? task choice: playouts of the deal per task held
TRICKS_24 = 6  # tricks in a round of 24
INFO_WEIGHT = 1.0  # Stich für Stich, a sleuth's play: a bit told by the trick's winner against a trick
LEAK_WEIGHT = 0.5  # Stich für Stich, the confidant's play: a bit told to the sleuths against a trick
WEAK_24 = 9  # 24: a side card with fewer than this many cards of its suit below it (1 to 9) goes

# Fields of an event that say who chose or what the rules answered, not what was chosen.
ANSWER_FIELDS = ("seat", "receive", "answer", "solved")


def choice_key(event: Event) -> tuple[tuple[str, Any], ...]:
    """What an event chooses, without who chose it or what the rules answered."""
    return tuple(
        sorted(
            (k, v if not isinstance(v, list) else tuple(v))
            for k, v in event.items()
            if k not in ANSWER_FIELDS
        )
    )


def distinct_choices(events: Sequence[Event]) -> list[Event]:
    """The events that choose differently (the first of each kind)."""
    seen: dict[tuple[tuple[str, Any], ...], Event] = {}
    for event in events:
        seen.setdefault(choice_key(event), event)
    return list(seen.values())


@runtime_checkable
class Bot(Protocol):
    """What the arena asks of a bot from outside the project (``--bots package.module:attr``)."""

    name: str

    def act(self, session: Session, rng: random.Random) -> Event:
        """One of ``session.legal()``: the event this bot chooses for the session's seat."""
        ...


@dataclass(frozen=True)
class BotSpec:
    """A bot by name: ``random``, ``heuristic``, ``advisor`` with its budget of worlds, or a bot
    from outside the project named by ``module:attribute`` (``kind`` ``"external"``)."""

    kind: str
    worlds: int | None = None
    target: str | None = None  # "package.module:attribute" for an external bot

    @property
    def name(self) -> str:
        """How the bot is named on the command line and in the arena's tables."""
        if self.target is not None:
            return load_bot(self.target).name
        return f"{self.kind}:{self.worlds}" if self.worlds is not None else self.kind

    def act(self, session: Session, rng: random.Random) -> Event:
        """The event this bot chooses for the session's seat, which must be to move."""
        legal = session.legal()
        if not legal:
            raise StichError(f"{session.names[session.seat]} has no decision now")
        if self.target is not None:
            return load_bot(self.target).act(session, rng)
        if self.kind == "random":
            return rng.choice(distinct_choices(legal))
        if self.kind == "heuristic":
            return heuristic(session, rng)
        if self.kind == "rules-bot":
            from stich.hints.play.rules_bot import rules_bot

            return rules_bot(session, rng)
        from stich.hints.advice import Budget, advise

        budget = Budget(worlds=self.worlds or DEFAULT_WORLDS, seed=rng.getrandbits(32))
        return advise(session, budget).action


_EXTERNAL = re.compile(r"[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*:[A-Za-z_][\w]*(\.[A-Za-z_][\w]*)*")


@cache
def load_bot(target: str) -> Bot:
    """The bot named ``package.module:attribute``: the object itself when it has ``name`` and
    ``act``, else what calling it (a class or a factory, without arguments) returns."""
    module_name, _, attribute = target.partition(":")
    try:
        found: Any = importlib.import_module(module_name)
    except ImportError as exc:
        raise StichError(f"bot {target!r}: cannot import {module_name!r} ({exc})") from None
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise StichError(f"bot {target!r}: {module_name!r} has no {attribute!r}") from None
        found = getattr(found, part)
    if isinstance(found, type) or (not isinstance(found, Bot) and callable(found)):
        found = found()  # a class (whose attributes name the protocol too) or a factory
    if not isinstance(found, Bot):
        raise StichError(f"bot {target!r}: not a bot (an object with a name and act(session, rng))")
    problem = name_problem(found.name)
    if problem is not None:
        raise StichError(f"bot {target!r}: its name is a player's name, and {problem}")
    return found


def parse_bot(text: str) -> BotSpec:
    """A bot from its name: ``random``, ``heuristic``, ``advisor``, ``advisor:N`` (N worlds), or
    ``package.module:attribute`` for a bot from outside the project (docs/strength.md)."""
    kind, sep, budget = text.strip().partition(":")
    if kind not in BOT_NAMES and _EXTERNAL.fullmatch(text.strip()):
        load_bot(text.strip())  # refuse now, not in the middle of the arena
        return BotSpec("external", target=text.strip())
    if kind not in BOT_NAMES:
        raise StichError(
            f"unknown bot {text.strip()!r}: the bots are {', '.join(BOT_NAMES)} (advisor:N), "
            "or package.module:attribute"
        )
    if not sep:
        return BotSpec(kind)
    if kind != "advisor":
        raise StichError(f"bot {text.strip()!r}: only the advisor takes a budget (advisor:N worlds)")
    if not budget.isdecimal() or not budget.isascii() or not 1 <= int(budget) <= 100_000:
        raise StichError(f"bot {text.strip()!r}: the advisor's budget is a number of worlds, 1 to 100000")
    return BotSpec(kind, int(budget))


# -- the heuristic bot ------------------------------------------------------------------------


def heuristic(session: Session, rng: random.Random) -> Event:
    """The rule-of-thumb event for the session's seat (see the module's docstring)."""
    game_id = session.round.game.id
    if game_id not in _HEURISTICS:
        raise StichError(f"no heuristic bot for the game {game_id!r}")
    legal = session.legal()
    if len(distinct_choices(legal)) == 1:
        return legal[0]
    return _HEURISTICS[game_id](session, rng)


def strength(rules: TrickRules, card: Card) -> tuple[int, int]:
    """How high a card stands: trumps above every plain card, then its rank in its class."""
    return rules.trump_power[card], rules.lead_power[card]


def wins_now(rules: TrickRules, trick: Sequence[Card], card: Card) -> bool:
    """Whether ``card`` would win the trick as it stands."""
    return trick_winner(rules, [*trick, card]) == len(trick)


def play_for(rules: TrickRules, legal: CardSet, trick: Sequence[Card], win: bool, last: bool) -> Card:
    """The card that plays to win (or to lose) the current trick; ``last``: no one plays after."""
    ordered = sorted(iter_cards(legal), key=lambda c: strength(rules, c))
    if not trick:
        return ordered[-1] if win else ordered[0]
    winners = [c for c in ordered if wins_now(rules, trick, c)]
    losers = [c for c in ordered if c not in winners]
    if win:
        if not winners:
            return ordered[0]
        return winners[0] if last else winners[-1]
    if losers:
        return losers[-1]  # dump the highest card that loses
    return ordered[-1] if last else ordered[0]


def _play_event(session: Session, card: Card) -> Event:
    """The plain play of ``card`` (no declaration) among the legal events."""
    name = session.round.deck.name_of(card)
    for event in session.legal():
        if event.get("play") == name and set(event) <= {"seat", "play"}:
            return event
    raise StichError(f"{name} is not a plain legal play")


def _rules(session: Session) -> TrickRules:
    """The trick tables in force, or under the most likely secret when the seat does not know it."""
    rules = session.round.rules()
    if rules is not None:
        return rules
    post = session.posterior()
    if post is None or session.tracker is None:
        raise StichError("the trick tables are not known to this seat")
    return session.tracker.space.rules(_most_likely(post.probabilities))


def _most_likely(probabilities: Sequence[float]) -> int:
    return max(range(len(probabilities)), key=lambda h: probabilities[h])


def _unseen(state: Round, seat: int) -> CardSet:
    """Cards that neither the seat's hand, nor the played ones, nor the face-up ones are."""
    hand = state.hands[seat] or 0
    return state.deck.all & ~hand & ~state.gone & ~state.public_cards() & ~_trick_mask(state)


def _trick_mask(state: Round) -> CardSet:
    mask = 0
    for card in state.trick_cards:
        mask |= bit(card)
    return mask


def _plays(session: Session, win: bool) -> Event:
    state = session.round
    rules = _rules(session)
    legal = state.legal_cards(session.seat)
    last = len(state.trick_cards) == len(state.trick_order()) - 1
    return _play_event(session, play_for(rules, legal, state.trick_cards, win, last))


# Stiche-Raten and Wizard


def sure_tricks(rules: TrickRules, hand: CardSet, unseen: CardSet, players: int) -> int:
    """The tricks a hand takes for sure by the club player's count (module docstring)."""
    count = 0
    trumps = sorted(
        (c for c in iter_cards(hand) if rules.trump_power[c]), key=lambda c: -rules.trump_power[c]
    )
    for below, card in enumerate(trumps):
        higher = sum(1 for c in iter_cards(unseen) if rules.trump_power[c] > rules.trump_power[card])
        count += higher <= below
    for k, mask in rules.class_mask.items():
        if k == FREE:
            continue
        plain = mask & ~rules.trump_mask
        rounds = max(1, popcount(plain) // players - 1)  # rounds before someone runs out, roughly
        mine = sorted(iter_cards(hand & plain), key=lambda c: -rules.lead_power[c])
        for card in mine[:rounds]:
            if any(rules.lead_power[c] > rules.lead_power[card] for c in iter_cards(unseen & plain)):
                break
            count += 1
    return count


def _bidding(session: Session, rng: random.Random) -> Event:
    from stich.games.stiche_raten import BiddingRound
    from stich.hints.dd import hypothetically

    state = session.round
    if not isinstance(state, BiddingRound):
        raise StichError("the bidding heuristic needs a Stiche-Raten or Wizard round")
    seat, n = session.seat, state.game.players
    hand = state.hands[seat] or 0
    legal = session.legal()
    if state.phase == "trump":

        def tricks_with(event: Event) -> int:
            with hypothetically(state, event):
                return sure_tricks(_rules(session), hand, _unseen(state, seat), n)

        return max(legal, key=tricks_with)
    if state.phase == "bid":
        count = sure_tricks(_rules(session), hand, _unseen(state, seat), n) if not state.blind else 0
        return min(legal, key=lambda e: (abs(int(e["bid"]) - count), int(e["bid"])))
    if state.phase == "play":
        need = (state.bids[seat] or 0) - state.won[seat]
        return _plays(session, win=need > 0)
    raise StichError(f"no heuristic for the phase {state.phase!r}")


# Was sticht?


def task_intent(task: str | None, won: int, trick: int, tricks: int) -> bool:
    """Whether a Was sticht? player with ``task`` wants the current trick (``trick`` counts from 0)."""
    if task is None or task == "no-tricks" or task == "fewest-tricks" or task.startswith("no-"):
        return False
    if task.startswith("exactly-"):
        return won < int(task.removeprefix("exactly-"))
    if task == "last-trick":
        return trick == tricks - 1
    return True  # most-tricks


def _playout(
    rules: TrickRules,
    hands: list[CardSet],
    leader: int,
    seat: int,
    task: str,
    tricks: int,
    rng: random.Random,
) -> list[Trick]:
    """The rest of a Was sticht? round: ``seat`` plays for ``task``, the others at random."""
    n = len(hands)
    done: list[Trick] = []
    won = 0
    for t in range(tricks):
        seats = [(leader + i) % n for i in range(n)]
        cards: list[Card] = []
        for position, player in enumerate(seats):
            legal = legal_plays(rules, hands[player], cards)
            if player == seat:
                card = play_for(rules, legal, cards, task_intent(task, won, t, tricks), position == n - 1)
            else:
                card = rng.choice(list(iter_cards(legal)))
            hands[player] &= ~bit(card)
            cards.append(card)
        winner = seats[trick_winner(rules, cards)]
        won += winner == seat
        done.append(Trick(leader, tuple(seats), tuple(cards), winner))
        leader = winner
    return done


def _was_sticht(session: Session, rng: random.Random) -> Event:
    from stich.games.was_sticht import COLOUR_NAMES, DECK, TRICKS, TrickSummary, WasStichtRound, task_made
    from stich.hints.advisors.was_sticht import card_strength

    state = session.round
    if not isinstance(state, WasStichtRound):
        raise StichError("the Was sticht? heuristic needs a Was sticht? round")
    seat = session.seat
    legal = distinct_choices(session.legal())
    values = state.game.chip_values()
    if state.phase == "draft":
        rules = _rules(session)

        def pick_strength(event: Event) -> float:
            card = DECK.parse(event["pick"])
            return card_strength(rules, card, DECK.all & ~bit(card))

        return max(legal, key=pick_strength)
    if state.phase == "tasks":
        rules = _rules(session)
        hands = [h or 0 for h in state.hands]
        n = state.game.players

        def made(event: Event) -> tuple[int, int]:
            task = str(event["task"])
            count = 0
            for _ in range(PLAYOUTS):
                tricks = _playout(rules, list(hands), state.leader, seat, task, TRICKS, rng)
                count += task_made(task, seat, TrickSummary.of(tricks, n))
            return count * values[task], count  # the chip's value expected, then the chance

        return max(legal, key=made)
    if state.phase == "play":
        task = state.tasks.get(seat)
        if task is not None and task.startswith("no-") and task != "no-tricks":
            return _play_event(session, _no_colour_play(state, seat, COLOUR_NAMES.index(task[3:])))
        return _plays(session, task_intent(task, state.won[seat], len(state.tricks), TRICKS))
    if state.phase == "discard":
        return max(legal, key=lambda e: values[str(e["discard"])])
    raise StichError(f"no heuristic for the phase {state.phase!r}")


def _no_colour_play(state: Round, seat: int, colour: int) -> Card:
    """Was sticht?'s ``no-<colour>``: take no trick holding that colour. Last to a trick without
    it, win with the highest card that is not of it (a high card shed safely); otherwise lose,
    throwing the colour's highest losing card first; lead the lowest card of another colour."""
    from stich.games.was_sticht import colour_of

    rules = state.rules()
    if rules is None:
        raise StichError("the trick tables are not known to this seat")
    trick = state.trick_cards
    ordered = sorted(iter_cards(state.legal_cards(seat)), key=lambda c: strength(rules, c))
    last = len(trick) == len(state.trick_order()) - 1
    if not trick:
        other = [c for c in ordered if colour_of(c) != colour]
        return (other or ordered)[0]
    losers = [c for c in ordered if not wins_now(rules, trick, c)]
    if last and not any(colour_of(c) == colour for c in trick):
        safe = [c for c in ordered if colour_of(c) != colour and c not in losers]
        if safe:
            return safe[-1]
    if losers:
        mine = [c for c in losers if colour_of(c) == colour]
        return (mine or losers)[-1]
    other = [c for c in ordered if colour_of(c) != colour]
    return (other or ordered)[-1 if last else 0]


# Stich für Stich


def _winner_spread(
    rules_of: Sequence[TrickRules], weights: Sequence[float], trick: Sequence[Card], card: Card
) -> tuple[float, float]:
    """Over the possible culprits and weapons (``rules_of`` with their ``weights``): the chance
    that ``card`` heads the trick once played, and the bits that the trick's winner as it then
    stands tells of the pair (the entropy of the winning position)."""
    cards = [*trick, card]
    shares: dict[int, float] = {}
    for rules, w in zip(rules_of, weights, strict=True):
        at = trick_winner(rules, cards)
        shares[at] = shares.get(at, 0.0) + w
    total = sum(shares.values()) or 1.0
    bits = -sum(p / total * math.log2(p / total) for p in shares.values() if p > 0)
    return shares.get(len(trick), 0.0) / total, bits


def _possible(post: Any) -> tuple[list[TrickRules], list[float]]:
    hs = [h for h, p in enumerate(post.probabilities) if p > 0]
    return [post.space.rules(h) for h in hs], [post.probabilities[h] for h in hs]


def _stich_fuer_stich(session: Session, rng: random.Random) -> Event:
    from stich.games.stich_fuer_stich import StichFuerStichRound

    state = session.round
    if not isinstance(state, StichFuerStichRound):
        raise StichError("the Stich für Stich heuristic needs a Stich für Stich round")
    if state.phase == "play":
        seat = session.seat
        legal = sorted(iter_cards(state.legal_cards(seat)), key=lambda c: state.deck.name_of(c))
        trick = state.trick_cards
        last = len(trick) == len(state.trick_order()) - 1
        known = state.rules()
        if known is not None and seat != state.confidant:
            # A sleuth who has solved the case plays for the tricks alone.
            return _play_event(session, play_for(known, state.legal_cards(seat), trick, True, last))
        if known is not None and session.tracker is not None:
            # The confidant: win the trick, telling the sleuths still searching as little as can be.
            searching = [s for s in state.sleuths if state.solved_at[s] is None]

            def confidant_value(card: Card) -> tuple[float, int]:
                wins = wins_now(known, trick, card)
                leak = 0.0
                for s in searching:
                    leak += _winner_spread(*_possible(session.posterior(s)), trick, card)[1]
                leak /= max(1, len(searching))
                high = strength(known, card)[0] * 64 + strength(known, card)[1]
                return wins - LEAK_WEIGHT * leak, high if wins and not last else -high

            return _play_event(session, max(legal, key=confidant_value))
        post = session.posterior()
        if post is None:
            raise StichError("the play needs the culprit and weapon's posterior")
        rules_of, weights = _possible(post)

        def sleuth_value(card: Card) -> tuple[float, int]:
            chance, bits = _winner_spread(rules_of, weights, trick, card)
            number = max(r.lead_power[card] for r in rules_of)
            return chance + INFO_WEIGHT * bits, -number

        return _play_event(session, max(legal, key=sleuth_value))
    if state.phase == "search":
        post = session.posterior()
        if post is None or session.tracker is None:
            raise StichError("a guess needs the culprit and weapon's posterior")
        pair = session.tracker.space.to_json(_most_likely(post.probabilities))
        guess = [pair["culprit"], pair["weapon"]]
        for event in session.legal():
            if event.get("guess") == guess:
                return event
        raise StichError(f"the guess {guess} is not legal")
    raise StichError(f"no heuristic for the phase {state.phase!r}")


# 24


def _beaten_by(rules: TrickRules, trick: Sequence[Card], card: Card, unseen: CardSet) -> bool:
    """Whether some unseen card, played after ``card`` to ``trick``, would take the trick from it."""
    cards = [*trick, card]
    at = len(trick)
    return any(trick_winner(rules, [*cards, u]) != at for u in iter_cards(unseen))


def _lead_strength(rules: TrickRules, hand: CardSet, unseen: CardSet) -> int:
    """How many unseen cards the cards of ``hand`` beat when led, summed: a hand's strength in
    one order (24's reversal)."""
    return sum(1 for c in iter_cards(hand) for u in iter_cards(unseen) if trick_winner(rules, [c, u]) == 0)


def _play_24(state: Round, seat: int, rules: TrickRules) -> Card:
    """24's card play (module docstring): bank a trick with the cheapest sure winner, take a
    trick cheaply as the last to play, keep the high cards otherwise, and lead the lowest card of
    the shortest side suit to make a void to trump in."""
    legal = state.legal_cards(seat)
    trick = state.trick_cards
    unseen = _unseen(state, seat)
    ordered = sorted(iter_cards(legal), key=lambda c: strength(rules, c))
    sure = [c for c in ordered if wins_now(rules, trick, c) and not _beaten_by(rules, trick, c, unseen)]
    if sure:
        return sure[0]
    if trick:
        winners = [c for c in ordered if wins_now(rules, trick, c)]
        return winners[-1] if winners else ordered[0]
    return ordered[-1]


def _vierundzwanzig(session: Session, rng: random.Random) -> Event:
    from stich.games.vierundzwanzig import (
        SUITS,
        TWENTY_FOUR,
        VierUndZwanzigRound,
        rules_24,
        suit_of,
        value_of,
    )

    state = session.round
    seat = session.seat
    hand = state.hands[seat] or 0
    legal = session.legal()
    if state.phase == "trump":

        def weight(event: Event) -> tuple[int, int]:
            suit = SUITS.index(str(event["trump"]))
            cards = [c for c in iter_cards(hand) if c == TWENTY_FOUR or suit_of(c) == suit]
            return len(cards), sum(value_of(c) for c in cards)

        return max((e for e in legal if not e.get("blind")), key=weight)
    if state.phase == "exchange":
        rules = _rules(session)
        weak = []
        for card in iter_cards(hand & ~rules.trump_mask):
            peers = rules.class_mask.get(rules.cls[card], 0) & ~rules.trump_mask
            below = sum(1 for c in iter_cards(peers) if rules.lead_power[c] < rules.lead_power[card])
            if below < WEAK_24 and value_of(card) != 1:
                weak.append(card)
        weak.sort(key=lambda c: rules.lead_power[c])
        names = sorted(state.deck.names(weak[:3]))
        exchanges = [e for e in legal if "exchange" in e and isinstance(e["exchange"], list)]
        for event in exchanges:
            if sorted(event["exchange"]) == names:
                return event
        return min(exchanges, key=lambda e: len(e["exchange"])) if exchanges else legal[0]
    if state.phase == "play":
        rules = _rules(session)
        card = _play_24(state, seat, rules)
        name = state.deck.name_of(card)
        reverse = False
        # A 1 declares the order of the next trick: the one in which what is left of the hand
        # beats more of the unseen cards.
        if (
            value_of(card) == 1
            and card != TWENTY_FOUR
            and isinstance(state, VierUndZwanzigRound)
            and state.next_trump is not None
        ):
            trump, now_reversed = state.next_trump, state.next_reversed
            rest = hand & ~bit(card)
            unseen = _unseen(state, seat)
            keep = _lead_strength(rules_24(trump, now_reversed), rest, unseen)
            turn = _lead_strength(rules_24(trump, not now_reversed), rest, unseen)
            reverse = turn > keep
        for event in legal:
            if event.get("play") == name and bool(event.get("reverse")) == reverse and "trump" not in event:
                return event
        return _play_event(session, card)
    raise StichError(f"no heuristic for the phase {state.phase!r}")


_HEURISTICS: dict[str, Callable[[Session, random.Random], Event]] = {
    "stiche-raten": _bidding,
    "wizard": _bidding,
    "was-sticht": _was_sticht,
    "stich-fuer-stich": _stich_fuer_stich,
    "24": _vierundzwanzig,
}
