"""A stray ``` that is never closed hides nothing and is named (as an unclosed `<!--`,
tests/memory_store/core/test_unclosed_comment.py).

Pins fixdoc13 #3: after a note opening a code fence with no closing ```, every line below it was read as
code: `mem set` answered "created" and appended the fact inside the fence, where nothing read it — the
user's fact was lost while the CLI said it was written — and validate and doctor said nothing."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.core import document as doc
from memory_store.core.policy import load_policy, policy_problems
from tests.conftest import cli

OPEN = "```\n"
EXAMPLE = "```md\n- key:response.tone | value:example only | ref:manual:doc\n```\n"


def test_an_unclosed_fence_fences_nothing_and_a_closed_one_still_does() -> None:
    text = "## Facts\n" + EXAMPLE + OPEN + "- key:user.city | value:Lyon | ref:manual:hand\n"
    found, _ = doc.scan(text)
    assert [(loc.entry.key, loc.line, loc.section) for loc in found] == [("user.city", 6, "Facts")]
    bad = doc.stray_lines(text)
    assert [(b.line, b.severity) for b in bad if "never closed" in b.message] == [(5, "error")]
    assert not [b for b in doc.stray_lines("## Facts\n" + EXAMPLE) if "never closed" in b.message]


def test_mem_set_after_a_stray_fence_writes_where_it_is_read(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert cli("--workspace", str(ws), "init").exit_code == 0
    assert cli("--workspace", str(ws), "mem", "set", "user.name", "Tom").exit_code == 0
    with (ws / "PROFILE.md").open("a", encoding="utf-8") as f:
        f.write("\n" + OPEN + "notes I pasted\n")
    assert cli("--workspace", str(ws), "mem", "set", "user.food", "pizza").exit_code == 0
    listed = json.loads(cli("--workspace", str(ws), "mem", "list", "--json").output)["entries"]
    assert {e["key"] for e in listed} == {"user.name", "user.food"}
    assert "pizza" in cli("--workspace", str(ws), "context").output
    fence_line = (ws / "PROFILE.md").read_text(encoding="utf-8").splitlines().index("```") + 1
    checked = cli("--workspace", str(ws), "validate")
    assert checked.exit_code == 3 and f"PROFILE.md:{fence_line}: a code fence opened here is never closed" \
        in checked.output, checked.output
    doctor = cli("--workspace", str(ws), "doctor")
    assert f"PROFILE.md:{fence_line}: a code fence" in doctor.output, doctor.output


def test_policy_check_names_an_unclosed_fence(tmp_path: Path) -> None:
    policy = tmp_path / "POLICY.md"
    policy.write_text("# POLICY\n\n## Guardrails\n```\n- key:policy.allow.tools | value:none\n", encoding="utf-8")
    loaded = load_policy(policy)
    assert [loc.entry.key for loc in loaded.entries] == ["policy.allow.tools"]
    assert [line for line, message in policy_problems(loaded) if "never closed" in message] == [4]
