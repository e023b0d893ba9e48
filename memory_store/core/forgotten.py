"""What the user had memjobs forget, as a filter at read time (docs/design.md §6: a forgotten fact
stays forgotten).

`mem forget user.name` revokes the fact, but the words it was learnt from were also said in a
transcript (the sessions tier), summed up in an episode and a daily wrap-up: "my name is Somchai,
call me Chai" came back from `memjobs context` and `memjobs search` after the forget. Those files are
history and are not rewritten; what reads them for the agent leaves out an item or a hit that holds
a forgotten value — the runtime context's recent episodes and memory index
(memory_store/context/build.py) and every search result (memory_store/search/query.py). What is
asked for by its id or its lines (MCP memory_get: memory_store/search/fetch.py; `memjobs get`:
memory_store/lookup.py) and the procedures served to the agent (jobs/mcp/procedure_tools.py) are
served with each forgotten value written `[forgotten]` (`Forgotten.mask`).

A forgotten value is the value of a revoked fact (PROFILE.md, SESSION.md, the core archive) and
every value the audit trail shows its key held before it was revoked (an overwrite replaced "Nok"
by "Tom", then the user said "forget my name": both are forgotten), less any value a fact holds
now, and any value the user said again after the forget — a proposal staged from their explicit words, a
later "remember …" that only the daily log keeps (audited `memory.restated`): the trail is read in the
order things were said, and the later statement wins (`withdrawals`). A pending proposal that microSync
rejected because the user asked to forget what it holds ("please forget my licence plate") or took
back the yes that staged it is forgotten the same way, and so is a pending proposal of a free-form key
(user.other, instruction.other) the user rejected (`memjobs proposals reject`: "my son's school is …" is not
to be kept, and the daily log's entry of the same words is held out with it) — so is a daily-log
Remember entry the user asked to forget, recorded as such a proposal (memory_store/core/forget_logged.py):
its value, and a distinctive value after its copula (`_withdrawn_values`). Matching is case-insensitive, on a whole
word or phrase (`Chai` does not hide `Somchai`), a phrase or a code in any spelling the search index reads as the
same words ("4711-alpha" is "4711 ALPHA": `_spelt`), and a value in Thai or Chinese, which have no spaces
between words, as a unit of the text: never inside a Thai cluster (a consonant with its leading vowel, vowel
signs and tone marks: "ดาว" is not in "เดาว่า"), a Latin or digit edge of it at a word edge (`_on_units`). A value
that identifies nothing is not a forgotten value at all (`identifies`): without search's stop words it must keep
a Latin word of two letters or more or one with a digit, a Thai piece of two clusters or more, or a Chinese one
of two characters or more — "ดี", "ค่ะ", "好的", "可以" would hide every text that says them. Such words withdrawn
(the reply an extractor kept as a Remember entry, then taken back: `KEPT_AS`) hold out only a text that says nothing
else (`WHOLE`).

A setting from a closed vocabulary — `response.*` (language, tone, length, format) and
`user.expertise.*` — is stored as a code ("from now on always answer in Japanese" is
`response.language = ja`), so its value is not looked for as a word: forgetting "answer concisely"
does not make every text with "short" in it private. What holds a forgotten setting is a sentence
that states it, in any of the router's phrasings in en/th/zh (memory_store/core/router.py
`settings_stated`): a style setting said about the agent's answers ("always answer in Japanese",
"ตอบสั้นๆ", "回答用表格"), the user's skill in a topic ("skip the basics" of Kubernetes, "前端完全不懂").

Entry ids keep the words they were made from (`REMEMBER-20261124-always-answer-in-japanese-c784fc`):
where an id of an entry that is held out is printed (the context's events, the weekly log's Kept
out, a search hit's links, memory_get), it is shown with its words written `forgotten`
(`Forgotten.shown_id`). An id keeps only the ASCII words of its title, so the id of a Thai or Chinese
value keeps what is left of it ("เลขทะเบียนรถของฉันคือ กข 4455" gives `REMEMBER-20261123-4455-a1de17`,
"我的车牌号码是 京A12345" `…-a12345-…`): an id whose words are all that is left of a forgotten value, or
that holds the part of one with a digit in it, is shown the same way when its own entry holds the value
(`_held_by`: forgetting "ห้องประชุม 301" leaves `DECISION-…-return-http-301-for-old-urls-…` as it is); so
is an id that holds a Latin value as the id writes it ("my son's school is Ruamrudee Academy" is
`my-son-s-school-is-ruamrudee-academy`: `_slug_in`). The weekly compound writes the monthly archive and
its log through the same filter (jobs/weekly/apply.py `archive_line`).

The audit trail keeps every event and its values (it is what this filter knows an overwritten value by;
the files are history, docs/design.md §6.2); `memjobs mem audit` prints each event with a forgotten
value written `[forgotten]` (`Forgotten.event`).
"""
from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from memory_store.config import FREE_FORM_KEYS
from memory_store.core import document as doc
from memory_store.core.files import ARCHIVE, AUDIT_LOG, SCOPE_FILES
from memory_store.core.ttl import parse_time
from memory_store.entries import slug_words
from memory_store.errors import MemjobsError
from memory_store.fileio import read_snapshot
from memory_store.stat_memo import StatMemo

SETTINGS = ("response.", "user.expertise.")     # closed-vocabulary keys: matched as stated, not as words
MIN_CHARS = 2
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


MASK = "[forgotten]"
ID_WORDS = "forgotten"      # what an id's words are shown as when they hold a forgotten value
# an entry or procedure id: `<KIND>-<YYYYMMDD>-<words>-<6 hex>` (memory_store/entries.py make_id)
_ID = re.compile(r"\b([A-Z]+-\d{8})-([a-z0-9]+(?:-[a-z0-9]+)*)-([0-9a-f]{6})\b")


@dataclass(frozen=True)
class Forgotten:
    """The forgotten values and one matcher for them."""
    values: tuple[str, ...] = ()
    _words: re.Pattern[str] | None = None
    _unspaced: re.Pattern[str] | None = None    # Thai and Chinese values: matched on units of the text (`_on_units`)
    settings: frozenset[tuple[str, str]] = frozenset()    # (key, value) of forgotten settings (SETTINGS)
    residues: frozenset[str] = frozenset()    # an id's words left of a Thai or Chinese value (`_residue`)
    slugs: frozenset[str] = frozenset()       # a value as an id writes it ("my son's" → `my-son-s`: `_slugs`)
    wholes: frozenset[str] = frozenset()      # withdrawn words that identify nothing: matched as a whole text only
    # the workspace whose entries an id names (`_held_by`), and their texts read so far
    workspace: Path | None = field(default=None, compare=False)
    _texts: dict[str, str | None] = field(default_factory=dict, compare=False, repr=False)

    def __bool__(self) -> bool:
        return bool(self.values or self.settings or self.wholes)

    def found_in(self, *texts: str) -> str | None:
        """The forgotten value one of `texts` holds (the words that state a forgotten setting), or None."""
        if not self:
            return None
        for text in texts:
            if not text:
                continue
            if self._words is not None:
                m = self._words.search(text)
                if m:
                    return m.group(0)
            for a, b in self._units(text)[:1]:
                return text[a:b]
            if self.wholes and _whole(text) in self.wholes:
                return text
            for a, b in self._stated(text):
                return text[a:b]
            for m in _ID.finditer(text) if self.settings else ():
                if self._stated(m.group(2).replace("-", " ")):
                    return m.group(0)
        return None

    def holds(self, key: str, value: str) -> bool:
        """Whether `key = value` is forgotten (a PROFILE fact's statement held by core memory)."""
        f = _filtered(key, value)
        if f is None:
            return False
        return f in self.settings if f[0] else f[1] in self.values

    def _stated(self, text: str) -> list[tuple[int, int]]:
        """The spans of `text` that state a forgotten setting."""
        if not self.settings:
            return []
        from memory_store.core.router import settings_stated

        skills = any(k.startswith("user.expertise.") for k, _ in self.settings)
        styles = any(k.startswith("response.") for k, _ in self.settings)
        return [span for key, value, span in settings_stated(text, styles, skills)
                if (key, " ".join(value.casefold().split())) in self.settings]

    def shown_id(self, entry_id: str) -> str:
        """The id as it may be printed: one whose words hold a forgotten value (ids keep the words they
        were made from) has them written `forgotten`, its kind, date and hash kept — still the shape of
        an id, which the weekly log's format and its readers expect (memory_store/archive_format.py)."""
        m = _ID.fullmatch(entry_id)
        # the words as words, and as the id writes them (a value with a hyphen in it: "kx-7731")
        if not self or m is None or not (self.found_in(m.group(2).replace("-", " "), m.group(2))
                                         or self._slug_in(m.group(2))
                                         or (self._residue_in(m.group(2)) and self._held_by(entry_id))):
            return entry_id
        return f"{m.group(1)}-{ID_WORDS}-{m.group(3)}"

    def _held_by(self, entry_id: str) -> bool:
        """Whether the entry `entry_id` holds a forgotten value in its own text: what is left of a Thai or
        Chinese value in an id ("301" of "ห้องประชุม 301") is in the ids of entries that never held it
        (`DECISION-…-return-http-301-for-old-urls-…`). An entry not found (no workspace, a file gone) is
        taken to hold it: the id is shown without its words."""
        text = self._entry_text(entry_id)
        return text is None or self.found_in(text) is not None

    def _entry_text(self, entry_id: str) -> str | None:
        """The text of the entry `entry_id` (its block in the daily log of the id's date first, then in any
        entry file, the procedures, MEMORY.md and the archive), or None when it is nowhere."""
        if entry_id in self._texts:
            return self._texts[entry_id]
        m = _ID.fullmatch(entry_id)
        if self.workspace is None or m is None:
            return None
        from memory_store.layout import MEMORY_MD, PROCEDURES
        from memory_store.markdown import parse_document
        from memory_store.workspace import entry_files

        ws = self.workspace
        ymd = m.group(1)[-8:]
        day = f"{ymd[:4]}-{ymd[4:6]}-{ymd[6:]}"
        files = entry_files(ws)
        archive = ws / "memory" / "archive"
        files = ([p for p in files if p.name.startswith(day)] + [p for p in files if not p.name.startswith(day)]
                 + [ws / PROCEDURES, ws / MEMORY_MD]
                 + (sorted(archive.glob("*.md")) if archive.is_dir() else []))
        for path in files:
            try:
                text = path.read_text("utf-8", errors="replace") if path.is_file() else ""
            except OSError:
                continue
            if entry_id not in text:
                continue
            block = parse_document(text).find(entry_id)
            found = block.text if block is not None else next(line for line in text.splitlines() if entry_id in line)
            self._texts[entry_id] = found
            return found
        self._texts[entry_id] = None    # nowhere: not looked for again through every file
        return None

    def _slug_in(self, words: str) -> bool:
        """Whether an id's `words` hold a forgotten value as the id writes it, as whole words: its ASCII words
        joined by `-` (a possessive, a dot, an apostrophe in the value are a `-`), or cut as an id cuts its
        words (the first 40 characters, memory_store/entries.py `slug_words`)."""
        padded = f"-{words}-"
        return any(f"-{slug}-" in padded or words == slug for slug in self.slugs)

    def _residue_in(self, words: str) -> bool:
        """Whether an id's `words` are what is left of a forgotten Thai or Chinese value (all of them), or
        hold such a leftover with a digit in it (a plate, a room number) as whole words."""
        padded = f"-{words}-"
        return any(words == r or (any(c.isdigit() for c in r) and f"-{r}-" in padded) for r in self.residues)

    def event(self, ev: dict[str, Any]) -> dict[str, Any]:
        """An audit event (or a statement of `mem audit --transcripts`) as `mem audit` prints it: who, when,
        what key and why kept, each forgotten value in it (`old`, `new`, the diff's values, the words of its
        reason or excerpt) written `[forgotten]`."""
        if not self:
            return ev
        key = str(ev.get("key") or "")

        def value(k: str, v: Any) -> Any:
            return MASK if isinstance(v, str) and self.holds(k, v) else self.mask_all(v)

        out = {k: v if k in ("id", "ts", "op", "type", "scope", "applies_to", "key", "actor", "request_id")
               else self.mask_all(v) for k, v in ev.items()}
        for name in ("old", "new", "value"):     # "value": a statement of `mem audit --transcripts`
            if name in ev:
                out[name] = value(key, ev[name])
        diff = ev.get("diff")
        if isinstance(diff, dict):
            out["diff"] = {side: ({**self.mask_all(e), "value": value(str(e.get("key") or key), e.get("value"))}
                                  if isinstance(e, dict) and "value" in e else self.mask_all(e))
                           for side, e in diff.items()}
        return out


    def mask(self, text: str) -> str:
        """`text` with every forgotten value in it written `[forgotten]` (what memory_get and `memjobs
        get` serve of an entry or a file's lines: the entry stays, the value does not)."""
        if not self or not text:
            return text
        if self.wholes and _whole(text) in self.wholes:
            return MASK
        text = _ID.sub(lambda m: self.shown_id(m.group(0)), text)
        for a, b in reversed(self._stated(text)):
            text = text[:a] + MASK + text[b:]
        if self._words is not None:
            text = self._words.sub(MASK, text)
        for a, b in reversed(self._units(text)):
            text = text[:a] + MASK + text[b:]
        return text

    def _units(self, text: str) -> list[tuple[int, int]]:
        """The spans of `text` that hold a forgotten Thai or Chinese value as a unit of the text (`_on_units`),
        in order, not overlapping."""
        rx = self._unspaced
        if rx is None:
            return []
        out: list[tuple[int, int]] = []
        at = 0
        while (m := rx.search(text, at)) is not None:
            if _on_units(text, m.start(), m.end()):
                out.append((m.start(), m.end()))
                at = m.end()
            else:
                at = m.start() + 1
        return out

    def mask_all(self, obj: Any) -> Any:
        """Every string of `obj` (a dict, a list, a string: a tool's structured result) masked."""
        if isinstance(obj, str):
            return self.mask(obj)
        if isinstance(obj, dict):
            return {k: self.mask_all(v) for k, v in obj.items()}
        if isinstance(obj, list):
            return [self.mask_all(v) for v in obj]
        return obj


def shown_pattern(entry_id: str) -> re.Pattern[str] | None:
    """For an id as `Forgotten.shown_id` prints it (`REMEMBER-20261124-forgotten-c784fc`), the ids it can
    stand for (same kind, date and hash), so that memory_get and `memjobs get` still find the entry;
    None for any other id."""
    m = _ID.fullmatch(entry_id)
    if m is None or m.group(2) != ID_WORDS:
        return None
    return re.compile(rf"\b{re.escape(m.group(1))}-[a-z0-9]+(?:-[a-z0-9]+)*-{m.group(3)}\b")


def real_id(gone: Forgotten, entry_id: str, texts: Iterable[str]) -> str:
    """The id a shown id (`shown_pattern`) stands for, the first of `texts` that names one whose shown
    form it is; `entry_id` itself otherwise."""
    rx = shown_pattern(entry_id)
    if rx is None:
        return entry_id
    for text in texts:
        for m in rx.finditer(text):
            if m.group(0) != entry_id and gone.shown_id(m.group(0)) == entry_id:
                return m.group(0)
    return entry_id


def _matcher(marks: set[tuple[str, str]]) -> Forgotten:
    """The matcher of `_filtered`'s marks: ("", value) a word or phrase, (key, value) a stated setting."""
    values = {v for k, v in marks if not k}
    settings = frozenset((k, v) for k, v in marks if k and k != WHOLE)
    wholes = frozenset(v for k, v in marks if k == WHOLE)
    words = sorted((v for v in values if not _UNSPACED.search(v)), key=lambda v: (-len(v), v))
    unspaced = [v for v in values if _UNSPACED.search(v)]
    residues = frozenset(r for r in map(_residue, unspaced) if r)
    pattern = None
    if words:
        pattern = re.compile("|".join(map(_spelt, words)), re.IGNORECASE)
    unspaced_rx = None
    if unspaced:
        alts = "|".join(r"\s+".join(re.escape(part) for part in v.split())
                        for v in sorted(unspaced, key=lambda v: (-len(v), v)))
        unspaced_rx = re.compile(alts, re.IGNORECASE)
    return Forgotten(tuple(sorted(values)), pattern, unspaced_rx, settings, residues, _slugs(words), wholes)


_TOKEN = re.compile(r"[^\W_]+")     # a word as FTS reads one (unicode61: letters and digits; the rest separates)


def _spelt(value: str) -> str:
    """A Latin `value` as a pattern of every spelling the search index reads as the same words: of two words
    or more, its words in order with any run of spaces and punctuation between them, case folded, each a whole
    word ("4711-alpha" is "4711 ALPHA", "4711_alpha", "(4711/alpha)"; not "x4711 alpha" nor "4711 alphabet");
    one word, as written, a whole word ("Chai" is not "Somchai"; "c++" keeps its pluses). Kept as written (case
    folded) where folding would hide what is not the value (measured on the demo workspace and LoCoMo,
    docs/benchmarks.md): a value of digits only ("02:14" a time is not "2027-02-14" a date), and one word
    of letters joined by punctuation ("go-to" is not "go to a dance class"; "4711-alpha", with a digit, is a
    code and folds)."""
    tokens = _TOKEN.findall(value)
    code = not any(c.isspace() for c in value) and any(c.isdigit() for c in value)
    if len(tokens) >= 2 and any(c.isalpha() for c in value) and (code or any(c.isspace() for c in value)):
        return r"(?<!\w)(?:" + r"[\W_]+".join(map(re.escape, tokens)) + r")(?!\w)"
    return r"(?<!\w)(?:" + r"\s+".join(re.escape(part) for part in value.split()) + r")(?!\w)"


def _slugs(values: Iterable[str]) -> frozenset[str]:
    """The Latin `values` as an id's words write them: whole, and cut as `slug_words` cuts a title; one that
    is a single short word ("tom") is matched as a word by `found_in` already."""
    out = set()
    for v in values:
        for slug in (slug_words(v, limit=len(v) + 1), slug_words(v)):
            if "-" in slug and len(slug) >= 5:
                out.add(slug)
    return frozenset(out)


def _residue(value: str) -> str:
    """What an id made from a Thai or Chinese `value` keeps of it: its ASCII words, as the id writes them
    (memory_store/entries.py `slug_words`); "" when that is shorter than three characters ("a")."""
    words = slug_words(value, limit=len(value) + 1)
    return words if len(words) >= 3 else ""


def _thai(ch: str) -> bool:
    return "\u0e00" <= ch <= "\u0e7f"


def _latin(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _cut(text: str, at: int) -> bool:
    """Whether `text` may be cut at `at` as a unit's edge: not between two Latin letters or digits, nor inside
    a Thai cluster (memory_store/search/tokens.py `thai_clusters`: a consonant with its leading vowel, vowel
    signs and tone marks); Chinese may be cut anywhere."""
    if at <= 0 or at >= len(text):
        return True
    before, after = text[at - 1], text[at]
    if _latin(before) and _latin(after):
        return False
    if not (_thai(before) and _thai(after)):
        return True
    from memory_store.search.tokens import thai_clusters

    start, end = at, at
    while start > 0 and _thai(text[start - 1]):
        start -= 1
    while end < len(text) and _thai(text[end]):
        end += 1
    edge = start
    for cluster in thai_clusters(text[start:end]):
        edge += len(cluster)
        if edge >= at:
            return edge == at
    return True


def _on_units(text: str, a: int, b: int) -> bool:
    """Whether text[a:b] is a unit of `text`: cut from it at both ends (`_cut`). Thai and Chinese have no
    spaces between words: "ดาว" (a name) is in "ผมเดาว่า" ("I guess that") across two clusters, เดา|ว่า."""
    return _cut(text, a) and _cut(text, b)


def identifies(value: str) -> bool:
    """Whether `value` names something when it is looked for in a text: without search's stop words (its
    particles, pronouns, question words: memory_store/search/stopwords.py), it keeps a Latin word of
    `MIN_CHARS` letters or more or one with a digit, a Thai piece of two clusters or more, or a Chinese one of
    two characters or more. "ดี", "ค่ะ", "好的", "可以", "it" name nothing: matched as a value they would hide
    every text that says them — never a forgotten value (`_filtered`)."""
    from memory_store.search.stopwords import ENGLISH, split_run
    from memory_store.search.tokens import RUN_RE, thai_clusters

    folded = unicodedata.normalize("NFKC", value).casefold()
    for m in RUN_RE.finditer(folded):
        for piece in split_run(m.group(0)):
            if len(thai_clusters(piece) if _thai(piece[0]) else piece) >= 2:
                return True
    return any(any(c.isdigit() for c in w) or (len(w) >= MIN_CHARS and w not in ENGLISH)
               for w in _TOKEN.findall(RUN_RE.sub(" ", folded)))


WHOLE = "="     # the mark of withdrawn words that identify nothing (`_matcher`: matched as a whole text only)
_AROUND = " \t\n-*•.。,，!！?？:：;；'\"“”()（）[]"


def _whole(text: str) -> str:
    """A text as a whole-text match reads it: folded, its spaces one, without the marks around it."""
    return " ".join(text.casefold().split()).strip(_AROUND)


def _filtered(key: str, value: str | None) -> tuple[str, str] | None:
    """What a value of `key` is matched as: ("", value) looked for as a word or phrase, (key, value) a
    setting looked for as stated; None when it is not filtered."""
    if not value:
        return None
    v = " ".join(value.casefold().split())
    if key.startswith(SETTINGS):
        return (key, v)
    if len(v) < MIN_CHARS or v.startswith("[redacted") or not identifies(v):
        return None
    return ("", v)


_MEMO: StatMemo[Path, Forgotten] = StatMemo()


def forgotten(workspace: Path) -> Forgotten:
    """The workspace's forgotten values, read again only when a core file or the audit trail
    changed (a few stats per search)."""
    paths = [workspace / rel for rel in (*SCOPE_FILES.values(), ARCHIVE, AUDIT_LOG)]
    return _MEMO.get(workspace, paths, lambda: replace(_read(workspace), workspace=workspace))


def _read(workspace: Path) -> Forgotten:
    gone: set[tuple[str, str]] = set()
    active: set[tuple[str, str]] = set()
    for rel in (*SCOPE_FILES.values(), ARCHIVE):
        text = _text(workspace / rel)
        for loc in doc.scan(text, rel)[0]:
            e = loc.entry
            v = " ".join(e.value.casefold().split())
            if e.effective_status == "active" and rel != ARCHIVE:
                active |= {("", v), (e.key, v)}
            elif e.effective_status == "revoked":
                f = _filtered(e.key, e.value)
                if f:
                    gone.add(f)
    withdrawn, said_again = _replay(workspace / AUDIT_LOG)
    # a revoked line the user said again after its revoke (the trail shows both) is theirs again
    return _matcher(((gone - said_again) | set(withdrawn)) - active)


def _text(path: Path) -> str:
    """A core file's text; one that cannot be read (not UTF-8, a folder, no permission) is validate's
    and the context's to report — the filter does with what it can read, the audit trail."""
    try:
        return read_snapshot(path).text or ""
    except (MemjobsError, OSError, UnicodeDecodeError):
        return ""


# The reasons microSync gives a withdrawal the user asked for (jobs/microsync/preferences.py): a forget that
# names a free-form thing ("please forget my licence plate") and a yes taken back ("actually no, don't
# remember that"). A pending proposal rejected with one of them holds a value the user asked to forget.
FORGET_REASON = "the user asked to forget it"
TAKE_BACK_REASON = "the user took it back"
# The user saying a withdrawn value again: a proposal microSync staged from their explicit words
# (jobs/microsync/preferences.py gives these reasons) or a yes, and a later "remember …" that only the daily
# log keeps (memory_store/core/forget_logged.py `restate_logged` audits it as RESTATED). Said after the
# forget, it is the user's again: the later statement wins.
SAID_REASONS = ("said explicitly", "the user said yes")
RESTATED = "memory.restated"
# A Remember entry withdrawn as the thing its turn asked to remember, not as its own words (the extractor kept
# the reply before the asking: "ดี" of "ดีค่ะ แล้วก็จำไว้…"): the withdrawn proposal keeps those words in this
# field (memory_store/core/forget_logged.py `remembered_of`), and they are withdrawn too — as whole words only
# when they identify nothing (`WHOLE`)
KEPT_AS = "kept_as"
# where a stated value starts ("my licence plate is KX-4471", "车牌号是 京A12345", "เบอร์ห้องคือ 1203")
_COPULA = re.compile(r"\s(?:is|are|=)\s|[:：=]|是|คือ", re.IGNORECASE)


def _withdrawn_values(value: str) -> set[tuple[str, str]]:
    """What a proposal the user asked to forget is matched as: its value (staged without the words that asked
    to keep it: memory_store/core/router.py `REMEMBER_LEAD`), and the part after its copula when that holds a
    digit (a plate, a room, a number: said again in other words around it: "licence plate: KX-4471" after "my
    licence plate is KX-4471") and is distinctive — letters with digits, or six characters or more: a bare
    "1203" or "2026" would hide every text that counts to it."""
    # the router is read only here, when the trail holds a withdrawn proposal (context starts without it)
    from memory_store.core.router import without_lead

    # A proposal staged by an earlier version kept the words that asked to keep it ("remember that my
    # sister lives in Chiang Mai"); the entry the daily log holds has them not: both forms are matched.
    stated = value.strip()
    out = {f for f in (_filtered("", stated), _filtered("", without_lead(stated))) if f}
    if not out and _whole(stated):
        # "ดี", the reply a take-back withdrew as a Remember entry: no forgotten value, an entry of those words alone
        out.add((WHOLE, _whole(stated)))
    stated = without_lead(stated)
    m = _COPULA.search(stated)
    rest = stated[m.end():].strip(" .。!！") if m else ""
    if any(c.isdigit() for c in rest) and (len(rest) >= 6 or (len(rest) >= 3 and not rest.isdigit())):
        f = _filtered("", rest)
        if f:
            out.add(f)
    return out


def withdrawals(path: Path) -> dict[tuple[str, str], str]:
    """From the audit trail, in the order the events were said (their `ts`; a backfill appends an older
    statement after a newer forget), each value forgotten and not said again since, with the time it was
    withdrawn: every value a key held up to a `fact.revoked` of it (of a key of several unrelated values —
    user.other, instruction.other, `…[]` — the value revoked only); a pending proposal's value withdrawn
    because the user asked to forget it or took it back, or one of a free-form key (user.other,
    instruction.other: its value is the user's own words, which the daily log keeps too) the user rejected
    (`memjobs proposals reject`: not to be kept); less
    each value the user said again after that — a proposal staged from their explicit words, the daily log's
    entry of a later "remember …" (`RESTATED`), a fact written with it. An event a rollback undid counts
    for nothing."""
    return _replay(path)[0]


def _replay(path: Path) -> tuple[dict[tuple[str, str], str], set[tuple[str, str]]]:
    """`withdrawals`, and the values said again after their last withdrawal."""
    out: dict[tuple[str, str], str] = {}
    again: set[tuple[str, str]] = set()      # value → the time of its withdrawal (ISO, UTC)
    held: dict[str, set[tuple[str, str]]] = {}
    for ts, ev in _trail(path):
        etype, key = str(ev.get("type") or ""), str(ev.get("key") or "")
        old, new = ev.get("old"), ev.get("new")
        old, new = old if isinstance(old, str) else None, new if isinstance(new, str) else None
        who = ev.get("actor")
        actor: dict[str, Any] = who if isinstance(who, dict) else {}
        if etype == "proposal.rejected" and old is not None and (
                str(ev.get("reason") or "").startswith((FORGET_REASON, TAKE_BACK_REASON))
                or (actor.get("kind") == "user" and key in FREE_FORM_KEYS)):
            out.update(dict.fromkeys(_withdrawn_values(old), ts))
            kept = _kept_as(ev)
            if kept:
                out.update(dict.fromkeys(_withdrawn_values(kept), ts))
            continue
        if new is not None and out and (etype == RESTATED or (
                etype == "proposal.created" and actor.get("id") == "microsync"
                and str(ev.get("reason") or "").startswith(SAID_REASONS))):
            text = " ".join(new.casefold().split())
            for mark in [m for m in out if not m[0] and m[1] in text and _one(m).found_in(new)]:
                del out[mark]
                again.add(mark)
            continue
        if not etype.startswith("fact."):
            continue
        if out and new is not None and etype in ("fact.created", "fact.updated", "fact.reactivated"):
            f = _filtered(key, new)
            if f in out:     # the value is the user's again
                del out[f]
                again.add(f)
            text = " ".join(new.casefold().split())
            for mark in [m for m in out if not m[0] and m[1] in text and _one(m).found_in(new)]:
                del out[mark]
                again.add(mark)
        if key in FREE_FORM_KEYS or key.endswith("[]"):
            # several unrelated values at once: a revoke forgets the value revoked, not every one the key held
            if etype == "fact.revoked" and old is not None:
                out.update(dict.fromkeys(_withdrawn_values(old), ts))
            continue
        for value in (old, new):
            f = _filtered(key, value)
            if f:
                held.setdefault(key, set()).add(f)
        if etype == "fact.revoked":
            out.update(dict.fromkeys(held.get(key, set()), ts))
    return out, again - set(out)


def _kept_as(ev: dict[str, Any]) -> str:
    """The `KEPT_AS` words of a rejected proposal's event (its line before the reject), or ""."""
    diff = ev.get("diff")
    before = diff.get("before") if isinstance(diff, dict) else None
    extra = before.get("extra") if isinstance(before, dict) else None
    kept = extra.get(KEPT_AS) if isinstance(extra, dict) else None
    return kept if isinstance(kept, str) else ""


@functools.lru_cache(maxsize=1024)
def _one(mark: tuple[str, str]) -> Forgotten:
    """The matcher of one forgotten value."""
    return _matcher({mark})


def withdrawn_at(workspace: Path, text: str) -> datetime | None:
    """When the latest withdrawal of a forgotten value `text` holds was made (see `withdrawals`), or None."""
    found = [at for mark, at in withdrawals(workspace / AUDIT_LOG).items() if _one(mark).found_in(text)]
    return parse_time(max(found)) if found else None


_UNDID = re.compile(r"\bundid \S+ ([0-9a-f]{32})\b")


def _trail(path: Path) -> list[tuple[str, dict[str, Any]]]:
    """The trail's events with their time (`2026-11-28T02:24:23Z`, UTC, as memjobs stamps them), oldest
    first (stable: one time keeps the file's order), less each event a `memjobs rollback` undid
    (memory_store/core/audit.py `compensating`) and its compensation."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            raw_lines = fh.readlines()
    except OSError:
        return []
    events: list[dict[str, Any]] = []
    for raw in raw_lines:
        try:
            ev = json.loads(raw)
        except ValueError:
            continue
        if isinstance(ev, dict):
            events.append(ev)
    undone = {m.group(1) for ev in events if ev.get("type") == "memory.rolled_back"
              for m in [_UNDID.search(str(ev.get("reason") or ""))] if m}
    kept = [ev for ev in events if ev.get("type") != "memory.rolled_back" and ev.get("id") not in undone]
    return sorted(((_utc(ev.get("ts")), ev) for ev in kept), key=lambda t: t[0])


_STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")


def _utc(ts: Any) -> str:
    """An event's time as memjobs stamps it (sortable as text); one written otherwise, converted."""
    if isinstance(ts, str) and _STAMP.fullmatch(ts):
        return ts
    return (parse_time(str(ts or "")) or _EPOCH).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
