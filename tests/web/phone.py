"""A phone at a table, as the tests drive one: it reads the table page (the version it
shows, its CSRF token) and taps buttons, i.e. POSTs the page's forms."""

from __future__ import annotations

import re
import uuid
from collections.abc import Sequence
from typing import Any

import httpx2 as httpx

from tourney.games.horserace import Event
from tourney.web.table_routes import move_value


class Phone:
    def __init__(self, client: httpx.Client, link: str) -> None:
        self.client = client
        self.link = link
        self.at = 0
        self.csrf = ""

    def look(self) -> str:
        """Open the table page; remember its version and CSRF token; return its HTML."""
        page = self.client.get(self.link)
        assert page.status_code == 200, page.text
        self.at = int(_field(page.text, "at"))
        self.csrf = _field(page.text, "csrf")
        return page.text

    def tap(
        self,
        move: str,
        tiles: Sequence[str] = (),
        *,
        cid: str | None = None,
        at: int | None = None,
        expect: int = 303,
    ) -> Any:
        """POST one button of the page (as the browser would, with the page's version)."""
        data = {
            "move": move,
            "tiles": list(tiles),
            "at": str(self.at if at is None else at),
            "cid": cid or uuid.uuid4().hex,
            "csrf": self.csrf,
        }
        response = self.client.post(self.link, data=data, follow_redirects=False)
        assert response.status_code == expect, (move, response.status_code, response.text)
        return response

    def record(self, event: Event, players: Sequence[str]) -> None:
        """Tap the button that records ``event``, then look at the page again."""
        move, tiles = move_value(event, players)
        self.tap(move, tiles)
        self.look()


def _field(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert found, f"no {name} field on the page"
    return found.group(1)


def at_table(client: Any, server: Any, number: int) -> Phone:
    """A phone at table `number` of the night `server` serves (its table link)."""
    loaded = server.night.loaded()
    assert loaded is not None
    return Phone(client, "/t/" + server.night.token(loaded, number))
