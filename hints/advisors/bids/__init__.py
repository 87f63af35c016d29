"""The advice of the bidding games, Stiche-Raten and Wizard: bids and cards valued by playing
the round out in worlds fitted to the bids made (`advisor`), the rules of thumb (`heuristic`),
and the play-out policy every seat follows in those worlds (`playout`)."""
