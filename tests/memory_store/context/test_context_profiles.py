"""`--task-type NAME` (docs/spec/context.md §7): a profile of `context.profiles` in memjobs.yaml picks
the budget, the caps and which layers the context shows; `reply` (everything) is the default and
`prompt` is built in; an unknown name is a usage error (exit 2) on the CLI, the fast path and MCP;
a bad profile is a configuration error naming the key and the file."""
from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from memory_store.config import load_config
from memory_store.errors import ConfigError
from tests.conftest import cli_run
from tests.memory_store.context.test_context import NOW, _mcp, corrupt, fill, run

PROFILES = """transcripts: []
context:
  max_items: 20
  profiles:
    vote:
      budget: 200
      layers: [profile, hints]
    recap:
      max_items: 1
      episodes: 0
      layers: [thread]
"""


def heads(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("## ")]


def test_a_profile_picks_the_layers_budget_and_caps(workspace: Path) -> None:
    fill(workspace)
    (workspace / "memjobs.yaml").write_text(PROFILES, encoding="utf-8")
    everything = ["## Session context", "## Recent episodes", "## User model", "## Memory index",
                  "## Procedures", "## References", "## Hints"]
    args = ("--session", "s1", "--task", "run the tests", "--hint", "be brief")
    assert heads(run(workspace, *args)[1]) == everything                     # default: reply
    assert heads(run(workspace, *args, "--task-type", "reply")[1]) == everything
    code, out, err = run(workspace, *args, "--task-type", "vote", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["task_type"] == "vote" and data["shown"] == ["profile", "hints"] and data["budget"] == 200
    assert heads(data["text"]) == ["## User model", "## References", "## Hints"]
    assert data["thread_memory"] == {"session": [], "episodes": []} and data["long_memory"]["memory_index"] == []
    assert data["layers"]["thread"]["status"] == "off" and data["layers"]["long_memory"]["status"] == "loaded"
    assert data["events"] == []                          # a layer the profile leaves out is not a trim
    assert json.loads(run(workspace, *args, "--task-type", "vote", "--budget", "300", "--json")[1])["budget"] == 300
    data = json.loads(run(workspace, *args, "--task-type", "recap", "--json")[1])
    assert [i["key"] for i in data["thread_memory"]["session"]] == ["task.current"]
    assert data["thread_memory"]["episodes"] == [] and heads(data["text"]) == [
        "## Session context", "## References", "## Hints"]
    # the built-in per-prompt profile: session entries, matching procedures, hints; 400 tokens
    data = json.loads(run(workspace, *args, "--task-type", "prompt", "--json")[1])
    assert data["budget"] == 400 and heads(data["text"]) == [
        "## Session context", "## Procedures", "## References", "## Hints"]


def test_a_source_the_profile_does_not_show_cannot_fail_the_build(workspace: Path) -> None:
    fill(workspace)
    (workspace / "memjobs.yaml").write_text(PROFILES, encoding="utf-8")
    corrupt(workspace / "PROFILE.md")
    assert run(workspace, "--session", "s1")[0] == 1                    # reply shows the profile: no snapshot
    code, out, err = run(workspace, "--session", "s1", "--task-type", "recap")
    assert code == 0, err
    assert "fix the booking overlap bug" in out and "could not be read" not in out


def test_an_unknown_task_type_is_a_usage_error_everywhere(workspace: Path) -> None:
    fill(workspace)
    code, _, err = run(workspace, "--task-type", "poll_post")
    assert code == 2 and "unknown task type 'poll_post'" in err and "prompt, reply" in err
    code, _, _ = run(workspace, "--task-type", "poll_post", "--tolerate-failure")
    assert code == 2                                      # a usage error is not a memory failure
    p = cli_run("--workspace", str(workspace), "context", "--task-type", "poll_post")   # the console entry
    assert p.returncode == 2 and "unknown task type" in p.stderr
    p = cli_run("--workspace", str(workspace), "verify", "--task-type", "prompt", "--now", NOW)
    assert p.returncode == 0 and "task type prompt: shows session, procedures, hints" in p.stdout
    out = anyio.run(_mcp, workspace, [("memory_context", {"task_type": "poll_post"}),
                                      ("memory_context", {"task_type": "prompt", "format": "json"})])
    assert out[0][0] and "unknown task type" in out[0][1]
    assert not out[1][0] and json.loads(out[1][1])["task_type"] == "prompt"


@pytest.mark.parametrize(("body", "message"), [
    ("profiles: [vote]", "context.profiles must be a mapping"),
    ("profiles: {vote: {budget: 12}}", "context.profiles.vote.budget_tokens must be at least 128 tokens, not 12"),
    ("profiles: {vote: {max_items: -1}}", "context.profiles.vote.max_items must be not negative"),
    ("profiles: {vote: {budget: many}}", "context.profiles.vote.budget_tokens: expected int, got 'many'"),
    ("profiles: {vote: {layers: [profile, persona]}}", "unknown layer 'persona'"),
    ("profiles: {vote: {layers: profile}}", "context.profiles.vote.layers must be a list"),
    ("profiles: {vote: {colour: red}}", "unknown key 'context.profiles.vote.colour'"),
    ("profiles: {vote: 3}", "context.profiles.vote must be a mapping"),
    ("profiles: {'bad name': {}}", "bad task-type name 'bad name'"),
])
def test_a_bad_profile_is_a_config_error_naming_the_key(workspace: Path, body: str, message: str) -> None:
    (workspace / "memjobs.yaml").write_text(f"context:\n  {body}\n", encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(workspace)
    assert message in str(err.value) and "memjobs.yaml" in str(err.value.path)
    code, _, err_text = run(workspace)
    assert code != 0 and message in err_text


def test_profiles_show_in_the_effective_configuration(workspace: Path) -> None:
    (workspace / "memjobs.yaml").write_text(PROFILES, encoding="utf-8")
    cfg = load_config(workspace)
    assert cfg.to_dict()["context"]["profiles"] == {
        "vote": {"budget_tokens": 200, "layers": ["profile", "hints"]},
        "recap": {"max_items": 1, "episodes": 0, "layers": ["thread"]}}
    env = {"MEMJOBS_CONTEXT__PROFILES": "{quick: {budget: 300}}"}
    profiles = {p.name: p for p in load_config(workspace, env=env).context.profiles}
    assert profiles["quick"].budget_tokens == 300 and profiles["vote"].budget_tokens == 200
