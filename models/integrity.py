"""Checks on a model file before llama.cpp sees it: present, a GGUF, and (for the bundled file) the pinned bytes.

"It loaded" proves little: about 15% of randomly corrupted GGUF files load without any error. So the bundled
file's SHA-256 is pinned in ``models.bundled`` and verified. Hashing 98 MB takes a noticeable fraction of a second,
so a successful verification is remembered in a small JSON file keyed by path, size and mtime; any rewrite of the
file (a byte flip by a tool, a re-install) changes the mtime and forces a fresh hash.

The pin applies to the file at the bundled path and to any file carrying the bundled file's name (a copy the user
moved elsewhere is still that file). Other GGUF files have no pin: their integrity rests on llama.cpp's checks.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from models.bundled import BUNDLED_FILENAME, BUNDLED_SHA256, BUNDLED_SIZE, bundled_model_path
from models.errors import ChecksumMismatchError, ModelFileMissingError, NotAGGUFError

GGUF_MAGIC = b"GGUF"
CHECKSUM_CACHE_NAME = "model-checksums.json"


class Pin(BaseModel):
    """The bytes a file must have: its SHA-256 and size."""

    model_config = ConfigDict(frozen=True)

    sha256: str
    size: int


class VerifiedFile(BaseModel):
    """A cache record: the file at this size and mtime had this SHA-256 when it was last hashed."""

    size: int
    mtime_ns: int
    sha256: str


def check_gguf_file(path: Path) -> None:
    """Raise unless ``path`` is an existing file starting with the GGUF magic bytes."""
    if not path.is_file():
        raise ModelFileMissingError(path)
    with path.open("rb") as handle:
        first_bytes = handle.read(len(GGUF_MAGIC))
    if first_bytes != GGUF_MAGIC:
        raise NotAGGUFError(path, first_bytes)


def pin_for(path: Path) -> Pin | None:
    """The pin that applies to ``path``: the bundled file's, by location or by name; None otherwise."""
    bundled = bundled_model_path()
    is_bundled_path = bundled is not None and bundled.resolve() == path.resolve()
    if is_bundled_path or path.name == BUNDLED_FILENAME:
        return Pin(sha256=BUNDLED_SHA256, size=BUNDLED_SIZE)
    return None


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify_pin(path: Path, pin: Pin, cache_dir: Path | None) -> None:
    """Raise ``ChecksumMismatchError`` unless the file's bytes match the pin; hash only when not verified before."""
    stat = path.stat()
    key = str(path.resolve())
    if cache_dir is not None and _read_cache(cache_dir).get(key) == VerifiedFile(
        size=stat.st_size, mtime_ns=stat.st_mtime_ns, sha256=pin.sha256
    ):
        return
    actual = file_sha256(path)
    if actual != pin.sha256 or stat.st_size != pin.size:
        raise ChecksumMismatchError(path, pin.sha256, actual)
    if cache_dir is not None:
        verified = VerifiedFile(size=stat.st_size, mtime_ns=stat.st_mtime_ns, sha256=actual)
        _remember(cache_dir, key, verified)


def _read_cache(cache_dir: Path) -> dict[str, VerifiedFile]:
    """The cache's records; an unreadable cache is treated as empty (it only saves time)."""
    try:
        raw = json.loads((cache_dir / CHECKSUM_CACHE_NAME).read_text(encoding="utf-8"))
        return {key: VerifiedFile.model_validate(value) for key, value in raw.items()}
    except (OSError, ValueError, AttributeError, ValidationError):
        return {}


def _remember(cache_dir: Path, key: str, record: VerifiedFile) -> None:
    records = _read_cache(cache_dir)
    records[key] = record
    cache_dir.mkdir(parents=True, exist_ok=True)
    target = cache_dir / CHECKSUM_CACHE_NAME
    temporary = target.with_name(target.name + ".tmp")
    payload = {key: value.model_dump() for key, value in records.items()}
    temporary.write_text(json.dumps(payload, indent=1), encoding="utf-8")
    temporary.replace(target)
