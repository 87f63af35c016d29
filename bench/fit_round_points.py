"""Fit the round-points model of the chance to win (`stich.hints.standings`) from simulated games.

Whole games of the heuristic bot in every seat (`stich.hints.play.arena.play_table`, the arena's
deals of the game's round sequence, game ``g`` being deals ``g * R .. g * R + R - 1`` of the
series with ``R`` rounds): every seat's points of every round, counted by the round's hand size.
The heuristic plays for its own bid and never looks at the scores, so a seat's points in a round
depend on the hand size (and the deal) only: pooled over the seats and the rounds of that size,
they are the round-points distribution the model ships (``hints/round_points.json``).

Stiche-Raten is played with its first round as large as the deck allows (``first_round`` 52 //
players), so that every hand size a game can deal is fitted; its scoring is the default
(standard); Wizard in its default (rulebook) edition.

    python bench/fit_round_points.py --games 400 --seed 1 --calibrate 200 --write

``--calibrate N`` then plays N more games (seed + 1000) and sets the chance to win claimed at
each round's start (`win_chances`, from the model just fitted) against who won, by band; ties
for the win count as shared.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from stich.games.registry import find
from stich.hints.play.arena import ArenaSpec, play_table
from stich.hints.play.bots import parse_bot
from stich.hints.standings import MODEL_FILE, RoundPoints, win_chances

GAMES = ("stiche-raten", "wizard")
PLAYERS = (3, 4, 5, 6)


def fit_options(game_id: str, players: int) -> dict[str, Any]:
    """The options the model is fitted with: Stiche-Raten's first round as large as the deck allows."""
    return {"first_round": 52 // players} if game_id == "stiche-raten" else {}


def play_games(game_id: str, players: int, games: int, seed: int) -> list[tuple[list[int], list[list[int]]]]:
    """``games`` whole games of heuristic bots: for each, the hand sizes of its rounds and every
    seat's points in each round."""
    options = fit_options(game_id, players)
    sizes = find(game_id)(players, options).round_sizes()
    bots = tuple(parse_bot("heuristic") for _ in range(players))
    spec = ArenaSpec(game_id, players, bots, len(sizes) * games, seed, options)
    played = []
    for g in range(games):
        points = [[int(p) for p in play_table(spec, g * len(sizes) + r, 0).points] for r in range(len(sizes))]
        played.append((sizes, points))
    return played


def fitted(played: list[tuple[list[int], list[list[int]]]]) -> dict[str, dict[str, list[int]]]:
    """The model's entry of one game and player count: per hand size, the points that occurred
    and how often."""
    counts: dict[int, Counter[int]] = {}
    for sizes, points in played:
        for size, seats in zip(sizes, points, strict=True):
            counts.setdefault(size, Counter()).update(seats)
    return {
        str(size): {"points": sorted(counts[size]), "counts": [counts[size][p] for p in sorted(counts[size])]}
        for size in sorted(counts)
    }


def calibrate(
    game_id: str, players: int, model: RoundPoints, played: list[tuple[list[int], list[list[int]]]]
) -> list[tuple[float, float]]:
    """(claimed, won) for every seat at every round's start: the chance to win from the scores
    before the round, every round from it on left to play, against the share of the win."""
    game = find(game_id)(players, fit_options(game_id, players))
    pairs = []
    for sizes, points in played:
        totals = [sum(r[s] for r in points) for s in range(players)]
        best = max(totals)
        winners = [s for s in range(players) if totals[s] == best]
        scores = [0] * players
        for r in range(len(sizes)):
            chances = win_chances(game, scores, sizes[r:], model)
            for s in range(players):
                pairs.append((chances[s], 1 / len(winners) if s in winners else 0.0))
            scores = [scores[s] + points[r][s] for s in range(players)]
    return pairs


def calibration_table(pairs: list[tuple[float, float]]) -> str:
    """Claimed against won, by bands of a tenth, with the Brier score."""
    lines = ["band        n  claimed  won"]
    for low in range(10):
        band = [(c, w) for c, w in pairs if low / 10 <= c < (low + 1) / 10 or (low == 9 and c == 1.0)]
        if band:
            claimed = sum(c for c, _ in band) / len(band)
            won = sum(w for _, w in band) / len(band)
            lines.append(f"{low / 10:.1f}-{(low + 1) / 10:.1f} {len(band):6d}  {claimed:7.3f}  {won:.3f}")
    claimed = sum(c for c, _ in pairs) / len(pairs)
    won = sum(w for _, w in pairs) / len(pairs)
    brier = sum((c - w) ** 2 for c, w in pairs) / len(pairs)
    lines.append(f"all    {len(pairs):6d}  {claimed:7.3f}  {won:.3f}   Brier {brier:.4f}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=400, help="whole games per game and player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=GAMES, action="append", help="fit these games (default: both)")
    parser.add_argument("--players", type=int, action="append", help=f"player counts (default: {PLAYERS})")
    parser.add_argument("--write", action="store_true", help=f"write the model to {MODEL_FILE}")
    parser.add_argument("--calibrate", type=int, default=0, metavar="N", help="N more games to calibrate on")
    args = parser.parse_args()
    path = Path(__file__).resolve().parent.parent / "hints" / MODEL_FILE
    document: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    models = document.setdefault("models", {})
    for game_id in args.game or GAMES:
        for players in args.players or PLAYERS:
            began = time.process_time()
            entry = fitted(play_games(game_id, players, args.games, args.seed))
            key = f"{game_id}/{players}"
            models[key] = {"games": args.games, "seed": args.seed, "sizes": entry}
            seconds = time.process_time() - began
            print(f"{key}: {args.games} games, {seconds:.0f} s CPU")
            for size, dist in entry.items():
                n = sum(dist["counts"])
                mean = sum(p * c for p, c in zip(dist["points"], dist["counts"], strict=True)) / n
                print(f"  {size:>2} cards: {n} seat-rounds, mean {mean:6.2f}, {len(dist['points'])} values")
            if args.calibrate:
                model = RoundPoints.from_document({"models": {key: models[key]}})
                played = play_games(game_id, players, args.calibrate, args.seed + 1000)
                print(calibration_table(calibrate(game_id, players, model, played)))
    if args.write:
        document["about"] = (
            "Round points of one seat by game, player count and hand size, from whole games of the "
            "heuristic bot in every seat (bench/fit_round_points.py)"
        )
        path.write_text(json.dumps(document, indent=None, separators=(",", ":")) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
