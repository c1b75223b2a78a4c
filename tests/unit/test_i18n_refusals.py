"""Every refusal a director reads is a msgid: a `raise SomethingError("...")` (or a web
``BadForm``/``Forbidden``, or a page from ``refusal(request, "...", status)``) in the
tournament, director, report, CLI, web, store, season or projection code whose text has words
is written through ``_()`` or ``ngettext()``, so it reads in the chosen language (issue 28).
The new formats' refusals were once f-strings, English in a Russian evening; this finds the
next one.

Not refusals, so not here: a programmer's error (ValueError, AssertionError... a bug, never
a reader's mistake), and what a record or `tourney replay` says (the record format's English,
in tourney/games; in tourney/store, the public contracts are the allow-list below)."""

from __future__ import annotations

import ast
from pathlib import Path

import tourney

ROOT = Path(tourney.__file__).parent
CHECKED = ("tournament", "director", "reports", "cli", "web", "store", "season", "projections")
# refusals whose class name says neither Error nor NotFound
REFUSALS = {"BadForm", "Forbidden", "TokenRefused", "ResourceMissing"}
PROGRAMMER_ERRORS = {
    "AssertionError",
    "KeyError",
    "NotImplementedError",
    "RuntimeError",
    "TypeError",
    "ValueError",
}
INTERNAL = {
    # a caller's mistake inside tourney (groups are paired by next_round), never a reader's
    ("tournament/pairing.py", "has two stages"),
    # public contracts, deliberately English: a stream id is the record's, read by scripts
    ("store/appending.py", "a stream id cannot hold a NUL"),
}
TRANSLATING = {"_", "ngettext", "page_", "npage_"}


def _has_words(node: ast.expr) -> bool:
    """Whether the literal parts of ``node`` hold a word (``f"{path}: {exc}"`` holds none)."""
    return any(
        isinstance(n, ast.Constant)
        and isinstance(n.value, str)
        and any(c.isalpha() for c in n.value)
        for n in ast.walk(node)
    )


def _translated(node: ast.expr) -> bool:
    for n in ast.walk(node):
        if isinstance(n, ast.Call):
            name = n.func.id if isinstance(n.func, ast.Name) else getattr(n.func, "attr", "")
            if name in TRANSLATING:
                return True
    return False


def _error_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _refusal_text(node: ast.AST) -> ast.expr | None:
    """The text of a refusal: ``raise SomeError(text)``, or ``refusal(request, text, status)``
    (the web's page for a person)."""
    if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
        name = _error_name(node.exc)
        if name in PROGRAMMER_ERRORS:
            return None
        if not (name.endswith(("Error", "NotFound")) or name in REFUSALS):
            return None
        return node.exc.args[0] if node.exc.args else None
    if isinstance(node, ast.Call) and _error_name(node) == "refusal" and len(node.args) >= 2:
        return node.args[1]
    return None


def untranslated_refusals() -> list[str]:
    found = []
    for folder in CHECKED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                text = _refusal_text(node)
                if text is None:
                    continue
                if text is None or not _has_words(text) or _translated(text):
                    continue
                shown = ast.unparse(text)
                if any(where == file and words in shown for file, words in INTERNAL):
                    continue
                found.append(f"{where}:{text.lineno}: {shown[:90]}")
    return found


def test_every_refusal_is_written_through_the_catalog() -> None:
    """Wrap it: ``raise TournamentError(_("... {name} ...").format(name=...))``, then
    `make messages-catalog` and translate it in it and ru."""
    assert untranslated_refusals() == []


def test_the_check_finds_an_untranslated_refusal() -> None:
    """The check is not empty-handed by construction: an f-string refusal is found."""
    tree = ast.parse('raise TournamentError(f"cannot pair {title}: no players")')
    raised = next(n for n in ast.walk(tree) if isinstance(n, ast.Raise))
    assert isinstance(raised.exc, ast.Call)
    text = raised.exc.args[0]
    assert _has_words(text) and not _translated(text)
    wrapped = ast.parse('raise TournamentError(_("cannot pair {title}").format(title=t))')
    call = next(n for n in ast.walk(wrapped) if isinstance(n, ast.Raise)).exc
    assert isinstance(call, ast.Call) and _translated(call.args[0])


def test_the_check_finds_a_web_refusal_in_english() -> None:
    """A web form's refusal and a refusal page are refusals too."""
    for source in ('raise BadForm("say which table")', 'refusal(request, "wrong password", 403)'):
        node = next(n for n in ast.walk(ast.parse(source)) if _refusal_text(n) is not None)
        text = _refusal_text(node)
        assert text is not None and _has_words(text) and not _translated(text)
