"""A game package's names, each loaded from its module the first time it is asked for.

A game's entry point (``<package>.game:GAME``) imports its package first: a package whose
``__init__`` imported its whole engine would load it for every command that only reads the
game's words (`tourney standings`) or its upcasters (every command that opens a store)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def on_first_use(package: str, home: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each name of ``home`` from the module of
    ``package`` it names (``{"Match": "match"}``), AttributeError for any other."""

    def __getattr__(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(f"{package}.{module}"), name)

    return __getattr__
