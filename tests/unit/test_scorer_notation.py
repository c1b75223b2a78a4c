"""The console's notation and decisions, without a database: every event of whole matches
written in the notation, read back and decided, gives the same event; completion offers
only what is legal."""

from __future__ import annotations

import pytest

from tests.factories.tablesim import hidden_match, known_match
from tourney.games.horserace import HandStarted, Match, MatchStarted, Tile, TilePlaced
from tourney.games.horserace.commands import (
    Action,
    Draw,
    Pass,
    Place,
    Reveal,
    StartHand,
    complete,
    decide,
    notation,
    parse,
    placeable_tiles,
)
from tourney.games.horserace.errors import RuleError


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("players", [2, 4])
def test_notation_reads_back_to_the_same_events(seed: int, players: int) -> None:
    events = hidden_match(seed, players, target=41)
    match = Match()
    match.apply(events[0])
    for event in events[1:]:
        command = parse(notation(event), match)
        assert command is not None and not isinstance(command, Action)
        assert decide(match, command) == [event]
        match.apply(event)
    assert match.finished


def test_a_target_left_out_is_found_when_only_one_tile_takes_it() -> None:
    match = Match()
    for event in known_match(3)[:2]:
        match.apply(event)
    first = next(match.legal_placements())
    match.apply(TilePlaced(match.to_move or "", *first))
    for tile, on in match.legal_placements():
        targets = [o for t, o in match.legal_placements() if t is tile]
        if len(targets) == 1:
            assert decide(match, Place(tile)) == [TilePlaced(match.to_move or "", tile, on)]
        else:
            with pytest.raises(RuleError, match=f"{tile} fits on .* say which"):
                decide(match, Place(tile))


def test_completion_offers_the_legal_tiles_and_targets() -> None:
    match = Match()
    match.apply(MatchStarted(("Ann", "Bo")))
    match.apply(HandStarted("Ann"))
    assert complete(match, "") == [t.text for t in placeable_tiles(match)]
    assert len(complete(match, "")) == 28
    match.apply(TilePlaced("Ann", Tile.parse("5-5")))
    assert complete(match, "5") == ["5-0", "5-1", "5-2", "5-3", "5-4", "5-6"]
    assert complete(match, "53") == ["53"]
    assert complete(match, "53 o") == ["on"]
    assert complete(match, "53 ") == ["5-5"]
    assert complete(match, "53 on ") == ["5-5"]
    assert complete(match, "53 on 6") == []
    drawable = complete(match, "d ")  # hidden hand: any tile not on the table
    assert len(drawable) == 27 and "5-5" not in drawable
    assert complete(match, "h ") == ["Ann", "Bo"] and complete(match, "r b") == []


PLAYERS = ("Zoë Park", "Zoe Parkinson", "Bo Lee", "Ann")


def _completed(line: str, word: str) -> str:
    """``line`` with its last word replaced by ``word``, as readline does (delimiter: space)."""
    return line[: line.rfind(" ") + 1] + word


@pytest.mark.parametrize(
    "typed",
    ["h ", "h Zo", "h zoë p", "h Zoë Park", 'h "Zo', "h B", "h bo l", "h ann", 'h "zoe parki'],
)
def test_every_name_completion_is_a_line_the_parser_accepts(typed: str) -> None:
    """Issue 12 item 7: ``h Zo`` completed to ``h Zoë Park`` was refused ("a hand names at
    most its opener")."""
    match = Match()
    match.apply(MatchStarted(PLAYERS))
    offered = complete(match, typed)
    assert offered
    for word in offered:
        command = parse(_completed(typed, word), match)
        assert isinstance(command, StartHand) and command.opener is not None
        (event,) = decide(match, command)
        assert isinstance(event, HandStarted) and event.opener in PLAYERS


def test_a_name_completes_a_word_at_a_time_and_quoted_or_not_names_one_player() -> None:
    match = Match()
    match.apply(MatchStarted(PLAYERS))
    assert complete(match, "h Zo") == ["Zoë Park", "Zoe Parkinson"]
    assert complete(match, "h Zoë P") == ["Park", "Parkinson"]
    assert complete(match, 'h "Bo') == ['"Bo Lee"']
    for line in ("h Bo Lee", 'h "Bo Lee"', "h 'bo lee'", "h  bo   lee "):
        assert parse(line, match) == StartHand("Bo Lee" if "B" in line else "bo lee")
    assert parse("r Zoë Park 1-2 3-4", match) == Reveal(
        "Zoë Park", (Tile.parse("1-2"), Tile.parse("3-4"))
    )


def test_a_command_equals_only_a_command_of_its_own_kind() -> None:
    # named tuples underneath: as plain tuples Draw() and Pass() would both be (None, None)
    # and a test of the reader could not tell a draw from a pass
    assert Draw() != Pass()
    assert (Draw() == Pass()) is False
    assert Draw(None, "Bo") != Pass("Bo")
    assert StartHand() != Draw() and Draw() == Draw()
    assert (Draw() != Draw()) is False
    assert len({Draw(), Pass(), Draw()}) == 2
