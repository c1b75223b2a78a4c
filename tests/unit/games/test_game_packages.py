"""Every installed game — tourney's own and any a distribution declares in the
``tourney.games`` entry points (High card, from tests/games/highcard/) — is a package that
knows no other game and that nothing outside it imports: a game is loaded through its entry
point. Checked on grimp's import graph (import-linter's), TYPE_CHECKING imports included,
so that a game added tomorrow is held to it with no new contract."""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path

import grimp
import pytest

# Horse Race's by nature (ARCHITECTURE.md): `tourney import` reads its records, the demo
# plays its club night; both through its public face.
THROUGH_THE_FACE = {"tourney.cli.records_cmd", "tourney.demo.clubnight"}


def _packages() -> dict[str, str]:
    """Each installed game's package, by game name: its entry point's module, less the
    module's own name."""
    found = {}
    for point in entry_points(group="tourney.games"):
        module = point.value.partition(":")[0]
        found[point.name] = module.rpartition(".")[0] or module
    return found


PACKAGES = _packages()


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    roots = {"tourney", *(package.partition(".")[0] for package in PACKAGES.values())}
    return grimp.build_graph(*sorted(roots), exclude_type_checking_imports=False)


def test_the_test_game_is_installed_as_a_distribution() -> None:
    assert "highcard" in PACKAGES and {"horse-race", "racehorse"} <= set(PACKAGES)


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_a_game_knows_no_other_game(graph: grimp.ImportGraph, name: str) -> None:
    package = PACKAGES[name]
    reaches = graph.find_upstream_modules(package, as_package=True)
    others = {other for game, other in PACKAGES.items() if game != name}
    found = sorted(m for m in reaches for o in others if m == o or m.startswith(o + "."))
    assert not found, f"{package} imports {found}"


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_nothing_outside_a_game_imports_it(graph: grimp.ImportGraph, name: str) -> None:
    package = PACKAGES[name]
    importers = {
        importer
        for module in graph.find_descendants(package) | {package}
        for importer in graph.find_modules_that_directly_import(module)
        if importer != package and not importer.startswith(package + ".")
    }
    assert not importers - THROUGH_THE_FACE, f"{sorted(importers)} import {package}"


@pytest.mark.parametrize("package", ["tourney.games.horserace", "tourney.games.racehorse"])
def test_a_shipped_games_names_are_each_found_in_their_module(package: str) -> None:
    """Each shipped game's package loads its names on first use: each one it exports is
    where its table says, and the table names nothing it does not export."""
    from importlib import import_module

    loaded = import_module(package)
    assert sorted(loaded._HOME) == sorted(loaded.__all__)
    for name, module in loaded._HOME.items():
        assert getattr(loaded, name) is getattr(import_module(f"{package}.{module}"), name), name


def test_a_games_names_load_on_first_use_by_one_mechanism() -> None:
    """`tourney.gamekit.lazy.on_first_use` is the one module ``__getattr__`` of the games
    (Horse Race's face had a twin of its own, with one more case: a module by its name):
    each lazy name of the face is its module's, `simulation` the module itself, and any
    other name an AttributeError naming the face."""
    import re
    from importlib import import_module

    tourney = Path(import_module("tourney").__file__ or "").parent
    own = [
        str(path.relative_to(tourney))
        for folder in ("games", "gamekit")
        for path in (tourney / folder).rglob("*.py")
        if path.name != "lazy.py" and re.search(r"^def __getattr__", path.read_text(), re.M)
    ]
    assert not own, own
    face = import_module("tourney.games.horserace.face")
    assert face.simulation is import_module("tourney.games.horserace.simulation")
    assert face.make_bot is import_module("tourney.games.horserace.bots").make_bot
    assert face.BotTable is import_module("tourney.games.horserace.simulate").BotTable
    with pytest.raises(AttributeError, match=r"^module 'tourney\.games\.horserace\.face' has no "):
        face.nothing  # noqa: B018
