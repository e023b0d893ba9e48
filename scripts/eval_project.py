#!/usr/bin/env python3
"""End to end on a three-week project: what a user of memjobs gets, measured the way they meet it.

    python scripts/eval_project.py                       # every project of the dev split, item by item
    python scripts/eval_project.py --split heldout5      # held out (heldout5, heldout6): totals only
    python scripts/eval_project.py --json [--keep DIR]

A project (tests/fixtures/projects/<split>/<name>.yaml, README there) is three weeks of sessions in
English, Thai and Chinese with the items worth keeping planted and labelled, and 25 questions an agent
would ask later. This writes each session as the agent named in it stores it on disk (Claude Code,
Codex, OpenClaw; docs/transcripts.md), makes a workspace with `memjobs init`, runs `memjobs backfill`
over the whole project and one week past it (so the last weekly compounds), then scores:

- **kept**: the share of planted items (not counting a "remember" the user later took back) some kept
  memory holds: a daily-log entry whose source covers the planted turn or whose text holds all the
  item's key words, or a core/procedure file holding them;
- **noise**: the share of daily-log entries that match no planted item (by the same two rules);
- **reversed still active**: planted items a later planted item replaced (or the user took back)
  whose key words are still on an item line of MEMORY.md's generated part (a taken-back item also
  when PROFILE.md or SESSION.md still holds them);
- **questions**: the share of questions with at least one piece of evidence in the top 6 results of
  `memjobs search --json` (default tiers): a hit whose source covers the evidence turn, or whose
  entry text holds all the key words of a planted evidence item.

Everything runs through the installed `memjobs` command (real processes, real files), as a user's
scheduler would. Dates are shifted by whole weeks so the project ends at least a week before today.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from memory_store.errors import EntryError  # noqa: E402
from memory_store.markdown import block_to_entry, parse_document  # noqa: E402

SETS = REPO / "tests" / "fixtures" / "projects"
BLIND_SPLITS = ("heldout5", "heldout6")   # heldout, heldout2, heldout3, heldout4: development since 2026-11-28
MEMJOBS = Path(sys.executable).parent / "memjobs"
RANGE_RE = re.compile(r"L(\d+)-L(\d+)")
TOP = 6


@dataclass
class Turn:
    session: str
    number: int            # 1-based, as the project file counts them
    line: int              # the transcript line the turn is written on
    path: str


@dataclass
class Project:
    name: str
    doc: dict[str, Any]
    shift: timedelta
    turns: dict[str, Turn] = field(default_factory=dict)   # "s01#3" -> Turn
    files: dict[str, str] = field(default_factory=dict)    # session id -> transcript path


def _jsonl(path: Path, lines: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")


def _stamp(t: datetime) -> str:
    return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def write_session(root: Path, proj: Project, s: dict[str, Any]) -> None:
    """One session as its agent stores it; records the line of every turn."""
    start = datetime.fromisoformat(str(s["start"])) + proj.shift
    sid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"{proj.name}/{s['id']}"))
    turns = [(t["role"], str(t["text"]), start + timedelta(minutes=i)) for i, t in enumerate(s["turns"])]
    agent = s["agent"]
    lines: list[dict[str, Any]] = []
    if agent == "claude-code":
        path = root / "claude-code" / "projects" / f"-home-user-{proj.name}" / f"{sid}.jsonl"
        parent = None
        for role, text, at in turns:
            u = str(uuid.uuid4())
            line: dict[str, Any] = {"parentUuid": parent, "isSidechain": False, "userType": "external",
                                    "cwd": f"/home/user/{proj.name}", "sessionId": sid, "version": "2.0.76",
                                    "type": role, "uuid": u, "timestamp": _stamp(at)}
            line["message"] = ({"role": "user", "content": text} if role == "user" else
                               {"id": "msg_" + u[:8], "type": "message", "role": "assistant", "model": "claude",
                                "content": [{"type": "text", "text": text}]})
            lines.append(line)
            parent = u
        first = 1
    elif agent == "codex":
        day = start.astimezone(UTC)
        path = (root / "codex" / "sessions" / f"{day:%Y}" / f"{day:%m}" / f"{day:%d}"
                / f"rollout-{day:%Y-%m-%dT%H-%M-%S}-{sid}.jsonl")
        lines.append({"timestamp": _stamp(start), "type": "session_meta",
                      "payload": {"id": sid, "timestamp": _stamp(start), "cwd": f"/home/user/{proj.name}",
                                  "originator": "codex_cli_rs", "cli_version": "0.77.0"}})
        for role, text, at in turns:
            kind = "input_text" if role == "user" else "output_text"
            lines.append({"timestamp": _stamp(at), "type": "response_item",
                          "payload": {"type": "message", "role": role, "content": [{"type": kind, "text": text}]}})
        first = 2
    elif agent == "openclaw":
        folder = root / "openclaw" / "agents" / "main" / "sessions"
        path = folder / f"{sid}.jsonl"
        lines.append({"type": "session", "version": 3, "id": sid, "timestamp": _stamp(start),
                      "cwd": "/home/user/.openclaw/workspace"})
        parent = None
        for i, (role, text, at) in enumerate(turns):
            eid = f"{i + 1:08x}"
            lines.append({"type": "message", "id": eid, "parentId": parent, "timestamp": _stamp(at),
                          "message": {"role": role, "content": [{"type": "text", "text": text}]}})
            parent = eid
        first = 2
        index = folder / "sessions.json"
        known = json.loads(index.read_text(encoding="utf-8")) if index.exists() else {}
        known[f"agent:main:{s['id']}"] = {"sessionId": sid, "sessionFile": str(path), "chatType": "direct"}
        folder.mkdir(parents=True, exist_ok=True)
        index.write_text(json.dumps(known, indent=2), encoding="utf-8")
    else:
        raise SystemExit(f"{proj.name}: session {s['id']}: unknown agent {agent!r}")
    _jsonl(path, lines)
    proj.files[s["id"]] = str(path)
    for n in range(1, len(turns) + 1):
        proj.turns[f"{s['id']}#{n}"] = Turn(s["id"], n, first + n - 1, str(path))


def _shift(doc: dict[str, Any]) -> timedelta:
    last = max(datetime.fromisoformat(str(s["start"])).date() for s in doc["sessions"])
    need = (last + timedelta(days=8)) - (date.today() - timedelta(days=1))
    weeks = max(0, -(-need.days // 7))
    return -timedelta(weeks=weeks)


def build(proj: Project, work: Path) -> Path:
    tx = work / "transcripts"
    for s in proj.doc["sessions"]:
        write_session(tx, proj, s)
    ws = work / "ws"
    _run(["init", str(ws)], None)
    sources = [{"format": "claude-code", "path": str(tx / "claude-code" / "projects")},
               {"format": "codex", "path": str(tx / "codex" / "sessions")},
               {"format": "openclaw", "path": str(tx / "openclaw" / "agents")}]
    used = {s["agent"] for s in proj.doc["sessions"]}
    sources = [x for x in sources if x["format"] in used]
    cfg = ws / "memjobs.yaml"
    doc = yaml.safe_load(cfg.read_text(encoding="utf-8")) or {}
    doc["timezone"] = proj.doc.get("timezone", "Asia/Bangkok")
    doc["transcripts"] = sources
    cfg.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    days = sorted(datetime.fromisoformat(str(s["start"])).date() + proj.shift for s in proj.doc["sessions"])
    until = min(days[-1] + timedelta(days=7), date.today() - timedelta(days=1))
    _run(["backfill", "--since", days[0].isoformat(), "--until", until.isoformat(), "--force"], ws)
    return ws


def _run(args: list[str], ws: Path | None) -> str:
    cmd = [str(MEMJOBS), *(["--workspace", str(ws)] if ws else []), *args]
    done = subprocess.run(cmd, capture_output=True, text=True, encoding="utf-8", check=False)
    if done.returncode not in (0,):
        raise SystemExit(f"{' '.join(cmd)} exited {done.returncode}:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    return done.stdout


def _fold(text: str) -> str:
    return re.sub(r"\s+", " ", text).casefold()


def _holds(text: str, words: list[str]) -> bool:
    t = _fold(text)
    return bool(words) and all(_fold(str(w)) in t for w in words)


def _covers(source_path: str, message_range: str, turn: Turn | None) -> bool:
    if turn is None or source_path != turn.path:
        return False
    m = RANGE_RE.search(message_range or "")
    return m is not None and int(m.group(1)) <= turn.line <= int(m.group(2))


@dataclass
class Kept:
    id: str
    text: str
    path: str
    range: str


def daily_entries(ws: Path) -> list[Kept]:
    out: list[Kept] = []
    for f in sorted((ws / "memory").glob("????-??-??.md")):
        doc = parse_document(f.read_text(encoding="utf-8"))
        for block in doc.blocks:
            try:
                e = block_to_entry(block, str(f))
            except EntryError:
                continue
            text = " ".join((e.title, e.conclusion, e.excerpt or "", e.why, e.finding))
            out.append(Kept(e.id, text, e.source.session_path or "", e.source.message_range or ""))
    return out


def _matches(k: Kept, item: dict[str, Any], proj: Project, take_back: bool = True) -> bool:
    """`k` keeps `item`: its source covers the item's turn (or, with `take_back`, the turn that withdrew
    it: an entry made of the withdrawal is not noise), or its text holds all the item's key words."""
    turns = [proj.turns.get(str(item.get("at", "")))]
    if take_back and item.get("taken_back_at"):
        turns.append(proj.turns.get(str(item["taken_back_at"])))
    return any(_covers(k.path, k.range, t) for t in turns) or _holds(k.text, item.get("keywords", []))


def generated_memory_lines(ws: Path) -> list[str]:
    text = (ws / "MEMORY.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- memjobs:begin -->(.*?)<!-- memjobs:end -->", text, re.S)
    part = m.group(1) if m else text
    items: list[str] = []
    for line in part.splitlines():
        if line.startswith("- "):
            items.append(line)
        elif line.startswith("  ") and items:
            items[-1] += " " + line.strip()
    return items


def score(proj: Project, ws: Path, show: bool) -> dict[str, Any]:
    planted = proj.doc["planted"]
    entries = daily_entries(ws)
    others = " ".join(p.read_text(encoding="utf-8") for p in
                      [ws / "PROFILE.md", ws / "SESSION.md", *sorted((ws / "memory").glob("procedures*.md"))]
                      if p.exists())
    c: Counter[str] = Counter()
    lines: list[str] = []
    matched_entries: set[str] = set()
    for item in planted:
        hits = [k for k in entries if _matches(k, item, proj)]
        matched_entries.update(k.id for k in hits)
        if item.get("taken_back"):
            continue        # withdrawn by the user: scored below, as gone or not
        kept = bool(hits) or _holds(others, item.get("keywords", []))
        c["planted"] += 1
        c["kept"] += kept
        if not kept:
            lines.append(f"  missed {item['id']} ({item['kind']}, {item['at']}): {item.get('keywords')}")
    c["entries"] = len(entries)
    noise = [k for k in entries if k.id not in matched_entries]
    c["noise"] = len(noise)
    lines += [f"  noise {k.id}: {k.text[:110]}" for k in noise]
    memory = generated_memory_lines(ws)
    by_id = {str(p["id"]): p for p in planted}
    for item in planted:
        gone = item.get("superseded_by") or item.get("taken_back")
        if not gone:
            continue
        c["replaced"] += 1
        own = {k.id for k in entries if _matches(k, item, proj, take_back=False)}
        newer = by_id.get(str(item.get("superseded_by")))
        newer_ids = {k.id for k in entries if newer and _matches(k, newer, proj)}
        still = [m for m in memory if (any(i in m for i in own - newer_ids)
                                        or _holds(m, item.get("keywords", [])))
                 and not (newer and _holds(m, newer.get("keywords", [])))]
        if item.get("taken_back") and _holds(others, item.get("keywords", [])):
            still.append("a core memory file: " + " ".join(map(str, item.get("keywords", []))))
        if still:
            c["replaced_still_active"] += 1
            lines.append(f"  still active {item['id']} (replaced by {item.get('superseded_by') or 'take-back'}): "
                         f"{still[0][:110]}")
    for q in proj.doc["questions"]:
        c["questions"] += 1
        out = json.loads(_run(["search", str(q["text"]), "--json", "--limit", str(TOP)], ws))
        found = False
        for hit in out.get("results", [])[:TOP]:
            src = hit.get("source") or {}
            path, rng = src.get("session_path", ""), src.get("message_range", "")
            text = " ".join(str(hit.get(k) or "") for k in ("title", "snippet"))
            entry = next((k for k in entries if k.id == hit.get("id")), None)
            if entry:
                text += " " + entry.text
            for ev in q.get("evidence", []):
                ev = str(ev)
                if "#" in ev:
                    found |= _covers(path, rng, proj.turns.get(ev))
                elif ev in by_id:
                    item = by_id[ev]
                    found |= _covers(path, rng, proj.turns.get(str(item.get("at", "")))) or _holds(
                        text, item.get("keywords", []))
        c["answered"] += found
        if not found:
            lines.append(f"  no evidence in top {TOP}: {q['id']} ({q.get('lang')}): {q['text']}")
    if show:
        print("\n".join(lines))
    return dict(c)


def rates(c: dict[str, Any]) -> dict[str, Any]:
    def share(a: str, b: str) -> float | None:
        return round(c.get(a, 0) / c[b], 3) if c.get(b) else None
    return {**c, "kept_rate": share("kept", "planted"), "noise_rate": share("noise", "entries"),
            "answered_rate": share("answered", "questions")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--split", default="dev",
                    help="dev, heldout .. heldout4 (read item by item), heldout5 or heldout6 (totals only)")
    ap.add_argument("--dir", type=Path, help="read the project files of this folder instead (item by item)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--keep", type=Path, help="build the workspaces under this folder and keep them")
    args = ap.parse_args(argv)
    folder = args.dir or SETS / args.split
    files = sorted(folder.glob("*.yaml"))
    if not files:
        print(f"no project files in {folder}", file=sys.stderr)
        return 2
    show = not args.json and (args.dir is not None or args.split not in BLIND_SPLITS)
    result: dict[str, Any] = {}
    total: Counter[str] = Counter()
    for f in files:
        doc = yaml.safe_load(f.read_text(encoding="utf-8"))
        proj = Project(str(doc["name"]), doc, _shift(doc))
        base = args.keep or Path(tempfile.mkdtemp(prefix="memjobs-project-"))
        work = base / proj.name
        if work.exists():
            shutil.rmtree(work)
        work.mkdir(parents=True)
        try:
            if show:
                print(f"{proj.name}:")
            ws = build(proj, work)
            c = score(proj, ws, show)
        finally:
            if not args.keep:
                shutil.rmtree(base, ignore_errors=True)
        result[proj.name] = rates(c)
        total.update(c)
    result["all"] = rates(dict(total))
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
    else:
        for name, r in result.items():
            print(f"{name}: kept {r['kept']}/{r['planted']} ({r['kept_rate']}), noise {r['noise']}/{r['entries']} "
                  f"({r['noise_rate']}), replaced still active {r.get('replaced_still_active', 0)}/"
                  f"{r.get('replaced', 0)}, questions with evidence in top {TOP} {r['answered']}/{r['questions']} "
                  f"({r['answered_rate']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
