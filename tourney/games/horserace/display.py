"""How Horse Race tables are put in words outside the match (`tourney.gamekit.Display`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tourney.gamekit.stored import DEFAULT_TARGET
from tourney.i18n import npage_, page_, page_mark


class HorseRaceDisplay:
    net_units = False
    # A field that does not divide by four sits some tables of three.
    table_sizes_text = page_mark("3 and of 4")

    def play_label(self, settings: Mapping[str, Any]) -> str:
        target = settings.get("target", DEFAULT_TARGET)
        if settings.get("partnerships"):
            label = npage_(
                "tables of {size}, partnerships, first to {target}",
                "tables of {size}, partnerships, first to {target}",
                target,
            )
        else:
            label = npage_(
                "tables of {size}, individual, first to {target}",
                "tables of {size}, individual, first to {target}",
                target,
            )
        return label.format(size=settings["table_size"], target=target)

    def length_text(self, settings: Mapping[str, Any]) -> str:
        target = settings.get("target", DEFAULT_TARGET)
        return npage_("first to {target}", "first to {target}", target).format(target=target)

    def progress_text(self, done: int, settings: Mapping[str, Any], seats: int) -> str:
        return page_("hand {number}").format(number=done)

    def board(self, scores: Sequence[int], seats: Sequence[str]) -> tuple[str, str]:
        return "–".join(str(score) for score in scores), " · ".join(seats)


DISPLAY = HorseRaceDisplay()
