"""Every action of the director's page says what it did to whom (issue 32, item 19): not
"The clock is set." but "Table 1: 5 more minutes.", not "The player is registered." but
"Gil Hart is registered.". The actions are read from the application's routes, so an action
added later fails here until it says what it did."""

from __future__ import annotations

import html
import re
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.routing import Route

from tests.cli.conftest import Cli
from tests.web.conftest import Night, serving
from tests.web.test_conduct_web import dispute
from tests.web.test_room import Now, now
from tourney.i18n import local_decimal, using
from tourney.web.director_routes import DONE
from tourney.web.flash_words import SAID, said

__all__ = ["now"]  # the server's clock, set by the test

NAMES = ("Ann Lee", "Bo Chen", "Cy Diaz", "Di Eze", "Ed Fox", "Flo Gray")


@pytest.fixture
def flash_night(tmp_path: Path, template_db: Path, now: Now) -> Iterator[Night]:
    path = tmp_path / "flash.db"
    shutil.copyfile(template_db, path)
    cli = Cli(str(path))
    cli.ok(
        "tournament", "create", "Flash", "--format", "swiss", "--table-size", "2",
        "--rounds", "3", "--check-in", "--entry-fee", "5",
    )  # fmt: skip
    for name in NAMES:
        cli.ok("player", "add", name)
    with serving(str(path)) as night:
        night.sign_in()
        yield night


def director_actions(night: Night) -> set[str]:
    """The actions of the director's page, as the application routes them: every POST
    under /director/ made by `director_routes.action` (signing in and out are not)."""
    found = set()
    for route in night.client.app.routes:  # type: ignore[attr-defined]
        if not isinstance(route, Route) or not route.path.startswith("/director/"):
            continue
        name = getattr(route.endpoint, "__name__", "")
        if "POST" in (route.methods or ()) and name.startswith("director_"):
            found.add(route.path.removeprefix("/director/"))
    return found


def match_of(night: Night, table: int) -> str:
    loaded = night.server.night.loaded()
    assert loaded is not None
    (found,) = [t.match_id for t in night.server.night.tables(loaded) if t.number == table]
    return found


def call_from(night: Night, table: int) -> dict[str, str]:
    """Table ``table`` calls the director from its phone: the answer form's fields."""
    page = night.client.get(night.link(table)).text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)
    assert csrf is not None
    night.client.post(night.link(table) + "/call", data={"csrf": csrf.group(1)})
    loaded = night.server.night.loaded()
    assert loaded is not None
    (call,) = loaded.state.room.waiting_calls()
    return {"call": call.call_id}


def disputed(night: Night, table: int) -> dict[str, str]:
    assert dispute(night, table, "2", "the last hand was 12").status_code == 200
    return {"match": f"T{table}", "note": "the sheet agrees"}


Form = Callable[[Night], dict[str, Any]]

# Each action of the director's page, in an order a night allows, with what it must say.
STEPS: list[tuple[str, Form, str]] = [
    ("door", lambda n: {"player": "p1", "door": "in"}, "Ann Lee checked in."),
    *[("door", lambda n, p=p: {"player": p, "door": "in"}, "") for p in ("p2", "p3", "p4")],
    *[("door", lambda n, p=p: {"player": p, "door": "in"}, "") for p in ("p5", "p6")],
    ("door-code", lambda n: {"code": "2468"},
     "The door&#39;s code is now 2468: print the QR poster again."),
    ("register", lambda n: {"name": "Gil Hart", "start_points": "0"}, "Gil Hart is registered."),
    ("remove", lambda n: {"player": "Gil Hart", "reason": "typed twice"},
     "Gil Hart: registration taken back."),
    ("draft", lambda n: {"draft": "make"}, "Draft of round 1: 3 tables, not published yet."),
    ("draft", lambda n: {"draft": "swap", "first": "p1", "second": "p3", "reason": "came late"},
     "Draft: Ann Lee and Cy Diaz swap places."),
    ("draft", lambda n: {"draft": "drop"},
     "The draft of round 1 is dropped: nothing was published."),
    ("draft", lambda n: {"draft": "make"}, ""),
    ("draft", lambda n: {"draft": "publish"}, "Round 1 published: 3 tables open."),
    ("clock", lambda n: {"clock": "set", "minutes": "30"}, "Round 1 lasts 30 minutes."),
    ("clock", lambda n: {"clock": "start"}, "Round 1: the clock is running, 30 minutes."),
    ("clock", lambda n: {"clock": "pause"}, "Round 1: the clock is paused."),
    ("clock", lambda n: {"clock": "resume"}, "Round 1: the clock runs again."),
    ("clock", lambda n: {"clock": "extend", "minutes": "5", "table": "1"},
     "Table 1: 5 more minutes."),
    ("clock", lambda n: {"clock": "extend", "minutes": "1", "table": ""},
     "Round 1: every table has 1 more minute."),
    ("answer", lambda n: call_from(n, 2), "Table 2: the call is answered."),
    ("result", lambda n: {"match": match_of(n, 1), "scores": ["61", "12"]},
     "Table 1: the result from the paper scoresheet is recorded."),
    ("uphold", lambda n: disputed(n, 1), "Table 1: the result is upheld, 1 dispute closed."),
    ("reissue", lambda n: {"table": "2"},
     "Table 2 has a new link: its old QR code no longer works."),
    ("stop", lambda n: {"match": match_of(n, 2)},
     "Table 2 is stopped by time: its current scores decide."),
    ("forfeit", lambda n: {"match": match_of(n, 3), "sides": "1", "others": "share",
                           "reason": "unwell"}, "Table 3: forfeit recorded."),
    ("pair", lambda n: {}, "Round 2 published: 3 tables open."),
    ("repair", lambda n: {"reason": "a late arrival"},
     "Round 2 is paired again: 3 new tables open, with new links."),
    ("adjudicate", lambda n: {"match": match_of(n, 1), "scores": ["61", "30"], "sides": "1",
                              "reason": "sheet"}, "Table 1: adjudicated result recorded."),
    ("no-show", lambda n: {"match": match_of(n, 2), "players": n.seats(2)[0],
                           "others": "share"}, "Table 2: no-show recorded."),
    ("void", lambda n: {"match": match_of(n, 3), "reason": "wrong table"},
     "Table 3: match voided."),
    ("remove-round", lambda n: {"round": "2", "discard_results": "on", "reason": "again"},
     "Round 2 is removed: the standings are as before it."),
    ("withdraw", lambda n: {"player": "Flo Gray", "reason": "went home"},
     "Flo Gray is withdrawn: never paired again, still in the standings."),
    ("sanction", lambda n: {"sanction": "penalty", "player": "Bo Chen", "points": "1/2",
                            "reason": "slow play"}, "Bo Chen: penalty recorded, match points -½."),
    ("sanction", lambda n: {"sanction": "warning", "player": "Cy Diaz", "reason": "phone"},
     "Cy Diaz: warning recorded."),
    ("sanction", lambda n: {"sanction": "lift-penalty", "player": "p2", "number": "1",
                            "reason": "mistake"}, "Bo Chen: penalty lifted."),
    ("sanction", lambda n: {"sanction": "lift-warning", "player": "p3", "number": "2",
                            "reason": "mistake"}, "Cy Diaz: warning lifted."),
    ("publish", lambda n: {}, "The site is published in "),
]  # fmt: skip


def test_every_action_of_the_directors_page_says_what_it_did_to_whom(
    flash_night: Night, now: Now
) -> None:
    night = flash_night
    actions = director_actions(night)
    told = {name for name, _, words in STEPS if words}
    assert actions == told, f"say what these do: {sorted(actions - told)}"
    for name, form, words in STEPS:
        if name == "stop":
            now.tick(40)  # the round's 36 minutes are up at table 2
        fields = form(night)
        csrf = night.csrf("/director")
        page = night.client.post(f"/director/{name}", data={**fields, "csrf": csrf})
        assert page.status_code == 200, (name, fields, page.text)
        notice = re.search(r'id="notice">(.*?)</p>', page.text, re.S)
        assert notice is not None, (name, page.text)
        generic = html.escape(DONE[name]) if name in DONE else None
        assert notice.group(1) != generic, (name, fields)
        assert notice.group(1).startswith(words), (name, fields, notice.group(1))


# Details as each action's reader gives them, to say in every language.
SAMPLES: dict[str, list[dict[str, Any]]] = {
    "pair": [{"round": 2, "count": 6}],
    "repair": [{"round": 2, "count": 6}],
    "publish": [{"folder": "/club/site"}],
    "door": [{"name": "Ann Lee", "what": w, "fee": "5.00"} for w in ("in", "out", "paid")]
    + [{"name": "Ann Lee", "what": w, "fee": ""} for w in ("owed", "allow")],
    "door-code": [{"code": "2468"}],
    "clock": [
        {"clock": "set", "round": 2, "minutes": 45},
        {"clock": "start", "round": 2, "minutes": 45},
        {"clock": "start", "round": 2},
        {"clock": "pause", "round": 2},
        {"clock": "resume", "round": 2},
        {"clock": "extend", "round": 2, "minutes": 5, "table": 3},
        {"clock": "extend", "round": 2, "minutes": 5},
    ],
    "draft": [
        {"draft": "make", "round": 2, "count": 6},
        {"draft": "swap", "first": "Ann Lee", "second": "Bo Chen"},
        {"draft": "drop", "round": 2},
        {"draft": "publish", "round": 2, "count": 6},
    ],
    "sanction": [
        {"sanction": "penalty", "name": "Ann Lee", "points": "½"},
        *({"sanction": s, "name": "Ann Lee"} for s in ("warning", "lift-penalty", "lift-warning")),
    ],
    "uphold": [{"table": 3, "round": 2, "count": 2}],
    "remove-round": [{"round": 2}],
    **{n: [{"name": "Ann Lee"}] for n in ("register", "withdraw", "remove")},
    **{
        n: [{"table": 3, "round": 2}]
        for n in ("forfeit", "adjudicate", "void", "no-show", "result", "stop", "reissue", "answer")
    },
}


@pytest.mark.parametrize("language", ["it", "ru"])
def test_what_an_action_did_is_said_in_the_directors_language(language: str) -> None:
    """Every action's words are translated, the name, table, round and count kept (an amount
    with the language's decimal sign: 5,00)."""
    assert set(SAMPLES) == set(SAID)
    for name, samples in SAMPLES.items():
        for found in samples:
            english = said(name, found)
            assert english is not None, (name, found)
            with using(language):
                shown = said(name, found)
            assert shown is not None and shown != english, (name, found, shown)
            for key, value in found.items():
                if key not in ("clock", "draft", "sanction", "what") and str(value) in english:
                    with using(language):
                        kept = local_decimal(str(value)) if key == "fee" else str(value)
                    assert kept in shown, (name, found, shown)
