"""People edit memjobs' files by hand, and other programs write into them. The real jobs run on
damaged workspaces and must do what a user expects: rewrite only what is memjobs', or refuse with
`path:line: message` and write nothing; never lose an item, change the user's text, duplicate the
markers, or fail with a traceback."""
from __future__ import annotations

import difflib
import json
import re
import shutil
from collections.abc import Callable, Iterator
from datetime import date, datetime, time
from pathlib import Path

import pytest

from jobs.demo.build import DemoResult
from jobs.dispatch import registry
from memory_store.check import validate_paths
from memory_store.markdown import parse_document
from memory_store.markdown_write import serialize_entry
from memory_store.memory_md import BEGIN, END, parse_memory_md
from tests.conftest import _read_only, built_once, cli_run, copy_built
from tests.jobs.weekly.test_weekly_support import (
    archived_ids,
    entry,
    load_cfg,
    memory_ids,
    run_weekly,
    snapshot,
    write_entries,
)
from tests.microsync_helpers import KEY, demo_workspace, replayed_copy

WEEK1_NOW = "2026-11-10T03:00:00"   # compounds 2026-11-02 .. 2026-11-08
WEEK2_NOW = "2026-11-17T03:00:00"   # compounds 2026-11-09 .. 2026-11-15
PINNED_NOTE = "- Always answer in English. ห้ามลบ 这一行\n"


def _build_compounded(folder: Path) -> list[str]:
    """A workspace (as conftest's `workspace`) whose MEMORY.md has generated items from a real weekly
    run, a note of the user's in Pinned, and a new entry waiting for the next week. Returns the
    items' ids."""
    from memory_store.workspace import init_workspace

    workspace = folder / "ws"
    init_workspace(workspace)
    (workspace / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n", encoding="utf-8")
    # Three decisions on three subjects (not one decision given three values: "use build tool
    # number 1" after "number 0" is a possible conflict, and its newer side is held out).
    es = [entry("Decision", "2026-11-03", title, detail) for title, detail in (
        ("Build the container images with Bazel", "bazel chosen"),
        ("Sign every release tag with the team GPG key", "signing agreed"),
        ("Keep the changelog in docs/CHANGES.md", "changelog location agreed"))]
    es.append(entry("Rule", "2026-11-04", "Always run the linter before pushing", "lint first"))
    write_entries(workspace, es)
    md = workspace / "MEMORY.md"
    md.write_text(md.read_text("utf-8").replace("## Pinned\n", "## Pinned\n" + PINNED_NOTE, 1), "utf-8")
    assert run_weekly(workspace, WEEK1_NOW).status == "ok"
    ids = memory_ids(workspace)
    assert len(ids) == 4
    write_entries(workspace, [entry("Decision", "2026-11-11", "Adopt the job queue for uploads", "queue adopted")])
    return sorted(ids)


@pytest.fixture(scope="session")
def compounded_template(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, set[str]]]:
    """`_build_compounded` once per session (conftest.built_once), read only: each test copies it."""
    folder, ids = built_once(tmp_path_factory, "weekly-compounded", _build_compounded)
    with _read_only(folder):
        yield folder / "ws", set(ids)


@pytest.fixture
def compounded(workspace: Path, compounded_template: tuple[Path, set[str]]) -> set[str]:
    """`workspace` replaced by a copy of the compounded workspace (one weekly run shared by every test
    here, not one each); the ids of its generated items."""
    template, ids = compounded_template
    shutil.rmtree(workspace)
    copy_built(template, workspace)
    return ids


def _split(text: str) -> tuple[str, str]:
    """The user's bytes: before the begin marker line and after the end marker line."""
    md = parse_memory_md(text)
    assert md.has_markers and not md.problems, md.problems
    return md.head, md.tail


def _line_of(text: str, needle: str) -> int:
    return next(i for i, ln in enumerate(text.split("\n"), start=1) if needle in ln)


# ---- MEMORY.md: damage that weekly must refuse ------------------------------------------------

def _drop_begin(t: str) -> str:
    return t.replace(BEGIN + "\n", "")


def _drop_end(t: str) -> str:
    return t.replace(END + "\n", "")


def _twice(t: str) -> str:
    return t + "\n" + t[t.index(BEGIN):]


def _swapped(t: str) -> str:
    return t.replace(BEGIN, "\0").replace(END, BEGIN).replace("\0", END)


def _hand_line(t: str) -> str:
    return t.replace("## Decisions\n", "## Decisions\n- my own note, not an item\n")


def _hand_paragraph(t: str) -> str:
    return t.replace("## Remember\n", "## Remember\nA paragraph I typed here.\n")


REFUSED: dict[str, tuple[Callable[[str], str], str]] = {
    # name: (damage, text on the line the message must name)
    "begin marker missing": (_drop_begin, END),
    "end marker missing": (_drop_end, BEGIN),
    "markers twice": (_twice, "\0second"),
    "markers in the wrong order": (_swapped, END),
    "hand-written item line in the generated part": (_hand_line, "my own note"),
    "hand-written paragraph in the generated part": (_hand_paragraph, "A paragraph I typed"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_weekly_refuses_a_memory_md_it_cannot_rewrite_safely_and_writes_nothing(workspace: Path, compounded: set[str],
                                                                               case: str):
    damage, needle = REFUSED[case]
    md = workspace / "MEMORY.md"
    text = damage(md.read_text("utf-8"))
    md.write_text(text, "utf-8")
    if needle == "\0second":
        needle_line = [i for i, ln in enumerate(text.split("\n"), start=1) if ln == BEGIN][1]
    else:
        needle_line = _line_of(text, needle)
    before = snapshot(workspace)
    report = run_weekly(workspace, WEEK2_NOW)
    assert report.status == "failed"
    [err] = report.errors
    assert (err["path"], err["line"]) == ("MEMORY.md", needle_line), err
    assert snapshot(workspace) == before
    problems = [p for p in validate_paths(workspace, [md]) if p.severity == "error"]
    assert [(p.path, p.line) for p in problems] == [("MEMORY.md", needle_line)]


def test_a_refusal_through_the_cli_is_one_line_naming_memory_md_and_exit_1(workspace: Path, compounded: set[str]):
    md = workspace / "MEMORY.md"
    text = _drop_end(md.read_text("utf-8"))
    md.write_text(text, "utf-8")
    before = snapshot(workspace)
    proc = cli_run("--workspace", str(workspace), "run", "weekly", "--now", WEEK2_NOW + "+07:00", "--json")
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr
    out = json.loads(proc.stdout)
    assert out["status"] == "failed"
    assert out["errors"][0]["path"] == "MEMORY.md" and out["errors"][0]["line"] == _line_of(text, BEGIN)
    assert snapshot(workspace) == before
    val = cli_run("--workspace", str(workspace), "validate", str(md))
    assert val.returncode == 3 and "Traceback" not in val.stderr
    assert f"MEMORY.md:{_line_of(text, BEGIN)}: " in val.stdout + val.stderr


# ---- MEMORY.md: damage that weekly rewrites, keeping every byte of the user's ------------------

def _fenced_example(t: str) -> str:
    return t.replace("## Pinned\n", f"## Pinned\n\n```md\n{BEGIN}\n- an example\n{END}\n```\n", 1)


def _renamed(t: str) -> str:
    return t.replace("## Decisions\n", "## What we decided\n").replace("## Rules & constraints\n", "## Rules\n")


def _reordered(t: str) -> str:
    body = t[t.index(BEGIN) + len(BEGIN) + 1:t.index(END)]
    parts = re.split(r"(?m)^(?=## )", body)
    return t.replace(body, "".join(reversed([p if p.endswith("\n\n") else p + "\n" for p in parts if p])))


def _headings_deleted(t: str) -> str:
    return re.sub(r"(?m)^## (Rules & constraints|Decisions|Architecture|Remember|Procedures)\n", "", t)


def _no_trailing_newline(t: str) -> str:
    return t + "Last line of mine, without a newline"


def _long_pinned(t: str) -> str:
    long_item = "- " + " ".join(["a very long hand-written pinned item"] * 100) + "\n"
    return t.replace("## Pinned\n", "## Pinned\n" + long_item * 4, 1)


REWRITTEN: dict[str, Callable[[str], str]] = {
    "marker inside a code fence": _fenced_example,
    "section headings renamed": _renamed,
    "section headings reordered": _reordered,
    "section headings deleted": _headings_deleted,
    "CRLF line endings": lambda t: t.replace("\n", "\r\n"),
    "BOM": lambda t: "\ufeff" + t,
    "no trailing newline": _no_trailing_newline,
    "end marker is the last line without newline": lambda t: t[: t.index(END) + len(END)],
    "Pinned section missing": lambda t: t.replace("## Pinned\n", "").replace(PINNED_NOTE, ""),
    "very long hand-written items": _long_pinned,
    "blank lines and trailing spaces in the generated part": lambda t: t.replace("## Decisions\n",
                                                                                  "## Decisions  \n\n\n"),
}


@pytest.mark.parametrize("case", sorted(REWRITTEN))
def test_weekly_rewrites_only_the_generated_part_of_a_hand_edited_memory_md(workspace: Path, compounded: set[str],
                                                                            case: str):
    ids = compounded
    md = workspace / "MEMORY.md"
    text = REWRITTEN[case](md.read_text("utf-8"))
    md.write_bytes(text.encode("utf-8"))
    head, tail = _split(text)
    report = run_weekly(workspace, WEEK2_NOW)
    # Pinned text over the character budget: the generated part keeps its floor and the run warns
    # (jobs/weekly/budget.py `room`); it used to demote every item, which brings no file under budget.
    long_pinned = case == "very long hand-written items"
    assert report.status == ("degraded" if long_pinned else "ok") and not report.errors, report.errors
    after = md.read_bytes().decode("utf-8")
    assert _split(after) == (head, tail)
    assert after.count(BEGIN) == text.count(BEGIN) and after.count(END) == text.count(END)
    assert ids <= memory_ids(workspace) | archived_ids(workspace)
    if case == "CRLF line endings":
        assert "\n" not in after.replace("\r\n", "")
    assert ids <= memory_ids(workspace)
    assert run_weekly(workspace, WEEK2_NOW).status in ("ok", "nothing", "degraded")
    assert md.read_bytes().decode("utf-8") == after   # a re-run changes no byte


def test_a_memory_md_without_markers_gets_a_generated_part_appended_after_the_users_text(workspace: Path):
    md = workspace / "MEMORY.md"
    mine = "# My memory\r\n\r\nWritten by me, no markers."
    md.write_bytes(mine.encode())
    write_entries(workspace, [entry("Rule", "2026-11-04", "Always run the linter before pushing", "lint first")])
    assert run_weekly(workspace, WEEK1_NOW).status == "ok"
    after = md.read_bytes().decode()
    assert after.startswith(mine) and after.count(BEGIN) == after.count(END) == 1
    assert len(memory_ids(workspace)) == 1


@pytest.mark.parametrize("how", ["deleted", "emptied"])
def test_a_deleted_or_emptied_memory_md_is_written_afresh(workspace: Path, compounded: set[str], how: str):
    md = workspace / "MEMORY.md"
    if how == "deleted":
        md.unlink()
    else:
        md.write_text("", "utf-8")
    assert run_weekly(workspace, WEEK2_NOW).status == "ok"
    after = md.read_text("utf-8")
    assert after.startswith("# MEMORY\n") and after.count(BEGIN) == after.count(END) == 1
    assert any(i.startswith("DECISION-20261111-") for i in memory_ids(workspace))


def test_items_under_a_renamed_heading_are_not_lost_and_validate_warns(workspace: Path, compounded: set[str]):
    ids = compounded
    md = workspace / "MEMORY.md"
    text = md.read_text("utf-8").replace("## Decisions\n", "## Our decisions\n")
    md.write_text(text, "utf-8")
    problems = validate_paths(workspace, [md])
    assert [(p.line, p.severity) for p in problems if "Our decisions" in p.message] == [
        (_line_of(text, "## Our decisions"), "warning")]
    assert run_weekly(workspace, WEEK2_NOW).status == "ok"
    after = md.read_text("utf-8")
    assert ids <= memory_ids(workspace) and "## Our decisions" not in after and "## Decisions\n" in after


# ---- daily files: weekly's status fields and validate -------------------------------------------

OLD = entry("Decision", "2026-11-03", "Use MySQL for the bookings store", "bookings in MySQL")
NEW = entry("Decision", "2026-11-04", "Use PostgreSQL for the bookings store", "bookings in PostgreSQL",
            supersedes=OLD.id)
RULE = entry("Rule", "2026-11-03", "Always run the linter before pushing", "lint first")
HALF = ("## Decision: Half written by another program\n- id: DECISION-20261103-half-written-abcdef\n"
        "- date: 2026-11-03\n- sou")


def _rule_block() -> str:
    return serialize_entry(RULE)


DAILY_DAMAGE: dict[str, tuple[Callable[[str], str], str | None]] = {
    # name: (damage, text on the line that must be reported; None: nothing to report)
    "id line missing": (lambda t: t.replace(f"- id: {RULE.id}\n", ""), "## Rule: Always run"),
    "malformed id": (lambda t: t.replace(f"- id: {RULE.id}", "- id: rule-lint-first"), "rule-lint-first"),
    "status set by hand to something invalid": (
        lambda t: t.replace(_rule_block(), _rule_block().replace("- status: active", "- status: done")),
        "- status: done"),
    "date written by hand": (
        lambda t: t.replace(_rule_block(), _rule_block().replace("- date: 2026-11-03", "- date: 3 Nov")),
        "- date: 3 Nov"),
    "truncated last entry": (lambda t: t + "\n" + HALF, "Half written"),
    "same id twice": (lambda t: t + "\n" + _rule_block().replace("before pushing\n", "before pushing (copy)\n", 1),
                      "(copy)"),
    "hand-written paragraph between entries": (
        lambda t: t.replace("## Rule:", "A paragraph of mine.\nSecond line.\n\n## Rule:"), None),
    "heading-looking lines inside a fence": (
        lambda t: t + "\n```md\n## Decision: an example\n- id: DECISION-20261103-example-abcdef\n```\n", None),
    "fields reordered and extended": (
        lambda t: t.replace(serialize_entry(OLD), serialize_entry(OLD).replace(
            "- confidence: 0.90\n- status: active\n", "- status: active\n- owner: me\n- confidence: 0.90\n")),
        None),
    "CRLF line endings": (lambda t: t.replace("\n", "\r\n"), None),
}


@pytest.mark.parametrize("case", sorted(DAILY_DAMAGE))
def test_weekly_marks_superseded_entries_and_leaves_broken_ones_byte_identical(workspace: Path, case: str):
    write_entries(workspace, [OLD, RULE, NEW])
    damage, needle = DAILY_DAMAGE[case]
    daily = workspace / "memory" / "2026-11-03.md"
    text = damage(daily.read_text("utf-8"))
    daily.write_bytes(text.encode("utf-8"))
    report = run_weekly(workspace, WEEK1_NOW)
    assert report.status == "ok", report.errors
    after = daily.read_bytes().decode("utf-8")
    # Only the status fields of the superseded entry changed; every other line is as it was.
    old_lines, new_lines = text.splitlines(keepends=True), after.splitlines(keepends=True)
    changed = [ln for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old_lines, new_lines).get_opcodes()
               if tag != "equal" for ln in old_lines[i1:i2] + new_lines[j1:j2]]
    eol = "\r\n" if case == "CRLF line endings" else "\n"
    assert sorted(changed) == sorted([f"- status: active{eol}", f"- status: superseded{eol}",
                                      f"- superseded_by: {NEW.id}{eol}"])
    old_after = parse_document(after).find(OLD.id)
    assert old_after is not None and old_after.get("superseded_by") == NEW.id
    if case == "fields reordered and extended":
        assert old_after.get("owner") == "me"
    errors = [(e["path"], e["line"]) for e in report.errors]
    problems = [(p.path, p.line) for p in validate_paths(workspace, [daily]) if p.severity == "error"]
    if needle is None:
        assert errors == [] and problems == []
    else:
        assert ("memory/2026-11-03.md", _line_of(after, needle)) in problems
        if case != "same id twice":   # a duplicate still converts: weekly uses one, validate reports it
            assert ("memory/2026-11-03.md", _line_of(text, needle)) in errors   # as read, before its write
            broken = "DECISION-20261103-half-written-abcdef" if case == "truncated last entry" else RULE.id
            assert broken not in memory_ids(workspace)


def test_validate_cli_reports_broken_daily_entries_with_path_and_line(workspace: Path):
    write_entries(workspace, [OLD, RULE])
    daily = workspace / "memory" / "2026-11-03.md"
    text = daily.read_text("utf-8").replace(f"- id: {RULE.id}\n", "") + "\n" + HALF
    daily.write_text(text, "utf-8")
    proc = cli_run("--workspace", str(workspace), "validate", "--json")
    assert proc.returncode == 3 and "Traceback" not in proc.stderr
    lines = {(p["path"], p["line"]) for p in json.loads(proc.stdout)["problems"] if p["severity"] == "error"}
    assert ("memory/2026-11-03.md", _line_of(text, "## Rule: Always run")) in lines
    assert ("memory/2026-11-03.md", _line_of(text, "Half written")) in lines


# ---- daily files: microSync appends after what people and other programs wrote ------------------

def _slot(cfg, day: str, hhmm: str) -> datetime:  # type: ignore[no-untyped-def]
    return datetime.combine(date.fromisoformat(day), time.fromisoformat(hhmm), cfg.tz)


MICROSYNC_DAMAGE: dict[str, Callable[[str], str]] = {
    "truncated last entry": lambda t: t + "\n" + HALF,
    "CRLF line endings": lambda t: t.replace("\n", "\r\n"),
    "hand-written paragraph and no trailing newline": lambda t: t + "\nMy notes on today, unfinished",
    "status set by hand to something invalid": lambda t: t.replace("- status: active", "- status: wip", 1),
    "id line deleted": lambda t: re.sub(r"(?m)^- id: .*\n", "", t, count=1),
    "code block left open by a half-written flush": lambda t: t + "\n```sh\nmake deploy",
}


@pytest.mark.parametrize("case", sorted(MICROSYNC_DAMAGE))
def test_microsync_appends_after_a_damaged_daily_file_and_changes_none_of_its_bytes(tmp_path: Path, case: str,
                                                                                    demo_first_slot: DemoResult):
    cfg = replayed_copy(demo_first_slot.workspace, tmp_path / "ws")   # conftest: after the first day's 10:00 run
    day = KEY["days"][0]
    assert demo_first_slot.reports[0].added >= 1
    daily = cfg.workspace / "memory" / f"{day}.md"
    damaged = MICROSYNC_DAMAGE[case](daily.read_text("utf-8")).encode("utf-8")
    daily.write_bytes(damaged)
    added = 0
    for hhmm in ("16:00", "19:00"):
        report = registry.run(cfg, "microsync", now=_slot(cfg, day, hhmm))
        assert report.status in ("ok", "nothing"), report.errors
        added += report.added
    assert added >= 1
    after = daily.read_bytes()
    assert after.startswith(damaged)
    appended = after[len(damaged):].decode("utf-8")
    blocks = parse_document(after.decode("utf-8")).blocks
    assert len(blocks) - len(parse_document(damaged.decode("utf-8")).blocks) == added
    assert all(b.text in after.decode("utf-8") for b in blocks[-added:])
    if case == "CRLF line endings":
        assert "\n" not in appended.replace("\r\n", "")
    assert registry.run(cfg, "microsync", now=_slot(cfg, day, "22:00")).status in ("ok", "nothing")
    assert daily.read_bytes() == after


# ---- archive, weekly log and wrap-up edited by hand ---------------------------------------------

def test_hand_edited_archive_and_weekly_log_are_kept_and_only_added_to(workspace: Path):
    es = [entry("Decision", "2026-11-03", "Use MySQL for the bookings store", "bookings in MySQL")]
    write_entries(workspace, es)
    assert run_weekly(workspace, WEEK1_NOW).status == "ok"
    log = workspace / "memory" / "archive" / "weekly-2026-45.md"
    archive = workspace / "memory" / "archive" / "2026-11.md"
    log_text = log.read_text("utf-8").replace("## Promoted\n", "## Promoted\n\nA note I wrote.\n") + "My footer\n"
    log.write_text(log_text, "utf-8")
    arch_text = "# Archive 2026-11\n\nMy own heading and notes.\n- a hand-written bullet\n"
    archive.write_text(arch_text, "utf-8")
    later = entry("Decision", "2026-11-11", "Use PostgreSQL for the bookings store", "bookings in PostgreSQL",
                  supersedes=es[0].id)
    write_entries(workspace, [later])
    assert run_weekly(workspace, WEEK2_NOW).status == "ok"
    arch_after = archive.read_text("utf-8")
    assert arch_after.startswith(arch_text) and es[0].id in arch_after
    assert "A note I wrote." in log.read_text("utf-8") and "My footer" in log.read_text("utf-8")
    assert es[0].id in archived_ids(workspace)
    problems = [p for p in validate_paths(workspace, [archive]) if p.severity == "error"]
    assert [(p.line, "not an archive line" in p.message) for p in problems] == [(_line_of(arch_text, "hand-written"),
                                                                                 True)]


@pytest.fixture(scope="session")
def wrapped_up(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo transcripts' workspace after the first day's wrap-up (daily), built once per session
    (conftest.built_once); the tests copy it."""
    def build(folder: Path) -> str:
        cfg, _ = demo_workspace(folder)
        day = KEY["days"][0]
        report = registry.run(cfg, "daily", now=_slot(cfg, KEY["days"][1], "00:30"), options=_day_options(day))
        assert report.status == "ok", report.errors
        return report.status

    return built_once(tmp_path_factory, "first-wrapup", build)[0] / "ws"


def _wrapup_workspace(tmp_path: Path, wrapped_up: Path) -> tuple[object, Path, str]:
    cfg = replayed_copy(wrapped_up, tmp_path / "ws")
    day = KEY["days"][0]
    return cfg, cfg.workspace / "second-brain" / "summaries" / f"{day}-wrapup.md", day


def _day_options(day: str):  # type: ignore[no-untyped-def]
    from jobs.run.runner import RunOptions

    return RunOptions(day=date.fromisoformat(day))


def test_daily_keeps_a_wrapup_a_person_edited_and_says_so(tmp_path: Path, wrapped_up: Path):
    cfg, wrapup, day = _wrapup_workspace(tmp_path, wrapped_up)
    edited = wrapup.read_text("utf-8").replace("## Open loops\n", "## Open loops\n\n- Call Somchai (mine)\n")
    wrapup.write_text(edited, "utf-8")
    report = registry.run(cfg, "daily", now=_slot(cfg, KEY["days"][1], "00:30"), options=_day_options(day))
    assert report.status in ("ok", "nothing"), report.errors
    assert wrapup.read_text("utf-8") == edited
    assert any("edited by hand" in n and wrapup.name in n for n in report.notes)
    # Deleting it asks for a fresh one.
    wrapup.unlink()
    assert registry.run(cfg, "daily", now=_slot(cfg, KEY["days"][1], "00:30"),
                        options=_day_options(day)).status == "ok"
    assert "Call Somchai" not in wrapup.read_text("utf-8")


def test_daily_rewrites_its_own_unedited_wrapup(tmp_path: Path, wrapped_up: Path):
    cfg, wrapup, day = _wrapup_workspace(tmp_path, wrapped_up)
    first = wrapup.read_bytes()
    report = registry.run(cfg, "daily", now=_slot(cfg, KEY["days"][1], "00:30"), options=_day_options(day))
    assert report.status in ("ok", "nothing") and wrapup.read_bytes() == first
    assert not any("edited by hand" in n for n in report.notes)


def test_weekly_with_damage_everywhere_never_tracebacks_through_the_cli(workspace: Path, compounded: set[str]):
    ids = compounded
    daily = workspace / "memory" / "2026-11-03.md"
    daily.write_text(daily.read_text("utf-8").replace("- status: active", "- status: ???", 1) + HALF, "utf-8")
    (workspace / "memory" / "archive" / "2026-11.md").write_text("garbage \x00 line\n", "utf-8")
    cfg = load_cfg(workspace)
    proc = cli_run("--workspace", str(cfg.workspace), "run", "weekly", "--now", WEEK2_NOW + "+07:00", "--json")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    out = json.loads(proc.stdout)
    assert {e["path"] for e in out["errors"]} == {"memory/2026-11-03.md"}
    assert all(isinstance(e["line"], int) for e in out["errors"])
    assert ids <= memory_ids(workspace) | archived_ids(workspace)
