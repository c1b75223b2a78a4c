"""Unplayed rounds in the Buchholz tie-break (opponents' average match points), after the
FIDE rule for unplayed games (Handbook C.02, art. 13.15, "virtual opponent"; as agreed by
its Swiss pairings committee in 2009), applied to an average over the opponents met at
tables of 2 to 8 sides.

A round is *unplayed* for an entrant who did not play it: a bye, a no-show or a forfeit
(lost, or won because the others did not play), a side out by forfeit or no-show while the
others played on, and each round after a withdrawn entrant's last table. Then:

* the entrant's own average counts, for each unplayed round R, a *virtual opponent* in
  place of the table's other sides: it holds the entrant's match points before round R,
  plus what the entrant did not score there (a sole win's points less the entrant's: a
  no-show's virtual opponent won, a bye's lost), plus an even share for every round after
  R (FIDE's draw: the match points of a table shared out equally). It weighs as the
  opponents a table would have given: a no-show at a table of 4 counts it three times;
* an opponent's own unplayed rounds count, in everyone's average, as even shares (FIDE:
  a forfeit in which a player is indirectly involved counts as a draw), not as the win or
  the loss they were.

So a no-show earns nothing from the players of a table it never sat at, and nobody's
tie-break moves because an opponent's opponent did not turn up. The players who were
absent (a no-show) or withdrew rank below everyone level with them on match points who
played (`absent`, a key before the tie-breaks).

`Unplayed` and `Averages` are named tuples, read by attribute only (a frozen dataclass costs
every `tourney standings` ~3.8 M instructions to define), and the module does without
``from __future__ import annotations`` (`typing.NamedTuple` would compile each string)."""

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

from tourney.tournament.matches import MatchRecord, Scale, placement_scale


class Unplayed(NamedTuple):
    """A round an entrant did not play: its number, the match points it scored there, and
    how many opponents a table would have given (the virtual opponent's weight)."""

    round: int
    points: Fraction
    weight: int


class Averages(NamedTuple):
    """Each entrant's opponents' average (Buchholz), and who was absent (a no-show) or
    withdrew."""

    buchholz: dict[str, Fraction]
    absent: frozenset[str]


def opponents_average(
    entrants: Mapping[str, tuple[Fraction, bool]],
    earned: Sequence[tuple[MatchRecord, tuple[Fraction, ...]]],
    round_byes: Mapping[int, Sequence[str]],
    points: Mapping[str, Fraction],
    *,
    bye_points: Fraction,
    placement: Sequence[Scale] = (),
    members: Callable[[MatchRecord, int], Sequence[str]] | None = None,
) -> Averages:
    """The Buchholz of every entrant (`entrants`: id -> (start points, withdrawn)) from the
    counted matches with each side's match points (`earned`), the byes of each round and
    everyone's match points, unplayed rounds counted as the module says.

    `members(match, side)` names the entrants ranked on a side: by default the side's own
    entrant; rotating partners ranks each player of a side's partnership (the opponents
    met are then the players across the table, and a no-show is the player the ruling
    named, not the partner who turned up)."""
    held = members or (lambda match, side: (match.sides[side],))
    sizes = Counter(len(match.sides) for match, _ in earned)
    sides = sizes.most_common(1)[0][0] if sizes else 2
    across = Counter(
        sum(len(held(match, s)) for s in range(1, len(match.sides))) for match, _ in earned
    )
    opponents = across.most_common(1)[0][0] if across else sides - 1
    scale = placement_scale(sides, placement) if placement else None
    even = sum(scale, Fraction(0)) / sides if scale else Fraction(1, sides)
    win = scale[0] if scale else Fraction(1)

    per_round: dict[str, defaultdict[int, Fraction]] = {e: defaultdict(Fraction) for e in entrants}
    unplayed: dict[str, list[Unplayed]] = {e: [] for e in entrants}
    met: dict[str, list[str]] = {e: [] for e in entrants}
    absent: set[str] = {e for e, (_, withdrawn) in entrants.items() if withdrawn}
    for match, shares in earned:
        outcome = match.outcome
        assert outcome is not None
        everyone_out = outcome.kind in ("forfeit", "no_show")
        out = set(range(len(match.sides))) if everyone_out else set(outcome.forfeited)
        on = [tuple(held(match, s)) for s in range(len(match.sides))]
        for side, players in enumerate(on):
            others = [o for s, team in enumerate(on) if s != side for o in team]
            present = [o for s, team in enumerate(on) if s != side and s not in out for o in team]
            no_show = outcome.kind == "no_show" and side not in outcome.winners
            if no_show or (side in outcome.forfeited and match.no_show):
                absent.update([p for p in players if p in match.no_show] or players)
            for entrant in players:
                per_round[entrant][match.round] += shares[side]
                if side in out:
                    unplayed[entrant].append(Unplayed(match.round, shares[side], len(others)))
                else:
                    met[entrant] += present
    for number, byes in round_byes.items():
        for entrant in byes:
            if entrant in per_round:
                per_round[entrant][number] += bye_points
                unplayed[entrant].append(Unplayed(number, bye_points, opponents))
    last = max([m.round for m, _ in earned] + list(round_byes), default=0)
    for entrant, (_, withdrawn) in entrants.items():
        seen = [u.round for u in unplayed[entrant]] + list(per_round[entrant])
        for number in range(max(seen, default=0) + 1, last + 1) if withdrawn else ():
            unplayed[entrant].append(Unplayed(number, Fraction(0), opponents))

    worked: dict[str, Fraction] = {}

    def adjusted(opponent: str) -> Fraction:
        """An opponent's match points, their own unplayed rounds counted as even shares
        (worked out once per opponent: everyone they met asks)."""
        found = worked.get(opponent)
        if found is None:
            skipped = unplayed[opponent]
            found = worked[opponent] = (
                points[opponent]
                - sum((u.points for u in skipped), Fraction(0))
                + even * len(skipped)
            )
        return found

    def before(entrant: str, number: int) -> Fraction:
        earlier = (p for r, p in per_round[entrant].items() if r < number)
        return entrants[entrant][0] + sum(earlier, Fraction(0))

    buchholz: dict[str, Fraction] = {}
    for entrant in entrants:
        total = sum((adjusted(o) for o in met[entrant]), Fraction(0))
        count = len(met[entrant])
        for u in unplayed[entrant]:
            virtual = before(entrant, u.round) + max(win - u.points, Fraction(0))
            total += (virtual + even * (last - u.round)) * u.weight
            count += u.weight
        buchholz[entrant] = total / count if count else Fraction(0)
    return Averages(buchholz, frozenset(absent))
