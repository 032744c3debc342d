"""The ReAct loop: the model proposes the next step; code decides what is allowed, when to stop, what is an answer.

``Agent.run(question)`` is a generator of typed events (``agent.events``); the CLI, the TUI, the trajectory
recorder and the eval harness all consume the same stream, and nothing is rendered here. Each iteration checks the
limits *before* calling the model (cancellation, wall clock, steps, and the token budget computed from
``count_tokens`` plus the completion allowance, so a call that would overrun is never made), asks for one
decision constrained by a per-step schema, records it, acts on it, and records what happened. Every way a task
can end is a typed ``stop_reason`` reached by a rule in this module.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Literal, Protocol, runtime_checkable

from agent.answers import (
    AnswerChoice,
    Candidate,
    Surroundings,
    answer_choices,
    answer_parts,
    compound_parts,
    ranked_candidates,
)
from agent.choices import OfferedReply, codes_first_offer, determined_reply, offered_replies
from agent.continuation import clarity_text, continuation_of, continued_opening, topic_text
from agent.decision import (
    Action,
    ClarifyDecision,
    Decision,
    DecisionError,
    FinalDecision,
    SearchDecision,
    decision_schema,
    grammar_safe,
    parse_decision,
)
from agent.events import (
    AgentEvent,
    ContinuedFrom,
    ModelText,
    SearchRan,
    StatusChanged,
    StepRecorded,
    StepStarted,
    TaskFinished,
    TaskStarted,
    TokensUsed,
)
from agent.evidence import (
    DEFAULT_WORD,
    Evidence,
    asks_for_a_default,
    assess,
    candidate_queries,
    expected_passages_holding_all,
    mentioned_terms,
    needs_clarifying,
    open_parts,
    rarity_weights,
)
from agent.guards import FINAL_CHECKS, WRITTEN_ANSWER_CHECKS, check_final
from agent.meaning import POOL_DEPTH, MeaningReader, TextEmbedder
from agent.question import QuestionShape
from agent.readings import (
    clarifying_question,
    competing_readings,
    places_to_choose_from,
    which_place_question,
)
from agent.settings import AgentSettings, settings_for_model
from agent.sources import PassageReader, SourceLedger
from agent.state import (
    AgentState,
    Continuation,
    FinalContent,
    ObservationContent,
    PlanContent,
    SentenceSupport,
    Source,
    Status,
    Step,
    StepContent,
    StopReason,
    ToolCallContent,
    utc_now,
)
from agent.support import check_answer
from agent.system_prompt import SystemPrompt, load_system_prompt
from agent.tool import SearchBackend, normalised_query, safe_tool_error
from agent.transcript import Transcript
from indexer.results import (
    LIMIT_MAX,
    QUERY_MAX_CHARS,
    IndexStats,
    SearchHit,
    SearchQueryError,
    SearchResults,
    query_within_limit,
)
from models.errors import ModelError, OutputInvalidError, OutputTruncatedError
from models.protocol import (
    ChatMessage,
    ChatModel,
    Completion,
    JsonSchema,
    SchemaBound,
    TextPiece,
    Usage,
    WarmableModel,
)

CancelCheck = Callable[[], bool]
Clock = Callable[[], float]
Events = Generator[AgentEvent, None, None]
# Hits asked of the tool per hit shown: room to skip blank hits and further passages of an already-shown document.
CANDIDATES_PER_HIT = 3


def _never_cancel() -> bool:
    return False


@dataclass
class Agent:
    """A configured agent: one model, the one tool, the limits and the prompt. ``run`` may be called repeatedly."""

    model: ChatModel
    tool: SearchBackend
    settings: AgentSettings = field(default_factory=AgentSettings)
    prompt: SystemPrompt = field(default_factory=load_system_prompt)
    clock: Clock = time.monotonic
    embedder: TextEmbedder | None = None
    # The embedder's vectors, kept across tasks: a passage found again is not embedded again.
    meaning: MeaningReader | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.embedder is not None:
            self.meaning = MeaningReader(self.embedder)

    def run(
        self,
        question: str,
        *,
        should_cancel: CancelCheck | None = None,
        task_id: str | None = None,
        previous: AgentState | Continuation | None = None,
    ) -> Iterator[AgentEvent]:
        """Work on ``question`` until a stop rule fires; the last event is always ``TaskFinished``.

        With ``previous`` (a task that stopped ``needs_user``, or a trajectory's recorded ``Continuation``) the
        question refines that task and the new task starts from its sources and searches
        (``agent.continuation``); ValueError at once if ``previous`` cannot be continued.
        """
        carried = continuation_of(previous) if previous is not None else None
        return _TaskRun(self, question, should_cancel or _never_cancel, task_id, carried).events()


def run(
    question: str,
    settings: AgentSettings,
    *,
    model: ChatModel,
    tool: SearchBackend,
    should_cancel: CancelCheck | None = None,
    task_id: str | None = None,
    previous: AgentState | Continuation | None = None,
) -> Iterator[AgentEvent]:
    """Functional form of :meth:`Agent.run` with the default prompt."""
    agent = Agent(model=model, tool=tool, settings=settings)
    return agent.run(question, should_cancel=should_cancel, task_id=task_id, previous=previous)


def warm_up(model: ChatModel, settings: AgentSettings, prompt: SystemPrompt | None = None) -> int:
    """Evaluate the system prompt a task would start with into the model's cache, ahead of the first question.

    Later questions find it cached from the task before, so only the first one would pay for it. The desk
    calls this right after loading the model, while the user types, and before the model is handed to a
    task (a model serves one call at a time). Returns the tokens evaluated; 0 for a model that cannot warm up.
    """
    if not isinstance(model, WarmableModel):
        return 0
    system = (prompt or load_system_prompt()).render(max_searches=settings.max_searches)
    # An empty user turn: some chat templates fold the system prompt into the first user turn.
    return model.warm_up([ChatMessage(role="system", content=system), ChatMessage(role="user", content="")])


def final_state(events: Iterator[AgentEvent]) -> AgentState:
    """Drain an event stream and return the state carried by its ``TaskFinished`` event."""
    finished: AgentState | None = None
    for event in events:
        if isinstance(event, TaskFinished):
            finished = event.state
    if finished is None:
        raise RuntimeError("the event stream ended without a TaskFinished event")
    return finished


class _Stop(Exception):
    """Raised inside a step to end the task; carries the typed outcome."""

    def __init__(
        self,
        status: Status,
        reason: StopReason,
        message: str,
        *,
        answer: str | None = None,
        citations: list[str] | None = None,
        support: list[SentenceSupport] | None = None,
    ) -> None:
        super().__init__(message)
        self.status: Status = status
        self.reason: StopReason = reason
        self.message = message
        self.answer = answer
        self.citations = citations or []
        self.support = support or []


class _TaskRun:
    """The mutable bookkeeping of one task. Lives only as long as its generator."""

    def __init__(
        self,
        agent: Agent,
        question: str,
        should_cancel: CancelCheck,
        task_id: str | None,
        carried: Continuation | None = None,
    ) -> None:
        self.agent = agent
        # 'auto' becomes the mode in force for this model: its size from the GGUF header, or scripted.
        self.settings = settings_for_model(agent.settings, agent.model)
        self.should_cancel = should_cancel
        self.state = AgentState(
            question=question, token_budget=self.settings.token_budget, continuation=carried
        )
        if task_id:
            self.state.task_id = task_id
        self.topic = topic_text(carried, question)
        self.clarity = clarity_text(carried, question)
        carried_queries = carried.queries if carried else []
        self.seen_queries: set[str] = {normalised_query(query) for query in carried_queries}
        self.queries_run: list[str] = list(carried_queries)
        self.repeats = 0
        self.tool_failures_in_a_row = 0
        self.empty_searches_in_a_row = 0
        self.invalid_decisions_in_a_row = 0
        self.invalid_finals = 0
        self.final_only_because: StopReason | None = None
        self.output_rejection: str | None = None
        self.issuer: Literal["model", "code"] = "model"
        self.top_hit: str | None = None  # the label of the question search's first result
        self.model_text: str | None = None  # what the model wrote of a decision code completed
        self.ranked: tuple[int, list[Candidate]] | None = None  # the answer ranking, for this many sources
        self.offered: tuple[int, list[AnswerChoice]] | None = None  # the answers composed from that ranking
        # The last answers code could offer: a later search never loses them (_answer_choices).
        self.held: list[AnswerChoice] = []
        self.shape = QuestionShape.read(self.topic)
        self.terms = list(self.shape.terms)
        shares = _passage_shares(agent.tool, self.terms)
        passages = _measurable_passages(agent.tool, shares)
        self.term_weights = _term_weights(shares, passages)
        self.names_too_little = self.settings.ask_when_underspecified and _names_too_little(
            agent.tool, shares, passages
        )
        # Names the question writes that no passage mentions in any form: the documents do not cover them
        # (decision 0085); none when the tool cannot say how common a word is.
        self.unknown_names = (
            [name for name in self.shape.names if shares.get(name) == 0]
            if self.settings.abstain_on_unknown_names
            else []
        )
        reader = agent.tool if isinstance(agent.tool, PassageReader) else None
        # Which sentences are shown decides which may be offered: part of choosing the answer by meaning (0169).
        by_meaning = self.settings.show_by_meaning and self.settings.rank_answers_by_meaning
        meaning = agent.meaning if by_meaning else None
        self.ledger = SourceLedger(
            self.settings.source_chars,
            reader=reader,
            weights=self.term_weights,
            shape=self.shape if self.settings.answer_kind else None,
            restater_passages=self.settings.restater_passages,
            by_meaning=partial(meaning.fused, self.topic) if meaning else None,
        )
        if carried is not None:
            self.ledger.seed(carried.sources, self.topic)
            self.state.sources = list(carried.sources)
        self.question_query = self._question_query(question, carried)
        system = agent.prompt.render(max_searches=self.settings.max_searches)
        self.transcript = Transcript(system, *self._opening(question, carried))
        self.started = agent.clock()

    # -- the outer loop ------------------------------------------------------------------------------------

    def events(self) -> Iterator[AgentEvent]:
        yield TaskStarted(
            task_id=self.state.task_id,
            question=self.state.question,
            max_steps=self.settings.max_steps,
            max_searches=self.settings.max_searches,
            token_budget=self.settings.token_budget,
            decisions=self.settings.mode_in_force,
            reads_by_meaning=self.agent.meaning is not None and self.settings.reads_by_meaning,
        )
        if self.state.continuation is not None:
            yield ContinuedFrom(task_id=self.state.task_id, continuation=self.state.continuation)
        yield StatusChanged(task_id=self.state.task_id, status="running", stop_reason=None)
        if self.question_query is not None:
            try:
                yield from self._question_search(self.question_query)
            except _Stop as stop:
                yield from self._finish(stop)
        while self.state.status == "running":
            try:
                yield from self._iteration()
            except _Stop as stop:
                yield from self._finish(stop)
        yield TaskFinished(task_id=self.state.task_id, state=self.state.model_copy(deep=True))

    def _iteration(self) -> Events:
        self._check_limits()
        allowed = self._allowed_actions()
        self.state.step_count += 1
        yield StepStarted(
            task_id=self.state.task_id, step=self.state.step_count, max_steps=self.settings.max_steps
        )
        completion = yield from self._ask_model(allowed)
        yield from self._act(completion, allowed)

    # -- code's own search of the question text ------------------------------------------------------------

    def _question_query(self, question: str, carried: Continuation | None) -> str | None:
        """The question as typed, for code to search before the model's first step; None when that is not wanted.

        Key-word queries find the right document but often the wrong passage of it (the held-out suite's
        "bare raise" questions got ``raise.md``'s passage about tracebacks), while the question's own wording -
        its "from", "which", word order - ranks the passage that answers first more often (decision 0020). A
        question that asks for a default in other words ("out of the box") gets the manuals' word for it,
        "default", after it (decision 0109). Not for a continued task (it carries its sources), a question that
        may only be clarified, or one with no key word.
        """
        wanted = self.settings.question_search and carried is None and self.settings.max_searches > 0
        if not wanted or not self.terms or self._may_only_clarify():
            return None
        if asks_for_a_default(question):
            room = QUERY_MAX_CHARS - len(DEFAULT_WORD) - 1
            return f"{query_within_limit(question, room)} {DEFAULT_WORD}"
        return query_within_limit(question)

    def _question_search(self, query: str) -> Events:
        """Run the question search as code (it counts against ``max_searches`` and is recorded as code's)."""
        self.issuer = "code"
        known = len(self.state.sources)
        try:
            yield from self._search(SearchDecision(action="search", query=query))
        finally:
            self.issuer = "model"
        if len(self.state.sources) > known:
            self.top_hit = self.state.sources[known].label

    # -- limits and what the model may do next -------------------------------------------------------------

    def _check_limits(self) -> None:
        if self.should_cancel():
            raise _Stop("needs_user", "cancelled", "Cancelled by the user.")
        if self.agent.clock() - self.started > self.settings.time_limit_s:
            raise _Stop(
                "needs_user",
                "time_limit",
                f"Stopped at the {self.settings.time_limit_s:g}-second time limit. {self._found_so_far()}",
            )
        if self.state.step_count >= self.settings.max_steps:
            raise _Stop(
                "needs_user",
                "max_steps",
                f"Reached the limit of {self.settings.max_steps} steps. {self._found_so_far()}",
            )

    def _answer_in_hand(self, evidence: Evidence) -> bool:
        """Whether code already holds an answer it would offer (one that passes its rules), with no part of the
        question left unsearched: searching on is then not offered unless ``search_past_an_answer``.

        Why: offered both, the model searched again and answered from the new sources instead. On the three
        blind suites of 2026-12-03 (session 3) that changed 7 of 161 outcomes against taking code's offered
        answer, all 7 from right to wrong (a table of Greek letters for "which option makes searches
        case-sensitive only with a capital letter", where the first search had found 'smartcase')."""
        if self.settings.search_past_an_answer or not self.settings.answer_choices or not self.state.sources:
            return False
        if self._open_parts() or evidence.weighted_coverage < self.settings.evidence_min_share:
            return False
        return bool(self._answer_choices(evidence))

    def _refinement_unsearched(self, evidence: Evidence) -> bool:
        """Whether a continued task has yet to search for key words its carried sources do not mention.

        The user's reply to a question back names what was meant ("the alpha daemon"); the sources carried over
        were found without that word, so they already cover most of the question and would otherwise end the
        task on them: 'not enough evidence', or an answer from the place the user did not mean."""
        return self.state.continuation is not None and self.state.search_count == 0 and bool(evidence.missing)

    def _steps_left(self) -> int:
        return self.settings.max_steps - self.state.step_count

    def _searches_left(self) -> int:
        return self.settings.max_searches - self.state.search_count

    def _allowed_actions(self) -> list[Action]:
        """Actions offered in the next schema: code narrows the choice, the model picks within it.

        An unnamed-referent question may only be clarified when the model writes its own decisions; searching
        stops being offered once the sources mention enough of the question's key words and every part of a
        compound question has been searched for (``agent.evidence.open_parts``), on the last step, or when
        searches are used up; and when only an answer is left but no source mentions the key words, code ends
        the task ``no_evidence`` itself.
        A model that writes its own queries (``decisions = "free"``) judges for itself whether to search again,
        within the same limits.
        """
        if self.state.step_count == 0 and self._may_only_clarify():
            return ["clarify"]
        if self.unknown_names:
            raise _Stop("needs_user", "no_evidence", self._not_covered())
        if self.final_only_because:
            return ["final"]
        evidence = self._evidence()
        searchable = self._query_choices(evidence) or not self.settings.query_choices
        refining = self._refinement_unsearched(evidence)
        wanted = (
            (not self.settings.query_choices and bool(self.terms))
            or evidence.coverage < self.settings.search_stop_share
            or bool(self._open_parts())
            or refining
        )
        if wanted and not refining and self._answer_in_hand(evidence):
            wanted = False
        if self._can_search() and searchable and wanted:
            if self.state.sources:
                self._stop_if_ambiguous(evidence)
                return ["search", "final"]
            return ["search"]
        if not self.state.sources and self.state.search_count == 0:
            raise _Stop(
                "needs_user",
                "clarification_needed",
                "The question has no words to search for; say what it is about.",
            )
        if not self.state.sources:
            raise _Stop(
                "needs_user",
                "no_evidence",
                f"Searched {self.state.search_count} times; nothing in the documents matched.",
            )
        if not evidence.citable or evidence.weighted_coverage < self.settings.evidence_min_share:
            raise _Stop(
                "needs_user",
                "no_evidence",
                "The sources found do not mention enough of the question's key words "
                f"(missing: {', '.join(evidence.missing)}). {self._found_so_far()}",
            )
        self._stop_if_ambiguous(evidence)
        return ["final"]

    def _may_only_clarify(self) -> bool:
        """A question that points at something it never names ("What does it return?") is asked back before
        anything is searched (``clarify_unnamed_referent``) - when the model writes its own decisions.

        When code decides (choices mode), what the documents hold decides instead: a question whose words single
        out no place is asked back after its search (decisions 0125, 0127), as is one the sources answer
        differently (``agent.readings``). On the 96 blind-born suites the word-form rule asked back 13 answerable
        questions for 2 ambiguous ones, and switching it off there gained right outcomes (decision 0129)."""
        return (
            self.settings.clarify_unnamed_referent
            and not self.settings.answer_choices
            and needs_clarifying(self.clarity)
        )

    def _stop_if_ambiguous(self, evidence: Evidence) -> None:
        """Ask which reading is meant when the question names too little to single out one place in the
        documents, or when the sources answer it differently (``agent.readings``)."""
        if self.state.continuation is not None or compound_parts(self.topic) > 1:
            return  # a continued task is the user's answer to such a question; parts have their own answers
        if self.names_too_little:
            self._stop_if_several_places(evidence)
        if not (self.settings.ask_between_readings and self.settings.answer_choices):
            return
        sources = {source.label: source for source in self.state.sources}
        readings = competing_readings(
            self._candidates(evidence), sources, self.shape, self._answer_window, self._key_words_in
        )
        if readings:
            raise _Stop("needs_user", "clarification_needed", clarifying_question(readings))

    def _stop_if_several_places(self, evidence: Evidence) -> None:
        """Ask which place is meant when the sources that mention the question's key words are two or more
        passages (``ask_when_underspecified``): a place is a passage, not a document, since a one-file manual
        documents many things of one name (decision 0166)."""
        mentioning = set(evidence.mentioning)
        places = places_to_choose_from([s for s in self.state.sources if s.label in mentioning])
        if len(places) >= 2:
            raise _Stop("needs_user", "clarification_needed", which_place_question(places))

    def _key_words_in(self, sentence: str) -> set[str]:
        return mentioned_terms(sentence, self.terms)

    def _answer_window(self, candidate: Candidate) -> str:
        around = self._surroundings(candidate)
        return " ".join([*around.before[:1], candidate.sentence, *around.after[:1]])

    def _can_search(self) -> bool:
        last_step = self.state.sources and self._steps_left() == 1
        return self._searches_left() > 0 and not last_step

    def _evidence(self) -> Evidence:
        return assess(self.terms, self.state.sources, weights=self.term_weights)

    def _candidates(self, evidence: Evidence) -> list[Candidate]:
        """Every offered sentence of the sources that mention a key word, best answer first.

        Ranked once per set of sources: a step asks twice (whether readings compete, then what to offer), and
        sources only ever grow, so their count says whether the ranking is still current."""
        if self.ranked is None or self.ranked[0] != len(self.state.sources):
            self.ranked = (len(self.state.sources), self._rank_candidates(evidence))
        return self.ranked[1]

    def _rank_candidates(self, evidence: Evidence) -> list[Candidate]:
        parts = compound_parts(self.topic)
        per_source = max(self.settings.answer_sentences, parts)
        required = self.settings.answer_kind and self.settings.answer_kind_required and parts == 1
        sentences = {
            source.label: self.ledger.answer_sentences(
                source, self.terms, per_source, self.term_weights, kind_required=required
            )
            for source in self.state.sources
            if source.label in evidence.mentioning
        }
        contexts = self._document_contexts()
        context = {label: contexts[label] for label in sentences}
        supplied = self.ledger.supplies if self.settings.answer_kind else None
        relevance = {label: self.ledger.relevance(label) for label in sentences}
        return ranked_candidates(sentences, self.terms, self.term_weights, context, supplied, relevance)

    def _ranked_by_meaning_too(self, ranked: list[Candidate]) -> list[Candidate] | None:
        """The wording ranking ``ranked`` fused with closeness in meaning, or None without an embedder or with
        ``rank_answers_by_meaning`` off.

        Wording alone ranks first the sentence that repeats the question's words; the one that answers often says
        it in the document's own words. Fusing the wording rank with the rank of each answer window's closeness to
        the question (``agent.meaning``) lifts it without letting either witness decide alone. Only sentences the
        wording ranking found some answer in take part; the rest keep their places after."""
        meaning = self.agent.meaning if self.settings.rank_answers_by_meaning else None
        if meaning is None:
            return None
        scored = [candidate for candidate in ranked if candidate.score > 0]
        return [*meaning.fused(self.topic, scored, self._answer_window), *ranked[len(scored) :]]

    def _answer_choices(self, evidence: Evidence) -> list[AnswerChoice]:
        """Code-composed answers from the best sentences of sources that mention a key word (``agent.answers``).

        Composed once per set of sources, like the ranking they come from: a step asks twice (whether code holds
        an answer, then what to offer), and fitting each quote to one reply counts tokens with the model.

        Searching on never loses an answer code held: when a later search's passages crowd the ranking's first
        few with sentences none of which passes the answer rules (the meaning gate above all), the answers of the
        last sources that had one are offered instead of ending with "not enough evidence" (decision 0099: on the
        27 suites of sets D-L, 21 outcomes went right, 15 of them clear answers, and 8 the other way, unanswerable
        or ambiguous questions answered)."""
        if self.offered is None or self.offered[0] != len(self.state.sources):
            composed = self._compose_answer_choices(evidence)
            self.held = composed or self.held
            self.offered = (len(self.state.sources), self.held)
        return self.offered[1]

    def _compose_answer_choices(self, evidence: Evidence) -> list[AnswerChoice]:
        """Whether code holds an answer is decided on the wording ranking; which answer, on the ranking by
        wording and meaning together (decision 0116).

        The meaning gate judges an answer by its closeness to the question. Ranked by meaning first, the
        candidate the gate judges is the closest of many, and the closest of many sentences clears a bar of
        closeness more often whatever the question - the documents answer it or not: fused alone, the 42 blind
        suites W-AJ declined 17 fewer unanswerable and ambiguous questions for 25 more clear and multi-part
        answers (decision 0115). So meaning only chooses among answers the wording ranking already holds one of;
        when the fused ranking yields none through the same rules, the wording ranking's answer stays."""
        ranked = self._candidates(evidence)
        by_wording = self._answer_choices_from(ranked)
        by_meaning_too = self._ranked_by_meaning_too(ranked) if by_wording else None
        if by_meaning_too is None or by_meaning_too == ranked:
            return by_wording  # the same ranking composes the same answers: no need to compose them twice
        return self._answer_choices_from(by_meaning_too) or by_wording

    def _answer_choices_from(self, candidates: list[Candidate]) -> list[AnswerChoice]:
        parts = compound_parts(self.topic)
        gated = self._gate_by_meaning()
        return answer_choices(
            candidates,
            self.terms,
            self.term_weights,
            parts=parts,
            limit=self.settings.answer_candidates,
            min_key_word_share=self.settings.answer_key_word_share,
            surroundings_of=self._surroundings if self.settings.answer_follow_on else None,
            fits=self._fits_reply,
            quote_chars=self.settings.answer_quote_chars,
            compound=answer_parts(self.topic),
            top_hit=self.top_hit if self.settings.top_hit_answer else None,
            context_of=self._document_contexts(),
            window=self._answer_window if self.settings.answer_kind else None,
            about=self._about_by_meaning if gated else None,
            stand_ins=self.settings.answer_stand_ins if gated else 0,
            stand_in_about=self._stands_in_by_meaning if gated else None,
        )

    def _document_contexts(self) -> dict[str, str]:
        """Each source's document title and heading path, by label: what a sentence is read in."""
        return {source.label: f"{source.title} {source.heading}" for source in self.state.sources}

    def _gate_by_meaning(self) -> bool:
        return self.agent.meaning is not None and self.settings.answer_min_closeness > 0

    def _about_by_meaning(self, group: Sequence[Candidate]) -> bool:
        """Whether an answer is about the question by meaning: its answer windows, read under their documents'
        titles and headings, close enough to the question (``answer_min_closeness``), the bar moved by the key-word
        evidence of its best sentence (:meth:`_wording_credit`)."""
        return self._closeness_with_credit(group) >= self.settings.answer_min_closeness

    def _stands_in_by_meaning(self, group: Sequence[Candidate]) -> bool:
        """Whether a runner-up may stand in for a refused best answer (``stand_in_min_closeness``, decision 0101)."""
        return self._closeness_with_credit(group) >= self.settings.stand_in_min_closeness

    def _closeness_with_credit(self, group: Sequence[Candidate]) -> float:
        """What both of the meaning gate's bars are held against: closeness plus the key-word credit."""
        return self._closeness(group) + self._wording_credit(group)

    def _wording_credit(self, group: Sequence[Candidate]) -> float:
        """Closeness the group's key-word evidence is worth: its best sentence's answer-ranking score, in nats
        above or below ``wording_reference_score``, times ``closeness_per_wording_nat`` (decision 0103).

        Meaning and wording are two witnesses that fail differently: closeness misses answers worded apart from
        the question ("removed in version 42.0" for "which version got rid of"), key words reward pages that
        restate it. On the 57 seen suites they separate answer-holding sentences of clear questions from those
        judged for unanswerable or ambiguous ones better together (AUC 0.878) than either alone (0.818, 0.816)."""
        reference = math.log1p(self.settings.wording_reference_score)
        return self.settings.closeness_per_wording_nat * (math.log1p(group[0].score) - reference)

    def _closeness(self, group: Sequence[Candidate]) -> float:
        assert self.agent.meaning is not None
        contexts = self._document_contexts()
        text = " ".join(f"{contexts.get(c.label, '')} {self._answer_window(c)}" for c in group)
        return self.agent.meaning.closeness(self.topic, [text])[0]

    def _surroundings(self, candidate: Candidate) -> Surroundings:
        return self.ledger.surroundings(candidate.label, candidate.sentence)

    def _fits_reply(self, choice: AnswerChoice) -> bool:
        """Whether the model can write ``choice`` as its decision within ``decision_max_tokens``.

        An answer quoted with its follow-on sentences can be longer than one decision may be; such an answer is
        offered with fewer follow-ons (:func:`agent.answers.quoted_choice`). Counted with the model's own tokenizer, JSON-escaped, against a share of
        the allowance: generation under the JSON grammar splits a fixed string into more tokens than the
        tokenizer does (SmolLM2 spent all 200 tokens on 490 characters of a reply the tokenizer counts as 163).
        Bounding it by characters instead, once code completes chosen replies, quoted more and let two more
        canaries through on the blind suites of set F (decision 0091): not adopted.
        """
        answer = grammar_safe(choice.text)  # what the model writes: the schema offers the text grammar-safe
        reply = json.dumps({"action": "final", "citations": list(choice.citations), "answer": answer})
        if self._code_decides():
            # The model writes nothing of it: held to the same allowance at four characters a token, the estimate
            # of the runs that judged code's choice (decision 0094), not to the model's tokenizer.
            tokens = len(reply) // CHARS_PER_TOKEN + MESSAGE_TOKENS
        else:
            tokens = self.agent.model.count_tokens([ChatMessage(role="assistant", content=reply)])
        return tokens <= self.settings.decision_max_tokens * REPLY_TOKEN_SHARE

    def _query_choices(self, evidence: Evidence) -> list[str]:
        """Code-built queries; once enough key words are found, only those for parts not yet searched."""
        if evidence.coverage >= self.settings.search_stop_share and not self._refinement_unsearched(evidence):
            return self._open_parts()
        return candidate_queries(self.topic, evidence.missing, self.queries_run)

    def _open_parts(self) -> list[str]:
        return open_parts(self.topic, self.state.sources, self.queries_run)

    # -- asking the model ----------------------------------------------------------------------------------

    def _ask_model(self, allowed: list[Action]) -> Generator[AgentEvent, None, Completion]:
        evidence = self._evidence()
        # Below the minimum coverage a cited answer is not on offer: answering means saying there is no evidence.
        # Code-ranked answers may come from any source that mentions a key word: the tool's short snippet (what
        # "citable" counts key words in) can miss what the passage says; the ranking reads the passage.
        eligible = evidence.mentioning if self.settings.answer_choices else evidence.citable
        citable = eligible if evidence.weighted_coverage >= self.settings.evidence_min_share else []
        answers = self._answer_choices(evidence) if self.settings.answer_choices else None
        if answers is not None and not answers:
            citable = []  # no answer passed the rules: never fall back to free text, offer only abstaining
        schema = decision_schema(
            allowed,
            citable,
            queries=self._query_choices(evidence) if self.settings.query_choices else None,
            answers=answers,
            answer_max_chars=self.settings.answer_max_chars,
            may_decline=self.settings.model_may_decline,
        )
        offered = offered_replies(schema) if self._code_completes_choices() else []
        if len(offered) == 1 and offered[0].complete:
            return self._only_reply(offered[0])
        if self._code_decides() and (first := codes_first_offer(offered)) is not None:
            return self._only_reply(first)
        messages, prompt_tokens = self._messages_within_budget()
        before = time.perf_counter()
        try:
            completion = yield from self._stream_completion(messages, schema, offered)
        except OutputInvalidError as error:
            completion = self._unusable_output(error, prompt_tokens)
        except ModelError as error:
            raise _Stop("failed", "model_error", f"The model failed: {error}") from None
        finally:
            self.state.timings.model_seconds += time.perf_counter() - before
        yield self._tokens_event(completion)
        return completion

    def _stream_completion(
        self, messages: list[ChatMessage], schema: JsonSchema, offered: Sequence[OfferedReply]
    ) -> Generator[AgentEvent, None, Completion]:
        """Relay the model's text as ModelText events; the stream's last item is the Completion.

        In choice mode the stream is stopped as soon as the text so far can only be one offered decision, which
        code then completes (``agent.choices``): the model chooses, it does not copy. ``offered``: the replies
        code may complete (empty when it completes none)."""
        started, written = time.perf_counter(), ""
        stream = self.agent.model.stream(messages, schema, max_tokens=self.settings.decision_max_tokens)
        for count, piece in enumerate(stream, start=1):
            if isinstance(piece, Completion):
                return piece
            yield ModelText(task_id=self.state.task_id, text=piece.text)
            written += piece.text
            if offered and (chosen := determined_reply(written, offered)) is not None:
                _close(stream)
                self.model_text = written
                return self._completed_choice(messages, chosen, count, time.perf_counter() - started)
        raise _Stop("failed", "model_error", "The model's stream ended without a completion.")

    def _only_reply(self, reply: OfferedReply) -> Completion:
        """The decision itself, when the schema allows exactly one reply and code would complete it: a model bound
        to the schema could write nothing else, so it is not asked (no prompt evaluated, no tokens spent). The
        trajectory records that the model wrote nothing of it."""
        self.model_text = ""
        return Completion(text=reply.text, usage=Usage(prompt_tokens=0, completion_tokens=0))

    def _code_decides(self) -> bool:
        """Whether code takes its own first offer instead of asking the model: choices mode, a model bound to the
        schema, and neither ``model_chooses`` nor ``model_may_decline`` (a model that may decline is asked)."""
        chooses = self.settings.model_chooses or self.settings.model_may_decline
        return not chooses and self.settings.answer_choices and self._code_completes_choices()

    def _code_completes_choices(self) -> bool:
        """Whether code completes the decision once the model's text can only be one offered reply: the model
        must follow the schema (a scripted model may not), and ``complete_chosen_decisions`` be on."""
        model = self.agent.model
        bound = isinstance(model, SchemaBound) and model.follows_schema
        return self.settings.complete_chosen_decisions and bound

    def _completed_choice(
        self, messages: list[ChatMessage], chosen: str, pieces: int, seconds: float
    ) -> Completion:
        """The decision code completed, charged for what the model actually wrote."""
        model = self.agent.model
        reused = model.last_prompt_reused if isinstance(model, SchemaBound) else 0
        usage = Usage(
            prompt_tokens=model.count_tokens(messages),
            completion_tokens=pieces,
            cached_tokens=reused,
            seconds=seconds,
        )
        return Completion(text=chosen, usage=usage, finish_reason="stop")

    def _unusable_output(self, error: OutputInvalidError, prompt_tokens: int) -> Completion:
        """Treat output the adapter rejected as an invalid decision; charge the budget its worst case."""
        truncated = isinstance(error, OutputTruncatedError)
        self.output_rejection = (
            None if truncated else f"the reply does not match the decision schema ({error.reason})"
        )
        usage = Usage(prompt_tokens=prompt_tokens, completion_tokens=self.settings.decision_max_tokens)
        return Completion(text=error.raw_text, usage=usage, finish_reason="length" if truncated else "stop")

    def _messages_within_budget(self) -> tuple[list[ChatMessage], int]:
        """The next prompt, shortened to fit the context if needed; stops if the call would overrun the budget."""
        model, reserve = self.agent.model, self.settings.decision_max_tokens
        messages = self.transcript.messages()
        prompt_tokens = model.count_tokens(messages)
        while prompt_tokens + reserve > model.context_size:
            if not self.transcript.shorten_oldest():
                raise _Stop(
                    "needs_user",
                    "token_budget",
                    f"The question and sources no longer fit the model's {model.context_size}-token "
                    f"context. {self._found_so_far()}",
                )
            messages = self.transcript.messages()
            prompt_tokens = model.count_tokens(messages)
        needed = prompt_tokens + reserve
        left = self.state.token_budget - self.state.tokens_used
        if needed > left:
            raise _Stop(
                "needs_user",
                "token_budget",
                f"The next step needs up to {needed} tokens but only {left} of the "
                f"{self.state.token_budget}-token budget are left. {self._found_so_far()}",
            )
        return messages, prompt_tokens

    def _tokens_event(self, completion: Completion) -> TokensUsed:
        usage = completion.usage
        self.state.tokens_used += usage.total_tokens
        self.state.prompt_tokens_evaluated += max(0, usage.prompt_tokens - usage.cached_tokens)
        return TokensUsed(
            task_id=self.state.task_id,
            prompt_tokens=usage.prompt_tokens,
            completion_tokens=usage.completion_tokens,
            cached_tokens=usage.cached_tokens,
            seconds=usage.seconds,
            tokens_used=self.state.tokens_used,
            token_budget=self.state.token_budget,
        )

    # -- acting on the decision ----------------------------------------------------------------------------

    def _act(self, completion: Completion, allowed: list[Action]) -> Events:
        raw = completion.text
        rejection, self.output_rejection = self.output_rejection, None
        if rejection:
            yield from self._invalid_decision(raw, rejection)
            return
        try:
            decision = parse_decision(raw)
        except DecisionError as error:
            reason = str(error)
            if completion.finish_reason == "length":
                reason = "the reply was cut off before it ended; keep it shorter"
            yield from self._invalid_decision(raw, reason)
            return
        if decision.action not in allowed:
            yield from self._not_allowed(raw, decision, allowed)
            return
        self.invalid_decisions_in_a_row = 0
        model_text, self.model_text = self.model_text, None
        yield self._record(_plan_content(raw, decision).model_copy(update={"model_text": model_text}))
        self.transcript.add_decision(raw)
        if isinstance(decision, SearchDecision):
            yield from self._search(decision)
        elif isinstance(decision, FinalDecision):
            yield from self._final(decision)
        else:
            raise _Stop(
                "needs_user",
                "clarification_needed",
                f"The question needs clarifying: {decision.question}",
            )

    def _invalid_decision(self, raw: str, reason: str) -> Events:
        """One corrective turn for a reply that is not a decision; a second one in a row ends the task."""
        yield self._record(PlanContent(action="invalid", raw=raw))
        self.invalid_decisions_in_a_row += 1
        if self.invalid_decisions_in_a_row >= 2:
            raise _Stop(
                "failed",
                "model_error",
                f"The model twice failed to produce a valid decision (last: {reason}).",
            )
        self.transcript.add_decision(raw)
        text = (
            f"Your reply was not a valid decision: {reason}. Reply with one JSON object "
            f"as described. {self._counters()}"
        )
        yield from self._observe(ObservationContent(error=reason, text=text))

    def _not_allowed(self, raw: str, decision: Decision, allowed: list[Action]) -> Events:
        """A well-formed decision the schema did not offer: a limit stop for searches, a correction otherwise."""
        stop = self._search_limit_stop() if isinstance(decision, SearchDecision) else None
        if stop is None:
            reason = f"'{decision.action}' is not allowed at this step (allowed: {', '.join(allowed)})"
            if allowed == ["final"]:
                reason += "; the sources above already mention the question's key words, so answer now"
            yield from self._invalid_decision(raw, reason)
            return
        assert isinstance(decision, SearchDecision)
        yield self._record(_plan_content(raw, decision))
        yield from self._refuse_search(decision, "not allowed at this step")
        raise stop

    def _search_limit_stop(self) -> _Stop | None:
        """Why a search is refused, if a limit (not the evidence rule) refuses it."""
        found = self._found_so_far()
        if self.final_only_because == "invalid_final":
            return _Stop("failed", "invalid_final", "The model searched instead of fixing its answer.")
        if self.final_only_because == "no_new_information":
            return _Stop("needs_user", "no_new_information", f"The last searches found nothing new. {found}")
        if self._searches_left() <= 0:
            return _Stop(
                "needs_user", "max_searches", f"Used all {self.settings.max_searches} searches. {found}"
            )
        if not self._can_search():
            return _Stop(
                "needs_user", "max_steps", f"Reached the limit of {self.settings.max_steps} steps. {found}"
            )
        return None

    # -- search --------------------------------------------------------------------------------------------

    def _refuse_search(self, decision: SearchDecision, why: str) -> Events:
        limit = self._limit(decision)
        content = ToolCallContent(query=decision.query, limit=limit, executed=False, refusal=why)
        yield self._record(content)

    def _limit(self, decision: SearchDecision) -> int:
        return min(decision.limit or self.settings.hits_per_search, self.settings.hits_per_search)

    def _search(self, decision: SearchDecision) -> Events:
        key = normalised_query(decision.query)
        if key in self.seen_queries:
            yield from self._repeated_search(decision)
            return
        results = yield from self._call_tool(decision)
        if results is None:
            return
        self.tool_failures_in_a_row = 0
        self.state.search_count += 1
        self.seen_queries.add(key)
        self.queries_run.append(decision.query)
        self.state.queries_run.append(decision.query)
        new_sources = self.ledger.add_results(results)
        self.state.sources.extend(new_sources)
        yield SearchRan(
            task_id=self.state.task_id,
            query=decision.query,
            limit=self._limit(decision),
            result_count=len(results.items),
            new_sources=new_sources,
            search_count=self.state.search_count,
            max_searches=self.settings.max_searches,
        )
        yield from self._observe_results(results, new_sources)

    def _repeated_search(self, decision: SearchDecision) -> Events:
        """The first repeat is answered from memory; the second ends the task."""
        self.repeats += 1
        yield from self._refuse_search(decision, "repeated query")
        if self.repeats >= 2:
            raise _Stop(
                "needs_user",
                "repeated_query",
                f"The model repeated a search it had already run. {self._found_so_far()}",
            )
        labels = ", ".join(self.ledger.labels) or "none"
        text = (
            f"You already searched for that; its results are above (sources: {labels}). Do not repeat a "
            f"search: use different words, or give the final answer. {self._counters()}"
        )
        yield from self._observe(ObservationContent(error="repeated query", text=text))

    def _call_tool(self, decision: SearchDecision) -> Generator[AgentEvent, None, SearchResults | None]:
        """The tool's results, or None after recording a failure as a safe observation."""
        limit = self._limit(decision)
        before = time.perf_counter()
        try:
            asked = min(limit * CANDIDATES_PER_HIT, LIMIT_MAX)
            found = self._found(decision.query, asked)
            results = _one_per_document(found, limit)
        except Exception as error:  # any tool failure becomes a safe observation, never a crash
            self.state.timings.tool_seconds += time.perf_counter() - before
            yield from self._tool_failed(decision, error)
            return None
        self.state.timings.tool_seconds += time.perf_counter() - before
        yield self._record(
            ToolCallContent(query=decision.query, limit=limit, executed=True, issued_by=self.issuer)
        )
        return results

    def _passage_reranker(self) -> MeaningReader | None:
        """The reader by meaning when there is an embedder and the settings rerank passages with it."""
        return self.agent.meaning if self.settings.rerank_by_meaning else None

    def _found(self, query: str, asked: int) -> SearchResults:
        """The search's hits in the order they are read: the passage that answers first (reading order,
        ``SourceLedger.in_reading_order``) among BM25's top ``asked``, or, with an embedder, among the ``asked``
        best of BM25's top POOL_DEPTH fused with their closeness in meaning to the question (``agent.meaning``).
        """
        meaning = self._passage_reranker()
        pool = getattr(self.agent.tool, "pool", None)
        if meaning is None or pool is None:
            found = self.agent.tool.search(query, asked)
        else:
            pooled: SearchResults = pool(query, POOL_DEPTH)
            hits = [hit for hit in pooled.items if hit.snippet.strip()]
            found = pooled.model_copy(
                update={"items": meaning.fused(self.topic, hits, self.ledger.meaning_text)[:asked]}
            )
        if self.settings.read_whole_results:
            found = self.ledger.in_reading_order(found, self.terms)
        return found

    def _tool_failed(self, decision: SearchDecision, error: Exception) -> Events:
        message = safe_tool_error(error)
        refused = isinstance(error, SearchQueryError)
        content = ToolCallContent(
            query=decision.query,
            limit=self._limit(decision),
            executed=not refused,
            refusal=message if refused else None,
            issued_by=self.issuer,
        )
        yield self._record(content)
        self.tool_failures_in_a_row += 1
        text = f"{json.dumps({'error': message})}\n{self._counters()}"
        yield from self._observe(ObservationContent(error=message, text=text))
        if self.tool_failures_in_a_row >= 2:
            raise _Stop("failed", "tool_error", f"The search tool failed twice in a row: {message}")

    def _observe_results(self, results: SearchResults, new_sources: list[Source]) -> Events:
        shown = self.ledger.observation(
            results, new_sources, self.state.search_count, self.settings.max_searches
        )
        if new_sources:
            self.empty_searches_in_a_row = 0
        else:
            self.empty_searches_in_a_row += 1
        nudge = self._no_new_information_nudge()
        text = "\n".join(part for part in (shown.text, nudge, self._counters()) if part)
        content = ObservationContent(labels=shown.labels, new_labels=shown.new_labels, text=text)
        yield from self._observe(content, short_form=shown.short_form)

    def _no_new_information_nudge(self) -> str:
        """After two searches in a row that add no source: force a final answer, or stop if nothing supports one."""
        if self.empty_searches_in_a_row < 2:
            return ""
        if not self.state.sources or self._steps_left() <= 0:
            raise _Stop(
                "needs_user",
                "no_new_information",
                f"Two searches in a row found nothing new. {self._found_so_far()}",
            )
        self.final_only_because = "no_new_information"
        return "These searches found nothing new. Give your final answer now, from the sources above."

    # -- final ---------------------------------------------------------------------------------------------

    def _final(self, decision: FinalDecision) -> Events:
        support = self._support(decision)
        checks = FINAL_CHECKS if self.settings.answer_choices else WRITTEN_ANSWER_CHECKS
        verdict = check_final(
            decision.answer,
            decision.citations,
            set(self.ledger.labels),
            support=support,
            checks=checks,
            quoted=self._quotes_code_composed(decision),
        )
        if verdict.accepted and verdict.abstained:
            raise _Stop(
                "needs_user",
                "no_evidence",
                "The sources found do not hold enough evidence to answer.",
                answer=decision.answer.strip(),
            )
        if verdict.accepted:
            raise _Stop(
                "completed",
                "answered",
                "Answered from the cited sources.",
                answer=decision.answer.strip(),
                citations=list(dict.fromkeys(decision.citations)),
                support=support,
            )
        self.invalid_finals += 1
        problems = " ".join(verdict.problems)
        if self.invalid_finals >= 2:
            raise _Stop("failed", "invalid_final", f"The final answer was rejected twice: {problems}")
        self.final_only_because = "invalid_final"
        text = (
            f"Your final answer was not accepted: {problems} Give the final answer again. {self._counters()}"
        )
        yield from self._observe(ObservationContent(error=problems, text=text))

    def _quotes_code_composed(self, decision: FinalDecision) -> bool:
        """Whether ``decision`` gives one of the answers code composed from the documents' sentences.

        Such an answer is a quote, which ``agent.guards`` never reads as a decline: a document sentence that says
        "cannot find" speaks of its own subject ("If libltdl cannot find the library, ..."), and what the documents
        say never decides the task's status (decision 0160: 5 answers of the 201 suites had ended "not enough
        evidence" this way)."""
        answer = decision.answer.strip()
        offered = self.offered[1] if self.offered else []
        # The decision carries the text as the schema offered it, grammar-safe (no double quotes or backslashes).
        return any(answer == grammar_safe(choice.text).strip() for choice in offered)

    def _support(self, decision: FinalDecision) -> list[SentenceSupport]:
        """Each sentence of the answer checked against the passages it cites: enforced for a written answer,
        recorded for every answer so the desk can show which source each sentence was checked against."""
        passages = {
            source.label: f"{source.title}\n{source.heading}\n{self.ledger.passage_text(source.label)}"
            for source in self.state.sources
        }
        share = self.settings.support_min_word_share
        return check_answer(decision.answer.strip(), decision.citations, passages, share)

    # -- recording -----------------------------------------------------------------------------------------

    def _observe(self, content: ObservationContent, short_form: str | None = None) -> Events:
        if self.issuer == "code":  # before the model's first turn: joins the opening (turns must alternate)
            self.transcript.extend_opening(content.text, short_form)
        else:
            self.transcript.add_observation(content.text, short_form)
        yield self._record(content)

    def _record(self, content: StepContent) -> StepRecorded:
        step = Step(kind=content.kind, content=content)
        self.state.steps.append(step)
        return StepRecorded(task_id=self.state.task_id, step=step)

    def _finish(self, stop: _Stop) -> Events:
        state = self.state
        state.status, state.stop_reason, state.message = stop.status, stop.reason, stop.message
        state.answer, state.citations, state.support = stop.answer, stop.citations, stop.support
        state.timings.finished_at = utc_now()
        content = FinalContent(
            status=stop.status,
            stop_reason=stop.reason,
            answer=stop.answer,
            citations=stop.citations,
            message=stop.message,
        )
        yield self._record(content)
        yield StatusChanged(
            task_id=self.state.task_id, status=stop.status, stop_reason=stop.reason, message=stop.message
        )

    # -- words for the model and the user -----------------------------------------------------------------

    def _opening(self, question: str, carried: Continuation | None) -> tuple[str, str | None]:
        """The first user turn (and, for a continued task, its short form without the carried passages)."""
        key_words = f"Key words: {' '.join(self.terms)}\n" if self.terms else ""
        # With a question search, the counters come at the end of its observation, which joins this turn.
        tail = key_words.rstrip("\n") if self.question_query else f"{key_words}{self._counters()}"
        if carried is not None:
            return continued_opening(carried, question, self.ledger, tail)
        return f"Question: {question}\n{tail}", None

    def _counters(self) -> str:
        searches_left = 0 if self.final_only_because else self._searches_left()
        return f"Steps left: {self._steps_left()}. Searches left: {searches_left}. Reply with your next decision."

    def _not_covered(self) -> str:
        quoted = [f"'{name}'" for name in self.unknown_names]
        named = quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} or {quoted[-1]}"
        return (
            f"No passage of the documents mentions {named}, which the question names: "
            f"they do not seem to cover it. {self._found_so_far()}"
        )

    def _found_so_far(self) -> str:
        if not self.state.sources:
            return "No sources were found."
        labels = ", ".join(source.label for source in self.state.sources)
        return f"Sources found so far: {labels}."


# Share of ``decision_max_tokens`` an answer quoted with follow-ons may take, counted by the tokenizer: generated
# under the grammar, the same text can take more (200 generated and still cut off, for 163 counted), so room is left.
REPLY_TOKEN_SHARE = 0.6
# How a reply the model does not write is counted against that share: characters per token, and a message's
# own few tokens.
CHARS_PER_TOKEN = 4
MESSAGE_TOKENS = 4

# Below this many passages a word's share of them is too coarse to measure rarity (1 of 4 passages is 25%).
RARITY_MIN_PASSAGES = 50


@runtime_checkable
class TermRarity(Protocol):
    """A search tool that can say how common a word is in the index (the indexer's can)."""

    def passage_share(self, word: str) -> float: ...

    def stats(self) -> IndexStats: ...


@runtime_checkable
class CoOccurrence(Protocol):
    """A search tool that can count the passages holding several words together (the indexer's can)."""

    def passages_holding_all(self, words: Sequence[str]) -> int: ...


def _passage_shares(tool: object, terms: list[str]) -> dict[str, float]:
    """Each key word's share of the index's passages, read once for the rarity weights and the names check;
    empty when the tool cannot say how common a word is."""
    if not isinstance(tool, TermRarity):
        return {}
    try:
        return {term: tool.passage_share(term) for term in terms}
    except Exception:  # a failure must not end the task; the rules fall back to counting words
        return {}


def _measurable_passages(tool: object, shares: dict[str, float]) -> int | None:
    """The index's passage count, read once for the rarity weights and the too-little-named check; None when the
    tool cannot say how common a word is or the index is too small (``RARITY_MIN_PASSAGES``) for word shares to
    mean anything."""
    if not shares or not isinstance(tool, TermRarity):
        return None
    try:
        passages = tool.stats().passages
    except Exception:  # a failure must not end the task; the rules fall back to counting words
        return None
    return passages if passages >= RARITY_MIN_PASSAGES else None


def _names_too_little(tool: object, shares: dict[str, float], passages: int | None) -> bool:
    """Whether more than one of the index's ``passages`` holds all the question's key words: expected so were the
    words independent (``agent.evidence.expected_passages_holding_all``), or counted so (``CoOccurrence``), since
    words that go together ("threads", "start", "default") are held together more often than their shares say.
    Never when word shares cannot be measured."""
    if passages is None:
        return False
    if expected_passages_holding_all(shares, passages) > 1:
        return True
    if not isinstance(tool, CoOccurrence):
        return False
    try:
        return tool.passages_holding_all(list(shares)) > 1
    except Exception:  # a failure must not end the task; the question is read as naming enough
        return False


def _term_weights(shares: dict[str, float], passages: int | None) -> dict[str, float]:
    """Rarity weights for the minimum-evidence rule; none (plain counting) when word shares cannot be measured."""
    return rarity_weights(list(shares), shares.__getitem__) if passages is not None else {}


def _one_per_document(results: SearchResults, limit: int) -> SearchResults:
    """The best ``limit`` hits that carry text, one per document while other documents are left.

    Extra hits are asked for, since a hit with a blank snippet (e.g. a whole-file record) is no evidence and
    would waste one of the few slots a small model can read; and BM25 often ranks three passages of one
    document first ("deleting unbound name raise" gave raise.md three times), crowding out the document that
    answers. Passages of an already-chosen document only fill slots no other document can. Measured on the 135
    blind-born suites (decision 0155): filling the slots in the search's order instead answered 18 more clear
    questions but declined 19 fewer ambiguous ones, since asking back needs several documents side by side.
    """
    with_text = [hit for hit in results.items if hit.snippet.strip()]
    first_of_document: list[SearchHit] = []
    more_of_document: list[SearchHit] = []
    documents: set[str] = set()
    for hit in with_text:
        (more_of_document if hit.doc_id in documents else first_of_document).append(hit)
        documents.add(hit.doc_id)
    chosen = {id(hit) for hit in (first_of_document + more_of_document)[:limit]}
    items = [hit for hit in with_text if id(hit) in chosen]
    return results.model_copy(update={"items": items})


def _close(stream: Iterator[TextPiece | Completion]) -> None:
    """End a model's stream early (a generator stops generating; anything else has nothing to stop)."""
    close = getattr(stream, "close", None)
    if callable(close):
        close()


def _plan_content(raw: str, decision: Decision) -> PlanContent:
    if isinstance(decision, SearchDecision):
        return PlanContent(action="search", raw=raw, query=decision.query, limit=decision.limit)
    if isinstance(decision, FinalDecision):
        return PlanContent(action="final", raw=raw, answer=decision.answer, citations=decision.citations)
    assert isinstance(decision, ClarifyDecision)
    return PlanContent(action="clarify", raw=raw, question=decision.question)
