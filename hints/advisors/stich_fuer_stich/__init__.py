"""The advice of Stich für Stich: the cards valued in worlds drawn from the belief over the case
(`belief`, `advisor`), the guess, and the rules of thumb (`heuristic`)."""
