"""Do WordNet's synonyms bridge the user's words to the documents' words where retrieval misses?

    .venv/bin/python bench/synonym_ceiling.py bench/suites/NAME=/path/to/corpus [more ...] [--work DIR]
        [--wordnet /usr/share/wordnet]

Issue 14's hypothesis: paraphrase ("how long will it hang on to", "factory setting") could be bridged with synonyms
from a maintained lexical resource. This measures it before any agent code uses it. WordNet 3.0's database
files come from Debian's ``wordnet-base`` (``apt-get install wordnet-base``); they are read here directly (index
and data files, the exception lists and the usual suffix rules for base forms), with no library.

Only question words that no passage of the index holds are expanded: such a word adds nothing to BM25, so the
user must have said it in other words, and expanding it cannot push out a word the documents do use. Its
synonyms are the other single-word lemmas of its synsets that the index holds, either of its most frequent
sense per part of speech (``first``) or of every sense (``every``). The question's text plus those synonyms is
searched, and for every clear and injection case the bench counts, at depths 3 and 10, the cases whose top
passages hold an answer window and those where the agent's sentence ranking puts one first (as
``bench/reading_ceiling.py`` counts them), against the question searched as typed, in the same run. A line per
suite, then the total, JSON.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path

from reading_bench import suites_parser
from reading_ceiling import depth_figures, suite_line

from agent.eval.suite import EvalCase
from indexer.search import SearchTool

WORDNET_DIR = Path("/usr/share/wordnet")
PARTS_OF_SPEECH = ("noun", "verb", "adj", "adv")
# WordNet's own detachment rules (morphy): an inflected ending and what replaces it in the base form.
SUFFIX_RULES = (
    ("s", ""),
    ("ses", "s"),
    ("xes", "x"),
    ("zes", "z"),
    ("ches", "ch"),
    ("shes", "sh"),
    ("men", "man"),
    ("ies", "y"),
    ("es", "e"),
    ("es", ""),
    ("ed", "e"),
    ("ed", ""),
    ("ing", "e"),
    ("ing", ""),
    ("er", ""),
    ("est", ""),
    ("er", "e"),
    ("est", "e"),
)
DEPTHS = (3, 10)
ARMS = {"typed": None, "first_sense": True, "every_sense": False}


class WordNet:
    """Synsets by lemma, read from WordNet's database files (``index.POS``, ``data.POS``, ``POS.exc``)."""

    def __init__(self, folder: Path) -> None:
        self.senses: dict[str, list[tuple[str, int]]] = {}
        self.exceptions: dict[str, str] = {}
        self.data = {pos: (folder / f"data.{pos}").read_bytes() for pos in PARTS_OF_SPEECH}
        for pos in PARTS_OF_SPEECH:
            self._read_index(folder / f"index.{pos}", pos)
            for line in (folder / f"{pos}.exc").read_text(errors="replace").splitlines():
                inflected, *bases = line.split()
                if bases:
                    self.exceptions.setdefault(inflected, bases[0])

    def _read_index(self, path: Path, pos: str) -> None:
        for line in path.read_text(errors="replace").splitlines():
            if not line.strip() or line.startswith(" "):  # a blank line or the licence header
                continue
            fields = line.split()
            pointer_count = int(fields[3])
            offsets = fields[4 + pointer_count + 2 :]  # after the pointer symbols, sense_cnt and tagsense_cnt
            self.senses.setdefault(fields[0], []).extend((pos, int(offset)) for offset in offsets)

    def base_forms(self, word: str) -> list[str]:
        forms = [word] if word in self.senses else []
        if word in self.exceptions:
            forms.append(self.exceptions[word])
        for ending, replacement in SUFFIX_RULES:
            if (
                word.endswith(ending)
                and (base := word[: len(word) - len(ending)] + replacement) in self.senses
            ):
                forms.append(base)
        return list(dict.fromkeys(forms))

    def synonyms(self, word: str, first_sense_only: bool) -> list[str]:
        """Single-word lemmas sharing a synset with a base form of ``word`` (senses are listed most frequent
        first, so the first of each part of speech is its most frequent sense)."""
        found: list[str] = []
        for base in self.base_forms(word):
            for pos, offset in self._senses_of(base, first_sense_only):
                found += [lemma for lemma in self._lemmas(pos, offset) if lemma != base and "_" not in lemma]
        return list(dict.fromkeys(found))

    def _senses_of(self, base: str, first_sense_only: bool) -> Iterator[tuple[str, int]]:
        seen: set[str] = set()
        for pos, offset in self.senses[base]:
            if first_sense_only and pos in seen:
                continue
            seen.add(pos)
            yield pos, offset

    def _lemmas(self, pos: str, offset: int) -> list[str]:
        data = self.data[pos]
        fields = data[offset : data.index(b"\n", offset)].decode(errors="replace").split()
        count = int(fields[3], 16)
        return [fields[4 + 2 * index].split("(")[0].lower() for index in range(count)]


def expanded_question(tool: SearchTool, wordnet: WordNet, question: str, first_sense_only: bool) -> str:
    """The question plus the synonyms, held by the index, of its words that no passage holds."""
    extra: list[str] = []
    for term in tool.query_terms(question):
        if term.isalpha() and tool.passage_share(term) == 0:
            extra += [
                word for word in wordnet.synonyms(term, first_sense_only) if tool.passage_share(word) > 0
            ]
    return " ".join([question, *dict.fromkeys(extra)])


def case_figures(case: EvalCase, tool: SearchTool, wordnet: WordNet) -> dict[str, int]:
    figures: dict[str, int] = {}
    for arm, first_sense_only in ARMS.items():
        query = case.question
        if first_sense_only is not None:
            query = expanded_question(tool, wordnet, case.question, first_sense_only)
            figures[f"{arm}_expanded"] = int(query != case.question)
        for key, value in depth_figures(case, tool, query, DEPTHS).items():
            figures[f"{arm}_{key}"] = int(value)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = suites_parser(__doc__)
    parser.add_argument("--wordnet", type=Path, default=WORDNET_DIR, help="WordNet 3.0 database folder")
    args = parser.parse_args(argv)
    wordnet = WordNet(args.wordnet)
    total: dict[str, int] = {}
    for spec in args.suites:
        line = suite_line(spec, args.work.resolve(), partial(case_figures, wordnet=wordnet))
        print(json.dumps(line), flush=True)
        for key, value in line.items():
            if key != "suite":
                total[key] = total.get(key, 0) + value
    print(json.dumps({"suite": "TOTAL", **total}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
