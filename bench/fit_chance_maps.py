"""Fit the recalibration maps the advice ships (`stich.hints.chance_maps`, ``chance_maps.json``).

Reads the claims of `bench/calibration.py --claims FILE` runs (one JSON object a line: bot,
kind, claimed, happened, deal), keeps the advisors' claims of one kind, and fits the isotonic
map of claimed against happened (`fit_map`). ``--check`` files are held out: their claims
are printed as the calibration tables print them, as claimed (the model) and mapped (what
the advice shows with the map), so that a map is judged on seeds it was not fitted on.
``--write KEY`` stores the map under KEY (``game/claim``) in the shipped file.

    python bench/calibration.py was-sticht --deals 120 --seed 4 --jobs 1 \\
        --bots advisor:8,heuristic,heuristic,heuristic --claims ws4.jsonl    # and seeds 5..9
    python -m bench.fit_chance_maps --kind dealer --fit ws4.jsonl,...,ws9.jsonl \\
        --check ws1.jsonl,ws2.jsonl,ws3.jsonl --write was-sticht/dealer

The claims files hold the model's chance as the advice reckoned it before any map (fit them
with the map of the key removed, or with ``STICH_NO_CHANCE_MAPS=1``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from stich.hints.chance_maps import MAPS_FILE, ChanceMap, fit_map

from .calibration import Claim, Reliability


def read_claims(files: Sequence[str], kind: str) -> list[dict[str, Any]]:
    """The advisors' claims of ``kind`` in the files (an advisor's bot name starts ``advisor``)."""
    found = []
    for name in files:
        with open(name, encoding="utf-8") as handle:
            for line in handle:
                raw = json.loads(line)
                if raw["kind"] == kind and str(raw["bot"]).startswith("advisor"):
                    found.append(raw)
    return found


def table(claims: Sequence[dict[str, Any]], chance: ChanceMap | None, title: str) -> str:
    """The reliability table of the claims, as claimed or through ``chance``."""
    mapped = [
        Claim(
            str(c["bot"]),
            str(c["kind"]),
            chance(float(c["claimed"])) if chance else float(c["claimed"]),
            bool(c["happened"]),
        )
        for c in claims
    ]
    return Reliability.of(mapped).text(title)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.fit_chance_maps", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--kind", required=True, help="the kind of claim (bench/calibration.py KINDS)")
    parser.add_argument("--fit", required=True, help="claims files to fit on, comma-separated")
    parser.add_argument("--check", default="", help="held-out claims files, comma-separated")
    parser.add_argument("--least", type=int, default=100, help="claims a group at least")
    parser.add_argument("--prior", type=float, default=10.0, help="the prior's weight, in claims")
    parser.add_argument("--keeps-certain", action="store_true", help="claims of 0 and 1 stay as they are")
    parser.add_argument("--note", default="", help="what the map was fitted on, stored with it")
    parser.add_argument("--write", metavar="KEY", help="store the map under KEY in the shipped file")
    args = parser.parse_args(argv)
    fit = read_claims(args.fit.split(","), args.kind)
    chance = fit_map(
        [(float(c["claimed"]), bool(c["happened"])) for c in fit],
        least=args.least,
        prior=args.prior,
        keeps_certain=args.keeps_certain,
        fitted=args.note,
    )
    print(f"map of {len(fit)} claims ({args.kind}):")
    for x, y in zip(chance.xs, chance.ys, strict=True):
        print(f"  {100 * x:5.1f} % -> {100 * y:5.1f} %")
    print()
    print(table(fit, None, "fitted on, as claimed"))
    print()
    print(table(fit, chance, "fitted on, mapped"))
    for name in filter(None, args.check.split(",")):
        held = read_claims([name], args.kind)
        print()
        print(table(held, None, f"held out {name}, as claimed"))
        print()
        print(table(held, chance, f"held out {name}, mapped"))
    if args.write:
        path = Path(__file__).resolve().parent.parent / "hints" / MAPS_FILE
        raw = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"maps": {}}
        raw["maps"][args.write] = chance.to_json()
        path.write_text(json.dumps(raw, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"\nwritten: {args.write} in {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
