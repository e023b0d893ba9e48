"""The memory layers of search (docs/design.md §6, layers): which layer a row belongs to, the
`--layer` filter, and the boosts by query type.

- user_model: core memory, PROFILE.md and SESSION.md (no decay; searched only when asked, and
  then weighed ×0.5: the context provider, not search, is where it is read);
- procedural: procedures (memory/procedures.md and Procedure entries wherever they are);
- episodic: episodes (memory/episodes/, memory/archive/episodes.md) and what was said in sessions;
- semantic: everything else (the daily logs' entries, MEMORY.md, summaries, notes).

Pure and import-light: the search fast path loads it.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from memory_store.errors import UsageError

LAYERS = ("user_model", "procedural", "semantic", "episodic")
DEFAULT_LAYERS = ("procedural", "semantic", "episodic")
USER_MODEL_FILES = ("PROFILE.md", "SESSION.md")
EPISODE_DIR = "memory/episodes/"
EPISODE_ARCHIVE = "memory/archive/episodes.md"
USER_MODEL_WEIGHT = 0.5
HOW_TO_BOOST = 1.2       # a how-to query favours the procedural layer
WHAT_HAPPENED_BOOST = 1.1  # a what-happened / when query favours the episodic layer

# The layer of a row of the index's `rows` table (alias r), as SQL; mirrors `layer_of`.
LAYER_SQL = (
    "CASE WHEN r.path IN ('PROFILE.md', 'SESSION.md') THEN 'user_model'"
    " WHEN r.kind = 'procedure' THEN 'procedural'"
    " WHEN r.kind = 'episode' OR substr(r.path, 1, 16) = 'memory/episodes/'"
    " OR r.path = 'memory/archive/episodes.md' THEN 'episodic'"
    " ELSE 'semantic' END"
)

_HOW_TO = re.compile(
    r"\bhow (?:do|did|does|should|can|to|we|i)\b|\bsteps?\b|\bprocedures?\b|\bworkflow\b|\bchecklist\b"
    r"|ยังไง|อย่างไร|วิธี|ขั้นตอน|怎么|怎样|如何|步骤|流程",
    re.IGNORECASE,
)
_WHAT_HAPPENED = re.compile(
    r"\bwhen\b|\bwhat happened\b|\blast time\b|\bwhat did we do\b|\bwhich session\b|\byesterday\b"
    r"|เมื่อไหร่|เมื่อไร|เกิดอะไร|ครั้งที่แล้ว|ครั้งก่อน|เมื่อวาน|什么时候|何时|发生了什么|上次|昨天",
    re.IGNORECASE,
)


def layer_of(path: str, kind: str | None, said: bool = False) -> str:
    """The layer of one row (a sessions-tier message is episodic: what happened in a session)."""
    if said:
        return "episodic"
    if path in USER_MODEL_FILES:
        return "user_model"
    if kind == "procedure":
        return "procedural"
    if kind == "episode" or path.startswith(EPISODE_DIR) or path == EPISODE_ARCHIVE:
        return "episodic"
    return "semantic"


def parse_layers(values: Iterable[str] | str | None) -> tuple[str, ...]:
    """`["semantic,episodic", "procedural"]` -> the layers in docs/design.md §6's order; none given ->
    every layer but the user model. An unknown name is a usage error naming the choices."""
    if values is None:
        return DEFAULT_LAYERS
    items = [values] if isinstance(values, str) else list(values)
    asked = {v.strip().lower() for item in items for v in item.split(",") if v.strip()}
    if not asked:
        return DEFAULT_LAYERS
    bad = sorted(asked - set(LAYERS))
    if bad:
        raise UsageError(f"--layer must be among {', '.join(LAYERS)}, not {bad[0]!r}")
    return tuple(layer for layer in LAYERS if layer in asked)


def check_layers(layers: tuple[str, ...]) -> None:
    bad = [x for x in layers if x not in LAYERS]
    if bad or not layers:
        raise UsageError(f"--layer must be among {', '.join(LAYERS)}, not {bad[0] if bad else 'nothing'!r}")


def layer_filter(layers: tuple[str, ...]) -> tuple[str, list[str]] | None:
    """The SQL condition (and its arguments) that keeps rows of `layers`; None when all are kept."""
    if set(layers) >= set(LAYERS):
        return None
    return f"({LAYER_SQL}) IN ({', '.join('?' * len(layers))})", list(layers)


def query_type(query: str) -> str | None:
    """`how` for a how-to question, `when` for a what-happened / when question, else None."""
    if _HOW_TO.search(query):
        return "how"
    if _WHAT_HAPPENED.search(query):
        return "when"
    return None


def layer_weight(layer: str, qtype: str | None) -> float:
    """The boost of a layer for a query type, and the user model's ×0.5."""
    if layer == "user_model":
        return USER_MODEL_WEIGHT
    if layer == "procedural" and qtype == "how":
        return HOW_TO_BOOST
    if layer == "episodic" and qtype == "when":
        return WHAT_HAPPENED_BOOST
    return 1.0


def said_in_layers(layers: tuple[str, ...]) -> bool:
    """Whether the sessions tier (what was said: episodic) is searched for these layers."""
    return "episodic" in layers
