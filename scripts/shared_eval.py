"""Where the shared evaluation data is: the `shared/eval` folder beside the checkout, or beside the
folder of worktrees (a checkout at `<root>/wt/<name>`).

The public transcripts, LoCoMo and the other data sets of that folder are not part of the repository
(docs/benchmarks.md names each). A checkout without the folder beside it (a fresh clone in /tmp, CI)
gets the first place looked at, which does not exist: callers check `is_dir()` and skip or say so.
"""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def find_shared_eval(root: Path = ROOT) -> Path:
    """The `shared/eval` folder beside `root` or beside its parent, the first that exists; else the first."""
    places = [d / "shared" / "eval" for d in (root.parent, root.parent.parent)]
    return next((p for p in places if p.is_dir()), places[0])


SHARED_EVAL = find_shared_eval()
