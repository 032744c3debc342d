"""Export a finished task as a Markdown file: the answer, then every source it cites with title, path and snippet."""

from __future__ import annotations

import re
from pathlib import Path

from agent.state import AgentState, Source
from tui.desk.citations import ordered_citations
from tui.desk.formatting import source_place

_SLUG_MAX_CHARS = 48


def slugify(text: str) -> str:
    """A file-name-safe, lower-case version of a question (ASCII letters, digits and dashes)."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:_SLUG_MAX_CHARS].rstrip("-") or "answer"


def exported_sources(state: AgentState) -> list[Source]:
    """The cited sources in citation order; when nothing was cited (e.g. needs_user), everything found."""
    labels = ordered_citations(state.answer or "", state.citations)
    cited = [source for label in labels if (source := state.source_by_label(label)) is not None]
    return cited or list(state.sources)


def _source_markdown(source: Source) -> str:
    place = source_place(source)
    heading = f"- **[{source.label}] {source.title}** — `{source.path}`" + (f" {place}" if place else "")
    snippet = " ".join(source.snippet.split())
    return f"{heading}\n\n  > {snippet}\n"


def answer_markdown(state: AgentState) -> str:
    """The export document. It states the task's status so a needs_user export is never read as an answer."""
    finished = state.timings.finished_at or state.timings.started_at
    lines = [
        f"# {state.question}",
        "",
        f"_Carrel · task {state.task_id} · {state.status} ({state.stop_reason or 'running'}) · "
        f"{finished:%Y-%m-%d %H:%M} UTC_",
        "",
        state.answer.strip() if state.answer else f"**No answer.** {state.message}".strip(),
        "",
        "## Sources",
        "",
    ]
    sources = exported_sources(state)
    lines.extend(_source_markdown(source) for source in sources)
    if not sources:
        lines.append("_No sources were found._")
    return "\n".join(lines).rstrip() + "\n"


def export_answer(state: AgentState, export_dir: Path) -> Path:
    """Write the export under ``export_dir`` with a name from the question; never overwrites an older export."""
    export_dir.mkdir(parents=True, exist_ok=True)
    stem = f"{state.task_id[:8]}-{slugify(state.question)}"
    target = export_dir / f"{stem}.md"
    counter = 2
    while target.exists():
        target = export_dir / f"{stem}-{counter}.md"
        counter += 1
    target.write_text(answer_markdown(state), encoding="utf-8")
    return target
