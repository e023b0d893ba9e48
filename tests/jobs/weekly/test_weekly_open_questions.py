"""MEMORY.md says an item is disputed (docs/design.md §4.5, §5.4): agents that read MEMORY.md
directly (OpenClaw, Claude Code) never see the runtime context, so while a possible conflict is
open the weekly compound lists it under `## Open questions` — the newer entry (held out of the
items), its date, the established item it disputes, and how to settle it. At most five lines;
a pair decided by a person or settled by a reversal leaves at the next run."""
from __future__ import annotations

from pathlib import Path

from memory_store.memory_md import parse_memory_md
from tests.conftest import cli
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, run_weekly, write_entries

REDIS = entry("Decision", "2026-11-03", "Use Redis for the session cache", "Sessions are cached in Redis.")
MEMCACHED = entry("Decision", "2026-11-12", "Use Memcached for the session cache")


def _md(ws: Path):  # type: ignore[no-untyped-def]
    md = parse_memory_md((ws / "MEMORY.md").read_text(encoding="utf-8"))
    assert md.problems == []
    return md


def test_an_open_pair_is_an_open_question_until_a_person_decides(workspace: Path) -> None:
    write_entries(workspace, [REDIS])
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    assert _md(workspace).questions == []
    write_entries(workspace, [MEMCACHED])
    assert run_weekly(workspace, "2026-11-16T03:00:00").status == "ok"
    md = _md(workspace)
    assert [(q.new_id, q.new_date, q.new_title, q.old_id, q.old_title) for q in md.questions] == [
        (MEMCACHED.id, "2026-11-12", MEMCACHED.title, REDIS.id, REDIS.title)]
    assert REDIS.id in memory_ids(workspace) and MEMCACHED.id not in memory_ids(workspace)
    text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    assert f"ask the user which holds; `memjobs conflicts resolve {MEMCACHED.id}`" in text
    assert cli("--workspace", str(workspace), "validate").exit_code == 0
    # A re-run of the week changes nothing (the section is part of the fixed point).
    assert run_weekly(workspace, "2026-11-16T03:00:00", force=True).status == "nothing"
    assert (workspace / "MEMORY.md").read_text(encoding="utf-8") == text

    done = cli("--workspace", str(workspace), "conflicts", "resolve", MEMCACHED.id, "--keep", "old")
    assert done.exit_code == 0, done.output
    assert run_weekly(workspace, "2026-11-23T03:00:00", force=True).status == "ok"
    assert _md(workspace).questions == []
    assert REDIS.id in memory_ids(workspace) and MEMCACHED.id not in memory_ids(workspace)


def test_a_reversal_settles_it_and_the_line_leaves(workspace: Path) -> None:
    write_entries(workspace, [REDIS])
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    write_entries(workspace, [MEMCACHED])
    assert run_weekly(workspace, "2026-11-16T03:00:00").status == "ok"
    assert len(_md(workspace).questions) == 1
    switch = entry("Decision", "2026-11-18", "Switch the session cache from Redis to Memcached",
                   "We no longer use Redis for sessions.", supersedes=REDIS.id)
    write_entries(workspace, [switch])
    assert run_weekly(workspace, "2026-11-23T03:00:00", force=True).status == "ok"
    assert _md(workspace).questions == []
    assert REDIS.id not in memory_ids(workspace)


def test_at_most_five_lines_the_newest_first(workspace: Path) -> None:
    import json

    topics = ["session cache", "event bus", "search backend", "job queue", "metrics stack", "image storage",
              "bookings store", "email sender"]
    tools = [("Redis", "Memcached"), ("Kafka", "RabbitMQ"), ("Elasticsearch", "Meilisearch"), ("SQS", "Celery"),
             ("Prometheus", "Datadog"), ("S3", "MinIO"), ("PostgreSQL", "MySQL"), ("SES", "Postmark")]
    olds = [entry("Decision", "2026-11-03", f"Use {a} for the {t}", f"The {t} runs on {a}.")
            for t, (a, _) in zip(topics, tools, strict=True)]
    news = [entry("Decision", f"2026-11-{10 + n // 2:02d}", f"Use {b} for the {t}")
            for n, (t, (_, b)) in enumerate(zip(topics, tools, strict=True))]
    write_entries(workspace, olds)
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    write_entries(workspace, news)
    assert run_weekly(workspace, "2026-11-16T03:00:00").status == "ok"
    listed = json.loads(cli("--workspace", str(workspace), "conflicts", "--json").output)["conflicts"]
    shown = memory_ids(workspace)   # the pairs whose established side MEMORY.md holds
    newest = sorted(sorted((c["date"], c["id"]) for c in listed
                           if c["established"]["id"] in shown and c["id"] not in shown),
                    key=lambda x: x[0], reverse=True)
    assert len(newest) >= 6, listed
    md = _md(workspace)
    assert len(md.questions) == 4 and md.questions_more == len(newest) - 4
    assert [q.new_id for q in md.questions] == [i for _, i in newest[:4]]
    text = (workspace / "MEMORY.md").read_text(encoding="utf-8")
    section = text.split("## Open questions\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert len(section) == 5 and section[-1] == f"- {len(newest) - 4} more: `memjobs conflicts list`"
    assert not {q.new_id for q in md.questions} & memory_ids(workspace)    # the newer side is no item


def test_a_secret_in_a_title_never_reaches_the_section(workspace: Path) -> None:
    token = "ghp_1234567890abcdefghijklmnopqrstuvwxyzAB"
    leaky = entry("Decision", "2026-11-12", f"Use Memcached for the session cache, token {token}")
    write_entries(workspace, [REDIS])
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    write_entries(workspace, [leaky])
    assert run_weekly(workspace, "2026-11-16T03:00:00").status == "ok"
    (q,) = _md(workspace).questions
    assert q.new_id == leaky.id and "[REDACTED:github_token]" in q.new_title
    assert token not in (workspace / "MEMORY.md").read_text(encoding="utf-8")
