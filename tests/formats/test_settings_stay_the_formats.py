"""A format's own setting is one of its `Format.settings`, never a field of
`TournamentCreated` nor an option of ``tourney tournament create`` (issue 33, audit33b): the
fields below are the settings every format shares and those the shipped formats had before
`Format.settings` (kept: old databases store them so). A new field here fails this test,
which says where the setting goes instead."""

from __future__ import annotations

import dataclasses

from tourney.tournament.events import TournamentCreated

SHARED = {
    "name", "slug", "format", "table_size", "rounds", "partnerships", "target", "shared_win",
    "bye_points", "tie_breaks", "third_place", "seeding", "placement_points", "game", "deals",
    "seed_by", "draw_seed", "prizes", "prize_values", "prizes_fixed", "settings",
}  # fmt: skip
BEFORE_FORMAT_SETTINGS = {
    "pools", "pool_size", "advance", "pool_format",  # groups
    "grand_final_reset",  # double elimination
    "accelerated_rounds", "last_round", "gibson",  # Swiss
}  # fmt: skip


def test_a_formats_own_setting_is_no_field_of_the_created_event() -> None:
    fields = {field.name for field in dataclasses.fields(TournamentCreated)}
    new = sorted(fields - SHARED - BEFORE_FORMAT_SETTINGS)
    assert not new, (
        f"TournamentCreated has new fields {new}: a setting only one format has is one of "
        "its Format.settings (given with --setting NAME=VALUE, stored in "
        "TournamentCreated.settings), with no field here nor option of the CLI"
    )
