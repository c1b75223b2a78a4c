"""The events of a tournament stream, named in the past tense.

Each event is a frozen dataclass with a `type` string and a JSON-safe payload:
`Event.from_payload(event.to_payload()) == event`. `event_from_payload` rebuilds any of
them from a stored `(type, payload)` pair. This module holds what every stream starts with
(its creation, registrations, rounds, language); the others are in the modules
`EVENT_MODULES` names for their types (results and rulings, removed rounds and drafts,
withdrawals, and the records': `tourney.tournament.records`), each loaded with its first
event.

Sides: a table's *sides* are the units that score. At individual tables side ``i`` is
seat ``i + 1``; at a partnership table side 0 holds seats 1 and 3, side 1 seats 2 and 4.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeAlias, cast

from tourney.errors import TourneyError
from tourney.gamekit.stored import DEFAULT_GAME, DEFAULT_TARGET
from tourney.i18n import _, page_mark
from tourney.tournament.notes.notes import Note, note_payload
from tourney.tournament.notes.stored import stored, stored_why

if TYPE_CHECKING:
    from tourney.tournament.entry_events import EntryEvent
    from tourney.tournament.records.disputes import DisputeEvent
    from tourney.tournament.records.groups import GroupsEvent
    from tourney.tournament.records.penalties import SanctionEvent
    from tourney.tournament.records.room import RoomEvent
    from tourney.tournament.result_events import ResultEvent
    from tourney.tournament.round_events import RoundEvent

FORMAT_SETTINGS = ("pools", "pool_size", "advance", "pool_format")
"""TournamentCreated's settings that only the formats which ask for them set (groups)."""

Seeding = Literal["rating", "registration", "previous", "random", "auto"]
TieBreak = Literal["buchholz", "scored", "head_to_head"]

FIRST_ROUNDS: tuple[str, ...] = ("random", "rating", "registration", "previous")
"""`--first-round` (`--seeding`, its old name): how round 1 is seeded. ``previous`` is the
seeds a previous stage gave (`PlayerRegistered.seed`)."""

AUTO = "auto"
"""The seeding of a tournament created without `--first-round`: by lot when no entrant has a
rating when round 1 is paired, else by rating (`lot.resolved`)."""
SEEDINGS: tuple[str, ...] = (*FIRST_ROUNDS, AUTO)
"""How round 1 is seeded (`tourney.tournament.seating.lot`): ``random`` and ``auto`` are newer than
the others, so an old event never holds them and keeps its meaning."""
SEED_BY: tuple[str, ...] = ("seeding", "rating")
"""`--seed-by`: the `seeding` setting, or the club's OpenSkill ratings (`tourney.season`)
taken when round 1 is paired."""
TIE_BREAKS: tuple[TieBreak, ...] = ("buchholz", "scored", "head_to_head")
DEFAULT_TIE_BREAKS: tuple[TieBreak, ...] = TIE_BREAKS
"""The tie-breaks of a tournament created without any, in order: written once, here."""

TIE_BREAK_WORDS: dict[str, str] = {
    "buchholz": page_mark("opponents' average match points (Buchholz)"),
    "scored": page_mark("game points scored"),
    "head_to_head": page_mark("head-to-head"),
}
"""Each tie-break in plain words, for help, pages and notes."""

TIE_BREAK_ALIASES: dict[str, TieBreak] = {"points": "scored"}
"""Old names still read: ``points`` (game points scored) clashed with the match points."""


def tie_break_name(text: str) -> str:
    """A tie-break's current name: ``"points"`` (the old name) is ``"scored"``."""
    return TIE_BREAK_ALIASES.get(text, text)


def fraction_text(value: Fraction) -> str:
    """`Fraction(1, 3)` -> ``"1/3"``, `Fraction(2)` -> ``"2"``: exact and JSON-safe."""
    return str(value)


def parse_fraction(text: str | int | float) -> Fraction:
    """Read a fraction written as ``"1/3"``, ``"0.5"`` or ``2``; raise `TourneyError` if not."""
    try:
        return Fraction(str(text))
    except (ValueError, ZeroDivisionError):
        raise TourneyError(_("not a number or fraction: {text!r}").format(text=text)) from None


@dataclass(frozen=True)
class TournamentCreated:
    """A tournament was set up; every later rule reads its settings from here.

    `shared_win` is ``"split"`` (each of k winners gets 1/k), ``"full"`` (each gets 1) or a
    fraction such as ``"1/2"`` that each shared winner gets. `game` is the registry name of
    the game played (absent from older events: Horse Race); `deals` a Racehorse match's
    length (None: twice the players at the table).
    """

    type: ClassVar[str] = "tournament_created"
    name: str
    slug: str
    format: str
    """The format's registry name (`tourney.tournament.format`): stored as named then."""
    table_size: int
    rounds: int
    partnerships: bool = False
    target: int = DEFAULT_TARGET
    shared_win: str = "split"
    bye_points: Fraction = Fraction(1)
    tie_breaks: tuple[TieBreak, ...] = DEFAULT_TIE_BREAKS
    third_place: bool = False
    seeding: Seeding = "rating"
    placement_points: tuple[tuple[Fraction, ...], ...] = ()
    """Placement scales, one per table size (``((3, 2, 1, 0), (3, 3/2, 0))``): the match
    points of each place at a table. Empty (the default): a win scores 1, shared as
    `shared_win` says."""
    game: str = DEFAULT_GAME
    deals: int | None = None
    seed_by: str = "seeding"
    """``"rating"``: round 1 is seeded (a knockout's bracket, a Swiss's first order) by the
    club's ratings, given by the caller when it is paired and recorded in that
    `RoundPaired`'s `seed_order`; ``"seeding"``: by `seeding`."""
    pools: int = 0
    """Groups -> knockout (`tourney.tournament.formats.groups.stages`): how many pools (0: see
    `pool_size`), the most entrants a pool holds (0: see `pools`), how many of each pool
    advance to the knockout, and how a pool is paired (``round_robin`` or ``swiss``, its
    rounds then `rounds`). All four absent from other formats' payloads."""
    pool_size: int = 0
    advance: int = 0
    pool_format: str = ""
    grand_final_reset: bool = True
    """Double elimination: when the losers' bracket champion wins the grand final, the two
    play again (both then have one loss). Written in the payload of that format only."""
    accelerated_rounds: int = 0
    """Swiss: the first rounds paired with virtual points for the top of the seed order
    (Baku acceleration, `tourney.tournament.formats.swiss.options`); 0: none."""
    last_round: str = "swiss"
    """Swiss: how the last round is paired, ``"swiss"`` or ``"king_of_the_hill"``."""
    gibson: bool = False
    """King of the hill: a leader who cannot be caught meets the lowest-ranked contender."""
    prizes: int = 1
    """The places that win a prize (the top `prizes`): who still contends, for `gibson`."""
    prize_values: tuple[Decimal, ...] = ()
    """``--prizes``: each prize place's prize, first place first, as percentages of the entry
    fees paid or, with `prizes_fixed`, amounts (`tourney.tournament.standings.prizes`); `prizes` is
    then their count. Empty (older payloads too): no money prizes."""
    prizes_fixed: bool = False
    draw_seed: int | None = None
    """Seeded ``random`` (or ``auto`` with no rating): the seed of round 1's lot, drawn once
    when the tournament was created (`tourney.tournament.seating.lot`). Absent from older
    payloads."""
    settings: tuple[tuple[str, str], ...] = ()
    """The format's own settings (`Format.settings`: ``tourney tournament create --setting
    NAME=VALUE``), each name and its value as text, as the format settled them: a format
    with settings of its own needs no field here nor an option of the CLI. Written in the
    payload (as an object) only when there is one."""

    def setting(self, name: str, default: str = "") -> str:
        """The value of the format's own setting `name` (`default` when not set)."""
        return dict(self.settings).get(name, default)

    def to_payload(self) -> dict[str, Any]:
        game: dict[str, Any] = {} if self.game == DEFAULT_GAME else {"game": self.game}
        if self.settings:
            game["settings"] = dict(self.settings)
        # The settings only some formats have, written all together when any is set (their
        # defaults are "none"), so that the event names no format (the registry imports it).
        if any(getattr(self, key) for key in FORMAT_SETTINGS):
            game.update((key, getattr(self, key)) for key in FORMAT_SETTINGS)
        if self.deals is not None:
            game["deals"] = self.deals
        if self.seed_by != "seeding":
            game["seed_by"] = self.seed_by
        if not self.grand_final_reset:
            game["grand_final_reset"] = False
        game.update(self._swiss_options())
        if self.draw_seed is not None:
            game["draw_seed"] = self.draw_seed
        if self.prize_values:
            game["prize_values"] = [str(v) for v in self.prize_values]
            game["prizes_fixed"] = self.prizes_fixed
        return {
            **game,
            "name": self.name,
            "slug": self.slug,
            "format": self.format,
            "table_size": self.table_size,
            "rounds": self.rounds,
            "partnerships": self.partnerships,
            "target": self.target,
            "shared_win": self.shared_win,
            "bye_points": fraction_text(self.bye_points),
            "tie_breaks": list(self.tie_breaks),
            "third_place": self.third_place,
            "seeding": self.seeding,
            "placement_points": [
                [fraction_text(v) for v in scale] for scale in self.placement_points
            ],
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> TournamentCreated:
        return cls(
            name=payload["name"],
            slug=payload["slug"],
            format=payload["format"],
            table_size=int(payload["table_size"]),
            rounds=int(payload["rounds"]),
            partnerships=bool(payload.get("partnerships", False)),
            target=int(payload.get("target", DEFAULT_TARGET)),
            shared_win=str(payload.get("shared_win", "split")),
            bye_points=parse_fraction(payload.get("bye_points", "1")),
            tie_breaks=tuple(
                cast(TieBreak, tie_break_name(t))
                for t in payload.get("tie_breaks", DEFAULT_TIE_BREAKS)
            ),
            third_place=bool(payload.get("third_place", False)),
            seeding=payload.get("seeding", "rating"),
            placement_points=tuple(
                tuple(parse_fraction(v) for v in scale)
                for scale in payload.get("placement_points", ())
            ),
            game=str(payload.get("game", DEFAULT_GAME)),
            deals=None if payload.get("deals") is None else int(payload["deals"]),
            seed_by=str(payload.get("seed_by", "seeding")),
            pools=int(payload.get("pools", 0)),
            pool_size=int(payload.get("pool_size", 0)),
            advance=int(payload.get("advance", 0)),
            pool_format=str(payload.get("pool_format", "")),
            grand_final_reset=bool(payload.get("grand_final_reset", True)),
            accelerated_rounds=int(payload.get("accelerated_rounds", 0)),
            last_round=str(payload.get("last_round", "swiss")),
            gibson=bool(payload.get("gibson", False)),
            prizes=int(payload.get("prizes", 1)),
            draw_seed=None if payload.get("draw_seed") is None else int(payload["draw_seed"]),
            prize_values=tuple(Decimal(str(v)) for v in payload.get("prize_values", ())),
            prizes_fixed=bool(payload.get("prizes_fixed", False)),
            settings=tuple((str(k), str(v)) for k, v in payload.get("settings", {}).items()),
        )

    def _swiss_options(self) -> dict[str, Any]:
        """The Swiss options set (none by default: older payloads stay as they were)."""
        options: dict[str, Any] = {}
        if self.accelerated_rounds:
            options["accelerated_rounds"] = self.accelerated_rounds
        if self.last_round != type(self).last_round:  # the default, as a Swiss pairs it
            options["last_round"] = self.last_round
        if self.gibson:
            options["gibson"] = True
        if self.prizes != 1:
            options["prizes"] = self.prizes
        return options

    @property
    def sides_per_table(self) -> int:
        """How many scoring sides sit at a full table: 2 for partnerships, else the size."""
        return 2 if self.partnerships else self.table_size


@dataclass(frozen=True)
class PlayerRegistered:
    """A player entered (late entries are allowed until the last round is paired)."""

    type: ClassVar[str] = "player_registered"
    player_id: str
    name: str
    club: str | None = None
    rating: int | None = None
    seed: int | None = None
    start_points: Fraction = Fraction(0)
    """Match points a late entrant starts with (e.g. a bye's worth for each round missed)."""

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "player_id": self.player_id,
            "name": self.name,
            "club": self.club,
            "rating": self.rating,
            "seed": self.seed,
        }
        if self.start_points:
            payload["start_points"] = fraction_text(self.start_points)
        return payload

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> PlayerRegistered:
        return cls(
            player_id=payload["player_id"],
            name=payload["name"],
            club=payload.get("club"),
            rating=payload.get("rating"),
            seed=payload.get("seed"),
            start_points=parse_fraction(payload.get("start_points", "0")),
        )


@dataclass(frozen=True)
class PairedTable:
    """One table of a round: seats in order (player ids), its match and why it was formed
    (a note: `tourney.tournament.notes.notes`)."""

    number: int
    seats: tuple[str, ...]
    match_id: str
    why: Note | None = None

    def to_payload(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seats": list(self.seats),
            "match_id": self.match_id,
            "why": "" if self.why is None else note_payload(self.why),
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> PairedTable:
        return cls(
            number=int(payload["number"]),
            seats=tuple(payload["seats"]),
            match_id=payload["match_id"],
            why=stored_why(payload.get("why")),
        )


@dataclass(frozen=True)
class RoundPaired:
    """A round was paired: its tables, the entrants with a bye, and notes on the whole round
    (codes and values: `tourney.tournament.notes.notes`)."""

    type: ClassVar[str] = "round_paired"
    round: int
    tables: tuple[PairedTable, ...]
    byes: tuple[str, ...] = ()
    notes: tuple[Note, ...] = ()
    overridden: bool = False
    seed_order: tuple[str, ...] = ()
    """Round 1 of a tournament seeded by rating: the entrants in the order the ratings given
    at pairing put them, best first. Replay reads this order; it never rates again."""
    accelerated: tuple[str, ...] = ()
    """An accelerated Swiss round: the entrants given `virtual_points` for pairing only
    (the top of round 1's seed order, fixed in round 1's event)."""
    virtual_points: Fraction = Fraction(0)

    def to_payload(self) -> dict[str, Any]:
        seeded: dict[str, Any] = {"seed_order": list(self.seed_order)} if self.seed_order else {}
        if self.accelerated:
            seeded["accelerated"] = list(self.accelerated)
            seeded["virtual_points"] = fraction_text(self.virtual_points)
        return {
            "round": self.round,
            "tables": [table.to_payload() for table in self.tables],
            "byes": list(self.byes),
            "notes": [note_payload(n) for n in self.notes],
            "overridden": self.overridden,
            **seeded,
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> RoundPaired:
        return cls(
            round=int(payload["round"]),
            tables=tuple(PairedTable.from_payload(t) for t in payload["tables"]),
            byes=tuple(payload.get("byes", ())),
            notes=tuple(stored(n) for n in payload.get("notes", ())),
            overridden=bool(payload.get("overridden", False)),
            seed_order=tuple(payload.get("seed_order", ())),
            accelerated=tuple(payload.get("accelerated", ())),
            virtual_points=parse_fraction(payload.get("virtual_points", "0")),
        )


@dataclass(frozen=True)
class LanguageSet:
    """The language the tournament's site and sheets come out in (``en``, ``it``, ``ru``):
    `tournament create --lang` or `tournament language`; `publish --lang` overrides it once."""

    type: ClassVar[str] = "language_set"
    language: str

    def to_payload(self) -> dict[str, Any]:
        return {"language": self.language}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> LanguageSet:
        return cls(language=str(payload["language"]))


TournamentEvent: TypeAlias = (
    "TournamentCreated | PlayerRegistered | RoundPaired | LanguageSet | EntryEvent | "
    "RoundEvent | ResultEvent | RoomEvent | GroupsEvent | DisputeEvent | SanctionEvent"
)
"""Every event of a tournament stream (a string: only this module's are loaded with it; the
others are named by `EVENT_MODULES`)."""

EVENT_TYPES: dict[str, type[TournamentEvent]] = {
    cls.type: cls for cls in (TournamentCreated, PlayerRegistered, RoundPaired, LanguageSet)
}
"""The events every tournament's stream starts with (and its language), by type."""

_ROOM = (
    "clock_set",
    "clock_started",
    "clock_paused",
    "clock_resumed",
    "clock_extended",
    "director_called",
    "call_answered",
    "check_in_set",
    "player_checked_in",
    "check_in_taken_back",
    "fee_marked",
    "door_code_set",
    "check_in_allowed",
)
_RESULTS = (
    "match_result_recorded",
    "match_result_withdrawn",
    "forfeit_declared",
    "no_show_declared",
    "result_adjudicated",
    "result_entered",
    "table_play_replaced",
    "match_voided",
    "match_stopped_by_time",
)
_ROUNDS = (
    "round_removed",
    "round_drafted",
    "draft_swapped",
    "draft_dropped",
    "deciding_match_paired",
    "schedule_fixed",
)
EVENT_MODULES: dict[str, str] = {
    **dict.fromkeys(_RESULTS, "tourney.tournament.result_events"),
    **dict.fromkeys(_ROUNDS, "tourney.tournament.round_events"),
    **dict.fromkeys(
        ("player_removed", "partnership_formed", "player_withdrawn"),
        "tourney.tournament.entry_events",
    ),
    **dict.fromkeys(_ROOM, "tourney.tournament.records.room"),
    **dict.fromkeys(
        ("pools_formed", "pool_schedule_fixed", "knockout_seeded"),
        "tourney.tournament.records.groups",
    ),
    **dict.fromkeys(
        ("penalty_given", "warning_given", "sanction_lifted"),
        "tourney.tournament.records.penalties",
    ),
    **dict.fromkeys(("result_disputed", "dispute_resolved"), "tourney.tournament.records.disputes"),
}
"""Every other event's type and the module that holds its class (its `EVENTS_BY_TYPE`): a
night with no ruling, removed round, draft, withdrawal, clock, check-in, pools, penalty or
dispute never loads those modules (each frozen dataclass is ~1 ms to build on CPython 3.11);
`event_from_payload` loads one when its first event comes, `state.evolve` reads the events
by their type's name. (tests/unit/tournament/test_event_modules.py holds this table to the
modules' classes.)"""


def event_from_payload(type_name: str, payload: dict[str, Any]) -> TournamentEvent:
    """Rebuild a stored event; raise `TourneyError` for a type this module does not know."""
    cls = EVENT_TYPES.get(type_name)
    if cls is not None:
        return cls.from_payload(payload)
    module = EVENT_MODULES.get(type_name)
    if module is None:
        raise TourneyError(
            _("unknown tournament event type {type_name!r}").format(type_name=type_name)
        )
    event = import_module(module).EVENTS_BY_TYPE[type_name].from_payload(payload)
    return cast("TournamentEvent", event)
