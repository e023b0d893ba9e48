"""The safe fixes of `memjobs doctor --fix`: stale lock records, leftover temp files, the search
index. Each is reported; nothing a person or a job wrote is touched."""
from __future__ import annotations

from jobs.doctor.checks import temp_files
from jobs.doctor.findings import DoctorReport
from memory_store.config import Config
from memory_store.errors import MemjobsError
from memory_store.locks import LOCK_DIR, path_is_locked


def apply_fixes(cfg: Config, rep: DoctorReport) -> None:
    folder = cfg.workspace / LOCK_DIR
    for holder_file in sorted(folder.glob("*.lock.json")) if folder.is_dir() else []:
        lock = folder / holder_file.name.removesuffix(".json")
        if not path_is_locked(lock):
            holder_file.unlink(missing_ok=True)
            rep.fixed.append(f"removed the stale lock record {holder_file.relative_to(cfg.workspace)}")
    for p in temp_files(cfg):
        if p.name == "index.rebuild.sqlite" and path_is_locked(cfg.state_dir / "index.lock"):
            continue  # a rebuild in progress
        p.unlink(missing_ok=True)
        rep.fixed.append(f"removed the leftover temp file {p.relative_to(cfg.workspace)}")
    _fix_index(cfg, rep)


def _fix_index(cfg: Config, rep: DoctorReport) -> None:
    from jobs.doctor.checks import check_index

    probe = DoctorReport(rep.workspace)
    check_index(cfg, probe)
    if not any(f.fixable for f in probe.findings):
        return
    from memory_store.search.indexer import update_index

    try:
        stats = update_index(cfg, rebuild=True)
    except MemjobsError as exc:
        rep.add("index", "error", f"rebuilding the index failed: {exc}", "memjobs index --rebuild")
        return
    rep.fixed.append(f"rebuilt the search index ({stats.files} files)")
