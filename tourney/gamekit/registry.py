"""The games tourney plays, by registry name: every game an installed distribution declares
in the entry-point group ``tourney.games`` (tourney's own two included, in its
pyproject.toml), each loaded the first time it is asked for; and, for a test's throwaway
game, `register`.

A game's entry point is ``<name> = <module>:<object>``: the name is the one a stream's
``match_started`` (``game``) and a tournament's settings store."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tourney.errors import TourneyError, quote
from tourney.gamekit.stored import DEFAULT_GAME
from tourney.i18n import _

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from tourney.gamekit.protocol import Game, Upcaster

GROUP = "tourney.games"
"""The entry-point group a distribution declares its games in."""
UPCASTERS = "tourney.upcasters"
"""The entry-point group a distribution names its games' upcasters in (`Game.upcasters`):
``<game> = <module>:<mapping>``, a game with none naming none."""
VERBS = "tourney.verbs"
"""The entry-point group a distribution names its games' one-shot commands in, one entry
each: ``<game>.<verb> = <module>:<object>`` (the game's own entry)."""

_LOADED: dict[str, Game] = {}
_REGISTERED: dict[str, Game] = {}
_FOUND: dict[str, EntryPoint] | None = None
_LOCK = threading.RLock()
"""Held while the installed games are read and while a game loads: `tourney serve`'s
threads may ask for a game at the same moment, and none may see a half-read list."""
_DECLARED: dict[str, list[EntryPoint]] = {}
_SCANNED: Any = None


def _declared(group: str) -> list[EntryPoint]:
    """The entry points the installed distributions declare in ``group``. The distributions
    are read in one pass, once per process, and each group selected from it: every
    `entry_points(group=...)` call reads every distribution's entry_points.txt again
    (~5 ms), and a one-shot command asks for three groups (the games, their verbs and
    their upcasters)."""
    global _SCANNED
    if group not in _DECLARED:
        if _SCANNED is None:
            from importlib.metadata import entry_points

            _SCANNED = entry_points()  # `select` below reads no distribution again
        _DECLARED[group] = list(_SCANNED.select(group=group))
    return _DECLARED[group]


def _installed() -> dict[str, EntryPoint]:
    """The installed distributions' games, by name, read once (importlib.metadata costs a
    command ~15 ms: only a command that needs a game pays it)."""
    global _FOUND
    with _LOCK:
        if _FOUND is None:
            found: dict[str, EntryPoint] = {}
            for point in _declared(GROUP):
                found.setdefault(point.name, point)  # two distributions: the first one found
            _FOUND = found
        return _FOUND


def declared_verbs() -> dict[str, list[str]]:
    """Each one-shot command the games have (`Game.verbs`) and the names of the games that
    have it, in the order declared, read without importing a game: `tourney place` loads
    only the games with a ``place``."""
    verbs: dict[str, list[str]] = {}
    installed = _installed()
    for point in _declared(VERBS):
        name, _dot, verb = point.name.rpartition(".")
        if name in installed and name not in verbs.setdefault(verb, []):
            verbs[verb].append(name)
    for name, played in _REGISTERED.items():
        for verb in played.verbs:
            verbs.setdefault(verb, []).append(name)
    return verbs


def register(played: Game) -> None:
    """Play ``played`` from now on, under its ``name``: for a test that builds a throwaway
    game (a club's game is installed, and found by its entry point). A name already taken
    raises ValueError."""
    if played.name in _installed() or played.name in _REGISTERED:
        raise ValueError(f"a game named {played.name!r} is already registered")
    _REGISTERED[played.name] = played


def unregister(name: str) -> None:
    """Forget a game `register` added (a test's, at its end); the installed ones stay."""
    _REGISTERED.pop(name, None)


def names() -> tuple[str, ...]:
    """Every game's registry name: the installed ones (the default game first), then those
    registered."""
    installed = sorted(_installed(), key=lambda name: (name != DEFAULT_GAME, name))
    return (*installed, *_REGISTERED)


SHIPPED = ("horse-race", "racehorse")
"""The games tourney's own distribution declares (its pyproject.toml's ``tourney.games``
entry points; tests/unit/games/test_registry_shipped.py holds the two equal): installed
wherever tourney is, so `installed` knows them without reading the distributions."""


def installed(name: str) -> bool:
    """Whether a game named ``name`` is installed here (or registered), without loading it:
    tourney's own known by name, any other by the installed distributions' entry points
    (read only then: `pairings` on a tournament of tourney's own game reads none)."""
    if name in _REGISTERED or name in _LOADED or name in SHIPPED:
        return True
    return isinstance(name, str) and name in _installed()


def game(name: str) -> Game:
    """The game named ``name`` (``horse-race``, ``racehorse``); TourneyError if none.

    Each game's modules load the first time it is asked for: a run of Racehorse records
    never imports the domino engine, and the other way round."""
    found = _REGISTERED.get(name) or _LOADED.get(name) if isinstance(name, str) else None
    if found is not None:
        return found
    point = _installed().get(name) if isinstance(name, str) else None
    if point is None:
        raise TourneyError(
            _("{name} is not a game tourney plays: {names}").format(
                name=quote(str(name)), names=", ".join(names())
            )
        )
    with _LOCK:
        if name in _LOADED:  # another thread loaded it while this one waited
            return _LOADED[name]
        try:
            loaded: Game = point.load()
        except Exception as error:  # a club's distribution half removed or broken
            raise TourneyError(
                _("the installed game {name} cannot be loaded ({value}: {error})").format(
                    name=quote(name), value=point.value, error=error
                )
            ) from None
        if loaded.name != name:
            raise TourneyError(f"the game {point.value} is named {loaded.name!r}, not {name!r}")
        _LOADED[name] = loaded
        return loaded


def loadable() -> list[Game]:
    """Every game that loads, in `names` order: one whose distribution is broken is left
    out of the lists and help that show them all (asked for by name, `game` says why)."""
    found = []
    for name in names():
        try:
            found.append(game(name))
        except TourneyError:
            continue
    return found


def game_of(payload: Mapping[str, Any] | None) -> Game:
    """The game of a ``match_started`` payload (``game`` absent, or no payload: Horse Race)."""
    name = None if payload is None else payload.get("game")
    return game(DEFAULT_GAME if name is None else name)


def upcasters() -> dict[tuple[str, int], Upcaster]:
    """Every game's `Game.upcasters`, for the store to read old payloads with (a type's
    steps from two games would have to agree: ValueError when they do not). An installed
    game's are found through the entry-point group ``tourney.upcasters`` (its plain
    functions, without the game: opening a store loads no game's rules)."""
    installed = _installed()
    found = []
    for point in _declared(UPCASTERS):
        if point.name in installed:
            try:
                found.append(point.load())
            except Exception:  # a broken game's: its streams are refused when read (`game`)
                continue
    found += [played.upcasters for played in _REGISTERED.values()]
    steps: dict[tuple[str, int], Upcaster] = {}
    for declared in found:
        for key, step in declared.items():
            if steps.setdefault(key, step) is not step:
                raise ValueError(f"two games lift {key[0]} events of schema version {key[1]}")
    return steps
