"""The catalogs: every English string of the pages is in them, translated in Italian and
Russian (none empty, none fuzzy), the shipped .mo files are the .po files compiled, and the
game's words follow each language's glossary (tourney/locale/glossary-<lang>.tsv)."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tourney.i18n import LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[3]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
PO_FILES = sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))


def _catalog(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=path.parts[-3], domain=path.stem)


def texts(value: object) -> tuple[str, ...]:
    """A message's id or string as a tuple of texts (one, or one per plural form)."""
    if isinstance(value, str):
        return (value,)
    if isinstance(value, (tuple, list)):
        return tuple(str(v) for v in value)
    return ()


def _messages(catalog: Catalog) -> list[Message]:
    return [m for m in catalog if m.id]


def test_each_language_has_the_site_catalog() -> None:
    for lang in TRANSLATED:
        assert (LOCALE_DIR / lang / "LC_MESSAGES" / "site.po").is_file(), lang


@pytest.mark.parametrize("po", PO_FILES, ids=lambda p: f"{p.parts[-3]}-{p.stem}")
def test_every_entry_is_translated_and_none_is_fuzzy(po: Path) -> None:
    """Both domains, every language: a missing or fuzzy entry would show English (or a
    guess) to a reader."""
    catalog = _catalog(po)
    empty = []
    fuzzy = []
    for message in _messages(catalog):
        strings = texts(message.string)
        if not all(strings) or len(strings) != (catalog.num_plurals if message.pluralizable else 1):
            empty.append(message.id)
        if message.fuzzy:
            fuzzy.append(message.id)
    assert not empty, f"{po}: untranslated: {empty[:10]}"
    assert not fuzzy, f"{po}: fuzzy: {fuzzy[:10]}"


@pytest.mark.parametrize("po", PO_FILES, ids=lambda p: f"{p.parts[-3]}-{p.stem}")
def test_the_shipped_mo_is_the_po_compiled(po: Path) -> None:
    """The .mo files are committed (an installed package compiles nothing): they must be
    exactly what `pybabel compile` makes of the .po, so the two cannot drift."""
    compiled = io.BytesIO()
    write_mo(compiled, _catalog(po))
    assert po.with_suffix(".mo").read_bytes() == compiled.getvalue(), (
        f"{po.with_suffix('.mo')} differs from its .po compiled: run make catalogs"
    )


@pytest.mark.parametrize("po", PO_FILES, ids=lambda p: f"{p.parts[-3]}-{p.stem}")
def test_placeholders_are_kept(po: Path) -> None:
    """A translation names the same placeholders as its English (%(name)s or {name}): a
    missing one would drop a value, an unknown one would fail when the page renders."""
    pattern = re.compile(r"%\((\w+)\)[sd]|\{(\w+)(?:![rs])?\}")
    for message in _messages(_catalog(po)):
        ids = texts(message.id)
        wanted = {a or b for text in ids for a, b in pattern.findall(text)}
        strings = texts(message.string)
        for text in strings:
            found = {a or b for a, b in pattern.findall(text)}
            assert found == wanted, (str(po), message.id, text)


# A placeholder that holds a count (not a number that names a round or a table).
COUNT = (
    r"(?:\{(?:count\d?|n|num|total|rounds|seats|side_count|size|minutes|wait|hand_size"
    r"|tricks|limit|low|high|min_players|max_players|top)\}"
    r"|%\((?:n|num|count|total|target|rounds|minutes|paired|players)\)[sd])"
)
COUNTED_NOUN = re.compile(
    COUNT + r"\s+(?!(?:di|su|a|e|o|per|in|da|al|contro|и|или|по|в|на|с|до|из|для|за)\b)"
    r"(?![a-zà-ùа-яё]{1,4}\.)([a-zà-ùа-яё]{2,})\b"
)
"""A count followed by a lowercase word (a noun): only a plural entry may say that. An
abbreviation with its period ("5 мин.") and a unit in capitals ("КиБ") do not decline."""
NAMES_A_NUMBER = {
    "Round {count} is published: its tables are open.",
    "{slug} is night {count} of {name}.",
    "Pair round %(n)s again",
}
"""Messages whose "count" placeholder is an ordinal (round 3, night 2), not a count."""


@pytest.mark.parametrize("po", PO_FILES, ids=lambda p: f"{p.parts[-3]}-{p.stem}")
def test_a_count_is_never_followed_by_a_noun_outside_ngettext(po: Path) -> None:
    """A noun after a number takes the number's form: three in Russian (1 тур, 2 тура,
    5 туров), two in Italian (1 serata, 2 serate). A message counted with _() and not
    ngettext() cannot know which, so it says the noun first ("туров: {count}", "serate:
    {count}") or counts with ngettext; "до 61 очков" and "1 serate" were both printed."""
    wrong = [
        (texts(message.id)[0], text)
        for message in _messages(_catalog(po))
        if not message.pluralizable and texts(message.id)[0] not in NAMES_A_NUMBER
        for text in texts(message.string)
        if COUNTED_NOUN.search(text)
    ]
    assert not wrong, "\n".join(f"{i!r} -> {s!r}" for i, s in wrong)


# A person's name in a message: tourney cannot know the person's gender.
PERSON = (
    r"(?:%\((?:who|name|player|pitcher|dealer|opener|mover|names|gone)\w*\)s"
    r"|\{(?:who|name\d?|players?|pitcher|dealer|opener(?:_name)?|out|names|winner|loser|first"
    r"|second|gone|leader|entrant)(?:![rs])?\})"
)
GENDERED = {
    # Russian past tense and short adjectives agree with the subject: "Аня выложил" is wrong.
    "ru": re.compile(
        # the verb may open a bracket after the name: "начинает Аня (выложил последнюю кость)"
        PERSON + r"[^.;:()—,]{0,3}\s+\(?(?:не\s+|уже\s+|только что\s+|и\s+)?"
        r"([а-яё]+(?:л|ла|ло|лся|лась|л\(а\)|т\(а\))|должен|должна|готов|снят)(?![а-яё])"
        r"|(?<![а-яё])([а-яё]+л|должен)\s+"
        + PERSON
        + r"|"
        + PERSON
        + r"[^.;:—]{0,40}\bдолж(?:ен|на)\b"
        # the hedge "отмечен(а)", "победил(а)", "свободен(на)": a person's gender guessed at
        # in writing, wherever the name stands
        + r"|[а-яё]\((?:а|на|ла|ая|о)\)",
        re.IGNORECASE,
    ),
    # Italian participles after essere agree too: "Anna è andato sotto".
    "it": re.compile(
        # and so do they when the player is spoken to: "Anna, sei registrato"
        PERSON
        + r",?\s+(?:non\s+)?(?:si\s+)?(?:è|sei|sono|era|resta|rimane)\s+(?:stat[oi]\s+|già\s+)?"
        r"(?!pari\b)([a-zà-ù]+[oi])\b",
        re.IGNORECASE,
    ),
}
NOT_A_PERSON = re.compile(r"characters long|was changed after|read model|table of round")
"""Messages whose {name} is a file, a field or a table, not a person."""


@pytest.mark.parametrize("po", PO_FILES, ids=lambda p: f"{p.parts[-3]}-{p.stem}")
def test_no_verb_after_a_name_takes_a_gender(po: Path) -> None:
    """A move line, a notice or a refusal about a player says it without a gendered verb
    after the name ("Аня: 5-5 на 3-3", "ход Ани", the present): tourney does not know
    whether Аня is a woman, and "Аня выложил" tells her she is not."""
    pattern = GENDERED[po.parts[-3]]
    wrong = [
        (texts(message.id)[0], text)
        for message in _messages(_catalog(po))
        if not NOT_A_PERSON.search(texts(message.id)[0])
        for text in texts(message.string)
        if pattern.search(text)
    ]
    assert not wrong, "\n".join(f"{i!r} -> {s!r}" for i, s in wrong)


@pytest.mark.slow
def test_the_site_catalog_holds_every_string_of_the_code(tmp_path: Path) -> None:
    """Extracting again (as make site-catalog does) finds no msgid the catalogs lack: a
    string wrapped in a template or page_() without `make catalogs` is caught here."""
    pot = tmp_path / "site.pot"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "babel.messages.frontend",
            "-q",
            "extract",
            "-F",
            "babel-site.cfg",
            "--no-default-keywords",
            "-k",
            "page_",
            "-k",
            "npage_:1,2",
            "-k",
            "page_p:1c,2",
            "-k",
            "npage_p:1c,2,3",
            "-k",
            "page_mark",
            "-o",
            str(pot),
            ".",
        ],
        cwd=ROOT,
        check=True,
    )
    with pot.open("rb") as f:
        wanted = {texts(m.id)[0] for m in read_po(f) if m.id}
    assert len(wanted) > 300
    for lang in TRANSLATED:
        catalog = _catalog(LOCALE_DIR / lang / "LC_MESSAGES" / "site.po")
        have = {texts(m.id)[0] for m in _messages(catalog)}
        assert not wanted - have, f"{lang}: not in the catalog: {sorted(wanted - have)[:10]}"


# -- the glossary ------------------------------------------------------------------------


def glossary(lang: str) -> list[tuple[str, str, str]]:
    """(English pattern, translation, accepted stems) from glossary-<lang>.tsv."""
    rows = []
    path = LOCALE_DIR / f"glossary-{lang}.tsv"
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        english, translation, stems, *_note = line.split("\t")
        rows.append((english, translation, stems))
    return rows


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_glossary_names_the_game_words(lang: str) -> None:
    terms = {english for english, _translation, _stems in glossary(lang)}
    for needed in ("double", "spinner", "boneyard", "draw", "pass", "hand", "count", "trick"):
        assert any(needed in term for term in terms), (lang, needed)


# What a message's English names that is not English prose: placeholders, option names,
# quoted values and JSON keys, `code`, snake_case names, hyphenated values (finish-hand) and
# the commands a message tells to type (tourney deal, bid, pass and play) and the pages'
# addresses it names (/director/poster: an address, not the director).
CODE = re.compile(
    r"%\(\w+\)[sd]|\{[^}]*\}|--[\w-]+|'[^']*'|`[^`]*`|\"[^\"]*\"|\b\w+_\w+\b|\b[a-z]+-[a-z]+\b"
    r"|\btourney(?: \w+)(?:, \w+)*(?: and \w+)?|(?<!\w)/\w[\w/-]*"
)


@pytest.mark.parametrize("domain", ["messages", "site"])
@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_catalog_follows_the_glossary(lang: str, domain: str) -> None:
    """Wherever a glossary term is translated, its translation uses the glossary's word
    (any of its stems, as the language inflects it), not a literal rendering: in what the
    CLI says as much as on the pages."""
    catalog = _catalog(LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po")
    wrong = []
    for english, _translation, stems in glossary(lang):
        term = re.compile(rf"\b(?:{english})\b", re.IGNORECASE)
        stem = re.compile(stems, re.IGNORECASE)
        for message in _messages(catalog):
            ids = texts(message.id)
            if not any(term.search(CODE.sub("", text)) for text in ids):
                continue
            strings = texts(message.string)
            if not all(stem.search(text) for text in strings):
                wrong.append((english, ids[0], strings[0]))
    assert not wrong, "\n".join(f"{e!r}: {i!r} -> {s!r}" for e, i, s in wrong)


def avoided(lang: str) -> list[tuple[str, str, str]]:
    """(pattern, the word to use, why) from avoid-<lang>.tsv."""
    path = LOCALE_DIR / f"avoid-{lang}.tsv"
    return [
        tuple(line.split("\t")[:3])  # type: ignore[misc]
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]


@pytest.mark.parametrize("domain", ["messages", "site"])
@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_uses_a_word_the_clubs_do_not(lang: str, domain: str) -> None:
    """The words a club would not use (avoid-<lang>.tsv: "питчер", "директор", "lati" for a
    match's sides, "unità nette"...) are in no translation of either catalog."""
    catalog = _catalog(LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po")
    rows = avoided(lang)
    assert len(rows) >= 8
    found = [
        (pattern, instead, text[:120])
        for pattern, instead, _why in rows
        for message in _messages(catalog)
        for text in texts(message.string)
        if re.search(pattern, text, re.IGNORECASE)
    ]
    assert not found, "\n".join(f"{p!r} (say {i!r}): {t!r}" for p, i, t in found)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_glossary_holds_the_seeds_words(lang: str) -> None:
    """The words of the rule texts the clubs read (../shared/seeds: "базар", "рыба",
    "продолжение хода"; "ossario", "bloccata", "continuazione") are glossary terms, so the
    catalogs are held to them."""
    terms = " ".join(translation for _english, translation, _stems in glossary(lang))
    seeds = {
        "ru": ("базар", "добирать", "рыба", "продолжение", "выкладка", "дубль", "кость"),
        "it": ("ossario", "pescare", "bloccata", "continuazione", "schema", "doppia", "tessera"),
    }[lang]
    for word in seeds:
        assert word in terms, (lang, word)
