"""Random line-level hand edits (delete, duplicate, swap, insert text) of a MEMORY.md and a daily
file that a real weekly run produced; then weekly runs again. Whatever the edit: no traceback
(only memjobs' own errors), a refused run changes no byte, and a run that succeeds keeps every byte
outside MEMORY.md's generated part, leaves the markers once each, loses no item without
archiving it, and changes nothing in the daily file but status fields."""
from __future__ import annotations

import difflib
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from jobs.demo.build import DemoResult
from memory_store.markdown import parse_document
from memory_store.memory_md import BEGIN, END, parse_memory_md
from memory_store.workspace import init_workspace
from tests.jobs.weekly.test_weekly_support import archived_ids, entry, run_weekly, snapshot, write_entries
from tests.strategies import examples

DAILY = "memory/2026-11-03.md"
INSERTS = [
    BEGIN, END, "## Decisions", "## Pinned", "## Mine", "```", "- a hand-written note", "",
    "  continued line", "- status: done", "- id: RULE-20261103-x-abcdef", "## Rule: typed by hand",
    "- Fake item ([DECISION-20261103-fake-abcdef](memory/2026-11-03.md))", "ไทย 中文 text", "- date: 2026-11-03",
]


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    ws = tmp_path_factory.mktemp("tpl") / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n", encoding="utf-8")
    old = entry("Decision", "2026-11-03", "Use MySQL for the bookings store", "bookings in MySQL")
    es = [old, entry("Rule", "2026-11-03", "Always run the linter before pushing", "lint first"),
          entry("Remember", "2026-11-03", "Staging is reset every Sunday night", "staging reset")]
    es += [entry("Decision", "2026-11-04", f"Use build tool number {i} for images", f"tool {i}") for i in range(3)]
    write_entries(ws, es)
    md = ws / "MEMORY.md"
    md.write_text(md.read_text("utf-8").replace("## Pinned\n", "## Pinned\n- my pinned rule\n"), "utf-8")
    assert run_weekly(ws, "2026-11-10T03:00:00").status == "ok"
    write_entries(ws, [entry("Decision", "2026-11-11", "Use PostgreSQL for the bookings store",
                             "bookings in PostgreSQL", supersedes=old.id)])
    return ws


edit = st.one_of(
    st.tuples(st.just("delete"), st.integers(0, 10_000)),
    st.tuples(st.just("duplicate"), st.integers(0, 10_000)),
    st.tuples(st.just("swap"), st.integers(0, 10_000), st.integers(0, 10_000)),
    st.tuples(st.just("insert"), st.integers(0, 10_000), st.sampled_from(INSERTS)),
    st.tuples(st.just("insert"), st.integers(10_000, 10_000), st.sampled_from(["```sh", "~~~", "```"])),
    st.tuples(st.just("text"), st.integers(0, 10_000), st.text(st.characters(blacklist_categories=("Cs",)),
                                                               max_size=30)),
)


def _apply(text: str, edits: list[tuple]) -> str:  # type: ignore[type-arg]
    lines = text.split("\n")
    for e in edits:
        i = e[1] % (len(lines) + 1)
        if e[0] == "delete" and i < len(lines):
            del lines[i]
        elif e[0] == "duplicate" and i < len(lines):
            lines.insert(i, lines[i])
        elif e[0] == "swap" and lines:
            i, j = e[1] % len(lines), e[2] % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
        elif e[0] in ("insert", "text"):
            lines.insert(i, e[2].replace("\n", " ").replace("\r", " "))
    return "\n".join(lines)


def _only_status_lines_changed(before: str, after: str) -> bool:
    a, b = before.splitlines(), after.splitlines()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal" and not all(ln.startswith(("- status:", "- superseded_by:")) for ln in a[i1:i2] + b[j1:j2]):
            return False
    return True


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(md_edits=st.lists(edit, max_size=4), daily_edits=st.lists(edit, max_size=4))
def test_random_hand_edits_never_lose_an_item_or_change_the_users_bytes(
        template: Path, md_edits: list[tuple], daily_edits: list[tuple]) -> None:  # type: ignore[type-arg]
    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp) / "ws"
        shutil.copytree(template, ws)
        md_path, daily_path = ws / "MEMORY.md", ws / DAILY
        md_before = _apply(md_path.read_text("utf-8"), md_edits)
        daily_before = _apply(daily_path.read_text("utf-8"), daily_edits)
        md_path.write_text(md_before, "utf-8")
        daily_path.write_text(daily_before, "utf-8")
        parsed = parse_memory_md(md_before)
        ids_before = {it.id for it in parsed.items} if not parsed.problems else set()
        files_before = snapshot(ws)

        report = run_weekly(ws, "2026-11-17T03:00:00")   # a bug (not a MemjobsError) raises here
        event(f"weekly {report.status}")

        if report.status == "failed":
            assert report.errors and all(e["path"] for e in report.errors), report.errors
            assert snapshot(ws) == files_before
            return
        assert not parsed.problems, "weekly rewrote a MEMORY.md it reported problems in"
        md_after = md_path.read_text("utf-8")
        after = parse_memory_md(md_after)
        assert not after.problems
        added = 0 if parsed.has_markers else 1   # markers in code fences are the user's text
        assert md_after.count(BEGIN) == md_before.count(BEGIN) + added
        assert md_after.count(END) == md_before.count(END) + added
        if parsed.has_markers:
            assert (after.head, after.tail) == (parsed.head, parsed.tail)
        else:
            assert md_after.startswith(md_before)
        assert ids_before <= {it.id for it in after.items} | archived_ids(ws)
        assert _only_status_lines_changed(daily_before, daily_path.read_text("utf-8"))


@pytest.fixture(scope="module")
def synced(demo_first_slot: DemoResult) -> Path:
    """A demo workspace after the first microSync of the first day (that day's later runs append):
    conftest's session build, which the test copies."""
    return demo_first_slot.workspace


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(daily_edits=st.lists(edit, min_size=1, max_size=4), crlf=st.booleans(), cut=st.integers(0, 200))
def test_microsync_after_random_edits_of_a_daily_file_only_appends(
        synced: Path, daily_edits: list[tuple], crlf: bool, cut: int) -> None:  # type: ignore[type-arg]
    """The first day's file edited at random (and maybe cut short, as a half-written flush
    leaves it); the day's later runs only append whole entries to it, and a weekly over the week
    changes none of its bytes but status fields."""
    from datetime import datetime

    from jobs.dispatch import registry
    from memory_store.config import load_config
    from tests.microsync_helpers import KEY

    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp) / "ws"
        shutil.copytree(synced, ws)
        cfg = load_config(ws, env={})
        daily = ws / "memory" / f"{KEY['days'][0]}.md"
        text = _apply(daily.read_text("utf-8"), daily_edits)
        text = text[: max(0, len(text) - cut)]
        damaged = (text.replace("\n", "\r\n") if crlf else text).encode("utf-8")
        daily.write_bytes(damaged)
        added = 0
        for hhmm in ("16:00", "19:00"):
            now = datetime.fromisoformat(f"{KEY['days'][0]}T{hhmm}:00+07:00")
            report = registry.run(cfg, "microsync", now=now)
            assert report.status in ("ok", "nothing"), report.errors
            added += report.added
        after = daily.read_bytes()
        assert after.startswith(damaged)
        appended = len(parse_document(after.decode("utf-8")).blocks) - len(parse_document(text).blocks)
        event(f"appended {appended} of {added}")
        assert appended == added   # each appended entry is read back as an entry
        report = registry.run(cfg, "weekly", now=datetime.fromisoformat("2026-11-23T03:00:00+07:00"))
        event(f"weekly {report.status}")
        if report.status == "failed":
            assert report.errors and all(e["path"] for e in report.errors), report.errors
        assert _only_status_lines_changed(after.decode("utf-8"), daily.read_text("utf-8"))
