"""Stiche-Raten and Wizard: the dealer's trump choice (Wizard, a wizard turned), bids and plays.

A bid: each world is played out to the end with every seat playing for its own bid
(`hints.advisors.bids.playout`): the seat for the bid being valued, the seats that have bid
for their bids, the seats still to bid for the bid a player holding their hand would
make. The count the seat ends with in that play-out is what the bid is judged by: it is
*hit* in the world when the two are equal. The others play neither for nor against the
seat, as at the table; a seat that wants to duck can, unless the others' own bids make
them push the trick on it. Wizard's dealer values each trump suit by the best bid it
allows on the same model.

A card, once the bids are made: the same play-out, from the card on (`cards_played_out`):
the chance to hit the bid and the expected score are those of the round played with
every seat playing for its own bid. In the true deal, every card known (`stich analyze`),
a card is valued by the solver instead (`play_solved`): can the seat still end with
*exactly* its bid against everyone after it (the ``exact`` objective); a miss counts as
one trick over when the seat could still reach its bid, else as the most it can take;
where the scoring pays more for the most tricks (a missed bid scoring its tricks), the
seat plays for those; a seat already over its bid aims to take no more. The expected
score of each bid or card follows from the round's scoring (standard, strict, minus,
Wizard's, a blind round's double). Where the game's scores are known (`Session.standings`),
every seat's tricks at the end of a play-out become every seat's points, and these the seat's
chance to win the game (``p_win``, `hints.standings`); ``--objective win`` ranks by it. It is a
model, not a proof (see ``docs/advice.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from stich.games.base import Event
from stich.games.errors import StichError
from stich.games.events import event_bid, event_play, event_trump
from stich.games.stiche_raten import BiddingRound, score_bid
from stich.hints.advisors.bids.heuristic import HEURISTIC as HEURISTIC
from stich.hints.advisors.bids.others import (
    fitting_draw,
)
from stich.hints.advisors.bids.played import (
    cards_played_out,
    played_out,
    scored,
    tricks_by_card,
)
from stich.hints.advisors.bids.playout import PLAIN, Opponents
from stich.hints.dd import (
    hypothetically,
    most_tricks,
    move_event,
    move_values,
    one_against_all,
    position,
)
from stich.hints.figures import CHANCE, POINTS, TRICKS, shown
from stich.hints.session import Session
from stich.hints.standings import OBJECTIVE_WIN_NEEDS, Standings
from stich.hints.valuation import Advice, Alternative, Budget, Evaluate, Tally, Valuation, worlds_text
from stich.hints.worlds import World, WorldSource
from stich.solvers import ObjectiveSpec

__all__ = ["ADVISOR", "PLAYOUTS_PER_WORLD", "BiddingAdvisor", "points_or_win"]


PLAYOUTS_PER_WORLD = 16
"""A play-out costs a small share of a solved world: a budget of N worlds plays out this many
times N worlds (with a budget of seconds, as many as the time allows)."""
METHOD = "play-outs of sampled worlds, every seat playing for its own bid"
"""How every valuation of this advisor but a round without bids values its choices."""


@dataclass
class PlayOutValuation(Valuation):
    """A valuation by play-outs: a budget of worlds buys `PLAYOUTS_PER_WORLD` play-outs a world.
    ``truth``: how the choices are valued in the true deal, every card known (`stich analyze`),
    when not by one play-out of it: double-dummy, as before the play-outs (a bid by the most
    tricks against everyone, a card by the solver's ``exact`` question)."""

    truth: Evaluate | None = None

    def advise(self, session: Session, budget: Budget) -> Advice:
        if budget.worlds is not None:
            budget = replace(budget, worlds=budget.worlds * PLAYOUTS_PER_WORLD)
        return super().advise(session, budget)

    def true_values(self, world: World, seconds: float | None = None) -> list[float] | None:
        if self.truth is None:
            return super().true_values(world, seconds)
        return replace(self, evaluate=self.truth, truth=None).true_values(world, seconds)


def _goal(bid: int, need: int) -> str:
    """Where the seat stands with its bid, for the card advice's sentence."""
    if need < 0:
        return f"your bid of {bid} is already over by {-need}"
    if need == 0:
        if bid == 0:
            return "you have taken no trick, as you bid: take none"
        return f"you have the {_tricks(bid)} you bid: take no more"
    return f"you need {need} more trick{'s' if need != 1 else ''} for your bid of {bid}"


def _quantiles(xs: Sequence[float]) -> tuple[int, int, int]:
    """The 10 %, 50 % and 90 % points of a list of counts."""
    ordered = sorted(int(x) for x in xs)
    n = len(ordered)
    return ordered[int(0.1 * (n - 1))], ordered[(n - 1) // 2], ordered[int(0.9 * (n - 1))]


def _tricks(n: int) -> str:
    return "no trick" if n == 0 else f"{n} trick" + ("s" if n != 1 else "")


def _with_win(
    points: float, figures: dict[str, float], p_win: float, win: bool
) -> tuple[float, dict[str, float]]:
    """A choice's value and figures in one world with its chance to win: the chance as the value
    and the points as a figure (``win``), or the chance as a figure."""
    if win:
        return p_win, {"points": points, **figures}
    return points, {"p_win": p_win, **figures}


def points_or_win(alternatives: Sequence[Alternative], win: bool, situation: str) -> str:
    """The chance to win beside the expected points, for the reason: the choice with the most
    points and the one with the best chance to win, and what the one costs in the other when
    they are not the same ("bid 0: 0.40 points less on average, but your chance to win rises
    from 31% to 35%: you lead by 14 with 2 rounds after this one")."""

    def points(a: Alternative) -> float:
        return a.figures["points"] if win else a.value

    def chance(a: Alternative) -> float:
        return a.value if win else a.figures["p_win"]

    by_points = max(alternatives, key=points)
    by_win = max(alternatives, key=chance)
    rise = shown(CHANCE, chance(by_win)) != shown(CHANCE, chance(by_points))
    if by_points is by_win or not rise:
        best = alternatives[0]
        return f"your chance to win with {best.label} is {shown(CHANCE, chance(best))}: {situation}"
    less = shown(POINTS, points(by_points) - points(by_win))
    return (
        f"{by_win.label}: {less} points less on average than {by_points.label}, but your chance to win "
        f"rises from {shown(CHANCE, chance(by_points))} to {shown(CHANCE, chance(by_win))}: {situation}"
    )


@dataclass(frozen=True)
class BiddingAdvisor:
    """Advice for Stiche-Raten and Wizard. ``opponents``: how its play-outs' other seats
    depart from the club player's policy (`hints.advisors.bids.playout.Opponents`; by default
    not at all)."""

    opponents: Opponents = PLAIN
    others_by_model: bool = False
    """Where the game's scores are known: the chance to win from the seat's own points in the
    play-outs alone, the others' points this round taken from the model of the standings (as in
    the rounds after it) rather than from the play-outs, whose other seats hit their bids more
    often than a table does (the worlds are drawn to fit the bids by the play-outs' policy)."""

    def _chance(self, standings: Standings, state: BiddingRound, points: list[int], seat: int) -> float:
        """The seat's chance to win once the round scores ``points`` (`others_by_model`)."""
        if self.others_by_model:
            return standings.chance_alone(state.game, points[seat], seat, state.size)
        return standings.chance(state.game, points, seat)

    def valuation(self, session: Session) -> Valuation | Advice:
        state = session.round
        if not isinstance(state, BiddingRound):
            raise StichError("the bidding advisor needs a Stiche-Raten or Wizard round")
        if session.objective == "win" and state.phase == "trump":
            raise StichError(
                "--objective win ranks bids and cards; the trump is ranked by its points (--objective points)"
            )
        if state.phase == "trump":
            return self.trump(session, state)
        if state.phase == "bid":
            return self.bid(session, state)
        if state.phase == "play":
            return self.play(session, state)
        raise StichError(f"no advice for the phase {state.phase!r}")

    def bid(self, session: Session, state: BiddingRound) -> Valuation:
        seat = session.seat
        legal = session.legal()
        bids = [event_bid(e) for e in legal]
        blind = state.blind
        # A blind bid is made before looking at the cards: the seat's own hand is a guess too.
        source = WorldSource(session, unseen=(state.hands[seat] or 0) if blind else 0)
        scoring = state.scoring()
        standings = session.standings
        win = session.objective == "win"
        if win and standings is None:
            raise StichError(OBJECTIVE_WIN_NEEDS)

        def evaluate(world: World) -> tuple[list[float], list[dict[str, float]]]:
            if standings is None:
                counts = played_out(state, world.hands, seat, bids, opponents=self.opponents)
                return scored([(bid, counts[bid]) for bid in bids], scoring, blind, tricks=True)
            outcomes: dict[int, tuple[list[int], tuple[int, ...]]] = {}
            counts = played_out(state, world.hands, seat, bids, outcomes, self.opponents)
            scores, figures = scored([(bid, counts[bid]) for bid in bids], scoring, blind, tricks=True)
            for i, bid in enumerate(bids):
                every_bid, tricks = outcomes[bid]
                points = [score_bid(b, t, scoring, blind) for b, t in zip(every_bid, tricks, strict=True)]
                scores[i], figures[i] = _with_win(
                    scores[i], figures[i], self._chance(standings, state, points, seat), win
                )
            return scores, figures

        def explain(alternatives: list[Alternative], tally: Tally) -> str:
            best = alternatives[0]
            index = bids.index(event_bid(best.action))
            low, mid, high = _quantiles(tally.figures[index]["tricks"])
            hand = "a hand dealt now (bidding blind)" if blind else "your hand"
            worlds = worlds_text(tally.worlds)
            played = f"played out with every seat playing for its own bid, {hand}, playing for {best.label}"
            if low == high:
                takes = f"{played}, takes {_tricks(mid)} in nearly all of {worlds}"
            else:
                takes = f"{played}, takes {low} to {_tricks(high)} (median {mid}) in {worlds}"
            hit = 100 * best.figures["p_hit"]
            points = best.figures["points"] if win else best.value
            text = f"{takes}; {best.label} is hit in {hit:.0f}% (expected {shown(POINTS, points)} points)"
            if standings is not None:
                text += "; " + points_or_win(alternatives, win, standings.situation(seat))
            forbidden = state.forbidden_bid(seat)
            if forbidden is not None:
                text += f"; {forbidden} is barred (the bids would add up to the tricks)"
            return text

        def solved(world: World) -> tuple[list[float], list[dict[str, float]]]:
            """In the true deal (`stich analyze`): the most tricks against everyone, as before."""
            tricks = state.won[seat] + most_tricks(
                state, world.hands, seat, imagined=(seat,) if blind else ()
            )
            scores = [float(score_bid(b, tricks, scoring, blind)) for b in bids]
            return scores, [{"p_hit": float(tricks == b)} for b in bids]

        choices = [(e, f"bid {event_bid(e)}") for e in legal]
        return PlayOutValuation(
            "bid",
            choices,
            evaluate,
            fitting_draw(source.draw, state, seat),
            "chance to win" if win else "expected points",
            explain,
            method=METHOD,
            truth=solved,
        )

    def play(self, session: Session, state: BiddingRound) -> Valuation:
        """A card: valued by play-outs, as bids are (`play_played_out`); in the true deal, every
        card known, by the solver's question (`play_solved`). Without bids: the most tricks."""
        if not state.has_bids():
            return self.play_for_tricks(session, state)
        played = self.play_played_out(session, state)
        assert isinstance(played, PlayOutValuation)
        played.truth = self.play_solved(session, state).evaluate
        return played

    def play_solved(self, session: Session, state: BiddingRound) -> Valuation:
        """A card valued by the solver: can the seat still end with exactly its bid against
        everyone after it (module docstring; the card advice before play-outs)."""
        seat = session.seat
        bid = state.bids[seat]
        if bid is None:
            raise StichError("the bids are not complete")
        legal = session.legal()
        source = WorldSource(session)
        scoring = state.scoring()
        won = state.won[seat]
        need = bid - won

        def evaluate(world: World) -> tuple[list[float], list[dict[str, float]]]:
            by_card = tricks_by_card(state, world.hands, seat, bid, scoring)
            return scored([(bid, by_card[event_play(e)]) for e in legal], scoring, state.blind)

        def explain(alternatives: list[Alternative], tally: Tally) -> str:
            best = alternatives[0]
            worlds = tally.worlds
            if need < 0:
                text = (
                    f"your bid of {bid} is already over by {-need}; {best.label} is worth "
                    f"{shown(POINTS, best.value)} points on average over {worlds_text(worlds)}"
                )
                if len(alternatives) > 1:
                    text += f", {alternatives[1].label} {shown(POINTS, alternatives[1].value)}"
                return text
            text = (
                f"{_goal(bid, need)}; with {best.label} it is hit in {100 * best.figures['p_hit']:.0f}% of "
                f"{worlds_text(worlds)} (expected {shown(POINTS, best.value)} points)"
            )
            if len(alternatives) > 1:
                second = alternatives[1]
                text += f", with {second.label} {100 * second.figures['p_hit']:.0f}%"
            return text

        choices = [(e, event_play(e)) for e in legal]
        return Valuation("play", choices, evaluate, source.draw, "expected points", explain)

    def play_played_out(self, session: Session, state: BiddingRound) -> Valuation:
        """Cards valued by play-outs, as bids are: per world, after each card the round is played
        out with every seat playing for its own bid (`cards_played_out`); where the game's scores
        are known, each card's chance to win too, as a bid's."""
        seat = session.seat
        bid = state.bids[seat]
        if bid is None:
            raise StichError("the bids are not complete")
        legal = session.legal()
        source = WorldSource(session)
        scoring = state.scoring()
        standings = session.standings
        win = session.objective == "win"
        if win and standings is None:
            raise StichError(OBJECTIVE_WIN_NEEDS)
        every_bid = [b if b is not None else 0 for b in state.bids]

        def evaluate(world: World) -> tuple[list[float], list[dict[str, float]]]:
            if standings is None:
                counts = cards_played_out(state, world.hands, seat, opponents=self.opponents)
                return scored([(bid, counts[event_play(e)]) for e in legal], scoring, state.blind)
            outcomes: dict[str, tuple[int, ...]] = {}
            counts = cards_played_out(state, world.hands, seat, outcomes, self.opponents)
            scores, figures = scored([(bid, counts[event_play(e)]) for e in legal], scoring, state.blind)
            for i, event in enumerate(legal):
                tricks = outcomes[event_play(event)]
                points = [
                    score_bid(b, t, scoring, state.blind) for b, t in zip(every_bid, tricks, strict=True)
                ]
                scores[i], figures[i] = _with_win(
                    scores[i], figures[i], self._chance(standings, state, points, seat), win
                )
            return scores, figures

        need = bid - state.won[seat]

        def explain(alternatives: list[Alternative], tally: Tally) -> str:
            best = alternatives[0]
            hit = shown(CHANCE, best.figures["p_hit"])
            points = best.figures["points"] if win else best.value
            text = (
                f"{_goal(bid, need)}; played out with every seat playing for its own bid, "
                f"with {best.label} it is hit in {hit} of {worlds_text(tally.worlds)} "
                f"(expected {shown(POINTS, points)} points)"
            )
            if len(alternatives) > 1:
                second = alternatives[1]
                text += f", with {second.label} {shown(CHANCE, second.figures['p_hit'])}"
            if standings is not None:
                text += "; " + points_or_win(alternatives, win, standings.situation(seat))
            return text

        choices = [(e, event_play(e)) for e in legal]
        return PlayOutValuation(
            "play",
            choices,
            evaluate,
            fitting_draw(source.draw, state, seat),
            "chance to win" if win else "expected points",
            explain,
            method=METHOD,
        )

    def play_for_tricks(self, session: Session, state: BiddingRound) -> Valuation:
        """A round without bids (option ``bidding: none``): each card is worth the most tricks the
        seat can still take after it, against everyone."""
        seat = session.seat
        legal = session.legal()
        source = WorldSource(session)

        def evaluate(world: World) -> tuple[list[float], None]:
            teams = one_against_all(seat, range(len(world.hands)))
            mine = position(state, world.hands, ObjectiveSpec("tricks", seat=seat), teams)
            most = {move_event(state, seat, m)["play"]: v for m, v in move_values(mine)}
            return [float(state.won[seat] + most[event_play(event)]) for event in legal], None

        def explain(alternatives: list[Alternative], tally: Tally) -> str:
            best = alternatives[0]
            return (
                f"no bids: with {best.label} you take {shown(TRICKS, best.value)} tricks on average "
                f"in {worlds_text(tally.worlds)}"
            )

        choices = [(e, event_play(e)) for e in legal]
        return Valuation("play", choices, evaluate, source.draw, "expected tricks", explain)

    def trump(self, session: Session, state: BiddingRound) -> Valuation:
        """Wizard: the dealer names the trump after a turned wizard; each suit is worth its best bid."""
        seat = session.seat
        legal = session.legal()
        source = WorldSource(session)
        scoring = state.scoring()
        per = state.size + 1

        def evaluate(world: World) -> tuple[list[float], None]:
            scores: list[float] = []  # suit by suit, each bid 0..size
            for event in legal:
                with hypothetically(state, event):
                    counts = played_out(state, world.hands, seat, range(per))
                scores += [float(score_bid(b, counts[b], scoring)) for b in range(per)]
            return scores, None

        def solved(world: World) -> tuple[list[float], None]:
            """In the true deal (`stich analyze`): each bid by the most tricks against everyone."""
            scores: list[float] = []
            for event in legal:
                with hypothetically(state, event):
                    most = most_tricks(state, world.hands, seat)
                scores += [float(score_bid(b, most, scoring)) for b in range(per)]
            return scores, None

        def collapse(values: Sequence[float]) -> list[float]:
            return [max(values[i * per : (i + 1) * per]) for i in range(len(legal))]

        def rank(tally: Tally) -> list[Alternative]:
            found = []
            for i, event in enumerate(legal):
                best_bid = max(range(per), key=lambda k: tally.mean(i * per + k))
                index = i * per + best_bid
                label = f"trump {event_trump(event)}"
                found.append(
                    Alternative(
                        event, label, tally.mean(index), tally.stderr(index), {"best_bid": float(best_bid)}
                    )
                )
            return sorted(found, key=lambda a: -a.value)

        def explain(alternatives: list[Alternative], tally: Tally) -> str:
            best = alternatives[0]
            return (
                f"with {best.label} your best bid is {best.figures['best_bid']:.0f}, expected "
                f"{shown(POINTS, best.value)} points over {worlds_text(tally.worlds)}"
            )

        choices: list[tuple[Event, str]] = [(e, f"trump {event_trump(e)}") for e in legal]
        return PlayOutValuation(
            "trump",
            choices,
            evaluate,
            source.draw,
            "expected points of the best bid",
            explain,
            collapse=collapse,
            rank=rank,
            width=len(legal) * per,
            method=METHOD,
            truth=solved,
        )


ADVISOR = BiddingAdvisor()
