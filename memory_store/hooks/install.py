"""Installing memjobs' hook-up into an agent's own files (docs/design.md §3 "hook install";
docs/spec/context.md §8): only the agent's own settings files (`settings.json`,
`settings.local.json`, `config.toml`, `AGENTS.md`), only memjobs' entries in them. Before a file
is changed a copy of it is kept beside it (`<name>.memjobs-backup-<time>`); a file that does not
parse is refused; the write is atomic and re-checked against a concurrent change
(memory_store/fileio.py); installing twice changes nothing the second time; `dry_run` shows the
diff and writes nothing; uninstall takes exactly memjobs' entries out again.
"""
from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memory_store.errors import UsageError
from memory_store.fileio import atomic_write, read_snapshot, replace_checked
from memory_store.hooks import merge, snippets

# The row of the writers table for `hook install`: these file names, nothing else.
HOOK_FILES = ("settings.json", "settings.local.json", "config.toml", "AGENTS.md")


@dataclass
class FileChange:
    path: Path
    action: str                          # created | updated | unchanged | removed (uninstall) | absent
    backup: Path | None = None
    diff: str = ""
    notes: list[str] = field(default_factory=list)   # what the user must know: another workspace's hook

    def to_dict(self) -> dict[str, Any]:
        return {"path": str(self.path), "action": self.action,
                "backup": str(self.backup) if self.backup else None, "diff": self.diff, "notes": self.notes}


Transform = Callable[[str | None], str | None]


def default_target(agent: str, env: dict[str, str] | None = None) -> Path:
    """Where each agent keeps what memjobs changes: Claude Code's user settings file, Codex's home
    folder ($CODEX_HOME), OpenClaw's workspace folder ($OPENCLAW_WORKSPACE)."""
    env = dict(os.environ) if env is None else env
    home = Path(env.get("HOME") or Path.home())
    if agent == "claude-code":
        return home / ".claude" / "settings.json"
    if agent == "codex":
        return Path(env["CODEX_HOME"]) if env.get("CODEX_HOME") else home / ".codex"
    if agent == "openclaw":
        return Path(env["OPENCLAW_WORKSPACE"]) if env.get("OPENCLAW_WORKSPACE") else home / ".openclaw" / "workspace"
    raise UsageError(f"unknown agent {agent!r}: one of {', '.join(snippets.AGENTS)}")


def plan(agent: str, target: Path, workspace: Path, base: list[str], *, per_prompt: bool = False,
         remove: bool = False) -> list[tuple[Path, Transform]]:
    """The files to change for `agent` and how (install, or `remove`)."""
    if agent not in snippets.AGENTS:
        raise UsageError(f"unknown agent {agent!r}: one of {', '.join(snippets.AGENTS)}")
    if per_prompt and agent != "claude-code":
        raise UsageError("--per-prompt is for claude-code (Codex and OpenClaw read their memory through AGENTS.md)")
    ws = workspace.resolve()
    if agent == "claude-code":
        where = str(target)
        hooks = snippets.claude_code_hooks(base, ws, per_prompt=per_prompt)
        # One memjobs context a session: an install replaces another workspace's hook (and says so,
        # `notes`); an uninstall takes out only this workspace's, and says which it left.
        return [(target, (lambda t: merge.unmerge_claude_settings(t, where, str(ws))) if remove
                 else (lambda t: merge.merge_claude_settings(t, hooks, where)))]
    if target.suffix:
        raise UsageError(f"for {agent}, give the folder that holds AGENTS.md, not a file: {target}")
    agents_md = target / "AGENTS.md"
    block = snippets.agents_block(agent, base, ws)
    md: Transform = ((lambda t: merge.unmerge_block(t, str(agents_md))) if remove
                     else (lambda t: merge.merge_block(t, block, str(agents_md))))
    if agent == "openclaw":
        return [(agents_md, md)]
    toml_path = target / "config.toml"
    table = snippets.codex_toml(base, ws)
    toml: Transform = ((lambda t: merge.unmerge_codex_toml(t, str(toml_path))) if remove
                       else (lambda t: merge.merge_codex_toml(t, table, str(toml_path))))
    return [(toml_path, toml), (agents_md, md)]


def other_workspaces(agent: str, target: Path, workspace: Path, *, remove: bool = False) -> list[str]:
    """What the user must know before the change, as sentences: the Claude Code settings file's
    memjobs hooks that read another workspace — replaced by an install (one memjobs context a
    session), left in place by an uninstall."""
    if agent != "claude-code":
        return []
    others = [w for w in merge.claude_hook_workspaces(read_snapshot(target.resolve()).text, str(target))
              if Path(w).expanduser().resolve() != workspace.resolve()]
    if remove:
        return [f"left memjobs' hook of another workspace, {w} (uninstall it with --workspace {w})" for w in others]
    return [f"replaces memjobs' hook of another workspace, {w}: a session reads one workspace's memory"
            for w in others]


def apply(changes: list[tuple[Path, Transform]], *, dry_run: bool = False, remove: bool = False,
          now: datetime | None = None) -> list[FileChange]:
    """Run every transform; each file is checked (it must parse) before any is written."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    staged = []
    for path, transform in changes:
        if path.name not in HOOK_FILES:
            raise UsageError(f"memjobs hook install only writes {', '.join(HOOK_FILES)}, not {path.name}")
        real = path.resolve()                # a settings file that is a symlink: write where it points
        before = read_snapshot(real).text
        after = transform(before)
        staged.append((path, real, transform, before, after))
    out = []
    for path, real, transform, before, after in staged:
        if after is None or after == before:
            out.append(FileChange(path, "unchanged" if before is not None else "absent"))
            continue
        diff = "".join(difflib.unified_diff((before or "").splitlines(True), after.splitlines(True),
                                            str(path), str(path)))
        action = "created" if before is None else "removed" if remove else "updated"
        if dry_run:
            out.append(FileChange(path, action, None, diff))
            continue
        backup = real.with_name(f"{real.name}.memjobs-backup-{stamp}") if before is not None else None

        def write(text: str | None, transform: Transform = transform, backup: Path | None = backup) -> str | None:
            new = transform(text)
            if new is not None and new != text and backup is not None and text is not None:
                atomic_write(backup, text.encode("utf-8"))
            return new

        replace_checked(real, write)
        out.append(FileChange(path, action, backup, diff))
    return out

