"""The lean playouts of the live win chances (`playout.py`) hold to the engine: random deals
played lean, then replayed through `Match.apply` with every check, give the same legal
bids and cards at every turn, the same tricks, points, payments and winners; and with the
same seed the lean path plays the match the engine's random bots play."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.games.racehorse import (
    DECK,
    BidMade,
    CardPlayed,
    DealStarted,
    Match,
    MatchStarted,
    Passed,
)
from tourney.games.racehorse.bots import RandomBot
from tourney.games.racehorse.playout import Trace, play_deals, play_rest
from tourney.games.racehorse.simulate import play_out, player_names

seeds = st.integers(min_value=0, max_value=2**32 - 1)
tables = st.integers(min_value=5, max_value=8)
SETTINGS = settings(max_examples=120, derandomize=True, deadline=None)


def started(seed: int, seats: int, deals: int) -> Match:
    names = player_names(seats)
    match = Match()
    match.apply(MatchStarted(names, names[seed % seats], deals))
    return match


@SETTINGS
@given(seeds, tables, st.integers(min_value=1, max_value=4))
def test_every_lean_move_and_score_is_the_engines(seed: int, seats: int, deals: int) -> None:
    match = started(seed, seats, deals)
    trace: Trace = []
    winners, played = play_rest(match.copy(), random.Random(seed), trace)
    assert played == deals
    names = match.players
    for step in trace:
        kind = step[0]
        if kind == "deal":
            _, dealer, hands = step
            assert dealer == match.next_dealer
            cards = {names[seat]: tuple(DECK[c] for c in hand) for seat, hand in enumerate(hands)}
            match.apply(DealStarted(names[dealer], cards))
        elif kind == "bid":
            _, seat, options, bid = step
            assert match.auction is not None
            assert (match.auction.turn, match.auction.options()) == (seat, options)
            match.apply(Passed(names[seat]) if bid is None else BidMade(names[seat], bid))
        elif kind == "card":
            _, seat, legal, card = step
            assert match.play is not None
            assert match.play.turn == seat
            assert match.play.legal_cards() == [DECK[c] for c in legal]
            match.apply(CardPlayed(names[seat], DECK[card]))
        else:
            _, tricks, points, made, paid = step
            deal = match.deals[-1]
            assert deal.points is not None
            assert deal.tricks == tricks
            assert (deal.points.high, deal.points.low, deal.points.jack, deal.points.game) == points
            assert (deal.made, deal.payments) == (made, paid)
    assert match.finished and len(match.deals) == deals
    assert match.winners == winners


@SETTINGS
@given(seeds, tables, st.integers(min_value=1, max_value=4))
def test_the_same_seed_plays_the_match_the_engines_random_bots_play(
    seed: int, seats: int, deals: int
) -> None:
    match = started(seed, seats, deals)
    net = match.net[:]
    trace: Trace = []
    dealer = play_deals(match.players, match.next_dealer, deals, net, random.Random(seed), trace)
    play_out(match, random.Random(seed), [RandomBot() for _ in range(seats)])
    assert (net, dealer) == (match.net, match.next_dealer)
    scored = [step[1:] for step in trace if step[0] == "scored"]
    assert scored == [
        (d.tricks, (d.points.high, d.points.low, d.points.jack, d.points.game), d.made, d.payments)
        for d in match.deals
        if d.points is not None
    ]


def test_a_match_over_plays_nothing_more() -> None:
    match = started(1, 5, 1)
    play_out(match, random.Random(1), [RandomBot() for _ in range(5)])
    assert play_rest(match, random.Random(2)) == (match.winners, 0)
