"""Notes recorded before notes were data (English sentences) are read back into codes and
values (`tourney.tournament.notes.old_notes`): every shape the old pairing code wrote, from
sentences that code wrote (old_notes.json: one of each shape it produced over the
tournament tests, and the shapes those tests did not reach, written by its f-strings),
reads back to a note that says the same in English -- or, where the English is now better
(a singular, a thousands separator), the pair [old, now] says what it reads now."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tourney.i18n import using
from tourney.tournament.events import PairedTable, RoundPaired
from tourney.tournament.notes.note_words import note_text, page_note
from tourney.tournament.notes.notes import RECORDED, is_recorded
from tourney.tournament.notes.old_notes import upcast
from tourney.tournament.records.groups import KnockoutSeeded, PoolsFormed

OLD = json.loads(Path(__file__).with_name("old_notes.json").read_text(encoding="utf-8"))
CASES = [(c, c) if isinstance(c, str) else (c[0], c[1]) for c in OLD]


@pytest.mark.parametrize(("old", "now"), CASES, ids=[old[:60] for old, _ in CASES])
def test_an_old_sentence_reads_back_as_its_code_and_says_the_same(old: str, now: str) -> None:
    said = upcast(old)
    assert not is_recorded(said), said
    with using("en"):
        assert note_text(said, str) == now
        assert page_note(said, str) == now


@pytest.mark.parametrize(("old", "now"), CASES[::7], ids=[old[:60] for old, _ in CASES[::7]])
@pytest.mark.parametrize("language", ["it", "ru"])
def test_an_old_sentence_reads_in_the_readers_language(old: str, now: str, language: str) -> None:
    with using(language):
        said = page_note(upcast(old), str)
    assert said != now and "{" not in said


def test_a_sentence_of_unknown_shape_stays_as_recorded_and_is_marked() -> None:
    said = upcast("a note a director typed in 2024")
    assert said.code == RECORDED and is_recorded(said)
    with using("ru"):
        assert page_note(said, str) == "a note a director typed in 2024"
    # One unknown clause keeps the whole explanation as recorded: never half translated.
    odd = "Ann (0) is the highest-ranked entrant not yet seated; joined by Bo (0); a new clause"
    assert is_recorded(upcast(odd))


def test_old_payloads_are_read_through_the_upcaster_and_never_written_again() -> None:
    old_table = {"number": 1, "seats": ["p1", "p2"], "match_id": "n-r1-t1", "why": CASES[0][0]}
    table = PairedTable.from_payload(old_table)
    assert table.why is not None and not is_recorded(table.why)
    assert isinstance(table.to_payload()["why"], dict)  # a note's code and values
    assert PairedTable.from_payload({**old_table, "why": ""}).why is None
    paired = RoundPaired.from_payload(
        {"round": 1, "tables": [old_table], "notes": ["round 1 paired again", "odd"]}
    )
    assert [n.code for n in paired.notes] == ["round.paired_again", RECORDED]
    assert RoundPaired.from_payload(paired.to_payload()) == paired
    formed = PoolsFormed.from_payload(
        {"pools": [["p1"]], "notes": ["2 pools by snake seeding over the seed order: pool A: Ann"]}
    )
    assert formed.notes[0].code == "groups.pools_formed"
    seeded = KnockoutSeeded.from_payload(
        {"advanced": [["p1"]], "order": ["p1"], "first_round": 3,
         "notes": ["pool A: Ann (1st, 3 pts) advance", "knockout seeds: 1. Ann (A1)"]}
    )  # fmt: skip
    assert [n.code for n in seeded.notes] == ["groups.advance", "groups.knockout_seeds"]
