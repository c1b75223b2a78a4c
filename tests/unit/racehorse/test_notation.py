"""The Racehorse console's short notation and its completion, without a database: every
form reads to the event it names, a line that cannot be read is refused quoting it, whole
matches typed in the notation read back to the same events, and Tab offers only what the
engine's legal moves allow, spelled as the notation reads it."""

from __future__ import annotations

import random

import pytest

from tourney.games.racehorse import (
    BidMade,
    CardError,
    CardPlayed,
    DealStarted,
    Event,
    EventError,
    Match,
    MatchStarted,
    Passed,
)
from tourney.games.racehorse.notation import Action, complete, legal_events, parse
from tourney.games.racehorse.simulate import play_on

SEATS = ("Ann", "Bo", "Cy", "Di", "Ed")


def auction() -> Match:
    """Deal 1 dealt by Ann: Bo speaks first."""
    return Match.replay([MatchStarted(SEATS, "Ann", 2), DealStarted()])


def playing() -> Match:
    """Bo bid 3 and everyone else passed: Bo leads."""
    match = auction()
    for event in (BidMade("Bo", 3), Passed("Cy"), Passed("Di"), Passed("Ed"), Passed("Ann")):
        match.apply(event)
    return match


@pytest.mark.parametrize("line", ["d", "deal", "D", " Deal "])
def test_deal(line: str) -> None:
    match = Match.replay([MatchStarted(SEATS, "Cy", 2)])
    assert parse(line, match) == DealStarted("Cy")  # the dealer the rules name


@pytest.mark.parametrize(
    ("line", "bid"),
    [("b 3", 3), ("bid 3", 3), ("3", 3), ("B 2", 2), ("4", 4), ("b s", 5), ("b smudge", 5),
     ("smudge", 5), ("SMUDGE", 5), ("5", 5), ("bid 5", 5), ("b S", 5)],
)  # fmt: skip
def test_bids(line: str, bid: int) -> None:
    assert parse(line, auction()) == BidMade("Bo", bid)


@pytest.mark.parametrize("line", ["p", "pass", "P", "PASS"])
def test_pass(line: str) -> None:
    assert parse(line, auction()) == Passed("Bo")


@pytest.mark.parametrize(
    ("line", "card"),
    [("QH", "QH"), ("qh", "QH"), ("play QH", "QH"), ("Play qh", "QH"), ("10h", "10H"),
     ("th", "10H"), ("TH", "10H"), ("10♥", "10H"), ("t♥", "10H"), ("as", "AS"), ("2c", "2C"),
     ("play 10d", "10D")],
)  # fmt: skip
def test_cards(line: str, card: str) -> None:
    event = parse(line, playing())
    assert isinstance(event, CardPlayed) and event.player == "Bo" and event.card.text == card


@pytest.mark.parametrize(
    ("line", "action"),
    [("u", "undo"), ("undo", "undo"), ("redo", "redo"), ("s", "show"), ("show", "show"),
     ("?", "help"), ("help", "help"), ("q", "quit"), ("Q", "quit"), ("quit", "quit")],
)  # fmt: skip
def test_actions(line: str, action: str) -> None:
    assert parse(line, playing()) == Action(action)


def test_an_empty_line_is_nothing() -> None:
    assert parse("  ", auction()) is None


@pytest.mark.parametrize(
    ("line", "message"),
    [("b 7", "'7' is not a bid: 2, 3, 4 or smudge"),
     ("bid", "'bid': say one bid, e.g. 'b 3' or 'b smudge'"),
     ("b 3 4", "'b 3 4': say one bid, e.g. 'b 3' or 'b smudge'"),
     ("xyz", "'xyz' is not a bid, a card or a command: type ? for help"),
     ("p 3", "'p 3': unexpected '3'"),
     ("play", "'play': say one card, e.g. 'play QH'"),
     ("u 2", "'u 2': unexpected '2'")],
)  # fmt: skip
def test_refusals_quote_the_input(line: str, message: str) -> None:
    with pytest.raises(EventError) as info:
        parse(line, auction())
    assert str(info.value) == message


@pytest.mark.parametrize("line", ["1h", "qx", "11s", "play zz", "10", "kk"])
def test_a_card_that_is_not_one_is_refused_quoting_it(line: str) -> None:
    with pytest.raises(CardError) as info:
        parse(line, playing())
    typed = line.split()[-1]
    assert str(info.value).startswith(f"'{typed}' is not a card: a rank A K Q J 10 (or T)")


def test_the_engine_refuses_what_the_rules_forbid() -> None:
    """The notation reads; the rules are the engine's (with its one-line reason)."""
    match = auction()
    with pytest.raises(Exception, match="the auction is not over: Bo bids or passes next"):
        match.check(parse("QH", match))  # type: ignore[arg-type]
    match = playing()
    match.apply(CardPlayed("Bo", parse("qh", match).card))  # type: ignore[union-attr]
    with pytest.raises(Exception, match="already played"):
        match.check(parse("QH", match))  # type: ignore[arg-type]
    with pytest.raises(Exception, match="deal_started before the current deal ended"):
        match.check(parse("d", match))  # type: ignore[arg-type]


def typed(event: Event, n: int) -> str:
    """How a scorer types ``event``, varying the notation as people do."""
    if isinstance(event, DealStarted):
        return ("d", "deal", "D")[n % 3]
    if isinstance(event, Passed):
        return ("p", "pass", "P")[n % 3]
    if isinstance(event, BidMade):
        word = "smudge" if event.bid == 5 and n % 2 else str(event.bid)
        return (f"b {word}", f"bid {word}", word, f"B {'s' if event.bid == 5 else word}")[n % 4]
    assert isinstance(event, CardPlayed)
    card = event.card
    text = card.text.replace("10", "t") if n % 5 == 1 else card.text
    return (text, text.lower(), f"play {text}", f"Play {text.lower()}")[n % 4]


def hidden(events: list[Event]) -> list[Event]:
    """Self-play's record as a physical table has it: no hands."""
    return [DealStarted(e.dealer) if isinstance(e, DealStarted) else e for e in events]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_matches_typed_in_the_notation_read_back_to_their_events(seed: int) -> None:
    start = MatchStarted(SEATS[: 5 + seed % 3], SEATS[seed % 5], 4)
    events = hidden(play_on(Match.replay([start]), random.Random(seed)))
    match = Match.replay([start])
    for n, event in enumerate(events):
        assert parse(typed(event, n), match) == event
        match.apply(event)
    assert match.finished


def words_parse_to_legal_events(match: Match, line: str, words: list[str]) -> None:
    before = line.rsplit(" ", 1)[0] + " " if " " in line else ""
    legal = legal_events(match)
    for word in words:
        event = parse(before + word, match)
        assert event in legal, (line, word, event)


@pytest.mark.parametrize("seed", [4, 5])
def test_completion_offers_exactly_the_legal_moves_and_only_what_parses(seed: int) -> None:
    start = MatchStarted(SEATS, "Ann", 3)
    events = hidden(play_on(Match.replay([start]), random.Random(seed)))
    match = Match.replay([start])
    for event in events:
        offered = complete(match, "")
        words_parse_to_legal_events(match, "", offered)
        assert len(offered) == len(legal_events(match))  # one word per legal move
        if isinstance(event, CardPlayed):
            queens = complete(match, "q")  # no queen legal: q completes quit
            assert queens == ["quit"] or all(w[0] == "Q" for w in queens)
            words_parse_to_legal_events(match, "q", [w for w in queens if w != "quit"])
            words_parse_to_legal_events(match, "play ", complete(match, "play "))
            tens = complete(match, "t")
            assert all(w[0] == "T" and w[1] in "SHDC" for w in tens)
            words_parse_to_legal_events(match, "t", tens)
        if isinstance(event, BidMade | Passed):
            bids = complete(match, "b ")
            assert "pass" not in bids
            words_parse_to_legal_events(match, "b ", bids)
        match.apply(event)
    assert complete(match, "") == []  # the match is over: nothing to record


def test_hidden_deals_offer_every_unplayed_card_of_a_suit_not_shown_lacking() -> None:
    match = playing()
    assert len(complete(match, "")) == 52
    match.apply(CardPlayed("Bo", parse("QH", match).card))  # type: ignore[union-attr]
    offered = complete(match, "")
    assert len(offered) == 51 and "QH" not in offered
    for player, card in (("Cy", "2S"), ("Di", "3S"), ("Ed", "3H"), ("Ann", "3D")):
        match.apply(CardPlayed(player, parse(card, match).card))  # type: ignore[union-attr]
    # Cy answered the lead of trumps (hearts) with a spade: shown to hold no heart.
    assert match.to_move == "Bo"  # the queen of trumps won
    match.apply(CardPlayed("Bo", parse("AS", match).card))  # type: ignore[union-attr]
    offered = complete(match, "")
    assert len(offered) == 52 - 6 - 11  # six played, and none of the 11 hearts left
    assert not any(w.endswith("H") for w in offered) and "AS" not in offered


def test_completion_between_deals_and_of_the_bid_word() -> None:
    match = Match.replay([MatchStarted(SEATS, "Cy", 2)])
    assert complete(match, "") == ["deal"]
    assert complete(match, "d") == ["deal"]
    match = auction()
    assert complete(match, "") == ["pass", "2", "3", "4", "smudge"]
    assert complete(match, "b ") == ["2", "3", "4", "smudge"]
    assert complete(match, "sm") == ["smudge"]
    assert complete(match, "s") == ["smudge"]  # a move first
    assert complete(match, "u") == ["undo"]
    assert complete(match, "sh") == ["show"]
    match.apply(BidMade("Bo", 3))
    assert complete(match, "bid ") == ["4", "smudge"]
