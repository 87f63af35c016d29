"""Command-line values read without pydantic, where they are plain.

Typer turns each parameter's text into its value through a pydantic ``TypeAdapter``, built
when the parameter is first read; importing pydantic and building the adapters is a good
part of a short command's start-up (``stich hint --time 0.1``, docs/advice.md, Speed). The
values our commands take are plain: a number, a name, a path, a list of names. This module
gives each parameter a reading of its own for those, the value typer's adapter gives for the
same text (tests/test_cli_startup.py compares the two); anything else — a text that is not
plainly a number, a value out of its range, a parser's refusal — goes to typer's own reading,
so that its value and its error message are typer's.

Should typer's parameters change their make-up (a version without ``_runtime_param``), the
parameters are left to typer as they are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["plain_value", "plain_values", "read_plainly"]

try:
    from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
    from typer._param_types import coerce_cli_path
    from typer.core import _TyperParameter
except ImportError:  # pragma: no cover - a typer without these internals: its own reading throughout
    RuntimeParam = None  # type: ignore[assignment, misc]

_INT = re.compile(r"[+-]?[0-9]{1,18}")
"""An integer typer's adapter reads as Python does (it also takes ``1_000``, `` 3 ``, ``3.0``:
those go to it)."""
_FLOAT = re.compile(r"[+-]?(?:[0-9]{1,30}\.?[0-9]{0,30}|\.[0-9]{1,30})(?:[eE][+-]?[0-9]{1,3})?")
"""A decimal number typer's adapter reads as Python does (``inf``, ``1_0``, `` 2 `` go to it)."""


class _Unsure(Exception):
    """The value is not plainly of its kind: typer's own reading decides."""


def read_plainly(descriptor: Any, value: Any, param: Any, ctx: Any) -> Any:
    """The value typer's adapter gives ``value`` (the parameter's text, or its default) under
    ``descriptor``, read without pydantic; `_Unsure` where that is not plain to see."""
    info = descriptor.parameter_info
    annotation = descriptor.annotation
    if descriptor.file_annotation is not None:
        raise _Unsure(annotation)
    if getattr(annotation, "__origin__", None) is list:
        (item,) = annotation.__args__
        if item is not str or info.parser is not None:
            raise _Unsure(annotation)
        items = value if isinstance(value, (list, tuple)) else [value]
        if not all(type(x) is str for x in items):
            raise _Unsure(value)
        return list(items)
    if info.parser is not None:
        try:
            return info.parser(value)
        except Exception:  # its refusal, worded by typer
            raise _Unsure(value) from None
    if annotation is int or annotation is float:
        number = _number(annotation, value)
        if (
            info.clamp
            or (info.min is not None and number < info.min)
            or (info.max is not None and number > info.max)
        ):
            raise _Unsure(value)
        return number
    if annotation is str:
        if type(value) is not str:
            raise _Unsure(value)
        return value
    if annotation is Path and info.path_type is None:
        if type(value) is str:
            value = Path(value)  # as typer's adapter reads a path
        elif not isinstance(value, Path):
            raise _Unsure(value)
        return coerce_cli_path(value, info, path_type=Path, param=param, ctx=ctx)
    raise _Unsure(annotation)


def _number(annotation: type, value: Any) -> int | float:
    if annotation is int:
        if type(value) is int:
            return value
        if type(value) is str and _INT.fullmatch(value):
            return int(value)
    else:
        if type(value) is float:
            return value
        if type(value) is int:
            return float(value)
        if type(value) is str and _FLOAT.fullmatch(value):
            return float(value)
    raise _Unsure(value)


if RuntimeParam is not None:

    @dataclass(frozen=True)
    class PlainParam(RuntimeParam):
        """A parameter's reading: `read_plainly`, else typer's own (built only then)."""

        descriptor: TypeDescriptor

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            try:
                return read_plainly(self.descriptor, value, param, ctx)
            except _Unsure:
                return build_runtime_param(self.descriptor)._coerce_value(value, param=param, ctx=ctx)


def plain_values(command: Any, ctx: Any = None) -> Any:
    """``command`` (a click command or group built by typer) with each of its parameters, and
    its subcommands', read by `PlainParam`; returned for chaining. With the context ``ctx`` its
    commands run under, their help options too (made now as they would be then: click makes
    each command's on first use, with the names the context inherits)."""
    if RuntimeParam is None:  # pragma: no cover
        return command
    for param in getattr(command, "params", ()):
        plain_value(param)
    if ctx is not None and "help_option_names" not in (getattr(command, "context_settings", None) or {}):
        plain_value(command.get_help_option(ctx))
    for subcommand in (getattr(command, "commands", None) or {}).values():
        plain_values(subcommand, ctx)
    return command


def plain_value(param: Any) -> None:
    """``param`` (a parameter typer made) read by `PlainParam`, unless it is read already."""
    if (
        RuntimeParam is not None
        and isinstance(param, _TyperParameter)
        and getattr(param, "_runtime_param", False) is None
    ):
        descriptor = param.type_descriptor
        param._runtime_param = PlainParam(
            parameter_info=descriptor.parameter_info, annotation=descriptor.annotation, descriptor=descriptor
        )
