"""A reversal microSync has linked, before the weekly applies it (docs/design.md §6.4, §6.5): microSync
writes the newer entry with `supersedes:` at once, the weekly sets the old one's status a week later.
Meanwhile the context marks the reversed MEMORY.md item REPLACED with the entry that holds now, and
the "Recent, not yet compounded" group shows the correction in place of what it corrects; an open
possible conflict in that group is marked DISPUTED as in the memory index. A real workspace through
microSync, then `memjobs context` and MCP memory_context, no weekly in between."""
from __future__ import annotations

import asyncio
import json
from pathlib import Path

from tests.conftest import cli, served_by_tools


def _session(tmp_path: Path, name: str, start: str, *said: str) -> None:
    """A Claude Code session `name` of user turns (each answered "ok") from the UTC instant `start`."""
    folder = tmp_path / "cc" / "projects" / "-home-user-app"
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / f"{name}.jsonl").open("w", encoding="utf-8") as fh:
        for n, text in enumerate(said):
            for k, (role, words) in enumerate((("user", text), ("assistant", "ok"))):
                ts = f"{start[:14]}{n:02d}:{k * 30:02d}Z"
                fh.write(json.dumps({"type": role, "sessionId": name, "uuid": f"{name}-{n}-{k}", "timestamp": ts,
                                     "message": {"role": role, "content": words}}) + "\n")


def _workspace(tmp_path: Path) -> tuple[str, ...]:
    ws = tmp_path / "ws"
    assert cli("init", str(ws)).exit_code == 0
    (ws / "memjobs.yaml").write_text(
        f"timezone: UTC\ntranscripts: [{{format: claude-code, path: {tmp_path / 'cc' / 'projects'}}}]\n",
        encoding="utf-8")
    return ("--workspace", str(ws))


def _context(w: tuple[str, ...], now: str) -> dict:  # type: ignore[type-arg]
    out = cli(*w, "context", "--json", "--now", now, "--task", "billing service database")
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


def test_a_reversal_marks_the_memory_index_item_replaced_before_the_weekly(tmp_path: Path) -> None:
    """explore13 #3: "move the billing service from Postgres to MySQL instead" on Tuesday was linked
    at once, yet until next Monday's weekly the context listed "Use Postgres for the billing service"
    with no mark and the MySQL entry nowhere, while a mere possible conflict was flagged the same day."""
    w = _workspace(tmp_path)
    _session(tmp_path, "a", "2026-11-16T03:00:00Z", "we decided to use Postgres for the billing service")
    assert cli(*w, "run", "microsync", "--since", "2026-11-16", "--now", "2026-11-16T12:00:00Z").exit_code == 0
    assert cli(*w, "run", "weekly", "--now", "2026-11-23T03:00:00Z").exit_code == 0
    before = _context(w, "2026-11-23T09:00:00Z")["long_memory"]["memory_index"]
    [pg] = [i for i in before if "Postgres" in i["text"]]
    assert "REPLACED" not in pg["text"] and "replaced_by" not in pg

    _session(tmp_path, "b", "2026-11-24T03:00:00Z",
             "we decided to move the billing service from Postgres to MySQL instead, Postgres licensing is a blocker")
    assert cli(*w, "run", "microsync", "--now", "2026-11-24T12:00:00Z").exit_code == 0
    daily = (tmp_path / "ws" / "memory" / "2026-11-24.md").read_text(encoding="utf-8")
    assert f"- supersedes: {pg['id']}" in daily

    ctx = _context(w, "2026-11-25T02:00:00Z")
    [item] = [i for i in ctx["long_memory"]["memory_index"] if i["id"] == pg["id"]]
    newer = item["replaced_by"]
    assert newer in daily and newer != pg["id"]
    assert "[REPLACED by the newer " + newer in item["text"] and "MySQL" in item["text"]
    text = cli(*w, "context", "--now", "2026-11-25T02:00:00Z").output
    assert "Use Postgres for the billing service [REPLACED by the newer" in text
    [served] = asyncio.run(served_by_tools(tmp_path / "ws", [("memory_context", {"format": "json"})]))
    [mcp_item] = [i for i in json.loads(served.content[0].text)["long_memory"]["memory_index"]
                  if i["id"] == pg["id"]]
    assert mcp_item["replaced_by"] == newer and "MySQL" in mcp_item["text"]


def test_the_recent_group_shows_a_correction_in_place_of_what_it_corrects(tmp_path: Path) -> None:
    """explore12 #10a: "remember that my son's birthday is May 5", then next day "actually, my son's
    birthday is May 6": the group served May 5 (only `status` was read, and the weekly sets it later)
    and never May 6 (the extractor writes a self-correction at 0.75, under the group's 0.8)."""
    w = _workspace(tmp_path)
    _session(tmp_path, "s1", "2026-11-23T03:00:00Z", "remember that my son's birthday is May 5")
    assert cli(*w, "run", "microsync", "--since", "2026-11-23", "--now", "2026-11-23T12:00:00Z").exit_code == 0
    _session(tmp_path, "s2", "2026-11-24T03:00:00Z", "actually, my son's birthday is May 6")
    assert cli(*w, "run", "microsync", "--now", "2026-11-24T05:00:00Z").exit_code == 0
    daily = (tmp_path / "ws" / "memory" / "2026-11-24.md").read_text(encoding="utf-8")
    assert "- supersedes: REMEMBER-20261123-" in daily

    recent = _context(w, "2026-11-24T13:00:00Z")["long_memory"]["recent"]
    texts = [i["text"] for i in recent]
    assert not any("May 5" in t.split("[", 1)[0] for t in texts), texts
    [fixed] = [i for i in recent if "May 6" in i["text"]]
    assert fixed["supersedes"].startswith("REMEMBER-20261123-")
    assert 'replaces the earlier "My son\'s birthday is May 5"' in fixed["text"]
    [served] = asyncio.run(served_by_tools(tmp_path / "ws", [("memory_context", {"format": "json"})]))
    served_texts = [i["text"] for i in json.loads(served.content[0].text)["long_memory"]["recent"]]
    assert any("May 6" in t for t in served_texts) and not any(t.endswith("May 5") for t in served_texts)


def test_the_recent_group_marks_an_open_conflict_disputed(tmp_path: Path) -> None:
    """explore12 #10b: "the staging db is on port 5433", next day "… port 5434" is an open possible
    conflict; the group served 5433 with no mark, the memory index (after a weekly) marks it."""
    w = _workspace(tmp_path)
    _session(tmp_path, "s1", "2026-11-23T03:00:00Z", "remember that the staging db is on port 5433")
    assert cli(*w, "run", "microsync", "--since", "2026-11-23", "--now", "2026-11-23T12:00:00Z").exit_code == 0
    _session(tmp_path, "s2", "2026-11-24T03:00:00Z", "remember that the staging db is on port 5434")
    assert cli(*w, "run", "microsync", "--now", "2026-11-24T05:00:00Z").exit_code == 0
    assert "5434" in cli(*w, "conflicts", "list").output

    ctx = _context(w, "2026-11-24T13:00:00Z")
    [item] = [i for i in ctx["long_memory"]["recent"] if "5433" in i["text"]]
    assert "[DISPUTED by the newer REMEMBER-20261124-" in item["text"] and "ask the user which holds" in item["text"]
    assert item["disputed_by"].startswith("REMEMBER-20261124-")
    assert any("open conflict" in n for n in ctx.get("notices", [])), ctx.get("notices")


def test_the_mcp_context_cache_is_dropped_when_an_entry_file_changes(tmp_path: Path) -> None:
    """The daily files are a source of the marks above: a reversal microSync writes within the
    cache's 30 s must not be served stale (memory_store/context/cache.py)."""
    from memory_store.context.cache import ContextCache

    ws = tmp_path / "ws"
    assert cli("init", str(ws)).exit_code == 0
    daily = ws / "memory" / "2026-11-24.md"
    daily.write_text("# 2026-11-24\n", encoding="utf-8")
    cache = ContextCache(ws, None, ttl_s=30, clock=lambda: 0.0)
    builds: list[int] = []

    def build() -> int:
        builds.append(1)
        return len(builds)

    assert cache.get("k", build) == 1 and cache.get("k", build) == 1
    daily.write_text("# 2026-11-24\n\n## Decision: Use MySQL\n- supersedes: DECISION-x\n", encoding="utf-8")
    assert cache.get("k", build) == 2                                  # an entry file changed
    (ws / "memory" / "2026-11-25.md").write_text("# 2026-11-25\n", encoding="utf-8")
    assert cache.get("k", build) == 3                                  # an entry file added
