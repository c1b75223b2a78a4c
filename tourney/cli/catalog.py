"""The ``--help`` texts of the `tourney` command for the ``messages`` catalog: they are not
``_()`` calls in the code (Typer reads them from docstrings and ``help=``), so
``python -m tourney.cli.catalog messages.pot`` adds them to the template ``pybabel extract``
wrote (Makefile: ``messages-catalog``); `tourney.cli.language` looks them up when a help
page is drawn."""

from __future__ import annotations

import sys
from collections.abc import Iterable

from tourney.cli import metavars
from tourney.cli.language import RICH_WORDS, USAGE, msgid, params, parts, texts


def club_words() -> tuple[frozenset[str], frozenset[str]]:
    """The help texts and the parameter names that only games from other distributions (a
    club's) bring to the `tourney` command: their words are theirs, English (ARCHITECTURE.md,
    add a game), not tourney's catalog's, whichever games are installed where it is built."""
    from tourney.gamekit import game, names
    from tourney.gamekit.verbs import Param, Verb

    def words(verbs: Iterable[Verb], options: Iterable[Param]) -> tuple[set[str], set[str]]:
        declared = [*options, *(p for v in verbs for p in v.params)]
        return {msgid(v.help) for v in verbs} | {msgid(p.help) for p in declared}, {
            p.name for p in declared
        }

    own_texts: set[str] = set()
    own_names: set[str] = set()
    club_texts: set[str] = set()
    club_names: set[str] = set()
    for name in names():
        played = game(name)
        texts_, params_ = words(played.verbs.values(), played.start_options)
        if type(played).__module__.startswith("tourney."):
            own_texts |= texts_
            own_names |= params_
        else:
            club_texts |= texts_
            club_names |= params_
    return frozenset(club_texts - own_texts), frozenset(club_names - own_names)


def help_texts() -> list[str]:
    """Every help text of the `tourney` command, English, as the catalog keys them (a club
    game's left out: `club_words`)."""
    import typer.rich_utils as rich_utils

    from tourney.cli.app import every_command

    root = every_command()
    ctx = root.make_context("tourney", ["-h"], resilient_parsing=True)
    club = club_words()[0]
    found = [part for item in texts(root, ctx) for part in parts(*item) if part not in club]
    found += [getattr(rich_utils, name) for name in RICH_WORDS]
    found.append(USAGE)
    return list(dict.fromkeys(found))


def metavar_words() -> list[str]:
    """Every word of every metavar of the `tourney` command (``TABLE``, ``MINUTES``),
    English: msgids with the context `metavars.CONTEXT`."""
    from tourney.cli.app import every_command

    root = every_command()
    ctx = root.make_context("tourney", ["-h"], resilient_parsing=True)
    club = club_words()[1]
    return sorted(
        {
            w
            for p in params(root, ctx)
            if p.name not in club
            for w in metavars.words(metavars.english(p) or "")
        }
    )


def add_to_template(path: str) -> None:
    """Add `help_texts` to the ``messages`` template ``pybabel extract`` wrote at ``path``
    (Makefile: ``messages-catalog``)."""
    from babel.messages.pofile import read_po, write_po

    with open(path, "rb") as handle:
        catalog = read_po(handle)
    for text in help_texts():
        if text not in catalog:
            catalog.add(text, locations=[("tourney/cli", 0)])
    for word in metavar_words():
        if catalog.get(word, context=metavars.CONTEXT) is None:
            catalog.add(word, locations=[("tourney/cli/metavars.py", 0)], context=metavars.CONTEXT)
    with open(path, "wb") as handle:
        write_po(handle, catalog, width=100, include_lineno=False)


if __name__ == "__main__":
    add_to_template(sys.argv[1])
