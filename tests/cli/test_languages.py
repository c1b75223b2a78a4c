"""The CLI in Italian and Russian: `--lang` (else TOURNEY_LANG, else the system's language,
else English) chooses what the refusals, the confirmations and `--help` read; an unknown
language is refused in one line; a refusal in any language is one line, exit 1, and writes
nothing; `replay` stays the record format's English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.cli.conftest import Cli, refused
from tourney import i18n
from tourney.cli.app import app, every_command
from tourney.cli.catalog import help_texts
from tourney.cli.language import msgid


@pytest.fixture
def night(cli: Cli) -> Cli:
    cli.ok("tournament", "create", "Club Night", "--table-size", "2", "--rounds", "2")
    return cli


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("ru", "ошибка: нельзя составить пары 'Club Night': активных участников 0"),
        ("it", "errore: impossibile abbinare 'Club Night': 0 partecipanti attivi"),
    ],
)
def test_a_refusal_reads_in_the_chosen_language(night: Cli, language: str, message: str) -> None:
    refused(night, "--lang", language, "pair", message=message)


@pytest.mark.parametrize(
    ("args", "ru", "it"),
    [
        (("player", "add", "   "), "игроку 'p1' нужно имя", "il giocatore 'p1' ha bisogno"),
        (("player", "add", "Ann", "--club", "x" * 300), "клуб", "club"),
        (
            ("tournament", "create", "Other", "--format", "bogus"),
            "неизвестный формат 'bogus': выберите один из",
            "formato sconosciuto 'bogus': scegline uno tra",
        ),
        (("standings", "-t", "nowhere"), "нет турнира 'nowhere'", "nessun torneo chiamato"),
        (("record", "T9"), "нет стола T9", "nessun tavolo T9"),
    ],
)
def test_refusals_of_several_commands_in_russian_and_italian(
    night: Cli, args: tuple[str, ...], ru: str, it: str
) -> None:
    for language, message in (("ru", ru), ("it", it)):
        line = refused(night, "--lang", language, *args, message=message)
        assert not re.search(r"\b(error|cannot|unknown|choose)\b", line), line


def test_a_game_rule_refusal_in_russian(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.ok("hand", "K3", "--opener", "Ann")
    refused(cli, "--lang", "ru", "pass", "K3", message="Ann начинает сдачу: нужно выложить")


def test_the_environment_chooses_when_no_option_does(
    night: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOURNEY_LANG", "it")
    refused(night, "pair", message="errore: impossibile abbinare")
    refused(night, "--lang", "en", "pair", message="error: cannot pair")  # the option wins


def test_the_system_language_chooses_without_tourney_lang(
    night: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("TOURNEY_LANG")
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    refused(night, "pair", message="ошибка: нельзя составить пары")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # one tourney does not speak: English
    refused(night, "pair", message="error: cannot pair")


@pytest.mark.parametrize("where", ["option", "environment"])
def test_an_unknown_language_is_refused_in_one_line_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    db = tmp_path / "new.db"
    args = ["tournament", "create", "Night", "--db", str(db)]
    if where == "option":
        args = ["--lang", "xx", *args]
    else:
        monkeypatch.setenv("TOURNEY_LANG", "klingon")
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    source, value = ("--lang", "'xx'") if where == "option" else ("TOURNEY_LANG", "'klingon'")
    assert result.stderr == (
        f"error: {source}: unknown language {value}: choose one of en, it, ru\n"
    )
    assert not db.exists()


def test_a_confirmation_and_counts_read_in_russian(night: Cli) -> None:
    added = night.ok("--lang", "ru", "player", "add", "Ольга").stdout
    assert "Регистрация в club-night: Ольга (" in added
    listing = night.ok("--lang", "ru", "tournament", "list").stdout
    assert "1 игрок, составлено: 0 туров" in listing


def test_nothing_stays_russian_after_a_russian_command(night: Cli) -> None:
    night.ok("--lang", "ru", "tournament", "list")
    assert i18n.current() == "en"
    refused(night, "pair", message="error: cannot pair")


def test_help_reads_russian(cli: Cli) -> None:
    shown = CliRunner().invoke(app, ["--lang", "ru", "pair", "-h"], terminal_width=100).stdout
    assert "Составить пары следующего тура" in shown
    assert "Параметры" in shown  # Typer's own panel title
    assert "Показать эту справку" in shown  # the help option's own help
    assert "Pair the next round" not in shown
    root = CliRunner().invoke(app, ["--lang", "it", "-h"], terminal_width=100).stdout
    assert "Gestore di tornei a eventi" in root
    again = CliRunner().invoke(app, ["pair", "-h"], terminal_width=100).stdout
    assert "Pair the next round" in again  # the command tree is English again


def test_help_reads_the_environment_language_before_any_option(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TOURNEY_LANG", "ru")
    shown = CliRunner().invoke(app, ["-h"], terminal_width=100).stdout
    assert "Турнирный менеджер на событиях" in shown


def test_every_help_text_is_in_the_catalog() -> None:
    """A new command's or option's help is a new msgid: `make messages-catalog` and translate."""
    from babel.messages.pofile import read_po

    with open(i18n.LOCALE_DIR / "messages.pot", "rb") as handle:
        template = read_po(handle)
    missing = [text for text in help_texts() if text not in template]
    assert not missing, missing[:5]


def test_help_texts_are_keyed_as_typer_shows_them() -> None:
    root = every_command()
    docstring = root.commands["pair"].help
    assert docstring is not None and msgid(docstring) in help_texts()


def test_replay_stays_english_in_every_language(tmp_path: Path) -> None:
    from tests.support import SHARED_RECORDS, require_shared

    require_shared()
    record = sorted(Path(SHARED_RECORDS).rglob("*.jsonl"))[0]
    english = CliRunner().invoke(app, ["replay", str(record)])
    for language in ("ru", "it"):
        other = CliRunner().invoke(app, ["--lang", language, "replay", str(record)])
        assert (other.exit_code, other.stdout, other.stderr) == (
            english.exit_code,
            english.stdout,
            english.stderr,
        )


def test_a_refused_replay_line_stays_english(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "match_started", "players": ["Ann"]}\n', encoding="utf-8")
    english = CliRunner().invoke(app, ["replay", str(bad)])
    russian = CliRunner().invoke(app, ["--lang", "ru", "replay", str(bad)])
    assert english.exit_code == russian.exit_code == 1
    assert russian.stderr == english.stderr
    assert "line 1:" in russian.stderr


def test_json_results_stay_english(night: Cli) -> None:
    for name in ("Ann", "Bo"):
        night.ok("player", "add", name)
    night.ok("pair")
    russian = night.ok("--lang", "ru", "pairings", "--json").stdout
    assert "not played yet" in russian and "ещё не сыгран" not in russian
    assert "ещё не сыгран" in night.ok("--lang", "ru", "pairings").stdout
    person = night.ok("--lang", "it", "roster", "show", "Ann", "--json").stdout
    assert "not played yet" in person


def test_the_scorer_console_speaks_italian(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.ok("hand", "K3", "--opener", "Ann")
    shown = cli.ok("--lang", "it", "show", "K3").stdout
    assert "Tocca a: Ann · ossario 14" in shown
    assert "Estremità conteggiate: ancora nessuna (il tavolo è vuoto)" in shown
    placed = cli.ok("--lang", "it", "place", "K3", "5-5").stdout
    assert "Estremità conteggiate: 10 = 10 → 2 punti" in placed


def test_root_help_reads_a_lang_given_after_it() -> None:
    shown = CliRunner().invoke(app, ["-h", "--lang", "ru"], terminal_width=100).stdout
    assert "Турнирный менеджер на событиях" in shown


def test_a_russian_club_names_its_night_in_cyrillic(cli: Cli) -> None:
    """The slug (in every match id and address) is Latin: Cyrillic is written in Latin
    letters rather than refused for having none."""
    said = cli.ok("--lang", "ru", "tournament", "create", "Клубный вечер").stdout
    assert "Создан «Клубный вечер» (klubnyi-vecher)" in said
    cli.ok("tournament", "create", "Щука и Ёж")
    assert "shchuka-i-ezh" in cli.ok("tournament", "list").stdout


def test_a_russian_command_that_draws_no_help_loads_no_rich(tmp_path: Path) -> None:
    """--help's words are put on the command tree for every non-English command; Typer's own
    (Rich's panel titles) only when a page is drawn, so `tournament list` stays light."""
    from tests.cli.test_command_imports import loaded_by

    url = f"sqlite:///{tmp_path / 'tourney.db'}"
    assert loaded_by("tournament", "create", "Night", "--db", url)
    loaded = loaded_by("--lang", "ru", "tournament", "list", "--db", url)
    assert "rich" not in loaded
    assert "pyuca" not in loaded  # only a list of names sorts


# -- the new formats' refusals -------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "ru", "it"),
    [
        (
            ("tournament", "create", "Cup", "--format", "groups", "--pools", "1", "--advance", "1"),
            "--pools 1 --advance 1 для «Cup»: для плей-офф нужно не меньше 2 участников",
            "--pools 1 --advance 1 per “Cup”: l'eliminazione diretta richiede almeno 2",
        ),
        (
            ("tournament", "create", "Cup", "--format", "groups", "--pool-format", "bogus",
             "--pools", "2"),
            "неизвестный --pool-format 'bogus' для «Cup»",
            "--pool-format 'bogus' sconosciuto per “Cup”",
        ),
        (
            ("tournament", "create", "Duo", "--format", "swiss", "--no-grand-final-reset"),
            "--no-grand-final-reset для «Duo»: переигровка суперфинала бывает только",
            "--no-grand-final-reset per “Duo”: solo la doppia eliminazione",
        ),
        (
            ("tournament", "create", "Duo", "--format", "elimination", "--accelerated"),
            "это настройка швейцарской системы, а формат турнира — elimination",
            "è un'opzione dello svizzero, e il suo formato è elimination",
        ),
        (
            ("tournament", "create", "Duo", "--format", "swiss", "--gibson"),
            "правило Гибсона работает в последнем туре king-of-the-hill",
            "la gibsonizzazione abbina un ultimo turno king-of-the-hill",
        ),
        (
            ("tournament", "create", "Duo", "--format", "swiss", "--pools", "2"),
            "--pools: такой настройки нет у --format swiss",
            "--pools: non è un'opzione di --format swiss",
        ),
        (
            ("tournament", "create", "Duo", "--format", "rotating", "--seed-by", "rating"),
            "при смене партнёров пары составляются по расписанию",
            "i compagni a rotazione formano le coppie secondo il calendario",
        ),
        (
            ("tournament", "create", "Duo", "--format", "balanced", "--table-size", "2"),
            "сбалансированная рассадка для «Duo» сажает игроков за столы по 3 или 4",
            "i posti bilanciati per “Duo” siedono i giocatori a tavoli da 3 o 4",
        ),
        (
            ("standings", "--stage", "pools"),
            "'Club Night' — формат «Швейцарская система»: групп в нём нет",
            "'Club Night' ha il formato «Sistema svizzero»: non ha gironi",
        ),
        (
            ("standings", "--stage", "final"),
            "--stage 'final': выберите pools (группы) или knockout (плей-офф)",
            "--stage 'final': scegli pools (gironi) o knockout",
        ),
        (("round", "remove", "1"), "нельзя удалить: ни один тур 'Club Night' не составлен",
         "impossibile rimuovere: nessun turno di 'Club Night' è abbinato"),
    ],
)  # fmt: skip
def test_the_new_formats_refuse_in_russian_and_italian(
    night: Cli, args: tuple[str, ...], ru: str, it: str
) -> None:
    """Groups, double elimination, the Swiss options, rotating partners, balanced seating,
    standings --stage and the round corrections refuse in the chosen language: one line,
    exit 1, the database untouched."""
    for language, message in (("ru", ru), ("it", it)):
        line = refused(night, "--lang", language, *args, message=message)
        assert not re.search(r"\b(cannot|unknown|choose|only for|needs)\b", line), line


def test_rotating_partners_count_the_players_in_russian(cli: Cli) -> None:
    cli.ok("tournament", "create", "Pairs", "--format", "rotating", "--rounds", "3")
    for name in ("Ann", "Bo", "Cy"):
        cli.ok("player", "add", name)
    refused(cli, "--lang", "ru", "pair", message="'Pairs': 3 активных игрока, а для стола")
    refused(cli, "--lang", "it", "pair", message="'Pairs': 3 giocatori attivi")
    refused(cli, "pair", message="cannot pair 'Pairs': 3 active players, and a table")


def test_a_round_with_play_is_not_repaired_in_russian_or_italian(cli: Cli) -> None:
    from tests.cli.test_tournament_cli import play_round

    cli.ok("tournament", "create", "Night", "--table-size", "2", "--rounds", "3")
    for name in ("Ann", "Bo", "Cy", "Di"):
        cli.ok("player", "add", name)
    cli.ok("pair")
    play_round(cli.db)
    cli.ok("standings")  # the tables' results caught up: nothing moves after this
    refused(
        cli, "--lang", "ru", "round", "repair",
        message="нельзя составить заново тур 1 турнира 'Night': у стола 1 (night-r1-t1) есть "
        "результат",
    )  # fmt: skip
    refused(
        cli, "--lang", "it", "round", "repair",
        message="impossibile riabbinare il turno 1 di 'Night': il tavolo 1 (night-r1-t1) ha un "
        "risultato",
    )  # fmt: skip
    refused(
        cli, "--lang", "ru", "round", "remove", "1",
        message="добавьте --discard-results",
    )  # fmt: skip


def test_a_knockout_refusal_names_the_tournaments_rounds_in_every_language(cli: Cli) -> None:
    """The knockout is paired as a tournament of its own, its rounds numbered from 1; its
    refusal names the tournament's rounds in the words of the chosen language (the renumbering
    once knew only the English 'round')."""
    cli.ok(
        "tournament", "create", "Cup", "--format", "groups", "--table-size", "2",
        "--pools", "2", "--advance", "1",
    )  # fmt: skip
    for name in ("Ann", "Bo", "Cy", "Di"):
        cli.ok("player", "add", name)
    from tests.cli.test_tournament_cli import play_round

    cli.ok("pair")  # round 1: both pools' only match
    play_round(cli.db)
    cli.ok("pair")  # round 2: the knockout's final
    for language, message in (
        ("en", "cannot pair round 3 of 'Cup (knockout)': results of round 2 are missing"),
        ("ru", "нельзя составить тур 3 турнира 'Cup (knockout)': нет результатов тура 2 "),
        (
            "it",
            "impossibile abbinare il turno 3 di 'Cup (knockout)': mancano i risultati del turno 2:",
        ),
    ):
        refused(cli, "--lang", language, "pair", message=message)


def test_a_publish_refusal_reads_in_the_chosen_language(night: Cli, tmp_path: Path) -> None:
    taken = tmp_path / "notes.txt"
    taken.write_text("mine\n", encoding="utf-8")
    refused(night, "--lang", "ru", "publish", str(taken), message="это файл, а не папка")
    refused(night, "--lang", "it", "publish", str(taken), message="è un file, non una cartella")
    assert taken.read_text(encoding="utf-8") == "mine\n"


def test_a_mistyped_table_code_reads_in_the_chosen_language(night: Cli) -> None:
    refused(night, "--lang", "ru", "show", "bad id!", message="'bad id!' — не id матча")
    refused(night, "--lang", "it", "show", "bad id!", message="'bad id!' non è un id di partita")


CLICKS_OWN = [
    (["pair", "--bogus"], "No such option"),
    (["tournament", "create"], "Missing argument"),
    (["nosuchcommand"], "No such command"),
    (["tournament", "create", "X", "--rounds", "abc"], "Invalid value"),
    (["tournament", "create", "X", "--rounds", "abc"], "is not a whole number"),
    (["tournament", "create", "X", "--rounds", "0"], "must be at least"),
    (["tournament", "create", "X", "--rounds", "101"], "must be at most"),
    (["tournament", "create", "X", "--rounds"], "requires an argument"),
    (["pairings", "a", "b", "c", "d"], "unexpected extra argument"),
]


@pytest.mark.parametrize("lang", ["ru", "it"])
@pytest.mark.parametrize(("args", "english"), CLICKS_OWN, ids=[e for _, e in CLICKS_OWN])
def test_a_command_line_that_does_not_parse_is_refused_in_the_chosen_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str, args: list[str], english: str
) -> None:
    """Click writes these sentences itself; the edge says them again in the reader's
    language (`tourney.cli.click_words`). A Click release that rewords one fails here."""
    monkeypatch.chdir(tmp_path)
    said = CliRunner().invoke(app, ["--lang", lang, *args])
    assert said.exit_code == 1
    assert said.stderr.count("\n") == 1, said.stderr
    assert english not in said.stderr, said.stderr
    plain = CliRunner().invoke(app, args)
    assert english in plain.stderr, plain.stderr  # English stays exactly Click's
    assert list(tmp_path.iterdir()) == []


def test_every_sentence_of_clicks_has_its_translation() -> None:
    from tourney.cli.click_words import SENTENCES

    for language in ("ru", "it"):
        with i18n.using(language):
            for _pattern, msgid in SENTENCES:
                assert i18n._(msgid) != msgid, (language, msgid)
