"""Creating a tournament: its settings checked once, as one `TournamentCreated`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise
from typing import cast

from tourney import limits, names
from tourney.errors import quote
from tourney.games import DEFAULT_GAME, DEFAULT_TARGET, game
from tourney.games import names as game_names
from tourney.names import clean_name
from tourney.tournament.events import (
    DEFAULT_TIE_BREAKS,
    FORMATS,
    KNOCKOUTS,
    SEED_BY,
    SEEDINGS,
    TIE_BREAKS,
    Format,
    Seeding,
    TieBreak,
    TournamentCreated,
    TournamentEvent,
    tie_break_name,
)
from tourney.tournament.matches import (
    parse_share,
)
from tourney.tournament.state import TournamentError, TournamentState

ROTATING_TIE_BREAKS: tuple[str, ...] = ("scored", "buchholz")
"""Rotating partners' tie-breaks when none are given: game points scored by the player's
sides, then their opponents' average match points."""

# -- setting up ------------------------------------------------------------------------


def slugify(name: str) -> str:
    """``"Tuesday Club Night!"`` -> ``"tuesday-club-night"`` (``"Zoë's Cup"`` -> ``"zoe-s-cup"``:
    accents folded away first)."""
    return re.sub(r"[^a-z0-9]+", "-", names.fold(name)).strip("-")


def decide_create(
    state: TournamentState,
    name: str,
    *,
    format: str,
    table_size: int,
    rounds: int,
    slug: str | None = None,
    partnerships: bool = False,
    target: int = DEFAULT_TARGET,
    shared_win: str = "split",
    bye_points: Fraction = Fraction(1),
    tie_breaks: Sequence[str] | None = None,
    third_place: bool = False,
    seeding: str = "rating",
    placement_points: Sequence[str] = (),
    game_name: str = DEFAULT_GAME,
    deals: int | None = None,
    seed_by: str = "seeding",
    pools: int = 0,
    pool_size: int = 0,
    advance: int = 2,
    pool_format: str = "round_robin",
    grand_final_reset: bool = True,
) -> list[TournamentEvent]:
    """Create a tournament; `rounds` is ignored (0) for elimination, set by the bracket.

    `tie_breaks` None: Buchholz, points, head-to-head; for Racehorse points (a player's net
    units over their matches) come first. `game_name` is the game the tables play
    (`tourney.games`), which says how many a table seats; `deals` is a Racehorse match's
    length (None: twice the players at the table).

    Every value is checked against `tourney.limits` and the name is cleaned
    (`tourney.names.clean_name`): what is stored here is read by every later command.
    """
    if state.settings is not None:
        raise TournamentError(f"tournament {state.title} already exists in this stream")
    if not isinstance(name, str) or not name.strip():
        raise TournamentError("a tournament needs a name")
    name = clean_name(name, "tournament name")
    slug = slugify(clean_name(slug, "slug") if slug else name)
    if not slug:
        raise TournamentError(
            f"cannot make a slug from {quote(name)}: give one with letters or digits"
        )
    if format not in FORMATS:
        raise TournamentError(f"unknown format {quote(format)}: choose one of {', '.join(FORMATS)}")
    if game_name not in game_names():
        raise TournamentError(
            f"unknown game {quote(game_name)}: choose one of {', '.join(game_names())}"
        )
    played = game(game_name)
    if format == "rotating":  # partnerships drawn anew each round, players ranked alone
        if not played.partnerships:
            raise TournamentError(
                f"rotating partners for {name!r}: {played.title} is not played in partnerships"
            )
        partnerships = True
        if tie_breaks is None:
            tie_breaks = ROTATING_TIE_BREAKS
        if any(tie_break_name(t) == "head_to_head" for t in tie_breaks):
            raise TournamentError(
                f"tie-break head_to_head for {name!r}: rotating partners ranks players by "
                "scored and buchholz (partners share their matches)"
            )
        if seed_by == "rating":
            raise TournamentError(
                f"--seed-by rating for {name!r}: rotating partners draws its partnerships "
                "by the schedule, not by seeds"
            )
    fewest, most = played.table_sizes
    if isinstance(table_size, bool) or not isinstance(table_size, int):
        raise TournamentError(f"table size {quote(table_size)} for {name!r}: not a whole number")
    if not fewest <= table_size <= most:
        raise TournamentError(
            f"table size {quote(table_size)} for {name!r}: {played.title} tables seat "
            f"{fewest} to {most}"
        )
    if not played.partnerships and (partnerships or format in (*KNOCKOUTS, "groups")):
        raise TournamentError(
            f"{played.title} is played each for themselves in Swiss or round robin: "
            f"no {'partnerships' if partnerships else format.replace('_', ' ')} ({name!r})"
        )
    if deals is not None and (not played.deals or deals not in limits.DEALS):
        raise TournamentError(
            f"--deals {quote(deals)} for {name!r}: a {played.title} match of "
            f"{limits.DEALS.low} to {limits.DEALS.high} deals"
            if played.deals
            else f"--deals for {name!r}: {played.title} matches are played to a target"
        )
    if format == "balanced" and (partnerships or not 3 <= table_size <= 4):
        raise TournamentError(
            f"balanced seating for {name!r} seats players at tables of 3 or 4, each for "
            f"themselves (not {'partnerships' if partnerships else f'tables of {table_size}'})"
        )
    if partnerships and table_size != 4:
        raise TournamentError(f"partnerships need tables of 4, not {table_size} ({name!r})")
    if format == "groups":  # groups -> knockout: `tourney.tournament.stages`
        from tourney.tournament.stages import check_settings

        check_settings(
            name,
            pools=pools,
            pool_size=pool_size,
            advance=advance,
            pool_format=pool_format,
            sides=2 if partnerships else table_size,
        )
    if format not in KNOCKOUTS:
        limits.ROUNDS.check(rounds, repr(name))
    limits.TARGET.check(target, repr(name))
    if shared_win not in ("split", "full"):
        limits.parse_points(shared_win, "shared-win scoring", repr(name), high=1)
        parse_share(shared_win)
    if not isinstance(bye_points, Fraction):
        raise TournamentError(f"bye points {quote(bye_points)} for {name!r}: not a fraction")
    limits.check_points(bye_points, "bye points", repr(name))
    if tie_breaks is None:  # a card game's net units decide first, a match's points alike
        first = ("scored",) if played.scored_first else ()
        tie_breaks = (*first, *(t for t in DEFAULT_TIE_BREAKS if t not in first))
    tie_breaks = [tie_break_name(t) for t in tie_breaks]
    unknown = [t for t in tie_breaks if t not in TIE_BREAKS]
    if unknown or len(set(tie_breaks)) != len(tie_breaks):
        raise TournamentError(
            f"tie-breaks {', '.join(quote(t) for t in tie_breaks)}: "
            f"use each of {', '.join(TIE_BREAKS)} at most once"
        )
    sides = 2 if partnerships else table_size
    if third_place and (format not in ("elimination", "groups") or sides != 2):
        raise TournamentError(
            "a third-place match needs a single-elimination bracket with 2 sides a table"
        )
    if not grand_final_reset and format != "double_elimination":
        raise TournamentError(
            f"--no-grand-final-reset for {name!r}: only a double elimination has a grand "
            "final to reset"
        )
    if seeding not in SEEDINGS:
        raise TournamentError(
            f"unknown seeding {quote(seeding)}: choose one of {', '.join(SEEDINGS)}"
        )
    if seed_by not in SEED_BY:
        raise TournamentError(
            f"unknown --seed-by {quote(seed_by)}: choose one of {', '.join(SEED_BY)}"
        )
    if seed_by == "rating" and format == "round_robin":
        raise TournamentError(
            f"--seed-by rating for {name!r}: a round robin meets everyone, so it is not "
            "seeded (rating seeds a knockout or a Swiss's first round)"
        )
    if seed_by == "rating" and format == "balanced":
        raise TournamentError(
            f"--seed-by rating for {name!r}: a balanced seating is fixed before play, so it "
            "is not seeded (rating seeds a knockout or a Swiss's first round)"
        )
    scales = tuple(_placement_scale(text, sides, repr(name)) for text in placement_points)
    lengths = [len(scale) for scale in scales]
    if len(set(lengths)) != len(lengths):
        raise TournamentError(
            f"--placement-points for {name!r}: two scales for tables of the same size"
        )
    return [
        TournamentCreated(
            name=name,
            slug=slug,
            format=cast(Format, format),
            table_size=table_size,
            rounds=rounds if format not in KNOCKOUTS else 0,
            partnerships=partnerships,
            target=target,
            shared_win=shared_win,
            bye_points=bye_points,
            tie_breaks=cast(tuple[TieBreak, ...], tuple(tie_breaks)),
            third_place=third_place,
            seeding=cast(Seeding, seeding),
            placement_points=scales,
            game=game_name,
            deals=deals,
            seed_by=seed_by,
            pools=pools if format == "groups" else 0,
            pool_size=pool_size if format == "groups" else 0,
            advance=advance if format == "groups" else 0,
            pool_format=pool_format if format == "groups" else "",
            grand_final_reset=grand_final_reset,
        )
    ]


def _placement_scale(text: str, sides: int, where: str) -> tuple[Fraction, ...]:
    """``"3,2,1,0"`` as a placement scale: 2 to ``sides`` values, first place first, none
    above the one before it, each a match-point value `tourney.limits` keeps."""
    values = tuple(limits.parse_points(part, "placement points", where) for part in text.split(","))
    if not 2 <= len(values) <= sides:
        raise TournamentError(
            f"placement points {quote(text)} for {where}: give 2 to {sides} values "
            f"(one per place at a table), e.g. 3,2,1,0"
        )
    if any(later > earlier for earlier, later in pairwise(values)):
        raise TournamentError(
            f"placement points {quote(text)} for {where}: a place cannot score more than "
            "the one above it"
        )
    return values
