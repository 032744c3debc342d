"""Quote-level support: is each sentence of a written answer backed by the passages it cites?

A model that writes its own answer (``decisions = "free"``) can state a number no source gives, or cite the wrong
label for a true statement; the label checks in ``agent.guards`` cannot see either. So each sentence is checked
against the text of the passages it cites (its own inline labels, or, for a sentence without any, every label the
answer lists): every number, identifier and quoted phrase it states must appear in one of them, and most of its
content words must (stopwords dropped, lightly stemmed, so "brewing" matches "brewed"; the share is
``AgentSettings.support_min_word_share``). A faithful paraphrase keeps the facts and most of the words, so it
passes. Pure code over strings: no model, no index.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from agent.evidence import STOPWORDS, mentions, word_stems
from agent.guards import inline_labels
from agent.state import SentenceSupport
from agent.words import ABBREVIATION, LABEL, folded_words, is_label

_LABEL_GROUP = re.compile(rf"\[[^\[\]]{{0,60}}\b{LABEL}\b[^\[\]]{{0,60}}\]")
# A sentence ends at . ! or ? (and any closing quote or bracket) followed by its inline labels and a space.
_SENTENCE_END = re.compile(r"[.!?]+[\"'”’)]*(?:\s*\[[^\[\]]{1,60}\])*(?=\s|$)")
# An abbreviation's full stop, or a single letter's (an initial, "a." in a list).
_ABBREVIATION = re.compile(rf"(?:{ABBREVIATION}|\b[A-Za-z]\.)$", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*(?!\w)")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_IDENTIFIER = re.compile(
    r"(?<![\w.])(?:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+"  # dotted: os.path, str.join
    r"|\w*_\w*"  # snake_case, __init__
    r"|[a-z]+[A-Z]\w*"  # camelCase
    r"|[A-Za-z]+\d\w*)(?![\w])"  # letters then digits: sha256, utf8, S3-like names
)
_QUOTED = re.compile(r"\"([^\"]{2,200})\"|“([^”]{2,200})”|`([^`]{1,200})`")
MIN_WORD_CHARS = 2


def answer_sentences(answer: str) -> list[str]:
    """The answer's sentences, each with the inline labels that follow it; lines and bullets split too."""
    sentences: list[str] = []
    for line in answer.splitlines():
        start = 0
        for end in _SENTENCE_END.finditer(line):
            if _ABBREVIATION.search(line[start : end.start() + 1]):
                continue
            sentences.append(line[start : end.end()])
            start = end.end()
        sentences.append(line[start:])
    return [" ".join(sentence.split()) for sentence in sentences if sentence.strip()]


def stated_facts(sentence: str) -> list[str]:
    """Numbers, identifiers and quoted phrases the sentence states, each of which a source must hold verbatim."""
    text = _LABEL_GROUP.sub(" ", sentence)
    quoted = [next(part for part in match.groups() if part) for match in _QUOTED.finditer(text)]
    bare = _QUOTED.sub(" ", text)
    names = [name for name in _IDENTIFIER.findall(bare) if not is_label(name)]
    facts = [*quoted, *_NUMBER.findall(bare), *names]
    return list(dict.fromkeys(fact.strip() for fact in facts if fact.strip()))


def content_words(sentence: str) -> list[str]:
    """The sentence's own words: no labels, stopwords, numbers or one-letter tokens."""
    words = folded_words(_LABEL_GROUP.sub(" ", sentence))
    kept = [
        word
        for word in words
        if len(word) >= MIN_WORD_CHARS
        and word not in STOPWORDS
        and not word.isdigit()
        and not is_label(word.upper())
    ]
    return list(dict.fromkeys(kept))


def holds_fact(passage: str, fact: str) -> bool:
    """``fact`` appears in ``passage`` as a whole token (case and spacing ignored; 1,000 matches 1000)."""
    wanted = re.escape(" ".join(_THOUSANDS.sub("", fact).split())).replace(r"\ ", r"\s+")
    if fact[:1].isalnum() or fact[:1] == "_":
        wanted = rf"(?<![\w.]){wanted}(?!\w|[.,]\d)"
    return re.search(wanted, _THOUSANDS.sub("", passage), re.IGNORECASE) is not None


def check_sentence(
    sentence: str, labels: Sequence[str], passages: Mapping[str, str], min_word_share: float
) -> SentenceSupport:
    """Whether the passages under ``labels`` support ``sentence``; which one holds most of it."""
    texts = {label: passages.get(label, "") for label in labels}
    joined = "\n".join(texts.values())
    missing_facts = [fact for fact in stated_facts(sentence) if not holds_fact(joined, fact)]
    words = content_words(sentence)
    stems = word_stems(joined)
    missing_words = [word for word in words if not mentions(stems, word)]
    share = 1.0 - len(missing_words) / len(words) if words else 1.0
    return SentenceSupport(
        sentence=sentence,
        labels=list(labels),
        best_label=_best_label(words, texts),
        supported=bool(labels) and not missing_facts and share >= min_word_share,
        missing_facts=missing_facts,
        word_share=round(share, 3),
        missing_words=missing_words,
    )


def _best_label(words: Sequence[str], texts: Mapping[str, str]) -> str | None:
    """The passage that holds the most of ``words`` (the first cited on a tie)."""
    if not texts:
        return None
    held = {label: sum(mentions(word_stems(text), word) for word in words) for label, text in texts.items()}
    return max(held, key=lambda label: held[label])


def check_answer(
    answer: str, citations: Sequence[str], passages: Mapping[str, str], min_word_share: float
) -> list[SentenceSupport]:
    """Every sentence of ``answer`` checked against its own inline labels, else against all of ``citations``."""
    listed = list(dict.fromkeys(citations))
    checked: list[SentenceSupport] = []
    for sentence in answer_sentences(answer):
        labels = inline_labels(sentence) or listed
        checked.append(check_sentence(sentence, labels, passages, min_word_share))
    return checked
