"""The weekly compound keeps noise out of MEMORY.md (jobs/weekly/noise.py): a closing, a report of
having seen something, a complaint, a problem stated or a decision put off is stored in its daily
log and found by search, but is not in the index read every session."""
from __future__ import annotations

from pathlib import Path

import pytest

from jobs.weekly.noise import CUE_DIR, LANGUAGES, noise_class, noise_class_of_text, parse_cues
from memory_store.errors import EntryError
from memory_store.memory_md import parse_memory_md
from tests.conftest import REPO
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, run_weekly, write_entries


@pytest.mark.parametrize("text,kind,cls", [
    ("great, thanks, that's all for today", "Decision", "closing"),
    ("就這樣定", "Decision", "closing"),
    ("ตามนั้นเลยครับ", "Decision", "closing"),
    ("I saw the new Grafana dashboard Mia set up", "Remember", "seen"),
    ("我刚看到群里说测试环境升级了", "Remember", "seen"),
    ("honestly the two-review rule is overkill for typo fixes", "Rule", "complaint"),
    ("why do we have to rerun the whole suite for a README change", "Rule", "complaint"),
    ("烦死了，每次改 schema 都要把全部测试重跑一遍", "Rule", "complaint"),
    ("ทุกครั้งที่แก้ type ต้อง copy ไปวางเอง เหนื่อยมาก", "Rule", "complaint"),
    ("the nightly export keeps timing out", "Decision", "problem"),
    ("通知队列又堵了，积压了四万条", "Architecture", "problem"),
    ("not now, maybe after the release", "Decision", "deferral"),
    ("先放着，等预算下来再决定", "Constraint", "deferral"),
    ("ยังไม่ต้อง ไว้หลัง release ค่อยว่ากัน", "Decision", "deferral"),
])
def test_each_class_in_each_language(text: str, kind: str, cls: str) -> None:
    assert noise_class_of_text(text, kind) == cls


@pytest.mark.parametrize("text,kind", [
    # a closing word with a decision in it
    ("就这样定了：通知单独拆成一个 worker 服务，API 只往队列里放消息", "Architecture"),
    ("ok, let's go with Kafka for the event bus", "Decision"),
    # a complaint that gives an order, a rule said with a frequency word
    ("订餐厅别订要排队的，我最烦等位", "Constraint"),
    ("always run make fmt before you commit, I'm tired of CI rejecting it", "Rule"),
    ("每个 checkpoint 每次都要记录种子和数据版本", "Procedure"),
    # a problem answered by a choice; a remembered fact about a problem
    ("Redis is too slow for this, switch the sessions to Memcached", "Decision"),
    ("the VPN drops every 8 hours, a stuck deploy is usually that", "Remember"),
    # a decision with a later step put off
    ("算了，還是繼續用 docker compose，等服務超過 20 個再說", "Decision"),
    ("ต่อจากนี้ห้าม deploy หลังบ่ายสามของวันศุกร์ ถ้าพังขึ้นมาจะไม่มีใครอยู่ดู", "Constraint"),
])
def test_decisions_rules_and_facts_go_through(text: str, kind: str) -> None:
    assert noise_class_of_text(text, kind) is None


def test_cue_files_parse_and_a_bad_line_names_itself() -> None:
    for lang in LANGUAGES:
        sections = parse_cues((CUE_DIR / f"{lang}.txt").read_text(encoding="utf-8"), lang)
        assert all(sections.values()), lang
    with pytest.raises(EntryError) as bad:
        parse_cues("[closing]\nthanks\n(oops\n", "x.txt")
    assert bad.value.line == 3
    with pytest.raises(EntryError):
        parse_cues("[closings]\nthanks\n", "x.txt")


def test_the_entry_is_judged_on_what_memory_md_would_show() -> None:
    """A bare "go ahead" whose entry carries the accepted proposal is the proposal."""
    accepted = entry("Decision", "2026-11-03", "go ahead", "Put the rate limiter in front of the login endpoint")
    assert noise_class(accepted) is None
    assert noise_class(entry("Decision", "2026-11-03", "go ahead")) == "closing"


def test_weekly_keeps_noise_out_of_memory_md_and_in_the_daily_log(workspace: Path) -> None:
    rule = entry("Rule", "2026-11-03", "Every PR needs one approving review")
    complaint = entry("Rule", "2026-11-03", "Honestly the review rule is overkill for typo fixes")
    deferred = entry("Decision", "2026-11-04", "Not now, maybe after the release")
    write_entries(workspace, [rule, complaint, deferred])
    report = run_weekly(workspace, "2026-11-09T03:00:00")
    assert report.status == "ok"
    ids = memory_ids(workspace)
    assert rule.id in ids and complaint.id not in ids and deferred.id not in ids
    assert any("2 new entries kept out of MEMORY.md" in n and "complaint 1" in n and "deferral 1" in n
               for n in report.notes), report.notes
    day = (workspace / "memory" / "2026-11-03.md").read_text(encoding="utf-8")
    assert complaint.id in day   # stored, searchable: only the index leaves it out


def test_a_noise_item_already_in_memory_md_leaves_with_its_reason(workspace: Path) -> None:
    """MEMORY.md written before the gate held a complaint: the next weekly moves it to the archive."""
    rule = entry("Rule", "2026-11-03", "Every PR needs one approving review")
    complaint = entry("Rule", "2026-11-03", "Honestly the review rule is overkill for typo fixes")
    write_entries(workspace, [rule, complaint])
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    mem = workspace / "MEMORY.md"
    text = mem.read_text(encoding="utf-8")
    line = f"- Honestly the review rule is overkill for typo fixes ([{complaint.id}](memory/2026-11-03.md))\n"
    mem.write_text(text.replace("<!-- memjobs:end -->", f"## Rules & constraints\n{line}<!-- memjobs:end -->"),
                   encoding="utf-8")
    assert complaint.id in {it.id for its in parse_memory_md(mem.read_text(encoding="utf-8")).sections.values()
                            for it in its}
    assert run_weekly(workspace, "2026-11-16T03:00:00").status == "ok"
    assert complaint.id not in memory_ids(workspace) and rule.id in memory_ids(workspace)
    archive = (workspace / "memory" / "archive").glob("*.md")
    texts = "\n".join(p.read_text(encoding="utf-8") for p in archive)
    assert complaint.id in texts and "(complaint)" in texts


def test_eval_script_measures_a_dev_set_and_keeps_held_out_sets_to_totals() -> None:
    import json
    import subprocess
    import sys

    repo = REPO
    run = subprocess.run([sys.executable, "scripts/eval_hot_noise.py", "--set", "dev6", "--json"], cwd=repo,
                         capture_output=True, text=True, check=True)
    (row,) = json.loads(run.stdout)
    assert row["set"] == "dev6" and row["entries"] == row["real"] + row["noise"] > 0
    assert row["noise_kept_out"] >= 1 and row["noise_share_after"] < row["noise_share_before"]
    refused = subprocess.run([sys.executable, "scripts/eval_hot_noise.py", "--set", "eval", "--show"], cwd=repo,
                             capture_output=True, text=True)
    assert refused.returncode == 2 and not refused.stdout


@pytest.mark.parametrize("text", [
    "The session timeout is 15 minutes",
    "The API timeout is 30 seconds",
    "The login page is slow, so we cache the static assets on the CDN",
    "会话超时是 15 分钟",
    "หน้า login ช้า เลยใช้ CDN",
])
def test_a_decision_with_a_value_or_an_action_is_no_problem_statement(text: str) -> None:
    # A problem cue ("timeout", "slow") beside a value set or an action taken is a decision.
    assert noise_class_of_text(text, "Decision") is None
    assert noise_class_of_text("The export keeps timing out", "Decision") == "problem"
