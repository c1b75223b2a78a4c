"""The events of a tournament stream, named in the past tense.

Each event is a frozen dataclass with a `type` string and a JSON-safe payload:
`Event.from_payload(event.to_payload()) == event`. `event_from_payload` rebuilds any of
them from a stored `(type, payload)` pair.

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
from tourney.games.stored import DEFAULT_GAME, DEFAULT_TARGET
from tourney.i18n import _, page_mark
from tourney.tournament.notes.notes import Note, note_payload
from tourney.tournament.notes.old_notes import stored, stored_why
from tourney.tournament.records.room_state import TIE_RULE, TIME_RULE_WORDS

if TYPE_CHECKING:
    from tourney.tournament.records.disputes import DisputeEvent
    from tourney.tournament.records.groups import GroupsEvent
    from tourney.tournament.records.penalties import SanctionEvent
    from tourney.tournament.records.room import RoomEvent

FORMAT_SETTINGS = ("pools", "pool_size", "advance", "pool_format")
"""TournamentCreated's settings that only the formats which ask for them set (groups)."""

Seeding = Literal["rating", "registration", "previous", "random", "auto"]
TieBreak = Literal["buchholz", "scored", "head_to_head"]
Others = Literal["share", "play_on"]
"""After a forfeit, the sides that remain: share the win at once, or play the match on."""

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

    def to_payload(self) -> dict[str, Any]:
        game: dict[str, Any] = {} if self.game == DEFAULT_GAME else {"game": self.game}
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
class PlayerRemoved:
    """A registration made by mistake was taken back before the player was ever paired:
    the player is gone from the tournament (their id is not given to anyone else)."""

    type: ClassVar[str] = "player_removed"
    player_id: str
    reason: str = ""

    def to_payload(self) -> dict[str, Any]:
        return {"player_id": self.player_id, "reason": self.reason}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> PlayerRemoved:
        return cls(player_id=payload["player_id"], reason=payload.get("reason", ""))


@dataclass(frozen=True)
class PartnershipFormed:
    """Two registered players became one fixed partnership (an entrant of its own)."""

    type: ClassVar[str] = "partnership_formed"
    team_id: str
    name: str
    members: tuple[str, str]

    def to_payload(self) -> dict[str, Any]:
        return {"team_id": self.team_id, "name": self.name, "members": list(self.members)}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> PartnershipFormed:
        first, second = payload["members"]
        return cls(team_id=payload["team_id"], name=payload["name"], members=(first, second))


@dataclass(frozen=True)
class PlayerWithdrawn:
    """A player left: kept in the standings, never paired again."""

    type: ClassVar[str] = "player_withdrawn"
    player_id: str
    reason: str = ""

    def to_payload(self) -> dict[str, Any]:
        return {"player_id": self.player_id, "reason": self.reason}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> PlayerWithdrawn:
        return cls(player_id=payload["player_id"], reason=payload.get("reason", ""))


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
class RoundRemoved:
    """The director removed the latest round (`tourney round remove`, or `round repair`,
    which pairs it again at once): its tables, byes and any results no longer count, and
    the next pairing is of that round again. Nothing is deleted: the round's `RoundPaired`
    and its matches' streams stay in the log."""

    type: ClassVar[str] = "round_removed"
    round: int
    reason: str = ""
    matches: tuple[str, ...] = ()
    """The removed round's match ids (deciding matches too), for the record."""
    repaired: bool = False
    """Removed to be paired again at once (`round repair`), not left removed."""

    def to_payload(self) -> dict[str, Any]:
        payload = {"round": self.round, "reason": self.reason, "matches": list(self.matches)}
        return payload | ({"repaired": True} if self.repaired else {})

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> RoundRemoved:
        reason = str(payload.get("reason", ""))
        # Before `repaired` was recorded, a repair wrote English into the reason.
        old = reason == "re-paired" or reason.startswith("re-paired: ")
        return cls(
            round=int(payload["round"]),
            reason=reason.removeprefix("re-paired").removeprefix(": ") if old else reason,
            matches=tuple(str(m) for m in payload.get("matches", ())),
            repaired=bool(payload.get("repaired")) or old,
        )


@dataclass(frozen=True)
class RoundDrafted:
    """A round's pairing proposed for the director to review (`tourney draft`): no table
    opens until it is published, as the `RoundPaired` it then becomes."""

    type: ClassVar[str] = "round_drafted"
    paired: RoundPaired

    def to_payload(self) -> dict[str, Any]:
        return self.paired.to_payload()

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> RoundDrafted:
        return cls(RoundPaired.from_payload(payload))


@dataclass(frozen=True)
class DraftSwapped:
    """The director swapped two players of the draft (their seats, or a seat and a bye),
    with the reason on record."""

    type: ClassVar[str] = "draft_swapped"
    first: str
    second: str
    reason: str

    def to_payload(self) -> dict[str, Any]:
        return {"first": self.first, "second": self.second, "reason": self.reason}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> DraftSwapped:
        return cls(str(payload["first"]), str(payload["second"]), str(payload["reason"]))


@dataclass(frozen=True)
class DraftDropped:
    """The director threw the draft away (pairing again starts afresh)."""

    type: ClassVar[str] = "draft_dropped"

    def to_payload(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> DraftDropped:
        return cls()


@dataclass(frozen=True)
class DecidingMatchPaired:
    """A knockout match ended in a shared win with equal scores: the tied play again."""

    type: ClassVar[str] = "deciding_match_paired"
    round: int
    decides: str
    table: PairedTable

    def to_payload(self) -> dict[str, Any]:
        return {"round": self.round, "decides": self.decides, "table": self.table.to_payload()}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> DecidingMatchPaired:
        return cls(
            round=int(payload["round"]),
            decides=payload["decides"],
            table=PairedTable.from_payload(payload["table"]),
        )


def _result_payload(
    match_id: str, scores: tuple[int, ...], winners: tuple[int, ...]
) -> dict[str, Any]:
    return {"match_id": match_id, "scores": list(scores), "winners": list(winners)}


@dataclass(frozen=True)
class ScheduleFixed:
    """A round robin's whole schedule, fixed when its first round was paired (or, for one
    paired by an earlier tourney, when its next round was): each round's tables of entrant
    ids and its byes, and where the schedule came from (a published design, a search...).
    Later rounds are read from here, never searched again."""

    type: ClassVar[str] = "schedule_fixed"
    rounds: tuple[tuple[tuple[tuple[str, ...], ...], tuple[str, ...]], ...]
    source: str = ""
    seed: int | None = None
    """A balanced seating's search seed (the same seed and field give the same schedule)."""

    def to_payload(self) -> dict[str, Any]:
        seeded = {} if self.seed is None else {"seed": self.seed}
        return {
            "rounds": [
                {"tables": [list(table) for table in tables], "byes": list(byes)}
                for tables, byes in self.rounds
            ],
            "source": self.source,
            **seeded,
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> ScheduleFixed:
        return cls(
            rounds=tuple(
                (
                    tuple(tuple(str(e) for e in table) for table in item["tables"]),
                    tuple(str(e) for e in item.get("byes", ())),
                )
                for item in payload["rounds"]
            ),
            source=str(payload.get("source", "")),
            seed=None if payload.get("seed") is None else int(payload["seed"]),
        )


@dataclass(frozen=True)
class MatchResultRecorded:
    """A table's match finished: its result as the table's own stream replays to.

    Posted by the result policy (`tourney.policies.results`) when the stream finishes; a
    later one for the same match replaces it (the table corrected its record).

    `scores[i]` is side i's final score; `winners` are the side indexes that reached the
    target in the deciding count (several for a shared win).
    """

    type: ClassVar[str] = "match_result_recorded"
    match_id: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def to_payload(self) -> dict[str, Any]:
        return _result_payload(self.match_id, self.scores, self.winners)

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> MatchResultRecorded:
        return cls(
            match_id=payload["match_id"],
            scores=tuple(int(s) for s in payload["scores"]),
            winners=tuple(int(w) for w in payload["winners"]),
        )


@dataclass(frozen=True)
class MatchResultWithdrawn:
    """A table's stream no longer finishes (its deciding event was undone): the result it
    had posted no longer stands, until the table finishes again."""

    type: ClassVar[str] = "match_result_withdrawn"
    match_id: str

    def to_payload(self) -> dict[str, Any]:
        return {"match_id": self.match_id}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> MatchResultWithdrawn:
        return cls(match_id=payload["match_id"])


@dataclass(frozen=True)
class Forfeit:
    """The director ruled that these sides forfeit. With `others` ``"share"`` the other
    sides win at once (shared if several); with ``"play_on"`` they finish the match without
    them and its result is entered from their scoresheet (`ResultEntered`), the forfeiting
    sides losing. Stored before `others` existed: ``"share"``."""

    type: ClassVar[str] = "forfeit_declared"
    match_id: str
    sides: tuple[int, ...]
    reason: str = ""
    others: Others = "share"

    def to_payload(self) -> dict[str, Any]:
        return {
            "match_id": self.match_id,
            "sides": list(self.sides),
            "reason": self.reason,
            "others": self.others,
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> Forfeit:
        return cls(
            match_id=payload["match_id"],
            sides=tuple(int(s) for s in payload["sides"]),
            reason=payload.get("reason", ""),
            others="play_on" if payload.get("others") == "play_on" else "share",
        )


@dataclass(frozen=True)
class NoShow:
    """Players did not turn up: scored like a forfeit by their sides, reported as a no-show.
    `others` as for `Forfeit`: the sides present share the win at once, or play the match
    on (its result entered from their scoresheet). Stored before `others` existed:
    ``"share"`` (the payload then has no ``others``)."""

    type: ClassVar[str] = "no_show_declared"
    match_id: str
    player_ids: tuple[str, ...]
    others: Others = "share"

    def to_payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = {"match_id": self.match_id, "player_ids": list(self.player_ids)}
        if self.others != "share":
            payload["others"] = self.others
        return payload

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> NoShow:
        return cls(
            match_id=payload["match_id"],
            player_ids=tuple(payload["player_ids"]),
            others="play_on" if payload.get("others") == "play_on" else "share",
        )


@dataclass(frozen=True)
class AdjudicatedResult:
    """The director set a match's result, replacing whatever was recorded, with a reason."""

    type: ClassVar[str] = "result_adjudicated"
    match_id: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str

    def to_payload(self) -> dict[str, Any]:
        return {**_result_payload(self.match_id, self.scores, self.winners), "reason": self.reason}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> AdjudicatedResult:
        return cls(
            match_id=payload["match_id"],
            scores=tuple(int(s) for s in payload["scores"]),
            winners=tuple(int(w) for w in payload["winners"]),
            reason=payload["reason"],
        )


@dataclass(frozen=True)
class ResultEntered:
    """The director entered a finished match's result from its paper scoresheet: a played
    result (not a ruling), with the points of each hand when the sheet gives them.

    `hands[k][i]` is side i's points in hand k; they add up to `scores`.
    """

    type: ClassVar[str] = "result_entered"
    match_id: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...] = ()
    note: str = ""

    def to_payload(self) -> dict[str, Any]:
        return {
            **_result_payload(self.match_id, self.scores, self.winners),
            "hands": [list(hand) for hand in self.hands],
            "note": self.note,
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> ResultEntered:
        return cls(
            match_id=payload["match_id"],
            scores=tuple(int(s) for s in payload["scores"]),
            winners=tuple(int(w) for w in payload["winners"]),
            hands=tuple(tuple(int(p) for p in hand) for hand in payload.get("hands", ())),
            note=str(payload.get("note", "")),
        )


@dataclass(frozen=True)
class TablePlayReplaced:
    """The director's ruling (appended right after this, in the same transaction) takes
    over from the play recorded at the table: its stream up to `version` (the last match
    event in force), standing at `scores` per side (Racehorse: net units), `finished` or
    not, with `winners` once finished. The play stays in the table's stream, readable as
    what was played; the ruling's result is the one that counts."""

    type: ClassVar[str] = "table_play_replaced"
    match_id: str
    version: int
    scores: tuple[int, ...]
    winners: tuple[int, ...] = ()
    finished: bool = False

    def to_payload(self) -> dict[str, Any]:
        return {
            **_result_payload(self.match_id, self.scores, self.winners),
            "version": self.version,
            "finished": self.finished,
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> TablePlayReplaced:
        return cls(
            match_id=payload["match_id"],
            version=int(payload["version"]),
            scores=tuple(int(s) for s in payload["scores"]),
            winners=tuple(int(w) for w in payload.get("winners", ())),
            finished=bool(payload.get("finished", False)),
        )


@dataclass(frozen=True)
class MatchVoided:
    """The director voided a match: it scores nothing for anyone (the tablemates still met)."""

    type: ClassVar[str] = "match_voided"
    match_id: str
    reason: str = ""

    def to_payload(self) -> dict[str, Any]:
        return {"match_id": self.match_id, "reason": self.reason}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> MatchVoided:
        return cls(match_id=payload["match_id"], reason=payload.get("reason", ""))


@dataclass(frozen=True)
class MatchStoppedByTime:
    """The round's time was up and the director stopped the match: decided by the
    tournament's end-of-time `rule` from the `scores` as they stood (`note` states how)."""

    type: ClassVar[str] = "match_stopped_by_time"
    match_id: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rule: str
    note: str = ""
    """Empty: the `rule` says how it was decided. Before the rule's words came at reading,
    they were recorded here in English; `from_payload` reads those back as empty."""

    def to_payload(self) -> dict[str, Any]:
        return {
            **_result_payload(self.match_id, self.scores, self.winners),
            "rule": self.rule,
            "note": self.note,
        }

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> MatchStoppedByTime:
        return cls(
            match_id=payload["match_id"],
            scores=tuple(int(s) for s in payload["scores"]),
            winners=tuple(int(w) for w in payload["winners"]),
            rule=str(payload.get("rule", "")),
            note=_old_time_note(str(payload.get("note", ""))),
        )


def _old_time_note(note: str) -> str:
    """A stopped-by-time note as recorded: ``""`` for the English words tourney once wrote
    there (``"stop at once; the higher score wins; level scores share the win"``), which
    the rule's code now says in the reader's language; anything else as it is."""
    known = {*TIME_RULE_WORDS.values(), *TIE_RULE.split("; ")}
    return "" if note and all(part in known for part in note.split("; ")) else note


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
    "TournamentCreated | PlayerRegistered | PartnershipFormed | PlayerWithdrawn | "
    "PlayerRemoved | RoundPaired | DecidingMatchPaired | ScheduleFixed | "
    "MatchResultRecorded | MatchResultWithdrawn | Forfeit | NoShow | AdjudicatedResult | "
    "ResultEntered | TablePlayReplaced | MatchVoided | MatchStoppedByTime | RoundDrafted "
    "| DraftSwapped | DraftDropped | RoundRemoved | RoomEvent | GroupsEvent | "
    "DisputeEvent | SanctionEvent | LanguageSet"
)
"""Every event of a tournament stream (a string: the records' events are named, not loaded,
here; see `RECORD_EVENTS`)."""

RECORD_EVENTS: dict[str, str] = {
    **dict.fromkeys(
        (
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
        ),
        "room",
    ),
    **dict.fromkeys(("pools_formed", "pool_schedule_fixed", "knockout_seeded"), "groups"),
    **dict.fromkeys(("penalty_given", "warning_given", "sanction_lifted"), "penalties"),
    **dict.fromkeys(("result_disputed", "dispute_resolved"), "disputes"),
}
"""The records' events (`tourney.tournament.records`): each type and the module that holds
its class and how it changes the state. A night with no clock, check-in, pools, penalty or
dispute never loads those modules (each is a dozen frozen dataclasses: ~1 ms to build);
`event_from_payload` and `state.evolve` load one when its first event comes.
(tests/unit/tournament/test_record_events.py holds this table to the modules' classes.)"""


EVENT_TYPES: dict[str, type[TournamentEvent]] = {
    cls.type: cls
    for cls in (
        TournamentCreated,
        PlayerRegistered,
        PartnershipFormed,
        PlayerWithdrawn,
        PlayerRemoved,
        RoundPaired,
        DecidingMatchPaired,
        ScheduleFixed,
        MatchResultRecorded,
        MatchResultWithdrawn,
        Forfeit,
        NoShow,
        AdjudicatedResult,
        ResultEntered,
        TablePlayReplaced,
        MatchVoided,
        MatchStoppedByTime,
        RoundDrafted,
        DraftSwapped,
        DraftDropped,
        RoundRemoved,
        LanguageSet,
    )
}
"""The events of this module by type (the records' are in `RECORD_EVENTS`)."""


def event_from_payload(type_name: str, payload: dict[str, Any]) -> TournamentEvent:
    """Rebuild a stored event; raise `TourneyError` for a type this module does not know."""
    cls = EVENT_TYPES.get(type_name)
    if cls is not None:
        return cls.from_payload(payload)
    record = RECORD_EVENTS.get(type_name)
    if record is None:
        raise TourneyError(
            _("unknown tournament event type {type_name!r}").format(type_name=type_name)
        )
    events = import_module(f"tourney.tournament.records.{record}").EVENTS_BY_TYPE
    return cast("TournamentEvent", events[type_name].from_payload(payload))
