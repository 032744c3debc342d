"""Choose, don't copy: stop the model once its reply can only be one of the decisions code offered.

In choice mode every part of a decision but a clarifying question is fixed by the schema (a query from a list, an
answer code composed). Under the grammar the model would still write the whole chosen text out, a token at a time:
100 and more tokens to copy a quote code already holds. Once the text it has written so far fits exactly one
offered decision, code completes it instead. The model's own text is kept beside the completed decision in the
trajectory; the decision is the one the model would have finished writing, since the grammar allowed nothing
else.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from models.protocol import JsonSchema


@dataclass(frozen=True)
class OfferedReply:
    """One decision the schema allows: its whole text when every field is fixed, else the fixed text it opens with."""

    text: str
    complete: bool


def offered_replies(schema: JsonSchema) -> list[OfferedReply]:
    """Every reply the schema allows, written compactly in the schema's key order (as the grammar writes it)."""
    options: Sequence[Mapping[str, Any]] = schema.get("oneOf", [schema])
    replies: list[OfferedReply] = []
    for option in options:
        replies.extend(_replies_of(option))
    return replies


def _replies_of(option: Mapping[str, Any]) -> list[OfferedReply]:
    heads = [""]
    required = set(option.get("required", []))
    for index, (name, field) in enumerate(option.get("properties", {}).items()):
        values = _fixed_values(field)
        prefix = "{" if index == 0 else ","
        if values is None or name not in required:
            return [OfferedReply(f"{head}{prefix}{json.dumps(name)}:", complete=False) for head in heads]
        heads = [f"{head}{prefix}{json.dumps(name)}:{_compact(value)}" for head in heads for value in values]
    return [OfferedReply(head + "}", complete=True) for head in heads]


def _fixed_values(field: Mapping[str, Any]) -> list[Any] | None:
    if "const" in field:
        return [field["const"]]
    if "enum" in field:
        return list(field["enum"])
    if field.get("type") == "array" and field.get("maxItems") == 0:
        return [[]]  # "no citations": the abstaining answer's only list
    return None


def _compact(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def without_layout(text: str) -> str:
    """The reply with the whitespace between JSON tokens removed (what is inside strings is kept)."""
    kept: list[str] = []
    in_string = escaped = False
    for character in text:
        if in_string:
            kept.append(character)
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
            kept.append(character)
        elif not character.isspace():
            kept.append(character)
    return "".join(kept)


def determined_reply(partial: str, offered: Sequence[OfferedReply]) -> str | None:
    """The one complete offered reply that ``partial`` (the model's text so far) can still become, if only one
    offered reply fits it and that one is fixed in full; None while the model's choice is still open."""
    written = without_layout(partial)
    if not written:
        return None
    fitting = [
        reply
        for reply in offered
        if reply.text.startswith(written) or (not reply.complete and written.startswith(reply.text))
    ]
    if len(fitting) == 1 and fitting[0].complete:
        return fitting[0].text
    return None


def codes_first_offer(offered: Sequence[OfferedReply]) -> OfferedReply | None:
    """The decision code prefers among those it offered, when the model is not asked to choose: its composed,
    cited answer if one passed the rules, else its first query, else the first option (abstaining). None when
    the first option needs the model's own words (a clarifying question): the model is asked then."""
    complete = [(reply, json.loads(reply.text)) for reply in offered if reply.complete]
    cited = next((reply for reply, decision in complete if _cited_answer(decision)), None)
    search = next((reply for reply, decision in complete if decision.get("action") == "search"), None)
    first = offered[0] if offered and offered[0].complete else None
    return cited or search or first


def _cited_answer(decision: Mapping[str, Any]) -> bool:
    return decision.get("action") == "final" and bool(decision.get("citations"))
