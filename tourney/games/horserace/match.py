"""A match of Horse Race as a state machine over its events.

``Match.apply(event)`` checks an event against every rule and applies it, or raises a
``RuleError`` that names the rule and quotes the input, leaving the match unchanged.
Like python-chess's ``Board``, a ``Match`` is a mutable value with ``copy()``: replay and
self-play are folds over thousands of events, and copying the layout at every step would
cost more than the rules themselves. Nothing here does I/O.

Known hands (the deal is given) are checked completely. Hidden hands (a physical table)
are checked as far as what was seen allows: turns, continuation, tiles on the table or known
to be held, draws against the boneyard's size, and the reveals at the end of the hand.
"""

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from tourney.games.horserace.errors import EventError, RuleError
from tourney.games.horserace.events import (
    DEFAULT_TARGET,
    Event,
    HandStarted,
    MatchStarted,
    Passed,
    TileDrawn,
    TilePlaced,
    TilesRevealed,
)
from tourney.games.horserace.layout import Layout
from tourney.games.horserace.scoring import blocked_credits, domino_credits
from tourney.games.horserace.tiles import DOUBLE_SIX, Tile, pip_total
from tourney.i18n import _, ngettext

if TYPE_CHECKING:
    from tourney.gamekit import GameEvent

HAND_SIZE = {2: 7, 3: 6, 4: 5}
"""Tiles dealt to each player, by the number of players."""


class Phase(Enum):
    NOT_STARTED = "not started"
    BETWEEN_HANDS = "between hands"
    IN_HAND = "in hand"
    AWAITING_REVEALS = "awaiting reveals"
    OVER = "over"


class HandEnd(StrEnum):
    DOMINO = "domino"
    BLOCKED = "blocked"
    TARGET = "target"


# The members the replay's hot paths compare against, as module globals: looking a member up
# on its Enum class costs ten times a global's lookup on Python 3.11 (~0.2 us an event).
_IN_HAND = Phase.IN_HAND
_INDEX = attrgetter("index")
"""A tile's place in the set, as a sort key: the order `Tile.__lt__` gives, in C."""
_BETWEEN_HANDS = Phase.BETWEEN_HANDS


@dataclass(slots=True)
class HandSummary:
    number: int
    opener: str
    known: bool
    end: HandEnd | None = None
    credits: list[int] = field(default_factory=list)


class Placement(NamedTuple):
    """One placement as scored: the counted sum after it and the points it made."""

    line: int | None
    player: str
    tile: Tile
    on: Tile | None
    ends: int
    points: int
    hand: int
    continues: bool


class Outcome(NamedTuple):
    """What applying one event did, for accounts and consoles."""

    placement: Placement | None = None
    hand_ended: HandEnd | None = None
    credits: tuple[int, ...] | None = None
    match_over: bool = False


NOTHING = Outcome()
"""The outcome of an event that neither placed a tile nor ended anything."""
_new_tuple = tuple.__new__


def _names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


class Match:
    """The state of one match; feed it events with ``apply``."""

    __slots__ = (
        "_continuation",
        "_drawn",
        "_drew",
        "_next_opener",
        "_passes",
        "_reveals",
        "_reveals_needed",
        "boneyard",
        "boneyard_size",
        "counts",
        "hand",
        "hands",
        "held",
        "layout",
        "n",
        "partnerships",
        "phase",
        "placements",
        "players",
        "scores",
        "seat_of",
        "side_of",
        "sides",
        "target",
        "turn",
        "winners",
    )

    def __init__(self) -> None:
        self.phase = Phase.NOT_STARTED
        self.players: tuple[str, ...] = ()
        self.n = 0
        self.partnerships = False
        self.target = DEFAULT_TARGET
        self.seat_of: dict[str, int] = {}
        self.side_of: list[int] = []
        self.sides: list[tuple[str, ...]] = []
        self.scores: list[int] = []
        self.winners: list[int] = []
        self.hands: list[HandSummary] = []
        self.placements: list[Placement] = []
        self._next_opener: int | None = None
        self._new_hand_state()

    def _new_hand_state(self) -> None:
        self.hand: HandSummary | None = None
        self.layout = Layout()
        self.held: list[set[Tile]] = [set() for _ in range(self.n)]
        """Known hands: each seat's tiles. Hidden hands: the tiles each seat was seen to draw."""
        self.counts: list[int] = [0] * self.n
        self.boneyard: set[Tile] = set()
        self.boneyard_size = 0
        self.turn = -1
        self._continuation = False
        self._drew = False
        self._drawn: Tile | None = None
        self._passes = 0
        self._reveals_needed: list[int] = []
        self._reveals: dict[int, tuple[Tile, ...]] = {}

    @classmethod
    def replay(cls, events: Iterator[Event] | Sequence[Event]) -> "Match":
        """A match with every event applied; raises at the first illegal one."""
        match = cls()
        for event in events:
            match.apply(event)
        return match

    def copy(self) -> "Match":
        new = Match.__new__(Match)
        for name in Match.__slots__:
            setattr(new, name, getattr(self, name))
        new.scores = self.scores[:]
        new.winners = self.winners[:]
        new.hands = [
            HandSummary(h.number, h.opener, h.known, h.end, h.credits[:]) for h in self.hands
        ]
        new.hand = new.hands[-1] if self.hand is not None else None
        new.placements = self.placements[:]
        new.layout = self.layout.copy()
        new.held = [set(s) for s in self.held]
        new.counts = self.counts[:]
        new.boneyard = set(self.boneyard)
        new._reveals_needed = self._reveals_needed[:]
        new._reveals = dict(self._reveals)
        return new

    def dealt_copy(
        self, held: Sequence[Iterable[Tile]], boneyard: Iterable[Tile], drawn: Tile | None
    ) -> "Match":
        """A copy of this match, in a hidden hand, with the hand made known: each seat's
        tiles (as many as it holds), the boneyard, and the tile the player to move has just
        drawn unseen (None when it has not): one world the live win chances play out."""
        assert self.phase is Phase.IN_HAND and self.hand is not None
        new = self.copy()
        new.held = [set(tiles) for tiles in held]
        new.boneyard = set(boneyard)
        if [len(tiles) for tiles in new.held] != self.counts or len(new.boneyard) != (
            self.boneyard_size
        ):
            raise ValueError("a dealt copy holds what the hidden hand counts")
        hand = self.hand
        new.hand = new.hands[-1] = HandSummary(hand.number, hand.opener, True, hand.end, [
            *hand.credits])  # fmt: skip
        if self._drew and self._drawn is None:
            new._drawn = drawn
        return new

    # -- questions -------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.phase is not Phase.NOT_STARTED

    @property
    def finished(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def known(self) -> bool:
        """Whether the current hand's deal is known."""
        return self.hand is not None and self.hand.known

    @property
    def to_move(self) -> str | None:
        """The player whose turn it is, or None outside a hand."""
        return self.players[self.turn] if self.phase is Phase.IN_HAND else None

    @property
    def continuation_owed(self) -> bool:
        return self.phase is Phase.IN_HAND and self._continuation

    @property
    def passes(self) -> int:
        """How many players have passed in a row since the last placement."""
        return self._passes

    @property
    def drawn_tile(self) -> Tile | None:
        """The tile the player to move just drew, when it was seen."""
        return self._drawn if self._drew else None

    @property
    def reveals_needed(self) -> list[str]:
        """Players whose reveal the count still waits for (hidden hands)."""
        if self.phase is not Phase.AWAITING_REVEALS:
            return []
        return [self.players[s] for s in self._reveals_needed if s not in self._reveals]

    @property
    def next_opener(self) -> str | None:
        """Who opens the next hand by rule, or None when a lot decides."""
        return None if self._next_opener is None else self.players[self._next_opener]

    def hand_of(self, player: str) -> frozenset[Tile]:
        """Known hands: the player's tiles. Hidden hands: the tiles they were seen to draw."""
        return frozenset(self.held[self.seat_of[player]])

    def side_of_player(self, player: str) -> int:
        return self.side_of[self.seat_of[player]]

    def legal_placements(self) -> Iterator[tuple[Tile, Tile | None]]:
        """Every (tile, on) the player to move may place now, in a known hand."""
        yield from self.legal_placement_list()

    def legal_placement_list(self) -> list[tuple[Tile, Tile | None]]:
        """`legal_placements` as a list: the tiles held in set order (``0-0`` first), each
        with the table tiles it may go on (`Layout.targets`). Self-play asks it at every
        move: one list, no generator."""
        if self.phase is not _IN_HAND:
            return []
        hand = self.hand
        if hand is None or not hand.known:
            return []
        opened = self.layout.open
        if self._drew:
            if self._drawn is None:
                return []
            candidates: Sequence[Tile] = (self._drawn,)
        else:
            candidates = sorted(self.held[self.turn], key=_INDEX)
        if not self.layout.order:
            return [(tile, None) for tile in candidates]
        found: list[tuple[Tile, Tile | None]] = []
        for tile in candidates:
            low = opened[tile.low]
            if low:
                found += [(tile, on) for on in low]
            if not tile.is_double:
                high = opened[tile.high]
                if high:
                    found += [(tile, on) for on in high]
        return found

    def can_place(self) -> bool:
        """Whether the player to move holds a tile that fits (known or seen tiles only)."""
        if self.phase is not Phase.IN_HAND:
            return False
        if self.layout.empty:
            return True
        fits = self.layout.fits
        return any(fits(t) for t in self.held[self.turn])

    # -- applying events -------------------------------------------------------------------

    def check(self, event: Event) -> None:
        """Raise the RuleError ``apply`` would raise, without changing anything."""
        self.copy().apply(event)

    def apply(self, event: "GameEvent", line: int | None = None) -> Outcome:
        """Check ``event`` against the rules and apply it.

        ``line`` is kept on placements (the record line or stream version). Raises
        RuleError (or EventError for malformed fields) and leaves the match unchanged.
        """
        try:
            handler = _HANDLERS[type(event)]  # a subscript, not a method call: every event
        except KeyError:
            raise EventError(_("unknown event {event!r}").format(event=event)) from None
        return handler(self, event, line)

    def _start_match(self, event: MatchStarted, line: int | None = None) -> Outcome:
        if self.phase is not Phase.NOT_STARTED:
            raise RuleError(_("match_started appears twice: the match has already started"))
        players = event.players
        if not isinstance(players, tuple | list) or not 2 <= len(players) <= 4:
            raise EventError(_("'players': a match has 2, 3 or 4 players"))
        for name in players:
            if not isinstance(name, str) or not name.strip():
                raise EventError(_("'players': {name!r} is not a player name").format(name=name))
        if len(set(players)) != len(players):
            dup = next(p for p in players if players.count(p) > 1)
            raise EventError(_("'players': {dup} is listed twice").format(dup=dup))
        if not isinstance(event.partnerships, bool):
            raise EventError(
                _("'partnerships': {partnerships!r} is not true or false").format(
                    partnerships=event.partnerships
                )
            )
        if event.partnerships and len(players) != 4:
            raise EventError(
                _("'partnerships': partnerships need 4 players, not {count}").format(
                    count=len(players)
                )
            )
        target = event.target
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise EventError(
                _("'target': {target!r} is not a positive whole number of points").format(
                    target=target
                )
            )
        self.players = tuple(players)
        self.n = len(players)
        self.partnerships = event.partnerships
        self.target = target
        self.seat_of = {name: seat for seat, name in enumerate(players)}
        if event.partnerships:
            self.side_of = [0, 1, 0, 1]
            self.sides = [(players[0], players[2]), (players[1], players[3])]
        else:
            self.side_of = list(range(self.n))
            self.sides = [(p,) for p in players]
        self.scores = [0] * len(self.sides)
        self._new_hand_state()
        self.phase = Phase.BETWEEN_HANDS
        return NOTHING

    def _refuse_outside_hand(self, what: str) -> None:
        """Raise the right error when an event comes while no hand is being played."""
        phase = self.phase
        if phase is _IN_HAND:
            return
        if phase is Phase.NOT_STARTED:
            raise RuleError(_("no match has started: expected match_started"))
        if phase is Phase.OVER:
            raise RuleError(_("event after the match ended"))
        if phase is Phase.AWAITING_REVEALS:
            raise RuleError(
                "the count is not made yet: waiting for tiles_revealed from "
                + _names(self.reveals_needed)
            )
        if not self.hands:
            raise RuleError(_("no hand has started: expected hand_started"))
        raise RuleError(_("the hand is over: expected hand_started, not {what}").format(what=what))

    def _seat(self, player: object) -> int:
        seat = self.seat_of.get(player) if isinstance(player, str) else None
        if seat is None:
            shown = player if isinstance(player, str | int) else repr(player)
            raise RuleError(
                _("'player': {shown} is not a player in this match").format(shown=shown)
            )
        return seat

    def _check_turn(self, seat: int) -> None:
        if seat != self.turn:
            mover = self.players[self.turn]
            if self._continuation:
                raise RuleError(
                    _(
                        "{mover} keeps the turn after a double or a scoring tile, not {players}"
                    ).format(mover=mover, players=self.players[seat])
                )
            raise RuleError(
                _("it is {mover}'s turn, not {players}'s").format(
                    mover=mover, players=self.players[seat]
                )
            )

    def _owed_drawn(self, seat: int) -> None:
        """A playable tile just drawn must be placed at once."""
        drawn = self._drawn
        if self._drew and drawn is not None and self.layout.fits(drawn):
            raise RuleError(
                _("{players} must place {drawn}, the playable tile just drawn").format(
                    players=self.players[seat], drawn=drawn
                )
            )

    def _place(self, event: TilePlaced, line: int | None) -> Outcome:
        # The hot path of replay and self-play: locals over attributes, checks first,
        # nothing changed until every check has passed.
        if self.phase is not _IN_HAND:
            self._refuse_outside_hand("tile_placed")
        seat = self.seat_of.get(event.player, -1)
        if seat != self.turn:
            self._check_turn(self._seat(event.player))
        tile = event.tile
        if tile not in self.held[seat]:
            hand = self.hand
            assert hand is not None
            self._refuse_tile(seat, tile, hand.known)
        if self._drew:
            drawn = self._drawn
            if drawn is not None and tile is not drawn:
                self._refuse_after_draw(seat, drawn, tile)
        on = event.on
        return self._placed(seat, tile, on, self.layout.check(tile, on), line)

    def play_legal(self, tile: Tile, on: Tile | None) -> Outcome:
        """Apply the placement ``(tile, on)`` the player to move was offered by
        `legal_placement_list` just now, without checking it again: the rules' own change
        of the match (`_placed`), for self-play's playouts. Anything else: use `apply`."""
        if on is None:
            value = -1
        else:
            value = on.low if on.low == tile.low or on.low == tile.high else on.high
        return self._placed(self.turn, tile, on, value, None)

    def _placed(
        self, seat: int, tile: Tile, on: Tile | None, value: int, line: int | None
    ) -> Outcome:
        """Place ``tile`` from ``seat``'s hand on ``on`` at ``value`` (checked): score it,
        and end the turn, the hand or the match as the rules say."""
        hand = self.hand
        assert hand is not None
        held = self.held
        drew = self._drew
        ends = self.layout.place(tile, on, value)
        points = ends // 5 if ends > 0 and ends % 5 == 0 else 0
        side = self.side_of[seat]
        scores = self.scores
        if points:
            scores[side] += points
        held[seat].discard(tile)
        counts = self.counts
        left = counts[seat] = counts[seat] - 1
        continues = not drew and (points > 0 or tile.is_double)
        # tuple.__new__ directly: a NamedTuple's generated __new__ is a Python call per event.
        placement: Placement = _new_tuple(
            Placement, (line, self.players[seat], tile, on, ends, points, hand.number, continues)
        )
        self.placements.append(placement)
        self._passes = 0
        self._drew = False
        self._drawn = None
        if scores[side] >= self.target:
            hand.end = HandEnd.TARGET
            self.winners = [side]
            self.phase = Phase.OVER
            return Outcome(placement, HandEnd.TARGET, None, True)
        if left == 0:
            self._next_opener = seat
            if hand.known:
                return self._count(
                    HandEnd.DOMINO, placement, [pip_total(h) for h in held], domino_seat=seat
                )
            hand.end = HandEnd.DOMINO
            self._reveals_needed = [s for s in range(self.n) if self.side_of[s] != side]
            self.phase = Phase.AWAITING_REVEALS
            return Outcome(placement, HandEnd.DOMINO)
        self._continuation = continues
        if not continues:
            self.turn = (seat + 1) % self.n
        outcome: Outcome = _new_tuple(Outcome, (placement, None, None, False))
        return outcome

    place_tile = _place
    """``apply`` for a ``TilePlaced``, without the dispatch on the event's type."""

    def _refuse_after_draw(self, seat: int, drawn: Tile, tile: Tile) -> None:
        """Only the tile just drawn may follow a draw; say why, whether it fits or not."""
        player = self.players[seat]
        if self.layout.fits(drawn):
            raise RuleError(
                _("{player} must place {drawn}, the playable tile just drawn").format(
                    player=player, drawn=drawn
                )
            )
        raise RuleError(
            _(
                "{player} just drew {drawn}, which does not fit: {player} must "
                "draw again (or pass once the boneyard is empty), not place "
                "{tile}"
            ).format(player=player, drawn=drawn, tile=tile)
        )

    def _refuse_tile(self, seat: int, tile: Tile, known: bool) -> None:
        """Raise when ``seat`` cannot be holding ``tile`` (it is not among its known tiles)."""
        player = self.players[seat]
        if tile in self.layout:
            raise RuleError(_("{tile} is already on the table").format(tile=tile))
        if known:
            raise RuleError(
                _("{player} does not hold {tile} ({whereabouts})").format(
                    player=player, tile=tile, whereabouts=self._whereabouts(tile)
                )
            )
        for other, tiles in enumerate(self.held):
            if other != seat and tile in tiles:
                raise RuleError(
                    _("{player} does not hold {tile} ({players} drew it)").format(
                        player=player, tile=tile, players=self.players[other]
                    )
                )
        mine = self.held[seat]
        if len(mine) >= self.counts[seat]:
            raise RuleError(
                f"{player} does not hold {tile}: their only tiles are "
                + ", ".join(str(t) for t in sorted(mine))
            )

    def _whereabouts(self, tile: Tile) -> str:
        if tile in self.boneyard:
            return "it is in the boneyard"
        for seat, tiles in enumerate(self.held):
            if tile in tiles:
                return f"{self.players[seat]} holds it"
        return "it is not in play"

    def _draw(self, event: TileDrawn, line: int | None = None) -> Outcome:
        self._refuse_outside_hand("tile_drawn")
        seat = self._seat(event.player)
        self._check_turn(seat)
        player = self.players[seat]
        if self.layout.empty:
            raise RuleError(
                _("{player} opens the hand and must place a tile, not draw").format(player=player)
            )
        self._owed_drawn(seat)
        self._check_unable(seat, "draw")
        if self.boneyard_size == 0:
            raise RuleError(_("the boneyard is empty"))
        tile = event.tile
        hand = self.hand
        assert hand is not None
        if hand.known:
            if tile is None:
                raise EventError(
                    _("'tile' is missing: {player}'s draw in a known hand names it").format(
                        player=player
                    )
                )
            if tile not in self.boneyard:
                if tile in self.layout:
                    raise RuleError(
                        _("{tile} is not in the boneyard (it is on the table)").format(tile=tile)
                    )
                raise RuleError(
                    _("{tile} is not in the boneyard ({whereabouts})").format(
                        tile=tile, whereabouts=self._whereabouts(tile)
                    )
                )
            self.boneyard.discard(tile)
        elif tile is not None:
            if tile in self.layout:
                raise RuleError(_("{tile} is already on the table").format(tile=tile))
            for other, tiles in enumerate(self.held):
                if tile in tiles:
                    raise RuleError(
                        _("{tile} cannot be drawn: {players} already drew it").format(
                            tile=tile, players=self.players[other]
                        )
                    )
        if tile is not None:
            self.held[seat].add(tile)
        self.boneyard_size -= 1
        self.counts[seat] += 1
        self._drew = True
        self._drawn = tile
        return NOTHING

    def _check_unable(self, seat: int, what: str) -> None:
        """Drawing and passing need no legal placement (known or seen tiles)."""
        layout = self.layout
        free = layout.free  # `layout.fits` inlined: every draw and pass asks it of a hand
        for tile in self.held[seat]:
            if free[tile.low] > 0 or free[tile.high] > 0:
                break
        else:
            return
        for tile in sorted(self.held[seat]):
            if layout.fits(tile):
                on = next(layout.targets(tile))
                raise RuleError(
                    _("{players} must place, not {what}: {tile} fits on {on}").format(
                        players=self.players[seat], what=what, tile=tile, on=on
                    )
                )

    def _pass(self, event: Passed, line: int | None = None) -> Outcome:
        self._refuse_outside_hand("passed")
        seat = self._seat(event.player)
        self._check_turn(seat)
        player = self.players[seat]
        if self.layout.empty:
            raise RuleError(
                _("{player} opens the hand and must place a tile, not pass").format(player=player)
            )
        self._owed_drawn(seat)
        self._check_unable(seat, "pass")
        if self.boneyard_size:
            raise RuleError(
                ngettext(
                    "the boneyard is not empty ({n} tile): {player} must draw, not pass",
                    "the boneyard is not empty ({n} tiles): {player} must draw, not pass",
                    self.boneyard_size,
                ).format(n=self.boneyard_size, player=player)
            )
        self._passes += 1
        self._drew = False
        self._drawn = None
        self._continuation = False
        self.turn = (seat + 1) % self.n
        if self._passes < self.n:
            return NOTHING
        hand = self.hand
        assert hand is not None
        self._next_opener = None
        if hand.known:
            return self._count(HandEnd.BLOCKED, None, [pip_total(h) for h in self.held])
        hand.end = HandEnd.BLOCKED
        self._reveals_needed = list(range(self.n))
        self.phase = Phase.AWAITING_REVEALS
        return Outcome(None, HandEnd.BLOCKED)

    def _count(
        self,
        end: HandEnd,
        placement: Placement | None,
        pips: list[int],
        domino_seat: int | None = None,
    ) -> Outcome:
        """Make the end-of-hand count and apply every credit at once."""
        if domino_seat is not None:
            credits = domino_credits(self.side_of, pips, domino_seat)
        else:
            credits = blocked_credits(self.side_of, pips)
        hand = self.hand
        assert hand is not None
        hand.end = end
        hand.credits = credits
        scores = self.scores
        for side, credit in enumerate(credits):
            scores[side] += credit
        self.winners = [s for s, score in enumerate(scores) if score >= self.target]
        self.phase = Phase.OVER if self.winners else Phase.BETWEEN_HANDS
        self.turn = -1
        return Outcome(placement, end, tuple(credits), bool(self.winners))

    def _start_hand(self, event: HandStarted, line: int | None = None) -> Outcome:
        phase = self.phase
        if phase is not _BETWEEN_HANDS:
            if phase is _IN_HAND:
                raise RuleError(_("hand_started before the current hand ended"))
            self._refuse_outside_hand("hand_started")
        by_rule = self._next_opener
        opener_name = event.opener
        if opener_name is None:
            if by_rule is None:
                why = "the first hand" if not self.hands else "after a blocked hand"
                raise EventError(
                    _("'opener' is missing: {why}, the opener is chosen by lot").format(why=why)
                )
            opener = by_rule
        else:
            seat = self.seat_of.get(opener_name) if isinstance(opener_name, str) else None
            if seat is None:
                raise RuleError(
                    _("'opener': {opener_name} is not a player in this match").format(
                        opener_name=opener_name
                    )
                )
            if by_rule is not None and seat != by_rule:
                raise RuleError(
                    _(
                        "{players} placed the last tile and opens this hand, not {opener_name}"
                    ).format(players=self.players[by_rule], opener_name=opener_name)
                )
            opener = seat
        size = HAND_SIZE[self.n]
        held: list[set[Tile]] = [set() for _ in range(self.n)]
        boneyard: set[Tile] = set()
        if event.deal is not None:
            deal = event.deal
            seen: set[Tile] = set()
            for name in deal:
                if name not in self.seat_of:
                    raise RuleError(
                        _("'deal': {name} is not a player in this match").format(name=name)
                    )
            for seat, name in enumerate(self.players):
                tiles = deal.get(name)
                if tiles is None:
                    raise EventError(_("'deal': {name}'s tiles are missing").format(name=name))
                if len(tiles) != size:
                    raise RuleError(
                        _("'deal': {name} is dealt {count} tiles, not {size}").format(
                            name=name, count=len(tiles), size=size
                        )
                    )
                mine = set(tiles)
                if len(mine) != size or not seen.isdisjoint(mine):
                    for tile in tiles:  # the first tile dealt twice, in the deal's order
                        if tile in seen:
                            raise RuleError(_("'deal': {tile} is dealt twice").format(tile=tile))
                        seen.add(tile)
                seen |= mine
                held[seat] = mine
            boneyard = set(DOUBLE_SIX) - seen
        self._new_hand_state()
        self.held = held
        self.boneyard = boneyard
        self.boneyard_size = 28 - size * self.n
        self.counts = [size] * self.n
        self.hand = HandSummary(
            len(self.hands) + 1,
            self.players[opener],
            event.deal is not None,
            None,
            [0] * len(self.sides),
        )
        self.hands.append(self.hand)
        self.turn = opener
        self.phase = _IN_HAND
        return NOTHING

    def _reveal(self, event: TilesRevealed, line: int | None = None) -> Outcome:
        hand = self.hand
        if self.phase is not Phase.AWAITING_REVEALS:
            if self.phase is Phase.IN_HAND:
                if hand is not None and hand.known:
                    raise RuleError(_("tiles_revealed is not used in a known hand"))
                raise RuleError(_("tiles_revealed before the hand ended"))
            if self.phase is Phase.BETWEEN_HANDS and hand is not None:
                if hand.known:
                    raise RuleError(_("tiles_revealed is not used in a known hand"))
                raise RuleError(_("tiles_revealed after the count was made"))
            self._refuse_outside_hand("tiles_revealed")
        assert hand is not None
        seat = self._seat(event.player)
        player = self.players[seat]
        if seat not in self._reveals_needed:
            raise RuleError(
                _("{player}'s tiles are not needed for the count").format(player=player)
            )
        if seat in self._reveals:
            raise RuleError(_("{player} has already revealed").format(player=player))
        tiles = event.tiles
        if len(set(tiles)) != len(tiles):
            raise EventError(_("'tiles': a tile is listed twice"))
        if len(tiles) != self.counts[seat]:
            raise RuleError(
                ngettext(
                    "'tiles': {player} holds {n} tile, not {count}",
                    "'tiles': {player} holds {n} tiles, not {count}",
                    self.counts[seat],
                ).format(player=player, n=self.counts[seat], count=len(tiles))
            )
        blocked = hand.end is HandEnd.BLOCKED
        for tile in tiles:
            if tile in self.layout:
                raise RuleError(_("'tiles': {tile} is on the table").format(tile=tile))
            for other, held in enumerate(self.held):
                if other != seat and tile in held:
                    raise RuleError(
                        _("'tiles': {tile} is held by {players}").format(
                            tile=tile, players=self.players[other]
                        )
                    )
            for other, shown in self._reveals.items():
                if tile in shown:
                    raise RuleError(
                        _("'tiles': {tile} was revealed by {players}").format(
                            tile=tile, players=self.players[other]
                        )
                    )
            if blocked and self.layout.fits(tile):
                raise RuleError(
                    _("'tiles': {tile} fits the layout, but {player} passed").format(
                        tile=tile, player=player
                    )
                )
        missing = self.held[seat].difference(tiles)
        if missing:
            raise RuleError(
                _("'tiles': {player} drew {min} and must reveal it").format(
                    player=player, min=min(missing)
                )
            )
        self._reveals[seat] = tuple(tiles)
        if len(self._reveals) < len(self._reveals_needed):
            return NOTHING
        pips = [pip_total(self._reveals.get(s, ())) for s in range(self.n)]
        end = hand.end
        assert end is not None
        domino_seat = self._next_opener if end is HandEnd.DOMINO else None
        return self._count(end, None, pips, domino_seat=domino_seat)

    # -- reports ---------------------------------------------------------------------------

    def summary(self, placements: bool = True) -> dict[str, Any]:
        """The ``tourney replay --json`` object of RECORD.md (``placements`` empty without)."""
        return {
            "finished": self.phase is Phase.OVER,
            "sides": [
                {"players": list(players), "score": score}
                for players, score in zip(self.sides, self.scores, strict=True)
            ],
            "winners": list(self.winners) if self.phase is Phase.OVER else [],
            "hands": [
                {
                    "number": h.number,
                    "opener": h.opener,
                    "end": None if h.end is None else h.end.value,
                    "credits": list(h.credits),
                }
                for h in self.hands
            ],
            "placements": [
                {
                    "line": p.line,
                    "player": p.player,
                    "tile": p.tile.text,
                    "ends": p.ends,
                    "points": p.points,
                }
                for p in (self.placements if placements else ())
            ],
        }

    def summary_json(self) -> str:
        """``json.dumps(self.summary(), ensure_ascii=False)``, written directly: replaying a
        whole archive prints one placement object per placement, and building a dict for
        each first costs as much as the replay of it."""
        import json

        summary = self.summary_head()
        head = json.dumps(summary, ensure_ascii=False)
        names = {name: json.dumps(name, ensure_ascii=False) for name in self.players}
        parts = [
            f'{{"line": {"null" if p.line is None else p.line}, "player": {names[p.player]}, '
            f'"tile": "{p.tile.text}", "ends": {p.ends}, "points": {p.points}}}'
            for p in self.placements
        ]
        return f'{head[:-1]}, "placements": [{", ".join(parts)}]}}'

    def summary_head(self) -> dict[str, Any]:
        """The replay object without its placements."""
        summary = self.summary(placements=False)
        del summary["placements"]
        return summary

    def layout_view(self) -> list[dict[str, Any]]:
        """The layout for display: each tile, what it was placed on, its free attach points."""
        points: dict[Tile, list[dict[str, Any]]] = {}
        for point in self.layout.attach_points():
            points.setdefault(point.tile, []).append(
                {"kind": point.kind, "value": point.value, "counted": point.counted}
            )
        return [
            {
                "tile": tile.text,
                "on": None if on is None else on.text,
                "open": points.get(tile, []),
            }
            for tile, on in self.layout.order
        ]


_HANDLERS: dict[type, Callable[[Match, Any, int | None], Outcome]] = {
    TilePlaced: Match._place,
    TileDrawn: Match._draw,
    Passed: Match._pass,
    HandStarted: Match._start_hand,
    TilesRevealed: Match._reveal,
    MatchStarted: Match._start_match,
}

__all__ = ["HAND_SIZE", "HandEnd", "HandSummary", "Match", "Outcome", "Phase", "Placement"]
