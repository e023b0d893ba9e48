"""What each agent gets (docs/spec/context.md §8), built for one workspace and one memjobs command.

- Claude Code: a `SessionStart` hook (and, optionally, a `UserPromptSubmit` one) in its
  settings.json running `memjobs context --hook-input claude-code --tolerate-failure`; its stdout
  on exit 0 is added to the model's context. The command ends in `|| true`: a hook that exits 2
  blocks a prompt, and a memjobs failure must never block the agent.
- Codex: the `memjobs mcp` server in config.toml (`[mcp_servers.memjobs]`) and a short block in
  AGENTS.md asking for `memory_context` at the start of each task.
- OpenClaw: a block in the workspace's AGENTS.md (injected at bootstrap) asking the agent to run
  `memjobs context` for its session and to search memory before answering about past work.
"""
from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

AGENTS = ("claude-code", "codex", "openclaw")
HOOK_FLAG = "--hook-input"           # how memjobs' own hook entries are recognised
TIMEOUT_S = {"SessionStart": 15, "UserPromptSubmit": 10}
BEGIN = "<!-- memjobs:begin (managed by `memjobs hook install`; edit outside these lines) -->"
END = "<!-- memjobs:end -->"
TOML_BEGIN = "# memjobs:begin (managed by `memjobs hook install codex`; edit outside these lines)"
TOML_END = "# memjobs:end"


def memjobs_argv() -> list[str]:
    """How an agent starts this memjobs, as an absolute path (an agent's hook may not have the
    user's PATH): the `memjobs` being run, else the one on PATH, else this interpreter's module."""
    argv0 = Path(sys.argv[0])
    if argv0.name == "memjobs" and argv0.is_file():
        return [str(argv0.absolute())]
    found = shutil.which("memjobs")
    return [str(Path(found).absolute())] if found else [sys.executable, "-m", "jobs"]


def context_command(base: list[str], workspace: Path, agent: str, *, per_prompt: bool = False) -> str:
    args = [*base, "--workspace", str(workspace), "context", HOOK_FLAG, agent, "--format", "markdown",
            "--tolerate-failure"]
    if per_prompt:
        args += ["--task-type", "prompt"]
    return shlex.join(args) + " || true"


def claude_code_hooks(base: list[str], workspace: Path, *, per_prompt: bool) -> dict[str, list[dict[str, object]]]:
    """Event name -> the matcher groups memjobs adds to settings.json's `hooks`."""
    out: dict[str, list[dict[str, object]]] = {"SessionStart": [{"hooks": [
        {"type": "command", "command": context_command(base, workspace, "claude-code"),
         "timeout": TIMEOUT_S["SessionStart"]}]}]}
    if per_prompt:
        out["UserPromptSubmit"] = [{"hooks": [
            {"type": "command", "command": context_command(base, workspace, "claude-code", per_prompt=True),
             "timeout": TIMEOUT_S["UserPromptSubmit"]}]}]
    return out


def codex_toml(base: list[str], workspace: Path) -> str:
    """The `[mcp_servers.memjobs]` table, between memjobs' marker comments."""
    args = ", ".join(_toml_str(a) for a in [*base[1:], "--workspace", str(workspace), "mcp"])
    return (f"{TOML_BEGIN}\n[mcp_servers.memjobs]\ncommand = {_toml_str(base[0])}\nargs = [{args}]\n"
            f"startup_timeout_sec = 20\n{TOML_END}\n")


def _toml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def agents_block(agent: str, base: list[str], workspace: Path) -> str:
    """The AGENTS.md block (between memjobs' markers) for Codex or OpenClaw."""
    cmd = shlex.join([*base, "--workspace", str(workspace), "context", "--tolerate-failure"])
    if agent == "codex":
        body = ("At the start of every task, call the MCP tool `memory_context` (server `memjobs`) with `task` set "
                "to what you are about to do, and keep what it returns in mind: the user's preferences, this "
                "session's context, decisions and procedures. Before answering about past work, call "
                f"`memory_search`. Without the tool, run `{cmd} --task \"<the task>\"`.")
    else:
        body = ("At the start of every session, run this with the exec tool and keep its output in mind (the "
                "user's preferences, this session's context, decisions, procedures):\n\n"
                f"    {cmd} --session <this session's id> --task \"<the task>\"\n\n"
                "Before answering about past work, run `memjobs search \"<question>\"` (or use memory_search).")
    return f"{BEGIN}\n## Memory (memjobs)\n\n{body}\n{END}\n"
