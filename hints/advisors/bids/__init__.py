"""The advice of the bidding games, Stiche-Raten and Wizard: bids and cards valued by playing
the round out (`advisor`), in worlds fitted to the bids made with the bids of the seats still to
bid guessed (`others`), each world played out from a bid or a card (`played`) by the play-out
policy every seat follows (`playout`); and the rules of thumb (`heuristic`)."""
