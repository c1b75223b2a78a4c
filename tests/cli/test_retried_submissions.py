"""A retried submission (the same command id) is answered with what its first attempt
recorded, before anything is decided: its first attempt has moved the match on, so deciding
it again would refuse it (a phone's double tap on "start the hand", issue 14)."""

from __future__ import annotations

from typing import Any, cast

from tests.cli.conftest import Cli
from tourney.games.horserace.commands import StartHand
from tourney.games.horserace.verbs import record as record_command
from tourney.scorer.desk import Desk


def test_a_retried_start_of_hand_returns_the_first_recording(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    desk = Desk.open(cli.db, "K3")
    first = record_command(desk, StartHand("Ann"), at=1, command_id="tap-1")
    again = record_command(desk, StartHand("Ann"), at=1, command_id="tap-1")
    assert [r.version for r in again] == [r.version for r in first] == [2]
    assert cli.version() == 2


def test_a_retried_undo_takes_back_one_event_only(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.ok("hand", "K3", "--opener", "Ann")
    cli.ok("place", "K3", "3-4")
    desk = Desk.open(cli.db, "K3")
    desk.undo(at=3, command_id="undo-1")
    desk.undo(at=3, command_id="undo-1")
    assert cli.version() == 4
    assert cast(Any, desk.match).layout.empty
    assert cast(Any, desk.match).hands  # the hand itself was not taken back too
