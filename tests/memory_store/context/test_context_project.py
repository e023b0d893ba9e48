"""Whose an episode is (docs/design.md §6.5, memory_store/context/project.py): the context's recent
episodes for a project are the sessions started in that project's folder (or below it), as each
transcript format records its working directory — never a piece of the transcript's file path.

Real transcript files in tmp_path for the three readers (Claude Code in its real
`~/.claude/projects/<encoded cwd>/` layout, a Codex rollout, an OpenClaw session file and its SQLite
store), a real backfill writing the episodes, then the context as the SessionStart hook prints it.
"""
from __future__ import annotations

import json
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from jobs.daily.episodes import merge
from memory_store import episodes as ep
from memory_store.config import TranscriptSource
from memory_store.context.project import Project
from memory_store.transcripts import discover, read
from tests.conftest import REPO, cli
from tests.memory_store.hooks.test_hooks import run_hook

FIX = REPO / "tests" / "fixtures" / "transcripts"
NOW = "2026-11-26T09:00"
CC_ID = "6f1c2b9e-0d2a-4c55-9a1e-2b7d9c1e0f42"
CODEX_ID = "019b64e5-57fa-7463-b644-fba7e456f905"
OC_ID = "5f0c7a1e-3b2d-4e8f-9a6b-1c2d3e4f5a6b"


# ---- the readers: each format's own record of the session's working directory ----


def test_each_reader_gives_every_record_the_sessions_cwd(tmp_path: Path) -> None:
    """Claude Code: the `cwd` of its lines; Codex: `session_meta`; OpenClaw: the `session` header
    (file and SQLite store). A read resumed mid-file gives the same cwd as a whole read."""
    cc = discover(TranscriptSource("claude-code", str(FIX / "claude-code" / "projects")))
    main = next(f for f in cc.files if f.session_id == CC_ID and not f.sidechain)
    whole = read(main)
    assert whole.records and {r.cwd for r in whole.records} == {"/home/user/nimbus"}
    later = read(main, whole.records[3].offset_end)
    assert later.records and {r.cwd for r in later.records} == {"/home/user/nimbus"}
    codex = discover(TranscriptSource("codex", str(FIX / "codex" / "sessions")))
    recs = read(codex.files[0]).records
    assert recs and {r.cwd for r in recs} == {"/home/user/shop"}
    assert {r.cwd for r in read(codex.files[0], recs[2].offset_end).records} == {"/home/user/shop"}
    oc = discover(TranscriptSource("openclaw", str(FIX / "openclaw" / "agents" / "*")))
    a = next(f for f in oc.files if f.session_id == OC_ID)
    recs = read(a).records
    assert recs and {r.cwd for r in recs} == {"/home/u/.openclaw/workspace"}
    assert {r.cwd for r in read(a, recs[3].offset_end).records} == {"/home/u/.openclaw/workspace"}
    # the SQLite store: the header is the first event; a read from a later seq still has it
    db = tmp_path / "agents" / "main" / "agent" / "openclaw-agent.sqlite"
    db.parent.mkdir(parents=True)
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE transcript_events (session_id TEXT NOT NULL, seq INTEGER NOT NULL, "
                 "event_json TEXT, event_zstd BLOB, created_at INTEGER NOT NULL)")
    events = [{"type": "session", "version": 3, "id": "s9", "timestamp": "2026-11-25T03:00:00Z", "cwd": "/home/u/shop"},
              {"type": "message", "id": "m1", "timestamp": "2026-11-25T03:00:00Z",
               "message": {"role": "user", "content": "fix the checkout total"}},
              {"type": "message", "id": "m2", "timestamp": "2026-11-25T03:01:00Z",
               "message": {"role": "user", "content": "and the receipt"}}]
    for seq, e in enumerate(events):
        conn.execute("INSERT INTO transcript_events VALUES ('s9', ?, ?, NULL, 1)", (seq, json.dumps(e)))
    conn.commit()
    conn.close()
    store = next(f for f in discover(TranscriptSource("openclaw", str(tmp_path / "agents" / "*"))).files
                 if f.is_sqlite)
    assert [r.cwd for r in read(store).records] == ["/home/u/shop", "/home/u/shop"]
    assert [r.cwd for r in read(store, 2).records] == ["/home/u/shop"]


def test_a_project_holds_its_folder_and_below_never_a_name_that_starts_the_same() -> None:
    shop = Project.of("/home/u/shop/")
    assert shop is not None and (shop.name, shop.path) == ("shop", "/home/u/shop")
    assert shop.holds("/home/u/shop") and shop.holds("/home/u/shop/api") and shop.holds("/home/u/shop/")
    assert not shop.holds("/home/u/shopfront") and not shop.holds("/home/u") and not shop.holds(None)
    assert not shop.holds("/home/u/.claude/projects/-home-u-shop")
    by_name = Project.of("shop")
    assert by_name is not None and by_name.path is None
    assert by_name.holds("/home/u/shop") and by_name.holds("/srv/shop/api")
    assert not by_name.holds("/home/u/shopfront") and not by_name.holds("") and not by_name.holds(None)
    assert Project.of("C:\\Users\\u\\shop") == Project("shop", "C:/Users/u/shop")


# ---- end to end: transcripts -> backfill -> episodes -> the hook's context ----


def _cc(path: Path, sid: str, cwd: str, ts: str, text: str) -> None:
    """A Claude Code session file: one user turn and the reply, every line with its cwd."""
    path.parent.mkdir(parents=True, exist_ok=True)
    base = {"sessionId": sid, "cwd": cwd, "isSidechain": False, "version": "2.0.30"}
    lines = [{**base, "type": "user", "uuid": f"{sid}-u", "timestamp": ts,
              "message": {"role": "user", "content": text}},
             {**base, "type": "assistant", "uuid": f"{sid}-a", "timestamp": ts.replace(":00.000Z", ":30.000Z"),
              "message": {"id": f"msg-{sid}", "role": "assistant", "content": [{"type": "text", "text": "done"}]}}]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")


def _codex(path: Path, sid: str, cwd: str, ts: str, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = {"id": sid, "timestamp": ts, "cwd": cwd, "originator": "codex_cli_rs", "cli_version": "0.77.0"}

    def said(role: str, kind: str, words: str) -> dict[str, Any]:
        return {"timestamp": ts, "type": "response_item",
                "payload": {"type": "message", "role": role, "content": [{"type": kind, "text": words}]}}

    lines = [{"timestamp": ts, "type": "session_meta", "payload": meta},
             said("user", "input_text", text), said("assistant", "output_text", "added")]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")


def _openclaw(path: Path, sid: str, cwd: str | None, ts: str, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    head: dict[str, Any] = {"type": "session", "version": 3, "id": sid, "timestamp": ts}
    if cwd is not None:
        head["cwd"] = cwd
    lines = [head, {"type": "message", "id": f"{sid[:4]}0001", "parentId": None, "timestamp": ts,
                    "message": {"role": "user", "content": [{"type": "text", "text": text}]}},
             {"type": "message", "id": f"{sid[:4]}0002", "parentId": f"{sid[:4]}0001", "timestamp": ts,
              "message": {"role": "assistant", "content": [{"type": "text", "text": "sure"}]}}]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")


def _sessions(tmp_path: Path, ws: Path) -> None:
    """Six sessions of 2026-11-25 in the three formats; the config reads them."""
    home = tmp_path / "home"
    projects = home / ".claude" / "projects"
    _cc(projects / "-home-u-shop" / "a1.jsonl", "a1", "/home/u/shop", "2026-11-25T03:00:00.000Z",
        "fix the checkout total rounding in the shop")
    _cc(projects / "-home-u-shopfront" / "b2.jsonl", "b2", "/home/u/shopfront", "2026-11-25T05:00:00.000Z",
        "redesign the shopfront banner for the wine client")
    _cc(projects / "-home-u-shop-api" / "c3.jsonl", "c3", "/home/u/shop/api", "2026-11-25T06:00:00.000Z",
        "add the refunds endpoint to the shop api")
    codex = home / ".codex" / "sessions" / "2026" / "11" / "25"
    _codex(codex / f"rollout-2026-11-25T07-00-00-{CODEX_ID}.jsonl", CODEX_ID, "/home/u/shop",
           "2026-11-25T07:00:00.000Z", "add a unit test for the shop checkout rounding")
    oc = home / ".openclaw" / "agents" / "main" / "sessions"
    _openclaw(oc / "d4d4d4d4-0000-4000-8000-000000000004.jsonl", "d4d4d4d4-0000-4000-8000-000000000004",
              "/home/u/shop", "2026-11-25T08:00:00.000Z", "write the release note for the shop")
    _openclaw(oc / "e5e5e5e5-0000-4000-8000-000000000005.jsonl", "e5e5e5e5-0000-4000-8000-000000000005",
              None, "2026-11-25T09:00:00.000Z", "plan the shop newsletter")     # no cwd recorded
    (ws / "memjobs.yaml").write_text(
        "timezone: Asia/Bangkok\ncontext: {episodes: 10, max_items: 20}\ntranscripts:\n"
        f"  - {{format: claude-code, path: {projects}}}\n"
        f"  - {{format: codex, path: {home / '.codex' / 'sessions'}}}\n"
        f"  - {{format: openclaw, path: {home / '.openclaw' / 'agents' / '*'}}}\n", encoding="utf-8")


def _episodes(ws: Path, *args: str) -> list[str]:
    r = cli("--workspace", str(ws), "context", "--now", NOW, "--json", *args)
    assert r.exit_code == 0, r.output
    return [i["text"] for i in json.loads(r.stdout)["thread_memory"]["episodes"]]


def test_recent_episodes_are_the_projects_by_the_sessions_cwd_in_every_format(workspace: Path,
                                                                                 tmp_path: Path) -> None:
    """Pins: for /home/u/shop the Claude Code session started there and below it (shop/api), the
    Codex and the OpenClaw session started there — not /home/u/shopfront's (whose Claude folder
    `-home-u-shopfront` holds "shop"), not the session whose cwd is unknown; a project named
    "projects" or "claude" (every Claude Code path holds `/.claude/projects/`) gets none. Each
    episode keeps its session's cwd."""
    _sessions(tmp_path, workspace)
    r = cli("--workspace", str(workspace), "backfill", "--since", "2026-11-25", "--until", "2026-11-26")
    assert r.exit_code == 0, r.output
    month = (workspace / "memory" / "episodes" / "2026-11.md").read_text(encoding="utf-8")
    cwds = {e.source.session_id[:2]: e.cwd for e in ep.parse_episodes(month)}
    assert cwds == {"a1": "/home/u/shop", "b2": "/home/u/shopfront", "c3": "/home/u/shop/api",
                    CODEX_ID[:2]: "/home/u/shop", "d4": "/home/u/shop", "e5": None}
    shop = _episodes(workspace, "--project", "/home/u/shop")
    assert [t.split(" ", 1)[1] for t in shop] == [
        "write the release note for the shop (unknown)",
        "add a unit test for the shop checkout rounding (unknown)",
        "add the refunds endpoint to the shop api (unknown)",
        "fix the checkout total rounding in the shop (unknown)"]
    assert _episodes(workspace, "--project", "shop") == shop                   # the bare name: a folder "shop"
    front = _episodes(workspace, "--project", "/home/u/shopfront")
    assert front == ["2026-11-25 redesign the shopfront banner for the wine client (unknown)"]
    assert _episodes(workspace, "--project", "/home/u/shop/api") == [
        "2026-11-25 add the refunds endpoint to the shop api (unknown)"]
    for other in ("projects", "claude", ".claude", "hom", "/home/u/sho", "/home/u/shop/web"):
        assert _episodes(workspace, "--project", other) == [], other
    assert len(_episodes(workspace, "--project", "/home/u")) == 5              # every folder below, not e5's
    assert len(_episodes(workspace)) == 6                                      # no project: every episode


def test_the_session_start_hook_shows_this_folders_episodes_only(workspace: Path, tmp_path: Path) -> None:
    """The Claude Code SessionStart hook as installed, run as Claude Code runs it (a shell, the
    event's JSON with `cwd` on stdin): its "Recent episodes" are the shop folder's sessions of all
    three formats, not the shopfront's."""
    _sessions(tmp_path, workspace)
    r = cli("--workspace", str(workspace), "backfill", "--since", "2026-11-25", "--until", "2026-11-26")
    assert r.exit_code == 0, r.output
    hooks = cli("--workspace", str(workspace), "hook", "print", "claude-code", "--memjobs",
                shlex.join([sys.executable, "-m", "jobs"]))
    assert hooks.exit_code == 0, hooks.output
    start = json.loads(hooks.stdout)["hooks"]["SessionStart"][0]["hooks"][0]["command"]
    assert start.endswith(" || true")
    start = start.removesuffix(" || true") + f" --now {NOW} || true"     # the day after the sessions
    folder = tmp_path / "cwd"
    folder.mkdir()

    def recent(cwd: str) -> list[str]:
        p: subprocess.CompletedProcess[str] = run_hook(
            start, {"session_id": "new-1", "cwd": cwd, "hook_event_name": "SessionStart", "source": "startup"},
            folder)
        assert p.returncode == 0 and p.stdout.startswith("# Memory context"), p.stderr
        block = p.stdout.split("## Recent episodes\n", 1)[1].split("\n\n", 1)[0] if "## Recent episodes" in p.stdout \
            else ""
        return [line for line in block.splitlines() if line.startswith("- ")]

    shop = recent("/home/u/shop")
    assert len(shop) == 4 and not any("shopfront" in line for line in shop)
    assert any("unit test for the shop checkout" in line for line in shop)           # Codex
    assert any("release note for the shop" in line for line in shop)                # OpenClaw
    assert not any("newsletter" in line for line in shop)                           # cwd unknown
    assert recent("/home/u/shopfront") == ["- 2026-11-25 redesign the shopfront banner for the wine client (unknown)"]
    assert recent("/home/u/projects") == []


def test_an_episode_keeps_its_cwd_through_a_round_trip_and_a_merge() -> None:
    src = ep.Source("s1", "/x/s1.jsonl", "L1-L2")
    e = ep.Episode("t", "EPISODE-20261125-s1-abcdef", "2026-11-25", src, "sum", (), "unknown", "",
                   "2026-11-25T10:00+07:00", "2026-11-25T10:30+07:00", "2027-02-23", cwd="/home/u/shop")
    text = ep.serialize_episode(e)
    assert "\n- cwd: /home/u/shop\n- summary: sum\n" in text
    assert ep.parse_episodes(text) == [e]
    bare = ep.parse_episodes(ep.serialize_episode(ep.Episode(**{**e.__dict__, "cwd": None})))[0]
    assert bare.cwd is None and "cwd" not in ep.serialize_episode(bare)
    # a session seen on two days: the cwd of whichever part knows it
    assert merge(bare, e).cwd == "/home/u/shop" and merge(e, bare).cwd == "/home/u/shop"
