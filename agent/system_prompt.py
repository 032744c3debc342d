"""The system prompt is versioned package data, so every trajectory names the exact prompt it ran with."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from string import Template

DEFAULT_PROMPT_VERSION = "system-v2"


@dataclass(frozen=True)
class SystemPrompt:
    """A prompt file's version (its file stem) and its template text (``$max_searches`` placeholders)."""

    version: str
    template: str

    def render(self, *, max_searches: int) -> str:
        return Template(self.template).substitute(max_searches=max_searches).strip()


def load_system_prompt(version: str = DEFAULT_PROMPT_VERSION) -> SystemPrompt:
    """Read ``agent/prompts/<version>.md`` from the installed package (works from a wheel, too)."""
    resource = resources.files("agent").joinpath("prompts", f"{version}.md")
    if not resource.is_file():
        raise FileNotFoundError(
            f"no system prompt {version!r}: agent/prompts/{version}.md is missing from the package"
        )
    return SystemPrompt(version=version, template=resource.read_text(encoding="utf-8"))
