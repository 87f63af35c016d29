"""Bots and the arena: players for whole deals, and the tournament that has them play.

Above the assistant core, which never imports it.

- `stich.hints.play.bots`: the bots (random, heuristic, advice with a budget, external);
- `stich.hints.play.rules_bot`: a public Oh Hell app's bot rules (Stiche-Raten, Wizard);
- `stich.hints.play.arena`: bots playing deals against each other, with estimates.
"""
