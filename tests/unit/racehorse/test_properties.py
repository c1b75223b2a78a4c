"""Invariants over simulated Racehorse matches (hypothesis draws the seeds; derandomized)."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import examples, without_hands
from tourney.errors import RecordError
from tourney.games.racehorse import (
    DECK,
    HAND_SIZE,
    TRICKS,
    CardPlayed,
    DealStarted,
    Event,
    Match,
    Phase,
    RuleError,
)
from tourney.games.racehorse.bots import Bot, GreedyBot, RandomBot
from tourney.games.racehorse.record import is_racehorse_record, replay_lines, write_record
from tourney.games.racehorse.simulate import SimulatedMatch, player_names, simulate_match

seeds = st.integers(min_value=0, max_value=2**32 - 1)
tables = st.integers(min_value=5, max_value=8)
bot_kinds = st.sampled_from(["random", "greedy", "mixed"])
SETTINGS = settings(max_examples=examples(60), derandomize=True, deadline=None)


def simulate(seed: int, seats: int, kind: str = "random") -> SimulatedMatch:
    bots: list[Bot] = [
        GreedyBot() if kind == "greedy" or (kind == "mixed" and seat % 2) else RandomBot()
        for seat in range(seats)
    ]
    return simulate_match(random.Random(seed), player_names(seats), None, bots)


def text_of(events: list[Event]) -> str:
    out = io.StringIO()
    write_record(events, out)
    return out.getvalue()


@SETTINGS
@given(seeds, tables, bot_kinds)
def test_payments_sum_to_zero_and_nets_are_their_sum(seed: int, seats: int, kind: str) -> None:
    match = simulate(seed, seats, kind).match
    assert match.finished and len(match.deals) == match.deal_count == 2 * seats
    for deal in match.deals:
        assert sum(deal.payments) == 0
        assert deal.bid is not None and deal.pitcher is not None
        each = deal.bid if deal.made else -deal.bid
        assert deal.payments[deal.pitcher] == each * (seats - 1)
    assert match.net == [sum(d.payments[s] for d in match.deals) for s in range(seats)]
    assert match.winners == [s for s, net in enumerate(match.net) if net == max(match.net)]


@SETTINGS
@given(seeds, tables, bot_kinds)
def test_every_deal_has_six_tricks_and_plays_every_dealt_card_once(
    seed: int, seats: int, kind: str
) -> None:
    sim = simulate(seed, seats, kind)
    match = Match()
    dealt: set[object] = set()
    played: Counter[object] = Counter()
    for event in sim.events:
        outcome = match.apply(event)
        if isinstance(event, DealStarted):
            assert event.hands is not None
            dealt = {card for cards in event.hands.values() for card in cards}
            assert len(dealt) == HAND_SIZE * seats
            played = Counter()
        elif isinstance(event, CardPlayed):
            played[event.card] += 1
        if outcome.deal_over:
            assert match.play is not None and len(match.play.tricks) == TRICKS
            assert set(played) == dealt and set(played.values()) == {1}
            assert all(len(t.plays) == seats for t in match.play.tricks)
            assert len(match.deals[-1].tricks) == TRICKS


@SETTINGS
@given(seeds, tables, bot_kinds)
def test_the_next_dealer_follows_the_pitcher(seed: int, seats: int, kind: str) -> None:
    deals = simulate(seed, seats, kind).match.deals
    for deal, after in pairwise(deals):
        assert deal.pitcher is not None
        assert after.dealer == (deal.pitcher if deal.made else (deal.pitcher - 1) % seats)


@SETTINGS
@given(seeds, tables, bot_kinds)
def test_the_hidden_form_replays_to_the_same_summary(seed: int, seats: int, kind: str) -> None:
    lines = text_of(simulate(seed, seats, kind).events).splitlines()
    hidden = replay_lines(without_hands(lines)).match
    assert not any(deal.known for deal in hidden.deals)
    assert hidden.summary() == replay_lines(lines).match.summary()


@SETTINGS
@given(seeds, tables, bot_kinds)
def test_write_read_write_is_byte_identical(seed: int, seats: int, kind: str) -> None:
    sim = simulate(seed, seats, kind)
    text = text_of(sim.events)
    replayed = replay_lines(text.splitlines(), keep_events=True)
    assert [e for _, e in replayed.events] == sim.events
    assert text_of([e for _, e in replayed.events]) == text
    assert replayed.match.summary() == sim.match.summary()


@settings(max_examples=examples(10), derandomize=True, deadline=None)
@given(seeds, tables)
def test_the_same_seed_gives_the_same_record(seed: int, seats: int) -> None:
    first = text_of(simulate(seed, seats).events)
    assert text_of(simulate(seed, seats).events) == first
    assert text_of(simulate(seed + 1, seats).events) != first


@SETTINGS
@given(seeds, tables, seeds)
def test_legal_moves_are_exactly_what_the_engine_accepts(seed: int, seats: int, pick: int) -> None:
    """At a random moment of a known deal, every listed move is accepted and every other
    card of the mover's hand is refused."""
    sim = simulate(seed, seats)
    cut = random.Random(pick).randrange(1, len(sim.events))
    match = Match.replay(sim.events[:cut])
    if match.phase is not Phase.PLAY:
        moves = list(match.legal_moves())
        assert bool(moves) == (match.phase is Phase.AUCTION)
        for move in moves:
            match.check(move)
        return
    mover = match.to_move
    assert mover is not None
    legal = {e.card for e in match.legal_moves() if isinstance(e, CardPlayed)}
    assert legal
    for card in match.hand_of(mover):
        if card in legal:
            match.check(CardPlayed(mover, card))
        else:
            with pytest.raises(RuleError):
                match.check(CardPlayed(mover, card))


# -- mutations -----------------------------------------------------------------------------


def record_lines(seed: int, seats: int, hidden: bool) -> list[str]:
    lines = text_of(simulate(seed, seats).events).splitlines()
    return without_hands(lines) if hidden else lines


def refused_at(lines: list[str]) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay_lines(lines)
    return info.value


@SETTINGS
@given(seeds, tables, seeds, st.booleans())
def test_a_line_given_to_another_player_is_refused_at_that_line(
    seed: int, seats: int, pick: int, hidden: bool
) -> None:
    lines = record_lines(seed, seats, hidden)
    rng = random.Random(pick)
    index = rng.choice([i for i, t in enumerate(lines) if '"player"' in t])
    obj = json.loads(lines[index])
    obj["player"] = rng.choice([p for p in player_names(seats) if p != obj["player"]])
    lines[index] = json.dumps(obj)
    error = refused_at(lines)
    assert error.line == index + 1
    assert "turn" in error.reason


@SETTINGS
@given(seeds, tables, seeds, st.booleans())
def test_a_line_recorded_twice_is_refused_at_the_copy(
    seed: int, seats: int, pick: int, hidden: bool
) -> None:
    lines = record_lines(seed, seats, hidden)
    index = random.Random(pick).randrange(len(lines))
    assert refused_at([*lines[: index + 1], *lines[index:]]).line == index + 2


@SETTINGS
@given(seeds, tables, seeds)
def test_a_known_card_changed_is_refused_at_or_after_its_line(
    seed: int, seats: int, pick: int
) -> None:
    lines = record_lines(seed, seats, hidden=False)
    rng = random.Random(pick)
    index = rng.choice([i for i, t in enumerate(lines) if '"card_played"' in t])
    obj = json.loads(lines[index])
    obj["card"] = rng.choice([c.text for c in DECK if c.text != obj["card"]])
    lines[index] = json.dumps(obj)
    assert refused_at(lines).line >= index + 1


def _mutate(lines: list[str], rng: random.Random) -> tuple[list[str], int]:
    """One random fault somewhere in ``lines``; the mutated lines and the first line changed."""
    index = rng.randrange(len(lines))
    out = lines[:]
    kind = rng.randrange(6)
    if kind == 0:  # cut the line short
        out[index] = out[index][: rng.randrange(1, len(out[index]))]
    elif kind == 1:  # drop it
        del out[index]
    elif kind == 2 and index + 1 < len(out):  # swap it with the next
        out[index], out[index + 1] = out[index + 1], out[index]
    else:  # a field gets another value
        obj = json.loads(out[index])
        key = rng.choice(sorted(obj))
        obj[key] = rng.choice(
            [None, 0, 2, 5, 9, -1, True, "", "smudge", "AH", "TH", "Zed", [], {}, ["AH"],
             {"Ann": ["AH"]}, obj.get("player", "Ann"), "card_played", "deal_started"]
        )  # fmt: skip
        out[index] = json.dumps(obj, ensure_ascii=False)
    return out, index + 1


@settings(max_examples=examples(150), derandomize=True, deadline=None)
@given(seeds, tables, seeds, st.booleans())
def test_random_mutations_never_crash_and_cite_a_line_at_or_after_the_fault(
    seed: int, seats: int, pick: int, hidden: bool
) -> None:
    lines, changed = _mutate(record_lines(seed, seats, hidden), random.Random(pick))
    try:
        replay_lines(lines)
    except RecordError as exc:
        assert changed <= exc.line <= max(len(lines), 1)
        assert exc.reason and "\n" not in exc.reason


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=examples(200), derandomize=True, deadline=None)
@given(st.integers(min_value=0, max_value=120), st.data())
def test_any_json_value_in_any_field_is_a_record_error_at_worst(
    index: int, data: st.DataObject
) -> None:
    lines = record_lines(7, 5, hidden=False)
    index %= len(lines)
    obj = json.loads(lines[index])
    key = data.draw(st.sampled_from([*sorted(obj), "extra"]))
    obj[key] = data.draw(json_values)
    lines[index] = json.dumps(obj)
    assert is_racehorse_record(lines) in (True, False)
    try:
        replay_lines(lines)
    except RecordError as exc:
        assert index + 1 <= exc.line <= len(lines)
