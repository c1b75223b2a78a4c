"""The game interface's contract (`tourney.gamekit.Game`), one suite run against both games:
whatever the store-facing code asks of a game, each game answers the same way."""

from __future__ import annotations

import io
import random
from typing import Any, ClassVar

import pytest

from tourney.errors import TourneyError
from tourney.gamekit import Game, game, game_of, names
from tourney.gamekit.stored import HORSE_RACE, RACEHORSE


class GameContract:
    """Subclassed once per game; `played` is one whole self-played match's events."""

    name: ClassVar[str]
    players: ClassVar[tuple[str, ...]]

    def played(self, seed: int) -> list[Any]:
        raise NotImplementedError

    @pytest.fixture
    def the_game(self) -> Game:
        return game(self.name)

    def test_the_registry_finds_it_by_name_and_by_match_started(self, the_game: Game) -> None:
        events = self.played(1)
        kind, payload = the_game.payload(events[0])
        assert kind == "match_started"
        assert game_of(payload) is the_game and the_game.name in names()

    def test_payloads_read_back_to_the_same_events(self, the_game: Game) -> None:
        for event in self.played(2):
            kind, payload = the_game.payload(event)
            assert "type" not in payload
            assert the_game.event(kind, payload) == event

    def test_a_replayed_match_ends_with_a_result_per_side(self, the_game: Game) -> None:
        match = the_game.new_match()
        assert not match.started and not match.finished
        for event in self.played(3):
            assert not match.finished
            match.apply(event)
        assert match.finished and match.to_move is None
        result = the_game.result(match)
        sides = the_game.sides(match)
        assert len(result.scores) == len(sides) and result.winners
        assert sorted(p for side in sides for p in side) == sorted(self.players)
        best = max(result.scores)
        assert all(result.scores[w] == best for w in result.winners)

    def test_every_recorded_move_was_among_the_legal_moves(self, the_game: Game) -> None:
        match = the_game.new_match()
        events = self.played(4)
        match.apply(events[0])
        listed = 0
        for event in events[1:]:
            moves = the_game.legal_moves(match)
            if moves and self.lists(event):
                assert event in moves, (event, moves[:5])
                listed += 1
            match.apply(event)
        assert listed > 0  # a short match (Briscola's: first to 2 deals) lists only a few
        assert the_game.legal_moves(match) == []

    def lists(self, event: Any) -> bool:
        """Whether the game lists ``event`` among its legal moves (known hands)."""
        return True

    def test_an_illegal_event_is_refused_in_one_line_and_changes_nothing(
        self, the_game: Game
    ) -> None:
        match = the_game.new_match()
        events = self.played(5)
        match.apply(events[0])
        before = match.summary()
        with pytest.raises(TourneyError) as refused:
            match.apply(events[0])  # a second match_started
        assert "\n" not in str(refused.value) and str(refused.value)
        assert match.summary() == before

    def test_records_write_and_read_back(self, the_game: Game) -> None:
        events = self.played(6)
        out = io.StringIO()
        the_game.write_record(events, out)
        replayed = the_game.replay_lines(out.getvalue().splitlines(), keep_events=True)
        assert [e for _, e in replayed.events] == events
        match = the_game.new_match()
        for line, event in replayed.events:
            match.apply(event, line)
        assert the_game.summary_json(replayed.match) == the_game.summary_json(match)
        assert the_game.result(replayed.match) == the_game.result(match)
        assert any(line.strip() for line in the_game.account(events))

    def test_a_match_is_won_at_a_target_unless_played_for_net_units(self, the_game: Game) -> None:
        """No target: a game of net units, or one played in deals (``"deals": 2``: the
        highest score wins, Briscola's), never a game of points to a target."""
        target = the_game.target({"target": 61, "deals": 2, "table_size": len(self.players)})
        assert target is None or (isinstance(target, int) and target > 0)
        if the_game.display.net_units:
            assert target is None
        elif target is None:
            assert the_game.deals
            assert the_game.target({"target": 61, "deals": None}) is not None

    def test_a_table_starts_with_its_tournament_fields(self, the_game: Game) -> None:
        extra = {"tournament": "club", "match": "club-r1-t1", "round": 1, "table": 1}
        started = the_game.table_start(self.players, {"deals": 2, "target": 61}, extra)
        kind, payload = the_game.payload(started)
        assert kind == "match_started" and payload["match"] == "club-r1-t1"
        match = the_game.new_match()
        match.apply(started)
        assert match.players == self.players and match.started


class TestHorseRace(GameContract):
    name = HORSE_RACE
    players = ("Ann", "Bo", "Cy")

    def played(self, seed: int) -> list[Any]:
        from tourney.games.horserace.face import simulate_match

        return list(simulate_match(random.Random(seed), self.players).events)

    def lists(self, event: Any) -> bool:
        return event.type in ("tile_placed", "tile_drawn", "passed")


class TestRacehorse(GameContract):
    name = RACEHORSE
    players = ("Ann", "Bo", "Cy", "Di", "Ed")

    def played(self, seed: int) -> list[Any]:
        from tourney.games.racehorse.face import simulate_match

        return list(simulate_match(random.Random(seed), self.players, deals=3).events)

    def lists(self, event: Any) -> bool:
        return str(event.type) != "deal_started"  # a known deal names its hands


def test_an_unknown_game_is_refused_with_the_names() -> None:
    with pytest.raises(TourneyError, match="'chess' is not a game tourney plays: horse-race"):
        game_of({"game": "chess"})


@pytest.mark.parametrize(
    ("kind", "payload"),
    [
        ("tile_placed", {"player": "Ann", "tile": "6-6", "on": None, "note": "x"}),
        ("tile_placed", {"player": "Ann", "tile": "[5|3]"}),  # another notation: the slow path
        ("tile_drawn", {"player": "Bo"}),
        ("hand_started", {"opener": "Ann", "deal": {"Ann": ["1-2"], "Bo": ["3-4"]}}),
        ("hand_started", {"deal": {"Ann": ["2-1", "[5|3]", "66"], "Bo": []}}),  # slow path
        ("tile_placed", {"type": "passed", "player": "Bo"}),  # its own type wins, as ever
    ],
)
def test_a_stored_payload_reads_as_its_merged_record_line(
    kind: str, payload: dict[str, Any]
) -> None:
    """The domino game reads a payload without merging it into a record line first (a
    rebuild reads half a million): the same event as that line, extra fields kept."""
    from tourney.games.horserace.record import event_from_dict

    assert game(HORSE_RACE).event(kind, payload) == event_from_dict({"type": kind, **payload})


@pytest.mark.parametrize(
    ("kind", "payload", "message"),
    [
        ("tile_placed", {"player": "Ann", "tile": "7-7"}, "'tile'"),
        ("tile_placed", {"tile": "1-2"}, "'player' is missing"),
        ("hand_started", {"deal": {"Ann": ["1-2", "7-7"]}}, "'deal'"),
        ("hand_started", {"deal": {"Ann": ["1-2", 12]}}, "'deal'"),
        ("shuffled", {"player": "Ann"}, 'unknown event type "shuffled"'),
    ],
)
def test_a_bad_stored_payload_is_refused_as_its_record_line_is(
    kind: str, payload: dict[str, Any], message: str
) -> None:
    from tourney.games.horserace.record import event_from_dict

    with pytest.raises(TourneyError, match=message) as fast:
        game(HORSE_RACE).event(kind, payload)
    with pytest.raises(TourneyError) as merged:
        event_from_dict({"type": kind, **payload})
    assert str(fast.value) == str(merged.value)
