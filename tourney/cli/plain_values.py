"""A command line's values converted without pydantic.

Typer 0.29 converts every parameter's value (a flag's excepted) through a pydantic
``TypeAdapter``, built the first time the parameter is read (``typer._coercion.
build_runtime_param``): even an option left off imports pydantic, ~60 ms of a one-shot
command's CPU (bench/FINDINGS.md, "Fast again"). Typer documents no way around it. tourney's
parameters are plain: text, whole numbers (bounded by `tourney.limits`), paths, yes/no,
an enum's choices, and lists or pairs of these; `plain` gives each such parameter a
converter of its own before Click reads it, and leaves any other to Typer (so a new kind
of parameter still works, and `tests/cli/test_command_imports.py` says pydantic came back).

Refusals say what is wrong in tourney's catalog (`Invalid value for '--x':` is Click's, said
again in the reader's language by `tourney.cli.click_words`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

from typer._click import Context
from typer._click.exceptions import BadParameter
from typer._coercion import RuntimeParam
from typer._param_types import coerce_cli_choice

from tourney.i18n import _


def _text(value: Any, param: Any, ctx: Any) -> str:
    return os.fsdecode(value) if isinstance(value, bytes) else str(value)


def _path(value: Any, param: Any, ctx: Any) -> Path:
    return value if isinstance(value, Path) else Path(value)


def _whole(value: Any, param: Any, ctx: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    else:
        try:
            number = int(str(value).strip())
        except ValueError:
            raise BadParameter(
                _("{value} is not a whole number").format(value=repr(value)), ctx, param
            ) from None
    info = param.type_descriptor.parameter_info
    if info.min is not None and number < info.min:
        raise BadParameter(
            _("{value} must be at least {low}").format(value=number, low=info.min), ctx, param
        )
    if info.max is not None and number > info.max:
        raise BadParameter(
            _("{value} must be at most {high}").format(value=number, high=info.max), ctx, param
        )
    return number


def _yes_no(value: Any, param: Any, ctx: Any) -> bool:
    return bool(value)


_PLAIN = {str: _text, int: _whole, Path: _path, bool: _yes_no}


class _Converted(RuntimeParam):
    """One parameter's converter: ``items`` converts each value of a list or a pair (one
    per position), or the value itself. Typer's frozen dataclass with two attributes more,
    set once here (not a dataclass of its own: every command defines this class, and a
    frozen dataclass costs ~3 M instructions to define on CPython 3.11)."""

    items: tuple[Any, ...]
    many: bool

    def __init__(self, info: Any, annotation: Any, items: tuple[Any, ...], many: bool) -> None:
        super().__init__(info, annotation)
        object.__setattr__(self, "items", items)
        object.__setattr__(self, "many", many)

    def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
        if not self.many:
            return self.items[0](value, param, ctx)
        if len(self.items) == 1:  # a list: each item the same kind
            return [self.items[0](item, param, ctx) for item in value]
        pairs = zip(self.items, value, strict=True)
        return tuple(convert(item, param, ctx) for convert, item in pairs)


def _converter(kind: Any, info: Any) -> Any:
    if isinstance(kind, type) and issubclass(kind, Enum):
        choices = tuple(kind)

        def choose(value: Any, param: Any, ctx: Any) -> Any:
            try:
                return coerce_cli_choice(
                    value, choices=choices, case_sensitive=info.case_sensitive, ctx=ctx
                )
            except ValueError as exc:
                raise BadParameter(str(exc), ctx, param) from None

        return choose
    return _PLAIN.get(kind)


def _converted(param: Any) -> _Converted | None:
    descriptor = getattr(param, "type_descriptor", None)
    if descriptor is None or descriptor.file_annotation is not None:
        return None
    info = descriptor.parameter_info
    if info.parser is not None or getattr(info, "path_type", None) is not None:
        return None
    annotation = descriptor.annotation
    origin = get_origin(annotation)
    kinds = get_args(annotation) if origin in (list, tuple) else (annotation,)
    items = tuple(_converter(kind, info) for kind in kinds)
    if not items or None in items:
        return None
    return _Converted(info, annotation, items, origin in (list, tuple))


def plain(command: Any, help_names: Sequence[str], *, under: bool = True) -> Any:
    """``command`` and every command under it (none with ``under`` False: its own
    parameters only) with each plain parameter's converter set (Typer builds a parameter's
    on first use, and keeps it: ``_runtime_param``), its help option's too (Click makes that
    one when first asked, from ``help_names``, and keeps it; Typer converts a flag left off
    as it converts any other value)."""
    helping = command.get_help_option(Context(command, help_option_names=list(help_names)))
    for param in [*command.params, *([helping] if helping is not None else [])]:
        if getattr(param, "_runtime_param", False) is None:
            converted = _converted(param)
            if converted is not None:
                param._runtime_param = converted
    for sub in getattr(command, "commands", {}).values() if under else ():
        plain(sub, help_names)
    return command
