"""Double elimination: a winners' bracket, a losers' bracket and a grand final.

Nobody is out before their second loss. The rule, in full, is in
docs/formats/double-elimination.md; in short:

* *Tables of 2* (singles, partnerships): the winners' bracket (WB) is the
  single-elimination bracket of `elimination.places_layout` (``P = 2**k`` places, byes to
  the top seeds). Its losers drop to the losers' bracket (LB), ``2k - 2`` rounds: LB
  round 1 pairs the losers of WB round 1's tables 2i and 2i+1; LB round ``2r - 2`` (r >= 2)
  sets the survivor of LB slot i against the loser of WB round r's table ``order_r[i]``,
  where ``order_r`` is `drop_order` (reversed for even r, the halves swapped for odd r:
  a dropped player meets nobody they have met for as long as the field allows); the odd
  LB rounds after it pair the survivors of slots 2i and 2i+1. WB round r is played in
  tournament round r, LB round j in round j + 1, the grand final in round 2k.
* *Tables of 3 or 4*: the top half of each table (rounded down: 2 of 4, 1 of 3 or 2)
  stays in its bracket, the rest lose. Each round, each bracket's players are ranked by
  seed and dealt to tables by `elimination.deal` (as a full-tables knockout deals its
  round 1). LB round j (tournament round j + 1) seats the LB's survivors with those who
  dropped from WB round j; a lone LB player waits for the next droppers. The WB ends with
  one player (its champion), the LB when one player is left and nobody more can drop.
* *Grand final*: the WB champion against the LB champion at a table of 2, in the round
  after both are known. If the LB champion wins it and the grand final has a reset, they
  play again (the reset) and its winner is the champion; without a reset, the grand
  final's winner is the champion.

Who stays from a table: the places are ranked winners first, then by final score; when
entrants equal on both straddle the cut between staying and losing, they play a deciding
match for the places left (recorded like any other, ranked the same way). At a table of 2
this is exactly the single-elimination rule (`elimination.SHARED_WIN_RULE`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from tourney.i18n import page_mark
from tourney.tournament.formats.elimination.bracket import (
    Play,
    SlotStatus,
    and_list,
    deal,
    match_words,
    places_layout,
    round_count,
    voided_note,
    with_source,
    won_note,
)
from tourney.tournament.notes.notes import Note, Who, clauses, note

BracketName = Literal["winners", "losers", "final", "reset"]

BRACKET_WORDS: dict[str, str] = {
    "winners": page_mark("winners' bracket"),
    "losers": page_mark("losers' bracket"),
    "final": page_mark("grand final"),
    "reset": page_mark("grand final reset"),
}
"""Each bracket in words, as every page and command says it (English: `page_` them where
they are shown)."""

PLACES_RULE = page_mark(
    "at a table of a double elimination the top half stays in its bracket: winners first, "
    "then the higher final score; equal places across the cut play a deciding match"
)
"""The rule for who stays at a table of 3 or 4 (at a table of 2: `SHARED_WIN_RULE`)."""

Key = tuple[str, int, int]
"""A table of the bracket: (bracket, its round within that bracket, table index)."""


@dataclass(frozen=True)
class Table:
    """One table of a bracket round. `entrants` holds None for a place nobody fills (a bye
    place, or, while `waiting`, a place whose entrant is not known yet). `stay` are those
    who stay in the bracket (advance), once decided; the others present lose."""

    bracket: BracketName
    round: int
    index: int
    played_in: int
    """The tournament round the table is played in."""
    entrants: tuple[str | None, ...]
    status: SlotStatus
    plays: tuple[Play, ...] = ()
    stay: tuple[str, ...] = ()
    tied: tuple[str, ...] = ()
    note: Note | None = None
    shown: Play | None = None
    keep: int = 1
    """How many of the table stay (1 at a table of 2 or 3, 2 at a table of 4)."""

    @property
    def key(self) -> Key:
        return (self.bracket, self.round, self.index)

    @property
    def present(self) -> tuple[str, ...]:
        return tuple(e for e in self.entrants if e is not None)

    @property
    def settled(self) -> bool:
        return self.status in ("decided", "bye", "empty")

    @property
    def lost(self) -> tuple[str, ...]:
        """Those who lost at this table (dropped, or out), once it is decided."""
        if self.status != "decided":
            return ()
        return tuple(e for e in self.present if e not in self.stay)

    @property
    def winner(self) -> str | None:
        return self.stay[0] if len(self.stay) == 1 else None


@dataclass(frozen=True)
class BracketRound:
    bracket: BracketName
    number: int
    named: Note
    """Its name (``winners' round 2``), as a note: `name` in the current language."""
    played_in: int
    tables: tuple[Table, ...]
    feeds: tuple[tuple[int, ...], ...] = ()
    """For drawing: the tables of this bracket's previous round feeding each table (empty:
    the round is not fed table by table, as at tables of 3 or 4)."""

    @property
    def name(self) -> str:
        from tourney.tournament.notes.note_words import page_note

        return page_note(self.named, str)


@dataclass(frozen=True)
class DoubleBracket:
    """Both brackets and the grand final as far as the plays take them."""

    sides: int
    winners: tuple[BracketRound, ...]
    losers: tuple[BracketRound, ...]
    final: Table | None
    reset: Table | None
    reset_on: bool
    champion: str | None = None
    runner_up: str | None = None
    out_in: Mapping[str, int] = field(default_factory=dict)
    """Each entrant out of the event: the tournament round of their last loss."""

    @property
    def rounds(self) -> int:
        """The tournament rounds played or to play as far as known (the reset counts once
        it is needed)."""
        last = self.reset or self.final
        return last.played_in if last is not None else 0

    def tables(self) -> list[Table]:
        """Every table, bracket by bracket, round by round."""
        found = [t for r in (*self.winners, *self.losers) for t in r.tables]
        return found + [t for t in (self.final, self.reset) if t is not None]

    def tables_in(self, played_in: int) -> list[Table]:
        """The tables of tournament round `played_in`: winners' first, then losers', then
        the grand final."""
        return [t for t in self.tables() if t.played_in == played_in]


# -- the losers' bracket at tables of 2 --------------------------------------------------


def drop_order(count: int, wb_round: int) -> list[int]:
    """Which WB table's loser (0-based, in WB order) meets LB slot i, for the losers of WB
    round `wb_round` >= 2: reversed for an even round, the halves swapped for an odd one
    (``[2, 3, 0, 1]``). Measured over every possible path, a dropped player can meet
    someone already met no earlier than LB round 2 for 4 places, 3 for 8, 4 for 16, 5 for
    32 and 6 for 64 and 128."""
    natural = list(range(count))
    if wb_round % 2 == 0:
        return natural[::-1]
    return natural[count // 2 :] + natural[: count // 2]


def losers_rounds(k: int) -> int:
    """LB rounds for a WB of `k` rounds at tables of 2."""
    return max(0, 2 * k - 2)


def losers_sources(k: int) -> list[list[tuple[tuple[str, int, int], ...]]]:
    """For each LB round (at tables of 2) and each of its slots, the two places that feed
    it: ``("wb", round, table)`` a WB table's loser, ``("lb", round, slot)`` an LB slot's
    winner. The first of the two is the LB survivor where there is one."""
    places = 2**k
    rounds: list[list[tuple[tuple[str, int, int], ...]]] = []
    for j in range(1, losers_rounds(k) + 1):
        if j == 1:
            count = places // 4
            rounds.append([(("wb", 1, 2 * i), ("wb", 1, 2 * i + 1)) for i in range(count)])
        elif j % 2 == 0:
            r = j // 2 + 1
            order = drop_order(places // 2**r, r)
            rounds.append([(("lb", j - 1, i), ("wb", r, order[i])) for i in range(len(order))])
        else:
            count = len(rounds[-1]) // 2
            rounds.append([(("lb", j - 1, 2 * i), ("lb", j - 1, 2 * i + 1)) for i in range(count)])
    return rounds


# -- settling a table ----------------------------------------------------------------------


def _rank_key(play: Play, entrant: str) -> tuple[int, int]:
    assert play.outcome is not None
    side = play.sides.index(entrant)
    return (1 if side in play.outcome.winners else 0, play.outcome.scores[side])


def settle(
    plays: Sequence[Play], entrants: tuple[str, ...], keep: int
) -> tuple[SlotStatus, tuple[str, ...], tuple[str, ...], Note | None, Play | None]:
    """Who stays from a table, from its plays (the match, then its deciding matches):
    (status, those who stay, those still tied, note, the play whose scores to show)."""
    if not plays:
        return "to_play", (), (), None, None
    staying: list[str] = []
    contenders = entrants
    need = keep
    said: Note | None = None
    shown: Play | None = None
    rule = note("elimination.rule" if len(entrants) == 2 else "double_elimination.rule")
    for play in plays:
        if play.outcome is None:
            return "in_play", (), (), said, shown
        shown = play
        outcome = play.outcome
        if not outcome.counts:
            contenders = play.sides
            said = voided_note(play.match_id)
            continue
        ranked = sorted(contenders, key=lambda e: _rank_key(play, e), reverse=True)
        cut = _rank_key(play, ranked[need - 1])
        above = [e for e in ranked if _rank_key(play, e) > cut]
        at = [e for e in ranked if _rank_key(play, e) == cut]
        if len(above) + len(at) == need:
            stay = (*staying, *above, *at)
            return "decided", stay, (), _decided_note(play, stay, said, rule, keep), play
        staying += above
        need -= len(above)
        contenders = tuple(at)
        said = note(
            "double_elimination.level",
            names=and_list(at),
            match=match_words(play.match_id),
            score=cut[1],
            n=need,
            rule=rule,
        )
    return "deciding_match_needed", tuple(staying), contenders, said, shown


def _decided_note(
    play: Play, stay: tuple[str, ...], before: Note | None, rule: Note, keep: int
) -> Note:
    assert play.outcome is not None
    outcome = play.outcome
    winners = [play.sides[s] for s in outcome.winners]
    if len(winners) == 1 and keep == 1:
        text = won_note(winners[0], play)
    elif len(winners) > 1 and keep == 1:
        best = max(outcome.scores[s] for s in outcome.winners)
        others = sorted(
            (outcome.scores[s] for s in outcome.winners if outcome.scores[s] != best),
            reverse=True,
        )
        text = note(
            "double_elimination.shared_stays",
            names=and_list(winners),
            match=match_words(play.match_id),
            who=Who(stay[0]),
            best=best,
            others=tuple(others),
            rule=rule,
        )
    else:
        stayed = note(
            "double_elimination.stay_after", names=and_list(stay), match=match_words(play.match_id)
        )
        text = with_source(stayed, outcome)
    return clauses(before, text) if before else text


def _table(
    bracket: BracketName,
    number: int,
    index: int,
    played_in: int,
    entrants: tuple[str | None, ...],
    waiting: bool,
    plays: Sequence[Play],
) -> Table:
    present = tuple(e for e in entrants if e is not None)
    keep = max(1, len(present) // 2)
    where = (bracket, number, index, played_in, entrants)
    if waiting:
        return Table(*where, "waiting", keep=keep)
    if not present:
        return Table(*where, "empty", keep=keep)
    if len(present) == 1:
        said = note("elimination.bye", who=Who(present[0]))
        return Table(*where, "bye", stay=present, note=said, keep=keep)
    status, stay, tied, noted, shown = settle(plays, present, keep)
    return Table(*where, status, tuple(plays), stay, tied, noted, shown, keep)


# -- the whole bracket -------------------------------------------------------------------


def build(
    seeded: Sequence[str],
    sides: int,
    plays: Mapping[Key, Sequence[Play]],
    *,
    reset: bool = True,
) -> DoubleBracket:
    """The double-elimination bracket of `seeded` (best first) as far as `plays` take it.

    `plays[(bracket, round, index)]` lists a table's match and then its deciding matches,
    in order (the grand final is ``("final", 1, 0)``, its reset ``("reset", 1, 0)``)."""
    if len(seeded) < 2:
        return DoubleBracket(sides, (), (), None, None, reset)
    if sides == 2:
        winners, losers, wb_champion, lb_champion, final_round = _two_sided(seeded, plays)
    else:
        winners, losers, wb_champion, lb_champion, final_round = _multi(seeded, sides, plays)
    out_in: dict[str, int] = {}
    for round_ in losers:
        for table in round_.tables:
            for entrant in table.lost:
                out_in[entrant] = round_.played_in
    known = wb_champion is not None and lb_champion is not None
    final = _table(
        "final",
        1,
        0,
        final_round,
        (wb_champion, lb_champion),
        not known,
        plays.get(("final", 1, 0), ()),
    )
    reset_table: Table | None = None
    champion: str | None = None
    runner_up: str | None = None
    if final.status == "decided" and final.winner is not None:
        if final.winner == wb_champion or not reset:
            champion = final.winner
            runner_up = next(e for e in final.present if e != champion)
            out_in[runner_up] = final.played_in
        else:
            reset_table = _table(
                "reset",
                1,
                0,
                final_round + 1,
                final.entrants,
                False,
                plays.get(("reset", 1, 0), ()),
            )
            if reset_table.status == "decided" and reset_table.winner is not None:
                champion = reset_table.winner
                runner_up = next(e for e in reset_table.present if e != champion)
                out_in[runner_up] = reset_table.played_in
    return DoubleBracket(
        sides,
        winners,
        losers,
        final,
        reset_table,
        reset,
        champion,
        runner_up,
        out_in,
    )


Built = tuple[tuple[BracketRound, ...], tuple[BracketRound, ...], str | None, str | None, int]


def _two_sided(seeded: Sequence[str], plays: Mapping[Key, Sequence[Play]]) -> Built:
    layout = places_layout(len(seeded), 2)
    k = layout.rounds
    winners: list[BracketRound] = []
    # What each place of the bracket holds: (known, entrant or None).
    wb_winner: dict[tuple[int, int], tuple[bool, str | None]] = {}
    wb_loser: dict[tuple[int, int], tuple[bool, str | None]] = {}

    def outcome(table: Table) -> tuple[tuple[bool, str | None], tuple[bool, str | None]]:
        if table.status == "decided":
            return (True, table.winner), (True, table.lost[0] if table.lost else None)
        if table.status in ("bye", "empty"):
            return (True, table.winner), (True, None)
        return (False, None), (False, None)

    for number in range(1, k + 1):
        if number == 1:
            groups = [
                (tuple(None if s is None else seeded[s - 1] for s in t), False)
                for t in layout.first
            ]
            feeds: tuple[tuple[int, ...], ...] = ()
        else:
            feeds = layout.feeds[number - 2]
            groups = [
                (
                    tuple(wb_winner[(number - 1, i)][1] for i in feeders),
                    not all(wb_winner[(number - 1, i)][0] for i in feeders),
                )
                for feeders in feeds
            ]
        tables = []
        for index, (entrants, waiting) in enumerate(groups):
            table = _table(
                "winners",
                number,
                index,
                number,
                entrants,
                waiting,
                plays.get(("winners", number, index), ()),
            )
            tables.append(table)
            wb_winner[(number, index)], wb_loser[(number, index)] = outcome(table)
        name = round_note("winners", number, k)
        winners.append(BracketRound("winners", number, name, number, tuple(tables), feeds))
    wb_champion = wb_winner[(k, 0)][1] if wb_winner[(k, 0)][0] else None
    losers: list[BracketRound] = []
    lb_winner: dict[tuple[int, int], tuple[bool, str | None]] = {}
    sources = losers_sources(k)
    for j, slots in enumerate(sources, start=1):
        tables = []
        lb_feeds = []
        for index, pair in enumerate(slots):
            held = [(wb_loser if kind == "wb" else lb_winner)[(r, i)] for kind, r, i in pair]
            entrants = tuple(e for _, e in held)
            waiting = not all(known for known, _ in held)
            table = _table(
                "losers",
                j,
                index,
                j + 1,
                entrants,
                waiting,
                plays.get(("losers", j, index), ()),
            )
            tables.append(table)
            lb_winner[(j, index)] = outcome(table)[0]
            lb_feeds.append(tuple(i for kind, _, i in pair if kind == "lb"))
        name = round_note("losers", j, len(sources))
        losers.append(BracketRound("losers", j, name, j + 1, tuple(tables), tuple(lb_feeds)))
    # Two entrants: the loser of the only WB table is the LB's champion.
    last = lb_winner[(len(sources), 0)] if sources else wb_loser[(1, 0)]
    lb_champion = last[1] if last[0] else None
    return tuple(winners), tuple(losers), wb_champion, lb_champion, 2 * k


def _multi(seeded: Sequence[str], sides: int, plays: Mapping[Key, Sequence[Play]]) -> Built:
    seed = {e: i for i, e in enumerate(seeded)}

    def ranked(entrants: Sequence[str]) -> list[str]:
        return sorted(entrants, key=seed.__getitem__)

    def seat(
        bracket: BracketName, number: int, played_in: int, entrants: Sequence[str]
    ) -> list[Table]:
        order = ranked(entrants)
        return [
            _table(
                bracket,
                number,
                index,
                played_in,
                tuple(order[i] for i in dealt),
                False,
                plays.get((bracket, number, index), ()),
            )
            for index, dealt in enumerate(deal(len(order), sides))
        ]

    winners: list[BracketRound] = []
    losers: list[BracketRound] = []
    dropped: dict[int, list[str]] = {}
    field_ = list(seeded)
    wb_champion: str | None = None
    wb_done: int | None = None  # the last WB round; None while it goes on
    wb_known = True  # every WB round so far is settled
    number = 1
    while wb_known and len(field_) >= 2:
        tables = seat("winners", number, number, field_)
        last = len(tables) == 1 and tables[0].keep == 1  # one player stays: the WB's last
        name = round_note("winners", number, number if last else 0)
        winners.append(BracketRound("winners", number, name, number, tuple(tables)))
        if not all(t.settled for t in tables):
            wb_known = False
            break
        field_ = [e for t in tables for e in t.stay]
        dropped[number] = [e for t in tables for e in t.lost]
        number += 1
    if wb_known:
        wb_champion = field_[0]
        wb_done = number - 1
    lb_champion: str | None = None
    carried: list[str] = []
    j = 1
    while wb_done is not None or j in dropped:
        entrants = carried + dropped.get(j, [])
        more_to_come = wb_done is None or j + 1 <= wb_done
        if len(entrants) <= 1 and not more_to_come:
            lb_champion = entrants[0] if entrants else None
            break
        if len(entrants) <= 1:  # a lone LB player waits for the next droppers
            carried = entrants
            j += 1
            continue
        tables = seat("losers", j, j + 1, entrants)
        last = len(tables) == 1 and tables[0].keep == 1 and not more_to_come
        name = round_note("losers", j, j if last else 0)
        losers.append(BracketRound("losers", j, name, j + 1, tuple(tables)))
        if not all(t.settled for t in tables):
            break
        carried = [e for t in tables for e in t.stay]
        j += 1
    # How many stay at a table depends only on its size: the final's round is known at once.
    final = final_round(len(seeded), sides)
    if wb_done is not None and lb_champion is not None:
        assert final == max(wb_done, losers[-1].played_in if losers else 0) + 1
    return tuple(winners), tuple(losers), wb_champion, lb_champion, final


def consequence(table: Table, reset: bool) -> Note:
    """What a table decides (said in the pairing's reasons)."""
    two = len(table.present) == 2
    staying = (
        note("double_elimination.winner_stays")
        if table.keep == 1
        else note("double_elimination.top_stay", n=table.keep)
    )
    if table.bracket == "winners":
        dropping = note(
            "double_elimination.loser_drops" if two else "double_elimination.others_drop"
        )
        return note("double_elimination.winners_next", staying=staying, dropping=dropping)
    if table.bracket == "losers":
        out = note("double_elimination.loser_out" if two else "double_elimination.others_out")
        return note("double_elimination.losers_next", staying=staying, out=out)
    if table.bracket == "final" and reset:
        return note("double_elimination.final_reset")
    return note("double_elimination.champion")


def round_note(bracket: BracketName, number: int, total: int) -> Note:
    """``winners' round 2``, ``losers' final``...: a bracket round's name, as a note."""
    if bracket == "winners":
        if number == total:
            return note("double_elimination.winners_final")
        return note("double_elimination.winners_round", number=number)
    if number == total:
        return note("double_elimination.losers_final")
    return note("double_elimination.losers_round", number=number)


def bracket_note(bracket: str) -> Note:
    """A bracket's name (``winners' bracket``...), as a note."""
    return note(f"double_elimination.{bracket}")


def bracket_round(bracket: DoubleBracket, table: Table) -> BracketRound | None:
    """The bracket round a WB or LB table belongs to (None: the grand final)."""
    rounds = bracket.winners if table.bracket == "winners" else bracket.losers
    if table.bracket not in ("winners", "losers"):
        return None
    # By number: at tables of 3 or 4 an LB round can be skipped (a lone player waiting).
    return next((r for r in rounds if r.number == table.round), None)


def final_round(field: int, sides: int) -> int:
    """The tournament round of the grand final for a field of `field` entrants (the reset,
    when it is needed, is the round after): 2k at tables of 2; at tables of 3 or 4 the
    round after both brackets have their champion, however the tables come out (how many
    stay at each table depends only on its size)."""
    if field < 2:
        return 0
    if sides == 2:
        return 2 * round_count(field, 2)

    def stay(count: int) -> int:
        return sum(len(t) // 2 for t in deal(count, sides))

    wb, dropped, rounds = field, [], 0
    while wb >= 2:
        kept = stay(wb)
        dropped.append(wb - kept)
        wb, rounds = kept, rounds + 1
    last, carried, j = 0, 0, 1
    while True:
        entrants = carried + (dropped[j - 1] if j <= rounds else 0)
        if entrants <= 1 and j + 1 > rounds:
            break
        if entrants >= 2:
            carried, last = stay(entrants), j + 1
        else:
            carried = entrants
        j += 1
    return max(rounds, last) + 1
