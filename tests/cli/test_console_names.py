"""Issue 12 item 7: what Tab completes, Enter accepts — names with spaces, with accents,
quoted or not, on a real terminal."""

from __future__ import annotations

from pathlib import Path

from tests.cli.conftest import Cli
from tests.cli.terminal import TOURNEY, Terminal

PROMPT = r"\nK3 [^\n]*> $"


def shown(text: str) -> str:
    """``text`` as the terminal shows it: readline redraws a changed word with backspaces."""
    screen: list[str] = []
    for char in text:
        if char == "\b":
            screen.pop()
        else:
            screen.append(char)
    return "".join(screen)


def test_tab_completes_a_name_with_a_space_and_enter_records_it(cli: Cli, tmp_path: Path) -> None:
    cli.ok("start", "K3", "--players", "Zoë Park,Bo Lee")
    terminal = Terminal([TOURNEY, "record", "K3", "--db", cli.db], tmp_path)
    try:
        terminal.expect(PROMPT)
        terminal.send("h Zo\t")
        terminal.expect("h Zoë Park $")
        terminal.send("\r")
        said = terminal.expect(PROMPT)
        assert "error" not in said and "Zoë Park" in said
        terminal.send("u\r")
        terminal.expect(PROMPT)
        terminal.send('h "bo\t')  # quoted, lower case: completed within the quotes
        assert shown(terminal.expect('Lee" $')).endswith('h "Bo Lee" ')
        terminal.send("\r")
        said = terminal.expect(PROMPT)
        assert "error" not in said and "Bo Lee" in said
        terminal.send("q\r")
        assert terminal.wait() == 0
    finally:
        terminal.close()
    assert cli.version() == 4  # started, Zoë's hand undone, Bo's hand
