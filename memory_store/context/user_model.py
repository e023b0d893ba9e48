"""What the `<user_model>` block adds to the resolved PROFILE (docs/design.md §6.5, §6.6).

- Common topics, computed at read time from the subjects (titles) of the recent daily entries:
  the words that come back in at least `MIN_ENTRIES` entries of the last `limits.warm_days` days,
  most frequent first, then the most recently said. Never written anywhere: a job that wrote them
  to PROFILE.md would turn a guess into a fact the user never stated.
- With an empty PROFILE (no active fact of PROFILE.md), the defaults of the configuration: the
  time zone (`timezone`) and, when set, the language (`context.language`), under the keys microSync
  gives them (`user.timezone`, `response.language`).

Subjects are read with one pattern over the headings, not the entry parser: the context is built
for every prompt, and parsing a month of daily logs would cost it tens of milliseconds. A word is
counted once per entry; ASCII words only (names of tools, services and projects, which Thai and
Chinese titles write in Latin letters too: "ห้าม deploy หลังบ่ายสาม", "所有金额一律用 satang").
"""
from __future__ import annotations

import re
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

from memory_store import layout
from memory_store.context.model import Item
from memory_store.entries import KINDS
from memory_store.errors import MemjobsError
from memory_store.fileio import read_snapshot
from memory_store.workspace import entry_files

TOPICS_KEY = "user.common_topics"
DEFAULT_KEYS = (("user.timezone", "timezone"), ("response.language", "context.language"))
MAX_TOPICS = 5
MIN_ENTRIES = 2
_HEADING = re.compile(r"^## (?:" + "|".join(KINDS) + r"):[ \t]*(.+?)[ \t]*\r?\n- id:", re.MULTILINE)
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.+#-]*[A-Za-z0-9+#]")
# Words that say how or when, not what: function words, the verbs and nouns every decision uses,
# days and months.
_STOP_WORDS = """
a an the and or but nor for with from into onto over under about after before at by in of on to up as
is are was were be been being do does did done have has had will would should could can may might must
shall not no yes it its this that these those there here then than so we our us you your i me my they
them their he she his her all any each every some more most less other such only also just now still
yet very really please ok okay let lets use used using make made get got go going want need needs
new old first next last same one two three from now when where which while what who why how if else
always never again instead every team thing things way ways time today tomorrow yesterday week month
day days file files code run runs add added change changed keep kept move moved set put take give
monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun january february
march april june july august september october november december jan feb mar apr jun jul aug sep oct
nov dec
"""
_STOP = frozenset(_STOP_WORDS.split())


# A redaction marker says a secret was there, not what the user talks about: "The staging token is
# [REDACTED:github_token]" gave the topics "github_token, redacted".
_MARKER = re.compile(r"\[REDACTED:[^\]]*\]")


def _words(title: str) -> set[str]:
    out = set()
    for w in _WORD.findall(_MARKER.sub(" ", title) if "[REDACTED:" in title else title):
        key = w.lower().strip(".-")
        if len(key) >= 3 and key not in _STOP and not key.isdigit():
            out.add(key)
    return out


def recent_files(workspace: Path, today: date, days: int) -> list[tuple[str, Path]]:
    """(day, path) of the entry files (daily files and their recent/ overflow) dated in the `days`
    days up to `today`."""
    first = (today - timedelta(days=max(1, days) - 1)).isoformat()
    last = today.isoformat()
    dated = ((p.name[:10], p) for p in entry_files(workspace))
    return sorted((day, p) for day, p in dated if first <= day <= last)


def recent_texts(workspace: Path, today: date, days: int) -> list[tuple[str, Path, str]]:
    """(day, path, text) of each entry file of `recent_files` that reads: one read a context build,
    shared by the common topics and the reversal links (memory_store/context/replaced.py). A file that
    does not read is left out: validate reports it, the context does without it."""
    out = []
    for day, path in recent_files(workspace, today, days):
        try:
            out.append((day, path, read_snapshot(path).text or ""))
        except (OSError, MemjobsError):
            continue
    return out


def common_topics(texts: list[tuple[str, Path, str]], limit: int = MAX_TOPICS) -> list[str]:
    """The words the recent entries' subjects (`recent_texts`) keep coming back to, best first."""
    counts: Counter[str] = Counter()
    latest: dict[str, str] = {}
    for day, _, text in texts:
        for m in _HEADING.finditer(text):
            for w in _words(m.group(1)):
                counts[w] += 1
                latest[w] = max(latest.get(w, ""), day)
    ranked = sorted((w for w, n in counts.items() if n >= MIN_ENTRIES),
                    key=lambda w: (-counts[w], _desc(latest[w]), w))
    return ranked[:limit]


def _desc(day: str) -> tuple[int, ...]:
    return tuple(-ord(ch) for ch in day)


def _item(key: str, value: str, scope: str, where: str) -> Item:
    fields = (("key", key), ("value", value), ("scope", scope), ("applies_to", "global"), ("priority", "0"),
              ("updated_at", ""))
    return Item("profile", f"{scope}:{key}", f"{key}: {value}", where, fields)


def topics_item(texts: list[tuple[str, Path, str]], days: int) -> Item | None:
    """`user.common_topics: a, b, c` of the last `days` days' entry files (`recent_texts`), derived at
    read time (scope `derived`), or None."""
    topics = common_topics(texts)
    if not topics:
        return None
    return _item(TOPICS_KEY, ", ".join(topics), "derived", f"{layout.MEMORY_DIR}/ (last {days} days)")


def default_items(timezone: str, language: str | None, known: set[str]) -> list[Item]:
    """The configuration's defaults for an empty PROFILE (scope `config`), for keys not resolved
    already (POLICY.md may set one)."""
    values = {"timezone": timezone, "context.language": language}
    return [_item(key, str(values[src]), "config", f"memjobs.yaml {src}")
            for key, src in DEFAULT_KEYS if values[src] and key not in known]
