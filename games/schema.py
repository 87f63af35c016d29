"""JSON Schema validation of the files users give, with one-line errors.

Integers are whole numbers written without a decimal point: JSON Schema counts ``1.0``
as an integer, but a seat or a count written so is a float in Python and cannot index a
list. Messages quote at most a short piece of the bad value, so that a 100,000-character
name gives a short line.

jsonschema takes a tenth of a second to import, most of a short `stich hint`'s start-up:
a file that fits its schema is first checked by `fits`, which reads the few keywords these
schemas use and nothing else; jsonschema is imported only for a file `fits` cannot vouch for
(to find and word the error, or to check a schema with keywords `fits` does not read).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from stich.games.jsonfile import QUOTED, printable, short_repr

if TYPE_CHECKING:
    import jsonschema

__all__ = ["SchemaValidator", "fits", "short_repr"]


def _is_integer(_checker: object, value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@cache
def _strict() -> Any:
    """Draft 2020-12 with strict integers (jsonschema imported here, on first use)."""
    import jsonschema

    return jsonschema.validators.extend(
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
    )


Explain = Callable[["jsonschema.ValidationError"], str | None]
"""A schema's own words for an error it knows better (None: the general message)."""

_ANNOTATIONS = frozenset({"$schema", "$id", "title", "description", "default", "examples", "$comment"})

_TYPES: dict[str, Callable[[object], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def _same(a: object, b: object) -> bool:
    """JSON equality: ``true`` is not ``1``; ``1`` is ``1.0``."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


class _Unread(Exception):
    """A keyword `fits` does not read: only jsonschema can tell."""


def fits(schema: Mapping[str, Any], data: object) -> bool | None:
    """Whether ``data`` fits ``schema`` (strict integers, as `SchemaValidator`), read from the
    keywords these schemas use (``type``, ``const``, ``enum``, ``properties``, ``required``,
    ``patternProperties``, ``additionalProperties``, ``items``, the lengths and bounds,
    ``oneOf``, ``anyOf``, ``allOf``, ``not``); None when it meets another keyword before it knows
    (only jsonschema can tell). True vouches for ``data``; anything else leaves it to jsonschema."""
    try:
        return _fits(schema, data)
    except _Unread:
        return None


def _fits(schema: Mapping[str, Any], data: object) -> bool:
    for key, rule in schema.items():
        if key in _ANNOTATIONS:
            continue
        if key == "type":
            names = rule if isinstance(rule, list) else [rule]
            if any(name not in _TYPES for name in names):
                raise _Unread(key)
            if not any(_TYPES[name](data) for name in names):
                return False
        elif key == "const":
            if not _same(data, rule):
                return False
        elif key == "enum":
            if not any(_same(data, option) for option in rule):
                return False
        elif key == "required":
            if isinstance(data, dict) and any(name not in data for name in rule):
                return False
        elif key == "properties":
            if isinstance(data, dict) and not all(_fits(rule[k], v) for k, v in data.items() if k in rule):
                return False
        elif key == "patternProperties":
            if isinstance(data, dict):
                for pattern, sub in rule.items():
                    if not all(_fits(sub, v) for k, v in data.items() if re.search(pattern, k)):
                        return False
        elif key == "additionalProperties":
            if isinstance(data, dict):
                named = schema.get("properties", {})
                patterns = list(schema.get("patternProperties", {}))
                extra = [
                    v
                    for k, v in data.items()
                    if k not in named and not any(re.search(p, k) for p in patterns)
                ]
                if rule is False and extra:
                    return False
                if isinstance(rule, dict) and not all(_fits(rule, v) for v in extra):
                    return False
                if not isinstance(rule, bool | dict):
                    raise _Unread(key)
        elif key == "items":
            if "prefixItems" in schema or not isinstance(rule, dict):
                raise _Unread(key)
            if isinstance(data, list) and not all(_fits(rule, v) for v in data):
                return False
        elif key in ("minItems", "maxItems", "minLength", "maxLength"):
            kind = list if key.endswith("Items") else str
            if isinstance(data, kind):
                size = len(data)
                if size < rule if key.startswith("min") else size > rule:
                    return False
        elif key in ("minimum", "maximum"):
            if _TYPES["number"](data):
                assert isinstance(data, int | float)
                if data < rule if key == "minimum" else data > rule:
                    return False
        elif key == "oneOf":
            if sum(_fits(sub, data) for sub in rule) != 1:
                return False
        elif key == "anyOf":
            if not any(_fits(sub, data) for sub in rule):
                return False
        elif key == "allOf":
            if not all(_fits(sub, data) for sub in rule):
                return False
        elif key == "not":
            if _fits(rule, data):
                return False
        else:
            raise _Unread(key)
    return True


class SchemaValidator:
    """One schema (and the schemas it refers to by ``$id``), checked with strict integers."""

    def __init__(
        self,
        schema: Mapping[str, Any],
        refers_to: tuple[Mapping[str, Any], ...] = (),
        explain: Explain | None = None,
    ) -> None:
        self._schema = schema
        self._refers_to = refers_to
        self._explain = explain

    @property
    def _validator(self) -> Any:
        """jsonschema's validator of the schema, built (and jsonschema imported) on first use."""
        if "_built" not in self.__dict__:
            from referencing import Registry, Resource

            registry: Registry[Any] = Registry().with_resources(
                (ref["$id"], Resource.from_contents(ref)) for ref in self._refers_to
            )
            self.__dict__["_built"] = _strict()(self._schema, registry=registry)
        return self.__dict__["_built"]

    def error(self, data: object) -> str | None:
        """The most relevant error as ``where: what`` on one line, or None if ``data`` fits."""
        if fits(self._schema, data):
            return None  # vouched for without jsonschema
        import jsonschema

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
