"""The order things were said decides which entry replaces which, not the order they were read
(docs/design.md §6.4), through the real CLI: a scheduled `memjobs run microsync` reads a change said on
11-02 ("switch the session cache back to Redis, Memcached was too limited"); then `memjobs backfill`
adds what was said before it, on 10-01 (Redis) and 10-10 ("use Memcached instead of Redis"). The
10-10 entry, written second, was linked to nothing: search, `memjobs get`, the context and MEMORY.md
served "use Memcached" as what holds until the next weekly (explore17 #3). Read in date order the
11-02 entry supersedes it at once; read in this order it must say so too."""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from memory_store.markdown import block_to_entry, parse_document
from memory_store.memory_md import parse_memory_md
from tests.conftest import cli_run
from tests.microsync_helpers import all_entries, claude_code_workspace

# (the Redis choice, the switch to Memcached, the switch back to Redis), one set a language
SAID = {
    "en": ("Decision: the session cache uses Redis.",
           "Decision: use Memcached instead of Redis for the session cache.",
           "Decision: switch the session cache back to Redis, Memcached was too limited."),
    "th": ("ตัดสินใจแล้วว่า session cache ใช้ Redis",
           "ตัดสินใจแล้วว่าใช้ Memcached แทน Redis สำหรับ session cache",
           "ตัดสินใจแล้วว่าเปลี่ยน session cache กลับไปใช้ Redis เพราะ Memcached จำกัดเกินไป"),
    "zh": ("决定了：session cache 用 Redis。",
           "决定了：session cache 改用 Memcached，不用 Redis 了。",
           "决定了：session cache 换回 Redis，Memcached 限制太多了。"),
}


def _session(tmp_path: Path, name: str, start: str, text: str) -> None:
    """One Claude Code session: the user's turn and the assistant's "OK." a minute later."""
    folder = tmp_path / "transcripts"
    folder.mkdir(exist_ok=True)
    t = datetime.fromisoformat(start)
    lines = [json.dumps({"type": role, "sessionId": name, "cwd": "/home/u/proj", "uuid": f"{name}-{i}",
                         "timestamp": (t + timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                         "message": {"role": role, "content": content}}, ensure_ascii=False)
             for i, (role, content) in enumerate((("user", text), ("assistant", [{"type": "text", "text": "OK."}])))]
    (folder / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _mj(ws: Path, *args: str) -> str:
    done = cli_run("--workspace", str(ws), *args)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def _read_out_of_order(tmp_path: Path, lang: str) -> tuple[Path, dict[str, str]]:
    """The 11-02 change read by a scheduled run first, then the two earlier sessions backfilled; the
    ids by what each said (redis, memcached, back)."""
    redis, memcached, back = SAID[lang]
    ws = claude_code_workspace(tmp_path)
    _session(tmp_path, "new1", "2026-11-02T03:00:00+00:00", back)
    _mj(ws, "run", "microsync", "--now", "2026-11-02T12:00:00+07:00")
    _session(tmp_path, "old1", "2026-10-01T03:00:00+00:00", redis)
    _session(tmp_path, "old2", "2026-10-10T03:00:00+00:00", memcached)
    _mj(ws, "backfill", "--since", "2026-10-01", "--until", "2026-11-03")
    by_session = {f.entry.source.session_id: f.entry for f in all_entries(ws)}
    assert set(by_session) == {"old1", "old2", "new1"}, sorted(by_session)   # one entry a statement
    return ws, {"redis": by_session["old1"].id, "memcached": by_session["old2"].id, "back": by_session["new1"].id}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_an_older_statement_read_after_a_later_change_is_replaced_by_it(tmp_path: Path, lang: str) -> None:
    ws, ids = _read_out_of_order(tmp_path, lang)
    memcached, back = ids["memcached"], ids["back"]

    got = json.loads(_mj(ws, "get", memcached, "--json"))
    assert (got["entry"]["status"], got["entry"]["superseded_by"], got["entry"]["current"]) == (
        "superseded", back, back), got["entry"]
    # what 10-01 chose ends, through the 10-10 switch, in the 11-02 switch back
    assert json.loads(_mj(ws, "get", ids["redis"], "--json"))["entry"]["current"] == back

    found = json.loads(_mj(ws, "search", "session cache Memcached Redis", "--json", "--limit", "10"))
    status = {r["id"]: (r.get("status"), r.get("superseded_by")) for r in found["results"] if r.get("id")}
    assert status.get(memcached) == ("superseded", back), status
    assert status.get(back) == ("active", None), status

    context = json.loads(_mj(ws, "context", "--now", "2026-11-04T10:00:00+07:00", "--format", "json"))
    shown = [it for group in ("memory_index", "recent") for it in context["long_memory"].get(group) or []]
    for it in shown:
        if it.get("id") == memcached:
            assert it.get("replaced_by") == back, it   # never served as what holds
    assert any(it.get("id") == back for it in shown) or any(it.get("replaced_by") == back for it in shown), shown

    # the next weekly records it in the files, and MEMORY.md no longer serves Memcached
    _mj(ws, "run", "weekly", "--now", "2026-11-09T03:00:00+07:00")
    day = ws / "memory" / "2026-10-10.md"
    block = parse_document(day.read_text("utf-8")).find(memcached)
    assert block is not None
    entry = block_to_entry(block, "memory/2026-10-10.md")
    assert (entry.status, entry.superseded_by) == ("superseded", back)
    items = {it.id for it in parse_memory_md((ws / "MEMORY.md").read_text("utf-8")).items}
    assert memcached not in items, items


@pytest.mark.parametrize("lang", sorted(SAID))
def test_read_in_date_order_the_same_statements_link_the_same_way(tmp_path: Path, lang: str) -> None:
    """The control: one backfill of all three sessions links the 11-02 change to the 10-10 one."""
    redis, memcached, back = SAID[lang]
    ws = claude_code_workspace(tmp_path)
    for name, start, text in (("old1", "2026-10-01T03:00:00+00:00", redis),
                              ("old2", "2026-10-10T03:00:00+00:00", memcached),
                              ("new1", "2026-11-02T03:00:00+00:00", back)):
        _session(tmp_path, name, start, text)
    _mj(ws, "backfill", "--since", "2026-10-01", "--until", "2026-11-03")
    by_session = {f.entry.source.session_id: f.entry for f in all_entries(ws)}
    assert by_session["new1"].supersedes == by_session["old2"].id
    got = json.loads(_mj(ws, "get", by_session["old2"].id, "--json"))
    assert got["entry"]["superseded_by"] == by_session["new1"].id
