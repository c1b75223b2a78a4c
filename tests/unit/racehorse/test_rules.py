"""The rules engine refuses what RACEHORSE.md forbids, quoting the input and the state, and
changes nothing when it refuses."""

from __future__ import annotations

import pytest

from tourney.games.racehorse import (
    BidMade,
    Card,
    CardPlayed,
    DealStarted,
    Event,
    EventError,
    Match,
    MatchStarted,
    Passed,
    Phase,
    RuleError,
    Suit,
    parse_cards,
)

PLAYERS = ("Ann", "Bo", "Cy", "Di", "Ed")
# E1's deal: Ann deals, Bo bids 2 and leads AH (hearts trump).
HANDS = {
    "Ann": parse_cards(["8H", "9H", "KS", "QD", "4C", "6D"]),
    "Bo": parse_cards(["AH", "KH", "2S", "3D", "5C", "7S"]),
    "Cy": parse_cards(["3H", "5S", "AS", "9D", "2D", "10S"]),
    "Di": parse_cards(["4H", "7H", "JH", "10D", "3S", "8D"]),
    "Ed": parse_cards(["2C", "3C", "4D", "5D", "AC", "KC"]),
}
AUCTION: list[Event] = [BidMade("Bo", 2), *(Passed(p) for p in ("Cy", "Di", "Ed", "Ann"))]


def play(player: str, card: str) -> CardPlayed:
    return CardPlayed(player, Card.parse(card))


def started(known: bool = True, deals: int = 1, events: list[Event] | None = None) -> Match:
    """E1's match after match_started and deal_started (known or hidden) and ``events``."""
    match = Match()
    match.apply(MatchStarted(PLAYERS, "Ann", deals))
    match.apply(DealStarted("Ann", HANDS if known else None))
    for event in events or []:
        match.apply(event)
    return match


def refused(match: Match, event: Event, message: str) -> None:
    """``event`` is refused with exactly ``message`` and the match is left as it was."""
    before = match.summary()
    to_move = match.to_move
    with pytest.raises((RuleError, EventError)) as info:
        match.apply(event)
    assert str(info.value) == message
    assert match.summary() == before
    assert match.to_move == to_move


# -- starting ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "event,message",
    [
        (MatchStarted(PLAYERS[:4], "Ann"), "'players' must list 5 to 8 player names"),
        (MatchStarted((*PLAYERS, "F", "G", "H", "I"), "Ann"),
         "'players' must list 5 to 8 player names"),
        (MatchStarted(("Ann", "Bo", "Cy", "Di", "Bo"), "Ann"), "'players': Bo is listed twice"),
        (MatchStarted(("Ann", "Bo", "Cy", "Di", " "), "Ann"),
         "'players': ' ' is not a player name"),
        (MatchStarted(PLAYERS, "Zed"), "'dealer': Zed is not a player in this match"),
        (MatchStarted(PLAYERS, "Ann", 0), "'deals': 0 is not a positive whole number"),
    ],
)  # fmt: skip
def test_match_started_is_checked(event: MatchStarted, message: str) -> None:
    refused(Match(), event, message)


def test_default_deals_are_twice_the_players() -> None:
    match = Match()
    match.apply(MatchStarted(PLAYERS, "Cy"))
    assert match.deal_count == 10
    assert match.next_dealer == 2
    refused(
        match,
        MatchStarted(PLAYERS, "Cy"),
        "match_started appears twice: the match has already started",
    )


@pytest.mark.parametrize(
    "hands,message",
    [
        ({**HANDS, "Zed": HANDS["Ann"]}, "'hands': Zed is not a player in this match"),
        ({k: v for k, v in HANDS.items() if k != "Di"},
         "'hands': Di's cards are missing (a known deal gives every player's)"),
        ({**HANDS, "Cy": HANDS["Cy"][:5]}, "'hands': Cy must be dealt 6 cards, not 5"),
        ({**HANDS, "Ed": (*HANDS["Ed"][:5], Card.parse("AH"))},
         "'hands': AH is dealt twice (to Bo and Ed)"),
        ({**HANDS, "Ed": (*HANDS["Ed"][:5], Card.parse("2C"))},
         "'hands': 2C is dealt twice (to Ed twice)"),
    ],
)  # fmt: skip
def test_known_hands_give_every_player_six_cards_once(
    hands: dict[str, tuple[Card, ...]], message: str
) -> None:
    match = Match()
    match.apply(MatchStarted(PLAYERS, "Ann"))
    refused(match, DealStarted("Ann", hands), message)


def test_events_out_of_place() -> None:
    refused(Match(), BidMade("Bo", 2), "no match has started: expected match_started")
    match = Match()
    match.apply(MatchStarted(PLAYERS, "Ann", 1))
    refused(match, Passed("Bo"), "no deal has started: expected deal_started, not passed")
    refused(
        match, DealStarted("Bo"), "the dealer is Ann, not Bo: match_started names the first dealer"
    )
    refused(match, DealStarted("Zed"), "'dealer': Zed is not a player in this match")
    match = started()
    refused(
        match, play("Bo", "AH"), "the auction is not over: Bo bids or passes next, not card_played"
    )
    refused(
        match, DealStarted(), "deal_started before the current deal ended (the auction is not over)"
    )
    match = started(events=[*AUCTION, play("Bo", "AH")])
    refused(
        match, DealStarted(), "deal_started before the current deal ended (0 of 6 tricks played)"
    )
    refused(match, Passed("Cy"), "the auction is over: Bo is the pitcher at 2")


# -- the auction ---------------------------------------------------------------------------


def test_one_round_left_of_the_dealer_and_the_dealer_speaks_last() -> None:
    match = started()
    assert match.phase is Phase.AUCTION and match.to_move == "Bo"
    refused(match, BidMade("Cy", 2), "it is Bo's turn, not Cy's")
    refused(match, BidMade("Zed", 2), "'player': Zed is not a player in this match")
    match.apply(BidMade("Bo", 3))
    refused(match, BidMade("Cy", 2), "Cy bids 2, not higher than Bo's 3")
    refused(
        match,
        BidMade("Cy", 3),
        "Cy bids 3, not higher than Bo's 3 (only the dealer may bid the same)",
    )
    match.apply(Passed("Cy"))
    match.apply(BidMade("Di", 4))
    match.apply(Passed("Ed"))
    assert match.to_move == "Ann"
    refused(
        match,
        BidMade("Ann", 3),
        "Ann bids 3, lower than Di's 4 (the dealer may bid the same or higher)",
    )
    outcome = match.apply(BidMade("Ann", 4))  # a steal
    assert outcome.auction_over
    assert match.deal is not None and (match.deal.pitcher, match.deal.bid) == (0, 4)
    assert match.to_move == "Ann" and match.finished is False
    assert [e.type for e in match.legal_moves()] == ["card_played"] * 6  # Ann leads


def test_the_dealer_may_overbid_and_a_pass_by_the_dealer_leaves_the_high_bidder() -> None:
    match = started(events=[BidMade("Bo", 2), Passed("Cy"), BidMade("Di", 3), Passed("Ed")])
    assert [e for e in match.legal_moves()] == [
        Passed("Ann"),
        BidMade("Ann", 3),
        BidMade("Ann", 4),
        BidMade("Ann", 5),
    ]
    overbid = match.copy()
    overbid.apply(BidMade("Ann", 5))
    assert overbid.deal is not None and (overbid.deal.pitcher, overbid.deal.bid) == (0, 5)
    match.apply(Passed("Ann"))
    assert match.deal is not None and (match.deal.pitcher, match.deal.bid) == (3, 3)
    assert match.to_move == "Di"


def test_a_forced_dealer_may_only_bid_two() -> None:
    match = started(events=[Passed(p) for p in ("Bo", "Cy", "Di", "Ed")])
    assert list(match.legal_moves()) == [BidMade("Ann", 2)]
    refused(
        match, Passed("Ann"), "everyone else passed: Ann, the dealer, must bid 2 and may not pass"
    )
    refused(
        match, BidMade("Ann", 5), "everyone else passed: Ann, the dealer, must bid 2, not smudge"
    )


def test_a_smudge_ends_the_auction_at_once() -> None:
    match = started(events=[Passed("Bo"), BidMade("Cy", 5)])
    assert match.phase is Phase.PLAY and match.to_move == "Cy"
    assert list(match.legal_moves()) == [
        play("Cy", c) for c in ("3H", "5S", "AS", "9D", "2D", "10S")
    ]
    message = "the auction is over: Cy bid smudge, and nobody speaks after a smudge"
    refused(match, Passed("Di"), message)
    refused(match, BidMade("Ann", 5), message)


# -- tricks, known hands -------------------------------------------------------------------


def test_the_pitcher_leads_and_the_lead_names_trump() -> None:
    match = started(events=AUCTION)
    refused(match, play("Cy", "3H"), "it is Bo's turn, not Cy's")
    refused(match, play("Bo", "3H"), "Bo does not hold 3H (Cy holds it)")
    refused(match, play("Bo", "JD"), "Bo does not hold JD (it was not dealt)")
    match.apply(play("Bo", "2S"))
    assert match.trump is Suit.SPADES and match.deal is not None and match.deal.trump is Suit.SPADES


def test_a_trump_lead_must_be_answered_with_a_trump_when_held() -> None:
    match = started(events=[*AUCTION, play("Bo", "AH")])
    assert list(match.legal_moves()) == [play("Cy", "3H")]
    refused(
        match,
        play("Cy", "5S"),
        "Cy holds a trump (hearts) and must play one to a trump lead, not 5S",
    )
    match.apply(play("Cy", "3H"))
    match.apply(play("Di", "4H"))
    assert [c.text for c in match.hand_of("Ed")] == ["2C", "3C", "4D", "5D", "AC", "KC"]
    match.apply(play("Ed", "2C"))  # no hearts: anything


def test_a_plain_lead_may_be_followed_or_trumped_and_a_third_suit_only_when_void() -> None:
    match = started(events=[*AUCTION, *map(lambda e: play(*e), [
        ("Bo", "AH"), ("Cy", "3H"), ("Di", "4H"), ("Ed", "2C"), ("Ann", "8H"),
        ("Bo", "2S"),
    ])])  # fmt: skip
    assert [e.card.text for e in match.legal_moves() if isinstance(e, CardPlayed)] == [
        "5S",
        "AS",
        "10S",
    ]
    refused(
        match,
        play("Cy", "9D"),
        "Cy holds spades and must follow the spades lead or play a trump, not 9D",
    )
    match.apply(play("Cy", "AS"))
    match.apply(play("Di", "JH"))  # trumps in while holding spades
    outcome = match.apply(play("Ed", "4D"))  # no spades
    assert outcome.trick is None
    outcome = match.apply(play("Ann", "KS"))
    assert outcome.trick is not None and outcome.trick.number == 2 and outcome.trick.winner == 3
    assert match.to_move == "Di"
    refused(match, play("Di", "JH"), "Di does not hold JH (it was played by Di earlier)")


def test_a_card_played_earlier_is_cited_with_its_line() -> None:
    match = started(events=AUCTION)
    match.apply(play("Bo", "AH"), line=8)
    match.apply(play("Cy", "3H"), line=9)
    match.apply(play("Di", "4H"), line=10)
    match.apply(play("Ed", "2C"), line=11)
    match.apply(play("Ann", "8H"), line=12)
    refused(match, play("Bo", "AH"), "Bo does not hold AH (it was played by Bo at line 8)")


# -- tricks, hidden hands ------------------------------------------------------------------


def test_hidden_hands_refuse_a_card_seen_before_in_the_deal() -> None:
    match = started(
        known=False,
        events=[*AUCTION, play("Bo", "AH")],
    )
    refused(match, play("Cy", "AH"), "AH was already played in this deal, by Bo earlier")


def test_hidden_hands_remember_a_trump_lead_answered_without_a_trump() -> None:
    match = started(known=False, events=AUCTION)
    match.apply(play("Bo", "AH"), line=8)
    match.apply(play("Cy", "5S"), line=9)  # no hearts, as far as anyone can tell
    match.apply(play("Di", "4H"), line=10)
    match.apply(play("Ed", "2C"), line=11)
    match.apply(play("Ann", "8H"), line=12)
    match.apply(play("Bo", "KH"), line=13)
    assert all(
        e.card.suit is not Suit.HEARTS
        for e in match.copy().legal_moves()
        if isinstance(e, CardPlayed)
    )
    refused(
        match,
        play("Cy", "3H"),
        "Cy plays 3H, but at line 9 played 5S to a hearts lead without following suit",
    )


HIDDEN_TWO_TRICKS = [
    ("Bo", "AH"), ("Cy", "3H"), ("Di", "4H"), ("Ed", "2C"), ("Ann", "8H"),  # Ed: no hearts
    ("Bo", "2S"), ("Cy", "9H"), ("Di", "4D"), ("Ed", "5S"), ("Ann", "KS"),  # Di: no spades
]  # fmt: skip


def hidden_after_two_tricks() -> Match:
    """A hidden deal, hearts trump, after two tricks at lines 8-17; Cy trumped in to win."""
    match = started(known=False, events=AUCTION)
    for line, (player, card) in enumerate(HIDDEN_TWO_TRICKS, start=8):
        match.apply(play(player, card), line)
    assert match.to_move == "Cy"
    return match


def test_trumping_in_shows_nothing_but_a_third_suit_shows_a_void() -> None:
    match = hidden_after_two_tricks()
    match.apply(play("Cy", "AS"), 18)  # Cy trumped in to a spades lead: may still hold spades
    refused(
        match,
        play("Di", "3S"),
        "Di plays 3S, but at line 15 played 4D to a spades lead without following suit",
    )
    assert play("Di", "3S") not in list(match.legal_moves())
    assert play("Di", "2D") in list(match.legal_moves())


def test_a_void_is_checked_on_leads_too() -> None:
    match = hidden_after_two_tricks()
    for line, (player, card) in enumerate(
        [("Cy", "5C"), ("Di", "6C"), ("Ed", "AC"), ("Ann", "7C"), ("Bo", "8C")], start=18
    ):
        match.apply(play(player, card), line)
    assert match.to_move == "Ed"  # AC won; Ed leads
    refused(
        match,
        play("Ed", "7H"),
        "Ed plays 7H, but at line 11 played 2C to a hearts lead without following suit",
    )
    match.apply(play("Ed", "7D"), 23)


# -- the end of a deal and of the match ----------------------------------------------------


def test_after_the_last_deal_nothing_more_is_accepted() -> None:
    match = started(events=[*AUCTION, *(play(p, c) for p, c in [
        ("Bo", "AH"), ("Cy", "3H"), ("Di", "4H"), ("Ed", "2C"), ("Ann", "8H"),
        ("Bo", "KH"), ("Cy", "5S"), ("Di", "7H"), ("Ed", "3C"), ("Ann", "9H"),
        ("Bo", "2S"), ("Cy", "AS"), ("Di", "JH"), ("Ed", "4D"), ("Ann", "KS"),
        ("Di", "10D"), ("Ed", "5D"), ("Ann", "QD"), ("Bo", "3D"), ("Cy", "9D"),
        ("Ann", "4C"), ("Bo", "5C"), ("Cy", "2D"), ("Di", "3S"), ("Ed", "AC"),
        ("Ed", "KC"), ("Ann", "6D"), ("Bo", "7S"), ("Cy", "10S"),
    ])])  # fmt: skip
    assert not match.finished and match.to_move == "Di"
    outcome = match.apply(play("Di", "8D"))
    assert outcome.deal_over and outcome.match_over and match.finished
    assert match.to_move is None and list(match.legal_moves()) == []
    refused(match, DealStarted(), "event after the match ended")
    refused(match, play("Di", "8D"), "event after the match ended")


def test_check_and_copy_leave_the_match_alone() -> None:
    match = started(events=AUCTION)
    twin = match.copy()
    match.check(play("Bo", "AH"))
    assert match.summary() == twin.summary() and match.to_move == "Bo"
    twin.apply(play("Bo", "AH"))
    assert match.trump is None and twin.trump is Suit.HEARTS
    assert len(match.hand_of("Bo")) == 6 and len(twin.hand_of("Bo")) == 5
    with pytest.raises(RuleError):
        match.check(play("Bo", "3H"))


def test_the_first_play_that_showed_a_void_is_the_one_cited() -> None:
    match = hidden_after_two_tricks()  # Di showed no spades at line 15
    for line, (player, card) in enumerate(
        [("Cy", "6S"), ("Di", "5D"), ("Ed", "7S"), ("Ann", "8S"), ("Bo", "9S"),  # again
         ("Bo", "JS"), ("Cy", "QS")],
        start=18,
    ):  # fmt: skip
        match.apply(play(player, card), line)
    refused(
        match,
        play("Di", "3S"),
        "Di plays 3S, but at line 15 played 4D to a spades lead without following suit",
    )


def test_events_built_by_hand_are_checked_like_record_lines() -> None:
    match = started()
    refused(match, BidMade("Bo", 7), "'bid': 7 is not a bid (2, 3, 4, 5 or \"smudge\")")
    refused(match, BidMade("Bo", True), "'bid': True is not a bid (2, 3, 4, 5 or \"smudge\")")
    match = started(events=AUCTION)
    refused(match, CardPlayed("Bo", "AH"), "'card': 'AH' is not a card")  # type: ignore[arg-type]
