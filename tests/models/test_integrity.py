"""File checks before loading: GGUF magic, header parsing, the pin and its verification cache (no llama.cpp)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from models import integrity
from models.bundled import BUNDLED_FILENAME
from models.errors import ChecksumMismatchError, ModelCorruptError, ModelFileMissingError, NotAGGUFError
from models.gguf_header import read_gguf_metadata, trained_context_length
from models.integrity import Pin, check_gguf_file, file_sha256, pin_for, verify_pin


def gguf_string(text: str) -> bytes:
    data = text.encode("utf-8")
    return struct.pack("<Q", len(data)) + data


def tiny_gguf(path: Path, *, context_length: int = 2048) -> Path:
    """A GGUF header with a few keys (one string, one u32, one array of strings) and no tensors."""
    entries = [
        gguf_string("general.architecture") + struct.pack("<I", 8) + gguf_string("llama"),
        gguf_string("llama.context_length") + struct.pack("<I", 4) + struct.pack("<I", context_length),
        gguf_string("tokenizer.ggml.tokens")
        + struct.pack("<I", 9)
        + struct.pack("<IQ", 8, 2)
        + gguf_string("a")
        + gguf_string("b"),
        gguf_string("tokenizer.chat_template") + struct.pack("<I", 8) + gguf_string("{{ messages }}"),
    ]
    header = b"GGUF" + struct.pack("<IQQ", 3, 0, len(entries))
    path.write_bytes(header + b"".join(entries))
    return path


def test_a_missing_file_is_reported_with_its_path(tmp_path: Path) -> None:
    with pytest.raises(ModelFileMissingError, match="gone"):
        check_gguf_file(tmp_path / "gone")


def test_a_directory_is_not_a_model_file(tmp_path: Path) -> None:
    with pytest.raises(ModelFileMissingError):
        check_gguf_file(tmp_path)


@pytest.mark.parametrize("content", [b"", b"GG", b"PK\x03\x04zip", b"\x7fELF"])
def test_files_without_the_magic_are_not_gguf(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "model.gguf"
    path.write_bytes(content)
    with pytest.raises(NotAGGUFError) as caught:
        check_gguf_file(path)
    assert caught.value.first_bytes == content[:4]


def test_header_metadata_is_read_and_arrays_are_skipped(tmp_path: Path) -> None:
    metadata = read_gguf_metadata(tiny_gguf(tmp_path / "tiny.gguf", context_length=4096))
    assert metadata == {
        "general.architecture": "llama",
        "llama.context_length": 4096,
        "tokenizer.chat_template": "{{ messages }}",
    }
    assert trained_context_length(metadata) == 4096


def test_a_truncated_header_is_corrupt_not_a_crash(tmp_path: Path) -> None:
    path = tiny_gguf(tmp_path / "tiny.gguf")
    path.write_bytes(path.read_bytes()[:40])
    with pytest.raises(ModelCorruptError, match="past the end"):
        read_gguf_metadata(path)


def test_an_absurd_length_is_refused_without_allocating(tmp_path: Path) -> None:
    path = tmp_path / "huge.gguf"
    path.write_bytes(b"GGUF" + struct.pack("<IQQ", 3, 0, 1) + struct.pack("<Q", 1 << 60))
    with pytest.raises(ModelCorruptError):
        read_gguf_metadata(path)


def test_the_pin_applies_to_the_bundled_name_anywhere_and_not_to_other_files(tmp_path: Path) -> None:
    assert pin_for(tmp_path / BUNDLED_FILENAME) is not None
    assert pin_for(tmp_path / "other-model.gguf") is None


def pin_of(path: Path) -> Pin:
    return Pin(sha256=file_sha256(path), size=path.stat().st_size)


def test_a_matching_file_passes_and_is_hashed_only_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tiny_gguf(tmp_path / "m.gguf")
    pin = pin_of(path)
    verify_pin(path, pin, tmp_path / "cache")

    def must_not_hash(_: Path) -> str:
        raise AssertionError("a verified, unchanged file was hashed again")

    monkeypatch.setattr(integrity, "file_sha256", must_not_hash)
    verify_pin(path, pin, tmp_path / "cache")


def test_a_rewritten_file_is_hashed_again_and_caught(tmp_path: Path) -> None:
    path = tiny_gguf(tmp_path / "m.gguf")
    pin = pin_of(path)
    verify_pin(path, pin, tmp_path / "cache")
    data = bytearray(path.read_bytes())
    data[-1] ^= 0x01
    path.write_bytes(bytes(data))
    with pytest.raises(ChecksumMismatchError) as caught:
        verify_pin(path, pin, tmp_path / "cache")
    assert caught.value.expected == pin.sha256
    assert caught.value.actual == file_sha256(path)


def test_an_unreadable_cache_is_ignored(tmp_path: Path) -> None:
    path = tiny_gguf(tmp_path / "m.gguf")
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / integrity.CHECKSUM_CACHE_NAME).write_text("{not json", encoding="utf-8")
    verify_pin(path, pin_of(path), cache)
    assert str(path.resolve()) in (cache / integrity.CHECKSUM_CACHE_NAME).read_text(encoding="utf-8")
