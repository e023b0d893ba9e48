"""`memjobs validate`: exactly one `path:line: message` per problem, exit 3; clean → exit 0."""

from __future__ import annotations

import json
from pathlib import Path

from memory_store.entries import BlockEntry, Source
from memory_store.markdown_write import serialize_entry
from memory_store.validate import validate_text
from tests.conftest import cli_run


def _good(title: str, suffix: str, transcript: Path) -> BlockEntry:
    return BlockEntry(
        kind="Decision",
        title=title,
        id=f"DECISION-20261006-{suffix}",
        date="2026-10-06",
        source=Source("s1", str(transcript), "L1-L2"),
        conclusion=title,
        confidence=0.9,
    )


def test_five_planted_errors_five_lines_exit_3(workspace: Path):
    transcript = workspace.parent / "t.jsonl"
    transcript.write_text("{}\n")
    good = serialize_entry(_good("Use Postgres", "use-postgres-aaaaaa", transcript))
    bad = (
        good
        + "\n"
        + serialize_entry(_good("Use Redis", "use-redis-bbbbbb", transcript)).replace(
            "- status: active", "- status: maybe"
        )  # 1
        + "\n"
        + serialize_entry(_good("Use Kafka", "use-kafka-cccccc", transcript)).replace("0.90", "1.70")  # 2
        + "\n"
        + serialize_entry(_good("Dup", "use-postgres-aaaaaa", transcript))  # 3 duplicate id
        + "\n"
        + serialize_entry(_good("Wrong kind", "x-dddddd", transcript)).replace("## Decision:", "## Rule:")  # 4
        + "\nSee [the plan](projects/missing-plan.md) for details.\n"  # 5 broken workspace link
    )
    (workspace / "memory" / "2026-10-06.md").write_text("# 2026-10-06\n\n" + bad, encoding="utf-8")
    p = cli_run("--workspace", str(workspace), "validate")
    lines = [ln for ln in p.stdout.splitlines() if ln.strip()]
    assert p.returncode == 3, p.stdout + p.stderr
    assert len(lines) == 5, lines
    assert all(ln.startswith("memory/2026-10-06.md:") for ln in lines)
    joined = "\n".join(lines)
    for needle in (
        "bad status 'maybe'",
        "confidence 1.70 is outside 0..1",
        "duplicate id",
        "does not match the heading kind",
        "link does not resolve: projects/missing-plan.md",
    ):
        assert needle in joined
    j = cli_run("--workspace", str(workspace), "validate", "--json")
    data = json.loads(j.stdout)
    assert j.returncode == 3 and data["errors"] == 5


def test_clean_workspace_exits_0_and_missing_transcript_is_a_warning(workspace: Path):
    e = _good("Use Postgres", "use-postgres-aaaaaa", workspace / "gone.jsonl")
    (workspace / "memory" / "2026-10-06.md").write_text(serialize_entry(e), encoding="utf-8")
    p = cli_run("--workspace", str(workspace), "validate")
    assert p.returncode == 0, p.stdout
    assert "warning: transcript not found" in p.stdout


def test_a_transcript_openclaw_renamed_on_reset_is_not_missing(workspace: Path):
    """Pins: OpenClaw's `/reset` renames the live session file to `<id>.jsonl.reset.<time>`; memjobs
    reads it as the same session, but validate warned "transcript not found" for every entry from
    it. The renamed file counts; a file that is gone, or a look-alike name, still warns."""
    sessions = workspace.parent / "sessions"
    sessions.mkdir()
    kept = sessions / "aaaa1111-0000-0000-0000-000000000001.jsonl"
    gone = sessions / "bbbb2222-0000-0000-0000-000000000002.jsonl"
    (sessions / (kept.name + ".reset.2026-11-25T17-31-00.000Z")).write_text("{}\n", encoding="utf-8")
    (sessions / (gone.name + ".bak-1")).write_text("{}\n", encoding="utf-8")
    text = serialize_entry(_good("Use Postgres", "use-postgres-aaaaaa", kept)) + "\n" + \
        serialize_entry(_good("Use Redis", "use-redis-bbbbbb", gone))
    (workspace / "memory" / "2026-10-06.md").write_text(text, encoding="utf-8")
    p = cli_run("--workspace", str(workspace), "validate")
    assert p.returncode == 0, p.stdout
    warned = [ln for ln in p.stdout.splitlines() if "transcript not found" in ln]
    assert len(warned) == 1 and gone.name in warned[0] and kept.name not in p.stdout, p.stdout


def test_line_entries_and_lenient_reading():
    text = (
        "# PROFILE\n\n## Preferences\n"
        "- key:response.tone | value:กระชับ | priority:70 | ttl:8h | source:user_explicit"
        " | updated_at:2026-11-22T04:00:00Z\r\n"
        "- key:response.lang | value:中文 | priority:170 | ttl:8 hours | source:someone | updated_at:yesterday\n"
    )
    problems = validate_text(text, "PROFILE.md")
    msgs = [p.format() for p in problems]
    assert msgs == [
        "PROFILE.md:4: warning: line entry has no ref (where it came from, e.g. manual:cli)",
        "PROFILE.md:5: bad ttl '8 hours' (none, session_end, 30m/8h/7d, or an ISO time)",
        "PROFILE.md:5: bad updated_at 'yesterday' (expected an ISO time)",
        "PROFILE.md:5: priority 170 is outside 0..100",
        "PROFILE.md:5: unknown source 'someone' (one of user_explicit, user_inferred, system, admin)",
    ]


def test_missing_fields_bad_id_bad_date():
    text = (
        "## Remember: จำไว้ว่า ห้าม deploy วันศุกร์\n- id: REMEMBER-2026-bad\n- date: 2026-13-40\n"
        "- source:\n  - session_id: x\n  - session_path:\n- confidence:\n- status: active\n"
    )
    msgs = [p.format() for p in validate_text(text, "memory/2026-10-06.md")]
    assert "memory/2026-10-06.md:1: Remember entry is missing the field 'why'" in msgs
    assert any("malformed id 'REMEMBER-2026-bad'" in m for m in msgs)
    assert any("bad date '2026-13-40'" in m for m in msgs)
    assert "memory/2026-10-06.md:7: 'confidence' must have a value" in msgs
    assert any(":4: source is missing 'message_range'" in m for m in msgs)
    assert any(":6: source 'session_path' must have a value" in m for m in msgs)


def test_a_core_file_line_that_is_not_an_entry_is_reported_and_kept(workspace: Path):
    """A hand-written `- response.length: short` looks like a preference, yet nothing reads it:
    validate (and doctor, which shares its checks) says so as `path:line: message`; the line stays
    through a write of the file. Comments, code fences and `- key:` lines are not reported."""
    profile = workspace / "PROFILE.md"
    profile.write_text(profile.read_text(encoding="utf-8") + "- response.length: short\n"
                       "<!-- my notes\n- not: this\n-->\n```\n- nor: this\n```\n* call me on weekends\n",
                       encoding="utf-8")
    (workspace / "SESSION.md").write_text("# SESSION\n\n## Context\n1. goal = ship the beta\n", encoding="utf-8")
    n = profile.read_text(encoding="utf-8").splitlines().index("- response.length: short") + 1
    p = cli_run("--workspace", str(workspace), "validate")
    assert p.returncode == 3, p.stdout
    assert (f"PROFILE.md:{n}: not an entry, so memjobs does not read it (kept as written): write it as "
            "`- key:response.length | value:short`") in p.stdout
    assert "SESSION.md:4: not an entry" in p.stdout and "key:goal | value:ship the beta" in p.stdout
    assert f"PROFILE.md:{n + 7}: warning: a list item that is not an entry" in p.stdout
    assert "not: this" not in p.stdout and "nor: this" not in p.stdout and p.stdout.count("not an entry") == 3
    d = cli_run("--workspace", str(workspace), "doctor", "--no-llm")
    assert f"PROFILE.md:{n}: not an entry" in d.stdout
    w = cli_run("--workspace", str(workspace), "mem", "set", "response.tone", "warm")
    assert w.returncode == 0, w.stderr
    assert "- response.length: short\n" in profile.read_text(encoding="utf-8")


def test_a_stray_core_line_holding_a_secret_is_reported_without_it():
    text = "# PROFILE\n\n## Preferences\n- db.password: hunter2abc\n- api: sk-proj-abcdefghijklmnopqrstuvwxyz012345\n"
    msgs = [p.format() for p in validate_text(text, "PROFILE.md")]
    assert msgs == ["PROFILE.md:4: not an entry, so memjobs does not read it (kept as written): write it as "
                    "`- key:db.password | value:<value>`",
                    "PROFILE.md:5: not an entry, so memjobs does not read it (kept as written): write it as "
                    "`- key:api | value:<value>`"]


def test_an_unclosed_comment_in_a_daily_log_or_memory_md_is_named(workspace: Path):
    """A stray `<!--` with no `-->` comments out nothing in any file (docs/design.md §4); validate names its
    line in a daily log and in MEMORY.md too, as it did only in the core files."""
    daily = workspace / "memory" / "2026-11-20.md"
    daily.write_text("# 2026-11-20\n\n<!-- a note I never closed\n", encoding="utf-8")
    p = cli_run("--workspace", str(workspace), "validate", "--json")
    found = [x for x in json.loads(p.stdout)["problems"] if x["path"] == "memory/2026-11-20.md"]
    assert [(x["line"], x["severity"]) for x in found] == [(3, "warning")], p.stdout
    assert "never closed" in found[0]["message"] and p.returncode == 0
