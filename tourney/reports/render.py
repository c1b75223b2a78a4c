"""The Jinja environment: autoescape on, undefined names are errors, user templates first.

The package's templates are found by `tourney.resources` (``templates/`` at the top of the
repository, ``tourney/templates/`` in an installed package). A user folder given with
``--templates DIR`` is searched first, so any template (``base.html``, a partial, a page)
can be overridden by a file of the same name.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from types import TracebackType
from typing import Any

from jinja2 import (
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    StrictUndefined,
    TemplateNotFound,
    TemplateSyntaxError,
)
from jinja2.loaders import split_template_path

from tourney import i18n, resources
from tourney.errors import TourneyError
from tourney.gamekit import game, names


class TemplatesNotFound(TourneyError):
    """A user's ``--templates`` folder is missing."""


class TemplateError(TourneyError):
    """A template could not be read, compiled or rendered; the message names its file and
    line."""


class _Loader(FileSystemLoader):
    """A folder of templates whose unreadable or non-UTF-8 files are named, with the line."""

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        try:
            return super().get_source(environment, template)
        except TemplateNotFound:  # an OSError too: the next folder is tried
            raise
        except UnicodeDecodeError as exc:
            path = posixpath.join(self.searchpath[0], *split_template_path(template))
            line = exc.object[: exc.start].count(b"\n") + 1
            raise TemplateError(
                i18n._("template {path} line {line}: not UTF-8 text (byte {byte})").format(
                    path=_shown(path), line=line, byte=exc.start
                )
            ) from None
        except OSError as exc:
            path = posixpath.join(self.searchpath[0], *split_template_path(template))
            raise TemplateError(
                i18n._("template {path}: {reason}").format(path=_shown(path), reason=exc.strerror)
            ) from None


def environment(user_dir: Path | None = None) -> Environment:
    """The environment for `user_dir` (searched first), the package's templates, then each
    game's (`Game.templates`: its scoresheets and table page).

    Cached per folder and games: templates are compiled once per process. A relative
    folder is cached as the folder it names from the working folder of the call (one
    process may publish from several). Raises `resources.ResourceMissing` when the
    package's own templates are not installed.
    """
    if user_dir is not None and not user_dir.is_dir():
        raise TemplatesNotFound(
            i18n._("--templates {folder}: no such folder").format(folder=user_dir)
        )
    folder = None if user_dir is None else user_dir.resolve()
    return _environment(folder, tuple(game(name).templates for name in names()))


@lru_cache(maxsize=8)
def _environment(user_dir: Path | None, games: tuple[Path, ...]) -> Environment:
    folders = [resources.templates(), *games]
    if user_dir is not None:
        folders.insert(0, user_dir)
    env = Environment(
        loader=ChoiceLoader([_Loader(str(folder)) for folder in folders]),
        extensions=["jinja2.ext.i18n"],
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )
    # Every page's words through the `site` catalog of the language of the render under
    # way (`tourney.i18n.using`): {{ _("Standings") }}, {{ ngettext(...) }}, {% trans %}.
    i18n.install(env)
    return env


def render(name: str, context: dict[str, Any], user_dir: Path | None = None) -> str:
    """Render template `name` with `context`; Jinja errors propagate unchanged."""
    return environment(user_dir).get_template(name).render(context)


@contextmanager
def template_errors() -> Iterator[None]:
    """Turn any error a template raises inside the block (syntax, an undefined name, a
    missing include, a failing filter) into a `TemplateError` naming the template's file and
    line; errors raised outside template code pass unchanged."""
    try:
        yield
    except TourneyError:
        raise
    except TemplateSyntaxError as exc:
        where = _shown(exc.filename or exc.name or "?")
        raise TemplateError(
            i18n._("template {path} line {line}: {reason}").format(
                path=where, line=exc.lineno, reason=exc.message
            )
        ) from None
    except Exception as exc:
        frame = _template_frame(exc.__traceback__)
        if frame is None:
            raise
        path, line = frame
        raise TemplateError(
            i18n._("template {path} line {line}: {reason}").format(
                path=_shown(path), line=line, reason=_describe(exc)
            )
        ) from None


def _template_frame(tb: TracebackType | None) -> tuple[str, int] | None:
    """The innermost template line in a traceback Jinja has rewritten (its template frames
    carry ``__jinja_exception__``), as (file, line)."""
    found = None
    while tb is not None:
        if "__jinja_exception__" in tb.tb_frame.f_globals:
            found = (tb.tb_frame.f_code.co_filename, tb.tb_lineno)
        tb = tb.tb_next
    return found


def _describe(exc: Exception) -> str:
    if isinstance(exc, TemplateNotFound):
        return f"includes {exc.name!r}, which is in no template folder"
    text = str(exc).splitlines()[0] if str(exc) else ""
    return (
        f"{type(exc).__name__}: {text}" if not text or type(exc).__module__ == "builtins" else text
    )


def _shown(path: str) -> str:
    """A template's path as a person would type it: relative to the working folder when
    it lies below it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return path
    return path if relative.startswith("..") else relative
