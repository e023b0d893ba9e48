"""Golden snapshot of what the rule extractor decides, so a speed change proves it changed nothing.

Pins, byte for byte against tests/golden/extraction/:
- every candidate (all fields) of the development sets and of the real public transcripts
  (`scripts/eval_extraction.py` sets dev..dev6 and real), as compact JSON;
- the held-out sets (eval, eval2, eval3) as one sha256 per set, so their outputs are pinned
  without being written out where rules could be tuned on them;
- the demo workspace (`memjobs demo`): the sha256 of every file a user reads (daily logs, wrap-ups,
  MEMORY.md, ...), the run bookkeeping under .memjobs/ and the lock files left out.

Regenerate only after an intended change of what is extracted (never in a speed round), with
UPDATE_GOLDEN=1, and review the diff.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from jobs.demo.build import DemoResult
from scripts.shared_eval import SHARED_EVAL
from tests.conftest import REPO

GOLDEN = REPO / "tests" / "golden" / "extraction"
SCRIPT = REPO / "scripts" / "eval_extraction.py"
DEV_SETS = ("dev", "dev2", "dev3", "dev4", "dev5", "dev6")
HELD_OUT_SETS = ("eval", "eval2", "eval3")


def _shared() -> Path | None:
    """The shared eval folder next to the checkout (or next to the folder of worktrees)."""
    return SHARED_EVAL if (SHARED_EVAL / "transcripts").is_dir() else None


@pytest.fixture(scope="module")
def harness() -> ModuleType:
    name = "eval_extraction"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _row(cand: Any, shared: Path | None) -> list[object]:
    path = cand.session_path
    if shared is not None:
        path = path.replace(str(shared), "<SHARED>")
    return [cand.kind, cand.title, cand.statement, cand.why, cand.finding, cand.conclusion, cand.impact,
            cand.confidence, cand.excerpt, cand.session_id, path, cand.first_line, cand.last_line,
            cand.ts.isoformat(), cand.supersedes_hint]


def _candidates(harness: ModuleType, convs: list[Any], shared: Path | None = None) -> dict[str, list[list[object]]]:
    from jobs.microsync.rules.rules import RuleExtractor

    ex = RuleExtractor()
    return {str(c.path.name if shared is None else c.path): [_row(x, shared) for x in ex.extract(c.records)]
            for c in convs}


def _compact(doc: object) -> str:
    return json.dumps(doc, ensure_ascii=False, sort_keys=True, separators=(",", ":"), indent=None)


def _check(name: str, text: str) -> None:
    golden = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text + "\n", encoding="utf-8")
    want = golden.read_text(encoding="utf-8").rstrip("\n")
    if text != want:  # name the first differing conversation rather than dump two long strings
        got, exp = json.loads(text), json.loads(want)
        for key in sorted(set(got) | set(exp)):
            assert got.get(key) == exp.get(key), f"{name}: {key} differs"
    assert text == want


@pytest.mark.parametrize("set_name", DEV_SETS)
def test_dev_set_candidates_unchanged(harness: ModuleType, set_name: str) -> None:
    """Pins: every candidate, every field, of one development set."""
    convs = harness.load_set(harness.SETS[set_name])
    _check(f"{set_name}.json", _compact(_candidates(harness, convs)))


def test_held_out_candidates_unchanged(harness: ModuleType) -> None:
    """Pins: the held-out sets' candidates, as one hash per set (their outputs are not written out)."""
    out = {}
    for set_name in HELD_OUT_SETS:
        text = _compact(_candidates(harness, harness.load_set(harness.SETS[set_name])))
        out[set_name] = hashlib.sha256(text.encode("utf-8")).hexdigest()
    _check("held_out.json", _compact(out))


def test_real_transcript_candidates_unchanged(harness: ModuleType) -> None:
    """Pins: every candidate from the labelled public transcripts, read through the real readers."""
    shared = _shared()
    if shared is None:
        pytest.skip("the shared eval folder with the public transcripts is not next to this checkout")
    convs = harness.load_real(harness.SETS["real"] / "labels.yaml", shared)
    _check("real.json", _compact(_candidates(harness, convs, shared)))


def test_demo_output_unchanged(demo_built: DemoResult) -> None:
    """Pins: the bytes of every file the demo leaves for a user to read, and each run's counts."""
    from jobs.demo.build import DEMO_DATA

    target, result = demo_built.workspace, demo_built
    files = {}
    for p in sorted(target.rglob("*")):
        rel = p.relative_to(target).as_posix()
        if not p.is_file() or rel.startswith(".memjobs/") or "/.locks/" in f"/{rel}":
            continue
        # the workspace and the bundled transcripts (linked from every entry) wherever they are
        data = p.read_bytes().replace(str(target).encode(), b"<WS>").replace(str(DEMO_DATA).encode(), b"<DEMO>")
        files[rel] = hashlib.sha256(data).hexdigest()
    runs = [[r.job, r.now, r.status, r.added, r.updated, r.skipped] for r in result.reports]
    _check("demo.json", _compact({"files": files, "runs": runs}))


def test_sentence_alnum_test_is_isalnum_on_every_code_point() -> None:
    """`text._ALNUM` stands in for `any(ch.isalnum() ...)` when a sentence piece is kept."""
    from jobs.microsync.rules.text import _ALNUM

    assert [c for c in map(chr, range(sys.maxunicode + 1)) if (_ALNUM.match(c) is not None) != c.isalnum()] == []
