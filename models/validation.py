"""Check generated text against the schema even though a grammar constrained it.

The grammar makes invalid output unlikely, not impossible: a grammar converter may not express every schema
keyword, and output cut off by ``max_tokens`` is truncated JSON. So the text is parsed and validated, and a
failure says so with the raw text (``OutputInvalidError``).
"""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, best_match

from models.errors import OutputInvalidError, SchemaUnsupportedError
from models.protocol import JsonSchema, Usage


class SchemaValidator:
    """Validates JSON text against one schema; build once per schema."""

    def __init__(self, schema: JsonSchema) -> None:
        try:
            Draft202012Validator.check_schema(dict(schema))
        except SchemaError as error:
            raise SchemaUnsupportedError(f"invalid JSON schema: {error.message}") from error
        self._validator = Draft202012Validator(dict(schema))

    def parse(self, text: str, usage: Usage | None = None) -> Any:
        """The parsed value; raises ``OutputInvalidError`` carrying ``text`` (and ``usage``) when invalid."""
        try:
            value = json.loads(text)
        except json.JSONDecodeError as error:
            reason = f"not JSON: {error.msg} at char {error.pos}"
            raise OutputInvalidError(text, reason, usage) from error
        problem = best_match(self._validator.iter_errors(value))
        if problem is not None:
            where = "/".join(str(part) for part in problem.absolute_path) or "(root)"
            raise OutputInvalidError(text, f"{where}: {problem.message}", usage)
        return value
