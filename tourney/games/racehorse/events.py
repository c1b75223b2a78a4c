"""The events of a Racehorse match: frozen values named in the past tense.

These are the lines of a Racehorse record (RACEHORSE.md §7) and the payloads of a match
stream in the event store. ``to_payload()`` gives the record line's fields without ``type``
(canonical order, cards as ``"10H"``); ``from_payload()`` reads them strictly, raising
EventError or CardError with a one-line reason quoting the field. ``extra`` keeps fields the
rules ignore (``at``, ``by``, ``note`` and anything unknown) so nothing a scorer typed is
lost.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from tourney.games.racehorse.cards import CARD_TEXT, Card
from tourney.games.racehorse.errors import CardError, EventError
from tourney.i18n import _

GAME = "racehorse"
"""What ``match_started``'s ``game`` field says in a Racehorse record."""
RECORD_VERSION = 1
SMUDGE = 5
"""The top bid: all four points and all six tricks."""
BIDS = (2, 3, 4, SMUDGE)

NO_EXTRA: Mapping[str, Any] = MappingProxyType({})


def _no_extra() -> Mapping[str, Any]:
    return NO_EXTRA


def bid_text(bid: int) -> str:
    """``"smudge"`` for 5, the number otherwise: how people say a bid."""
    return "smudge" if bid == SMUDGE else str(bid)


def extra_fields(payload: Mapping[str, Any], known: frozenset[str]) -> Mapping[str, Any]:
    """The fields of ``payload`` the rules ignore (all but ``known``), kept as they came."""
    if payload.keys() <= known:
        return NO_EXTRA
    return {k: v for k, v in payload.items() if k not in known}


def _shown(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def read_player(payload: Mapping[str, Any], key: str = "player") -> str:
    """A player-name field; EventError when missing or not a string."""
    value = payload.get(key)
    if type(value) is str:
        return value
    if value is None:
        raise EventError(_("'{key}' is missing").format(key=key))
    raise EventError(
        _("'{key}': {shown} is not a player in this match").format(key=key, shown=_shown(value))
    )


def read_card(value: object, key: str) -> Card:
    """A card field in any notation the record accepts; CardError naming the field."""
    card = CARD_TEXT.get(value) if type(value) is str else None
    if card is not None:
        return card
    if value is None:
        raise EventError(_("'{key}' is missing").format(key=key))
    try:
        return Card.parse(value)
    except CardError as exc:
        raise CardError(f"'{key}': {exc}") from None


def read_bid(value: object) -> int:
    """A bid: the integers 2 to 5, or exactly ``"smudge"`` (= 5)."""
    if value == "smudge":
        return SMUDGE
    if type(value) is int and value in BIDS:
        return value
    if value is None:
        raise EventError(_("'bid' is missing"))
    raise EventError(
        _("'bid': {shown} is not a bid (2, 3, 4, 5 or \"smudge\")").format(shown=_shown(value))
    )


@dataclass(frozen=True, slots=True)
class MatchStarted:
    """The players in seat order (clockwise), the first dealer, and how many deals.

    ``deals`` None means the default, twice the number of players.
    """

    type: ClassVar[str] = "match_started"
    players: tuple[str, ...]
    dealer: str
    deals: int | None = None
    extra: Mapping[str, Any] = field(default_factory=_no_extra)

    FIELDS: ClassVar[frozenset[str]] = frozenset(
        ("type", "version", "game", "players", "dealer", "deals")
    )

    def to_payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "version": RECORD_VERSION,
            "game": GAME,
            "players": list(self.players),
            "dealer": self.dealer,
        }
        if self.deals is not None:
            out["deals"] = self.deals
        out.update(self.extra)
        return out

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> MatchStarted:
        version = payload.get("version")
        if version is not None and (type(version) is not int or version != RECORD_VERSION):
            raise EventError(_("unsupported record version {shown}").format(shown=_shown(version)))
        game = payload.get("game")
        if game != GAME:
            if game is None:
                raise EventError(
                    _("'game' is missing: a Racehorse record says \"{game}\"").format(game=GAME)
                )
            raise EventError(
                _(
                    "'game': {shown} is not a game tourney plays (\"{game}\", or no "
                    "game for Horse Race)"
                ).format(shown=_shown(game), game=GAME)
            )
        players = payload.get("players")
        if players is None:
            raise EventError(_("'players' is missing"))
        if type(players) is not list:
            raise EventError(_("'players' must list 5 to 8 player names"))
        deals = payload.get("deals")
        if deals is not None and (type(deals) is not int or deals < 1):
            raise EventError(
                _("'deals': {shown} is not a positive whole number").format(shown=_shown(deals))
            )
        return cls(
            tuple(players), read_player(payload, "dealer"), deals, extra_fields(payload, cls.FIELDS)
        )


@dataclass(frozen=True, slots=True)
class DealStarted:
    """A new deal. ``hands`` (player -> 6 cards) makes it a known deal; without, hidden.

    ``dealer``, when given, must be the dealer the rules make.
    """

    type: ClassVar[str] = "deal_started"
    dealer: str | None = None
    hands: Mapping[str, tuple[Card, ...]] | None = None
    extra: Mapping[str, Any] = field(default_factory=_no_extra)

    FIELDS: ClassVar[frozenset[str]] = frozenset(("type", "dealer", "hands"))

    def to_payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.dealer is not None:
            out["dealer"] = self.dealer
        if self.hands is not None:
            out["hands"] = {name: [c.text for c in cards] for name, cards in self.hands.items()}
        out.update(self.extra)
        return out

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> DealStarted:
        dealer = payload.get("dealer")
        if dealer is not None and type(dealer) is not str:
            raise EventError(
                _("'dealer': {shown} is not a player in this match").format(shown=_shown(dealer))
            )
        given = payload.get("hands")
        hands: dict[str, tuple[Card, ...]] | None = None
        if given is not None:
            if type(given) is not dict:
                raise EventError(_("'hands': expected an object of player -> 6 cards"))
            hands = {}
            for name, cards in given.items():
                if type(cards) is not list:
                    raise EventError(
                        _("'hands': {name}'s cards must be a list of 6 cards").format(name=name)
                    )
                try:  # every card in its written form: one lookup each
                    parsed = tuple(map(CARD_TEXT.__getitem__, cards))
                except (KeyError, TypeError):
                    parsed = tuple(read_card(c, "hands") for c in cards)
                hands[name] = parsed
        return cls(dealer, hands, extra_fields(payload, cls.FIELDS))


@dataclass(frozen=True, slots=True)
class BidMade:
    """An auction bid: 2, 3, 4 or 5 (smudge). The dealer may equal the highest bid."""

    type: ClassVar[str] = "bid"
    player: str
    bid: int
    extra: Mapping[str, Any] = field(default_factory=_no_extra)

    FIELDS: ClassVar[frozenset[str]] = frozenset(("type", "player", "bid"))

    def to_payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "bid": self.bid}
        out.update(self.extra)
        return out

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> BidMade:
        return cls(
            read_player(payload), read_bid(payload.get("bid")), extra_fields(payload, cls.FIELDS)
        )


@dataclass(frozen=True, slots=True)
class Passed:
    """An auction pass."""

    type: ClassVar[str] = "passed"
    player: str
    extra: Mapping[str, Any] = field(default_factory=_no_extra)

    FIELDS: ClassVar[frozenset[str]] = frozenset(("type", "player"))

    def to_payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player}
        out.update(self.extra)
        return out

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> Passed:
        return cls(read_player(payload), extra_fields(payload, cls.FIELDS))


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """One card played to the current trick."""

    type: ClassVar[str] = "card_played"
    player: str
    card: Card
    extra: Mapping[str, Any] = field(default_factory=_no_extra)

    FIELDS: ClassVar[frozenset[str]] = frozenset(("type", "player", "card"))

    def to_payload(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "card": self.card.text}
        out.update(self.extra)
        return out

    @classmethod
    def from_payload(cls, payload: Mapping[str, Any]) -> CardPlayed:
        return cls(
            read_player(payload),
            read_card(payload.get("card"), "card"),
            extra_fields(payload, cls.FIELDS),
        )


_new = object.__new__
_set_player, _set_card, _set_extra = (
    getattr(CardPlayed, name).__set__ for name in ("player", "card", "extra")
)


def card_played(player: str, card: Card, extra: Mapping[str, Any] = NO_EXTRA) -> CardPlayed:
    """``CardPlayed(player, card, extra)``, built through the slot descriptors.

    The same object in less than half the time: self-play and the record reader make one
    per card, and a frozen dataclass's ``__init__`` pays ``object.__setattr__`` per field.
    Only for arguments already checked.
    """
    event: CardPlayed = _new(CardPlayed)
    _set_player(event, player)
    _set_card(event, card)
    _set_extra(event, extra)
    return event


Event = MatchStarted | DealStarted | BidMade | Passed | CardPlayed
"""Any event of a Racehorse match stream."""

EVENT_TYPES: dict[str, type[Event]] = {
    cls.type: cls for cls in (MatchStarted, DealStarted, BidMade, Passed, CardPlayed)
}


def event_from_dict(obj: object) -> Event:
    """The event a record line's JSON object (``type`` included) stands for.

    Raises EventError or CardError with a one-line reason quoting the field.
    """
    if type(obj) is not dict:
        raise EventError(_("a record line must be a JSON object"))
    kind = obj.get("type")
    cls = EVENT_TYPES.get(kind) if type(kind) is str else None
    if cls is None:
        if kind is None:
            raise EventError(_("'type' is missing"))
        raise EventError(_("unknown event type {shown}").format(shown=_shown(kind)))
    return cls.from_payload(obj)


def event_to_dict(event: Event) -> dict[str, Any]:
    """The record line of an event: ``type`` first, then its payload in canonical order."""
    return {"type": event.type, **event.to_payload()}
