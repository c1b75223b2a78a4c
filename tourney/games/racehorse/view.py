"""What a scorer sees of a Racehorse table (hidden hands: cards are typed as they are
played): the deal, its running auction, trump, the trick on the table, and net units.

The functional core of the Racehorse one-shot commands' output; the desk supplies the
stream, the engine (through `tourney.games.racehorse.face`) the state.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from tourney.games.racehorse.account import describe as account_lines
from tourney.games.racehorse.account import units
from tourney.games.racehorse.events import (
    SMUDGE,
    BidMade,
    CardPlayed,
    DealStarted,
    Event,
    Passed,
)
from tourney.games.racehorse.match import Match, Outcome
from tourney.i18n import N_, _

if TYPE_CHECKING:
    from tourney.gamekit import Recorded, Table


def match_of(table: Table) -> Match:
    """The Racehorse match at ``table`` (TypeError: another game's)."""
    match = table.match
    if not isinstance(match, Match):
        raise TypeError(f"{table.id} is not a Racehorse table")
    return match


BID_WORDS = (N_("pass"), N_("smudge"))
"""The auction's words (`bid_text`) as msgids: said with ``_()`` where a person reads them."""


def bid_text(bid: int | None) -> str:
    return "pass" if bid is None else "smudge" if bid == SMUDGE else str(bid)


def this_deal(desk: Table) -> list[Event]:
    """The current deal's events after its ``deal_started`` (or the last deal's, between
    deals), in order. Read back from the stream's newest event, so that showing the table
    costs a deal's events, not the whole match's."""
    return [event for event in desk.since(DealStarted.type) if isinstance(event, Event)]


def auction(desk: Table) -> list[tuple[str, int | None]]:
    """The current deal's auction so far: each (player, bid), None for a pass."""
    return [
        (event.player, event.bid if isinstance(event, BidMade) else None)
        for event in this_deal(desk)
        if isinstance(event, BidMade | Passed)
    ]


def deal_cards(desk: Table) -> list[str]:
    """The cards played so far in the current deal (or the last one), in play order."""
    return [event.card.text for event in this_deal(desk) if isinstance(event, CardPlayed)]


def state(desk: Table) -> dict[str, Any]:
    """The table as one JSON object (``show --json``)."""
    match = match_of(desk)
    players = match.players
    deal = match.deal if match.deal is not None else (match.deals[-1] if match.deals else None)
    play = match.play
    return {
        "match": desk.id,
        "game": "racehorse",
        "version": desk.version,
        "head": desk.head_hash,
        "phase": match.phase.value,
        "deal": None if deal is None else deal.number,
        "deals": match.deal_count,
        "dealer": None if deal is None else players[deal.dealer],
        "to_move": match.to_move,
        "auction": [{"player": p, "bid": b} for p, b in auction(desk)] if deal else [],
        "pitcher": None if deal is None or deal.pitcher is None else players[deal.pitcher],
        "bid": None if deal is None else deal.bid,
        "trump": None if match.trump is None else match.trump.value,
        "trick": [] if play is None else [
            {"player": players[seat], "card": card.text} for seat, card in play.trick
        ],
        "tricks_won": [] if deal is None else [players[seat] for seat in deal.tricks],
        "hand": (
            [card.text for card in sorted(match.hand_of(match.to_move))]
            if match.known and match.to_move is not None
            else None
        ),
        "net": {name: units_ for name, units_ in zip(players, match.net, strict=True)},
        "finished": match.finished,
        "winners": [players[seat] for seat in match.winners] if match.finished else [],
    }  # fmt: skip


def text(desk: Table, deal: str | None = None, brief: bool = False) -> list[str]:
    """The table for a person: the deal and its auction, trump and trick, the tricks won,
    the nets, who is to move (between deals: ``deal``, how to deal the next one). ``brief``:
    what changes as events are recorded one by one (no heading, no dealer, and the auction
    only while it runs)."""
    data = state(desk)
    lines = [] if brief else [
        _("{id} (Racehorse), v{version}: deal {deal} of {deals}").format(
            id=desk.id, version=data["version"], deal=data["deal"] or 0, deals=data["deals"]
        )
    ]  # fmt: skip
    if data["dealer"] is not None and not brief:
        lines.append(_("Dealer {dealer}").format(dealer=data["dealer"]))
    if data["auction"] and (data["phase"] == "auction" or not brief):
        said = ", ".join(f"{s['player']} {_(bid_text(s['bid']))}" for s in data["auction"])
        lines.append(_("Auction: {said}").format(said=said))
    if data["pitcher"] is not None:
        pitcher, bid = data["pitcher"], bid_text(data["bid"])
        if data["trump"]:
            said = _("Pitcher {pitcher} bid {bid}, trump {trump}").format(
                pitcher=pitcher, bid=bid, trump=data["trump"]
            )
        else:
            said = _("Pitcher {pitcher} bid {bid}").format(pitcher=pitcher, bid=bid)
        lines.append(said)
    if data["tricks_won"]:
        won = Counter(data["tricks_won"])
        tricks = ", ".join(f"{n} {won[n]}" for n in data["net"] if won[n])
        lines.append(_("Tricks won: {tricks}").format(tricks=tricks))
    if data["trick"]:
        trick = ", ".join(f"{t['player']} {t['card']}" for t in data["trick"])
        lines.append(_("Trick: {trick}").format(trick=trick))
    if data["hand"] is not None:
        held = " ".join(data["hand"])
        lines.append(_("{player} holds {cards}").format(player=data["to_move"], cards=held))
    nets = ", ".join(f"{n} {units(u)}" for n, u in data["net"].items())
    lines.append(_("Net: {nets}").format(nets=nets))
    if data["finished"]:
        lines.append(_("Over: {winners} won").format(winners=_(" and ").join(data["winners"])))
    elif data["to_move"] is not None:
        to = _("To bid: {player}") if data["phase"] == "auction" else _("To play: {player}")
        lines.append(to.format(player=data["to_move"]))
    else:
        lines.append(_("Next: {deal}").format(deal=deal or f"tourney deal {desk.id}"))
    return lines


def recorded_lines(desk: Table, item: Recorded) -> list[str]:
    """What one appended game event did, as the deal-by-deal account tells it: ``v12: Bo
    bids 3``, a trick with its winner, a deal's points and payments, the result."""
    event, outcome = item.event, item.outcome
    assert isinstance(event, Event) and isinstance(outcome, Outcome)
    lines = [line for line in account_lines(match_of(desk), event, outcome) if line]
    if isinstance(event, CardPlayed):
        lines.insert(0, _("{player} plays {card}").format(player=event.player, card=event.card))
    return [f"v{item.version}: {lines[0].strip()}", *lines[1:]] if lines else []


def recorded_dict(item: Recorded) -> dict[str, Any]:
    event = item.event
    if event is None:
        return {"version": item.version, "type": item.type}
    line = {"version": item.version, "type": item.type}
    if isinstance(event, BidMade | Passed | CardPlayed):
        line["player"] = event.player
    if isinstance(event, BidMade):
        line["bid"] = event.bid
    if isinstance(event, CardPlayed):
        line["card"] = event.card.text
    return line
