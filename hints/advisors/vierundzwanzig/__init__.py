"""The advice of 24: the call, the exchange and the cards valued in sampled worlds (`advisor`),
and the rules of thumb (`heuristic`)."""
