"""`tourney pairings --why` says why each table was formed, and the round's notes, in the
reader's language: a Swiss round read in Italian has no English reason left; a round
paired by an older tourney (its notes recorded as English sentences) reads in Italian too,
except a sentence of a shape no longer known, printed as recorded and marked so. Old notes
change no pairing: the next round pairs as it would have."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.cli.conftest import Cli
from tests.unit.tournament.factory import words
from tourney.director.desk import DirectorDesk
from tourney.i18n import translations
from tourney.store.appends import NewEvent
from tourney.store.eventstore import EventStore
from tourney.tournament.events import RoundPaired
from tourney.tournament.format import find, names
from tourney.tournament.notes.note_sentences import SENTENCES
from tourney.tournament.seating.pairing import decide_pair_round
from tourney.tournament.state import TournamentState, evolve
from tourney.tournament.streams import tournament_stream

PLAYERS = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina")


def english_words() -> set[str]:
    """Words of the notes' English sentences that no Italian translation of them uses."""
    catalog = translations("it", "messages")
    sentences = list(SENTENCES.values())
    for name in names():
        fmt = find(name)
        sentences += list(fmt.sentences.values()) if fmt is not None else []
    english: set[str] = set()
    italian: set[str] = set()
    for sentence in sentences:
        english |= set(re.findall(r"[a-z]{3,}", re.sub(r"\{\w+\}", "", sentence.text)))
        italian |= set(re.findall(r"[a-z]{3,}", catalog.gettext(sentence.text)))
    return english - italian


def reasons(output: str) -> list[str]:
    """The why and note lines of `pairings --why` in Italian."""
    return [line for line in output.splitlines() if line.strip().startswith(("perché:", "nota:"))]


def _state(db: str) -> TournamentState:
    with EventStore.from_url(db) as store:
        director = DirectorDesk(store)
        return director.load(director.resolve(None)).state


def _created(tmp_path: Path) -> Cli:
    cli = Cli(str(tmp_path / "tourney.db"))
    cli.ok("tournament", "create", "Coppa", "--table-size", "2", "--rounds", "3")
    for name in PLAYERS:
        cli.ok("player", "add", name)
    return cli


def test_pairings_why_in_italian_has_no_english_reason(tmp_path: Path) -> None:
    cli = _created(tmp_path)
    cli.ok("pair")
    said = reasons(cli.ok("--lang", "it", "pairings", "--why").stdout)
    assert len(said) >= 4, said
    english = english_words()
    left = {w for line in said for w in re.findall(r"[a-z]{3,}", line)} & english
    assert not left, (left, said)
    assert any("riposo:" in line for line in said)  # the bye's note, in Italian


def _old_payload(state: TournamentState, paired: RoundPaired) -> dict[str, Any]:
    """`paired` as an older tourney stored it: every note and why an English sentence."""
    payload = paired.to_payload()
    payload["notes"] = [words(state, n) for n in paired.notes] + ["a note of an older shape"]
    for table, old in zip(payload["tables"], paired.tables, strict=True):
        table["why"] = words(state, old.why)
    return payload


def test_a_round_paired_by_an_older_tourney_reads_in_italian(tmp_path: Path) -> None:
    cli = _created(tmp_path)
    state = _state(cli.db)
    (paired,) = decide_pair_round(state)
    assert isinstance(paired, RoundPaired)
    with EventStore.from_url(cli.db) as store:
        stream = tournament_stream(state.created.slug)
        store.append(stream, [NewEvent("round_paired", _old_payload(state, paired))])
    said = reasons(cli.ok("--lang", "it", "pairings", "--why").stdout)
    marked = [line for line in said if "[come registrato]" in line]
    assert marked == ["  nota: a note of an older shape [come registrato]"], said
    english = english_words()
    left = {w for line in said if line not in marked for w in re.findall(r"[a-z]{3,}", line)}
    assert not left & english, (left & english, said)
    # The round as an older tourney recorded it pairs the next round as the same round
    # recorded today does: no pairing decision reads a note.
    old = _state(cli.db)
    assert old.rounds[0].notes != paired.notes
    today = evolve(state, paired)
    assert decide_pair_round(old, override=True) == decide_pair_round(today, override=True)


def test_a_table_closed_by_a_re_pairing_says_so_in_the_readers_words(tmp_path: Path) -> None:
    """A re-paired round's first tables refuse their scorers with the ruling in the
    reader's words and the director's reason as typed: not the English 're-paired' the
    removal once recorded in its reason, nor a code ('round removed')."""
    cli = _created(tmp_path)
    cli.ok("pair")
    first = _state(cli.db).rounds[0].tables[0]
    cli.ok("player", "withdraw", "Gina", "--reason", "left")
    cli.ok("round", "repair", "--reason", "Gina left")
    for lang, said in (
        ("en", "(round paired again: Gina left)"),
        ("it", "(turno abbinato di nuovo: Gina left)"),
        ("ru", "(жеребьёвка тура проведена заново: Gina left)"),
    ):
        refused = cli("--lang", lang, "hand", first.match_id, "--opener", first.seats[0])
        assert refused.exit_code != 0 and said in refused.output, refused.output
        assert "re-paired" not in refused.output and "round removed" not in refused.output
