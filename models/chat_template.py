"""The model's own chat template (Jinja, stored in the GGUF) turning chat messages into prompt text.

Using the template the model was trained with matters more for tiny models than any prompt wording. The
template is rendered in llama-cpp-python's sandboxed Jinja environment (``Jinja2ChatFormatter``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from models.errors import ChatTemplateError
from models.gguf_header import MetadataValue
from models.protocol import ChatMessage
from models.settings import ModelSettings

# Marker strings that identify the common template families, for a readable name in `carrel doctor`.
_FAMILY_MARKERS = (
    ("<|im_start|>", "chatml"),
    ("<start_of_turn>", "gemma"),
    ("<|start_header_id|>", "llama-3"),
    ("[INST]", "mistral-instruct"),
    ("<|user|>", "zephyr"),
)


def template_family(template: str) -> str:
    return next((family for marker, family in _FAMILY_MARKERS if marker in template), "custom")


def describe_template(template: str, source: str) -> str:
    """A readable name: the family, where the template came from, and a fingerprint to tell versions apart."""
    fingerprint = hashlib.sha256(template.encode("utf-8")).hexdigest()[:12]
    return f"{template_family(template)} ({source}, sha256 {fingerprint})"


class ChatTemplate:
    """Renders messages with one Jinja chat template; ``name`` says which family and where it came from."""

    def __init__(
        self, template: str, *, bos_token: str, eos_token: str, source: str, model_path: Path
    ) -> None:
        from llama_cpp.llama_chat_format import Jinja2ChatFormatter

        self._formatter: Any = Jinja2ChatFormatter(
            template=template, eos_token=eos_token, bos_token=bos_token, add_generation_prompt=True
        )
        self._model_path = model_path
        self.name = describe_template(template, source)

    def render(self, messages: Sequence[ChatMessage]) -> str:
        payload: list[Mapping[str, str]] = [{"role": m.role, "content": m.content} for m in messages]
        try:
            prompt: str = self._formatter(messages=payload).prompt
        except Exception as error:  # Jinja errors and the template's own raise_exception(...)
            raise ChatTemplateError(self._model_path, str(error)) from error
        return prompt


def chat_template_text(metadata: dict[str, MetadataValue], settings: ModelSettings) -> tuple[str | None, str]:
    """The template to use and its source: the settings' override, else the GGUF's (None when it has none)."""
    if settings.chat_template is not None:
        return settings.chat_template, "override"
    stored = metadata.get("tokenizer.chat_template")
    return (stored if isinstance(stored, str) and stored.strip() else None), "gguf"
