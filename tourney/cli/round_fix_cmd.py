"""`tourney round repair` and `tourney round remove N`: correct the latest round, by
events (`tourney.tournament.results.round_corrections`), never by deleting one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from tourney import limits
from tourney.cli.director_options import (
    AvoidSameClub,
    Forbid,
    Override,
    TournamentOpt,
    Why,
    open_director,
)
from tourney.cli.options import Db
from tourney.cli.scorer_io import echo
from tourney.i18n import _, ngettext

if TYPE_CHECKING:
    from tourney.tournament.events import TournamentEvent
    from tourney.tournament.state import TournamentState

app = typer.Typer(
    name="round",
    help="Correct the latest round: pair it again, or remove it (events, never deletes).",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)

Reason = Annotated[str, typer.Option(help="Why, kept on record with the round.")]


@app.command()
def repair(
    reason: Reason = "",
    override: Override = False,
    avoid_same_club: AvoidSameClub = False,
    forbid: Forbid = None,
    why: Why = False,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Pair the latest round again (after a withdrawal, a late entry, a forgotten
    --forbid...): only while none of its matches has an event. Its first pairing is
    removed by a `round_removed` event and its tables' records closed; the new tables
    open with new match ids.

    Example: tourney round repair --reason "Di withdrew before play" --why
    """
    from tourney.cli.round_cmd import _forbidden_pair, _print_round
    from tourney.director.season import pairing_ratings
    from tourney.tournament.results.round_corrections import decide_repair_round

    with open_director(db) as director:
        slug = director.resolve(tournament)
        ratings = pairing_ratings(director, slug)

        def decide(state: TournamentState) -> list[TournamentEvent]:
            pairs = frozenset(_forbidden_pair(state, item) for item in forbid or ())
            return decide_repair_round(
                state,
                recorded=director.recorded_in_latest_round(state),
                reason=reason,
                override=override,
                forbidden=pairs,
                avoid_same_club=avoid_same_club,
                ratings=ratings,
            )

        loaded, _events = director.correct_round(slug, decide)
        number = len(loaded.state.rounds)
        echo(
            _("Round {number} paired again; its first pairing's tables are closed.").format(
                number=number
            )
        )
        _print_round(loaded.state, number, why)


@app.command()
def remove(
    number: Annotated[
        int,
        typer.Argument(
            min=limits.ROUNDS.low, max=limits.ROUNDS.high, help="The round: the latest one."
        ),
    ],
    reason: Reason = "",
    discard_results: Annotated[
        bool,
        typer.Option(
            help="Remove it although its tables recorded play or results (they stop "
            "counting; the log keeps them)."
        ),
    ] = False,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Remove the latest round: its tables, byes and results stop counting and the
    standings are those before it; the next tourney pair pairs it again. Refused if any
    of its matches has an event, unless --discard-results.

    Example: tourney round remove 3 --reason "paired with the wrong field"
    """
    from tourney.tournament.results.round_corrections import decide_remove_round

    with open_director(db) as director:
        slug = director.resolve(tournament)

        def decide(state: TournamentState) -> list[TournamentEvent]:
            return decide_remove_round(
                state,
                number,
                recorded=director.recorded_in_latest_round(state),
                reason=reason,
                discard_results=discard_results,
            )

        loaded, _events = director.correct_round(slug, decide, untouched=not discard_results)
        left = len(loaded.state.rounds)
        echo(
            ngettext(
                "Round {number} of {slug} removed; {left} round paired.",
                "Round {number} of {slug} removed; {left} rounds paired.",
                left,
            ).format(number=number, slug=slug, left=left)
        )
        from tourney.cli.next_steps import command, next_line

        echo(next_line(_("pair the round again"), command("pair", "-t", slug)))


def register(root: typer.Typer) -> None:
    root.add_typer(app, rich_help_panel="Director")
