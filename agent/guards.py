"""Code decides what counts as an answer: a final is accepted only if every citation is real and used.

The model's final answer is checked here, never trusted: non-empty; every listed citation is a label the search
tool really returned in this task; every ``[Sx]`` written inline is listed; and at least one citation unless the
answer plainly says the documents do not hold enough evidence. An answer that says so ends the task
``needs_user``/``no_evidence`` - never ``completed``, even if it lists citations.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from agent.words import LABEL_ANYWHERE

INLINE_LABEL = LABEL_ANYWHERE
_INLINE_GROUP = re.compile(r"\[([^\[\]]{1,60})\]")
_ABSTENTION = re.compile(
    r"\b(?:not enough (?:evidence|information)|insufficient (?:evidence|information)|no (?:relevant )?evidence"
    r"|(?:could|can)\s*(?:not|n't)\s+(?:find|answer)|unable to (?:find|answer)|no relevant (?:sources?|passages?))",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class FinalVerdict:
    """The outcome of checking one final decision: problems to tell the model, or acceptance."""

    problems: list[str] = field(default_factory=list)
    abstained: bool = False

    @property
    def accepted(self) -> bool:
        return not self.problems


def inline_labels(answer: str) -> list[str]:
    """Labels cited inline, in order of first appearance: ``[S1]``, ``[S1, S3]`` and ``[S2][S4]`` all count."""
    found: list[str] = []
    for group in _INLINE_GROUP.findall(answer):
        for label in INLINE_LABEL.findall(group):
            if label not in found:
                found.append(label)
    return found


def states_no_evidence(answer: str) -> bool:
    """True when the answer says plainly that the documents do not hold what was asked."""
    return bool(_ABSTENTION.search(answer))


def _label_list(labels: Collection[str]) -> str:
    return ", ".join(sorted(labels, key=lambda label: int(label[1:]))) or "none"


def check_final(answer: str, citations: Sequence[str], known_labels: Collection[str]) -> FinalVerdict:
    """Judge a final answer against the labels the tool really returned; problems are phrased for the model."""
    text = answer.strip()
    if not text:
        return FinalVerdict(problems=["The answer is empty; write the answer in one or two sentences."])
    problems = [
        f"{label} is not a source you were given (your sources are {_label_list(known_labels)})."
        for label in dict.fromkeys([*citations, *inline_labels(text)])
        if label not in known_labels
    ]
    problems += [
        f"The answer cites [{label}] inline but 'citations' does not list {label}."
        for label in inline_labels(text)
        if label in known_labels and label not in citations
    ]
    if problems:
        return FinalVerdict(problems=problems)
    if states_no_evidence(text):
        return FinalVerdict(abstained=True)
    if not citations:
        return FinalVerdict(
            problems=[
                "The answer cites no source. List the labels of the sources that support it in 'citations', "
                "or say plainly that there is not enough evidence."
            ]
        )
    return FinalVerdict()
