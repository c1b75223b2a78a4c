"""A game package's names, each loaded from its module the first time it is asked for.

A game's entry point (``<package>.game:GAME``) imports its package first: a package whose
``__init__`` imported its whole engine would load it for every command that only reads the
game's words (`tourney standings`) or its upcasters (every command that opens a store)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def on_first_use(
    package: str, home: Mapping[str, str], module: str | None = None
) -> Callable[[str], Any]:
    """A module ``__getattr__`` for `module` (default: `package` itself; a face of it, as
    ``tourney.games.horserace.face``): each name of `home` from the module of `package` it
    names (``{"Match": "match"}``), a name naming its own module being that module
    (``{"simulation": "simulation"}``); AttributeError naming `module` for any other."""
    owner = module or package

    def __getattr__(name: str) -> Any:
        where = home.get(name)
        if where is None:
            raise AttributeError(f"module {owner!r} has no attribute {name!r}")
        loaded = import_module(f"{package}.{where}")
        return loaded if where == name else getattr(loaded, name)

    return __getattr__
