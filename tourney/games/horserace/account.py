"""A readable hand-by-hand account of a match, built from its events and their outcomes."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tourney.games.horserace import (
    Event,
    HandEnd,
    HandStarted,
    Match,
    MatchStarted,
    Outcome,
    Passed,
    TileDrawn,
    TilePlaced,
    TilesRevealed,
)
from tourney.i18n import page_


def side_label(match: Match, side: int) -> str:
    return " & ".join(match.sides[side])


def scores_line(match: Match) -> str:
    return ", ".join(
        f"{side_label(match, side)} {score}" for side, score in enumerate(match.scores)
    )


def result_line(match: Match) -> str:
    """``Ann wins with 61 (Bo 47)`` or the shared win, or where an unfinished match stands."""
    scores = scores_line(match)
    if not match.finished:
        return page_("Unfinished: {scores}").format(scores=scores)
    names = [side_label(match, s) for s in match.winners]
    if len(names) == 1 and match.partnerships:
        return page_("Result: {winners} win — {scores}").format(winners=names[0], scores=scores)
    if len(names) == 1:
        return page_("Result: {winner} wins — {scores}").format(winner=names[0], scores=scores)
    return page_("Result: {winners} share the win — {scores}").format(
        winners=page_(" and ").join(names), scores=scores
    )


def describe(match: Match, event: Event, outcome: Outcome) -> Iterator[str]:
    """The lines of the account for one event already applied to ``match``."""
    if isinstance(event, MatchStarted):
        kind = (
            "partnerships " + " vs ".join(side_label(match, s) for s in range(len(match.sides)))
            if event.partnerships
            else "individual"
        )
        yield f"Match: {', '.join(event.players)} ({kind}), first to {event.target}"
    elif isinstance(event, HandStarted):
        hand = match.hands[-1]
        how = "known hands" if hand.known else "hidden hands"
        yield ""
        yield f"Hand {hand.number} — {hand.opener} opens ({how})"
    elif isinstance(event, TilePlaced):
        p = outcome.placement
        assert p is not None
        where = f"{p.tile} on {p.on}" if p.on is not None else f"{p.tile} (opening)"
        text = f"  {p.player:<10} places {where:<16} ends {p.ends:>3}"
        if p.points:
            text += f"  +{p.points}  ({scores_line(match)})"
        if p.continues and not outcome.hand_ended:
            text += "  — plays again"
        yield text
    elif isinstance(event, TileDrawn):
        seen = str(event.tile) if event.tile is not None else "a tile (unseen)"
        yield f"  {event.player:<10} draws {seen}"
    elif isinstance(event, Passed):
        yield f"  {event.player:<10} passes"
    elif isinstance(event, TilesRevealed):
        tiles = " ".join(str(t) for t in event.tiles) or "nothing"
        yield f"  {event.player:<10} reveals {tiles}"
    yield from _ending(match, outcome)


def _ending(match: Match, outcome: Outcome) -> Iterator[str]:
    end = outcome.hand_ended
    hand = match.hands[-1] if match.hands else None
    if end is HandEnd.TARGET:
        yield f"  Target reached on a placement: no count. Scores: {scores_line(match)}"
    elif end is not None and outcome.credits is None:
        waiting = ", ".join(match.reveals_needed)
        yield f"  Hand ends: {end.value}; the count waits for reveals from {waiting}"
    if outcome.credits is not None and hand is not None:
        how = hand.end.value if hand.end else "?"
        credits = ", ".join(
            f"{side_label(match, s)} +{c}" for s, c in enumerate(outcome.credits) if c
        )
        yield f"  Hand {hand.number} ends: {how}; credits: {credits or 'none'}"
        if not outcome.match_over:  # the result line says the final scores
            yield f"  Scores: {scores_line(match)}"
    if outcome.match_over:
        yield ""
        yield result_line(match)


def account(events: Iterable[Event]) -> Iterator[str]:
    """The whole account of a sequence of legal events."""
    match = Match()
    for event in events:
        outcome = match.apply(event)
        yield from describe(match, event, outcome)
    if not match.finished:
        yield ""
        yield result_line(match)
