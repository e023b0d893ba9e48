"""The rules summariser on records: commitments in three languages, what closes them, open
questions, error → fix sequences, conversation ranking and titles, and what is not an action item."""
# ruff: noqa: E501  -- conversation turns read best one per line
from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from jobs.daily.commitments import commitments
from jobs.daily.model import DaySession, LogEntry
from jobs.daily.rules import RulesSummarizer
from memory_store.transcripts.records import Flag, Record, Role

DAY = date(2026, 11, 20)
T0 = datetime(2026, 11, 20, 2, 0, tzinfo=UTC)


def session(*turns: tuple, sid: str = "5e55105e-aaaa", path: str = "/t/s.jsonl") -> DaySession:
    """turns: (role, text) or (role, text, tool_name, flags)."""
    recs = []
    for i, t in enumerate(turns):
        role, text = t[0], t[1]
        tool = t[2] if len(t) > 2 else None
        flags = frozenset(t[3]) if len(t) > 3 else frozenset()
        if role in (Role.TOOL_CALL, Role.TOOL_RESULT):
            flags = flags | {Flag.TOOL}
        recs.append(Record(source="claude-code", session_id=sid, path=path, line=i + 1, line_end=i + 1,
                           ts=T0 + timedelta(minutes=i), role=role, text=text, flags=flags, tool_name=tool,
                           tool_args=text if role == Role.TOOL_CALL else None))
    return DaySession("claude-code", sid, path, tuple(recs))


def summarize(*sessions: DaySession, entries: list[LogEntry] | None = None):
    from zoneinfo import ZoneInfo

    return RulesSummarizer(tz=ZoneInfo("Asia/Bangkok")).summarize(DAY, list(sessions), entries or [])


def texts(items) -> list[str]:
    return [i.text for i in items]


U, A, C, R = Role.USER, Role.ASSISTANT, Role.TOOL_CALL, Role.TOOL_RESULT


def test_commitments_in_english_thai_and_chinese_become_action_items():
    w = summarize(session(
        (U, "We need to rotate the staging key before Friday."),
        (A, "Understood."),
        (U, "ผมจะส่งสรุปให้ลูกค้าตอนเย็น"),
        (U, "我们要把日志级别调回 info"),
        (U, "待办：更新 README 的安装步骤"),
    ))
    items = texts(w.action_items)
    assert any("rotate the staging key" in t for t in items)
    assert any("ผมจะส่งสรุป" in t for t in items)
    assert any("日志级别" in t for t in items)
    assert any("README" in t for t in items)
    assert all(t.startswith("You: ") for t in items)
    assert all(i.evidence is not None and i.evidence.message_range.startswith("L") for i in w.action_items)


def test_not_action_items_hypotheticals_negations_rules_and_work_done_at_once():
    """Pins: "if we'll…", "ไม่ต้อง…", "from now on …" and an agent's "let me …" followed at once by
    tool calls are not action items; a question is not a commitment."""
    w = summarize(session(
        (U, "If we'll ever need to shard, Postgres can do it."),
        (U, "ยังไม่ต้องทำอะไรนะ"),
        (U, "From now on I'll review every migration myself."),
        (U, "Should we need to cache this?"),
        (A, "Let me check the config."),
        (C, '{"command": "cat config.yaml"}', "Bash"),
        (R, "port: 8080", "Bash"),
        (A, "The port is 8080."),
    ))
    assert w.action_items == []


def test_a_later_completion_closes_an_action_item_only_when_it_is_about_it():
    w = summarize(session(
        (U, "I need to update the changelog for 2.1."),
        (U, "I also have to renew the TLS certificate."),
        (A, "Changelog updated for 2.1."),
    ))
    assert texts(w.action_items) == ["You: I need to update the changelog for 2.1. (done later that day)",
                                     "You: I also have to renew the TLS certificate."]
    assert w.open_loops == []            # the open TLS task is an action item, listed once


def test_open_questions_and_tomorrow_plans():
    w = summarize(session(
        (U, "Deploy is green. Tomorrow we start on the billing export."),
        (A, "Great. Do you want me to prepare the export schema?"),
    ), session(
        (U, "พรุ่งนี้ค่อยทำหน้า dashboard ต่อ"),
        (U, "ตอนนี้ server ใช้ได้ไหม"),
        sid="7a7a7a7a-bbbb", path="/t/th.jsonl",
    ))
    loops = texts(w.open_loops)
    assert any(t.startswith("Agent asked: Do you want me to prepare") for t in loops)
    assert any(t.startswith("You asked:") and "ใช้ได้ไหม" in t for t in loops)
    nxt = texts(w.next_steps)
    assert any("billing export" in t for t in nxt)
    assert any("dashboard" in t for t in nxt)
    assert not set(loops) & set(nxt)     # each item in one section only


def test_error_then_fix_is_a_technical_note_spanning_both():
    s = session(
        (U, "run the tests please"),
        (C, '{"command": "pytest -q"}', "Bash"),
        (R, "Traceback (most recent call last):\n  File \"app.py\", line 1\nKeyError: 'DATABASE_URL'", "Bash",
         {Flag.ERROR}),
        (A, "It fails because DATABASE_URL is missing from .env.test; I'll add it."),
        (C, '{"file_path": ".env.test"}', "Edit"),
        (R, "ok", "Edit"),
        (C, '{"command": "pytest -q"}', "Bash"),
        (R, "22 passed", "Bash"),
    )
    w = summarize(s)
    (note,) = w.technical_notes
    assert note.text.startswith("KeyError: 'DATABASE_URL' → It fails because DATABASE_URL is missing")
    assert note.evidence is not None and note.evidence.message_range == "L3-L8"


def test_unresolved_and_declined_failures_are_not_lessons():
    w = summarize(session(
        (C, '{"command": "rm -rf build"}', "Bash"),
        (R, "The user doesn't want to proceed with this tool use. The tool use was rejected.", "Bash", {Flag.ERROR}),
        (C, '{"command": "make"}', "Bash"),
        (R, "make: *** No rule to make target. Stop.\nError: exit code 2", "Bash", {Flag.ERROR}),
        (U, "never mind"),
    ))
    assert w.technical_notes == []


def test_a_pasted_traceback_fixed_when_the_user_says_it_works():
    w = summarize(session(
        (U, "I get this:\nTraceback (most recent call last):\n  File \"x.py\"\nImportError: cannot import name 'foo'"),
        (A, "The import fails because foo was renamed to bar in 3.0; import bar instead."),
        (U, "that did it, works now"),
    ))
    (note,) = w.technical_notes
    assert note.text.startswith("ImportError: cannot import name 'foo' → The import fails because foo was renamed")


def test_conversations_ranked_by_substance_and_titled_by_first_real_request():
    small = session((U, "hello"), (U, "what time is it in Tokyo?"), (A, "It is 11:00."),
                    sid="11111111-small", path="/t/small.jsonl")
    big = session((U, "สวัสดีครับ"), (U, "Migrate the auth service to the new token format"),
                  (C, '{"command": "grep -r token"}', "Bash"), (R, "auth/token.py", "Bash"),
                  (A, "Done: the auth service now issues v2 tokens."), (U, "and update the docs"),
                  (A, "Docs updated."), sid="22222222-big", path="/t/big.jsonl")
    w = summarize(small, big, entries=[LogEntry("DECISION-20261120-v2-tokens-abc123", "Decision", "Use v2 tokens",
                                                "memory/2026-11-20.md", session_path="/t/big.jsonl")])
    titles = texts(w.conversations)
    assert titles[0].startswith("**Migrate the auth service to the new token format**")
    assert "1 decision-log entry" in titles[0] and "09:00–09:06" in titles[0]
    assert titles[1].startswith("**what time is it in Tokyo?**")


def test_decisions_come_from_the_log_with_status():
    e1 = LogEntry("DECISION-20261120-use-redis-aaaaaa", "Decision", "Use Redis for sessions", "memory/2026-11-20.md",
                  conclusion="Sessions live in Redis 7.")
    e2 = LogEntry("RULE-20261120-no-friday-deploys-bbbbbb", "Rule", "No Friday deploys",
                  "memory/recent/2026-11-20-rule.md", status="superseded")
    w = summarize(entries=[e1, e2])
    assert texts(w.decisions) == ["Decision: Use Redis for sessions — Sessions live in Redis 7.",
                                  "Rule: No Friday deploys (superseded)"]
    assert [i.entry for i in w.decisions] == [e1, e2]


def test_secrets_in_transcripts_are_redacted():
    w = summarize(session((U, "I'll rotate it tomorrow, the key is sk-proj-AbCdEf0123456789AbCdEf0123456789xyz")))
    listed = [t for items in w.sections() for t in texts(items)]
    assert w.next_steps and all("sk-proj-AbCdEf0123456789" not in t for t in listed)


def test_purpose_clauses_restated_rules_and_bare_modals_are_not_commitments():
    """Pins: "จะได้…" (so that), "ต้องผ่าน PR…" (a rule restated without a subject), "so that … will",
    "这样就能…" and "per the policy we need to…" are not action items; "ผมจะ…", "我来…" and "I'll…" are."""
    w = summarize(session(
        (U, "ตั้ง branch protection ให้หน่อย"),
        (A, "ตั้งไว้แล้วครับ จะได้บังคับใช้จริง"),
        (A, "ต้องผ่าน PR และรีวิว 1 คน"),
        (A, "I pinned the version so that the build will stay reproducible."),
        (A, "Per our release policy we need to ship through the pipeline."),
        (A, "改成异步了，这样就能避免超时。"),
        (U, "ผมจะคุยกับทีม infra เรื่อง quota ตอนบ่าย"),
        (U, "这个我来跟财务确认"),
        (U, "I'll write the migration guide after lunch."),
    ))
    items = texts(w.action_items)
    assert len(items) == 3, items
    assert any("ผมจะคุย" in t for t in items) and any("我来跟财务" in t for t in items)
    assert any("migration guide" in t for t in items)


def test_an_agent_commitment_carried_out_later_is_closed_and_listed_once():
    """Pins: a deferred agent commitment ("…once the refactor is in") followed by tool work is an
    action item; a later "bumped" about its task closes it: marked done, not an open loop or next step.
    The condition ("the refactor") does not count as its task."""
    w = summarize(session(
        (U, "refactor pricing, then bump the lockfile"),
        (A, "Sure, I'll bump the lockfile once the refactor is in."),
        (C, '{"file_path": "pricing.py"}', "Edit"),
        (R, "ok", "Edit"),
        (A, "Refactor done."),
        (C, '{"command": "uv lock --upgrade"}', "Bash"),
        (R, "Resolved 64 packages", "Bash"),
        (A, "Lockfile bumped, tests pass."),
    ))
    (item,) = w.action_items
    assert item.text.startswith("Agent: Sure, I'll bump the lockfile") and item.text.endswith("(done later that day)")
    assert w.open_loops == [] and w.next_steps == []


def test_next_steps_are_the_plans_and_nothing_else():
    """Pins: next steps are the explicit tomorrow/next statements, in order; an open action item
    stays under action items only; a plan without a subject ("下次再说") is a next step but not an
    action item."""
    w = summarize(session(
        (U, "I need to renew the TLS certificate."),
        (A, "打包成功了。下一步是把 CI 的 node 版本升到 20。"),
        (U, "下次再说，今天先到这"),
    ))
    assert texts(w.action_items) == ["You: I need to renew the TLS certificate."]
    nxt = texts(w.next_steps)
    assert len(nxt) == 2 and nxt[0].startswith("Agent: 下一步") and nxt[1].startswith("You: 下次再说")
    assert w.open_loops == []


def test_a_request_the_agent_accepts_for_later_is_an_action_item():
    """Pins: a subjectless request ("ต้อง…ด้วย", "need to…") becomes an action item when the agent's
    reply accepts it without doing it; when the reply reports it done, it is work, not an item."""
    later = summarize(session((U, "ต้องอัปเดตเอกสาร API ด้วย"), (A, "ได้ครับ รอ PM ยืนยันก่อน")))
    assert texts(later.action_items) == ["You: ต้องอัปเดตเอกสาร API ด้วย"]
    at_once = summarize(session((U, "ต้องอัปเดตเอกสาร API ด้วย"), (A, "ได้ครับ อัปเดตเอกสาร API เสร็จแล้วครับ")))
    assert at_once.action_items == []


def test_the_agent_narrating_its_next_step_is_not_an_action_item():
    """"Let me check…" is the step the agent takes now; when the user speaks first (no tool call follows),
    it is an interrupted step, not a promise. Put off to later, it is one (for tomorrow: a next step)."""
    s = session(
        (U, "why is the build red?"),
        (A, "The lint step fails on the new file. Let me check the eslint config."),
        (U, "never mind, I fixed it"),
        (A, "Great. Let me summarise what changed:\n\n- eslint config now ignores dist/"),
        (U, "ดู log ให้หน่อย"),
        (A, "ขอดู log ก่อนนะครับ"),
        (U, "看一下内存"),
        (A, "让我看看内存占用。"),
        (U, "ok thanks"),
        (A, "Let me revisit the flaky test tomorrow, once the CI image is rebuilt."),
    )
    w = summarize(s)
    assert [x.text for x in commitments(s)] == ["Let me revisit the flaky test tomorrow, once the CI image is rebuilt."]
    items = texts(w.action_items)
    assert not any("eslint config" in t or "summarise" in t or "ขอดู" in t or "内存" in t for t in items), items
    assert not any("flaky test tomorrow" in t for t in items), items
    assert any("flaky test tomorrow" in t for t in texts(w.next_steps)), texts(w.next_steps)
