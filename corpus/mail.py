"""Saved mail (.eml, .mbox): one document per message, attachments as documents of their own.

The standard library's ``email`` package parses each message (MIME structure, encoded headers,
transfer encodings, charsets); it is lenient by design and records defects instead of raising. A
message becomes a document titled with its subject whose text starts with its sender, recipients and
date (so "what did Ana write in March" finds it), followed by its plain-text body (or the text of its
HTML body). Each attachment whose name is a supported type is extracted by that type's reader and
becomes one more document of the file, its headings placed under the message's.

An mbox file is split into messages at its ``From `` separator lines, the rule ``mailbox.mbox`` uses;
``mailbox`` itself is not used because it opens the file again by path, while Carrel reads every file
once, through the checked, size-capped read. In an mbox, each message's heading names its number
("Message 3"), the exact place a citation points at; a lone .eml needs none.
"""

from __future__ import annotations

import email
import email.policy
import re
from collections.abc import Callable, Iterator
from email.message import EmailMessage, Message

from corpus.documents import ExtractedDocument, Section, SkipReason
from corpus.foreign import reading_with
from corpus.formats import clip_title, extract_html
from corpus.reading import RefusedFile

# (kind, bytes, fallback title) -> document: how the mail reader reaches the other readers without
# importing the table that lists them (which imports this module).
PartExtractor = Callable[[str, bytes, str], ExtractedDocument]
KindOf = Callable[[str], str | None]

MAX_MESSAGES = 100_000
# An attached message may itself carry attachments and attached messages; real mail nests a few.
MAX_ATTACHMENT_DEPTH = 4
_MBOX_SEPARATOR = re.compile(rb"^From .*$\n?", re.MULTILINE)
_SHOWN_HEADERS = ("From", "To", "Cc", "Date")


def extract_eml(
    data: bytes, fallback_title: str, extract_part: PartExtractor, kind_of: KindOf
) -> ExtractedDocument:
    """One message; its supported attachments become the file's further documents."""
    reader = _MailReader(extract_part, kind_of)
    with reading_with("email"):
        documents = reader.message(_parse(data), fallback_title, (), 0)
    return ExtractedDocument(title=documents[0].title, sections=documents[0].sections, parts=documents[1:])


def extract_mbox(
    data: bytes, fallback_title: str, extract_part: PartExtractor, kind_of: KindOf
) -> ExtractedDocument:
    """Every message of the mailbox as its own document (the file's first document stays empty)."""
    reader = _MailReader(extract_part, kind_of)
    parts: list[ExtractedDocument] = []
    with reading_with("email"):
        for number, raw in enumerate(mbox_messages(data), start=1):
            if number > MAX_MESSAGES:
                raise RefusedFile(SkipReason.BAD_DOCUMENT, f"more than {MAX_MESSAGES} messages")
            parts += reader.message(
                _parse(raw), f"{fallback_title} message {number}", (f"Message {number}",), 0
            )
    if not parts:
        raise RefusedFile(SkipReason.MISNAMED, "no mbox 'From ' separator lines: not a mailbox")
    return ExtractedDocument(title=fallback_title, parts=parts)


def mbox_messages(data: bytes) -> Iterator[bytes]:
    """The raw messages of an mbox: the text between ``From `` lines at the start of a line. Lines
    quoted as ``>From `` inside bodies are left as they are (they read fine as text)."""
    separators = list(_MBOX_SEPARATOR.finditer(data))
    if not separators:
        return
    ends = [separator.start() for separator in separators[1:]] + [len(data)]
    for start, end in zip((separator.end() for separator in separators), ends, strict=True):
        if data[start:end].strip():
            yield data[start:end]


def _parse(raw: bytes) -> EmailMessage:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)  # the default policy builds EmailMessage objects
    return message


class _MailReader:
    def __init__(self, extract_part: PartExtractor, kind_of: KindOf) -> None:
        self.extract_part = extract_part
        self.kind_of = kind_of

    def message(
        self, message: EmailMessage, fallback_title: str, place: tuple[str, ...], depth: int
    ) -> list[ExtractedDocument]:
        """The message's own document, then one per supported attachment (depth-first)."""
        title = clip_title(str(message.get("Subject") or "")) or fallback_title
        lines = [f"{name}: {value}" for name in _SHOWN_HEADERS if (value := _header(message, name))]
        body = _body_text(message)
        text = "\n".join([*lines, "", body]).strip()
        documents = [
            ExtractedDocument(title=title, sections=[Section(headings=place, text=text)] if text else [])
        ]
        if depth < MAX_ATTACHMENT_DEPTH:
            for attachment in message.iter_attachments():
                documents += self.attachment(attachment, place, depth + 1)
        return documents

    def attachment(self, part: Message, place: tuple[str, ...], depth: int) -> list[ExtractedDocument]:
        """The documents one attachment holds: a supported file, an attached message, or (a multipart
        nested in the message) the attachments inside it."""
        if depth > MAX_ATTACHMENT_DEPTH:
            return []
        name = clip_title(part.get_filename() or "")
        if part.get_content_maintype() == "multipart" and isinstance(part, EmailMessage):
            return [
                each for inner in part.iter_attachments() for each in self.attachment(inner, place, depth + 1)
            ]
        if part.get_content_type() == "message/rfc822":
            inner = part.get_payload()
            if isinstance(inner, list) and inner and isinstance(inner[0], EmailMessage):
                return self.message(
                    inner[0], name or "attached message", (*place, f"attached message {name}".strip()), depth
                )
            return []
        kind = self.kind_of(name) if name else None
        payload = part.get_payload(decode=True) if kind else None
        if not kind or not isinstance(payload, bytes) or not payload:
            return []
        try:
            document = self.extract_part(kind, payload, name)
        except RefusedFile:
            return []  # an unreadable attachment does not make the message unreadable
        return _placed(document, (*place, f"attachment {name}"))


def _placed(document: ExtractedDocument, place: tuple[str, ...]) -> list[ExtractedDocument]:
    """``document`` and its parts (already flat), each with ``place`` in front of every heading path."""
    return [_prefixed(each, place) for each in (document, *document.parts)]


def _prefixed(document: ExtractedDocument, place: tuple[str, ...]) -> ExtractedDocument:
    sections = [
        Section(headings=(*place, *section.headings), text=section.text, page=section.page)
        for section in document.sections
    ]
    return ExtractedDocument(title=document.title, sections=sections)


def _header(message: EmailMessage, name: str) -> str:
    try:
        value = message.get(name)
    except (ValueError, IndexError, TypeError):  # a malformed header the parser could not model
        value = message.get_all(name, failobj=[""])[0] if message.get_all(name) else ""
    return " ".join(str(value or "").split())


def _body_text(message: EmailMessage) -> str:
    body = message.get_body(preferencelist=("plain", "html"))
    if body is None:
        return ""
    text = _decoded(body)
    if body.get_content_subtype() == "html":
        return "\n\n".join(section.text for section in extract_html(text, "").sections)
    return text


def _decoded(part: Message) -> str:
    """The part's text in its declared charset; an unknown or lying charset falls back to UTF-8 with
    replacement characters rather than losing the message."""
    if isinstance(part, EmailMessage):
        try:
            content = part.get_content()
            if isinstance(content, str):
                return content
        except (LookupError, UnicodeError, KeyError, ValueError):
            pass
    payload = part.get_payload(decode=True)
    return payload.decode("utf-8", errors="replace") if isinstance(payload, bytes) else ""
