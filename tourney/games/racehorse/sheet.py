"""Racehorse's scoresheets (`tourney.gamekit.Sheets`): the blank deal-by-deal grid a table
fills in (dealer, pitcher, bid, points won, payments, running totals) and the completed
sheet of a played match (every deal with its auction, tricks, the four points and the
payments). Their templates are in the package's ``templates/``; the fields every
table's sheet has (the heading, seats, result, hash) are the reports' own.

Built from the replayed card `Match` and the match's events in force with their stream
versions, so every line of the paper sheet can be checked against the stream. Cards and
trump are written in the sheet's language (``Д♥``, "козыри: червы"; `card_words`), as the
table's page shows them: the record's ``QH`` is what a scorer types, not what a club reads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tourney.gamekit.errors import SheetError
from tourney.games.racehorse.card_words import card_shown
from tourney.games.racehorse.events import SMUDGE, BidMade, CardPlayed, DealStarted, Passed
from tourney.games.racehorse.match import Match
from tourney.i18n import _, npage_, page_

if TYPE_CHECKING:
    from tourney.gamekit import GameEvent, GameMatch

POINTS = ("high", "low", "jack", "game")


def bid_text(bid: int | None) -> str:
    return "—" if bid is None else "smudge" if bid == SMUDGE else str(bid)


class RacehorseSheets:
    """Racehorse's scoresheets: its templates and its part of their pages."""

    played_template = "cards_sheet.html"
    blank_template = "cards_scoresheets.html"

    def blank(self, players: Sequence[str], settings: Mapping[str, Any]) -> dict[str, Any]:
        """One grid row per deal of the match (the tournament's --deals, else twice the
        players at the table)."""
        deals = settings.get("deals") or 2 * len(players)
        return {
            "players": tuple(players),
            "deals": tuple(range(1, deals + 1)),
            "play_label": npage_(
                "Racehorse, {deals} deal · {dealer} deals first",
                "Racehorse, {deals} deals · {dealer} deals first",
                deals,
            ).format(deals=deals, dealer=players[0]),
        }

    def played(
        self,
        match: GameMatch,
        events: Sequence[tuple[int, GameEvent]] | None,
        settings: Mapping[str, Any],
    ) -> dict[str, Any]:
        """Every deal of ``match``, replayed from ``events``. Raises `SheetError` when the
        payments do not add up to the replayed nets."""
        assert isinstance(match, Match)
        fields = played(match, events)
        deals = len(fields["deals"])
        fields["play_label"] = npage_(
            "Racehorse, a table of {size}, each for themselves · {deals} deal played",
            "Racehorse, a table of {size}, each for themselves · {deals} deals played",
            deals,
        ).format(size=len(match.players), deals=deals)
        return fields


SHEETS = RacehorseSheets()


@dataclass(frozen=True)
class TrickView:
    number: int
    plays: tuple[tuple[str, str, int], ...]  # (player, card as the reader's cards show it, version)
    winner: str


@dataclass(frozen=True)
class DealView:
    number: int
    dealer: str
    known: bool
    auction: tuple[tuple[str, str, int], ...]  # (player, bid or "pass", version)
    pitcher: str | None
    bid: str
    trump: str | None  # the suit's name in the reader's language
    tricks: tuple[TrickView, ...]
    points: tuple[tuple[str, str], ...]  # (point, who took it or "nobody")
    made: bool | None
    payments: tuple[int, ...]
    totals: tuple[int, ...]


def _who(players: tuple[str, ...], seat: int | None) -> str:
    return "nobody" if seat is None else players[seat]


def played(match: Match, events: Sequence[tuple[int, GameEvent]] | None) -> dict[str, Any]:
    """The deals of ``match``, replayed from ``events`` (see `RacehorseSheets`)."""
    players: tuple[str, ...] = match.players
    said: list[list[tuple[str, str, int]]] = []
    cards: list[list[tuple[str, str, int]]] = []
    for version, event in events or ():
        if isinstance(event, DealStarted):
            said.append([])
            cards.append([])
        elif isinstance(event, BidMade):
            said[-1].append((event.player, bid_text(event.bid), version))
        elif isinstance(event, Passed):
            said[-1].append((event.player, "pass", version))
        elif isinstance(event, CardPlayed):
            cards[-1].append((event.player, card_shown(event.card), version))
    running = [0] * len(players)
    deals = []
    for index, deal in enumerate(match.deals):
        plays = cards[index] if index < len(cards) else []
        size = len(players)
        tricks = tuple(
            TrickView(n + 1, tuple(plays[n * size : (n + 1) * size]), players[winner])
            for n, winner in enumerate(deal.tricks)
        )
        for seat, amount in enumerate(deal.payments):
            running[seat] += amount
        taken: dict[str, int | None] = (
            deal.points.as_dict() if deal.points is not None else dict.fromkeys(POINTS)
        )
        deals.append(
            DealView(
                number=deal.number,
                dealer=players[deal.dealer],
                known=deal.known,
                auction=tuple(said[index]) if index < len(said) else (),
                pitcher=None if deal.pitcher is None else players[deal.pitcher],
                bid=bid_text(deal.bid),
                trump=None if deal.trump is None else page_(deal.trump.noun),
                tricks=tricks,
                points=tuple((p, _who(players, taken[p])) for p in POINTS),
                made=deal.made,
                payments=tuple(deal.payments) or (0,) * size,
                totals=tuple(running),
            )
        )
    if running != list(match.net):
        raise SheetError(
            _("the payments add up to {running}, the replayed match says {list}").format(
                running=running, list=list(match.net)
            )
        )
    return {
        "players": players,
        "deals": tuple(deals),
        "net": tuple(match.net),
        "finished": match.finished,
        "winners": tuple(players[w] for w in match.winners) if match.finished else (),
    }
