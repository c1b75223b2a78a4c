"""Outside `tourney/tournament/formats/`, code reaches a tournament's format through the
`Format` interface (`tourney.tournament.format`): it asks a capability (`fmt.bracket`,
`fmt.has_pools`...) or calls a method, and never compares a format's name (issue 33: 69
such branches sat in 21 modules, and a format nobody dispatched was paired as a knockout).
A new format then needs no edit outside its module and its registry line."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import tourney
from tourney.tournament.format import names

PACKAGE = Path(tourney.__file__).parent
FORMATS_FOLDER = PACKAGE / "tournament" / "formats"
TEMPLATES = PACKAGE.parent / "templates"
RETIRED = {"FORMATS", "KNOCKOUTS", "FORMAT_LABELS", "POOL_FORMATS"}
"""The name lists that stood for "which formats": gone with the registry."""
REGISTRY = PACKAGE / "tournament" / "format.py"
"""The one module that lists the formats by name (`_MODULES`, the registry line)."""


def _strings(node: ast.AST) -> list[str]:
    """The string constants in a comparison's operand (a tuple, list or set of them too)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for element in node.elts for s in _strings(element)]
    if isinstance(node, ast.Starred):
        return _strings(node.value)
    return []


def _compared_names(tree: ast.AST, formats: set[str]) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for operand in (node.left, *node.comparators):
                found += [(node.lineno, s) for s in _strings(operand) if s in formats]
        elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            # A list of formats by name (``DRAWN = ("swiss", ...)``, then ``format in
            # DRAWN``) is a comparison one step removed: a new format is never in it.
            found += [(node.lineno, s) for e in node.elts for s in _strings(e) if s in formats]
        elif isinstance(node, ast.Dict):
            # A table keyed by format names is a dispatch on the name.
            keys = [k for k in node.keys if k is not None]
            found += [(node.lineno, s) for k in keys for s in _strings(k) if s in formats]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("startswith", "endswith")
        ):
            # ``fmt.name.startswith("double")`` is a comparison too (of a name's part).
            side = str.startswith if node.func.attr == "startswith" else str.endswith
            parts = {s for arg in node.args for s in _strings(arg) if len(s) >= 3}
            found += [(node.lineno, s) for s in parts if any(side(f, s) for f in formats)]
        elif isinstance(node, ast.MatchValue):
            found += [(node.lineno, s) for s in _strings(node.value) if s in formats]
        elif isinstance(node, ast.Name) and node.id in RETIRED:
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.alias) and node.name in RETIRED:
            found.append((getattr(node, "lineno", 0), node.name))
    return found


def python_findings(root: Path, formats: set[str]) -> list[str]:
    return [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {what}"
        for path in sorted(root.rglob("*.py"))
        if FORMATS_FOLDER not in path.parents and path != REGISTRY
        for line, what in _compared_names(ast.parse(path.read_text(encoding="utf-8")), formats)
    ]


def template_findings(root: Path, formats: set[str]) -> list[str]:
    named = "|".join(re.escape(n) for n in sorted(formats))
    compared = re.compile(rf"""(==|!=|\bin\b)\s*\(?[^%}}]*["']({named})["']""")
    return [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for path in sorted(root.rglob("*.html"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "{%" in line and compared.search(line)
    ]


def test_no_module_compares_a_format_name() -> None:
    found = python_findings(PACKAGE, set(names()))
    assert not found, "\n".join(found)


def test_no_template_compares_a_format_name() -> None:
    found = template_findings(TEMPLATES, set(names())) + template_findings(
        PACKAGE / "games", set(names())
    )
    assert not found, "\n".join(found)


def test_the_checks_find_what_they_look_for(tmp_path: Path) -> None:
    """The next member of the class: each shape of comparison this test exists to catch."""
    formats = {"swiss", "groups"}
    code = (
        'if state.created.format == "groups": pass\n'
        'if settings.format in ("swiss", "x"): pass\n'
        "if fmt in (*KNOCKOUTS, 'groups'): pass\n"
        'match name:\n    case "swiss": pass\n'
        'if fmt.name == "swiss": pass\n'
        'DRAWN = ("swiss", "elimination")\n'
        'LABELS = {"groups": "Groups", "other": "x"}\n'
        'if fmt.name.startswith("swi"): pass\n'
        'if path.endswith(".html"): pass\n'
    )
    lines = sorted(line for line, _ in _compared_names(ast.parse(code), formats))
    assert lines == [1, 2, 2, 3, 3, 3, 5, 6, 7, 8, 9]
    (tmp_path / "page.html").write_text(
        '{% if heading.format == "groups" %}x{% endif %}\n'
        '{% if format in ("swiss",) %}y{% endif %}\n'
        '<p>{{ _("groups") }}</p>\n',
        encoding="utf-8",
    )
    assert [f.split(":")[1] for f in template_findings(tmp_path, formats)] == ["1", "2"]
