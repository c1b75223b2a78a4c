"""Random bots playing a known Horse Race match to its end, fast: the live win chances'
playouts (issue 36: tens of thousands of hands a second on one core).

This is the engine's `Match` driven by `RandomBot`s (`simulate.BotTable.play_out`), with
the state cut down to what a playout needs and every step written in one loop over small
ints: a tile is its index in `DOUBLE_SIX`; the layout is, per value, the tiles with a free
attach point showing it (in the order `Layout.open` keeps them) and, per double, how many
of its four attach points are taken; nothing is checked, nothing is recorded. It plays by
the rules of `match.py` and `layout.py` and nothing else: `tests/unit/engine/
test_lean_playout.py` drives thousands of games through this loop and the engine side by
side, and checks every legal list, draw, pass, score, count and winner against the engine.

The bots' choice is `RandomBot`'s: each placement the engine would list, uniformly. A
boneyard's draws are uniform among its tiles (as drawing from a shuffled boneyard is).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from operator import attrgetter

from tourney.games.horserace.match import HAND_SIZE, Match, Phase
from tourney.games.horserace.tiles import DOUBLE_SIX, Tile

LOW = tuple(tile.low for tile in DOUBLE_SIX)
HIGH = tuple(tile.high for tile in DOUBLE_SIX)
PIPS = tuple(tile.pips for tile in DOUBLE_SIX)
DOUBLE = tuple(tile.is_double for tile in DOUBLE_SIX)
SECOND = tuple(7 if tile.is_double else tile.high for tile in DOUBLE_SIX)
"""The value a tile's second half offers targets at: a double's at value 7, whose list of
targets stays empty (a double joins at one value, once)."""
POINTS = tuple(ends // 5 if ends > 0 and ends % 5 == 0 else 0 for ends in range(28 * 12 + 1))
"""A placement's points by the counted sum after it (`layout.placement_points`)."""
DEALS = {
    n: tuple(slice(seat * size, seat * size + size) for seat in range(n))
    for n, size in HAND_SIZE.items()
}
"""Where each seat's hand lies in the shuffled tiles, by the number of players."""

_INDEX = attrgetter("index")
"""A `Tile`'s index (in C: a generator expression is a Python frame per use)."""

Trace = list[tuple[object, ...]]
"""What a traced playout did, step by step, for the test that checks it against the engine:
``("deal", opener, hands, boneyard)``, ``("place", seat, count, legal, held, tile, on,
points, scores)``, ``("draw", seat, tile)``, ``("pass", seat)``, ``("count", scores, winners)``;
``count`` is how many placements the loop counted and chose among, ``legal`` the lean
state's own list of them, in the engine's order (tiles sorted), ``held`` the seat's tiles
before it (a tile just drawn among them), ``scores`` after it."""


class Lean:
    """A known match as a playout needs it (ints only); `play` plays it to its end.

    ``hands``: each seat's tiles, sorted; ``boneyard``: its tiles; ``opened[v]``: the
    tiles on the table with a free attach point showing ``v`` (``opened[7]`` stays empty);
    ``taken[d]``: attach points of the double ``d`` in use (0 for the opening double, 1 for
    a double placed on a tile; its branches open at 2, it is full at 4); ``drawn``: the
    tile the player to move has just drawn (-1: they have not drawn)."""

    __slots__ = (
        "boneyard",
        "drawn",
        "ends",
        "hands",
        "in_hand",
        "n",
        "next_opener",
        "opened",
        "passes",
        "placed",
        "scores",
        "side_of",
        "taken",
        "target",
        "turn",
        "winners",
    )

    def __init__(self, n: int, side_of: Sequence[int], target: int, scores: list[int]) -> None:
        self.n = n
        self.side_of = tuple(side_of)
        self.target = target
        self.scores = scores
        self.winners: list[int] = []
        self.next_opener = -1
        self.in_hand = False
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.boneyard: list[int] = []
        self.opened: list[list[int]] = [[] for _ in range(8)]
        self.taken = [0] * 28
        self.ends = 0
        self.placed = 0
        self.turn = -1
        self.passes = 0
        self.drawn = -1

    @classmethod
    def of(cls, match: Match) -> Lean:
        """``match`` (started, not awaiting reveals) as a playout's state. In a hidden hand
        each seat holds only the tiles it was seen to draw, and the boneyard is empty: one
        world's tiles come with `dealt`."""
        phase = match.phase
        if phase is Phase.NOT_STARTED or phase is Phase.AWAITING_REVEALS:
            raise ValueError(f"a playout starts between hands or in a hand, not {phase.value}")
        lean = cls(match.n, match.side_of, match.target, match.scores[:])
        lean.winners = match.winners[:]
        opener = match.next_opener
        lean.next_opener = -1 if opener is None else match.seat_of[opener]
        if phase is not Phase.IN_HAND:
            return lean
        layout = match.layout
        lean.in_hand = True
        lean.opened = [[tile.index for tile in tiles] for tiles in layout.open] + [[]]
        taken = lean.taken
        for tile, _on in layout.order:
            if tile.is_double:
                taken[tile.index] = layout.taken(tile)
        lean.ends = layout.ends
        lean.placed = len(layout.order)
        lean.turn = match.turn
        lean.passes = match.passes
        lean.hands = [sorted(tile.index for tile in held) for held in match.held]
        lean.boneyard = [tile.index for tile in match.boneyard]
        drawn = match.drawn_tile
        lean.drawn = -1 if drawn is None else drawn.index
        return lean

    def dealt(
        self, hands: Sequence[Iterable[Tile]], boneyard: Iterable[Tile], drawn: Tile | None
    ) -> Lean:
        """A copy, in a hidden hand, with one world's unseen tiles: each seat's (added to
        those it was seen to draw), the boneyard's, and the tile the player to move has just
        drawn unseen (None when they have not)."""
        new = self._table()
        new.hands = [
            held + list(map(_INDEX, more)) for held, more in zip(self.hands, hands, strict=True)
        ]
        new.boneyard = list(map(_INDEX, boneyard))
        if drawn is not None:
            new.drawn = drawn.index
        return new

    def copy(self) -> Lean:
        new = self._table()
        new.hands = [hand[:] for hand in self.hands]
        new.boneyard = self.boneyard[:]
        return new

    def _table(self) -> Lean:
        """A copy but for the hands and the boneyard (each playout deals its own)."""
        new = Lean.__new__(Lean)
        new.n = self.n
        new.side_of = self.side_of
        new.target = self.target
        new.scores = self.scores[:]
        new.winners = self.winners[:]
        new.next_opener = self.next_opener
        new.in_hand = self.in_hand
        new.opened = [tiles[:] for tiles in self.opened]
        new.taken = self.taken[:]
        new.ends = self.ends
        new.placed = self.placed
        new.turn = self.turn
        new.passes = self.passes
        new.drawn = self.drawn
        return new

    def play(self, rng: random.Random, trace: Trace | None = None) -> int:
        """Play to the end of the match (random bots); return how many hands were played,
        the one in play counted. ``winners`` and ``scores`` then say who won."""
        return _play(self, rng, trace)


def _play(state: Lean, rng: random.Random, trace: Trace | None) -> int:
    # One loop, locals only: a hand is some twenty moves and a playout a few hands, so
    # every attribute, call and allocation here is paid a million times a second, and the
    # cost is the number of bytecodes run (bench/FINDINGS.md: about 35 instructions each).
    # So: ``free[v]`` is ``len(opened[v])``, kept as the lists change (a list's item is read
    # faster than len() is called); the rare moves (a hand's opening, a playout resumed
    # after a draw) are flags tested once a move, not states the common move works out.
    if state.winners:
        return 0
    pick = rng.getrandbits  # pick(32) % m: one of m, uniform within m / 2**32
    tracing = trace is not None
    steps: Trace = [] if trace is None else trace
    n = state.n
    side_of = state.side_of
    nsides = len(state.scores)
    target = state.target
    scores = state.scores
    low_of, high_of, second_of, pips_of, double = LOW, HIGH, SECOND, PIPS, DOUBLE
    points_of = POINTS
    dealt = n * HAND_SIZE[n]
    hands = state.hands
    boneyard = state.boneyard
    opened = state.opened
    taken = state.taken
    ends = state.ends
    turn = state.turn
    passes = state.passes
    drawn = state.drawn
    resumed = drawn >= 0  # the player to move has drawn a tile and not placed it yet
    next_opener = state.next_opener
    in_hand = state.in_hand
    opening = not state.placed  # no tile on the table: the next move opens the hand
    if in_hand:
        free = [len(tiles) for tiles in opened]
    played = 0
    tiles = list(range(28))
    # The hands cut from the shuffled tiles by map() in C: a list comprehension would be
    # a function call a hand in Python 3.11, and make the variables it reads cells.
    cut = tiles.__getitem__
    seats = DEALS[n]
    following = [*range(1, n), 0]
    while True:
        if not in_hand:
            # A new hand: the opener by rule or by lot, seven (six, five) tiles each.
            turn = next_opener if next_opener >= 0 else pick(32) % n
            for i in range(dealt):
                j = i + pick(32) % (28 - i)
                tiles[i], tiles[j] = tiles[j], tiles[i]
            hands = list(map(cut, seats))
            boneyard = tiles[dealt:]
            opened = [[], [], [], [], [], [], [], []]
            free = [0, 0, 0, 0, 0, 0, 0, 0]
            ends = passes = 0
            opening = True
            if tracing:
                steps.append(("deal", turn, [sorted(h) for h in hands], sorted(boneyard)))
        in_hand = True
        played += 1
        # -- the hand --------------------------------------------------------------------
        while True:
            hand = hands[turn]
            if opening:  # any tile held, alone on the table: both halves (a double's) open
                opening = False
                count = len(hand)
                k = pick(32) % count
                if tracing:
                    holding = sorted(hand)
                    legal: list[tuple[int, int]] = [(t, -1) for t in holding]
                tile = hand.pop(k)
                on = -1
                value = low_of[tile]
                if double[tile]:
                    taken[tile] = 0
                else:
                    other = high_of[tile]
                    opened[other].append(tile)
                    free[other] += 1
                opened[value].append(tile)
                free[value] += 1
                ends = pips_of[tile]
                again = True
            else:
                # -- choose ``tile`` and its target: the ``k``-th of ``opened[value]`` ---
                if resumed:  # the tile drawn (placed at once, as one just drawn) or none
                    resumed = False
                    tile = drawn
                    count = 0
                    if free[low_of[tile]] or free[second_of[tile]]:
                        hand.remove(tile)
                        count = -1
                else:  # every (tile, target) the seat may place, counted tile by tile
                    count = 0
                    for tile in hand:
                        count += free[low_of[tile]] + free[second_of[tile]]
                if count > 0:
                    k = pick(32) % count if count > 1 else 0
                    if tracing:
                        holding = sorted(hand)
                        legal = _legal(holding, opened)
                    # The k-th placement in the engine's order (hand order, then the low
                    # half's targets before the high half's): skip whole tiles first, so
                    # each tile passed costs one sum, then split k between the halves.
                    for tile in hand:
                        fit = free[low_of[tile]] + free[second_of[tile]]
                        if k < fit:
                            break
                        k -= fit
                    hand.remove(tile)
                    value = low_of[tile]
                    if k >= free[value]:
                        k -= free[value]
                        value = second_of[tile]
                    again = True
                else:
                    if count == 0:  # no tile fits: draw until one does
                        tile = -1
                        while boneyard:
                            drew = boneyard.pop(pick(32) % len(boneyard))
                            if tracing:
                                steps.append(("draw", turn, drew))
                            if free[low_of[drew]] or free[second_of[drew]]:
                                tile = drew
                                break
                            hand.append(drew)
                        if tile < 0:
                            if tracing:
                                steps.append(("pass", turn))
                            passes += 1
                            turn = following[turn]
                            if passes < n:
                                continue
                            # Blocked: each side tied lowest scores every other side's pips.
                            totals = [0] * nsides
                            for seat in range(n):
                                totals[side_of[seat]] += sum(map(pips_of.__getitem__, hands[seat]))
                            lowest = min(totals)
                            everything = sum(totals)
                            for side in range(nsides):
                                if totals[side] == lowest:
                                    scores[side] += (everything - lowest + 2) // 5
                            next_opener = -1
                            break
                    # The tile drawn is placed at once, on any target it has; the turn ends.
                    value = low_of[tile]
                    count = free[value] + free[second_of[tile]]
                    k = pick(32) % count
                    if tracing:
                        holding = sorted([*hand, tile])
                        legal = _legal([tile], opened)
                    if k >= free[value]:
                        k -= free[value]
                        value = second_of[tile]
                    again = False
                # -- place ``tile`` on ``on``, joined at ``value`` ---------------------------
                targets = opened[value]
                on = targets[k]
                if double[on]:
                    t = taken[on] = taken[on] + 1
                    if t == 2:
                        ends -= pips_of[on]  # both linear sides taken: counts nothing now
                    elif t == 4:
                        del targets[k]  # ``on`` is ``targets[k]``: no search (remove) needed
                else:
                    ends -= value
                    del targets[k]
                if double[tile]:
                    # Its target is a non-double (a double shows one value: two doubles never
                    # meet), just deleted from this list: the double takes its place, and
                    # ``free[value]`` stands.
                    taken[tile] = 1
                    ends += pips_of[tile]
                    targets.append(tile)
                else:
                    free[value] = len(targets)  # (cheaper than ``free[value] -= 1``)
                    other = pips_of[tile] - value
                    ends += other
                    targets = opened[other]
                    targets.append(tile)
                    free[other] = len(targets)
            passes = 0
            points = points_of[ends]
            if points:
                side = side_of[turn]
                scores[side] += points
                if tracing:
                    steps.append(
                        ("place", turn, count, legal, holding, tile, on, points, scores[:])
                    )
                if scores[side] >= target:
                    state.winners = [side]
                    return played
            elif tracing:
                steps.append(("place", turn, count, legal, holding, tile, on, 0, scores[:]))
            if not hand:
                # Domino: the side going out scores its opponents' pips.
                side = side_of[turn]
                pips = 0
                for seat in range(n):
                    if side_of[seat] != side:
                        pips += sum(map(pips_of.__getitem__, hands[seat]))
                scores[side] += (pips + 2) // 5
                next_opener = turn
                break
            # The same seat goes on after a double or a score from its hand (the usual
            # placement is neither: tested first, it settles the turn in one test).
            if not (points or double[tile]) or not again:
                turn = following[turn]
        # -- the count made ----------------------------------------------------------------
        in_hand = False
        over = max(scores) >= target
        if tracing:
            steps.append(("count", scores[:], _reached(scores, target)))
        if over:
            state.winners = _reached(scores, target)
            return played


def _reached(scores: list[int], target: int) -> list[int]:
    """The sides at ``target`` or over: a match's winners (every side that reached it)."""
    return [side for side, score in enumerate(scores) if score >= target]


def _legal(hand: Sequence[int], opened: Sequence[list[int]]) -> list[tuple[int, int]]:
    """Every (tile, on) ``hand`` may place, in the engine's order (traced playouts only)."""
    return [
        (tile, on) for tile in hand for value in (LOW[tile], SECOND[tile]) for on in opened[value]
    ]


__all__ = ["Lean", "Trace"]
