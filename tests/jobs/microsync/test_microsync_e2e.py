"""microSync end to end over the bundled development set (three formats, five days), replayed
with --now at 10/13/16/19/22 each day, as the scheduler would run it."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from jobs.demo.build import DemoResult
from jobs.dispatch import registry
from jobs.run.runner import RunOptions
from memory_store.check import validate_paths
from tests.conftest import cli_run
from tests.microsync_helpers import KEY, all_entries, demo_workspace, memory_bytes, replay_schedule, replayed_copy, span


@pytest.fixture(scope="module")
def replayed(tmp_path_factory: pytest.TempPathFactory, demo_replayed: DemoResult):
    cfg = replayed_copy(demo_replayed.workspace, tmp_path_factory.mktemp("e2e") / "ws")
    return cfg, demo_replayed.workspace.parent / "data", demo_replayed.reports


def _family(kind: str) -> str:
    return "Rule/Constraint" if kind in ("Rule", "Constraint") else kind


def _covers(found, item) -> bool:
    """The entry comes from the item's transcript and its range holds one of the item's lines."""
    a, b = span(found.entry)
    return Path(found.entry.source.session_path.split("#")[0]).name == Path(item["file"]).name and any(
        a <= ln <= b for ln in item["lines"]
    )


def test_every_planted_item_is_in_its_daily_file_with_its_lines(replayed):
    """Recall 1.0 and nothing else: each planted item is exactly one entry, in its day's file, of
    its kind, with its key words, covering the proposal it accepts; no entry matches no item."""
    cfg, data, reports = replayed
    assert all(r.status in ("ok", "nothing") for r in reports), [r.errors for r in reports if r.status == "failed"]
    found = all_entries(cfg.workspace)
    missing, wrong, doubled = [], [], []
    claimed: set[int] = set()
    for item in KEY["items"]:
        hits = [i for i, f in enumerate(found) if _covers(f, item)]
        if not hits:
            missing.append(item["id"])
            continue
        if len(hits) > 1:
            doubled.append((item["id"], [found[i].entry.title for i in hits]))
        claimed.update(hits)
        kinds = item["kind"] if isinstance(item["kind"], list) else [item["kind"]]
        good = [
            f
            for f in (found[i] for i in hits)
            if f.file.startswith(f"memory/{item['local_date']}")
            and _family(f.entry.kind) in {_family(k) for k in kinds}
            and all(k.casefold() in f"{f.entry.title} {f.entry.conclusion}".casefold() for k in item["keywords"])
            # the range covers the proposal it accepts, too
            and all(span(f.entry)[0] <= ln for ln in item.get("proposal_lines") or [])
        ]
        if not good:
            wrong.append(
                (
                    item["id"],
                    [
                        (f.file, f.entry.kind, f.entry.title, f.entry.source.message_range)
                        for f in (found[i] for i in hits)
                    ],
                )
            )
    extra = [
        (f.file, f.entry.kind, f.entry.title, f.entry.source.message_range)
        for i, f in enumerate(found)
        if i not in claimed
    ]
    assert (missing, wrong, doubled, extra) == ([], [], [], [])
    assert len(found) == len(KEY["items"])


def test_nothing_from_excluded_sessions_or_noise_lines(replayed):
    cfg, data, _ = replayed
    found = all_entries(cfg.workspace)
    excluded = {Path(x["file"]).name for x in KEY["excluded_files"]}
    assert not [f for f in found if Path(f.entry.source.session_path).name in excluded]
    noise = {(Path(n["file"]).name, ln) for n in KEY["noise"] for ln in n["lines"]}
    hits = []
    for f in found:
        name = Path(f.entry.source.session_path).name
        # Turns between a proposal and its acceptance are inside the accepted item's range: they are
        # context of that entry, not its source.
        between = {
            ln
            for item in KEY["items"]
            if item.get("proposal_lines") and _covers(f, item)
            for ln in range(max(item["proposal_lines"]) + 1, min(item["lines"]))
        }
        a, b = span(f.entry)
        hits += [(f.entry.title, ln) for ln in range(a, b + 1) if (name, ln) in noise and ln not in between]
    assert hits == []


def test_message_ranges_point_at_the_lines_the_excerpt_came_from(replayed):
    cfg, data, _ = replayed
    for f in all_entries(cfg.workspace):
        path = Path(f.entry.source.session_path)
        lines = path.read_text("utf-8").splitlines()
        a, b = span(f.entry)
        assert 1 <= a <= b <= len(lines)
        words = [w for w in (f.entry.excerpt or "").replace("…", " ").split() if len(w) > 3][:3]
        window = json.dumps([json.loads(x) for x in lines[a - 1 : b]], ensure_ascii=False).casefold()
        assert all(w.casefold().strip(".,!?:;\"'`()") in window for w in words), (f.entry.id, words)


def test_validate_passes_and_no_secret_anywhere(replayed):
    cfg, data, reports = replayed
    assert [p.format() for p in validate_paths(cfg.workspace) if p.severity == "error"] == []
    for secret in KEY["secrets"]:
        for p in cfg.workspace.rglob("*"):
            if p.is_file():
                assert secret.encode() not in p.read_bytes(), p
        for r in reports:
            assert secret not in json.dumps(r.to_dict())


def test_same_schedule_again_changes_no_byte(replayed):
    cfg, data, _ = replayed
    before = memory_bytes(cfg.workspace)
    again = replay_schedule(cfg)
    assert all(r.added == 0 and r.updated == 0 for r in again)
    assert memory_bytes(cfg.workspace) == before


def test_appended_lines_add_only_their_items_and_a_backfill_keeps_an_edited_entry(tmp_path: Path):
    cfg, data = demo_workspace(tmp_path)
    replay_schedule(cfg, KEY["days"][:1])
    ws = cfg.workspace
    daily = ws / "memory" / f"{KEY['days'][0]}.md"
    text = daily.read_text("utf-8")
    first = all_entries(ws)[0].entry
    old_why = f"- why: {first.why}\n" if first.why else "- why:\n"
    edited = text.replace(old_why, "- why: because I said so (edited)\n", 1)
    assert edited != text
    daily.write_text(edited, encoding="utf-8")
    # a new line appended to a Claude Code transcript, one user turn, the next morning
    cc = next((data / "transcripts" / "claude-code").rglob("f8528878-*.jsonl"))
    last = json.loads(cc.read_text("utf-8").splitlines()[-1])
    turn = {
        **last,
        "type": "user",
        "uuid": "new-1",
        "parentUuid": last.get("uuid"),
        "timestamp": "2026-11-17T02:00:00.000Z",
        "isSidechain": False,
        "message": {"role": "user", "content": "Remember that the staging database is reset every Sunday night."},
    }
    turn.pop("requestId", None)
    with cc.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(turn) + "\n")
    before = {f.entry.id for f in all_entries(ws)}
    rep = registry.run(cfg, "microsync", now=datetime.fromisoformat("2026-11-17T10:00:00+07:00"))
    added = {f.entry.id for f in all_entries(ws)} - before
    assert rep.added == len(added) >= 1
    assert any("staging database" in f.entry.title.lower() for f in all_entries(ws) if f.entry.id in added)
    # a backfill over the same sources never replaces the entry a person edited
    registry.run(
        cfg,
        "microsync",
        now=datetime.fromisoformat("2026-11-17T10:30:00+07:00"),
        options=RunOptions(since=datetime.fromisoformat("2026-11-01T00:00:00+07:00")),
    )
    assert "- why: because I said so (edited)\n" in daily.read_text("utf-8")


def test_bad_lines_reported_partial_line_waits_and_the_run_succeeds(tmp_path: Path):
    cfg, data = demo_workspace(tmp_path)
    cc = next((data / "transcripts" / "claude-code").rglob("f8528878-*.jsonl"))
    good = cc.read_text("utf-8")
    partial = json.dumps(
        {
            "type": "user",
            "timestamp": "2026-11-16T03:00:00Z",
            "sessionId": "x",
            "message": {"role": "user", "content": "Remember that half-written lines wait."},
        }
    )
    cc.write_bytes(good.encode() + b"{not json\n" + b'\xff\xfe{"a": 1}\n' + partial.encode())
    p = cli_run(
        "--workspace",
        str(cfg.workspace),
        "run",
        "microsync",
        "--since",
        "2026-11-01",
        "--now",
        "2026-11-21T10:00:00+07:00",
        "--json",
    )
    rep = json.loads(p.stdout)
    assert p.returncode == 0 and rep["status"] == "ok"
    codes = {(e["code"], e["line"]) for e in rep["errors"] if e["path"] == str(cc)}
    n = good.count("\n")
    assert ("bad_json", n + 1) in codes and ("bad_utf8", n + 2) in codes
    cc_src = next(s for s in rep["sources"] if s["name"] == "claude-code")
    assert cc_src["bad_lines"] >= 2
    assert "half-written lines wait" not in "".join(p.read_text() for p in (cfg.workspace / "memory").glob("*.md"))


def test_a_source_that_matches_nothing_is_an_error_defaults_only_noted(tmp_path: Path, workspace: Path):
    (workspace / "memjobs.yaml").write_text(f"transcripts:\n  - {{format: codex, path: {tmp_path}/nowhere}}\n")
    p = cli_run("--workspace", str(workspace), "run", "microsync", "--json")
    rep = json.loads(p.stdout)
    assert any(e["code"] == "source_empty" for e in rep["errors"])
    (workspace / "memjobs.yaml").write_text("timezone: UTC\n")  # defaults: agents not installed here
    p = cli_run("--workspace", str(workspace), "run", "microsync", "--json")
    rep = json.loads(p.stdout)
    assert p.returncode == 0 and rep["status"] == "nothing" and rep["errors"] == []
    assert rep.get("notes")


def test_a_run_with_nothing_new_only_stats_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Pins: with cursors in place and no transcript changed, microSync opens no transcript
    (no identity hash, no read): one stat per file."""
    from jobs.microsync import scan as transcript_scan

    cfg, _ = demo_workspace(tmp_path)
    registry.run(
        cfg,
        "microsync",
        now=datetime.fromisoformat("2026-11-21T10:00:00+07:00"),
        options=RunOptions(since=datetime.fromisoformat("2026-11-01T00:00:00+07:00")),
    )
    registry.run(cfg, "microsync", now=datetime.fromisoformat("2026-11-21T13:00:00+07:00"))  # sets cursors
    calls: list[str] = []
    real_read, real_identity = transcript_scan.read, transcript_scan.file_identity
    monkeypatch.setattr(transcript_scan, "read", lambda tf, *a, **k: calls.append(tf.path) or real_read(tf, *a, **k))
    monkeypatch.setattr(transcript_scan, "file_identity", lambda p: calls.append(p) or real_identity(p))
    rep = registry.run(cfg, "microsync", now=datetime.fromisoformat("2026-11-21T16:00:00+07:00"))
    assert rep.status == "nothing" and calls == []
    assert sum(s.files for s in rep.sources) > 0
