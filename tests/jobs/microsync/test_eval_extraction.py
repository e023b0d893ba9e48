"""The extraction evaluation harness, a quality floor on the development set, and a precision
floor on real coding-agent transcripts."""
from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml

from tests.conftest import REPO, SHARED

SCRIPT = REPO / "scripts" / "eval_extraction.py"


@pytest.fixture(scope="module")
def harness() -> ModuleType:
    spec = importlib.util.spec_from_file_location("eval_extraction", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["eval_extraction"] = module
    spec.loader.exec_module(module)
    return module


def test_dev_set_floor(harness: ModuleType) -> None:
    """Pins the rule extractor's quality on the development set: a regression below 0.9 fails."""
    overall = harness.run("dev").overall.metrics()
    assert overall["precision"] >= 0.9, overall
    assert overall["recall"] >= 0.9, overall


def test_dev2_set_floor(harness: ModuleType) -> None:
    """Pins the varied-phrasing development set (casual, indirect, mixed Thai-English, colloquial
    Chinese, bullet lists, hard negatives of the same shapes): a regression below 0.95 fails."""
    overall = harness.run("dev2").overall.metrics()
    assert overall["precision"] >= 0.95, overall
    assert overall["recall"] >= 0.95, overall


def test_dev3_set_floor(harness: ModuleType) -> None:
    """Pins the realistic-session development set (long tool sessions, buried and late acceptances,
    reversals, casual and code-switched writing, non-code domains, traditional Chinese): measured
    0.947 / 0.791 when its first floor was set, 0.988 / 0.934 with the dialogue-act model; a
    regression below 0.95 / 0.90 fails."""
    overall = harness.run("dev3").overall.metrics()
    assert overall["precision"] >= 0.95, overall
    assert overall["recall"] >= 0.90, overall


def test_dev4_set_floor(harness: ModuleType) -> None:
    """Pins the dialogue-act development set (cue-less answers to design questions versus task offers,
    partial plans, reversals, adopted proposals, personal-assistant chats): measured 0.986 / 0.773
    after the scope round (0.971 / 0.773 after the conventions/structure round, 0.877 / 0.727 before
    it, 0.754 / 0.557 before the stance round, 0.683 / 0.466 before the dialogue-act model), 0.986 / 0.795
    after the option-label round, 0.986 / 0.807 after the Thai-pick round; a regression below 0.95 / 0.77 fails."""
    overall = harness.run("dev4").overall.metrics()
    assert overall["precision"] >= 0.95, overall
    assert overall["recall"] >= 0.77, overall


def test_dev5_set_floor(harness: ModuleType) -> None:
    """Pins the fifth development set (written blind; baseline on landing 0.733 / 0.463 at b23ffde,
    0.673 / 0.389 at 491a3ec): measured 0.908 / 0.621 after the conventions/structure round (0.864 / 0.537
    before it), 0.914 / 0.674 after the topology/settled round; below 0.87 / 0.63 fails."""
    overall = harness.run("dev5").overall.metrics()
    assert overall["precision"] >= 0.87, overall
    assert overall["recall"] >= 0.63, overall


def test_dev6_set_floor(harness: ModuleType) -> None:
    """Pins the sixth development set (written blind; baseline on landing 0.564 / 0.596 at 0b55a1d,
    0.588 / 0.640 at 0dd7ace): measured 0.679 / 0.640 when its floor was set, 0.855 / 0.730 after the
    scope round, 0.857 / 0.742 after the topology/settled round, 0.864 / 0.787 after the option-label
    round, 0.880 / 0.820 after the Thai-pick round; below 0.84 / 0.78 fails."""
    overall = harness.run("dev6").overall.metrics()
    assert overall["precision"] >= 0.84, overall
    assert overall["recall"] >= 0.78, overall


def test_sets_are_well_formed(harness: ModuleType) -> None:
    """Every labelled turn exists and is a user turn; every set covers en, th and zh."""
    for name in ("dev", "dev2", "dev3", "dev4", "dev5", "dev6", "eval", "eval2", "eval3"):
        convs = harness.load_set(harness.SETS[name])
        assert {c.lang for c in convs} == {"en", "th", "zh"}
        for conv in convs:
            for label in conv.labels:
                assert conv.records[label.turn].role == "user", (conv.path.name, label.turn)


def test_matching_rules(harness: ModuleType, tmp_path: Path) -> None:
    """A prediction counts once, needs a compatible kind (Rule ~ Constraint) and must cover the turn."""
    (tmp_path / "c.yaml").write_text(
        "session_id: t1\nlang: en\nstart: 2026-10-06T02:00:00Z\nturns:\n"
        "  - user: Never push to main again.\n"
        "  - user: Should we use Redis?\n"
        "  - user: Remember that staging is in Singapore.\n"
        "labels:\n  - {turn: 0, kind: Rule}\n  - {turn: 1, kind: Decision}\nnegatives: []\n",
        encoding="utf-8")
    report = harness.evaluate(harness.RuleExtractor(), harness.load_set(tmp_path))
    assert report.overall.metrics() == {"precision": 0.5, "recall": 0.5, "f1": 0.5, "tp": 1, "fp": 1, "fn": 1}
    assert [m["turn"] for m in report.misses] == [1]
    assert [f["kind"] for f in report.false_positives] == ["Remember"]


def test_cli_json(harness: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert harness.main(["--set", "dev", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["set"] == "dev"
    assert set(out["by_language"]) == {"en", "th", "zh"}


# --- the real-transcript set (transcripts live in the shared eval folder, not in the repo) ------

REAL_EVAL = SHARED / "eval"
needs_shared = pytest.mark.skipif(not (REAL_EVAL / "transcripts").is_dir(),
                                  reason="shared eval transcripts not present")
# A pasted diff line: numbered review/terminal form ("+ 16 - ...", "+314 ..."), unified hunks and +/- lines.
DIFF_LINE = re.compile(r"^\s*(?:[+-]\s?\d+\s|[+-](?![\s+-])\S|@@ )")


def test_real_labels_are_well_formed(harness: ModuleType) -> None:
    doc = yaml.safe_load((harness.SETS["real"] / "labels.yaml").read_text(encoding="utf-8"))
    kinds = {"none", "Decision", "Rule", "Constraint", "Architecture", "Remember", "Procedure"}
    for item in doc["transcripts"]:
        lines = [t["line"] for t in item["turns"]]
        assert lines == sorted(set(lines)), item["id"]
        for t in item["turns"]:
            labels = t["label"] if isinstance(t["label"], list) else [t["label"]]
            assert set(labels) <= kinds and t["why"].strip(), (item["id"], t)
            assert not (t.get("optional") and labels == ["none"]), (item["id"], t)


@needs_shared
def test_real_set_precision_floor(harness: ModuleType) -> None:
    """On real coding sessions the extractor must stay quiet: task talk, bug reports and pastes are
    not memory. Every user turn is labelled (the loader fails when the labels and the reader's
    user turns differ), so each extraction is judged."""
    report = harness.run("real", shared=REAL_EVAL)
    overall = report.overall.metrics()
    assert overall["precision"] >= 0.9, report.false_positives
    assert overall["recall"] >= 1.0, report.misses
    assert report.conversations == 3


@needs_shared
def test_no_pasted_diff_line_becomes_an_entry(harness: ModuleType) -> None:
    for conv in harness.load_real(harness.SETS["real"] / "labels.yaml", REAL_EVAL):
        diff_lines = [ln for r in conv.records if r.role == "user" for ln in r.text.splitlines()
                      if DIFF_LINE.match(ln)]
        assert diff_lines or conv.session_id != "pi-large-session"
        for cand in harness.RuleExtractor().extract(conv.records):
            assert not DIFF_LINE.match(cand.excerpt), cand
            assert not any(cand.conclusion.casefold() in ln.casefold() for ln in diff_lines), cand


def test_real_loader_rejects_labels_that_miss_user_turns(harness: ModuleType, tmp_path: Path) -> None:
    """A reader change that moves or adds user turns must fail loudly, not silently unlabel them."""
    shared = tmp_path / "eval"
    (shared / "t").mkdir(parents=True)
    lines = [
        {"type": "user", "uuid": "u1", "sessionId": "s", "timestamp": "2026-10-06T02:00:00Z",
         "message": {"role": "user", "content": "From now on, never push to main."}},
        {"type": "user", "uuid": "u2", "sessionId": "s", "timestamp": "2026-10-06T02:01:00Z",
         "message": {"role": "user", "content": "fix the typo"}},
    ]
    (shared / "t" / "s.jsonl").write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    labels = tmp_path / "labels.yaml"
    labels.write_text("transcripts:\n  - {id: s, format: claude-code, path: t/s.jsonl, lang: en, turns: "
                      "[{line: 1, label: Rule, why: rule}]}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="unlabelled \\[2\\]"):
        harness.load_real(labels, shared)
    labels.write_text("transcripts:\n  - {id: s, format: claude-code, path: t/s.jsonl, lang: en, turns: "
                      "[{line: 1, label: Rule, why: rule}, {line: 2, label: none, why: task}]}\n",
                      encoding="utf-8")
    report = harness.evaluate(harness.RuleExtractor(), harness.load_real(labels, shared))
    assert report.overall.metrics()["tp"] == 1 and report.overall.metrics()["fp"] == 0
