"""`memjobs validate` over the core files (docs/design.md §4.3, docs/spec/memory.md §1-§2):

- POLICY.md, outside the workspace, is checked as PROFILE.md and SESSION.md are, with the problems `policy
  check` and doctor find, and its values are never printed (validate said "ok: no problems" beside a
  `policy check` that exited 3);
- a `## heading` inside an HTML comment (one line or several) is no section: `mem set` wrote a new fact
  under a commented `## Notes`, and a forget moved the revoked line below a commented `## Inactive`;
- each problem says its place once (`PROFILE.md:5: PROFILE.md:4 and PROFILE.md:5 have the same id …`).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from memory_store.core.document import scan
from tests import conftest


def cli(ws: Path, *args: str) -> tuple[int, str]:
    r = conftest.cli("--workspace", str(ws), *args)
    return r.exit_code, r.stdout


# guardrails with values in en, th and zh, each in a form nothing reads or set twice
POLICY = ("# Policy\n\n## Guardrails\n"
          "- key:policy.max_spend_usd | value:100 | ref:manual:admin\n"      # 4
          "- key:policy.max_spend_usd | value:250 | ref:manual:admin\n"      # 5: set again
          "- policy.allowed_region: ภาคเหนือเท่านั้น\n"                         # 6: not an entry
          "- `policy.data_residency` = 仅限中国大陆\n"                          # 7: not an entry
          "- key:policy.tone | value:สุภาพ | priority:900\n"                   # 8: priority out of range
          "- remember to review quarterly\n"                                 # 9: a note (warning)
          "<!--\n- policy.old_limit: 50\n## Old\n-->\n")                      # 10-13: commented out
VALUES = ("250", "ภาคเหนือเท่านั้น", "仅限中国大陆", "สุภาพ", "50")


def test_validate_reads_the_admins_policy_and_agrees_with_policy_check(workspace: Path, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    policy = tmp_path / "admin" / "POLICY.md"
    policy.parent.mkdir()
    policy.write_text(POLICY, encoding="utf-8")
    monkeypatch.setenv("MEMJOBS_POLICY", str(policy))
    code, out = cli(workspace, "validate", "--json")
    found = json.loads(out)["problems"]
    assert code == 3, out
    errors = [(p["line"], p["message"]) for p in found if p["severity"] == "error"]
    assert {p["path"] for p in found} == {str(policy)}
    _, checked = cli(workspace, "policy", "check", "--json")
    assert errors == [(p["line"], p["message"]) for p in json.loads(checked)["problems"]]
    assert [line for line, _ in errors] == [5, 6, 7, 8]
    assert [p["line"] for p in found if p["severity"] == "warning"] == [9]
    code, plain = cli(workspace, "validate")
    assert code == 3 and plain.count(f"{policy}:") == len(found)
    # the policy's values are never printed (its path is, and a temporary folder's name may hold "50")
    shown = (out + plain).replace(json.dumps(str(policy))[1:-1], "<policy>").replace(str(policy), "<policy>")
    for value in VALUES:
        assert value not in shown, value
    # named as a path, it is checked the same way; the doctor counts the same problems
    code, named = cli(workspace, "validate", str(policy), "--json")
    assert code == 3 and json.loads(named)["problems"] == found
    _, doc = cli(workspace, "doctor", "--json", "--no-llm")
    (finding,) = [f for f in json.loads(doc)["findings"] if f["check"] == "policy"]
    assert f"{len(errors)} problem(s)" in finding["message"]
    # fixed, it validates
    policy.write_text("# Policy\n\n## Guardrails\n- key:policy.max_spend_usd | value:100 | ref:manual:admin\n",
                      encoding="utf-8")
    assert cli(workspace, "validate") == (0, "")


# a commented-out heading before the real ones, in en, th and zh; one line and several
COMMENTED = [
    "<!--\n## Notes\nold notes\n-->\n",
    "<!-- ## หมายเหตุ -->\n",
    "<!-- 旧的:\n## 备注\n- key:user.city | value:北京 | ref:manual:hand\n-->\n",
]


@pytest.mark.parametrize("comment", COMMENTED)
def test_a_heading_in_a_comment_is_no_section(workspace: Path, comment: str) -> None:
    profile = workspace / "PROFILE.md"
    text = profile.read_text(encoding="utf-8")
    head, _, rest = text.partition("## ")
    profile.write_text(head + comment + "\n## " + rest, encoding="utf-8")
    assert cli(workspace, "mem", "set", "user.nickname", "Chai")[0] == 0
    (loc,) = scan(profile.read_text(encoding="utf-8"))[0]
    assert loc.section == "Preferences", profile.read_text(encoding="utf-8")
    assert comment in profile.read_text(encoding="utf-8")         # the comment is left as it was
    # a commented-out `## Inactive` at the end: the revoked line goes to a real one, not below the comment
    with open(profile, "a", encoding="utf-8") as fh:
        fh.write("\n" + re.sub(r"## \S+", "## Inactive", comment))
    assert cli(workspace, "mem", "forget", "user.nickname")[0] == 0
    final = profile.read_text(encoding="utf-8")
    (loc,) = scan(final)[0]
    assert loc.section == "Inactive" and loc.entry.status == "revoked", final
    assert final.rindex("\n## Inactive\n") > final.rindex("-->") and final.endswith(loc.text), final
    assert cli(workspace, "validate")[0] == 0
    assert cli(workspace, "mem", "reactivate", loc.id)[0] == 0
    (loc,) = scan(profile.read_text(encoding="utf-8"))[0]
    assert loc.section == "Preferences" and loc.entry.effective_status == "active"


def test_each_problem_says_its_place_once(workspace: Path) -> None:
    profile = workspace / "PROFILE.md"
    with open(profile, "a", encoding="utf-8") as fh:
        fh.write("- key:user.city | value:Lyon | ref:manual:hand | id:m-0123456789\n"
                 "- key:user.town | value:เชียงใหม่ | ref:manual:hand | id:m-0123456789\n"
                 "- key:user.b | value:上海 | ref:manual:hand\n"
                 "- key:user.b | value:上海 | ref:manual:hand\n"
                 "- response.length: short\n"
                 "- key:user.c | value:x | priority:500 | ref:manual:hand\n")
    lines = profile.read_text(encoding="utf-8").splitlines()
    first = lines.index("- key:user.city | value:Lyon | ref:manual:hand | id:m-0123456789") + 1
    code, out = cli(workspace, "validate")
    assert code == 3
    for line in out.splitlines():
        assert line.count("PROFILE.md:") == 1, line
    found = json.loads(cli(workspace, "validate", "--json")[1])["problems"]
    same = {p["line"]: p["message"] for p in found if "same" in p["message"]}
    assert same[first + 1].startswith(f"the same id m-0123456789 as line {first}:"), same
    assert same[first + 3].startswith(f"the same line as line {first + 2} "), same
    _, doc = cli(workspace, "doctor", "--json", "--no-llm")
    files = [f["message"] for f in json.loads(doc)["findings"] if f["check"] == "files"]
    assert files and all(m.count("PROFILE.md:") == 1 for m in files), files
