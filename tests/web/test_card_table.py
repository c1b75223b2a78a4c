"""The table page at a Racehorse table: a whole hidden match recorded by tapping (deal, the
auction's bids and passes, the card picker), with an undo, confirmed by every player; the
buttons are the engine's legal moves; a card the engine refuses is refused with its reason;
a retried POST records once; a stale page is told what changed; a table's link writes its
own table only; the wall display and the director's page show the deal and the nets."""

from __future__ import annotations

import html
import re
import uuid
from typing import Any

import pytest

from tests.web.conftest import CARD_DEALS, Night, a_card_match, retargeted
from tests.web.phone import Phone
from tourney.games.racehorse.cards import Card
from tourney.games.racehorse.drawing import card_name, card_svg
from tourney.games.racehorse.face import CardPlayed, DealStarted, Match, MatchStarted, units
from tourney.i18n import using
from tourney.web.language import COOKIE
from tourney.web.signing import Signer
from tourney.web.table_routes import move_value
from tourney.web.tokens import TableToken


def _buttons(page: str) -> list[str]:
    """The values of the enabled move buttons on a page."""
    return [
        html.unescape(value)
        for value, rest in re.findall(r'name="move" value="([^"]*)"([^>]*)>', page)
        if "disabled" not in rest
    ]


def _deal_and_bid(phone: Phone) -> None:
    """Deal 1; the first bidder bids 2, the others pass: the first seat's neighbour pitches."""
    phone.look()
    phone.tap("deal")
    phone.look()
    phone.tap("bid|2")
    for _ in range(4):
        phone.look()
        phone.tap("pass")
    phone.look()


def test_a_whole_match_by_tapping_with_an_undo_then_confirmed_by_each_player(
    card_night: Night,
) -> None:
    players = card_night.seats(1)
    events = a_card_match(players)
    phone = Phone(card_night.client, card_night.link(1))
    undone = False
    for number, event in enumerate(events):
        page = phone.look()
        move, _ = move_value(event, players)
        assert move in _buttons(page), (number, move)
        if isinstance(event, CardPlayed):
            assert 'id="picker"' in page and f"To play: {html.escape(event.player)}" in page
        phone.tap(move)
        if not undone and isinstance(event, CardPlayed) and number > 12:
            phone.look()
            phone.tap("undo")  # a wrong tap, taken back
            page = phone.look()
            assert "undone: " in page and 'class="undone"' in page
            assert move in _buttons(page)  # the card is free again
            phone.tap(move)
            undone = True
    assert undone
    page = phone.look()
    match = Match.replay([MatchStarted(players, players[0], CARD_DEALS), *events])
    assert match.finished
    assert 'id="result"' in page and "Result:" in page
    for name, net in zip(players, match.net, strict=True):
        row = re.search(rf'<tr data-player="{re.escape(html.escape(name))}"[^>]*>.*?</tr>', page)
        assert row is not None and f'<td class="num">{units(net)}</td></tr>' in row.group(0)
    for seat, name in enumerate(players):
        assert f"confirm|{seat}" in _buttons(page)
        phone.tap(f"confirm|{seat}")
        page = phone.look()
        assert f"✓ {html.escape(name)} confirmed" in page
    assert card_night.version(1) == 1 + len(events) + 2 + len(players)
    state = card_night.client.get(card_night.link(1) + "/state").json()
    assert state["finished"] is True and state["game"] == "racehorse"
    assert state["net"] == dict(zip(players, match.net, strict=True))
    assert state["confirmed"] == list(players)
    card_night.server.feed.step()
    board = card_night.server.feed.board
    assert 'data-table="1" data-status="finished"' in board, board
    # the wall says no sentence: each player's net units beside their name (short results)
    nets = " · ".join(
        f"{html.escape(n)} {net:+d}" for n, net in zip(players, match.net, strict=True)
    )
    assert nets in board, board


def test_the_buttons_are_the_engines_legal_moves_in_the_auction(card_night: Night) -> None:
    phone = Phone(card_night.client, card_night.link(1))
    page = phone.look()
    assert _buttons(page) == ["deal"]  # before the first deal: only dealing
    phone.tap("deal")
    page = phone.look()
    seats = card_night.seats(1)
    assert f"{html.escape(seats[0])} deals" in page
    assert _buttons(page) == ["bid|2", "bid|3", "bid|4", "bid|5", "pass", "undo"]
    phone.tap("bid|3")
    page = phone.look()
    assert _buttons(page) == ["bid|4", "bid|5", "pass", "undo"]
    for _ in range(3):
        phone.tap("pass")
        page = phone.look()
    # The dealer, last to speak, may steal (bid the same) or bid higher.
    assert _buttons(page) == ["bid|3", "bid|4", "bid|5", "pass", "undo"]
    spoken = zip(seats[1:], ("3", "pass", "pass", "pass"), strict=True)
    said = " · ".join(f"{html.escape(name)} {bid}" for name, bid in spoken)
    assert f'<span class="muted">Auction:</span> {said}</p>' in page
    for _ in range(4):
        phone.tap("undo")
        page = phone.look()
    assert 'id="auction"' not in page  # back to nobody having spoken
    for _ in range(4):
        phone.tap("pass")
        page = phone.look()
    # Everyone else passed: the dealer must bid 2 (no pass, no higher bid).
    assert _buttons(page) == ["bid|2", "undo"]
    refused = phone.tap("pass", expect=409)
    assert "must bid 2" in refused.text, refused.text


def test_a_card_played_this_deal_is_disabled_and_a_refused_card_shows_the_engines_reason(
    card_night: Night,
) -> None:
    players = card_night.seats(1)
    phone = Phone(card_night.client, card_night.link(1))
    _deal_and_bid(phone)
    pitcher = players[1]
    page = phone.look()
    assert f"To play: {html.escape(pitcher)}" in page
    assert "play|2H" in _buttons(page)
    # A trump lead answered with clubs by every other player: they hold no trump.
    for card in ("2H", "3C", "4C", "5C", "6C"):
        phone.tap(f"play|{card}")
        page = phone.look()
    assert 'value="play|2H" data-move="play 2H" aria-label="2 of hearts" disabled' in page
    assert "play|2H" not in _buttons(page)
    phone.tap("play|7H")  # the pitcher won the trick and leads again
    phone.look()
    refused = phone.tap("play|8H", expect=409)  # the next player showed no hearts
    (reason,) = re.findall(r'id="refusal">([^<]*)<', refused.text)
    assert html.unescape(reason).startswith(f"{players[2]} plays 8H, but earlier played 3C")
    assert "3C" in reason
    assert card_night.version(1) == 1 + 1 + 5 + 5 + 1


def test_a_retried_post_records_once(card_night: Night) -> None:
    phone = Phone(card_night.client, card_night.link(1))
    phone.look()
    phone.tap("deal")
    phone.look()
    cid = uuid.uuid4().hex
    first = phone.tap("bid|3", cid=cid)
    second = phone.tap("bid|3", cid=cid)  # the same page's tap sent again
    assert first.headers["location"] == second.headers["location"]
    assert card_night.version(1) == 3
    state = card_night.client.get(card_night.link(1) + "/state").json()
    assert state["auction"] == [{"player": card_night.seats(1)[1], "bid": 3}]


def test_a_stale_page_is_told_what_changed_and_shown_the_match_now(card_night: Night) -> None:
    ann = Phone(card_night.client, card_night.link(1))
    bo = Phone(card_night.client, card_night.link(1))
    ann.look()
    ann.tap("deal")
    ann.look()
    bo.look()
    ann.tap("bid|2")
    refused = bo.tap("bid|3", expect=409)
    assert "Another phone recorded at this table first" in refused.text
    assert f"{html.escape(card_night.seats(1)[1])} bid 2" in refused.text
    assert f'id="turn">To bid: {html.escape(card_night.seats(1)[2])}' in refused.text
    assert card_night.version(1) == 3


def test_a_json_answer_carries_the_card_tables_state(card_night: Night) -> None:
    phone = Phone(card_night.client, card_night.link(1))
    phone.look()
    answer = card_night.client.post(
        card_night.link(1),
        data={"move": "deal", "at": "1", "cid": uuid.uuid4().hex, "csrf": phone.csrf},
        headers={"Accept": "application/json"},
    )
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["recorded"] == [{"version": 2, "type": "deal_started"}]
    assert data["state"]["phase"] == "auction"
    assert data["state"]["to_move"] == card_night.seats(1)[1]


def test_a_token_for_table_2_cannot_write_table_3_at_a_card_table(card_night: Night) -> None:
    two = Phone(card_night.client, card_night.link(2))
    two.look()
    two.tap("deal")
    assert (card_night.version(2), card_night.version(3)) == (2, 1)
    edited = retargeted(card_night.link(2), "card-night", 3)
    assert card_night.client.get(edited).status_code == 403
    posted = card_night.client.post(
        edited,
        data={"move": "deal", "at": "1", "cid": uuid.uuid4().hex, "csrf": two.csrf},
    )
    assert posted.status_code == 403 and "not valid here" in posted.text
    other = TableToken("card-night", 1, 3, 0).sign(Signer(b"x" * 32))
    assert card_night.client.get(f"/t/{other}").status_code == 403
    assert card_night.version(3) == 1


def test_a_dominoes_button_is_refused_at_a_card_table(card_night: Night) -> None:
    phone = Phone(card_night.client, card_night.link(1))
    phone.look()
    refused = phone.tap("hand|0", expect=409)
    assert "'hand|0' is not a move at a Racehorse table" in html.unescape(refused.text)
    assert card_night.version(1) == 1


def test_the_wall_display_and_director_show_deal_n_of_m_and_net_units(
    card_night: Night,
) -> None:
    players = card_night.seats(1)
    events = a_card_match(players)
    deal_two = next(
        n for n, e in enumerate(events) if n and e.type == "deal_started"
    )  # the second deal's start
    phone = Phone(card_night.client, card_night.link(1))
    phone.look()
    for event in events[: deal_two + 2]:
        phone.record(event, players)
    match = Match.replay([MatchStarted(players, players[0], CARD_DEALS), *events[:deal_two]])
    card_night.server.feed.step()
    board = card_night.server.feed.board
    assert f'data-table="1" data-status="deal 2 of {CARD_DEALS}"' in board, board
    assert 'data-table="2" data-status="playing"' in board
    assert "Players · net units" in board and "Scores" not in board
    nets = " · ".join(
        f"{html.escape(name)} {units(net)}" for name, net in zip(players, match.net, strict=True)
    )
    assert nets in board
    card_night.sign_in()
    director = card_night.client.get("/director").text
    assert f'data-status="deal 2 of {CARD_DEALS}"' in director
    assert nets in director
    printed = card_night.client.get("/director/cards")  # the table cards, with QR codes
    assert printed.status_code == 200 and "<svg" in printed.text


def test_the_director_rules_on_a_card_table_with_a_box_for_every_seat(card_night: Night) -> None:
    card_night.sign_in()
    page = card_night.client.get("/director").text
    assert '<input type="checkbox" name="sides" value="5">' in page  # tables of 5
    assert "<span>net units:</span>" in page  # a box per player, beside the name (issue 23)
    csrf = card_night.csrf("/director")
    done = card_night.client.post(
        "/director/adjudicate",
        data={
            "match": "card-night-r1-t2",
            "scores": "4,4,-2,-3,-3",
            "sides": ["1", "2"],
            "reason": "scoresheet",
            "csrf": csrf,
        },
    )
    assert done.status_code == 200, done.text
    row = re.search(r'<tr data-table="2".*?</tr>', done.text, re.S)
    assert row is not None
    assert "shared win:" in row.group(0) and "[adjudicated: scoresheet]" in row.group(0)
    assert 'data-status="result"' in row.group(0)


def _first_deal(card_night: Night) -> tuple[Phone, list[Any]]:
    """Table 1's first deal recorded to its last card on the phone: the phone, and the
    events recorded."""
    players = card_night.seats(1)
    events = a_card_match(players)
    second = [n for n, e in enumerate(events) if isinstance(e, DealStarted)][1]
    phone = Phone(card_night.client, card_night.link(1))
    for event in events[:second]:
        phone.look()
        phone.tap(move_value(event, players)[0])
    return phone, events[:second]


def test_a_finished_deal_stays_on_the_page_until_the_next_deal_starts(
    card_night: Night,
) -> None:
    """The card that ends a deal completes its last trick: the page shows that trick, who
    took it and the deal's points and payments until the next deal is dealt (issue 25,
    defect 5: the finished hand vanished at once)."""
    players = card_night.seats(1)
    phone, first = _first_deal(card_night)
    page = phone.look()
    match = Match.replay([MatchStarted(players, players[0], CARD_DEALS), *first])
    winner = players[match.deals[-1].tricks[-1]]
    last = [e for e in first if isinstance(e, CardPlayed)][-len(players) :]
    trick = re.search(r'<p id="last-trick">(.*?)</p>', page)
    assert trick is not None, page
    shown = re.sub(r"<[^>]+>", "", html.unescape(trick.group(1)))
    assert shown.startswith(f"Trick {len(match.deals[-1].tricks)}: ")
    assert shown.endswith(f"— {winner} takes it")
    for played in last:
        assert f"{played.player} {played.card.rank_text}{played.card.suit.symbol}" in shown
    assert 'id="deal-over"' in page and "Deal 1:" in page
    phone.tap("deal")
    page = phone.look()
    assert 'id="last-trick"' not in page and 'id="deal-over"' not in page


@pytest.mark.parametrize(
    ("language", "faces", "queen"),
    [
        ("en", ["A", "K", "Q", "J"], "queen of hearts"),
        ("it", ["A", "R", "D", "F"], "donna di cuori"),
        ("ru", ["Т", "К", "Д", "В"], "дама, червы"),
    ],
)
def test_the_card_picker_and_drawing_show_the_readers_own_ranks(
    card_night: Night, language: str, faces: list[str], queen: str
) -> None:
    """Italian cards read A R D F, Russian Т К Д В, on the buttons, the drawn cards and their
    text equivalents; what a button records stays the record's notation (QH)."""
    card_night.client.cookies.set(COOKIE, language)
    phone = Phone(card_night.client, card_night.link(1))
    _deal_and_bid(phone)
    phone.tap("play|2H")
    page = phone.look()
    picker = page[page.index('id="picker"') :]
    hearts = re.findall(r'value="play\|(\w+)H"[^>]*>([^<]*)</button>', picker)
    assert [shown for code, shown in hearts[:4]] == faces
    assert [code for code, _shown in hearts[:4]] == ["A", "K", "Q", "J"]
    assert f'value="play|QH" data-move="play QH" aria-label="{queen}"' in html.unescape(picker)
    with using(language):
        drawn = card_svg("QH")
        assert f">{faces[2]}</text>" in drawn and queen in html.unescape(drawn)
        assert card_name(Card.parse("AS")) == f"{faces[0]}♠"


@pytest.mark.parametrize(("language", "queen"), [("en", "Q♥"), ("it", "D♥"), ("ru", "Д♥")])
def test_the_history_and_the_undo_name_a_card_as_the_picker_does(
    card_night: Night, language: str, queen: str
) -> None:
    """The lines under the moves and the undo button say the card in the reader's letters
    (Russian «Д♥», as the button that recorded it), not the English ``Q♥``."""
    card_night.client.cookies.set(COOKIE, language)
    phone = Phone(card_night.client, card_night.link(1))
    _deal_and_bid(phone)
    phone.tap("play|QH")
    shown = html.unescape(re.sub(r"<[^>]+>", "\n", phone.look()))
    players = card_night.seats(1)
    lines = [
        line
        for line in shown.splitlines()
        if re.search(r"\S♥", line) and any(p in line for p in players)
    ]
    assert len(lines) >= 3 and all(queen in line for line in lines), lines  # history, undo


@pytest.mark.parametrize(
    ("language", "points"),
    [
        ("ru", r"Старший козырь — .+ · Младший козырь — .+ · Валет — .+ · Игра — "),
        ("it", r"Alto a .+ · Basso a .+ · Fante a .+ · Gioco a "),
    ],
)
def test_a_finished_deals_points_read_as_the_language_says_them(
    card_night: Night, language: str, points: str
) -> None:
    """Who took each point, as a club says it ("Валет — никто", "Fante a nessuno"), not the
    English order of a point's name and a name side by side ("Валет никто")."""
    card_night.client.cookies.set(COOKIE, language)
    phone, _first = _first_deal(card_night)
    page = html.unescape(phone.look())
    over = page[page.index('id="deal-over"') :]
    assert re.search(points, re.sub(r"<[^>]+>", "", over)), over[:600]
