"""Estimate the difficulty values of the Was sticht? task chips by simulation.

The rulebook prints a value on each task chip but does not list them. A task's
difficulty is its information content ``-log2(rate)`` for its success rate; the values
map that linearly onto 1..5 between the easiest and the hardest task.

``--bot random`` plays random rounds (a uniformly random deal, as the open draft with
random picks gives, uniformly random trumps, random legal play) and counts how often
each task is made by each seat. ``--bot heuristic`` plays whole rounds with the arena's
heuristic bot at every seat (draft, play, the dealer's discard: `hints.play.bots`), except
that each player's task is drawn uniformly from the chips it holds, so that every task
is played for as often and its rate is not biased by the bot's choosing the tasks it
expects to make. The default values in ``games/was_sticht.py`` come from

    python bench/task_values.py --bot heuristic --players 4 --rounds 2000 --seed 1


Random play is not good play: the random figures rank the tasks, they do not say how
often a player who plays for the task makes it.
"""

from __future__ import annotations

import argparse
import math
import random

from stich.games.base import Trick
from stich.games.trick import legal_plays, trick_winner
from stich.games.was_sticht import (
    COLOUR_NAMES,
    DECK,
    NUMBERS,
    TASKS,
    TRICKS,
    TrickSummary,
    task_made,
    was_sticht_rules,
)


def random_round(rng: random.Random, players: int) -> TrickSummary:
    """One round of random legal play from a random deal; the dealer is seat 0."""
    order = list(range(DECK.size))
    rng.shuffle(order)
    hands = [sum(1 << c for c in order[i * TRICKS : (i + 1) * TRICKS]) for i in range(players)]
    rules = was_sticht_rules(rng.choice([0, 1, 2, 3, None]), rng.choice([*NUMBERS, None]))
    leader = 1 % players
    tricks: list[Trick] = []
    for _ in range(TRICKS):
        seats = [(leader + i) % players for i in range(players)]
        cards: list[int] = []
        for seat in seats:
            legal = legal_plays(rules, hands[seat], cards)
            choices = [c for c in range(DECK.size) if legal >> c & 1]
            card = rng.choice(choices)
            hands[seat] &= ~(1 << card)
            cards.append(card)
        winner = seats[trick_winner(rules, cards)]
        tricks.append(Trick(leader, tuple(seats), tuple(cards), winner))
        leader = winner
    return TrickSummary.of(tricks, players)


def success_rates(players: int, rounds: int, seed: int | None) -> dict[str, float]:
    """How often each task is made, over every seat of ``rounds`` random rounds."""
    rng = random.Random(seed)
    made = dict.fromkeys(TASKS, 0)
    for _ in range(rounds):
        summary = random_round(rng, players)
        for seat in range(players):
            for task in TASKS:
                made[task] += task_made(task, seat, summary)
    return {task: made[task] / (rounds * players) for task in TASKS}


def heuristic_rates(players: int, rounds: int, seed: int) -> tuple[dict[str, float], dict[str, int]]:
    """How often each task is made by a heuristic player drawn to play for it, and how often it
    was drawn, over ``rounds`` rounds dealt as the arena deals them."""
    from stich.games.record import DEFAULT_NAMES, Record
    from stich.games.registry import find
    from stich.games.views import ViewFeed
    from stich.hints.play.arena import unit_seed
    from stich.hints.play.bots import BotSpec, choice_key
    from stich.hints.session import Session

    game = find("was-sticht")(players)
    bot = BotSpec("heuristic")
    made = dict.fromkeys(TASKS, 0)
    drawn = dict.fromkeys(TASKS, 0)
    for index in range(rounds):
        rng = random.Random(unit_seed(seed, index))
        dealer, known = game.course().series_deal(rng, index)
        record = Record(game.id, list(DEFAULT_NAMES[:players]), dealer, [], {}, None, known)
        feed = ViewFeed(record, range(players))
        sessions = [Session(feed.header(seat), strict=False) for seat in range(players)]
        truth = feed.truth
        while not truth.is_terminal():
            actor = truth.to_move()
            assert actor is not None
            legal = truth.legal_events()
            if len(legal) == 1:
                event = legal[0]
            else:
                view = sessions[actor]
                chosen = rng.choice(view.legal()) if truth.phase == "tasks" else bot.act(view, rng)
                event = next(e for e in legal if choice_key(e) == choice_key(chosen))
            for seat, heard in feed.extend(event).items():
                for seen in heard:
                    sessions[seat].apply(seen, strict=False)
        for seat in range(players):
            task = truth.tasks.get(seat)  # type: ignore[attr-defined]
            if task is not None:
                drawn[task] += 1
                made[task] += int(truth.seat_figures(seat)["task_made"])
    # A task never made in the run counts as made half a time, so that its -log2 stays finite.
    return {task: max(made[task], 0.5) / max(1, drawn[task]) for task in TASKS}, drawn


def pool_colours(rates: dict[str, float], drawn: dict[str, int]) -> tuple[dict[str, float], dict[str, int]]:
    """The four colour tasks pooled into one rate: they are one task up to renaming the colours
    (the deck holds the same numbers in every colour and the trump colour is drawn uniformly), so
    their differences are noise, which must not give one colour a different chip value."""
    colours = [f"no-{name}" for name in COLOUR_NAMES]
    total = sum(drawn[task] for task in colours)
    rate = sum(rates[task] * drawn[task] for task in colours) / max(1, total)
    return {**rates, **dict.fromkeys(colours, rate)}, {**drawn, **dict.fromkeys(colours, total)}


def values_from_rates(rates: dict[str, float], low: int = 1, high: int = 5) -> dict[str, int]:
    """Map success rates to chip values: -log2(rate) scaled linearly onto low..high."""
    info = {task: -math.log2(rate) for task, rate in rates.items()}
    easiest, hardest = min(info.values()), max(info.values())
    span = hardest - easiest or 1.0
    return {task: low + round((high - low) * (bits - easiest) / span) for task, bits in info.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4, choices=(3, 4))
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", choices=("random", "heuristic"), default="random")
    args = parser.parse_args()
    if args.bot == "heuristic":
        rates, drawn = heuristic_rates(args.players, args.rounds, args.seed)
    else:
        rates = success_rates(args.players, args.rounds, args.seed)
        drawn = dict.fromkeys(TASKS, args.rounds * args.players)
    rates, drawn = pool_colours(rates, drawn)
    values = values_from_rates(rates)
    print(f"{args.players} players, {args.rounds} rounds of {args.bot} play, seed {args.seed}")
    print("(the four colour tasks pooled: one rate, drawn counted together)")
    print(f"{'task':<15}{'drawn':>7}{'rate':>7}{'±2se':>7}{'-log2':>7}{'value':>7}")
    for task in TASKS:
        se = math.sqrt(rates[task] * (1 - rates[task]) / max(1, drawn[task]))
        print(
            f"{task:<15}{drawn[task]:>7}{rates[task]:>7.3f}{2 * se:>7.3f}"
            f"{-math.log2(rates[task]):>7.2f}{values[task]:>7}"
        )


if __name__ == "__main__":
    main()
