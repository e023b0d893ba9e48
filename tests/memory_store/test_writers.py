"""The single-writer table of docs/design.md §3, every row, enforced in code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_store.entries import BlockEntry, Source
from memory_store.errors import WriterRefused
from memory_store.ledger import RunLedger, read_patches
from memory_store.markdown_write import serialize_entry, set_entry_fields
from memory_store.writers import writer_for

ALLOWED = {
    "microsync": ["memory/2026-11-22.md", "memory/recent/2026-11-22-decision.md"],
    "daily": ["second-brain/summaries/2026-11-21-wrapup.md", "second-brain/summaries/2026-11-21-wrapup-2.md"],
    "weekly": ["MEMORY.md", "memory/archive/2026-11.md", "memory/archive/weekly-2026-47.md"],
    "core": ["PROFILE.md", "SESSION.md", "PROPOSALS.md", "memory/archive/core.md"],
}
EVERYTHING = sorted(
    {p for ps in ALLOWED.values() for p in ps}
    | {
        "memory/projects/nimbus.md",
        "second-brain/research/x.md",
        "POLICY.md",
        "memory/2026-11-22-notes/x.md",
        "../outside.md",
        ".memjobs/index.sqlite",
        ".memjobs/daemon.json",
    }
)


@pytest.mark.parametrize("job", ["microsync", "daily", "weekly", "core", "index", "daemon", "readonly"])
def test_every_row_allows_its_paths_and_refuses_the_rest(tmp_path: Path, job: str):
    w = writer_for(job, tmp_path)
    for rel in EVERYTHING:
        if rel in ALLOWED.get(job, []):
            w.append(rel, "x\n")
            assert (tmp_path / rel).read_text() == "x\n"
        else:
            with pytest.raises(WriterRefused) as err:
                w.append(rel, "x\n")
            assert job in str(err.value) and ("outside" in str(err.value) or rel in str(err.value))


def test_state_rows(tmp_path: Path):
    writer_for("microsync", tmp_path).write_state(".memjobs/cursors.json", b"{}")
    writer_for("index", tmp_path).write_state(".memjobs/index.generation", b"1")
    writer_for("daemon", tmp_path).write_state(".memjobs/daemon.json", b"{}")
    for job, rel in (
        ("microsync", ".memjobs/index.sqlite"),
        ("index", ".memjobs/cursors.json"),
        ("daemon", ".memjobs/index.sqlite"),
        ("readonly", ".memjobs/x.json"),
        ("microsync", "memory/x.json"),
    ):
        with pytest.raises(WriterRefused):
            writer_for(job, tmp_path).write_state(rel, b"{}")


def test_weekly_may_change_only_status_fields_of_daily_files(tmp_path: Path):
    e = BlockEntry(
        kind="Decision",
        title="Use Postgres",
        id="DECISION-20261006-use-postgres-aaaaaa",
        date="2026-10-06",
        source=Source("s", "/t.jsonl", "L1-L1"),
        confidence=0.9,
    )
    daily = tmp_path / "memory" / "2026-10-06.md"
    daily.parent.mkdir(parents=True)
    daily.write_text("# 2026-10-06\n\n" + serialize_entry(e), encoding="utf-8")
    w = writer_for("weekly", tmp_path)
    assert w.replace(
        "memory/2026-10-06.md",
        lambda t: set_entry_fields(t, e.id, {"status": "superseded", "superseded_by": "DECISION-20261010-x-bbbbbb"}),
        fields_only=True,
    )
    with pytest.raises(WriterRefused, match="only status fields"):
        w.replace("memory/2026-10-06.md", lambda t: t.replace("Use Postgres", "Use MySQL"), fields_only=True)
    with pytest.raises(WriterRefused):
        w.replace("memory/2026-10-06.md", lambda t: t + "more\n")  # not a whole-file path for weekly
    assert "superseded_by: DECISION-20261010-x-bbbbbb" in daily.read_text()


def test_writes_are_redacted_and_recorded_in_the_ledger(tmp_path: Path):
    ledger = RunLedger(tmp_path / ".memjobs", "run1")
    ledger.open()
    w = writer_for("microsync", tmp_path, ledger=ledger)
    secret = "sk-proj-" + "A1b2C3d4E5f6G7h8I9j0" * 2
    w.append("memory/2026-11-22.md", f"- note: key {secret}\n")
    text = (tmp_path / "memory/2026-11-22.md").read_text()
    assert secret not in text and "[REDACTED" in text
    patches = read_patches(tmp_path / ".memjobs", "run1")
    assert patches[0]["op"] == "append" and patches[0]["offset"] == 0 and patches[0]["created"]
    audit = [json.loads(x) for x in (ledger.dir / "audit.jsonl").read_text().splitlines()]
    assert audit[0]["op"] == "append" and audit[0]["path"] == "memory/2026-11-22.md"
    for f in (tmp_path / ".memjobs").rglob("*"):
        if f.is_file():
            assert secret not in f.read_text()


def test_dry_run_writes_nothing(tmp_path: Path):
    w = writer_for("weekly", tmp_path, dry_run=True)
    w.append("MEMORY.md", "x\n")
    w.replace("memory/archive/2026-11.md", lambda t: "y\n")
    assert not (tmp_path / "MEMORY.md").exists() and not (tmp_path / "memory").exists()
    assert [(p.op, p.path) for p in w.planned] == [("append", "MEMORY.md"), ("replace", "memory/archive/2026-11.md")]
