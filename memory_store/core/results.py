"""What core-memory operations return (docs/design.md §6): a change to a fact, a resolution, a listed
entry; each with `to_dict` for `--json` and MCP."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from memory_store.core import document as doc
from memory_store.core.audit import entry_dict
from memory_store.core.resolve import Resolved
from memory_store.core.secret_values import shown
from memory_store.entries import LineEntry


@dataclass(frozen=True)
class Served:
    """What a key resolves to instead of a value just written (docs/spec/memory.md §3): the written fact
    is held but not in effect — its value, where it is written, and the rung of the ladder that decides."""
    value: str
    where: str
    why: str

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "where": self.where, "why": self.why}


@dataclass(frozen=True)
class Change:
    type: str                 # fact.created | fact.updated | fact.revoked | … | unchanged | stale
    scope: str
    file: str
    entry: LineEntry
    before: LineEntry | None = None
    run_id: str | None = None
    served: Served | None = None      # a write the precedence ladder shadows: what is served instead

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": self.type, "scope": self.scope, "file": self.file, "id": doc.entry_id(self.entry),
            "key": self.entry.key, "value": shown(self.entry.key, self.entry.value),
            "old": shown(self.entry.key, self.before.value) if self.before else None,
            "run_id": self.run_id, "entry": entry_dict(self.entry)}
        if self.served is not None:
            out.update(in_effect=False, served=self.served.to_dict())
        return out


@dataclass
class Resolution:
    values: dict[str, Resolved]
    policy_ref: str
    missing: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"policy": self.policy_ref, "values": [r.to_dict(self.policy_ref) for r in self.values.values()],
                "missing": self.missing, "warnings": self.warnings}


@dataclass(frozen=True)
class Listed:
    loc: doc.Located
    scope: str
    file: str
    state: str               # active | expired | revoked | archived
    why: str = ""

    def to_dict(self) -> dict[str, Any]:
        e = self.loc.entry
        return {"id": self.loc.id, "where": f"{self.file}:{self.loc.line}", "scope": self.scope, "state": self.state,
                "key": e.key, "value": shown(e.key, e.value), "applies_to": e.effective_applies_to,
                "priority": e.priority,
                "ttl": e.ttl, "source": e.source, "updated_at": e.updated_at, "version": e.effective_version,
                "ref": e.ref, "why": self.why}
