"""Read a GGUF file's metadata (its key/value header) without loading the weights.

Carrel needs a few facts before or without loading a model: the trained context length (to size ``n_ctx``),
the chat template, the architecture and name (for ``carrel doctor``), and the parameter count (which decides
whether the model writes its own queries and answers, see ``agent.settings``). Reading them here costs a few
milliseconds and never hands an unknown file to llama.cpp. Arrays (the tokenizer's vocabulary) are skipped.
Every length is checked against the bytes left, so a damaged header gives ``ModelCorruptError``, not a
multi-gigabyte allocation.
"""

from __future__ import annotations

import math
import struct
from pathlib import Path
from typing import BinaryIO, NamedTuple

from models.errors import ModelCorruptError
from models.integrity import check_gguf_file

MetadataValue = str | int | float | bool

# GGUF value type -> struct format of a scalar of that type.
_SCALAR_FORMATS = {
    0: "<B",
    1: "<b",
    2: "<H",
    3: "<h",
    4: "<I",
    5: "<i",
    6: "<f",
    7: "<?",
    10: "<Q",
    11: "<q",
    12: "<d",
}
_STRING_TYPE = 8
_ARRAY_TYPE = 9
_MAX_KEYS = 100_000
_MAX_TENSORS = 1_000_000
_MAX_DIMENSIONS = 8


class _HeaderReader:
    """Sequential, bounds-checked reads over the header."""

    def __init__(self, handle: BinaryIO, path: Path, size: int) -> None:
        self._handle = handle
        self._path = path
        self._size = size

    def take(self, count: int) -> bytes:
        if count < 0 or self._handle.tell() + count > self._size:
            raise ModelCorruptError(self._path, "GGUF header runs past the end of the file")
        return self._handle.read(count)

    def skip(self, count: int) -> None:
        if count < 0 or self._handle.tell() + count > self._size:
            raise ModelCorruptError(self._path, "GGUF header runs past the end of the file")
        self._handle.seek(count, 1)

    def scalar(self, fmt: str) -> int | float | bool:
        value: int | float | bool = struct.unpack(fmt, self.take(struct.calcsize(fmt)))[0]
        return value

    def string(self) -> str:
        length = int(self.scalar("<Q"))
        return self.take(length).decode("utf-8", errors="replace")

    def value(self, value_type: int) -> MetadataValue | None:
        """A scalar or string value; arrays are skipped and give None."""
        if value_type in _SCALAR_FORMATS:
            return self.scalar(_SCALAR_FORMATS[value_type])
        if value_type == _STRING_TYPE:
            return self.string()
        if value_type == _ARRAY_TYPE:
            self._skip_array()
            return None
        raise ModelCorruptError(self._path, f"unknown GGUF value type {value_type}")

    def _skip_array(self) -> None:
        item_type = int(self.scalar("<I"))
        count = int(self.scalar("<Q"))
        if item_type in _SCALAR_FORMATS:
            self.skip(count * struct.calcsize(_SCALAR_FORMATS[item_type]))
            return
        for _ in range(count):
            self.value(item_type)


class GGUFHeader(NamedTuple):
    """What the header says: the scalar and string metadata, and how many weights the tensors hold in all."""

    metadata: dict[str, MetadataValue]
    parameter_count: int


def read_gguf_metadata(path: Path) -> dict[str, MetadataValue]:
    """All scalar and string metadata of a GGUF file (arrays omitted)."""
    return read_gguf_header(path).metadata


def read_gguf_header(path: Path) -> GGUFHeader:
    """The metadata and the parameter count, from the key/value section and the tensor table after it."""
    check_gguf_file(path)
    size = path.stat().st_size
    with path.open("rb") as handle:
        reader = _HeaderReader(handle, path, size)
        reader.take(4)  # magic, already checked
        version = int(reader.scalar("<I"))
        if version < 2:
            raise ModelCorruptError(path, f"GGUF version {version} is too old for llama.cpp")
        tensor_count = int(reader.scalar("<Q"))
        key_count = int(reader.scalar("<Q"))
        if key_count > _MAX_KEYS or tensor_count > _MAX_TENSORS:
            raise ModelCorruptError(
                path, f"implausible GGUF counts ({key_count} keys, {tensor_count} tensors)"
            )
        metadata: dict[str, MetadataValue] = {}
        for _ in range(key_count):
            key = reader.string()
            value = reader.value(int(reader.scalar("<I")))
            if value is not None:
                metadata[key] = value
        parameters = sum(_tensor_elements(reader, path) for _ in range(tensor_count))
    return GGUFHeader(metadata, parameters)


def _tensor_elements(reader: _HeaderReader, path: Path) -> int:
    """One tensor-table entry (name, dimensions, type, offset): how many weights the tensor holds."""
    reader.string()  # name
    dimensions = int(reader.scalar("<I"))
    if dimensions > _MAX_DIMENSIONS:
        raise ModelCorruptError(path, f"implausible tensor with {dimensions} dimensions")
    elements = math.prod(int(reader.scalar("<Q")) for _ in range(dimensions))
    reader.skip(struct.calcsize("<IQ"))  # type, offset
    return elements


def trained_context_length(metadata: dict[str, MetadataValue]) -> int | None:
    """``<architecture>.context_length``, the context the model was trained for."""
    architecture = metadata.get("general.architecture")
    value = metadata.get(f"{architecture}.context_length")
    return int(value) if isinstance(value, int) else None
