"""Rotating partners: Horse Race partnerships drawn anew each round (`partners`), every
player ranked on their own (`rotating_standings`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from tourney.i18n import N_, _, page_mark
from tourney.tournament.events import TournamentCreated, TournamentEvent, tie_break_name
from tourney.tournament.format import Format, PairRequest
from tourney.tournament.formats.rotating import partners
from tourney.tournament.formats.rotating.sentences import SENTENCES
from tourney.tournament.matches import MatchRecord, match_points
from tourney.tournament.standings.rows import StandingRow
from tourney.tournament.standings.standings import rank_groups
from tourney.tournament.standings.unplayed import opponents_average
from tourney.tournament.state import TournamentError, TournamentState

if TYPE_CHECKING:
    from tourney.gamekit import Game

ROTATING_TIE_BREAKS: tuple[str, ...] = ("scored", "buchholz")
"""Rotating partners' tie-breaks when none are given: game points scored by the player's
sides, then their opponents' average match points."""


class Rotating(Format):
    name = "rotating"
    label = page_mark("Rotating partners")
    sentences = SENTENCES
    help = N_("rotating: partners drawn anew each round, each player ranked alone")
    late_entries = True
    rotating_partners = True

    def default_tie_breaks(self, played: Game) -> tuple[str, ...]:
        return ROTATING_TIE_BREAKS

    def settled(self, created: TournamentCreated, played: Game) -> TournamentCreated:
        name = created.name
        if not played.partnerships:
            raise TournamentError(
                _("rotating partners for {name!r}: {title} is not played in partnerships").format(
                    name=name, title=played.title
                )
            )
        if any(tie_break_name(t) == "head_to_head" for t in created.tie_breaks):
            raise TournamentError(
                _(
                    "tie-break head_to_head for {name!r}: rotating partners ranks players by "
                    "scored and buchholz (partners share their matches)"
                ).format(name=name)
            )
        if created.seed_by == "rating":
            raise TournamentError(
                _(
                    "--seed-by rating for {name!r}: rotating partners draws its partnerships "
                    "by the schedule, not by seeds"
                ).format(name=name)
            )
        return replace(created, partnerships=True)

    def pair(self, state: TournamentState, request: PairRequest) -> list[TournamentEvent]:
        return partners.decide_pair(state, len(state.rounds) + 1, request.override)

    def standings(self, state: TournamentState) -> tuple[StandingRow, ...]:
        return rotating_standings(state)


FORMAT = Rotating()


def partnership(match: MatchRecord, side: int) -> tuple[str, str]:
    """The two players holding ``side`` of a rotating-partners table: seats 1 and 3 hold
    side 1, seats 2 and 4 side 2."""
    return match.seats[side], match.seats[side + 2]


def rotating_standings(state: TournamentState) -> tuple[StandingRow, ...]:
    """Rotating partners (`tourney.tournament.formats.rotating.partners`): each player's
    standing from the
    points their partnerships scored.

    For every counted match (not void, with an outcome) each player on a side gets that
    side's match points (`matches.match_points`) and its game points; a sit-out adds the
    bye points. Buchholz: the average, over the opponents met (the two players of the
    other side at each counted match), of their match points, unplayed rounds (a sit-out,
    a no-show, a forfeit, the rounds after a withdrawal) counted as for every format
    (`tournament.standings.unplayed`: FIDE's virtual opponent). Ranked by match points, then the
    players who were a no-show or withdrew below those level with them who played, then
    the tournament's tie-breaks (default: game points scored, then Buchholz).
    """
    settings = state.created
    penalty = {p: state.sanctions.penalty((p,)) for p in state.players}
    points: dict[str, Fraction] = {
        p: pl.start_points - penalty[p] for p, pl in state.players.items()
    }
    scored = dict.fromkeys(state.players, 0)
    played = dict.fromkeys(state.players, 0)
    wins = dict.fromkeys(state.players, 0)
    shared = dict.fromkeys(state.players, 0)
    losses = dict.fromkeys(state.players, 0)
    byes = dict.fromkeys(state.players, 0)
    earned_by: list[tuple[MatchRecord, tuple[Fraction, ...]]] = []
    for match in state.matches.values():
        outcome = match.outcome
        if outcome is None or not outcome.counts or len(match.seats) != 4:
            continue
        shares = tuple(
            match_points(outcome, side, settings.shared_win, settings.placement_points)
            for side in range(2)
        )
        earned_by.append((match, shares))
        for side in range(2):
            earned = shares[side]
            for player in partnership(match, side):
                points[player] += earned
                scored[player] += outcome.scores[side] if side < len(outcome.scores) else 0
                played[player] += 1
                if side not in outcome.winners:
                    losses[player] += 1
                elif len(outcome.winners) == 1:
                    wins[player] += 1
                else:
                    shared[player] += 1
    for player in state.byes():
        if player in points:
            points[player] += settings.bye_points
            byes[player] += 1
    averages = opponents_average(
        {p: (pl.start_points, pl.withdrawn) for p, pl in state.players.items()},
        earned_by,
        {paired.round: paired.byes for paired in state.rounds},
        points,
        bye_points=settings.bye_points,
        placement=settings.placement_points,
        members=partnership,
    )
    buchholz = averages.buchholz
    values: dict[str, Mapping[str, Fraction]] = {
        "match_points": points,
        "present": {p: Fraction(p not in averages.absent) for p in state.players},
        "scored": {p: Fraction(s) for p, s in scored.items()},
        "buchholz": buchholz,
    }
    keys = ("match_points", "present", *(t for t in settings.tie_breaks if t in values))
    groups = rank_groups(list(state.players), [values[k] for k in keys])
    rows: list[StandingRow] = []
    rank = 1
    for group in groups:
        for player in group:
            entry = state.players[player]
            rows.append(
                StandingRow(
                    rank=rank,
                    tied=len(group) > 1,
                    entrant_id=player,
                    name=entry.name,
                    club=entry.club,
                    match_points=points[player],
                    played=played[player],
                    wins=wins[player],
                    shared_wins=shared[player],
                    losses=losses[player],
                    byes=byes[player],
                    buchholz=buchholz[player],
                    points_scored=scored[player],
                    head_to_head=Fraction(0),
                    withdrawn=entry.withdrawn,
                    penalty=penalty[player],
                )
            )
        rank += len(group)
    return tuple(rows)
