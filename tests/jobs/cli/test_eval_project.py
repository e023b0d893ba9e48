"""scripts/eval_project.py scores a project end to end through the real memjobs command."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

PROJECT = """\
name: tiny
about: a two-session project for the scorer's own test
timezone: Asia/Bangkok
sessions:
  - id: s01
    agent: claude-code
    start: 2026-10-05T10:00:00+07:00
    turns:
      - {role: user, text: "Which cache should the availability endpoint use, Redis or memcached?"}
      - {role: assistant, text: "Redis gives TTLs; memcached is simpler. Your call."}
      - {role: user, text: "Decision: put availability in Redis with a 30s TTL."}
  - id: s02
    agent: codex
    start: 2026-10-14T20:00:00+07:00
    turns:
      - {role: user, text: "Change of plan: serve availability from a Postgres materialized view instead of the
          Redis cache; we no longer use Redis."}
      - {role: assistant, text: "OK, removing the Redis client."}
      - {role: user, text: "by the way the office plant is called Gerald"}
planted:
  - {id: P01, kind: Decision, at: "s01#3", keywords: ["Redis", "30s"], superseded_by: P02}
  - {id: P02, kind: Decision, at: "s02#1", keywords: ["materialized view"]}
  - {id: P03, kind: Remember, at: "s01#1", keywords: ["never said anywhere"]}
questions:
  - {id: Q01, lang: en, text: "why did we drop the Redis cache", evidence: [P02], answer: "a materialized view"}
  - {id: Q02, lang: en, text: "what is the office plant called", evidence: ["s02#3"], answer: "Gerald"}
  - {id: Q03, lang: en, text: "which kubernetes ingress did we pick", evidence: [P03], answer: "none"}
"""


def test_scores_a_project_end_to_end(tmp_path: Path) -> None:
    (tmp_path / "set").mkdir()
    (tmp_path / "set" / "tiny.yaml").write_text(PROJECT, encoding="utf-8")
    done = subprocess.run([sys.executable, "scripts/eval_project.py", "--dir", str(tmp_path / "set"), "--json",
                           "--keep", str(tmp_path / "work")], cwd=REPO, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    r = json.loads(done.stdout)["tiny"]
    assert (r["planted"], r["kept"]) == (3, 2)             # the item never said is missed
    assert r["replaced"] == 1 and r.get("replaced_still_active", 0) == 0   # Redis left MEMORY.md
    assert r["entries"] >= 2 and r["noise"] == r["entries"] - 2
    assert (r["questions"], r["answered"]) == (3, 2)       # the plant's name is found in the sessions tier
    assert (tmp_path / "work" / "tiny" / "ws" / "MEMORY.md").exists()


def test_refuses_an_empty_folder(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "scripts/eval_project.py", "--dir", str(tmp_path)], cwd=REPO,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and "no project files" in done.stderr
