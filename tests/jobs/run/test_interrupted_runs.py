"""A run killed with SIGKILL right after its markdown and before its state, then a person's edit,
then the rerun: the person's change stands (docs/design.md §4: people's text is never changed;
§5: an id a person deleted is not written again)."""
from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

from memory_store.markdown import parse_document
from memory_store.markdown_write import block_hash
from tests.conftest import cli_run
from tests.kill_helpers import kill_after_write
from tests.test_secret_doors import DAY, _workspace

SYNC = ("run", "microsync", "--since", f"{DAY}T00:00:00+07:00", "--now", f"{DAY}T22:00:00+07:00")


def _memjobs(ws: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A run in this process (the console entry, as `memjobs` runs it): only the killed run needs
    a process of its own; the clean runs and the reruns after the kill do not."""
    return cli_run("--workspace", str(ws), *args)


def test_an_entry_deleted_after_a_killed_run_stays_deleted_on_a_since_reread(tmp_path: Path) -> None:
    """Pins: the run was killed after appending its entries and before recording them; a person
    then deleted one; the `--since` re-read wrote it back (no tombstone had been written). The
    run's ledger shows the append was made, so the rerun knows the entry was memjobs' and that
    its absence is a person's deletion."""
    ws = _workspace(tmp_path)
    daily = ws / "memory" / f"{DAY}.md"
    kill_after_write(ws, f"memory/{DAY}.md", *SYNC)
    assert not (ws / ".memjobs" / "microsync" / "entries.json").exists()   # killed before its state
    text = daily.read_text("utf-8")
    blocks = [b for b in parse_document(text).blocks if b.id]
    assert len(blocks) >= 3
    gone = blocks[1]
    edited = text.replace(gone.text, "", 1)
    daily.write_text(edited, encoding="utf-8")                             # the person's deletion

    p = _memjobs(ws, *SYNC, "--json")
    assert p.returncode == 0, p.stdout + p.stderr
    assert daily.read_text("utf-8") == edited, "the deleted entry came back"
    report = json.loads(p.stdout)
    reasons = {d["id"]: d["reason"] for d in report["details"]["skipped"]}
    assert reasons[gone.id] == "deleted by a person"
    assert {r for i, r in reasons.items() if i != gone.id} == {"already recorded"}
    assert any("interrupted run appended" in n for n in report["notes"]), report["notes"]
    # And it stays a tombstone for every later re-read.
    p = _memjobs(ws, *SYNC)
    assert p.returncode == 0, p.stdout + p.stderr
    assert daily.read_text("utf-8") == edited


def test_an_entry_of_a_killed_run_still_in_its_file_is_kept_and_known(tmp_path: Path) -> None:
    """Pins the other half: without a person's edit, the rerun after the kill converges to the
    uninterrupted run (same daily file, same recorded hashes)."""
    clean = _workspace(tmp_path / "clean")
    assert _memjobs(clean, *SYNC).returncode == 0
    ws = _workspace(tmp_path / "cut")
    kill_after_write(ws, f"memory/{DAY}.md", *SYNC)
    p = _memjobs(ws, *SYNC)
    assert p.returncode == 0, p.stdout + p.stderr
    norm = [(w, (w / "memory" / f"{DAY}.md").read_text("utf-8").replace(str(w.parent), "ROOT")) for w in (clean, ws)]
    assert norm[0][1] == norm[1][1]
    state = [json.loads((w / ".memjobs" / "microsync" / "entries.json").read_text("utf-8"))["entries"]
             for w in (clean, ws)]
    assert sorted(state[0]) == sorted(state[1])
    blocks = {b.id: b for b in parse_document(norm[1][1].replace("ROOT", str(ws.parent))).blocks if b.id}
    assert {i: e["hash"] for i, e in state[1].items()} == {i: block_hash(b.text) for i, b in blocks.items()}


DAILY = ("run", "daily", "--date", DAY, "--now", "2026-11-18T00:30:00+07:00")
WRAPUP = f"second-brain/summaries/{DAY}-wrapup.md"


def test_a_hand_edit_of_a_wrapup_a_killed_run_wrote_survives_run_daily_date(tmp_path: Path) -> None:
    """Pins: the daily run was killed after writing the wrap-up and before recording its hash; a
    person then edited the wrap-up; `run daily --date` overwrote the edit (a wrap-up without a
    recorded hash was taken for one written before hashes were kept)."""
    ws = _workspace(tmp_path)
    kill_after_write(ws, WRAPUP, *DAILY)
    wrapup = ws / WRAPUP
    edited = wrapup.read_text("utf-8") + "\nA person's note: the staging rollout moved to Friday.\n"
    wrapup.write_text(edited, encoding="utf-8")

    p = _memjobs(ws, *DAILY, "--json")
    assert p.returncode == 0, p.stdout + p.stderr
    assert wrapup.read_text("utf-8") == edited, "the hand edit was overwritten"
    assert any("edited by hand" in n for n in json.loads(p.stdout)["notes"])


def test_a_wrapup_a_killed_run_wrote_is_rewritten_when_nobody_edited_it(tmp_path: Path) -> None:
    """Pins the other half: without an edit, the rerun treats the killed run's wrap-up as
    memjobs' own (it may rewrite it) and converges to the uninterrupted run's bytes."""
    clean = _workspace(tmp_path / "clean")
    assert _memjobs(clean, *DAILY).returncode == 0
    ws = _workspace(tmp_path / "cut")
    kill_after_write(ws, WRAPUP, *DAILY)
    p = _memjobs(ws, *DAILY, "--json")
    assert p.returncode == 0, p.stdout + p.stderr
    assert not any("edited by hand" in n for n in json.loads(p.stdout)["notes"])
    norm = [(w / WRAPUP).read_text("utf-8").replace(str(w.parent), "ROOT") for w in (clean, ws)]
    assert norm[0] == norm[1]
    state = [json.loads((w / ".memjobs" / "daily" / "written.json").read_text("utf-8")) for w in (clean, ws)]
    assert state[1]["files"][WRAPUP] == hashlib.sha256((ws / WRAPUP).read_bytes()).hexdigest()
    assert sorted(state[0]["files"]) == sorted(state[1]["files"])
