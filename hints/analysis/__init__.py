"""A recorded round, decision by decision: what was done, what was best with every card known, and
what the seat could know then.

The omniscient record is replayed once (`games.views.ViewFeed`), and every seat's
`Session` follows it with only what that seat saw. A record seen from one seat (a round of a
`stich live` journal) is that seat's alone: its own decisions are analysed, and the true deal
at each is what the rest of the round showed (every card a player later played was in that
player's hand); cards never shown are drawn at random among the deals that fit, and each
decision says how many were (``sampled``). At each decision of an analysed seat:

- the advice from the seat's own view (`hints.advice`), i.e. what it could know;
- the double-dummy value of every choice *in the true deal* (the advisor's valuation on
  the one world that really was), hence the best choices and what the choice made cost.

Together they tell a **mistake** (it cost, and the seat's own view already preferred
another choice) from **unlucky** (it cost, but it was the best given what the seat
knew: the cards lay wrong) and **lucky** (it cost nothing, though the view preferred
another). For Was sticht? and Stich für Stich the deduction timeline says how many
secrets each seat could still consider after each event, and when each first knew.

In three rooms: `model` (what the analysis shows: reviews, thinking, the timeline, its text
and JSON), `truth` (each decision valued in the true deal and advised from the seat's view,
its cost and verdict) and `review` (reading the record and running the decisions, in worker
processes where asked).
"""

from stich.hints.analysis.model import (
    VERDICT_ORDER,
    Analysis,
    AnalysisJson,
    Review,
    ReviewJson,
    Thinking,
    TimelinePoint,
    choice_key,
    cost_text,
    event_label,
)
from stich.hints.analysis.review import Progress, analyze
from stich.hints.analysis.truth import (
    TRUE_DRAWS,
    default_budget,
    default_budget_of,
    drawn_truth,
    true_values_of,
)

__all__ = [
    "TRUE_DRAWS",
    "VERDICT_ORDER",
    "Analysis",
    "AnalysisJson",
    "Progress",
    "Review",
    "ReviewJson",
    "Thinking",
    "TimelinePoint",
    "analyze",
    "choice_key",
    "cost_text",
    "default_budget",
    "default_budget_of",
    "drawn_truth",
    "event_label",
    "true_values_of",
]
