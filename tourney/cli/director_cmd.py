"""`tourney director`: the director's decisions on a match — forfeit, no-show, adjudicate,
void. Each is an event in the tournament stream with its reason; the match stream itself is
never touched."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.options import Db, echo

if TYPE_CHECKING:
    from tourney.limits import Bound
    from tourney.tournament.state import TournamentState

app = typer.Typer(
    name="director",
    help="The director's decisions: forfeit, no-show, adjudicated result, void match.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)

Match = Annotated[str, typer.Argument(help="The match id, e.g. club-night-r2-t3.", metavar="MATCH")]


def _match_id(state: TournamentState, text: str) -> str:
    from tourney.errors import TourneyError, quote

    for match_id in state.matches:
        if match_id.casefold() == text.casefold():
            return match_id
    raise TourneyError(f"no match {quote(text)} in {state.title}")


def _numbers(text: str, bound: Bound) -> list[int]:
    """Comma-separated whole numbers within ``bound``; LimitError when a part is not one,
    or there are none."""
    from tourney.errors import quote
    from tourney.limits import LimitError, parse_whole

    values = [parse_whole(part, bound) for part in text.split(",") if part.strip()]
    if not values:
        raise LimitError(f"no {bound.what} in {quote(text)}")
    return values


def _scores(text: str) -> list[int]:
    """Final scores per side, ``"61,40"``."""
    from tourney.errors import TourneyError, quote
    from tourney.limits import SCORE, LimitError

    try:
        return _numbers(text, SCORE)
    except LimitError as exc:
        raise TourneyError(
            f"scores are whole numbers per side, like '61,40', not {quote(text)} ({exc})"
        ) from None


def _match_and_sides(state: TournamentState, match: str, text: str) -> tuple[str, list[int]]:
    """The match id, and the side numbers as typed (from 1) as indexes (from 0), checked
    against that match."""
    from tourney.errors import TourneyError, quote
    from tourney.limits import Bound, LimitError

    match_id = _match_id(state, match)
    count = len(state.matches[match_id].sides)
    try:
        sides = _numbers(text, Bound("side", 1, count))
    except LimitError:
        raise TourneyError(
            f"match {match_id} has sides 1 to {count}: sides are numbers from 1, "
            f"like '1' or '1,3', not {quote(text)}"
        ) from None
    return match_id, [side - 1 for side in sides]


def _reason(text: str) -> str:
    """The director's reason as it is stored: cleaned like a name, at most 300 characters."""
    from tourney.limits import REASON_LENGTH
    from tourney.names import clean_optional

    return clean_optional(text, "--reason", REASON_LENGTH) or ""


def _run(db: str | None, tournament: str | None, decide: object, what: str) -> None:
    with open_director(db) as director:
        slug = director.resolve(tournament)
        director.rule(slug, decide)  # type: ignore[arg-type]
        echo(f"{what} recorded in {slug}.")


@app.command()
def forfeit(
    match: Match,
    sides: Annotated[str, typer.Option(help="The side(s) that forfeit, from 1: '2' or '1,3'.")],
    reason: Annotated[str, typer.Option(help="Why.")] = "",
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """A side forfeits: the other sides win (shared if several).

    Example: tourney director forfeit club-night-r2-t3 --sides 2 --reason "left the hall"
    """
    from tourney.tournament.rulings import decide_forfeit

    _run(
        db,
        tournament,
        lambda s: decide_forfeit(s, *_match_and_sides(s, match, sides), _reason(reason)),
        f"Forfeit of {match}",
    )


@app.command("no-show")
def no_show(
    match: Match,
    players: Annotated[list[str], typer.Argument(help="The players who did not turn up.")],
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Players did not turn up: their sides forfeit.

    Example: tourney director no-show club-night-r1-t2 "Bo Lee"
    """
    from tourney.cli.player_cmd import player_id_of
    from tourney.tournament.rulings import decide_no_show

    _run(
        db,
        tournament,
        lambda s: decide_no_show(s, _match_id(s, match), [player_id_of(s, p) for p in players]),
        f"No-show at {match}",
    )


@app.command()
def adjudicate(
    match: Match,
    scores: Annotated[str, typer.Option(help="Final scores per side: '61,40'.")],
    winners: Annotated[str, typer.Option(help="Winning side(s) from 1: '1' or '1,2'.")],
    reason: Annotated[str, typer.Option(help="Why (required).")],
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Set a match's result by the director's decision (replaces any recorded result).

    Example: tourney director adjudicate club-night-r2-t1 --scores 61,55 --winners 1
    --reason "scoresheet"
    """
    from tourney.tournament.rulings import decide_adjudicate

    values = _scores(scores)

    def decide(state: TournamentState) -> object:
        match_id, sides = _match_and_sides(state, match, winners)
        return decide_adjudicate(state, match_id, values, sides, _reason(reason))

    _run(db, tournament, decide, f"Adjudicated result of {match}")


@app.command()
def void(
    match: Match,
    reason: Annotated[str, typer.Option(help="Why.")] = "",
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Void a match: it scores nothing for anyone (its players still count as having met).

    Example: tourney director void club-night-r3-t4 --reason "wrong tiles"
    """
    from tourney.tournament.rulings import decide_void

    _run(
        db,
        tournament,
        lambda s: decide_void(s, _match_id(s, match), _reason(reason)),
        f"Void of {match}",
    )


def register(root: typer.Typer) -> None:
    root.add_typer(app, rich_help_panel="Director")
