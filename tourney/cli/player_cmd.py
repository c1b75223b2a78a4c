"""`tourney player`: register players (one by one or from CSV), withdraw them, form teams."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tourney import limits
from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.options import Db, within
from tourney.cli.scorer_io import echo
from tourney.i18n import _, ngettext

if TYPE_CHECKING:
    from tourney.tournament.events import TournamentEvent
    from tourney.tournament.state import TournamentState

app = typer.Typer(
    name="player",
    help="Register, withdraw and partner players.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


PlayerArg = Annotated[str, typer.Argument(help="The player's name or id.")]
Reason = Annotated[str, typer.Option(help="Why, for the record.")]


def _player_id(state: TournamentState, who: str) -> str:
    from tourney.tournament.entries.entries import player_id

    return player_id(state, who)


def _next_number(state: TournamentState) -> int:
    from tourney.tournament.entries.entries import next_player_number

    return next_player_number(state)


def _warn_look_alikes(state: TournamentState, events: list[TournamentEvent]) -> None:
    """One line on stderr for each new player whose name looks like another's (a likely
    double registration): registered all the same, with the command that takes it back."""
    from tourney.errors import printable
    from tourney.tournament.entries.entries import look_alikes
    from tourney.tournament.events import PlayerRegistered

    new = [e.player_id for e in events if isinstance(e, PlayerRegistered)]
    position = {player_id: n for n, player_id in enumerate(new)}
    for player_id, alikes in look_alikes(state, new).items():
        for other in alikes:
            # Each pair is told once, by its second name.
            if position.get(other.player_id, -1) >= position[player_id]:
                continue
            name = state.players[player_id].name
            typer.echo(
                printable(
                    f"warning: {name!r} ({player_id}) looks like {other.name!r} "
                    f"({other.player_id}); if they are one person: "
                    f"tourney player remove {player_id}"
                ),
                err=True,
            )


@app.command()
def add(
    name: Annotated[str, typer.Argument(help="The player's name as it will be printed.")],
    club: Annotated[
        str | None, typer.Option(help="Their club (pairings can keep clubmates apart).")
    ] = None,
    rating: Annotated[int | None, within(limits.RATING, help="Rating, for seeding.")] = None,
    seed: Annotated[
        int | None, within(limits.SEED, help="Explicit seed (1 is the top seed).")
    ] = None,
    start_points: Annotated[
        str,
        typer.Option(
            help="A late entry's match points to start with, e.g. a bye's worth for each "
            f"round missed: 2, 1.5 or 3/2 (0 to {limits.POINTS_HIGH})."
        ),
    ] = "0",
    new: Annotated[
        bool,
        typer.Option(
            "--new",
            help="Someone new to the club: a different person from the club's of that name, "
            "or from those whose names look like it.",
        ),
    ] = False,
    person: Annotated[
        str | None,
        typer.Option(
            "--same",
            "--person",
            help="The club roster's person this is, by id (P3) or name: 'Anna Rossi'.",
            show_default=False,
        ),
    ] = None,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Register a player (late entries are taken until registration closes, starting with
    --start-points if the director gives them some).

    The entry is linked to the person of that name the club roster knows (said in one
    line), or to a new one; --new registers a different person of the same name, and a
    name that is several people's is refused until --same says which. A name no one in
    the roster has, but that looks like someone's (Anna Rosi, when Anna Rossi played 3
    nights), is refused, naming them, until --same 'Anna Rossi' says it is her or --new
    says it is someone new.

    Example: tourney player add "Ann Lee" --club Riverside --rating 1650
    """
    from tourney.director.season import linking
    from tourney.tournament.entries.entries import decide_register
    from tourney.tournament.events import PlayerRegistered

    with open_director(db) as director:
        slug = director.resolve(tournament)
        points = limits.parse_points(start_points, "--start-points")
        effects, said = linking(director.store, new, person, director.recorded_by, ask_near=True)
        _loaded, events = director.execute(
            slug,
            lambda state: decide_register(
                state,
                f"p{_next_number(state)}",
                name,
                club=club,
                rating=rating,
                seed=seed,
                start_points=points,
            ),
            effects=effects,
        )
        for event in events:
            if isinstance(event, PlayerRegistered):
                echo(
                    _("Registered {name} as {player_id} in {slug}.").format(
                        name=event.name, player_id=event.player_id, slug=slug
                    )
                )
        for line in said:
            echo(line)
        _warn_look_alikes(_loaded.state, events)


@app.command("import")
def import_(
    csv_file: Annotated[
        Path, typer.Argument(help="CSV with a header: name[,club][,rating][,seed].", metavar="CSV")
    ],
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Register every player of a CSV file: all of them, or none if any row is wrong.

    Example: tourney player import players.csv -t club-night
    """
    from tourney.errors import TourneyError
    from tourney.textfiles import read_text
    from tourney.tournament.entries.entries import decide_register_all
    from tourney.tournament.entries.players_csv import parse_players_csv, registrations

    text = read_text(csv_file, "CSV")
    try:
        rows = parse_players_csv(text)
    except TourneyError as exc:
        raise TourneyError(f"{csv_file}: {exc}") from None
    with open_director(db) as director:
        slug = director.resolve(tournament)
        loaded, events = director.execute(
            slug,
            lambda state: decide_register_all(state, registrations(rows, _next_number(state))),
        )
        echo(
            _("Registered {counted} from {csv_file} in {slug}.").format(
                counted=ngettext("{n} player", "{n} players", len(events)).format(n=len(events)),
                csv_file=csv_file,
                slug=slug,
            )
        )
        _warn_look_alikes(loaded.state, events)


@app.command()
def carry(
    source: Annotated[
        str, typer.Option("--from", help="The tournament whose standings seed this one.")
    ],
    top: Annotated[
        int | None,
        within(limits.PLAYERS, help="Only the first COUNT entrants in the standings.", low=1),
    ] = None,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Register the players of another tournament in its standings order, each seeded by
    their rank: with --seeding previous, a knockout is seeded from a Swiss.

    Example: tourney player carry --from club-night --top 8 -t club-cup
    """
    from tourney.tournament.entries.entries import decide_register_from

    with open_director(db) as director:
        slug = director.resolve(tournament)
        previous_slug = director.resolve(source)
        if previous_slug == slug:
            from tourney.errors import TourneyError

            raise TourneyError(
                _("--from names {slug} itself: carry from another tournament").format(slug=slug)
            )
        previous = director.load(previous_slug).state
        _loaded, events = director.execute(
            slug, lambda state: decide_register_from(state, previous, top)
        )
        echo(
            _("Registered {counted} from {previous_slug} in {slug}, seeded by rank.").format(
                counted=ngettext("{n} player", "{n} players", len(events)).format(n=len(events)),
                previous_slug=previous_slug,
                slug=slug,
            )
        )


@app.command()
def withdraw(
    player: PlayerArg,
    reason: Reason = "",
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Withdraw a player: they stay in the standings and are never paired again.

    Example: tourney player withdraw "Ann Lee" --reason "left early"
    """
    from tourney.tournament.entries.entries import decide_withdraw
    from tourney.tournament.entry_events import PlayerWithdrawn

    with open_director(db) as director:
        slug = director.resolve(tournament)
        loaded, events = director.execute(
            slug, lambda state: decide_withdraw(state, _player_id(state, player), reason)
        )
        for event in events:
            if isinstance(event, PlayerWithdrawn):
                echo(
                    _("Withdrew {name} from {slug}.").format(
                        name=loaded.state.players[event.player_id].name, slug=slug
                    )
                )


@app.command()
def remove(
    player: PlayerArg,
    reason: Reason = "",
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Take back a registration made by mistake (a double entry, the wrong tournament),
    before the player is paired; a player who has played is withdrawn instead.

    Example: tourney player remove p12 --reason "registered twice"
    """
    from tourney.tournament.entries.entries import decide_remove
    from tourney.tournament.entry_events import PlayerRemoved

    with open_director(db) as director:
        slug = director.resolve(tournament)
        before = director.load(slug).state

        def decide(state: TournamentState) -> list[TournamentEvent]:
            return decide_remove(state, _player_id(state, player), reason)

        _loaded, events = director.execute(slug, decide)
        for event in events:
            if isinstance(event, PlayerRemoved):
                name = before.players[event.player_id].name
                echo(
                    _("Removed {name} ({player_id}) from {slug}.").format(
                        name=name, player_id=event.player_id, slug=slug
                    )
                )


@app.command()
def team(
    first: Annotated[str, typer.Argument(help="One partner (name or id).")],
    second: Annotated[str, typer.Argument(help="The other partner (name or id).")],
    name: Annotated[str | None, typer.Option(help="The partnership's name.")] = None,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Form a fixed partnership (partnership tournaments, before round 1).

    Example: tourney player team Ann Cy --name "The Spinners"
    """
    from tourney.tournament.entries.entries import decide_form_partnership
    from tourney.tournament.entry_events import PartnershipFormed

    with open_director(db) as director:
        slug = director.resolve(tournament)

        def decide(state: TournamentState) -> list[TournamentEvent]:
            members = (_player_id(state, first), _player_id(state, second))
            return decide_form_partnership(state, f"t{len(state.teams) + 1}", members, name)

        _loaded, events = director.execute(slug, decide)
        for event in events:
            if isinstance(event, PartnershipFormed):
                echo(_("Formed partnership {name} in {slug}.").format(name=event.name, slug=slug))


def register(root: typer.Typer) -> None:
    root.add_typer(app, rich_help_panel="Director")
