"""Games draw their pieces (issue 36): Horse Race's layout as it grows, its counted ends
outlined; Racehorse's trick with trump marked; every drawing with its text equivalent, and
nothing of a hidden hand unless asked."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.support import SHARED, SHARED_RECORDS
from tourney.gamekit import game
from tourney.games.horserace.drawing import layout_geometry

# The project's sample records (tests/support.py: beside the clone, or $TOURNEY_SHARED): the
# tests that read them are marked SHARED, skipped without them naming where they were looked
# for (failed under CI).
RECORDS = SHARED_RECORDS


def _records(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.jsonl"))[:20]


def _overlapping(order: list) -> bool:  # type: ignore[type-arg]
    centres = [c for placed in layout_geometry(order) for c, _ in placed.halves]
    return any(
        abs(x - u) < 0.99 and abs(y - v) < 0.99
        for i, (x, y) in enumerate(centres)
        for u, v in centres[i + 1 :]
    )


@SHARED
def test_drawn_layouts_show_what_lies_on_the_table_and_rarely_cross() -> None:
    """Every placed tile drawn once, each counted end outlined, a text equivalent; a line
    turns where it would run into another, so that tiles cross in under 1% of positions
    (a double or a branch hemmed in on every side still may: the words are exact)."""
    horse_race = game("horse-race")
    crossed = positions = 0
    for path in _records(RECORDS / "valid"):
        replayed = horse_race.replay_lines(path.read_text().splitlines(), keep_events=True)
        match = horse_race.new_match()
        for _line, event in replayed.events:
            match.apply(event)
            drawing = horse_race.draw(match)
            if drawing is None or event.type != "tile_placed":
                continue
            layout = match.layout  # type: ignore[attr-defined]
            positions += 1
            crossed += _overlapping(layout.order)
            used = re.findall(r'href="#hr-(\d\d)"', "".join(drawing.parts))
            assert sorted(used) == sorted(t.text.replace("-", "") for t in layout.tiles())
            assert drawing.svg().count('class="counted"') == len(layout.contributions())
            assert drawing.label and 'role="img"' in drawing.svg()
    assert positions > 1000 and crossed / positions < 0.01, (crossed, positions)


@SHARED
def test_a_trick_is_drawn_with_trump_marked_and_hands_only_when_asked() -> None:
    racehorse = game("racehorse")
    path = _records(RECORDS / "racehorse" / "valid")[0]
    lines = path.read_text().splitlines()
    replayed = racehorse.replay_lines(lines, keep_events=True)
    match = racehorse.new_match()
    seen_trump = False
    for _line, event in replayed.events[:40]:
        match.apply(event)
        drawing = racehorse.draw(match)
        if drawing is None:
            continue
        trick = match.play.trick  # type: ignore[attr-defined]
        svg = drawing.svg()
        for _seat, card in trick:
            assert f'href="#rh-{card.text}"' in svg
        trumps = sum(card.suit is match.trump for _s, card in trick)  # type: ignore[attr-defined]
        if trick:
            assert "".join(drawing.parts).count('href="#rh-trump"') == trumps
            seen_trump |= trumps > 0
        assert not drawing.below  # no hand drawn unless asked
        with_hands = racehorse.draw(match, hands=True)
        assert with_hands is not None and with_hands.below
    assert seen_trump
    assert json.loads(lines[0])["game"] == "racehorse"


def test_pieces_for_buttons_and_a_game_that_draws_nothing() -> None:
    assert 'aria-label="tile 3-5"' in game("horse-race").draw_piece("5-3")
    assert "queen of hearts" in game("racehorse").draw_piece("QH")
    assert game("horse-race").draw_piece("<script>") == ""
