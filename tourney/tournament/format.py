"""The tournament format interface, and the one registry of formats.

A format is one module (or package) under `tourney/tournament/formats/` exporting
``FORMAT``, an instance of a `Format` subclass that overrides only what differs from the
defaults here: a format with a fixed number of rounds, Swiss-like entries, the shared
standings and no bracket needs `name`, `label`, `help` and `pair`. Everything outside the
formats folder asks the format of a tournament (`format_of`) what it needs (pair a round,
its last round, its standings, its round names...) or a capability (`bracket`,
`has_pools`...); none compares a format's name (tests/unit/test_no_format_named.py).

Registering: a format that ships with tourney is one line of `_MODULES` (its name and
module, imported the first time it is asked for); a format from outside tourney (a club's
own) is a distribution declaring it under the ``tourney.formats`` entry-point group
(`ENTRY_POINTS`), which ``pip install`` adds with no edit to tourney; a program embedding
tourney (a test) may call `register(FORMAT)` instead. A stored tournament whose
format is not registered is refused in one line wherever it is read (`format_of`).

This module is low in the tournament core (it imports no other module of it at run time):
the dispatchers (`pairing.decide_pair_round`, `create.decide_create`, `entries.last_round`,
`standings.standings_of`, the reports and the CLI) and the formats (which use the shared
parts of pairing and standings) both import it, and it reaches each format's module by
name only, when asked, as `tourney.games` reaches each game's.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar, NamedTuple, cast

from tourney.errors import quote
from tourney.i18n import N_, _, page_
from tourney.tournament.errors import TournamentError

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from tourney.gamekit import Game
    from tourney.tournament.events import TournamentCreated, TournamentEvent
    from tourney.tournament.notes.sentence import Sentence
    from tourney.tournament.standings.rows import StandingRow
    from tourney.tournament.state import TournamentState

_MODULES: dict[str, str] = {
    "round_robin": "tourney.tournament.formats.round_robin.format",
    "swiss": "tourney.tournament.formats.swiss.format",
    "elimination": "tourney.tournament.formats.elimination.format",
    "double_elimination": "tourney.tournament.formats.double_elimination.format",
    "groups": "tourney.tournament.formats.groups.format",
    "rotating": "tourney.tournament.formats.rotating.format",
    "balanced": "tourney.tournament.formats.balanced.format",
}
"""Every format tourney ships: its name as stored in `TournamentCreated.format` (never
changed: old databases name it so) and the module whose ``FORMAT`` it is."""

_LOADED: dict[str, Format] = {}
_REGISTERED: dict[str, Format] = {}


class PairRequest(NamedTuple):
    """What the director asked of a pairing, beside the tournament's own settings.

    `override`: pair although results of the previous round are missing (formats whose
    round needs every result refuse it); `forbidden`: entrant id pairs kept apart where
    possible; `avoid_same_club`: clubmates kept apart likewise; `ratings`: player id ->
    the club's rating now, which seeds round 1 of a tournament created with
    ``seed_by="rating"``."""

    override: bool = False
    forbidden: frozenset[frozenset[str]] = frozenset()
    avoid_same_club: bool = False
    ratings: Mapping[str, float] | None = None


class Format:
    """A tournament format: what tourney asks of one. Override what differs.

    Class attributes say what the format is; methods decide (pure: state in, events or
    values out; a refusal is a `TournamentError` with one line)."""

    name: ClassVar[str] = ""
    """Its registry name, stored in every `TournamentCreated` of it (``swiss``)."""
    label: ClassVar[str] = ""
    """Its name for readers, English, marked for the ``site`` catalog (`page_mark`): the
    pages' headings and the CLI's confirmations show it translated (`label_text`)."""
    help: ClassVar[str] = ""
    """One line for ``tourney tournament create --format``'s help, English, marked for the
    ``messages`` catalog (`N_`): the help lists every format's line, each translated on its
    own, so adding a format leaves the other formats' translations valid."""

    options: ClassVar[frozenset[str]] = frozenset()
    """The create options it takes beyond those every format takes (``third_place``,
    ``grand_final_reset``, ``pools``, ``pool_size``, ``advance``, ``pool_format``): one
    given to a format that does not take it is refused by name (`decide_create`)."""
    settings: ClassVar[Mapping[str, str]] = {}
    """Its own settings, each name (``extra_rounds``) and its default value, as text:
    ``tourney tournament create --setting NAME=VALUE`` gives them (its `help` line names
    them), a name it does not list is refused by name (`decide_create`), `settled` checks
    each value (refuse in one line) and may fix it, and `TournamentCreated.setting(name)`
    reads it. Stored in `TournamentCreated.settings`, defaults included: a format's own
    setting is no field of the event and no option of the CLI, and ``tourney series next``
    carries it to the next night."""
    rounds_setting: ClassVar[bool] = True
    """False: its number of rounds is its own (a bracket's), `rounds` is stored as 0."""
    needs_partnership_game: ClassVar[bool] = False
    """True: played only by a game that may be played in partnerships (a bracket of
    partnerships or heads-up: a game played each for themselves plays Swiss and round
    robin only)."""
    late_entries: ClassVar[bool] = False
    """True: registration stays open until its last round is paired (late entries join the
    next round); False: it closes when round 1 is paired, which fixes its field."""
    fixed_at_round_1: ClassVar[str] = N_("bracket")
    """What pairing round 1 fixes, named in the refusal of a late entry (marked `N_`)."""
    bracket: ClassVar[str] = ""
    """The bracket its site draws: ``""`` none, ``"single"`` (`reports.bracket`),
    ``"double"`` (`reports.double_bracket`)."""
    has_pools: ClassVar[bool] = False
    """True: it plays pools first (`reports.pools`, ``standings --stage``)."""
    rotating_partners: ClassVar[bool] = False
    """True: players are its entrants and each round draws their partnerships."""
    drafts: ClassVar[bool] = False
    """True: a round may be drafted and edited before it is published (`draft`)."""
    deciding_matches: ClassVar[bool] = False
    """True: a table left tied is decided by a deciding match (a knockout's)."""
    checks_previous_round: ClassVar[bool] = True
    """False: it checks the previous round's results itself (`pairing.check_previous_round`
    otherwise does, before `pair`)."""
    sentences: ClassVar[Mapping[str, Sentence]] = {}
    """The words of the notes its pairing records: each code it writes (starting with its
    `name` and a dot) and its sentence (`tourney.tournament.notes.note_words`), marked with
    `sentence_`/`nsentence_` for both catalogs."""

    # -- creating -------------------------------------------------------------------

    def settled(self, created: TournamentCreated, played: Game) -> TournamentCreated:
        """`created` (its shared settings already checked) checked for this format and
        with the values it fixes; refuse what it cannot play in one line."""
        return created

    def default_tie_breaks(self, played: Game) -> tuple[str, ...] | None:
        """Its tie-breaks when none are given (None: the shared default)."""
        return None

    # -- pairing --------------------------------------------------------------------

    def pair(self, state: TournamentState, request: PairRequest) -> list[TournamentEvent]:
        """The events that pair round ``len(state.rounds) + 1`` (a `RoundPaired`, with any
        event fixing a schedule before it)."""
        raise NotImplementedError

    def pair_deciding_matches(self, state: TournamentState) -> list[TournamentEvent]:
        """A deciding match for each table of the latest round left tied."""
        raise TournamentError(
            _("{title} has no knockout round with a tie to decide").format(title=state.title)
        )

    # -- reading --------------------------------------------------------------------

    def last_round(self, state: TournamentState) -> int:
        """How many rounds it has, as the field stands."""
        return state.created.rounds

    def standings(self, state: TournamentState) -> tuple[StandingRow, ...] | None:
        """Its own standings (None: the shared ones, `standings.compute_standings`)."""
        return None

    def stages(self, state: TournamentState) -> dict[str, tuple[int, int]] | None:
        """A bracket's ranking before every other (how far each entrant went; sorts the
        furthest first), or None."""
        return None

    def round_name(self, state: TournamentState, number: int) -> str:
        """Round `number`'s title in the page's language (``"Round 2 (semi-finals)"``)."""
        return page_("Round {number}").format(number=number)

    def round_stage(self, state: TournamentState, number: int) -> str | None:
        """The stage round `number` belongs to (``pools``, ``knockout``), if it has stages."""
        return None

    def table_brackets(self, state: TournamentState) -> dict[str, str]:
        """Match id -> the bracket its table is in, in words (empty: one bracket or none)."""
        return {}

    def bye_brackets(self, state: TournamentState, number: int) -> dict[str, str]:
        """Entrant -> the bracket of their bye in round `number`, in words."""
        return {}

    def announcement(self, state: TournamentState, number: int) -> list[str]:
        """What ``tourney pair`` says first when round `number` starts a stage."""
        return []

    def described(self, created: TournamentCreated) -> list[str]:
        """Lines the CLI adds to its confirmation of a new tournament of this format."""
        return []


def label_text(fmt: Format) -> str:
    """The format's label in the current language (its name when it has none)."""
    return page_(fmt.label) if fmt.label else fmt.name.replace("_", " ")


ENTRY_POINTS = "tourney.formats"
"""The entry-point group of formats installed from outside tourney: a distribution names
``<format name> = <module>:<its Format instance>`` under it (pyproject.toml:
``[project.entry-points."tourney.formats"]``), and ``pip install`` adds the format."""


@functools.cache
def _installed() -> dict[str, EntryPoint]:
    """The formats installed distributions declare (read once, on the first format that is
    neither shipped nor registered: the shipped ones never read the metadata, nor import
    importlib.metadata, ~60 M instructions)."""
    from importlib.metadata import entry_points

    found = entry_points(group=ENTRY_POINTS)
    return {point.name: point for point in found if point.name not in _MODULES}


def names() -> tuple[str, ...]:
    """Every format's registry name: the shipped ones, those registered, those installed."""
    others = [*_REGISTERED, *_installed()]
    return (*_MODULES, *dict.fromkeys(name for name in others if name not in _MODULES))


def register(fmt: Format) -> None:
    """Play `fmt` from now on, under its `name`: how a format that does not ship with
    tourney (a club's own, a test's) is added. A name already taken raises ValueError."""
    if not fmt.name or fmt.name in _MODULES or fmt.name in _REGISTERED:
        raise ValueError(f"a format named {fmt.name!r} is already registered (or no name)")
    _REGISTERED[fmt.name] = fmt


def unregister(name: str) -> None:
    """Forget a format `register` added (a test's, at its end); shipped formats stay."""
    _REGISTERED.pop(name, None)


def find(name: str) -> Format | None:
    """The format registered as `name`, or None."""
    found = _LOADED.get(name) or _REGISTERED.get(name)
    if found is None and name in _MODULES:
        found = _LOADED[name] = importlib.import_module(_MODULES[name]).FORMAT
    elif found is None and isinstance(name, str) and name in _installed():
        point = _installed()[name]
        try:
            loaded = point.load()
        except Exception as error:  # a club's distribution half removed or broken
            raise TournamentError(
                _("the installed format {name} cannot be loaded ({value}: {error})").format(
                    name=quote(name), value=point.value, error=error
                )
            ) from None
        if not isinstance(loaded, Format) or loaded.name != name:
            raise TournamentError(
                _("the installed format {name} is not a tourney format named so").format(
                    name=quote(name)
                )
            )
        found = _LOADED[name] = loaded
    return found


def format_named(name: str) -> Format:
    """The format a new tournament asks for by `name`; one line naming the choices if none."""
    found = find(name) if isinstance(name, str) else None
    if found is None:
        raise TournamentError(
            _("unknown format {format}: choose one of {formats}").format(
                format=quote(name), formats=", ".join(names())
            )
        )
    return found


def format_of(state: TournamentState | TournamentCreated) -> Format:
    """The format of a stored tournament (its state or its settings); one line if this
    tourney does not have it (a database made by a tourney with another format)."""
    created = cast("TournamentCreated", getattr(state, "created", state))
    found = find(created.format)
    if found is None:
        raise _format_missing(created.format)
    return found


def _format_missing(name: str) -> TournamentError:
    return TournamentError(
        _(
            "this tournament's format {format} is not installed (installed: {formats}): "
            "install the distribution that provides it"
        ).format(format=quote(name), formats=", ".join(names()))
    )


def check_installed(state: TournamentState | TournamentCreated) -> Format:
    """The format of a stored tournament, once its format and its game are both installed
    here; else one line naming the one that is not. Every reading of a stored tournament
    asks this first (`tourney.streams.tournaments.played`: the director's desk, ``serve``;
    ``rebuild``, ``verify``): a tournament is never paired, ranked or entered by a tourney
    that cannot play it."""
    created = cast("TournamentCreated", getattr(state, "created", state))
    check_names(created.format, created.game)
    return format_of(state)


def check_names(format_name: str, game: str) -> None:
    """The refusal of `check_installed` from the names a tournament stores, loading neither
    the format nor the game (tourney's own known by name; another by the installed
    distributions' entry points): what a scorer's command at a tournament's table pays
    (`tourney.streams.tournaments.check_playable`), not the fold of the tournament."""
    if not installed(format_name):
        raise _format_missing(format_name)
    from tourney.gamekit import registry

    if not registry.installed(game):  # worded as the format's refusal
        raise TournamentError(
            _(
                "this tournament's game {game} is not installed (installed: {games}): "
                "install the distribution that provides it"
            ).format(game=quote(game), games=", ".join(registry.names()))
        )


def installed(name: str) -> bool:
    """Whether a format named `name` is here, without loading it: a shipped or registered
    one by name, another by the installed distributions' entry points."""
    if name in _MODULES or name in _REGISTERED or name in _LOADED:
        return True
    return isinstance(name, str) and name in _installed()
