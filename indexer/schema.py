"""The one place that defines the Tantivy schema and the text analyzer.

Three kinds of Tantivy documents live in one index, told apart by the ``kind`` field:

* ``passage`` — a searchable passage (body, title, heading, where it came from; no ``root``, so
  each passage costs as few indexed terms as possible);
* ``file`` — the manifest record of one source file (size, mtime, content hash), committed
  atomically with that file's passages, so the manifest can never disagree with the index;
* ``root`` — one indexed folder and when it was last indexed.

Searches only ever match ``passage`` documents: only they have body/title/heading terms, and the search
tool excludes the other kinds as well (indexes written before file records lost their title).
"""

from __future__ import annotations

import hashlib

import tantivy

# 5: the same fields, but HTML is stored with tables as header-and-cell pairs and a line end at every container
# (corpus.formats); an index written before holds words run together, so it is rebuilt from the user's files
# like one of an older schema.
# 6: the same fields, but a PDF from TeX without a Unicode map has its ligatures spelled out ("speci\x0cc" was
# stored for "specific", corpus.pdf); an index written before is rebuilt for the same reason.
# 7: the same fields, but an XHTML page has its self-closed elements read as empty (``<script src="x"/>`` had
# swallowed the rest of the page, corpus.formats); an index written before is rebuilt for the same reason.
# 8: the same fields, but a TeX PDF's "fl" ligature (code 13) is spelled out too where it cannot be a line end
# ("\rexible" was stored as a line break and "exible", corpus.pdf); rebuilt for the same reason.
SCHEMA_VERSION = 8
ANALYZER_NAME = "carrel_en"
MAX_TOKEN_CHARS = 40

KIND = "kind"
ID = "id"
DOC_ID = "doc_id"
ROOT = "root"
PATH = "path"
TITLE = "title"
HEADING = "heading"
BODY = "body"
PAGE = "page"
MODIFIED_NS = "modified_ns"
SIZE = "size"
CONTENT_HASH = "content_hash"
PASSAGES = "passages"
UPDATED_S = "updated_s"
DOC_KEY = "doc_key"
ROOT_KEY = "root_key"

KIND_PASSAGE = "passage"
KIND_FILE = "file"
KIND_ROOT = "root"

SEARCH_FIELDS = (BODY, TITLE, HEADING)
PART_SEPARATOR = "/"
U64_MASK = (1 << 64) - 1


def passage_id(doc_id: str, ordinal: int) -> str:
    return f"{doc_id}:{ordinal}"


def part_id(doc_id: str, number: int) -> str:
    """The ID of a file's ``number``-th further document (a message of an mbox, an attachment): its
    passages carry it in their IDs (``docid/n:k``) and the file's ``doc_id`` in the DOC_ID field."""
    return f"{doc_id}{PART_SEPARATOR}{number}"


def document_of(passage_id: str) -> str:
    """The document a passage belongs to, from its ID: the file's ID, or a part ID."""
    return passage_id.rpartition(":")[0]


def file_of(document_id: str) -> str:
    """The file a document ID (a file's own or a part's) belongs to."""
    return document_id.partition(PART_SEPARATOR)[0]


def passage_ordinal(passage_id: str) -> int:
    """The passage's position in its document, from its ID (``docid:n``)."""
    ordinal = passage_id.rpartition(":")[2]
    return int(ordinal) if ordinal.isdigit() else 0


def file_record_id(doc_id: str) -> str:
    return f"file:{doc_id}"


def doc_key(doc_id: str) -> int:
    """Document IDs are 12 hex digits, so they fit a u64 column."""
    return int(doc_id, 16)


def stored_ns(nanoseconds: int) -> int:
    """A signed timestamp as the u64 the column holds (two's complement): a file dated before 1970 has a
    negative mtime, which a u64 field refuses, and the manifest must read back exactly what stat() said."""
    return nanoseconds & U64_MASK


def read_ns(stored: int) -> int:
    """The signed timestamp :func:`stored_ns` encoded."""
    return stored - (1 << 64) if stored >= 1 << 63 else stored


def root_key(root: str) -> int:
    """A 64-bit key for a root path, for the manifest's fast-field column."""
    return int.from_bytes(
        hashlib.blake2b(root.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big"
    )


def text_analyzer() -> tantivy.TextAnalyzer:
    """Words split on non-alphanumerics, long tokens dropped, lowercased, accents folded.

    No stemming at index time: Snowball stemming made indexing about 30% slower. The search tool
    gets the same recall by stemming the *query* and adding the common surface forms of each stem
    (see :func:`indexer.search.word_forms`). It runs this analyzer over the query to build term
    queries, so a query word matches exactly the terms the index holds, without the query parser.
    """
    return (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.remove_long(MAX_TOKEN_CHARS))
        .filter(tantivy.Filter.lowercase())
        .filter(tantivy.Filter.ascii_fold())
        .build()
    )


def stemming_analyzer() -> tantivy.TextAnalyzer:
    """The index analyzer plus the English Snowball stemmer, used on query words only."""
    return (
        tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
        .filter(tantivy.Filter.remove_long(MAX_TOKEN_CHARS))
        .filter(tantivy.Filter.lowercase())
        .filter(tantivy.Filter.ascii_fold())
        .filter(tantivy.Filter.stemmer("english"))
        .build()
    )


def build_schema() -> tantivy.Schema:
    builder = tantivy.SchemaBuilder()
    for raw_field in (KIND, ID, DOC_ID, ROOT):
        builder.add_text_field(raw_field, stored=True, tokenizer_name="raw", index_option="basic")
    builder.add_text_field(PATH, stored=True, tokenizer_name="raw", index_option="basic")
    builder.add_text_field(TITLE, stored=True, tokenizer_name=ANALYZER_NAME, index_option="freq")
    builder.add_text_field(HEADING, stored=True, tokenizer_name=ANALYZER_NAME, index_option="freq")
    builder.add_text_field(BODY, stored=True, tokenizer_name=ANALYZER_NAME, index_option="freq")
    builder.add_text_field(CONTENT_HASH, stored=True, tokenizer_name="raw", index_option="basic")
    for number_field in (PAGE, UPDATED_S):
        builder.add_unsigned_field(number_field, stored=True)
    # The manifest is read from these columns (fast fields), not from stored documents: reading
    # 15,000 stored file records took half a second of every no-change re-index.
    for manifest_field in (MODIFIED_NS, SIZE, PASSAGES, DOC_KEY, ROOT_KEY):
        builder.add_unsigned_field(manifest_field, stored=True, fast=True)
    return builder.build()


def register_analyzer(index: tantivy.Index) -> None:
    """Every opened Index needs the analyzer registered before it writes or searches."""
    index.register_tokenizer(ANALYZER_NAME, text_analyzer())
