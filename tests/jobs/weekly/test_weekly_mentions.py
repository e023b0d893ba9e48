"""The weekly compound reads the week's wrap-ups (docs/design.md §5): an entry a wrap-up mentions —
cited outside its own day's decision list, or from a session listed as an important conversation —
is worth more, so it is promoted where an unmentioned twin is not; a cite inside a code fence or the
entry's own "Decisions made today" line says nothing."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from memory_store.entries import BlockEntry, Source
from memory_store.wrapup_format import SECTIONS, wrapup_refs
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, run_weekly, snapshot, write_entries

NOW = "2026-11-09T03:00:00"  # compounds ISO week 2026-W45, Mon 2026-11-02 .. Sun 2026-11-08
IMPORTANT = "/home/u/.claude/projects/app/important-session.jsonl"


def _wrapup(day: str, sections: dict[str, list[str]]) -> str:
    parts = [f"# Daily wrap-up: {day}\n"]
    for s in SECTIONS:
        body = sections.get(s) or ["None."]
        parts.append(f"\n## {s}\n\n" + "\n".join(body) + "\n")
    return "".join(parts)


def _cite(e: BlockEntry) -> str:
    return f"- {e.kind}: {e.title} ([{e.id}](../../memory/{e.date}.md))"


def _write(ws: Path, day: str, text: str) -> None:
    path = ws / "second-brain" / "summaries" / f"{day}-wrapup.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_wrapup_refs_reads_sections_and_skips_fences() -> None:
    text = _wrapup("2026-11-04", {
        "Decisions made today": ["- Decision: x ([DECISION-20261104-x-aaaaaa](../../memory/2026-11-04.md))"],
        "Important conversations": [f"- **Queue** — 9 messages ([abc L1-L9]({IMPORTANT}#L1-L9))"],
        "Open loops": ["- see ([RULE-20261101-lint-bbbbbb](../../memory/2026-11-01.md))",
                       "```", "- [REMEMBER-20261101-fenced-cccccc](../../memory/2026-11-01.md)", "```"],
    })
    refs = wrapup_refs(text)
    assert refs.ids_by_section["Decisions made today"] == {"DECISION-20261104-x-aaaaaa"}
    assert refs.ids_by_section["Open loops"] == {"RULE-20261101-lint-bbbbbb"}
    assert refs.ids(skip=("Decisions made today",)) == {"RULE-20261101-lint-bbbbbb"}
    assert refs.sessions == {IMPORTANT}
    assert wrapup_refs("# nothing\n\nprose [RULE-20261101-a-bbbbbb](x.md)\n").ids() == frozenset()


def test_mentioned_entries_are_promoted_and_the_reason_says_so(workspace: Path) -> None:
    # Confidence 0.75 decisions a few days old score about 0.28-0.29 unread: under the promotion bar
    # (0.30); one mention lifts them over it.
    cited = entry("Decision", "2026-11-03", "Use Redis streams for the job queue", confidence=0.75)
    own_day_only = entry("Decision", "2026-11-03", "Keep the CLI on Typer", confidence=0.75)
    from_important = replace(entry("Decision", "2026-11-04", "Ship invoices as PDF/A", confidence=0.75),
                             source=Source("important", IMPORTANT, "L3-L4"))
    unmentioned = entry("Decision", "2026-11-06", "Rename the staging bucket", confidence=0.75)
    write_entries(workspace, [cited, own_day_only, from_important, unmentioned])
    # 11-03 has a wrap-up listing both of its decisions (that alone is not a mention); 11-04's lists its
    # important conversation; 11-05's open loops cite the 11-03 decision again; 11-06 has no wrap-up.
    day_list = [_cite(cited), _cite(own_day_only)]
    _write(workspace, "2026-11-03", _wrapup("2026-11-03", {"Decisions made today": day_list}))
    _write(workspace, "2026-11-04", _wrapup("2026-11-04", {
        "Decisions made today": [_cite(from_important)],
        "Important conversations": [f"- **Invoices** — 12 messages ([imp L1-L12]({IMPORTANT}#L1-L12))"]}))
    _write(workspace, "2026-11-05", _wrapup("2026-11-05", {"Open loops": [_cite(cited) + " still waits on ops"]}))

    report = run_weekly(workspace, NOW)
    assert report.status in {"ok", "changed"}, report
    ids = memory_ids(workspace)
    assert cited.id in ids and from_important.id in ids
    assert own_day_only.id not in ids and unmentioned.id not in ids
    log = next((workspace / "memory" / "archive").glob("weekly-*.md")).read_text(encoding="utf-8")
    line = next(ln for ln in log.splitlines() if cited.id in ln)
    assert "mentioned in 1 wrap-up" in line
    assert report.details["wrapups_read"] == [f"second-brain/summaries/2026-11-0{d}-wrapup.md" for d in (3, 4, 5)]
    assert any("no wrap-up for 2026-11-06" in n for n in report.notes), report.notes

    before = snapshot(workspace)
    again = run_weekly(workspace, "2026-11-10T09:00:00")
    assert again.status == "nothing", again
    assert snapshot(workspace) == before


def test_without_wrapups_the_same_entries_stay_out(workspace: Path) -> None:
    cited = entry("Decision", "2026-11-03", "Use Redis streams for the job queue", confidence=0.75)
    write_entries(workspace, [cited])
    run_weekly(workspace, NOW)
    assert cited.id not in memory_ids(workspace)
