"""`memjobs demo` against its own answer key (jobs/demo/data/expected.yaml), on a real demo run:
microSync five times a day, the wrap-ups and the weekly compound, as `build_demo` does them.

Every expectation of the key is pinned here: each item is exactly one entry of its kind, day and
key words; no noise line and no excluded file gives an entry; no secret is anywhere; each
`supersedes` holds (the new entry names the old one, which is marked superseded, leaves MEMORY.md
and is logged with reason and date) and `supersedes: null` holds too (nothing else is superseded);
and MEMORY.md holds one truth per subject.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from jobs.demo.build import DemoResult
from memory_store.archive_format import parse_weekly_log
from memory_store.markdown import parse_document
from memory_store.memory_md import parse_memory_md
from memory_store.procedures import REL as PROCEDURES
from memory_store.procedures import steps_of
from tests.microsync_helpers import KEY, Found, all_entries, span


@pytest.fixture(scope="module")
def demo(demo_built: DemoResult) -> DemoResult:
    return demo_built   # conftest: built once per session


def _family(kind: str) -> str:
    return "Rule/Constraint" if kind in ("Rule", "Constraint") else kind


def _covers(found: Found, item: dict[str, Any]) -> bool:
    a, b = span(found.entry)
    return (Path(found.entry.source.session_path.split("#")[0]).name == Path(item["file"]).name
            and any(a <= ln <= b for ln in item["lines"]))


@pytest.fixture(scope="module")
def matched(demo: DemoResult) -> dict[str, Found]:
    """Answer-key item id -> the one entry that records it (the key is the decision log's: procedures
    learned into memory/procedures.md are checked by their own test below)."""
    found = all_entries(demo.workspace)
    out: dict[str, Found] = {}
    problems: list[Any] = []
    claimed: set[int] = set()
    for item in KEY["items"]:
        kinds = {_family(k) for k in (item["kind"] if isinstance(item["kind"], list) else [item["kind"]])}
        hits = [i for i, f in enumerate(found) if _covers(f, item)]
        good = [i for i in hits
                if found[i].file.startswith(f"memory/{item['local_date']}")
                and _family(found[i].entry.kind) in kinds
                and all(k.casefold() in f"{found[i].entry.title} {found[i].entry.conclusion}".casefold()
                        for k in item["keywords"])
                and all(span(found[i].entry)[0] <= ln for ln in item.get("proposal_lines") or [])]
        if len(hits) != 1 or len(good) != 1:
            problems.append((item["id"], [(found[i].file, found[i].entry.kind, found[i].entry.title) for i in hits]))
            continue
        claimed.add(good[0])
        out[item["id"]] = found[good[0]]
    extra = [(f.file, f.entry.title) for i, f in enumerate(found) if i not in claimed]
    assert (problems, extra) == ([], [])
    return out


def test_every_run_succeeds_and_every_item_is_exactly_one_entry(demo: DemoResult, matched: dict[str, Found]) -> None:
    assert [r.job for r in demo.reports if r.status == "failed"] == []
    assert {r.job for r in demo.reports} == {"microsync", "daily", "weekly"}
    assert len(matched) == len(KEY["items"])
    assert demo.reports[-1].job == "weekly" and demo.reports[-1].status == "ok"


def test_no_entry_from_noise_lines_or_excluded_files(demo: DemoResult, matched: dict[str, Found]) -> None:
    found = all_entries(demo.workspace)
    excluded = {Path(x["file"]).name for x in KEY["excluded_files"]}
    assert [f.entry.title for f in found if Path(f.entry.source.session_path).name in excluded] == []
    noise = {(Path(n["file"]).name, ln) for n in KEY["noise"] for ln in n["lines"]}
    hits = []
    for f in found:
        name = Path(f.entry.source.session_path).name
        # Turns between a proposal and its acceptance are context of the accepted item's entry.
        between = {ln for item in KEY["items"] if item.get("proposal_lines") and _covers(f, item)
                   for ln in range(max(item["proposal_lines"]) + 1, min(item["lines"]))}
        a, b = span(f.entry)
        hits += [(f.entry.title, ln) for ln in range(a, b + 1) if (name, ln) in noise and ln not in between]
    assert hits == []


def test_no_secret_in_any_file_or_report(demo: DemoResult) -> None:
    reports = json.dumps([r.to_dict() for r in demo.reports])
    for secret in KEY["secrets"]:
        assert secret not in reports
        for p in demo.workspace.rglob("*"):
            if p.is_file():
                assert secret.encode() not in p.read_bytes(), p


def test_supersedes_of_the_key_and_nothing_else(demo: DemoResult, matched: dict[str, Found]) -> None:
    """The Redis "change of plan" supersedes the earlier Redis decision; every other item
    (`supersedes: null`) supersedes nothing and stays active."""
    ids = {k: f.entry.id for k, f in matched.items()}
    expected_links = {ids[i["id"]]: ids[i["supersedes"]] for i in KEY["items"] if i["supersedes"]}
    assert expected_links  # the key has at least the Redis reversal
    by_id = {f.entry.id: f.entry for f in all_entries(demo.workspace)}
    assert {e.id: e.supersedes for e in by_id.values() if e.supersedes} == expected_links
    superseded = {e.id: e.superseded_by for e in by_id.values() if e.status != "active"}
    assert superseded == {old: new for new, old in expected_links.items()}
    assert all(by_id[old].status == "superseded" for old in expected_links.values())

    log_files = sorted((demo.workspace / "memory" / "archive").glob("weekly-*.md"))
    assert log_files
    logged = {ln.id: ln.reason for f in log_files
              for ln in parse_weekly_log(f.read_text(encoding="utf-8")).sections.get("Superseded", [])}
    for new, old in expected_links.items():
        assert new in logged[old] and by_id[new].date in logged[old]  # reason and date
        assert "reversed (change of plan)" in logged[old]


def test_memory_md_holds_one_truth_per_subject(demo: DemoResult, matched: dict[str, Found]) -> None:
    md = parse_memory_md((demo.workspace / "MEMORY.md").read_text(encoding="utf-8"))
    in_memory = {it.id for it in md.items}
    by_id = {f.entry.id: f.entry for f in all_entries(demo.workspace)}
    # The Procedures section lists memory/procedures.md's procedures.
    by_id.update((e.id, e) for e in parse_document((demo.workspace / PROCEDURES).read_text("utf-8")).entries())
    assert in_memory and all(by_id[i].status == "active" for i in in_memory)
    redis_old, redis_new = (matched[i].entry.id for i in ("cc-redis-cache", "cc-availability-matview"))
    assert redis_new in in_memory and redis_old not in in_memory
    # No two MEMORY.md items are a flagged conflict.
    for f in (demo.workspace / "memory" / "archive").glob("weekly-*.md"):
        for ln in parse_weekly_log(f.read_text(encoding="utf-8")).sections.get("Possible conflicts", []):
            assert ln.id not in in_memory, ln


def test_the_taught_procedure_is_in_procedures_md_and_not_the_daily_log(demo: DemoResult) -> None:
    """The key's `procedure` line (a teaching: "from now on, whenever we add an endpoint: first …, then
    …, then …") is one procedure of memory/procedures.md, cited at that line, and no daily entry."""
    (line,) = [n for n in KEY["noise"] if n["type"] == "procedure"]
    procs = parse_document((demo.workspace / PROCEDURES).read_text("utf-8")).entries()
    assert [(p.title, len(steps_of(p))) for p in procs] == [("we add an endpoint", 3)]
    assert span(procs[0])[0] == line["lines"][0] and procs[0].source.session_path.endswith(line["file"])
    assert all(f.entry.kind != "Procedure" for f in all_entries(demo.workspace))


def _no_two_memory_md_items_conflict(ws: Path) -> set[str]:
    """MEMORY.md's ids, after checking that the detector finds no possible conflict between two of
    them, each judged against every active entry before it as `memjobs conflicts` judges it."""
    from jobs.weekly.conflicts import conflicts_within

    in_memory = {it.id for it in parse_memory_md((ws / "MEMORY.md").read_text(encoding="utf-8")).items}
    entries = [f.entry for f in all_entries(ws)]
    assert conflicts_within(in_memory, sorted(entries, key=lambda e: e.date)) == []
    return in_memory


def _listed(ws: Path) -> list[tuple[str, str, str]]:
    from tests.conftest import cli

    out = cli("--workspace", str(ws), "conflicts", "--json")
    assert out.exit_code == 0, out.output
    return [(c["id"], c["established"]["id"], c["state"]) for c in json.loads(out.output)["conflicts"]]


def test_a_later_conflicting_decision_is_held_listed_resolved_and_applied(demo: DemoResult,
                                                                           matched: dict[str, Found],
                                                                           tmp_path: Path) -> None:
    """On a copy of the demo: a later decision that names another tool for the refunds the demo
    settled on Omise, with nothing saying it changed, is stored but held out of MEMORY.md, listed by
    `memjobs conflicts`; `conflicts resolve --keep new` is applied by the next weekly (the Omise
    entry is superseded and leaves MEMORY.md). MEMORY.md never holds two conflicting items."""
    import shutil

    from tests.conftest import cli
    from tests.jobs.weekly.test_weekly_support import entry, run_weekly, write_entries

    ws = tmp_path / "ws"
    shutil.copytree(demo.workspace, ws)
    assert _listed(ws) == []
    in_memory = _no_two_memory_md_items_conflict(ws)
    omise = matched["cx-refunds-via-omise"].entry.id
    assert omise in in_memory
    stripe = entry("Decision", "2026-11-24", "退款统一走 Stripe 的 refund API")
    write_entries(ws, [stripe])

    assert run_weekly(ws, "2026-11-30T03:00:00").status == "ok"
    in_memory = _no_two_memory_md_items_conflict(ws)
    assert omise in in_memory and stripe.id not in in_memory
    assert _listed(ws) == [(stripe.id, omise, "open")]
    week = parse_weekly_log((ws / "memory" / "archive" / "weekly-2026-48.md").read_text(encoding="utf-8"))
    assert stripe.id in {ln.id for ln in week.sections["Possible conflicts"]}

    done = cli("--workspace", str(ws), "conflicts", "resolve", stripe.id, "--keep", "new", "--json")
    assert done.exit_code == 0, done.output
    assert _listed(ws) == [(stripe.id, omise, "decided")]
    assert run_weekly(ws, "2026-12-07T03:00:00", force=True).status == "ok"
    in_memory = _no_two_memory_md_items_conflict(ws)
    assert stripe.id in in_memory and omise not in in_memory
    by_id = {f.entry.id: f.entry for f in all_entries(ws)}
    assert (by_id[omise].status, by_id[omise].superseded_by) == ("superseded", stripe.id)
    assert _listed(ws) == []


def test_memory_md_lists_the_taught_procedure(demo: DemoResult) -> None:
    """MEMORY.md's `## Procedures` section was always empty in the demo: taught procedures go to
    memory/procedures.md, and the weekly compound promoted daily entries only."""
    (proc,) = parse_document((demo.workspace / PROCEDURES).read_text("utf-8")).entries()
    items = parse_memory_md((demo.workspace / "MEMORY.md").read_text("utf-8")).sections["Procedures"]
    assert [(it.id, it.link) for it in items] == [(proc.id, PROCEDURES)]
    assert all(step in " ".join(items[0].summary.split()) for step in steps_of(proc))


def test_the_context_shows_a_procedure_once(demo: DemoResult) -> None:
    """MEMORY.md lists the taught procedure and the context's procedures block matches it to the
    task, in other words: the agent was shown it twice. One id is one item."""
    from memory_store.config import load_config
    from memory_store.context.build import build_context
    from memory_store.context.model import ContextRequest

    (proc,) = parse_document((demo.workspace / PROCEDURES).read_text("utf-8")).entries()
    ctx = build_context(load_config(demo.workspace, env={}), ContextRequest(task="add an endpoint"))
    shown = [(group, it.id) for group, items in ctx.items.items() for it in items if it.id == proc.id]
    assert len(shown) == 1, shown
    assert any(e.operation == "dedupe" and e.entity_id == proc.id for e in ctx.events)


def _context_index(ws: Path) -> dict[str, dict]:  # type: ignore[type-arg]
    from tests.conftest import cli_run

    out = cli_run("--workspace", str(ws), "context", "--format", "json")
    assert out.returncode == 0, out.stderr
    return {i["id"]: i for i in json.loads(out.stdout)["long_memory"]["memory_index"]}


def test_the_context_and_memory_md_show_the_open_pair_before_resolution_and_not_after(
        demo: DemoResult, matched: dict[str, Found], tmp_path: Path) -> None:
    """On a copy of the demo: an open conflict is visible to the agent before a person resolves it —
    the runtime context marks the established item DISPUTED the day the newer decision is written,
    and MEMORY.md's `## Open questions` names the pair after the weekly — and neither says so once
    the decision is applied (docs/design.md §4.5, §6.4, §6.5)."""
    import shutil
    from datetime import datetime

    from jobs.dispatch import registry
    from tests.conftest import cli
    from tests.jobs.weekly.test_weekly_support import TZ, entry, load_cfg, memory_ids, run_weekly, write_entries

    ws = tmp_path / "ws"
    shutil.copytree(demo.workspace, ws)
    omise = matched["cx-refunds-via-omise"].entry.id
    assert omise in memory_ids(ws) and "DISPUTED" not in _context_index(ws)[omise]["text"]

    stripe = entry("Decision", "2026-11-24", "退款统一走 Stripe 的 refund API")
    write_entries(ws, [stripe])
    assert registry.run(load_cfg(ws), "microsync", now=datetime(2026, 11, 24, 20, tzinfo=TZ)).status != "failed"
    item = _context_index(ws)[omise]                              # the same day, before any weekly
    assert item["disputed_by"] == stripe.id and stripe.id in item["text"] and "ask the user" in item["text"]

    assert run_weekly(ws, "2026-11-30T03:00:00").status == "ok"
    md = parse_memory_md((ws / "MEMORY.md").read_text(encoding="utf-8"))
    assert [(q.new_id, q.new_date, q.old_id) for q in md.questions] == [(stripe.id, "2026-11-24", omise)]
    assert stripe.id not in memory_ids(ws) and _context_index(ws)[omise]["disputed_by"] == stripe.id

    assert cli("--workspace", str(ws), "conflicts", "resolve", stripe.id, "--keep", "new").exit_code == 0
    assert "disputed_by" not in _context_index(ws)[omise]
    assert run_weekly(ws, "2026-12-07T03:00:00", force=True).status == "ok"
    md = parse_memory_md((ws / "MEMORY.md").read_text(encoding="utf-8"))
    assert md.questions == [] and "Open questions" not in (ws / "MEMORY.md").read_text(encoding="utf-8")
    index = _context_index(ws)
    assert omise not in index and stripe.id in index
    assert not any(k in i for i in index.values() for k in ("disputed_by", "disputes", "replaced_by"))
