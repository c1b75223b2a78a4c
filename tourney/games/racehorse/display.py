"""How Racehorse tables are put in words outside the match (`tourney.gamekit.Display`).

`tourney standings` reads `table_sizes_text` and `play_label` alone: `progress_text` and
`board` import what they need of the engine."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tourney.i18n import _, ngettext, npage_, page_, page_mark


class RacehorseDisplay:
    net_units = True
    table_sizes_text = page_mark("5 to 8")  # MIN_PLAYERS to MAX_PLAYERS, for the translators

    def play_label(self, settings: Mapping[str, Any]) -> str:
        deals = settings.get("deals")
        size = settings["table_size"]
        if not deals:
            return page_("Racehorse, tables of {size}, twice the players' deals a match").format(
                size=size
            )
        return npage_(
            "Racehorse, tables of {size}, {deals} deal a match",
            "Racehorse, tables of {size}, {deals} deals a match",
            deals,
        ).format(size=size, deals=deals)

    def length_text(self, settings: Mapping[str, Any]) -> str:
        deals = settings.get("deals")
        if deals:
            return ngettext("{n} deal a match", "{n} deals a match", deals).format(n=deals)
        return _("deals a match: twice the players")

    def progress_text(self, done: int, settings: Mapping[str, Any], seats: int) -> str:
        from tourney.games.racehorse.match import default_deals

        deals = settings.get("deals")
        count = deals if deals is not None else default_deals(seats)
        return page_("deal {number} of {count}").format(number=done, count=count)

    def board(self, scores: Sequence[int], seats: Sequence[str]) -> tuple[str, str]:
        """No scores column: each player's net units beside their name."""
        from tourney.games.racehorse.account import units

        nets = scores or (0,) * len(seats)
        return "", " · ".join(f"{name} {units(net)}" for name, net in zip(seats, nets, strict=True))


DISPLAY = RacehorseDisplay()
