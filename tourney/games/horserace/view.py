"""What the scorer sees: the state of a match as text for people and as a JSON object.

Display only: every figure comes from the engine (layout, attach points, contributions,
scores, turn); nothing is worked out here that a rule decides.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from tourney.games.horserace.account import result_line, scores_line, side_label
from tourney.games.horserace.match import Match, Phase
from tourney.games.horserace.tiles import Tile
from tourney.i18n import _, ngettext, npage_, page_

if TYPE_CHECKING:
    from tourney.gamekit import Recorded, Table


def match_of(table: Table) -> Match:
    """The Horse Race match at ``table`` (TypeError: another game's)."""
    match = table.match
    if not isinstance(match, Match):
        raise TypeError(f"{table.id} is not a Horse Race table")
    return match


def _counts(match: Match) -> dict[Tile, int]:
    out: dict[Tile, int] = {}
    for tile, value in match.layout.contributions():
        out[tile] = out.get(tile, 0) + value
    return out


def state(desk: Table) -> dict[str, Any]:
    """The ``--json`` object of every command that prints state."""
    match = match_of(desk)
    counts = _counts(match)
    layout = match.layout_view()
    for row in layout:
        tile = Tile.parse(row["tile"])
        row["counts"] = counts.get(tile)
    hand = match.hands[-1] if match.hands else None
    ends = match.layout.ends
    return {
        "match": desk.id,
        "stream": desk.stream,
        "version": desk.version,
        "head": desk.head_hash,
        "status": match.phase.value,
        "players": list(match.players),
        "partnerships": match.partnerships,
        "target": match.target,
        "known_hands": desk.known_hands,
        "sides": [
            {"players": list(side), "score": score}
            for side, score in zip(match.sides, match.scores, strict=True)
        ],
        "winners": list(match.winners) if match.finished else [],
        "hand": None
        if hand is None
        else {
            "number": hand.number,
            "opener": hand.opener,
            "known": hand.known,
            "end": None if hand.end is None else hand.end.value,
            "credits": list(hand.credits),
        },
        "to_move": match.to_move,
        "continuation_owed": match.continuation_owed,
        "drawn_tile": None if match.drawn_tile is None else match.drawn_tile.text,
        "boneyard": match.boneyard_size if match.phase is Phase.IN_HAND else None,
        "reveals_needed": match.reveals_needed,
        "next_opener": match.next_opener if match.phase is Phase.BETWEEN_HANDS else None,
        "layout": layout,
        "ends": ends if not match.layout.empty else None,
        "ends_points": ends // 5 if ends > 0 and ends % 5 == 0 else 0,
    }


def _open_text(points: list[dict[str, Any]]) -> str:
    kinds = Counter((p["kind"], p["value"]) for p in points)
    parts = []
    for (kind, value), n in kinds.items():
        if n == 1:
            one = {"end": _("end {value}"), "linear": _("linear side {value}")}
            parts.append(one.get(kind, _("branch {value}")).format(value=value))
            continue
        many = {
            "end": ngettext("{n} end {value}", "{n} ends {value}", n),
            "linear": ngettext("{n} linear side {value}", "{n} linear sides {value}", n),
        }
        text = many.get(kind) or ngettext("{n} branch {value}", "{n} branches {value}", n)
        parts.append(text.format(n=n, value=value))
    return ", ".join(parts) if parts else _("closed")


def layout_lines(match: Match) -> list[str]:
    """The layout, one tile a line: what it is on, its free attach points, what it counts."""
    if match.layout.empty:
        return [_("  (the table is empty)")]
    counts = _counts(match)
    lines = []
    for row in match.layout_view():
        where = _("on {tile}").format(tile=row["on"]) if row["on"] else _("opening")
        counted = counts.get(Tile.parse(row["tile"]))
        tail = (
            _("counts {value}").format(value=counted)
            if counted is not None
            else _("counts nothing")
        )
        lines.append(
            _("  {tile:<4} {where:<10} open: {points:<26} {tail}").format(
                tile=row["tile"], where=where, points=_open_text(row["open"]), tail=tail
            )
        )
    return lines


def ends_line(match: Match) -> str:
    """``Counted ends: 10 + 3 + 2 = 15 -> 3 points``."""
    if match.layout.empty:
        return page_("Counted ends: none yet (the table is empty)")
    values = [v for _, v in match.layout.contributions()]
    ends = match.layout.ends
    points = ends // 5 if ends > 0 and ends % 5 == 0 else 0
    sums = " + ".join(str(v) for v in values) or "0"
    if not points:
        return page_("Counted ends: {sums} = {ends} (no score)").format(sums=sums, ends=ends)
    return npage_(
        "Counted ends: {sums} = {ends} -> {points} point",
        "Counted ends: {sums} = {ends} -> {points} points",
        points,
    ).format(sums=sums, ends=ends, points=points)


def turn_line(match: Match) -> str:
    """Whose turn it is and what they owe, or where the match stands between hands."""
    phase = match.phase
    if phase is Phase.NOT_STARTED:
        return _("Not started: tourney start ID --players A,B,...")
    if phase is Phase.OVER:
        return result_line(match)
    if phase is Phase.AWAITING_REVEALS:
        hand = match.hands[-1]
        end = page_(hand.end.value) if hand.end else "?"
        return page_("Hand {number} ended ({end}): reveals needed from {names}").format(
            number=hand.number, end=end, names=", ".join(match.reveals_needed)
        )
    if phase is Phase.BETWEEN_HANDS:
        opener = match.next_opener
        if opener is None:
            if not match.hands:
                return page_("Between hands: a lot chooses the opener (the first hand)")
            return page_("Between hands: a lot chooses the opener (after a block)")
        return page_("Between hands: {opener} opens the next hand (placed the last tile)").format(
            opener=opener
        )
    mover = match.to_move
    text = page_("To move: {mover}").format(mover=mover)
    if match.drawn_tile is not None and match.layout.fits(match.drawn_tile):
        text += page_(" (must place {tile}, just drawn)").format(tile=match.drawn_tile)
    elif match.continuation_owed:
        text += page_(" (continuation owed: plays again)")
    return text + page_(" · boneyard {count}").format(count=match.boneyard_size)


def count_line(match: Match) -> str | None:
    """The last hand's count once made: ``Hand 2 count (domino): Ann +3``."""
    if not match.hands:
        return None
    hand = match.hands[-1]
    if hand.end is None or match.phase in (Phase.IN_HAND, Phase.AWAITING_REVEALS):
        return None
    if hand.end.value == "target":
        return page_("Hand {number}: target reached on a placement, no count").format(
            number=hand.number
        )
    credits = ", ".join(f"{side_label(match, s)} +{c}" for s, c in enumerate(hand.credits) if c)
    return page_("Hand {number} count ({end}): {credits}").format(
        number=hand.number, end=page_(hand.end.value), credits=credits or page_("nothing")
    )


def text(desk: Table) -> list[str]:
    """The whole state for people (``tourney show``, the console)."""
    match = match_of(desk)
    if not match.started:
        return [
            _("{id}: no match yet (v{version})").format(id=desk.id, version=desk.version),
            turn_line(match),
        ]
    kind = (
        _("partnerships {sides}").format(
            sides=_(" vs ").join(side_label(match, s) for s in range(len(match.sides)))
        )
        if match.partnerships
        else _("individual")
    )
    hand = match.hands[-1] if match.hands else None
    hand_text = ""
    if hand is not None:
        hands = _("known hands") if hand.known else _("hidden hands")
        hand_text = _(" · hand {number} ({hands})").format(number=hand.number, hands=hands)
    heading = _("{id}: {players} ({kind}), first to {target}{hand} · v{version} {hash}").format(
        id=desk.id,
        players=", ".join(match.players),
        kind=kind,
        target=match.target,
        hand=hand_text,
        version=desk.version,
        hash=desk.head_hash or "",
    )
    lines = [heading.rstrip()]
    if hand is not None:
        lines += [_("Layout:"), *layout_lines(match), ends_line(match)]
    counted = count_line(match)
    if counted:
        lines.append(counted)
    lines += [_("Scores: {scores}").format(scores=scores_line(match)), turn_line(match)]
    return lines


def recorded_dict(desk: Table, item: Recorded) -> dict[str, Any]:
    """One appended event for ``--json``: its stream version, its record line (``undone``:
    the version it takes back), and for a placement
    the counted ends and the points it scored."""
    out: dict[str, Any] = {
        "stream_version": item.version,
        "type": item.type,
        **desk.payload(item.version),
    }
    placement = getattr(item.outcome, "placement", None)
    if placement is not None:
        out["ends"] = placement.ends
        out["points"] = placement.points
    return out


def recorded_lines(desk: Table, item: Recorded) -> list[str]:
    """What one appended game event did, as the hand-by-hand account tells it."""
    from tourney.games.horserace.account import describe as account_lines
    from tourney.games.horserace.events import Event
    from tourney.games.horserace.match import Outcome

    event, outcome = item.event, item.outcome
    assert isinstance(event, Event) and isinstance(outcome, Outcome)
    lines = [line for line in account_lines(match_of(desk), event, outcome) if line]
    return [f"v{item.version}: {lines[0].strip()}", *lines[1:]] if lines else []


def brief(desk: Table) -> list[str]:
    """The short state after a recorded event: the counted ends, the scores, whose turn."""
    match = match_of(desk)
    lines = []
    if match.hands and match.phase is Phase.IN_HAND:
        lines.append(ends_line(match))
    if match.started and match.phase is not Phase.OVER:  # the result line says the scores
        lines.append(_("Scores: {scores}").format(scores=scores_line(match)))
    lines.append(turn_line(match))
    return lines


def open_line(match: Match) -> str:
    """The free attach points on one line: ``Open: 5-5 linear 5 · 3-5 end 3``."""
    parts = [
        f"{row['tile']} {_open_text(row['open'])}" for row in match.layout_view() if row["open"]
    ]
    return _("Open: {points}").format(points=" · ".join(parts) if parts else _("nothing"))
