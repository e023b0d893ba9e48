#!/usr/bin/env python3
"""Evidence recall of memjobs search on LoCoMo, beside a plain BM25 baseline over the same texts.

    python scripts/eval_locomo.py                       # conversations 0-4 (what the targets are set on)
    python scripts/eval_locomo.py --conversations 0-2   # the tuning part: read question by question
    python scripts/eval_locomo.py --conversations 3-4   # held out: read as totals only
    python scripts/eval_locomo.py --held-out            # conversations 5-9: held out, totals only

For each conversation it builds a workspace in a temporary folder: one transcript per session
(one JSONL line per turn, so a dia_id is a line number), and each LoCoMo observation as a
`Remember` entry in the daily file of its session's date, with `message_range` the line of its
dia_id. Then every question of categories 1-4 is searched and a hit counts for the evidence
dia_id its source line points at. Reports evidence recall@1/@6/@10 per category for
memjobs search (default tiers: warm first, "today" = the day after the last session) with the
sessions tier (the transcripts themselves, as Claude Code sessions: the first speaker as the user,
the other as the assistant, each message headed by its speaker's name), the same without it
(entries only), `--tier all`, and plain BM25 (k1 = 1.2, b = 0.75, lowercase words, no rerank)
over the same observation texts, computed in the same run; and the sessions tier's index size and
build time against the transcripts' size. Data (`--data`): shared/eval/locomo/locomo10.json
beside the checkout (CC BY-NC 4.0, non-commercial use).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import shutil
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from shared_eval import SHARED_EVAL  # noqa: E402

from memory_store.config import load_config  # noqa: E402
from memory_store.entries import BlockEntry, Source, make_id  # noqa: E402
from memory_store.markdown_write import serialize_entry  # noqa: E402
from memory_store.search.indexer import update_index  # noqa: E402
from memory_store.search.query import Searcher, SearchOptions  # noqa: E402
from memory_store.search.vectors import COSINE_DEPTH  # noqa: E402

DATA = SHARED_EVAL / "locomo" / "locomo10.json"  # beside the checkout (scripts/shared_eval.py)
DIA_RE = re.compile(r"D(\d+):(\d+)")
KS = (1, 6, 10)
CATEGORIES = (1, 2, 3, 4)
CATEGORY_NAMES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}


def session_date(text: str) -> date:
    """'1:56 pm on 8 May, 2023' -> 2023-05-08."""
    return datetime.strptime(text.split(" on ", 1)[1].strip(), "%d %B, %Y").date()


def build(sample: dict, ws: Path) -> tuple[list[tuple[str, str]], date]:
    """Write the transcripts and daily files; return [(dia_id, observation text)] and the last day."""
    conv = sample["conversation"]
    sessions = sorted(int(k.split("_")[1]) for k in conv if re.fullmatch(r"session_\d+", k))
    lines_of: dict[str, tuple[str, int]] = {}
    tdir = ws.parent / "transcripts" / "-home-user-locomo"
    tdir.mkdir(parents=True, exist_ok=True)
    first = conv.get("speaker_a")
    for n in sessions:
        path = tdir / f"session_{n}.jsonl"
        turns = conv[f"session_{n}"]
        day = session_date(conv[f"session_{n}_date_time"])
        with path.open("w", encoding="utf-8") as fh:
            for i, turn in enumerate(turns, start=1):
                role = "user" if turn["speaker"] == first else "assistant"
                fh.write(json.dumps({
                    "type": role, "sessionId": f"{sample['sample_id']}-s{n}", "uuid": f"{n}-{i}",
                    "isSidechain": False, "cwd": "/home/user/locomo", "dia_id": turn["dia_id"],
                    "timestamp": f"{day.isoformat()}T{8 + i // 60:02d}:{i % 60:02d}:00Z",
                    "message": {"role": role, "content": f"{turn['speaker']}: {turn['text']}"},
                }, ensure_ascii=False) + "\n")
                lines_of[turn["dia_id"]] = (str(path), i)
    (ws / "memjobs.yaml").parent.mkdir(parents=True, exist_ok=True)
    (ws / "memjobs.yaml").write_text(
        "transcripts:\n  - {format: claude-code, path: " + json.dumps(str(tdir.parent)) + "}\n", "utf-8"
    )
    docs: list[tuple[str, str]] = []
    by_day: dict[date, list[BlockEntry]] = defaultdict(list)
    last = date.min
    for n in sessions:
        day = session_date(conv[f"session_{n}_date_time"])
        last = max(last, day)
        obs = sample["observation"].get(f"session_{n}_observation", {})
        for _speaker, items in obs.items():
            for text, dia in items:
                for d in DIA_RE.findall(str(dia)):
                    dia_id = f"D{d[0]}:{d[1]}"
                    if dia_id not in lines_of:
                        continue
                    spath, line = lines_of[dia_id]
                    iso = day.isoformat()
                    title = text if len(text) <= 90 else text[:87].rsplit(" ", 1)[0] + "..."
                    by_day[day].append(
                        BlockEntry(
                            kind="Remember",
                            title=title,
                            id=make_id("Remember", iso, title, f"{text} {dia_id}"),
                            date=iso,
                            source=Source(f"{sample['sample_id']}-s{n}", spath, f"L{line}-L{line}"),
                            conclusion=text,
                            confidence=0.9,
                        )
                    )
                    docs.append((dia_id, text))
                    break
    (ws / "memory").mkdir(parents=True, exist_ok=True)
    for day, entries in by_day.items():
        seen: set[str] = set()
        unique = [e for e in entries if not (e.id in seen or seen.add(e.id))]  # type: ignore[func-returns-value]
        (ws / "memory" / f"{day.isoformat()}.md").write_text(
            f"# {day.isoformat()}\n\n" + "\n".join(serialize_entry(e) for e in unique), encoding="utf-8"
        )
    return docs, last


def lines_to_dias(ws: Path) -> dict[tuple[str, int], str]:
    """(transcript path, line) -> the LoCoMo dialogue id `build` wrote on that line, for `ws`'s transcripts."""
    out: dict[tuple[str, int], str] = {}
    for f in (ws.parent / "transcripts").rglob("*.jsonl"):
        for i, raw in enumerate(f.read_text("utf-8").splitlines(), start=1):
            out[(str(f), i)] = json.loads(raw)["dia_id"]
    return out


def dia_of(hit: object, line_to_dia: dict[tuple[str, int], str]) -> str | None:
    src = getattr(hit, "source", None) or {}
    m = re.fullmatch(r"L(\d+)-L\d+", src.get("message_range", ""))
    return line_to_dia.get((src.get("session_path", ""), int(m.group(1)))) if m else None


def dias_of(hits: list[object], line_to_dia: dict[tuple[str, int], str]) -> list[str | None]:
    """The dia_id each hit points at: an entry through its source, a message of the sessions tier by
    the lines it cites."""
    return [dia_of(h, line_to_dia) for h in hits]


class BM25:
    """Plain Okapi BM25 over lowercase word tokens: the baseline."""

    def __init__(self, docs: list[str], k1: float = 1.2, b: float = 0.75) -> None:
        self.toks = [re.findall(r"\w+", d.lower()) for d in docs]
        self.k1, self.b = k1, b
        self.avg = sum(map(len, self.toks)) / max(len(self.toks), 1)
        df: Counter[str] = Counter()
        for t in self.toks:
            df.update(set(t))
        n = len(self.toks)
        self.idf = {w: math.log(1 + (n - f + 0.5) / (f + 0.5)) for w, f in df.items()}
        self.tf = [Counter(t) for t in self.toks]

    def top(self, query: str, k: int) -> list[int]:
        q = re.findall(r"\w+", query.lower())
        scores = []
        for i, tf in enumerate(self.tf):
            dl = len(self.toks[i])
            s = sum(
                self.idf.get(w, 0)
                * tf[w]
                * (self.k1 + 1)
                / (tf[w] + self.k1 * (1 - self.b + self.b * dl / self.avg))
                for w in q
                if w in tf
            )
            if s > 0:
                scores.append((s, i))
        scores.sort(key=lambda x: (-x[0], x[1]))
        return [i for _, i in scores[:k]]


def turns_of(sample: dict) -> dict[str, str]:
    """dia_id -> "speaker: text" of every turn of a conversation."""
    conv = sample["conversation"]
    return {t["dia_id"]: f"{t['speaker']}: {t['text']}" for k, v in conv.items()
            if re.fullmatch(r"session_\d+", k) for t in v}


class Misses:
    """The questions whose evidence is not all in the first 6, and what they have in common."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, int, str, list[tuple[str, int | None, int, int, str]]]] = []

    def add(self, conv: int, qa: dict, evidence: set[str], deep: list[str | None], turns: dict[str, str]) -> None:
        from memory_store.search.tokens import query_terms

        words = [t.text for t in query_terms(qa["question"]) if not t.run]
        items = []
        for dia in sorted(evidence):
            text = turns.get(dia, "")
            held = set(re.findall(r"\w+", text.lower()))
            shared = sum(1 for w in words if any(h.startswith(w[:5]) for h in held))
            rank = deep.index(dia) + 1 if dia in deep else None
            items.append((dia, rank, shared, len(words), text))
        self.rows.append((conv, qa["category"], qa["question"], items))

    def report(self, total: int) -> None:
        print(f"\nmisses at 6 (memjobs + sessions tier): {len(self.rows)} of {total} questions")
        for conv, cat, q, items in self.rows:
            print(f"- [{conv} {CATEGORY_NAMES[cat]}] {q}")
            for dia, rank, shared, n, text in items:
                print(f"    {dia} rank {rank or '>50'}, {shared}/{n} question words: {text[:110]}")
        ev = [(cat, it) for _, cat, _, items in self.rows for it in items if it[1] is None or it[1] > 6]
        print(f"\nmissed evidence turns: {len(ev)}")
        print("  by category:", dict(Counter(CATEGORY_NAMES[c] for c, _ in ev)))
        ranks = [it[1] for _, it in ev]
        print("  rank 7-10:", sum(1 for r in ranks if r and r <= 10), "| 11-50:", sum(1 for r in ranks if r and r > 10),
              "| beyond 50:", sum(1 for r in ranks if not r))
        held = [(it[2], it[3]) for _, it in ev]
        print("  question words the turn holds: none", sum(1 for h, _ in held if h == 0),
              "| some", sum(1 for h, n in held if 0 < h < n), "| all", sum(1 for h, n in held if h == n > 0))
        multi = sum(1 for _, _, _, items in self.rows if len(items) > 1)
        print(f"  questions with several evidence turns: {multi} of {len(self.rows)}")


def recall(found: list[str | None], evidence: set[str], k: int) -> float:
    return len(evidence & {d for d in found[:k] if d}) / len(evidence)


def conversations(args: argparse.Namespace) -> range:
    """The conversations `--held-out` / `--conversations A-B` ask for (default 0-4)."""
    if args.conversations:
        lo, _, hi = args.conversations.partition("-")
        return range(int(lo), int(hi or lo) + 1)
    return range(5, 10) if args.held_out else range(0, 5)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--held-out", action="store_true", help="conversations 5-9 (final evaluation only)")
    ap.add_argument("--conversations", default=None, metavar="A-B",
                    help="conversations to run, e.g. 0-2 (tuning) or 3-4 (held out); default 0-4")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--embed", action="store_true",
                    help="also memjobs with sentence vectors fused in (needs the embed extra; the index"
                    " embeds every row and message, ~10-50 ms each on one thread)")
    ap.add_argument("--depth", type=int, action="append", default=[], metavar="N",
                    help="with --embed: also the fused search with the N nearest rows and messages instead of"
                    f" the product's {COSINE_DEPTH} (repeatable; same index, same run)")
    ap.add_argument("--without-names", action="store_true",
                    help="also memjobs without the boost of a candidate that holds the question's names"
                    " (query.NAME_BOOST = 1), in the same run")
    ap.add_argument("--without-time", action="store_true",
                    help="also memjobs without the boost of a candidate that names a time when the question"
                    " asks when (query.TIME_BOOST = 1), in the same run")
    ap.add_argument("--show", action="store_true",
                    help="print each question whose evidence memjobs (+ sessions tier) misses at 6, and what the"
                    " misses have in common (category, the evidence's rank in the first 50, the question's words"
                    " the evidence holds); for the tuning conversations only, never with --held-out")
    ap.add_argument("--cache", type=Path, default=None, metavar="DIR",
                    help="with --embed: keep the index's vectors on disk by the text's hash"
                    " (scripts/eval_locomo_embed.py's cache), so that a second run does not embed every row"
                    " and message again; questions are always embedded")
    args = ap.parse_args()
    if args.show and args.held_out:
        ap.error("--show reads questions one by one: the held-out conversations are read as totals only")
    misses = Misses() if args.show else None
    if args.embed and args.cache is not None:
        from eval_locomo_embed import Cached

        from memory_store.search import vectors

        loaded = vectors.model()
        if loaded is not None:
            vectors._model = Cached(loaded, args.cache)  # type: ignore[assignment]
    samples = json.loads(args.data.read_text("utf-8"))
    chosen = conversations(args)
    systems: tuple[str, ...] = ("memjobs + sessions tier", "memjobs, entries only", "memjobs --tier all", "BM25")
    if args.embed:
        depths = tuple(f"memjobs + sessions tier + vectors, {n} nearest" for n in args.depth)
        systems = ("memjobs + sessions tier + vectors", *depths, *systems)
    if args.without_names:
        unnamed = ("memjobs + sessions tier + vectors, no name boost",) if args.embed else ()
        systems = (*unnamed, "memjobs + sessions tier, no name boost", *systems)
    if args.without_time:
        untimed = ("memjobs + sessions tier + vectors, no time boost",) if args.embed else ()
        systems = (*untimed, "memjobs + sessions tier, no time boost", *systems)
    sums: dict[tuple[str, int, int], float] = defaultdict(float)
    counts: Counter[int] = Counter()
    built: dict[str, float] = defaultdict(float)
    tmp = Path(tempfile.mkdtemp(prefix="memjobs-locomo-"))
    try:
        for idx in chosen:
            sample = samples[idx]
            ws = tmp / sample["sample_id"] / "ws"
            docs, last = build(sample, ws)
            cfg = load_config(ws)
            if not args.embed:
                cfg = replace(cfg, search=replace(cfg.search, embed="off"))
            stats = update_index(cfg, rebuild=True)
            said = stats.sessions or {}
            built["transcript_bytes"] += int(said.get("transcript_bytes", 0) or 0)
            built["rows"] += int(said.get("rows_added", 0) or 0)
            built["ms"] += stats.took_ms
            built["index_bytes"] += (cfg.state_dir / "index.sqlite").stat().st_size
            entries_only = replace(cfg, search=replace(cfg.search, sessions=False))
            line_to_dia = lines_to_dias(ws)
            bm25 = BM25([t for _, t in docs])
            searcher = Searcher(cfg)
            plain = Searcher(entries_only)
            fused = Searcher(cfg, embed_queries=True) if args.embed else None
            deeper = {n: Searcher(cfg, embed_queries=True, cosine_depth=n) for n in args.depth} if args.embed else {}
            others: dict[str, Searcher] = {}
            if args.without_names:
                others["memjobs + sessions tier, no name boost"] = Searcher(cfg, name_boost=1.0)
                if args.embed:
                    others["memjobs + sessions tier + vectors, no name boost"] = Searcher(
                        cfg, embed_queries=True, name_boost=1.0)
            if args.without_time:
                others["memjobs + sessions tier, no time boost"] = Searcher(cfg, time_boost=1.0)
                if args.embed:
                    others["memjobs + sessions tier + vectors, no time boost"] = Searcher(
                        cfg, embed_queries=True, time_boost=1.0)
            today = last + timedelta(days=1)
            for qa in sample["qa"]:
                cat = qa["category"]
                evidence = {
                    f"D{a}:{b}" for a, b in DIA_RE.findall(" ".join(map(str, qa.get("evidence", []))))
                }
                if cat not in CATEGORIES or not evidence:
                    continue
                counts[cat] += 1
                q = qa["question"]
                results = {
                    "memjobs + sessions tier": searcher.search(q, SearchOptions(limit=10), today=today).hits,
                    "memjobs, entries only": plain.search(q, SearchOptions(limit=10), today=today).hits,
                    "memjobs --tier all": searcher.search(
                        qa["question"], SearchOptions(limit=10, tier="all"), today=today
                    ).hits,
                }
                if fused is not None:
                    results["memjobs + sessions tier + vectors"] = fused.search(
                        q, SearchOptions(limit=10), today=today).hits
                for n, deep in deeper.items():
                    results[f"memjobs + sessions tier + vectors, {n} nearest"] = deep.search(
                        q, SearchOptions(limit=10), today=today).hits
                for name, other in others.items():
                    results[name] = other.search(q, SearchOptions(limit=10), today=today).hits
                found = {name: dias_of(hits, line_to_dia) for name, hits in results.items()}
                if misses is not None and recall(found["memjobs + sessions tier"], evidence, 6) < 1:
                    deep = dias_of(searcher.search(q, SearchOptions(limit=50), today=today).hits, line_to_dia)
                    misses.add(idx, qa, evidence, deep, turns_of(sample))
                found["BM25"] = [docs[i][0] for i in bm25.top(qa["question"], 10)]
                for name in systems:
                    for k in KS:
                        sums[(name, cat, k)] += recall(found[name], evidence, k)
            searcher.close()
            plain.close()
            if fused is not None:
                fused.close()
            for deep in (*deeper.values(), *others.values()):
                deep.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    which = f"{chosen.start}-{chosen.stop - 1}" + (" (held out)" if args.held_out else "")
    print(f"LoCoMo conversations {which}: evidence recall@1 / @6 / @10 per category")
    print(f"| system | {' | '.join(f'{c} {CATEGORY_NAMES[c]} (n={counts[c]})' for c in CATEGORIES)} | all |")
    print("|---|" + "---|" * (len(CATEGORIES) + 1))
    total = sum(counts.values())
    for name in systems:
        cells = []
        for c in CATEGORIES:
            cells.append(" / ".join(f"{sums[(name, c, k)] / max(counts[c], 1):.2f}" for k in KS))
        cells.append(  # three decimals: the levers measured against the bar differ in the third
            " / ".join(f"{sum(sums[(name, c, k)] for c in CATEGORIES) / max(total, 1):.3f}" for k in KS)
        )
        print(f"| {name} | {' | '.join(cells)} |")
    if misses is not None:
        misses.report(total)
    print(
        f"index builds (entries + sessions tier): {built['ms'] / 1000:.1f} s, {built['index_bytes'] / 1e6:.1f} MB;"
        f" sessions tier {int(built['rows'])} messages from {built['transcript_bytes'] / 1e6:.2f} MB of transcripts"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
