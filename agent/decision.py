"""The only decisions the model may make, as a JSON schema built in code for each step, and their parsing.

The schema is narrow on purpose - a small model decides best between few, small options: it offers only the
actions allowed at this step (no ``final`` before any source exists, no ``search`` once searches are used up),
and restricts ``citations`` to an enum of the labels given so far. ``citations`` comes before ``answer`` so the
model picks its evidence first and writes the answer from it; an empty list admits only the fixed
no-evidence answer. The parser never trusts the schema was applied (a scripted model ignores it): it re-checks
the shape with pydantic and reports what was wrong in words the model can act on.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from agent.answers import AnswerChoice
from indexer.results import LIMIT_MAX, LIMIT_MIN, QUERY_MAX_CHARS, QUERY_MIN_CHARS

Action = Literal["search", "final", "clarify"]
NO_EVIDENCE_ANSWER = "There is not enough evidence in the documents to answer this."
CLARIFY_MAX_CHARS = 200


class SearchDecision(BaseModel):
    """Run the search tool. Length and limit are validated by the tool itself, not here."""

    model_config = ConfigDict(extra="forbid")

    action: Literal["search"]
    query: str
    limit: int | None = None


class FinalDecision(BaseModel):
    """Answer the question, citing source labels; checked by ``agent.guards.check_final``."""

    model_config = ConfigDict(extra="forbid")

    action: Literal["final"]
    answer: str
    citations: list[str] = Field(default_factory=list)


class ClarifyDecision(BaseModel):
    """Ask the user to clarify an ambiguous request; ends the task ``needs_user``."""

    model_config = ConfigDict(extra="forbid")

    action: Literal["clarify"]
    question: str = Field(min_length=1, max_length=CLARIFY_MAX_CHARS)


Decision = Annotated[SearchDecision | FinalDecision | ClarifyDecision, Field(discriminator="action")]
_decision_adapter: TypeAdapter[Decision] = TypeAdapter(Decision)


class DecisionError(ValueError):
    """The model's text is not a decision; the message says what was wrong, for the corrective turn."""


def _search_schema(queries: Sequence[str] | None) -> dict[str, Any]:
    """Free text with an optional limit, or - for a small model - just a choice among ``queries``."""
    properties: dict[str, Any] = {"action": {"const": "search"}}
    if queries:
        properties["query"] = {"enum": [grammar_safe(choice) for choice in queries]}
    else:
        properties["query"] = {"type": "string", "minLength": QUERY_MIN_CHARS, "maxLength": QUERY_MAX_CHARS}
        properties["limit"] = {"type": "integer", "minimum": LIMIT_MIN, "maximum": LIMIT_MAX}
    return {
        "type": "object",
        "properties": properties,
        "required": ["action", "query"],
        "additionalProperties": False,
    }


def _final_schema(
    labels: Sequence[str],
    answer_max_chars: int,
    answers: Sequence[AnswerChoice] | None,
    may_decline: bool = True,
) -> list[dict[str, Any]]:
    """A cited answer (when there are labels to cite) or the fixed no-evidence answer with no citations.

    With ``answers`` each choice whose labels are all citable is one variant, its citations and its text fixed
    (verbatim sentences, cited inline): the model decides which answer, or that there is not enough evidence;
    it does not write prose. Without ``may_decline`` the fixed no-evidence answer is not among those choices.
    """
    # "items" matters: without it llama.cpp's schema converter ignores maxItems and allows any array.
    no_citations = {"type": "array", "items": {"type": "string"}, "maxItems": 0}
    abstaining = _final_variant(no_citations, {"const": NO_EVIDENCE_ANSWER})
    if not labels:
        return [abstaining]
    offered = [choice for choice in answers or () if set(choice.citations) <= set(labels)]
    if offered:
        chosen = [
            _final_variant({"const": list(choice.citations)}, {"enum": [grammar_safe(choice.text)]})
            for choice in offered
        ]
        return [*chosen, abstaining] if may_decline else chosen
    citations = {
        "type": "array",
        "items": {"enum": list(labels)},
        "minItems": 1,
        "maxItems": min(3, len(labels)),
    }
    written = {"type": "string", "minLength": 1, "maxLength": answer_max_chars}
    return [_final_variant(citations, written), abstaining]


def grammar_safe(text: str) -> str:
    """Choice text without double quotes or backslashes: the GGUF grammar path mis-escapes them in literals."""
    return text.replace('"', "'").replace("\\", "/")


def _final_variant(citations: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"action": {"const": "final"}, "citations": citations, "answer": answer},
        "required": ["action", "citations", "answer"],
        "additionalProperties": False,
    }


def _clarify_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "action": {"const": "clarify"},
            "question": {"type": "string", "minLength": 1, "maxLength": CLARIFY_MAX_CHARS},
        },
        "required": ["action", "question"],
        "additionalProperties": False,
    }


def decision_schema(
    allowed: Collection[Action],
    labels: Sequence[str],
    *,
    queries: Sequence[str] | None = None,
    answers: Sequence[AnswerChoice] | None = None,
    answer_max_chars: int = 600,
    may_decline: bool = True,
) -> dict[str, Any]:
    """The JSON schema for this step: only the allowed actions, citations limited to ``labels``.

    With ``queries`` the search query is a choice among them (an enum) instead of free text; with ``answers``
    the answer is a choice among those code-composed answers (see ``agent.answers``), and with ``may_decline``
    (and answers to choose from) also the fixed no-evidence answer.
    """
    options: list[dict[str, Any]] = []
    if "search" in allowed:
        options.append(_search_schema(queries))
    if "final" in allowed:
        options.extend(_final_schema(labels, answer_max_chars, answers, may_decline))
    if "clarify" in allowed:
        options.append(_clarify_schema())
    if not options:
        raise ValueError("a decision schema needs at least one allowed action")
    return options[0] if len(options) == 1 else {"oneOf": options}


def _describe(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "decision"
    return f"{where}: {first['msg']}"


def parse_decision(text: str) -> Decision:
    """The decision in ``text``; DecisionError (with a short reason) for anything else."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DecisionError(f"the reply is not valid JSON ({error.msg})") from None
    if not isinstance(data, dict):
        raise DecisionError("the reply must be one JSON object")
    if _has_lone_surrogate(data):
        raise DecisionError("the reply contains an invalid unicode escape (a lone surrogate)")
    if data.get("action") not in ("search", "final", "clarify"):
        raise DecisionError("'action' must be one of: search, final, clarify")
    try:
        return _decision_adapter.validate_python(data)
    except ValidationError as error:
        raise DecisionError(f"the {data['action']} decision is malformed ({_describe(error)})") from None


def _has_lone_surrogate(value: object) -> bool:
    """JSON's \\uD800-style escapes decode to lone surrogates, which no text encoding (nor the trajectory) accepts."""
    if isinstance(value, str):
        return any("\ud800" <= char <= "\udfff" for char in value)
    if isinstance(value, dict):
        return any(_has_lone_surrogate(key) or _has_lone_surrogate(item) for key, item in value.items())
    if isinstance(value, list):
        return any(_has_lone_surrogate(item) for item in value)
    return False
