"""Stich für Stich: the sleuths' guesses and plays, the confidant's announcements and plays.

*Guess.* Every sleuth hands in a culprit and a weapon in each search, and a false
suspicion costs nothing but the chance: the best guess is the pair most likely to be
the secret, never one the announcements have ruled out; once only one pair remains it
is the solution.

*Winner.* The confidant knows the secret: the rules leave one announcement.

*Play.* Over sampled worlds (the hidden hands, and for a sleuth the secret from its
posterior), each card's double-dummy trick points for the seat, and for a sleuth how
much the announcement after the trick will tell (expected entropy left), for the
confidant how much it gives away. Both are shown; the ranking adds ``INFO_WEIGHT``
points per bit gained (sleuth) or subtracts it per bit given away (confidant), since
solving one trick earlier is worth one investigation point and a bit is roughly a
halving of the pairs left. A weight of 1 was tried and not adopted: ahead of 0.5 at a
3-player table with the heuristic, behind it at a 4-player table with the heuristic and a
random player (docs/research/2026-12-03-was-sticht-depth.md). A sleuth's bits are those of
the belief it guesses by (the pairs weighed by the confidant's cards); a sleuth who has
solved plays for the tricks alone (``SOLVED_WEIGHT`` 0: what the others learn then changes
none of its points; docs/research/2026-12-03-stich-fuer-stich-strength.md).

*Each seat for itself.* Double-dummy plays the other seats together against the seat, which
they are not: each plays for its own tricks and investigation. A card's trick points in a world
are therefore ``PLAYOUT_SHARE`` (half) those of a play-out in which, after the card, every seat
plays for its own tricks by the rule of thumb of `_policy_card` with the hands open
(`own_play_out`), and the rest the double-dummy value against the others together. Over five
seeds of 100 deals against the heuristic with the random player, paired by deal, the half
share was +0.07 [0.01, 0.13] points a round ahead of double-dummy alone; head to head without
the random player it was even (docs/research/2026-12-03-stich-fuer-stich-strength.md). The
play-out alone was not better.

A world's search gets ``WORLD_NODES`` nodes (the seat's value and every card's): at full
hands one world in three needs millions (proving that the seat makes its one trick against
three), and the advice would see one world where it could see a hundred. A world past the
limit is played out instead (`play_out`): after each card every seat plays by a rule of
thumb with the hands open, the others together against the seat, and the seat's tricks are
the card's value there (docs/advice.md, "Speed").
"""

from __future__ import annotations

from dataclasses import dataclass

from stich.deducer.hypotheses import members
from stich.games.errors import StichError
from stich.games.events import GuessEvent, event_guess, event_play, event_winner
from stich.games.stich_fuer_stich import StichFuerStichRound
from stich.hints.advisors.stich_fuer_stich.belief import belief
from stich.hints.advisors.stich_fuer_stich.heuristic import HEURISTIC as HEURISTIC
from stich.hints.dd import SOLVERS, current_deadline, one_against_all, position
from stich.hints.figures import BITS, CHANCE, POINTS, shown
from stich.hints.session import Session
from stich.hints.valuation import (
    Advice,
    Alternative,
    Tally,
    TrueValues,
    Valuation,
    exact_verdict,
    forced_advice,
    worlds_text,
)
from stich.hints.worlds import World, WorldSource
from stich.solvers import ObjectiveSpec, Position, Solver
from stich.solvers.solver import Move, Node, SolveTimeout

__all__ = [
    "ADVISOR",
    "INFO_WEIGHT",
    "PLAYOUT_SHARE",
    "SOLVED_WEIGHT",
    "WORLD_NODES",
    "StichFuerStichAdvisor",
    "card_points",
    "own_play_out",
    "play_out",
    "world_points",
]

INFO_WEIGHT = 0.5  # trick points per bit of information
SOLVED_WEIGHT = 0.0  # a sleuth who has solved: trick points per bit it gives away
PLAYOUT_SHARE = 0.5  # a card's trick points: this share from the play-out of every seat for itself
WORLD_NODES = 20_000
"""The nodes a world's search may take (its value and every card's) before the world is played
out instead: some 5-10 ms of the compiled search (docs/advice.md, "Speed")."""


def _ascending(solver: Solver, live: int) -> list[int]:
    """Every card, weakest first (ties by index)."""
    strength = solver.tables.strength[live]
    return sorted(range(solver.size), key=lambda c: (strength[c], c))


def _policy_card(solver: Solver, node: Node, lone: int, ascending: list[int] | None = None) -> int:
    """The card a seat plays by a rule of thumb with every hand open, the others together against
    the ``lone`` seat; the strongest card takes the trick (ties to the first), nobody need follow.

    The lone seat takes the trick with its cheapest card that beats what lies and that no other
    seat still to play can beat, else throws its weakest card. The others: once the lone seat's
    card lies, the cheapest card that takes the trick from it, else the weakest (nothing to do
    when one of them already has it); before it, the cheapest card the lone seat cannot beat
    when it could take the trick as it stands, else the weakest. ``ascending``: `_ascending` of
    the node's rule state, if known."""
    strength = solver.tables.strength[node.live]
    order = _ascending(solver, node.live) if ascending is None else ascending
    seat, hands = node.seat, node.hands
    hand = hands[seat]
    cards = [c for c in order if hand >> c & 1]
    lying = strength[node.wcard] if node.wcard >= 0 else None
    nxt = solver.seating.nxt
    later: list[int] = []
    s = nxt[seat]
    for _ in range(len(solver.seats) - 1 - node.k):
        later.append(s)
        s = nxt[s]

    def beats(c: int, level: int | None) -> bool:
        return level is None or strength[c] > level

    def top(seats: list[int]) -> int | None:
        held = 0
        for o in seats:
            held |= hands[o]
        for c in reversed(order):
            if held >> c & 1:
                return strength[c]
        return None

    if seat == lone:
        above = top(later)
        for c in cards:
            if beats(c, lying) and (above is None or strength[c] > above):
                return c
        return cards[0]
    if lone not in later:  # the lone seat has played (or plays no more)
        if node.wseat == lone:
            for c in cards:
                if beats(c, lying):
                    return c
        return cards[0]
    best_lone = top([lone])
    if best_lone is not None and (lying is None or best_lone > lying):
        for c in cards:
            if strength[c] >= best_lone:  # ties go to the card played first
                return c
    return cards[0]


def play_out(solver: Solver, node: Node, lone: int) -> list[tuple[Move, int]]:
    """Each legal move of the seat to move with the tricks the ``lone`` seat takes from here when
    every seat then plays by the rule of thumb of `_policy_card` (counted as `Solver.move_values`
    counts them: the side's tricks from ``node``)."""
    out: list[tuple[Move, int]] = []
    ascending = _ascending(solver, node.live)  # one ranking for the round (`tables.ranked`)
    for move in solver.moves(node):
        end = solver.child(node, move)
        while end.left > 0 and end.hands[end.seat]:
            end = solver.child(end, Move(_policy_card(solver, end, lone, ascending), ()))
        out.append((move, end.gained - node.gained))
    return out


def own_play_out(pos: Position, seat: int) -> dict[int, int]:
    """Each legal card of ``seat`` (to move in ``pos``) with the seat's tricks from here when, after
    it, every seat plays for its own tricks by the rule of thumb of `_policy_card` with the hands
    open (each seat its own lone seat: the cheapest card that takes the trick and that no seat
    still to play can beat, else its weakest)."""
    solver = Solver(pos, tt_limit=SOLVERS.tt_limit)
    node = solver.root()
    ascending = _ascending(solver, node.live)
    out: dict[int, int] = {}
    for move in solver.moves(node):
        end = solver.child(node, move)
        while end.left > 0 and end.hands[end.seat]:
            end = solver.child(end, Move(_policy_card(solver, end, end.seat, ascending), ()))
        out[move.card] = end.gained - node.gained
    return out


def card_points(
    pos: Position, seat: int, nodes: int = WORLD_NODES, share: float = PLAYOUT_SHARE
) -> tuple[dict[int, float], bool]:
    """Each legal card of ``seat`` (to move in ``pos``) with its trick points in this world: ``share``
    of them from `own_play_out`, the rest from `world_points`; and whether the search answered."""
    found, searched = world_points(pos, seat, nodes)
    points = {m.card: float(v) for m, v in found}
    if share and points:
        own = own_play_out(pos, seat)
        points = {c: (1 - share) * v + share * own[c] for c, v in points.items()}
    return points, searched


def world_points(pos: Position, seat: int, nodes: int = WORLD_NODES) -> tuple[list[tuple[Move, int]], bool]:
    """Each legal move of ``seat`` (to move in ``pos``) with the seat's trick points from here: by
    the double-dummy search within ``nodes`` nodes, else played out (`play_out`); and whether the
    search answered. A time limit of the advice (`hints.dd.deadline`) still ends the world.

    The search has a table of its own (a fresh `Solver`): whether a world is searched or played
    out depends on the world alone. Sharing the table of the worlds before (`hints.dd.SOLVERS`)
    saved 12 % of the time at a sleuth's first play."""
    # A solver of its own: whether the world's search ends within its nodes must not depend on
    # what an earlier world left in a shared table (a budget of worlds gives the same advice in
    # one process and in worker processes, and whatever was asked before).
    solver = Solver(pos, tt_limit=SOLVERS.tt_limit)
    solver.deadline = current_deadline()
    root = solver.root()
    if root.left == 0:
        return [], True
    limit = solver.nodes + nodes
    solver.node_limit = limit
    try:
        best = solver.value_to_go(root)
        return solver.move_values(root, best, guess=best), True
    except SolveTimeout:
        if solver.nodes <= limit:
            raise  # the advice's time is up, not the world's nodes
    finally:
        solver.node_limit = None
    return play_out(solver, root, seat), False


@dataclass(frozen=True)
class StichFuerStichAdvisor:
    """Advice for every decision of Stich für Stich; ``world_nodes``: the nodes a world's search may
    take before the world is played out (`world_points`); ``info_weight``: the trick points a bit
    of information is worth in the ranking of cards (``solved_weight`` for a sleuth who has
    solved, `weight`); ``belief_bits``: a sleuth's bits are those of the belief (the pairs
    weighed by the confidant's cards, `belief`), else of the pairs the announcements allow,
    taken alike; ``playout_share``: the share of a card's trick points from the play-out of every
    seat for itself (`card_points`)."""

    world_nodes: int = WORLD_NODES
    info_weight: float = INFO_WEIGHT
    solved_weight: float = SOLVED_WEIGHT
    belief_bits: bool = True
    playout_share: float = PLAYOUT_SHARE

    def weight(self, state: StichFuerStichRound, seat: int, hider: bool) -> float:
        """The trick points a bit is worth to ``seat``: ``info_weight`` gained by a sleuth still
        searching or given away by the confidant, ``solved_weight`` given away by a sleuth who has
        solved (what the others learn then changes none of its points)."""
        return self.solved_weight if hider and seat != state.confidant else self.info_weight

    def valuation(self, session: Session) -> Valuation | Advice:
        state = session.round
        if not isinstance(state, StichFuerStichRound):
            raise StichError("the Stich für Stich advisor needs a Stich für Stich round")
        legal = session.legal()
        if state.phase == "winner" and len(legal) == 1:
            winner = event_winner(legal[0])
            card = state.deck.name_of(state.trick_cards[state.trick_seats.index(winner)])
            reason = f"the rules oblige: {state.names[winner]}'s {card} wins under the secret"
            return forced_advice(session, "winner", legal[0], f"winner {state.names[winner]}", reason)
        if state.phase == "search":
            return self.guess(session)
        if state.phase == "play":
            return self.play(session, state)
        raise StichError(f"no advice for the phase {state.phase!r} of Stich für Stich")

    def play(self, session: Session, state: StichFuerStichRound, seed: int | None = None) -> Valuation:
        """Each card's trick points for the seat over sampled worlds (`world_points`) and the
        information the announcement after the trick tells (or, for the confidant, gives away)."""
        seat = session.seat
        legal = session.legal()
        teams = one_against_all(seat, list(range(state.game.players)))
        weighed = belief(session)
        source = WorldSource(session, posterior=weighed)
        tracker = session.tracker
        assert tracker is not None
        space = tracker.space
        from stich.deducer.information import information  # numpy: loaded where it is asked

        prior = weighed.probabilities if self.belief_bits and weighed is not None else None
        report = information(tracker.evidence(), completions="sample", samples=400, seed=seed, prior=prior)
        entropy = {c.name: c.expected_entropy for c in report.candidates}
        hider = report.mode == "hider"
        weight = self.weight(state, seat, hider)
        bits_name = "bits_given" if hider else "bits_gained"
        played_out = [0]

        def evaluate(world: World) -> tuple[list[float], list[dict[str, float]]]:
            secret = space.to_json(world.secret) if world.secret is not None else None
            pos = position(state, list(world.hands), ObjectiveSpec("tricks", seat=seat), teams, secret)
            found, searched = card_points(pos, seat, self.world_nodes, self.playout_share)
            played_out[0] += not searched
            points = {state.deck.name_of(c): v for c, v in found.items()}
            values: list[float] = []
            figures: list[dict[str, float]] = []
            for event in legal:
                card = event_play(event)
                bits = report.current_entropy - entropy[card]
                info = -weight * bits if hider else weight * bits
                values.append(points[card] + info)
                figures.append({"trick_points": points[card], bits_name: bits})
            return values, figures

        def explain(alternatives: list[Alternative], tally: Tally) -> str:
            best = alternatives[0]
            bits = best.figures[bits_name]
            if hider:
                tail = (
                    f"; the announcement gives away {shown(BITS, bits)} bits"
                    if bits > 0.05
                    else "; it gives nothing away"
                )
            else:
                tail = f"; the announcement will tell {shown(BITS, bits)} bits" if bits > 0.05 else ""
            points = shown(POINTS, best.figures["trick_points"])
            over = worlds_text(tally.worlds)
            if played_out[0]:
                over += f" ({played_out[0]} of them played out, their search too long)"
            return f"{best.label} takes {points} trick points from here over {over}{tail}"

        return Valuation(
            "play",
            [(e, event_play(e)) for e in legal],
            evaluate,
            source.draw,
            "trick points and information",
            explain,
            method="double-dummy over sampled worlds (a world whose search is long played out)"
            + (", with a play-out of every seat for itself" if self.playout_share else ""),
        )

    def true_values(self, session: Session, advice: Advice, world: World) -> TrueValues | None:
        """A guess in the true deal: its chance to solve now is 1 for the true pair, else 0 (every
        guess the rules allow, by label); None for the other decisions the advice settles itself."""
        if advice.decision != "guess" or world.secret is None or session.tracker is None:
            return None
        truth = session.tracker.space.to_json(world.secret)
        found = {}
        for event in session.legal():
            culprit, weapon = event_guess(event)
            found[f"{culprit} {weapon}"] = float([culprit, weapon] == [truth["culprit"], truth["weapon"]])
        return advice.value_name, found

    def guess(self, session: Session) -> Advice:
        post = belief(session)  # the announcements' pairs weighed by the confidant's cards
        assert post is not None and session.tracker is not None
        space = session.tracker.space
        possible = members(post.possible)
        if not possible:
            raise StichError("no culprit and weapon fit the announcements: see `stich deduce` for why")
        alternatives = []
        for h in possible:
            pair = space.to_json(h)
            event: GuessEvent = {"seat": session.seat, "guess": [str(pair["culprit"]), str(pair["weapon"])]}
            p = post.probabilities[h]
            alternatives.append(Alternative(event, f"{pair['culprit']} {pair['weapon']}", p, 0.0))
        alternatives.sort(key=lambda a: -a.value)
        best = alternatives[0]
        if len(possible) == 1:
            reason = f"only {best.label} fits every announcement: the case is solved"
        else:
            reason = (
                f"{best.label} is one of the {len(possible)} pairs that fit every announcement "
                f"({shown(CHANCE, best.value)} to solve now); a false suspicion costs nothing"
            )
        lead, separated, ahead = exact_verdict(alternatives, "chance to solve now")
        return Advice(
            session.seat,
            "guess",
            best.action,
            tuple(alternatives),
            0,
            separated,
            reason + ahead,
            f"the {len(possible)} culprit-weapon pairs still possible"
            if len(possible) > 1
            else "the one culprit-weapon pair left",
            0.0,
            "chance to solve now",
            lead=lead,
        )


ADVISOR = StichFuerStichAdvisor()
