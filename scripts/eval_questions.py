#!/usr/bin/env python3
"""Evidence recall of memjobs search on agent-style questions (en/th/zh), beside plain BM25.

    python scripts/eval_questions.py            # per language: dev numbers and held-out totals
    python scripts/eval_questions.py --json
    python scripts/eval_questions.py --dev-only # the dev half only (the held-out half is spent)

The question set is tests/fixtures/search_questions/ (corpus.yaml, questions.yaml; see its
README.md). This builds the "harbor" workspace in a temporary folder: the template of `memjobs
init` (PROFILE.md, SESSION.md, MEMORY.md with their explanations), every entry in the daily file
of its date, a wrap-up per day in the daily job's layout (header line, linked decision list), a
MEMORY.md item per rule and constraint, and the sessions as Claude Code transcripts the config
points at. Each question is searched as typed (default tiers, limit 6); recall@6 is the share
of its evidence found: an entry by its id, something only said in a session by a hit whose source
covers that transcript line. Baseline: plain BM25 (k1 1.2, b 0.75, lowercase `\\w+` words, no
rerank) over the entries' text, same run. Held-out questions are reported as totals only.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
from collections import defaultdict
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from memory_store.config import load_config  # noqa: E402
from memory_store.entries import BlockEntry, Source, make_id  # noqa: E402
from memory_store.markdown_write import serialize_entry  # noqa: E402
from memory_store.search.indexer import update_index  # noqa: E402
from memory_store.search.query import Searcher, SearchOptions  # noqa: E402
from memory_store.workspace import init_workspace  # noqa: E402

FIXTURE = REPO / "tests" / "fixtures" / "search_questions"
K = 6
LANGS = ("en", "th", "zh")


def _session_lines(sess: dict[str, Any], path: Path) -> None:
    """A Claude Code transcript: one line per turn, so turn i is line i + 1."""
    start = date.fromisoformat(sess["date"])
    lines = []
    for i, (role, text) in enumerate(sess["turns"]):
        lines.append(json.dumps({
            "type": role, "sessionId": sess["key"], "uuid": f"{sess['key']}-{i}", "cwd": "/home/user/harbor",
            "isSidechain": False, "timestamp": f"{start.isoformat()}T0{2 + i // 6}:{(i * 7) % 60:02d}:00Z",
            "message": {"role": role, "content": text},
        }, ensure_ascii=False))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def build(root: Path) -> tuple[Path, dict[str, str], dict[str, str], list[tuple[str, str]]]:
    """The workspace; entry key -> id; session key -> transcript path; [(id, text)] for BM25."""
    corpus = yaml.safe_load((FIXTURE / "corpus.yaml").read_text("utf-8"))
    ws = root / "ws"
    init_workspace(ws)
    tdir = root / "transcripts" / "-home-user-harbor"
    tdir.mkdir(parents=True)
    paths: dict[str, str] = {}
    for sess in corpus["sessions"]:
        p = tdir / f"{sess['key']}.jsonl"
        _session_lines(sess, p)
        paths[sess["key"]] = str(p)
    (ws / "memjobs.yaml").write_text(
        "transcripts:\n  - {format: claude-code, path: " + json.dumps(str(root / "transcripts")) + "}\n", "utf-8"
    )
    ids: dict[str, str] = {}
    docs: list[tuple[str, str]] = []
    by_day: dict[str, list[BlockEntry]] = defaultdict(list)
    for e in corpus["entries"]:
        sess = e.get("session")
        spath = paths[sess] if sess else f"/home/user/.claude/projects/-home-user-harbor/{e['key']}.jsonl"
        line = e.get("line", 1)
        entry = BlockEntry(
            kind=e["kind"], title=e["title"], id=make_id(e["kind"], e["date"], e["title"], e["conclusion"]),
            date=e["date"], source=Source(sess or e["key"], spath, f"L{line}-L{line}"),
            why=e.get("why", ""), finding=e.get("finding", ""), conclusion=e["conclusion"], confidence=0.9,
        )
        ids[e["key"]] = entry.id
        by_day[e["date"]].append(entry)
        docs.append((entry.id, " ".join([entry.title, entry.why, entry.finding, entry.conclusion])))
    summaries = ws / "second-brain" / "summaries"
    for day, entries in sorted(by_day.items()):
        (ws / "memory" / f"{day}.md").write_text(
            f"# {day}\n\n" + "\n".join(serialize_entry(x) for x in entries), encoding="utf-8"
        )
        decisions = [f"- {x.kind}: {x.title} ([{x.id}](../../memory/{day}.md))" for x in entries]
        (summaries / f"{day}-wrapup.md").write_text(
            f"# Daily wrap-up: {day}\n\n1 session, 8 messages, {len(entries)} decision-log entries.\n\n"
            "## Decisions made today\n\n" + "\n".join(decisions) + "\n\n## Action items\n\n- none\n\n"
            "## Important conversations\n\n## Technical notes / debugging lessons\n\n## Open loops\n\n"
            "## Tomorrow next steps\n",
            encoding="utf-8",
        )
    items = [
        f"- {x.title} ([{x.id}](memory/{x.date}.md))"
        for xs in by_day.values() for x in xs if x.kind in ("Rule", "Constraint")
    ]
    memory_md = (ws / "MEMORY.md").read_text("utf-8")
    memory_md = memory_md.replace("## Rules & constraints\n", "## Rules & constraints\n" + "\n".join(items) + "\n", 1)
    (ws / "MEMORY.md").write_text(memory_md, encoding="utf-8")
    return ws, ids, paths, docs


def found_evidence(hit: dict[str, Any], ev: str, ids: dict[str, str], paths: dict[str, str]) -> bool:
    if ":" not in ev:
        return hit.get("id") == ids[ev]
    sess, line = ev.rsplit(":", 1)
    src = hit.get("source") or {}
    m = re.fullmatch(r"L(\d+)-L(\d+)", src.get("message_range") or "")
    return bool(
        hit.get("id") is None and m and src.get("session_path") == paths[sess]
        and int(m.group(1)) <= int(line) <= int(m.group(2))
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="one JSON object")
    ap.add_argument("--show-dev", action="store_true", help="list each dev question's top results")
    ap.add_argument("--dev-only", action="store_true",
                    help="search the dev questions only (the held-out half is spent: its totals are not computed)")
    ap.add_argument("--embed", action="store_true",
                    help="hybrid ranking as the MCP server searches (sentence vectors; the embed extra)")
    args = ap.parse_args()
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from eval_locomo import BM25

    questions = yaml.safe_load((FIXTURE / "questions.yaml").read_text("utf-8"))["questions"]
    if args.dev_only:
        questions = [q for q in questions if q["split"] == "dev"]
    today = date.fromisoformat(str(yaml.safe_load((FIXTURE / "corpus.yaml").read_text("utf-8"))["today"]))
    tmp = Path(tempfile.mkdtemp(prefix="memjobs-questions-"))
    sums: dict[tuple[str, str, str], float] = defaultdict(float)
    counts: dict[tuple[str, str], int] = defaultdict(int)
    try:
        ws, ids, paths, docs = build(tmp)
        cfg = load_config(ws)
        if not args.embed:
            cfg = replace(cfg, search=replace(cfg.search, embed="off"))
        update_index(cfg, rebuild=True)
        bm25 = BM25([t for _, t in docs])
        s = Searcher(cfg, embed_queries=args.embed)
        for q in questions:
            key = (q["lang"], q["split"])
            counts[key] += 1
            res = s.search(q["q"], SearchOptions(limit=K), today=today)
            hits = [h.to_dict() for h in res.hits]
            ev = q["evidence"]
            got = sum(any(found_evidence(h, e, ids, paths) for h in hits) for e in ev) / len(ev)
            base = {docs[i][0] for i in bm25.top(q["q"], K)}
            got_base = sum(ids.get(e) in base for e in ev) / len(ev)
            sums[(*key, "memjobs")] += got
            sums[(*key, "bm25")] += got_base
            if args.show_dev and q["split"] == "dev" and got < 1:
                print(f"MISS {q['q']!r}: " + " | ".join(f"{h['title'][:40]}" for h in hits))
        s.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    table = {
        f"{lang}/{split}": {
            "n": counts[(lang, split)],
            **{
                name: round(sums[(lang, split, name)] / max(counts[(lang, split)], 1), 3)
                for name in ("memjobs", "bm25")
            },
        }
        for lang in LANGS for split in (("dev",) if args.dev_only else ("dev", "heldout"))
    }
    if args.json:
        print(json.dumps({"k": K, "recall": table}, indent=1))
        return 0
    print(f"evidence recall@{K}: memjobs search (default tiers) / plain BM25 over the entries")
    splits = ("dev",) if args.dev_only else ("dev", "heldout")
    print("| language | " + " | ".join("held out" if x == "heldout" else x for x in splits) + " |")
    print("|---" * (len(splits) + 1) + "|")
    for lang in LANGS:
        cells = [f"{c['memjobs']:.2f} / {c['bm25']:.2f} (n={c['n']})" for c in (table[f"{lang}/{x}"] for x in splits)]
        print(f"| {lang} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
