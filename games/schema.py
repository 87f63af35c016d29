"""JSON Schema validation of the files users give, with one-line errors.

Integers are whole numbers written without a decimal point: JSON Schema counts ``1.0``
as an integer, but a seat or a count written so is a float in Python and cannot index a
list. Messages quote at most a short piece of the bad value, so that a 100,000-character
name gives a short line.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import jsonschema
from referencing import Registry, Resource

from stich.games.jsonfile import QUOTED, printable, short_repr

__all__ = ["SchemaValidator", "short_repr"]


def _is_integer(_checker: object, value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_Strict = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
)

Explain = Callable[[jsonschema.ValidationError], str | None]
"""A schema's own words for an error it knows better (None: the general message)."""


class SchemaValidator:
    """One schema (and the schemas it refers to by ``$id``), checked with strict integers."""

    def __init__(
        self,
        schema: Mapping[str, Any],
        refers_to: tuple[Mapping[str, Any], ...] = (),
        explain: Explain | None = None,
    ) -> None:
        registry: Registry[Any] = Registry().with_resources(
            (ref["$id"], Resource.from_contents(ref)) for ref in refers_to
        )
        self._validator = _Strict(schema, registry=registry)
        self._explain = explain

    def error(self, data: object) -> str | None:
        """The most relevant error as ``where: what`` on one line, or None if ``data`` fits."""
        error = jsonschema.exceptions.best_match(self._validator.iter_errors(data))
        if error is None:
            return None
        where = printable("/".join(str(p) for p in error.absolute_path)) or "top level"
        said = self._explain(error) if self._explain is not None else None
        if said is None and error.validator in ("oneOf", "anyOf"):
            said = _alternatives_message(error)
        float_for_integer = error.validator == "type" and error.validator_value == "integer"
        if said is None and float_for_integer and isinstance(error.instance, float):
            said = f"{short_repr(error.instance)} must be a whole number, written without a decimal point"
        if said is None:
            said = error.message
            quoted = repr(error.instance)
            if len(quoted) > QUOTED:
                said = said.replace(quoted, short_repr(error.instance))
            said = printable(said)
            if len(said) > 4 * QUOTED:
                said = f"{error.validator} {short_repr(error.validator_value)} fails"
        return f"{where}: {said}"


def _alternatives_message(error: jsonschema.ValidationError) -> str | None:
    """For a value that fits none of a few types: which types it may have, in words."""
    branches = error.validator_value
    if not isinstance(branches, list) or not all(isinstance(b, dict) and "type" in b for b in branches):
        return None
    if any(e.validator != "type" for e in error.context or ()):
        return None  # the value has a right type, the error lies inside that branch
    kinds = [_TYPE_WORDS.get(b["type"], b["type"]) for b in branches]
    said = f"{short_repr(error.instance)} must be {' or '.join(kinds)}"
    if isinstance(error.instance, float) and "integer" in (b["type"] for b in branches):
        said += " (a whole number is written without a decimal point)"
    return said


_TYPE_WORDS = {
    "integer": "a whole number",
    "string": "text",
    "null": "null",
    "array": "a list",
    "object": "an object",
    "boolean": "true or false",
}
