"""A maximum flow and the residual graph's reachability, for the small graphs of card locations.

The location graph has a source, a sink, a node per group of interchangeable cards (at
most one per subset of places) and a node per place (at most a handful): tens of nodes.
Breadth-first augmenting paths (Edmonds-Karp) find a maximum flow there in well under a
millisecond, and loading no graph library keeps a command's start-up short (networkx
took about 0.3 s of CPU to import, paid by every `hint`, `live` and `deduce`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Mapping

__all__ = ["Capacities", "descendants", "max_flow", "residual", "strong_components"]

Node = Hashable
Capacities = dict[Node, dict[Node, int]]
"""``u -> v -> capacity`` of each directed edge."""


def max_flow(capacity: Capacities, source: Node, sink: Node) -> tuple[int, dict[Node, dict[Node, int]]]:
    """The value of a maximum flow from ``source`` to ``sink`` and the flow on every edge
    (``flow[u][v]``, 0 where none; edges both ways are not expected)."""
    flow: dict[Node, dict[Node, int]] = {u: dict.fromkeys(out, 0) for u, out in capacity.items()}
    value = 0
    while True:
        # Breadth-first search for a shortest path in the residual graph.
        parent: dict[Node, tuple[Node, bool]] = {source: (source, True)}
        queue = deque([source])
        while queue and sink not in parent:
            u = queue.popleft()
            for v, cap in capacity.get(u, {}).items():
                if v not in parent and flow[u][v] < cap:
                    parent[v] = (u, True)  # forward along u -> v
                    queue.append(v)
            for w, out in flow.items():  # backward along w -> u, undoing its flow
                if w not in parent and out.get(u, 0) > 0:
                    parent[w] = (u, False)
                    queue.append(w)
        if sink not in parent:
            return value, flow
        # The bottleneck along the path, then push it.
        path: list[tuple[Node, Node, bool]] = []
        v = sink
        while v != source:
            u, forward = parent[v]
            path.append((u, v, forward))
            v = u
        push = min(capacity[u][v] - flow[u][v] if forward else flow[v][u] for u, v, forward in path)
        for u, v, forward in path:
            if forward:
                flow[u][v] += push
            else:
                flow[v][u] -= push
        value += push


def residual(capacity: Capacities, flow: Mapping[Node, Mapping[Node, int]]) -> dict[Node, set[Node]]:
    """The residual graph as adjacency sets: u -> v where the edge has room, v -> u where it
    carries flow. Every node of ``capacity`` is a key."""
    graph: dict[Node, set[Node]] = {}
    for u, out in capacity.items():
        graph.setdefault(u, set())
        for v, cap in out.items():
            graph.setdefault(v, set())
            used = flow[u][v]
            if used < cap:
                graph[u].add(v)
            if used > 0:
                graph[v].add(u)
    return graph


def descendants(graph: Mapping[Node, set[Node]], start: Node) -> set[Node]:
    """The nodes reachable from ``start`` (``start`` itself only along a cycle)."""
    seen: set[Node] = set()
    queue = deque(graph.get(start, ()))
    while queue:
        node = queue.popleft()
        if node not in seen:
            seen.add(node)
            queue.extend(graph.get(node, ()))
    return seen


def strong_components(graph: Mapping[Node, set[Node]]) -> dict[Node, int]:
    """Each node's strongly connected component, as a number: two nodes share one exactly when
    each reaches the other."""
    reach = {node: descendants(graph, node) | {node} for node in graph}
    component: dict[Node, int] = {}
    for node in graph:
        if node in component:
            continue
        number = len(set(component.values()))
        for other in reach[node]:
            if node in reach[other]:
                component[other] = number
    return component
