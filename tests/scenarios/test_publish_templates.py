"""Any error in a `--templates` template is one line naming the template's file and line,
exit 1, and nothing written: no site, no folder made for it, the old site as it was
(issue 11 item 12: these were tracebacks)."""

from __future__ import annotations

import pytest

from tests.scenarios.conftest import Folder

BROKEN = {
    "undefined": (
        "index.html", b"<p>\n{{ nothing }}\n", "index.html line 2: 'nothing' is undefined"
    ),
    "syntax": ("round.html", b"{% if %}\n", "round.html line 1: "),
    "bad-utf8": ("standings.html", b"ok\nok\n\xff\xfe\n", "standings.html line 3: not UTF-8 text"),
    "missing-include": (
        "wall_chart.html",
        b'{% extends "base.html" %}{% block content %}\n\n{% include "_gone.html" %}\n'
        b"{% endblock %}\n",
        "wall_chart.html line 3: includes '_gone.html', which is in no template folder",
    ),
    "bad-utf8-include": (
        "_nav.html",
        b"<nav>\n\xc3\x28</nav>\n",
        "_nav.html line 2: not UTF-8 text",
    ),
    "runtime": (
        "match_sheet.html",
        b"{{ sheet.scores | sum // 0 }}\n",
        "match_sheet.html line 1: ZeroDivisionError",
    ),
}  # fmt: skip


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_broken_template_is_one_line_naming_file_and_line(
    published_club: Folder, kind: str
) -> None:
    club = published_club
    name, text, message = BROKEN[kind]
    templates = club.path / "look"
    templates.mkdir()
    (templates / name).write_bytes(text)
    done = club.refused("publish", "site", "--templates", "look", message=message)
    assert f"template look/{name} line" in done.stderr
    club.refused("publish", "new-site", "--templates", "look", message=message)


def test_a_missing_template_folder_is_named(club: Folder) -> None:
    club.refused(
        "publish", "site", "--templates", "my-look", message="--templates my-look: no such folder"
    )
