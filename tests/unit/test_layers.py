"""Layers that import-linter's contracts cannot see, because they read the import graph
without `TYPE_CHECKING` imports (pyproject.toml: ``exclude_type_checking_imports``): drawn
here with grimp with those imports counted, as a reader of the code sees them.

- The reports read plain values: nothing under `tourney.reports` reaches the store or the
  read models, not even for a type.
- No circle of imports: the web's routes name what they share through
  `tourney.web.shared` (not the app that mounts them), the store's helpers the store through
  the protocols of `tourney.store.appends`.
"""

from __future__ import annotations

import grimp
import pytest

# Known, and not to grow: each is found as it is here, or the test fails (one removed is
# struck off). The game's base and its faces (`gamekit.shown` reads its game through a
# protocol) and the game protocol and its verbs (`gamekit.table` holds the table both name,
# `verbs.Desk` reads its game as `verbs.Named`) no longer import one another, nor the Format
# interface and the standings (`standings.rows` holds the rows it returns).
KNOWN_CIRCLES = [
    # The Format interface is handed the state (for mypy only), and the state asks the
    # registry beside it whether its format rotates partners (`state.rotating`, which the
    # fold reads): breaking it takes a Format generic in its state, or the registry split
    # from the interface it checks, each more than the circle costs.
    {"tourney.tournament.format", "tourney.tournament.state"},
    # Every event's union (`events.TournamentEvent`) names the events that load by type (for
    # mypy only), and the rounds' events build on the core's `RoundPaired`.
    {"tourney.tournament.events", "tourney.tournament.round_events"},
    # Each record's state names the clocks, calls, sanctions, disputes and stage events its
    # events make (for mypy only); the events' module evolves that state.
    *(
        {f"tourney.tournament.records.{name}", f"tourney.tournament.records.{name}_state"}
        for name in ("room", "groups", "penalties", "disputes")
    ),
]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("tourney", exclude_type_checking_imports=False)


def circles(graph: grimp.ImportGraph) -> list[set[str]]:
    """Every set of modules that import one another round a circle (Tarjan's strongly
    connected components, of more than one module)."""
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []
    for root in modules:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(edges.get(child, []))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(component)
    return found


def test_the_reports_read_no_store(graph: grimp.ImportGraph) -> None:
    for lower in ("tourney.store", "tourney.projections", "tourney.policies"):
        chain = graph.find_shortest_chain(
            importer="tourney.reports", imported=lower, as_packages=True
        )
        assert chain is None, " -> ".join(chain or ())


def test_no_modules_import_one_another_round_a_circle(graph: grimp.ImportGraph) -> None:
    found = circles(graph)
    new = [sorted(c) for c in found if c not in KNOWN_CIRCLES]
    assert not new, new
    gone = [sorted(c) for c in KNOWN_CIRCLES if c not in found]
    assert not gone, f"no longer circles: strike them off KNOWN_CIRCLES: {gone}"
