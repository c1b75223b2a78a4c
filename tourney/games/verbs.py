"""The games' public faces: what code outside `tourney.games` may use of one game beyond
the `Game` interface (its one-shot commands' notation, its bots and self-play), one module
per game, named after it.

Three one-shot commands are verbs of more than one game, `tourney start`, `pass` and
`deal`: each face has its game's (`Verbs`), which `verbs` finds for a match's game, so the
command never asks which game it is at. `tourney simulate` plays the games whose face has
a `Simulation`, through it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from tourney.games import DEFAULT_GAME, HORSE_RACE, RACEHORSE, Table

if TYPE_CHECKING:
    import random

    from tourney.games import Game, GameEvent

R = TypeVar("R", covariant=True)
"""What a desk says it appended (`tourney.scorer.desk.Recorded`)."""


class Desk(Table, Protocol[R]):
    """A scorer's desk at a table, as a game's one-shot verbs use it
    (`tourney.scorer.desk.Desk`)."""

    @property
    def game(self) -> Game: ...

    def check_started(self, game: str = "") -> None: ...

    def append_events(
        self, decide: Callable[[], Sequence[Any]], *, at: int | None = None,
        command_id: str | None = None,
    ) -> Sequence[R]: ...  # fmt: skip


class Verbs(Protocol):
    """A game's `tourney start`, `tourney pass` and `tourney deal`: ``pass`` and ``deal``
    append what they record at a table of it (at stream version ``at``) and return it; a
    refusal appends nothing."""

    def start_event(
        self,
        played: Game,
        names: tuple[str, ...],
        partnerships: bool,
        target: int | None,
        known: bool,
        deals: int | None,
        dealer: str | None,
    ) -> GameEvent:
        """The ``match_started`` of an ad-hoc match of ``played`` seating ``names``, checked
        (the options of another game refused)."""
        ...

    def pass_move(self, desk: Desk[R], player: str | None, at: int | None) -> Sequence[R]:
        """Pass (``player``: default whoever is to move)."""
        ...

    def deal_move(
        self,
        desk: Desk[R],
        opener: str | None,
        tiles: str | None,
        cards: str | None,
        seed: int | None,
        at: int | None,
    ) -> Sequence[R]:
        """Start the next hand or deal (``tiles``, ``cards``: a known one typed; ``seed``:
        shuffled)."""
        ...


_FACES = {HORSE_RACE: "tourney.games.faces.horserace", RACEHORSE: "tourney.games.faces.racehorse"}


def verbs(played: Game) -> Verbs:
    """The one-shot verbs of ``played``: its face's, loaded now. A game without a
    face (one a test registered) gets the default game's, which refuse its tables."""
    return cast("Verbs", import_module(_FACES.get(played.name, _FACES[DEFAULT_GAME])))


class Simulated(Protocol):
    """The matches `tourney simulate` played: their hands (or deals), each side's share of
    wins and total score, the seconds it took, and the last match."""

    @property
    def count(self) -> int: ...
    @property
    def wins(self) -> list[float]: ...
    @property
    def totals(self) -> list[int]: ...
    @property
    def seconds(self) -> float: ...
    @property
    def last(self) -> Any: ...


Played = tuple[list[Any], int, list[int], list[int], Any]
"""One match played: its events, hands (or deals), winning sides, scores, the match."""


class Simulation(Protocol):
    """A game's part of `tourney simulate`: bots play whole matches of it."""

    def seats(
        self, players: int | None, partnerships: bool, deals: int | None, target: int | None
    ) -> tuple[int, int]:
        """The players at the table and the sides that score, the options checked (a
        TourneyError for one the game does not take)."""
        ...

    def make_bot(self, name: str) -> Any:
        """The bot named ``name``; ValueError for an unknown name."""
        ...

    def play(
        self,
        players: int,
        partnerships: bool,
        deals: int | None,
        target: int | None,
        bots: Sequence[Any],
    ) -> Callable[[random.Random], Played]:
        """What plays one match, from its random generator."""
        ...

    def write_record(self, events: list[Any], out: Any) -> None:
        """A match's record of ``events``, one JSON line each, to the text file ``out``."""
        ...

    def summary(
        self, played: Simulated, matches: int, seed: int, bot_names: Sequence[str],
        out: str | None,
    ) -> tuple[dict[str, Any], list[str]]:  # fmt: skip
        """What was played: as one JSON object and as lines of text."""
        ...


def simulated() -> tuple[str, ...]:
    """The games `tourney simulate` plays: those with a face."""
    return tuple(_FACES)


def simulation(played: Game) -> Simulation:
    """``played``'s part of `tourney simulate` (one of `simulated`)."""
    return cast("Simulation", import_module(_FACES[played.name]).simulation)
