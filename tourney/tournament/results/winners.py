"""Who a result makes winner, given the final scores, and what a paper scoresheet may say.

The rule is the game's own (RULES.md §7) stretched to a match the director stops short:
every side that reached the target wins, sharing the win if several did, whatever their
final scores; when no side reached it, the sides holding the top score win (a tie at the
top is a shared win). Nothing else: a winner never holds a lower score than a loser.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tourney.errors import TourneyError
from tourney.i18n import N_, _, ngettext

WINNERS_RULE = N_(
    "winners are the sides that reached {target} (sharing the win), or, when none did, "
    "the sides holding the top score"
)
NET_WINNERS_RULE = N_("winners are the players with the most net units (sharing the win)")
"""A game played for net units (Racehorse): the highest net wins, stopped short or not."""
TOP_WINNERS_RULE = N_("winners are the sides holding the top score (sharing the win)")
"""A game of points without a target (a match of so many deals): the top score wins."""


def winning_sides(scores: Sequence[int], target: int | None) -> tuple[int, ...]:
    """The sides (from 0) that `scores` make winners under the rule above (``target``
    None: a game played for net units, where the top score wins)."""
    if target is not None:
        reached = tuple(side for side, score in enumerate(scores) if score >= target)
        if reached:
            return reached
    top = max(scores)
    return tuple(side for side, score in enumerate(scores) if score == top)


def check_winners(
    where: str,
    scores: Sequence[int],
    winners: Sequence[int],
    target: int | None,
    name: Callable[[int], str],
    net_units: bool = False,
) -> None:
    """Refuse `winners` unless they are exactly the sides `scores` make winners; `name`
    gives a side's entrant for the message."""
    expected = winning_sides(scores, target)
    if tuple(sorted(winners)) == expected:
        return
    if target is not None:
        rule = _(WINNERS_RULE).format(target=target)
    else:
        rule = _(NET_WINNERS_RULE) if net_units else _(TOP_WINNERS_RULE)
    raise TourneyError(
        ngettext(
            "{where}: with scores {scores_text} the winner is {sides}, not {sides2}: {rule}",
            "{where}: with scores {scores_text} the winners are {sides}, not {sides2}: {rule}",
            len(expected),
        ).format(
            where=where,
            scores_text=scores_text(scores),
            sides=_sides(expected, name),
            sides2=_sides(winners, name),
            rule=rule,
        )
    )


def check_scores(where: str, scores: Sequence[int], net_units: bool) -> None:
    """Refuse scores the game cannot end with: a negative score where points are played for
    (points only add up); net units that do not add up to 0 (each payment is paid by
    someone at the table)."""
    if not net_units:
        negative = [score for score in scores if score < 0]
        if negative:
            raise TourneyError(
                _("{where}: a score is 0 or more, not {negative}").format(
                    where=where, negative=negative[0]
                )
            )
        return
    if sum(scores) != 0:
        raise TourneyError(
            _(
                "{where}: net units add up to 0 (every payment is paid by "
                "someone at the table); {scores_text} add up to {sum:+d}"
            ).format(where=where, scores_text=scores_text(scores), sum=sum(scores))
        )


def scores_text(scores: Sequence[int]) -> str:
    """A table's scores in seat order: ``61-40-22``; with a negative one (a card game's net
    units) signed and spaced, ``+20 / -85 / +65``, never ``20--85``."""
    if any(score < 0 for score in scores):
        return " / ".join(f"{score:+d}" for score in scores)
    return "-".join(str(score) for score in scores)


def _sides(sides: Sequence[int], name: Callable[[int], str]) -> str:
    return ", ".join(f"side {side + 1} ({name(side)})" for side in sorted(sides))


def sheet_totals(
    where: str,
    side_count: int,
    scores: Sequence[int],
    hands: Sequence[Sequence[int]],
    target: int | None,
    name: Callable[[int], str],
    net_units: bool = False,
) -> tuple[int, ...]:
    """The final scores a paper scoresheet gives: `scores`, or the sums of its `hands`
    (each the points per side of one hand, or one deal's payments; with both, they must
    agree). Refused unless the match finished where the sheet ends: some side reached
    `target`, and none before the last hand (the match ends at once when a side reaches
    it). For a game of net units, each deal's payments add up to 0."""
    totals = [0] * side_count
    for number, hand in enumerate(hands, start=1):
        if len(hand) != side_count:
            raise TourneyError(
                _("{where}: hand {number} gives {count} points for {side_count} sides").format(
                    where=where, number=number, count=len(hand), side_count=side_count
                )
            )
        if net_units:
            check_scores(f"{where}, deal {number}", hand, net_units)
        elif target is not None and number > 1 and max(totals) >= target:
            leader = max(range(side_count), key=lambda side: totals[side])
            raise TourneyError(
                _(
                    "{where}: {name} reached {totals} in hand {value}, which ended "
                    "the match, but the sheet goes on to hand {number}"
                ).format(
                    where=where,
                    name=name(leader),
                    totals=totals[leader],
                    value=number - 1,
                    number=number,
                )
            )
        totals = [total + points for total, points in zip(totals, hand, strict=True)]
    if hands and scores and tuple(scores) != tuple(totals):
        raise TourneyError(
            _(
                "{where}: the hands add up to {scores_text}, not the final scores {scores_text2}"
            ).format(where=where, scores_text=scores_text(totals), scores_text2=scores_text(scores))
        )
    final = tuple(totals) if hands else tuple(scores)
    if len(final) != side_count:
        raise TourneyError(
            _("{where} has {side_count} sides but {count} scores were given").format(
                where=where, side_count=side_count, count=len(final)
            )
        )
    check_scores(where, final, net_units)
    if target is not None and max(final) < target:
        raise TourneyError(
            _(
                "{where}: no side reached {target} ({scores_text}): a scoresheet "
                "result is a finished match; adjudicate one stopped short "
                "(tourney director adjudicate)"
            ).format(where=where, target=target, scores_text=scores_text(final))
        )
    return final
