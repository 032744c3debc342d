"""Turn one source file into ready-to-add Tantivy documents, in the extraction worker.

The worker encodes every document of a file (its passages and its manifest record) as one line of
JSON, and the indexing process hands each line to ``IndexWriter.add_json``. Building
``tantivy.Document`` objects in the indexing process instead, from pickled passage objects, cost
that one process more Python time than the whole Tantivy writer: the indexing process holds the
GIL while it feeds Tantivy, so every microsecond spent there per passage was serial. A line of JSON
crosses the process boundary as plain text, and Tantivy parses it against the schema in Rust (u64
fields stay u64, unlike ``Document(**values)``).
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from json.encoder import encode_basestring_ascii  # the C encoder behind json.dumps
from pathlib import Path

from corpus.documents import SkippedFile, SourceFile
from corpus.loading import LoadedDocument, LoadedPart, load_source
from indexer import schema as fields
from indexer.text import clean_text, display_path

# Tantivy documents are separated by a bare newline: JSON escapes newlines inside strings, so one
# never occurs inside a document (str.splitlines would also split on U+2028 and friends, which
# JSON leaves unescaped).
DOCUMENT_SEPARATOR = "\n"


@dataclass(frozen=True, slots=True)
class PreparedFile:
    """A file read, cut into passages and encoded for Tantivy; what a worker sends back. It does not
    carry the SourceFile back: the indexing process still has it, and unpickling its two paths for
    every file was serial time in the one process that feeds Tantivy."""

    doc_id: str
    content_hash: str
    passages: int
    documents: str

    def json_documents(self) -> list[str]:
        return self.documents.split(DOCUMENT_SEPARATOR)


PrepareOutcome = PreparedFile | SkippedFile


def prepare_file(doc_id: str, source: SourceFile, max_bytes: int) -> PrepareOutcome:
    """Load ``source`` and encode its passages and manifest record (refusals pass through)."""
    loaded = load_source(source, max_bytes)
    if isinstance(loaded, SkippedFile):
        return loaded
    lines = passage_lines(doc_id, loaded)
    for number, part in enumerate(loaded.parts, start=1):
        lines += passage_lines(doc_id, part, fields.part_id(doc_id, number))
    lines.append(file_record_line(doc_id, loaded))
    return PreparedFile(
        doc_id=doc_id,
        content_hash=loaded.content_hash,
        passages=loaded.passage_count,
        documents=DOCUMENT_SEPARATOR.join(lines),
    )


def _text(value: str) -> str:
    """A JSON string literal; lone surrogates (which Tantivy rejects) are replaced first. ASCII-only
    output with ``\\uXXXX`` escapes: the C encoder's ASCII variant is a third faster than the one that
    copies other characters through, and Tantivy decodes the escapes either way."""
    return str(encode_basestring_ascii(clean_text(value)))


def passage_lines(doc_id: str, loaded: LoadedDocument | LoadedPart, document: str = "") -> list[str]:
    """One JSON document per passage, holding only what differs from passage to passage plus the
    title (searched with every passage). What is the same for the whole file (path, modified time)
    lives once, in the file record: every field of every passage is paid for by Tantivy, and on
    the kernel documentation a passage's fields cost as much as its text. A section's heading is
    re-encoded only when it changes; a page number is written only for pages (PDF, slides).

    A file's further documents (``document``: a message of an mbox, an attachment) get passage IDs of
    their own (``docid/n:k``) but keep the file's ``doc_id``, so everything a file holds is replaced
    and deleted with one term, exactly like a file that holds one document."""
    document = document or doc_id
    shared = f'{{"{fields.KIND}":"{fields.KIND_PASSAGE}","{fields.DOC_ID}":"{doc_id}","{fields.TITLE}":{_text(loaded.title)},'
    lines = []
    heading, heading_json = None, ""
    for passage in loaded.passages:
        if passage.heading != heading:
            heading, heading_json = passage.heading, _text(passage.heading)
        page = f'"{fields.PAGE}":{passage.page},' if passage.page else ""
        lines.append(
            f'{shared}"{fields.ID}":"{fields.passage_id(document, passage.ordinal)}",{page}'
            f'"{fields.HEADING}":{heading_json},"{fields.BODY}":{_text(passage.text)}}}'
        )
    return lines


def file_record_line(doc_id: str, loaded: LoadedDocument) -> str:
    """The manifest record, committed with the passages so the two always agree. It has no
    title, heading or body: a search can only ever match passages."""
    source = loaded.source
    root, root_json, root_key = _root_fields(source.root)
    shown = f"{root.rstrip(os.sep)}{os.sep}{display_path(source.relative)}"  # a str join: no Path parsing per file
    return (
        f'{{"{fields.KIND}":"{fields.KIND_FILE}","{fields.ID}":"{fields.file_record_id(doc_id)}",'
        f'"{fields.DOC_ID}":"{doc_id}","{fields.ROOT}":{root_json},"{fields.PATH}":{_text(shown)},'
        f'"{fields.SIZE}":{source.size},"{fields.MODIFIED_NS}":{fields.stored_ns(source.mtime_ns)},'
        f'"{fields.CONTENT_HASH}":"{loaded.content_hash}","{fields.PASSAGES}":{loaded.passage_count},'
        f'"{fields.DOC_KEY}":{fields.doc_key(doc_id)},"{fields.ROOT_KEY}":{root_key}}}'
    )


@functools.lru_cache(maxsize=64)
def _root_fields(root: Path) -> tuple[str, str, int]:
    """The root as shown, as JSON, and its manifest key: the same for every file of a run."""
    shown = display_path(root)
    return shown, _text(shown), fields.root_key(shown)
