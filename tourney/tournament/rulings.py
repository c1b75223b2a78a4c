"""What a result the director sets may say: who wins, given the final scores.

The rule is the game's own (RULES.md §7) stretched to a match the director stops short:
every side that reached the target wins, sharing the win if several did, whatever their
final scores; when no side reached it, the sides holding the top score win (a tie at the
top is a shared win). Nothing else: a winner never holds a lower score than a loser.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tourney.errors import TourneyError

WINNERS_RULE = (
    "winners are the sides that reached {target} (sharing the win), or, when none did, "
    "the sides holding the top score"
)


def winning_sides(scores: Sequence[int], target: int) -> tuple[int, ...]:
    """The sides (from 0) that `scores` make winners under the rule above."""
    reached = tuple(side for side, score in enumerate(scores) if score >= target)
    if reached:
        return reached
    top = max(scores)
    return tuple(side for side, score in enumerate(scores) if score == top)


def check_winners(
    where: str,
    scores: Sequence[int],
    winners: Sequence[int],
    target: int,
    name: Callable[[int], str],
) -> None:
    """Refuse `winners` unless they are exactly the sides `scores` make winners; `name`
    gives a side's entrant for the message."""
    expected = winning_sides(scores, target)
    if tuple(sorted(winners)) == expected:
        return
    raise TourneyError(
        f"{where}: with scores {'-'.join(str(s) for s in scores)} the "
        f"{'winner is' if len(expected) == 1 else 'winners are'} {_sides(expected, name)}, "
        f"not {_sides(winners, name)}: {WINNERS_RULE.format(target=target)}"
    )


def _sides(sides: Sequence[int], name: Callable[[int], str]) -> str:
    return ", ".join(f"side {side + 1} ({name(side)})" for side in sorted(sides))
