"""The user model (docs/design.md §6, layers): resolved PROFILE, reset by archiving every PROFILE fact
through the core writer, each archive audited; search returns it only when asked for."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.search.indexer import update_index
from memory_store.search.query import SearchOptions, search
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
