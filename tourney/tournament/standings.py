"""Standings: match points, tie-breaks in a configured order, ranks, printable rows.

Match points: a sole win 1, a k-way shared win 1/k by default (see `matches.win_share`),
a bye `bye_points`, a loss or void 0, all exact `Fraction`s; or, when the tournament has
placement scales, each place's points (`matches.placement_points`).

Tie-breaks, applied in the configured order to entrants level on everything before
(`events.TIE_BREAK_WORDS` says them in plain words):

* ``buchholz`` (opponents' average match points): the current match points of every
  opponent met (each side at each counted table; byes add nothing), averaged over those
  opponents. An average, not a sum, so that a player who met 3 opponents a round at tables
  of 4 and one who met 2 at tables of 3 compare fairly;
* ``scored`` (game points scored, formerly ``points``): game points over all counted
  matches;
* ``head_to_head``: match points earned in matches that the entrant shared with another
  of the entrants still level at that point.

Penalties (`tourney.tournament.penalties`) come off the match points before anything is
ranked: the table shows them in a column of their own and the match points net of them
(which the opponents' average reads too). Pairing is not changed by them.

Entrants level on every key share a rank (shown as ``"3="``) and are listed in
registration order. Withdrawn entrants stay in the table, marked as withdrawn.

A knockout ranks by how far each entrant went before any of that (`knockout_stages`):
the champion, then the final's other players, then by the round they went out in (the
third-place match's winner above its loser), the keys above breaking ties within a
round. A deciding match only says who advances: it never adds a win, points or a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tourney.tournament import double_pairing
from tourney.tournament.events import DEFAULT_TIE_BREAKS
from tourney.tournament.matches import MatchRecord, Scale, match_points
from tourney.tournament.pairing import bracket_of
from tourney.tournament.state import TournamentState
from tourney.tournament.swiss import points_text

COLUMNS: tuple[str, ...] = (
    "rank",
    "name",
    "club",
    "points",
    "penalty",
    "played",
    "wins",
    "shared",
    "losses",
    "byes",
    "buchholz",
    "scored",
    "status",
)


def decimal_text(value: Fraction) -> str:
    """``Fraction(7, 3)`` -> ``"2.333"``, ``Fraction(5, 2)`` -> ``"2.5"``, ``2`` -> ``"2"``: at
    most three decimals, for spreadsheets (the exact value is in the JSON)."""
    text = f"{float(value):.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass(frozen=True)
class StandingEntrant:
    entrant_id: str
    name: str
    club: str | None = None
    withdrawn: bool = False
    start_points: Fraction = Fraction(0)
    """Match points a late entrant started with (`PlayerRegistered.start_points`)."""
    penalty: Fraction = Fraction(0)
    """Match points the director's penalties take off (`tourney.tournament.penalties`)."""


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings; `cells()` for a table or CSV, `to_dict()` for JSON."""

    rank: int
    tied: bool
    entrant_id: str
    name: str
    club: str | None
    match_points: Fraction
    played: int
    wins: int
    shared_wins: int
    losses: int
    byes: int
    buchholz: Fraction
    points_scored: int
    head_to_head: Fraction
    withdrawn: bool
    penalty: Fraction = Fraction(0)
    """Match points taken off by penalties: `match_points` is net of them."""

    @property
    def rank_text(self) -> str:
        return f"{self.rank}=" if self.tied else str(self.rank)

    def cells(self, decimals: bool = False) -> tuple[str, ...]:
        """The row as text, one cell per name in `COLUMNS`: fractions as people read them
        (``2 1/3``), or with ``decimals`` as a spreadsheet reads them (``2.333``)."""
        number = decimal_text if decimals else points_text
        return (
            self.rank_text,
            self.name,
            self.club or "",
            number(self.match_points),
            number(-self.penalty) if self.penalty else ("0" if decimals else ""),
            str(self.played),
            str(self.wins),
            str(self.shared_wins),
            str(self.losses),
            str(self.byes),
            number(self.buchholz),
            str(self.points_scored),
            "withdrawn" if self.withdrawn else "",
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe: fractions as exact strings ("7/2") next to a float for sorting."""
        return {
            "rank": self.rank,
            "tied": self.tied,
            "entrant_id": self.entrant_id,
            "name": self.name,
            "club": self.club,
            "match_points": str(self.match_points),
            "match_points_float": float(self.match_points),
            "played": self.played,
            "wins": self.wins,
            "shared_wins": self.shared_wins,
            "losses": self.losses,
            "byes": self.byes,
            "buchholz": str(self.buchholz),
            "points_scored": self.points_scored,
            "head_to_head": str(self.head_to_head),
            "withdrawn": self.withdrawn,
            "penalty": str(self.penalty),
        }


@dataclass
class _Tally:
    points: Fraction = Fraction(0)
    played: int = 0
    wins: int = 0
    shared: int = 0
    losses: int = 0
    byes: int = 0
    scored: int = 0


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
) -> tuple[StandingRow, ...]:
    """Rank `entrants` (given in registration order) from their matches and byes.

    `byes` holds one entrant id per bye received. Matches without an outcome, and void
    ones, are ignored (though their tablemates still count as having met for pairing).
    `stages` (a knockout's) ranks before everything else, higher first.
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
    opponents_points = {e: Fraction(0) for e in tally}
    opponents = dict.fromkeys(tally, 0)
    for match, _ in earned:
        for entrant in match.sides:
            others = [o for o in match.sides if o != entrant]
            opponents_points[entrant] += sum((tally[o].points for o in others), Fraction(0))
            opponents[entrant] += len(others)
    buchholz = {
        e: opponents_points[e] / opponents[e] if opponents[e] else Fraction(0) for e in tally
    }

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
        ("stage", "match_points", *tie_breaks)
        if stages is not None
        else ("match_points", *tie_breaks)
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


def standings_of(state: TournamentState) -> tuple[StandingRow, ...]:
    """The standings of a tournament state, by its own scoring settings."""
    settings = state.created
    if settings.format == "rotating":  # each player ranked on their own
        return rotating_standings(state)
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
    return compute_standings(
        entrants,
        [m for m in state.matches.values() if m.decides is None],
        state.byes(),
        shared_win=settings.shared_win,
        placement=settings.placement_points,
        bye_points=settings.bye_points,
        tie_breaks=settings.tie_breaks,
        stages=_stages(state),
    )


def _stages(state: TournamentState) -> dict[str, tuple[int, int]] | None:
    """A bracket's ranking before everything else (None: not a knockout)."""
    if state.created.format in ("elimination", "groups"):
        return knockout_stages(state)
    if state.created.format == "double_elimination":
        return double_pairing.stages(state)
    return None


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


def knockout_stages(state: TournamentState) -> dict[str, tuple[int, int]]:
    """How far each entrant of a knockout went, as a key that sorts the furthest first:
    (2 * round + 1 while still in it, 2 * round once out in it, 2 * rounds + 2 for the
    champion; then 1 for the third-place match's winner). Entrants not in the bracket: 0.
    """
    bracket = bracket_of(state)
    stage = {e: (0, 0) for e in state.entrant_ids()}
    for round_ in bracket.rounds:
        for slot in round_.slots:
            settled = slot.status in ("decided", "bye") and slot.winner is not None
            for entrant in slot.present:
                out = settled and entrant != slot.winner
                stage[entrant] = (2 * round_.number + (0 if out else 1), 0)
    if bracket.champion is not None:
        stage[bracket.champion] = (2 * len(bracket.rounds) + 2, 0)
    third = bracket.third_place
    if third is not None and third.status == "decided" and third.winner is not None:
        stage[third.winner] = (stage[third.winner][0], 1)
    return stage


def rotating_standings(state: TournamentState) -> tuple[StandingRow, ...]:
    """Rotating partners (`tourney.tournament.rotating`): each player's standing from the
    points their partnerships scored.

    For every counted match (not void, with an outcome) each player on a side gets that
    side's match points (`matches.match_points`) and its game points; a sit-out adds the
    bye points. Buchholz: the average, over the opponents met (the two players of the
    other side at each counted match), of their match points. Ranked by match points,
    then the tournament's tie-breaks (default: game points scored, then Buchholz).
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
    met: dict[str, list[str]] = {p: [] for p in state.players}
    for match in state.matches.values():
        outcome = match.outcome
        if outcome is None or not outcome.counts or len(match.seats) != 4:
            continue
        for side, members in enumerate(
            ((match.seats[0], match.seats[2]), (match.seats[1], match.seats[3]))
        ):
            earned = match_points(outcome, side, settings.shared_win, settings.placement_points)
            for player in members:
                points[player] += earned
                scored[player] += outcome.scores[side] if side < len(outcome.scores) else 0
                played[player] += 1
                if side not in outcome.winners:
                    losses[player] += 1
                elif len(outcome.winners) == 1:
                    wins[player] += 1
                else:
                    shared[player] += 1
                met[player] += [match.seats[(side + 1) % 2], match.seats[(side + 1) % 2 + 2]]
    for player in state.byes():
        if player in points:
            points[player] += settings.bye_points
            byes[player] += 1
    buchholz = {
        p: sum((points[o] for o in met[p]), Fraction(0)) / len(met[p]) if met[p] else Fraction(0)
        for p in state.players
    }
    values: dict[str, Mapping[str, Fraction]] = {
        "match_points": points,
        "scored": {p: Fraction(s) for p, s in scored.items()},
        "buchholz": buchholz,
    }
    keys = ("match_points", *(t for t in settings.tie_breaks if t in values))
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
