"""deducer.flow against networkx (the library it replaced, kept here as an oracle): the same
maximum flow value, a valid flow, the same strongly connected components and descendants."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from deducer.flow import Capacities, descendants, max_flow, residual, strong_components


def _random_graph(rng: random.Random) -> Capacities:
    """A layered graph as card locations build: source, groups, places, sink."""
    groups = rng.randint(0, 6)
    places = rng.randint(1, 5)
    graph: Capacities = {"s": {}, "t": {}}
    for g in range(groups):
        size = rng.randint(0, 5)
        graph["s"][("g", g)] = size
        graph[("g", g)] = {("p", p): size for p in range(places) if rng.random() < 0.5}
    for p in range(places):
        graph[("p", p)] = {"t": rng.randint(0, 6)}
    return graph


def _networkx(graph: Capacities) -> nx.DiGraph:
    out = nx.DiGraph()
    out.add_nodes_from(graph)
    for u, edges in graph.items():
        for v, cap in edges.items():
            out.add_edge(u, v, capacity=cap)
    return out


@pytest.mark.parametrize("seed", range(300))
def test_max_flow_and_residual_agree_with_networkx(seed: int) -> None:
    rng = random.Random(seed)
    graph = _random_graph(rng)
    value, flow = max_flow(graph, "s", "t")
    oracle = _networkx(graph)
    assert value == nx.maximum_flow_value(oracle, "s", "t")
    # A valid flow: within capacities, conserved at every inner node.
    for u, edges in graph.items():
        for v, cap in edges.items():
            assert 0 <= flow[u][v] <= cap
    for node in graph:
        if node not in ("s", "t"):
            inflow = sum(flow[u].get(node, 0) for u in graph)
            assert inflow == sum(flow[node].values())
    assert sum(flow["s"].values()) == value
    # The residual graph's components and what the source reaches, as networkx finds them.
    rest = residual(graph, flow)
    as_nx = nx.DiGraph()
    as_nx.add_nodes_from(rest)
    as_nx.add_edges_from((u, v) for u, vs in rest.items() for v in vs)
    component = strong_components(rest)
    for nodes in nx.strongly_connected_components(as_nx):
        assert len({component[n] for n in nodes}) == 1
    assert len(set(component.values())) == nx.number_strongly_connected_components(as_nx)
    assert descendants(rest, "s") - {"s"} == nx.descendants(as_nx, "s")
