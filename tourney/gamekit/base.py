"""`BaseGame`: the whole `Game` interface with defaults, so that a game writes its rules, its
record and its words, and overrides only what differs (python-chess's variants are the
model: a complete `Board`, a variant overrides a few methods).

What a game must write: its ``name``, ``title`` and ``table_sizes``, its move events
(frozen dataclasses with a ``type`` class attribute, listed in ``moves``), ``new_match`` (a
`GameMatch`), ``legal_moves`` and ``result``. Everything else has a default:

- the record: payloads are the events' fields (a ``match_started`` is `Started`: the
  players, and the fields a tournament adds), replayed and written one JSON line each;
- the words: a move is typed and tapped as its ``notation`` (default: its fields' values),
  and put in words by ``describe`` (an account line), the match's state by ``status``;
- the console, the scoresheets, the table page and the board's words (`tourney.gamekit.shown`)
  are built from those; their templates are tourney's own generic ones;
- no partnerships, no upcasters, no one-shot commands beyond those every game has, no
  `tourney simulate`, no live win chances, the winner is the side that reaches
  ``first_to`` (None: the highest).
"""

from __future__ import annotations

import dataclasses
import inspect
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TextIO

from tourney.errors import RecordError, TourneyError, quote
from tourney.i18n import _, page_mark

if TYPE_CHECKING:
    from tourney.gamekit.chances import WinChances
    from tourney.gamekit.drawing import Drawing
    from tourney.gamekit.protocol import (
        Console,
        Display,
        GameEvent,
        GameMatch,
        Sheets,
        TablePage,
        Upcaster,
    )
    from tourney.gamekit.protocol import Replayed as ReplayedRecord
    from tourney.gamekit.result import Result
    from tourney.gamekit.verbs import Param, Simulation, Verb


@dataclass(frozen=True)
class Started:
    """A ``match_started`` of a game whose match takes only its players; ``extra`` holds
    what a tournament table adds (tournament, match, round, table)."""

    type: ClassVar[str] = "match_started"
    players: tuple[str, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)


class Replayed(NamedTuple):
    """A record replayed: the match and, when kept, its events with their line numbers."""

    match: Any
    events: list[tuple[int, GameEvent]]


_KINDS = {"int": int, "str": str, "bool": bool}


class BaseGame:
    """A complete game, every member of `tourney.gamekit.protocol.Game` defaulted."""

    name: str
    title: str
    table_sizes: tuple[int, int]
    moves: tuple[type, ...] = ()
    """The game's events besides its ``match_started`` (dataclasses with a ``type``)."""
    first_to: int | None = None
    """The score that wins a match (None: the highest score when the match ends)."""
    scored = page_mark("game points")
    help = ""
    """One line for ``--game``'s help, English, starting with ``<name>: `` (tourney's own
    games mark it `N_`); empty: its name, title and table sizes (`tourney.cli.game_help`)."""
    partnerships = False
    deals = False
    scored_first = False
    upcasters: Mapping[tuple[str, int], Upcaster] = {}
    sheet_templates = ("game_sheet.html", "game_scoresheets.html")
    """The completed and the blank scoresheets' templates (`tourney.gamekit.shown`)."""
    page_template = "web/game_table.html"
    """The table page's template (extends ``web/_table.html``)."""

    @property
    def start_options(self) -> Sequence[Param]:
        """None: an ad-hoc match takes only its players."""
        return ()

    @property
    def verbs(self) -> Mapping[str, Verb]:
        """None: its moves are recorded at the console (`tourney record`) and the phones."""
        return {}

    @property
    def simulation(self) -> Simulation | None:
        return None

    @property
    def chances(self) -> WinChances | None:
        """None: no live win chances (a game writes its determinization to have them)."""
        return None

    # -- what a game must write ----------------------------------------------------------

    def new_match(self) -> GameMatch:
        raise NotImplementedError

    def legal_moves(self, match: GameMatch) -> Sequence[GameEvent]:
        raise NotImplementedError

    def result(self, match: GameMatch) -> Result:
        raise NotImplementedError

    # -- its words (override to say more) ------------------------------------------------

    def notation(self, event: GameEvent) -> str:
        """How ``event`` is typed at the console and named on the table page's button."""
        return " ".join(str(value) for value in self._fields(event).values())

    def describe(self, event: GameEvent, outcome: object) -> list[str]:
        """What ``event`` did (``outcome``: what the engine said), for the account."""
        return [f"{event.type} {self.notation(event)}"]

    def status(self, match: GameMatch) -> list[str]:
        """The match as it stands: each side's score, then who is to move or who won."""
        result = self.result(match)
        sides = [" & ".join(side) for side in self.sides(match)]
        scores = ", ".join(f"{s} {n}" for s, n in zip(sides, result.scores, strict=False))
        if match.finished:
            won = " & ".join(sides[w] for w in result.winners)
            return [_("Scores: {scores}").format(scores=scores), _("{won} won").format(won=won)]
        lines = [_("Scores: {scores}").format(scores=scores)]
        if match.to_move is not None:  # between deals (or before the first) nobody is
            lines.append(_("To move: {player}").format(player=match.to_move))
        return lines

    # -- what it shows: tourney's generic console, sheets, page and words ----------------

    @cached_property
    def console(self) -> Console:
        from tourney.gamekit.shown import BaseConsole

        return BaseConsole(self)

    @cached_property
    def sheets(self) -> Sheets:
        from tourney.gamekit.shown import BaseSheets

        return BaseSheets(self)

    @cached_property
    def page(self) -> TablePage:
        from tourney.gamekit.shown import BasePage

        return BasePage(self)

    @cached_property
    def display(self) -> Display:
        from tourney.gamekit.shown import BaseDisplay

        return BaseDisplay(self)

    @property
    def templates(self) -> Path:
        """The ``templates`` folder beside the module that defines the game's class."""
        return Path(inspect.getfile(type(self))).parent / "templates"

    # -- its record -----------------------------------------------------------------------

    def event(self, type_: str, payload: Mapping[str, Any]) -> GameEvent:
        if type_ == Started.type:
            players = payload.get("players")
            if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
                raise TourneyError(_("'players' must be a list of names"))
            extra = {k: v for k, v in payload.items() if k not in ("game", "players")}
            return Started(tuple(players), extra)
        for kind in self.moves:
            if kind.type == type_:  # type: ignore[attr-defined]
                return kind(**self._read_fields(kind, payload))  # type: ignore[no-any-return]
        raise TourneyError(
            _("{type} is not an event of {title}").format(type=quote(type_), title=self.title)
        )

    def _read_fields(self, kind: type, payload: Mapping[str, Any]) -> dict[str, Any]:
        values = {}
        for item in dataclasses.fields(kind):
            if item.name not in payload:
                raise TourneyError(_("no {field}").format(field=quote(item.name)))
            value, wanted = payload[item.name], _KINDS.get(str(item.type), object)
            if not isinstance(value, wanted) or (wanted is int and isinstance(value, bool)):
                raise TourneyError(_("{field}: not a {kind}").format(
                    field=quote(item.name), kind=item.type))  # fmt: skip
            values[item.name] = value
        return values

    def payload(self, event: GameEvent) -> tuple[str, dict[str, Any]]:
        if isinstance(event, Started):
            return event.type, {"game": self.name, "players": list(event.players), **event.extra}
        if type(event) not in self.moves:
            raise TypeError(f"not an event of {self.title}: {event!r}")
        return event.type, self._fields(event)

    @staticmethod
    def _fields(event: GameEvent) -> dict[str, Any]:
        return {f.name: getattr(event, f.name) for f in dataclasses.fields(event)}  # type: ignore[arg-type]

    def replay_lines(self, lines: Iterable[str], keep_events: bool = False) -> ReplayedRecord:
        match, kept, number = self.new_match(), [], 0
        for number, text in enumerate(lines, 1):
            if not text.strip() or text.startswith("#"):
                continue
            try:
                obj = json.loads(text)
                event = self.event(obj.pop("type"), obj)
                match.apply(event, number)
            except (ValueError, KeyError, AttributeError, TypeError, TourneyError) as exc:
                raise RecordError(number, str(exc)) from None
            if keep_events:
                kept.append((number, event))
        if not match.started:
            raise RecordError(max(number, 1), "no match_started in the record")
        return Replayed(match, kept)

    def write_record(self, events: Iterable[GameEvent], out: TextIO) -> None:
        for event in events:
            type_, payload = self.payload(event)
            out.write(json.dumps({"type": type_, **payload}, ensure_ascii=False) + "\n")

    def account(self, events: Iterable[GameEvent]) -> Iterator[str]:
        match = self.new_match()
        for event in events:
            outcome = match.apply(event)
            if not isinstance(event, Started):
                yield from self.describe(event, outcome)
        yield from self.status(match)

    def summary_json(self, match: GameMatch) -> str:
        return json.dumps(match.summary(), ensure_ascii=False)

    # -- its tournaments and ad-hoc matches -----------------------------------------------

    def sides(self, match: GameMatch) -> list[list[str]]:
        return [[player] for player in match.players]

    def progress(self, match: GameMatch) -> list[dict[str, Any]]:
        return []

    def table_view(self, match: GameMatch) -> list[dict[str, Any]]:
        return []

    def draw(self, match: GameMatch, hands: bool = False) -> Drawing | None:
        """Nothing drawn: pages show the game's words (its status, its account)."""
        return None

    def draw_piece(self, text: str) -> str:
        return ""

    def target(self, settings: Mapping[str, Any]) -> int | None:
        return self.first_to

    def table_start(
        self, players: Sequence[str], settings: Mapping[str, Any], extra: Mapping[str, Any]
    ) -> GameEvent:
        return Started(tuple(players), dict(extra))

    def start_event(self, players: tuple[str, ...], options: Mapping[str, Any]) -> GameEvent:
        fewest, most = self.table_sizes
        if not fewest <= len(players) <= most:
            raise TourneyError(
                _("--players: a {title} match seats {fewest} to {most} players, not {count}")
                .format(title=self.title, fewest=fewest, most=most, count=len(players))
            )  # fmt: skip
        event = self.table_start(players, {}, {})
        self.new_match().apply(event)  # the engine checks the names
        return event
