"""The heading every report starts with: which tournament, which format, how far along."""

from typing import NamedTuple

from tourney.gamekit import game
from tourney.tournament.entries.entries import last_round
from tourney.tournament.format import format_of, label_text
from tourney.tournament.state import TournamentState


class Heading(NamedTuple):
    name: str
    slug: str
    format: str
    format_label: str
    table_size: int
    partnerships: bool
    target: int
    rounds: int
    paired: int
    game: str
    deals: int | None = None
    has_bracket: bool = False
    """Its format draws a bracket (`Format.bracket`): the pages link it."""
    has_pools: bool = False
    """Its format plays pools first (`Format.has_pools`): the pages link them."""

    @property
    def play_label(self) -> str:
        """``"tables of 4, partnerships, first to 61"``: how the tables are played, in the
        game's words (Racehorse: ``"Racehorse, tables of 6, 12 deals a match"``)."""
        return self.play_label_at(self.table_size)

    def play_label_at(self, seats: int) -> str:
        """`play_label` said of one table of `seats` players (a table of 3 in a field
        paired at tables of 4 is "tables of 3" on its own sheet)."""
        settings = {
            "table_size": seats,
            "partnerships": self.partnerships,
            "target": self.target,
            "deals": self.deals,
        }
        return game(self.game).display.play_label(settings)


def heading_of(state: TournamentState) -> Heading:
    """The heading of `state`; raises `TournamentError` when no tournament was created."""
    settings = state.created
    fmt = format_of(state)
    return Heading(
        name=settings.name,
        slug=settings.slug,
        format=settings.format,
        format_label=label_text(fmt),
        has_bracket=bool(fmt.bracket),
        has_pools=fmt.has_pools,
        table_size=settings.table_size,
        partnerships=settings.partnerships,
        target=settings.target,
        rounds=last_round(state),
        paired=len(state.rounds),
        game=settings.game,
        deals=settings.deals,
    )
