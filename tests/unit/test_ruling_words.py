"""Every ruling a closed table can record reads in the reader's words, at the console and on
the pages: a new ruling added to the director's desk without its words fails here."""

from tourney.director.desk import RULINGS
from tourney.scorer.desk import RULING_SAID
from tourney.streams.matches import ROUND_REMOVED, ROUND_REPAIRED
from tourney.tournament.state import RULING_TYPES
from tourney.web.words import RULING_WORDS


def test_every_ruling_a_table_records_has_its_words_at_the_console_and_on_the_pages() -> None:
    recorded = set(RULINGS.values()) | {ROUND_REMOVED, ROUND_REPAIRED}
    assert set(RULING_SAID) == recorded
    assert set(RULING_WORDS) == recorded


def test_a_table_is_closed_by_each_of_the_directors_results_named_by_its_type() -> None:
    """`RULINGS` is keyed by the events' types (their classes load with a stream's first
    ruling); `state.RULING_TYPES` is held to the classes by test_event_modules."""
    assert set(RULINGS) == RULING_TYPES
