"""A backfill over a busy history meets a week whose compound would remove more than 25 % of
MEMORY.md's items (docs/design.md §5.4 guard). The backfill runs the same weekly with the same guard,
so it stops there (exit 1) — with the command that goes on (`memjobs backfill … --force`, which the
backfill has and passes to its weekly runs), and `doctor` shows the failed weekly."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import uuid
from pathlib import Path

from memory_store.archive_format import parse_weekly_log
from memory_store.workspace import init_workspace
from tests.conftest import cli

TECHS = ["Postgres", "MySQL", "Redis", "Kafka", "Nomad", "Go", "Rust", "Svelte", "React", "Terraform", "Caddy",
         "Vitest"]


# The stack the first week decides on and the second week moves off: (role, first tool, next tool).
STACK = [("primary database", "CockroachDB", "YugabyteDB"), ("event bus", "NATS", "Pulsar"),
         ("session store", "Valkey", "Memcached"), ("workflow engine", "Temporal", "Airflow"),
         ("reverse proxy", "Traefik", "Nginx"), ("frontend framework", "Angular", "SolidJS"),
         ("test runner", "Jest", "Mocha"), ("infrastructure tool", "Pulumi", "OpenTofu"),
         ("log store", "Loki", "Elasticsearch"), ("payment provider", "Stripe", "Adyen"),
         ("CI service", "Buildkite", "Drone"), ("feature flag service", "Unleash", "Flagsmith"),
         ("error tracker", "Sentry", "Rollbar"), ("metrics store", "Prometheus", "VictoriaMetrics")]
HALF = len(STACK) // 2


def _stack_turns(d: int) -> list[str]:
    """What the user says of the stack on day `d` (a Claude Code day): the first week decides each
    part, and says it again two days later; the second week switches each part to another tool."""
    said = {0: STACK[:HALF], 2: STACK[HALF:] + STACK[:HALF], 4: STACK[HALF:]}.get(d, [])
    switched = {6: STACK[:HALF], 8: STACK[HALF:]}.get(d, [])
    return ([f"we decided to use {first} as the {role}" for role, first, _ in said]
            + [f"we switched the {role} from {first} to {then}" for role, first, then in switched])


def generated_history(root: Path, days: int) -> None:
    """A Claude Code project every other day from 2026-07-01 (30 turns of decisions, chores and
    preferences), Codex sessions on the other days; seeded (the shape of an exploratory tester's
    generator, whose history stopped a 149-day backfill at 19 weeks). Its churn: the first week
    decides on a stack, the second moves every part of it to another tool (`_stack_turns`), so
    the second week's compound supersedes half the decisions in MEMORY.md. (The random decisions
    alone churned only while each restatement replaced the copy in MEMORY.md, which it no longer
    does: jobs/weekly/planner.py `_survivor`.)"""
    rng = random.Random(3)
    base = dt.datetime(2026, 7, 1, 2, 0)
    project = root / "src" / "-home-u-shop"
    project.mkdir(parents=True)
    for d in range(days):
        day = base + dt.timedelta(days=d)
        sid = str(uuid.UUID(int=rng.getrandbits(128)))
        t = day
        lines: list[dict] = []
        if d % 2 == 0:
            texts = _stack_turns(d)
            for _ in range(30):
                texts.append(rng.choice([
                    f"we decided to use {rng.choice(TECHS)} for the "
                    f"{rng.choice(['cart', 'search', 'auth', 'billing'])} service",
                    "please fix the failing test in checkout", "ต่อไปนี้ช่วยตอบสั้นๆ",
                    f"我们决定用 {rng.choice(TECHS)} 做缓存", "the build is broken again, look at the logs",
                    "remember that staging deploys happen on Fridays"]))
            for text in texts:
                for role, body in (("user", text), ("assistant", [{"type": "text", "text": "Done, I changed it."}])):
                    lines.append({"type": role, "sessionId": sid, "cwd": "/home/u/shop",
                                  "uuid": str(uuid.UUID(int=rng.getrandbits(128))),
                                  "timestamp": t.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                                  "message": {"role": role, "content": body}})
                    t += dt.timedelta(minutes=2)
            path = project / f"{sid}.jsonl"
        else:
            stamp = t.strftime("%Y-%m-%dT%H:%M:%S.000Z")
            lines.append({"timestamp": stamp, "type": "session_meta",
                          "payload": {"id": sid, "timestamp": stamp, "cwd": "/home/u/shop",
                                      "originator": "codex_cli_rs", "cli_version": "0.77.0"}})
            for _ in range(20):
                text = rng.choice([f"we decided to use {rng.choice(TECHS)} for the "
                                   f"{rng.choice(['cart', 'search', 'auth', 'billing'])} service",
                                   "run the tests again", "from now on always write commit messages in English"])
                for role, kind in (("user", "input_text"), ("assistant", "output_text")):
                    lines.append({"timestamp": t.strftime("%Y-%m-%dT%H:%M:%S.000Z"), "type": "response_item",
                                  "payload": {"type": "message", "role": role,
                                              "content": [{"type": kind, "text": text if role == "user" else "ok"}]}})
                    t += dt.timedelta(minutes=3) if role == "user" else dt.timedelta(0)
            folder = root / "codex" / f"{day:%Y/%m/%d}"
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"rollout-{day:%Y-%m-%dT%H-%M-%S}-{sid}.jsonl"
        path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")


def _doctor_runs(ws: Path) -> list[dict]:
    out = cli("--workspace", str(ws), "doctor", "--json")
    return [f for f in json.loads(out.output)["findings"] if f["check"] == "runs"]


def test_a_churny_week_stops_the_backfill_with_the_command_that_goes_on_and_doctor_shows_it(tmp_path: Path):
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(
        f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: claude-code, path: {tmp_path / 'src'}}}\n"
        f"  - {{format: codex, path: {tmp_path / 'codex'}}}\n", encoding="utf-8")
    generated_history(tmp_path, 12)
    span = ["--since", "2026-07-01", "--until", "2026-07-12"]

    stopped = cli("--workspace", str(ws), "backfill", *span)
    assert stopped.exit_code == 1, stopped.output
    refused = re.search(r"refusing to compound 2026-W28: (\d+) of (\d+) MEMORY\.md items \(\d+%\) would be removed",
                        stopped.output)
    assert refused is not None, stopped.output
    stop_day = re.search(r"backfill: (\d+)/12 days done", stopped.output)
    assert stop_day is not None
    resumes = dt.date(2026, 7, 1) + dt.timedelta(days=int(stop_day.group(1)))
    assert ("go on with `memjobs backfill --since 2026-07-01 --until 2026-07-12 --force`: it resumes at "
            f"{resumes}") in stopped.output
    (finding,) = _doctor_runs(ws)
    assert finding["level"] == "error" and finding["message"].startswith("the last weekly run failed")
    assert "would be removed" in finding["message"] and finding["fix"].startswith("memjobs runs show ")

    went_on = cli("--workspace", str(ws), "backfill", *span, "--force", "--json")
    assert went_on.exit_code == 0, went_on.output
    result = json.loads(went_on.output)
    assert result["done"] == 12 and result["resume"] is None
    assert [r["status"] for r in result["reports"] if r["job"] == "weekly"] == ["ok"]
    # The week's churn is the stack it moved off: most of what the guard refused to remove is its supersessions.
    log = parse_weekly_log((ws / "memory" / "archive" / "weekly-2026-28.md").read_text(encoding="utf-8"))
    switched = [ln.id for ln in log.sections["Demoted"] if ln.reason.startswith("superseded by")]
    assert len(switched) * 2 > int(refused.group(1)), (switched, refused.group(0))
    (finding,) = _doctor_runs(ws)
    assert finding["level"] == "ok"
