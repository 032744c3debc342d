"""A folder of hostile and odd files, with the outcome each one must get from the indexer.

Shared by the corpus/indexer tests and the reliability report. ``None`` means "indexed normally".
"""

from __future__ import annotations

import gzip
import os
from dataclasses import dataclass
from pathlib import Path

from corpus.documents import SkipReason
from corpus.walk import DEFAULT_MAX_BYTES


@dataclass(frozen=True)
class OddCorpus:
    root: Path
    outside: Path
    expected: dict[str, SkipReason | None]

    @property
    def indexed_names(self) -> set[str]:
        return {name for name, reason in self.expected.items() if reason is None}


def _write(root: Path, name: str | bytes, data: bytes) -> None:
    path = os.path.join(os.fsencode(root), os.fsencode(name))  # noqa: PTH118 - bytes paths
    with open(path, "wb") as handle:  # noqa: PTH123 - bytes paths (non-UTF-8 names)
        handle.write(data)


def make_odd_corpus(base: Path) -> OddCorpus:
    """Build ``base/odd`` (the root to index) and ``base/outside`` (must never be read)."""
    root, outside = base / "odd", base / "outside"
    root.mkdir(parents=True)
    outside.mkdir(parents=True)
    (outside / "secret.md").write_text("# Secret\n\nzanzibar outside the root\n")
    expected: dict[str, SkipReason | None] = {}
    expected |= _plain_files(root)
    expected |= _content_traps(root)
    expected |= _links_and_special_files(root, outside)
    expected |= _document_traps(root)
    return OddCorpus(root=root, outside=outside, expected=expected)


def _plain_files(root: Path) -> dict[str, SkipReason | None]:
    (root / "good.md").write_text("# Good\n\nperfectly ordinary quokka text\n")
    (root / "new\nline.md").write_text("# Newline name\n\nplatypus in a file name with a newline\n")
    _write(root, b"caf\xe9.md", b"# Latin name\n\nwombat behind a non-UTF-8 file name\n")
    (root / "latin1.md").write_bytes("# Café\n\nnumbat crème brûlée mostly ascii\n".encode("latin-1"))
    (root / "unsupported.bin").write_bytes(b"\x00\x01")
    (root / ".hidden").mkdir()
    (root / ".hidden" / "inside.md").write_text("# hidden\n")
    return {
        "good.md": None,
        "new\nline.md": None,
        os.fsdecode(b"caf\xe9.md"): None,
        "latin1.md": None,
        "unsupported.bin": SkipReason.UNSUPPORTED,
        ".hidden": SkipReason.HIDDEN,
    }


def _content_traps(root: Path) -> dict[str, SkipReason | None]:
    (root / "binary.txt").write_bytes(bytes(range(256)) * 64)
    (root / "garbage.md").write_bytes(b"\xc0\xc1" * 4096)
    (root / "empty.txt").write_bytes(b"")
    with (root / "sparse-1gb.txt").open("wb") as handle:
        handle.truncate(1 << 30)
    (root / "bomb.md.gz").write_bytes(gzip.compress(b"\0" * (DEFAULT_MAX_BYTES + 1), compresslevel=9))
    whole = gzip.compress(b"# Truncated\n\n" + b"lorem ipsum " * 5000)
    (root / "truncated.md.gz").write_bytes(whole[: len(whole) // 2])
    (root / "broken.pdf").write_bytes(b"%PDF-1.7\n1 0 obj << /Type /Catalog >>\nthis is not a pdf\n")
    (root / "nested.html").write_bytes(b"<div>" * (10 * 1024 * 1024 // 5))
    return {
        "binary.txt": SkipReason.BINARY,
        "garbage.md": SkipReason.UNDECODABLE,
        "empty.txt": SkipReason.EMPTY,
        "sparse-1gb.txt": SkipReason.TOO_LARGE,
        "bomb.md.gz": SkipReason.GZIP_TOO_LARGE,
        "truncated.md.gz": SkipReason.BAD_GZIP,
        "broken.pdf": SkipReason.BAD_PDF,
        "nested.html": SkipReason.HTML_TOO_DEEP,
    }


def _links_and_special_files(root: Path, outside: Path) -> dict[str, SkipReason | None]:
    (root / "loop-a.md").symlink_to("loop-b.md")
    (root / "loop-b.md").symlink_to("loop-a.md")
    (root / "dir-loop").symlink_to(".")
    (root / "etc-link").symlink_to("/etc")
    (root / "outside.md").symlink_to(outside / "secret.md")
    (root / "dangling.md").symlink_to("nowhere.md")
    (root / "inside-link.md").symlink_to("good.md")
    os.mkfifo(root / "fifo.txt")
    locked = root / "locked"
    locked.mkdir()
    (locked / "private.md").write_text("# Private\n\nokapi in a locked folder\n")
    locked.chmod(0)
    readable_anyway = os.geteuid() == 0  # root reads a mode-000 folder regardless
    return {
        "loop-a.md": SkipReason.SYMLINK_LOOP,
        "loop-b.md": SkipReason.SYMLINK_LOOP,
        "dir-loop": SkipReason.SYMLINK_LOOP,
        "etc-link": SkipReason.OUTSIDE_ROOT,
        "outside.md": SkipReason.OUTSIDE_ROOT,
        "dangling.md": SkipReason.DANGLING_SYMLINK,
        "inside-link.md": None,
        "fifo.txt": SkipReason.NOT_REGULAR,
        "locked/private.md" if readable_anyway else "locked": (
            None if readable_anyway else SkipReason.DIRECTORY_UNREADABLE
        ),
    }


def restore_permissions(corpus: OddCorpus) -> None:
    """pytest must be able to delete tmp_path afterwards."""
    (corpus.root / "locked").chmod(0o755)


def _document_traps(root: Path) -> dict[str, SkipReason | None]:
    """Office, e-book, notebook and mail files that are truncated, encrypted, zip bombs, mis-named,
    huge or deeply nested, and ones that hold no text; each must end as a per-file reason."""
    from tests.support.documents import make_docx, make_epub, make_pptx, make_zip
    from tests.support.pdf import make_pdf

    docx = make_docx()
    traps = {
        "not-a-zip.docx": (b"just some text saved with the wrong name\n", SkipReason.MISNAMED),
        "legacy.docx": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 512, SkipReason.ENCRYPTED),
        "truncated.docx": (docx[: len(docx) // 2], SkipReason.BAD_DOCUMENT),
        "bomb.pptx": (
            make_zip({"[Content_Types].xml": b"<Types/>", "ppt/filler.xml": b"\0" * (DEFAULT_MAX_BYTES + 1)}),
            SkipReason.ARCHIVE_TOO_LARGE,
        ),
        "encrypted.odt": (
            make_zip(
                {
                    "mimetype": b"application/vnd.oasis.opendocument.text",
                    "META-INF/manifest.xml": b"<manifest:encryption-data/>",
                }
            ),
            SkipReason.ENCRYPTED,
        ),
        "drm.epub": (
            _with_entry(make_epub(), "META-INF/encryption.xml", b'<CipherReference URI="EPUB/chap1.xhtml"/>'),
            SkipReason.ENCRYPTED,
        ),
        "deep.docx": (_deep_docx(docx), SkipReason.DOCUMENT_TOO_DEEP),
        "deep.ipynb": (b"[" * 200_000 + b"]" * 200_000, SkipReason.DOCUMENT_TOO_DEEP),
        "broken.ipynb": (b'{"cells": [', SkipReason.BAD_DOCUMENT),
        "no-mail.mbox": (b"a text file that holds no message separators\n", SkipReason.MISNAMED),
        "scanned.pdf": (make_pdf([[], []]), SkipReason.NO_TEXT_LAYER),
        "pictures.pptx": (_empty_deck(), SkipReason.NO_TEXT),
        "ok.pptx": (make_pptx(), None),
    }
    for name, (data, _reason) in traps.items():
        (root / name).write_bytes(data)
    with (root / "sparse-1gb.epub").open("wb") as handle:
        handle.truncate(1 << 30)
    return {name: reason for name, (_data, reason) in traps.items()} | {
        "sparse-1gb.epub": SkipReason.TOO_LARGE
    }


def _with_entry(package: bytes, name: str, data: bytes) -> bytes:
    import io
    import zipfile

    from tests.support.documents import make_zip

    with zipfile.ZipFile(io.BytesIO(package)) as archive:
        entries = {entry: archive.read(entry) for entry in archive.namelist()}
    return make_zip({**entries, name: data})


def _deep_docx(docx: bytes) -> bytes:
    """A Word document whose body nests 5,000 tables: past libxml2's depth limit."""
    import io
    import zipfile

    from tests.support.documents import make_zip

    with zipfile.ZipFile(io.BytesIO(docx)) as archive:
        entries = {entry: archive.read(entry) for entry in archive.namelist()}
    deep = b"<w:tbl><w:tr><w:tc>" * 5000 + b"<w:p/>" + b"</w:tc></w:tr></w:tbl>" * 5000
    entries["word/document.xml"] = entries["word/document.xml"].replace(b"<w:body>", b"<w:body>" + deep)
    return make_zip(entries)


def _empty_deck() -> bytes:
    import io

    import pptx

    deck = pptx.Presentation()
    deck.slides.add_slide(deck.slide_layouts[6])  # the blank layout: no placeholders, no text
    buffer = io.BytesIO()
    deck.save(buffer)
    return buffer.getvalue()
