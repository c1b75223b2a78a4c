"""Where each page of a published site lives. The site is flat, so every link is a file name."""

from __future__ import annotations

import re

INDEX = "index.html"
STANDINGS = "standings"
WALL_CHART = "wall-chart.html"
BRACKET = "bracket.html"
POOLS = "pools.html"
STYLESHEET = "site.css"
REPLAY_SCRIPT = "replay.js"


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-.") or "match"


def round_page(number: int) -> str:
    return f"round-{number}.html"


def scoresheets_page(number: int) -> str:
    return f"round-{number}-scoresheets.html"


def cards_page(number: int) -> str:
    return f"round-{number}-table-cards.html"


def match_page(match_id: str) -> str:
    return f"match-{_safe(match_id)}.html"


def standings_file(extension: str) -> str:
    return f"{STANDINGS}.{extension}"
