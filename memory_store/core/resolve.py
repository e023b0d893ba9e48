"""The precedence ladder of docs/design.md §6, with provenance. Pure.

For one key, among the entries that apply (active, not expired, `applies_to` in the context):
scope `policy > profile > session`; then the more specific `applies_to` (session > project >
global); then higher `priority`; then later `updated_at`; then the later write (reading order:
the later line). The winner carries every entry it beat and why; entries that could not take
part (expired, for another session or project) are listed with the reason. A policy entry never
shows its text: its value is `policy@<version>`.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from memory_store.core.document import Located
from memory_store.core.secret_values import shown
from memory_store.core.ttl import LastActivity, expiry, parse_time

SCOPE_RANK = {"policy": 3, "profile": 2, "session": 1}
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def specificity(applies_to: str) -> int:
    return 3 if applies_to.startswith("session:") else 2 if applies_to.startswith("project:") else 1


@dataclass(frozen=True)
class Candidate:
    """One value a key may resolve to, with its scope and file."""
    loc: Located
    scope: str
    file: str
    order: int                        # reading order over all files: a later line is a later write
    written: datetime | None = None   # the file's last change: the age of a hand-written line without a time

    @property
    def where(self) -> str:
        return self.file if self.scope == "policy" else f"{self.file}:{self.loc.line}"

    def rank(self) -> tuple[int, int, int, datetime, int]:
        e = self.loc.entry
        return (SCOPE_RANK[self.scope], specificity(e.effective_applies_to), e.priority,
                parse_time(e.updated_at) or _EPOCH, self.order)

    def describe(self, policy_ref: str) -> dict[str, object]:
        e = self.loc.entry
        return {"id": self.loc.id, "where": self.where, "scope": self.scope,
                "value": policy_ref if self.scope == "policy" else shown(e.key, e.value),
                "applies_to": e.effective_applies_to, "priority": e.priority, "updated_at": e.updated_at,
                "ttl": e.ttl, "source": e.source}


def why_beats(a: Candidate, b: Candidate) -> str:
    """Why `a` wins over `b`, at the first rung of the ladder where they differ."""
    ea, eb = a.loc.entry, b.loc.entry
    if a.scope != b.scope:
        return f"scope {a.scope} > {b.scope}"
    if specificity(ea.effective_applies_to) != specificity(eb.effective_applies_to):
        return f"applies_to {ea.effective_applies_to} is more specific than {eb.effective_applies_to}"
    if ea.priority != eb.priority:
        return f"priority {ea.priority} > {eb.priority}"
    ta, tb = parse_time(ea.updated_at) or _EPOCH, parse_time(eb.updated_at) or _EPOCH
    if ta != tb:
        return f"updated_at {ea.updated_at} is later than {eb.updated_at or '(none)'}"
    return f"last write: {a.where} comes after {b.where}"


@dataclass
class Resolved:
    """The winning value of a key and the candidates it beat."""
    key: str
    winner: Candidate
    beaten: list[tuple[Candidate, str]] = field(default_factory=list)
    ignored: list[tuple[Candidate, str]] = field(default_factory=list)
    values: list[str] = field(default_factory=list)      # multi-valued keys: every value of the winning rung
    kept: list[tuple[Candidate, str]] = field(default_factory=list)  # ... and the lines that hold them

    def value(self, policy_ref: str) -> str:
        return policy_ref if self.winner.scope == "policy" else self.winner.loc.entry.value

    def to_dict(self, policy_ref: str) -> dict[str, object]:
        """For printing: a secret on disk from before is shown as a marker (memory_store/core/secret_values.py)."""
        value = self.value(policy_ref)
        out: dict[str, object] = {"key": self.key, "value": value if self.winner.scope == "policy" else
                                  shown(self.key, value),
                                  **{k: v for k, v in self.winner.describe(policy_ref).items() if k != "value"},
                                  "beat": [{**c.describe(policy_ref), "why": why} for c, why in self.beaten],
                                  "ignored": [{**c.describe(policy_ref), "why": why} for c, why in self.ignored],
                                  "kept": [{**c.describe(policy_ref), "why": why} for c, why in self.kept]}
        if self.values:
            out["values"] = [shown(self.key, v) for v in self.values]
        return out


def resolve(candidates: Iterable[Candidate], *, now: datetime, idle: timedelta, context: Iterable[str] = (),
            keys: Iterable[str] | None = None, last_activity: LastActivity | None = None,
            multi_valued: frozenset[str] = frozenset()) -> dict[str, Resolved]:
    """Effective value of each key (of `keys`, or of every key held). `context` holds the
    `applies_to` values in effect besides `global` (`session:<id>`, `project:<id>`)."""
    in_effect = {"global", *context}
    wanted = set(keys) if keys is not None else None
    by_key: dict[str, list[Candidate]] = {}
    skipped: dict[str, list[tuple[Candidate, str]]] = {}
    for c in candidates:
        e = c.loc.entry
        if (wanted is not None and e.key not in wanted) or e.effective_status != "active":
            continue
        if e.effective_applies_to not in in_effect:
            skipped.setdefault(e.key, []).append((c, f"applies_to {e.effective_applies_to} is not in effect"))
            continue
        ex = expiry(e, now, idle, last_activity, c.written)
        if ex.expired:
            skipped.setdefault(e.key, []).append((c, f"expired ({ex.why})"))
            continue
        by_key.setdefault(e.key, []).append(c)
    out: dict[str, Resolved] = {}
    for key, cands in sorted(by_key.items()):
        ordered = sorted(cands, key=Candidate.rank, reverse=True)
        win = ordered[0]
        res = Resolved(key, win, [(c, why_beats(win, c)) for c in ordered[1:]], skipped.get(key, []))
        if key in multi_valued or key.endswith("[]"):
            rung = win.rank()[:2]
            same = [c for c in ordered if c.rank()[:2] == rung and c.scope != "policy"]
            res.values = list(dict.fromkeys(c.loc.entry.value for c in same))
            res.kept = [(c, f"kept beside {win.where}: {key} keeps every value") for c in same if c is not win]
            res.beaten = [(c, why) for c, why in res.beaten if c not in same]
        out[key] = res
    return out
