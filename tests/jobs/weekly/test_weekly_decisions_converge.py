"""Three values of one subject in one week, each newer one paired with the established one (explore14 #13):
100 → 300 → 500, the queue lists 300-vs-100 and 500-vs-100, and the person keeps the new side of both. One
resolve round settles the chain: the newest value a person kept holds — the weekly puts 500 in MEMORY.md
(it put 300 there and opened 500-vs-300), 100 is superseded by 300 and 300 by 500, and no pair is left
open. Real daily files, the real queue and the real weekly."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.markdown import block_to_entry, parse_document
from tests.conftest import cli
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, write_entries


def _statuses(ws: Path) -> dict[str, tuple[str, str | None]]:
    out: dict[str, tuple[str, str | None]] = {}
    for path in sorted((ws / "memory").glob("2026-*.md")):
        rel = f"memory/{path.name}"
        for block in parse_document(path.read_text(encoding="utf-8")).blocks:
            e = block_to_entry(block, rel)
            out[e.id] = (e.status, e.superseded_by)
    return out


def _rate(day: str, n: int):  # type: ignore[no-untyped-def]
    return entry("Decision", day, f"The public API rate limit is {n} requests per minute per key")


def _both_kept_new(tmp_path: Path, newest: str):  # type: ignore[no-untyped-def]
    """100 compounded into MEMORY.md, then 300 and 500 (500 said on `newest`), each paired with 100 in the
    queue, and the person keeping the new side of both: (the CLI's workspace option, ws, the three entries)."""
    ws = tmp_path / "ws"
    assert cli("init", str(ws)).exit_code == 0
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n", encoding="utf-8")
    w = ("--workspace", str(ws))
    a, b, c = _rate("2026-11-03", 100), _rate("2026-11-10", 300), _rate(newest, 500)
    write_entries(ws, [a])
    assert cli(*w, "run", "weekly", "--now", "2026-11-09T03:00:00+07:00").exit_code == 0
    write_entries(ws, [b, c])
    rows = json.loads(cli(*w, "conflicts", "--json").output)["conflicts"]
    assert {(r["id"], r["established"]["id"]) for r in rows} == {(b.id, a.id), (c.id, a.id)}
    for new_id in sorted(r["id"] for r in rows):
        assert cli(*w, "conflicts", "resolve", new_id, "--keep", "new").exit_code == 0
    return w, ws, a, b, c


def test_one_resolve_round_settles_a_chain_of_three_values(tmp_path: Path) -> None:
    w, ws, a, b, c = _both_kept_new(tmp_path, "2026-11-12")
    run = cli(*w, "run", "weekly", "--now", "2026-11-16T03:00:00+07:00")
    assert run.exit_code == 0, run.output
    assert c.id in memory_ids(ws) and not {a.id, b.id} & memory_ids(ws)
    st = _statuses(ws)
    assert st[a.id] == ("superseded", b.id) and st[b.id] == ("superseded", c.id) and st[c.id][0] == "active"
    assert json.loads(cli(*w, "conflicts", "--json").output)["conflicts"] == []
    got = json.loads(cli(*w, "get", a.id, "--json").output)["entry"]
    assert got["status"] == "superseded"
    log = (ws / "memory" / "archive" / "weekly-2026-46.md").read_text(encoding="utf-8")
    assert "not applied" not in log


def test_a_decision_on_a_value_of_a_later_week_follows_the_chain(tmp_path: Path) -> None:
    """The same round of decisions when the newest value is in a later week: the weekly that applies the
    first keep new (100 superseded by 300) leaves 500-vs-300 in the queue as decided (the person's keep new
    of 500 carries over; it was listed open, asking again), and the next weekly puts 500 in MEMORY.md."""
    w, ws, a, b, c = _both_kept_new(tmp_path, "2026-11-17")
    assert cli(*w, "run", "weekly", "--now", "2026-11-16T03:00:00+07:00", "--date", "2026-11-12").exit_code == 0
    assert b.id in memory_ids(ws)
    rows = json.loads(cli(*w, "conflicts", "--json").output)["conflicts"]
    assert [(r["id"], r["established"]["id"], r["state"]) for r in rows] == [(c.id, b.id, "decided")]
    assert "Open questions" not in (ws / "MEMORY.md").read_text(encoding="utf-8")

    assert cli(*w, "run", "weekly", "--now", "2026-11-23T03:00:00+07:00").exit_code == 0
    assert c.id in memory_ids(ws) and not {a.id, b.id} & memory_ids(ws)
    st = _statuses(ws)
    assert st[a.id] == ("superseded", b.id) and st[b.id] == ("superseded", c.id)
    assert json.loads(cli(*w, "conflicts", "--json").output)["conflicts"] == []


def test_search_shows_the_status_the_weekly_will_give(tmp_path: Path) -> None:
    """Before the weekly applies the two decisions, search reports them as it will (memory_store/search/
    decided.py `rejected`; review16 F4: it kept only the first decision per old id and showed 300 and 500
    both active)."""
    w, _ws, _a, b, c = _both_kept_new(tmp_path, "2026-11-12")
    assert cli(*w, "index").exit_code == 0
    hits = json.loads(cli(*w, "search", "public API rate limit", "--json").output)["results"]
    status = {h["id"]: h.get("status") for h in hits}
    assert status.get(b.id) == "superseded" and status.get(c.id) == "active", status
