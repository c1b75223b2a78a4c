"""A game's command given 0 hands its record 0: the value was dropped as "not given" (0 is
False to ``in (None, False)``), so ``tourney call T1 1 0`` at a Morra table crashed with a
KeyError (audit33b) and ``tourney deal T3 --seed 0`` would deal hidden hands; an option of
another game given as 0 was not refused."""

from __future__ import annotations

import pytest

from tourney.cli.game_cmd import _given, _refuse_others
from tourney.errors import TourneyError
from tourney.gamekit.verbs import Param

COUNT = Param("count", "How many.", kind=int, required=True)
SEED = Param("seed", "The seed.", "--seed", int)
KNOWN = Param("known", "Known hands.", "--known", bool)


def test_zero_is_a_value_and_false_or_none_is_not_given() -> None:
    given = _given((COUNT, SEED, KNOWN), {"count": 0, "seed": 0, "known": False})
    assert given == {"count": 0, "seed": 0}
    assert _given((SEED,), {"seed": None}) == {}


def test_another_games_option_given_as_zero_is_refused() -> None:
    with pytest.raises(TourneyError, match="--seed is not for a Nim match"):
        _refuse_others("Nim", (COUNT,), (COUNT, SEED), {"count": 1, "seed": 0})
