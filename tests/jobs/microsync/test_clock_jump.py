"""A transcript line stamped in the future (a clock that jumped: a dead RTC battery, a VM resumed
with the wrong time) must not hide the lines after it (docs/design.md §5.2): file order decides
what a run consumes, the line itself is read where the file puts it, and the run says so. Claude
Code, Codex and OpenClaw files, scheduled runs, replays with `--now` and backfills; reruns read
nothing twice."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from memory_store.markdown import parse_document
from tests.conftest import cli, cli_run

FUTURE = "2036-11-26T10:00:00.000Z"


def _stamp(t: datetime) -> str:
    return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def _claude(path: Path, turns: list[tuple[str, str]]) -> None:
    """Claude Code lines of session s1: (timestamp, user text) each followed by the assistant's "ok"
    stamped the same."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as fh:
        for n, (ts, text) in enumerate(turns):
            for role, body in (("user", text), ("assistant", [{"type": "text", "text": "ok"}])):
                fh.write(json.dumps({"type": role, "sessionId": "s1", "uuid": f"{path.stem}-{ts}-{n}-{role}",
                                     "cwd": "/home/u/app", "timestamp": ts,
                                     "message": {"role": role, "content": body}}) + "\n")


def _codex(path: Path, turns: list[tuple[str, str, str]]) -> None:
    """A Codex rollout: session_meta, then (timestamp, role, text) messages."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        fh.write(json.dumps({"timestamp": turns[0][0], "type": "session_meta",
                             "payload": {"id": "cx1", "timestamp": turns[0][0], "cwd": "/home/u/app"}}) + "\n")
        for ts, role, text in turns:
            kind = "input_text" if role == "user" else "output_text"
            fh.write(json.dumps({"timestamp": ts, "type": "response_item",
                                 "payload": {"type": "message", "role": role,
                                             "content": [{"type": kind, "text": text}]}}) + "\n")


def _openclaw(path: Path, turns: list[tuple[str, str, str]]) -> None:
    """An OpenClaw (v3) session file: its header, then (timestamp, role, text) messages."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        fh.write(json.dumps({"type": "session", "version": 3, "id": "oc1", "timestamp": turns[0][0],
                             "cwd": "/home/u/app"}) + "\n")
        for n, (ts, role, text) in enumerate(turns):
            fh.write(json.dumps({"type": "message", "id": f"e{n}", "parentId": None, "timestamp": ts,
                                 "message": {"role": role, "content": [{"type": "text", "text": text}]}}) + "\n")


def _workspace(tmp_path: Path, fmt: str, folder: Path) -> Path:
    ws = tmp_path / "ws"
    assert cli("init", str(ws)).exit_code == 0
    with (ws / "memjobs.yaml").open("a", encoding="utf-8") as fh:
        fh.write(f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: {fmt}, path: {folder}}}\n")
    return ws


def _run(ws: Path, *args: str) -> dict:  # type: ignore[type-arg]
    res = cli("--workspace", str(ws), "run", "microsync", "--json", *args)
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def _titles(ws: Path) -> dict[str, str]:
    """Each entry's title, by the daily file it is in."""
    out = {}
    for f in sorted((ws / "memory").glob("*.md")):
        for e in parse_document(f.read_text("utf-8")).entries():
            out[e.title] = f.name
    return out


def test_a_future_line_does_not_hide_the_lines_after_it(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _claude(src / "a.jsonl", [("2026-11-26T10:00:00.000Z", "we decided to use Postgres for the orders service"),
                              (FUTURE, "we decided to use Kafka for events"),
                              ("2026-11-26T10:05:00.000Z", "we decided to use MinIO for blobs"),
                              ("2026-11-26T10:06:00.000Z", "remember that the on-call rota is in Notion")])
    ws = _workspace(tmp_path, "claude-code", src)
    first = _run(ws, "--now", "2026-11-26T11:00:00Z")
    titles = _titles(ws)
    assert {"Use MinIO for blobs", "The on-call rota is in Notion", "Use Kafka for events"} <= set(titles)
    # the line with the wrong clock is dated where the file puts it, not in 2036
    assert titles["Use Kafka for events"] == "2026-11-26.md"
    assert not list((ws / "memory").glob("2036-*"))
    # ... and the run says so, naming the file and line
    clock = first["details"]["clock"]
    assert [c["line"] for c in clock] == [3, 4]   # the user's line and the assistant's, both stamped 2036
    assert clock[0] == {"path": str(src / "a.jsonl"), "line": 3, "stamped": "2036-11-26T10:00:00+00:00",
                        "read_as": "2026-11-26T10:05:00+00:00"}
    assert any("a.jsonl:3 is stamped 2036-11-26" in n and "wrong clock" in n for n in first["notes"])
    doctor = json.loads(cli("--workspace", str(ws), "doctor", "--json").stdout)["findings"]
    [clocked] = [f for f in doctor if f["check"] == "runs" and "stamped" in f["message"]]
    assert clocked["level"] == "warning" and clocked["path"] == str(src / "a.jsonl") and clocked["line"] == 3
    text = cli("--workspace", str(ws), "run", "microsync", "--now", "2026-11-26T12:00:00Z").stdout
    assert "nothing" in text   # nothing read twice, and the note is not repeated
    before = {p.name: p.read_bytes() for p in (ws / "memory").glob("*.md")}
    # a backfill over the same day writes nothing new
    res = cli_run("--workspace", str(ws), "backfill", "--since", "2026-11-26", "--until", "2026-11-26")
    assert res.returncode == 0, res.stderr
    assert {p.name: p.read_bytes() for p in (ws / "memory").glob("*.md")} == before


def test_a_backfill_alone_reads_past_a_future_line(tmp_path: Path) -> None:
    src = tmp_path / "src"
    _claude(src / "a.jsonl", [("2026-11-26T10:00:00.000Z", "we decided to use Postgres for the orders service"),
                              (FUTURE, "ok noted"),
                              ("2026-11-26T10:05:00.000Z", "we decided to use MinIO for blobs")])
    # a second session on the next day, across the night (Bangkok): still one day each
    _claude(src / "b.jsonl", [("2026-11-26T16:55:00.000Z", "we decided to use Grafana for dashboards"),
                              ("2026-11-26T17:05:00.000Z", "we decided to use Loki for logs")])
    # and a file with no record at all (a summary line only): its days are none, not a future one
    (src / "c.jsonl").write_text(json.dumps({"type": "summary", "summary": "x", "leafUuid": "u1"}) + "\n")
    ws = _workspace(tmp_path, "claude-code", src)
    res = cli_run("--workspace", str(ws), "backfill", "--since", "2026-11-26", "--until", "2026-11-27")
    assert res.returncode == 0, res.stderr
    runs = json.loads(cli("--workspace", str(ws), "runs", "list", "--json").stdout)
    said = [n for r in runs for n in r.get("notes") or [] if "a.jsonl:3 is stamped 2036-11-26" in n]
    assert len(said) == 1, runs   # by the day that reads it, not by every day that opens the file
    titles = _titles(ws)
    assert titles["Use MinIO for blobs"] == "2026-11-26.md"
    assert titles["Use Grafana for dashboards"] == "2026-11-26.md" and titles["Use Loki for logs"] == "2026-11-27.md"
    before = {p.name: p.read_bytes() for p in (ws / "memory").glob("*.md")}
    rep = _run(ws, "--now", "2026-11-28T10:00:00Z")   # the scheduled run after it: nothing twice
    assert rep["added"] == 0 and {p.name: p.read_bytes() for p in (ws / "memory").glob("*.md")} == before


def test_a_scheduled_run_reads_a_last_line_stamped_ahead_of_the_clock(tmp_path: Path) -> None:
    """No line follows the wrong stamp yet: a run at the machine's time still reads it (a line
    cannot have been written after the run that reads it), dated as the line before it."""
    src = tmp_path / "src"
    now = datetime.now(UTC)
    _claude(src / "a.jsonl", [(_stamp(now - timedelta(minutes=20)), "we decided to use Postgres for orders"),
                              (_stamp(now + timedelta(days=3650)), "we decided to use Kafka for events")])
    ws = _workspace(tmp_path, "claude-code", src)
    rep = _run(ws)
    assert "Use Kafka for events" in _titles(ws)
    assert rep["details"]["clock"][0]["line"] == 3
    # a replay whose `--now` comes before a line that is not past the machine's clock keeps waiting
    _claude(src / "a.jsonl", [(_stamp(now + timedelta(minutes=30)), "we decided to use MinIO for blobs")])
    _run(ws, "--now", _stamp(now))
    assert "Use MinIO for blobs" not in _titles(ws)
    _run(ws, "--now", _stamp(now + timedelta(hours=1)))
    assert "Use MinIO for blobs" in _titles(ws)


def test_codex_a_future_assistant_line_does_not_hide_the_user(tmp_path: Path) -> None:
    src = tmp_path / "codex"
    _codex(src / "2026" / "11" / "26" / "rollout-2026-11-26T10-00-00-cx1.jsonl",
           [("2026-11-26T10:00:00.000Z", "user", "we decided to use Postgres for the orders service"),
            (FUTURE, "assistant", "noted"),
            ("2026-11-26T10:05:00.000Z", "user", "we decided to use MinIO for blobs")])
    ws = _workspace(tmp_path, "codex", src)
    rep = _run(ws, "--now", "2026-11-26T11:00:00Z")
    assert "Use MinIO for blobs" in _titles(ws)
    assert [c["line"] for c in rep["details"]["clock"]] == [3]


def test_openclaw_a_future_line_does_not_hide_the_lines_after_it(tmp_path: Path) -> None:
    root = tmp_path / "openclaw" / "agents" / "main"
    _openclaw(root / "sessions" / "oc1.jsonl",
              [("2026-11-26T10:00:00.000Z", "user", "we decided to use Postgres for the orders service"),
               (FUTURE, "assistant", "noted"),
               ("2026-11-26T10:05:00.000Z", "user", "we decided to use MinIO for blobs")])
    ws = _workspace(tmp_path, "openclaw", tmp_path / "openclaw" / "agents")
    rep = _run(ws, "--now", "2026-11-26T11:00:00Z")
    assert "Use MinIO for blobs" in _titles(ws)
    assert rep["details"]["clock"]
