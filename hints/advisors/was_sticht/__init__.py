"""The advice of Was sticht?: the draft under the trumps still possible (`draft`), the task
choice and the cards by play-outs with every seat playing for its own task (`advisor`,
`playout`, compiled in `_playout`), double-dummy values with every hand open (`open_play`), the
costs of a finished round under the true deal (`truth`), and the rules of thumb (`heuristic`)."""
