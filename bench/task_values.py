"""Estimate the difficulty values of the Was sticht? task chips by simulation.

The rulebook prints a value on each task chip but does not list them. This script
plays many random rounds (a uniformly random deal, as the open draft with random
picks gives, uniformly random trumps, random legal play) and counts how often each
task is made by a seat. A task's difficulty is its information content
``-log2(rate)``; the values map that linearly onto 1..5 between the easiest and the
hardest task. The default values in ``games/was_sticht.py`` come from

    python bench/task_values.py --players 4 --rounds 20000 --seed 1

Random play is not good play: the figures rank the tasks, they do not say how often
a skilled player makes them.
"""

from __future__ import annotations

import argparse
import math
import random

from games.base import Trick
from games.trick import legal_plays, trick_winner
from games.was_sticht import DECK, NUMBERS, TASKS, TRICKS, TrickSummary, task_made, was_sticht_rules


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
    args = parser.parse_args()
    rates = success_rates(args.players, args.rounds, args.seed)
    values = values_from_rates(rates)
    print(f"{args.players} players, {args.rounds} random rounds, seed {args.seed}")
    print(f"{'task':<15}{'rate':>7}{'-log2':>7}{'value':>7}")
    for task in TASKS:
        print(f"{task:<15}{rates[task]:>7.3f}{-math.log2(rates[task]):>7.2f}{values[task]:>7}")


if __name__ == "__main__":
    main()
