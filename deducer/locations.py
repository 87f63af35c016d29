"""Which hidden card can be in which place: a bipartite flow over cards and places.

Cards that may go to the same places are interchangeable, so they form one *group*
node. Source → group (its size), group → each place open to it, place → sink (its
size). A deal that fits the observations is a flow that fills every place; one
maximum flow (networkx) decides whether any deal fits. A card of group g can be in
place p exactly when some such flow sends a unit along g → p: when this flow does,
or when the residual graph has a cycle through g → p, i.e. g and p lie in one
strongly connected component.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict

from stich.deducer.observations import Observations, Place
from stich.games.cards import Card, CardSet, iter_cards, popcount

__all__ = [
    "Locations",
    "LocationModel",
    "Status",
    "card_locations",
    "location_model",
    "overfull_cards",
]


HALL_PLACES = 10
"""Up to this many places, `LocationModel.fits` checks every set of them; beyond, a flow."""


class Status(enum.Enum):
    """Whether a card is in a place in every, some, or no deal that fits the observations."""

    CERTAIN = "certain"
    POSSIBLE = "possible"
    IMPOSSIBLE = "impossible"


@dataclass(frozen=True)
class LocationModel:
    """Hidden cards, their places, and the places open to each card.

    ``groups`` pairs a bit mask of place indices with the cards open to exactly
    those places; ``sizes`` are the places' sizes.
    """

    places: tuple[Place, ...]
    groups: tuple[tuple[int, CardSet], ...]
    sizes: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sizes", tuple(place.size for place in self.places))

    @property
    def hidden(self) -> CardSet:
        """All hidden cards."""
        cards = 0
        for _, group in self.groups:
            cards |= group
        return cards

    def allowed(self, card: Card) -> int:
        """Bit mask of the places open to ``card`` (0 if it is not hidden)."""
        for mask, group in self.groups:
            if group >> card & 1:
                return mask
        return 0

    def forbidden(self, place: int) -> CardSet:
        """Hidden cards that may not be in ``place``."""
        cards = 0
        for mask, group in self.groups:
            if not mask >> place & 1:
                cards |= group
        return cards

    def sizes_fit(self) -> bool:
        """True when the places hold exactly the hidden cards."""
        return all(size >= 0 for size in self.sizes) and sum(self.sizes) == popcount(self.hidden)

    def fits(self) -> bool:
        """Whether some deal fits: every hidden card placed, every place filled. By Hall's condition
        (for every set of places, the cards open to those places alone fit in them), which asks no
        flow and so loads no networkx; the same answer as `card_locations` gives."""
        if not self.sizes_fit():
            return False
        count = len(self.places)
        if count > HALL_PLACES:
            return card_locations(self).consistent
        sizes = self.sizes
        for subset in range(1 << count):
            room = sum(sizes[j] for j in range(count) if subset >> j & 1)
            held = sum(popcount(cards) for mask, cards in self.groups if not mask & ~subset)
            if held > room:
                return False
        return True


def location_model(obs: Observations, voids: Iterable[int] | None = None) -> LocationModel:
    """The model of ``obs`` with the given voids (indices into ``obs.voids``; default all)."""
    count = len(obs.places)
    forbidden = [0] * count
    chosen = range(len(obs.voids)) if voids is None else voids
    for i in chosen:
        void = obs.voids[i]
        j = obs.place_of(void.seat)
        if j is not None:
            forbidden[j] |= void.cards
    known = {card: j for j, place in enumerate(obs.places) for card in iter_cards(place.known & obs.hidden)}
    everywhere = (1 << count) - 1
    by_mask: dict[int, CardSet] = {}
    for card in iter_cards(obs.hidden):
        if card in known:
            mask = 1 << known[card]
            if forbidden[known[card]] >> card & 1:
                mask = 0  # known to be where a void says it cannot be
        else:
            mask = everywhere
            for j in range(count):
                if forbidden[j] >> card & 1:
                    mask &= ~(1 << j)
        by_mask[mask] = by_mask.get(mask, 0) | 1 << card
    return LocationModel(obs.places, tuple(sorted(by_mask.items())))


def _flow_graph(model: LocationModel) -> Any:
    import networkx as nx  # imported when a flow is computed: it takes a while to load

    graph = nx.DiGraph()
    graph.add_node("s")
    graph.add_node("t")
    for g, (mask, cards) in enumerate(model.groups):
        size = popcount(cards)
        graph.add_edge("s", ("g", g), capacity=size)
        for j in range(len(model.places)):
            if mask >> j & 1:
                graph.add_edge(("g", g), ("p", j), capacity=size)
    for j, size in enumerate(model.sizes):
        graph.add_edge(("p", j), "t", capacity=max(size, 0))
    return graph


def _max_flow(model: LocationModel) -> tuple[bool, Any, dict[Any, dict[Any, int]]]:
    """Whether every hidden card can be placed; the graph and a maximum flow."""
    import networkx as nx  # imported when a flow is computed: it takes a while to load

    graph = _flow_graph(model)
    value, flow = nx.maximum_flow(graph, "s", "t")
    return model.sizes_fit() and value == popcount(model.hidden), graph, flow


def _residual(graph: Any, flow: Mapping[Any, Mapping[Any, int]]) -> Any:
    import networkx as nx  # imported when a flow is computed: it takes a while to load

    residual = nx.DiGraph()
    residual.add_nodes_from(graph.nodes)
    for u, v, data in graph.edges(data=True):
        used = flow[u][v]
        if used < data["capacity"]:
            residual.add_edge(u, v)
        if used > 0:
            residual.add_edge(v, u)
    return residual


class PlaceJson(TypedDict):
    name: str
    seat: int | None
    size: int
    certain: list[str]
    possible: list[str]


class LocationsJson(TypedDict):
    """``{"consistent", "places"}``, cards by name."""

    consistent: bool
    places: list[PlaceJson]


@dataclass(frozen=True)
class Locations:
    """For each hidden card, the places it can be in; ``consistent`` is False when no deal fits."""

    model: LocationModel
    consistent: bool
    where: Mapping[Card, int]  # card -> bit mask of the places it can be in

    def status(self, card: Card, place: int) -> Status:
        """Certain, possible or impossible for ``card`` to be in place ``place``."""
        mask = self.where.get(card, 0)
        if not mask >> place & 1:
            return Status.IMPOSSIBLE
        return Status.CERTAIN if mask == 1 << place else Status.POSSIBLE

    def certain(self, place: int) -> CardSet:
        """Hidden cards that are in ``place`` in every deal that fits."""
        return sum(1 << card for card, mask in self.where.items() if mask == 1 << place)

    def possible(self, place: int) -> CardSet:
        """Hidden cards that are in ``place`` in some deal that fits (the certain ones too)."""
        return sum(1 << card for card, mask in self.where.items() if mask >> place & 1)

    def impossible(self, place: int) -> CardSet:
        """Hidden cards that are in ``place`` in no deal that fits."""
        return self.model.hidden & ~self.possible(place)

    def to_json(self, obs: Observations) -> LocationsJson:
        """``{"consistent", "places": [{"name", "seat", "size", "certain", "possible"}]}``, cards by name."""
        deck = obs.deck
        return {
            "consistent": self.consistent,
            "places": [
                {
                    "name": place.name,
                    "seat": place.seat,
                    "size": place.size,
                    "certain": deck.names(self.certain(j)),
                    "possible": deck.names(self.possible(j) & ~self.certain(j)),
                }
                for j, place in enumerate(self.model.places)
            ],
        }


def card_locations(source: Observations | LocationModel) -> Locations:
    """Where each hidden card can be, by one maximum flow and its residual graph."""
    import networkx as nx  # imported when a flow is computed: it takes a while to load

    model = source if isinstance(source, LocationModel) else location_model(source)
    ok, graph, flow = _max_flow(model)
    if not ok:
        return Locations(model, False, {card: 0 for card in iter_cards(model.hidden)})
    component: dict[Any, int] = {}
    for k, nodes in enumerate(nx.strongly_connected_components(_residual(graph, flow))):
        for node in nodes:
            component[node] = k
    where: dict[Card, int] = {}
    for g, (mask, cards) in enumerate(model.groups):
        node = ("g", g)
        reach = 0
        for j in range(len(model.places)):
            if mask >> j & 1 and (flow[node][("p", j)] > 0 or component[node] == component[("p", j)]):
                reach |= 1 << j
        for card in iter_cards(cards):
            where[card] = reach
    return Locations(model, True, where)


def overfull_cards(model: LocationModel) -> tuple[CardSet, int] | None:
    """Hidden cards that cannot all be placed, and the only places open to them (a bit mask).

    None when every card can be placed. The cards are those the source still reaches in
    the residual graph of a maximum flow; the places open to them hold fewer cards.
    """
    import networkx as nx  # imported when a flow is computed: it takes a while to load

    ok, graph, flow = _max_flow(model)
    if ok or not model.sizes_fit():
        return None
    reached = nx.descendants(_residual(graph, flow), "s")
    cards = 0
    places = 0
    for g, (mask, group) in enumerate(model.groups):
        if ("g", g) in reached:
            cards |= group
            places |= mask
    return cards, places
