"""`memjobs hook print|install|uninstall` (docs/spec/context.md §8) on real files: the Claude Code
hook it installs, run as Claude Code runs it (a shell, the event's JSON on stdin), prints this
session's memory and always exits 0; install merges into settings.json / config.toml / AGENTS.md
keeping every byte of the user's own content, backs the file up first, refuses a file that does
not parse, changes nothing the second time, --dry-run writes nothing, uninstall takes exactly
memjobs' part out again."""
from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from memory_store.hooks import merge
from tests.conftest import cli
from tests.memory_store.context.test_context import add_lines, core_line, fill

BASE = shlex.join([sys.executable, "-m", "jobs"])
USER_SETTINGS = {
    "permissions": {"allow": ["Bash(npm run test:*)"], "deny": ["Read(./.env)"]},
    "env": {"FOO": "bar"},
    "hooks": {
        "SessionStart": [{"matcher": "startup", "hooks": [{"type": "command", "command": "echo hello"}]}],
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./check.sh", "timeout": 5}]}],
    },
    "model": "opus",
}


def hook(ws: Path, *args: str) -> Any:
    return cli("--workspace", str(ws), "hook", *args, "--memjobs", BASE)


def run_hook(command: str, event: dict[str, Any], cwd: Path) -> subprocess.CompletedProcess[str]:
    """As Claude Code runs a command hook: through a shell, in the project folder, the JSON on stdin."""
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "TZ", "LANG")}
    return subprocess.run(["sh", "-c", command], input=json.dumps(event), capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=60)


def event(name: str, cwd: Path, **extra: str) -> dict[str, Any]:
    return {"session_id": "s1", "transcript_path": f"/home/u/.claude/projects/-x/{'s1'}.jsonl", "cwd": str(cwd),
            "permission_mode": "default", "hook_event_name": name, **extra}


def test_the_claude_code_hook_prints_this_sessions_memory_and_never_fails(workspace: Path, tmp_path: Path) -> None:
    fill(workspace)
    add_lines(workspace / "PROFILE.md", core_line("response.style", "short answers, no emoji", priority=70))
    r = hook(workspace, "print", "claude-code", "--per-prompt")
    assert r.exit_code == 0, r.output
    hooks = json.loads(r.stdout)["hooks"]
    start = hooks["SessionStart"][0]["hooks"][0]
    prompt = hooks["UserPromptSubmit"][0]["hooks"][0]
    assert start["type"] == "command" and start["timeout"] == 15 and prompt["timeout"] == 10
    project = tmp_path / "nimbus"
    project.mkdir()
    p = run_hook(start["command"], event("SessionStart", project, source="startup"), project)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("# Memory context")
    assert "task.current: fix the booking overlap bug" in p.stdout        # session s1, from the stdin JSON
    assert "somebody else's task" not in p.stdout and "response.style: short answers" in p.stdout
    p = run_hook(prompt["command"], event("UserPromptSubmit", project, prompt="please run the test suite"), project)
    assert p.returncode == 0, p.stderr
    assert "## Procedures" in p.stdout and "run the test suite: start the database" in p.stdout   # the prompt
    assert "## User model" not in p.stdout                                          # task type prompt
    # a memjobs failure never blocks the agent: no workspace, garbage on stdin, a bad flag
    gone = start["command"].replace(str(workspace.resolve()), str(tmp_path / "nowhere"))
    p = run_hook(gone, event("SessionStart", project), project)
    assert p.returncode == 0 and p.stdout == ""
    p = subprocess.run(["sh", "-c", start["command"]], input="not json", capture_output=True, text=True, cwd=project,
                       timeout=60)
    assert p.returncode == 0 and p.stdout.startswith("# Memory context") and "not JSON" in p.stderr
    p = run_hook(start["command"].replace("--format markdown", "--format yaml"), event("SessionStart", project),
                 project)
    assert p.returncode == 0                                   # a usage error (2) would block a prompt


def test_install_merges_into_claude_settings_keeping_everything_else(workspace: Path, tmp_path: Path) -> None:
    settings = tmp_path / "claude" / "settings.json"
    settings.parent.mkdir()
    original = json.dumps(USER_SETTINGS, indent=4) + "\n"
    settings.write_text(original, encoding="utf-8")
    r = hook(workspace, "install", "claude-code", "--target", str(settings), "--dry-run")
    assert r.exit_code == 0 and "+" in r.stdout and "would update" in r.stdout
    assert settings.read_text() == original and not list(settings.parent.glob("*.memjobs-backup-*"))
    r = hook(workspace, "install", "claude-code", "--target", str(settings), "--per-prompt", "--json")
    assert r.exit_code == 0, r.output
    files = json.loads(r.stdout)["files"]
    assert files[0]["action"] == "updated" and Path(files[0]["backup"]).read_text() == original
    data = json.loads(settings.read_text())
    assert settings.read_text().startswith('{\n    "permissions"')                      # the user's indent
    assert {k: v for k, v in data.items() if k != "hooks"} == {k: v for k, v in USER_SETTINGS.items() if k != "hooks"}
    assert data["hooks"]["PreToolUse"] == USER_SETTINGS["hooks"]["PreToolUse"]
    starts = data["hooks"]["SessionStart"]
    assert starts[0] == USER_SETTINGS["hooks"]["SessionStart"][0]
    assert "--hook-input claude-code" in json.dumps(starts[1])
    # the command as installed, run as Claude Code runs it
    fill(workspace)
    p = run_hook(starts[1]["hooks"][0]["command"], event("SessionStart", tmp_path, source="resume"), tmp_path)
    assert p.returncode == 0 and "task.current: fix the booking overlap bug" in p.stdout, p.stderr
    assert len(data["hooks"]["UserPromptSubmit"]) == 1
    # twice: nothing changes, no new backup
    before = settings.read_bytes()
    r = hook(workspace, "install", "claude-code", "--target", str(settings), "--per-prompt")
    assert r.exit_code == 0 and "nothing to change" in r.stdout and settings.read_bytes() == before
    assert len(list(settings.parent.glob("*.memjobs-backup-*"))) == 1
    # again without --per-prompt: the prompt hook goes, with the event list memjobs alone filled
    hook(workspace, "install", "claude-code", "--target", str(settings))
    assert "UserPromptSubmit" not in json.loads(settings.read_text())["hooks"]
    r = hook(workspace, "uninstall", "claude-code", "--target", str(settings))
    assert r.exit_code == 0 and "removed" in r.stdout
    assert json.loads(settings.read_text()) == USER_SETTINGS


def test_install_creates_a_missing_settings_file_and_refuses_one_it_cannot_parse(workspace: Path,
                                                                               tmp_path: Path) -> None:
    settings = tmp_path / "new" / ".claude" / "settings.json"
    r = hook(workspace, "install", "claude-code", "--target", str(settings))
    assert r.exit_code == 0 and "created" in r.stdout
    assert list(json.loads(settings.read_text())["hooks"]) == ["SessionStart"]
    for bad in ('{"hooks": {"SessionStart": [}', '["a list"]', '{"hooks": []}', '{"hooks": {"Stop": {}}}'):
        settings.write_text(bad, encoding="utf-8")
        r = hook(workspace, "install", "claude-code", "--target", str(settings))
        assert r.exit_code == 1 and "nothing was written" in r.output
        assert settings.read_text() == bad and not list(settings.parent.glob("*.memjobs-backup-*"))
    assert hook(workspace, "install", "aider").exit_code == 2
    assert hook(workspace, "install", "codex", "--per-prompt", "--target", str(tmp_path / "cx")).exit_code == 2


def test_a_symlinked_settings_file_is_written_where_it_points(workspace: Path, tmp_path: Path) -> None:
    real = tmp_path / "dotfiles" / "settings.json"
    real.parent.mkdir()
    real.write_text('{"model": "opus"}\n', encoding="utf-8")
    link = tmp_path / "claude" / "settings.json"
    link.parent.mkdir()
    link.symlink_to(real)
    assert hook(workspace, "install", "claude-code", "--target", str(link)).exit_code == 0
    assert link.is_symlink() and "SessionStart" in json.loads(real.read_text())["hooks"]


CODEX_TOML = """# my Codex settings
model = "gpt-5-codex"   # keep this comment

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp"]
"""


def test_codex_gets_the_mcp_server_and_agents_md_lines(workspace: Path, tmp_path: Path) -> None:
    home = tmp_path / "codex"
    home.mkdir()
    (home / "config.toml").write_text(CODEX_TOML, encoding="utf-8")
    (home / "AGENTS.md").write_text("# My rules\n\nAlways use pnpm.\n", encoding="utf-8")
    r = hook(workspace, "install", "codex", "--target", str(home))
    assert r.exit_code == 0, r.output
    text = (home / "config.toml").read_text()
    assert text.startswith(CODEX_TOML)                                      # comments and all, untouched
    conf = tomllib.loads(text)
    assert conf["model"] == "gpt-5-codex" and conf["mcp_servers"]["docs"]["command"] == "npx"
    server = conf["mcp_servers"]["memjobs"]
    assert [server["command"], *server["args"]] == [*shlex.split(BASE), "--workspace", str(workspace.resolve()),
                                                    "mcp"]
    agents = (home / "AGENTS.md").read_text()
    assert agents.startswith("# My rules\n\nAlways use pnpm.\n\n<!-- memjobs:begin") and "memory_context" in agents
    before = {p.name: p.read_bytes() for p in home.iterdir()}
    assert "nothing to change" in hook(workspace, "install", "codex", "--target", str(home)).stdout
    assert {p.name: p.read_bytes() for p in home.iterdir()} == before
    # the MCP server it names really serves memory_context
    p = subprocess.run([server["command"], *server["args"]], input="", capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert hook(workspace, "uninstall", "codex", "--target", str(home)).exit_code == 0
    assert (home / "config.toml").read_text() == CODEX_TOML
    assert (home / "AGENTS.md").read_text() == "# My rules\n\nAlways use pnpm.\n"


@pytest.mark.parametrize(("toml", "message"), [
    ("model = \n", "not valid TOML"),
    ("[mcp_servers.memjobs]\ncommand = \"memjobs\"\n", "by hand"),
    ("mcp_servers = { docs = { command = \"npx\" } }\n", "not valid TOML"),
])
def test_codex_config_that_cannot_take_the_server_is_refused(workspace: Path, tmp_path: Path, toml: str,
                                                             message: str) -> None:
    home = tmp_path / "codex"
    home.mkdir()
    (home / "config.toml").write_text(toml, encoding="utf-8")
    r = hook(workspace, "install", "codex", "--target", str(home))
    assert r.exit_code == 1 and message in r.output
    assert (home / "config.toml").read_text() == toml and not (home / "AGENTS.md").exists()


def test_openclaw_gets_an_agents_md_block_and_unbalanced_markers_are_refused(workspace: Path,
                                                                            tmp_path: Path) -> None:
    oc = tmp_path / "openclaw-ws"
    oc.mkdir()
    mine = "# AGENTS.md\n\nBe kind.\n"
    (oc / "AGENTS.md").write_text(mine, encoding="utf-8")
    r = hook(workspace, "print", "openclaw")
    assert r.exit_code == 0 and "--session <this session's id>" in r.stdout
    assert hook(workspace, "install", "openclaw", "--target", str(oc)).exit_code == 0
    text = (oc / "AGENTS.md").read_text()
    assert text.startswith(mine) and text.count("memjobs:begin") == 1 and r.stdout in text
    assert hook(workspace, "uninstall", "openclaw", "--target", str(oc)).exit_code == 0
    assert (oc / "AGENTS.md").read_text() == mine
    broken = mine + "<!-- memjobs:begin (managed by `memjobs hook install`; edit outside these lines) -->\nhalf\n"
    (oc / "AGENTS.md").write_text(broken, encoding="utf-8")
    r = hook(workspace, "install", "openclaw", "--target", str(oc))
    assert r.exit_code == 1 and "unbalanced" in r.output and (oc / "AGENTS.md").read_text() == broken
    assert hook(workspace, "install", "openclaw", "--target", str(oc / "AGENTS.md")).exit_code == 2


def test_a_memjobs_hook_keeps_its_place_among_the_users_hooks() -> None:
    ours = {"SessionStart": [{"hooks": [{"type": "command", "command": "m context --hook-input claude-code"}]}]}
    first = {"hooks": [{"type": "command", "command": "echo first"}]}
    text = json.dumps({"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "old context "
                                                                                          "--hook-input x"}]},
                                                  first]}})
    merged = json.loads(merge.merge_claude_settings(text, ours, "s.json"))
    assert merged["hooks"]["SessionStart"] == [ours["SessionStart"][0], first]


def test_hook_print_has_json_with_what_the_plain_output_prints(workspace: Path) -> None:
    """Pins: the README lists `--json` for `hook print|install|uninstall`; `hook print` had none.
    Its JSON holds, per file, the same content the plain output prints."""
    for agent in ("claude-code", "codex", "openclaw"):
        plain = hook(workspace, "print", agent)
        r = hook(workspace, "print", agent, "--json")
        assert r.exit_code == 0 and plain.exit_code == 0, r.output
        info = json.loads(r.stdout)
        assert info["agent"] == agent
        files = [s["file"] for s in info["snippets"]]
        if agent == "claude-code":
            (snippet,) = info["snippets"]
            assert snippet["how"] == "merge" and snippet["content"] == json.loads(plain.stdout)
        else:
            assert files[-1].endswith("AGENTS.md") and all(s["how"] == "append" for s in info["snippets"])
            assert "".join(s["content"] + ("\n" if s["file"].endswith(".toml") else "")
                           for s in info["snippets"]) == plain.stdout
    per_prompt = json.loads(hook(workspace, "print", "claude-code", "--per-prompt", "--json").stdout)
    assert "UserPromptSubmit" in per_prompt["snippets"][0]["content"]["hooks"]
    assert hook(workspace, "print", "codex", "--per-prompt", "--json").exit_code == 2


def test_two_workspaces_one_settings_file_install_says_it_replaces_and_uninstall_leaves_the_other(
        workspace: Path, tmp_path: Path) -> None:
    """A user with two workspaces: installing A over B's hook says so (one memjobs context a session),
    and A's uninstall never takes out B's hook, saying which it left."""
    other = tmp_path / "other ws"
    assert cli("init", str(other)).exit_code == 0
    settings = tmp_path / "claude" / "settings.json"
    assert hook(other, "install", "claude-code", "--target", str(settings)).exit_code == 0
    r = hook(workspace, "install", "claude-code", "--target", str(settings), "--json")
    assert r.exit_code == 0, r.output
    (changed,) = json.loads(r.stdout)["files"]
    assert changed["action"] == "updated" and any(str(other.resolve()) in n and "replaces" in n
                                                  for n in changed["notes"]), changed
    assert str(other.resolve()) not in settings.read_text()                 # one context a session
    # B installs again, then A uninstalls: B's hook stays, and the output says so
    assert hook(other, "install", "claude-code", "--target", str(settings)).exit_code == 0
    before = settings.read_text()
    r = hook(workspace, "uninstall", "claude-code", "--target", str(settings))
    assert r.exit_code == 0 and "nothing to change" in r.stdout and str(other.resolve()) in r.stdout, r.output
    assert settings.read_text() == before
    r = hook(other, "uninstall", "claude-code", "--target", str(settings))
    assert r.exit_code == 0 and "removed" in r.stdout
    assert "--hook-input" not in settings.read_text()
