"""A format from outside tourney that ships its own catalog (`tests/formats/fold`: Fold,
``tourney_fold/locale/<lang>/LC_MESSAGES/tourney_fold.mo``) speaks Italian and Russian
with no entry in tourney's catalogs: its `--format` help line, its label, its refusals,
its notes and its round names, on the CLI and on the published site (issue 33, the third
checklist trial, trialfmt; the checklist had tried the path with a game's catalog only).
Its folder is put on the path and the format registered, as an installed distribution's
entry point would load it: `tourney.i18n.ClubWords` finds the catalog by the package."""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import Cli, template_db
from tourney.tournament import format as formats

__all__ = ["template_db"]

FOLDER = Path(__file__).parent / "fold"

SAID = {
    "it": (
        "fold: la classifica piegata a metà, il primo contro l'ultimo",
        "Creato “Notte” (notte): Piega, tavoli da 2",
        "errore: Piega abbina tavoli da 2, non da 3\n",
        "errore: Piega richiede un numero pari di giocatori, non 3\n",
        "Piega 1",
        "perché: Ann contro Di, estremi piegati della classifica",
    ),
    "ru": (
        "fold: таблица сложена пополам, первый против последнего",
        "Создан «Notte» (notte): Складка, столы по 2",
        "ошибка: Складка играется за столами на 2, а не на 3\n",
        "ошибка: Складке нужно чётное число игроков, а не 3\n",
        "Складка 1",
        "почему: Ann против Di, сложенные концы таблицы",
    ),
}


@pytest.fixture
def fold(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.syspath_prepend(str(FOLDER))
    formats.register(importlib.import_module("tourney_fold.format").FORMAT)
    yield "fold"
    formats.unregister("fold")


@pytest.mark.parametrize("language", sorted(SAID))
def test_a_format_from_outside_speaks_from_its_own_catalog(
    language: str, fold: str, tmp_path: Path, template_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    helped, created, table_refused, pair_refused, round_name, why = SAID[language]
    monkeypatch.setenv("TOURNEY_LANG", language)
    monkeypatch.setenv("COLUMNS", "400")  # each help line whole
    db = tmp_path / "night.db"
    db.write_bytes(template_db.read_bytes())
    cli = Cli(str(db))
    shown = cli.ok("tournament", "create", "--help").stdout
    assert helped in " ".join(shown.replace("│", " ").split()), shown
    assert cli("tournament", "create", "X", "--format", fold, "--table-size", "3").stderr == (
        table_refused
    )
    made = cli.ok("tournament", "create", "Notte", "--format", fold, "--table-size", "2",
                  "--rounds", "1", "--lang", language)  # fmt: skip
    assert made.stdout.startswith(created), made.stdout
    for name in ("Ann", "Bo", "Cy"):
        cli.ok("player", "add", name)
    assert cli("pair").stderr == pair_refused
    cli.ok("player", "add", "Di")
    paired = cli.ok("pair", "--why").stdout
    assert paired.startswith(f"{round_name}\n") and why in paired, paired
    site = tmp_path / "site"
    cli.ok("publish", str(site))
    page = (site / "round-1.html").read_text(encoding="utf-8")
    assert round_name in page and why.split(": ", 1)[1] in page, page
