"""The commands the installed games provide (`Game.verbs`: `tourney place`, `bid`, `pass`...)
and `tourney start`, whose options are the games' own (`Game.start_options`), built here
from the games' declarations (`tourney.gamekit.verbs`): a game imports no CLI library.

A command several games name is one command with every such game's parameters; at a table
it runs the table's game's verb and refuses a parameter that game does not declare, as
`tourney start` refuses an option the chosen game does not. No code here asks which game
it is."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperCommand

from tourney.cli.options import At, Db, Json, MatchId
from tourney.cli.scorer_io import open_desk, print_state
from tourney.errors import TourneyError
from tourney.gamekit.stored import DEFAULT_GAME
from tourney.i18n import _

if TYPE_CHECKING:
    from tourney.gamekit import Game
    from tourney.gamekit.verbs import Param
    from tourney.limits import Bound

HELP_PARTS = "tourney_help_parts"
"""The attribute a command built here keeps its help's paragraphs in, one per game (each a
msgid of the `messages` catalog: a new game's line leaves the others' translations whole)."""


def _installed() -> list[Game]:
    from tourney.gamekit.registry import loadable

    return loadable()


def _option(param: Param) -> Any:
    """The Typer parameter a declared one stands for (a value with no metavar of its own
    or by its name, a club game's, shows its name in capitals: ``COUNT``; a name tourney
    gives a file or an address, ``to``, is not one of a game's values: ``TO``)."""
    from tourney.cli.metavars import VALUES

    metavar = param.metavar
    if metavar is None and param.kind is not bool and param.name not in VALUES:
        metavar = param.name.upper()
    bound = param.bound  # the parser refuses the rest, an argument's as an option's
    if param.flag is None:
        return typer.Argument(
            help=param.help, metavar=metavar, show_default=False,
            min=None if bound is None else bound.low, max=None if bound is None else bound.high,
        )  # fmt: skip
    return typer.Option(
        param.flag, help=param.help, metavar=metavar, show_default=False,
        min=None if bound is None else bound.low, max=None if bound is None else bound.high,
    )  # fmt: skip


def _annotation(param: Param) -> Any:
    kind: Any = {str: list[str], int: list[int]}[param.kind] if param.many else param.kind
    if param.kind is bool:
        return Annotated[bool, _option(param)]
    return Annotated[kind if param.required else kind | None, _option(param)]


def _union(declared: Sequence[Param]) -> list[Param]:
    """Each parameter once, by name: the first game's declaration, its range widened to
    take every game's (each game's own is checked at its table: `_refuse_others`) and its
    help each game's that differs, a paragraph each (each a msgid: `language.parts`),
    so that one game installed never refuses another's valid value."""
    by_name: dict[str, Param] = {}
    for param in declared:
        first = by_name.setdefault(param.name, param)
        if first is param:
            continue
        helps = first.help.split("\n\n")
        if param.help not in helps:
            helps.append(param.help)
        wider = _wider(first.bound, param.bound)
        by_name[param.name] = first._replace(bound=wider, help="\n\n".join(helps))
    return list(by_name.values())


def _wider(one: Bound | None, other: Bound | None) -> Bound | None:
    """The range taking both (None, no range, when either has none)."""
    if one is None or other is None:
        return None
    return one._replace(low=min(one.low, other.low), high=max(one.high, other.high))


def _signature(params: Sequence[Param], first: Sequence[inspect.Parameter]) -> inspect.Signature:
    """The command's signature: ``first``, then the games' parameters, then ``--at``,
    ``--db``, ``--json`` (Typer reads its parameters from it)."""
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    ours = [
        inspect.Parameter(
            p.name, kind, annotation=_annotation(p),
            default=inspect.Parameter.empty if p.required else (False if p.kind is bool else None),
        )
        for p in sorted(params, key=lambda p: (p.flag is not None, not p.required))
    ]  # fmt: skip
    return inspect.Signature([*first, *ours])


def _given(declared: Sequence[Param], values: Mapping[str, Any]) -> dict[str, Any]:
    """The values given (an option left off, or a flag off, is absent)."""
    return {p.name: values[p.name] for p in declared if _given_value(values.get(p.name))}


def _given_value(value: Any) -> bool:
    """Whether a parsed value was given: not None (left off), not a flag's False; 0 is a
    value (``0 in (None, False)`` is true: 0 == False)."""
    return value is not None and value is not False


def _refuse_others(
    title: str, own: Sequence[Param], every: Sequence[Param], values: Mapping[str, Any]
) -> None:
    """Refuse a parameter given that ``own`` (the game's) does not declare, naming those it
    does, and a value out of the game's own range (the command's takes every game's)."""
    for param in own:
        value = values.get(param.name)
        if param.bound is not None and _given_value(value):
            for each in value if isinstance(value, list) else [value]:
                param.bound.check(each, param.flag or param.name)
    names = {p.name for p in own}
    for param in every:
        if param.name not in names and _given_value(values.get(param.name)):
            flag = param.flag or param.name
            theirs = ", ".join(p.flag for p in own if p.flag)
            raise TourneyError(
                _("{flag} is not for a {title} match (its options: {options})").format(
                    flag=flag, title=title, options=theirs
                )
                if theirs
                else _("{flag} is not for a {title} match").format(flag=flag, title=title)
            )


def _command(
    function: Callable[..., None], signature: inspect.Signature, parts: list[str]
) -> Callable[..., None]:
    function.__signature__ = signature  # type: ignore[attr-defined]
    function.__annotations__ = {p.name: p.annotation for p in signature.parameters.values()}
    function.__doc__ = "\n\n".join(parts)
    setattr(function, HELP_PARTS, tuple(parts))
    return function


def _tail() -> list[inspect.Parameter]:
    kind = inspect.Parameter.KEYWORD_ONLY
    return [
        inspect.Parameter("at", kind, annotation=At, default=None),
        inspect.Parameter("db", kind, annotation=Db, default=None),
        inspect.Parameter("as_json", kind, annotation=Json, default=False),
    ]


def verb_command(name: str, games: Sequence[Game]) -> Callable[..., None]:
    """`tourney <name>`: the verb ``name`` of the table's game, among ``games``."""
    every = _union([p for g in games for p in g.verbs[name].params])
    # The start command a match never started needs: --game when only another game has it.
    hint = games[0].name if len(games) == 1 and games[0].name != DEFAULT_GAME else ""

    def run(match: str, **values: Any) -> None:
        at, db, as_json = values.pop("at"), values.pop("db"), values.pop("as_json")
        with open_desk(db, match) as desk:
            desk.check_started(hint)
            verb = desk.game.verbs.get(name)
            if verb is None:
                raise TourneyError(
                    _(
                        "{id} is a {title} match: `tourney {command}` is not one of its "
                        "commands (record it with {commands} or `tourney record {id}`)"
                    ).format(
                        id=desk.id,
                        title=desk.game.title,
                        command=name,
                        commands=", ".join(f"`tourney {verb}`" for verb in desk.game.verbs),
                    )
                )
            _refuse_others(desk.game.title, verb.params, every, values)
            print_state(desk, as_json, list(verb.record(desk, _given(verb.params, values), at)))

    match = inspect.Parameter("match", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=MatchId)
    signature = _signature(every, [match])
    signature = signature.replace(parameters=[*signature.parameters.values(), *_tail()])
    run.__name__ = name
    return _command(run, signature, list(dict.fromkeys(g.verbs[name].help for g in games)))


START_HELP = """Start a match at a table: players in seat order, hidden hands unless --known. With
--game racehorse, an ad-hoc Racehorse match of 5 to 8 players (cards are typed as they
are played).

Example: tourney start K1 --game racehorse --players Ann,Bo,Cy,Di,Ed --deals 6"""


def start_command(games: Sequence[Game]) -> Callable[..., None]:
    """`tourney start`: an ad-hoc match of the game ``--game`` names, with its options."""
    every = _union([p for g in games for p in g.start_options])

    def start(match: str, players: str, game: str = DEFAULT_GAME, **values: Any) -> None:
        from tourney.gamekit import game as find_game
        from tourney.names import clean_name

        db, as_json = values.pop("db"), values.pop("as_json")
        played = find_game(game)
        _refuse_others(played.title, played.start_options, every, values)
        names = tuple(clean_name(name, _("player name")) for name in players.split(","))
        event = played.start_event(names, _given(played.start_options, values))
        with open_desk(db, match, tables=False, create=True) as desk:

            def decide() -> list[Any]:
                if desk.game is not played:  # the stream holds the other game's match
                    raise TourneyError(
                        _("cannot start {id}: it is already a {title} match").format(
                            id=desk.id, title=desk.game.title
                        )
                    )
                desk.match.copy().apply(event)  # refused as the engine says, nothing changed
                return [event]

            print_state(desk, as_json, desk.append_events(decide, game=played))

    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    players = typer.Option(
        "--players", help="Names in seat order (clockwise), comma-separated.", metavar="NAMES"
    )
    chosen = typer.Option(
        "--game", help="The game: each installed game's line (`tourney.cli.game_help`)."
    )
    first = [
        inspect.Parameter("match", kind, annotation=MatchId),
        inspect.Parameter("players", kind, annotation=Annotated[str, players]),
        inspect.Parameter("game", kind, default=DEFAULT_GAME, annotation=Annotated[str, chosen]),
    ]
    signature = _signature(every, first)
    tail = [p for p in _tail() if p.name != "at"]
    signature = signature.replace(parameters=[*signature.parameters.values(), *tail])
    return _command(start, signature, [START_HELP])


class _StartCommand(TyperCommand):
    """`start`, its ``--game`` help each installed game's line, drawn when a help page is
    (`tourney.cli.game_help`): a club's game is listed with no edit here."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        from tourney.cli.game_help import games_help
        from tourney.cli.language import lazy_help

        for param in self.params:
            if param.name == "game":
                lazy_help(param, games_help)


def register(app: typer.Typer) -> None:
    """Mount `tourney start`, whose options are every installed game's, in the Scorer panel."""
    app.command(cls=_StartCommand, rich_help_panel="Scorer", no_args_is_help=True)(
        start_command(_installed())
    )


def register_verb(app: typer.Typer, name: str) -> None:
    """Mount `tourney <name>`, the one-shot command of the games that have it (and only
    those games are imported: `tourney.gamekit.registry.declared_verbs`)."""
    from tourney.gamekit import game
    from tourney.gamekit.registry import declared_verbs

    function = verb_command(name, [game(played) for played in declared_verbs()[name]])
    app.command(name, rich_help_panel="Scorer", no_args_is_help=True)(function)
