"""``--game``'s help: each installed game's own line (`Game.help`, or its name, title and
table sizes when it has none), each translated on its own and assembled when a help page is
drawn (`tourney.cli.language.lazy_help`), as ``--format``'s is: a club's game installed from
its own distribution is listed with no edit to tourney (in English: its words are not in
tourney's catalogs), and adding one leaves the other games' translations valid."""

from __future__ import annotations

from tourney.i18n import _


def game_line(name: str) -> str:
    """One game's line: ``"horse-race: dominoes, tables of 2 to 4 (the default)"``."""
    from tourney.errors import TourneyError
    from tourney.gamekit import game

    try:
        played = game(name)
    except TourneyError as broken:  # its distribution cannot be loaded: say so in its place
        return f"{name}: {broken}"
    if played.help:
        return _(played.help)
    fewest, most = played.table_sizes
    return _("{name}: {title}, tables of {sizes}").format(
        name=name, title=played.title, sizes=f"{fewest}-{most}"
    )


def games_help() -> str:
    """``--game``'s help, every installed game's line."""
    from tourney.gamekit import names

    return _("The game: {lines}.").format(lines="; ".join(game_line(n) for n in names()))


def simulated_help() -> str:
    """``tourney simulate``'s ``--game`` help: the line of each game it can play (those with
    a `Simulation`), a club's included."""
    from tourney.gamekit.registry import loadable

    lines = "; ".join(game_line(g.name) for g in loadable() if g.simulation is not None)
    return _("The game: {lines}.").format(lines=lines)
