"""The game interface: what the code outside a game's package asks of it (`Game`), and what
a game is handed back (a `Table`, a `Desk`). `tourney.gamekit.base.BaseGame` implements all of
it with defaults; a game overrides what differs."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from tourney.gamekit.event import GameEvent as GameEvent  # named here for the games
from tourney.gamekit.lazy import on_first_use
from tourney.gamekit.result import Result
from tourney.gamekit.table import GameMatch as GameMatch  # named here for the games
from tourney.gamekit.table import Table as Table

if TYPE_CHECKING:
    from pathlib import Path

    from tourney.gamekit.chances import WinChances
    from tourney.gamekit.drawing import Drawing
    from tourney.gamekit.verbs import Desk as Desk  # named here for the games
    from tourney.gamekit.verbs import Param, Simulation, Verb
    from tourney.gamekit.verbs import R as R

# A game's verbs' `Desk` (and its `R`), named here too, loaded with the verbs when asked
# for: a command that records no move never imports `verbs` (its named tuples, ~7 M
# instructions).
__getattr__ = on_first_use("tourney.gamekit", {"Desk": "verbs", "R": "verbs"}, __name__)

Payload = dict[str, Any]
"""A stored event's payload: its record line less ``type``, as JSON gives it."""

Upcaster = Callable[[Payload], Payload]
"""One step lifting an old stored payload to the next schema version."""


class Replayed(Protocol):
    """A record replayed: the match and, when kept, its events with their line numbers."""

    @property
    def match(self) -> GameMatch: ...
    @property
    def events(self) -> Sequence[tuple[int, GameEvent]]: ...


class Recorded(Protocol):
    """One event a scorer's desk appended: its stream version and type and, for a game
    event, the event and what the engine said of it (both None for a stream-only one)."""

    @property
    def version(self) -> int: ...
    @property
    def type(self) -> str: ...
    @property
    def event(self) -> GameEvent | None: ...
    @property
    def outcome(self) -> object: ...


Decide = Callable[[GameMatch], Sequence[GameEvent]]
"""What a line a scorer typed records: the events it decides against the match as it is
when called (called again when another scorer got in first)."""


class Console(Protocol):
    """What a scorer types at a table of a game, and what they are shown: the console of
    `tourney record`, and the text and JSON of `tourney show` and the one-shot commands."""

    @property
    def help(self) -> str:
        """The notation, shown by ``?``."""
        ...

    def prompt(self, table: Table) -> str: ...

    def complete(self, match: GameMatch, line: str) -> list[str]:
        """The words that complete the last word of ``line``, legal now."""
        ...

    def read(self, table: Table, line: str) -> str | Decide | None:
        """What ``line`` asks: None (an empty line), an action's name (``undo``, ``redo``,
        ``show``, ``help``, ``quit``), or what decides its events; TourneyError quoting a
        line that cannot be read."""
        ...

    def show(self, table: Table, console: bool = False) -> list[str]:
        """The whole table for a person (``console``: as the console shows it)."""
        ...

    def state(self, table: Table) -> dict[str, Any]:
        """The table as one JSON object (``--json``)."""
        ...

    def recorded(self, table: Table, item: Recorded) -> list[str]:
        """What one game event just recorded did (its ``event`` and ``outcome`` set)."""
        ...

    def recorded_dict(self, table: Table, item: Recorded) -> dict[str, Any]:
        """One appended event (a stream-only one too) for ``--json``."""
        ...

    def after(
        self, table: Table, recorded: Sequence[Recorded], said: Collection[str], console: bool
    ) -> list[str]:
        """The table's state after ``recorded`` (whose lines were ``said``), for the
        console or (``console`` false) a one-shot command."""
        ...


class Sheets(Protocol):
    """A game's scoresheets: the names of their templates (in `Game.templates`) and its part
    of their context. The fields every table's sheet has — heading, round, table, seats,
    sides, signers, result, hash — are the reports'."""

    @property
    def played_template(self) -> str:
        """The completed sheet of a match (its context: ``sheet``, ``heading``)."""
        ...

    @property
    def blank_template(self) -> str:
        """A round's blank sheets (its context: ``sheets``, ``name``, ``heading``)."""
        ...

    def blank(self, players: Sequence[str], settings: Mapping[str, Any]) -> dict[str, Any]:
        """The game's fields of a blank sheet for a table seating ``players``, under the
        tournament's game ``settings`` (``play_label`` replaces the heading's)."""
        ...

    def played(
        self,
        match: GameMatch,
        events: Sequence[tuple[int, GameEvent]] | None,
        settings: Mapping[str, Any],
    ) -> dict[str, Any]:
        """The game's fields of the completed sheet of ``match`` — ``finished`` and
        ``winners`` (the winning sides' names) among them — from its events in force with
        their stream versions (None: what the match alone tells). Raises
        `tourney.gamekit.errors.SheetError` when events and match disagree."""
        ...


class TablePage(Protocol):
    """The table page of `tourney serve` at a table of a game: its template (in
    `Game.templates`, extending ``web/_table.html``), the game's part of its context, and
    what its buttons' values record."""

    @property
    def template(self) -> str: ...

    def context(self, table: Table) -> dict[str, Any]:
        """What the page shows of the match beyond what every table page shows; ``game``
        (the game's registry name) among it."""
        ...

    def read(self, table: Table, move: str, ticked: Sequence[str]) -> Decide:
        """What the button value ``move`` (with the tiles or cards ``ticked``) records;
        `tourney.gamekit.errors.NotAMove` when it stands for no move."""
        ...

    def move_value(self, event: GameEvent, players: Sequence[str]) -> tuple[str, list[str]]:
        """The button value (and ticked values) that records ``event`` at a table seating
        ``players`` (NotAMove for another game's event): for scripts and tests."""
        ...

    def canonical(self, field: str) -> str:
        """One field of a button value (or one ticked value) as the game stores it, so two
        spellings of one move compare equal (a domino's ``5-3`` is its ``3-5``): how a
        retried submission is recognised as the move already recorded."""
        ...


class Display(Protocol):
    """How a game's tables are put in words outside its match: the pages' headings, the
    standings, the wall display's board."""

    @property
    def net_units(self) -> bool:
        """Whether a table's result is each player's net units (no scores column: the
        board shows each player's net beside their name, a result is typed per player)."""
        ...

    @property
    def table_sizes_text(self) -> str:
        """The table sizes a field may mix, after "tables of": ``"3 and of 4"``."""
        ...

    def play_label(self, settings: Mapping[str, Any]) -> str:
        """How a tournament's tables play, from its game ``settings`` (``table_size``,
        ``partnerships``, ``target``, ``deals``): ``"tables of 4, individual, first to
        61"``."""
        ...

    def length_text(self, settings: Mapping[str, Any]) -> str:
        """How long a match of a tournament lasts, for `tournament create` to say: ``"first
        to 61"``, ``"12 deals a match"``."""
        ...

    def progress_text(self, done: int, settings: Mapping[str, Any], seats: int) -> str:
        """Where a match under way stands on the board, ``done`` hands or deals in (the
        count of `Game.progress`): ``"hand 3"``, ``"deal 3 of 12"``."""
        ...

    def board(self, scores: Sequence[int], seats: Sequence[str]) -> tuple[str, str]:
        """A table's scores and players as the board shows them (``"61–40"``, ``"Ann ·
        Bo"``); ``scores`` empty before the match has any."""
        ...


class Game(Protocol):
    """One game tourney plays, as the code outside `tourney.games` sees it.

    Matches and events are the game's own (`new_match`, `event`); a game handed another
    game's match or event raises TypeError."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def help(self) -> str:
        """Its line in ``--game``'s help, English (empty: drawn from its name and title)."""
        ...

    @property
    def table_sizes(self) -> tuple[int, int]:
        """The fewest and the most players a table seats."""
        ...

    @property
    def first_to(self) -> int | None:
        """The score that wins a match when a tournament names none (``--target``); None:
        the tournament's stored default (61) or, for a game with no target, nothing."""
        ...

    @property
    def scored(self) -> str:
        """What a player's result at a table counts, in words: ``"game points"``,
        ``"net units"`` (the standings' column and tie-break)."""
        ...

    @property
    def partnerships(self) -> bool:
        """Whether a tournament may seat partnerships (and play a knockout); else each plays
        for themselves in Swiss or round robin."""
        ...

    @property
    def deals(self) -> bool:
        """Whether a match's length is a number of deals (``--deals``); else it is played
        to a target."""
        ...

    @property
    def scored_first(self) -> bool:
        """Whether what a player scores (`scored`) is the standings' first tie-break."""
        ...

    @property
    def upcasters(self) -> Mapping[tuple[str, int], Upcaster]:
        """How the store lifts this game's old payloads when it reads them: (event type,
        the schema version a step lifts from) -> the step (empty: never changed)."""
        ...

    @property
    def console(self) -> Console:
        """What a scorer types and sees at a table of this game."""
        ...

    @property
    def templates(self) -> Path:
        """The folder of the game's Jinja templates (its scoresheets, its table page), which
        the loader searches by name after tourney's own: each name is the game's alone."""
        ...

    @property
    def sheets(self) -> Sheets:
        """The scoresheets of a table of this game."""
        ...

    @property
    def page(self) -> TablePage:
        """The table page of a table of this game."""
        ...

    @property
    def display(self) -> Display:
        """How its tables are put in words on pages and the wall display."""
        ...

    def new_match(self) -> GameMatch:
        """A match before its ``match_started``: apply events to it (an illegal one raises a
        TourneyError with a one-line reason and changes nothing)."""
        ...

    def event(self, type_: str, payload: Mapping[str, Any]) -> GameEvent:
        """The event a stored payload (a record line less ``type``) stands for; a
        TourneyError quoting the field when malformed."""
        ...

    def payload(self, event: GameEvent) -> tuple[str, Payload]:
        """An event's type and stored payload: its record line less ``type``."""
        ...

    def legal_moves(self, match: GameMatch) -> Sequence[GameEvent]:
        """The events the engine accepts now (those it can list without hidden hands)."""
        ...

    def result(self, match: GameMatch) -> Result:
        """The result per side so far (``winners`` empty until the match is over)."""
        ...

    def sides(self, match: GameMatch) -> list[list[str]]:
        """The players of each side, in the order of `Result.scores`."""
        ...

    def progress(self, match: GameMatch) -> list[dict[str, Any]]:
        """The hands (Horse Race) or deals (Racehorse) so far, as the replay object has them."""
        ...

    def table_view(self, match: GameMatch) -> list[dict[str, Any]]:
        """What lies on the table: the domino layout, or the cards of the current trick."""
        ...

    def draw(self, match: GameMatch, hands: bool = False) -> Drawing | None:
        """What lies on the table drawn, with its text equivalent (the domino layout, the
        trick: `tourney.gamekit.drawing.Drawing`, made an inline SVG by its ``svg()``); with
        ``hands``, the hands as the record knows them too (the caller decides whether they
        may be seen). None: the game draws nothing, and pages show its words instead."""
        ...

    def draw_piece(self, text: str) -> str:
        """One piece drawn as a button shows it, named as the game's buttons and records
        name it (``"3-5"``, ``"QH"``); ``""`` for anything else, or a game that draws
        nothing."""
        ...

    def replay_lines(self, lines: Iterable[str], keep_events: bool = False) -> Replayed:
        """A whole record replayed with full checking (RecordError at the first bad line)."""
        ...

    def write_record(self, events: Iterable[GameEvent], out: TextIO) -> None:
        """A record of ``events``, one JSON line each."""
        ...

    def account(self, events: Iterable[GameEvent]) -> Iterator[str]:
        """The human-readable account of a match, line by line."""
        ...

    def describe(self, event: GameEvent, outcome: object) -> list[str]:
        """What ``event`` did (``outcome``: what the engine said of it, None when unknown),
        as lines of the account; a table page says a move it has no words of its own for
        in these (`tourney.web.words`)."""
        ...

    def summary_json(self, match: GameMatch) -> str:
        """The ``tourney replay --json`` object of a match, as one line of JSON."""
        ...

    def target(self, settings: Mapping[str, Any]) -> int | None:
        """The score a side must reach to win a match under a tournament's game
        ``settings`` (``target``...); None for a game played for net units, where the
        highest wins (`tourney.tournament.results.winners`)."""
        ...

    def table_start(
        self, players: Sequence[str], settings: Mapping[str, Any], extra: Mapping[str, Any]
    ) -> GameEvent:
        """The ``match_started`` a tournament table's stream opens with: ``players`` in
        seat order, the tournament's game ``settings``, and ``extra`` fields naming the
        tournament, match, round and table."""
        ...

    @property
    def start_options(self) -> Sequence[Param]:
        """The options of `tourney start` for an ad-hoc match of this game (``--target``,
        ``--deals``...): the CLI offers every installed game's and refuses, at a match of
        this game, one it does not declare."""
        ...

    def start_event(self, players: tuple[str, ...], options: Mapping[str, Any]) -> GameEvent:
        """The ``match_started`` of an ad-hoc match seating ``players``, with the values of
        its `start_options` given (absent: not given); a TourneyError naming what is wrong."""
        ...

    @property
    def verbs(self) -> Mapping[str, Verb]:
        """The one-shot commands that record a move at a table of this game, by command
        name (``place``, ``bid``...): the CLI mounts every installed game's."""
        ...

    @property
    def simulation(self) -> Simulation | None:
        """Its part of `tourney simulate` (bots playing whole matches); None: not simulated."""
        ...

    @property
    def chances(self) -> WinChances | None:
        """How its matches' live win chances are estimated (`tourney.gamekit.chances`: the
        unseen pieces dealt again within what the play proved, played out by its bots);
        None: its matches get no estimate."""
        ...
