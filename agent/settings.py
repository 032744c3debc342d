"""The agent's limits. Every one of them is enforced in code by the loop, whatever the model proposes."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from models.protocol import SizedModel
from models.scripted import ScriptedModel

Decisions = Literal["auto", "choices", "free"]
DecisionMode = Literal["choices", "free"]
DEFAULT_MAX_STEPS = 6
DEFAULT_MAX_SEARCHES = 3
DEFAULT_TOKEN_BUDGET = 12_000
DEFAULT_TIME_LIMIT_S = 300.0
# SmolLM2-135M (the bundled model) and Gemma 3 270M have 0.13 and 0.27 billion parameters and cannot write an
# answer their sources support; the 3B-8B instruction models users bring can. See docs/decisions/0040.
DEFAULT_FREE_MIN_PARAMETERS = 1_000_000_000


class AgentSettings(BaseModel):
    """Limits for one task, recorded in every trajectory header so a run can be judged by what it was allowed."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    max_steps: int = Field(default=DEFAULT_MAX_STEPS, ge=1, le=50, description="Model decisions per task.")
    max_searches: int = Field(
        default=DEFAULT_MAX_SEARCHES, ge=0, le=20, description="Executed searches per task."
    )
    token_budget: int = Field(
        default=DEFAULT_TOKEN_BUDGET,
        ge=256,
        description="Prompt plus completion tokens over the whole task, as the model reports them.",
    )
    time_limit_s: float = Field(
        default=DEFAULT_TIME_LIMIT_S, gt=0, description="Wall-clock limit, checked between steps."
    )
    decision_max_tokens: int = Field(
        default=200, ge=16, le=2048, description="Completion tokens allowed for one decision."
    )
    hits_per_search: int = Field(
        default=3, ge=1, le=10, description="Passages shown per search (the model's limit is capped)."
    )
    source_chars: int = Field(
        default=320, ge=80, le=4000, description="Characters of document text shown per source."
    )
    answer_max_chars: int = Field(default=600, ge=40, le=4000)
    decisions: Decisions = Field(
        default="auto",
        description="How the model decides. 'choices': code offers the search queries and the answer as "
        "choices (query_choices and answer_choices on), for small models that copy well but write poorly. "
        "'free': the model writes its own queries and answer (both off), and every sentence of a written "
        "answer must be supported by the passages it cites (agent.support). 'auto': 'free' for a scripted "
        "model or one with at least free_min_parameters parameters, else 'choices'.",
    )
    free_min_parameters: int = Field(
        default=DEFAULT_FREE_MIN_PARAMETERS,
        ge=0,
        description="With decisions='auto', a model with at least this many parameters (summed from its GGUF "
        "tensor table) writes its own queries and answers; a smaller one, or one whose size is unknown, "
        "chooses among code's.",
    )
    support_min_word_share: float = Field(
        default=0.6,
        ge=0.0,
        le=1.0,
        description="In free mode, the share of a written answer sentence's content words (stopwords dropped, "
        "lightly stemmed) that must appear in the passages it cites; its numbers, identifiers and quoted "
        "phrases must all appear. A faithful paraphrase keeps most words; an invented claim does not.",
    )
    query_choices: bool = Field(
        default=True,
        description="Offer the search query as a choice among code-built key-word queries (small models copy "
        "well but write poor queries); False lets the model write free text.",
    )
    question_search: bool = Field(
        default=True,
        description="Code searches the question text itself before the model's first decision (it counts against "
        "max_searches): the question's own wording finds the passage that answers more often than key words do. "
        "Off, 123 blind-born suites answered 17 fewer right (2,929 -> 2,912), most of them two-part and "
        "injection questions, with canaries 10 -> 8 (decision 0146).",
    )
    answer_choices: bool = Field(
        default=True,
        description="Offer the answer as a choice among the citable sources' sentences (cited inline) instead "
        "of free text: a small model picks evidence well but writes unsupported prose.",
    )
    answer_sentences: int = Field(
        default=2,
        ge=1,
        le=5,
        description="Best sentences of each citable source that compete for the answer when answers are choices "
        "(a compound question considers at least one per part). Two, not one: the sentence that answers is often "
        "not the one that matches most of the question's words; on the 42 blind suites W-AJ and set AQ, right "
        "outcomes 1,040 -> 1,044 (decision 0114). With one, the 144 blind-born suites gave 35 fewer right outcomes "
        "and 3 more canaries (decision 0159).",
    )
    top_hit_answer: bool = Field(
        default=True,
        description="When code's best answer sentence is not from the question search's top hit, the top hit's "
        "best sentence is quoted too, cited by its own label (the question's wording often ranks the passage "
        "that answers first when key words pick another), if the meaning gate finds it about the question "
        "(decision 0147). Off, before 0147, 123 blind-born suites answered 17 fewer right (2,929 -> 2,912) with 2 "
        "canaries fewer (10 -> 8), kept (decision 0146).",
    )
    read_whole_results: bool = Field(
        default=True,
        description="Read every passage a search returns (it asks for three per slot) and show the ones whose "
        "best sentence answers best, each scaled by its BM25 score over the search's best, instead of the "
        "first by BM25 alone; answer sentences are scaled the same way. Off, the seen sets D-G answered more "
        "model-free (right outcomes 238 -> 251, decision 0093), but the blind suites answer fewer: set H, bundled, "
        "52 -> 49; 27 blind-born suites, model-free, 622 -> 591 with canaries 2 -> 6 (decision 0133).",
    )
    rerank_by_meaning: bool = Field(
        default=False,
        description="With a sentence embedder (optional package), reorder BM25's top 20 passages by "
        "reciprocal-rank fusion with their closeness in meaning to the question (agent.meaning). Off: the "
        "blind suites did not reward it end to end (decision 0083), and on the 57 seen suites it added little "
        "to rank_answers_by_meaning for about half a second more per question (decision 0115).",
    )
    show_by_meaning: bool = Field(
        default=True,
        description="With a sentence embedder and rank_answers_by_meaning, choose which sentences of a long "
        "passage are shown (and so may be offered as answers) by reciprocal-rank fusion of each sentence's wording "
        "rank with its own closeness in meaning to the question, as answers are chosen (agent.meaning). On the 165 "
        "blind-born suites, model-free: right outcomes 3,906 -> 3,924, clear 1,765 -> 1,784, declines 1,335 -> "
        "1,344, multi 388 -> 381 (decision 0169).",
    )
    rank_answers_by_meaning: bool = Field(
        default=True,
        description="With a sentence embedder, choose the answer by reciprocal-rank fusion of each sentence's "
        "wording rank with the rank of its answer window's closeness in meaning to the question (agent.meaning): "
        "a sentence that states the answer in the document's own words rises over one that repeats the "
        "question's words. Whether there is an answer at all stays the wording ranking's to say (decision 0116: "
        "seen 1,341 -> 1,362, blind sets AK-AS 606 -> 623 with the same declines; fused alone, decision 0115, "
        "unanswerable questions were answered more). Switched off on the 144 blind-born suites: 42 fewer right "
        "outcomes, 30 fewer clear answers, the same declines and 2 more canaries (decision 0159).",
    )
    answer_kind: bool = Field(
        default=True,
        description="Read what kind of thing the question asks for (a value for 'how many' or 'what default', a "
        "name for 'which option') and rank lower the sentences whose answer window (the sentence and its neighbours) "
        "holds none beyond the question's own words. Off, with answer_kind_required, blind sets AE-AG answered 4 "
        "fewer right (217 -> 213 of 468; decision 0107).",
    )
    answer_kind_required: bool = Field(
        default=True,
        description="With answer_kind, a one-part question's answer must hold the kind of thing it asks for: "
        "sentences whose answer window holds none are not offered, and with none left only 'not enough "
        "evidence' is. Off, blind sets AE-AG answered 1 more right (217 -> 218 of 468) but 81 older blind suites "
        "8 fewer, with canaries 15 -> 21 (decision 0107).",
    )
    abstain_on_unknown_names: bool = Field(
        default=True,
        description="When the question names something (a capitalised or code-like word) that no passage of the "
        "index mentions, end with 'not enough evidence', naming it: the documents do not cover it. Off, blind "
        "sets AE-AG answered 6 fewer right (217 -> 211 of 468; decision 0107), and 141 blind-born suites 66 fewer "
        "(3,375 -> 3,309: 76 unanswerable questions answered; decision 0157).",
    )
    clarify_unnamed_referent: bool = Field(
        default=True,
        description="When the model writes its own decisions (answer_choices off), a question that points at "
        "something it never names (a referring word such as 'it' before any key word, or with at most two key "
        "words) may only be clarified: the first step offers nothing else. In choices mode what the documents "
        "hold decides when to ask back (decision 0129).",
    )
    ask_when_underspecified: bool = Field(
        default=True,
        description="When more than one passage of the index holds all the key words of a one-part question - "
        "expected so from their shares (passages x the product of each key word's share of them) or counted so - "
        "the question singles out no place in the documents: after the question search, code asks which of the "
        "places found is meant (clarification_needed) instead of answering from one of them (decision 0125: "
        "84 blind suites, right outcomes 1,942 -> 1,976, ambiguous declined 262 -> 296, clear 864 -> 865). A "
        "place is a passage, not a document (decision 0166: 156 blind suites, 3,732 -> 3,738).",
    )
    ask_between_readings: bool = Field(
        default=True,
        description="When a one-part question asking for a value is answered differently in two or more "
        "places (passages, of one document or several), each about as well as the best, code asks which one is "
        "meant (clarification_needed), naming the readings, instead of picking one. Off, 123 blind-born suites "
        "declined 9 fewer ambiguous and 3 fewer unanswerable questions for 5 more clear answers (right 2,929 -> "
        "2,922; decision 0146).",
    )
    complete_chosen_decisions: bool = Field(
        default=True,
        description="Stop the model as soon as its reply can only be one of the decisions code offered, and "
        "complete it in code (choose, don't copy): a fixed quote is not written out a token at a time.",
    )
    answer_follow_on: bool = Field(
        default=True,
        description="Quote each chosen answer sentence with the sentence after it in its passage (when fit to "
        "quote): the best-ranked sentence often starts a thought the next one ends. Ranking and the answer "
        "rules read only the chosen sentences. Off, blind sets AE-AG answered 69 fewer right (217 -> 148 of "
        "468; decision 0107).",
    )
    answer_quote_chars: int = Field(
        default=400,
        ge=0,
        le=4000,
        description="With answer_follow_on, each chosen answer sentence is quoted with the sentences around it "
        "in its passage up to this many characters per part (the next sentence is always tried). At 0, blind "
        "sets AE-AG answered 37 fewer right (217 -> 180 of 468; decision 0107).",
    )
    answer_candidates: int = Field(
        default=1,
        ge=1,
        le=5,
        description="Answers offered when answers are choices, code's best first. With one, the model decides "
        "between code's best-ranked answer and 'not enough evidence': the bundled model's choice among sources "
        "only echoed the search order (decision 0018).",
    )
    # Three shares of the question's key words, each measuring something else: what the answer itself mentions,
    # what the sources found so far mention (plainly counted), and the same by rarity as the evidence floor.
    answer_key_word_share: float = Field(
        default=1 / 3,
        ge=0.0,
        le=1.0,
        description="Share of the question's key words (by rarity) an offered answer's own sentences must mention "
        "when answers are choices; with none left, only 'not enough evidence' is offered.",
    )
    answer_min_closeness: float = Field(
        default=0.5,
        ge=0.0,
        le=1.0,
        description="With a sentence embedder, an offered answer must be about the question by meaning: the "
        "cosine of its answer windows (read under their documents' titles and headings) with the question at "
        "least this; 0 or no embedder: by the share of key words it mentions (answer_key_word_share). With "
        "nearly no bar (0.01), 120 blind-born suites answered 216 more clear questions but declined 431 fewer "
        "unanswerable and ambiguous ones, with canaries 11 -> 46 (decision 0143).",
    )
    answer_stand_ins: int = Field(
        default=2,
        ge=0,
        le=5,
        description="When the meaning gate (a sentence embedder) refuses code's best-ranked answer, this many "
        "runners-up are judged in turn and the first close enough (stand_in_min_closeness) is offered instead; "
        "without an embedder, none (decision 0101: blind sets "
        "W and X, right outcomes 133 -> 136 of 312 with no unanswerable question answered more). Off, 141 "
        "blind-born suites answered 60 fewer right (3,375 -> 3,315: 70 fewer clear, 35 more declines; decision 0157).",
    )
    stand_in_min_closeness: float = Field(
        default=0.6,
        ge=0.0,
        le=1.0,
        description="How close in meaning a runner-up must be to stand in for a refused best answer: stricter than "
        "answer_min_closeness, since it overrides the ranking (at 0.5, the seen suites answered 40 more ambiguous "
        "questions they had declined; at 0.6, 13).",
    )
    closeness_per_wording_nat: float = Field(
        default=0.06,
        ge=0.0,
        le=1.0,
        description="The meaning gate's second witness: how much closeness in meaning one nat of key-word evidence "
        "is worth. An answer whose best sentence scores above wording_reference_score in the answer ranking "
        "needs this much less closeness (answer_min_closeness, stand_in_min_closeness) per nat of its score "
        "(natural logarithm of 1 + score), one that scores below it this much more; 0: closeness alone "
        "(decision 0103: blind sets Z and AA, right outcomes 139 -> 143 of 313, declined 46 -> 47 of 72). At 0, 141 "
        "blind-born suites answered 85 fewer right (3,375 -> 3,290), with fewer answers and fewer declines alike "
        "(decision 0157).",
    )
    wording_reference_score: float = Field(
        default=20.0,
        gt=0.0,
        description="The answer-ranking score at which the meaning gate's bars stand as set (see "
        "closeness_per_wording_nat): between the typical scores of answer-holding sentences (about 29) and of "
        "sentences judged for unanswerable questions (about 13) on the seen suites.",
    )
    restater_passages: bool = Field(
        default=True,
        description="A passage that asks what the question asks (a sentence asking it again, or a question naming "
        "half its key words by rarity, read with the sentence that sets it up) offers none of its sentences as an "
        "answer: it poses the question (decision 0106: seen canaries 20 -> 12; blind set AD 2 -> 0 with the same "
        "right outcomes; decision 0108: the setting-up sentence, seen canaries 12 -> 10). A passage that both asks "
        "a question and admits its answer is missing offers none either, whatever key words it shares (decision "
        "0137: blind canaries 16 -> 11 on 114 suites, right outcomes unchanged). Switched off on the 144 blind-born "
        "suites: 25 fewer right outcomes (30 fewer clear answers) and canaries 11 -> 32 (decision 0159).",
    )
    model_may_decline: bool = Field(
        default=False,
        description="When code offers an answer that passed its rules (choices mode), the model may still choose "
        "'not enough evidence' instead. Off: on the blind suites the model declined answers code got right more "
        "often than ones it got wrong (decision 0092); code's answer is then the only reply, and the model is "
        "not asked.",
    )
    model_chooses: bool = Field(
        default=False,
        description="In choices mode, the model picks among code's offered decisions (which query to run next, "
        "whether to search on or stop). Off: code takes its own first offer - its answer when one passed the "
        "rules, else its first query, else its first option - and the model is not asked (decision 0094): on "
        "four blind sets the bundled model's picks lost more answers than they won. A model run in free mode "
        "still writes its own queries and answers, and a model that may decline (model_may_decline) is asked.",
    )
    search_past_an_answer: bool = Field(
        default=False,
        description="Offer another search when code already holds an answer that passes its rules (choices mode). "
        "Off: the model's extra searches only ever turned right answers wrong on the blind suites.",
    )
    search_stop_share: float = Field(
        default=0.75,
        ge=0.0,
        le=1.0,
        description="Share of the question's key words the sources must mention before searching stops being "
        "offered (only answering is).",
    )
    evidence_min_share: float = Field(
        default=0.5,
        ge=0.0,
        le=1.0,
        description="Share of the question's key words (by rarity) the sources must mention for an answer to be "
        "offered at all; below it, when no search is left, code ends the task no_evidence itself. At 0, blind "
        "sets AE-AG answered 6 more right (217 -> 223 of 468) and 81 older blind suites 12 more, with canaries "
        "15 -> 16 there: kept for the canaries (decision 0107).",
    )

    @model_validator(mode="before")
    @classmethod
    def _choices_follow_decisions(cls, data: Any) -> Any:
        """'choices' and 'free' set query_choices and answer_choices, unless they are given explicitly."""
        if isinstance(data, dict) and data.get("decisions") in ("choices", "free"):
            chosen = data["decisions"] == "choices"
            return {"query_choices": chosen, "answer_choices": chosen, **data}
        return data

    @property
    def reads_by_meaning(self) -> bool:
        """Whether a task uses a sentence embedder when one is installed: to rank, or to judge an answer."""
        return self.rerank_by_meaning or self.rank_answers_by_meaning or self.answer_min_closeness > 0

    @property
    def mode_in_force(self) -> DecisionMode:
        """The concrete mode; 'auto' not yet resolved for a model counts as what answer_choices says."""
        if self.decisions != "auto":
            return self.decisions
        return "choices" if self.answer_choices else "free"

    def decision_mode(self, *, parameters: int | None, scripted: bool) -> DecisionMode:
        """The mode in force for a model of ``parameters`` (None: unknown), or a scripted one."""
        if self.decisions != "auto":
            return self.decisions
        if scripted or (parameters is not None and parameters >= self.free_min_parameters):
            return "free"
        return "choices"

    def for_model(self, *, parameters: int | None, scripted: bool) -> AgentSettings:
        """These settings with 'auto' resolved for the model, so they record the mode that really ran."""
        if self.decisions != "auto":
            return self
        return self.with_mode(self.decision_mode(parameters=parameters, scripted=scripted))

    def with_mode(self, mode: DecisionMode) -> AgentSettings:
        """These settings in ``mode``, with the choice fields it implies."""
        chosen = mode == "choices"
        return self.model_copy(update={"decisions": mode, "query_choices": chosen, "answer_choices": chosen})


# Older names of settings, still read from trajectories and configs written before they were renamed.
RENAMED_SETTINGS = {
    "answer_min_coverage": "answer_key_word_share",
    "answer_coverage": "search_stop_share",
    "min_coverage": "evidence_min_share",
}


def settings_for_model(settings: AgentSettings, model: object) -> AgentSettings:
    """``settings`` with the decision mode resolved for ``model``: its GGUF size, or 'scripted'."""
    parameters = model.parameter_count if isinstance(model, SizedModel) else None
    return settings.for_model(parameters=parameters, scripted=isinstance(model, ScriptedModel))
