"""The Racehorse record: RECORD.md's conventions applied to RACEHORSE.md §7's events, and a
writer whose output reads back and writes out byte for byte the same."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from tests.support import RACEHORSE_EXAMPLES
from tourney.errors import RecordError
from tourney.games.racehorse import (
    BidMade,
    Card,
    CardPlayed,
    DealStarted,
    Event,
    MatchStarted,
    Passed,
)
from tourney.games.racehorse.record import (
    format_line,
    is_racehorse_record,
    replay_lines,
    write_record,
)
from tourney.textfiles import read_lines

NOT_A_CARD = "is not a card (rank A K Q J 10 9 ... 2, or T for 10, then suit S H D C or ♠ ♥ ♦ ♣)"
NOT_A_BID = 'is not a bid (2, 3, 4, 5 or "smudge")'
START = {
    "type": "match_started", "version": 1, "game": "racehorse",
    "players": ["Ann", "Bo", "Cy", "Di", "Ed"], "dealer": "Ann", "deals": 1,
}  # fmt: skip


def line(**fields: Any) -> str:
    return json.dumps(fields, ensure_ascii=False)


def e1() -> list[str]:
    return read_lines(str(next(RACEHORSE_EXAMPLES.glob("E1-*.jsonl"))))


def fails(lines: list[str], at: int, reason: str) -> None:
    with pytest.raises(RecordError) as info:
        replay_lines(lines)
    assert (info.value.line, info.value.reason) == (at, reason)


def test_blank_and_comment_lines_are_skipped_but_counted() -> None:
    lines = e1()
    padded = ["# a Racehorse record", "", *lines[:2], "   ", "  # the auction", *lines[2:]]
    replayed = replay_lines(padded, keep_events=True)
    assert replayed.match.summary() == replay_lines(lines).match.summary()
    assert [n for n, _ in replayed.events][:4] == [3, 4, 7, 8]


def test_null_is_an_absent_optional_field() -> None:
    start = {**START, "version": None, "deals": None}
    lines = [json.dumps(start), line(type="deal_started", dealer=None, hands=None)]
    match = replay_lines(lines).match
    assert match.deal_count == 10 and not match.known


def test_extra_fields_are_kept_and_written_after_the_known_ones() -> None:
    lines = e1()
    lines[2] = '{"note": "loud", "type": "bid", "bid": 2, "player": "Bo", "at": "12:01"}'
    lines[7] = '{"type": "card_played", "by": "scorer 2", "player": "Bo", "card": "AH"}'
    events = [e for _, e in replay_lines(lines, keep_events=True).events]
    assert events[2] == BidMade("Bo", 2, {"note": "loud", "at": "12:01"})
    assert events[7] == CardPlayed("Bo", Card.parse("AH"), {"by": "scorer 2"})
    assert format_line(events[2]) == (
        '{"type": "bid", "player": "Bo", "bid": 2, "note": "loud", "at": "12:01"}'
    )
    assert format_line(events[7]) == (
        '{"type": "card_played", "player": "Bo", "card": "AH", "by": "scorer 2"}'
    )


@pytest.mark.parametrize("ten", ["TD", "10♦", "T♦"])
def test_every_card_notation_reads_and_writes_as_10D(ten: str) -> None:
    lines = e1()
    assert lines[1].count('"10D"') == lines[22].count('"10D"') == 1
    lines[1] = lines[1].replace('"10D"', f'"{ten}"').replace('"8H"', '"8♥"')
    lines[22] = lines[22].replace('"10D"', f'"{ten}"')
    replayed = replay_lines(lines, keep_events=True)
    assert replayed.match.summary() == replay_lines(e1()).match.summary()
    out = io.StringIO()
    write_record([e for _, e in replayed.events], out)
    assert out.getvalue().splitlines() == e1()


@pytest.mark.parametrize(
    "bid,reason",
    [
        (1, f"'bid': 1 {NOT_A_BID}"),
        (6, f"'bid': 6 {NOT_A_BID}"),
        (True, f"'bid': true {NOT_A_BID}"),
        ("5", '\'bid\': "5" is not a bid (2, 3, 4, 5 or "smudge")'),
        ("Smudge", '\'bid\': "Smudge" is not a bid (2, 3, 4, 5 or "smudge")'),
        (2.0, f"'bid': 2.0 {NOT_A_BID}"),
        (None, "'bid' is missing"),
    ],
)
def test_bids_are_the_integers_2_to_5_or_smudge(bid: object, reason: str) -> None:
    lines = e1()
    lines[2] = line(type="bid", player="Bo", bid=bid)
    fails(lines, 3, reason)


@pytest.mark.parametrize(
    "index,text,reason",
    [
        (7, line(type="card_played", player="Bo", card="ah"),
         f"'card': \"ah\" {NOT_A_CARD}"),
        (7, line(type="card_played", player="Bo"), "'card' is missing"),
        (7, line(type="card_played", player=5, card="AH"),
         "'player': 5 is not a player in this match"),
        (7, line(type="card_played", card="AH"), "'player' is missing"),
        (7, line(type="card_played", player="Zed", card="AH"),
         "'player': Zed is not a player in this match"),
        (7, "[1, 2]", "a record line must be a JSON object"),
        (7, line(player="Bo", card="AH"), "'type' is missing"),
        (7, line(type="trick_won", player="Bo"), 'unknown event type "trick_won"'),
        (7, '{"type": "card_played", "player": "Bo", "card": "AH"} x',
         "malformed JSON: Extra data"),
        (7, '{"type": "card_played", "player": "Bo", ',
         "malformed JSON: Expecting property name enclosed in double quotes"),
        (1, line(type="deal_started", hands=[]),
         "'hands': expected an object of player -> 6 cards"),
        (1, line(type="deal_started", hands={"Ann": "8H 9H"}),
         "'hands': Ann's cards must be a list of 6 cards"),
        (1, line(type="deal_started", hands={"Ann": ["8H", "1H"]}),
         f"'hands': \"1H\" {NOT_A_CARD}"),
        (1, line(type="deal_started", dealer=3), "'dealer': 3 is not a player in this match"),
        (0, line(**{**START, "game": "chess"}),
         "'game': \"chess\" is not a game tourney plays "
         '("racehorse", or no game for Horse Race)'),
        (0, line(**{k: v for k, v in START.items() if k != "dealer"}), "'dealer' is missing"),
        (0, line(**{**START, "players": "Ann Bo"}), "'players' must list 5 to 8 player names"),
        (0, line(**{**START, "deals": "2"}), "'deals': \"2\" is not a positive whole number"),
        (0, line(**{**START, "version": 2}), "unsupported record version 2"),
    ],
)  # fmt: skip
def test_malformed_lines_are_refused_at_their_line(index: int, text: str, reason: str) -> None:
    lines = e1()
    lines[index] = text
    fails(lines, index + 1, reason)


def test_python_json_reads_what_orjson_refuses() -> None:
    lines = e1()
    lines[3] = '{"type": "passed", "player": "Cy", "at": NaN}'
    lines[4] = '\x0c{"type": "passed", "player": "Di"}'
    assert replay_lines(lines).match.summary() == replay_lines(e1()).match.summary()


def test_a_record_without_match_started() -> None:
    lines = e1()
    fails([], 1, "no match_started in the record")
    fails(["", "# nothing"], 2, "no match_started in the record")
    fails(lines[1:], len(lines) - 1, "no match_started in the record")
    fails([lines[1], lines[0], *lines[2:]], 1, "deal_started before match_started")
    fails([*lines[:1], lines[0]], 2, "match_started appears twice: the match has already started")


def test_an_unfinished_record_replays_to_where_it_stands() -> None:
    summary = replay_lines(e1()[:10]).match.summary()
    assert summary["finished"] is False and summary["winners"] == []
    assert summary["deals"] == [
        {
            "number": 1, "dealer": 0, "pitcher": 1, "bid": 2, "trump": "H", "tricks": [],
            "points": {"high": None, "low": None, "jack": None, "game": None},
            "made": None, "payments": [0, 0, 0, 0, 0],
        }
    ]  # fmt: skip


def test_events_write_in_canonical_order_and_read_back() -> None:
    events: list[Event] = [
        MatchStarted(("Ann", "Bo", "Cy", "Di", "Ed"), "Bo", 3, {"at": "x"}),
        DealStarted("Bo"),
        Passed("Cy"),
        BidMade("Di", 5),
    ]
    text = "".join(f"{format_line(e)}\n" for e in events)
    assert text.splitlines()[0] == (
        '{"type": "match_started", "version": 1, "game": "racehorse", '
        '"players": ["Ann", "Bo", "Cy", "Di", "Ed"], "dealer": "Bo", "deals": 3, "at": "x"}'
    )
    assert text.splitlines()[3] == '{"type": "bid", "player": "Di", "bid": 5}'
    replayed = replay_lines(text.splitlines(), keep_events=True)
    assert [e for _, e in replayed.events] == events


def test_which_records_are_racehorse_ones() -> None:
    lines = e1()
    assert is_racehorse_record(lines)
    assert is_racehorse_record(lines[1:])  # no match_started: its events say so
    assert is_racehorse_record([line(**{**START, "game": "chess"})])  # refused by this reader
    domino = ['{"type": "match_started", "players": ["Ann", "Bo"]}', '{"type": "hand_started"}']
    assert not is_racehorse_record(domino)
    assert not is_racehorse_record(domino[1:])
    assert not is_racehorse_record([])
    assert not is_racehorse_record(['{"type": ["bid"]}', '{"type": {"a": 1}}', "[1]", "{"])
