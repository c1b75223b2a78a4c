"""Racehorse drawn: cards with their rank and suit glyph, and the trick on the table (the
game's `draw`/`draw_piece`, placed by pages as inline SVG).

Everything drawn is the engine's: the trick as it lies (or, between tricks, the last one
with who took it), trump, the deal's pitcher and bid. A trump card has a heavy frame and a
star, so that trump shows on a black-and-white print, not by colour alone; red suits are
red as well as their own glyph. Hands are drawn only when the caller asks and the deal's
hands are known (the record's ``hands``): a hidden deal's cards are never invented.
"""

from __future__ import annotations

from functools import cache, lru_cache

from tourney.gamekit.drawing import Drawing, esc, num, text, use
from tourney.games.racehorse.card_words import card_label, card_shown, rank_letter
from tourney.games.racehorse.cards import Card, Suit
from tourney.games.racehorse.match import Match, Phase
from tourney.games.racehorse.view import bid_text
from tourney.i18n import page_

W, H = 36.0, 50.0  # a card, in the drawing's units
GAP = 6.0
RED = (Suit.HEARTS, Suit.DIAMONDS)


def card_name(card: Card) -> str:
    """``"Q♥"`` (Russian ``"Д♥"``): how the text equivalent names a card."""
    return card_shown(card)


def shape_id(card: Card) -> str:
    return f"rh-{card.text}"


def card_shape(card: Card) -> str:
    """The card face, its top left corner at the origin, its rank in the reader's letters."""
    return _card_shape(card, rank_letter(card.rank))


@cache
def _card_shape(card: Card, letter: str) -> str:
    colour = "#b00000" if card.suit in RED else "#000"
    return (
        f'<g id="{shape_id(card)}"><rect x="1" y="1" width="{num(W - 2)}" height="{num(H - 2)}" '
        f'rx="4" fill="#fff" stroke="#000" stroke-width="1.2"/>'
        f'<g fill="{colour}" font-family="sans-serif"><text x="4" y="15" font-size="14" '
        f'font-weight="bold">{esc(letter)}</text><text x="4" y="28" font-size="11">'
        f'{esc(card.suit.symbol)}</text><text x="{num(W / 2 + 3)}" y="{num(H - 9)}" '
        f'font-size="24" text-anchor="middle">{esc(card.suit.symbol)}</text></g></g>'
    )


def _card(card: Card, x: float, y: float, trump: bool) -> list[str]:
    """The parts laying ``card`` at (x, y); a trump gets a heavy frame and a star."""
    parts = [use(shape_id(card), x, y)]
    if trump:
        parts.append(use(TRUMP, x, y))
    return parts


TRUMP = "rh-trump"
TRUMP_SHAPE = (
    f'<g id="{TRUMP}"><rect x="1" y="1" width="{num(W - 2)}" height="{num(H - 2)}" rx="4" '
    f'fill="none" stroke="#000" stroke-width="3.5"/>'
    f"{text(W - 4, 13, '★', size=11, anchor='end')}</g>"
)
"""A trump's heavy frame and star, laid over its card."""


def card_svg(text_: str) -> str:
    """One card drawn, as a button shows it (``""``: not a card)."""
    try:
        card = Card.parse(text_)
    except Exception:  # not a card: the caller shows its text
        return ""
    label = card_label(card)
    drawing = Drawing(
        tuple(_card(card, 0, 0, False)), (0, 0, W, H), label, "card-drawing",
        {shape_id(card): card_shape(card)}, W * 1.4,
    )  # fmt: skip
    return drawing.svg()


def _caption(match: Match) -> str:
    deal = match.deal or (match.deals[-1] if match.deals else None)
    if deal is None:
        return ""
    words = [page_("Deal {number}").format(number=deal.number)]
    if deal.pitcher is not None and deal.bid is not None:
        words.append(
            page_("{pitcher} bid {bid}").format(
                pitcher=match.players[deal.pitcher], bid=page_(bid_text(deal.bid))
            )
        )
    trump = match.trump or deal.trump
    if trump is not None:
        words.append(
            page_("trump {symbol} {suit}").format(symbol=trump.symbol, suit=page_(trump.noun))
        )
    return " · ".join(words)


def trick_drawing(match: Match, hands: bool = False) -> Drawing | None:
    """The trick on the table (between tricks, the last one and who took it), trump marked,
    and with ``hands`` each player's cards when the deal's hands are known."""
    play = match.play
    if not match.started or play is None:
        return None
    trump = play.trump
    lying, taker = list(play.trick), None
    number = len(play.tricks) + 1
    if not lying and play.tricks:
        last = play.tricks[-1]
        lying, taker, number = list(last.plays), last.winner, last.number
    players = match.players
    body: list[str] = []
    said: list[str] = []
    shapes = {}
    caption = _caption(match)
    y = 4.0
    if caption:
        body.append(text(4, y + 14, caption))
        y += 24
    for i, (seat, card) in enumerate(lying):
        x = 4 + i * (W + GAP)
        body += _card(card, x, y, card.suit is trump)
        shapes[shape_id(card)] = card_shape(card)
        if card.suit is trump:
            shapes[TRUMP] = TRUMP_SHAPE
        name = players[seat]
        shown = name if len(name) <= 7 else name[:6] + "…"
        taken = seat == taker
        words = f"{shown} ✓" if taken else shown
        bold = "bold" if taken else "normal"
        body.append(text(x + W / 2, y + H + 13, words, size=11, weight=bold, anchor="middle"))
        said.append(f"{name} {card_name(card)}")
    if lying:
        y += H + 20
        body = [body[0], "".join(body[1:])] if caption else ["".join(body)]
    words = page_("Trick {number}: {cards}").format(number=number, cards=", ".join(said))
    if taker is not None:
        words += " — " + page_("{who} takes it").format(who=players[taker])
    label = ". ".join(part for part in (caption, words if lying else "") if part) + "."
    width = max(8 * (W + GAP), 4 + len(lying) * (W + GAP))
    rows: list[str] = []
    size = (0.0, 0.0)
    if hands and play.hands is not None and match.phase is not Phase.OVER:
        rows, bottom, held, used = _hands(match, play.hands, trump)
        shapes.update(used)
        size = (64 + 6 * (W * 0.55) + W, bottom)
        label += " " + held
    return Drawing(
        tuple(body), (0, 0, width, y + 4), label, "trick-drawing", shapes, 520, tuple(rows), size
    )


@lru_cache(maxsize=1024)
def _hand_row(seat: int, player: str, cards: tuple[Card, ...], trump: Suit | None) -> str:
    """One player's row of cards (the same string each time it is the same)."""
    y = seat * (H + 6)
    shown = player if len(player) <= 8 else player[:7] + "…"
    row = [text(4, y + H / 2, shown)]
    for i, card in enumerate(cards):
        row += _card(card, 64 + i * W * 0.55, y, card.suit is trump)
    return "".join(row)


def _hands(
    match: Match, hands: list[list[Card]], trump: Suit | None
) -> tuple[list[str], float, str, dict[str, str]]:
    rows: list[str] = []
    said: list[str] = []
    shapes: dict[str, str] = {}
    for seat, player in enumerate(match.players):
        cards = tuple(sorted(hands[seat]))
        rows.append(_hand_row(seat, player, cards, trump))  # one part a row
        shapes.update((shape_id(card), card_shape(card)) for card in cards)
        if any(card.suit is trump for card in cards):
            shapes[TRUMP] = TRUMP_SHAPE
        said.append(f"{player}: {' '.join(card_name(c) for c in cards) or '—'}.")
    return rows, len(match.players) * (H + 6), " ".join(said), shapes
