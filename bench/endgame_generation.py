"""CPU seconds per endgame puzzle made, per game and grade, and a digest of the puzzles made.

``--count`` endgames of each game and grade from ``--seed`` through `puzzles.generate`
(each one dealt, solved, graded and checked), timed by this process's CPU clock. The
digest (of the puzzle file's text) shows whether two versions make the same puzzles.
``--checkout DIR`` runs the version in DIR instead (a copy of an older commit, its
compiled kernel beside it), so that two versions can be compared on the same machine:

    python bench/endgame_generation.py --count 4 --seed 1
    python bench/endgame_generation.py --count 4 --seed 1 --checkout /tmp/older
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

GAMES = ("stiche-raten", "wizard", "was-sticht", "stich-fuer-stich", "24")
GRADES = ("easy", "medium", "hard", "expert")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=4, help="endgames per game and grade")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--grades", nargs="*", default=list(GRADES))
    parser.add_argument("--checkout", type=Path, help="run the version in this folder instead")
    args = parser.parse_args()
    # Run as a script, this file's folder leads sys.path, and bench/puzzles.py would hide the
    # puzzles package; an older checkout must come before the installed one.
    here = Path(__file__).resolve().parent
    sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != here]
    if args.checkout is not None:
        sys.path.insert(0, str(args.checkout.resolve()))
    import solvers  # noqa: F401  (loaded before the clock starts)
    from stich.games.errors import StichError
    from stich.puzzles import dumps, generate

    print(f"version: {Path(sys.modules['puzzles'].__file__ or '').parent.parent}")
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
