"""The weekly and the conflicts queue read two sessions of ONE day in the order they were said, as microSync
does (docs/design.md §6.4), through the real CLI. Entries carry only a date, and the daily file lists them in
the order they were written: a session of 15:00 read by one run and one of 09:00 synced late and read by
the next, or two sessions read by one run in the order of their files' names. microSync judges by the time
each was said ("25 MB" said at 15:00 disputes "10 MB" said at 09:00: the 15:00 one is the newer); the
weekly and `memjobs conflicts` judged by file order and held the 09:00 value out of MEMORY.md as the
newer one, asking the user whether 10 MB (what was said first) replaces 25 MB."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import cli_run
from tests.jobs.microsync.test_said_order_e2e import SAID, _session
from tests.microsync_helpers import all_entries, claude_code_workspace

MORNING, AFTERNOON = "2026-10-14T02:00:00+00:00", "2026-10-14T08:00:00+00:00"   # 09:00 and 15:00 in Bangkok

# (said at 09:00, said at 15:00): one quantity given two values, no change stated
LIMITS = {
    "en": ("Decision: the upload limit for attachments is 10 MB.",
           "Decision: the upload limit for attachments is 25 MB."),
    "th": ("ตัดสินใจแล้วว่า ไฟล์แนบอัปโหลดได้สูงสุด 10 MB", "ตัดสินใจแล้วว่า ไฟล์แนบอัปโหลดได้สูงสุด 25 MB"),
    "zh": ("决定了：附件上传上限是 10 MB。", "决定了：附件上传上限是 25 MB。"),
}


def _mj(ws: Path, *args: str) -> str:
    done = cli_run("--workspace", str(ws), *args)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def _written(tmp_path: Path, morning: str, afternoon: str, read: str) -> tuple[Path, dict[str, str], list[dict]]:
    """The two sessions read `read` ("apart": 15:00 by a run, 09:00 by the next; "together": one run),
    the ids by session and the links microSync reported."""
    ws = claude_code_workspace(tmp_path)
    reported: list[dict] = []
    if read == "apart":
        _session(tmp_path, "afternoon", AFTERNOON, afternoon)
        _mj(ws, "run", "microsync", "--now", "2026-10-14T16:00:00+07:00")
        _session(tmp_path, "morning", MORNING, morning)   # synced late: read by the next run
        runs = [_mj(ws, "run", "microsync", "--now", "2026-10-14T19:00:00+07:00", "--json")]
    else:
        _session(tmp_path, "morning", MORNING, morning)
        _session(tmp_path, "afternoon", AFTERNOON, afternoon)
        runs = [_mj(ws, "run", "microsync", "--since", "2026-10-14", "--until", "2026-10-15",
                    "--now", "2026-10-15T10:00:00+07:00", "--json")]
    for out in runs:
        details = json.loads(out).get("details") or {}
        reported.extend(details.get("conflicts", []))
    by_session = {f.entry.source.session_id: f.entry for f in all_entries(ws)}
    assert set(by_session) == {"morning", "afternoon"}, sorted(by_session)
    files = [f.entry.source.session_id for f in all_entries(ws)]
    assert files[0] == "afternoon", files   # the case: the 15:00 entry is first in the file
    return ws, {k: e.id for k, e in by_session.items()}, reported


@pytest.mark.parametrize("read", ["apart", "together"])
@pytest.mark.parametrize("lang", sorted(LIMITS))
def test_the_value_said_later_is_the_newer_side_of_a_possible_conflict(tmp_path: Path, lang: str, read: str) -> None:
    ws, ids, reported = _written(tmp_path, *LIMITS[lang], read)
    newer, established = ids["afternoon"], ids["morning"]
    for pc in reported:   # what microSync reported (read together): the 15:00 value disputes the 09:00 one
        assert (pc["new"], pc["old"]) == (newer, established), pc

    listed = json.loads(_mj(ws, "conflicts", "--json"))["conflicts"]
    assert [(c["id"], c["established"]["id"]) for c in listed] == [(newer, established)], listed

    _mj(ws, "run", "weekly", "--now", "2026-10-19T03:00:00+07:00")
    memory = (ws / "MEMORY.md").read_text(encoding="utf-8")
    generated = memory.split("## Decisions", 1)[1]
    assert f"[{established}]" in generated, memory   # the value said first stays
    assert newer not in generated, memory   # held out of MEMORY.md until a person decides
    questions = memory.split("## Open questions", 1)[1].split("\n## ", 1)[0]
    assert questions.index(newer) < questions.index("disputes") < questions.index(established), questions
    log = next((ws / "memory" / "archive").glob("weekly-*.md")).read_text(encoding="utf-8")
    conflicts = log.split("## Possible conflicts", 1)[1].split("\n## ", 1)[0]
    assert f"[{newer}]" in conflicts and f"possible conflict with {established}" in conflicts, log
    listed = json.loads(_mj(ws, "conflicts", "--json"))["conflicts"]
    assert [(c["id"], c["established"]["id"]) for c in listed] == [(newer, established)], listed


# (09:00, 12:00, 15:00): Redis chosen, Memcached instead, back to Redis
@pytest.mark.parametrize("lang", sorted(SAID))
def test_a_day_of_three_sessions_read_last_first_ends_as_said(tmp_path: Path, lang: str) -> None:
    """The 15:00 switch back to Redis read first, the 09:00 choice and the 12:00 switch to Memcached by
    the next run: the weekly leaves what the day said last, as it does read in order."""
    redis, memcached, back = SAID[lang]
    ends = []
    for read in ("together", "apart"):
        base = tmp_path / read
        base.mkdir()
        ws = claude_code_workspace(base)
        if read == "apart":
            _session(base, "c-back", "2026-10-14T08:00:00+00:00", back)
            _mj(ws, "run", "microsync", "--now", "2026-10-14T16:00:00+07:00")
            _session(base, "a-redis", "2026-10-14T02:00:00+00:00", redis)
            _session(base, "b-memcached", "2026-10-14T05:00:00+00:00", memcached)
            _mj(ws, "run", "microsync", "--now", "2026-10-14T19:00:00+07:00")
        else:
            _session(base, "a-redis", "2026-10-14T02:00:00+00:00", redis)
            _session(base, "b-memcached", "2026-10-14T05:00:00+00:00", memcached)
            _session(base, "c-back", "2026-10-14T08:00:00+00:00", back)
            _mj(ws, "run", "microsync", "--since", "2026-10-14", "--until", "2026-10-15",
                "--now", "2026-10-15T10:00:00+07:00")
        _mj(ws, "run", "weekly", "--now", "2026-10-19T03:00:00+07:00")
        by = {f.entry.source.session_id: f.entry for f in all_entries(ws)}
        assert set(by) == {"a-redis", "b-memcached", "c-back"}, sorted(by)
        ends.append({k: e.status for k, e in by.items()})
        assert by["c-back"].status == "active", (read, by)
        assert by["b-memcached"].status == "superseded", (read, by)
        memory = (ws / "MEMORY.md").read_text(encoding="utf-8")
        assert by["c-back"].id in memory and by["b-memcached"].id not in memory, memory
    assert ends[0] == ends[1], ends
