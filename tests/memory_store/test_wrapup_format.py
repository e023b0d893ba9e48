"""The wrap-up format: the validator (title, six headings in order, no empty section, cited
bullets, volumes), `memjobs validate` dispatching to it, and rendering into volumes."""
from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from jobs.daily.model import Evidence, Item, LogEntry, WrapUp
from jobs.daily.render import render, transcript_target
from memory_store.check import validate_paths
from memory_store.errors import WriterRefused
from memory_store.validate import validate_text
from memory_store.workspace import init_workspace
from memory_store.wrapup_format import SECTIONS, validate_wrapup
from memory_store.writers import writer_for

REL = "second-brain/summaries/2026-11-20-wrapup.md"


def doc(names: tuple[str, ...] | list[str] = SECTIONS, title: str = "# Daily wrap-up: 2026-11-20",
        body: str = "None.") -> str:
    parts = [title, ""]
    for n in names:
        parts += [f"## {n}", "", body, ""]
    return "\n".join(parts)


def errors(text: str, rel: str = REL) -> list[str]:
    return [p.message for p in validate_wrapup(text, rel) if p.severity == "error"]


def test_a_well_formed_wrapup_has_no_problems():
    assert validate_wrapup(doc(), REL) == []


@pytest.mark.parametrize("names, message", [
    (list(SECTIONS[:-1]), "missing section '## Tomorrow next steps'"),
    ([SECTIONS[1], SECTIONS[0], *SECTIONS[2:]], "out of order"),
    ([*SECTIONS, "Misc"], "unknown section 'Misc'"),
    ([*SECTIONS[:3], SECTIONS[2], *SECTIONS[3:]], "appears more than once"),
])
def test_six_sections_exactly_and_in_order(names: list[str], message: str):
    assert any(message in m for m in errors(doc(names)))


def test_title_and_empty_sections():
    assert any("'# ' title" in m for m in errors(doc(title="Daily wrap-up")))
    assert any("is empty" in m for m in errors(doc(body="")))
    assert any("empty" in m for m in errors(""))


def test_uncited_bullet_is_a_warning_and_code_fences_are_ignored():
    text = doc(body="- a note of my own\n\n```\n## not a heading\n- not a bullet\n```")
    probs = validate_wrapup(text, REL)
    assert {p.severity for p in probs} == {"warning"}
    assert all("cites no source" in p.message for p in probs)


def test_later_volumes_hold_an_ordered_subset_of_the_sections():
    rel2 = "second-brain/summaries/2026-11-20-wrapup-2.md"
    assert errors(doc(list(SECTIONS[2:4]), title="# Daily wrap-up: 2026-11-20 (volume 2)"), rel2) == []
    assert any("out of order" in m for m in errors(doc([SECTIONS[3], SECTIONS[1]]), rel2))


def test_memjobs_validate_dispatches_wrapups_and_checks_their_links(tmp_path: Path):
    """Pins: validate_paths runs the wrap-up validator on summaries/*-wrapup(-N).md, a broken link into
    the workspace is an error, and a transcript that no longer exists is only a warning."""
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memory" / "2026-11-20.md").write_text("# 2026-11-20\n", encoding="utf-8")
    good = doc(body="- Decision: x ([DECISION-20261120-x-aaaaaa](../../memory/2026-11-20.md))\n"
                    "- gone ([s 1](/nowhere/s.jsonl#L1-L2))")
    (ws / REL).write_text(good, encoding="utf-8")
    (ws / "second-brain/summaries/2026-11-21-wrapup.md").write_text(
        doc(SECTIONS[:2], body="- y ([D](../../memory/2026-11-21.md))"), encoding="utf-8")
    probs = validate_paths(ws)
    by_file: dict[str, list] = {}
    for p in probs:
        by_file.setdefault(p.path, []).append(p)
    assert [p.severity for p in by_file[REL]] == ["warning"] * 6       # one dead transcript per section
    bad = {p.message for p in by_file["second-brain/summaries/2026-11-21-wrapup.md"] if p.severity == "error"}
    assert any("missing section" in m for m in bad)
    assert any("link does not resolve" in m for m in bad)


def _big(n: int) -> WrapUp:
    entry = LogEntry("DECISION-20261120-x-aaaaaa", "Decision", "x", "memory/2026-11-20.md")
    ev = [Evidence("/t/s.jsonl", "abcdef12-0000", i, i) for i in range(1, n + 1)]
    return WrapUp(day=date(2026, 11, 20), summary="1 session.",
                  decisions=[Item("d", entry=entry)],
                  action_items=[Item(f"action {i}", e) for i, e in enumerate(ev)],
                  conversations=[Item("c", ev[0])],
                  open_loops=[Item(f"loop {i}", e) for i, e in enumerate(ev[: n // 2])])


@pytest.mark.parametrize("limit, n", [(40, 60), (30, 7), (60, 200), (1500, 10)])
def test_volumes_keep_every_bullet_in_order_within_the_limit(limit: int, n: int):
    w = _big(n)
    vols = render(w, limit)
    assert vols[0].rel == REL
    assert [v.rel for v in vols[1:]] == [f"second-brain/summaries/2026-11-20-wrapup-{k}.md" for k in
                                         range(2, len(vols) + 1)]
    bullets: list[str] = []
    for k, v in enumerate(vols):
        assert len(v.text.splitlines()) <= limit
        problems = validate_wrapup(v.text, v.rel) + validate_text(v.text, v.rel, exists=lambda r: True)
        assert [p for p in problems if p.severity == "error"] == []
        bullets += [ln for ln in v.text.splitlines() if ln.startswith("- ") and "Continued in" not in ln]
        if k + 1 < len(vols):
            assert f"[volume {k + 2}](2026-11-20-wrapup-{k + 2}.md)" in v.text
    expected = [t for items in w.sections() for t in (i.text for i in items)]
    assert [b[2:].split(" ([")[0] for b in bullets] == expected


def test_links_are_relative_for_entries_and_absolute_for_transcripts():
    e = LogEntry("RULE-20261120-y-bbbbbb", "Rule", "y", "memory/recent/2026-11-20-rule.md")
    w = WrapUp(day=date(2026, 11, 20), decisions=[Item("Rule: y", entry=e)],
               action_items=[Item("You: z", Evidence("/home/u/my project (old)/s.jsonl", "s1", 3, 9))])
    text = render(w, 1500)[0].text
    assert "- Rule: y ([RULE-20261120-y-bbbbbb](../../memory/recent/2026-11-20-rule.md))" in text
    assert "(/home/u/my%20project%20%28old%29/s.jsonl#L3-L9)" in text
    assert transcript_target("/db/openclaw.sqlite#sess-1", "E4-E9") == "/db/openclaw.sqlite#sess-1#E4-E9"


def test_daily_writer_may_write_only_summaries(tmp_path: Path):
    """Pins: docs/design.md §3 — the daily job's writer refuses MEMORY.md, memory/** and other folders."""
    ws = tmp_path / "ws"
    init_workspace(ws)
    w = writer_for("daily", ws)
    for rel in ("MEMORY.md", "memory/2026-11-20.md", "memory/recent/2026-11-20-rule.md",
                "memory/archive/2026-11.md", "second-brain/specs/x.md", "PROFILE.md", "../outside.md"):
        with pytest.raises(WriterRefused):
            w.replace(rel, lambda _old: "x\n")
        with pytest.raises(WriterRefused):
            w.append(rel, "x\n")
    assert w.replace(REL, lambda _old: doc())
    assert (ws / REL).read_text(encoding="utf-8") == doc()
