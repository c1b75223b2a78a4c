"""Every format has a name on the pages: a format added without one showed its code
("rotating") in every page's heading and footer."""

from __future__ import annotations

from tourney.tournament.format import find, label_text, names


def test_every_format_has_a_label_and_a_help_line() -> None:
    for name in names():
        fmt = find(name)
        assert fmt is not None and fmt.name == name
        assert fmt.label and fmt.help.startswith(f"{name}: "), name
    rotating = find("rotating")
    assert rotating is not None and label_text(rotating) == "Rotating partners"
