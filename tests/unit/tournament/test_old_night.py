"""A night recorded by a tourney from before notes were data (old_night.json: its events as
that tourney stored them, every note and why an English sentence) reads in Italian and
Russian with no English sentence left and nothing kept as recorded: accelerated rounds,
the bye's notes, the re-pairing's note, the king of the hill's last round."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tourney.i18n import using
from tourney.tournament.events import RoundPaired
from tourney.tournament.notes.note_sentences import SENTENCES
from tourney.tournament.notes.note_words import page_note
from tourney.tournament.notes.notes import Note, is_recorded
from tourney.tournament.round_events import RoundRemoved

OLD = json.loads(Path(__file__).with_name("old_night.json").read_text(encoding="utf-8"))


def _notes() -> list[Note]:
    found: list[Note] = []
    for event in OLD["events"]:
        if event["type"] == "round_paired":
            paired = RoundPaired.from_payload(event["payload"])
            found += [*paired.notes, *(t.why for t in paired.tables if t.why is not None)]
    return found


def test_every_old_note_reads_back_as_a_code() -> None:
    notes = _notes()
    assert len(notes) >= 4 * 5 + 4  # a why per table, a note per round at least
    assert not [n for n in notes if is_recorded(n)]
    codes = {n.code for n in notes}
    assert {"round.paired_again_because"} <= codes
    assert any(c.startswith("swiss.") for c in codes)


@pytest.mark.parametrize("language", ["it", "ru"])
def test_the_old_night_reads_in_the_readers_language(language: str) -> None:
    from tourney.tournament.format import find

    swiss = find("swiss")
    assert swiss is not None
    english = {
        word
        for sentence in [*SENTENCES.values(), *swiss.sentences.values()]
        for word in re.findall(r"[a-z]{4,}", re.sub(r"\{\w+\}", "", sentence.text))
    }
    with using(language):
        # the director's reason ("P12 left") is kept as typed
        said = [page_note(n, str).replace("P12 left", "") for n in _notes()]
    left = {w for line in said for w in re.findall(r"[a-z]{4,}", line)} & english
    assert not left, (left, said)


def test_the_old_removal_reads_as_a_re_pairing_with_the_directors_words() -> None:
    (removed,) = [
        RoundRemoved.from_payload(e["payload"])
        for e in OLD["events"]
        if e["type"] == "round_removed"
    ]
    assert removed.repaired and removed.reason == "P12 left"
