"""A tournament table's stream stays seated as the director paired it (found by the CLI state
machine, tests/scenarios/test_cli_state_machine.py): a scorer's `undo` took back the
table's `match_started`, `start` then seated anyone at the table (`start club-night-r1-t1
--players Mallory,Eve --target 1`), and the result policy could not post what that match
replayed to, so `verify` named a problem and the table's result was stuck."""

from __future__ import annotations

from tests.cli.conftest import Cli, refused
from tests.cli.test_store_integrity import night
from tourney.store.eventstore import EventStore, NewEvent

__all__ = ["night"]  # the fixture: a Swiss of 4 at tables of 2, round 1 paired


def test_a_scorer_cannot_undo_the_opening_of_a_tournament_table(night: Cli) -> None:
    cli = night
    message = "cannot undo v1 match_started: the director opened club-night-r1-t1"
    refused(cli, "undo", "T1", message=message)
    refused(cli, "undo", "club-night-r1-t1", "1", message=message)
    cli.ok("hand", "T1", "--opener", "Ann")  # the table plays on as paired
    assert cli.ok("verify").exit_code == 0


def test_a_table_whose_opening_was_undone_cannot_be_seated_again(night: Cli) -> None:
    """A stream left so by an older tourney: `start` does not seat other players there,
    and the director's opening can be put back."""
    cli = night
    with EventStore.from_url(cli.db) as store:
        store.append("match-CLUB-NIGHT-R1-T1", [NewEvent("undone", {"version": 1})], 1)
    cli.ok("show", "T1")  # the read models catch up with what was appended behind them
    refused(cli, "start", "club-night-r1-t1", "--players", "Mallory,Eve", "--target", "1",
            message="club-night-r1-t1 is a tournament table, opened by `tourney pair`")  # fmt: skip
    cli.ok("undo", "T1", "--redo")
    cli.ok("hand", "T1", "--opener", "Ann")


def test_an_ad_hoc_match_can_still_be_started_again(cli: Cli) -> None:
    """Undoing an ad-hoc match's start (names typed wrong) and starting it again is fine."""
    cli.ok("start", "K1", "--players", "Ann,Bo")
    cli.ok("undo", "K1")
    cli.ok("start", "K1", "--players", "Ann,Cy")
    assert "Ann, Cy" in cli.ok("show", "K1").stdout
