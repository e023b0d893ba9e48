"""Every setting of a turn that states two ("From now on always answer in Thai, and call me Nok.",
"以后都用英文回答我，还有请叫我小明。", "ต่อไปเรียกผมว่าต้นนะ และตอบสั้นๆ เสมอ"): the router reads one key per
turn (memory_store/core/heard.py), so the other clause's instruction got no fact and no proposal, and the
daily log's Remember entry of the turn was held out of MEMORY.md because a PROFILE fact cites it
(docs/design.md §6.3) — served nowhere. Each other setting the turn's clauses state
(memory_store/core/router.py `also_routed`) is heard as one more statement of the same turn: microSync
writes or stages it (jobs/microsync/preferences.py) and `mem audit --transcripts` lists it
(memory_store/core/transcript_audit.py)."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from memory_store.core.heard import Heard
from memory_store.core.router import also_routed


def with_every_setting(said: Iterable[Heard]) -> list[Heard]:
    """`said`, with each explicit setting's turn's other settings after it (same ref and time)."""
    out: list[Heard] = []
    for h in said:
        out.append(h)
        out.extend(replace(h, routed=other) for other in also_routed(h.excerpt, h.routed))
    return out
