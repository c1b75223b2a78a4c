"""A club's game with commands of its own (a verb, a start option) installed beside tourney:
its words are its own, English, and stay out of tourney's catalog when tourney's
`make catalogs` runs (tourney's tests of the catalog held a Nim's 'take' help as missing,
and its 'count' as a value with no metavar); its value shows its name in capitals."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

from tourney.gamekit import registry
from tourney.gamekit.base import BaseGame
from tourney.gamekit.verbs import PLAYER, Param, Verb

TAKE = Verb("Take 1 to 3 stones.\n\nExample: tourney take T3 2", (
    Param("count", "How many stones.", kind=int, required=True), PLAYER,
), lambda desk, options, at: [])  # fmt: skip


class Club(BaseGame):
    """Only what the command line reads of a game: its name, its verbs, its start options."""

    name = "clubgame"
    title = "Club game"
    table_sizes = (2, 2)

    @property
    def verbs(self) -> Mapping[str, Verb]:
        return {"take": TAKE}

    @property
    def start_options(self) -> Sequence[Param]:
        return (Param("pile", "Stones in the pile.", "--pile", int),)


@pytest.fixture
def club() -> Iterator[Any]:
    played = Club()
    registry.register(played)
    yield played
    registry.unregister(played.name)


def test_a_club_games_words_are_not_tourneys(club: Any) -> None:
    from tourney.cli.catalog import club_words, help_texts

    texts, names = club_words()
    registry.unregister(club.name)  # what other club games installed here add (Morra's...)
    others, other_names = club_words()
    registry.register(club)
    assert texts - others == {"Take 1 to 3 stones.\n\nExample: tourney take T3 2",
                              "How many stones.", "Stones in the pile."}  # fmt: skip
    assert names - other_names == {"count", "pile"}  # --player is tourney's own, shared
    assert "Stones in the pile." not in help_texts()  # `start` offers it, the catalog not


def test_a_club_games_value_shows_its_name_in_capitals() -> None:
    from tourney.cli.game_cmd import _option

    assert _option(TAKE.params[0]).metavar == "COUNT"
    assert _option(PLAYER).metavar is None  # tourney's word for it (metavars.BY_NAME)
