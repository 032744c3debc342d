"""The second no-agent baseline: naive retrieve-then-read with the same model, graded like the agent.

Search the question as typed, show the model the top three passages, ask for one free-text answer: no
loop, no guards, no choices. If the agent cannot beat this, its rules cost more than they buy; the report
puts it beside the top-hit baseline so that is visible on every suite.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path

from agent.eval.baseline import BaselineResult, grade_baseline, top_hits
from agent.eval.judge import corpus_relative
from agent.eval.suite import EvalCase
from agent.guards import states_no_evidence
from agent.tool import SearchBackend
from indexer.results import SearchHit
from models.errors import ModelError
from models.protocol import ChatMessage, ChatModel, JsonSchema

READ_PASSAGES = 3
ANSWER_MAX_TOKENS = 120
ANSWER_MAX_CHARS = 400
NO_EVIDENCE_REPLY = "not enough evidence"
READER_INSTRUCTIONS = (
    "Answer the question from the passages below, in one or two sentences, using only what they say. "
    f"If they do not contain the answer, reply exactly: {NO_EVIDENCE_REPLY}."
)
ANSWER_SCHEMA: JsonSchema = {
    "type": "object",
    "properties": {"answer": {"type": "string", "minLength": 1, "maxLength": ANSWER_MAX_CHARS}},
    "required": ["answer"],
    "additionalProperties": False,
}


def reader_prompt(question: str, hits: Sequence[SearchHit]) -> list[ChatMessage]:
    """One system turn with the instruction, one user turn with the numbered passages and the question."""
    passages = "\n\n".join(f"[{number}] {hit.title}: {hit.snippet}" for number, hit in enumerate(hits, 1))
    user = f"Passages:\n\n{passages}\n\nQuestion: {question}"
    return [ChatMessage(role="system", content=READER_INSTRUCTIONS), ChatMessage(role="user", content=user)]


def read_answer(model: ChatModel, question: str, hits: Sequence[SearchHit]) -> tuple[str | None, str | None]:
    """The model's one answer (or the error that stopped it); no hits means no call: nothing to read."""
    if not hits:
        return NO_EVIDENCE_REPLY, None
    try:
        completion = model.complete(
            reader_prompt(question, hits), ANSWER_SCHEMA, max_tokens=ANSWER_MAX_TOKENS
        )
    except ModelError as error:
        return None, f"{type(error).__name__}: {error}"
    return _answer_field(completion.text), None


def _answer_field(text: str) -> str:
    """The 'answer' string of the reply; a reply cut off mid-JSON still yields what it wrote."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return text.partition('"answer"')[2].strip(' :"{}\n')
    return str(value.get("answer", "")) if isinstance(value, dict) else str(value)


def grade_reading(
    case: EvalCase, hits: Sequence[SearchHit], answer: str | None, roots: Sequence[Path]
) -> BaselineResult:
    """Graded as the agent is: expected strings in the answer; abstention is saying there is no evidence."""
    paths = [corpus_relative(hit.path, roots) for hit in hits]
    abstained = answer is not None and states_no_evidence(answer)
    return grade_baseline(case, answer, paths, abstained=abstained)


def run_reader_baseline(
    cases: Sequence[EvalCase], backend: SearchBackend, model: ChatModel, roots: Sequence[Path]
) -> list[BaselineResult]:
    """Every case read once; the wall time per case is the model call's (the search is milliseconds)."""
    results: list[BaselineResult] = []
    for case in cases:
        hits, error = top_hits(backend, case.question, READ_PASSAGES)
        started = time.perf_counter()
        answer, model_error = read_answer(model, case.question, hits) if error is None else (None, None)
        graded = grade_reading(case, hits, answer, roots)
        results.append(
            graded.model_copy(
                update={"error": error or model_error, "latency_s": round(time.perf_counter() - started, 3)}
            )
        )
    return results
