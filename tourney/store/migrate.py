"""Schema upgrades through alembic, run programmatically: the same path as `alembic upgrade
head`, so tests and users build databases the same way.

`ensure_schema` is what every command calls: one cheap query when the database is current,
a full upgrade when it is fresh or behind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.store.database import WRITE, describe_connect_error
from tourney.store.errors import SchemaError

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy import Engine

# The newest revision in migrations/versions; a test checks it against alembic's own head.
# (The store imports this module for it on every command: `tourney.resources`, which finds
# the migrations, is imported only where they are looked for.)
HEAD_REVISION = "0007_projection_revisions"


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
            f"database schema is at revision {found!r}, unknown to this tourney "
            f"(newest known {HEAD_REVISION!r}); upgrade tourney"
        )
    upgrade(engine)
    return found


def _known_revisions() -> set[str]:
    from tourney import resources

    return {path.stem for path in (resources.migrations() / "versions").glob("*.py")}
