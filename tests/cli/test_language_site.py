"""A tournament's language: stored with it (`tournament create --lang`, `tournament
language`), its site and sheets published in it, `publish --lang` for one site; an unknown
language refused in one line, nothing written."""

from __future__ import annotations

from pathlib import Path

from tests.cli.conftest import Cli, refused
from tests.web.conftest import create_tournament


def _index(site: Path) -> str:
    return (site / "index.html").read_text(encoding="utf-8")


def test_a_tournament_publishes_in_its_language(cli: Cli, tmp_path: Path) -> None:
    cli.ok("tournament", "create", "Serata", "--table-size", "2", "--rounds", "2", "--lang", "it")
    for name in ("Ann Lee", "Bo Chen", "Cy Diaz", "Di Eze"):
        cli.ok("player", "add", name)
    cli.ok("pair")
    cli.ok("publish", str(tmp_path / "it"))
    index = _index(tmp_path / "it")
    assert '<html lang="it">' in index
    assert "Classifica" in index and "Turno 1" in index
    scoresheets = (tmp_path / "it" / "round-1-scoresheets.html").read_text(encoding="utf-8")
    assert "Mano" in scoresheets and "fogli segnapunti vuoti" in scoresheets

    cli.ok("tournament", "language", "RU")  # any spelling of a language tourney speaks
    cli.ok("publish", str(tmp_path / "ru"))
    index = _index(tmp_path / "ru")
    assert '<html lang="ru">' in index and "Турнирная таблица" in index

    cli.ok("publish", str(tmp_path / "en"), "--lang", "en")  # for this site only
    assert '<html lang="en">' in _index(tmp_path / "en")
    cli.ok("publish", str(tmp_path / "again"))
    assert '<html lang="ru">' in _index(tmp_path / "again")


def test_without_a_language_the_site_is_english(cli: Cli, tmp_path: Path) -> None:
    create_tournament(cli)
    cli.ok("publish", str(tmp_path / "site"))
    assert '<html lang="en">' in _index(tmp_path / "site")
    assert "Standings" in _index(tmp_path / "site")


def test_an_unknown_language_is_refused_and_nothing_is_written(cli: Cli, tmp_path: Path) -> None:
    create_tournament(cli)
    refused(cli, "tournament", "language", "fr", message="unknown language 'fr'")
    refused(cli, "publish", str(tmp_path / "site"), "--lang", "de", message="choose one of")
    assert not (tmp_path / "site").exists()
    refused(cli, "tournament", "create", "Soirée", "--lang", "klingon", message="unknown language")
