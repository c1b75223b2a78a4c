"""The results' events of a tournament stream: a table's result posted by the result policy
(or withdrawn), and the director's rulings on a match. Loaded with a stream's first result
or ruling (`events.EVENT_MODULES`), or by a decision that makes one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeAlias

from tourney.tournament.records.room_state import TIE_RULE, TIME_RULE_WORDS

Others = Literal["share", "play_on"]
"""After a forfeit, the sides that remain: share the win at once, or play the match on."""


def _result_payload(
    match_id: str, scores: tuple[int, ...], winners: tuple[int, ...]
) -> dict[str, Any]:
    return {"match_id": match_id, "scores": list(scores), "winners": list(winners)}


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


ResultEvent: TypeAlias = (
    MatchResultRecorded
    | MatchResultWithdrawn
    | Forfeit
    | NoShow
    | AdjudicatedResult
    | ResultEntered
    | TablePlayReplaced
    | MatchVoided
    | MatchStoppedByTime
)
EVENTS_BY_TYPE: dict[str, type[ResultEvent]] = {
    cls.type: cls
    for cls in (
        MatchResultRecorded,
        MatchResultWithdrawn,
        Forfeit,
        NoShow,
        AdjudicatedResult,
        ResultEntered,
        TablePlayReplaced,
        MatchVoided,
        MatchStoppedByTime,
    )
}
"""Each event of this module by type (`events.EVENT_MODULES` names this module for each)."""
