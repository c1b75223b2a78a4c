"""The site folder's manifest, its cleanup of what a killed publish left, and the swap where
the system has no atomic exchange (the CLI scenarios are in tests/scenarios/)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.factories.demo_site import DemoTournament, publish_demo
from tourney.reports import paths, site_folder
from tourney.reports.publish import Played, from_replays, publish
from tourney.reports.site_folder import (
    MANIFEST,
    MANIFEST_DRAFT,
    PublishError,
    read_manifest,
    sha256_of,
)


def test_the_manifest_lists_every_file_with_its_hash(tmp_path: Path, swiss: DemoTournament) -> None:
    files = publish_demo(tmp_path / "site", swiss)
    manifest = read_manifest(tmp_path / "site")
    assert manifest is not None and manifest.tournament == swiss.state.created.slug
    assert manifest.files == {f.name: sha256_of(f) for f in files}


def test_a_match_that_was_not_played_gets_no_page_and_no_entry(
    tmp_path: Path, swiss: DemoTournament
) -> None:
    sheets, play = from_replays(swiss.matches, swiss.hashes, swiss.events)
    skipped = sorted(sheets)[0]

    def some(match_id: str) -> Played | None:
        return None if match_id == skipped else play(match_id)

    files = publish(tmp_path / "site", swiss.state, sheets, some)
    manifest = read_manifest(tmp_path / "site")
    assert manifest is not None and paths.match_page(skipped) not in manifest.files
    assert sorted(manifest.files) == sorted(f.name for f in files)
    assert paths.match_page(skipped) not in (tmp_path / "site" / "index.html").read_text("utf-8")


@pytest.mark.parametrize(
    "files",
    [{"../tourney.db": None}, {"a/b.html": None}, {".hidden": None}, ["index.html"]],
)
def test_a_manifest_naming_files_outside_its_folder_is_not_tourney_s(
    tmp_path: Path, swiss: DemoTournament, files: object
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    body = {"generator": "tourney", "format": 1, "tournament": "x", "files": files}
    (site / MANIFEST).write_text(json.dumps(body), encoding="utf-8")
    assert read_manifest(site) is None
    with pytest.raises(PublishError, match="files tourney did not publish"):
        publish_demo(site, swiss)


def test_an_unfinished_site_is_not_replaced(
    swiss: DemoTournament, published_site: Callable[[str], Path]
) -> None:
    site = published_site("swiss")
    body = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    body["files"] = dict.fromkeys(body["files"])
    (site / MANIFEST).write_text(json.dumps(body), encoding="utf-8")
    with pytest.raises(PublishError, match="manifest is unfinished"):
        publish_demo(site, swiss)


def test_leftovers_lose_only_what_tourney_wrote(
    tmp_path: Path, swiss: DemoTournament, published_site: Callable[[str], Path]
) -> None:
    site = published_site("swiss")
    # Killed while writing its first manifest.
    draft_only = tmp_path / ".site.new-draft"
    draft_only.mkdir()
    (draft_only / MANIFEST_DRAFT).write_text("{", encoding="utf-8")
    # Killed while removing the old site, one of whose pages someone has edited since.
    edited = tmp_path / ".site.new-edited"
    shutil.copytree(site, edited)
    (edited / "index.html").write_text("edited", encoding="utf-8")
    publish_demo(site, swiss)
    assert not draft_only.exists()
    assert sorted(p.name for p in edited.iterdir()) == ["index.html"]
    assert (edited / "index.html").read_text(encoding="utf-8") == "edited"


def test_without_an_atomic_exchange_the_site_is_swapped_in_two_renames(
    tmp_path: Path,
    swiss: DemoTournament,
    published_site: Callable[[str], Path],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(site_folder, "_exchange", lambda _a, _b: False)
    site = published_site("cup")
    files = publish_demo(site, swiss)
    assert sorted(p.name for p in site.iterdir()) == sorted([MANIFEST, *(f.name for f in files)])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_kill_between_the_two_renames_is_mended_by_the_next_publish(
    tmp_path: Path,
    swiss: DemoTournament,
    published_site: Callable[[str], Path],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """macOS and Windows: the old site renamed aside, then the process is killed (SIGKILL:
    no clean-up runs) before the new one is renamed in. The folder is missing, as the README
    says, and the next publish puts the site there and clears both marked copies beside it."""
    site = published_site("cup")
    monkeypatch.setattr(site_folder, "_swap", _killed_between_the_renames)
    with pytest.raises(_Killed):
        publish_demo(site, swiss)
    monkeypatch.undo()
    assert not site.exists()
    assert [p.name for p in tmp_path.iterdir()] == [".site.new-killed"]  # the old site, aside
    files = publish_demo(site, swiss)
    assert sorted(p.name for p in site.iterdir()) == sorted([MANIFEST, *(f.name for f in files)])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


class _Killed(BaseException):
    """Stands for SIGKILL: nothing catches it, so nothing is put back."""


def _killed_between_the_renames(_new: Path, old: Path) -> None:
    """`site_folder._swap` without an exchange, killed after its first rename."""
    old.rename(old.parent / f"{site_folder._leftover_prefix(old)}killed")
    raise _Killed
