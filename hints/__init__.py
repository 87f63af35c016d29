"""The assistant: one seat's view of a round, what it deduces, and advice at its decisions.

Three parts, each importing only the ones before it (docs/design/architecture.md):

- the core, here: `session`, `worlds`, `dd`, `figures`, `valuation` (the anytime loop over
  worlds), `advisors` (each game's valuation and rules of thumb), `advice` (`advise`),
  `analysis`, `demo`, `report`;
- `stich.hints.live`: the live entry language of ``stich live`` and ``stich serve``;
- `stich.hints.play`: the bots and the arena.
"""
