"""pybabel's extractor reads an f-string as one opaque string, so a catalog call written
inside one (``f"{page_('target')}"``) never reaches the catalogs and shows in English in
every language. This finds every such call with a literal in the package (a call on a
constant marked elsewhere, ``page_(PLAYED)``, is extracted where the constant is marked)."""

from __future__ import annotations

import ast
from pathlib import Path

import tourney

CALLS = {
    "_",
    "N_",
    "ngettext",
    "pgettext",
    "npgettext",
    "page_",
    "npage_",
    "page_p",
    "npage_p",
    "page_mark",
}


def calls_inside_fstrings(source: str) -> list[int]:
    """The lines of ``source`` where a catalog call on a literal stands inside an f-string."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Name)
                    and inner.func.id in CALLS
                    and any(isinstance(a, ast.Constant) for a in inner.args)
                ):
                    found.append(inner.lineno)
    return found


def test_the_check_finds_a_call_inside_an_fstring() -> None:
    assert calls_inside_fstrings("x = f\"<b>{page_('target')}</b>\"\n") == [1]
    assert calls_inside_fstrings("word = page_('target')\nx = f'<b>{word}</b>'\n") == []
    assert calls_inside_fstrings("x = f'<b>{page_(WORD)}</b>'\n") == []


def test_no_catalog_call_inside_an_fstring() -> None:
    root = Path(tourney.__file__).parent
    found = {
        f"{path.relative_to(root)}:{line}"
        for path in root.rglob("*.py")
        for line in calls_inside_fstrings(path.read_text(encoding="utf-8"))
    }
    assert not found, f"move these calls out of their f-strings: {sorted(found)}"
