"""Merging memjobs' entries into an agent's own files, and taking them out again, as pure text
functions (docs/spec/context.md §8): everything else in the file is kept — other hooks, other MCP
servers, the user's own AGENTS.md text and comments. A file that does not parse is refused, never
rewritten. Each function returns the new text, or the same text when there is nothing to change.
"""
from __future__ import annotations

import json
import re
import shlex
from typing import Any

from memory_store.errors import MemjobsError
from memory_store.hooks.snippets import BEGIN, END, HOOK_FLAG, TOML_BEGIN, TOML_END


class HookRefused(MemjobsError):
    """The agent's file cannot be merged into safely (it does not parse, or memjobs' part of it
    was edited by hand); nothing was written."""

    code = "hook_refused"


# ---- Claude Code: settings.json ----------------------------------------------------------------

def _load_settings(text: str | None, where: str) -> dict[str, Any]:
    if text is None or not text.strip():
        return {}
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise HookRefused(f"{where} is not valid JSON ({exc}); fix it first, nothing was written") from None
    if not isinstance(data, dict):
        raise HookRefused(f"{where} must hold a JSON object; nothing was written")
    hooks = data.get("hooks")
    if hooks is not None and not isinstance(hooks, dict):
        raise HookRefused(f"{where}: `hooks` must be an object; nothing was written")
    for event, groups in (hooks or {}).items():
        if not isinstance(groups, list):
            raise HookRefused(f"{where}: `hooks.{event}` must be a list; nothing was written")
    return data


def _ours(hook: Any) -> bool:
    return isinstance(hook, dict) and HOOK_FLAG in str(hook.get("command", "")) and " context " in str(
        hook.get("command", ""))


def hook_workspace(hook: Any) -> str | None:
    """The workspace a memjobs hook's command reads (`--workspace PATH`), None when it names none
    or does not parse."""
    try:
        words = shlex.split(str(hook.get("command", "")))
    except ValueError:
        return None
    at = next((n for n, w in enumerate(words) if w == "--workspace"), None)
    return words[at + 1] if at is not None and at + 1 < len(words) else None


def claude_hook_workspaces(text: str | None, where: str) -> list[str]:
    """The workspaces memjobs' hooks in a settings.json read, each once, in order."""
    if text is None:
        return []
    out: list[str] = []
    for groups in (_load_settings(text, where).get("hooks") or {}).values():
        for group in groups:
            for hook in (group.get("hooks") or []) if isinstance(group, dict) else []:
                if _ours(hook) and (ws := hook_workspace(hook)) is not None and ws not in out:
                    out.append(ws)
    return out


def _without_ours(groups: list[Any], workspace: str | None = None) -> list[Any]:
    """The matcher groups with memjobs' hooks taken out — only those reading `workspace` when it is
    given (another workspace's hook stays) — and a group left empty goes too."""
    out = []
    for group in groups:
        if isinstance(group, dict) and isinstance(group.get("hooks"), list):
            kept = [h for h in group["hooks"]
                    if not (_ours(h) and (workspace is None or hook_workspace(h) in (workspace, None)))]
            if not kept and group["hooks"]:
                continue
            if len(kept) != len(group["hooks"]):
                group = {**group, "hooks": kept}
        out.append(group)
    return out


def _indent_of(text: str | None) -> str:
    """The indentation of the file's first indented line (spaces or tabs); two spaces for a new file."""
    m = re.search(r"\n([ \t]+)\S", text or "")
    return m.group(1) if m else "  "


def _dump(data: dict[str, Any], like: str | None) -> str:
    """`data` as JSON written the way `like` is: its indentation, and a final newline only if it has one
    (a new file gets one), so an install + uninstall gives the user's bytes back."""
    end = "" if like is not None and not like.endswith("\n") else "\n"
    return json.dumps(data, indent=_indent_of(like), ensure_ascii=False) + end


def _first_ours(groups: list[Any]) -> int | None:
    return next((n for n, g in enumerate(groups) if isinstance(g, dict) and isinstance(g.get("hooks"), list)
                 and any(_ours(h) for h in g["hooks"])), None)


def merge_claude_settings(text: str | None, ours: dict[str, list[dict[str, object]]], where: str) -> str:
    """settings.json with memjobs' hooks: a previous memjobs hook replaced where it was, every other
    key, event and hook kept in place and order; an event memjobs no longer installs loses its hook
    (and goes, when that hook was all it had)."""
    data = _load_settings(text, where)
    hooks: dict[str, Any] = {}
    for event, groups in (data.get("hooks") or {}).items():
        at = _first_ours(groups)
        kept = _without_ours(groups)
        if event in ours:
            pos = len(kept) if at is None else min(at, len(kept))
            kept[pos:pos] = ours[event]
        if kept or not groups:
            hooks[event] = kept
    for event, groups in ours.items():
        hooks.setdefault(event, list(groups))
    new = {**data, "hooks": hooks}
    if text is not None and new == data:
        return text
    return _dump(new, text)


def unmerge_claude_settings(text: str | None, where: str, workspace: str | None = None) -> str | None:
    """settings.json without memjobs' hooks — those reading `workspace` when it is given, and those
    naming no workspace — (an event list memjobs emptied goes, and an empty `hooks`)."""
    if text is None:
        return None
    data = _load_settings(text, where)
    hooks = data.get("hooks")
    if not hooks:
        return text
    kept = {}
    for event, groups in hooks.items():
        left = _without_ours(groups, workspace)
        if left or not groups:
            kept[event] = left
    new = {k: v for k, v in data.items() if k != "hooks"}
    if kept:
        new = {**data, "hooks": kept}
    return text if new == data else _dump(new, text)


# ---- Markdown (AGENTS.md): a marked block ------------------------------------------------------

def _block_span(text: str, begin: str, end: str, where: str) -> tuple[int, int] | None:
    starts = [m.start() for m in re.finditer(re.escape(begin), text)]
    ends = [m.end() for m in re.finditer(re.escape(end), text)]
    if not starts and not ends:
        return None
    if len(starts) != 1 or len(ends) != 1 or ends[0] < starts[0]:
        raise HookRefused(f"{where}: memjobs' markers ({begin.split()[0]} … {end.split()[0]}) are unbalanced; "
                          "fix them by hand, nothing was written")
    stop = ends[0] + 1 if text[ends[0]:ends[0] + 1] == "\n" else ends[0]
    return starts[0], stop


def merge_block(text: str | None, block: str, where: str, begin: str = BEGIN, end: str = END) -> str:
    """`block` (with its markers) in place of memjobs' previous block, else appended after a blank line
    (the text's own trailing blank lines kept; a text without a final newline gets none after the block)."""
    text = text or ""
    span = _block_span(text, begin, end, where)
    if span is not None:
        if span[1] == len(text) and not text.endswith("\n"):   # the file still ends without a newline
            block = block.rstrip("\n")
        return text[:span[0]] + block + text[span[1]:]
    if not text:
        return block
    if text.endswith("\n"):
        return text + "\n" + block       # one blank line more than the text had: unmerge_block takes it off
    return text + "\n\n" + block.rstrip("\n")   # no final newline: the file keeps none, and unmerge knows


def unmerge_block(text: str | None, where: str, begin: str = BEGIN, end: str = END) -> str | None:
    """The text without memjobs' block (and the blank line merge_block put before it)."""
    if text is None:
        return None
    span = _block_span(text, begin, end, where)
    if span is None:
        return text
    head = text[:span[0]]
    if span[1] == len(text) and not text.endswith("\n") and head.endswith("\n\n"):
        return head[:-2]                  # merge_block appended to a file without a final newline
    if head.endswith("\n\n"):
        head = head[:-1]
    return head + text[span[1]:]


# ---- Codex: config.toml -----------------------------------------------------------------------

def _check_toml(text: str, where: str) -> dict[str, Any]:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HookRefused(f"{where} is not valid TOML ({exc}); fix it first, nothing was written") from None


def merge_codex_toml(text: str | None, table: str, where: str) -> str:
    """config.toml with memjobs' `[mcp_servers.memjobs]` block; refused when the file does not parse,
    when a `memjobs` server was configured by hand, or when the result would not parse."""
    before = _check_toml(text or "", where)
    own = text is not None and TOML_BEGIN in text
    if not own and "memjobs" in (before.get("mcp_servers") or {}):
        raise HookRefused(f"{where} already configures an MCP server named memjobs by hand; remove it (or keep it "
                          "and skip this step), nothing was written")
    new = merge_block(text, table, where, TOML_BEGIN, TOML_END)
    after = _check_toml(new, where)
    if "memjobs" not in (after.get("mcp_servers") or {}):
        raise HookRefused(f"{where}: the memjobs server would not be read as mcp_servers.memjobs; nothing was written")
    return new


def unmerge_codex_toml(text: str | None, where: str) -> str | None:
    if text is None:
        return None
    _check_toml(text, where)
    return unmerge_block(text, where, TOML_BEGIN, TOML_END)
