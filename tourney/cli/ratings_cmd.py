"""`tourney ratings`: OpenSkill ratings of the club's people over every tournament."""

from __future__ import annotations

from typing import Annotated

import typer

from tourney.cli.director_options import open_director
from tourney.cli.options import Db, json_flag
from tourney.i18n import N_, _, ngettext

RATINGS_HEADS = {"name": N_("Name"), "ordinal": N_("Ordinal"), "matches": N_("Matches")}
"""The ratings table's column heads in words (mu and sigma are the model's symbols)."""


def ratings(
    as_csv: Annotated[bool, typer.Option("--csv", help="Print CSV.")] = False,
    history: Annotated[
        bool,
        typer.Option(
            "--history",
            help="With --json, add every update in the order applied; in text, one line each.",
        ),
    ] = False,
    played: Annotated[
        str | None,
        typer.Option(
            "--game",
            help="One game's ratings only: horse-race or racehorse (each game is rated on "
            "its own results).",
            show_default=False,
        ),
    ] = None,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the ratings")] = False,
) -> None:
    """OpenSkill ratings of the club's people over every tournament in the database.

    The model is Plackett–Luce with its defaults; every finished match is rated, in the
    order results were recorded.

    A table's ranks are its places: the winners first (a shared win is a tie), then by
    final score (Racehorse: net units). Partners are a team of two. Played results, results
    entered from a paper scoresheet and adjudicated results are rated; byes, forfeits,
    no-shows and voided matches are not. A corrected or voided result is rated again where
    it stands, and everything after it: the ratings are always worked out afresh from the
    results. Ranked by ordinal (mu - 3 sigma).

    Each game is rated on its own results: a club that plays Horse Race and Racehorse has
    two tables (JSON rows and CSV lines name their game), and a table's chances to win and
    seeding by rating use its own game's ratings.

    Example: tourney ratings --json --history > ratings.json

    Example: tourney ratings --game racehorse
    """
    from tourney.cli.scorer_io import echo
    from tourney.cli.season_io import print_rows
    from tourney.director.season import rated_season
    from tourney.gamekit import game
    from tourney.reports.season import RATINGS_LABELS, ratings_cells, ratings_csv, ratings_json
    from tourney.season.ratings import rate_games

    if played is not None:
        played = game(played).name  # refused, naming the games, when there is no such game
    with open_director(db) as director:
        matches, club = rated_season(director.store)
    games = rate_games(matches, played, history)  # the history only when shown
    if as_json:
        typer.echo(ratings_json(games, club, history), nl=False)
        return
    if as_csv:
        typer.echo(ratings_csv(games, club), nl=False)
        return
    if not any(result.players for result in games.values()):
        echo(_("No rated match yet: ratings count finished matches of every tournament."))
        return
    for name, result in games.items():
        title = _("Ratings — OpenSkill Plackett–Luce, {counted}").format(
            counted=ngettext("{n} match", "{n} matches", result.rated).format(n=result.rated)
        )
        if len(games) > 1 or played is not None:
            title = f"{game(name).title}: {title}"
        print_rows(
            title,
            [_(RATINGS_HEADS.get(label, label)) for label in RATINGS_LABELS],
            ratings_cells(result, club),
        )
        if history:
            for update in result.updates:
                teams = " — ".join(
                    " & ".join(club.name_of(p) for p in team) for team in update.match.teams
                )
                echo(
                    _("{tournament} {match}: {teams}; places {ranks}").format(
                        tournament=update.match.tournament,
                        match=update.match.match,
                        teams=teams,
                        ranks=",".join(str(r) for r in update.match.ranks),
                    )
                )


def register(root: typer.Typer) -> None:
    root.command(rich_help_panel="Season")(ratings)
