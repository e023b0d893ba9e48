"""Build one week's plan (docs/design.md §5): score at the cut-off, supersede, promote, dedupe, demote,
fit the budget, guard. Pure: the inputs are already read; nothing here touches a file.

Re-running the same week on the plan's own result is a fixed point: every item left in MEMORY.md
passed the same tests with the same scores, nothing new is waiting, so the next plan is empty.
"""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta

from jobs.weekly import scoring
from jobs.weekly.budget import Budget, fit, room
from jobs.weekly.conflicts import conflicts_within, find_conflicts
from jobs.weekly.model import Located, Plan, StatusChange
from jobs.weekly.near_duplicates import content_tokens, near_duplicate, near_duplicate_groups, values
from jobs.weekly.noise import noise_class
from jobs.weekly.procedures import PROCEDURES_MAX, PROCEDURES_RESERVED, procedure_summary, top_procedures
from memory_store.archive_format import ArchiveLine, LogLine, archive_rel, link_from_archive, one_line
from memory_store.core.conflicts import Decision
from memory_store.ended import ended_on
from memory_store.entries import BlockEntry
from memory_store.errors import EntryError, GuardRefused
from memory_store.memory_md import (
    QUESTIONS_MAX_LINES,
    SECTION_OF_KIND,
    SECTIONS,
    IndexItem,
    MemoryMd,
    OpenQuestion,
    parse_memory_md,
    question_title,
    section_of_id,
)
from memory_store.open_conflicts import stand_in

TURNOVER_MAX = 0.25
TURNOVER_MIN_ITEMS = 20
# The first compound since an upgrade (guard): what the current rules hold out does not count toward
# TURNOVER_MAX, but no compound removes more than this share of MEMORY.md without --force.
UPGRADE_MAX = 0.5
UPGRADE_NOTE = "first compound since an upgrade: this version's rules judged an item an earlier version kept"
# The reasons (archive lines) of a rule's judgement of an item itself (guard, judged_anew).
RULE_REASONS = ("possible conflict with ", "not a decision, rule or fact to keep", "held by core memory",
                "merged into ")
SUMMARY_MAX = 200
# An index item whose entry memjobs cannot find (a hand-written item, a deleted file) keeps this
# score: kept while there is room, and the first to go when there is not.
UNKNOWN_SCORE = 0.25
DEFAULT_HEAD = "# MEMORY\n\n## Pinned\n\n"

# An item whose entry a person deleted from its daily log (the item is archived, not lost).
DELETED_REASON = "entry deleted by a person"

# The reason names no value: the weekly log is read like MEMORY.md.
FORGOTTEN_REASON = "holds a value the user had memjobs forget; stays in its daily log"


@dataclass(frozen=True)
class Inputs:
    week: str                           # GGGG-WVV
    cutoff_day: date                    # the week's Sunday
    entries: dict[str, Located]         # every entry of the entry files, one per id
    memory_text: str | None             # MEMORY.md as it is (None: missing)
    marks: set[tuple[str, str]]         # (id, block hash) pairs already compounded
    access: dict[str, int]              # id -> reads up to the week
    budget: Budget
    mentions: dict[str, int] = field(default_factory=dict)  # id -> the week's wrap-ups that mention it
    decisions: dict[str, Decision] = field(default_factory=dict)  # conflict decisions no week applied yet
    decided: frozenset[str] = frozenset()   # newer ids of every conflict a person decided, applied or not
    core_held: dict[str, str] = field(default_factory=dict)  # id -> the PROFILE fact holding it (core_held.py)
    # the entries that hold a value the user had memjobs forget (memory_store/core/forgotten.py), id ->
    # the id as the weekly log prints it (without the value its words may hold): search and the context
    # leave them out, so MEMORY.md does too
    forgotten: dict[str, str] = field(default_factory=dict)
    # memory/procedures.md's procedures (read only: never marked, superseded or status-changed here)
    procedures: dict[str, Located] = field(default_factory=dict)
    # the open possible conflicts as last saved (memory_store/open_conflicts.py): (newer id, established id)
    open_pairs: tuple[tuple[str, str], ...] = ()
    # False when that list predates the entry files as they are (a backfill saves it on its last day
    # only): the pairs MEMORY.md's Open questions already name then stay while both sides hold
    open_pairs_current: bool = True
    # MEMORY.md items whose entry a person deleted (memory_store/missing_entries.py): id -> the
    # file it was deleted from. Only these leave for a missing entry; any other unfound item stays.
    deleted: dict[str, str] = field(default_factory=dict)
    # the entries with a `supersedes:` field whose words the withdrawn/forgotten filter holds out
    # (memory_store/supersedes_read.py `held_out_in`): they link nothing, as for every reader
    links_held_out: frozenset[str] = frozenset()
    # the pairs a person resolved `--keep both` (applied or not): never merged by the dedupe
    kept_both: frozenset[frozenset[str]] = frozenset()
    # the newer ids of every conflict a person resolved `--keep new` (applied or not)
    kept_new: frozenset[str] = frozenset()


@dataclass
class _Cand:
    id: str
    section: str
    item: IndexItem
    score: float
    date: str
    kind: str | None
    in_memory: bool
    old_item: IndexItem | None = None


def summary_of(entry: BlockEntry) -> str:
    """`<title> — <conclusion>` on one line, short enough to stay within MEMORY.md's 5-line item."""
    from memory_store.redact import redact

    title = one_line(entry.title)
    conclusion = one_line(procedure_summary(entry) or entry.conclusion)
    text = title
    core = title.rstrip("…").rstrip()  # a title cut short by the extractor ends with "…"
    if conclusion and core != title and _norm(core) in _norm(conclusion):
        text = conclusion
    elif conclusion and _norm(conclusion) not in _norm(title) and _norm(title) not in _norm(conclusion):
        text = f"{title} — {conclusion}"
    elif conclusion and len(conclusion) > len(title) and _norm(title) in _norm(conclusion):
        text = conclusion
    text = redact(text).replace("](", "] (").replace("([", "( [")
    if len(text) > SUMMARY_MAX:
        cut = text[:SUMMARY_MAX - 1]
        space = cut.rfind(" ")
        text = (cut[:space] if space > SUMMARY_MAX // 2 else cut).rstrip(" ,.;:—-") + "…"
    return text or entry.id


def _norm(text: str) -> str:
    return " ".join(text.casefold().split()).strip(" .。")


def memory_md_of(text: str | None) -> MemoryMd:
    """MEMORY.md as the compound sees it; raises EntryError (naming the file and line) when its
    generated part cannot be rewritten without touching the user's text or losing an item."""
    if not text:
        return MemoryMd(head=DEFAULT_HEAD)
    md = parse_memory_md(text)
    if md.problems:
        line, message = md.problems[0]
        more = len(md.problems) - 1
        also = f" ({more} more: `memjobs validate MEMORY.md` lists them)" if more else ""
        raise EntryError(f"{message}; the weekly compound wrote nothing{also}", path="MEMORY.md", line=line)
    return md


def build_plan(inp: Inputs) -> Plan:
    cutoff = inp.cutoff_day.isoformat()
    plan = Plan(week=inp.week, cutoff_day=cutoff)
    year, month = inp.cutoff_day.year, inp.cutoff_day.month
    arch_rel = archive_rel(year, month)
    md = memory_md_of(inp.memory_text)

    in_window = {i: loc for i, loc in inp.entries.items() if loc.entry.date <= cutoff}
    new = [loc for i, loc in in_window.items() if (i, loc.hash) not in inp.marks]
    plan.marks = {loc.entry.id: loc.hash for loc in new}

    # 1. Conflicts: supersede (status change in the daily file) or warn.
    supers, conflicts = find_conflicts([loc.entry for loc in new], [loc.entry for loc in in_window.values()],
                                       held=inp.forgotten.keys() | inp.links_held_out,
                                       where={i: (loc.rel, loc.line) for i, loc in in_window.items()})
    entries: dict[str, BlockEntry] = {i: loc.entry for i, loc in in_window.items()}
    # the entries another one's `superseded_later_by` names: each replaces that one (noise.py)
    replacing = {e.superseded_later_by for e in entries.values() if e.superseded_later_by}
    for s in supers:
        loc = in_window[s.old]
        entries[s.old] = replace(loc.entry, status="superseded", superseded_by=s.new)
        plan.status.append(StatusChange(loc.rel, s.old, "superseded", s.new))
        new_date = in_window[s.new].entry.date
        plan.log.append(("Superseded", LogLine(s.old, link_from_archive(loc.rel),
                                               f"superseded by {s.new} ({s.reason}), stated {new_date}")))
    # The established entry keeps its place; the newer one of a possible conflict is held out of
    # MEMORY.md (it stays in its daily log) until a person decides or a later reversal settles it.
    held = {pc.new for pc in conflicts}
    for pc in conflicts:
        if pc.new in inp.decisions:
            continue  # a person has decided already: the decision is applied below instead
        plan.log.append(("Possible conflicts", LogLine(
            pc.new, link_from_archive(in_window[pc.new].rel),
            f"possible conflict with {pc.old} (similar subject, different conclusion, no change stated; "
            f"similarity {pc.similarity:.2f}); held out of MEMORY.md")))
    # A person's decisions (`memjobs conflicts resolve`), applied once each (docs/design.md §6.4).
    chosen, kept_out = _apply_decisions(inp, in_window, entries, held, plan)
    # Procedural memory joins after the conflicts and decisions, which are the daily logs' alone.
    learned = {i: loc for i, loc in inp.procedures.items() if loc.entry.date <= cutoff and i not in in_window}
    in_window.update(learned)
    entries.update((i, loc.entry) for i, loc in learned.items())

    def item_of(e: BlockEntry) -> IndexItem:
        return IndexItem(summary_of(e), e.id, in_window[e.id].rel)

    def value(e: BlockEntry) -> float:
        return scoring.score(e, inp.cutoff_day, inp.access.get(e.id, 0) + inp.mentions.get(e.id, 0))

    # An item the user said holds "until" a day is not served after it (memory_store/ended.py): the
    # MEMORY.md compounded for this week is read from the day after the week, so the check is made
    # for that day. Nothing is written to the entry: its own words say it.
    served_from = inp.cutoff_day + timedelta(days=1)

    # 2. What is in MEMORY.md now, and what leaves it for a reason of its own.
    before: dict[str, IndexItem] = {}
    for it in md.items:
        before.setdefault(it.id, it)
    plan.before = len(before)
    leaving: dict[str, tuple[IndexItem, str]] = {}
    cands: dict[str, _Cand] = {}
    replaced_with = _replaced_with_a_restatement(before, entries, plan.status)
    for i, it in before.items():
        e = entries.get(i)
        if e is None and i in inp.deleted:
            leaving[i] = (it, f"{DELETED_REASON} from {inp.deleted[i]}")
            continue
        if e is None:
            section = next((s for s in SECTIONS if it in md.sections.get(s, [])), section_of_id(i))
            cands[i] = _Cand(i, section, it, UNKNOWN_SCORE, "", None, True, it)
            continue
        v = value(e)
        if e.status != "active":
            reason = f"superseded by {e.superseded_by}" if e.superseded_by else f"status {e.status}"
            leaving[i] = (it, reason)
        elif (end := ended_on(e, served_from)) is not None:
            leaving[i] = (it, f"ended {end.isoformat()}")
        elif i in replaced_with:
            gone, by = replaced_with[i]
            leaving[i] = (it, f"superseded by {by} (as {gone}, which says what it says)")
        elif i in inp.forgotten:     # before core_held: that reason names the fact's value
            leaving[i] = (it, FORGOTTEN_REASON)
        elif i in inp.core_held:
            leaving[i] = (it, f"held by core memory ({inp.core_held[i]} in PROFILE.md); stays in its daily log")
        elif i in kept_out:
            leaving[i] = (it, f"{kept_out[i]} kept over it (a person's decision)")
        elif scoring.stale(e, v):
            leaving[i] = (it, "stale")
        elif (noise := noise_class(e, replaces=i in replacing)) and not chosen.get(i):
            leaving[i] = (it, f"not a decision, rule or fact to keep ({noise}); stays in its daily log")
        else:
            cands[i] = _Cand(i, SECTION_OF_KIND[e.kind], item_of(e), v, e.date, e.kind, True, it)
    gated: dict[str, int] = {}
    # Why each entry of the week that does not enter MEMORY.md stays out, where no other section of
    # the weekly log says it (docs/design.md §5.4: the log lists every entry it leaves out).
    out_reason: dict[str, str] = {}
    waiting = [loc.entry.id for loc in new] + [i for i in chosen if i not in {loc.entry.id for loc in new}]
    waiting += sorted(learned)
    for i in waiting:
        e = entries[i]
        if e.id in cands or e.id in leaving or e.id in held or e.status != "active":
            continue
        if e.id in inp.forgotten:
            gated["forgotten value"] = gated.get("forgotten value", 0) + 1
            out_reason[e.id] = FORGOTTEN_REASON
            continue
        if e.id in inp.core_held and not chosen.get(e.id):
            gated["held by core memory"] = gated.get("held by core memory", 0) + 1
            out_reason[e.id] = f"held by core memory ({inp.core_held[e.id]} in PROFILE.md); stays in its daily log"
            continue
        if (end := ended_on(e, served_from)) is not None:
            out_reason[e.id] = f"ended {end.isoformat()} (the user said it held until then); stays in its daily log"
            continue
        v = value(e)
        # A closing, a seen-report, a complaint, a problem or a deferral is stored, searchable, and
        # not in the index read every session (jobs/weekly/noise.py).
        noise = None if chosen.get(e.id) else noise_class(e, replaces=e.id in replacing)
        if noise:
            gated[noise] = gated.get(noise, 0) + 1
            out_reason[e.id] = f"not a decision, rule or fact to keep ({noise}); stays in its daily log"
            continue
        # The side a person chose to keep enters MEMORY.md (within the budget) whatever its score.
        if chosen.get(e.id) or scoring.promotable(e, v):
            cands[e.id] = _Cand(e.id, SECTION_OF_KIND[e.kind], item_of(e), v, e.date, e.kind, False)
        else:
            out_reason[e.id] = f"{scoring.why_not_promoted(e, v)}; stays in its daily log"

    if gated:
        plan.notes.append(f"{sum(gated.values())} new entries kept out of MEMORY.md, not a decision, rule or fact "
                          f"to keep ({', '.join(f'{k} {n}' for k, n in sorted(gated.items()))}); they stay in "
                          "their daily logs")
    found = [(pc.new, pc.old) for pc in conflicts]
    found += _hold_open_conflicts(inp, in_window, entries, cands, leaving, held, {pc.new for pc in conflicts}, plan)

    # 3. Dedupe: near-duplicates of one kind keep one survivor.
    _dedupe(cands, entries, in_window, leaving, plan, inp.kept_both)
    # 3b. The Procedures section lists the best few; the rest are found by `memjobs procedures`.
    procs = [(c.id, c.score, c.date) for c in cands.values() if c.section == "Procedures"]
    best, rest = top_procedures(procs, entries)
    for i in rest:
        c = cands.pop(i)
        if c.in_memory:
            leaving[i] = (c.old_item or c.item, f"not among the {PROCEDURES_MAX} best procedures")
        else:
            out_reason[i] = f"not among the {PROCEDURES_MAX} best procedures; `memjobs procedures` lists it"
    reserved = set(best[:PROCEDURES_RESERVED])

    # 4. Budget: best first while the whole file fits (the best procedures have their place first).
    def best_first(c: _Cand) -> tuple[float, bool, str, str]:
        return (-c.score, not c.in_memory, _neg_date(c.date), c.id)

    ranked = sorted(cands.values(), key=lambda c: (c.id not in reserved, *best_first(c)))
    # The open questions have their place first (they can only get fewer once the items are fitted).
    # While the saved list is out of date, the pairs MEMORY.md asks already are carried too; neither it nor
    # they name a pair with a side this run judges again (changed by hand: its judgement is `found`)
    listed = inp.open_pairs if inp.open_pairs_current else [
        (n, o) for n, o in [*inp.open_pairs, *((q.new_id, q.old_id) for q in md.questions)]
        if n not in plan.marks and o not in plan.marks]
    questions = _open_questions(inp, in_window, entries, set(cands), listed, found)
    md.questions, md.questions_more = _question_lines(questions)
    space = room(md, inp.budget)   # the user's own lines never push the generated part below its floor
    if space.warning:
        plan.warnings.append(space.warning)
    kept, left = fit(md, [(c.section, c.item) for c in ranked], space.budget)
    for it in left:
        c = cands.pop(it.id)
        if c.in_memory:
            leaving[c.id] = (c.old_item or c.item, "over budget")
        else:
            out_reason[c.id] = (f"over budget (MEMORY.md holds at most {space.budget.lines} lines and "
                                f"{space.budget.chars} characters; score {c.score:.2f}); stays in its daily log")
    if left:
        plan.notes.append(f"{sum(1 for it in left if it.id not in leaving)} qualifying entries did not fit "
                          f"MEMORY.md's budget ({space.budget.lines} lines, {space.budget.chars} characters)")
    # Order within a section by score, then newest: not by whether an item was already there,
    # so that re-running the week renders the same bytes.
    rank = {c.id: (-c.score, _neg_date(c.date), c.id) for c in cands.values()}
    plan.items = {s: sorted(kept.get(s, []), key=lambda it: rank[it.id]) for s in SECTIONS}
    kept_ids = {it.id for items in kept.values() for it in items}
    plan.questions, plan.questions_more = _question_lines([q for q in questions if q.old_id in kept_ids])
    now = memory_md_of(inp.memory_text)
    plan.questions_changed = (now.questions, now.questions_more) != (plan.questions, plan.questions_more)

    # 5. Everything that leaves MEMORY.md goes to the archive, with the day and the reason.
    for i, (it, reason) in sorted(leaving.items()):
        link = link_from_archive(in_window[i].rel if i in in_window else it.link)
        plan.archive.setdefault(arch_rel, []).append(ArchiveLine(it.summary, i, link, cutoff, reason))
        if not reason.startswith("merged into"):
            plan.log.append(("Demoted", LogLine(inp.forgotten.get(i, i), link, reason)))
    for c in sorted(ranked, key=best_first):   # the log lists by score, whatever had its place first
        if c.id not in cands:
            continue
        if not c.in_memory:
            plan.promoted += 1
            cited = inp.mentions.get(c.id, 0)
            also = f", mentioned in {cited} wrap-up{'s' if cited > 1 else ''}" if cited else ""
            plan.log.append(("Promoted", LogLine(c.id, link_from_archive(c.item.link),
                                                 f"promoted to {c.section} (score {c.score:.2f}{also})")))
        elif c.old_item != c.item:
            plan.changed += 1
        else:
            plan.unchanged += 1
    plan.removed = sorted(set(before) - set(cands))
    _list_kept_out(plan, [loc for loc in new if loc.entry.status == "active"], kept_ids, out_reason, held,
                   inp.forgotten)
    return plan


def _list_kept_out(plan: Plan, new: list[Located], kept_ids: set[str], out_reason: dict[str, str],
                   held: set[str], shown: Mapping[str, str]) -> None:
    """List under `## Kept out` each active entry of the week that is not in MEMORY.md and that no
    other section of the log names (promoted, demoted, merged, superseded, a possible or resolved
    conflict), with its reason: the weekly log accounts for every entry it leaves out. An entry held
    out for a forgotten value is listed by its id as `shown` prints it (without the value)."""
    named = {ln.id for _, ln in plan.log}
    for loc in sorted(new, key=lambda x: x.entry.id):
        i = loc.entry.id
        if i in kept_ids or i in named or shown.get(i, i) in named:
            continue
        if i in out_reason:
            reason = out_reason[i]
        elif i in held:
            reason = "held out of MEMORY.md as a possible conflict until a person decides (`memjobs conflicts`)"
        else:
            reason = "not in MEMORY.md; stays in its daily log"
        plan.log.append(("Kept out", LogLine(shown.get(i, i), link_from_archive(loc.rel), reason)))


def _hold_open_conflicts(inp: Inputs, in_window: dict[str, Located], entries: dict[str, BlockEntry],
                         cands: dict[str, _Cand], leaving: dict[str, tuple[IndexItem, str]], held: set[str],
                         logged: set[str], plan: Plan) -> list[tuple[str, str]]:
    """MEMORY.md never holds both sides of an open possible conflict (docs/design.md §6.4), whatever
    week each side arrived in: an item already there whose entry was edited into a conflict, or a
    pair compounded before the detector knew it. The established side stays; the newer leaves (it
    stays in its daily log, and `memjobs conflicts` lists the pair) until a person decides. Returns
    the pairs held, (newer id, established id)."""
    # The daily logs' entries only: memory/procedures.md joins MEMORY.md by its own ranking.
    order = [entries[i] for i in in_window if i not in inp.procedures]
    out: list[tuple[str, str]] = []
    for pc in conflicts_within(cands.keys(), order):
        if pc.new in inp.decided or pc.new in inp.decisions or pc.new not in cands or pc.old not in cands:
            continue
        c = cands.pop(pc.new)
        held.add(pc.new)
        out.append((pc.new, pc.old))
        why = (f"possible conflict with {pc.old} (similar subject, different conclusion, no change stated; "
               f"similarity {pc.similarity:.2f}); held out of MEMORY.md")
        if c.in_memory:
            leaving[pc.new] = (c.old_item or c.item, f"{why} until a person decides (`memjobs conflicts`)")
        if pc.new not in logged:
            plan.log.append(("Possible conflicts", LogLine(pc.new, link_from_archive(in_window[pc.new].rel), why)))
    return out


def _open_questions(inp: Inputs, in_window: dict[str, Located], entries: dict[str, BlockEntry],
                    shown: set[str], listed: Sequence[tuple[str, str]],
                    found: list[tuple[str, str]]) -> list[OpenQuestion]:
    """MEMORY.md's open questions (docs/design.md §4.5, §6.4): the open possible conflicts as last
    saved (the computation `memjobs conflicts` lists, memory_store/supersede/open_pairs.py) and the
    ones this week found (and, while that list is out of date, the ones MEMORY.md asks already),
    whose two sides are still active as the week leaves them, whose
    established side is in MEMORY.md (itself, or the near-duplicate it was merged into) and whose
    newer side is held out of it; none a person has decided. Newest first. (The exact list is
    saved again after this run: judging every active entry again here would cost a weekly on a
    year of memory seconds.)"""
    from memory_store.redact import redact

    out: dict[str, OpenQuestion] = {}
    for new_id, old_id in [*listed, *found]:
        if old_id not in shown and old_id in entries and new_id in entries and new_id not in shown:
            # The established side merged into a near-duplicate MEMORY.md keeps: that one stands
            # for it (one dated no later than the newer side).
            merged, newer = entries[old_id], entries[new_id]
            said = {i: f"{entries[i].title} {entries[i].conclusion}" for i in shown
                    if i in entries and entries[i].date <= newer.date}
            old_id = stand_in(f"{merged.title} {merged.conclusion}", said) or old_id
        new, old = entries.get(new_id), entries.get(old_id)
        if (new is None or old is None or new_id in out or new_id not in in_window or old_id not in in_window
                or new.status != "active" or old.status != "active" or old_id not in shown or new_id in shown
                or new_id in inp.decided or new_id in inp.decisions):
            continue
        out[new_id] = OpenQuestion(new_id, in_window[new_id].rel, new.date, question_title(redact(new.title)),
                                   old_id, in_window[old_id].rel, question_title(redact(old.title)))
    return sorted(out.values(), key=lambda q: (_neg_date(q.new_date), q.new_id))


def _question_lines(questions: list[OpenQuestion]) -> tuple[list[OpenQuestion], int]:
    """At most QUESTIONS_MAX_LINES lines: every question, or the newest ones and a line counting the rest."""
    if len(questions) <= QUESTIONS_MAX_LINES:
        return questions, 0
    return questions[:QUESTIONS_MAX_LINES - 1], len(questions) - (QUESTIONS_MAX_LINES - 1)


def _apply_decisions(inp: Inputs, in_window: dict[str, Located], entries: dict[str, BlockEntry],
                     held: set[str], plan: Plan) -> tuple[dict[str, bool], dict[str, str]]:
    """Apply each decision whose two entries are in the week (a later week applies the others).
    keep new: the older entry is superseded by the newer, which enters MEMORY.md; keep old: the
    newer is superseded by the older (a person overruled it) and stays out of MEMORY.md; keep
    both: the newer may be promoted like any entry. Returns the newer ids that may now enter
    MEMORY.md (True where the person chose that entry), and the newer ids that must leave it if
    they are there (-> the id kept instead).

    Decisions converge: they are applied in the order their newer entries were stated, and a keep
    new whose established entry a person already replaced by another value they kept (100 → 300 and
    100 → 500, both keep new) replaces the end of that chain when it was stated after it: the newest
    value a person kept holds (100 superseded by 300, 300 by 500), and no new pair opens between
    two values the person chose over the same one."""
    chosen: dict[str, bool] = {}
    kept_out: dict[str, str] = {}

    def stated(i: str) -> tuple[str, str, int]:
        loc = in_window[i]
        return (loc.entry.date, loc.rel, loc.line)

    for new_id, d in sorted(((i, d) for i, d in inp.decisions.items() if i in in_window and d.old in in_window),
                            key=lambda x: (stated(x[0]), x[0])):
        plan.decided[new_id] = d.decided_at
        newer = entries[new_id]
        target = d.old
        if d.keep == "new" and entries[d.old].status != "active":
            end = _kept_end(entries, d.old, inp.kept_new)
            if end is not None and end != new_id and end in in_window and stated(end) < stated(new_id):
                target = end
        older = entries[target]
        link = link_from_archive(in_window[new_id].rel)
        why = f"; {d.reason}" if d.reason else ""
        decided = f"a person's decision (keep {d.keep}, decided {d.decided_at[:10]}{why})"
        if newer.status != "active" or (d.keep == "new" and older.status != "active"):
            gone = new_id if newer.status != "active" else d.old
            plan.log.append(("Resolved conflicts", LogLine(new_id, link, f"{decided} not applied: {gone} is "
                                                           f"{entries[gone].status} already")))
            continue
        if d.keep == "new":
            entries[target] = replace(older, status="superseded", superseded_by=new_id)
            plan.status.append(StatusChange(in_window[target].rel, target, "superseded", new_id))
            also = "" if target == d.old else (f"; a person kept it over {d.old} too, and {new_id}, kept over "
                                               f"{d.old} as well, was stated after it")
            plan.log.append(("Superseded", LogLine(target, link_from_archive(in_window[target].rel),
                                                   f"superseded by {new_id} ({decided}{also}), stated {newer.date}")))
            over = d.old if target == d.old else f"{d.old} (and over {target}, the value kept over it before)"
            plan.log.append(("Resolved conflicts", LogLine(new_id, link, f"kept over {over}: {decided}")))
            chosen.pop(target, None)
            held.discard(new_id)
            chosen[new_id] = True
        elif d.keep == "old":
            # The person chose the established entry: the newer one is overruled, and says so on
            # every read surface (search, the context, MCP carry its status and what holds
            # instead), not only by its absence from MEMORY.md.
            entries[new_id] = replace(newer, status="superseded", superseded_by=d.old)
            plan.status.append(StatusChange(in_window[new_id].rel, new_id, "superseded", d.old))
            plan.log.append(("Superseded", LogLine(new_id, link, f"overruled: {d.old} kept ({decided})")))
            held.add(new_id)
            kept_out[new_id] = d.old
            plan.log.append(("Resolved conflicts", LogLine(
                new_id, link, f"{d.old} kept, this entry stays out of MEMORY.md: {decided}")))
        else:
            held.discard(new_id)
            chosen[new_id] = False
            plan.log.append(("Resolved conflicts", LogLine(
                new_id, link, f"kept beside {d.old}, both may be in MEMORY.md: {decided}")))
    return chosen, kept_out


def _replaced_with_a_restatement(memory: Collection[str], entries: Mapping[str, BlockEntry],
                                 changes: list[StatusChange]) -> dict[str, tuple[str, str]]:
    """The MEMORY.md items (id -> (the entry superseded, what supersedes it)) that say what an entry
    superseded in this run says, stated no later than what supersedes it: a near-duplicate merged
    into the item (`_dedupe` keeps one copy) is what a later change is linked to as often as the
    item is, and the item stands for both (`_restates`: the merge's test, and no word of its own on each side)."""
    gone = {c.id: c.superseded_by for c in changes if c.status == "superseded" and c.superseded_by}
    out: dict[str, tuple[str, str]] = {}
    for i in sorted(memory):
        e = entries.get(i)
        if e is None or e.status != "active" or i in gone:
            continue
        for old, by in sorted(gone.items()):
            o, n = entries.get(old), entries.get(by)
            if o is None or n is None or i == by or e.kind != o.kind or e.date > n.date:
                continue
            if _restates(f"{e.title} {e.conclusion}", f"{o.title} {o.conclusion}"):
                out[i] = (old, by)
                break
    return out


def _restates(a: str, b: str) -> bool:
    """`a` and `b` are near-duplicates and one's words are all among the other's: what takes an item
    out of MEMORY.md for another entry's change asks more than a merge does. Two words in one place
    ("… for the auth service" / "… for the billing service") pass the near-duplicate test when the
    words are not names, and are two statements."""
    if near_duplicate(a, b) is None:
        return False
    ta, tb = content_tokens(a), content_tokens(b)
    return ta <= tb or tb <= ta


def _kept_end(entries: Mapping[str, BlockEntry], old_id: str, kept_new: Collection[str]) -> str | None:
    """The active end of `old_id`'s replacement chain when every link of it is a value a person kept
    (`conflicts resolve --keep new`), else None."""
    cur, seen = entries[old_id].superseded_by, {old_id}
    while cur is not None and cur in entries and cur in kept_new and cur not in seen:
        if entries[cur].status == "active":
            return cur
        seen.add(cur)
        cur = entries[cur].superseded_by
    return None


def _dedupe(cands: dict[str, _Cand], entries: dict[str, BlockEntry], in_window: dict[str, Located],
            leaving: dict[str, tuple[IndexItem, str]], plan: Plan,
            kept_both: frozenset[frozenset[str]] = frozenset()) -> None:
    """Near-duplicates of one kind keep one survivor; two entries a person kept both of
    (`conflicts resolve --keep both`) are never merged, whatever their words."""
    for kind in sorted({c.kind for c in cands.values() if c.kind}):
        group = sorted((c for c in cands.values() if c.kind == kind), key=lambda c: c.id)
        texts = [f"{entries[c.id].title} {entries[c.id].conclusion}" for c in group]
        at = {c.id: n for n, c in enumerate(group)}
        apart = {frozenset(at[i] for i in pair) for pair in kept_both if pair <= at.keys()}
        clusters, best_sim = near_duplicate_groups(texts, apart)   # jobs/weekly/near_duplicates.py
        for members in clusters:
            ms = sorted(members)
            keep = group[ms[_survivor([group[m] for m in ms], [texts[m] for m in ms])]]
            for m in ms:
                if group[m] is keep:
                    continue
                c = group[m]
                reason = f"merged into {keep.id}"
                del cands[c.id]
                link = link_from_archive(in_window[c.id].rel)
                why = f"{reason} (similarity {best_sim.get(m, 0.0):.2f})"
                plan.log.append(("Merged", LogLine(c.id, link, why)))
                if c.in_memory:
                    leaving[c.id] = (c.old_item or c.item, reason)


# A near-duplicate replaces the one that stands for the group only when it scores this many times
# as much: scores that cross as they decay (a mention here, a read there) must not swap the two
# week after week, archiving a demotion each time.
MERGE_MARGIN = 1.5


def _survivor(members: list[_Cand], texts: list[str]) -> int:
    """Index (in `members`, whose statements are `texts`) of the one a near-duplicate group keeps.

    The incumbent — the one already in MEMORY.md, else (or among several there) the first stated —
    stays unless another that gives every value it gives scores at least MERGE_MARGIN times as much
    (then the best of those): a swap needs a clear gap, and swapping back needs it again the other
    way, so scores that drift swap nothing. That holds for true restatements only. A member stated
    on or after the incumbent that gives a value the incumbent does not ("deploys on Fridays" →
    "… on Fridays at 17:00": the near-duplicate test lets a value said on one side only through) is
    the newer truth and wins at once (the one with the most values, then the latest stated); and no
    score brings back a copy without a value the survivor gives."""
    def first_stated(n: int) -> tuple[bool, str, str]:
        c = members[n]
        return (not c.in_memory, c.date, c.id)

    incumbent = min(range(len(members)), key=first_stated)
    inc = members[incumbent]
    told = values(texts[incumbent])
    newer = [n for n, c in enumerate(members)
             if n != incumbent and c.date >= inc.date and values(texts[n]) - told]
    if newer:
        # A group's value sets are nested (it never joins two values), so the most values are all of them.
        return min(newer, key=lambda n: (-len(values(texts[n])), _neg_date(members[n].date), -members[n].score,
                                         members[n].id))
    bar = inc.score * MERGE_MARGIN
    better = [n for n, c in enumerate(members)
              if n != incumbent and c.score > 0 and c.score >= bar and values(texts[n]) >= told]
    if not better:
        return incumbent
    return min(better, key=lambda n: (-members[n].score, *first_stated(n)))


def _neg_date(d: str) -> str:
    """Sort key that puts later ISO dates first."""
    return "".join(chr(0x10FFFF - ord(ch)) for ch in d)


def guard(plan: Plan, force: bool, upgraded: bool = False) -> list[str]:
    """Refuse (GuardRefused, exit 1, nothing written) a plan that would lose an item or churn
    MEMORY.md: every item leaving it must be archived, and without `force` at most 25 % of its
    items may go (additions never count; not applied below 20 items).

    `upgraded`: the first compound since an upgrade (state.RULES changed since MEMORY.md was last
    compounded). The items the current rules now hold out of MEMORY.md (`judged_anew`: a possible
    conflict waiting for a person, a noise class, core memory's hold, a merge) are the state a
    workspace compounded by this version from the start is in, not a loss: they stay in their daily
    logs and do not count toward the 25 %, that once. Every other removal still counts, and the
    whole may still not pass UPGRADE_MAX (a bug, a broken file). Returns the ids so exempted."""
    archived = {a.id for lines in plan.archive.values() for a in lines}
    missing = [i for i in plan.removed if i not in archived]
    if missing:
        raise GuardRefused(f"refusing to compound {plan.week}: {len(missing)} item(s) would leave MEMORY.md "
                           f"without being archived ({', '.join(missing[:5])})", path="MEMORY.md")
    exempt = judged_anew(plan) if upgraded else []
    if plan.before >= TURNOVER_MIN_ITEMS and not force:
        counted = [i for i in plan.removed if i not in set(exempt)]
        share = len(counted) / plan.before
        if share > TURNOVER_MAX:
            also = (f" (besides {len(exempt)} the current rules hold out on this first compound since an upgrade)"
                    if exempt else "")
            raise GuardRefused(f"refusing to compound {plan.week}: {len(counted)} of {plan.before} "
                               f"MEMORY.md items ({share:.0%}) would be removed{also}, "
                               f"more than {TURNOVER_MAX:.0%}; run with --force to allow it",
                               path="MEMORY.md")
        whole = len(plan.removed) / plan.before
        if exempt and whole > UPGRADE_MAX:
            raise GuardRefused(f"refusing to compound {plan.week}: {len(plan.removed)} of {plan.before} "
                               f"MEMORY.md items ({whole:.0%}) would be removed, more than {UPGRADE_MAX:.0%} even "
                               "on the first compound since an upgrade; `memjobs run weekly --dry-run` shows "
                               "why; run with --force to allow it", path="MEMORY.md")
    return exempt


def judged_anew(plan: Plan) -> list[str]:
    """The items leaving MEMORY.md because of a rule's judgement of the item itself (RULE_REASONS),
    which a change of rules can make of an item an earlier version kept."""
    reasons = {a.id: a.reason for lines in plan.archive.values() for a in lines}
    return [i for i in plan.removed if reasons.get(i, "").startswith(RULE_REASONS)]


def note_upgrade(plan: Plan, exempt: list[str]) -> None:
    """Say it in the report and in the weekly log's line of each item so demoted."""
    if not exempt:
        return
    plan.notes.append(f"first compound since an upgrade: {len(exempt)} item(s) an earlier version kept in MEMORY.md "
                      "are held out by this version's rules (possible conflicts wait for a person: `memjobs "
                      "conflicts`); they stay in their daily logs and, this once, do not count toward the "
                      f"{TURNOVER_MAX:.0%} guard")
    shown = set(exempt)
    plan.log = [(s, replace(ln, reason=f"{ln.reason}; {UPGRADE_NOTE}") if s == "Demoted" and ln.id in shown else ln)
                for s, ln in plan.log]
