"""The capped gunzip: what `gunzip` accepts is read, bombs and broken streams are refused."""

from __future__ import annotations

import gzip

import pytest

from corpus.documents import SkipReason
from corpus.reading import RefusedFile, gunzip_capped

TEXT = b"Tantivy indexes passages.\n" * 400


def test_a_single_member_decompresses() -> None:
    assert gunzip_capped(gzip.compress(TEXT), 1 << 20) == TEXT


def test_concatenated_members_are_joined_and_zero_padding_ignored() -> None:
    data = gzip.compress(TEXT) + gzip.compress(b"tail") + b"\0" * 8
    assert gunzip_capped(data, 1 << 20) == TEXT + b"tail"


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (gzip.compress(TEXT)[:-6], SkipReason.BAD_GZIP),
        (gzip.compress(TEXT)[:40], SkipReason.BAD_GZIP),
        (b"plain bytes, not gzip", SkipReason.BAD_GZIP),
        (gzip.compress(TEXT) + b"trailing junk", SkipReason.BAD_GZIP),
        (gzip.compress(TEXT), SkipReason.GZIP_TOO_LARGE),
    ],
    ids=["no-trailer", "cut-short", "not-gzip", "junk-after", "over-cap"],
)
def test_broken_or_oversized_streams_are_refused(data: bytes, reason: SkipReason) -> None:
    with pytest.raises(RefusedFile) as refused:
        gunzip_capped(data, len(TEXT) - 1 if reason is SkipReason.GZIP_TOO_LARGE else 1 << 20)
    assert refused.value.reason is reason


def test_a_corrupted_checksum_is_refused() -> None:
    data = bytearray(gzip.compress(TEXT))
    data[-8] ^= 0xFF  # first byte of the CRC-32 in the trailer
    with pytest.raises(RefusedFile) as refused:
        gunzip_capped(bytes(data), 1 << 20)
    assert refused.value.reason is SkipReason.BAD_GZIP
