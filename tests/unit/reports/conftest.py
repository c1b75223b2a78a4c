"""Sites published once per session, for the tests that start from a published site: each
test gets its own copy (byte for byte what `publish` wrote, the manifest included), not a
publish of its own (~0.5 s of CPU each)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.factories.demo_site import DemoTournament, publish_demo


@pytest.fixture(scope="session")
def _published(
    tmp_path_factory: pytest.TempPathFactory, swiss: DemoTournament, cup: DemoTournament
) -> Callable[[str], Path]:
    demos = {"swiss": swiss, "cup": cup}
    sites: dict[str, Path] = {}

    def site(name: str) -> Path:
        if name not in sites:
            sites[name] = tmp_path_factory.mktemp(f"published-{name}") / "site"
            publish_demo(sites[name], demos[name])
        return sites[name]

    return site


@pytest.fixture
def published_site(tmp_path: Path, _published: Callable[[str], Path]) -> Callable[[str], Path]:
    """`published_site("swiss")` (or "cup"): ``tmp_path/site``, a copy of that demo's site
    as `publish_demo` wrote it."""

    def copy(name: str) -> Path:
        site = tmp_path / "site"
        shutil.copytree(_published(name), site, symlinks=True)
        return site

    return copy
