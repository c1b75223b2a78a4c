"""`tourney replay` and `tourney simulate --game racehorse` on Racehorse records: the account,
--json, errors exactly as RECORD.md, records of both games mixed, seeded self-play."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.support import (
    FIXTURES,
    RACEHORSE_EXAMPLES,
    RACEHORSE_RECORDS,
    SHARED_RECORDS,
    require_shared,
    run_tourney,
    sample_expected,
    tourney_here,
)
from tourney.cli.app import app
from tourney.games.racehorse.record import replay_lines
from tourney.textfiles import read_lines

VALID = sorted((RACEHORSE_RECORDS / "valid").glob("*.jsonl"))
INVALID = sorted((RACEHORSE_RECORDS / "invalid").glob("*.jsonl"))


def example(code: str) -> Path:
    return next(RACEHORSE_EXAMPLES.glob(f"{code}-*.jsonl"))


def account(path: Path) -> list[str]:
    result = CliRunner().invoke(app, ["replay", str(path)], terminal_width=100)
    assert result.exit_code == 0, result.stderr
    return result.stdout.splitlines()


def test_every_valid_sample_replays_to_its_object_in_one_process() -> None:
    require_shared()
    done = run_tourney("replay", "--json", *map(str, VALID))
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    got = [json.loads(text) for text in done.stdout.splitlines()]
    assert [Path(g.pop("file")) for g in got] == VALID
    assert got == [sample_expected(p) for p in VALID]


def test_every_invalid_sample_fails_at_its_line_in_one_process() -> None:
    require_shared()
    done = run_tourney("replay", "--json", *map(str, INVALID))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    errors = [json.loads(text) for text in done.stdout.splitlines()]
    assert [Path(e["file"]) for e in errors] == INVALID
    for path, error, stderr in zip(INVALID, errors, done.stderr.splitlines(), strict=True):
        line = sample_expected(path)["error_line"]
        assert error["error"]["line"] == line
        assert stderr == f"{path}: line {line}: {error['error']['message']}"


def test_one_illegal_record_prints_one_line_and_the_error_object(tmp_path: Path) -> None:
    done = tourney_here("replay", str(example("E8")), "--json")
    assert done.returncode == 1
    message = "Cy holds clubs and must follow the clubs lead or play a trump, not 2D"
    assert done.stderr == f"line 30: {message}\n"
    assert json.loads(done.stdout) == {"error": {"line": 30, "message": message}}
    plain = tourney_here("replay", str(example("E8")))
    assert (plain.returncode, plain.stdout, plain.stderr) == (1, "", f"line 30: {message}\n")


def test_the_json_object_is_the_library_summary() -> None:
    path = example("E6")
    done = tourney_here("replay", str(path), "--json")
    assert done.returncode == 0
    assert done.stdout.count("\n") == 1
    assert json.loads(done.stdout) == replay_lines(read_lines(str(path))).match.summary()


def test_the_account_goes_deal_by_deal() -> None:
    lines = account(example("E1"))
    assert lines[0] == "Racehorse: Ann, Bo, Cy, Di, Ed — 1 deal, Ann deals first"
    assert "Deal 1 — Ann deals (known hands)" in lines
    assert "  Bo bids 2" in lines and "  Ann, the dealer, passes" in lines
    assert "  Bo is the pitcher at 2" in lines
    assert "  Bo leads AH: hearts are trump" in lines
    assert "  Trick 1: Bo AH, Cy 3H, Di 4H, Ed 2C, Ann 8H — Bo wins (value 4)" in lines
    assert "  Trick 6: Ed KC, Ann 6D, Bo 7S, Cy 10S, Di 8D — Ed wins (value 13)" in lines
    assert (
        "  Points: high Bo, low Bo, jack Di, game Ed — card values won: Ann 12, Bo 7, Di 8, Ed 17"
        in lines
    )
    assert "  Bo bid 2 and took 2 points: made" in lines
    assert "  Payments: Ann -2, Bo +8, Cy -2, Di -2, Ed -2" in lines
    assert lines[-1] == "Result: Bo wins — Ann -2, Bo +8, Cy -2, Di -2, Ed -2"


def test_the_account_names_ties_undealt_jacks_shared_wins_and_the_next_dealer() -> None:
    e6 = account(example("E6"))
    assert "jack nobody (not dealt)" in next(x for x in e6 if x.startswith("  Points:"))
    assert "  Cy bid smudge and took 3 points and 6 tricks: failed (upped)" in e6
    assert (
        e6[-1] == "Result: Ann, Bo, Di and Ed share the win — Ann +5, Bo +5, Cy -20, Di +5, Ed +5"
    )
    e7 = account(example("E7"))
    assert "game nobody (a tie at 14)" in next(x for x in e7 if x.startswith("  Points:"))
    e2 = account(example("E2"))
    assert "  Next dealer: Cy (on Di's right: Di was upped)" in e2
    assert "Deal 2 — Cy deals (hidden hands)" in e2
    assert e2[-1] == "Unfinished after 2 of 2 deals: Ann +3, Bo +3, Cy +3, Di -12, Ed +3"


def test_an_account_of_every_sample_shows_every_trick() -> None:
    require_shared()
    for path in VALID[:4]:
        match = replay_lines(read_lines(str(path))).match
        lines = account(path)
        assert sum(x.startswith("  Trick ") for x in lines) == 6 * len(match.deals)
        assert sum(x.startswith("Deal ") for x in lines) == len(match.deals)
        assert lines[-1].startswith("Result: ")


def test_records_of_both_games_replay_together() -> None:
    require_shared()
    domino = SHARED_RECORDS / "valid" / "0000.jsonl"
    cards = VALID[0]
    done = tourney_here("replay", "--json", str(domino), str(cards))
    assert done.returncode == 0, done.stderr
    first, second = (json.loads(x) for x in done.stdout.splitlines())
    assert first["file"] == str(domino) and "game" not in first and "sides" in first
    assert second["file"] == str(cards) and second["game"] == "racehorse"
    text = CliRunner().invoke(app, ["replay", str(domino), str(cards)]).stdout
    assert f"== {domino}" in text and f"== {cards}" in text
    assert "Hand 1 — " in text and "Deal 1 — " in text


def test_a_domino_record_is_still_read_as_one(tmp_path: Path) -> None:
    path = FIXTURES / "examples" / "D7-target-on-placement.jsonl"
    done = tourney_here("replay", str(path), "--json")
    assert done.returncode == 0
    assert "game" not in json.loads(done.stdout)
    record = tmp_path / "chess.jsonl"
    record.write_text(
        '{"type": "match_started", "game": "chess", "players": ["Ann", "Bo"]}\n', encoding="utf-8"
    )
    done = tourney_here("replay", str(record))
    assert done.returncode == 1
    assert done.stderr.startswith("line 1: 'game': \"chess\" is not a game tourney plays")


# -- simulate --------------------------------------------------------------------------------


def simulate(out: Path, *args: str) -> list[Path]:
    done = tourney_here("simulate", "--game", "racehorse", "--out", str(out), *args)
    assert done.returncode == 0, done.stderr
    return sorted(out.glob("*.jsonl"))


@pytest.mark.parametrize(
    "args",
    [("--players", "5"), ("--players", "6", "--bot", "greedy"), ("--players", "8", "--deals", "3")],
    ids=["5p", "6p-greedy", "8p-3-deals"],
)
def test_seeded_racehorse_records_are_byte_identical_and_replay(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    first = simulate(tmp_path / "a", "--matches", "3", "--seed", "11", *args)
    second = simulate(tmp_path / "b", "--matches", "3", "--seed", "11", *args)
    assert [p.name for p in first] == ["match-0001.jsonl", "match-0002.jsonl", "match-0003.jsonl"]
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]
    assert len({p.read_bytes() for p in first}) == 3
    done = tourney_here("replay", "--json", *map(str, first))
    assert done.returncode == 0, done.stderr
    summaries = [json.loads(x) for x in done.stdout.splitlines()]
    seats = int(args[1])
    deals = int(args[-1]) if "--deals" in args else 2 * seats
    for summary in summaries:
        assert summary["game"] == "racehorse" and summary["finished"] and summary["winners"]
        assert len(summary["players"]) == seats and len(summary["deals"]) == deals


def test_racehorse_summary_as_json() -> None:
    done = tourney_here(
        "simulate", "--game", "racehorse", "--players", "7", "--matches", "2", "--json"
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["game"], summary["matches"], summary["deals"]) == ("racehorse", 2, 28)
    assert [p["name"] for p in summary["players"]] == ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]
    assert sum(p["wins"] for p in summary["players"]) == pytest.approx(2)
    assert sum(p["average_net"] for p in summary["players"]) == pytest.approx(0)


@pytest.mark.parametrize(
    "args,message",
    [
        (("--game", "racehorse", "--players", "4"), "Racehorse seats 5 to 8 players, not 4"),
        (("--game", "racehorse", "--partnerships"), "--partnerships is for Horse Race"),
        (("--game", "racehorse", "--target", "30"), "--target is for Horse Race"),
        (("--game", "racehorse", "--bot", "clever"), "unknown bot 'clever'"),
        (("--game", "racehorse", "--bot", "random", "--bot", "greedy"), "--bot given 2 times"),
        (("--players", "6"), "Horse Race seats 2, 3 or 4 players, not 6"),
        (("--deals", "3"), "--deals is for Racehorse"),
    ],
)
def test_simulate_refusals_are_one_line_and_write_nothing(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    done = tourney_here("simulate", *args, "--out", str(tmp_path / "x"))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1 and message in done.stderr
    assert not (tmp_path / "x").exists()
