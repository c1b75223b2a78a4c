"""Racehorse scoresheets: the blank deal-by-deal grid a table fills in (dealer, pitcher,
bid, points won, payments, running totals) and the completed sheet of a played match
(every deal with its auction, tricks, the four points and the payments).

Built from the replayed card `Match` and the match's events in force with their stream
versions, so every line of the paper sheet can be checked against the stream.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tourney.games.cards import SMUDGE, BidMade, CardPlayed, DealStarted, Passed
from tourney.reports.heading import heading_of
from tourney.reports.match_sheet import SheetError
from tourney.reports.results import result_text
from tourney.reports.rounds import round_name
from tourney.reports.table_sheet import PlayedSheet, TableSheet, table_sheet_fields
from tourney.tournament.matches import MatchRecord
from tourney.tournament.state import TournamentError, TournamentState

POINTS = ("high", "low", "jack", "game")


def bid_text(bid: int | None) -> str:
    return "—" if bid is None else "Smudge" if bid == SMUDGE else str(bid)


@dataclass(frozen=True)
class BlankCardsSheet(TableSheet):
    players: tuple[str, ...]
    deals: tuple[int, ...]

    @property
    def play_label(self) -> str:
        return f"Racehorse, {len(self.deals)} deals · {self.players[0]} deals first"

    @property
    def signers(self) -> tuple[str, ...]:
        return self.players


def blank_cards_sheets(state: TournamentState, number: int) -> tuple[BlankCardsSheet, ...]:
    """A blank Racehorse sheet per table of round `number`: one grid row per deal of the
    match (the tournament's --deals, else twice the players at the table)."""
    if not 1 <= number <= len(state.rounds):
        raise TournamentError(f"round {number} of {state.title} has not been paired")
    heading, name = heading_of(state), round_name(state, number)
    sheets = []
    for record in sorted(state.round_matches(number), key=lambda m: m.table):
        fields = table_sheet_fields(state, record, heading, name)
        seats = fields["seats"]
        deals = state.created.deals or 2 * len(seats)
        sheets.append(
            BlankCardsSheet(
                **fields,
                players=tuple(s.name for s in seats),
                deals=tuple(range(1, deals + 1)),
            )
        )
    return tuple(sheets)


@dataclass(frozen=True)
class TrickView:
    number: int
    plays: tuple[tuple[str, str, int], ...]  # (player, card, version)
    winner: str


@dataclass(frozen=True)
class DealView:
    number: int
    dealer: str
    known: bool
    auction: tuple[tuple[str, str, int], ...]  # (player, bid or "pass", version)
    pitcher: str | None
    bid: str
    trump: str | None
    tricks: tuple[TrickView, ...]
    points: tuple[tuple[str, str], ...]  # (point, who took it or "nobody")
    made: bool | None
    payments: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class CardsSheet(PlayedSheet):
    players: tuple[str, ...]
    deals: tuple[DealView, ...]
    net: tuple[int, ...]

    @property
    def play_label(self) -> str:
        return (
            f"Racehorse, tables of {self.heading.table_size}, each for themselves"
            f" · {len(self.deals)} deals played"
        )


def _who(players: tuple[str, ...], seat: int | None) -> str:
    return "nobody" if seat is None else players[seat]


def cards_sheet(
    state: TournamentState,
    record: MatchRecord,
    match: Any,
    events: Sequence[tuple[int, Any]] | None,
    integrity_hash: str | None = None,
) -> CardsSheet:
    """The completed sheet of `record`, whose play `match` (a Racehorse match) replayed from
    `events`. Raises `SheetError` when the payments do not add up to the replayed nets."""
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
            cards[-1].append((event.player, event.card.text, version))
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
                trump=None if deal.trump is None else deal.trump.value,
                tricks=tricks,
                points=tuple((p, _who(players, taken[p])) for p in POINTS),
                made=deal.made,
                payments=tuple(deal.payments) or (0,) * size,
                totals=tuple(running),
            )
        )
    if running != list(match.net):
        raise SheetError(
            f"match {record.match_id}: the payments add up to {running}, "
            f"the replayed match says {list(match.net)}"
        )
    return CardsSheet(
        **table_sheet_fields(state, record),
        players=players,
        deals=tuple(deals),
        net=tuple(match.net),
        finished=match.finished,
        winners=tuple(players[w] for w in match.winners) if match.finished else (),
        result=result_text(state, record),
        integrity_hash=integrity_hash,
    )
