"""The vocabularies under extract/data are consistent with themselves and with the code."""

from __future__ import annotations

import json
import re
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from extract.datafiles import DATA_DIR
from extract.stages import benchmarks, methods, techniques
from extract.text.markup import clean_view

ROOT = Path(__file__).resolve().parents[1]


def _toml(name: str) -> dict:
    return tomllib.loads((DATA_DIR / name).read_text(encoding="utf-8"))


def _pattern(item: str | dict) -> str:
    """A taxonomy alternative's regex: a plain string or ``{ pattern = ..., key = ... }``."""
    return item if isinstance(item, str) else item["pattern"]


def test_stage_data_files_exist():
    for mod in (methods, techniques, benchmarks):
        for name in mod.DATA_FILES:
            assert (DATA_DIR / name).is_file(), name


def test_taxonomy_tags_themes_and_patterns():
    entries = _toml("taxonomy.toml")["technique"]
    tags = [e["tag"] for e in entries]
    assert len(tags) == len(set(tags)), "duplicate tag"
    for e in entries:
        assert e.get("theme"), f"{e['tag']} has no theme"
        assert e.get("phrases") or e.get("acronyms") or e.get("tokens"), (
            f"{e['tag']} has no strong pattern"
        )
        for p in [*e.get("phrases", []), *e.get("tokens", []), *e.get("weak", [])]:
            re.compile(_pattern(p))


def test_every_alias_maps_to_exactly_one_tag():
    seen: Counter[str] = Counter()
    for e in _toml("taxonomy.toml")["technique"]:
        for key in ("phrases", "acronyms", "tokens", "weak"):
            seen.update(_pattern(p).lower() for p in e.get(key, []))
    dupes = [p for p, n in seen.items() if n > 1]
    assert not dupes, f"patterns in more than one tag: {dupes}"


REQUIRED_TAGS = [
    "LoRA/PEFT",
    "RAG",
    "Chain-of-Thought/Reasoning",
    "Preference alignment",
    "Quantization",
    "Pruning/Compression",
    "Distillation",
    "KV cache",
    "Speculative decoding",
    "Long context",
    "Sparse attention",
    "State space/RNN",
    "Scaling laws",
    "Multilingual",
    "Vision-language/Multimodal",
    "Agents/Tool use",
    "Safety/Jailbreak",
    "Watermarking",
    "Membership inference/Privacy",
    "Knowledge editing",
    "Unlearning",
    "Evaluation/Benchmark",
    "LLM-as-judge",
    "Synthetic data",
    "Continual learning",
    "Calibration/Uncertainty",
    "Interpretability",
    "Retrieval/IR",
    "Instruction tuning/SFT",
    "Diffusion",
    "Constrained decoding",
    "Data selection/weighting",
    "Graph neural networks",
    "Summarization",
    "Finance",
]


@pytest.mark.parametrize("tag", REQUIRED_TAGS)
def test_required_tag_present(tag):
    assert tag in {e["tag"] for e in _toml("taxonomy.toml")["technique"]}


@pytest.mark.parametrize(
    "file,table", [("methods_vocab.toml", "method"), ("benchmarks_vocab.toml", "benchmark")]
)
def test_vocabulary_has_no_duplicates(file, table):
    surfaces = [s for e in _toml(file)[table] for s in (e["name"], *e.get("aliases", []))]
    dupes = [s for s, n in Counter(surfaces).items() if n > 1]
    assert not dupes, f"duplicate entries in {file}: {dupes}"


def test_model_family_patterns_compile_and_are_named():
    fams = _toml("methods_vocab.toml")["model_family"]
    names = [f["name"] for f in fams]
    assert len(names) == len(set(names))
    for f in fams:
        re.compile(f["pattern"])


def test_benchmark_context_patterns_have_a_name_group():
    for e in _toml("benchmarks_vocab.toml")["patterns"]["context"]:
        assert "name" in re.compile(e["pattern"]).groupindex


def test_stoplist_has_no_duplicates_and_no_vocabulary_names():
    stop = _toml("method_stoplist.toml")
    words = [*stop["generic"], *stop["common"]]
    assert len(words) == len(set(words))
    vocab = {
        s for e in _toml("methods_vocab.toml")["method"] for s in (e["name"], *e.get("aliases", []))
    }
    assert not set(stop["generic"]) & vocab


def test_methods_and_benchmarks_vocabularies_are_disjoint():
    m = {
        s for e in _toml("methods_vocab.toml")["method"] for s in (e["name"], *e.get("aliases", []))
    }
    b = {
        s
        for e in _toml("benchmarks_vocab.toml")["benchmark"]
        for s in (e["name"], *e.get("aliases", []))
    }
    assert not m & b


# --- prefilter literals declared next to the patterns -----------------------------------------
# A pattern is only tried on an abstract that has one of its declared literals (`key`: a word
# start, `contains`: a string). A literal that some match lacks hides that match, so every
# match of every pattern in the test abstracts must contain one of its pattern's literals.


def _test_abstracts() -> list[str]:
    texts = []
    for name in ("methods.jsonl", "numbers.jsonl"):
        lines = (ROOT / "benchmarks" / "devset" / name).read_text(encoding="utf-8").splitlines()
        for line in lines:
            if line.strip():
                texts.append(json.loads(line)["text"])
    fixture = ROOT / "tests" / "fixtures" / "papers.jsonl"
    for line in fixture.read_text(encoding="utf-8").splitlines():
        try:
            texts.append(json.loads(line).get("abstract") or "")
        except ValueError:
            continue  # the fixture has a broken line on purpose
    return [clean_view(t).text for t in dict.fromkeys(texts) if t]


@pytest.fixture(scope="module")
def abstracts() -> list[str]:
    return _test_abstracts()


def test_every_taxonomy_regex_declares_a_literal():
    for e in _toml("taxonomy.toml")["technique"]:
        for key in ("phrases", "tokens", "weak"):
            for item in e.get(key, []):
                if isinstance(item, str):
                    assert techniques._REGEX_SYNTAX.isdisjoint(item), (
                        f"{e['tag']}: regex {item!r} needs {{ pattern = ..., key = ... }}"
                    )
                else:
                    assert item.get("key") or item.get("contains"), item


def test_model_families_and_context_patterns_declare_a_literal():
    for f in _toml("methods_vocab.toml")["model_family"]:
        assert f.get("key") or f.get("contains"), f["name"]
    for e in _toml("benchmarks_vocab.toml")["patterns"]["context"]:
        assert e.get("key") or e.get("contains"), e["pattern"]


def test_taxonomy_literals_are_in_every_match(abstracts):
    c = techniques._compiled()
    matched = set()
    for text in abstracts:
        lower = text.lower()
        for i, r in enumerate(c.rules):
            for s, e in techniques._matches(r.fast, text if r.cased else lower, False):
                matched.add(i)
                assert i in c.prefilter.candidates(lower[s:e]), (r.fast.pattern, text[s:e])
    assert len(matched) > len(c.rules) // 4  # the check saw a fair share of the rules


def test_model_family_keys_are_in_every_match(abstracts):
    v = methods.vocab()
    matched = set()
    for text in abstracts:
        for i, fam in enumerate(v.families):
            for m in fam.finditer(text):
                matched.add(i)
                assert i in v.family_filter.candidates(m.group()), (fam.pattern, m.group())
    assert len(matched) >= len(v.families) // 2


def test_context_pattern_literals_are_in_every_match(abstracts):
    v = benchmarks._vocab()
    matched = set()
    for text in abstracts:
        for i, pat in enumerate(v.context):
            for m in pat.finditer(text):
                matched.add(i)
                assert i in v.context_filter.candidates(m.group()), (pat.pattern, m.group())
    assert len(matched) == len(v.context)


def test_no_spelling_names_two_things_across_the_vocabularies():
    """Names fold case-insensitively ("LLaMA-3" = "Llama 3"), so an alias must not fold onto a
    name of another vocabulary or type (a "FiD" alias would turn every FID into a method)."""
    from extract.names.candidates import fold

    owners: dict[str, set[tuple[str, str]]] = {}

    def add(kind: str, canonical: str, spelling: str) -> None:
        owners.setdefault(fold(spelling), set()).add((kind, canonical))

    mv = tomllib.loads((DATA_DIR / "methods_vocab.toml").read_text(encoding="utf-8"))
    bv = tomllib.loads((DATA_DIR / "benchmarks_vocab.toml").read_text(encoding="utf-8"))
    nt = tomllib.loads((DATA_DIR / "name_types.toml").read_text(encoding="utf-8"))
    for e in mv.get("method", []):
        for s in (e["name"], *e.get("aliases", [])):
            add("method", e["name"], s)
    for e in bv.get("benchmark", []):
        for s in (e["name"], *e.get("aliases", [])):
            add("dataset", e["name"], s)
    for kind, spellings in nt.items():
        for s in spellings:
            add(kind, s, s)
    clashes = {
        k: sorted(v)
        for k, v in owners.items()
        if len({c for _, c in v}) > 1 and len({kind for kind, _ in v}) > 1
    }
    assert clashes == {}


# --- taxonomy phrases used by the corpus --------------------------------------------------------

CORPORA = ROOT.parent / "shared" / "corpora"
COUNTS = DATA_DIR / "taxonomy_counts.tsv"


def _taxonomy_counts() -> dict[tuple[str, str, str], int]:
    """(tag, kind, alternative) -> corpus abstracts, as scripts/taxonomy_counts.py wrote them."""
    out = {}
    for line in COUNTS.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or line.startswith("tag\t"):
            continue
        tag, kind, alt, n = line.split("\t")
        out[(tag, kind, alt)] = int(n)
    return out


def _general() -> dict[tuple[str, str], str]:
    return {(g["tag"], g["alternative"]): g.get("reason", "")
            for g in _toml("taxonomy.toml").get("general", [])}


def test_taxonomy_counts_file_has_one_row_per_alternative():
    """A phrase added to (or dropped from) the taxonomy needs scripts/taxonomy_counts.py rerun."""
    assert set(_taxonomy_counts()) == set(techniques.rule_labels())


def test_every_taxonomy_phrase_is_in_two_corpus_abstracts_or_a_general_fact():
    counts, general = _taxonomy_counts(), _general()
    rare = [(tag, alt) for (tag, _, alt), n in counts.items() if n < 2]
    unmarked = [r for r in rare if len(general.get(r, "").strip()) < 20]
    assert not unmarked, f"in < 2 corpus abstracts and not marked general with a reason: {unmarked}"
    # a mark is for a rare phrase that stays: one the corpus uses, or one gone, is stale
    assert set(general) <= set(rare), set(general) - set(rare)


def test_the_eight_seed_fitted_phrases_are_gone():
    alts = {alt for _, _, alt in techniques.rule_labels()}
    for phrase in ("sink token", "jury-based", "RAG security", "attack tasks", "data weights",
                   "human evaluation method", "ranking of LLMs", "visual thinking"):
        assert phrase not in alts


def test_general_marks_are_parsed_by_the_taxonomy_format():
    text = """
[[technique]]
tag = "X"
theme = "T"
phrases = ['rare thing']

[[general]]
tag = "X"
alternative = "rare thing"
reason = "a widely known name"
"""
    assert techniques.rule_labels(text) == [("X", "phrases", "rare thing")]
    assert [t.tag for t in techniques.load_taxonomy(text)] == ["X"]


@pytest.mark.skipif(not CORPORA.is_dir(), reason="needs ../shared/corpora")
def test_taxonomy_counts_are_current_on_the_corpora():
    """Re-count every 25th alternative on the corpora: the shipped counts are not stale."""
    sys.path.insert(0, str(ROOT / "scripts"))
    from taxonomy_counts import corpus_texts

    c = techniques._compiled()
    labels = techniques.rule_labels()
    sample = list(range(0, len(labels), 25))
    found = dict.fromkeys(sample, 0)
    for text in corpus_texts(CORPORA):
        lower = text.lower()
        same = len(lower) == len(text)
        for i in sample:
            if techniques._rule_spans(c.rules[i], text, lower, same, True):
                found[i] += 1
    shipped = _taxonomy_counts()
    assert {labels[i]: found[i] for i in sample} == {labels[i]: shipped[labels[i]] for i in sample}


def test_cue_files_have_unique_ids_and_every_cue_is_used():
    from extract.results.cues import cue_entries

    for name, sources in (("results_cues.toml", "extract/results/*.py"),
                          ("techniques_cues.toml", "extract/taxonomy/rules.py"),
                          ("metrics_cues.toml", "extract/stages/metrics.py"),
                          ("sizes_cues.toml", "extract/stages/sizes.py|extract/size_roles.py")):
        paths = sorted(p for g in sources.split("|") for p in ROOT.glob(g))
        assert paths, sources
        code = "".join(p.read_text(encoding="utf-8") for p in paths)
        ids = [c["id"] for c in cue_entries(name)]
        assert len(ids) == len(set(ids)), name
        for c in cue_entries(name):
            assert c["alternatives"], c["id"]
            assert re.search(rf"\bC\.{c['id']}\b", code), f"{name}: cue {c['id']} is not used"
            re.compile("(?:" + "|".join(c["alternatives"]).replace("{SP}", " ") + ")")


def test_the_copied_stop_words_are_spacys():
    """extract/data/stop_words.txt is spaCy's English list, read without importing spaCy."""
    from spacy.lang.en.stop_words import STOP_WORDS

    from extract.keywords.candidates import stop_words

    assert stop_words() == frozenset(STOP_WORDS)
