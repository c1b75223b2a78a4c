"""A tournament whose format is not installed here, read or written by the commands the
slower `tests/scenarios/test_not_installed.py` does not run (issue 33, the third checklist
trial, trialfmt): each refuses in the one line every command says, in the command's own
language, and writes nothing. Found by the trial: `disputes` and `director confirmations`
listed its tables, a scorer's one-shot command (`hand`) recorded a hand at its table, and
`publish` said the refusal in the tournament's language (Italian after an English
``error:``), `series add` made it a night of a series, `series next` called its format
"unknown" and `draw` at its table gave the engine's refusal."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.cli.conftest import Cli, template_db
from tests.formats.monrad import FORMAT
from tourney.tournament import format as formats

__all__ = ["template_db"]


def test_every_command_refuses_a_tournament_whose_format_is_gone(
    tmp_path: Path, template_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOURNEY_LANG", "en")
    db = tmp_path / "night.db"
    db.write_bytes(template_db.read_bytes())
    cli = Cli(str(db))
    formats.register(FORMAT)
    try:
        cli.ok("series", "create", "S")
        cli.ok("series", "create", "T")
        cli.ok("tournament", "create", "Mon", "--format", "monrad", "--table-size", "2",
               "--lang", "it", "--series", "S")  # fmt: skip
        for name in ("Ann", "Bo", "Cy", "Di"):
            cli.ok("player", "add", name)
        cli.ok("pair")
    finally:
        formats.unregister(FORMAT.name)
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    refusal = (
        "error: this tournament's format 'monrad' is not installed "
        f"(installed: {', '.join(formats.names())}): install the distribution that "
        "provides it\n"
    )
    for command in (
        ["disputes"], ["director", "confirmations"], ["publish", str(tmp_path / "site")],
        ["hand", "mon-r1-t1", "--opener", "Ann"], ["undo", "mon-r1-t1"],
        ["draw", "mon-r1-t1"], ["series", "next", "S", "N2"], ["series", "add", "T"],
        ["checkin", "Ann"], ["standings"],
    ):  # fmt: skip
        refused = cli(*command)
        assert (refused.exit_code, refused.stderr) == (1, refusal), command
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
