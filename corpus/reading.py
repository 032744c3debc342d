"""Read a file's bytes safely: never block, never follow a swapped-in symlink, never read past the cap."""

from __future__ import annotations

import errno
import os
import stat
import zlib
from pathlib import Path

from corpus.documents import SkipReason

_READ_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_CHUNK = 1 << 20
_GZIP_WBITS = 16 + zlib.MAX_WBITS  # a gzip header and trailer around a deflate stream


class RefusedFile(Exception):
    """A file that cannot be indexed; carries the reason the walk summary reports."""

    def __init__(self, reason: SkipReason, detail: str = "") -> None:
        super().__init__(f"{reason.value}: {detail}" if detail else reason.value)
        self.reason = reason
        self.detail = detail


def read_capped(path: Path, max_bytes: int) -> bytes:
    """The file's bytes, refusing non-regular files and anything over ``max_bytes``.

    ``O_NONBLOCK`` means a FIFO swapped in after the walk cannot hang the run; ``fstat`` on the open
    descriptor then checks what we actually opened.
    """
    try:
        descriptor = os.open(path, _READ_FLAGS)
    except OSError as error:
        raise _refusal_for(error) from error
    try:
        return _read_descriptor(descriptor, max_bytes)
    except OSError as error:
        raise _refusal_for(error) from error
    finally:
        os.close(descriptor)


def _read_descriptor(descriptor: int, max_bytes: int) -> bytes:
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode):
        raise RefusedFile(SkipReason.NOT_REGULAR)
    if info.st_size > max_bytes:
        raise RefusedFile(SkipReason.TOO_LARGE, f"{info.st_size} bytes")
    chunks: list[bytes] = []
    total = 0
    while chunk := os.read(descriptor, _CHUNK):
        chunks.append(chunk)
        total += len(chunk)
        if total > max_bytes:
            raise RefusedFile(SkipReason.TOO_LARGE, f"more than {max_bytes} bytes")
    return b"".join(chunks)


def _refusal_for(error: OSError) -> RefusedFile:
    if isinstance(error, FileNotFoundError):
        return RefusedFile(SkipReason.VANISHED)
    if isinstance(error, PermissionError):
        return RefusedFile(SkipReason.UNREADABLE)
    if error.errno == errno.ELOOP:
        return RefusedFile(SkipReason.SYMLINK_LOOP, "the file was replaced by a symlink")
    return RefusedFile(SkipReason.READ_ERROR, error.strerror or str(error))


def gunzip_capped(data: bytes, max_bytes: int) -> bytes:
    """Decompress gzip data, refusing truncated streams and output past ``max_bytes`` (gzip bombs).

    zlib directly rather than ``gzip.GzipFile``: the file object's chunked reads took three times
    as long on the kernel documentation. Concatenated members are joined, as ``gunzip`` does, and
    zero padding after the last member is ignored; zlib checks each member's CRC and length."""
    pieces: list[bytes] = []
    produced = 0
    remaining = data
    while remaining:
        inflater = zlib.decompressobj(wbits=_GZIP_WBITS)
        try:
            piece = inflater.decompress(remaining, max_bytes + 1 - produced)
        except zlib.error as error:
            raise RefusedFile(SkipReason.BAD_GZIP, str(error)) from error
        produced += len(piece)
        if produced > max_bytes:
            raise RefusedFile(SkipReason.GZIP_TOO_LARGE, f"more than {max_bytes} bytes")
        if not inflater.eof:
            raise RefusedFile(SkipReason.BAD_GZIP, "compressed stream ended early")
        pieces.append(piece)
        remaining = inflater.unused_data.lstrip(b"\0")
    return b"".join(pieces)


_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_BINARY_CONTROLS = bytes(byte for byte in range(32) if byte not in b"\t\n\r\f\v\x1b")
_SNIFF = 8192


def decode_text(data: bytes) -> str:
    """Decode document bytes as text: UTF-8 (BOM dropped), UTF-16 with a BOM, else UTF-8 with
    replacement characters. Refuses content that looks binary rather than guessing."""
    if data.startswith(_UTF16_BOMS):
        return data.decode("utf-16", errors="replace")
    head = data[:_SNIFF]
    if b"\x00" in head or _control_ratio(head) > 0.1:
        raise RefusedFile(SkipReason.BINARY)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("utf-8", errors="replace")
    if text.count("\ufffd") > len(text) // 4:
        raise RefusedFile(SkipReason.UNDECODABLE, "mostly invalid UTF-8")
    return text


def _control_ratio(head: bytes) -> float:
    if not head:
        return 0.0
    controls = len(head) - len(head.translate(None, _BINARY_CONTROLS))
    return controls / len(head)
