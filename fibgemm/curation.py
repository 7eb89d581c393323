"""Only current results in the dataset: one trace per (solution, workload, hardware), of the
solution's current content.

Solutions keep their names when their code changes, and flashinfer-bench cannot tell a trace of
an older version from one of today's, so a trace of older content that stayed in the dataset
would be read (by `report best`, a TraceSet reader, a reviewer) as today's figure. The runner
therefore rewrites each traces file at the end of a run, in one locked, atomic replace: the
traces it has just added stay, the older traces they supersede leave. Nothing is lost: every
pair also has its row in results/<definition>.csv, with its commit, content hash and date.
"""

from collections.abc import Callable
from pathlib import Path

from flashinfer_bench.data import Solution, Trace, load_jsonl_file

from .dataset import solutions_by_name
from .storage import dataset_lock, replace_atomically

SHA_KEY = "fibgemm.solution_sha1"


def content_hashes(trace_set) -> dict[str, str]:
    """Each solution's name: the hash of its current content (what a trace's SHA_KEY and the
    results CSV's solution_sha1 record)."""
    return {name: s.hash() for name, s in solutions_by_name(trace_set).items()}


def content_sha(trace: Trace) -> str | None:
    libs = trace.evaluation.environment.libs if trace.evaluation else {}
    return libs.get(SHA_KEY)


def current_traces(traces: list[Trace], solutions: dict[str, Solution]) -> list[Trace]:
    """The newest trace per (solution, workload, hardware) among those of the solution's current
    content, in file order. Traces of other content, of an unknown solution, or without a
    content hash (not written by this runner) are left out."""
    newest: dict[tuple, int] = {}
    for i, t in enumerate(traces):
        s = solutions.get(t.solution)
        if s is None or content_sha(t) != s.hash():
            continue
        key = (t.solution, t.workload.uuid, t.evaluation.environment.hardware)
        if key not in newest or t.evaluation.timestamp >= traces[newest[key]].evaluation.timestamp:
            newest[key] = i
    keep = set(newest.values())
    return [t for i, t in enumerate(traces) if i in keep]


def keep_current(
    root: Path, solutions: dict[str, Solution], log: Callable[[str], None] = print
) -> dict[str, int]:
    """Rewrite every traces/<author>/<op_type>/<definition>.jsonl to its current traces.
    Returns {file: traces dropped} for the files that changed."""
    dropped = {}
    with dataset_lock(root):
        for path in sorted((root / "traces").glob("*/*/*.jsonl")):
            traces = load_jsonl_file(Trace, path)
            kept = current_traces(traces, solutions)
            if len(kept) == len(traces):
                continue
            replace_atomically(path, "".join(t.model_dump_json() + "\n" for t in kept))
            n = len(traces) - len(kept)
            dropped[str(path)] = n
            log(
                f"{path.relative_to(root)}: {n} trace(s) of older content or superseded runs "
                f"left the dataset, {len(kept)} current kept (every one stays in the results CSV)"
            )
    return dropped
