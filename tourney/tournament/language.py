"""The tournament's language: what its published site and printed sheets are written in."""

from __future__ import annotations

from tourney.i18n import LANGUAGES, LanguageError, _, normalize
from tourney.tournament.events import LanguageSet, TournamentEvent
from tourney.tournament.state import TournamentState


def language_settings(language: str | None) -> list[TournamentEvent]:
    """The event a new tournament's ``--lang`` records (none when not given)."""
    return [] if language is None else [LanguageSet(checked(language))]


def decide_language(state: TournamentState, language: str) -> list[TournamentEvent]:
    """Set the tournament's language; the same language again records nothing."""
    state.created  # noqa: B018 - a stream without a tournament is refused here
    chosen = checked(language, "tournament language")
    return [] if chosen == state.language else [LanguageSet(chosen)]


def checked(language: str, source: str = "--lang") -> str:
    """``language`` as one of `LANGUAGES` (``"RU"``, ``"ru_RU"`` -> ``"ru"``); anything
    else refused, naming where it was given (``source``) and the choices."""
    found = normalize(language)
    if found is None:
        raise LanguageError(
            _("{source}: unknown language {value}: choose one of {choices}").format(
                source=source, value=repr(language), choices=", ".join(LANGUAGES)
            )
        )
    return found
