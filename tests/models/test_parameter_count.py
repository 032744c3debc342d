"""The parameter count, summed from a GGUF file's tensor table without loading the weights."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from models.bundled import bundled_model_path
from models.errors import ModelCorruptError
from models.factory import ModelChoice
from models.gguf_header import read_gguf_header
from models.inspection import inspect_model
from tests.models.test_integrity import gguf_string

F32 = 0


def tensor_entry(name: str, *dims: int) -> bytes:
    return (
        gguf_string(name)
        + struct.pack("<I", len(dims))
        + struct.pack(f"<{len(dims)}Q", *dims)
        + struct.pack("<IQ", F32, 0)
    )


def gguf_with_tensors(path: Path, tensors: list[bytes]) -> Path:
    entry = gguf_string("general.architecture") + struct.pack("<I", 8) + gguf_string("llama")
    path.write_bytes(b"GGUF" + struct.pack("<IQQ", 3, len(tensors), 1) + entry + b"".join(tensors))
    return path


def test_the_count_is_the_sum_of_every_tensor_s_elements(tmp_path: Path) -> None:
    tensors = [tensor_entry("token_embd.weight", 64, 1000), tensor_entry("output_norm.weight", 64)]
    header = read_gguf_header(gguf_with_tensors(tmp_path / "m.gguf", tensors))
    assert header.parameter_count == 64 * 1000 + 64
    assert header.metadata == {"general.architecture": "llama"}


def test_a_file_without_tensors_has_no_parameters(tmp_path: Path) -> None:
    assert read_gguf_header(gguf_with_tensors(tmp_path / "m.gguf", [])).parameter_count == 0


def test_a_cut_tensor_table_is_corrupt(tmp_path: Path) -> None:
    path = gguf_with_tensors(tmp_path / "m.gguf", [tensor_entry("a", 10, 10)])
    path.write_bytes(path.read_bytes()[:-6])
    with pytest.raises(ModelCorruptError, match="past the end"):
        read_gguf_header(path)


def test_an_implausible_dimension_count_is_corrupt(tmp_path: Path) -> None:
    bad = gguf_string("a") + struct.pack("<I", 4000)
    with pytest.raises(ModelCorruptError, match="dimensions"):
        read_gguf_header(gguf_with_tensors(tmp_path / "m.gguf", [bad]))


def test_doctor_s_report_gives_the_bundled_model_s_size() -> None:
    path = bundled_model_path()
    assert path is not None
    report = inspect_model(ModelChoice(spec=str(path), source="bundled"))
    assert report.parameter_count is not None
    assert 130_000_000 < report.parameter_count < 140_000_000  # SmolLM2-135M
