"""Build tournament states for tests by going through the decide functions, as a user would."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction

from tests.factories.simulation import play_round
from tourney.gamekit.stored import HORSE_RACE
from tourney.i18n import using
from tourney.tournament.create import decide_create
from tourney.tournament.entries.entries import decide_form_partnership, decide_register
from tourney.tournament.events import DEFAULT_TIE_BREAKS, TournamentEvent
from tourney.tournament.notes.note_words import namer, note_text
from tourney.tournament.notes.notes import Note
from tourney.tournament.seating.pairing import decide_pair_deciding_matches, decide_pair_round
from tourney.tournament.state import TournamentError, TournamentState, evolve


def apply(state: TournamentState, events: Sequence[TournamentEvent]) -> TournamentState:
    for event in events:
        state = evolve(state, event)
    return state


def tournament(
    players: int,
    *,
    format: str = "swiss",
    table_size: int = 4,
    rounds: int = 5,
    partnerships: bool = False,
    shared_win: str = "split",
    bye_points: Fraction = Fraction(1),
    tie_breaks: Sequence[str] = DEFAULT_TIE_BREAKS,
    third_place: bool = False,
    clubs: int = 0,
    seed: int = 0,
) -> TournamentState:
    """A created tournament with `players` registered (ratings and clubs seeded)."""
    rng = random.Random(seed)
    state = apply(
        TournamentState(),
        decide_create(
            TournamentState(),
            "Club Night",
            format=format,
            table_size=table_size,
            rounds=rounds,
            partnerships=partnerships,
            shared_win=shared_win,
            bye_points=bye_points,
            tie_breaks=tie_breaks,
            third_place=third_place,
            game_name=HORSE_RACE,
        ),
    )
    for i in range(players):
        club = f"club{i % clubs}" if clubs else None
        state = apply(
            state,
            decide_register(
                state, f"p{i}", f"Player {i}", club=club, rating=rng.randrange(1000, 2000)
            ),
        )
    if partnerships:
        for i in range(0, players - 1, 2):
            state = apply(state, decide_form_partnership(state, f"t{i}", (f"p{i}", f"p{i + 1}")))
    return state


def pair(state: TournamentState, **options: object) -> TournamentState:
    return apply(state, decide_pair_round(state, **options))  # type: ignore[arg-type]


def play(state: TournamentState, rng: random.Random, shared_rate: float = 0.1) -> TournamentState:
    return play_round(state, rng, shared_rate)[0]


def play_out(
    state: TournamentState, rng: random.Random, shared_rate: float = 0.1
) -> TournamentState:
    """Pair and play every round left (and a knockout's deciding matches) until pairing
    says every round is paired."""
    while True:
        try:
            state = pair(state)
        except TournamentError as exc:
            assert "are paired" in str(exc), exc
            return state
        state = play(state, rng, shared_rate)
        while state.created.format in ("elimination", "double_elimination"):
            try:
                state = apply(state, decide_pair_deciding_matches(state))
            except TournamentError:
                break
            state = play(state, rng, shared_rate)


def words(state: TournamentState | None, note: Note | None, names: Mapping[str, str] = {}) -> str:
    """A pairing note in English, entrants by name (from `state`, else `names`, else ids):
    what the tests read of a note."""
    if note is None:
        return ""
    name = namer(state) if state is not None else (lambda e: names.get(e, e))
    with using("en"):
        return note_text(note, name)


def all_words(
    state: TournamentState | None, notes: Sequence[Note], names: Mapping[str, str] = {}
) -> list[str]:
    return [words(state, n, names) for n in notes]
