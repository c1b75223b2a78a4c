"""What a pairing records with its events (a table's reason, a round's notes) is data, a
code and its values, whatever language the director reads (a director's page in Italian
pairs the round as the CLI does): its words come when it is read, in the reader's
language, as the bracket's slot notes and round names computed for a page do."""

from __future__ import annotations

from pathlib import Path

from tests.cli.conftest import Cli
from tests.unit.tournament.factory import words
from tourney.director.desk import DirectorDesk
from tourney.i18n import using
from tourney.reports.double_bracket import double_bracket_view
from tourney.store.eventstore import EventStore
from tourney.tournament.events import RoundPaired
from tourney.tournament.seating.next_round import decide_next_round
from tourney.tournament.state import TournamentState, evolve


def _state(db: str) -> TournamentState:
    with EventStore.from_url(db) as store:
        director = DirectorDesk(store)
        return director.load(director.resolve(None)).state


def test_a_round_paired_in_italian_records_codes_and_its_page_reads_italian(
    tmp_path: Path,
) -> None:
    cli = Cli(str(tmp_path / "tourney.db"))
    cli.ok("tournament", "create", "Coppa", "--format", "double_elimination", "--table-size", "2")
    for name in ("Ann", "Bo", "Cy", "Di", "Ed"):
        cli.ok("player", "add", name)
    state = _state(cli.db)
    with using("it"):
        events = decide_next_round(state)
    paired = next(e for e in events if isinstance(e, RoundPaired))
    assert paired.notes[0].code == "double_elimination.bye"  # data, not words
    assert words(state, paired.notes[0]) == "Ann advances on a bye in the winners' bracket"
    whys = [words(state, t.why) for t in paired.tables]
    assert whys and all(w.startswith("winners' bracket, winners' round 1") for w in whys), whys
    for event in events:
        state = evolve(state, event)
    with using("it"):
        view = double_bracket_view(state)
    section = view.sections[0]
    assert section.title == "Tabellone dei vincenti"
    assert section.columns[0].name == "turno 1 del tabellone dei vincenti"
    assert section.columns[0].slots[0].note == "Ann passa il turno per riposo"
