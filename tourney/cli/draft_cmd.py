"""`tourney draft`: pair the next Swiss round as a draft, show it, swap two players with a
reason on record, then publish it (its tables open) or drop it."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.options import Db, json_flag
from tourney.cli.scorer_io import echo
from tourney.i18n import _

if TYPE_CHECKING:
    from tourney.tournament.state import TournamentState

app = typer.Typer(
    name="draft",
    help="Pair the next round as a draft: review it, swap players, publish it.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _show(state: TournamentState) -> None:
    draft = state.draft
    if draft is None:
        echo(_("No draft: tourney draft make"))
        return
    echo(_("Draft of round {round} (no table is open yet)").format(round=draft.round))
    for table in draft.tables:
        echo(
            _("  table {number:<3} {name}").format(
                number=table.number, name=" · ".join(state.players[p].name for p in table.seats)
            )
        )
    for bye in draft.byes:
        echo(_("  bye       {entrant_name}").format(entrant_name=state.entrant_name(bye)))
    from tourney.cli.notes_text import said

    for note in draft.notes:
        echo(_("  note: {note}").format(note=said(state, note)))


@app.command()
def make(
    avoid_same_club: Annotated[bool, typer.Option(help="Keep clubmates apart.")] = False,
    override: Annotated[
        bool, typer.Option(help="Pair although results of the last round are missing.")
    ] = False,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Pair the next Swiss round as a draft (a draft already made is replaced).

    Example: tourney draft make --avoid-same-club
    """
    from tourney.director.season import pairing_ratings
    from tourney.tournament.room.draft import decide_draft

    with open_director(db) as director:
        slug = director.resolve(tournament)
        ratings = pairing_ratings(director, slug)
        loaded, _events = director.execute(
            slug,
            lambda state: decide_draft(
                state, override=override, avoid_same_club=avoid_same_club, ratings=ratings
            ),
        )
        _show(loaded.state)
        from tourney.cli.next_steps import command, gap, next_line

        echo(
            next_line(
                _("open the round as drafted"),
                command("draft", "publish", "-t", slug),
                (
                    _("first swap two players"),
                    command("draft", "swap", gap("PLAYER"), gap("PLAYER"),
                            "--reason", gap("REASON"), "-t", slug),
                ),
            )
        )  # fmt: skip


@app.command()
def show(
    tournament: TournamentOpt = None,
    db: Db = None,
    as_json: Annotated[bool, json_flag("the draft")] = False,
) -> None:
    """Show the draft under review.

    Example: tourney draft show
    """
    with open_director(db) as director:
        state = director.load(director.resolve(tournament)).state
        if as_json:
            draft = state.draft
            typer.echo(json.dumps(None if draft is None else draft.to_payload()))
            return
        _show(state)


@app.command()
def swap(
    first: Annotated[str, typer.Argument(help="A player's name or id.")],
    second: Annotated[str, typer.Argument(help="Another player's name or id.")],
    reason: Annotated[str, typer.Option(help="Why, for the record (required).")] = "",
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Swap two players of the draft (their seats, or a seat and a bye).

    Example: tourney draft swap "Ann Lee" Bo --reason "they came together"
    """
    from tourney.tournament.entries.entries import player_id
    from tourney.tournament.room.draft import decide_swap

    with open_director(db) as director:
        slug = director.resolve(tournament)
        state = director.load(slug).state
        a, b = player_id(state, first), player_id(state, second)
        loaded, _events = director.execute(slug, lambda current: decide_swap(current, a, b, reason))
        _show(loaded.state)


@app.command()
def publish(tournament: TournamentOpt = None, db: Db = None) -> None:
    """Publish the draft: it becomes the round, and its tables open.

    Example: tourney draft publish
    """
    from tourney.tournament.room.draft import decide_publish

    with open_director(db) as director:
        slug = director.resolve(tournament)
        loaded, _events = director.pair(slug, decide_publish)
        echo(
            _("Round {count} is published: its tables are open.").format(
                count=len(loaded.state.rounds)
            )
        )


@app.command()
def drop(tournament: TournamentOpt = None, db: Db = None) -> None:
    """Throw the draft away.

    Example: tourney draft drop
    """
    from tourney.tournament.room.draft import decide_drop

    with open_director(db) as director:
        director.execute(director.resolve(tournament), decide_drop)
        echo(_("The draft is dropped."))


def register(root: typer.Typer) -> None:
    root.add_typer(app, rich_help_panel="Director")
