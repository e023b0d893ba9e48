"""`mem audit --transcripts` (docs/design.md §6): every explicit remember / forget instruction the
user gave in the transcripts of a period (memory_store/core/heard.py), and whether core memory holds
it now:

- a remember (explicit, or "yes, remember that"): `found` (an active fact of the key carries the
  statement's ref or value), `superseded` (a later value of the key is active), `revoked` (its fact
  was revoked or archived since), `staged` / `rejected` / `expired` (a statement of a weak class,
  kept as a proposal for the user to review: pending, or refused by the user, or left to expire),
  `refused_secret` (the value is a secret, which memjobs never keeps), or `missing`. What became of the
  statement itself (its fact, its proposal) decides before what came after it, and a later value
  supersedes only a single-valued key's: a multi-valued key (user.other) keeps every value;
- a forget: `forgotten` (no active fact of the key from before it), or `still_present`; a forget of a
  free-form key (user.other, instruction.other: unrelated things) is `forgotten` only when it withdrew
  something (an event of the audit trail cites its turn), else `not_found` — what it named is held by
  nothing memjobs could match, and what the user meant may still be served.

Inferred signals are not instructions and are not listed (they are PROPOSALS.md's).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from memory_store.config import FREE_FORM_KEYS
from memory_store.core.every_setting import with_every_setting
from memory_store.core.heard import Heard, heard
from memory_store.core.secret_values import secret_kind
from memory_store.core.store import CoreMemory
from memory_store.core.ttl import parse_time
from memory_store.transcripts.records import Record

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Checked:
    statement: Heard
    status: str      # found | superseded | revoked | staged | rejected | expired | refused_secret | missing
    #                  | forgotten | still_present | not_found
    where: str       # the fact that decides it (PROFILE.md:12), or ""

    def to_dict(self) -> dict[str, Any]:
        return {**self.statement.to_dict(), "status": self.status, "where": self.where}


def statements(sessions: Iterable[list[Record]], since: datetime | None = None,
               until: datetime | None = None) -> list[Heard]:
    """The remember / forget instructions of `sessions` said in [since, until)."""
    out: list[Heard] = []
    for records in sessions:
        for h in heard(records):
            if h.routed.label == "inferred" or (h.routed.label == "confirm" and not h.routed.key):
                continue
            if (since is None or h.ts >= since) and (until is None or h.ts < until):
                out.append(h)
    return sorted(with_every_setting(out), key=lambda h: (h.ts, h.ref))


def check(mem: CoreMemory, said: list[Heard]) -> list[Checked]:
    from memory_store.core.files import PROPOSALS
    from memory_store.core.proposals import ProposalBook

    listed = mem.listing(all_states=True)
    proposals = ProposalBook(mem).proposals(all_states=True)
    trail = mem.audit() if any(h.routed.label == "forget" for h in said) else []
    out: list[Checked] = []
    for h in said:
        key = h.routed.key
        facts = [x for x in listed if x.loc.entry.key == key and x.scope in ("profile", "session")]
        active = [x for x in facts if x.state == "active"]
        where = next((f"{x.file}:{x.loc.line}" for x in active), "")
        if h.routed.label == "forget" and key in FREE_FORM_KEYS:
            # a free-form key holds unrelated things: "no active fact" says nothing of what this forget
            # named, so it is `forgotten` only when it withdrew something (the audit trail: an event whose
            # reason cites this turn, as microSync writes it), else `not_found` — never "forgotten" for a
            # forget that matched nothing while what the user meant is still served
            cites = f" in {h.ref}"
            done = [ev for ev in trail if (why := str(ev.get("reason") or "")).endswith(cites) or f"{cites}:" in why]
            out.append(Checked(h, "forgotten" if done else "not_found", ""))
            continue
        if h.routed.label == "forget":
            older = [x for x in active if (parse_time(x.loc.entry.updated_at) or _EPOCH) <= h.ts]
            out.append(Checked(h, "still_present", f"{older[0].file}:{older[0].loc.line}") if older
                       else Checked(h, "forgotten", ""))
            continue
        mine = [x for x in active if x.loc.entry.ref == h.ref or x.loc.entry.value == h.routed.value]
        # a later value replaces a single-valued key's; a multi-valued key's (user.other: unrelated facts)
        # keeps every value, so a later one supersedes nothing
        multi = key in FREE_FORM_KEYS or key in mem.multi_valued or key.endswith("[]")
        newer = [] if multi else [x for x in active if (parse_time(x.loc.entry.updated_at) or _EPOCH) > h.ts]
        gone = [x for x in facts if x.state != "active" and x.loc.entry.ref == h.ref]
        staged = [p for p in proposals if p.loc.entry.ref == h.ref and p.loc.entry.key == key]
        if mine:
            out.append(Checked(h, "found", f"{mine[0].file}:{mine[0].loc.line}"))
        elif gone:
            out.append(Checked(h, "revoked", f"{gone[0].file}:{gone[0].loc.line}"))
        elif staged:
            # what became of the statement itself comes before what came after it
            state = {"pending": "staged"}.get(staged[-1].status, staged[-1].status)
            out.append(Checked(h, state, f"{PROPOSALS}:{staged[-1].loc.line}"))
        elif newer:
            out.append(Checked(h, "superseded", where))
        elif secret_kind(key, h.routed.value or "", h.excerpt) is not None:
            out.append(Checked(h, "refused_secret", ""))      # memjobs keeps no secret (docs/spec/memory.md §5)
        else:
            out.append(Checked(h, "missing", ""))
    return out


def audit_transcripts(mem: CoreMemory, sources: Iterable[Any], since: datetime | None = None,
                      until: datetime | None = None) -> list[Checked]:
    """Read every session of the configured transcript `sources` and check its instructions."""
    from memory_store.transcripts import discover, read

    def sessions() -> Iterable[list[Record]]:
        for source in sources:
            for tf in discover(source).files:
                yield list(read(tf).records)

    return check(mem, statements(sessions(), since, until))
