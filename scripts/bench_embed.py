#!/usr/bin/env python3
"""What a question's embedding costs, lever by lever (the `embed` extra, memory_store/search/embed.py).

    python scripts/bench_embed.py                 # ~1-2 min on one core
    python scripts/bench_embed.py --rows 200000   # the cosine scan over as many stored vectors

Embeds the LoCoMo questions of conversations 0-4 (scripts/bench_search.py's natural-language set)
one at a time, as a searcher does, and prints p50/p95 per variant, alternated round by round so
that the machine's load falls on all of them alike:

- `product`: `embed.load()` and `Embedder.encode_one`, as search uses it today;
- onnxruntime session options: graph optimisation off / basic / all, one or two threads, the
  sequential execution mode, IO binding of the inputs;
- the query's tokens cut to 16 or 24 (questions are short: how many are cut is printed);
- the cosine scan of `--rows` stored vectors (float16 as stored, float32 as a searcher holds them)
  against the question's vector, and the top 30 of it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "scripts"))

import numpy as np  # noqa: E402
from bench_search import locomo_questions  # noqa: E402

from memory_store.search import embed  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def session(level: str, threads: int, sequential: bool) -> Any:
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.log_severity_level = 3
    opts.graph_optimization_level = {
        "off": ort.GraphOptimizationLevel.ORT_DISABLE_ALL,
        "basic": ort.GraphOptimizationLevel.ORT_ENABLE_BASIC,
        "all": ort.GraphOptimizationLevel.ORT_ENABLE_ALL,
    }[level]
    if sequential:
        opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    return ort.InferenceSession(os.fspath(embed.model_file()), sess_options=opts,
                                providers=["CPUExecutionProvider"])


def run_plain(sess: Any, tok: Any, text: str, max_tokens: int | None, bind: bool) -> np.ndarray:
    ids_list = tok.encode(text).ids
    if max_tokens is not None and len(ids_list) > max_tokens:
        ids_list = ids_list[: max_tokens - 1] + ids_list[-1:]  # keep [SEP]
    ids = np.asarray([ids_list], dtype=np.int64)
    mask = np.ones_like(ids)
    feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
    if bind:
        b = sess.io_binding()
        for k, v in feeds.items():
            b.bind_cpu_input(k, v)
        b.bind_output(sess.get_outputs()[0].name)
        sess.run_with_iobinding(b)
        hidden = b.copy_outputs_to_cpu()[0]
    else:
        hidden = sess.run(None, feeds)[0]
    v = hidden[0].mean(axis=0)
    return v / max(float(np.linalg.norm(v)), 1e-12)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--questions", type=int, default=200, help="LoCoMo questions per round")
    ap.add_argument("--rows", type=int, default=100_000, help="stored vectors the cosine scan reads")
    args = ap.parse_args()
    qs = locomo_questions()[: args.questions]
    t0 = time.perf_counter()
    product = embed.load(threads=1)
    print(f"load (product): {(time.perf_counter() - t0) * 1000:.0f} ms")
    tok = product.tokenizer
    lengths = [len(tok.encode(q).ids) for q in qs]
    print(f"question tokens: p50 {statistics.median(lengths):.0f}, p95 {pct(lengths, 0.95)}, max {max(lengths)};"
          f" over 16: {sum(n > 16 for n in lengths)}, over 24: {sum(n > 24 for n in lengths)} of {len(qs)}")
    variants: dict[str, Any] = {
        "product (encode_one)": lambda q: product.encode_one(q),
    }
    sessions = {
        "opt all, 1 thread": session("all", 1, False),
        "opt basic, 1 thread": session("basic", 1, False),
        "opt off, 1 thread": session("off", 1, False),
        "opt all, 1 thread, sequential": session("all", 1, True),
        "opt all, 2 threads": session("all", 2, False),
    }
    def plain(sess: Any) -> Any:
        return lambda q: run_plain(sess, tok, q, None, False)

    for name, sess in sessions.items():
        variants[name] = plain(sess)
    base = sessions["opt all, 1 thread"]
    variants["opt all, 1 thread, IO binding"] = lambda q: run_plain(base, tok, q, None, True)
    variants["opt all, 1 thread, 24 tokens"] = lambda q: run_plain(base, tok, q, 24, False)
    variants["opt all, 1 thread, 16 tokens"] = lambda q: run_plain(base, tok, q, 16, False)
    ref = product.encode([q for q in qs])
    times: dict[str, list[float]] = {n: [] for n in variants}
    agree: dict[str, float] = {}
    for _ in range(args.rounds):
        for i, q in enumerate(qs):
            for name, fn in variants.items():
                t1 = time.perf_counter()
                v = fn(q)
                times[name].append((time.perf_counter() - t1) * 1000)
                agree[name] = min(agree.get(name, 1.0), float(np.dot(v, ref[i])))
    print(f"one question embedded, ms ({args.rounds} rounds x {len(qs)} questions, variants alternated);"
          " min cosine to the product's vector")
    for name, xs in times.items():
        print(f"  {name:34s} p50 {statistics.median(xs):6.2f}  p95 {pct(xs, 0.95):6.2f}  min cos {agree[name]:.4f}")

    rng = np.random.default_rng(7)
    stored = rng.standard_normal((args.rows, embed.DIMENSIONS)).astype(np.float16)
    as32 = stored.astype(np.float32)
    qv = ref[0].astype(np.float32)
    scans: dict[str, list[float]] = {"float16 matrix": [], "float32 matrix": [], "float32 + top 30": []}
    for _ in range(20):
        t1 = time.perf_counter()
        stored @ qv.astype(np.float16)
        scans["float16 matrix"].append((time.perf_counter() - t1) * 1000)
        t1 = time.perf_counter()
        as32 @ qv
        scans["float32 matrix"].append((time.perf_counter() - t1) * 1000)
        t1 = time.perf_counter()
        sc = as32 @ qv
        top = np.argpartition(-sc, 30)[:30]
        top[np.argsort(-sc[top])]
        scans["float32 + top 30"].append((time.perf_counter() - t1) * 1000)
    print(f"cosine scan of {args.rows:,} vectors ({args.rows * embed.DIMENSIONS * 2 / 1e6:.0f} MB float16,"
          f" {args.rows * embed.DIMENSIONS * 4 / 1e6:.0f} MB float32), ms:")
    for name, xs in scans.items():
        print(f"  {name:20s} p50 {statistics.median(xs):6.2f}  p95 {pct(xs, 0.95):6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
