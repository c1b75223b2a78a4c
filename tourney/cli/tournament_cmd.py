"""`tourney tournament`: create a tournament, list them, show one."""

from __future__ import annotations

import json
import secrets
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from tourney import limits
from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.language import lazy_help
from tourney.cli.options import Db, TableSize, json_flag, new_draw_seed, within
from tourney.cli.scorer_io import echo
from tourney.gamekit.stored import DEFAULT_GAME
from tourney.i18n import _, ngettext


def _formats_help() -> str:
    """``--format``'s help: each format's own line (`Format.help`), each translated on its
    own, so that a format added leaves the others' translations valid."""
    from tourney.tournament.format import names

    lines = "; ".join(_format_line(name) for name in names())
    return _("The tournament's format: {lines}.").format(lines=lines)


def _format_line(name: str) -> str:
    """A format's help line; an installed one that cannot be loaded says why in its place,
    and the others' lines are drawn."""
    from tourney.tournament.errors import TournamentError
    from tourney.tournament.format import format_named

    try:
        return _(format_named(name).help)
    except TournamentError as error:
        return f"{name}: {error}"


def _format_words(name: str) -> str:
    """A stored format's name in the reader's words (its label), or as stored when no format
    of that name is installed."""
    from tourney.tournament.format import find, label_text

    fmt = find(name)
    return label_text(fmt) if fmt is not None else name


def _option(flag: str) -> str:
    """``--pool-size`` -> ``pool_size``: a create option as `Format.options` names it."""
    return flag.removeprefix("--").replace("-", "_")


class _CreateCommand(TyperCommand):
    """`create`, its ``--format`` help drawn from the formats when a help page is drawn
    (not when the command tree is built: the formats are not imported to run a command)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if param.name == "format":
                lazy_help(param, _formats_help)
            elif param.name == "game":
                from tourney.cli.game_help import games_help

                lazy_help(param, games_help)


app = typer.Typer(
    name="tournament",
    help="Create and inspect tournaments.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command(cls=_CreateCommand)
def create(
    name: Annotated[str, typer.Argument(help="The tournament's name, e.g. 'Club Night'.")],
    format: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="The tournament's format (each format's line, drawn by _CreateCommand).",
        ),
    ] = "swiss",
    table_size: TableSize = 4,
    rounds: Annotated[
        int,
        within(
            limits.ROUNDS,
            help="Rounds (Swiss, rotating, balanced); round robin and elimination work it out.",
        ),
    ] = 4,
    partnerships: Annotated[
        bool, typer.Option(help="Fixed partnerships of two at tables of 4.")
    ] = False,
    target: Annotated[
        int | None,
        within(
            limits.TARGET, help="Points to win a match (default: the game's own; Horse Race 61)."
        ),
    ] = None,
    shared_win: Annotated[
        str,
        typer.Option(help="A k-way shared win scores: split (1/k), full (1) or a fraction."),
    ] = "split",
    bye_points: Annotated[
        str,
        typer.Option(help=f"Match points for a bye: 1, 0.5 or 1/2 (0 to {limits.POINTS_HIGH})."),
    ] = "1",
    tie_break: Annotated[
        list[str] | None,
        typer.Option(
            help="Tie-breaks in order (repeat): buchholz (opponents' average match points: "
            "comparable across tables of 3 and 4), scored (game points scored), head_to_head. "
            "Default: buchholz, scored, head_to_head."
        ),
    ] = None,
    third_place: Annotated[
        bool, typer.Option(help="Elimination: play a third-place match.")
    ] = False,
    grand_final_reset: Annotated[
        bool,
        typer.Option(
            help="Double elimination: when the losers' bracket champion wins the grand final, "
            "the two play again (the reset)."
        ),
    ] = True,
    seeding: Annotated[
        str | None,
        typer.Option(
            "--first-round",
            "--seeding",
            help="How round 1 is seeded (a Swiss's first pairing, a knockout's bracket): random "
            "(drawn by lot; its seed is recorded, so the draw is never made again), rating "
            "(the ratings given with player add --rating), registration, or previous (a "
            "previous stage's seeds). Default: random when no player has a rating when round "
            "1 is paired, else rating (a club's own default: TOURNEY_FIRST_ROUND). --seeding "
            "is its old name.",
            envvar="TOURNEY_FIRST_ROUND",
            show_envvar=False,
            show_default=False,
        ),
    ] = None,
    seed_by: Annotated[
        str,
        typer.Option(
            help="seeding (as --first-round says) or rating: seed a knockout, and order a "
            "Swiss's first round, by the club's OpenSkill ratings when round 1 is paired "
            "(players without a rated match after, by --first-round)."
        ),
    ] = "seeding",
    placement_points: Annotated[
        list[str] | None,
        typer.Option(
            help="Score each place at a table instead of win/loss, first place first; one "
            "scale per table size (repeat): '3,2,1,0' and '3,1.5,0', or pinball '7,5,3,1'. "
            "Level sides share their places' points; a table size without a scale takes the "
            "longest scale's first places and its last."
        ),
    ] = None,
    game: Annotated[
        str,
        typer.Option(help="The game: each installed game's line (`tourney.cli.game_help`)."),
    ] = DEFAULT_GAME,
    deals: Annotated[
        int | None,
        typer.Option(
            min=limits.DEALS.low,
            max=limits.DEALS.high,
            help="Racehorse: deals a match (default twice the players at the table).",
        ),
    ] = None,
    series: Annotated[
        str | None,
        typer.Option(help="A night of this series (tourney series create).", show_default=False),
    ] = None,
    round_minutes: Annotated[
        int | None,
        within(limits.ROUND_MINUTES, help="Each round's time on the clock (tourney clock)."),
    ] = None,
    time_rule: Annotated[
        str,
        typer.Option(
            help="When a round's time is up: finish-hand (finish the hand in progress, then "
            "stop) or stop-now."
        ),
    ] = "finish-hand",
    check_in: Annotated[
        bool, typer.Option(help="Players check in at the door; only they are paired.")
    ] = False,
    entry_fee: Annotated[
        str | None, typer.Option(help="The entry fee, e.g. 5 or 4.50 (tourney checkin --paid).")
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option(
            "--setting",
            help="A setting of the format's own, NAME=VALUE (repeat the option for another): "
            "a format that has some names them in its line of --format.",
            metavar="NAME=VALUE",
            show_default=False,
        ),
    ] = None,
    pools: Annotated[
        int | None,
        typer.Option(
            min=1, max=64, help="Groups: how many pools (or --pool-size).", show_default=False
        ),
    ] = None,
    pool_size: Annotated[
        int | None,
        typer.Option(
            min=2,
            max=64,
            help="Groups: the most a pool holds; pools = ceil(players / size).",
            show_default=False,
        ),
    ] = None,
    advance: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=64,
            help="Groups: how many of each pool advance (default 2).",
            show_default=False,
        ),
    ] = None,
    pool_format: Annotated[
        str | None,
        typer.Option(help="Groups: round_robin (default) or swiss pools.", show_default=False),
    ] = None,
    pool_rounds: Annotated[
        int | None,
        within(limits.ROUNDS, help="Groups: rounds of a Swiss pool (default --rounds)."),
    ] = None,
    accelerated: Annotated[
        bool,
        typer.Option(
            help="Swiss: accelerated pairing (Baku): the top of the seed order pairs with "
            "virtual points in the first half of the rounds (docs/formats/swiss-options.md)."
        ),
    ] = False,
    accelerated_rounds: Annotated[
        int | None,
        within(limits.ROUNDS, help="Swiss: accelerate this many first rounds.", low=1),
    ] = None,
    last_round: Annotated[
        str,
        typer.Option(help="Swiss: how the last round is paired: swiss or king-of-the-hill."),
    ] = "swiss",
    gibson: Annotated[
        bool,
        typer.Option(
            help="King of the hill: a leader who cannot be caught plays the lowest-ranked "
            "entrant still contending for a prize."
        ),
    ] = False,
    prizes: Annotated[
        str | None,
        typer.Option(
            help="Prizes for the top places, first place first: percentages of the entry "
            "fees paid (--prizes 50,30,20, with --entry-fee) or, with --fixed, amounts "
            "(--prizes 20,10,5 --fixed). Players level after every tie-break share their "
            "places' prizes. Also the places --gibson counts (default 3).",
            show_default=False,
        ),
    ] = None,
    fixed: Annotated[
        bool, typer.Option(help="--prizes are amounts of money, not percentages of the fees.")
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="The language its site and sheets come out in: en, it or ru "
            "(tourney tournament language changes it).",
            show_default=False,
        ),
    ] = None,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the new tournament's settings")] = False,
) -> None:
    """Create a tournament: its format, table size, rounds and how results score.

    Groups (--format groups): pools by snake seeding (--pools N or --pool-size N), each
    played as a round robin or a Swiss (--pool-format, --pool-rounds), then the top
    --advance of each pool seed a single-elimination knockout, two of one pool kept apart
    in its first round (docs/formats/groups-knockout.md).

    Racehorse: tables of 5-8 (mixed where the field does not divide), standings by match
    points then net units.

    Round 1 is drawn by lot unless players have ratings (--first-round): the draw's seed is
    recorded when the tournament is created, so the draw is never made again. Prizes go to
    the top places (--prizes), players level after every tie-break sharing theirs.

    Example: tourney tournament create "Club Night" --format swiss --table-size 4 --rounds 4

    Example: tourney tournament create "Cup" --entry-fee 5 --prizes 50,30,20 --first-round random

    Example: tourney tournament create "Open" --prizes 20,10,5 --fixed
    """
    from tourney.director.season import night_in_series
    from tourney.gamekit import game as find_game
    from tourney.tournament.create import decide_create
    from tourney.tournament.format import format_named, label_text
    from tourney.tournament.formats.swiss.options import SwissOptions, options_text
    from tourney.tournament.language import language_settings
    from tourney.tournament.room.checkin import check_in_settings, new_door_code
    from tourney.tournament.room.clock import clock_settings
    from tourney.tournament.seating.lot import AUTO
    from tourney.tournament.standings.prizes import with_prizes

    points = limits.parse_points(bye_points, "--bye-points")
    groups: dict[str, object] = {"--pools": pools, "--pool-size": pool_size, "--advance": advance}
    groups |= {"--pool-format": pool_format, "--pool-rounds": pool_rounds}
    given = [option for option, value in groups.items() if value is not None]
    fmt = format_named(format)
    refused = [o for o in given if o != "--pool-rounds" and _option(o) not in fmt.options]
    if "--pool-rounds" in given and "pool_format" not in fmt.options:
        refused.append("--pool-rounds")
    if refused:
        from tourney.errors import TourneyError

        raise TourneyError(
            _("{options}: not an option of --format {format}").format(
                options=", ".join(refused), format=format
            )
        )
    if pool_rounds is not None:
        rounds = pool_rounds
    swiss = SwissOptions(accelerated, accelerated_rounds, last_round, gibson)
    own_settings = [_setting(text) for text in setting or ()]
    with open_director(db, create=True) as director:
        effects = night_in_series(director.store, series, director.recorded_by)
        loaded = director.create(
            lambda state: with_prizes(
                swiss.applied(
                    decide_create(
                        state,
                        name,
                        format=format,
                        table_size=table_size,
                        rounds=rounds,
                        partnerships=partnerships,
                        target=target,
                        shared_win=shared_win,
                        bye_points=points,
                        tie_breaks=tuple(tie_break) if tie_break else None,
                        third_place=third_place,
                        seeding=AUTO if seeding is None else seeding,
                        draw_seed=new_draw_seed(),
                        seed_by=seed_by,
                        grand_final_reset=grand_final_reset,
                        placement_points=tuple(placement_points or ()),
                        game_name=game,
                        deals=deals,
                        pools=pools or 0,
                        pool_size=pool_size or 0,
                        advance=2 if advance is None else advance,
                        pool_format=pool_format or "round_robin",
                        settings=own_settings,
                    )
                )
                + clock_settings(round_minutes, time_rule)
                + check_in_settings(check_in, entry_fee, new_door_code(secrets.randbelow(10**6)))
                + language_settings(lang),
                prizes,
                fixed,
            ),
            effects,
        )
        created = loaded.state.created
        if as_json:
            typer.echo(json.dumps({"slug": loaded.slug, **created.to_payload()}))
            return
        settings = {"target": created.target, "deals": created.deals}
        play = find_game(created.game).display.length_text(settings)
        if created.partnerships and play:
            said = _(
                "Created {name!r} ({slug}): {format}, tables of {size} in partnerships, {play}."
            )
        elif play:
            said = _("Created {name!r} ({slug}): {format}, tables of {size}, {play}.")
        elif created.partnerships:  # a game without a target: nothing to say of a match's length
            said = _("Created {name!r} ({slug}): {format}, tables of {size} in partnerships.")
        else:
            said = _("Created {name!r} ({slug}): {format}, tables of {size}.")
        echo(
            said.format(
                name=created.name,
                slug=loaded.slug,
                format=label_text(fmt),
                size=created.table_size,
                play=play,
            )
        )
        for line in fmt.described(created):
            echo(line)
        if series is not None:
            echo(_("A night of the series {series}.").format(series=series))
        options = options_text(created)
        if options:
            echo(
                _("Swiss options: {options} (docs/formats/swiss-options.md).").format(
                    options=options
                )
            )
        if check_in:
            echo(
                _(
                    "Players check in at the door with the code {code} (on the QR poster; "
                    "tourney checkin --new-door-code changes it), or the director checks "
                    "them in (tourney checkin NAME); only they are paired."
                ).format(code=loaded.state.room.door_code)
            )
        if round_minutes is not None:
            echo(
                _("Each round: {round_minutes} minutes on the clock, then {time_rule}.").format(
                    round_minutes=round_minutes, time_rule=time_rule
                )
            )
        from tourney.cli.next_steps import add_players_line

        echo(add_players_line(loaded.slug))


@app.command("list")
def list_(db: Db = None, as_json: Annotated[bool, json_flag("the tournaments")] = False) -> None:
    """List the tournaments in the database, oldest first.

    Example: tourney tournament list --json
    """
    from tourney.streams.tournaments import listing

    with open_director(db, reads=True) as director:
        rows: list[dict[str, Any]] = []
        # The registry and the tournament read model (current: open_director caught it up
        # where it could write);
        # a tournament the read model could not fold is folded here, as before.
        for listed in listing(director.store):
            if listed.format is None:
                state = director.load(listed.slug, check=False).state
                created = state.created
                listed = listed._replace(
                    name=created.name,
                    format=created.format,
                    table_size=created.table_size,
                    players=len(state.players),
                    rounds_paired=len(state.rounds),
                )
            rows.append(listed._asdict())
        if as_json:
            typer.echo(json.dumps(rows, ensure_ascii=False))
            return
        if not rows:
            echo(_("No tournaments yet: tourney tournament create NAME"))
        for row in rows:
            echo(
                _("{slug:<24} {name!s:<24} {format:<12} {counted}, {counted2} paired").format(
                    slug=row["slug"],
                    name=row["name"],
                    format=_format_words(row["format"]),
                    counted=ngettext("{n} player", "{n} players", row["players"]).format(
                        n=row["players"]
                    ),
                    counted2=ngettext("{n} round", "{n} rounds", row["rounds_paired"]).format(
                        n=row["rounds_paired"]
                    ),
                )
            )


@app.command()
def show(
    tournament: TournamentOpt = None,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the tournament")] = False,
) -> None:
    """Show a tournament's settings, players and rounds.

    Example: tourney tournament show -t club-night
    """
    from tourney.tournament.format import format_of, label_text

    with open_director(db, reads=True) as director:
        loaded = director.load(director.resolve(tournament))
        state = loaded.state
        created = state.created
        data = {
            "slug": loaded.slug,
            "version": loaded.version,
            **created.to_payload(),
            "players": [
                {
                    "id": p.player_id,
                    "name": p.name,
                    "club": p.club,
                    "rating": p.rating,
                    "withdrawn": p.withdrawn,
                }
                for p in state.players.values()
            ],
            "rounds_paired": len(state.rounds),
        }
        fmt = format_of(state)
        if fmt.has_pools:
            knockout = state.groups.knockout
            data["pool_draw"] = [list(pool) for pool in state.groups.pools]
            data["knockout_seeds"] = list(knockout.order) if knockout else []
        if as_json:
            typer.echo(json.dumps(data, ensure_ascii=False))
            return
        echo(
            _("{name} ({slug}) — {format}, tables of {table_size}").format(
                name=created.name,
                slug=loaded.slug,
                format=label_text(fmt),
                table_size=created.table_size,
            )
        )
        echo(
            _("  {counted}, {counted2} paired").format(
                counted=ngettext("{n} player", "{n} players", len(state.players)).format(
                    n=len(state.players)
                ),
                counted2=ngettext("{n} round", "{n} rounds", len(state.rounds)).format(
                    n=len(state.rounds)
                ),
            )
        )
        if fmt.has_pools:  # the pools once drawn, and the knockout's seeds
            from tourney.tournament.records.groups_state import pool_letter

            for index, pool in enumerate(state.groups.pools):
                names = ", ".join(state.entrant_name(e) for e in pool)
                echo(
                    "  "
                    + _("pool {letter}: {names}").format(letter=pool_letter(index), names=names)
                )
            if state.groups.knockout is not None:
                seeds = ", ".join(state.entrant_name(e) for e in state.groups.knockout.order)
                echo("  " + _("knockout seeds: {seeds}").format(seeds=seeds))
        from tourney.tournament.formats.swiss.options import options_text

        options = options_text(created)
        if options:
            echo("  " + _("Swiss options: {options}").format(options=options))
        if created.settings:  # the format's own (`Format.settings`), as given to --setting
            given = ", ".join(f"{name}={value}" for name, value in created.settings)
            echo(
                "  "
                + _("{format}'s settings: {settings}").format(
                    format=label_text(fmt), settings=given
                )
            )
        for p in state.players.values():
            mark = " " + _("(withdrawn)") if p.withdrawn else ""
            club = f", {p.club}" if p.club else ""
            echo(f"  {p.player_id:<5} {p.name}{club}{mark}")


@app.command()
def language(
    lang: Annotated[str, typer.Argument(help="en, it or ru.", show_default=False)],
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Choose the language the tournament's site and sheets come out in (publish, serve).

    `tourney publish --lang` overrides it for one site; each phone's page under
    `tourney serve` follows its browser's language, else this one.

    Example: tourney tournament language it
    """
    from tourney.tournament.language import checked, decide_language

    with open_director(db) as director:
        slug = director.resolve(tournament)
        director.execute(slug, lambda state: decide_language(state, lang))
        echo(
            _("{slug}: its site and sheets come out in {language}.").format(
                slug=slug, language=checked(lang, "tournament language")
            )
        )


def register(root: typer.Typer) -> None:
    root.add_typer(app, rich_help_panel="Director")


def _setting(text: str) -> tuple[str, str]:
    """``--setting NAME=VALUE`` as (name, value); one line if there is no ``=``."""
    name, equals, value = text.partition("=")
    if not equals or not name.strip():
        from tourney.errors import TourneyError, quote

        raise TourneyError(
            _("--setting {text}: give NAME=VALUE, a setting of the format's own").format(
                text=quote(text)
            )
        )
    return name.strip(), value.strip()
