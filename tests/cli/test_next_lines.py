"""Issue 32 item 2: every "Next:" line the CLI prints works when followed.

An evening drives every command that prints one (a tournament and a series' night created,
a round paired, a draft made, a round removed, a forfeit and no-shows whose others play on
at tables of 2, 3 and 4 and between partnerships, a Racehorse table between deals, a
disputed result); each line is followed (`tests.next_steps`: placeholders filled with real
values, run on a copy of the database) and must succeed. Every "Next:" line in the source
goes through `tourney.cli.next_steps.next_line` (or is the Racehorse view's deal line), and
each of its call sites is seen here: a new suggestion is followed from the day it is
written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.cli.conftest import Cli
from tests.next_steps import commands_in, follow
from tourney.cli.app import app

SOURCE = Path(__file__).parents[2] / "tourney"


class Seen(Cli):
    """The CLI, each "Next:" line it prints followed at once (even one followed before in
    this session) and kept."""

    lines: list[str]

    def __init__(self, db: str) -> None:
        super().__init__(db)
        self.lines = []

    def __call__(self, *args: str) -> object:  # type: ignore[override]
        result = CliRunner().invoke(app, [*args, "--db", self.db])
        if result.exit_code == 0:
            self.lines += follow(self.db, result.stdout, again=True)
        return result


@pytest.fixture
def seen(db: str) -> Seen:
    return Seen(db)


def _players(cli: Seen, *names: str) -> None:
    for name in names:
        cli.ok("player", "add", name)


def test_every_next_line_of_an_evening_works_when_followed(seen: Seen) -> None:
    seen.ok("tournament", "create", "Night", "--table-size", "4", "--rounds", "3")
    _players(seen, "Ann Lee", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")  # tables of 4 and 3
    seen.ok("pair")
    seen.ok("director", "no-show", "T1", "Bo")  # a table of 4: Ann, Cy, Di play on
    seen.ok("director", "forfeit", "T2", "--sides", "1")  # a table of 3
    seen.ok("round", "remove", "1", "--reason", "wrong list", "--discard-results")
    seen.ok("draft", "make")
    seen.ok("draft", "publish")
    seen.ok("series", "create", "League")
    seen.ok("series", "add", "League")
    seen.ok("series", "next", "League", "Night 2")
    two = [line for line in seen.lines if "director result" in line]
    assert len(two) == 2 and all("--scores" in line for line in two)


def test_a_no_show_at_a_table_of_two_and_between_partnerships(seen: Seen) -> None:
    seen.ok("tournament", "create", "Pairs", "--table-size", "2", "--rounds", "2")
    _players(seen, "Ann", "Bo", "Cy", "Di")
    seen.ok("pair")
    before = len(seen.lines)
    seen.ok("director", "no-show", "T1", "Bo")  # one side left: it wins, nothing to enter
    assert len(seen.lines) == before
    seen.ok("tournament", "create", "Teams", "--table-size", "4", "--partnerships")
    _players(seen, "Ed", "Flo", "Gus", "Hal")
    seen.ok("player", "team", "Ed", "Flo")
    seen.ok("player", "team", "Gus", "Hal")
    seen.ok("pair", "-t", "Teams")
    seen.ok("director", "no-show", "T1", "Ed", "-t", "Teams")


def test_a_racehorse_table_between_deals(seen: Seen) -> None:
    seen.ok("tournament", "create", "Cards", "--game", "racehorse", "--table-size", "5",
            "--rounds", "1", "--deals", "2")  # fmt: skip
    _players(seen, "A1", "B2", "C3", "D4", "E5", "F6")
    seen.ok("pair")
    seen.ok("show", "cards-r1-t1")
    seen.ok("director", "no-show", "T1", "A1")
    assert any(line.startswith("Next: tourney deal ") for line in seen.lines)


def test_a_disputed_result(seen: Seen) -> None:
    from datetime import UTC, datetime

    from tourney.director.desk import DirectorDesk
    from tourney.store.eventstore import EventStore
    from tourney.tournament.results.conduct import decide_dispute

    seen.ok("tournament", "create", "Disputed", "--table-size", "2", "--rounds", "2")
    _players(seen, "Ann", "Bo")
    seen.ok("pair")
    seen.ok("director", "result", "T1", "--scores", "61,20")
    with EventStore.from_url(seen.db) as store:  # what a tap on the table's phone does
        desk = DirectorDesk(store)
        state = desk.load("disputed").state
        (match,) = state.matches.values()
        moment = datetime(2026, 12, 2, 21, 0, tzinfo=UTC)
        desk.execute("disputed", lambda s: decide_dispute(s, match.match_id, match.seats[1],
                                                         "20? 40", moment))  # fmt: skip
    before = len(seen.lines)
    seen.ok("disputes")  # uphold it, or enter the right result with --replace: both run
    assert len(seen.lines) == before + 1 and "--replace" in seen.lines[-1]


def test_every_next_line_in_the_source_is_one_these_tests_follow(seen: Seen) -> None:
    """The suggestions are made in one shape, and each kind is printed by the evenings
    above (so a new one cannot go unfollowed)."""
    test_every_next_line_of_an_evening_works_when_followed(seen)
    test_a_no_show_at_a_table_of_two_and_between_partnerships(seen)
    test_a_racehorse_table_between_deals(seen)
    test_a_disputed_result(seen)
    written = {
        path.relative_to(SOURCE).as_posix()
        for path in SOURCE.rglob("*.py")
        if '"Next:' in path.read_text(encoding="utf-8")
    }
    assert written == {"cli/next_steps.py", "games/racehorse/view.py"}, written
    kinds = set()
    for path in SOURCE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        kinds |= set(re.findall(r'next_line\(\s*_\("([^"]+)"\)', text))
        kinds |= set(re.findall(r'\(\s*_\("([^"]+)"\),\s*command\(', text))
    assert len(kinds) >= 7, kinds
    said = " ".join(seen.lines)
    assert all(f"{kind}: tourney " in said for kind in kinds), kinds - {
        k for k in kinds if f"{k}: tourney " in said
    }
    assert all(commands_in(line) for line in seen.lines)


@pytest.mark.parametrize(
    ("language", "gaps"),
    [
        ("it", {"NOME", "FILE", "GIOCATORE", "MOTIVO", "NOTA"}),
        ("ru", {"ИМЯ", "ФАЙЛ", "ИГРОК", "ПРИЧИНА", "ЗАМЕТКА"}),
    ],
)
def test_the_gaps_of_a_next_line_are_named_as_help_names_them(
    cli: Cli, language: str, gaps: set[str]
) -> None:
    """A placeholder is the value's metavar in the reader's language, as ``--help`` shows
    it (``player add ИМЯ``), never the English ``NAME``."""
    from datetime import UTC, datetime

    from tourney.director.desk import DirectorDesk
    from tourney.store.eventstore import EventStore
    from tourney.tournament.results.conduct import decide_dispute

    said = cli.ok("--lang", language, "tournament", "create", "Night", "--table-size", "2").stdout
    for name in ("Ann", "Bo", "Cy"):
        cli.ok("player", "add", name)
    said += cli.ok("--lang", language, "draft", "make").stdout
    cli.ok("draft", "publish")
    cli.ok("director", "result", "T1", "--scores", "61,20")
    with EventStore.from_url(cli.db) as store:  # what a tap on the table's phone does
        desk = DirectorDesk(store)
        state = desk.load("night").state
        match = next(m for m in state.matches.values() if m.outcome is not None)
        moment = datetime(2026, 12, 2, 21, 0, tzinfo=UTC)
        desk.execute("night", lambda s: decide_dispute(s, match.match_id, match.seats[1],
                                                      "20? 40", moment))  # fmt: skip
    said += cli.ok("--lang", language, "disputes").stdout
    words = set(re.findall(r"\b[A-ZА-ЯЁ]{3,}\b", said))  # words in capitals
    assert gaps <= words, said
    assert not {"NAME", "PLAYER", "REASON", "NOTE", "WHY"} & words, said
