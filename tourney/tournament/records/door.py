"""The door's own events: its code, and the director letting a player check in again.

The door's code is what a player at the door needs to check themselves in on `/checkin`
(it is in the QR poster's address and shown at the door): without it anyone on the hall's
Wi-Fi could check in every player. The director can change it at any time (a code seen
by the wrong people). A check-in the director took back holds: the player cannot check
themselves in again until the director lets them (`CheckInAllowed`), or checks them in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True)
class DoorCodeSet:
    """The door's code is now ``code`` (letters and digits; compared ignoring case)."""

    type: ClassVar[str] = "door_code_set"
    code: str

    def to_payload(self) -> dict[str, Any]:
        return {"code": self.code}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> DoorCodeSet:
        return cls(str(payload["code"]))


@dataclass(frozen=True)
class CheckInAllowed:
    """The director lets a player whose check-in was taken back check in again."""

    type: ClassVar[str] = "check_in_allowed"
    player_id: str

    def to_payload(self) -> dict[str, Any]:
        return {"player_id": self.player_id}

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> CheckInAllowed:
        return cls(str(payload["player_id"]))
