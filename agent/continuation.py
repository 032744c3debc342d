"""Continuing a task that stopped for the user: a new task, seeded with what the earlier one found.

When a task ends ``needs_user`` the user may refine the question. The refinement runs as a new task (its own id,
trajectory, limits and fence nonce) that starts from the earlier task's sources under the same labels, its search
queries (a repeat is refused as within one task: the results are already in the prompt), and an opening that
shows the model the earlier questions, the refinement and those sources - fenced exactly like every other
document text, so a carried-over passage is still data, never instructions. Only the user's own words and
code's words stand outside the fences; the earlier model's text (e.g. its clarifying question) is not repeated.
"""

from __future__ import annotations

from agent.sources import SHORTENED_NOTE, SourceLedger
from agent.state import AgentState, Continuation
from agent.wrapping import escape_attribute


def continuation_of(previous: AgentState | Continuation) -> Continuation:
    """What a task continuing ``previous`` starts from; a recorded Continuation (a rerun) is used as it is.

    Only a task that stopped for the user (``needs_user``), or failed after finding sources, can be continued:
    a completed task has its answer (ask afresh), a running one has not stopped, and a failure with nothing
    found leaves nothing to carry over.
    """
    if isinstance(previous, Continuation):
        return previous
    _check_continuable(previous)
    earlier = previous.continuation
    return Continuation(
        task_id=previous.task_id,
        questions=[*(earlier.questions if earlier else []), previous.question],
        stop_reason=previous.stop_reason,
        sources=list(previous.sources),
        queries=[*(earlier.queries if earlier else []), *previous.queries_run],
    )


def _check_continuable(previous: AgentState) -> None:
    task = f"task {previous.task_id}"
    if previous.status == "running":
        raise ValueError(f"{task} is still running; only a task that stopped can be continued")
    if previous.status == "completed":
        raise ValueError(f"{task} completed with an answer; ask a new question instead of continuing it")
    if previous.status == "failed" and not previous.sources:
        raise ValueError(f"{task} failed before finding any source; there is nothing to continue from")


def topic_text(continuation: Continuation | None, question: str) -> str:
    """The question read together with the ones it refines, oldest first: where the key words come from."""
    earlier = continuation.questions if continuation else []
    return " ".join([*earlier, question])


def clarity_text(continuation: Continuation | None, question: str) -> str:
    """The questions newest first, for the vague-question rule: a refinement that names what an earlier
    "it" meant ("the rye starter" after "How do I feed it?") comes before that "it", as a named subject does."""
    earlier = continuation.questions if continuation else []
    return " ".join([question, *reversed(earlier)])


def continued_opening(
    continuation: Continuation, question: str, ledger: SourceLedger, tail: str
) -> tuple[str, str | None]:
    """The first user turn of a continued task, and its short form (sources named, text dropped; None when
    no source was carried over, as there is nothing to shorten).

    ``tail`` is what every opening ends with (key words and counters); the ledger must already hold the
    carried-over sources, so they are wrapped with this task's nonce.
    """
    first, *refinements = [*continuation.questions, question]
    lines = [f"Question: {first}", *(f"Refined by the user: {text}" for text in refinements)]
    lines.append(_carryover_note(continuation, ledger.nonce))
    sources = continuation.sources
    if sources:
        full = "\n".join([*lines, f"Sources already found: {len(sources)}.", ledger.fenced(sources), tail])
        short = f"Sources already found: {ledger.named(sources)}. {SHORTENED_NOTE}"
        return full, "\n".join([*lines, short, tail])
    return "\n".join([*lines, "Sources already found: none.", tail]), None


def _carryover_note(continuation: Continuation, nonce: str) -> str:
    reason = (continuation.stop_reason or "unknown").replace("_", " ")
    note = (
        f"This continues an earlier task on this question, which stopped ({reason}). Its searches and "
        "sources carry over: do not repeat a search; cite a source by its label."
    )
    if continuation.queries:
        queries = "; ".join(f'"{escape_attribute(query, nonce)}"' for query in continuation.queries)
        note += f"\nSearches already run: {queries}."
    return note
