"""Horse Race's scoresheets (`tourney.gamekit.Sheets`): the blank hand-by-hand grid a table
fills in, and the completed sheet of a match: every hand, every placement, the running
scores. Their templates are in the package's ``templates/``.

The completed sheet is built from the replayed engine `Match` (placements with counted ends
and points, hand ends and credits). When the match's events are given too, with their
stream versions, the sheet also shows each draw, pass and reveal in order, and every line
carries its version so the paper sheet can be checked against the stream. The fields every
table's sheet has (the heading, seats, result, hash) are the reports' own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from tourney.gamekit.errors import SheetError
from tourney.games.horserace.events import (
    Event,
    HandStarted,
    Passed,
    TileDrawn,
    TilePlaced,
    TilesRevealed,
)
from tourney.games.horserace.match import Match, Placement
from tourney.i18n import _, page_, page_mark

if TYPE_CHECKING:
    from tourney.gamekit import GameEvent, GameMatch

HAND_ROWS = 16
"""Rows of the blank hand-by-hand grid: more hands than a match to 61 usually takes."""

ActionKind = Literal["placed", "drew", "passed", "revealed"]

END_LABELS = {
    "domino": page_mark("domino: the last tile was placed"),
    "blocked": page_mark("blocked: nobody could place"),
    "target": page_mark("the match was won on a placement (no count)"),
}
END_WORDS = {
    "domino": page_mark("domino"),
    "blocked": page_mark("blocked"),
    "target": page_mark("target"),
}
"""How each end of a hand is named in the totals' End column."""


@dataclass(frozen=True)
class Action:
    """One line of a hand: a placement (with counted ends and points), a draw, a pass or a
    reveal. `scores` are the running scores by side after a scoring placement."""

    kind: ActionKind
    version: int | None
    player: str
    tile: str | None = None
    on: str | None = None
    ends: int | None = None
    points: int = 0
    continues: bool = False
    tiles: tuple[str, ...] = ()
    scores: tuple[int, ...] | None = None


@dataclass(frozen=True)
class HandView:
    number: int
    opener: str
    known: bool
    actions: tuple[Action, ...]
    end: str | None
    end_label: str
    placement_points: tuple[int, ...]
    credits: tuple[int, ...]
    scores: tuple[int, ...]


class HorseRaceSheets:
    """Horse Race's scoresheets: its templates and its part of their pages."""

    played_template = "match_sheet.html"
    blank_template = "scoresheets.html"

    def blank(self, players: Sequence[str], settings: Mapping[str, Any]) -> dict[str, Any]:
        """A grid row per hand (`HAND_ROWS`)."""
        return {"hands": tuple(range(1, HAND_ROWS + 1))}

    def played(
        self,
        match: GameMatch,
        events: Sequence[tuple[int, GameEvent]] | None,
        settings: Mapping[str, Any],
    ) -> dict[str, Any]:
        """The hands of the sheet of ``match``. ``events`` are (version, event) pairs of the
        match stream; without them the sheet lists placements only. Raises `SheetError`
        when the events do not match the replayed match."""
        assert isinstance(match, Match)
        own = None if events is None else [(v, e) for v, e in events if isinstance(e, Event)]
        return played(match, own)


SHEETS = HorseRaceSheets()


def played(match: Match, events: Sequence[tuple[int, Event]] | None = None) -> dict[str, Any]:
    """The hands, placements and running scores of ``match`` (see `HorseRaceSheets`)."""
    actions = _actions(match, events) if events is not None else _placements_only(match)
    sides = len(match.sides)
    running = [0] * sides
    hands: list[HandView] = []
    for summary in match.hands:
        made = [0] * sides
        lines: list[Action] = []
        for action in actions.get(summary.number, []):
            if action.kind == "placed" and action.points:
                side = match.side_of_player(action.player)
                made[side] += action.points
                running[side] += action.points
                action = replace(action, scores=tuple(running))
            lines.append(action)
        credits = tuple(summary.credits) if summary.credits else (0,) * sides
        for side, credit in enumerate(credits):
            running[side] += credit
        end = None if summary.end is None else summary.end.value
        hands.append(
            HandView(
                number=summary.number,
                opener=summary.opener,
                known=summary.known,
                actions=tuple(lines),
                end=end,
                end_label=page_(END_LABELS.get(end, "in progress"))
                if end
                else page_("in progress"),
                placement_points=tuple(made),
                credits=credits,
                scores=tuple(running),
            )
        )
    if running != list(match.scores):
        raise SheetError(
            _("the sheet adds up to {running}, the replayed match says {scores}").format(
                running=running, scores=match.scores
            )
        )
    return {
        "side_names": tuple(" & ".join(players) for players in match.sides),
        "hands": tuple(hands),
        "scores": tuple(match.scores),
        "finished": match.finished,
        "winners": tuple(" & ".join(match.sides[w]) for w in match.winners),
        "detailed": events is not None,
    }


def _placed(version: int | None, placement: Placement) -> Action:
    return Action(
        "placed",
        version,
        placement.player,
        placement.tile.text,
        None if placement.on is None else placement.on.text,
        placement.ends,
        placement.points,
        placement.continues,
    )


def _placements_only(match: Match) -> dict[int, list[Action]]:
    by_hand: dict[int, list[Action]] = {}
    for placement in match.placements:
        by_hand.setdefault(placement.hand, []).append(_placed(placement.line, placement))
    return by_hand


def _actions(match: Match, events: Sequence[tuple[int, Event]]) -> dict[int, list[Action]]:
    by_hand: dict[int, list[Action]] = {}
    hand = 0
    placements = iter(match.placements)
    for version, event in events:
        if isinstance(event, HandStarted):
            hand += 1
            continue
        line = by_hand.setdefault(hand, [])
        if isinstance(event, TilePlaced):
            placement = next(placements, None)
            if placement is None or placement.tile != event.tile or placement.hand != hand:
                raise SheetError(
                    _(
                        "event {version} places {tile}, which the replayed match does "
                        "not have at that point"
                    ).format(version=version, tile=event.tile)
                )
            line.append(_placed(version, placement))
        elif isinstance(event, TileDrawn):
            tile = None if event.tile is None else event.tile.text
            line.append(Action("drew", version, event.player, tile))
        elif isinstance(event, Passed):
            line.append(Action("passed", version, event.player))
        elif isinstance(event, TilesRevealed):
            tiles = tuple(t.text for t in event.tiles)
            line.append(Action("revealed", version, event.player, tiles=tiles))
    if next(placements, None) is not None:
        raise SheetError(_("the replayed match has placements that the events do not"))
    return by_hand
