"""bench/check_suite.py reads a corpus as Carrel indexes it, further documents of a file included."""

from __future__ import annotations

from pathlib import Path

from tests.support.bench import bench_module

MBOX = """From a@example.org Mon Nov 16 09:02:11 2026
From: A <a@example.org>
Subject: scanner leaks under valgrind

What should I call once I am done scanning?

From b@example.org Mon Nov 16 11:47:03 2026
From: B <b@example.org>
Subject: Re: scanner leaks under valgrind

Call the destroy function when you are done.
"""


def test_every_message_of_an_mbox_is_read_as_the_index_reads_it(tmp_path: Path) -> None:
    (tmp_path / "digest.mbox").write_text(MBOX, encoding="utf-8")

    text = bench_module("check_suite").document_texts(tmp_path)["digest.mbox"]

    assert "what should i call" in text and "call the destroy function" in text
