"""Every match replayable: each position of a match, worked out by its game's engine from
the events in force (what `tourney export` writes, line for line), for the viewer on its
page (`templates/_replay.html`, `templates/replay.js`), and the race chart drawn from them.

A page carries its positions inline, so that a site opened as a folder (``file://``, where
a browser fetches nothing) replays too: the script only steps through what the server
worked out; no rule is written in JavaScript. The positions' JSON is deflated and written
in base64 (``<script type="application/octet-stream" data-encoding="deflate-base64">``):
a match's positions repeat the same markup over and over, and deflate takes a page's
~200 KB of them to ~15 KB; the browser inflates them itself (``DecompressionStream``;
a browser without it shows the last position, unstepped). Each
position holds its record index (``m``), its hand or deal (``h``), each side's score
(``s``, as ``replay --json`` orders sides), and its drawing (its text equivalent ``l``) as
indices into the page's parts (``p``): a part or a piece's shape is carried once, however
many positions show it.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tourney.gamekit import Game, GameEvent
from tourney.i18n import page_
from tourney.reports.race_chart import race_chart


@dataclass(frozen=True)
class ReplayView:
    """A match's viewer and race chart, for its page."""

    data: str
    """The positions as JSON, deflated, in base64 (safe inside a ``<script>`` element)."""
    first: dict[str, Any]
    """The position the page shows before its script runs (the last)."""
    drawing: str
    """That position's drawing (empty: the game draws nothing)."""
    shapes: str
    hands: tuple[int, ...]
    go_to: str
    """The words of the hand (deal) picker."""
    caption: str
    """What the race chart shows, in words."""
    chart: str
    moves: int


DEFLATE_LEVEL = 6
"""zlib's level for the positions: 9 makes them 6% smaller and takes twice as long."""


def packed(data: object) -> str:
    """``data`` as the page carries it: JSON, deflated (zlib's format, which the browser's
    ``DecompressionStream("deflate")`` reads), in base64 (nothing in it can end a
    ``<script>`` element)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return base64.b64encode(zlib.compress(text.encode("utf-8"), DEFLATE_LEVEL)).decode("ascii")


def unpacked(text: str) -> Any:
    """What `packed` wrote, read back (for tests and tools)."""
    return json.loads(zlib.decompress(base64.b64decode(text)).decode("utf-8"))


def replay_view(
    game_: Game,
    events: Sequence[tuple[int, GameEvent]],
    target: int | None,
) -> ReplayView | None:
    """The replay of ``events`` (each with its stream version), or None without any."""
    if not events:
        return None
    match = game_.new_match()
    parts: dict[str, int] = {}
    shapes: dict[str, str] = {}
    positions: list[dict[str, Any]] = []
    for index, (_version, event) in enumerate(events):
        match.apply(event)
        hand = len(game_.progress(match))
        drawing = game_.draw(match, hands=True)
        position: dict[str, Any] = {
            "m": index,
            "h": hand,
            "s": list(game_.result(match).scores),
        }
        if drawing is not None:
            position["p"] = [parts.setdefault(part, len(parts)) for part in drawing.parts]
            position["b"] = " ".join(f"{v:g}" for v in drawing.whole_box)
            if drawing.below:
                position["q"] = [parts.setdefault(part, len(parts)) for part in drawing.below]
                position["o"] = f"{drawing.box[0]:g} {drawing.box[1] + drawing.box[3]:g}"
            position["l"] = drawing.label
            position["c"] = drawing.css_class
            shapes.update(drawing.shapes)
        positions.append(position)
    sides = [" & ".join(side) for side in game_.sides(match)]
    hands = tuple(sorted({p["h"] for p in positions if p["h"]}))
    step = page_("deal") if game_.deals else page_("hand")
    go_to = page_("Go to deal") if game_.deals else page_("Go to hand")
    caption = (
        page_(
            "The race: each player's net after every deal; the dashed upright line marks the end."
        )
        if game_.deals
        else page_(
            "The race: each side's score after every hand; the dashed upright line marks the "
            "hand that decided it."
        )
    )
    title = page_("Scores after each deal") if game_.deals else page_("Scores after each hand")
    data = {"sides": sides, "parts": list(parts), "positions": positions}
    last = positions[-1]
    final = game_.draw(match, hands=True) if "p" in last else None
    shown = "" if final is None else final.svg(shapes=False)
    return ReplayView(
        packed(data),
        last,
        shown,
        "".join(shapes.values()),
        hands,
        go_to,
        caption,
        _chart(positions, sides, target, bool(match.finished), step, title),
        len(positions),
    )


def _chart(
    positions: list[dict[str, Any]], sides: list[str], target: int | None, finished: bool,
    step: str, title: str,
) -> str:  # fmt: skip
    """Each side's score after every hand (the last position of each), from nothing."""
    after: dict[int, list[int]] = {}
    for position in positions:
        if position["h"]:
            after[position["h"]] = position["s"]
    if not after:
        return ""
    rows = [[0] * len(sides), *(after[h] for h in sorted(after))]
    series = [[row[n] for row in rows] for n in range(len(sides))]
    decided = len(rows) - 1 if finished else None
    return race_chart(sides, series, step, target=target, decided=decided, title=title)
