"""Schema upgrades through alembic, run programmatically: the same path as `alembic upgrade
head`, so tests and users build databases the same way.

This is the one place at run time that loads SQLAlchemy and alembic: `EventStore.from_url`
opens a database at the head revision with its driver alone, and comes here (`prepare`)
only for a database to create or upgrade, or one it could not read itself (a URL in another
form, a file that is not a database, a server that does not answer), to say why in one line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.i18n import _
from tourney.store.connections import POSTGRESQL, SQLITE, Target
from tourney.store.database import WRITE, make_engine, no_database
from tourney.store.errors import SchemaError, describe_connect_error

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy import Engine

# The newest revision in migrations/versions; a test checks it against alembic's own head.
# (The store imports this module for it on every command: `tourney.resources`, which finds
# the migrations, is imported only where they are looked for.)
HEAD_REVISION = "0010_rated_views"


def prepare(url: str, *, create: bool = True, upgrade: bool = True) -> Target:
    """Make the database at `url` ready for the store: check the URL (DatabaseUrlError),
    refuse where no tourney database is unless `create` (NoDatabaseError, nothing made),
    and unless `upgrade` is False create or upgrade the schema to head. Returns what the
    store's connections go to. Raises StoreError subclasses with one line."""
    engine = make_engine(url)
    try:
        if not create and current_revision(engine) is None:
            raise no_database(url)
        if upgrade:
            ensure_schema(engine)
    finally:
        engine.dispose()
    if engine.dialect.name == SQLITE:
        return Target(url, SQLITE, path=engine.url.database or "")
    conninfo = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    return Target(url, POSTGRESQL, conninfo=conninfo)


def alembic_config(engine: Engine) -> Config:
    """An alembic Config pointing at migrations/ and carrying `engine`'s URL; raises
    `resources.ResourceMissing` when the migrations are not installed."""
    from alembic.config import Config

    from tourney import resources

    config = Config()
    config.set_main_option("script_location", str(resources.migrations()))
    config.set_main_option(
        "sqlalchemy.url", engine.url.render_as_string(hide_password=False).replace("%", "%%")
    )
    return config


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at, or None for an empty database."""
    from sqlalchemy import inspect, text
    from sqlalchemy.exc import SQLAlchemyError

    try:
        with engine.connect() as connection:
            if not inspect(connection).has_table("alembic_version"):
                return None
            row = connection.execute(text("SELECT version_num FROM alembic_version")).first()
    except SQLAlchemyError as exc:
        raise describe_connect_error(str(engine.url), exc) from None
    return None if row is None else str(row[0])


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Run `alembic upgrade REVISION` on the database of `engine`."""
    _run(engine, "upgrade", revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Run `alembic downgrade REVISION` on the database of `engine`."""
    _run(engine, "downgrade", revision)


def _run(engine: Engine, direction: str, revision: str) -> None:
    from alembic import command
    from sqlalchemy.exc import SQLAlchemyError

    config = alembic_config(engine)
    try:
        with engine.connect() as connection:
            connection.execution_options(**WRITE)
            config.attributes["connection"] = connection
            getattr(command, direction)(config, revision)
            connection.commit()
    except SQLAlchemyError as exc:
        raise describe_connect_error(str(engine.url), exc) from None


def ensure_schema(engine: Engine) -> str | None:
    """Upgrade a fresh or older database to head; returns the revision it was at.

    The migrations are looked for before the database is touched: connecting creates a
    SQLite file, which must not be left behind empty when they cannot be run.
    """
    from tourney import resources

    resources.migrations()
    found = current_revision(engine)
    if found == HEAD_REVISION:
        return found
    if found is not None and found not in _known_revisions():
        raise SchemaError(
            _(
                "database schema is at revision {found}, unknown to this tourney "
                "(newest known {newest}); upgrade tourney"
            ).format(found=repr(found), newest=repr(HEAD_REVISION))
        )
    upgrade(engine)
    return found


def _known_revisions() -> set[str]:
    from tourney import resources

    return {path.stem for path in (resources.migrations() / "versions").glob("*.py")}
