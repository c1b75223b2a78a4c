"""A throwaway PostgreSQL cluster for the tests: initdb in a temporary folder, started with
pg_ctl on a free localhost port, run as the `postgres` OS user when the tests run as root
(PostgreSQL refuses to run as root), stopped and removed at the end of the session.

fsync is off: the cluster dies with the test session, and durability is not what these
tests measure. A benchmark that compares commit latency with SQLite's synchronous=FULL asks
for a `durable` cluster (fsync and synchronous_commit on).
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

BIN_ENV_VAR = "TOURNEY_POSTGRES_BIN"


def find_bin_dir() -> Path | None:
    """$TOURNEY_POSTGRES_BIN when set (None unless it holds a server), else the newest
    /usr/lib/postgresql/*/bin holding a server, else None."""
    chosen = os.environ.get(BIN_ENV_VAR)
    if chosen is not None:
        return Path(chosen) if (Path(chosen) / "postgres").is_file() else None
    candidates = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/postgres"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    return candidates[-1].parent if candidates else None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class PostgresServer:
    bin_dir: Path
    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="tourney-pg-")))
    port: int = field(default_factory=_free_port)
    durable: bool = False
    _names: itertools.count[int] = field(default_factory=itertools.count)

    def _run(self, *argv: str) -> None:
        command = [str(self.bin_dir / argv[0]), *argv[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, cwd=self.folder)

    def start(self) -> None:
        if os.geteuid() == 0:
            account = pwd.getpwnam("postgres")
            os.chown(self.folder, account.pw_uid, account.pw_gid)
        data = self.folder / "data"
        self._run(
            "initdb",
            "-D",
            str(data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        )
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
        options += " -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(
            "pg_ctl",
            "-D",
            str(data),
            "-l",
            str(self.folder / "server.log"),
            "-w",
            "-t",
            "60",
            "-o",
            options,
            "start",
        )

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database; returns its URL."""
        import psycopg

        name = f"t{next(self._names)}"
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres", autocommit=True
        ) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)
