"""Procedural memory's file, `memory/procedures.md` (docs/design.md §4.7). Pure: text in, text out.

A procedure is a `Procedure` block entry (the one parser and validator, docs/design.md §4.1) whose
title is its trigger, with four fields after `refs`: `steps` (" → "-joined, in order),
`learned_from`, `success_count` and `last_used`. A newly learned procedure whose steps overlap an
active one's by `MERGE_THRESHOLD` or more is merged into it: the new steps join in order, the count
goes up by one, the later `last_used` and the higher confidence win; a teaching that puts known
steps in another order is a correction whose order wins (the count stays), and so is one that drops
a step ("skip the migrations"): that step leaves. A teaching that may only amend ("no, when you
deploy …" without a standing cue) merges into the procedure of its trigger, or nowhere.
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace

from memory_store import layout
from memory_store.entries import BlockEntry, Source, is_date, make_id
from memory_store.errors import EntryError
from memory_store.hanzi import to_simplified
from memory_store.markdown import Block, block_to_entry, parse_document
from memory_store.markdown_write import entries_suffix, replace_entry

REL = layout.PROCEDURES
TITLE = "# Procedures\n"
SEP = " → "
ORIGINS = ("explicit", "correction", "repeated_pattern", "agent")
# Confidence by origin (docs/design.md §6.6): the user's own words, a user's correction, a pattern
# seen in several sessions (a proposal), an agent's own record.
CONFIDENCE = {"explicit": 0.95, "correction": 0.85, "repeated_pattern": 0.60, "agent": 0.60}
# Dice overlap of the two procedures' steps (content words; Thai/Chinese character bigrams). On the
# dev merge pairs of tests/fixtures/procedures/ triggers are paraphrased too often for word overlap
# to tell (61 % at best); steps at 0.35 merge 14 of 18 same pairs and 1 of 18 different ones.
MERGE_THRESHOLD = 0.35
STEP_MATCH = 0.5          # two steps are "the same step" at this overlap
# A correction that only amends a known procedure ("no, when you deploy the API, …") corrects the
# one whose trigger it names: their triggers overlap by this much (besides the steps' MERGE_THRESHOLD).
TRIGGER_MATCH = 0.5
# What a teaching says besides its steps, kept on the learned entry until it is merged and never
# written: the steps it drops ("skip the migrations") and whether it may only amend a known procedure.
DROPS, AMENDS = "drops", "amends"
_TRANSIENT = (DROPS, AMENDS)
_STOP = frozenset((
    "the", "a", "an", "to", "of", "for", "in", "on", "and", "or", "with", "my", "our", "your", "we", "you",
    "i", "me", "it", "its", "this", "that", "then", "when", "whenever", "every", "each", "first",
))


def grams(text: str) -> set[str]:
    """Content words (cut to 5 letters, a crude stem) and Thai/Chinese character bigrams, traditional
    Chinese folded to simplified (memory_store/hanzi.py, as the conflict detector folds it): "跑測試"
    and "跑测试" are one step."""
    t = to_simplified(unicodedata.normalize("NFKC", text).lower())
    out = {w[:5] for w in re.findall(r"[a-z0-9]+", t) if w not in _STOP}
    for run in re.findall(r"[\u0e00-\u0e7f\u3400-\u4dbf\u4e00-\u9fff]+", t):
        out.update(run[i:i + 2] for i in range(len(run) - 1))
    return out


# Matching a task to a procedure: one matcher for `memjobs procedures` / MCP `memory_procedures`
# (jobs/procedures/find.py) and the runtime context's procedures (memory_store/context/build.py).
STEP_WEIGHT = 0.8   # a task named by its steps fits a little less surely than one named by its trigger
MIN_MATCH = 0.25    # the share of the task's words a procedure must hold to be shown at all
_RUN = re.compile(r"[\u0e00-\u0e7f\u3400-\u4dbf\u4e00-\u9fff]+")


def task_units(text: str) -> list[set[str]]:
    """The task's words, each as the grams it is matched by: an English (or any spaced) content word is
    one unit of one gram; a Thai or Chinese run (written without spaces) is one unit of its character
    bigrams. A run of five characters is one phrase, not four words: weighed bigram by bigram, "เพิ่ม
    endpoint" or "加一个新的 endpoint" put the shared English term at a fifth of the task and matched
    nothing, while the same words matched in the context."""
    t = to_simplified(unicodedata.normalize("NFKC", text).lower())
    units = [{w[:5]} for w in re.findall(r"[a-z0-9]+", t) if w not in _STOP]
    for run in _RUN.findall(t):
        pairs = {run[i:i + 2] for i in range(len(run) - 1)}
        if pairs:
            units.append(pairs)
    return units


def _share(units: list[set[str]], target: set[str]) -> float:
    """The mean, over the task's units, of the share of each unit's grams found in `target`."""
    return sum(len(u & target) / len(u) for u in units) / len(units)


def task_match(task: str, trigger: str, steps: Iterable[str]) -> float:
    """How well `task` names the procedure, the highest of: the share of its words (`task_units`) in
    the trigger; the share of the trigger's words in the task (a prompt says much more than a trigger:
    "ช่วยเพิ่ม endpoint ใหม่สำหรับ refund หน่อย" holds all of "add an endpoint" it can, in a fifth of
    its own words); `STEP_WEIGHT` × the share of its words in the steps. A procedure fits at
    `MIN_MATCH`. A task with no content word matches nothing (0.0)."""
    units = task_units(task)
    if not units:
        return 0.0
    own = task_units(trigger)
    in_trigger = _share(units, grams(trigger))
    trigger_in_task = _share(own, set().union(*units)) if own else 0.0
    in_steps = _share(units, grams(" ".join(steps)))
    return round(max(in_trigger, trigger_in_task, STEP_WEIGHT * in_steps), 4)


def dice(a: set[str], b: set[str]) -> float:
    return 2 * len(a & b) / (len(a) + len(b)) if a and b else 0.0


def similarity(steps_a: Iterable[str], steps_b: Iterable[str]) -> float:
    return dice(grams(" ".join(steps_a)), grams(" ".join(steps_b)))


def _extra(e: BlockEntry, key: str) -> str | None:
    return next((v for k, v in e.extra if k == key), None)


def steps_of(e: BlockEntry) -> tuple[str, ...]:
    return tuple(s.strip() for s in (_extra(e, "steps") or "").split(SEP.strip()) if s.strip())


def success_count(e: BlockEntry) -> int:
    value = _extra(e, "success_count") or "0"
    return int(value) if value.isdigit() else 0


def make_procedure(trigger: str, steps: Iterable[str], day: str, source: Source, learned_from: str,
                   excerpt: str | None = None, drops: Iterable[str] = (), amends: bool = False) -> BlockEntry:
    """A learned procedure. `drops` (steps the teaching says to leave out) and `amends` (it may only
    correct a known procedure of the same trigger) are read by `apply` and never written."""
    steps = tuple(" ".join(s.split()).replace(SEP.strip(), "->") for s in steps)
    if learned_from not in ORIGINS:
        raise ValueError(f"unknown origin {learned_from!r}")
    drops = tuple(" ".join(d.split()).replace(SEP.strip(), "->") for d in drops)
    said = ((DROPS, SEP.join(drops)),) if drops else ()
    return BlockEntry(
        kind="Procedure", title=trigger, id=make_id("Procedure", day, trigger, trigger + " :: " + SEP.join(steps)),
        date=day, source=source, confidence=CONFIDENCE[learned_from], excerpt=excerpt,
        extra=(("steps", SEP.join(steps)), ("learned_from", learned_from), ("success_count", "1"),
               ("last_used", day), *said, *(((AMENDS, "yes"),) if amends else ())))


def drops_of(e: BlockEntry) -> tuple[str, ...]:
    """The steps a learned teaching says to leave out (never in the file)."""
    return tuple(s.strip() for s in (_extra(e, DROPS) or "").split(SEP.strip()) if s.strip())


def amends(e: BlockEntry) -> bool:
    """Whether a learned teaching may only correct a known procedure (never in the file)."""
    return _extra(e, AMENDS) == "yes"


def _written(e: BlockEntry) -> BlockEntry:
    return replace(e, extra=tuple((k, v) for k, v in e.extra if k not in _TRANSIENT))


def dropped(old: tuple[str, ...], drops: Iterable[str]) -> set[int]:
    """The old steps the drops name: for each drop, the step holding most of its words (at least
    STEP_MATCH of them; "skip the migrations" names "run the migrations")."""
    out: set[int] = set()
    for d in drops:
        g = grams(d)
        if not g:
            continue
        scored = [(len(g & grams(s)) / len(g), dice(g, grams(s)), i) for i, s in enumerate(old)]
        best = max(scored, default=None)
        if best is not None and best[0] >= STEP_MATCH:
            out.add(best[2])
    return out


def _set_extra(e: BlockEntry, **values: str) -> BlockEntry:
    extra = [(k, values.pop(k)) if k in values else (k, v) for k, v in e.extra]
    extra.extend(values.items())
    return replace(e, extra=tuple(extra))


_THAI = re.compile(r"[\u0e00-\u0e7f]")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def _language(step: str) -> str:
    """The language a step is said in, by its script: Thai, Chinese, else English (a Latin term
    inside a Thai or Chinese step, "build image", does not make it English)."""
    return "th" if _THAI.search(step) else "zh" if _HAN.search(step) else "en"


def step_match(a: str, b: str) -> float:
    """How surely two steps are one: their overlap (`dice` of `grams`); and two steps said in two
    languages ("run the tests", "รันเทส", "跑测试") share few grams, so they are one (STEP_MATCH) when
    they name the same things of the cross-language concepts (memory_store/supersede/concepts.txt:
    test, build, release, migration …), nothing else. In one language the words say it already:
    "run the tests" and "test the rollback" name more than one thing and stay two steps."""
    score = dice(grams(a), grams(b))
    if score >= STEP_MATCH or _language(a) == _language(b):
        return score
    # Imported here: `memjobs context` reads procedures and starts without the detector's modules.
    from memory_store.supersede.concepts import load_concepts
    from memory_store.supersede.subject import normalise

    concepts = load_concepts()
    na, nb = normalise(a), normalise(b)
    named_a, named_b = concepts.concepts_of(na), concepts.concepts_of(nb)
    if not named_a or named_a.keys() != named_b.keys() or _says_more(na, named_a) or _says_more(nb, named_b):
        return score
    return STEP_MATCH


# Words of doing that any step may hold beside what it names ("run the tests", "ให้รันเทส", "先跑测试").
_DOING = re.compile(r"(?i:\b(?:run|the|a|an|all|do|then|first|make|execute|please|our|again|now)\b)"
                    r"|ให้|รัน|ก่อน|แล้ว|ทำ|ค่อย|ด้วย|跑|先|再|然后|然後|把|一下|做|执行|執行|运行|運行")


def _says_more(text: str, named: dict[str, frozenset[str]]) -> bool:
    """Whether a step says something beyond the concepts it names and words of doing: "run the unit
    tests" (unit), "跑集成测试" (集成) name a kind of test the concept alone does not (review16: matched by
    the concept, "跑集成测试" was merged into "run the unit tests" and the step the user taught dropped)."""
    rest = text
    for terms in named.values():
        for term in sorted(terms, key=len, reverse=True):
            rest = rest.replace(term, " ")
    rest = _DOING.sub(" ", rest)
    return any(len(w) > 2 or not w.isascii() and len(w) > 1 for w in re.findall(r"\w+", rest))


def _best_step(step: str, old: Sequence[str]) -> int | None:
    """The old step `step` is (`step_match` STEP_MATCH or more, the highest), or None."""
    scored = [(step_match(step, s), -i) for i, s in enumerate(old)]
    best = max(scored, default=None)
    return -best[1] if best is not None and best[0] >= STEP_MATCH else None


def _matches(old: tuple[str, ...], new: tuple[str, ...]) -> list[int | None]:
    """For each new step, the old step it matches (`_best_step`), or None."""
    return [_best_step(step, old) for step in new]


def reorders(old: tuple[str, ...], new: tuple[str, ...]) -> bool:
    """Whether the new teaching puts steps it shares with the old one in another order (a
    correction: "restart the workers first, then run the migrations")."""
    return _reordered(_matches(old, new))


def _reordered(matches: list[int | None]) -> bool:
    known = [m for m in matches if m is not None]
    return any(a > b for a, b in zip(known, known[1:], strict=False))


def merge_steps(old: tuple[str, ...], new: tuple[str, ...]) -> tuple[str, ...]:
    """The old steps, with each new step that matches none of them inserted after the last old step
    matched before it (so the order of both is kept). A teaching that puts known steps in another
    order is a correction: its order wins, and an old step it does not name stays after every step
    it followed."""
    matches = _matches(old, new)
    if _reordered(matches):
        placed: list[tuple[str, int | None]] = list(zip(new, matches, strict=True))
        for i, step in enumerate(old):
            if i in matches:
                continue
            prev = [k for k, (_, m) in enumerate(placed) if m is not None and m < i]
            at = max(prev) + 1 if prev else 0
            placed.insert(at, (step, i))
        return tuple(step for step, _ in placed)
    out = list(old)
    anchor = -1
    for step in new:
        match = _best_step(step, out)
        if match is not None:
            anchor = max(anchor, match)
            continue
        anchor += 1
        out.insert(anchor, step)
    return tuple(out)


def taught_in(e: BlockEntry) -> str:
    """The teaching an entry was learned from: its source session and lines."""
    return f"{e.source.session_id}#{e.source.message_range}"


def merged_from(e: BlockEntry) -> list[str]:
    """The teachings merged into `e` (`merged_from`, `; `-joined `session#lines`)."""
    return [t for t in (_extra(e, "merged_from") or "").split("; ") if t]


def merge(old: BlockEntry, new: BlockEntry) -> BlockEntry | None:
    """`new` folded into `old`: the steps it drops taken out, steps merged, count + 1 (not for a
    correction: another order, a dropped step, or a turn that opens with one), later last_used,
    higher confidence, and the teaching kept in `merged_from` so that reading it again counts
    nothing. None when the drops would leave fewer than two steps (no procedure is left to keep)."""
    last = max(_extra(old, "last_used") or old.date, _extra(new, "last_used") or new.date)
    gone = dropped(steps_of(old), drops_of(new))
    kept = tuple(s for i, s in enumerate(steps_of(old)) if i not in gone)
    steps = merge_steps(kept, steps_of(new))
    if len(steps) < 2:
        return None
    # A correction is not a use that went well: the count stays.
    used = 0 if gone or amends(new) or reorders(kept, steps_of(new)) else 1
    merged = _set_extra(old, steps=SEP.join(steps),
                        success_count=str(success_count(old) + used), last_used=last,
                        merged_from="; ".join([*merged_from(old), taught_in(new)]))
    return replace(merged, confidence=max(old.confidence, new.confidence))


def active(text: str) -> Iterator[BlockEntry]:
    """The active procedures of memory/procedures.md's `text`, in file order; a block that does not
    read is skipped (`memjobs validate` reports it)."""
    for b in parse_document(text).blocks:
        if b.kind != "Procedure" or (b.get("status") or "active") != "active":
            continue
        try:
            yield block_to_entry(b, REL)
        except EntryError:
            continue


def teachings(text: str | None) -> set[str]:
    """Every teaching the file holds: each procedure's own source and its `merged_from` (any status)."""
    out: set[str] = set()
    for b in parse_document(text or "").blocks:
        if b.kind != "Procedure":
            continue
        try:
            e = block_to_entry(b, REL)
        except EntryError:
            continue
        out.update((taught_in(e), *merged_from(e)))
    return out


def apply(text: str | None, learned: Iterable[BlockEntry],
          learned_before: frozenset[str] = frozenset()) -> tuple[str, int, int]:
    """The file with each learned procedure merged into its match or appended; returns (text,
    added, merged). A procedure already in the file (same id), or a teaching its match has learned
    already (the same source session and lines: the match's own source or in its `merged_from`),
    changes nothing: reading a transcript again counts no teaching twice. Nor does a teaching in
    `learned_before` (the teachings memjobs learned before, kept in `.memjobs/`): one that is no
    longer in the file was deleted by a person, and reading its transcript again does not bring it
    back."""
    out = text if text else TITLE
    added = merged = 0
    for new in learned:
        if taught_in(new) in learned_before:
            continue
        doc = parse_document(out)
        current = [b for b in doc.blocks if b.kind == "Procedure" and (b.get("status") or "active") == "active"]
        if any(b.id == new.id for b in doc.blocks):
            continue
        best = best_match(current, new)
        if best is not None and taught_in(new) in (taught_in(best), *merged_from(best)):
            continue
        if best is not None:
            folded = merge(best, new)
            if folded is not None:
                out = replace_entry(out, folded)
                merged += 1
        elif not amends(new):
            out += entries_suffix(out, [_written(new)])
            added += 1
    return out, added, merged


def best_match(blocks: list[Block], new: BlockEntry) -> BlockEntry | None:
    best: tuple[float, BlockEntry] | None = None
    for b in blocks:
        try:
            e = block_to_entry(b, REL)
        except EntryError:
            continue   # a hand edit that does not convert is left alone (and reported by validate)
        if _other_subject(e.title, new.title):
            continue
        score = similarity(steps_of(e), (*steps_of(new), *drops_of(new)))
        if amends(new):
            # A correction that only amends names the procedure's trigger, and its steps or a step
            # of it to drop ("when you deploy the API, skip the migrations").
            named = dice(grams(e.title), grams(new.title))
            if named < TRIGGER_MATCH or (score < MERGE_THRESHOLD and not dropped(steps_of(e), drops_of(new))):
                continue
            score = max(score, MERGE_THRESHOLD) + named
        if score >= MERGE_THRESHOLD and (best is None or score > best[0]):
            best = (score, e)
    return best[1] if best else None


def _other_subject(old_title: str, new_title: str) -> bool:
    """Do two titles name one kind of list for two subjects: the same words with one word swapped
    for another ("offboarding checklist" beside "onboarding checklist", "hotfix steps" beside
    "release steps"), the word not the first of three or more? The same steps then belong to two
    procedures, not one ("when we ship the api to prod" beside "when we deploy the api" says more
    than one word again: the same procedure)."""
    # Imported here: `memjobs context` reads procedures and starts without the detector's modules.
    from memory_store.supersede.extends import other_subject
    from memory_store.supersede.lexicon import load_lexicon
    from memory_store.supersede.subject import ROLE_PREFIX, subject_tokens

    lx = load_lexicon()
    old = [t for t in subject_tokens(old_title, lx) if not t.startswith(ROLE_PREFIX)]
    new = [t for t in subject_tokens(new_title, lx) if not t.startswith(ROLE_PREFIX)]
    if len(old) != len(new) or len(old) < 3:
        return False
    # The swapped word stands inside the title, not first: a first word is the verb a trigger opens
    # with, said in other words as often ("we deploy the API", "shipping the API").
    swapped = [(n, a, b) for n, (a, b) in enumerate(zip(old, new, strict=True)) if a != b]
    return len(swapped) == 1 and swapped[0][0] > 0 and other_subject({swapped[0][1]: 1.0}, {swapped[0][2]: 1.0})


def problems(block: Block) -> list[tuple[int, str]]:
    """What the procedures file needs beyond a valid entry (docs/design.md §4.7)."""
    out: list[tuple[int, str]] = []
    fields = {f.key: f for f in block.fields if f.key}
    if block.kind != "Procedure":
        return [(block.line, f"{block.kind} entry in the procedures file (only Procedure entries belong here)")]
    steps = fields.get("steps")
    if steps is None or len([s for s in steps.value.split(SEP.strip()) if s.strip()]) < 2:
        out.append((steps.line if steps else block.line, "a procedure needs 'steps' with at least two steps "
                                                          f"joined by '{SEP.strip()}'"))
    origin = fields.get("learned_from")
    if origin is not None and origin.value not in ORIGINS:
        out.append((origin.line, f"learned_from {origin.value!r} is not one of {', '.join(ORIGINS)}"))
    count = fields.get("success_count")
    if count is not None and not count.value.isdigit():
        out.append((count.line, f"success_count {count.value!r} is not a whole number"))
    last = fields.get("last_used")
    if last is not None and last.value and not is_date(last.value):
        out.append((last.line, f"last_used {last.value!r} is not a date (YYYY-MM-DD)"))
    return out
