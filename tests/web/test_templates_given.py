"""Every page is rendered with every name its template uses (the class of the table page's
``disputed``, set by one route and missing on another: StrictUndefined made the other an
error page).

What a template needs is read from its source (`jinja2.meta`), with the templates it extends
and includes, less what it sets itself and what it guards with ``is defined``. Then an
evening is driven through `tourney serve` and `publish` (a Horse Race table played, a
refused tap, a dispute, a Racehorse table, the director's page and its refusals, the door,
/me, the wall display, the watch page, the poster and table cards, the published site) and
every render is checked: the context its caller gave must hold every name the template may
use, whichever branch this evening happened to take."""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jinja2
import pytest
from jinja2 import meta, nodes

from tests.web.conftest import Night, a_card_match, copied, serving
from tests.web.phone import Phone
from tests.web.test_conduct_web import dispute, finish, press
from tests.web.test_door import door_code, door_night, tap
from tourney.reports.render import environment
from tourney.web.table_routes import move_value

__all__ = ["door_night"]


def _guarded(ast: nodes.Template) -> set[str]:
    """The names ``ast`` tests with ``is defined`` (or ``is undefined``) or gives a
    ``default``."""
    tests = {
        test.node.name
        for test in ast.find_all(nodes.Test)
        if test.name in ("defined", "undefined") and isinstance(test.node, nodes.Name)
    }
    return tests | {
        used.node.name
        for used in ast.find_all(nodes.Filter)
        if used.name in ("default", "d") and isinstance(used.node, nodes.Name)
    }


def _declared(ast: nodes.Template) -> set[str]:
    """The names ``ast`` gives itself: loop variables, sets, imports, macros."""
    found = {n.name for n in ast.find_all(nodes.Name) if n.ctx in ("store", "param")}
    found |= {n.target for n in ast.find_all(nodes.Import)}
    for imported in ast.find_all(nodes.FromImport):
        found |= {n if isinstance(n, str) else n[1] for n in imported.names}
    return found | {n.name for n in ast.find_all(nodes.Macro)}


@functools.cache
def needs(name: str) -> frozenset[str]:
    """The names template ``name`` may use that its caller must give (its own, its parents'
    and its includes', less what each sets or guards)."""
    env = environment()
    assert env.loader is not None
    ast = env.parse(env.loader.get_source(env, name)[0])
    own = _declared(ast) | _guarded(ast)
    found = set(meta.find_undeclared_variables(ast)) - own
    for referenced in meta.find_referenced_templates(ast):
        assert referenced is not None, f"{name} includes a template by a computed name"
        found |= needs(referenced) - own
    return frozenset(found - set(env.globals))


def test_needs_follows_includes_guards_and_loops() -> None:
    """The reading itself: a page's names through its includes, a guarded name left out."""
    assert {"disputed", "room", "csrf"} <= needs("web/_table.html")
    assert "other_phone" not in needs("web/_table.html")  # `is defined`
    assert "sheet" not in needs("cards_scoresheets.html")  # its loop's variable


Rendered = list[tuple[str, frozenset[str]]]


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> Rendered:
    """Every template rendered in the test, with the names its caller gave."""
    seen: Rendered = []
    original = jinja2.Template.render

    def render(self: jinja2.Template, *args: Any, **kwargs: Any) -> str:
        given = set(dict(*args, **kwargs)) | set(self.environment.globals)
        if self.name is not None:
            seen.append((self.name, frozenset(given)))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(jinja2.Template, "render", render)
    return seen


@pytest.fixture
def card_evening(tmp_path: Path, card_db: Path) -> Iterator[Night]:
    with serving(copied(card_db, tmp_path / "cards.db")) as night:
        yield night


@pytest.fixture
def no_tournament(tmp_path: Path, template_db: Path) -> Iterator[Night]:
    with serving(copied(template_db, tmp_path / "empty.db")) as night:
        yield night


def _pages(night: Night) -> None:
    """The pages every evening has, for anyone and for the signed-in director."""
    for address in ("/", "/checkin", "/me", "/display", "/display/series", "/watch",
                    "/watch/tables", "/director", "/t/not-a-table", "/no-such-page"):  # fmt: skip
        night.client.get(address)
    state = night.server.night.loaded().state  # type: ignore[union-attr]
    player_id, player = next(iter(state.players.items()))
    night.client.get("/me", params={"name": player.name})
    for address in (f"/me/{player_id}", f"/me/{player_id}/part", "/me/nobody", "/site/",
                    "/site/standings.html", "/site/index.html"):  # fmt: skip
        night.client.get(address)
    if state.rounds:  # a table's call for the director
        csrf = night.csrf(night.link(1))
        night.client.post(night.link(1) + "/call", data={"csrf": csrf})
    night.sign_in()
    for address in ("/director", "/director/poster", "/director/cards", "/display"):
        night.client.get(address)
    night.client.post("/director/void", data={"csrf": night.csrf("/director")})  # refused


def test_every_render_is_given_every_name_its_template_uses(
    rendered: Rendered,
    night: Night,
    card_evening: Night,
    no_tournament: Night,
    door_night: Night,
    tmp_path: Path,
) -> None:
    # before the evening: no tournament yet
    empty = no_tournament
    for address in ("/", "/checkin", "/me", "/display", "/watch", "/director/login"):
        empty.client.get(address)
    empty.client.get("/director")
    # the door: a player checks in, one with a wrong code is refused, one finds nobody
    tap(door_night, "ann", door_code(door_night))
    tap(door_night, "bo", "wrong")
    door_night.client.get("/checkin", params={"name": "nobody"})
    _pages(door_night)
    # a Horse Race evening: a table played to its end, a refused tap, a dispute
    phone = Phone(night.client, night.link(2))
    phone.look()
    phone.tap("hand|2", expect=409)
    finish(night, 1)
    dispute(night, 1, "2", "12-61")
    Phone(night.client, night.link(1)).look()
    _pages(night)
    (first,) = (t for t in night.server.night.tables(night.server.night.loaded()) if t.number == 1)  # type: ignore[arg-type]
    press(night, "/director/uphold", match=first.match_id, note="x")
    night.client.get("/director")
    night.cli.ok("publish", str(tmp_path / "site"))
    # a Racehorse table, move by move
    cards = card_evening
    players = cards.seats(1)
    phone = Phone(cards.client, cards.link(1))
    for event in a_card_match(players)[:12]:
        phone.look()
        phone.tap(move_value(event, players)[0])
    phone.look()
    _pages(cards)
    cards.cli.ok("publish", str(tmp_path / "cards"))

    templates = {name for name, _given in rendered}
    seen = {"web/table.html", "web/card_table.html", "web/director.html", "web/_board.html",
            "cards_sheet.html", "match_sheet.html", "standings.html", "web/me.html"}  # fmt: skip
    assert seen <= templates, templates
    missing = {
        (name, tuple(sorted(needs(name) - given)))
        for name, given in rendered
        if needs(name) - given
    }
    assert not missing, "rendered without a name its template uses: " + "; ".join(
        f"{name} without {', '.join(names)}" for name, names in sorted(missing)
    )
