"""Stiche-Raten and Wizard: the round played out from a world, every seat for its own bid
(`played_out`, `cards_played_out`), and the tricks and points each bid or card ends with."""

from __future__ import annotations

from collections.abc import Sequence

from stich.games.cards import CardSet, iter_cards
from stich.games.stiche_raten import BiddingRound, score_bid
from stich.hints.advisors.bids.others import (
    guessed_bids,
    others_bids,
    play_out_start,
)
from stich.hints.advisors.bids.playout import PLAIN, Opponents, play_out
from stich.hints.dd import (
    exact_by_move,
    most_tricks_by_move,
    move_event,
)
from stich.solvers.solver import Move


def played_out(
    state: BiddingRound,
    hands: Sequence[CardSet],
    seat: int,
    bids: Sequence[int],
    everyone: dict[int, tuple[list[int], tuple[int, ...]]] | None = None,
    opponents: Opponents = PLAIN,
) -> dict[int, int]:
    """For each bid of ``bids``: the tricks ``seat`` ends the round with in one world when it
    plays for that bid and every other seat for its own (`others_bids`), by the play-out
    policy of `hints.advisors.bids.playout`. Before the first card only. With ``everyone``: also,
    for each bid, every seat's bid and the tricks every seat ends with. ``opponents``: how
    the other seats depart from the policy (`play_out`)."""
    tables, live, mine, takes = play_out_start(state, hands)
    guesses = guessed_bids(state, hands, seat)
    groups: dict[tuple[int, ...], list[int]] = {}
    for bid in bids:
        groups.setdefault(tuple(others_bids(state, hands, seat, bid, guesses)), []).append(bid)
    found: dict[int, int] = {}
    for every_bid, group in groups.items():
        tricks: dict[int, tuple[int, ...]] | None = {} if everyone is not None else None
        play_out(
            tables,
            list(mine),
            list(state.won),
            state.leader,
            every_bid,
            live,
            takes,
            seat,
            group,
            found,
            (),
            tricks,
            opponents,
        )
        if everyone is not None and tricks is not None:
            for bid in group:
                everyone[bid] = (list(every_bid), tricks[bid])
    return found


def cards_played_out(
    state: BiddingRound,
    hands: Sequence[CardSet],
    seat: int,
    everyone: dict[str, tuple[int, ...]] | None = None,
    opponents: Opponents = PLAIN,
) -> dict[str, int]:
    """For each legal card of ``seat`` (to move, the bids made): the tricks it ends the round with
    in one world when it plays that card and then every seat plays for its own bid. With
    ``everyone``: also, for each card, the tricks every seat ends with. ``opponents``:
    as `played_out`'s."""
    tables, live, mine, takes = play_out_start(state, hands)
    bids = [b if b is not None else 0 for b in state.bids]
    table = [tables.place[c] for c in state.trick_cards]
    found: dict[str, int] = {}
    for card in iter_cards(state.legal_cards(seat) & hands[seat]):
        local = tables.place[card]
        start = list(mine)
        start[seat] &= ~(1 << local)
        counts: dict[int, int] = {}
        tricks: dict[int, tuple[int, ...]] | None = {} if everyone is not None else None
        leader = state.leader
        play_out(
            tables,
            start,
            list(state.won),
            leader,
            bids,
            live,
            takes,
            seat,
            [bids[seat]],
            counts,
            [*table, local],
            tricks,
            opponents,
        )
        name = state.deck.name_of(card)
        found[name] = counts[bids[seat]]
        if everyone is not None and tricks is not None:
            everyone[name] = tricks[bids[seat]]
    return found


def aim_of(bid: int, won: int) -> int:
    """The count a seat plays for once its bid is made: the bid, or (already over) no more."""
    return max(bid, won)


def tricks_after_card(bid: int, won: int, made: bool, most: int, scoring: str, blind: bool) -> int:
    """The tricks a seat is taken to end with after a card, in one world: its aim if it can
    force exactly that against everyone (``made``); else one over when it could still reach
    it, or ``most`` (the most it can take against everyone) when it cannot. Where the
    scoring pays more for a miss with ``most`` (a missed bid scoring its tricks), it plays
    for that; reaching the bid that way would count on the others to hold it to it."""
    aim = aim_of(bid, won)
    if made:
        aimed = aim
    elif most >= aim:
        aimed = aim + 1  # it could get there, but the others push one more on it
    else:
        aimed = most
    if most != bid and score_bid(bid, most, scoring, blind) > score_bid(bid, aimed, scoring, blind):
        return most
    return aimed


def tricks_by_card(
    state: BiddingRound, hands: Sequence[CardSet], seat: int, bid: int, scoring: str
) -> dict[str, int]:
    """For each legal card of ``seat`` (to move), in one world: the tricks it is taken to end
    with (`tricks_after_card`), asking the solver no more than that needs.

    Whether the seat can force exactly its aim after each card is one cheap question. Where it
    can, the count is the aim, unless the scoring could pay more for some other count (then the
    most it can take is solved). Where it cannot, "can it still take the aim?" is one question
    a card; only below the aim (or where a count past it could pay more) is the most solved."""
    won = state.won[seat]
    aim = aim_of(bid, won)
    last = won + hands[seat].bit_count()  # the most it could end with

    def pays_more(than: int, start: int) -> bool:
        """Whether ending with some count from ``start`` on (not the bid) scores more than
        ``than``: then `tricks_after_card` needs the most the seat can take."""
        score = score_bid(bid, than, scoring, state.blind)
        counts = range(start, last + 1)
        return any(t != bid and score_bid(bid, t, scoring, state.blind) > score for t in counts)

    exact = exact_by_move(state, hands, seat, aim)
    names = {m.card: str(move_event(state, seat, m)["play"]) for m in exact}
    made = {m.card for m, v in exact.items() if v}
    missed = {m.card for m, v in exact.items() if not v}
    need = aim - won  # of the tricks to come
    tricks = {names[c]: aim for c in made}
    whole = set(made) if pays_more(aim, won) else set()  # the most decides made cards too
    if pays_more(aim + 1, aim):
        whole |= missed
        missed = set()
    most: dict[Move, int] = {}
    if whole:
        most |= most_tricks_by_move(state, hands, seat, only=whole, guess=need)
    if missed:
        # Only below the aim does the number matter: one question for a card that reaches it.
        most |= most_tricks_by_move(state, hands, seat, only=missed, hi=need, guess=need)
    for m, v in most.items():
        tricks[names[m.card]] = tricks_after_card(bid, won, m.card in made, won + v, scoring, state.blind)
    return tricks


def scored(
    counts: Sequence[tuple[int, int]], scoring: str, blind: bool, tricks: bool = False
) -> tuple[list[float], list[dict[str, float]]]:
    """One world's scores and figures of each choice from its (bid, tricks the seat ends with):
    the round's score, ``p_hit`` (1 where the two are equal), and with ``tricks`` the count."""
    scores: list[float] = []
    figures: list[dict[str, float]] = []
    for bid, count in counts:
        scores.append(float(score_bid(bid, count, scoring, blind)))
        figure = {"p_hit": float(count == bid)}
        if tricks:
            figure["tricks"] = float(count)
        figures.append(figure)
    return scores, figures
