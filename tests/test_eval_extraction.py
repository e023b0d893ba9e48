"""The extraction evaluation harness, and a quality floor on the development set."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "eval_extraction.py"


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


def test_sets_are_well_formed(harness: ModuleType) -> None:
    """Every labelled turn exists and is a user turn; both sets cover en, th and zh."""
    for name in ("dev", "eval"):
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
