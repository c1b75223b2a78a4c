"""What every request of one server process shares, as the routes and pages see it: a
protocol that `tourney.web.app.Server` fills. The routes name this, not the app that mounts
them, so the app imports its routes and no route imports the app (their types included:
`tests/unit/test_layers.py`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from jinja2 import Environment

    from tourney.director.season import SeriesTables
    from tourney.season.ratings import Ratings
    from tourney.season.roster import Club
    from tourney.store.eventstore import EventStore
    from tourney.store.projector import Projector
    from tourney.web.chances import SeasonCache
    from tourney.web.devices import Recorders
    from tourney.web.feed import Feed
    from tourney.web.live import StreamGate
    from tourney.web.live_chances import LiveChances
    from tourney.web.night import Night
    from tourney.web.ratelimit import RateLimit
    from tourney.web.sessions import Sessions
    from tourney.web.signing import Signer


class Pages(Protocol):
    """The public site's pages, rendered from the store once per log position."""

    def get(self, srv: Shared) -> dict[str, str]: ...


class Shared(Protocol):
    """One server process's store, read models, signer, settings and caches."""

    store: EventStore
    projector: Projector
    signer: Signer
    director_password: str | None
    public_url: str | None
    site_dir: Path | None
    tournament: str | None
    watch_delay: float
    env: Environment
    night: Night
    feed: Feed
    streams: StreamGate
    live: LiveChances | None
    chances: bool
    ratings: SeasonCache[tuple[dict[str, Ratings], Club]]
    series: SeasonCache[SeriesTables]
    sessions: Sessions
    logins: RateLimit
    door_codes: RateLimit
    recorders: Recorders

    @property
    def site(self) -> Pages: ...

    def publish_folder(self) -> Path:
        """Where the director's Publish button writes the site."""
        ...

    def language(self) -> str | None:
        """The served tournament's language, if it has one."""
        ...
