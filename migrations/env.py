"""Alembic environment: the URL or an open connection comes from the caller.

tourney passes `config.attributes["connection"]` (see tourney/store/migrate.py); the `alembic`
command line passes `-x db=URL` or relies on $TOURNEY_DATABASE_URL / ./tourney.db.
"""

from __future__ import annotations

import logging.config

from alembic import context
from sqlalchemy import Connection, text
from sqlmodel import SQLModel

import tourney.store.models  # noqa: F401  (registers the tables)
from tourney.store.database import make_engine, resolve_url

config = context.config
target_metadata = SQLModel.metadata

if config.config_file_name is not None and not config.attributes.get("connection"):
    logging.config.fileConfig(config.config_file_name, disable_existing_loggers=False)


def _migrate(connection: Connection) -> None:
    # BEGIN IMMEDIATE on SQLite, so two first uses of a fresh file do not race.
    connection.execution_options(tourney_write=True)
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        # SQLite's DDL is transactional, but alembic assumes it is not and would commit
        # between revisions, letting a second first use start on a half-upgraded file
        # ("table ... already exists"). One transaction for the whole upgrade.
        transactional_ddl=True,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            # Two processes upgrading one fresh database at once: one waits for the other.
            connection.execute(text("SELECT pg_advisory_xact_lock(7261)"))
        context.run_migrations()


def run_migrations_online() -> None:
    given = config.attributes.get("connection")
    if given is not None:
        _migrate(given)
        return
    url = context.get_x_argument(as_dictionary=True).get("db") or config.get_main_option(
        "sqlalchemy.url"
    )
    engine = make_engine(resolve_url(url))
    try:
        with engine.connect() as connection:
            _migrate(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise SystemExit("tourney migrations run online only: give a database URL")
run_migrations_online()
