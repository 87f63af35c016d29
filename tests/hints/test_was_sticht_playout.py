"""Was sticht?: the round played out, every seat for its own task, and the chance to make a task
the advice gives from it (hints/advisors/was_sticht/playout.py)."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from stich.games.record import Record, simulate
from stich.games.was_sticht import TASKS, TRICKS, Task, WasStichtRound, task_made
from stich.hints.advice import Advice, Budget, advise
from stich.hints.advisors.was_sticht import playout as wp
from stich.hints.chance_maps import chance_map
from stich.hints.figures import CHANCE
from stich.hints.figures import shown as shown_text
from stich.hints.session import Session
from tests.hints.test_advice_numbers import check_chances, check_reason_quotes_figures, check_separated

PATIENT = 60.0  # seconds that set the wall limit (ten times this): nothing given up on a loaded machine


@functools.cache
def _record(players: int, seed: int) -> Record:
    return simulate("was-sticht", players, seed)


def _heads(players: int, seed: int, phase: str) -> list[tuple[Record, Session]]:
    """The record up to each decision of ``phase`` with two choices or more, and the session of the
    seat to move there."""
    record = _record(players, seed)
    found = []
    for cut in range(len(record.events)):
        head = replace(record, events=record.events[:cut])
        mover = Session.from_record(head, 0).to_move()
        if mover is None:
            continue
        session = Session.from_record(head, mover)
        if session.round.phase == phase and len(session.legal()) > 1:
            found.append((head, session))
    return found


def _sessions(players: int, seed: int, phase: str) -> list[Session]:
    return [session for _, session in _heads(players, seed, phase)]


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (4, 3)])
def test_a_play_out_plays_legal_cards_and_judges_the_tasks_as_the_game_does(players: int, seed: int) -> None:
    rng = random.Random(seed)
    starts = _heads(players, seed, "play")
    for head, session in (starts[0], starts[len(starts) // 2]):
        state = session.round
        assert isinstance(state, WasStichtRound)
        d = wp.deal_of(state)
        tasks: list[Task | None] = [None] * players
        for s in state.tasks:
            tasks[s] = Task.of(rng.choice(TASKS))
        for noise, look in ((0.0, False), (0.5, False), (0.0, True), (0.5, True)):
            cards: list[int] = []
            mine = tasks[session.seat]
            # the look-ahead's goal without its early stop, so that the whole round is played
            goal = None if mine is None else replace(wp.task_goal(d, mine, session.seat), stops=False)
            won, taken, last = wp.play_out(
                d,
                tasks,
                session.seat,
                wp.Rng(rng.getrandbits(64)),
                noise=noise,
                out=cards,
                goal=goal,
                look=look,
            )
            # The same cards played in the game itself: each one legal, the same tricks and cards won.
            game = Session.from_record(head, session.seat)
            for card in cards:
                real = game.round
                game.apply({"seat": real.seat_to_play(), "play": real.deck.name_of(d.tables.order[card])})
            real = game.round
            assert isinstance(real, WasStichtRound) and len(real.tricks) == TRICKS
            summary = real.summary()
            assert tuple(won) == summary.won and summary.last == last
            for s in range(players):
                assert {d.tables.order[c] for c in range(len(d.tables.order)) if taken[s] >> c & 1} == {
                    c for c in range(36) if summary.taken[s] >> c & 1
                }
                for task in TASKS:
                    assert wp.made(d, Task.of(task), s, won, taken, last) == task_made(task, s, summary)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (4, 3)])
def test_a_play_out_stops_where_the_task_is_lost_only_if_the_whole_round_loses_it(
    players: int, seed: int
) -> None:
    stopped = 0
    for _, session in _heads(players, seed, "play")[::5]:
        state = session.round
        assert isinstance(state, WasStichtRound)
        d = wp.deal_of(state)
        for task_id in TASKS:
            task = Task.of(task_id)
            tasks: list[Task | None] = [None] * players
            for s in state.tasks:
                tasks[s] = task if s == session.seat else Task.of(state.tasks[s])
            goal = wp.task_goal(d, task, session.seat)
            for n in range(4):
                short: list[int] = []
                whole: list[int] = []
                # the same random numbers: the two play the same cards until the first stops
                ended = wp.play_out(d, tasks, session.seat, wp.Rng(n), noise=0.3, out=short, goal=goal)
                full = wp.play_out(d, tasks, session.seat, wp.Rng(n), noise=0.3, out=whole)
                assert whole[: len(short)] == short
                if len(short) < len(whole):
                    stopped += 1
                    assert not goal.reached(*ended) and not goal.reached(*full)
                else:
                    assert ended == full
    assert stopped


def _makes(d: wp.Deal, tasks: list[Task | None], seat: int, card: int, seed: int) -> bool:
    """Whether ``seat`` makes its task in the play-out (no noise, no look-ahead) after ``card``."""
    task = tasks[seat]
    assert task is not None
    return wp.made(d, task, seat, *wp.play_out(d, tasks, seat, wp.Rng(seed), card, 0.0))


def _task_turns(step: int) -> Iterator[tuple[Session, WasStichtRound]]:
    """Every ``step``-th card decision of three rounds' play, of a seat with a task (not the dealer)."""
    for players, seed in ((4, 1), (4, 2), (3, 1)):
        for session in _sessions(players, seed, "play")[::step]:
            state = session.round
            assert isinstance(state, WasStichtRound)
            if session.seat != state.dealer:
                yield session, state


def _bits(cards: int) -> list[int]:
    return [c for c in range(cards.bit_length()) if cards >> c & 1]


def test_the_look_ahead_plays_the_policy_card_unless_another_makes_the_task_where_it_fails() -> None:
    changed = 0
    for session, state in _task_turns(4):
        players = state.game.players
        d = wp.deal_of(state)
        tasks = [None if s == state.dealer else Task.of(state.tasks[s]) for s in range(players)]
        seat = session.seat
        legal = d.tables.local(sum(1 << state.deck.parse(str(e["play"])) for e in session.legal()))
        for seed_ in range(6):
            cards: list[int] = []
            wp.play_out(d, tasks, seat, wp.Rng(seed_), noise=0.0, out=cards)
            policy = cards[0]  # the seat is to move: the policy's card
            task = tasks[seat]
            assert task is not None
            goal = wp.task_goal(d, task, seat)
            plans = tuple(wp._plan(t, d.colours) for t in tasks)
            chosen = wp._looked(d, plans, seat, policy, legal, seed_, 0.0, goal)
            assert legal >> chosen & 1

            if chosen == policy:
                # kept: it makes the task, or no card does on these random numbers
                others = [c for c in _bits(legal) if c != policy]
                assert _makes(d, tasks, seat, policy, seed_) or not any(
                    _makes(d, tasks, seat, c, seed_) for c in others
                )
            else:
                changed += 1
                lower = [c for c in _bits(legal) if c < chosen and c != policy]
                assert not _makes(d, tasks, seat, policy, seed_) and _makes(d, tasks, seat, chosen, seed_)
                assert not any(_makes(d, tasks, seat, c, seed_) for c in lower)
    assert changed


def test_the_look_ahead_makes_more_tasks_than_the_policy_alone() -> None:
    """Over the play's first decisions of several rounds, the seat that looks ahead makes its task
    at least as often as the rules of thumb alone (the look-ahead exists for this)."""
    plain = looked = 0.0
    for players, seed in ((4, 1), (4, 2), (4, 3), (3, 1), (3, 4)):
        session = _sessions(players, seed, "play")[0]
        state = session.round
        assert isinstance(state, WasStichtRound)
        d = wp.deal_of(state)
        tasks = [None if s == state.dealer else Task.of(state.tasks[s]) for s in range(players)]
        for seat in range(players):
            if tasks[seat] is None:
                continue
            plain += wp.made_share(d, tasks, seat, wp.Rng(seat), 40)
            looked += wp.made_share(d, tasks, seat, wp.Rng(seat), 40, look=True)
    assert looked > plain


def _advice(session: Session) -> Advice:
    return advise(session, Budget(worlds=4, seed=1, seconds=PATIENT))


def _check(advice: Advice) -> None:
    check_reason_quotes_figures(advice)
    check_chances(advice)
    check_separated(advice)
    assert advice.value_name == "expected points"
    values = [a.value for a in advice.alternatives]
    assert values == sorted(values, reverse=True)


def test_the_task_choice_is_valued_by_the_chance_to_make_it_times_the_chip() -> None:
    certain = uncertain = 0
    for players, seed in ((4, 1), (4, 2), (3, 1), (3, 4)):
        session = _sessions(players, seed, "tasks")[0]
        state = session.round
        assert isinstance(state, WasStichtRound)
        values = state.game.chip_values()
        advice = _advice(session)
        _check(advice)
        for a in advice.alternatives:
            p = a.figures["p_made"]
            assert a.figures["chip_value"] == values[a.label]
            assert a.value == pytest.approx(values[a.label] * p)
            if a.figures["forced"]:
                assert p == 1.0  # forceable against any play: certain
                certain += 1
            elif 0.0 < p < 1.0:
                uncertain += 1
        best = advice.best
        if best.figures["forced"]:
            assert "can be made against any play: certain" in advice.reason
        else:
            assert "as the others play for their own tasks" in advice.reason
    # A certainty where the task can be forced, and chances between 0 and 1 elsewhere.
    assert certain and uncertain


def test_a_card_that_keeps_the_task_forceable_is_certain_and_ranked_first() -> None:
    seen = 0
    for session, _ in _task_turns(3):
        advice = _advice(session)
        _check(advice)
        forced = [a for a in advice.alternatives if a.figures["forced"]]
        for a in advice.alternatives:
            assert a.figures["p_made"] == 1.0 or not a.figures["forced"]
        if forced:
            assert advice.best.figures["forced"] == 1.0
            assert "certain against any play" in advice.reason
            seen += 1
    assert seen


def test_the_others_tasks_are_drawn_as_choosers_with_their_hands_would_choose() -> None:
    session = _sessions(4, 1, "tasks")[0]
    state = session.round
    assert isinstance(state, WasStichtRound)
    d = wp.deal_of(state)
    values = state.game.chip_values()
    other = next(s for s in state.task_order() if s != session.seat)
    choices = state.choices(other)
    weights = wp.task_weights(d, other, choices, values, wp.Rng(1))
    assert sum(weights) == pytest.approx(1.0) and all(w > 0 for w in weights)
    # The most likely task is the one of the highest expected chip value in the same play-outs.
    shares = []
    rng = wp.Rng(1)
    for task in choices:
        tasks: list[Task | None] = [None] * 4
        tasks[other] = Task.of(task)
        shares.append(values[task] * wp.made_share(d, tasks, other, rng, wp.OWN_PLAYOUTS, noise=1.0))
    assert max(range(len(choices)), key=lambda i: weights[i]) == max(
        range(len(choices)), key=lambda i: shares[i]
    )


def test_the_dealer_values_a_card_by_the_chance_to_catch_a_task_its_owner_fails() -> None:
    seen = 0
    for players, seed in ((3, 1), (4, 2)):
        for session in _sessions(players, seed, "play"):
            state = session.round
            assert isinstance(state, WasStichtRound)
            if session.seat != state.dealer or seen >= 4:
                continue
            values = state.game.chip_values()
            top = max(values[t] for t in state.dealer_chips())
            advice = _advice(session)
            _check(advice)
            for a in advice.alternatives:
                assert 0.0 <= a.figures["p_discard"] <= 1.0
                assert a.value == pytest.approx(top * a.figures["p_discard"])
            assert "discard a chip" in advice.reason
            seen += 1
    assert seen == 4


def test_the_dealers_chance_shown_is_the_play_outs_chance_through_its_map(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    mapping = chance_map(wp.DEALER_MAP)
    assert mapping is not None
    moved = led = 0
    for session in _sessions(4, 2, "play"):
        state = session.round
        assert isinstance(state, WasStichtRound)
        if session.seat != state.dealer:
            continue
        shown = _advice(session)
        monkeypatch.setenv("STICH_NO_CHANCE_MAPS", "1")
        raw = _advice(session)
        monkeypatch.delenv("STICH_NO_CHANCE_MAPS")
        # the same ranking, each chance mapped, the value (and the reason) made of the mapped one
        assert [a.label for a in shown.alternatives] == [a.label for a in raw.alternatives]
        for a, b in zip(shown.alternatives, raw.alternatives, strict=True):
            assert a.figures["p_discard"] == pytest.approx(mapping(b.figures["p_discard"]))
            if 0.0 < b.figures["p_discard"] < 0.1:
                assert a.figures["p_discard"] > b.figures["p_discard"] + 0.05
                moved += 1
        _check(shown)
        best = shown.alternatives[0]
        assert f"{shown_text(CHANCE, best.figures['p_discard'])} of the time" in shown.reason
        # the lead over the second is the shown values' difference, its error scaled with it
        if shown.lead is not None and raw.lead is not None and len(shown.alternatives) > 1:
            led += 1
            second = shown.alternatives[1]
            assert shown.lead.difference == pytest.approx(best.value - second.value)
            if raw.lead.difference:
                ratio = shown.lead.difference / raw.lead.difference
                assert shown.lead.stderr == pytest.approx(raw.lead.stderr * abs(ratio))
    assert moved and led


def test_a_dealer_play_out_catches_exactly_the_tasks_the_game_lets_it_discard_for() -> None:
    # The play-out's "made" of the dealer with an owner's task is the game's dealer_made.
    head, session = _heads(3, 1, "play")[0]
    state = session.round
    assert isinstance(state, WasStichtRound)
    d = wp.deal_of(state)
    tasks: list[Task | None] = [None] * 3
    for s, chosen in state.tasks.items():
        tasks[s] = Task.of(chosen)
    rng = wp.Rng(7)
    for _ in range(5):
        cards: list[int] = []
        won, taken, last = wp.play_out(d, tasks, session.seat, rng, noise=0.5, out=cards)
        game = Session.from_record(head, session.seat)
        for card in cards:
            real = game.round
            game.apply({"seat": real.seat_to_play(), "play": real.deck.name_of(d.tables.order[card])})
        real = game.round
        assert isinstance(real, WasStichtRound)
        caught = [
            s
            for s, task in enumerate(tasks)
            if task is not None
            and wp.made(d, task, real.dealer, won, taken, last)
            and not wp.made(d, task, s, won, taken, last)
        ]
        assert caught == real.dealer_made()


def _goals(d: wp.Deal, tasks: list[Task | None], seat: int) -> list[wp.Goal | None]:
    """Every kind of goal a play-out plays for: none, the seat's own task (stopping once it is lost
    or not), and, for the dealer, the catch of the others' tasks."""
    mine = tasks[seat]
    if mine is None:
        targets = tuple((owner, task) for owner, task in enumerate(tasks) if task is not None)
        return [None, wp.Goal(seat, targets, d.colours, stops=False)]
    own = wp.task_goal(d, mine, seat)
    return [None, own, replace(own, stops=False)]


@pytest.mark.skipif(wp._native is None, reason="the compiled play-out is not built")
@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (4, 3), (4, 5)])
def test_the_compiled_play_out_plays_the_python_play_outs_cards(players: int, seed: int) -> None:
    # Card for card and random number for random number: every noise, goal and look-ahead, from
    # every point of the play with random tasks; and the same share of tasks made.
    rng = random.Random(seed)
    for _, session in _heads(players, seed, "play"):
        state = session.round
        assert isinstance(state, WasStichtRound)
        d = wp.deal_of(state)
        tasks: list[Task | None] = [None] * players
        for s in state.tasks:
            tasks[s] = Task.of(rng.choice(TASKS))
        for goal in _goals(d, tasks, session.seat):
            for noise, look in ((0.0, False), (0.03, True), (0.5, True), (1.0, False)):
                state_seed = rng.getrandbits(64)
                python, compiled = wp.Rng(state_seed), wp.Rng(state_seed)
                cards: list[int] = []
                result = wp.play_out(d, tasks, session.seat, python, None, noise, cards, goal, look)
                assert wp.compiled_play_out(d, tasks, session.seat, compiled, None, noise, goal, look) == (
                    result,
                    cards,
                )
                assert compiled.state == python.state
        mine = tasks[session.seat]
        if mine is not None:
            goal = wp.task_goal(d, mine, session.seat)
            fast = wp.reached_share(d, tasks, session.seat, wp.Rng(seed), 16, goal, look=True)
            hits = sum(
                goal.reached(*wp.play_out(d, tasks, session.seat, r, goal=goal, look=True))
                for r in [wp.Rng(seed)]
                for _ in range(16)
            )
            assert fast == hits / 16


def test_the_mask_play_out_plays_the_first_play_outs_cards() -> None:
    # The play-out over card masks against the first one, written card by card over lists
    # (tests/hints/was_sticht_playout_reference.py): the same cards from every point of the play.
    from tests.hints import was_sticht_playout_reference as reference

    rng = random.Random(11)
    compared = 0
    for players, seed in ((3, 7), (4, 11)):
        for _, session in _heads(players, seed, "play"):
            state = session.round
            assert isinstance(state, WasStichtRound)
            d = wp.deal_of(state)
            tasks: list[Task | None] = [None] * players
            for s in state.tasks:
                tasks[s] = Task.of(rng.choice(TASKS))
            for goal in _goals(d, tasks, session.seat):
                noise, look = rng.choice((0.0, 0.03, 0.5)), rng.random() < 0.6
                state_seed = rng.getrandbits(64)
                fast: list[int] = []
                first: list[int] = []
                got = wp.play_out(d, tasks, session.seat, wp.Rng(state_seed), None, noise, fast, goal, look)
                want = reference.play_out(
                    d, tasks, session.seat, wp.Rng(state_seed), None, noise, first, goal, look
                )
                assert (got, fast) == (want, first)
                compared += 1
    assert compared > 100
