"""scripts/bench_microsync.py: the real-transcript corpus is the public files copied under new names
with a real history's mtimes, and each corpus is measured against a json loop over its own files."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.conftest import REPO
from tests.jobs.microsync.test_extraction_golden import _shared


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    name = "bench_microsync"
    spec = importlib.util.spec_from_file_location(name, REPO / "scripts" / "bench_microsync.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_real_corpus_is_the_public_files_under_new_names(bench: ModuleType, tmp_path: Path) -> None:
    shared = _shared()
    if shared is None:
        pytest.skip("the shared eval folder with the public transcripts is not next to this checkout")
    size, sources = bench.make_real_corpus(tmp_path / "c", shared, 2.5)
    files = sorted((tmp_path / "c").rglob("*.jsonl"))
    originals = {(shared / rel).read_bytes() for _, rel in bench.REAL_FILES}
    assert size >= 2.5 * 1024 * 1024 and len(files) == 6 and len({f.name for f in files}) == 6
    assert {f.read_bytes() for f in files} == originals
    assert {s["format"] for s in sources} == {"openclaw", "claude-code"}
    pi = next(f for f in files if f.read_bytes().startswith(b'{"type":"session"'))
    assert pi.stat().st_mtime == pytest.approx(1763691251.0, abs=3600)  # its last line: 2025-11-21T02:1xZ


def test_a_corpus_is_measured_against_its_json_loop(bench: ModuleType, tmp_path: Path) -> None:
    result = bench.bench_corpus(tmp_path, "synthetic", 0.2, tmp_path)
    assert result["added"] > 0 and result["first_ratio"] > 0 and result["files"] > 0
    assert len(str(result["output"])) == 16
    json.dumps(result)


def test_the_floor_measures_json_the_gate_pass_and_redaction(bench: ModuleType, tmp_path: Path) -> None:
    shared = _shared()
    if shared is None:
        pytest.skip("the shared eval folder with the public transcripts is not next to this checkout")
    script = REPO / "scripts" / "bench_microsync_stages.py"
    spec = importlib.util.spec_from_file_location("bench_microsync_stages", script)
    assert spec and spec.loader
    stages = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(stages)
    bench.make_real_corpus(tmp_path / "c", shared, 1.0)
    low = stages.floor(tmp_path / "c", 1)
    assert set(low) == {"json loop", "json", "gate pass", "redaction", "texts"}
    # the user and assistant turns of the public transcripts, hundreds of them
    assert low["texts"] >= 300 and all(low[k] > 0 for k in ("json loop", "json", "gate pass", "redaction"))
