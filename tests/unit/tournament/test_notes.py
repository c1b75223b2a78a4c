"""Pairing notes are data (a code and its values) and every code says itself in English,
Italian and Russian, in both catalogs: no English left in Italian or Russian, no
placeholder missing, Russian in «» and with no gendered past tense after a name."""

from __future__ import annotations

import re
import string
from decimal import Decimal
from fractions import Fraction

import pytest

from tourney.i18n import npage_, page_, translations, using
from tourney.tournament.format import find, names
from tourney.tournament.notes.note_sentences import SENTENCES
from tourney.tournament.notes.note_words import note_text, page_note, render
from tourney.tournament.notes.notes import (
    Note,
    Who,
    clauses,
    note,
    note_from_payload,
    note_payload,
    recorded,
)
from tourney.tournament.notes.sentence import Sentence


def every_sentence() -> dict[str, Sentence]:
    found = dict(SENTENCES)
    for name in names():
        fmt = find(name)
        assert fmt is not None
        assert all(code.startswith(f"{name}.") for code in fmt.sentences), name
        found.update(fmt.sentences)
    return found


SENTENCE = every_sentence()
NAME = "Мария"
"""Every entrant of the dummy notes: a name with no Latin letter, so a Latin word left in a
Russian note is English."""
ALLOWED_LATIN = {"OpenSkill", "T"}
"""Latin words a Russian note may hold: a rating system's name, a table's code (T2)."""
ITALIAN_TOO = {"club", "OpenSkill", "Buchholz", "rating", "Gibson", "whist", "Kirkman", "affine"}
"""English words that are Italian too (or names): an Italian note may hold them."""


def placeholders(text: str) -> list[str]:
    return [field for _, field, _, _ in string.Formatter().parse(text) if field]


def dummy(code: str, sentence: Sentence) -> Note:
    """A note of `code` with a value for every placeholder of its sentence."""
    values = {}
    for field in placeholders(sentence.text):
        values[field] = Who("p1") if field in ("who", "first", "second") else 3
    return Note(code, values)


@pytest.mark.parametrize("code", sorted(SENTENCE))
@pytest.mark.parametrize("language", ["en", "it", "ru"])
def test_every_code_says_itself_in_each_language_and_each_catalog(code: str, language: str) -> None:
    sentence = SENTENCE[code]
    said = dummy(code, sentence)
    with using(language):
        texts = {note_text(said, lambda _: NAME), page_note(said, lambda _: NAME)}
    for text in texts:
        assert "{" not in text and "}" not in text, text
        assert NAME in text or "who" not in placeholders(sentence.text)
        if language == "ru":
            latin = set(re.findall(r"[A-Za-z]+", text)) - ALLOWED_LATIN
            assert not latin, (code, text)
            assert '"' not in text, text
        if language == "it":
            english = {w for w in re.findall(r"[A-Za-z]{3,}", sentence.text)} - ITALIAN_TOO
            left = english & set(re.findall(r"[A-Za-z]{3,}", text))
            assert not left, (code, text, left)


@pytest.mark.parametrize("domain", ["messages", "site"])
@pytest.mark.parametrize("language", ["it", "ru"])
def test_every_sentence_is_in_both_catalogs(domain: str, language: str) -> None:
    catalog = translations(language, domain)
    for code, sentence in SENTENCE.items():
        if sentence.plural is None:
            found = catalog.gettext(sentence.text)
        else:
            found = catalog.ngettext(sentence.text, sentence.plural, 5)
        same = {"{who} ({score})", "{who} {rating}", "T{table}", "{won} ({source})",
                "{where}: {rounds}", "{n}. {who} ({place})",
                "{bracket}: {entrants}; {consequence}"}  # fmt: skip
        assert found != sentence.text or sentence.text in same, (language, domain, code)
        assert sorted(placeholders(found)) == sorted(placeholders(sentence.plural or sentence.text))


def test_russian_says_no_gendered_past_tense_after_a_name() -> None:
    """ "Аня выиграл" is wrong whoever Аня is: a name is followed by a colon, a noun or the
    present tense, never a past-tense verb."""
    catalog = translations("ru", "messages")
    for sentence in SENTENCE.values():
        text = catalog.gettext(sentence.text)
        for field in ("who", "first", "leader", "names"):
            assert not re.search(r"\{" + field + r"\}\s+\w+(л|ла|ло)\b", text), text


def test_a_note_round_trips_through_its_payload_with_every_kind_of_value() -> None:
    said = note(
        "swiss.budget",
        candidates=80_000,
        swaps=note("swiss.annealed", n=12),
        left=(note("swiss.left_repeats", n=2), Who("p7")),
        points=Fraction(3, 2),
        rating=Decimal("12.50"),
        text="Ann's club",
        parts=clauses(recorded("old words"), note("swiss.clean")),
    )
    payload = note_payload(said)
    assert note_from_payload(payload) == said
    import json

    assert note_from_payload(json.loads(json.dumps(payload))) == said


def test_counts_choose_their_plural_form() -> None:
    with using("ru"):
        said = [render(note("swiss.left_repeats", n=n), str, page_, npage_) for n in (1, 3, 5)]
    assert said == [
        "1\u00a0повторная встреча",
        "3\u00a0повторные встречи",
        "5\u00a0повторных встреч",
    ]
    with using("en"):
        assert page_note(note("swiss.accelerated", round=1, n=6, points=Fraction(1, 2)), str) == (
            "accelerated round 1: the top 6 of the seed order pair with ½ virtual points each "
            "(pairing only, never in the standings)"
        )
