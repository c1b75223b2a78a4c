"""`tourney serve` on a current database reads and writes through the driver alone: the pages
that read the read models (the wall display's board, the director's page, a player's page)
and the feed that keeps them current load neither SQLAlchemy, SQLModel nor alembic, which
are for creating and upgrading a schema (`tourney.store.migrate`). The server runs in a fresh
interpreter and the modules it left loaded are read from `sys.modules`."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.web.conftest import PASSWORD, SECRET

SCHEMA_TOOLS = {"sqlalchemy", "sqlmodel", "alembic"}

SERVE = """
import json, re, sys
from starlette.testclient import TestClient
from tourney.web.app import Server, create_app

db, secret, password = sys.argv[1], sys.argv[2].encode(), sys.argv[3]
server = Server.open(db, secret, director_password=password)
statuses = {}
with TestClient(create_app(server), base_url="http://testserver") as client:
    for path in ("/display", "/me?name=ann"):
        statuses[path] = client.get(path).status_code
    first = server.night.loaded().state.active_entrants()[0]
    for path in (f"/me/{first}", f"/me/{first}/part"):
        statuses[path] = client.get(path).status_code
    login = client.get("/director/login").text
    token = re.search(r'name="csrf" value="([^"]+)"', login).group(1)
    client.post("/director/login", data={"password": password, "csrf": token})
    statuses["/director"] = client.get("/director").status_code
server.close()
print(json.dumps({
    "statuses": statuses,
    "loaded": sorted({name.split(".")[0] for name in sys.modules}),
}))
"""


def test_the_server_reads_its_pages_without_the_schema_tools(night_db: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", SERVE, night_db, SECRET.decode(), PASSWORD],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        cwd=Path(night_db).parent,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(report["statuses"].values()) == {200}, report["statuses"]
    loaded = set(report["loaded"])
    assert "sqlite3" in loaded
    assert not loaded & SCHEMA_TOOLS, loaded & SCHEMA_TOOLS
