"""A question the sources answer differently for different readings is met with a question back, naming the
readings (``agent.readings``) - and a question they answer one way is not."""

from __future__ import annotations

from pathlib import Path

from agent.answers import Candidate
from agent.evidence import mentions, word_stems
from agent.question import QuestionShape
from agent.readings import Reading, clarifying_question, competing_readings, which_place_question
from agent.state import Source
from indexer.search import open_search_tool
from tests.agent.conftest import final, run_script
from tests.support.indexes import index_documents

QUESTION = "What is the default buffer size?"
SHAPE = QuestionShape.read(QUESTION)


def source(
    label: str, doc: str, title: str, path: str = "", page: int | None = None, heading: str = ""
) -> Source:
    return Source(
        label=label,
        passage_id=f"{doc}:0",
        doc_id=doc,
        title=title,
        heading=heading,
        path=path or f"/d/{doc}.md",
        page=page,
        snippet="x",
        query="q",
    )


SOURCES = {
    "S1": source("S1", "streams", "Streams"),
    "S2": source("S2", "files", "File system"),
    "S3": source("S3", "streams", "Streams"),
}


def about(sentence: str) -> frozenset[str]:
    stems = word_stems(sentence)
    return frozenset(term for term in SHAPE.terms if mentions(stems, term))


def readings(*candidates: Candidate) -> list[str]:
    found = competing_readings(list(candidates), SOURCES, SHAPE, lambda c: c.sentence, about)
    return [reading.source.label for reading in found]


def test_two_documents_stating_different_defaults_for_the_same_thing_are_two_readings() -> None:
    assert readings(
        Candidate("S1", "The default buffer size is 16 KiB for streams.", 5.0),
        Candidate("S2", "For file streams the default buffer size is 64 KiB.", 4.6),
    ) == ["S1", "S2"]


def test_one_document_or_one_shared_value_or_a_much_weaker_rival_is_one_reading() -> None:
    first = Candidate("S1", "The default buffer size is 16 KiB for streams.", 5.0)

    assert (
        readings(first, Candidate("S3", "In object mode the default buffer size is 16 objects.", 4.9)) == []
    )
    assert readings(first, Candidate("S2", "Files also use a default buffer size of 16 KiB.", 4.9)) == []
    assert readings(first, Candidate("S2", "For file streams the default buffer size is 64 KiB.", 2.0)) == []


def test_a_rival_about_something_else_or_a_question_not_asking_for_a_value_is_no_reading() -> None:
    first = Candidate("S1", "The default buffer size is 16 KiB for streams.", 5.0)
    other = Candidate("S2", "The default timeout is 120 seconds.", 4.9)

    assert readings(first, other) == []
    name_question = QuestionShape.read("Which option sets the buffer?")
    both = [first, Candidate("S2", "Use --buffer to set it; the default is 64 KiB.", 4.9)]
    assert competing_readings(both, SOURCES, name_question, lambda c: c.sentence, about) == []


def test_two_passages_of_one_document_are_two_places_and_a_passage_shown_twice_is_one() -> None:
    manual = {
        "S1": source("S1", "manual", "Manual"),
        "S2": source("S2", "manual", "Manual").model_copy(update={"passage_id": "manual:7"}),
        "S3": source("S3", "manual", "Manual"),
    }
    first = Candidate("S1", "The default buffer size is 16 KiB for streams.", 5.0)

    def places(*candidates: Candidate) -> list[str]:
        found = competing_readings(list(candidates), manual, SHAPE, lambda c: c.sentence, about)
        return [reading.source.label for reading in found]

    assert places(first, Candidate("S2", "For files the default buffer size is 64 KiB.", 4.6)) == ["S1", "S2"]
    assert places(first, Candidate("S3", "For files the default buffer size is 64 KiB.", 4.6)) == []


def test_the_question_back_names_each_reading_and_what_it_states() -> None:
    found = competing_readings(
        [
            Candidate("S1", "The default buffer size is 16 KiB for streams.", 5.0),
            Candidate("S2", "For file streams the default buffer size is 64 KiB.", 4.6),
        ],
        SOURCES,
        SHAPE,
        lambda c: c.sentence,
        about,
    )

    asked = clarifying_question(found)
    assert "[S1] Streams gives 16" in asked and "[S2] File system gives 64" in asked
    assert asked.endswith("Which one do you mean?")


def test_the_question_back_names_a_heading_only_when_it_adds_to_the_title() -> None:
    readings = [
        Reading(source("S1", "streams", "Streams", heading="Streams"), frozenset({"16 KiB"})),
        Reading(source("S2", "files", "File system", heading="File system > Buffers"), frozenset({"64 KiB"})),
    ]
    asked = clarifying_question(readings)
    assert "[S1] Streams gives 16 KiB" in asked
    assert "[S2] File system (File system > Buffers) gives 64 KiB" in asked


def test_places_that_read_alike_are_told_apart_by_file_and_page() -> None:
    pdf = source("S1", "pdf", "Guide", "/d/guide.en.pdf", page=20)
    text = source("S3", "txt", "Guide", "/d/guide.en.txt")
    html = source("S2", "html", "Chapter 3. Tool Setups")
    asked = which_place_question([pdf, html, text])
    assert "[S1] Guide, in guide.en.pdf, page 20;" in asked
    assert "[S2] Chapter 3. Tool Setups;" in asked, "a place no other reads like keeps its short name"
    assert "[S3] Guide, in guide.en.txt." in asked


def test_readings_that_read_alike_are_told_apart_by_file() -> None:
    readings = [
        Reading(
            source("S1", "84", "drbd.conf", "/man/8.4/drbd.conf.5.txt", heading="Options"), frozenset({"60"})
        ),
        Reading(
            source("S2", "90", "drbd.conf", "/man/9.0/drbd.conf.5.txt", heading="Options"), frozenset({"30"})
        ),
    ]
    asked = clarifying_question(readings)
    assert "[S1] drbd.conf (Options), in 8.4/drbd.conf.5.txt gives 60" in asked
    assert "[S2] drbd.conf (Options), in 9.0/drbd.conf.5.txt gives 30" in asked


def test_places_of_one_file_without_headings_are_told_apart_by_their_first_words() -> None:
    first = source("S1", "page", "sshd_config(5)", "/man/sshd_config.5.txt")
    second = first.model_copy(update={"label": "S2", "passage_id": "page:9", "snippet": "MaxStartups " * 12})
    asked = which_place_question(
        [first.model_copy(update={"snippet": "LoginGraceTime The server ..."}), second]
    )
    assert '[S1] sshd_config(5), in sshd_config.5.txt: "LoginGraceTime The server ..."' in asked
    assert '[S2] sshd_config(5), in sshd_config.5.txt: "' + "MaxStartups " * 7 + 'MaxStartups ..."' in asked


DOCUMENTS = {
    "streams.md": "# Streams\n\nThe default buffer size of a readable stream is 16 KiB.\n",
    "files.md": "# File streams\n\nThe default buffer size of a file stream is 64 KiB.\n",
}


def test_the_loop_asks_instead_of_answering_and_ends_needing_the_user(tmp_path: Path) -> None:
    tool = open_search_tool(index_documents(tmp_path, DOCUMENTS))
    state, _, model = run_script(
        [final("There is not enough evidence in the documents to answer this.")],
        tool,
        question="What is the default buffer size of a stream?",
        question_search=True,
    )

    assert (state.status, state.stop_reason) == ("needs_user", "clarification_needed")
    assert "16" in (state.message or "") and "64" in (state.message or "")
    assert model.history == []  # code asked; the model was never called
