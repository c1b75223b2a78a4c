"""What a game adds to the `tourney` command, as plain data (a game imports no CLI library:
`tourney.cli.game_cmd` builds the commands from these): the options of `tourney start` for
its ad-hoc matches (`Game.start_options`), the one-shot commands that record its moves
(`Game.verbs`: ``place``, ``bid``...), and its part of `tourney simulate`
(`Game.simulation`).

A command several games name (``pass``, ``deal``) is one command offering every such game's
parameters; at a table it runs the table's game's verb, and refuses a parameter that verb
does not declare. Help texts are English; tourney's own games have theirs translated in
tourney's ``messages`` catalog, a game from another distribution is shown in English."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

from tourney.gamekit.table import Table

if TYPE_CHECKING:
    import random

    from tourney.limits import Bound


class Param(NamedTuple):
    """One argument or option of a command a game contributes (a named tuple, not a frozen
    dataclass: every game's verbs are built by each one-shot command that records a move,
    and a frozen dataclass costs ~3 M instructions to define on CPython 3.11)."""

    name: str
    """The key of its value in what the game's verb is handed (a Python identifier)."""
    help: str
    flag: str | None = None
    """``--deals``: an option; None: a positional argument."""
    kind: type = str
    """``str``, ``int``, or ``bool`` (an option that is on or off)."""
    many: bool = False
    """A positional argument that takes the rest of the words (a list)."""
    required: bool = False
    bound: Bound | None = None
    """The range an ``int`` must be in (`tourney.limits`): the parser refuses the rest."""
    metavar: str | None = None


PLAYER = Param(
    "player", "Who (default: the player to move); checked against the turn.", flag="--player"
)
"""The ``--player`` of a move."""


class Named(Protocol):
    """What a verb reads of its table's game: its registry name and title (a refusal's
    words). A small protocol, not `tourney.gamekit.protocol.Game`, whose `verbs` are these:
    the game's verbs and the game would import one another round a circle."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...


R = TypeVar("R", covariant=True)
"""What a desk says it appended (`tourney.scorer.desk.Recorded`)."""


class Desk(Table, Protocol[R]):
    """A scorer's desk at a table, as a game's verbs use it (`tourney.scorer.desk.Desk`)."""

    @property
    def game(self) -> Named: ...

    def check_started(self, game: str = "") -> None: ...

    def append_events(
        self, decide: Callable[[], Sequence[Any]], *, at: int | None = None,
        command_id: str | None = None,
    ) -> Sequence[R]: ...  # fmt: skip


Record = Callable[["Desk[Any]", Mapping[str, Any], "int | None"], Sequence[Any]]
"""A verb's action: at ``desk`` (the table, its game's), with the values given (an option
not given is absent), decided against stream version ``at`` (None: the head); returns what
the desk appended."""


class Verb(NamedTuple):
    """A one-shot command that records a move at a table of one game."""

    help: str
    """The command's help: a line saying what it does, then an example."""
    params: tuple[Param, ...]
    record: Record


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
