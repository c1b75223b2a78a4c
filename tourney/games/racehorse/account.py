"""A readable deal-by-deal account of a Racehorse match, built from its events and outcomes.

For each deal: the dealer, the auction, trump, each trick and who won it, the four points,
made or failed, the payments and the running nets; at the end, the result.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tourney.games.racehorse.events import (
    BidMade,
    CardPlayed,
    DealStarted,
    Event,
    MatchStarted,
    Passed,
    bid_text,
)
from tourney.games.racehorse.match import DealSummary, Match, Outcome
from tourney.games.racehorse.scoring import POINTS
from tourney.i18n import _, ngettext, npage_, page_


def units(amount: int) -> str:
    """``+8``, ``-2``, ``0``."""
    return f"{amount:+d}" if amount else "0"


def nets_line(match: Match) -> str:
    return ", ".join(
        f"{name} {units(net)}" for name, net in zip(match.players, match.net, strict=True)
    )


def result_line(match: Match) -> str:
    """``Result: Bo wins — ...``, the shared win, or where an unfinished match stands."""
    nets = nets_line(match)
    if not match.finished:
        return npage_(
            "Unfinished after {done} of {count} deal: {nets}",
            "Unfinished after {done} of {count} deals: {nets}",
            match.deal_count,
        ).format(done=len(match.deals), count=match.deal_count, nets=nets)
    names = [match.players[s] for s in match.winners]
    if len(names) == 1:
        return page_("Result: {winner} wins — {scores}").format(winner=names[0], scores=nets)
    winners = page_("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
    return page_("Result: {winners} share the win — {scores}").format(winners=winners, scores=nets)


def _who(match: Match, seat: int | None, none: str = "nobody") -> str:
    return none if seat is None else match.players[seat]


def _deal_end(match: Match, deal: DealSummary) -> Iterator[str]:
    points = deal.points
    assert points is not None and deal.pitcher is not None and deal.bid is not None
    shown = []
    for name in POINTS:
        seat = getattr(points, name)
        why = ""
        if seat is None and name == "jack":
            why = " (not dealt)"
        elif seat is None and name == "game":
            why = f" (a tie at {max(points.values)})"
        shown.append(f"{name} {_who(match, seat)}{why}")
    values = ", ".join(f"{n} {v}" for n, v in zip(match.players, points.values, strict=True) if v)
    yield f"  Points: {', '.join(shown)} — card values won: {values or 'none'}"
    pitcher = match.players[deal.pitcher]
    taken = points.taken_by(deal.pitcher)
    took = f"{taken} {'point' if taken == 1 else 'points'}"
    if deal.bid == 5:
        tricks = sum(w == deal.pitcher for w in deal.tricks)
        took += f" and {tricks} {'trick' if tricks == 1 else 'tricks'}"
    verdict = "made" if deal.made else "failed (upped)"
    yield f"  {pitcher} bid {bid_text(deal.bid)} and took {took}: {verdict}"
    pays = ", ".join(f"{n} {units(p)}" for n, p in zip(match.players, deal.payments, strict=True))
    yield _("  Payments: {pays}").format(pays=pays)
    yield _("  Nets: {nets}").format(nets=nets_line(match))
    if not match.finished:
        dealer = match.players[match.next_dealer]
        if deal.made:
            yield _("  Next dealer: {dealer} (made the bid and deals again)").format(dealer=dealer)
        else:
            yield _("  Next dealer: {dealer} (on {pitcher}'s right: {pitcher} was upped)").format(
                dealer=dealer, pitcher=pitcher
            )


def describe(match: Match, event: Event, outcome: Outcome) -> Iterator[str]:
    """The lines of the account for one event already applied to ``match``."""
    if isinstance(event, MatchStarted):
        deals = match.deal_count
        yield ngettext(
            "Racehorse: {players} — {n} deal, {dealer} deals first",
            "Racehorse: {players} — {n} deals, {dealer} deals first",
            deals,
        ).format(players=", ".join(match.players), n=deals, dealer=event.dealer)
    elif isinstance(event, DealStarted):
        deal = match.deals[-1]
        how = _("known hands") if deal.known else _("hidden hands")
        yield ""
        yield _("Deal {number} — {dealer} deals ({how})").format(
            number=deal.number, dealer=match.players[deal.dealer], how=how
        )
    elif isinstance(event, BidMade | Passed):
        deal = match.deals[-1]
        dealer = match.seat_of[event.player] == deal.dealer
        who = _("{player}, the dealer,").format(player=event.player) if dealer else event.player
        if isinstance(event, Passed):
            yield _("  {who} passes").format(who=who)
        else:
            yield _("  {who} bids {bid}").format(who=who, bid=bid_text(event.bid))
        if outcome.auction_over:
            assert deal.pitcher is not None and deal.bid is not None
            yield _("  {pitcher} is the pitcher at {bid}").format(
                pitcher=match.players[deal.pitcher], bid=bid_text(deal.bid)
            )
    elif isinstance(event, CardPlayed) and outcome.trick is not None:
        trick = outcome.trick
        cards = ", ".join(f"{match.players[s]} {c}" for s, c in trick.plays)
        value = sum(c.value for _, c in trick.plays)
        if trick.number == 1:
            trump = match.trump
            assert trump is not None
            leader, lead = trick.plays[0]
            yield _("  {player} leads {card}: {suit} are trump").format(
                player=match.players[leader], card=lead, suit=_(trump.noun)
            )
        yield _("  Trick {number}: {cards} — {winner} wins (value {value})").format(
            number=trick.number, cards=cards, winner=match.players[trick.winner], value=value
        )
        if outcome.deal_over:
            yield from _deal_end(match, match.deals[-1])
    if outcome.match_over:
        yield ""
        yield result_line(match)


def account(events: Iterable[Event]) -> Iterator[str]:
    """The whole account of a sequence of legal events."""
    match = Match()
    for event in events:
        outcome = match.apply(event)
        yield from describe(match, event, outcome)
    if not match.finished:
        play = match.play
        if play is not None and play.trick:
            cards = ", ".join(f"{match.players[s]} {c}" for s, c in play.trick)
            yield _("  Trick {number} so far: {cards}").format(
                number=len(play.tricks) + 1, cards=cards
            )
        yield ""
        yield result_line(match)
