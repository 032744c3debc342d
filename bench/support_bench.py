"""Quote-check benchmark: does ``agent.support`` pass faithful answers and catch answers cited to the wrong source?

No model is needed. Over the three shipped Python suites and the demo corpus, a stand-in model always takes the
answer code offers in choice mode (verbatim quotes from the sources, cited inline), so:

- ``faithful``: the share of those answers' sentences the quote check passes (it should be all of them);
- ``wrong_label``: the same sentences re-cited to another document found for the same question; the share the
  check refuses at each word-share threshold (``support_min_word_share``), beside the share refused by the
  verbatim facts (numbers, identifiers, quoted phrases) alone - the baseline a threshold of 0 would give.

Usage: ``.venv/bin/python bench/support_bench.py [--work-dir DIR]``; one JSON object out.
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from agent.eval.runner import EvalPlan, build_eval_index, suite_roots
from agent.eval.suite import load_suite
from agent.loop import Agent, final_state
from agent.settings import AgentSettings
from agent.state import AgentState, SentenceSupport
from agent.support import check_answer
from corpus.demo import write_demo_corpus
from indexer.search import SearchTool, open_search_tool
from models.protocol import Completion, JsonSchema, TextPiece
from models.scripted import ScriptedModel

SUITES = ("python-reference", "python-reference-holdout", "python-reference-holdout2")
THRESHOLDS = (0.0, 0.4, 0.5, 0.6, 0.7, 0.8)
ABSTAIN = {
    "action": "final",
    "citations": [],
    "answer": "There is not enough evidence in the documents to answer this.",
}


class OfferTaker(ScriptedModel):
    """Replies with code's first offered answer, else its first offered query, else abstains."""

    def stream(
        self, messages: Any, schema: JsonSchema, *, max_tokens: int = 512
    ) -> Iterator[TextPiece | Completion]:
        self.enqueue([json.dumps(first_offer(schema))])
        return super().stream(messages, schema, max_tokens=max_tokens)


def first_offer(schema: JsonSchema) -> dict[str, Any]:
    options = schema.get("oneOf", [schema])
    for option in options:
        props = option["properties"]
        if props["action"]["const"] == "final" and "enum" in props["answer"]:
            return {
                "action": "final",
                "citations": props["citations"]["const"],
                "answer": props["answer"]["enum"][0],
            }
    for option in options:
        props = option["properties"]
        if props["action"]["const"] == "search" and "enum" in props.get("query", {}):
            return {"action": "search", "query": props["query"]["enum"][0]}
    return ABSTAIN


def passages_of(state: AgentState, tool: SearchTool) -> dict[str, str]:
    texts: dict[str, str] = {}
    for source in state.sources:
        record = tool.passage(source.passage_id)
        texts[source.label] = f"{source.title}\n{source.heading}\n{record.text if record else source.snippet}"
    return texts


def recited(state: AgentState, tool: SearchTool) -> list[SentenceSupport]:
    """The answer's sentences cited to the first source from a document none of its citations come from."""
    cited = set(state.citations)
    cited_documents = {source.doc_id for source in state.sources if source.label in cited}
    other = next((source for source in state.sources if source.doc_id not in cited_documents), None)
    if other is None or state.answer is None:
        return []
    answer = re.sub(
        r"S\d+", lambda match: other.label if match.group(0) in cited else match.group(0), state.answer
    )
    return check_answer(answer, [other.label], passages_of(state, tool), 1.0)


def measure(work: Path) -> dict[str, Any]:
    corpus = work / "demo"
    write_demo_corpus(corpus)
    faithful: list[SentenceSupport] = []
    wrong: list[SentenceSupport] = []
    answered = 0
    for name in SUITES:
        suite = load_suite(name)
        plan = EvalPlan(suite, suite_roots(suite, corpus), work / f"index-{name}", work / "trajectories")
        build_eval_index(plan)
        tool = open_search_tool(plan.index_dir)
        for case in suite.cases:
            agent = Agent(model=OfferTaker(), tool=tool, settings=AgentSettings(decisions="choices"))
            state = final_state(agent.run(case.question))
            if state.stop_reason == "answered":
                answered += 1
                faithful.extend(state.support)
                wrong.extend(recited(state, tool))
    return {
        "answered": answered,
        "faithful_sentences": len(faithful),
        "faithful_passed": sum(check.supported for check in faithful),
        "wrong_label_sentences": len(wrong),
        "wrong_label_refused_by_threshold": {
            f"{threshold:.1f}": round(
                sum(bool(c.missing_facts) or c.word_share < threshold for c in wrong) / max(len(wrong), 1), 3
            )
            for threshold in THRESHOLDS
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--work-dir", type=Path, help="where to write the corpus and indexes (default: a temp dir)"
    )
    args = parser.parse_args()
    if args.work_dir:
        args.work_dir.mkdir(parents=True, exist_ok=True)
        print(json.dumps(measure(args.work_dir)))
        return
    with tempfile.TemporaryDirectory() as work:
        print(json.dumps(measure(Path(work))))


if __name__ == "__main__":
    main()
