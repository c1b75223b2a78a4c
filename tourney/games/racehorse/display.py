"""How Racehorse tables are put in words outside the match (`tourney.games.Display`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tourney.games.racehorse.account import units
from tourney.games.racehorse.match import MAX_PLAYERS, MIN_PLAYERS, default_deals
from tourney.i18n import _, ngettext


class RacehorseDisplay:
    net_units = True
    table_sizes_text = f"{MIN_PLAYERS} to {MAX_PLAYERS}"

    def play_label(self, settings: Mapping[str, Any]) -> str:
        deals = settings.get("deals")
        if deals:
            return ngettext(
                "Racehorse, tables of {size}, {n} deal a match",
                "Racehorse, tables of {size}, {n} deals a match",
                deals,
            ).format(size=settings["table_size"], n=deals)
        return _("Racehorse, tables of {size}, twice the players' deals a match").format(
            size=settings["table_size"]
        )

    def length_text(self, settings: Mapping[str, Any]) -> str:
        deals = settings.get("deals")
        if deals:
            return ngettext(
                "racehorse: {n} deal a match", "racehorse: {n} deals a match", deals
            ).format(n=deals)
        return _("racehorse: twice the players deals a match")

    def progress_text(self, done: int, settings: Mapping[str, Any], seats: int) -> str:
        deals = settings.get("deals")
        return f"deal {done} of {deals if deals is not None else default_deals(seats)}"

    def board(self, scores: Sequence[int], seats: Sequence[str]) -> tuple[str, str]:
        """No scores column: each player's net units beside their name."""
        nets = scores or (0,) * len(seats)
        return "", " · ".join(f"{name} {units(net)}" for name, net in zip(seats, nets, strict=True))


DISPLAY = RacehorseDisplay()
