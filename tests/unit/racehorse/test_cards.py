"""Cards: every notation the record accepts, one canonical text, interning, narrow errors."""

from __future__ import annotations

import pickle

import pytest

from tourney.games.racehorse import DECK, Card, CardError, Suit, parse_cards


@pytest.mark.parametrize("text", ["10H", "TH", "10♥", "T♥"])
def test_the_four_spellings_of_the_ten_of_hearts(text: str) -> None:
    card = Card.parse(text)
    assert card is Card(10, Suit.HEARTS)
    assert str(card) == "10H"
    assert (card.rank, card.suit, card.value) == (10, Suit.HEARTS, 10)


@pytest.mark.parametrize(
    "text,rank,suit,value",
    [
        ("AS", 14, Suit.SPADES, 4),
        ("K♣", 13, Suit.CLUBS, 3),
        ("QD", 12, Suit.DIAMONDS, 2),
        ("J♦", 11, Suit.DIAMONDS, 1),
        ("9C", 9, Suit.CLUBS, 0),
        ("2♠", 2, Suit.SPADES, 0),
    ],
)
def test_rank_suit_and_game_value(text: str, rank: int, suit: Suit, value: int) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit, card.value) == (rank, suit, value)
    assert Card.parse(str(card)) is card


@pytest.mark.parametrize(
    "text", ["10h", "th", "1H", "11H", "10", "H", "", " 10H", "10H ", "JOKER", "10X", "0H", "AA"]
)
def test_anything_else_is_refused_quoting_the_input(text: str) -> None:
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert str(info.value).startswith(f'"{text}" is not a card (rank A K Q J 10')


@pytest.mark.parametrize("value", [None, 10, ["10H"], {"card": "10H"}])
def test_a_value_that_is_not_a_string_is_refused(value: object) -> None:
    with pytest.raises(CardError, match="is not a card"):
        Card.parse(value)


def test_the_deck_has_52_distinct_cards_worth_4_10s_and_honours() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    assert sum(c.value for c in DECK) == 4 * (4 + 3 + 2 + 1 + 10)
    assert [str(c) for c in DECK[:3]] == ["2S", "3S", "4S"]
    assert str(DECK[-1]) == "AC"
    assert sorted(DECK, key=lambda c: c.index) == list(DECK)
    assert sorted([Card.parse("AS"), Card.parse("2H"), Card.parse("3S")]) == list(
        parse_cards(["3S", "AS", "2H"])
    )


def test_cards_are_immutable_interned_and_rebuild_from_their_repr() -> None:
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = 3
    assert repr(card) == "Card.parse('QS')"
    assert eval(repr(card)) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert f"{card:>4}" == "  QS"
    with pytest.raises(CardError):
        Card(1, Suit.SPADES)


def test_suits_read_letters_and_symbols_and_name_themselves() -> None:
    assert Suit.parse("♦") is Suit.parse("D") is Suit.DIAMONDS
    assert (str(Suit.CLUBS), Suit.CLUBS.noun, Suit.CLUBS.symbol) == ("C", "clubs", "♣")
    with pytest.raises(CardError, match='"h" is not a suit'):
        Suit.parse("h")


def test_parse_cards_names_the_first_bad_card() -> None:
    with pytest.raises(CardError, match='"1S" is not a card'):
        parse_cards(["AS", "1S", "2S"])
    with pytest.raises(CardError, match="is not a list of cards"):
        parse_cards("AS")
