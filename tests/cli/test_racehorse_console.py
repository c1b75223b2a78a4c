"""`tourney record` at a Racehorse table (issue 15): the console driven by scripted lines
in-process (whole matches of the shared samples), and on a real terminal (Tab completion,
undo, a refused card, Ctrl-D)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from io import StringIO
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.cli.terminal import TOURNEY, Terminal
from tests.support import RACEHORSE_RECORDS, SHARED, sample_expected
from tourney.cli.app import app
from tourney.gamekit import game
from tourney.games.racehorse.face import (
    BidMade,
    CardPlayed,
    DealStarted,
    Event,
    MatchStarted,
    Passed,
)
from tourney.scorer.console import Console
from tourney.scorer.desk import Desk
from tourney.store.eventstore import EventStore
from tourney.textfiles import read_lines

RACEHORSE = game("racehorse")
PROMPT = r"\nK1 [^\n]*> $"
RULED = {"version", "game", "players", "dealer", "deals", "hands", "player", "bid", "card"}


def record_events(path: Path) -> list[Event]:
    replayed = RACEHORSE.replay_lines(read_lines(str(path)), True).events
    return [event for _, event in replayed if isinstance(event, Event)]


def start(cli: Cli, first: MatchStarted) -> None:
    """An ad-hoc Racehorse match K1 seated as the record seats it."""
    deals = [] if first.deals is None else ["--deals", str(first.deals)]
    cli.ok("start", "K1", "--game", "racehorse", "--players", ",".join(first.players),
           "--dealer", first.dealer, *deals)  # fmt: skip


def typed(event: Event, n: int) -> str:
    """How a scorer types ``event``, varying the notation as people do."""
    if isinstance(event, DealStarted):
        return ("d", "deal")[n % 2]
    if isinstance(event, Passed):
        return ("p", "pass", "P")[n % 3]
    if isinstance(event, BidMade):
        word = ("smudge", "s")[n % 2] if event.bid == 5 else str(event.bid)
        return (f"b {word}", f"bid {word}", word if word != "s" else "smudge")[n % 3]
    assert isinstance(event, CardPlayed)
    text = event.card.text.replace("10", "t") if n % 5 == 1 else event.card.text
    return (text, text.lower(), f"play {text}", f"Play {text.lower()}")[n % 4]


def plain(event: Event) -> tuple[str, dict[str, object]]:
    """An event's record line, less a deal's optional dealer and the fields the rules ignore
    (``at``, ``note``: a sample's, which nobody types at the console)."""
    kind, payload = RACEHORSE.payload(event)
    if kind == "deal_started":
        payload.pop("dealer", None)
    return kind, {k: v for k, v in payload.items() if k in RULED}


def run_console(db: str, lines: list[str]) -> str:
    """The console over K1 reading ``lines``, as a person would type them; what it said."""
    out = StringIO()
    feed = iter(lines)

    def read(prompt: str) -> str:
        out.write(prompt)
        return next(feed)

    desk = Desk(EventStore.from_url(db), "K1")
    try:
        Console(desk, out=out, read=read).run()
    finally:
        desk.close()
    return out.getvalue()


@SHARED
@pytest.mark.parametrize("number", ["0001", "0011"])  # 5 players; 6 with a shared win
def test_a_whole_sample_match_typed_at_the_console(cli: Cli, tmp_path: Path, number: str) -> None:
    path = RACEHORSE_RECORDS / "valid" / f"{number}.jsonl"
    events = record_events(path)
    first = events[0]
    assert isinstance(first, MatchStarted)
    start(cli, first)
    lines: list[str] = []
    for n, event in enumerate(events[1:], 1):
        if n % 17 == 5:
            lines.append("zz" if n % 2 else "b 9")  # a typo: refused, nothing recorded
        lines.append(typed(event, n))
        if n % 29 == 7:
            lines += ["u", typed(event, n)]  # taken back and typed again
        if n % 41 == 3:
            lines += ["u", "redo"]  # taken back and put back
    lines += ["s", "?", "q"]
    said = run_console(cli.db, lines)
    assert "error: 'zz' is not a bid, a card or a command" in said
    assert "error: '9' is not a bid: 2, 3, 4 or smudge" in said
    assert said.count(": undid v") == said.count(": redid v") + len(range(7, len(events), 29))
    assert "Payments: " in said and "Tricks won: " in said and "Result: " in said
    assert "K1 over> " in said and "Left K1 at v" in said
    stored = Desk(EventStore.from_url(cli.db), "K1")
    try:
        kept = stored.events()
    finally:
        stored.close()
    # The same events; the console names each deal's dealer (the record may leave it out
    # after the first deal, and the engine checked each named one).
    assert [plain(e) for e in kept] == [plain(e) for e in events]
    assert all(e.dealer for e in kept if isinstance(e, DealStarted))
    exported = tmp_path / "k1.jsonl"
    cli.ok("export", "K1", "-o", str(exported))
    replayed = cli.runner.invoke(app, ["replay", str(exported), "--json"])
    assert replayed.exit_code == 0, replayed.stdout
    assert json.loads(replayed.stdout) == sample_expected(path)


def test_refusals_are_the_engines_one_line_and_record_nothing(cli: Cli) -> None:
    start(cli, MatchStarted(("Ann", "Bo", "Cy", "Di", "Ed"), "Ann", 1))
    said = run_console(
        cli.db,
        ["QH", "d", "d", "Ann 3", "b 2", "2", "p", "p", "p", "4", "smudge", "p", "QH", "qh",
         "AS", "u", "u", "redo", "q"],
    )  # fmt: skip
    assert "error: no deal has started: expected deal_started, not card_played" in said
    assert "v2: Deal 1 — Ann deals (hidden hands)" in said
    assert "error: deal_started before the current deal ended (the auction is not over)" in said
    assert "error: 'Ann 3': unexpected '3'" in said
    assert "v3: Bo bids 2" in said
    assert "error: Cy bids 2, not higher than Bo's 2" in said
    assert "Auction: Bo 2, Cy pass, Di pass, Ed pass" in said
    assert "v7: Ann, the dealer, bids 4" in said
    assert "Ann is the pitcher at 4" in said
    assert "error: the auction is over: Ann is the pitcher at 4" in said  # smudge, p refused
    assert "v8: Ann plays QH" in said and "Pitcher Ann bid 4, trump H" in said
    assert "error: QH was already played" in said
    assert "v9: Bo plays AS" in said
    assert "v10: undid v9 card_played Bo AS" in said and "v11: undid v8" in said
    assert "v12: redid v8 card_played Ann QH" in said
    assert said.endswith("Left K1 at v12: everything recorded is kept.\n")
    assert cli.version("K1") == 12


@pytest.fixture
def terminal(cli: Cli, tmp_path: Path) -> Iterator[Terminal]:
    start(cli, MatchStarted(("Ann", "Bo", "Cy", "Di", "Ed"), "Ann", 1))
    console = Terminal([TOURNEY, "record", "K1", "--db", cli.db], tmp_path)
    yield console
    console.close()


def test_on_a_real_terminal_with_tab_undo_a_refused_card_and_ctrl_d(
    cli: Cli, terminal: Terminal
) -> None:
    terminal.expect(PROMPT)
    terminal.send("de\t")  # between deals: Tab completes the deal
    terminal.expect("deal $")
    terminal.send("\r")
    assert "Deal 1 — Ann deals (hidden hands)" in terminal.expect(r"K1 Bo bids> $")
    terminal.send("\t\t")  # every bid legal now, and pass
    listed = terminal.expect(r"smudge\s")
    assert "pass" in listed and "2" in listed and "4" in listed
    terminal.send("b 3\r")
    terminal.expect(r"K1 Cy bids> $")
    terminal.send("b \t\t")  # only bids above Bo's 3
    listed = terminal.expect(r"smudge\s")
    assert "2" not in listed.split("b ", 1)[1] and "4" in listed
    terminal.send("\x15p\r")  # Ctrl-U clears the line
    for player in ("Di", "Ed", "Ann"):
        terminal.expect(rf"K1 {player} bids> $")
        terminal.send("p\r")
    assert "Bo is the pitcher at 3" in terminal.expect(r"K1 Bo plays> $")
    terminal.send("ah\t")  # lower case completes to the card as written
    terminal.expect("AH $")
    terminal.send("\r")
    assert "trump H" in terminal.expect(r"K1 Cy plays> $")
    terminal.send("play 10\t\t")  # the four tens
    listed = terminal.expect(r"(10[SHDC]\s+){4}")
    assert all(ten in listed for ten in ("10S", "10H", "10D", "10C"))
    terminal.send("\x15kh\r")
    terminal.expect(r"K1 Di plays> $")
    terminal.send("u\r")
    assert "v10: undid v9 card_played Cy KH" in terminal.expect(r"K1 Cy plays> $")
    terminal.send("AH\r")  # already played: refused, nothing recorded
    assert "error: AH was already played" in terminal.expect(r"K1 Cy plays> $")
    terminal.send("th\r")
    terminal.expect(r"K1 Di plays> $")
    terminal.send("\x04")
    assert terminal.wait() == 0
    assert "Left K1 at v11: everything recorded is kept." in terminal.text
    state = json.loads(cli.ok("show", "K1", "--json").stdout)
    assert state["trick"] == [{"player": "Bo", "card": "AH"}, {"player": "Cy", "card": "10H"}]
    assert state["pitcher"] == "Bo" and state["bid"] == 3 and state["to_move"] == "Di"
    assert cli.version("K1") == 11
