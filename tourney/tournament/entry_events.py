"""The entries' events after registering: a registration taken back, a partnership formed,
a player withdrawn. Loaded with a stream's first such event (`events.EVENT_MODULES`), or by
a decision that makes one."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias


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


EntryEvent: TypeAlias = PlayerRemoved | PartnershipFormed | PlayerWithdrawn
EVENTS_BY_TYPE: dict[str, type[EntryEvent]] = {
    cls.type: cls
    for cls in (
        PlayerRemoved,
        PartnershipFormed,
        PlayerWithdrawn,
    )
}
"""Each event of this module by type (`events.EVENT_MODULES` names this module for each)."""
