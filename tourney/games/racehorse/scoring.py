"""The end of a deal (RACEHORSE.md §3-5): the four points, made or failed, the payments,
and who deals next."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from tourney.games.racehorse.cards import JACK, Suit
from tourney.games.racehorse.events import SMUDGE
from tourney.games.racehorse.tricks import TRICKS, Trick

POINTS = ("high", "low", "jack", "game")
"""The four points of a deal, in the order the replay object lists them."""


class DealPoints(NamedTuple):
    """Who took each point (a seat, or None), and the card value each seat won for Game."""

    high: int | None
    low: int | None
    jack: int | None
    game: int | None
    values: tuple[int, ...]

    def taken_by(self, seat: int) -> int:
        """How many of the four points ``seat`` took."""
        return (self.high == seat) + (self.low == seat) + (self.jack == seat) + (self.game == seat)

    def as_dict(self) -> dict[str, int | None]:
        return {"high": self.high, "low": self.low, "jack": self.jack, "game": self.game}


def score_points(seats: int, trump: Suit, tricks: Sequence[Trick]) -> DealPoints:
    """The four points of a deal played out.

    Every dealt card is played, so the trumps played are the trumps dealt: High goes to
    whoever played the highest, Low and Jack to whoever won the trick holding the lowest
    trump and the jack of trumps (Jack to nobody when it was not dealt), Game to the one
    seat with the most card value in its tricks (nobody on a tie for most).
    """
    values = [0] * seats
    high = low = None
    high_seat = low_winner = -1
    jack: int | None = None
    for trick in tricks:
        winner = trick.winner
        for seat, card in trick.plays:
            values[winner] += card.value
            if card.suit is trump:
                rank = card.rank
                if high is None or rank > high:
                    high, high_seat = rank, seat
                if low is None or rank < low:
                    low, low_winner = rank, winner
                if rank == JACK:
                    jack = winner
    top = max(values)
    game = values.index(top) if values.count(top) == 1 else None
    return DealPoints(high_seat, low_winner, jack, game, tuple(values))


def is_made(bid: int, pitcher: int, points: DealPoints, tricks: Sequence[Trick]) -> bool:
    """A bid of 2-4 needs that many points; a smudge needs all four and all six tricks."""
    taken = points.taken_by(pitcher)
    if bid == SMUDGE:
        return taken == 4 and len(tricks) == TRICKS and all(t.winner == pitcher for t in tricks)
    return taken >= bid


def payments(seats: int, pitcher: int, bid: int, made: bool) -> list[int]:
    """Only the pitcher is paid or pays: the bid from (or to) every other player."""
    each = bid if made else -bid
    out = [-each] * seats
    out[pitcher] = each * (seats - 1)
    return out


def next_dealer(seats: int, pitcher: int, made: bool) -> int:
    """A pitcher who made the bid deals next; one who was upped, the player on their right."""
    return pitcher if made else (pitcher - 1) % seats


def top_seats(net: Sequence[int]) -> list[int]:
    """The seats with the highest net units: who shares a match's win (RACEHORSE.md §6)."""
    top = max(net)
    return [seat for seat, units in enumerate(net) if units == top]
