"""Groups, then knockout: pools by snake seeding, each played as a round robin or a Swiss,
then the top of each pool in a single-elimination knockout (the rule: `stages`,
docs/formats/groups-knockout.md; the pairing: `pairing`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.i18n import N_, _, ngettext, page_, page_mark
from tourney.tournament.events import TournamentCreated, TournamentEvent
from tourney.tournament.format import Format, PairRequest
from tourney.tournament.formats.elimination.bracket import Bracket
from tourney.tournament.formats.elimination.format import bracket_of, knockout_stages
from tourney.tournament.formats.groups import stages
from tourney.tournament.formats.groups.pairing import (
    decide_pair_deciding_groups,
    decide_pair_groups,
)
from tourney.tournament.formats.groups.sentences import SENTENCES
from tourney.tournament.state import TournamentState

if TYPE_CHECKING:
    from tourney.gamekit import Game

POOL_KINDS = {"round_robin": N_("round robin"), "swiss": N_("swiss")}
"""A pool's format, as the confirmation of a new groups tournament names it."""


class Groups(Format):
    name = "groups"
    label = page_mark("Groups, then knockout")
    sentences = SENTENCES
    help = N_("groups: pools, then the top of each pool in a knockout")
    options = frozenset({"pools", "pool_size", "advance", "pool_format", "third_place"})
    needs_partnership_game = True
    fixed_at_round_1 = N_("pool draw")
    bracket = "single"
    has_pools = True
    deciding_matches = True
    checks_previous_round = False  # each stage checks its own (`pairing`)

    def settled(self, created: TournamentCreated, played: Game) -> TournamentCreated:
        stages.check_settings(
            created.name,
            pools=created.pools,
            pool_size=created.pool_size,
            advance=created.advance,
            pool_format=created.pool_format,
            sides=created.sides_per_table,
        )
        return created

    def pair(self, state: TournamentState, request: PairRequest) -> list[TournamentEvent]:
        return decide_pair_groups(
            state,
            override=request.override,
            forbidden=request.forbidden,
            avoid_same_club=request.avoid_same_club,
            ratings=request.ratings,
        )

    def pair_deciding_matches(self, state: TournamentState) -> list[TournamentEvent]:
        return decide_pair_deciding_groups(state)

    def last_round(self, state: TournamentState) -> int:
        return stages.total_rounds(state)

    def stages(self, state: TournamentState) -> dict[str, tuple[int, int]]:
        """How far each entrant went in the knockout (those who did not advance: 0)."""
        stage = dict.fromkeys(state.entrant_ids(), (0, 0))
        if state.groups.knockout is not None:
            stage.update(knockout_stages(stages.knockout_state(state)))
        return stage

    def round_name(self, state: TournamentState, number: int) -> str:
        if stages.stage_of_round(state, number) == "pools":
            return page_("Round {number} (pools)").format(number=number)
        started = state.groups.knockout
        knockout = bracket_of(stages.knockout_state(state)).rounds if started else ()
        at = number - started.first_round + 1 if started else 0
        if 1 <= at <= len(knockout):
            name = knockout[at - 1].name
            return page_("Round {number} (knockout: {name})").format(number=number, name=name)
        return page_("Round {number} (knockout)").format(number=number)

    def round_stage(self, state: TournamentState, number: int) -> str:
        return stages.stage_of_round(state, number)

    def announcement(self, state: TournamentState, number: int) -> list[str]:
        return stages.stage_announcement(state, number)

    def described(self, created: TournamentCreated) -> list[str]:
        how = (
            ngettext("{n} pool", "{n} pools", created.pools).format(n=created.pools)
            if created.pools
            else _("pools of {size}").format(size=created.pool_size)
        )
        kind = _(POOL_KINDS[created.pool_format])
        if created.pool_format == "swiss":
            counted = ngettext("{n} round", "{n} rounds", created.rounds)
            kind = _("{kind} of {counted}").format(
                kind=kind, counted=counted.format(n=created.rounds)
            )
        return [
            _(
                "Stage 1: {how} (snake seeding), each a {kind}; stage 2: the top {advance} "
                "of each pool in a knockout."
            ).format(how=how, kind=kind, advance=created.advance)
        ]


FORMAT = Groups()


def knockout_bracket(state: TournamentState) -> Bracket:
    """The knockout stage's bracket (empty before the knockout starts)."""
    if state.groups.knockout is None:
        return Bracket(sides=state.created.sides_per_table, rounds=())
    return bracket_of(stages.knockout_state(state))
