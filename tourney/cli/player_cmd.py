"""`tourney player`: register players (one by one or from CSV), withdraw them, form teams."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tourney import limits
from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.options import Db, echo, within

if TYPE_CHECKING:
    from tourney.tournament.events import TournamentEvent
    from tourney.tournament.state import TournamentState

app = typer.Typer(
    name="player",
    help="Register, withdraw and partner players.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def player_id_of(state: TournamentState, who: str) -> str:
    """A player's id from their id or name — looked up as everywhere (`tourney.names.find`:
    case and accents ignored, a unique beginning is enough); TourneyError when nobody or
    several players match."""
    from tourney.errors import TourneyError, quote
    from tourney.names import find

    if who in state.players:
        return who
    ids = {player.name: player.player_id for player in state.players.values()}
    found = find(who, ids)
    if len(found) == 1:
        return ids[found[0]]
    if found:
        raise TourneyError(
            f"{quote(who)} could be {', '.join(found[:5])} in {state.title}: give more of the name"
        )
    raise TourneyError(f"no player {quote(who)} in {state.title}")


def _next_number(state: TournamentState) -> int:
    numbers = [int(p[1:]) for p in state.players if p[:1] == "p" and p[1:].isdigit()]
    return max(numbers, default=0) + 1


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
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Register a player (late entries are taken until registration closes).

    Example: tourney player add "Ann Lee" --club Riverside --rating 1650
    """
    from tourney.tournament.entries import decide_register
    from tourney.tournament.events import PlayerRegistered

    with open_director(db) as director:
        slug = director.resolve(tournament)
        _loaded, events = director.execute(
            slug,
            lambda state: decide_register(
                state, f"p{_next_number(state)}", name, club=club, rating=rating, seed=seed
            ),
        )
        for event in events:
            if isinstance(event, PlayerRegistered):
                echo(f"Registered {event.name} as {event.player_id} in {slug}.")


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
    from tourney.tournament.entries import decide_register_all
    from tourney.tournament.players_csv import parse_players_csv, registrations

    text = read_text(csv_file, "CSV")
    try:
        rows = parse_players_csv(text)
    except TourneyError as exc:
        raise TourneyError(f"{csv_file}: {exc}") from None
    with open_director(db) as director:
        slug = director.resolve(tournament)
        _, events = director.execute(
            slug,
            lambda state: decide_register_all(state, registrations(rows, _next_number(state))),
        )
        echo(f"Registered {len(events)} players from {csv_file} in {slug}.")


@app.command()
def carry(
    source: Annotated[
        str, typer.Option("--from", help="The tournament whose standings seed this one.")
    ],
    top: Annotated[
        int | None, within(limits.PLAYERS, help="Only the first TOP ranked entrants.", low=1)
    ] = None,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Register the players of another tournament in its standings order, each seeded by
    their rank: with --seeding previous, a knockout is seeded from a Swiss.

    Example: tourney player carry --from club-night --top 8 -t club-cup
    """
    from tourney.tournament.entries import decide_register_from

    with open_director(db) as director:
        slug = director.resolve(tournament)
        previous_slug = director.resolve(source)
        if previous_slug == slug:
            from tourney.errors import TourneyError

            raise TourneyError(f"--from names {slug} itself: carry from another tournament")
        previous = director.load(previous_slug).state
        _loaded, events = director.execute(
            slug, lambda state: decide_register_from(state, previous, top)
        )
        echo(f"Registered {len(events)} players from {previous_slug} in {slug}, seeded by rank.")


@app.command()
def withdraw(
    player: Annotated[str, typer.Argument(help="The player's name or id.")],
    reason: Annotated[str, typer.Option(help="Why, for the record.")] = "",
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Withdraw a player: they stay in the standings and are never paired again.

    Example: tourney player withdraw "Ann Lee" --reason "left early"
    """
    from tourney.tournament.entries import decide_withdraw
    from tourney.tournament.events import PlayerWithdrawn

    with open_director(db) as director:
        slug = director.resolve(tournament)
        loaded, events = director.execute(
            slug, lambda state: decide_withdraw(state, player_id_of(state, player), reason)
        )
        for event in events:
            if isinstance(event, PlayerWithdrawn):
                echo(f"Withdrew {loaded.state.players[event.player_id].name} from {slug}.")


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
    from tourney.tournament.entries import decide_form_partnership
    from tourney.tournament.events import PartnershipFormed

    with open_director(db) as director:
        slug = director.resolve(tournament)

        def decide(state: TournamentState) -> list[TournamentEvent]:
            members = (player_id_of(state, first), player_id_of(state, second))
            return decide_form_partnership(state, f"t{len(state.teams) + 1}", members, name)

        _loaded, events = director.execute(slug, decide)
        for event in events:
            if isinstance(event, PartnershipFormed):
                echo(f"Formed partnership {event.name} in {slug}.")


def register(root: typer.Typer) -> None:
    root.add_typer(app, rich_help_panel="Director")
