"""Constraint models over what a seat's view has seen.

Hidden secrets: which Was sticht? trumps or Stich für Stich culprit/weapon pairs the
announcements still allow (`deduce`, `HypothesisTracker`, three evaluators that must
agree), why a record contradicts itself (`find_hypothesis_conflict`), and how much a
candidate pick or card would tell (`information`).

Card locations: which hidden card can be in which hand or out of play
(`card_locations`), exact uniform sampling of the hidden hands (`DealSampler`,
`sample_deals`, `count_deals`), the first contradiction among the observations as a
minimal set of events (`find_conflict`), and the first event after which no deal fits
a record (`first_contradiction`, which `stich check` reports). Start from `observe`
(a replayed round) or `observe_record` (a view record).
"""

from typing import TYPE_CHECKING, Any

from stich.deducer.conflicts import (
    Conflict,
    check_report_with_hidden_hands,
    find_conflict,
    first_contradiction,
    is_consistent,
)
from stich.deducer.explain import HypothesisConflict, find_hypothesis_conflict, minimal_conflict
from stich.deducer.hypotheses import (
    METHODS,
    Clue,
    Deduction,
    Evidence,
    HypothesisSpace,
    HypothesisTracker,
    Method,
    Posterior,
    consistent_hypotheses,
    consistent_leaving_out,
    deduce,
    evidence,
    posterior,
)
from stich.deducer.locations import (
    LocationModel,
    Locations,
    Status,
    card_locations,
    location_model,
    overfull_cards,
)
from stich.deducer.observations import (
    OUT_OF_PLAY,
    Observations,
    Place,
    Play,
    RulesContext,
    Void,
    observe,
    observe_record,
)
from stich.deducer.sampling import (
    Deal,
    DealSampler,
    count_deals,
    hands_of,
    location_probabilities,
    sample_deals,
)

if TYPE_CHECKING:
    from stich.deducer.information import InformationReport, information

# Imported on first use: the information measure needs numpy, which most users of the deducer
# (a hint, a check) never touch and which takes a tenth of a second to load.
_LAZY = {"InformationReport", "information"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module = importlib.import_module("stich.deducer.information")
        # Both names bound here: the function, not the submodule that importing it binds.
        globals().update(InformationReport=module.InformationReport, information=module.information)
        return globals()[name]
    raise AttributeError(f"module 'stich.deducer' has no attribute {name!r}")


__all__ = [
    "METHODS",
    "OUT_OF_PLAY",
    "Clue",
    "Deduction",
    "Evidence",
    "HypothesisConflict",
    "HypothesisSpace",
    "HypothesisTracker",
    "InformationReport",
    "Method",
    "Posterior",
    "consistent_hypotheses",
    "consistent_leaving_out",
    "deduce",
    "evidence",
    "find_hypothesis_conflict",
    "information",
    "minimal_conflict",
    "posterior",
    "Conflict",
    "Deal",
    "DealSampler",
    "LocationModel",
    "Locations",
    "Observations",
    "Place",
    "Play",
    "RulesContext",
    "Status",
    "Void",
    "card_locations",
    "check_report_with_hidden_hands",
    "count_deals",
    "find_conflict",
    "first_contradiction",
    "hands_of",
    "is_consistent",
    "location_model",
    "location_probabilities",
    "observe",
    "observe_record",
    "overfull_cards",
    "sample_deals",
]
