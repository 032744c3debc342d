"""Citation labels in an answer: find them in order, and turn them into links the desk can follow.

The agent writes labels such as ``[S2]`` or ``[S1, S3]`` inline. The desk renders the answer as Markdown in which
each label is a link to ``source:S2``; clicking it (or stepping to it with the keyboard) opens that source.
Each sentence is also marked with the source it was checked against (``agent.support``) when its own labels do not
already show it, and a sentence the check did not find in its sources says so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.state import SentenceSupport

CITATION_SCHEME = "source:"
_LABEL = r"S\d+"
_GROUP_PATTERN = re.compile(rf"\[\s*({_LABEL}(?:\s*[,;]\s*{_LABEL})*)\s*\]")
_LABEL_PATTERN = re.compile(_LABEL)


def cited_labels(answer: str) -> list[str]:
    """Labels in the order they are first cited in the text, each once."""
    seen: list[str] = []
    for group in _GROUP_PATTERN.finditer(answer):
        for label in _LABEL_PATTERN.findall(group.group(1)):
            if label not in seen:
                seen.append(label)
    return seen


def citation_link(label: str) -> str:
    """A Markdown link that still reads ``[S2]``: the brackets are escaped into the link text."""
    return f"[\\[{label}\\]]({CITATION_SCHEME}{label})"


def _link_group(match: re.Match[str]) -> str:
    labels = _LABEL_PATTERN.findall(match.group(1))
    return " ".join(citation_link(label) for label in labels)


def link_citations(answer: str, citations: list[str] | None = None) -> str:
    """Markdown with every inline label linked; labels cited but not written inline are listed at the end."""
    linked = _GROUP_PATTERN.sub(_link_group, answer)
    missing = [label for label in citations or [] if label not in cited_labels(answer)]
    if missing:
        links = ", ".join(citation_link(label) for label in missing)
        linked = f"{linked.rstrip()}\n\nSources: {links}"
    return linked


def label_from_href(href: str) -> str | None:
    """The label a citation link points at, or None for any other link (which the desk never opens)."""
    if not href.startswith(CITATION_SCHEME):
        return None
    label = href.removeprefix(CITATION_SCHEME)
    return label if _LABEL_PATTERN.fullmatch(label) else None


def ordered_citations(answer: str, citations: list[str]) -> list[str]:
    """Labels to step through with the keyboard: inline order first, then any cited only in the list."""
    inline = cited_labels(answer)
    return inline + [label for label in citations if label not in inline]


def _sentence_pattern(sentence: str) -> re.Pattern[str]:
    """The sentence as written in the answer, whatever whitespace it had there."""
    return re.compile(r"\s+".join(re.escape(word) for word in sentence.split()))


def _support_mark(support: SentenceSupport) -> str:
    if not support.supported:
        where = ", ".join(f"[{label}]" for label in support.labels) or "any source"
        return f" _(not found in {where})_"
    if support.best_label and support.best_label not in cited_labels(support.sentence):
        return f" _(checked against [{support.best_label}])_"
    return ""


def marked_answer(answer: str, support: Sequence[SentenceSupport]) -> str:
    """``answer`` with each sentence marked by the source it was checked against where its own labels do not
    show it (a sentence without labels is checked against every cited source), and unsupported ones marked."""
    pieces: list[str] = []
    position = 0
    for check in support:
        match = _sentence_pattern(check.sentence).search(answer, position)
        if match is None:
            continue
        pieces.append(answer[position : match.end()] + _support_mark(check))
        position = match.end()
    return "".join(pieces) + answer[position:]
