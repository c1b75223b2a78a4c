"""The one error edge: whatever fails, the user reads one line on stderr and gets an exit
code — in-process (the test runner calls the root command) and as the installed script."""

from __future__ import annotations

import errno
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import Cli, checksum
from tourney.cli.edge import INTERNAL, INTERRUPTED
from tourney.errors import TourneyError
from tourney.tournament import create

TOURNEY = str(Path(sys.executable).parent / "tourney")


def one_line(text: str) -> str:
    assert text.count("\n") == 1 and text.endswith("\n"), repr(text)
    assert "Traceback" not in text
    return text.rstrip("\n")


@pytest.fixture
def created(cli: Cli) -> Cli:
    cli.ok("tournament", "create", "Club Night")
    return cli


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["pair", "--bogus"], "error: No such option: --bogus (see `tourney pair -h`)"),
        (["tournament", "create"], "error: Missing argument 'name'."),  # Typer's words
        (
            ["tournament", "create", "X", "--rounds", "abc"],
            "'--rounds': 'abc' is not a whole number",
        ),
        (["tournament", "create", "X", "--rounds", "0"], "'--rounds': 0 must be at least 1"),
        (["nosuchcommand"], "error: No such command 'nosuchcommand'"),
    ],
)
def test_a_command_line_that_does_not_parse_is_one_line_exit_1(
    created: Cli, args: list[str], message: str
) -> None:
    before = checksum(created.db)
    result = created(*args)
    assert result.exit_code == 1
    assert message in one_line(result.stderr)
    assert checksum(created.db) == before


def test_a_refusal_is_one_line_exit_1(created: Cli) -> None:
    before = checksum(created.db)
    result = created("pairings")
    assert result.exit_code == 1
    assert one_line(result.stderr) == (
        "error: no round of club-night is paired yet: tourney pair -t club-night"
    )
    assert checksum(created.db) == before


def _raiser(exc: BaseException) -> object:
    def decide(*_args: object, **_kwargs: object) -> object:
        raise exc

    return decide


@pytest.mark.parametrize(
    ("exc", "line"),
    [
        (TourneyError("refused: because"), "error: refused: because"),
        (
            OSError(errno.EACCES, "Permission denied", "/srv/site"),
            "error: /srv/site: Permission denied",
        ),
        (OSError(errno.ENOSPC, "No space left on device"), "error: No space left on device"),
        (
            UnicodeEncodeError("utf-8", "Ann\udcff", 3, 4, "surrogates not allowed"),
            "error: cannot encode \\udcff as utf-8: surrogates not allowed",
        ),
        (sqlite3.OperationalError("disk I/O error"), "error: database: disk I/O error"),
    ],
)
def test_errors_a_user_can_cause_are_one_line_exit_1(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, exc: BaseException, line: str
) -> None:
    monkeypatch.setattr(create, "decide_create", _raiser(exc))
    result = cli("tournament", "create", "Club Night")
    assert result.exit_code == 1
    assert one_line(result.stderr).startswith(line)


def test_a_template_error_names_the_template_and_line(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    from jinja2 import TemplateSyntaxError

    error = TemplateSyntaxError("unexpected '}'", 3, "standings.html", "standings.html")
    monkeypatch.setattr(create, "decide_create", _raiser(error))
    result = cli("tournament", "create", "Club Night")
    assert result.exit_code == 1
    assert one_line(result.stderr) == "error: template standings.html, line 3: unexpected '}'"


def test_a_bug_is_one_line_naming_the_report_with_the_traceback(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(create, "decide_create", _raiser(ZeroDivisionError("division by zero")))
    result = cli("tournament", "create", "Club Night", "--db", "postgresql://u:s3cret@h/db")
    assert result.exit_code == INTERNAL
    line = one_line(result.stderr)
    assert line.startswith("internal error: ZeroDivisionError: division by zero")
    report = Path(line.split("the full report is in ")[1])
    assert report.parent == tmp_path / "cache" / "tourney"
    text = report.read_text()
    assert "Traceback (most recent call last)" in text and "decide" in text
    assert "tournament create 'Club Night'" in text or "tournament create Club Night" in text
    assert "s3cret" not in text and "u:***@h" in text


def test_ctrl_c_is_one_line_exit_130(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(create, "decide_create", _raiser(KeyboardInterrupt()))
    result = cli("tournament", "create", "Club Night")
    assert result.exit_code == INTERRUPTED
    assert one_line(result.stderr).startswith("interrupted:")


def test_the_installed_script_goes_through_the_same_edge(tmp_path: Path) -> None:
    for args, code, message in [
        (
            ["tournament", "create", "X", "--rounds", "99999999999999999999"],
            1,
            "must be at most 100",
        ),
        (["standings"], 1, "no tourney database here (looked for ./tourney.db)"),
        (["--db", "postgresql+psycopg://u:pw@h:abc/db", "standings"], 1, "No such option"),
        (["standings", "--db", "postgresql+psycopg://u:pw@h:abc/db"], 1, "port is not a number"),
    ]:
        result = subprocess.run(
            [TOURNEY, *args], capture_output=True, text=True, cwd=tmp_path, check=False
        )
        assert result.returncode == code, (args, result.stderr)
        assert message in one_line(result.stderr), args
        assert result.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_a_bug_in_the_installed_script_writes_its_report(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from tourney.tournament import create\n"
        "def boom(*a, **k):\n    raise RuntimeError('wrong turn')\n"
        "create.decide_create = boom\n"
        "from tourney.cli.app import main\n"
        "sys.argv = ['tourney', 'tournament', 'create', 'X']\n"
        "main()\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={"XDG_CACHE_HOME": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"},
        check=False,
    )
    assert result.returncode == INTERNAL
    line = one_line(result.stderr)
    assert "internal error: RuntimeError: wrong turn" in line
    assert Path(line.split("the full report is in ")[1]).read_text().count("wrong turn") >= 1


def test_the_console_writes_where_stdout_is_now_not_where_it_was(cli: Cli) -> None:
    """Found by test_every_command: a second in-process `record` wrote to the first run's
    (closed) stdout, an internal error."""
    cli.ok("start", "K3", "--players", "Ann,Bo")
    for _ in range(2):
        result = cli("record", "K3")
        assert result.exit_code == 0, result.stderr
        assert "Left K3 at v1" in result.stdout


def test_a_nul_in_a_file_name_is_one_line(cli: Cli) -> None:
    """Found by test_every_command: only a caller inside the process can pass one."""
    cli.ok("start", "K3", "--players", "Ann,Bo")
    for args in (["player", "import", "a\x00.csv"], ["export", "K3", "-o", "x\x00"]):
        result = cli(*args)
        assert result.exit_code == 1
        assert one_line(result.stderr).startswith("error: ")
        assert "NUL" in result.stderr or "null byte" in result.stderr
