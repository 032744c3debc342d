"""The user's question read once: what kind of thing its answer must contain.

A question's type decides what an answer must hold: "how many", "how long", "what is the largest ...", "what exit
status" want a quantity; "what is the default ...", "which release", "when did ..." a value; "which option /
command / setting / file ...", and "where" or "who" opening a question or a clause, want a name from the
documents (an identifier: a path, a file, a person); "what is X" wants a definition and "how do I ..." a
procedure, which no single token marks. Ranking sentences by the
question's own words alone favours the sentence that repeats the question ("The default value of work_mem can be
changed per session") over the one that answers it ("The default is four megabytes (4MB)."), which manuals
often put next, at the end of a setting's paragraph; reference pages put the declaration first
("wordwrap(s, width=79)", then "Wrap a string to the given width."). So a sentence whose answer window (it and
the sentence on each side, which a quote reaches first) holds nothing of the expected kind beyond the question's
own words ranks lower (decision 0096).

A sentence that asks what the question asks ("nobody here knows which cipher Mutt uses") is someone else's
question, not an answer, however many of its words it shares: it is never offered (decision 0098).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from agent.evidence import key_terms, stem
from agent.words import folded_words, hyphenated_words

Expectation = Literal["quantity", "value", "identifier", "any"]

# Each pattern reads one kind from the question's wording. Decision 0113 read more wordings for the kinds that
# were there: "where" and "who" opening a question or a clause, "when did", "which release", superlatives ("the
# largest", "the oldest") and exit statuses. On the 48 blind suites W-AJ, AN and AO the agent then answered 10 more
# cases right (12 up, 2 down), clear +5, canaries unchanged; a fresh set (AP) did not move.
#
# A quantity: its answer is a number (digits or a number word), whatever else the sentence names.
_QUANTITY_QUESTION = re.compile(
    r"\bhow (?:many|much|long|large|big|often|far|old|high|low|soon|fast|wide|deep|small|frequently|quick\w*)\b"
    r"|\b(?:what|which)\b[^?]{0,40}\b(?:number|size|limit|maximum|minimum|max|min|length|count|percentage|"
    r"percent|amount|timeout|port|interval|duration|capacity|threshold|rate|frequency|year|date|depth|width|"
    r"height|longest|shortest|largest|biggest|smallest|highest|lowest|fewest|greatest|oldest|newest|"
    r"earliest|latest)\b"
    r"|\b(?:exit|return|status) (?:status|code|value)\b",
    re.IGNORECASE,
)
# A value that may be a number or a name: a default, a version, a level.
_VALUE_QUESTION = re.compile(
    r"\b(?:default|defaults|factory setting|out of the box|unless (?:i|you|we) (?:change|set|configure)|"
    r"if (?:i|you|we) (?:don't|do not|never) (?:change|set|configure))\b"
    r"|\b(?:what|which)\b[^?]{0,40}\b(?:value|version|release|time|period|level)\b"
    r"|(?:^|[,;:.?!]\s+)when (?:did|was|were)\b",
    re.IGNORECASE,
)
# A name from the documents: an option, a file, a path, a person. "Where" and "who" ask for one only where they open
# a question or a clause ("Where does ...?", "When it crashes, where ...?"), not inside one ("the user who ...").
_IDENTIFIER_QUESTION = re.compile(
    r"\b(?:which|what)(?:'s| is| are)?(?: the)?\b[^?]{0,30}\b(?:option|options|flag|flags|switch|command|"
    r"commands|setting|settings|parameter|parameters|variable|variables|function|functions|method|methods|"
    r"module|modules|file|files|directory|folder|key|keyword|field|column|table|extension|package|signal|"
    r"exception|error|mode|format|encoding|operator|attribute|property|event|hook|class|type|argument|"
    r"config(?:uration)?|name|called|named|tool|utility|program|subcommand|header|directive)\b"
    r"|\bwhat (?:is it|are they|do (?:i|you|we)) (?:called|named|use|run|type)\b"
    r"|(?:^|[,;:.?!]\s+)(?:where|who)\b",
    re.IGNORECASE,
)
# "What kind of function ...?" asks for a category, said in plain words ("a generator function").
_CATEGORY_QUESTION = re.compile(r"\b(?:what|which) (?:kind|kinds|type|types|sort|sorts) of\b", re.IGNORECASE)

_DIGITS = re.compile(r"\d")
# A number as a quantity is written: digits with separators, maybe a short unit ("16K", "512MiB", "2160h",
# "0.01", "1,000"); a code that merely holds digits ("ERR-5208", "sha256") is a name, not an amount.
_QUANTITY_TOKEN = re.compile(r"\d[\d.,_]*(?:[a-zA-Z%µ]{1,3})?|\d[\d.,_]*-\w{1,8}", re.IGNORECASE)
_NUMBER_WORDS = frozenset(
    [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "fifteen",
        "twenty",
        "thirty",
        "forty",
        "fifty",
        "sixty",
        "hundred",
        "thousand",
        "million",
        "billion",
        "twice",
        "thrice",
        "half",
        "double",
        "triple",
        "dozen",
        "unlimited",
        "infinite",
        "hourly",
        "daily",
        "nightly",
        "weekly",
        "monthly",
        "yearly",
        "annually",
    ]
)
_SETTING_WORDS = frozenset(
    ["on", "off", "true", "false", "yes", "no", "none", "null", "enabled", "disabled", "empty", "unset"]
)
# Names the way documents write them: an option, a code name, a path, a quoted literal, a call, a constant, a
# capitalised name.
_IDENTIFIER_TOKEN = re.compile(
    r"(?<![\w-])--?[A-Za-z][\w-]*"  # --force, -x
    r"|\b\w+_\w+\b"  # work_mem
    r"|\b[A-Za-z]\w*\.[A-Za-z_]\w*\b"  # fs.readFile, os.path
    r"|\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z]+[A-Z]\w*\b"  # readFile, PermitRootLogin
    r"|\b[A-Z][A-Z0-9]{2,}\b"  # SIGTERM, PGDATA
    r"|[\w.-]*/[\w./-]+"  # paths
    r"|\b\w+\(\)"  # call()
    r"|(?<=[\w,;:)] )[A-Z][a-z]+"  # a capitalised name inside a sentence: Read Committed, Gzip
    r"|[`'\"‘“][^`'\"’”\s][^`'\"’”]{0,40}[`'\"’”]"  # quoted literals
)


_RAW_WORD = re.compile(r"\w+")
# A word that opens a sentence is capitalised whatever it is: what may come before one.
_SENTENCE_OPENING = re.compile(r"(?:^|[.?!:]\s+|\n)[\"'(\[]*$")
# Code around a word makes it a name: a file extension (.ts), a scheme or module (node:sqlite), a path, an option.
_CODE_BEFORE = (".", ":", "/", "_", "$", "@")
# An option: one or two hyphens opening a word ("-x", "--force"), not a hyphen inside one ("built-in").
_OPTION_BEFORE = re.compile(r"(?:^|[\s(\"'`\[])--?$")
_CODE_AFTER = ("(", "_", ".", ":", "/")


def named_words(question: str) -> list[str]:
    """The question's words written as names, case-folded: capitalised inside a sentence ("Parquet",
    "Postgres"), with capitals past the first letter ("BigQuery", "QUIC"), mixing letters with digits or
    underscores ("http2", "json_extract"), or joined to code punctuation (".ts", "node:sqlite").

    A name the documents never mention says the question is about something they do not cover: on the 14
    suites seen by 2026-12-04, a key word written as a name and absent from every passage marked 41 of 82
    unanswerable questions and 2 of 322 answerable ones (decision 0085). Ordinary words absent from the
    index ("hopping", "misspell") are the user's paraphrase, not a topic, and do not count.
    """
    named: list[str] = []
    for match in _RAW_WORD.finditer(question):
        word, start, end = match.group(), match.start(), match.end()
        if len(word) < 2 or word.isdigit():
            continue
        capitalised = word[0].isupper() and not _SENTENCE_OPENING.search(question[:start])
        coded = (
            any(char.isupper() for char in word[1:])
            or (any(char.isdigit() for char in word) and any(char.isalpha() for char in word))
            or "_" in word.strip("_")
            or question[start - 1 : start] in _CODE_BEFORE
            or _OPTION_BEFORE.search(question[:start]) is not None
            or (question[end : end + 1] in _CODE_AFTER and question[end + 1 : end + 2].strip() != "")
        )
        if capitalised or coded:
            named.append(word.casefold())
    return list(dict.fromkeys(named))


def expected_answer(question: str) -> Expectation:
    """What the answer must contain: a quantity (a number), a value (a number or a name), an identifier, or
    nothing a token shows (definitions, procedures).

    Quantity and identifier say what kind of thing is asked, and the one the question names first decides:
    "Which setting limits how many clients ...?" asks for a setting. "Default" only says the thing asked for is
    a default, so a value is expected only when no kind is named before it: "By default, how many ...?" asks for
    a number, "What's the factory setting for ...?" for a value.
    """
    quantity = _end(_QUANTITY_QUESTION, question)
    identifier = None if _CATEGORY_QUESTION.search(question) else _end(_IDENTIFIER_QUESTION, question)
    value = _end(_VALUE_QUESTION, question)
    if quantity is not None and (identifier is None or quantity <= identifier):
        return "quantity"
    if identifier is not None and (value is None or identifier < value):
        return "identifier"
    return "value" if value is not None else "any"


def _end(pattern: re.Pattern[str], question: str) -> int | None:
    found = pattern.search(question)
    return found.end() if found else None


# "When I run ..., what ...?": when, where and why open clauses more often than they ask.
_INTERROGATIVES = frozenset(["which", "what", "how", "who", "whom"])
# The words right after a question's interrogative name what it asks for ("which cipher", "what exit status").
ASKED_REACH = 2
# How far after its own interrogative a sentence may name that thing and still ask for it ("which file name prefix").
ASKING_REACH = 4


def asked_for(question: str) -> tuple[str, frozenset[str]] | None:
    """The question's interrogative and the stems of the key words right after it: what it asks for."""
    words = folded_words(question)
    terms = set(key_terms(question))
    for index, word in enumerate(words):
        if word in _INTERROGATIVES:
            asked = frozenset(
                stem(after) for after in words[index + 1 : index + 1 + ASKED_REACH] if after in terms
            )
            return (word, asked) if asked else None
    return None


@dataclass(frozen=True)
class QuestionShape:
    """The question parsed once: its key words and what its answer must contain."""

    text: str
    terms: tuple[str, ...]
    expects: Expectation
    own_stems: frozenset[str]
    """The stems of every word the question says itself: what an answer must go beyond."""
    names: tuple[str, ...] = ()
    """The key words the question writes as names (:func:`named_words`)."""
    asks: tuple[str, frozenset[str]] | None = None
    """The question's interrogative and the stems of what it asks for (:func:`asked_for`)."""

    @classmethod
    def read(cls, question: str) -> QuestionShape:
        terms = tuple(key_terms(question))
        return cls(
            text=question,
            terms=terms,
            expects=expected_answer(question),
            own_stems=frozenset(stem(word.casefold()) for word in hyphenated_words(question)),
            names=tuple(word for word in named_words(question) if word in terms),
            asks=asked_for(question),
        )

    def asked_again_by(self, sentence: str) -> bool:
        """Whether ``sentence`` asks what the question asks ("... would like to know which cipher Mutt uses"):
        a page restating the question, not answering it."""
        if self.asks is None:
            return False
        interrogative, asked = self.asks
        words = folded_words(sentence)
        return any(
            word == interrogative
            and any(stem(following) in asked for following in words[index + 1 : index + 1 + ASKING_REACH])
            for index, word in enumerate(words)
        )

    def supplied_by(self, text: str) -> bool:
        """Whether ``text`` holds something of the expected kind that the question itself does not say."""
        return self.expects == "any" or bool(self.answers_in(text))

    def answers_in(self, text: str) -> set[str]:
        """The things of the expected kind ``text`` states beyond the question's own words (values also count
        identifiers: a default may be a name), case-folded; empty for a question of no particular kind."""
        if self.expects == "any":
            return set()
        if self.expects == "quantity":
            return _quantities(text, self.own_stems)
        found = _identifiers(text, self.own_stems)
        return found | _values(text, self.own_stems) if self.expects == "value" else found

    def values_in(self, text: str) -> set[str]:
        """The numbers and setting words ``text`` states beyond the question's own words, case-folded."""
        return _values(text, self.own_stems)


def _values(text: str, own: frozenset[str]) -> set[str]:
    """Numbers, number words and setting words (on, off, none, ...) the question does not say itself."""
    return _new_words(text, own, _is_value)


def _quantities(text: str, own: frozenset[str]) -> set[str]:
    """Amounts the question does not say itself: numbers as quantities are written, number words."""
    return _new_words(text, own, _is_quantity)


def _is_value(word: str, folded: str) -> bool:
    return bool(_DIGITS.search(word)) or folded in _NUMBER_WORDS or folded in _SETTING_WORDS


def _is_quantity(word: str, folded: str) -> bool:
    return bool(_QUANTITY_TOKEN.fullmatch(word)) or folded in _NUMBER_WORDS


def _new_words(text: str, own: frozenset[str], counts: Callable[[str, str], bool]) -> set[str]:
    """The words of ``text`` (hyphenated words whole, case-folded) that ``counts`` and the question does not say."""
    found: set[str] = set()
    for word in hyphenated_words(text):
        folded = word.casefold()
        if stem(folded) not in own and counts(word, folded):
            found.add(folded)
    return found


def _identifiers(text: str, own: frozenset[str]) -> set[str]:
    found: set[str] = set()
    for match in _IDENTIFIER_TOKEN.finditer(text):
        words = [stem(word.casefold()) for word in hyphenated_words(match.group())]
        if words and not all(word in own for word in words):
            found.add(match.group().strip("`'\"‘’“”").casefold())
    return found
