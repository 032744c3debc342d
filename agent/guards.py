"""Code decides what counts as an answer: a final is accepted only if every citation is real and used.

The model's final answer is checked here, never trusted, by a list of checks (each one function, tested alone):
non-empty; every listed citation is a label the search tool really returned in this task; every ``[Sx]`` written
inline is listed; at least one citation unless the answer plainly says the documents do not hold enough
evidence; and, for an answer the model wrote itself (``decisions = "free"``), every sentence supported by the
passages it cites (``agent.support``). An answer that says there is not enough evidence ends the task
``needs_user``/``no_evidence`` - never ``completed``, even if it lists citations.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from agent.state import SentenceSupport
from agent.words import LABEL_ANYWHERE

INLINE_LABEL = LABEL_ANYWHERE
_INLINE_GROUP = re.compile(r"\[([^\[\]]{1,60})\]")
_WORDING = re.compile(r"[^\W_]")
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


@dataclass(frozen=True)
class ProposedFinal:
    """A final decision with what checking it needs: the labels the tool returned in this task and, for a
    written answer, how each of its sentences was checked against the passages it cites (``agent.support``)."""

    answer: str
    citations: Sequence[str]
    known_labels: Collection[str]
    support: Sequence[SentenceSupport] = ()
    quoted: bool = False

    @property
    def abstains(self) -> bool:
        """Whether the answer says the documents do not hold what was asked. A quote of the documents never
        does: its "cannot find" speaks of its own subject, not of the agent declining (decision 0160)."""
        return not self.quoted and states_no_evidence(self.answer)


FinalCheck = Callable[[ProposedFinal], list[str]]


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


def answer_is_written(final: ProposedFinal) -> list[str]:
    """The answer says something: a word or number besides its labels (``... [S2]`` says nothing)."""
    if _WORDING.search(_INLINE_GROUP.sub(" ", final.answer)):
        return []
    return ["The answer is empty; write the answer in one or two sentences."]


def labels_are_real(final: ProposedFinal) -> list[str]:
    """Every label listed or cited inline is one the search tool returned in this task."""
    return [
        f"{label} is not a source you were given (your sources are {_label_list(final.known_labels)})."
        for label in dict.fromkeys([*final.citations, *inline_labels(final.answer)])
        if label not in final.known_labels
    ]


def inline_labels_are_listed(final: ProposedFinal) -> list[str]:
    """Every real label cited inline is listed in ``citations`` too."""
    return [
        f"The answer cites [{label}] inline but 'citations' does not list {label}."
        for label in inline_labels(final.answer)
        if label in final.known_labels and label not in final.citations
    ]


def cites_a_source(final: ProposedFinal) -> list[str]:
    """An answer cites at least one source, unless it says plainly that there is not enough evidence."""
    if not final.answer or final.citations or final.abstains:
        return []
    return [
        "The answer cites no source. List the labels of the sources that support it in 'citations', "
        "or say plainly that there is not enough evidence."
    ]


SENTENCE_PREVIEW_CHARS = 120


def support_problem(number: int, support: SentenceSupport) -> str:
    """Why sentence ``number`` is not supported, in words the model can act on."""
    sentence = support.sentence
    if len(sentence) > SENTENCE_PREVIEW_CHARS:
        sentence = sentence[: SENTENCE_PREVIEW_CHARS - 1] + "…"
    cited = ", ".join(support.labels) or "no source"
    where = f'Sentence {number} ("{sentence}") is not supported by {cited}'
    if not support.labels:
        return f"{where}: cite the source it comes from."
    if support.missing_facts:
        facts = ", ".join(support.missing_facts)
        return (
            f"{where}: {facts} does not appear there. Use only what the sources say, and cite the right one."
        )
    words = ", ".join(support.missing_words[:6])
    return f"{where}: most of its words are not there ({words}). Say only what the cited source says."


def sentences_are_supported(final: ProposedFinal) -> list[str]:
    """Each sentence of a written answer is supported by the passages it cites (``agent.support``)."""
    if final.abstains:
        return []
    return [
        support_problem(number, support)
        for number, support in enumerate(final.support, start=1)
        if not support.supported
    ]


# Checks every final answer gets; a written answer (decisions = "free") gets the quote check too.
FINAL_CHECKS: tuple[FinalCheck, ...] = (
    answer_is_written,
    labels_are_real,
    inline_labels_are_listed,
    cites_a_source,
)
WRITTEN_ANSWER_CHECKS: tuple[FinalCheck, ...] = (*FINAL_CHECKS, sentences_are_supported)


def check_final(
    answer: str,
    citations: Sequence[str],
    known_labels: Collection[str],
    *,
    support: Sequence[SentenceSupport] = (),
    checks: Sequence[FinalCheck] = FINAL_CHECKS,
    quoted: bool = False,
) -> FinalVerdict:
    """Judge a final answer by every check in ``checks``; problems are phrased for the model.

    An accepted answer that says there is not enough evidence is an abstention, whatever it cites, unless it is
    ``quoted``: an answer code composed from the documents' sentences.
    """
    final = ProposedFinal(answer.strip(), citations, known_labels, support, quoted)
    problems = [problem for check in checks for problem in check(final)]
    return FinalVerdict(problems=problems, abstained=not problems and final.abstains)
