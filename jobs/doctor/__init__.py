"""`memjobs doctor`: configuration, layout, sources, locks, temp files, index, sizes, files, proposals,
secrets, schedule and model, each finding with its fix; `--fix` applies only the safe fixes."""
from __future__ import annotations

from pathlib import Path

from jobs.doctor.findings import DoctorReport, Finding

__all__ = ["DoctorReport", "Finding", "run_doctor"]


def run_doctor(workspace: Path, config_file: Path | None = None, *, fix: bool = False,
               llm: bool = True) -> DoctorReport:
    """Every check, in a fixed order. Without `fix` nothing is written. A folder that is not a
    workspace, or a configuration that does not load, is itself the finding (the other checks need it)."""
    from jobs.doctor import checks
    from memory_store.config import load_config
    from memory_store.errors import MemjobsError
    from memory_store.workspace import require_workspace

    rep = DoctorReport(str(workspace))
    try:
        require_workspace(workspace, config_file)
    except MemjobsError as exc:
        rep.add("config", "error", exc.message, f"memjobs init {workspace}")
        return rep
    try:
        cfg = load_config(workspace, config_file)
    except MemjobsError as exc:
        rep.add("config", "error", str(exc), "edit the file and line named, then memjobs config",
                path=exc.path, line=exc.line)
        _kept_schedule(workspace, exc, rep)
        return rep
    rep.add("config", "ok", f"configuration {cfg.source_file or 'defaults (no memjobs.yaml)'} loads")
    if fix:
        from jobs.doctor.fixes import apply_fixes

        apply_fixes(cfg, rep)
    for check in (checks.check_layout, checks.check_sources, checks.check_locks, checks.check_temp_files,
                  checks.check_index, checks.check_runs, checks.check_sizes, checks.check_files,
                  checks.check_excluded, checks.check_proposals, checks.check_secrets, checks.check_policy,
                  checks.check_schedule):
        check(cfg, rep)
    if llm:
        checks.check_llm(cfg, rep)
    return rep


def _kept_schedule(workspace: Path, error: Exception, rep: DoctorReport) -> None:
    """With memjobs.yaml broken: the schedule a running daemon keeps (and runs its jobs with) until
    the file is fixed, and the schedule checks read with that configuration."""
    from jobs.doctor import checks
    from jobs.status.collect import with_kept_config
    from memory_store.config import JOBS
    from memory_store.errors import MemjobsError

    kept = with_kept_config(workspace, error) if isinstance(error, MemjobsError) else None
    if kept is None:
        return
    cfg = kept[0]
    plan = ", ".join(f"{job} '{getattr(cfg.schedule, job)}'" for job in JOBS)
    rep.add("schedule", "info", f"the daemon keeps the configuration that loaded before the edit and runs its jobs "
            f"with it: {plan} ({cfg.timezone})", "fix memjobs.yaml; the daemon reloads it within seconds")
    checks.check_schedule(cfg, rep)
