"""MEMORY.md that lost its memjobs markers (explore14 #7: a whole-file rewrite by another program drops
them): the weekly appended a second generated part and left the earlier generated items for good as "the
user's" lines — "We use Redis for the session cache" under one `## Decisions` and the switch to
Memcached under another. Everything outside the markers is the user's and never changes
(docs/design.md §4.5), so the weekly refuses: exit non-zero, MEMORY.md untouched, the message says where
to put the markers back; `validate` and `doctor` say the same. With the markers back, the weekly runs and
one generated part remains."""
from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import cli
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, write_entries


def test_a_memory_md_without_its_markers_is_refused_with_the_fix(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert cli("init", str(ws)).exit_code == 0
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n", encoding="utf-8")
    w = ("--workspace", str(ws))
    redis = entry("Decision", "2026-11-17", "We use Redis for the session cache")
    write_entries(ws, [redis])
    assert cli(*w, "run", "weekly", "--now", "2026-11-23T03:00:00+07:00").exit_code == 0
    assert redis.id in memory_ids(ws)
    md = ws / "MEMORY.md"
    stripped = "".join(ln for ln in md.read_text(encoding="utf-8").splitlines(keepends=True)
                       if "memjobs:begin" not in ln and "memjobs:end" not in ln)
    stripped = stripped.replace("## Pinned\n", "## Pinned\n\n- my own note: call Anna on Fridays\n")
    md.write_text(stripped, encoding="utf-8")
    switch = entry("Decision", "2026-11-24", "Switch the session cache from Redis to Memcached",
                   supersedes=redis.id)
    write_entries(ws, [switch])

    run = cli(*w, "run", "weekly", "--now", "2026-11-30T03:00:00+07:00", "--json")
    assert run.exit_code != 0
    report = json.loads(run.output)
    said = " ".join(e["message"] for e in report["errors"])
    assert "markers" in said and "<!-- memjobs:begin -->" in said and "<!-- memjobs:end -->" in said
    assert md.read_text(encoding="utf-8") == stripped          # nothing lost, nothing added

    lines = stripped.splitlines()
    begin_at = lines.index("## Rules & constraints") + 1       # 1-based line the message names
    assert f"line {begin_at}" in said
    checked = cli(*w, "validate", str(md))
    assert checked.exit_code != 0 and "markers" in checked.output and f"line {begin_at}" in checked.output
    doctor = cli(*w, "doctor", "--json")
    found = [f for f in json.loads(doctor.output)["findings"] if "markers" in f["message"]]
    assert found and found[0]["level"] == "error"

    # the fix the message gives: the markers back around the generated sections
    last = max(n for n, ln in enumerate(lines, start=1) if ln.startswith("## ") and n > begin_at)
    fixed = lines[:begin_at - 1] + ["<!-- memjobs:begin -->"] + lines[begin_at - 1:last] + ["<!-- memjobs:end -->"]
    fixed += lines[last:]
    md.write_text("\n".join(fixed) + "\n", encoding="utf-8")
    run = cli(*w, "run", "weekly", "--now", "2026-11-30T03:00:00+07:00")
    assert run.exit_code == 0, run.output
    text = md.read_text(encoding="utf-8")
    assert text.count("## Decisions") == 1 and text.count("<!-- memjobs:begin -->") == 1
    assert redis.id not in memory_ids(ws) and switch.id in memory_ids(ws)
    assert "- my own note: call Anna on Fridays" in text
