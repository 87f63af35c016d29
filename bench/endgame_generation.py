"""CPU seconds per endgame puzzle made, per game and grade, and a digest of the puzzles made.

``--count`` endgames of each game and grade from ``--seed`` through `puzzles.generate`
(each one dealt, solved, graded and checked), timed by this process's CPU clock. The
digest (of the puzzle file's text) shows whether two versions make the same puzzles.
To compare two versions on the same machine, run it again with an older checkout (a copy of
an older commit, its compiled kernel beside it) first on ``PYTHONPATH``; the first line
printed names the version that ran:

    python bench/endgame_generation.py --count 4 --seed 1
    PYTHONPATH=/tmp/older python bench/endgame_generation.py --count 4 --seed 1
"""

from __future__ import annotations

import argparse
import hashlib
import time
from pathlib import Path

GAMES = ("stiche-raten", "wizard", "was-sticht", "stich-fuer-stich", "24")
GRADES = ("easy", "medium", "hard", "expert")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=4, help="endgames per game and grade")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--grades", nargs="*", default=list(GRADES))
    args = parser.parse_args()
    import stich.solvers.solver
    from stich.games.errors import StichError
    from stich.puzzles import dumps, generate

    print(f"version: {Path(stich.__file__).resolve().parent.parent}")
    print(f"{'game':<18} {'grade':<7} {'CPU s/puzzle':>12}  digest")
    total = 0.0
    for game in GAMES:
        for grade in args.grades:
            start = time.process_time()
            try:
                text = dumps(generate(game, "endgame", grade, count=args.count, seed=args.seed).puzzles)
            except StichError as exc:
                text = str(exc)
            spent = time.process_time() - start
            total += spent
            digest = hashlib.sha1(text.encode()).hexdigest()[:8]
            print(f"{game:<18} {grade:<7} {spent / args.count:>12.3f}  {digest}")
    print(f"total {total:.2f} s of CPU for {len(GAMES) * len(args.grades) * args.count} endgames")


if __name__ == "__main__":
    main()
