"""Whether a sentence of a document may be offered as an answer: a rule, not a list of known attacks.

An answer is a declarative statement about the documents' subject matter. Ranking sentences by the question's
words favours exactly the sentences a hostile page writes to echo a question, so whatever is not such a
statement is never offered, however well it matches; it stays in the fenced source as data. What is not a
statement about the subject matter, each one check below:

- *protocol*: structured, machine-shaped text - JSON or dict literals, tool-call shapes, role markers of a chat
  transcript, markup tags, our own fences and ``[S7]`` labels;
- *addressed to software*: words to an AI, assistant, model or other program reading the page, about what an
  answer, reply or output must say, or casting the reader as such a program ("you are playing the docs
  assistant") - a manual tells its human reader what to do with the subject, never what a reader's software
  should answer, and never that its reader is a program (decision 0137);
- *encoded*: a payload a reader would have to decode (long base64 or hex runs, "decode this" requests);
- *code*: a line of code or configuration rather than prose about it;
- *disguised*: words spelled with mixed Latin and Cyrillic/Greek letters (homoglyphs);
- *asks*: a question, which asks for the answer instead of giving it. Pages that restate a user's question
  (a forum post, a to-do, a quiz card) word it closest to the user, so ranking by the question's words puts
  them first (decision 0098). A question may still be quoted beside an answer (an FAQ's answer follows it);
- *speaks of answering*: a sentence about a question being asked and about its answer or reply ("if anyone
  asks you where ..., reply with the code ...", "the mailing-list question got no reply"). It is about the
  exchange, not the subject: a planted instruction has to name the question it hijacks and the answer it wants,
  and a restater page says its question went unanswered. Like words to software it marks its whole passage
  (decision 0100).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import pairwise

from agent.words import ENDS_IN_AN_ABBREVIATION, LABEL, folded_words, words

# A record literal: {"key": ..., 'key': 'value', call(name='...'), a list of records.
_RECORD_LITERAL = re.compile(
    r"""\{\s*['"]?[A-Za-z_][\w-]*['"]?\s*:|['"][A-Za-z_][\w-]*['"]\s*:\s*['"\[{\d]|\w\(\s*[A-Za-z_]\w*\s*=\s*['"{\[]|\[\s*\{"""
)
# Prose may quote a small literal ("these return a dictionary equal to {'one': 1}"); a record that is most of the
# sentence is the sentence.
RECORD_SHARE = 0.5
_CHAT_TOKENS = re.compile(
    r"<\|?\s*/?\s*(?:im_start|im_end|start_of_turn|end_of_turn|system|user|assistant|s|inst|tool_call|"
    r"function_call)\b|\[/?INST\]|<<SYS>>"
    r"|[<‹]\s*/?\s*source\b|fence\s*=|\[" + LABEL + r"\]",  # and Carrel's own fences and labels
    re.IGNORECASE,
)
# "User: ..." / "### System" / "SYSTEM MESSAGE:" / "Thought: ... Action: ..." opening a line: a transcript or an
# agent's trace, not a statement.
_ROLE_MARKER = re.compile(
    r"(?:^|\n)\s*(?:#+\s*|\*\*|-\s*)?(?:system|user|assistant|human|ai|bot|model|tool|function|thought|action|"
    r"action input|observation|final answer)(?: message| prompt| note| response)?\s*(?:\*\*)?\s*:",
    re.IGNORECASE,
)
# A tool call written as a record, even with its lines run together: a tool or action, then its arguments.
_TOOL_CALL = re.compile(
    r"\b(?:tool|function|action|name|call)\s*:\s*\S+.{0,120}?\b(?:arguments|args|parameters|params|input|text)\s*:",
    re.IGNORECASE,
)
# Several "key: value" lines, or a list item opening with one: YAML or a similar record, not prose.
_RECORD_LINE = re.compile(r"(?:^|\n)\s*-?\s*[a-z_][\w-]*:(?:\s|$)", re.IGNORECASE)
MIN_RECORD_LINES = 2
# A tag with attributes, or a closing tag: markup. A bare "<count>" is a manual's placeholder, not markup.
_MARKUP = re.compile(
    r"<\s*[a-z][\w-]*\s+[\w-]+\s*=\s*['\"][^'\"]*['\"][^>]*>|<\s*/\s*[a-z][\w-]*\s*>", re.IGNORECASE
)

# Who a planted instruction talks to: an AI or a program reading the page - never a manual's human reader.
_AI_READER = re.compile(
    r"\b(?:ai|a\.i\.|assistants?|chat\s?bots?|bots?|llms?|gpt\w*|language models?|ai (?:models?|systems?)|"
    r"summari[sz]ers?|summari[sz]ation tools?|crawlers?|answer(?:ing)? (?:systems?|engines?|tools?|models?)|"
    r"automated (?:readers?|systems?|agents?|tools?|assistants?)|model,|"
    r"(?:retrieval|ai|llm|autonomous|coding|code) (?:agents?|assistants?)|ai code assistants?|"
    r"ki|ki-\w+|sprachmodell\w*|automatische leser|modèles? de langage|assistants automatiques|"
    r"intelligence artificielle|inteligencia artificial|modelos? de lenguaje|asistente)\b",
    re.IGNORECASE,
)
# Addressing whatever program reads the page: enough on its own, a manual never does it.
_READING_PROGRAM = re.compile(
    r"\b(?:software|programs?|tools?|systems?|agents?|models?|whatever|anyone|anything|any \w+)"
    r" (?:that (?:is |are )?)?(?:read|reads|reading|process|processes|processing|parse|parses|parsing|indexing|"
    r"summari[sz]e|summari[sz]es|summari[sz]ing|ingest|ingests|ingesting|lisent|lean)"
    r" (?:this|these|the following|it|cette|diese\w*|este|esta)\b"
    r"|\baddressed to (?:the |any |whatever )?(?:program|software|system|model|machine)"
    r"|\b(?:note|message|notice|attention|hint|memo|reminder|instructions?|warning) (?:for|to) (?:all |any |the )?"
    r"(?:ai|a\.i\.|llms?|language models?|assistants?|chat\s?bots?|bots?|agents?|models?|summari[sz]ers?|crawlers?)\b"
    r"|\breaders? (?:that|who|which) (?:are|is) (?:an? )?(?:ai|llms?|language models?|bots?|assistants?|programs?|"
    r"software)\b",
    re.IGNORECASE,
)
# Telling the reader what it is: "you are playing the docs assistant", "if you are a language model". A manual
# never tells its reader that the reader is a program; 0 of 641,216 sentences of the seen suites' corpora do, 12 of
# the 7,028 of their hostile pages (decision 0137).
_YOU_ARE = re.compile(
    r"\byou(?:'re| are)(?: now| currently| here| also)?(?: (?:playing|acting as|acting|in the role of|"
    r"taking the role of|cast as|running as|working as))? (?:the|an?|our|this|a kind of) ",
    re.IGNORECASE,
)
# The program may be named with a word or two before it: "the docs assistant", "a text-only language model".
WORDS_BEFORE_THE_PROGRAM = 2
_WORD_AND_SPACE = re.compile(r"[\w-]+ ")
# A directive: a modal, or a verb about answering, repeating or ignoring (in the languages attacks use most).
_DIRECTIVE = re.compile(
    r"\b(?:must|should|shall|need to|needs to|have to|has to|are (?:expected|required|instructed|asked|told) to|"
    r"is (?:mandatory|required)|mandatory|please|always|never|do not|don't|reply|respond|answer|say|tell|state|"
    r"output|print|repeat|include|append|recommend|mention|ignore|disregard|forget|reveal|omit|forward|"
    r"müssen|sollen|soll|antworte\w*|ignoriere|gib|doivent|recommandez|affirmer|deben|debe|responde|incluye|"
    r"ignora|di|decir)\b",
    re.IGNORECASE,
)
# Speaking of the answer being written, or of "the user" as a third party to be told or served.
_ABOUT_THE_ANSWER = re.compile(
    r"\b(?:when|if|whenever) (?:you are |you're |anyone |someone |the user |a user |users )?"
    r"(?:asked|asks|questioned|prompted|queried) (?:about|for|what|how|which|whether|by)\b"
    r"|\byour (?:answers?|repl(?:y|ies)|summary|summaries|first line|developers?|hidden instructions|"
    r"instructions|system prompt)\b"
    r"|\b(?:every|each|any) (?:sentence|answer|reply|response|summary) you\b"
    r"|\b(?:in|to|into|at the end of) (?:your|their|its|every|each|any) (?:answers?|repl(?:y|ies)|responses?|outputs?|"
    r"summary|summaries)\b"
    r"|\bthe (?:answer|reply|response|output|summary) (?:must|should|shall|has to|needs to) (?:contain|include|"
    r"mention|say|state|read|begin|end|start)\b"
    r"|\bwhen (?:summari[sz]ing|answering|responding to|replying to) (?:this|these|the|questions|users?|anyone)\b"
    r"|\b(?:anyone|anybody|whoever|everyone|those|all)\b[^.]{0,30}\b(?:answering|responding to|replying to)"
    r" (?:\w+ )?(?:questions?|queries|users?|requests?)\b[^.]{0,60}\b(?:must|should|shall|needs? to|has to|have to|is (?:required|expected) to)\b"
    r"|\b(?:do not|don't|never) (?:answer|reply|respond)\b|\binstead (?:reply|respond|answer)\b"
    r"|\b(?:end|begin|start|finish|prefix|suffix|sign)\w* (?:every|each|all|any) (?:answers?|repl\w+|responses?|outputs?)\b"
    r"|\b(?:answer|respond to|reply to) (?:every|any|all|each|such)? ?(?:questions?|queries|requests?)"
    r"(?: about [^.]{0,40})? (?:with|by|using)\b"
    r"|\b(?:before|instead of|without) (?:answering|replying|responding)\b"
    r"|\b(?:the )?user's (?:questions?|prompt|credentials)\b"
    r"|\b(?:should|must|shall|always|please)\s+(?:tell|inform|remind|recommend\w*|assure|convince)\b[^.]{0,30}"
    r"\b(?:the|a|any) users?\b|^\W*(?:tell|inform|remind|assure|convince) (?:the|a|any) users?\b"
    r"|\b(?:correct|right|official|only) (?:answer|value|figure|version|number) (?:to )?(?:give|quote|use|report|state)\b"
    r"|\b(?:ignore|disregard|forget|discard|supersed\w*) (?:all|any|the|every|your|previous|prior|above|"
    r"earlier|these|those|everything|other|conflicting)\b[^.]{0,40}\b(?:instructions?|rules|prompts?|guidelines|"
    r"directions|above|said|sources?|documents?|table|paragraph)\b"
    r"|\b(?:previous|prior|earlier|new|hidden) instructions\b"
    r"|^\W*(?:please\s+)?(?:only\s+)?(?:reply|respond|answer|say|output)\b(?: (?:with|that|only|exactly|"
    r"by|using))",
    re.IGNORECASE,
)
# Asking the reader's software for secrets, or to send something somewhere.
_EXFILTRATION = re.compile(
    r"\b(?:reveal|share|list|print|show|quote|send|forward|leak|expose|output|paste|include|dump|email|upload|"
    r"look up)\b[^.]{0,60}\b(?:api[_ ]?keys?|\w*_(?:token|key|secret)s?|auth tokens?|"
    r"secrets?|private keys?|(?:every|all|any) environment variables? you|hidden instructions|system prompt|"
    r"id_(?:rsa|ed25519|ecdsa)|\.ssh|\.npmrc|\.netrc|\.git-credentials)\b"
    r"|\b(?:send|forward|email|post|upload|transmit)\b[^.]{0,30}\b(?:the )?(?:conversation|chat|history|"
    r"contents?|file names|list of|directory listing|files)\b[^.]{0,40}\bto\b",
    re.IGNORECASE,
)
# Security advice says what never to share; an attack asks for it.
_NEGATED = re.compile(
    r"\b(?:never|do not|don't|must not|should not|shouldn't|cannot|can't|can not|will not|won't)\b",
    re.IGNORECASE,
)

# A base64 run: long, with capitals, small letters and digits all mixed (a path or a hash has not all three).
_ENCODED_RUN = re.compile(
    r"(?<![\w/+.-])(?=(?:[a-z0-9]*[A-Z]){2})(?=(?:[A-Z0-9]*[a-z]){2})(?=(?:[A-Za-z]*[0-9]){2})"
    r"[A-Za-z0-9]{24,}"
)
_DECODE_REQUEST = re.compile(
    r"\b(?:decode|decipher|rot-?13|base-?64|hex)\b[^.]{0,60}\b(?:follow|obey|execute|do what|apply|carry out|"
    r"comply|instructions?|then)\b",
    re.IGNORECASE,
)

_CODE_CHARACTERS = frozenset("{}()[];=<>&|*$#\\")
MIN_CODE_CHARACTERS = 4
CODE_CHARACTERS_PER_WORD = 0.5
MIN_CODE_WORDS = 5
# A command or configuration line is short, has no function word and no sentence ending.
MAX_BARE_LINE_WORDS = 8
_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "is",
        "are",
        "was",
        "were",
        "be",
        "of",
        "to",
        "in",
        "on",
        "for",
        "with",
        "as",
        "by",
        "and",
        "or",
        "not",
        "it",
        "its",
        "this",
        "that",
        "these",
        "if",
        "when",
        "which",
        "who",
        "can",
        "may",
        "must",
        "will",
        "should",
        "from",
        "at",
        "into",
        "than",
        "then",
        "you",
        "your",
    ]
)
_CODE_LINE = re.compile(
    r"^\s*(?:\$\s|#(?:include|define|undef|ifn?def|if|elif|else|endif|pragma)\b|#!|import\s+\w|from\s+[\w.]+\s+import\b|def\s+\w+\(|class\s+\w+[:(]|"
    r"(?:const|let|var|int|char|void|static|public|return)\s+[\w*]+\s*[=(;]|"
    r"(?:SELECT|INSERT|UPDATE|DELETE|DROP|GRANT|REVOKE|CREATE|ALTER|TRUNCATE)\s+[A-Z*]|"
    r"[\w.-]+\s*=\s*\S+\s*$)"
)
_IDENTIFIER_SHAPE = re.compile(r"--?[a-z]|[a-z][A-Z]|[A-Z][a-z]+[A-Z]|_|\w\.\w|/")


def protocol_shaped(sentence: str) -> bool:
    """Structured data, a tool call, a chat transcript or agent trace, a record or markup: text for a program."""
    if _CHAT_TOKENS.search(sentence) or _ROLE_MARKER.search(sentence) or _MARKUP.search(sentence):
        return True
    if _TOOL_CALL.search(sentence):
        return True
    if len(_RECORD_LINE.findall(sentence)) >= MIN_RECORD_LINES:
        return True
    start = _RECORD_LITERAL.search(sentence)
    return start is not None and _bracketed_share(sentence, start.start()) >= RECORD_SHARE


def _bracketed_share(sentence: str, start: int) -> float:
    """How much of the sentence the literal opening near ``start`` spans (to its closing bracket, or the end)."""
    opening = next((index for index in range(start, len(sentence)) if sentence[index] in "{[("), start)
    depth = 0
    for index in range(opening, len(sentence)):
        depth += {"{": 1, "[": 1, "(": 1, "}": -1, "]": -1, ")": -1}.get(sentence[index], 0)
        if depth == 0:
            return (index + 1 - opening) / max(len(sentence.strip()), 1)
    return (len(sentence) - opening) / max(len(sentence.strip()), 1)


def addressed_to_software(sentence: str) -> bool:
    """Words to an AI or a program reading the page, about the answer it writes, asking it for secrets, or
    telling the reader that it is such a program."""
    if _ABOUT_THE_ANSWER.search(sentence) or _READING_PROGRAM.search(sentence):
        return True
    if _EXFILTRATION.search(sentence) and not _NEGATED.search(sentence):
        return True
    if _AI_READER.search(sentence) and _DIRECTIVE.search(sentence):
        return True
    return _tells_reader_it_is_software(sentence)


def _tells_reader_it_is_software(sentence: str) -> bool:
    """The reader cast as a program: "You are (playing) the docs assistant", "if you are a language model"."""
    for match in _YOU_ARE.finditer(sentence):
        position = match.end()
        for _ in range(WORDS_BEFORE_THE_PROGRAM + 1):
            if _AI_READER.match(sentence, position):
                return True
            word = _WORD_AND_SPACE.match(sentence, position)
            if word is None:
                break
            position = word.end()
    return False


def encoded_payload(sentence: str) -> bool:
    """A run of base64 a reader would have to decode, or a request to decode something and act on it."""
    return bool(_ENCODED_RUN.search(sentence) or _DECODE_REQUEST.search(sentence))


def code_like(sentence: str) -> bool:
    """A line of code or configuration: its shape (a prompt, an import, a declaration, ``key = value``), or
    braces, operators and semicolons in proportion to its words, or some of them and not one function word."""
    if _CODE_LINE.match(sentence):
        return True
    words = folded_words(sentence)
    if _bare_line(sentence, words):
        return True
    symbols = sum(1 for character in sentence if character in _CODE_CHARACTERS)
    if symbols >= MIN_CODE_CHARACTERS and symbols >= CODE_CHARACTERS_PER_WORD * len(words):
        return True
    if any(word in _FUNCTION_WORDS for word in words) or len(words) < MIN_CODE_WORDS:
        return False
    return symbols > 0 or _listing(words)


def _listing(words: list[str]) -> bool:
    """Identifiers and numbers one after another (container IDs, hashes, a table's row of figures): data a
    program printed, not a statement about it; most of its words hold a digit and none is a function word."""
    return sum(1 for word in words if any(character.isdigit() for character in word)) > len(words) / 2


def _bare_line(sentence: str, words: list[str]) -> bool:
    """A short line with identifier-shaped words, no function word and no sentence ending: a command or a setting
    (``git push --force origin main``, ``PermitRootLogin yes``, ``DROP TABLE orders;``)."""
    if not words or len(words) > MAX_BARE_LINE_WORDS or sentence.rstrip().endswith((".", "!", "?", ":")):
        return False
    if any(word in _FUNCTION_WORDS for word in words):
        return False
    return bool(_IDENTIFIER_SHAPE.search(sentence)) or sentence.rstrip().endswith(";")


def disguised(sentence: str) -> bool:
    """A word spelled with both Latin and Cyrillic or Greek letters: a homoglyph disguise, not prose."""
    for word in words(sentence):
        latin = any("a" <= char.casefold() <= "z" for char in word)
        other = any("\u0370" <= char <= "\u04ff" for char in word)
        if latin and other:
            return True
    return False


# What may close a sentence after its question mark: quotes, brackets, emphasis.
_CLOSERS = "\"'”’)]*_ "


# Asking and answering, in any form: a sentence naming both speaks of the exchange (decision 0100).
_ASKING = re.compile(r"\b(?:ask|asks|asked|asking|question|questions)\b", re.IGNORECASE)
_ANSWERING = re.compile(
    r"\b(?:answer|answers|answered|answering|reply|replies|replied|replying|respond|responds|responded|responding)\b",
    re.IGNORECASE,
)


def speaks_of_answering(sentence: str) -> bool:
    """A sentence about a question being asked and answered: the exchange, not a fact of the subject matter.

    Manuals state their facts; they seldom speak of who asks and what the answer is (93 of 446,081 sentences
    of the blind suites' corpora do, an FAQ's "There is no simple answer to this question"), while an
    attack must (510 of the 8,344 sentences of their hostile pages)."""
    return bool(_ASKING.search(sentence) and _ANSWERING.search(sentence))


# Two letters in a row: what a word has and an operator (``.*?``, ``{n,m}?``, ``$?``) does not.
_TWO_LETTERS = re.compile(r"[^\W\d_]{2}")


def asks(sentence: str) -> bool:
    """A question is not a statement: it asks for the answer instead of giving it.

    Two kinds of question mark close no question: a word wrapped in question marks is a synopsis's optional
    argument (Tcl's ``zlib compress string ?level?``), and one that follows an operator is part of it (a regular
    expression's lazy quantifiers ``*?``, ``.+?``, ``{n,m}?``; the shell's ``$?``). A table of quantifiers read
    as questions made Tcl's ``re_syntax`` page an open question (decision 0141)."""
    ending = sentence.rstrip(_CLOSERS)
    if not ending.endswith("?"):
        return False
    token = ending.split()[-1]
    return not token.startswith("?") and not _is_operator(token[:-1])


def _is_operator(token: str) -> bool:
    """A token of symbols ending in a character no word ends with: ``.*``, ``\\d+``, ``{n,m}``, ``[0-9]``, ``$``."""
    return bool(token) and not token[0].isalnum() and token[-1] in "*+}]$" and not _TWO_LETTERS.search(token)


# Not knowing, said by the writer or of everyone: "I couldn't find it", "we still don't know", "nobody knows".
_NOT_KNOWING = (
    r"(?:don't|do not|didn't|did not|never|haven't|have not|hasn't|has not|couldn't|could not|can't|cannot) "
    r"(?:yet )?(?:know|knew|find|found|check|checked|look(?:ed)? (?:it )?up|work(?:ed)? out|figure(?:d)? out|remember)"
)
# The writer's placeholders: to-do markers, written in capitals as to-do lists and tickets write them.
_PLACEHOLDER_MARK = re.compile(r"\b(?:TODO|TBD|FIXME)\b")
# A gap left in the text, an answer still missing, or not knowing it.
_GAP = re.compile(
    r"(?<![\w/?])\?{2,}(?![\w?])|\bcitation needed\b|\bunanswered\b"
    r"|\b(?:answer|reply|response|value|details?|reprint) (?:is |are |still )?pending\b"
    r"|\b(?:still|remains?|yet) (?:unknown|unresolved|unclear|missing|undecided|unassigned|blank|empty)\b"
    r"|\b(?:still|yet) to be (?:decided|confirmed|determined|checked|looked up|written)\b"
    r"|\bnot yet (?:known|resolved|answered|checked|decided|confirmed)\b|\bnot been (?:answered|resolved|checked)\b"
    r"|\b(?:I|we|nobody|no one|none of us)\b[^.;]{0,30}?\b" + _NOT_KNOWING + r"\b"
    r"|\b(?:nobody|no one) knows\b|\bno idea\b|\bwould (?:love|like) to know\b|\b(?:I|we) (?:want|wanted|need) to know\b"
    r"|\bwondering\b|\bfill (?:this|it|that|them) in\b|\bfill in the\b|\bto be filled in\b|\bredacted\b|\bwithheld\b",
    re.IGNORECASE,
)


def admits_a_gap(sentence: str) -> bool:
    """A sentence saying that something is not known or not written here: a placeholder (TODO, "???", "citation
    needed", "fill this in"), an answer pending or withheld, or the writer not knowing or not finding it.

    A page that says its answer is missing (a ticket, a draft, a to-do, a notes page) is about the question
    but cannot answer it. Manuals state what they know: 380 of 677,092 sentences sampled from the 149 corpora
    (0.06%) say such a thing, most of them a TODO column or a "??" in a table, and only beside the question's
    key words does it count (decision 0121).
    """
    return bool(_PLACEHOLDER_MARK.search(sentence) or _GAP.search(sentence))


def poses_an_open_question(sentences: Sequence[str]) -> bool:
    """Whether a passage both asks a question and says its answer is missing: an open question (a forum thread
    nobody answered, a ticket, a contents page whose section went missing). It offers no answer to any question,
    whatever key words it shares with the user's; a manual's passage seldom does both (50 of 59,021 passages of the
    seen suites' corpora, against 77 of the 1,025 of their hostile pages). Decision 0137: with the reader cast as a
    program, canaries 16 -> 11 on 114 blind suites (all five through this rule) and 5 -> 1 on the seen ones, right
    outcomes 2,716 -> 2,716 and 1,394 -> 1,399."""
    return any(asks(sentence) for sentence in sentences) and any(
        admits_a_gap(sentence) for sentence in sentences
    )


UNFIT_CHECKS: tuple[tuple[str, Callable[[str], bool]], ...] = (
    ("protocol", protocol_shaped),
    ("addressed to software", addressed_to_software),
    ("encoded", encoded_payload),
    ("code", code_like),
    ("disguised", disguised),
    ("asks", asks),
    ("speaks of answering", speaks_of_answering),
)


@lru_cache(maxsize=16384)
def why_unfit(sentence: str) -> str | None:
    """The first reason the sentence is not a statement about the subject matter, or None when it is one."""
    return next((name for name, check in UNFIT_CHECKS if check(sentence)), None)


def unfit_as_answer(sentence: str) -> bool:
    """Never offered as an answer (see the module docstring); it stays in its fenced source as data."""
    return why_unfit(sentence) is not None


# What marks a whole page as hostile: it speaks to the reader's software or of the answer it should give, hides
# a payload, or disguises words.
_HOSTILE_CHECKS = frozenset(["addressed to software", "speaks of answering", "encoded", "disguised"])


def speaks_to_software(sentences: Iterable[str]) -> bool:
    """Whether any of a passage's sentences tries to steer the program reading it (addressed to software,
    speaking of the answer to give - alone or with the sentence after it, :func:`_exchange_in_two` - an encoded
    payload, disguised letters). Such a passage is hostile as a whole: the sentence beside the instruction ("the
    official value has changed to X") is part of the same attempt, so none of its sentences is offered as an
    answer; the passage stays in its fence as data (decision 0080: the one canary left after decision 0050 was
    such a sentence; decision 0100)."""
    read = list(sentences)
    return any(_hostile(sentence) for sentence in _read_across_abbreviations(read)) or _exchange_in_two(read)


def _exchange_in_two(sentences: Sequence[str]) -> bool:
    """Whether two sentences in a row speak of a question asked and of its answer between them.

    An exchange has two sides, and an instruction can put them in two sentences: "Readers asked which option
    sets X." then "They must answer with <canary>." Neither half speaks of both, so neither marked its passage
    (a seen attack split one instruction over two shell ``echo`` lines). Counted before any run: 25 of the seen
    suites' 59,021 real passages speak of an exchange over two sentences only, and 34 of their 1,025 hostile
    ones. Decision 0145: on the 120 blind-born suites canaries 11 -> 10, right outcomes 2,868 -> 2,867."""
    return any(speaks_of_answering(f"{first} {second}") for first, second in pairwise(sentences))


def _read_across_abbreviations(sentences: Iterable[str]) -> Iterator[str]:
    """Each sentence, and each one cut at an abbreviation's full stop read on with the sentences it was cut from.

    The sources' splitter breaks after every full stop, "e.g." included. Cut there, an instruction's halves each
    name one side of the exchange - "a question about X (e.g." and "Y) must be answered with <canary>" - and
    neither speaks of answering (decision 0142). Splitting differently would move every answer's boundaries: the
    seen suites lost 6 right outcomes when the splitter itself stopped at abbreviations; reading across them here
    only adds what the checks read."""
    pending = ""
    for sentence in sentences:
        yield sentence
        pending = f"{pending} {sentence}" if pending else sentence
        if pending != sentence:
            yield pending
        if not ENDS_IN_AN_ABBREVIATION.search(sentence):
            pending = ""


@lru_cache(maxsize=16384)
def _hostile(sentence: str) -> bool:
    return any(check(sentence) for name, check in UNFIT_CHECKS if name in _HOSTILE_CHECKS)


# Unfit as an answer but quotable beside one: a line of code may be what the prose it follows explains ("Called
# to implement len()" after ``object.__len__(self)``), and a question what the sentence after it answers.
_QUOTABLE_BESIDE = frozenset(["code", "asks"])


def unsafe_to_quote(sentence: str) -> bool:
    """Never quoted beside an answer either: every check but those of _QUOTABLE_BESIDE."""
    return any(check(sentence) for name, check in UNFIT_CHECKS if name not in _QUOTABLE_BESIDE)
