"""`tourney director`: the director's decisions on a match — forfeit, no-show, adjudicate,
void — and a result entered from a paper scoresheet. Each is an event in the tournament
stream; the table's own stream is closed to the scorers in the same transaction."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Literal

import typer

from tourney.cli.director_options import TournamentOpt, open_director
from tourney.cli.options import Db
from tourney.cli.scorer_io import echo
from tourney.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from tourney.director.desk import DirectorDesk
    from tourney.tournament.events import TournamentEvent
    from tourney.tournament.state import TournamentState

    Decide = Callable[[TournamentState], Sequence[TournamentEvent]]

app = typer.Typer(
    name="director",
    help="The director's decisions: forfeit, no-show, adjudicated result, void match, and "
    "a result from a paper scoresheet.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)

Match = Annotated[
    str,
    typer.Argument(
        help="The table of the current round (T3) or a match id (club-night-r2-t3).",
        metavar="TABLE",
    ),
]

Replace = Annotated[
    bool,
    typer.Option(
        "--replace",
        help="Record it although the table already has a result (played, paper, "
        "adjudicated, forfeit, no-show or time): without it the command is refused, quoting "
        "that result. The result replaced stays in the table's story.",
    ),
]


# What the director types is read by the same functions at every edge (the web's
# director forms too): the same cleaning, the same limits, the same refusals.


def _match_id(state: TournamentState, text: str) -> str:
    from tourney.streams.tables import match_id_of

    return match_id_of(state, text)


def _scores(state: TournamentState, match_id: str, text: str) -> list[int]:
    from tourney.streams.tables import scores_of

    return scores_of(state, match_id, text)


def _match_and_sides(state: TournamentState, match: str, text: str) -> tuple[str, list[int]]:
    from tourney.streams.tables import match_and_sides

    return match_and_sides(state, match, text)


def _reason(text: str, what: str = "reason") -> str:
    from tourney.names import clean_reason

    return clean_reason(text, what)


def _run(
    db: str | None,
    tournament: str | None,
    decide: Callable[[TournamentState, DirectorDesk], Sequence[TournamentEvent]],
    what: str,
) -> None:
    """Apply the ruling `decide` (given the state and the desk, which can say what a table
    recorded) and say what it came to: ``<what> recorded in <slug>: <the table's result in
    words>`` (``what`` may name the match with ``{match}``)."""
    from tourney.tournament.results.story import result_text

    with open_director(db) as director:
        slug = director.resolve(tournament)
        loaded, events = director.rule(slug, lambda state: decide(state, director))
        state = loaded.state
        match_id = next(e.match_id for e in events if hasattr(e, "match_id"))
        record = state.matches[match_id]
        echo(
            _("{format} recorded in {slug}: {result_text}.").format(
                format=_(what).format(match=match_id),
                slug=slug,
                result_text=result_text(state, record),
            )
        )
        if record.outcome is None and record.forfeited:
            from tourney.cli.next_steps import command, example_scores, next_line

            echo(
                next_line(
                    _("enter their result from the scoresheet"),
                    command(
                        "director", "result", match_id, "--scores",
                        example_scores(state, record), "-t", slug,
                    ),
                )
            )  # fmt: skip


class Others(StrEnum):
    """What the sides left after a forfeit do."""

    play_on = "play-on"
    share = "share"


@app.command()
def forfeit(
    match: Match,
    sides: Annotated[
        str,
        typer.Option(
            help="The side(s) that forfeit, by name or number from 1: 'Bo', 'Bo,Di' or '2'."
        ),
    ],
    others: Annotated[
        Others,
        typer.Option(
            help="The sides left: play-on finishes the match without the forfeiting side "
            "(enter the result with `tourney director result`); share gives them the win "
            "at once, shared."
        ),
    ] = Others.play_on,
    reason: Annotated[str, typer.Option(help="Why.")] = "",
    replace: Replace = False,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """A side forfeits the match: it loses, and the table is closed to the scorers.

    By default (--others play-on), when two or more sides are left they play the match
    to the end without it, on paper, and you enter their scoresheet with `tourney director
    result`: the sides that reach the target win, the forfeiting side loses. With --others
    share they win at once and share the win at 0 points each (each gets the tournament's
    shared-win match points). With one side left, it wins either way.

    Example: tourney director forfeit T3 --sides Bo --reason "left the hall"
    """
    from tourney.tournament.results.rulings import decide_forfeit

    choice: Literal["play_on", "share"] = "play_on" if others is Others.play_on else "share"
    _run(
        db,
        tournament,
        lambda s, _: decide_forfeit(
            s, *_match_and_sides(s, match, sides), _reason(reason), others=choice, replace=replace
        ),
        N_("Forfeit at {match}"),
    )


@app.command()
def result(
    match: Match,
    scores: Annotated[
        str | None,
        typer.Option(
            help="Final scores per side, by name 'Ann=61,Bo=40,Cy=22,Di=10' or in seat "
            "order '61,40,22,10'.",
            show_default=False,
        ),
    ] = None,
    hand: Annotated[
        list[str] | None,
        typer.Option(
            help="One hand's points per side, 'Ann=12,Bo=0' or '12,0,5,3'; repeat for every "
            "hand, in order (they must add up to --scores when both are given).",
            show_default=False,
        ),
    ] = None,
    note: Annotated[str, typer.Option(help="A note kept with the result.")] = "",
    replace: Annotated[
        bool,
        typer.Option(
            "--replace",
            help="Enter it although the table recorded play of its own or already has a "
            "result (the paper result then counts; the play or result replaced stays in the "
            "table's story).",
        ),
    ] = False,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Enter a finished match's result from its paper scoresheet: a played result, not a
    ruling (it closes the table to the scorers).

    Give the final scores per side, or the points of every hand (or both, to check one
    against the other), by name or in seat order. The sides that reached the target win,
    sharing the win if several did; a side that forfeited while the others played on
    loses. At a Racehorse table the scores are each player's net units (adding up to 0)
    and each --hand one deal's payments; the highest net wins.

    A table that recorded play of its own (on a phone or at the console), or that already
    has a result, is refused, quoting where its play or result stands, unless --replace
    says the paper result replaces it; every output then says "result replaced by the
    director" and what it replaced.

    After a no-show or a forfeit whose others played on, give the scores of the players
    who played: the absent ones score 0.

    Example: tourney director result T2 --scores Ann=61,Bo=40,Cy=22,Di=10
    """
    from tourney.errors import TourneyError
    from tourney.tournament.results.rulings import decide_enter_result

    if scores is None and not hand:
        raise TourneyError(
            _("give the final scores (--scores Ann=61,Bo=40) or every hand (--hand Ann=12,Bo=0)")
        )

    def decide(state: TournamentState, director: DirectorDesk) -> Sequence[TournamentEvent]:
        match_id = _match_id(state, match)
        values = [] if scores is None else _scores(state, match_id, scores)
        hands = [_scores(state, match_id, points) for points in hand or []]
        return decide_enter_result(
            state,
            match_id,
            values,
            hands,
            _reason(note, "note"),
            play=director.table_play(match_id),
            replace=replace,
        )

    _run(db, tournament, decide, N_("Result of {match} from the paper scoresheet"))


@app.command("no-show")
def no_show(
    match: Match,
    players: Annotated[
        list[str],
        typer.Argument(help="The players who did not turn up, by name (or seat number)."),
    ],
    others: Annotated[
        Others,
        typer.Option(
            help="The players present: play-on plays the match without the absent "
            "(enter the result with `tourney director result`); share gives them the win "
            "at once, shared."
        ),
    ] = Others.play_on,
    replace: Replace = False,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Players did not turn up: their sides forfeit.

    As after a forfeit, by default (--others play-on) the players present play the match
    without them when two or more sides are left, and you enter their scoresheet with
    `tourney director result` (the no-show stays noted with that result); --others share
    gives them the win at once, shared. A table that already has a result is refused,
    quoting it, unless --replace.

    Example: tourney director no-show T2 "Bo Lee"
    """
    from tourney.tournament.results.rulings import decide_no_show
    from tourney.tournament.results.sides import seat_of

    choice: Literal["play_on", "share"] = "play_on" if others is Others.play_on else "share"

    def decide(state: TournamentState, _: DirectorDesk) -> Sequence[TournamentEvent]:
        match_id = _match_id(state, match)
        record = state.matches[match_id]
        absent = [seat_of(state, record, p) for p in players]
        return decide_no_show(state, match_id, absent, others=choice, replace=replace)

    _run(db, tournament, decide, N_("No-show at {match}"))


@app.command()
def adjudicate(
    match: Match,
    scores: Annotated[
        str,
        typer.Option(
            help="Final scores per side: by name 'Ann=61,Bo=40', or in seat order '61,40'."
        ),
    ],
    reason: Annotated[str, typer.Option(help="Why (required).")],
    winners: Annotated[
        str | None,
        typer.Option(
            help="Winning side(s) by name or number from 1, 'Ann' or 'Ann,Bo' or '1,2': "
            "checked against the scores (default: the sides the scores make winners).",
            show_default=False,
        ),
    ] = None,
    replace: Replace = False,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Set a match's result by the director's decision.

    The winners are the sides that reached the target (sharing the win if several did),
    or, for a match stopped short of the target, the sides holding the top score: a winner
    never holds a lower score than a loser. At a Racehorse table the scores are net units
    (adding up to 0, '+8,-2,-6'): the highest net wins. Prints who won. A table that already
    has a result is refused, quoting it, unless --replace.

    Example: tourney director adjudicate T1 --scores Ann=61,Bo=55 --reason "lights went out"
    """
    from tourney.tournament.results.rulings import decide_adjudicate, result_target
    from tourney.tournament.results.winners import winning_sides

    def decide(state: TournamentState, _: DirectorDesk) -> Sequence[TournamentEvent]:
        match_id = _match_id(state, match)
        values = _scores(state, match_id, scores)
        if winners is None:
            sides = list(winning_sides(values, result_target(state)))
        else:
            match_id, sides = _match_and_sides(state, match, winners)
        return decide_adjudicate(state, match_id, values, sides, _reason(reason), replace=replace)

    _run(db, tournament, decide, N_("Adjudicated result of {match}"))


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
    from tourney.tournament.results.rulings import decide_void

    _run(
        db,
        tournament,
        lambda s, _: decide_void(s, _match_id(s, match), _reason(reason)),
        N_("Void of {match}"),
    )


@app.command()
def confirmations(
    match: Annotated[
        str | None,
        typer.Argument(
            help="One table (T3) or match id; default: every table of the latest round.",
            metavar="TABLE",
            show_default=False,
        ),
    ] = None,
    tournament: TournamentOpt = None,
    db: Db = None,
) -> None:
    """Who confirmed each table's result at the table, and from which device.

    A confirmation proves only that someone holding the table's link tapped "I confirm"
    for that player: one phone can confirm for every seat. Each one keeps the device it
    came from (a short id of the phone's browser cookie and its kind), so you can see when
    one phone confirmed for everybody.

    Example: tourney director confirmations T3
    """
    from tourney.streams.matches import confirmed_from, match_stream, one_device_note

    with open_director(db) as director:
        slug = director.resolve(tournament)
        state = director.load(slug).state
        if match is not None:
            records = [state.matches[_match_id(state, match)]]
        else:
            number = len(state.rounds)
            records = sorted(state.round_matches(number), key=lambda m: m.table)
        for record in records:
            stored = list(director.store.read_stream(match_stream(record.match_id)))
            devices = confirmed_from(stored)
            head = f"T{record.table} {record.match_id}:"
            if not devices:
                echo(_("{head} no confirmation").format(head=head))
                continue
            said = "; ".join(f"{player} from {device}" for player, device in devices.items())
            note = one_device_note(devices)
            echo(
                _("{head} confirmed by {said}{value}").format(
                    head=head, said=said, value=" — " + note if note else ""
                )
            )


def register(root: typer.Typer) -> None:
    root.add_typer(app, rich_help_panel="Director")
