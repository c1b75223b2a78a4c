from __future__ import annotations

from pathlib import Path

import pytest
from jinja2 import UndefinedError
from markupsafe import escape

from tests.factories.demo_site import HOSTILE_NAME, DemoTournament
from tourney.reports.heading import heading_of
from tourney.reports.publish import context_of
from tourney.reports.render import TemplatesNotFound, _environment, environment, render
from tourney.reports.standings import standings_view


def test_user_supplied_strings_are_escaped(swiss: DemoTournament) -> None:
    html = render("standings.html", context_of(standings_view(swiss.state)))
    assert HOSTILE_NAME not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_an_undefined_name_is_an_error(swiss: DemoTournament) -> None:
    with pytest.raises(UndefinedError):
        render("standings.html", {"heading": heading_of(swiss.state)})


def test_a_user_folder_overrides_any_template_by_name(
    tmp_path: Path, swiss: DemoTournament
) -> None:
    (tmp_path / "_nav.html").write_text("<nav>CLUB {{ heading.name }}</nav>", encoding="utf-8")
    context = context_of(standings_view(swiss.state))
    html = render("standings.html", context, tmp_path)
    assert "<nav>CLUB Club Night</nav>" in html and 'aria-label="site"' not in html
    assert 'aria-label="site"' in render("standings.html", context)
    (tmp_path / "standings.html").write_text(
        '{% extends "base.html" %}{% block content %}{{ leaders | join("|") }}{% endblock %}',
        encoding="utf-8",
    )
    _environment.cache_clear()
    html = render("standings.html", context, tmp_path)
    assert str(escape("|".join(context["leaders"]))) in html and "<table" not in html
    assert environment(tmp_path).autoescape is True


def test_a_missing_user_folder_is_named(tmp_path: Path) -> None:
    with pytest.raises(TemplatesNotFound, match=r"--templates .*nowhere: no such folder"):
        environment(tmp_path / "nowhere")


@pytest.mark.parametrize(
    ("leaders", "complete", "said"),
    [
        (("Ann",), False, "Leading:"),
        (("Ann", "Bo"), False, "Leading:"),
        (("Ann",), True, "Winner:"),
        (("Ann", "Bo"), True, "Winners:"),
    ],
)
def test_the_leaders_line_reads_as_english(
    swiss: DemoTournament, leaders: tuple[str, ...], complete: bool, said: str
) -> None:
    """Found on a published page: two players level in the lead read "Leadings:"."""
    context = {**context_of(standings_view(swiss.state)), "leaders": leaders}
    context["complete"] = complete
    html = render("standings.html", context)
    assert f"<p>{said} <strong" in html
