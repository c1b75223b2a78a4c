"""Each page of `tourney serve` in its reader's language: the browser's Accept-Language (a
player from Kyiv at an Italian club reads Russian), the switch on the page (remembered in a
cookie), else the tournament's language, else English; the wall display's board in the
tournament's language; `<html lang>` says which."""

from __future__ import annotations

import html

from tests.web.conftest import Night
from tourney.web.language import COOKIE


def test_a_phone_reads_its_browsers_language(night: Night) -> None:
    page = night.client.get("/me", headers={"Accept-Language": "uk-UA, ru;q=0.9, en;q=0.5"})
    assert '<html lang="ru">' in page.text
    assert "Ваше имя" in page.text and "Your name" not in page.text
    italian = night.client.get("/me", headers={"Accept-Language": "it-IT,it;q=0.9"})
    assert '<html lang="it">' in italian.text and "Il tuo nome" in italian.text


def test_a_browser_asking_for_none_of_ours_reads_the_tournaments_language(
    night: Night,
) -> None:
    assert '<html lang="en">' in night.client.get("/me", headers={"Accept-Language": "de"}).text
    night.cli.ok("tournament", "language", "it")
    page = night.client.get("/me", headers={"Accept-Language": "de, fr;q=0.8"})
    assert '<html lang="it">' in page.text and "Cercati" in page.text
    display = night.client.get("/display", headers={"Accept-Language": "ru"}).text
    assert '<html lang="it">' in display  # the room's screen: the tournament's language
    assert 'href="?lang=ru"' not in display


def test_the_switch_on_the_page_is_remembered(night: Night) -> None:
    page = night.client.get("/me", headers={"Accept-Language": "en"})
    assert 'href="?lang=ru"' in page.text and 'href="?lang=it"' in page.text
    switched = night.client.get("/me?lang=ru", headers={"Accept-Language": "en"})
    assert '<html lang="ru">' in switched.text
    assert switched.cookies.get(COOKIE) == "ru" or night.client.cookies.get(COOKIE) == "ru"
    later = night.client.get("/me", headers={"Accept-Language": "it"})
    assert '<html lang="ru">' in later.text  # the switch outranks the browser's language
    back = night.client.get("/me?lang=en")
    assert '<html lang="en">' in back.text


def test_an_unknown_switch_is_ignored(night: Night) -> None:
    page = night.client.get("/me?lang=xx", headers={"Accept-Language": "ru"})
    assert page.status_code == 200 and '<html lang="ru">' in page.text
    assert COOKIE not in page.cookies


def test_the_director_s_pages_and_a_table_s_page_follow_too(night: Night) -> None:
    night.client.cookies.set(COOKIE, "ru")
    login = night.client.get("/director/login")
    assert "Пароль" in login.text and "Войти" in login.text
    night.sign_in()
    director = night.client.get("/director")
    assert '<html lang="ru">' in director.text
    assert "Жеребьёвка следующего тура" in director.text
    assert "Стол 1" in night.client.get(night.link(1)).text


def test_a_refused_table_link_reads_in_the_phones_language(night: Night) -> None:
    """A phone's refusal (a forged or stale table link) is a msgid like any other: the
    player reads why, and what to do, in their browser's language."""
    forged = "/t/nonsense"
    for language, words in (
        ("ru", "эта ссылка стола здесь недействительна: отсканируйте QR-код стола"),
        ("it", "questo link del tavolo non è valido qui: scansiona di nuovo il codice QR"),
        ("en", "this table link is not valid here: scan the table"),
    ):
        page = night.client.get(forged, headers={"Accept-Language": language})
        assert page.status_code == 403
        assert words in html.unescape(page.text), page.text[:400]


def _refused_page(night: Night, path: str, data: dict[str, str], language: str) -> tuple[int, str]:
    """``data`` posted to ``path`` from a browser reading ``language``: the refusal's status
    and the page's text; the log is the same after as before."""
    from tests.web.test_attack_auth import events_digest

    before = events_digest(night.cli.db)
    response = night.client.post(
        path, data=data, headers={"Accept-Language": language}, follow_redirects=False
    )
    assert events_digest(night.cli.db) == before, f"{path}: refused but written"
    return response.status_code, html.unescape(response.text)


def test_a_wrong_director_password_is_refused_in_the_browsers_language(night: Night) -> None:
    for language, words in (("ru", "неверный пароль"), ("it", "password errata")):
        token = night.csrf("/director/login")
        status, page = _refused_page(
            night, "/director/login", {"password": "not it", "csrf": token}, language
        )
        assert status == 403 and words in page, page[:400]
        assert "wrong password" not in page


def test_a_directors_form_missing_a_field_is_refused_in_the_browsers_language(
    night: Night,
) -> None:
    night.sign_in()
    for language, words in (
        ("ru", "укажите, ссылку какого стола выдать заново"),
        ("it", "indica di quale tavolo riemettere il link"),
    ):
        token = night.csrf("/director")
        status, page = _refused_page(night, "/director/reissue", {"csrf": token}, language)
        assert status == 400 and words in page, page[:400]
        assert "say which table" not in page


def test_a_stale_directors_form_is_refused_in_the_browsers_language(night: Night) -> None:
    night.sign_in()
    night.csrf("/director")  # the browser has its CSRF cookie; the form's token is stale
    for language, words in (
        ("ru", "форма устарела или отправлена не с этой страницы: обновите страницу"),
        ("it", "il modulo è scaduto o non è stato inviato da questa pagina: ricaricala"),
    ):
        status, page = _refused_page(night, "/director/publish", {"csrf": "stale"}, language)
        assert status == 403 and words in page, page[:400]
        assert "out of date" not in page


def test_the_guards_refusals_read_in_the_browsers_language(night: Night) -> None:
    """The guards before any route (a form from another site, a body that is not a form)
    answer in the reader's language too: the language is chosen before they run."""
    night.sign_in()
    token = night.csrf("/director")
    for language, foreign, not_a_form in (
        ("ru", "отказано: эту форму отправили с другого сайта", "форма отправляется только как"),
        ("it", "rifiutato: questo modulo è stato inviato da un altro sito", "un modulo si invia"),
    ):
        from tests.web.test_attack_auth import events_digest

        before = events_digest(night.cli.db)
        forged = night.client.post(
            "/director/publish",
            data={"csrf": token},
            headers={"Accept-Language": language, "Origin": "https://evil.example"},
        )
        assert forged.status_code == 403 and foreign in html.unescape(forged.text)
        sent = night.client.post(
            "/director/publish",
            content=b"{}",
            headers={"Accept-Language": language, "Content-Type": "application/json"},
        )
        assert sent.status_code == 415 and not_a_form in html.unescape(sent.text), sent.text[:300]
        assert events_digest(night.cli.db) == before
