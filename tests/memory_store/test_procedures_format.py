"""memory/procedures.md (docs/design.md §4.7): procedures are Procedure block entries with steps,
origin, count and last use; the one parser round-trips them; the validator checks the extra fields;
a similar procedure merges (steps in order, count + 1), a different one is appended."""
from __future__ import annotations

from memory_store import procedures as pr
from memory_store.entries import Source
from memory_store.markdown import parse_document
from memory_store.markdown_write import serialize_entry
from memory_store.validate import validate_text

SRC = Source("s1", "/t/s1.jsonl", "L3-L3")


def deploy(day: str = "2026-11-18", origin: str = "explicit") -> object:
    return pr.make_procedure("deploying the API", ["run make migrate", "run make smoke", "tag the release"],
                             day, SRC, origin, excerpt="whenever we deploy the API, run make migrate first")


def test_a_procedure_is_a_valid_entry_that_round_trips():
    e = deploy()
    text = pr.TITLE + "\n" + serialize_entry(e)
    assert text.endswith("- steps: run make migrate → run make smoke → tag the release\n- learned_from: explicit\n"
                         "- success_count: 1\n- last_used: 2026-11-18\n")
    assert parse_document(text).entries() == [e]
    assert e.confidence == 0.95 and pr.steps_of(e) == ("run make migrate", "run make smoke", "tag the release")
    assert validate_text(text, pr.REL) == []
    assert pr.make_procedure("x", ["a b", "c d"], "2026-11-18", SRC, "correction").confidence == 0.85


def test_validator_checks_the_procedure_fields():
    text = pr.TITLE + "\n" + serialize_entry(deploy())
    bad = (text.replace("- steps: run make migrate → run make smoke → tag the release", "- steps: just one")
           .replace("- success_count: 1", "- success_count: many"))
    msgs = [p.message for p in validate_text(bad, pr.REL)]
    assert any("at least two steps" in m for m in msgs)
    assert any("success_count 'many'" in m for m in msgs)
    # The same text elsewhere is an ordinary entry file: the procedure rules apply to procedures.md only.
    assert validate_text(bad, "memory/2026-11-18.md") == []


def test_a_similar_procedure_merges_and_a_different_one_is_appended():
    text, added, merged = pr.apply(None, [deploy()])
    assert (added, merged) == (1, 0) and text.startswith(pr.TITLE)
    again = pr.make_procedure("when we ship the api to prod", ["apply the db migrations", "run make smoke",
                                                               "tag the release", "post in #deploys"],
                              "2026-11-20", Source("s2", "/t/s2.jsonl", "L7-L7"), "correction")
    docs = pr.make_procedure("deploying the docs site", ["build the docs with mkdocs", "upload to the bucket"],
                             "2026-11-20", SRC, "explicit")
    text2, added, merged = pr.apply(text, [again, docs])
    assert (added, merged) == (1, 1)
    (first, second) = parse_document(text2).entries()
    assert first.id == deploy().id and pr.success_count(first) == 2
    # Steps match by word overlap: "apply the db migrations" is not matched to "run make migrate"
    # (a known limit), so both stay, in the order each procedure gave them.
    assert pr.steps_of(first) == ("apply the db migrations", "run make migrate", "run make smoke",
                                  "tag the release", "post in #deploys")
    assert ("last_used", "2026-11-20") in first.extra and first.confidence == 0.95
    assert second.id == docs.id
    assert pr.apply(text2, [docs]) == (text2, 0, 0)          # the same procedure again changes nothing
    assert pr.merged_from(first) == ["s2#L7-L7"]
    assert pr.apply(text2, [again]) == (text2, 0, 0)         # and so does the same teaching read again
    assert validate_text(text2, pr.REL) == []


def test_merge_steps_keeps_both_orders():
    assert pr.merge_steps(("a1 x", "c3 z"), ("a1 x", "b2 y", "c3 z", "d4 w")) == ("a1 x", "b2 y", "c3 z", "d4 w")
    assert pr.similarity(["先跑测试", "再打 tag"], ["跑测试", "打 tag"]) >= pr.MERGE_THRESHOLD
    assert pr.similarity(["run the migrations"], ["water the plants"]) < pr.MERGE_THRESHOLD


def test_a_teaching_in_another_order_is_a_correction_whose_order_wins():
    """Pins: "first restart the workers, then run the migrations" after "first run the migrations,
    then restart the workers" kept the old order and counted a success (the merge only added
    steps): the agent was served the order the user had just corrected."""
    old = pr.make_procedure("whenever you deploy the API", ["run the migrations", "restart the workers",
                                                            "post in #deploys"], "2026-11-02", SRC, "explicit")
    new = pr.make_procedure("whenever you deploy the API", ["restart the workers", "run the migrations"],
                            "2026-11-10", Source("s2", "/t/s2.jsonl", "L3-L3"), "correction")
    assert pr.reorders(pr.steps_of(old), pr.steps_of(new))
    text, _, _ = pr.apply(None, [old])
    text2, added, merged = pr.apply(text, [new])
    assert (added, merged) == (0, 1)
    (e,) = parse_document(text2).entries()
    # The new order wins; the step it did not name stays after every step it followed.
    assert pr.steps_of(e) == ("restart the workers", "run the migrations", "post in #deploys")
    assert pr.success_count(e) == 1 and pr.merged_from(e) == ["s2#L3-L3"]
    # Chinese too; and the same order again is a use, counted.
    zh_old = ("先跑数据库迁移", "再重启 worker")
    assert pr.merge_steps(zh_old, ("先重启 worker", "再跑数据库迁移")) == ("先重启 worker", "再跑数据库迁移")
    assert not pr.reorders(zh_old, ("先跑数据库迁移", "再重启 worker", "最后发通知"))
    assert validate_text(text2, pr.REL) == []


def test_a_dropped_step_leaves_and_nothing_transient_is_written():
    """A teaching's drops take the old steps they name out (a correction: no success counted), a
    drop that would leave fewer than two steps changes nothing, an amendment that matches no
    procedure is not appended, and neither `drops` nor `amends` is ever written."""
    old = pr.make_procedure("you deploy the API", ["run the migrations", "restart the workers", "post in #deploys"],
                            "2026-11-02", SRC, "explicit")
    text, _, _ = pr.apply(None, [old])
    s2 = Source("s2", "/t/s2.jsonl", "L3-L3")
    only_drop = pr.make_procedure("you deploy the API", [], "2026-11-10", s2, "correction",
                                  drops=["the migrations"], amends=True)
    text2, added, merged = pr.apply(text, [only_drop])
    (e,) = parse_document(text2).entries()
    assert (added, merged) == (0, 1)
    assert pr.steps_of(e) == ("restart the workers", "post in #deploys") and pr.success_count(e) == 1
    assert "drops" not in text2 and "amends" not in text2 and validate_text(text2, pr.REL) == []
    too_much = pr.make_procedure("you deploy the API", [], "2026-11-11", Source("s3", "/t/s3.jsonl", "L1-L1"),
                                 "correction", drops=["restart the workers"], amends=True)
    assert pr.apply(text2, [too_much])[0] == text2
    elsewhere = pr.make_procedure("we cut a release", ["restart the workers", "post in #deploys"], "2026-11-12",
                                  Source("s4", "/t/s4.jsonl", "L1-L1"), "correction", amends=True)
    assert pr.apply(text2, [elsewhere]) == (text2, 0, 0)          # another trigger: not this procedure
    assert pr.apply(None, [elsewhere]) == (pr.TITLE, 0, 0)          # and never a procedure of its own
    fresh = pr.make_procedure("we cut a release", ["bump the version", "tag it"], "2026-11-12",
                              Source("s5", "/t/s5.jsonl", "L1-L1"), "explicit", drops=["the changelog"])
    text3, added, _ = pr.apply(text2, [fresh])
    assert added == 1 and "drops" not in text3 and validate_text(text3, pr.REL) == []


def test_only_microsync_writes_the_procedures_file(tmp_path):
    from memory_store.writers import writer_for

    assert writer_for("microsync", tmp_path).may_write(pr.REL)
    assert not any(writer_for(j, tmp_path).may_write(pr.REL) for j in ("daily", "weekly", "episodes", "core"))


def test_the_same_steps_for_another_subject_are_another_procedure():
    # A list said again for another subject ("offboarding" for "onboarding") with a step added is
    # its own procedure: merging would give the onboarding checklist the badge step.
    on = pr.make_procedure("we decided the onboarding checklist is", ["laptop", "VPN", "GitHub access"],
                           "2026-11-02", SRC, "explicit")
    off = pr.make_procedure("we decided the offboarding checklist is",
                            ["laptop", "VPN", "GitHub access", "revoke badge"],
                            "2026-11-10", Source("s2", "/t/s2.jsonl", "L1-L1"), "explicit")
    text, added, merged = pr.apply(None, [on, off])
    assert (added, merged) == (2, 0)
    first, second = parse_document(text).entries()
    assert pr.steps_of(first) == ("laptop", "VPN", "GitHub access") and not pr.merged_from(first)
