"""Constraint models over what a seat's view has seen.

Card locations: which hidden card can be in which hand or out of play
(`card_locations`), exact uniform sampling of the hidden hands (`DealSampler`,
`sample_deals`, `count_deals`), and the first contradiction among the observations
as a minimal set of events (`find_conflict`). Start from `observe` (a replayed
round) or `observe_record` (a view record).
"""

from deducer.conflicts import Conflict, find_conflict, is_consistent
from deducer.locations import (
    LocationModel,
    Locations,
    Status,
    card_locations,
    location_model,
    overfull_cards,
)
from deducer.observations import (
    OUT_OF_PLAY,
    Observations,
    Place,
    Play,
    RulesContext,
    Void,
    observe,
    observe_record,
)
from deducer.sampling import Deal, DealSampler, count_deals, hands_of, sample_deals

__all__ = [
    "OUT_OF_PLAY",
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
    "count_deals",
    "find_conflict",
    "hands_of",
    "is_consistent",
    "location_model",
    "observe",
    "observe_record",
    "overfull_cards",
    "sample_deals",
]
