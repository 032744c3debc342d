"""Open the zip packages that Office documents and e-books are, after checking them without unpacking.

A .docx, .pptx, .odt or .epub is a zip of XML parts, and each reader's library unpacks whatever the
archive's directory lists. Before any library sees the bytes, the directory is checked here: the data
must be a zip at all (a .docx that is really a .doc, or a renamed text file, is "mis-named"), no entry
may be encrypted, there may not be absurdly many entries, and the declared uncompressed sizes must add
up to no more than the size cap. ``zipfile`` stops every entry at its declared size and checks its CRC,
so an entry that lies about its size fails instead of inflating past the cap: checking the declared sizes
is enough to stop a zip bomb before a byte of it is inflated.
"""

from __future__ import annotations

import io
import zipfile

from corpus.documents import SkipReason
from corpus.reading import RefusedFile

MAX_ZIP_ENTRIES = 20_000
# An OLE compound file: what an encrypted OOXML document (and an old binary .doc/.ppt) really is.
_COMPOUND_FILE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTED_ENTRY_FLAG = 0x1


def open_package(data: bytes, max_bytes: int, label: str) -> zipfile.ZipFile:
    """The zip archive in ``data``, checked; ``label`` names the expected format in refusals."""
    if data.startswith(_COMPOUND_FILE_MAGIC):
        raise RefusedFile(SkipReason.ENCRYPTED, f"a password-protected or legacy binary file, not a {label}")
    if not data.startswith(b"PK"):
        raise RefusedFile(SkipReason.MISNAMED, f"not a {label}: no zip archive")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as error:
        raise RefusedFile(SkipReason.BAD_DOCUMENT, f"truncated or corrupt zip: {error}") from error
    try:
        check_entries(archive.infolist(), max_bytes)
    except RefusedFile:
        archive.close()
        raise
    return archive


def check_entries(entries: list[zipfile.ZipInfo], max_bytes: int) -> None:
    """Refuse encrypted entries, too many entries, and more declared content than ``max_bytes``."""
    if len(entries) > MAX_ZIP_ENTRIES:
        raise RefusedFile(SkipReason.ARCHIVE_TOO_LARGE, f"{len(entries)} entries")
    if any(entry.flag_bits & _ENCRYPTED_ENTRY_FLAG for entry in entries):
        raise RefusedFile(SkipReason.ENCRYPTED, "encrypted zip entries")
    unpacked = sum(entry.file_size for entry in entries)
    if unpacked > max_bytes:
        raise RefusedFile(SkipReason.ARCHIVE_TOO_LARGE, f"{unpacked} bytes unpacked, cap {max_bytes}")


def read_member(archive: zipfile.ZipFile, name: str) -> bytes | None:
    """One entry's bytes, or None when the archive has no such entry."""
    try:
        return archive.read(name)
    except KeyError:
        return None
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError) as error:
        raise RefusedFile(SkipReason.BAD_DOCUMENT, f"corrupt zip entry {name}: {error}") from error
