"""The Jinja environment: autoescape on, undefined names are errors, user templates first.

The package's templates are found by `tourney.resources` (``templates/`` at the top of the
repository, ``tourney/templates/`` in an installed package). A user folder given with
``--templates DIR`` is searched first, so any template (``base.html``, a partial, a page)
can be overridden by a file of the same name.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined

from tourney import resources
from tourney.errors import TourneyError


class TemplatesNotFound(TourneyError):
    """A user's ``--templates`` folder is missing."""


@lru_cache(maxsize=8)
def environment(user_dir: Path | None = None) -> Environment:
    """The environment for `user_dir` (searched first) and the package's templates.

    Cached per folder: templates are compiled once per process. Raises
    `resources.ResourceMissing` when the package's own templates are not installed.
    """
    folders = [resources.templates()]
    if user_dir is not None:
        if not user_dir.is_dir():
            raise TemplatesNotFound(f"--templates {user_dir}: no such folder")
        folders.insert(0, user_dir.resolve())
    return Environment(
        loader=ChoiceLoader([FileSystemLoader(str(folder)) for folder in folders]),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )


def render(name: str, context: dict[str, Any], user_dir: Path | None = None) -> str:
    """Render template `name` with `context`; Jinja errors propagate unchanged."""
    return environment(user_dir).get_template(name).render(context)
