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


def test_the_format_help_is_each_formats_own_line_translated_on_its_own() -> None:
    """``--format``'s help is assembled from the formats' lines when drawn: a format added
    (here from the tests, with no translation) adds its line in English and leaves every
    other line's translation as it was."""
    from tests.formats.random_draw import FORMAT
    from tourney.cli.tournament_cmd import _formats_help
    from tourney.i18n import using
    from tourney.tournament import format as formats

    with using("it"):
        before = _formats_help()
    formats.register(FORMAT)
    try:
        with using("it"):
            after = _formats_help()
    finally:
        formats.unregister(FORMAT.name)
    assert "swiss: a ogni turno si abbinano giocatori con gli stessi punti" in before
    assert after.startswith(before[: before.rindex(".")])
    assert after.endswith("; random_draw: each round a new random seating, no one ranked by it.")
