"""The plan as text, for `--dry-run` (docs/design.md §5 "print the plan"): promote / demote / merge /
supersede / conflict / kept-out lists, then the new MEMORY.md."""
from __future__ import annotations

from jobs.weekly.apply import render_memory
from jobs.weekly.model import Plan

_HEADINGS = (("Promoted", "promote"), ("Demoted", "demote"), ("Merged", "merge"), ("Superseded", "supersede"),
             ("Possible conflicts", "possible conflicts"), ("Resolved conflicts", "resolved conflicts"),
             ("Kept out", "kept out"))


def plan_text(plan: Plan, memory_text: str) -> str:
    out = [f"weekly compound {plan.week} (cut-off {plan.cutoff_day} 24:00): "
           f"{plan.promoted} promoted, {len(plan.removed)} removed, {plan.changed} changed, "
           f"{plan.unchanged} unchanged, {len(plan.status)} status changes, "
           f"{len(plan.marks)} entries compounded"]
    for section, label in _HEADINGS:
        lines = [ln for s, ln in plan.log if s == section]
        out.append(f"{label} ({len(lines)}):")
        out.extend(f"  {ln.id}: {ln.reason}" for ln in lines)
    for rel, archived in sorted(plan.archive.items()):
        out.append(f"archive {rel} (+{len(archived)} lines)")
    for c in plan.status:
        by = f", superseded_by {c.superseded_by}" if c.superseded_by else ""
        out.append(f"status {c.rel}: {c.id} -> {c.status}{by}")
    out.extend(plan.notes)
    out.append("--- new MEMORY.md ---")
    out.append(render_memory(memory_text, plan).rstrip("\n"))
    return "\n".join(out)
