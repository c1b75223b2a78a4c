"""Where tourney's own files are: the report templates and the alembic migrations.

The repository keeps ``templates/`` and ``migrations/`` at its top level; a wheel carries
them inside the package, as ``tourney/templates/`` and ``tourney/migrations/`` (the build
backend maps them there, see ``pyproject.toml``). So:

- an installed package has them beside its own modules, found with `importlib.resources`;
- a source or editable checkout has them at the repository root, next to the
  ``pyproject.toml`` that names this project.

Nothing else is looked at: in an installed package the folder above ``tourney/`` is
site-packages, whose ``migrations/`` or ``templates/`` belong to some other distribution.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from pathlib import Path

from tourney.errors import TourneyError
from tourney.i18n import _

PROJECT = "tourney"


class ResourceMissing(TourneyError):
    """A folder tourney ships (templates, migrations) is not where it should be."""


def templates() -> Path:
    """The package's report templates (holding ``base.html``)."""
    return _folder("templates", "base.html")


def migrations() -> Path:
    """The alembic migrations (holding ``env.py`` and ``versions/``)."""
    return _folder("migrations", "env.py")


def _folder(name: str, landmark: str) -> Path:
    for candidate in (_inside_package(name), _in_checkout(name)):
        if candidate is not None and (candidate / landmark).is_file():
            return candidate
    checkout = _checkout_root()
    where = [str(_package_dir() / name)] + ([str(checkout / name)] if checkout else [])
    raise ResourceMissing(
        _("tourney's {name}/ folder is missing (looked in {places}): reinstall tourney").format(
            name=name, places=_(" and ").join(where)
        )
    )


def _package_dir() -> Path:
    return Path(str(files(PROJECT)))


def _inside_package(name: str) -> Path | None:
    """``tourney/NAME`` when the package is installed from a wheel."""
    found = files(PROJECT).joinpath(name)
    # An unpacked package is a plain folder; a zipped one cannot serve alembic or Jinja.
    return found if isinstance(found, Path) else None


def _in_checkout(name: str) -> Path | None:
    """``NAME`` at the repository root of a source or editable checkout."""
    root = _checkout_root()
    return None if root is None else root / name


@cache
def _checkout_root() -> Path | None:
    """The folder above the package, if its ``pyproject.toml`` is this project's own."""
    import tomllib

    root = _package_dir().parent
    try:
        with (root / "pyproject.toml").open("rb") as handle:
            name = tomllib.load(handle).get("project", {}).get("name")
    except (OSError, tomllib.TOMLDecodeError):
        return None
    return root if name == PROJECT else None
