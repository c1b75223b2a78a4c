"""A match and its table, as a game's engine keeps the one and a scorer's desk shows the
other: the lowest of the game interface's protocols (`tourney.gamekit.protocol` names them
for the games), below both the `Game` and its verbs (`tourney.gamekit.verbs.Desk` is a
`Table`), so that neither imports the other round a circle."""

from __future__ import annotations

from typing import Any, Protocol

from tourney.gamekit.event import GameEvent


class GameMatch(Protocol):
    """A match being replayed: the state every game's engine keeps. Each game's own
    `Game` is handed only the matches and events it made (`new_match`, `event`)."""

    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def started(self) -> bool: ...
    @property
    def finished(self) -> bool: ...
    @property
    def to_move(self) -> str | None: ...
    def copy(self) -> GameMatch:
        """An independent copy (a trial of events that may be refused)."""
        ...

    def apply(self, event: GameEvent, line: int | None = None) -> object:
        """Check ``event`` against the rules and apply it: a TourneyError with a one-line
        reason, and the match unchanged, when it is illegal."""
        ...

    def summary(self) -> dict[str, Any]:
        """The match as the replay object has it (JSON)."""
        ...


class Table(Protocol):
    """A match stream at a scorer's desk, as a game's console and views read it."""

    @property
    def id(self) -> str: ...
    @property
    def stream(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def head_hash(self) -> str | None: ...
    @property
    def known_hands(self) -> bool: ...
    @property
    def match(self) -> GameMatch: ...
    def payload(self, version: int) -> dict[str, Any]:
        """The stored payload of the event at stream ``version``."""
        ...

    def since(self, type_: str) -> list[GameEvent]:
        """The match events in force after the newest ``type_`` event (after the
        ``match_started`` when there is none), oldest first."""
        ...
