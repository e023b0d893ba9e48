"""An entry a person deletes from its daily log (docs/design.md §4.3 invites correcting the log)
leaves MEMORY.md at the next weekly run, archived with the reason, and the context stops serving
it; validate (and so doctor) reports the MEMORY.md link to the missing entry meanwhile. An entry
that merely moved (to another file, to memory/archive/) or whose file cannot be read is not deleted:
its item stays (docs/design.md §5: nothing is lost). End to end: real transcripts, the CLI in-process."""
from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import cli

DAILY = "memory/2026-11-09.md"


def _turns(path: Path, sid: str, start: str, *turns: str) -> None:
    """Claude Code user turns, one a minute, each followed by the assistant's "ok"."""
    from datetime import datetime, timedelta

    t = datetime.fromisoformat(start)
    with path.open("a", encoding="utf-8") as fh:
        for n, turn in enumerate(turns):
            for role, text in (("user", turn), ("assistant", "ok")):
                content = text if role == "user" else [{"type": "text", "text": text}]
                fh.write(json.dumps({"type": role, "sessionId": sid, "cwd": "/home/u/proj", "uuid": f"{sid}-{n}-{role}",
                                     "timestamp": t.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                                     "message": {"role": role, "content": content}}) + "\n")
                t += timedelta(seconds=30)


def _ws(tmp_path: Path) -> tuple[Path, str]:
    """A workspace whose MEMORY.md holds two decisions from week 1; returns it and the Redis id."""
    ws, src = tmp_path / "ws", tmp_path / "src"
    src.mkdir()
    assert cli("init", str(ws)).exit_code == 0
    with (ws / "memjobs.yaml").open("a", encoding="utf-8") as fh:
        fh.write(f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: claude-code, path: {src}}}\n")
    _turns(src / "a.jsonl", "s1", "2026-11-09T03:00:00+00:00",
           "we decided to use Postgres 16 for the billing service", "we decided to use Redis for the session cache")
    r = cli("-w", str(ws), "backfill", "--since", "2026-11-09", "--until", "2026-11-16")
    assert r.exit_code == 0, r.output
    redis = re.search(r"DECISION-20261109-use-redis[a-z0-9-]*", (ws / "MEMORY.md").read_text("utf-8"))
    assert redis, (ws / "MEMORY.md").read_text("utf-8")
    _turns(src / "a.jsonl", "s2", "2026-11-17T03:00:00+00:00", "remember that the vpn gateway is vpn2.corp")
    return ws, redis.group(0)


def _cut(ws: Path, heading: str) -> str:
    """Remove the entry under `heading` from the daily log; returns its block."""
    p = ws / DAILY
    text = p.read_text("utf-8")
    a = text.index(heading)
    b = text.find("\n## ", a + 1)
    block = text[a:] if b < 0 else text[a:b + 1]
    p.write_text(text.replace(block, ""), "utf-8")
    return block


def _weekly(ws: Path) -> None:
    r = cli("-w", str(ws), "backfill", "--since", "2026-11-17", "--until", "2026-11-23")
    assert r.exit_code == 0, r.output
    r = cli("-w", str(ws), "run", "weekly", "--now", "2026-11-30T10:00:00+07:00")
    assert r.exit_code == 0, r.output


def test_a_deleted_entry_leaves_memory_md_with_its_reason(tmp_path: Path) -> None:
    ws, redis = _ws(tmp_path)
    _cut(ws, "## Decision: Use Redis")
    # Before the weekly: validate (doctor runs the same checks) reports the link to the missing entry.
    r = cli("-w", str(ws), "validate", "--json")
    found = [p for p in json.loads(r.output)["problems"] if redis in p["message"]]
    assert found and found[0]["path"] == "MEMORY.md" and "deleted by a person" in found[0]["message"], r.output
    r = cli("-w", str(ws), "doctor")
    assert redis in r.output, r.output

    _weekly(ws)
    memory = (ws / "MEMORY.md").read_text("utf-8")
    assert redis not in memory and "Postgres 16" in memory
    archive = (ws / "memory/archive/2026-11.md").read_text("utf-8")
    line = next(ln for ln in archive.splitlines() if redis in ln)
    assert "Redis" in line and f"entry deleted by a person from {DAILY}" in line
    # the weekly log of the first week compounded after the deletion (the backfill's, W47) says so
    log = "".join(p.read_text("utf-8") for p in sorted((ws / "memory/archive").glob("weekly-*.md")))
    assert re.search(rf"\[{redis}\]\([^)]*\): entry deleted by a person from {DAILY}", log), log
    r = cli("-w", str(ws), "context")
    assert r.exit_code == 0 and "Redis" not in r.output and "Postgres 16" in r.output, r.output
    r = cli("-w", str(ws), "validate")
    assert redis not in r.output, r.output
    # A re-run changes nothing: the item does not come back, and nothing else leaves.
    before = memory
    r = cli("-w", str(ws), "run", "weekly", "--now", "2026-11-30T10:00:00+07:00")
    assert r.exit_code == 0 and (ws / "MEMORY.md").read_text("utf-8") == before


def test_an_entry_moved_to_the_archive_or_another_file_is_not_deleted(tmp_path: Path) -> None:
    ws, redis = _ws(tmp_path)
    block = _cut(ws, "## Decision: Use Redis")
    (ws / "memory/archive").mkdir(exist_ok=True)
    (ws / "memory/archive/old-decisions.md").write_text("# Old decisions\n\n" + block, "utf-8")
    # validate says where the entry is not, and does not call it deleted
    r = cli("-w", str(ws), "validate", "--json")
    assert not [p for p in json.loads(r.output)["problems"] if redis in p["message"]], r.output
    _weekly(ws)
    assert redis in (ws / "MEMORY.md").read_text("utf-8")


def test_a_file_that_cannot_be_read_deletes_nothing(tmp_path: Path) -> None:
    """A memory file that cannot be read (here: not UTF-8, as a half-synced file can be) might hold
    the entry: nothing is called deleted."""
    ws, redis = _ws(tmp_path)
    _cut(ws, "## Decision: Use Redis")
    (ws / "memory/notes.md").write_bytes(b"# notes\n\xff\xfe half synced\n")
    r = cli("-w", str(ws), "validate", "--json")
    assert "deleted by a person" not in r.output, r.output
    cli("-w", str(ws), "backfill", "--since", "2026-11-17", "--until", "2026-11-23")
    cli("-w", str(ws), "run", "weekly", "--now", "2026-11-30T10:00:00+07:00")
    assert redis in (ws / "MEMORY.md").read_text("utf-8")


def test_a_hand_written_item_without_an_entry_stays(tmp_path: Path) -> None:
    """An item memjobs never wrote an entry for is not a deletion: it stays (validate warns)."""
    ws, redis = _ws(tmp_path)
    md = ws / "MEMORY.md"
    fake = "DECISION-20261109-keep-the-vpn-abc123"
    item = f"- Keep the VPN ([{fake}](memory/2026-11-09.md))\n"
    text = md.read_text("utf-8").replace("## Decisions\n", f"## Decisions\n{item}", 1)
    md.write_text(text, "utf-8")
    r = cli("-w", str(ws), "validate", "--json")
    found = [p for p in json.loads(r.output)["problems"] if fake in p["message"]]
    assert found and found[0]["severity"] == "warning" and "deleted" not in found[0]["message"], r.output
    _weekly(ws)
    assert fake in md.read_text("utf-8")


def test_a_daily_file_cut_short_is_no_deletion(tmp_path: Path) -> None:
    """A daily log cut in the middle of an entry (an editor or sync crash, a full disk) fails validation;
    what it lost is not "deleted by a person": the weekly keeps the items, and validate names the file."""
    ws, redis = _ws(tmp_path)
    p = ws / DAILY
    text = p.read_text("utf-8")
    cut = text.index("## Decision: Use Redis") + len("## Decision: Use Redis for the session cache\n- id: ")
    p.write_text(text[:cut + 12], "utf-8")          # the Redis entry's id line itself half-written
    assert redis not in p.read_text("utf-8")
    r = cli("-w", str(ws), "validate")
    assert r.exit_code != 0 and DAILY in r.output, r.output
    _weekly(ws)
    memory = (ws / "MEMORY.md").read_text("utf-8")
    assert redis in memory, memory
    log = "\n".join(f.read_text("utf-8") for f in sorted((ws / "memory").glob("archive/*.md")))
    assert "deleted by a person" not in log
