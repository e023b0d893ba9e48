"""`memjobs get ID`: the CLI twin of MCP's memory_get (the entry, file and line, source, history)."""
from __future__ import annotations

import json
from pathlib import Path

from tests.jobs.cli.test_first_use import cli

ID = "DECISION-20261006-use-postgresql-for-the-bookings-store-3f9a1c"
ENTRY = f"""## Decision: Use PostgreSQL for the bookings store
- id: {ID}
- date: 2026-10-06
- source:
  - session_id: 6f1c2b9e
  - session_path: {{session}}
  - message_range: L41-L47
- why: We need transactions across bookings and payments.
- finding:
- conclusion: Bookings live in PostgreSQL 16.
- impact:
- confidence: 0.92
- status: superseded
- superseded_by: DECISION-20261020-move-bookings-to-cockroachdb-aa11bb
- refs:
"""


def _write(ws: Path, session: Path) -> None:
    (ws / "memory" / "2026-10-06.md").write_text("# 2026-10-06\n\n" + ENTRY.format(session=session))
    (ws / "memory" / "archive" / "weekly-2026-41.md").write_text(
        "# Weekly compound 2026-W41\n\n## Promoted\n\n"
        f"- [{ID}](../2026-10-06.md): promoted to Decisions (score 0.40)\n")
    (ws / "memory" / "archive" / "weekly-2026-43.md").write_text(
        "# Weekly compound 2026-W43\n\n## Superseded\n\n"
        f"- [{ID}](../2026-10-06.md): superseded by DECISION-20261020-move-bookings-to-cockroachdb-aa11bb\n")


def test_get_shows_the_entry_its_place_source_and_history(workspace: Path, tmp_path: Path):
    """Pins: the CLI could not show an entry by id (only MCP's memory_get could)."""
    session = tmp_path / "s.jsonl"
    session.write_text("{}\n")
    _write(workspace, session)
    code, out, err = cli("--workspace", str(workspace), "get", ID)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "memory/2026-10-06.md:3"
    assert lines[1] == "## Decision: Use PostgreSQL for the bookings store"
    assert f"source   {session}#L41-L47" in out and "no longer exists" not in out
    assert "status   superseded, superseded by DECISION-20261020-move-bookings-to-cockroachdb-aa11bb" in out
    assert "  memory/archive/weekly-2026-41.md:5  [Promoted] - " in out
    assert "  memory/archive/weekly-2026-43.md:5  [Superseded] - " in out
    code, out, _ = cli("--workspace", str(workspace), "get", ID, "--json")
    info = json.loads(out)
    assert (info["path"], info["line"], info["session_exists"]) == ("memory/2026-10-06.md", 3, True)
    assert info["entry"]["source"]["message_range"] == "L41-L47" and info["entry"]["status"] == "superseded"
    assert [h["section"] for h in info["history"]] == ["Promoted", "Superseded"]


def test_get_says_when_the_transcript_is_gone_and_finds_entries_moved_to_recent(workspace: Path, tmp_path: Path):
    _write(workspace, tmp_path / "deleted.jsonl")
    moved = workspace / "memory" / "recent" / "2026-10-06-decision.md"
    moved.parent.mkdir(exist_ok=True)
    (workspace / "memory" / "2026-10-06.md").rename(moved)
    code, out, _ = cli("--workspace", str(workspace), "get", ID)
    assert code == 0 and out.startswith("memory/recent/2026-10-06-decision.md:3\n")
    assert "(the transcript no longer exists)" in out


def test_get_an_unknown_or_malformed_id_is_a_clear_error(workspace: Path):
    code, _, err = cli("--workspace", str(workspace), "get", ID)
    assert code == 2 and err.strip() == f"Error: no entry with id {ID} in {workspace}"
    code, _, err = cli("--workspace", str(workspace), "get", "postgres")
    assert code == 2 and "'postgres' is not an entry id" in err
    # Pins: the fact ids `context --json` and `mem list` print were refused as "not an entry id",
    # with nothing saying where they can be read.
    code, _, err = cli("--workspace", str(workspace), "get", "m-3f9a1c2b7d")
    assert code == 2 and "core-memory fact id" in err and "memjobs mem list --all --json" in err, err
    code, _, err = cli("--workspace", str(workspace), "get", "p-0a1b2c3d4e")
    assert code == 2 and "core-memory proposal id" in err and "memjobs proposals list --all --json" in err, err
    # Pins: the id `mem list` prints for a hand-written line (h-, a hash of what it says) was "not an entry id".
    code, _, err = cli("--workspace", str(workspace), "get", "h-998dedf5af")
    assert code == 2 and "core-memory fact id" in err and "memjobs mem list --all --json" in err, err


def _episode_file(ws: Path, session: Path) -> str:
    from memory_store.entries import Source
    from memory_store.episodes import Episode, month_title, serialize_episode

    ep = Episode(title="deploy the api to staging", id="EPISODE-20261118-sess9-abc123", date="2026-11-18",
                 source=Source("sess-9", str(session), "L1-L20"), summary="deployed; the migrations failed first",
                 topics=("deploy",), outcome="partial", signal="tests failing at the end",
                 started="2026-11-18T10:00+07:00", ended="2026-11-18T11:00+07:00", expires="2027-02-16")
    rel = "memory/episodes/2026-11.md"
    (ws / "memory" / "episodes").mkdir(parents=True, exist_ok=True)
    (ws / rel).write_text(month_title(rel) + "\n" + serialize_episode(ep), "utf-8")
    return ep.id


def test_get_finds_an_episode_by_its_id(workspace: Path, tmp_path: Path):
    """Pins: `memjobs get EPISODE-…` said the id was not an entry id (only the decision-log kinds were)."""
    session = tmp_path / "s.jsonl"
    session.write_text("{}\n")
    eid = _episode_file(workspace, session)
    code, out, err = cli("--workspace", str(workspace), "get", eid)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:2] == ["memory/episodes/2026-11.md:3", "## Episode: deploy the api to staging"]
    assert "outcome  partial (tests failing at the end)" in out and "expires  2027-02-16" in out
    assert f"source   {session}#L1-L20" in out and "status" not in out
    code, out, _ = cli("--workspace", str(workspace), "get", eid, "--json")
    info = json.loads(out)["entry"]
    assert (info["kind"], info["outcome"], info["status"], info["confidence"]) == ("episode", "partial", None, 0.6)


def test_get_finds_a_purged_episode_in_the_archive(workspace: Path, tmp_path: Path):
    eid = "EPISODE-20260801-sess1-0a0b0c"
    line = (f"- 2026-08-01 [success] shipped the cache — topics: cache; session /x/s.jsonl#L1-L9 ({eid})"
            " — expired 2026-11-02")
    (workspace / "memory" / "archive" / "episodes.md").write_text(f"# Archived episodes\n\n{line}\n", "utf-8")
    code, out, err = cli("--workspace", str(workspace), "get", eid)
    assert code == 0, err
    assert out.startswith(f"memory/archive/episodes.md:3\n{line}\n") and "status   archived" in out
    code, _, err = cli("--workspace", str(workspace), "get", "EPISODE-20260801-sess1-ffffff")
    assert code == 2 and "no episode with id EPISODE-20260801-sess1-ffffff" in err
