"""Creating a tournament: its settings checked once, as one `TournamentCreated`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, Any, cast

from tourney import limits, names
from tourney.errors import TourneyError, quote
from tourney.gamekit import game
from tourney.gamekit import names as game_names
from tourney.gamekit.stored import DEFAULT_TARGET
from tourney.i18n import _
from tourney.names import clean_name
from tourney.tournament.events import (
    DEFAULT_TIE_BREAKS,
    FIRST_ROUNDS,
    SEED_BY,
    SEEDINGS,
    TIE_BREAKS,
    Seeding,
    TieBreak,
    TournamentCreated,
    TournamentEvent,
    tie_break_name,
)
from tourney.tournament.format import Format, format_named, label_text
from tourney.tournament.matches import (
    parse_share,
)
from tourney.tournament.seating import lot
from tourney.tournament.state import TournamentError, TournamentState

if TYPE_CHECKING:
    from tourney.gamekit import Game

# -- setting up ------------------------------------------------------------------------


# Cyrillic letters in Latin for a slug (as folded: й is и, ё is е), so that a Russian club's
# "Клубный вечер" gets the slug "klubnyi-vecher" rather than none.
_LATIN = str.maketrans(
    {
        **dict(zip("абвгдезиклмнопрстуфыэіґ", "abvgdeziklmnoprstufyeig", strict=True)),
        **{"ж": "zh", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ю": "yu"},
        **{"я": "ya", "є": "ye", "ъ": "", "ь": ""},
    }
)


def slugify(name: str) -> str:
    """``"Tuesday Club Night!"`` -> ``"tuesday-club-night"`` (``"Zoë's Cup"`` -> ``"zoe-s-cup"``:
    accents folded away first; ``"Клубный вечер"`` -> ``"klubnyi-vecher"``: Cyrillic in Latin
    letters)."""
    return re.sub(r"[^a-z0-9]+", "-", names.fold(name).translate(_LATIN)).strip("-")


def decide_create(
    state: TournamentState,
    name: str,
    *,
    format: str,
    table_size: int,
    rounds: int,
    slug: str | None = None,
    partnerships: bool = False,
    target: int | None = None,
    shared_win: str = "split",
    bye_points: Fraction = Fraction(1),
    tie_breaks: Sequence[str] | None = None,
    third_place: bool = False,
    seeding: str = "rating",
    placement_points: Sequence[str] = (),
    game_name: str,
    deals: int | None = None,
    seed_by: str = "seeding",
    pools: int = 0,
    pool_size: int = 0,
    advance: int = 2,
    pool_format: str = "round_robin",
    grand_final_reset: bool = True,
    draw_seed: int | None = None,
    settings: Sequence[tuple[str, str]] = (),
) -> list[TournamentEvent]:
    """Create a tournament: the settings every format shares checked here, then the
    format's own (`Format.settled`); `rounds` is stored as 0 where the format sets it (a
    bracket's). An option the format does not take (`Format.options`) is refused by name.

    `tie_breaks` None: the format's default, else Buchholz, points, head-to-head (for a
    game whose points decide first, such as Racehorse, points first). `game_name` is the
    game the tables play (`tourney.games`), which says how many a table seats: always the
    caller's (the CLI's default game is the shell's, `tourney.gamekit.stored.DEFAULT_GAME`);
    `deals` is a Racehorse match's length (None: twice the players at the table).

    Every value is checked against `tourney.limits` and the name is cleaned
    (`tourney.names.clean_name`): what is stored here is read by every later command.
    """
    if state.settings is not None:
        raise TournamentError(
            _("tournament {title} already exists in this stream").format(title=state.title)
        )
    if not isinstance(name, str) or not name.strip():
        raise TournamentError(_("a tournament needs a name"))
    name = clean_name(name, _("tournament name"))
    slug = slugify(clean_name(slug, "slug") if slug else name)
    if not slug:
        raise TournamentError(
            _("cannot make a slug from {name}: give one with letters or digits").format(
                name=quote(name)
            )
        )
    if isinstance(shared_win, str):  # "0,5" kept as the record reads it: "0.5"
        shared_win = limits.decimal_point(shared_win)
    fmt = format_named(format)
    if game_name not in game_names():
        raise TournamentError(
            _("unknown game {game_name}: choose one of {game_names}").format(
                game_name=quote(game_name), game_names=", ".join(game_names())
            )
        )
    played = game(game_name)
    fewest, most = played.table_sizes
    if isinstance(table_size, bool) or not isinstance(table_size, int):
        raise TournamentError(
            _("table size {table_size} for {name!r}: not a whole number").format(
                table_size=quote(table_size), name=name
            )
        )
    if not fewest <= table_size <= most:
        raise TournamentError(
            _(
                "table size {table_size} for {name!r}: {title} tables seat {fewest} to {most}"
            ).format(
                table_size=quote(table_size),
                name=name,
                title=played.title,
                fewest=fewest,
                most=most,
            )
        )
    if tie_breaks is None:
        tie_breaks = fmt.default_tie_breaks(played)
    if tie_breaks is None:  # a card game's net units decide first, a match's points alike
        first = ("scored",) if played.scored_first else ()
        tie_breaks = (*first, *(t for t in DEFAULT_TIE_BREAKS if t not in first))
    if third_place and "third_place" not in fmt.options:
        raise TournamentError(
            _("a third-place match needs a single-elimination bracket with 2 sides a table")
        )
    if not grand_final_reset and "grand_final_reset" not in fmt.options:
        raise TournamentError(
            _(
                "--no-grand-final-reset for {name!r}: only a double elimination has a grand "
                "final to reset"
            ).format(name=name)
        )
    takes = fmt.options
    own = _own_settings(fmt, settings, name)
    created = fmt.settled(
        TournamentCreated(
            name=name,
            slug=slug,
            format=fmt.name,
            table_size=table_size,
            rounds=rounds if fmt.rounds_setting else 0,
            partnerships=partnerships,
            target=_target(target, played),
            shared_win=shared_win,
            bye_points=bye_points,
            tie_breaks=cast(tuple[TieBreak, ...], tuple(tie_breaks)),
            seeding=cast(Seeding, seeding),
            game=game_name,
            deals=deals,
            seed_by=seed_by,
            third_place=third_place,
            grand_final_reset=grand_final_reset,
            # a format's own settings, stored only by a format that takes them
            pools=pools if "pools" in takes else 0,
            pool_size=pool_size if "pool_size" in takes else 0,
            advance=advance if "advance" in takes else 0,
            pool_format=pool_format if "pool_format" in takes else "",
            settings=own,
        ),
        played,
    )
    partnerships = created.partnerships
    if not played.partnerships and (partnerships or fmt.needs_partnership_game):
        raise TournamentError(
            _(
                "{title} is played each for themselves in Swiss or round robin: "
                "no {value} ({name!r})"
            ).format(
                title=played.title,
                value="partnerships" if partnerships else label_text(fmt).lower(),
                name=name,
            )
        )
    if deals is not None and (not played.deals or deals not in limits.DEALS):
        raise TournamentError(
            _("--deals {deals} for {name!r}: a {title} match of {low} to {high} deals").format(
                deals=quote(deals),
                name=name,
                title=played.title,
                low=limits.DEALS.low,
                high=limits.DEALS.high,
            )
            if played.deals
            else _("--deals for {name!r}: {title} matches are played to a target").format(
                name=name, title=played.title
            )
        )
    if partnerships and table_size != 4:
        raise TournamentError(
            _("partnerships need tables of 4, not {table_size} ({name!r})").format(
                table_size=table_size, name=name
            )
        )
    if fmt.rounds_setting:
        limits.ROUNDS.check(rounds, repr(name))
    limits.TARGET.check(created.target, repr(name))
    if shared_win not in ("split", "full"):
        limits.parse_points(shared_win, "shared-win scoring", repr(name), high=1)
        parse_share(shared_win)
    if not isinstance(bye_points, Fraction):
        raise TournamentError(
            _("bye points {bye_points} for {name!r}: not a fraction").format(
                bye_points=quote(bye_points), name=name
            )
        )
    limits.check_points(bye_points, _("bye points"), repr(name))
    tie_breaks = [tie_break_name(t) for t in tie_breaks]
    unknown = [t for t in tie_breaks if t not in TIE_BREAKS]
    if unknown or len(set(tie_breaks)) != len(tie_breaks):
        raise TournamentError(
            _("tie-breaks {t}: use each of {tie_breaks} at most once").format(
                t=", ".join(quote(t) for t in tie_breaks), tie_breaks=", ".join(TIE_BREAKS)
            )
        )
    sides = 2 if partnerships else table_size
    if third_place and sides != 2:
        raise TournamentError(
            _("a third-place match needs a single-elimination bracket with 2 sides a table")
        )
    if seeding not in SEEDINGS:
        raise TournamentError(
            _("unknown --first-round {seeding}: choose one of {seedings}").format(
                seeding=quote(seeding), seedings=", ".join(FIRST_ROUNDS)
            )
        )
    draw_seed = lot.checked_seed(seeding, draw_seed)
    if seed_by not in SEED_BY:
        raise TournamentError(
            _("unknown --seed-by {seed_by}: choose one of {seed_by2}").format(
                seed_by=quote(seed_by), seed_by2=", ".join(SEED_BY)
            )
        )
    _check_playable(created, played, name)
    scales = tuple(_placement_scale(text, sides, repr(name)) for text in placement_points)
    lengths = [len(scale) for scale in scales]
    if len(set(lengths)) != len(lengths):
        raise TournamentError(
            _("--placement-points for {name!r}: two scales for tables of the same size").format(
                name=name
            )
        )
    return [
        replace(
            created,
            tie_breaks=cast(tuple[TieBreak, ...], tuple(tie_breaks)),
            placement_points=scales,
            draw_seed=draw_seed,
        )
    ]


def table_settings(created: TournamentCreated) -> dict[str, Any]:
    """The tournament's settings a table's ``match_started`` is made from
    (`Game.table_start`)."""
    return {
        "partnerships": created.partnerships,
        "target": created.target,
        "deals": created.deals,
    }


def _check_playable(created: TournamentCreated, played: Game, name: str) -> None:
    """Refuse a tournament whose tables its game's engine would not start (a target or a
    number of deals outside the game's own rules): a table paired would never replay."""
    seats = tuple(f"Seat {n}" for n in range(1, created.table_size + 1))
    try:
        played.new_match().apply(played.table_start(seats, table_settings(created), {}))
    except TourneyError as refused:
        raise TournamentError(
            _("{title} cannot play the tables of {name!r}: {refused}").format(
                title=played.title, name=name, refused=refused
            )
        ) from None


def _target(given: int | None, played: Game) -> int:
    """The score a tournament's matches are won at: ``--target``, else its game's own
    (`Game.first_to`: Briscola's 2 deals, not Horse Race's 61), else 61 (the score a
    stored tournament without one has, `tourney.gamekit.stored`)."""
    if given is not None:
        return given
    return DEFAULT_TARGET if played.first_to is None else played.first_to


def _own_settings(
    fmt: Format, settings: Sequence[tuple[str, str]], name: str
) -> tuple[tuple[str, str], ...]:
    """``--setting NAME=VALUE``s checked by name against the format's own (`Format.settings`),
    each of them in the order the format lists them, its default where not given; their
    values are the format's to check (`settled`)."""
    given: dict[str, str] = {}
    for setting, value in settings:
        if setting not in fmt.settings:
            raise TournamentError(
                _("--setting {setting} for {name!r}: {format} has the settings {settings}").format(
                    setting=quote(setting),
                    name=name,
                    format=label_text(fmt),
                    settings=", ".join(fmt.settings),
                )
                if fmt.settings
                else _(
                    "--setting {setting} for {name!r}: {format} has no settings of its own"
                ).format(setting=quote(setting), name=name, format=label_text(fmt))
            )
        if setting in given:
            raise TournamentError(
                _("--setting {setting} for {name!r}: given twice").format(
                    setting=quote(setting), name=name
                )
            )
        given[setting] = str(value)
    return tuple((setting, given.get(setting, fmt.settings[setting])) for setting in fmt.settings)


def _placement_scale(text: str, sides: int, where: str) -> tuple[Fraction, ...]:
    """``"3,2,1,0"`` as a placement scale: 2 to ``sides`` values, first place first, none
    above the one before it, each a match-point value `tourney.limits` keeps."""
    values = tuple(
        limits.parse_points(part, _("placement points"), where) for part in text.split(",")
    )
    if not 2 <= len(values) <= sides:
        raise TournamentError(
            _(
                "placement points {text} for {where}: give 2 to {sides} values "
                "(one per place at a table), e.g. 3,2,1,0"
            ).format(text=quote(text), where=where, sides=sides)
        )
    if any(later > earlier for earlier, later in pairwise(values)):
        raise TournamentError(
            _(
                "placement points {text} for {where}: a place cannot score more "
                "than the one above it"
            ).format(text=quote(text), where=where)
        )
    return values
