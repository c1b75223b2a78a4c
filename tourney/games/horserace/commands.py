"""What a scorer typed, decided against a match: `decide(match, command) -> events`.

The functional core of the scorer's commands and console. A command is what the scorer
said ("5-3", "5-3 on 5-5", "d", "r Ann 1-2 3-4"); `decide` fills in what the rules make
certain (the player to move; the target when exactly one table tile can take the tile) and
returns the events the engine accepts, or raises the engine's own one-line refusal. The
short notation of the console and its tab completion live here too. Nothing here does I/O
or changes the match it is given.

Commands, actions and moves are named tuples, not frozen dataclasses: every one-shot command
that records a Horse Race move imports this module, and on CPython 3.11 a frozen dataclass
costs ~3 M instructions to define (seven of them were ~4% of `tourney place`).
"""

import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from tourney.games.horserace.errors import EventError, RuleError, TileError
from tourney.games.horserace.events import (
    Event,
    HandStarted,
    Passed,
    TileDrawn,
    TilePlaced,
    TilesRevealed,
)
from tourney.games.horserace.match import Match, Phase
from tourney.games.horserace.tiles import DOUBLE_SIX, Tile
from tourney.i18n import _
from tourney.names import find, fold


def _same_kind(command: tuple[object, ...], other: object) -> bool:
    """A command equals only a command of its own kind, as the frozen dataclasses they were
    did: named tuples (cheaper to define at start-up, bench/FINDINGS.md "game words and
    place") would otherwise make ``Draw() == Pass()`` true, and a test of the reader unable
    to tell them apart. (A named tuple keeps tuple's hash: equal commands hash alike.)"""
    return type(command) is type(other) and tuple.__eq__(command, other)


class Place(NamedTuple):
    """Place ``tile`` on ``on`` (None: the opening tile, or the one table tile it fits)."""

    tile: Tile
    on: Tile | None = None
    player: str | None = None

    def __eq__(self, other: object) -> bool:
        return _same_kind(self, other)

    def __ne__(self, other: object) -> bool:
        return not _same_kind(self, other)


class Draw(NamedTuple):
    """Draw one tile, seen (``tile``) or not."""

    tile: Tile | None = None
    player: str | None = None

    def __eq__(self, other: object) -> bool:
        return _same_kind(self, other)

    def __ne__(self, other: object) -> bool:
        return not _same_kind(self, other)


class Pass(NamedTuple):
    player: str | None = None

    def __eq__(self, other: object) -> bool:
        return _same_kind(self, other)

    def __ne__(self, other: object) -> bool:
        return not _same_kind(self, other)


class Reveal(NamedTuple):
    player: str
    tiles: tuple[Tile, ...]

    def __eq__(self, other: object) -> bool:
        return _same_kind(self, other)

    def __ne__(self, other: object) -> bool:
        return not _same_kind(self, other)


class StartHand(NamedTuple):
    """Start a hand; ``deal`` (every player's tiles) makes it a known hand."""

    opener: str | None = None
    deal: Mapping[str, tuple[Tile, ...]] | None = None

    def __eq__(self, other: object) -> bool:
        return _same_kind(self, other)

    def __ne__(self, other: object) -> bool:
        return not _same_kind(self, other)


Command = Place | Draw | Pass | Reveal | StartHand


class Action(NamedTuple):
    """A console word that is not an event: undo, redo, show, help, quit."""

    name: str


def decide(match: Match, command: Command) -> list[Event]:
    """The events that record ``command`` in ``match``.

    Raises the engine's RuleError, EventError or TileError (one line, quoting the input)
    when the rules refuse it; ``match`` is never changed.
    """
    event: Event
    if isinstance(command, Place):
        player = _player_or_mover(match, command.player)
        on = command.on if command.on is not None else _only_target(match, command.tile)
        event = TilePlaced(player, command.tile, on)
    elif isinstance(command, Draw):
        event = TileDrawn(_player_or_mover(match, command.player), command.tile)
    elif isinstance(command, Pass):
        event = Passed(_player_or_mover(match, command.player))
    elif isinstance(command, Reveal):
        event = TilesRevealed(find_player(match, command.player), command.tiles)
    else:
        opener = None if command.opener is None else find_player(match, command.opener)
        event = HandStarted(opener, command.deal)
    match.check(event)
    return [event]


def _player_or_mover(match: Match, player: str | None) -> str:
    if player is not None:
        return find_player(match, player)
    # Outside a hand the engine's own refusal ("no hand has started...") comes before any
    # check of the player, so any name will do.
    return match.to_move or ""


def find_player(match: Match, text: str) -> str:
    """The player ``text`` names: exactly, else ignoring case and accents, else by a unique
    prefix (`tourney.names.find`, as everywhere a name is looked up: ``zoe`` is Zoë Park).

    Unmatched or ambiguous text is returned as typed, for the engine to refuse by name.
    """
    if text in match.seat_of:
        return text
    found = find(text, match.players)
    return found[0] if len(found) == 1 else text


def targets(match: Match, tile: Tile) -> list[Tile]:
    """The table tiles ``tile`` can be placed on now."""
    return list(dict.fromkeys(match.layout.targets(tile)))


def _only_target(match: Match, tile: Tile) -> Tile | None:
    """The target when the scorer left it out: None for the opening tile; the one table tile
    that can take ``tile``; else a RuleError saying what to add."""
    layout = match.layout
    if match.phase is not Phase.IN_HAND or layout.empty or tile in layout:
        return None  # the engine's refusal (or the opening tile) needs no target
    found = targets(match, tile)
    if len(found) == 1:
        return found[0]
    if not found:
        values = sorted({p.value for p in layout.attach_points()})
        shown = ", ".join(str(v) for v in values) or "none"
        raise RuleError(
            _("{tile} fits no free attach point (the free values are {shown})").format(
                tile=tile, shown=shown
            )
        )
    listed = " and ".join(str(t) for t in found)
    raise RuleError(
        _("{tile} fits on {listed}: say which, e.g. '{tile} on {found}'").format(
            tile=tile, listed=listed, found=found[0]
        )
    )


# -- the console's short notation ----------------------------------------------------------

_WORDS = {
    "d": "draw",
    "draw": "draw",
    "p": "pass",
    "pass": "pass",
    "u": "undo",
    "undo": "undo",
    "redo": "redo",
    "r": "reveal",
    "reveal": "reveal",
    "h": "hand",
    "hand": "hand",
    "?": "help",
    "help": "help",
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
    "s": "show",
    "show": "show",
}
_SPLIT = re.compile(r"[\s,]+")


def parse(text: str, match: Match) -> Command | Action | None:
    """A console line as a command or an action; None for an empty line.

    ``5-3 on 5-5``, ``53 55``, ``53``; ``d`` / ``d 2-4``; ``p``; ``u``; ``redo``;
    ``r Ann 1-2 3-4`` (or just the tiles, for the first reveal awaited); ``h [Ann]``;
    ``s``; ``?``; ``q``. A name may have spaces, quoted or not (``h Zoë Park``,
    ``r "Zoë Park" 1-2``). Raises TileError or EventError quoting the input.
    """
    words = [w for w in _SPLIT.split(text.strip()) if w]
    if not words:
        return None
    word = _WORDS.get(words[0].casefold())
    rest = words[1:]
    if word is None:
        if match.phase is Phase.AWAITING_REVEALS:
            return Reveal(match.reveals_needed[0], _tiles(words))
        if not any(c.isdigit() for c in words[0]):
            raise EventError(
                _("'{strip}' is not a command or a tile: type ? for help").format(
                    strip=text.strip()
                )
            )
        return parse_placement(text)
    if word == "draw":
        if len(rest) > 1:
            raise EventError(
                _("'{strip}': a draw names at most one tile").format(strip=text.strip())
            )
        return Draw(Tile.parse(rest[0]) if rest else None)
    if word == "pass":
        _no_more(rest, text)
        return Pass()
    if word == "reveal":
        tiles_from = next((i for i, w in enumerate(rest) if _is_tile(w)), len(rest))
        who = _name(rest[:tiles_from])
        if not who:
            raise EventError(
                _("'{strip}': say whose tiles, e.g. 'r Ann 1-2 3-4'").format(strip=text.strip())
            )
        return Reveal(who, _tiles(rest[tiles_from:]))
    if word == "hand":
        return StartHand(_name(rest) or None)
    _no_more(rest, text)
    return Action(word)


def _name(words: list[str]) -> str:
    """A player's name typed over ``words``, with or without quotes: ``Zoë Park``,
    ``"Zoë Park"`` and ``'Zoë Park'`` are the same name."""
    name = " ".join(words)
    if len(name) >= 2 and name[0] == name[-1] and name[0] in "\"'":
        name = name[1:-1]
    return " ".join(name.split())


def _no_more(rest: list[str], text: str) -> None:
    if rest:
        raise EventError(
            _("'{strip}': unexpected '{rest}'").format(strip=text.strip(), rest=rest[0])
        )


def _tiles(words: Iterable[str]) -> tuple[Tile, ...]:
    return tuple(Tile.parse(w) for w in words)


def parse_placement(text: str) -> Place:
    """``5-3 on 5-5``, ``53 55`` or ``53`` as a placement; TileError/EventError quoting it."""
    words = [w for w in _SPLIT.split(text.strip()) if w]
    if not words:
        raise EventError(_("a placement needs a tile, e.g. '5-3 on 5-5'"))
    if len(words) >= 2 and words[1].casefold() == "on":
        words = [words[0], *words[2:]]
    if len(words) > 2:
        raise EventError(
            _("'{strip}' is not a placement: expected TILE [on TILE], e.g. '5-3 on 5-5'").format(
                strip=text.strip()
            )
        )
    return Place(Tile.parse(words[0]), Tile.parse(words[1]) if len(words) == 2 else None)


def notation(event: Event) -> str:
    """The console's short notation for ``event``: what ``parse`` reads back into it.

    Raises EventError for ``match_started``, which has no console notation.
    """
    if isinstance(event, TilePlaced):
        return f"{event.tile} on {event.on}" if event.on is not None else event.tile.text
    if isinstance(event, TileDrawn):
        return "d" if event.tile is None else f"d {event.tile}"
    if isinstance(event, Passed):
        return "p"
    if isinstance(event, TilesRevealed):
        return " ".join(["r", event.player, *(t.text for t in event.tiles)])
    if isinstance(event, HandStarted) and event.deal is None:
        return "h" if event.opener is None else f"h {event.opener}"
    raise EventError(_("{type} has no console notation").format(type=event.type))


# -- tab completion ------------------------------------------------------------------------


def placeable_tiles(match: Match) -> list[Tile]:
    """Tiles the player to move may place now, as far as the record can tell."""
    if match.phase is not Phase.IN_HAND:
        return []
    if match.known:
        return list(dict.fromkeys(t for t, _ in match.legal_placements()))
    drawn = match.drawn_tile
    if drawn is not None:
        return [drawn]
    mover = match.turn
    layout = match.layout
    return [
        t
        for t in DOUBLE_SIX
        if t not in layout
        and (layout.empty or layout.fits(t))
        and not any(t in held for seat, held in enumerate(match.held) if seat != mover)
    ]


class Moves(NamedTuple):
    """What can be recorded now, as data for buttons (the table page), asked of the engine.

    Known hands: exactly the legal moves. Hidden hands: every placement the record cannot
    rule out (the engine refuses the rest with its reason when the tiles are revealed or
    seen); draw and pass only when the engine accepts them now.
    """

    player: str | None = None
    """Who acts: the player to move, the player whose reveal is awaited, or None."""
    places: tuple[tuple[Tile, tuple[Tile | None, ...]], ...] = ()
    """Each tile that may be placed, with the table tiles it may go on (None: opening)."""
    draw: bool = False
    draw_tiles: tuple[Tile, ...] = ()
    """Known hands: the boneyard (a draw names its tile). Hidden: tiles a seen draw may be."""
    pass_: bool = False
    reveal_tiles: tuple[Tile, ...] = ()
    """Awaiting reveals: the tiles ``player`` may be holding."""
    reveal_count: int = 0
    """Awaiting reveals: how many tiles ``player`` holds."""
    openers: tuple[str, ...] = ()
    """Between hands: who may open the next hand (one name when the rule decides)."""


def _accepts(match: Match, event: Event) -> bool:
    try:
        match.check(event)
    except (RuleError, EventError):
        return False
    return True


def legal_moves(match: Match) -> Moves:
    """The moves recordable in ``match`` now (see `Moves`); ``match`` is not changed."""
    phase = match.phase
    if phase is Phase.BETWEEN_HANDS:
        rule = match.next_opener
        return Moves(openers=(rule,) if rule is not None else match.players)
    if phase is Phase.AWAITING_REVEALS:
        player = match.reveals_needed[0]
        seat = match.seat_of[player]
        return Moves(
            player=player,
            reveal_tiles=tuple(_unseen_tiles(match, player)),
            reveal_count=match.counts[seat],
        )
    if phase is not Phase.IN_HAND or match.to_move is None:
        return Moves()
    mover = match.to_move
    if match.known:
        grouped: dict[Tile, list[Tile | None]] = {}
        for tile, on in match.legal_placements():
            grouped.setdefault(tile, []).append(on)
        places = tuple((tile, tuple(dict.fromkeys(ons))) for tile, ons in grouped.items())
        boneyard = tuple(sorted(match.boneyard))
        draw = bool(boneyard) and _accepts(match, TileDrawn(mover, boneyard[0]))
        draw_tiles = boneyard if draw else ()
    else:
        empty = match.layout.empty
        places = tuple(
            (tile, (None,) if empty else tuple(targets(match, tile)))
            for tile in placeable_tiles(match)
        )
        draw = _accepts(match, TileDrawn(mover))
        draw_tiles = tuple(_unseen_tiles(match, None)) if draw else ()
    return Moves(
        player=mover,
        places=places,
        draw=draw,
        draw_tiles=draw_tiles,
        pass_=_accepts(match, Passed(mover)),
    )


def _unseen_tiles(match: Match, player: str | None) -> list[Tile]:
    """Tiles that may be drawn (or revealed by ``player``): not on the table, not known to be
    held by anyone else."""
    if match.known and player is None:
        return sorted(match.boneyard)
    own = match.seat_of.get(player, -1) if player is not None else -1
    return [
        t
        for t in DOUBLE_SIX
        if t not in match.layout
        and not any(t in held for seat, held in enumerate(match.held) if seat != own)
    ]


def _spellings(tiles: Iterable[Tile], prefix: str) -> list[str]:
    """The tiles written to continue ``prefix``: ``5-3`` for ``5``, ``53`` for ``53``."""
    out: list[str] = []
    for tile in tiles:
        for a, b in ((tile.low, tile.high), (tile.high, tile.low)):
            for text in (f"{a}-{b}", f"{a}{b}"):
                if text.startswith(prefix) and (prefix or text == tile.text) and text not in out:
                    out.append(text)
                    break
            if tile.is_double:
                break
    return out


def complete(match: Match, line: str) -> list[str]:
    """Completions of the last word of ``line`` (what is typed so far), legal now."""
    words = line.split()
    if line.endswith(" ") or not line:
        words.append("")
    before, prefix = words[:-1], words[-1]
    if not before:
        tiles = placeable_tiles(match)
        if match.phase is Phase.AWAITING_REVEALS:
            tiles = _unseen_tiles(match, match.reveals_needed[0])
        return _spellings(tiles, prefix)
    head = _WORDS.get(before[0].casefold())
    if head == "draw" and len(before) == 1:
        return _spellings(_unseen_tiles(match, None), prefix)
    if head == "reveal":
        tiles_from = next((i for i, w in enumerate(before) if _is_tile(w)), None)
        if tiles_from is None and not _is_tile(prefix):
            return _name_words(match.reveals_needed, before[1:], prefix)
        player = find_player(match, _name(before[1:tiles_from]))
        shown = {Tile.parse(w) for w in before[2:] if _is_tile(w)}
        return _spellings([t for t in _unseen_tiles(match, player) if t not in shown], prefix)
    if head == "hand":
        return _name_words(match.players, before[1:], prefix)
    if head is None and _is_tile(before[0]) and len(before) <= 2:
        if len(before) == 2 and before[1].casefold() != "on":
            return []
        found = targets(match, Tile.parse(before[0]))
        if len(before) == 1 and "on".startswith(prefix) and prefix:
            return ["on"]
        return _spellings(found, prefix)
    return []


def _name_words(names: Iterable[str], typed: list[str], prefix: str) -> list[str]:
    """Completions of the word ``prefix`` after the words ``typed`` of a player's name: the
    rest of each name that continues them (compared as `tourney.names.fold` does), from the
    word being typed on, so that the whole line then names the player as `parse` reads it
    (``h Zo`` → ``Zoë Park``; ``h Zoë P`` → ``Park``; ``h "Zo`` → ``"Zoë Park"``)."""
    first = ([*typed, prefix][0])[:1]
    quote = first if first in ("'", '"') else ""
    so_far = fold(" ".join([*typed, prefix]).removeprefix(quote))
    out: list[str] = []
    for name in names:
        rest = " ".join(name.split(" ")[len(typed) :])
        if rest and fold(name).startswith(so_far):
            out.append(("" if typed else quote) + rest + quote)
    return out


def _is_tile(text: str) -> bool:
    try:
        Tile.parse(text)
    except TileError:
        return False
    return True


__all__ = [
    "Action",
    "Command",
    "Draw",
    "Moves",
    "Pass",
    "Place",
    "Reveal",
    "StartHand",
    "complete",
    "decide",
    "find_player",
    "legal_moves",
    "notation",
    "parse",
    "parse_placement",
    "placeable_tiles",
    "targets",
]
