"""How often advice calls its best choice "clearly best", under the rule of hints/figures.py
against the former one (the paired difference above two standard errors, of any size).

    python bench/separation.py [--rounds N] [--worlds W] [--seed S]

Simulated rounds of each game; at every decision valued over sampled worlds, the same tally
judged by both rules. Prints per game and decision: decisions, share separated before, share
now, and how many were separated before by less than the smallest difference that matters.
"""

from __future__ import annotations

import argparse
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from stich.games.record import Record, simulate
from stich.hints.advice import Budget, Valuation, anytime
from stich.hints.advisors import advisor_for
from stich.hints.figures import clearly_ahead, matters, value_kind
from stich.hints.session import Session

GAMES: dict[str, tuple[Callable[[int], Record], int]] = {
    "stiche-raten 4p 5 cards": (lambda seed: simulate("stiche-raten", 4, seed, {"first_round": 5}), 0),
    "24 3p": (lambda seed: simulate("24", 3, seed), 0),
    "stich-fuer-stich 3p (last plays)": (lambda seed: simulate("stich-fuer-stich", 3, seed), 12),
}


def former_rule(diffs: list[float]) -> bool:
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    return mean > 2 * se if se > 0 else mean > 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| game | decision | decisions | clearly best before | now | before, by less than matters |")
    print("|---|---|---|---|---|---|")
    for name, (make, late) in GAMES.items():
        counts: Counter[tuple[str, str, str]] = Counter()
        for seed in range(args.seed, args.seed + args.rounds):
            record: Record = make(seed)
            first = len(record.events) - late if late else 0
            for cut, event in enumerate(record.events):
                if "play" in event and cut < first:
                    continue
                head = replace(record, events=record.events[:cut])
                mover = Session.from_record(head, 0).to_move()
                if mover is None:
                    continue
                session = Session.from_record(head, mover)
                if session.stopped is not None or len(session.legal()) < 2:
                    continue
                found = advisor_for(session.round.game.id).valuation(session)
                if not isinstance(found, Valuation) or found.exact or found.rank is not None:
                    continue
                count = len(found.choices)
                tally, _ = anytime(Budget(worlds=args.worlds, seed=cut), count, found.draw, found.evaluate)
                order = tally.order(found.then)
                diffs = [a - b for a, b in zip(tally.values[order[0]], tally.values[order[1]], strict=True)]
                kind = value_kind(found.value_name)
                key = (name, found.decision)
                counts[(*key, "n")] += 1
                was, sure = former_rule(diffs), clearly_ahead(kind, diffs)
                counts[(*key, "before")] += was
                counts[(*key, "now")] += sure
                counts[(*key, "small")] += was and not matters(kind, sum(diffs) / len(diffs))
        for decision in sorted({k[1] for k in counts if k[0] == name}):
            n = counts[(name, decision, "n")]
            before, now = counts[(name, decision, "before")], counts[(name, decision, "now")]
            small = counts[(name, decision, "small")]
            shares = f"{100 * before / n:.0f} % | {100 * now / n:.0f} %"
            print(f"| {name} | {decision} | {n} | {shares} | {small} |")


if __name__ == "__main__":
    main()
