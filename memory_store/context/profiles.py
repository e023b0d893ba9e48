"""Task-type profiles of the runtime context (docs/spec/context.md §7): `--task-type NAME` picks
`context.profiles.NAME` — a budget, caps and which layers to show — over the context section's
values. Two are built in and may be redefined: `reply` (everything; the default) and `prompt` (a
small per-prompt reminder: this session's entries, procedures matching the prompt, hints)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from memory_store.context.model import GROUPS, LAYER_OF
from memory_store.errors import UsageError

DEFAULT_TASK_TYPE = "reply"
# name -> (overrides, layers); a configured profile of the same name replaces it whole
BUILTIN: dict[str, tuple[dict[str, int], tuple[str, ...] | None]] = {
    "reply": ({}, None),
    "prompt": ({"budget": 400}, ("session", "procedures")),
}


@dataclass(frozen=True)
class Settings:
    """The effective context settings of one task type."""

    task_type: str
    budget: int
    max_items: int
    min_value_length: int
    episodes: int
    procedures: int
    groups: tuple[str, ...]              # in assembly order


def groups_of(layers: tuple[str, ...] | None) -> tuple[str, ...]:
    """The groups that `layers` (layer or group names) stand for, in assembly order. The caller's
    hints are always passed through: the caller asked for them."""
    if layers is None:
        return GROUPS
    wanted = {*layers, "hints"}
    return tuple(g for g in GROUPS if g in wanted or LAYER_OF[g] in wanted)


def task_types(cfg: Any) -> list[str]:
    return sorted({*BUILTIN, *(p.name for p in cfg.context.profiles)})


def settings(cfg: Any, task_type: str | None) -> Settings:
    """The settings of `task_type` (default `reply`); an unknown name is a usage error."""
    name = task_type or DEFAULT_TASK_TYPE
    base = cfg.context
    # the Settings' names, each with the configuration's (`context.budget_tokens` is the budget)
    keys = {"budget": "budget_tokens", "max_items": "max_items", "min_value_length": "min_value_length",
            "episodes": "episodes", "procedures": "procedures"}
    values = {k: getattr(base, key) for k, key in keys.items()}
    configured = next((p for p in base.profiles if p.name == name), None)
    if configured is not None:
        values.update({k: getattr(configured, key) for k, key in keys.items() if getattr(configured, key) is not None})
        layers = configured.layers
    elif name in BUILTIN:
        overrides, layers = BUILTIN[name]
        values.update(overrides)
    else:
        raise UsageError(f"unknown task type {name!r}: one of {', '.join(task_types(cfg))} "
                         "(define more under context.profiles in memjobs.yaml)")
    return Settings(name, groups=groups_of(layers), **values)
