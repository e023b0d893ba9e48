"""The user model (docs/design.md §6, layers): resolved PROFILE, reset by archiving every PROFILE fact
through the core writer, each archive audited; search returns it only when asked for."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from memory_store.search.indexer import update_index
from memory_store.search.query import SearchOptions, search
from tests.conftest import cli as cli_run
from tests.jobs.cli.test_core_cli import cli
from tests.memory_store.search.test_search_fixtures import config


def _ids(ws: Path, *args: str) -> str:
    return str(json.loads(cli(ws, "mem", "set", *args, "--json")[1])["id"])


def test_reset_user_model_archives_every_profile_fact_audited_and_keeps_session(workspace: Path) -> None:
    a = _ids(workspace, "user.expertise.docker", "expert")
    b = _ids(workspace, "response.language", "th")
    s = _ids(workspace, "task.branch", "feature-x", "--scope", "session")
    code, out, err = cli(workspace, "mem", "reset", "--user-model", "--json")
    assert code == 0, err
    changes = json.loads(out)["changes"]
    assert sorted(c["entry"]["id"] for c in changes) == sorted([a, b])
    assert {c["type"] for c in changes} == {"fact.archived"}
    profile = (workspace / "PROFILE.md").read_text("utf-8")
    assert profile.count("status:archived") == 2 and a in profile and b in profile  # archived, never deleted
    assert "status:active" in (workspace / "SESSION.md").read_text("utf-8") and s
    code, out, _ = cli(workspace, "mem", "resolve", "response.language")
    assert out == ""
    code, out, _ = cli(workspace, "mem", "audit", "--json")
    archived = [e for e in json.loads(out)["events"] if e["type"] == "fact.archived"]
    assert len(archived) == 2 and {e["reason"] for e in archived} == {"reset --user-model"}
    assert len({e["request_id"] for e in archived}) == 1  # one core operation
    code, out, _ = cli(workspace, "mem", "reset", "--user-model")
    assert code == 0 and out.startswith("no active PROFILE facts")
    code, out, _ = cli(workspace, "mem", "reactivate", a)
    assert code == 0 and "user.expertise.docker = expert" in out  # reset loses nothing


def test_reset_without_a_layer_is_a_usage_error(workspace: Path) -> None:
    _ids(workspace, "response.language", "th")
    code, _, err = cli(workspace, "mem", "reset")
    assert code == 2 and "--user-model" in err
    assert "status:archived" not in (workspace / "PROFILE.md").read_text("utf-8")


def test_profile_facts_are_the_user_model_layer_of_search(workspace: Path) -> None:
    _ids(workspace, "user.expertise.kubernetes", "novice")
    update_index(config(workspace))
    assert search(config(workspace), "kubernetes", SearchOptions()).hits == []
    hits = search(config(workspace), "kubernetes", SearchOptions(layers=("user_model",))).hits
    assert [(h.path, h.layer, h.to_dict()["confidence"]) for h in hits] == [("PROFILE.md", "user_model", 0.95)]


def _ctx(ws: Path, *args: str) -> dict[str, Any]:
    r = cli_run("--workspace", str(ws), "context", "--now", "2026-11-26T12:00:00Z", "--json", *args)
    assert r.exit_code == 0, r.stderr
    return dict(json.loads(r.stdout))


def _profile(data: dict[str, Any]) -> dict[str, tuple[str, str]]:
    return {i["key"]: (i["value"], i["scope"]) for i in data["long_memory"]["profile"]}


def test_common_topics_are_derived_at_read_time_and_never_written(workspace: Path) -> None:
    """The user model's common topics come from the recent entries' subjects (words in two entries
    or more, counted once per entry, the last limits.warm_days days), and no file is written."""
    from tests.jobs.weekly.test_weekly_support import entry, write_entries

    write_entries(workspace, [
        entry("Decision", "2026-11-20", "Move the Omise webhooks into the worker"),
        entry("Rule", "2026-11-21", "ห้าม deploy หลังบ่ายสาม ถ้า Omise ยังไม่ตอบ"),
        entry("Remember", "2026-11-24", "Omise sandbox wipes test cards on Monday; the worker retries"),
        entry("Decision", "2026-11-25", "所有金额一律用 satang 整数存，deploy 之前检查"),
        entry("Decision", "2026-09-01", "Kafka for events, Kafka everywhere"),        # too old: 30 days
        entry("Decision", "2026-11-02", "Kafka consumers stay at three"),            # Kafka once in the window
    ])
    profile = (workspace / "PROFILE.md").read_bytes()
    before = {p: p.stat().st_mtime_ns for p in workspace.rglob("*") if p.is_file()}
    data = _ctx(workspace)
    assert _profile(data)["user.common_topics"] == ("omise, deploy, worker", "derived")
    assert {p: p.stat().st_mtime_ns for p in workspace.rglob("*") if p.is_file()} == before
    assert (workspace / "PROFILE.md").read_bytes() == profile
    r = cli_run("--workspace", str(workspace), "context", "--now", "2026-11-26T12:00:00Z", "--format", "xml")
    assert ('<user_model>\n<item id="config:user.timezone">user.timezone: Asia/Bangkok</item>\n'
            '<item id="derived:user.common_topics">user.common_topics: omise, deploy, worker</item>\n'
            '</user_model>') in r.stdout


def test_redaction_markers_are_not_topics(workspace: Path) -> None:
    """Pins: two entries whose subjects held a redacted token made the topics "github_token,
    redacted, token"; a marker says a secret was there, not what the user talks about."""
    from tests.jobs.weekly.test_weekly_support import entry, write_entries

    write_entries(workspace, [
        entry("Remember", "2026-11-24", "The staging token is [REDACTED:github_token]"),
        entry("Remember", "2026-11-25", "The CI token is [REDACTED:github_token] and the DSN is "
                                        "postgres://app:[REDACTED:url_password]@db/app"),
    ])
    assert _profile(_ctx(workspace))["user.common_topics"] == ("token", "derived")


def test_an_empty_profile_shows_the_configured_defaults(workspace: Path) -> None:
    """With no PROFILE fact the user model still says the time zone and language, from the
    configuration (`timezone`, `context.language`); a PROFILE fact replaces the defaults."""
    (workspace / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\ncontext: {language: th}\n",
                                            encoding="utf-8")
    assert _profile(_ctx(workspace)) == {"user.timezone": ("Asia/Bangkok", "config"),
                                         "response.language": ("th", "config")}
    (workspace / "memjobs.yaml").write_text("timezone: Europe/Berlin\ntranscripts: []\n", encoding="utf-8")
    assert _profile(_ctx(workspace)) == {"user.timezone": ("Europe/Berlin", "config")}
    _ids(workspace, "response.language", "en")
    assert _profile(_ctx(workspace)) == {"response.language": ("en", "profile")}
    assert "user.timezone" not in (workspace / "PROFILE.md").read_text("utf-8")


def test_a_fact_past_its_ttl_is_not_served_by_search_before_the_daily_job_archives_it(workspace: Path) -> None:
    """An expired fact never resolves (docs/design.md §4); its line stays in PROFILE.md, and in the
    index, until the daily job archives it — search leaves it out meanwhile (explore6 #3)."""
    import re
    import sqlite3

    from memory_store.search.schema import index_path

    _ids(workspace, "travel.door_code_hint", "BlueHeron gate, side entrance", "--ttl", "1h")
    _ids(workspace, "travel.bag_hint", "BlueHeron tag on the blue bag")
    profile = workspace / "PROFILE.md"
    text = profile.read_text("utf-8")
    door = next(ln for ln in text.splitlines() if "door_code_hint" in ln)
    profile.write_text(text.replace(door, re.sub(r"updated_at:[^ |]+", "updated_at:2020-01-01T00:00:00Z", door)),
                       "utf-8")                        # set in 2020 for an hour: expired, not yet archived
    update_index(config(workspace))
    with sqlite3.connect(index_path(config(workspace).state_dir)) as db:
        assert db.execute("SELECT count(*) FROM rows WHERE path = 'PROFILE.md'").fetchone()[0] == 2
    hits = search(config(workspace), "BlueHeron", SearchOptions(layers=("user_model",))).hits
    assert len(hits) == 1 and "blue bag" in hits[0].title + hits[0].body
    assert "status:active" in next(ln for ln in profile.read_text("utf-8").splitlines() if "door_code_hint" in ln)
