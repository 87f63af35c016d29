"""Two arena runs of Stich für Stich on the same seed, paired by deal: how much more one bot got
against a common opponent in the first run than another bot in the second, and each run's
difference split by who was the confidant.

    stich arena stich-fuer-stich --players 3 --bots advisor:32,heuristic,random \\
        --rounds 100 --seed 1 --jobs 1 --records /tmp/rec_a
    stich arena stich-fuer-stich --players 3 --bots sfs_bots:OWN_HALF,heuristic,random \\
        --rounds 100 --seed 1 --jobs 1 --records /tmp/rec_b
    python bench/sfs_pair_runs.py /tmp/rec_b own-half:32 /tmp/rec_a advisor:32 [heuristic]

Each deal's value is the mean over its rotations of (bot − opponent) points; the interval is
the paired t interval (95 %) over the deals both runs played.
"""

from __future__ import annotations

import math
import sys
from collections import defaultdict
from pathlib import Path

from stich.games.record import load_record, replay


def by_deal(folder: str, bot: str, other: str) -> dict[int, list[float]]:
    """Each deal's (bot − other) points, one a rotation; prints the split by the confidant."""
    found: dict[int, list[float]] = defaultdict(list)
    roles: dict[str, list[float]] = defaultdict(list)
    for path in sorted(Path(folder).glob("round-*.json")):
        record = load_record(path)
        result = replay(record).round.result()
        names = list(record.players)
        a, b = names.index(bot), names.index(other)
        diff = result["points"][a] - result["points"][b]
        found[int(path.name.split("-")[1])].append(diff)
        who = {a: bot, b: other}.get(result["confidant"], "the third seat")
        roles[f"{who} the confidant: points"].append(diff)
        roles[f"{who} the confidant: tricks"].append(result["tricks"][a] - result["tricks"][b])
    for key, xs in sorted(roles.items()):
        print(f"  {folder}: {bot} − {other}, {key} {sum(xs) / len(xs):+.3f} ({len(xs)} rounds)")
    return found


def main(argv: list[str]) -> None:
    first, bot1, second, bot2 = argv[:4]
    other = argv[4] if len(argv) > 4 else "heuristic"
    one, two = by_deal(first, bot1, other), by_deal(second, bot2, other)
    deals = sorted(set(one) & set(two))
    mean1 = [sum(one[d]) / len(one[d]) for d in deals]
    mean2 = [sum(two[d]) / len(two[d]) for d in deals]
    xs = [x - y for x, y in zip(mean1, mean2, strict=True)]
    n = len(xs)
    m = sum(xs) / n
    half = 1.984 * math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)
    print(
        f"{bot1} − {other} {sum(mean1) / n:+.3f}, {bot2} − {other} {sum(mean2) / n:+.3f}: "
        f"paired by deal {m:+.3f} [{m - half:+.3f}, {m + half:+.3f}] over {n} deals"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
