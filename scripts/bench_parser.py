"""Our markdown parser against markdown-it-py's block parse, on real memory files, in one run.

The design names markdown-it-py for block structure. Before the lossless line editor is moved onto
it, this measures the cost and lists where the two read the same files differently:

- time: `memory_store.markdown.parse_document` (the whole parse: blocks, fields, line entries)
  against `MarkdownIt("commonmark")` with its inline rules off (block tokens with line maps only),
  per file and in total, median of `--repeat` rounds; the ratio is what travels between machines;
- reading: for every file, the entry headings each one sees (our `Block`s against markdown-it's
  level-2 `heading` tokens whose text has the `Kind: title` shape), and the lines each one treats
  as code (our fenced lines and front matter against markdown-it's `fence` and `code_block` maps).

The files are those of the demo workspace (`memjobs demo`: what the jobs write from the bundled
transcripts) and, with `--dir`, every `*.md` under a workspace of your own.

    .venv/bin/python scripts/bench_parser.py [--dir WORKSPACE] [--repeat 30] [--json]
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a plain script from a checkout
    sys.path.insert(0, str(ROOT))

from memory_store.markdown import Block, fenced_lines, parse_document, split_lines  # noqa: E402


def block_parser() -> MarkdownIt:
    """CommonMark block structure only: tokens with line maps, no inline parsing."""
    return MarkdownIt("commonmark").disable(["inline", "text_join"])


def our_headings(text: str) -> set[int]:
    """1-based lines of the entry headings our parser reads as blocks."""
    return {n.line for n in parse_document(text).nodes if isinstance(n, Block)}


def commonmark_headings(md: MarkdownIt, text: str) -> set[int]:
    """1-based lines of level-2 headings whose text reads `Kind: title`, and whose next line is a
    `- id:` list item, as CommonMark sees them."""
    lines = split_lines(text)
    out: set[int] = set()
    tokens = md.parse(text)
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open" and tok.tag == "h2" and tok.map:
            title = tokens[i + 1].content
            line = tok.map[0]
            nxt = lines[line + 1].lstrip() if line + 1 < len(lines) else ""
            if ":" in title and title.split(":", 1)[0].isalpha() and nxt.startswith("- id"):
                out.add(line + 1)
    return out


def our_code_lines(text: str) -> set[int]:
    return {i + 1 for i, inside in enumerate(fenced_lines(split_lines(text))) if inside}


def commonmark_code_lines(md: MarkdownIt, text: str) -> set[int]:
    out: set[int] = set()
    for tok in md.parse(text):
        if tok.type in ("fence", "code_block") and tok.map:
            out.update(range(tok.map[0] + 1, tok.map[1] + 1))
    return out


def _median_time(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def files_of(workspace: Path) -> dict[str, str]:
    return {p.relative_to(workspace).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(workspace.rglob("*.md")) if ".memjobs" not in p.parts}


def measure(files: dict[str, str], repeat: int) -> dict[str, Any]:
    md = block_parser()
    texts = list(files.values())
    ours = _median_time(lambda: [parse_document(t) for t in texts], repeat)
    theirs = _median_time(lambda: [md.parse(t) for t in texts], repeat)
    big = "".join(texts)
    ours_big = _median_time(lambda: parse_document(big), repeat)
    theirs_big = _median_time(lambda: md.parse(big), repeat)
    differences = []
    for name, text in files.items():
        for what, mine, cm in (("entry heading", our_headings(text), commonmark_headings(md, text)),
                               ("code line", our_code_lines(text), commonmark_code_lines(md, text))):
            if mine != cm:
                differences.append({"file": name, "what": what, "only_ours": sorted(mine - cm),
                                    "only_commonmark": sorted(cm - mine)})
    return {
        "files": len(files), "bytes": sum(len(t.encode("utf-8")) for t in texts),
        "ours_s": round(ours, 6), "markdown_it_block_s": round(theirs, 6), "ratio": round(theirs / ours, 2),
        "one_file_bytes": len(big.encode("utf-8")), "one_file_ours_s": round(ours_big, 6),
        "one_file_markdown_it_block_s": round(theirs_big, 6), "one_file_ratio": round(theirs_big / ours_big, 2),
        "differences": differences,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", type=Path, help="a workspace whose *.md files to read instead of the demo's")
    parser.add_argument("--repeat", type=int, default=30, help="rounds per measurement (median)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.dir is not None:
        result = measure(files_of(args.dir), args.repeat)
    else:
        from jobs.demo.build import build_demo

        with tempfile.TemporaryDirectory() as tmp:
            build_demo(Path(tmp) / "demo")
            result = measure(files_of(Path(tmp) / "demo"), args.repeat)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{result['files']} files, {result['bytes']} bytes")
    print(f"  ours (parse_document)      {result['ours_s'] * 1000:8.2f} ms")
    print(f"  markdown-it-py block parse {result['markdown_it_block_s'] * 1000:8.2f} ms   ratio {result['ratio']}x")
    print(f"all files as one document ({result['one_file_bytes']} bytes): "
          f"ours {result['one_file_ours_s'] * 1000:.2f} ms, "
          f"markdown-it-py {result['one_file_markdown_it_block_s'] * 1000:.2f} ms, ratio {result['one_file_ratio']}x")
    diffs = result["differences"]
    print(f"files read differently: {len(diffs)}")
    for d in diffs:
        print(f"  {d['file']}: {d['what']}: only ours {d['only_ours']}, only CommonMark {d['only_commonmark']}")


if __name__ == "__main__":
    main()
