"""The rounds' other events: a round removed, a draft and the director's changes to it, a
knockout's deciding match, a round robin's schedule. Loaded with a stream's first such
event (`events.EVENT_MODULES`), or by a decision that makes one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from tourney.tournament.events import PairedTable, RoundPaired


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


RoundEvent: TypeAlias = (
    RoundRemoved | RoundDrafted | DraftSwapped | DraftDropped | DecidingMatchPaired | ScheduleFixed
)
EVENTS_BY_TYPE: dict[str, type[RoundEvent]] = {
    cls.type: cls
    for cls in (
        RoundRemoved,
        RoundDrafted,
        DraftSwapped,
        DraftDropped,
        DecidingMatchPaired,
        ScheduleFixed,
    )
}
"""Each event of this module by type (`events.EVENT_MODULES` names this module for each)."""
