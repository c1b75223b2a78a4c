"""The table page at a Racehorse table (`tourney.gamekit.TablePage`): its context (the
scorer's state from `tourney.games.racehorse.view`, the engine's legal moves for the
buttons) and the buttons' values read back into moves (`tourney.games.racehorse.moves`, as
the one-shot commands make them). Display only: which bids are open and which cards may be
played is the engine's answer; a card the engine refuses comes back with its one-line
reason. Its template is ``web/card_table.html``.

Buttons: ``deal``, ``bid|3`` (``bid|5``: smudge), ``pass``, ``play|QH``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tourney.gamekit.errors import NotAMove
from tourney.games.racehorse import moves
from tourney.games.racehorse import view as cards_view
from tourney.games.racehorse.account import result_line, units
from tourney.games.racehorse.card_words import card_label, rank_letter
from tourney.games.racehorse.cards import DECK, Card, Suit
from tourney.games.racehorse.events import BidMade, CardPlayed, DealStarted, Event, Passed
from tourney.games.racehorse.notation import legal_events, read_bid, read_card
from tourney.i18n import page_, page_mark

if TYPE_CHECKING:
    from tourney.gamekit import Decide, GameEvent, Table

POINTS = (page_mark("high"), page_mark("low"), page_mark("jack"), page_mark("game"))
NOBODY = page_mark("nobody")
WORDS = (
    page_mark("pass"),
    page_mark("smudge"),
    page_mark("clubs"),
    page_mark("diamonds"),
    page_mark("hearts"),
    page_mark("spades"),
)
"""The bids' and suits' words (`view.bid_text`, `Suit.noun`), for the translators."""


class RacehorsePage:
    """The table page of a Racehorse table."""

    template = "web/card_table.html"

    def context(self, table: Table) -> dict[str, Any]:
        return card_context(table)

    def read(self, table: Table, move: str, ticked: Sequence[str]) -> Decide:
        """The move the button value ``move`` stands for, decided now."""
        events = _decided(table, move)
        return lambda _match: events

    def move_value(self, event: GameEvent, players: Sequence[str]) -> tuple[str, list[str]]:
        return move_value(event), []

    def canonical(self, field: str) -> str:
        """In capitals: ``qh`` is the card ``QH``."""
        return field.upper()


PAGE = RacehorsePage()


def _decided(table: Table, move: str) -> list[Event]:
    kind, _, rest = move.partition("|")
    if kind == "deal" and not rest:
        return moves.deal(table)
    if kind == "pass" and not rest:
        return moves.say(table, None)
    if kind == "bid":
        return moves.say(table, read_bid(rest))
    if kind == "play":
        return moves.play(table, read_card(rest))
    raise NotAMove(f"{move!r} is not a move at a Racehorse table")


def move_value(event: GameEvent) -> str:
    """The button value that records ``event`` (what `RacehorsePage.read` reads back): for
    scripts, tests and the load test."""
    if isinstance(event, DealStarted):
        return "deal"
    if isinstance(event, Passed):
        return "pass"
    if isinstance(event, BidMade):
        return f"bid|{event.bid}"
    if isinstance(event, CardPlayed):
        return f"play|{event.card.text}"
    raise NotAMove(f"{event.type} is not recorded at a table")


def card_context(desk: Table) -> dict[str, Any]:
    """What the table page shows of ``desk``'s Racehorse match, beyond what every table
    page shows (`tourney.web.table_page.common_context`)."""
    match = cards_view.match_of(desk)
    state = cards_view.state(desk)
    players = match.players
    moves_now = legal_events(match)
    deals = [deal.as_dict() for deal in match.deals]
    last = deals[-1] if deals else None
    won = state["tricks_won"]
    seats = [
        {
            "seat": seat,
            "name": name,
            "net": units(net),
            "tricks": won.count(name) if last is not None else None,
            "dealer": name == state["dealer"] and not match.finished,
            "pitcher": name == state["pitcher"],
            "to_move": name == state["to_move"],
            "winner": match.finished and seat in match.winners,
        }
        for seat, (name, net) in enumerate(zip(players, match.net, strict=True))
    ]
    played = set(cards_view.deal_cards(desk))
    legal = {e.card.text for e in moves_now if isinstance(e, CardPlayed)}
    trump = match.trump
    picker = [
        {
            "suit": suit.value,
            "symbol": suit.symbol,
            "noun": page_(suit.noun),
            "trump": suit is trump,
            "cards": [
                {
                    "text": card.text,
                    "rank": rank_letter(card.rank),
                    "label": card_label(card),
                    "played": card.text in played,
                    "doubtful": card.text not in played and card.text not in legal,
                }
                for card in reversed(DECK)  # high cards first
                if card.suit is suit
            ],
        }
        for suit in Suit
    ]
    return {
        "game": "racehorse",
        "phase": match.phase.name.lower(),
        "state": state,
        "seats": seats,
        "auction": [(s["player"], page_(cards_view.bid_text(s["bid"]))) for s in state["auction"]],
        "bid": None if state["bid"] is None else page_(cards_view.bid_text(state["bid"])),
        "trump": None if trump is None else {"symbol": trump.symbol, "noun": page_(trump.noun)},
        "trick": [_shown_card(t["player"], Card.parse(t["card"])) for t in state["trick"]],
        "drawing": _drawing(desk),
        "trick_number": len(won) + 1,
        "deal_over": _deal_over(players, last),
        "last_trick": _last_trick(desk, players, last) if state["trick"] == [] else None,
        "deal_start": any(e.type == "deal_started" for e in moves_now),
        "bids": [
            (e.bid, page_(cards_view.bid_text(e.bid)).capitalize())
            for e in moves_now
            if isinstance(e, BidMade)
        ],
        "pass_": any(isinstance(e, Passed) for e in moves_now),
        "picker": picker if state["phase"] == "play" else [],
        "result": result_line(match) if match.finished else None,
    }


def _shown_card(player: str, card: Card) -> dict[str, str]:
    """A card on the table as the page shows it: ``Ann`` and ``10♥`` (red)."""
    return {
        "player": player,
        "rank": rank_letter(card.rank),
        "suit": card.suit.value,
        "symbol": card.suit.symbol,
    }


def _drawing(desk: Table) -> str:
    """The trick on the table drawn (between tricks, the last one), never a hand."""
    from tourney.games.racehorse.drawing import trick_drawing

    drawing = trick_drawing(cards_view.match_of(desk))
    return "" if drawing is None or "<use" not in "".join(drawing.parts) else drawing.svg()


def _last_trick(
    desk: Table, players: tuple[str, ...], deal: dict[str, Any] | None
) -> dict[str, Any] | None:
    """The finished deal's last trick and who took it, shown with the deal's points until
    the next deal starts (the sixth card ends the deal: without this the trick it
    completes vanished from the page the moment it was played)."""
    if deal is None or deal["made"] is None or not deal["tricks"]:
        return None
    played = [e for e in cards_view.this_deal(desk) if isinstance(e, CardPlayed)]
    last = played[-len(players) :]
    return {
        "number": len(deal["tricks"]),
        "cards": [_shown_card(e.player, e.card) for e in last],
        "winner": players[deal["tricks"][-1]],
    }


def _deal_over(players: tuple[str, ...], deal: dict[str, Any] | None) -> dict[str, Any] | None:
    """The last deal's points, verdict and payments, once its sixth trick is in."""
    if deal is None or deal["made"] is None:
        return None
    points = deal["points"]
    return {
        "number": deal["number"],
        "pitcher": players[deal["pitcher"]],
        "bid": page_(cards_view.bid_text(deal["bid"])),
        "made": deal["made"],
        "points": [
            (name, "nobody" if points[name] is None else players[points[name]]) for name in POINTS
        ],
        "payments": [
            (name, units(paid)) for name, paid in zip(players, deal["payments"], strict=True)
        ],
    }
