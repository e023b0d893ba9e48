"""What an agent's hook passes on stdin (docs/spec/context.md §8): Claude Code and Codex send one
JSON object with `session_id`, `cwd`, `hook_event_name` and, for a prompt hook, `prompt`. memjobs
reads this session's id, the project (`cwd`: its path, and the last part as its id) and the task
(the prompt) from it.
Anything unreadable gives nothing: a hook must never fail because of its input."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import PurePath
from typing import IO

MAX_INPUT = 1 << 20                      # bytes read from stdin at most
MAX_TASK = 2000                          # characters of the prompt used as the task


@dataclass(frozen=True)
class HookInput:
    session: str | None = None
    project: str | None = None           # the last part of cwd
    cwd: str | None = None
    task: str | None = None
    problem: str | None = None           # why nothing was read, for a warning


def parse(text: str) -> HookInput:
    if not text.strip():
        return HookInput(problem="the hook passed nothing on stdin")
    try:
        data = json.loads(text)
    except ValueError as exc:
        return HookInput(problem=f"the hook's stdin is not JSON ({exc})")
    if not isinstance(data, dict):
        return HookInput(problem="the hook's stdin is not a JSON object")

    def text_of(key: str) -> str | None:
        value = data.get(key)
        return value.strip() or None if isinstance(value, str) else None

    cwd = text_of("cwd")
    project = PurePath(cwd).name or None if cwd else None
    prompt = text_of("prompt")
    return HookInput(text_of("session_id"), project, cwd, prompt[:MAX_TASK] if prompt else None)


def read(stream: IO[str]) -> HookInput:
    """The hook input on `stream` (nothing when it is a terminal)."""
    try:
        if stream.isatty():
            return HookInput(problem="stdin is a terminal, not a hook")
        return parse(stream.read(MAX_INPUT))
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        return HookInput(problem=f"cannot read the hook's stdin ({exc})")
