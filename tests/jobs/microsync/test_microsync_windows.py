"""microSync across its own windows (docs/design.md §5): a run starts where the last one stopped, but a
conversation does not. An acceptance read in one run must still see the proposal read by the run
before (look-back context), an item found by the earlier run is not found twice, and whether a
session is excluded is decided once, by its first user message, not by whatever message opens a
later window."""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import yaml

from jobs.dispatch import registry
from memory_store.config import load_config
from memory_store.markdown import parse_document
from memory_store.workspace import init_workspace

TZ = ZoneInfo("Asia/Bangkok")


def _line(session: str, n: int, ts: str, role: str, text: str) -> str:
    if role == "user":
        message: dict[str, object] = {"role": "user", "content": text}
    else:
        message = {"id": f"msg_{session}_{n}", "role": "assistant", "type": "message",
                   "content": [{"type": "text", "text": text}]}
    return json.dumps({"type": role, "message": message, "uuid": f"{session}-{n}", "sessionId": session,
                       "timestamp": ts, "cwd": "/home/u/app", "isSidechain": False}) + "\n"


def _setup(tmp_path: Path, extra: dict[str, object] | None = None) -> tuple[Path, Path]:
    ws = tmp_path / "ws"
    init_workspace(ws)
    projects = tmp_path / "claude" / "projects"
    (projects / "-home-u-app").mkdir(parents=True)
    conf = {"timezone": "Asia/Bangkok", "transcripts": [{"format": "claude-code", "path": str(projects)}],
            **(extra or {})}
    (ws / "memjobs.yaml").write_text(yaml.safe_dump(conf), encoding="utf-8")
    return ws, projects / "-home-u-app"


def _append(path: Path, *lines: str) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.writelines(lines)


def _sync(ws: Path, local: str) -> registry.RunReport:  # type: ignore[name-defined]
    cfg = load_config(ws, env={})
    return registry.run(cfg, "microsync", now=datetime.fromisoformat(local).replace(tzinfo=TZ))


def _entries(ws: Path) -> list:  # type: ignore[type-arg]
    out = []
    for f in sorted((ws / "memory").glob("*.md")):
        out.extend(parse_document(f.read_text(encoding="utf-8")).entries())
    return out


def test_an_acceptance_after_the_cut_sees_the_proposal_before_it(tmp_path: Path) -> None:
    ws, folder = _setup(tmp_path)
    t = folder / "s1.jsonl"
    _append(t,
            _line("s1", 1, "2026-11-20T02:50:00Z", "user",
                  "The job queue keeps losing tasks whenever Redis restarts. What should we use instead?"),
            _line("s1", 2, "2026-11-20T02:54:00Z", "assistant",
                  "I suggest we move the job queue to Postgres with SELECT ... FOR UPDATE SKIP LOCKED: it "
                  "survives restarts and we already run Postgres."))
    first = _sync(ws, "2026-11-20T10:00:00")           # the proposal is read; nothing accepted yet
    assert first.status == "nothing", first
    _append(t, _line("s1", 3, "2026-11-20T03:05:00Z", "user", "ok, go with that."))
    second = _sync(ws, "2026-11-20T13:00:00")
    found = _entries(ws)
    assert len(found) == 1, (second, found)
    e = found[0]
    assert e.kind in {"Decision", "Architecture"}
    assert "postgres" in f"{e.title} {e.conclusion}".casefold()
    assert e.source.message_range == "L2-L3"           # proposal and acceptance
    assert second.source("claude-code").lines == 1     # the context line is not counted again


def test_an_item_of_the_earlier_window_is_not_found_again(tmp_path: Path) -> None:
    ws, folder = _setup(tmp_path)
    t = folder / "s2.jsonl"
    _append(t, _line("s2", 1, "2026-11-20T02:40:00Z", "user",
                     "From now on, never run database migrations on Fridays."),
            _line("s2", 2, "2026-11-20T02:41:00Z", "assistant", "Understood, no migrations on Fridays."))
    assert _sync(ws, "2026-11-20T10:00:00").added == 1
    before = {p: p.read_bytes() for p in (ws / "memory").glob("*.md")}
    _append(t, _line("s2", 3, "2026-11-20T04:00:00Z", "user", "thanks, that's all for now"))
    again = _sync(ws, "2026-11-20T13:00:00")
    assert again.status == "nothing" and again.added == 0, again
    assert {p: p.read_bytes() for p in (ws / "memory").glob("*.md")} == before


def test_exclusion_is_decided_by_the_sessions_first_user_message(tmp_path: Path) -> None:
    ws, folder = _setup(tmp_path, {"exclude_sessions": ["nightly digest*"]})
    digest, work = folder / "digest.jsonl", folder / "work.jsonl"
    _append(digest, _line("digest", 1, "2026-11-20T02:00:00Z", "user",
                          "nightly digest: summarise yesterday's bookings"))
    _append(work, _line("work", 1, "2026-11-20T02:00:00Z", "user", "let's look at the invoice exporter"))
    _sync(ws, "2026-11-20T10:00:00")
    # Later windows: the excluded session's next message looks ordinary, and the ordinary session's next
    # message happens to match the pattern. Neither changes what the session is.
    _append(digest, _line("digest", 2, "2026-11-20T04:00:00Z", "user",
                          "Remember that the digest always goes to the ops channel."))
    _append(work, _line("work", 2, "2026-11-20T04:00:00Z", "user",
                        "nightly digest jobs: from now on, always include refunds in the invoice export."))
    report = _sync(ws, "2026-11-20T13:00:00")
    found = _entries(ws)
    assert [e.source.session_id for e in found] == ["work"], (report, found)
    assert report.source("claude-code").sessions_skipped == 1


def test_a_file_that_could_not_be_read_is_read_from_its_start_later(tmp_path: Path) -> None:
    """A transcript that cannot be read when first found (here a FIFO in its place) is reported; once it
    can be read, its lines are read from the start, not cut at the source's high-water mark."""
    import os

    ws, folder = _setup(tmp_path)
    t = folder / "s3.jsonl"
    os.mkfifo(t)
    first = _sync(ws, "2026-11-20T10:00:00")
    assert [e["code"] for e in first.errors] == ["unreadable"], first.errors
    t.unlink()
    _append(t, _line("s3", 1, "2026-11-20T02:00:00Z", "user",          # 09:00 local, before the 10:00 mark
                     "From now on, never deploy on Fridays."))
    second = _sync(ws, "2026-11-20T13:00:00")
    assert second.added == 1, second
    assert [e.source.session_id for e in _entries(ws)] == ["s3"]


def test_a_session_file_that_turns_up_after_a_run_is_read_whole(tmp_path: Path) -> None:
    """A session written before the last run but whose file appears only after it (synced from a laptop,
    flushed late) loses nothing for being older than the source's high-water mark (docs/design.md §5.2)."""
    ws, folder = _setup(tmp_path)
    _append(folder / "a.jsonl", _line("a", 1, "2026-11-20T02:30:00Z", "user",
                                      "We decided to use Traefik for ingress."))
    assert _sync(ws, "2026-11-20T10:00:00").added == 1
    _append(folder / "b.jsonl", _line("b", 1, "2026-11-20T02:35:00Z", "user",    # 09:35 local, before the mark
                                      "We decided to use Vault for secrets management."))
    late = _sync(ws, "2026-11-20T13:00:00")
    assert late.added == 1, late
    assert sorted(e.source.session_id for e in _entries(ws)) == ["a", "b"]


def test_a_late_file_is_read_back_a_week_and_its_older_lines_are_noted_not_dropped(tmp_path: Path) -> None:
    """History copied in from another machine (a late file with lines months old) is not extracted by a
    scheduled run, which must finish within its time limit: the lines a week or more before the last
    run are left to backfill, and the run says so with the command."""
    ws, folder = _setup(tmp_path)
    _append(folder / "a.jsonl", _line("a", 1, "2026-11-20T02:30:00Z", "user",
                                      "We decided to use Traefik for ingress."))
    assert _sync(ws, "2026-11-20T10:00:00").added == 1
    _append(folder / "old.jsonl",
            _line("old", 1, "2026-09-01T02:00:00Z", "user", "We decided to use Vault for secrets management."),
            _line("old", 2, "2026-11-17T02:00:00Z", "user", "We decided to use Loki for the logs."))
    late = _sync(ws, "2026-11-20T13:00:00")
    assert late.added == 1, late                     # the line 3 days old, not the one from September
    assert [e.title for e in _entries(ws) if e.source.session_id == "old"] == ["Use Loki for the logs"]
    assert any("1 sessions that appeared since the last run hold lines since 2026-09-01" in n
               and "backfill --since 2026-09-01" in n for n in late.notes), late.notes
    assert late.details["unread_history"] == [{"source": "claude-code", "sessions": 1, "oldest": "2026-09-01",
                                               "late": True}]


def test_a_renamed_file_or_a_copied_history_is_not_written_twice(tmp_path: Path) -> None:
    """A file read under an older name (a reset or rotation renames it: same identity) is read from the
    mark; a new file that repeats history already written (a resumed session's copy) writes nothing new:
    the same statement on the same day gets the same id, kept once."""
    ws, folder = _setup(tmp_path)
    old = folder / "s.jsonl"
    _append(old, _line("s", 1, "2026-11-20T02:30:00Z", "user", "From now on, never deploy on Fridays."),
            _line("s", 2, "2026-11-20T02:31:00Z", "assistant", "Understood."))
    assert _sync(ws, "2026-11-20T10:00:00").added == 1
    before = {p: p.read_bytes() for p in (ws / "memory").glob("*.md")}
    old.rename(folder / "s.jsonl.reset.2026-11-20T04-00-00.000Z")
    _append(folder / "copy.jsonl", old.with_name("s.jsonl.reset.2026-11-20T04-00-00.000Z").read_text())
    again = _sync(ws, "2026-11-20T13:00:00")
    assert again.added == 0 and again.updated == 0, again
    assert {p: p.read_bytes() for p in (ws / "memory").glob("*.md")} == before


def test_a_moved_transcript_folder_is_not_said_to_hold_unread_sessions(tmp_path: Path) -> None:
    """The workspace and its transcript folder moved, the path edited in memjobs.yaml: to the cursors
    that is a new source, whose first run looks back 3 hours. What a backfill read under the old path
    is neither written again nor said to be unread; a line the earlier runs never read (appended to
    the moved file, older than the look-back) still is, with its day."""
    from tests.conftest import cli

    ws, folder = _setup(tmp_path)
    _append(folder / "a.jsonl", _line("a", 1, "2026-11-24T03:00:00Z", "user", "We decided to use Postgres for orders."),
            _line("a", 2, "2026-11-24T03:00:30Z", "assistant", "Noted."))
    r = cli("--workspace", str(ws), "backfill", "--since", "2026-11-24", "--until", "2026-11-26")
    assert r.exit_code == 0, r.output
    assert [e.title for e in _entries(ws)] == ["Use Postgres for orders"]
    moved = tmp_path / "moved"
    (tmp_path / "claude").rename(moved)
    conf = yaml.safe_load((ws / "memjobs.yaml").read_text(encoding="utf-8"))
    conf["transcripts"][0]["path"] = str(moved / "projects")
    (ws / "memjobs.yaml").write_text(yaml.safe_dump(conf), encoding="utf-8")
    path = moved / "projects" / "-home-u-app" / "a.jsonl"
    _append(path, _line("a", 3, "2026-11-26T03:00:00Z", "user", "We decided to use Kafka for events."))
    run = _sync(ws, "2026-11-26T12:00:00")
    assert run.added == 1 and run.updated == 0, run
    assert sorted(e.title for e in _entries(ws)) == ["Use Kafka for events", "Use Postgres for orders"]
    assert "unread_history" not in run.details and not any("not read" in n for n in run.notes), run.notes
    # a later line of the same file that no run read, older than this source's first look-back
    _append(path, _line("b", 1, "2026-11-25T03:00:00Z", "user", "We decided to use Redis for the cache."))
    moved.rename(tmp_path / "moved2")
    conf["transcripts"][0]["path"] = str(tmp_path / "moved2" / "projects")
    (ws / "memjobs.yaml").write_text(yaml.safe_dump(conf), encoding="utf-8")
    again = _sync(ws, "2026-11-26T18:00:00")
    assert again.added == 0, again
    assert again.details["unread_history"] == [{"source": "claude-code", "sessions": 1, "oldest": "2026-11-25"}]
    assert any("1 sessions since 2026-11-25" in n and "backfill --since 2026-11-25" in n for n in again.notes)


def test_a_file_name_that_is_not_utf8_is_reported_and_the_rest_read(tmp_path: Path) -> None:
    import os

    ws, folder = _setup(tmp_path)
    bad = os.path.join(os.fsencode(folder), b"\xff\xfe-session.jsonl")
    with open(bad, "wb") as f:
        f.write(_line("odd", 1, "2026-11-20T02:00:00Z", "user", "Remember that the odd file exists.").encode())
    _append(folder / "good.jsonl", _line("good", 1, "2026-11-20T02:00:00Z", "user",
                                         "Remember that invoices go out on the 25th."))
    report = _sync(ws, "2026-11-20T10:00:00")
    assert report.status != "failed", report
    assert any(e["code"] == "bad_utf8" and "not valid UTF-8" in e["message"] for e in report.errors), report.errors
    assert [e.source.session_id for e in _entries(ws)] == ["good"]


def test_a_file_name_with_a_line_break_or_control_character_is_refused_not_flattened(tmp_path: Path) -> None:
    """Pins: a transcript named with a newline was read and its entries cited a session_path with
    the newline flattened to a space (a file that does not exist). Such a name is now reported
    (`bad_name`, the name escaped on one line) and skipped; every session_path written names
    the file it came from, read back byte for byte."""
    import os

    ws, folder = _setup(tmp_path)
    odd_names = ["two\nlines.jsonl", "cr\rhere.jsonl", "tab\there.jsonl", "sep\u2028x.jsonl", "bell\x07.jsonl"]
    for i, name in enumerate(odd_names):
        _append(folder / name, _line(f"odd{i}", 1, "2026-11-20T02:00:00Z", "user",
                                     f"Remember that odd file number {i} exists."))
    nested = folder.parent / "-home-u-\nother"
    nested.mkdir()
    _append(nested / "inside.jsonl", _line("nested", 1, "2026-11-20T02:00:00Z", "user",
                                           "Remember that the nested odd folder exists."))
    _append(folder / "good.jsonl", _line("good", 1, "2026-11-20T02:00:00Z", "user",
                                         "Remember that invoices go out on the 25th."))
    report = _sync(ws, "2026-11-20T10:00:00")
    assert report.status != "failed", report
    refused = [e for e in report.errors if e["code"] == "bad_name"]
    assert len(refused) == len(odd_names) + 1, report.errors
    assert all("\n" not in e["path"] and "\r" not in e["path"] and "\u2028" not in e["path"] for e in refused)
    assert any("two\\nlines.jsonl" in e["path"] and "a line break (U+000A)" in e["message"] for e in refused)
    entries = _entries(ws)
    assert [e.source.session_id for e in entries] == ["good"]
    for e in entries:
        assert os.path.isfile(e.source.session_path), e.source.session_path


def test_the_first_runs_unread_note_does_not_count_excluded_sessions(tmp_path: Path) -> None:
    """Pins: the first run's "N sessions … were not read; to read them: backfill" counted a session
    `exclude_sessions` names (backfill never reads it either); it is said apart."""
    ws, folder = _setup(tmp_path, {"exclude_sessions": ["22222222-2222-4222-8222-222222222222"]})
    _append(folder / "a.jsonl", _line("a", 1, "2026-11-19T03:00:00Z", "user", "We decided to use Postgres for jobs."))
    _append(folder / "b.jsonl", _line("22222222-2222-4222-8222-222222222222", 1, "2026-11-19T04:00:00Z", "user",
                                      "private stuff"))
    run = _sync(ws, "2026-11-20T10:00:00")
    note = next(n for n in run.notes if "not read" in n)
    assert note.startswith("claude-code: 1 sessions since 2026-11-19"), note
    assert "1 excluded session" in note, note
    assert run.details["unread_history"][0]["sessions"] == 1
