"""Standings: match points, tie-breaks in a configured order, ranks, printable rows.

Match points: a sole win 1, a k-way shared win 1/k by default (see `matches.win_share`),
a bye `bye_points`, a loss or void 0, all exact `Fraction`s; or, when the tournament has
placement scales, each place's points (`matches.placement_points`).

Entrants level on match points who were absent (a no-show) or withdrew rank below those
who played (`tournament.standings.unplayed`); then the tie-breaks, applied in the configured
order to entrants level on everything before (`events.TIE_BREAK_WORDS` says them in plain words):

* ``buchholz`` (opponents' average match points): the current match points of every
  opponent met (each side at each counted table), averaged over those opponents. An
  average, not a sum, so that a player who met 3 opponents a round at tables of 4 and one
  who met 2 at tables of 3 compare fairly. Unplayed rounds (byes, no-shows, forfeits, a
  withdrawal's rounds) count by the FIDE rule of the virtual opponent
  (`tournament.standings.unplayed`);
* ``scored`` (game points scored, formerly ``points``): game points over all counted
  matches;
* ``head_to_head``: match points earned in matches that the entrant shared with another
  of the entrants still level at that point.

Penalties (`tourney.tournament.records.penalties`) come off the match points before anything is
ranked: the table shows them in a column of their own and the match points net of them
(which the opponents' average reads too). Pairing is not changed by them.

Entrants level on every key share a rank (shown as ``"3="``) and are listed in
registration order. Withdrawn entrants stay in the table, marked as withdrawn.

A knockout ranks by how far each entrant went before any of that (`knockout_stages`):
the champion, then the final's other players, then by the round they went out in (the
third-place match's winner above its loser), the keys above breaking ties within a
round. A deciding match only says who advances: it never adds a win, points or a game.

`StandingEntrant` is a named tuple, read by attribute only (`StandingRow` is replaced and
compared: a dataclass), and the module does without ``from __future__ import annotations``
(`typing.NamedTuple` would compile each string annotation): `tourney standings` defines them
on each run (bench/FINDINGS.md, "standings toward 12x").
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import NamedTuple

from tourney.tournament.events import DEFAULT_TIE_BREAKS
from tourney.tournament.format import format_of
from tourney.tournament.matches import MatchRecord, Scale, match_points
from tourney.tournament.standings.prizes import prizes_of
from tourney.tournament.standings.rows import StandingRow
from tourney.tournament.standings.unplayed import opponents_average
from tourney.tournament.state import TournamentState


class StandingEntrant(NamedTuple):
    entrant_id: str
    name: str
    club: str | None = None
    withdrawn: bool = False
    start_points: Fraction = Fraction(0)
    """Match points a late entrant started with (`PlayerRegistered.start_points`)."""
    penalty: Fraction = Fraction(0)
    """Match points the director's penalties take off (`tourney.tournament.records.penalties`)."""


class _Tally:
    """An entrant's running counts while the matches are read (a plain class: a dataclass
    costs `tourney standings` ~3 M instructions to define, for what is only added to)."""

    __slots__ = ("byes", "losses", "played", "points", "scored", "shared", "wins")

    def __init__(self, points: Fraction = Fraction(0)) -> None:
        self.points = points
        self.played = 0
        self.wins = 0
        self.shared = 0
        self.losses = 0
        self.byes = 0
        self.scored = 0


def compute_standings(
    entrants: Sequence[StandingEntrant],
    matches: Iterable[MatchRecord],
    byes: Iterable[str],
    *,
    shared_win: str = "split",
    placement: Sequence[Scale] = (),
    bye_points: Fraction = Fraction(1),
    tie_breaks: Sequence[str] = DEFAULT_TIE_BREAKS,
    stages: Mapping[str, tuple[int, int]] | None = None,
    round_byes: Mapping[int, Sequence[str]] | None = None,
) -> tuple[StandingRow, ...]:
    """Rank `entrants` (given in registration order) from their matches and byes.

    `byes` holds one entrant id per bye received; `round_byes` the same by round, for the
    Buchholz of unplayed rounds (`tournament.standings.unplayed`; without it a bye adds nothing to
    the average). Matches without an outcome, and void ones, are ignored (though their
    tablemates still count as having met for pairing). `stages` (a knockout's) ranks before
    everything else, higher first.
    """
    tally = {e.entrant_id: _Tally(points=e.start_points - e.penalty) for e in entrants}
    counted = [m for m in matches if m.outcome is not None and m.outcome.counts]
    earned: list[tuple[MatchRecord, tuple[Fraction, ...]]] = []
    for match in counted:
        outcome = match.outcome
        assert outcome is not None
        shares = tuple(
            match_points(outcome, s, shared_win, placement) for s in range(len(match.sides))
        )
        earned.append((match, shares))
        for side, entrant in enumerate(match.sides):
            t = tally[entrant]
            t.played += 1
            t.points += shares[side]
            t.scored += outcome.scores[side] if side < len(outcome.scores) else 0
            if side not in outcome.winners:
                t.losses += 1
            elif len(outcome.winners) == 1:
                t.wins += 1
            else:
                t.shared += 1
    for entrant in byes:
        tally[entrant].byes += 1
        tally[entrant].points += bye_points
    averages = opponents_average(
        {e.entrant_id: (e.start_points, e.withdrawn) for e in entrants},
        earned,
        round_byes or {},
        {e: t.points for e, t in tally.items()},
        bye_points=bye_points,
        placement=placement,
    )
    buchholz = averages.buchholz

    played_in: dict[str, list[int]] = {e: [] for e in tally}
    for index, (match, _) in enumerate(earned):
        for entrant in match.sides:
            played_in[entrant].append(index)

    def head_to_head(group: list[str]) -> dict[str, Fraction]:
        # Only the group's own matches: a group of 2 among 10,000 reads their few.
        members = set(group)
        result = {e: Fraction(0) for e in group}
        indexes = sorted({i for member in group for i in played_in[member]})
        for match, shares in (earned[i] for i in indexes):
            inside = [e for e in match.sides if e in members]
            if len(inside) >= 2:
                for side, entrant in enumerate(match.sides):
                    if entrant in members:
                        result[entrant] += shares[side]
        return result

    h2h_seen: dict[str, Fraction] = {e: Fraction(0) for e in tally}
    groups: list[list[str]] = [[e.entrant_id for e in entrants]]
    keys = (
        ("stage", "match_points", "present", *tie_breaks)
        if stages is not None
        else ("match_points", "present", *tie_breaks)
    )
    for key in keys:
        refined: list[list[str]] = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
                continue
            values: Mapping[str, object]
            if key == "stage":
                assert stages is not None
                values = {e: stages.get(e, (0, 0)) for e in group}
            elif key == "match_points":
                values = {e: tally[e].points for e in group}
            elif key == "present":  # a no-show or a withdrawal ranks below who played
                values = {e: int(e not in averages.absent) for e in group}
            elif key == "buchholz":
                values = {e: buchholz[e] for e in group}
            elif key == "scored":
                values = {e: Fraction(tally[e].scored) for e in group}
            else:
                values = head_to_head(group)
                h2h_seen.update(values)
            by_value: dict[object, list[str]] = {}
            for member in group:  # in the group's order, one pass
                by_value.setdefault(values[member], []).append(member)
            for value in sorted(by_value, reverse=True):  # type: ignore[type-var]
                refined.append(by_value[value])
        groups = refined
    info = {e.entrant_id: e for e in entrants}
    rows: list[StandingRow] = []
    rank = 1
    for group in groups:
        for entrant in group:
            t = tally[entrant]
            e = info[entrant]
            rows.append(
                StandingRow(
                    rank=rank,
                    tied=len(group) > 1,
                    entrant_id=entrant,
                    name=e.name,
                    club=e.club,
                    match_points=t.points,
                    played=t.played,
                    wins=t.wins,
                    shared_wins=t.shared,
                    losses=t.losses,
                    byes=t.byes,
                    buchholz=buchholz[entrant],
                    points_scored=t.scored,
                    head_to_head=h2h_seen[entrant],
                    withdrawn=e.withdrawn,
                    penalty=e.penalty,
                )
            )
        rank += len(group)
    return tuple(rows)


def standings_of(state: TournamentState, *, byes_unplayed: bool = True) -> tuple[StandingRow, ...]:
    """The standings of a tournament state, by its own scoring settings.

    ``byes_unplayed=False`` ranks a groups pool as docs/formats/groups-knockout.md states
    it: a bye adds nothing to the opponents' average. A pool's bye is the schedule's sit-out
    (in a pool of 3 everyone has one), not a missed round: counted by the virtual opponent
    (`tournament.standings.unplayed`) it would split a level pool by the round each sat out. Its
    no-shows, forfeits and withdrawals still count as unplayed."""
    settings = state.created
    fmt = format_of(state)
    own = fmt.standings(state)  # rotating partners ranks each player on their own
    if own is not None:
        return with_prizes(state, own)
    entrants = [
        StandingEntrant(
            e,
            state.entrant_name(e),
            state.entrant_club(e),
            state.entrant_withdrawn(e),
            state.entrant_start_points(e),
            state.entrant_penalty(e),
        )
        for e in state.entrant_ids()
    ]
    rows = compute_standings(
        entrants,
        [m for m in state.matches.values() if m.decides is None],
        state.byes(),
        shared_win=settings.shared_win,
        placement=settings.placement_points,
        bye_points=settings.bye_points,
        tie_breaks=settings.tie_breaks,
        stages=fmt.stages(state),
        round_byes={paired.round: paired.byes for paired in state.rounds}
        if byes_unplayed
        else None,
    )
    return with_prizes(state, rows)


def with_prizes(state: TournamentState, rows: tuple[StandingRow, ...]) -> tuple[StandingRow, ...]:
    """The rows with what each place wins (unchanged when the tournament gives no prizes)."""
    won = prizes_of(state, rows)
    return tuple(replace(r, prize=won.get(r.entrant_id)) for r in rows) if won else rows


def rank_groups(entrants: Sequence[str], keys: Sequence[Mapping[str, Fraction]]) -> list[list[str]]:
    """`entrants` (in listing order) split into groups level on every key in turn, best
    (highest value) first; a group keeps the listing order."""
    groups: list[list[str]] = [list(entrants)]
    for values in keys:
        refined: list[list[str]] = []
        for group in groups:
            for value in sorted({values[e] for e in group}, reverse=True):
                refined.append([e for e in group if values[e] == value])
        groups = refined
    return groups
