"""The benchmark runner: every (solution, workload) pair, evaluated in worker processes (one
per GPU, each owning its GPU: gpu_workers.py), a flashinfer-bench Trace and a results row
written the moment a pair finishes, with the GPU that ran it.

Writes (appends) to the dataset:
- traces/<author>/<op_type>/<definition>.jsonl, serialized as flashinfer-bench writes them,
- results/<definition>.csv, one row per pair with the percentiles, host time, commit and date.
Both appends happen under an exclusive lock, so two runners on one dataset never interleave.
With FIBGEMM_PORTABLE=1 (every solution forced onto its portable path) only results rows are
written, to results/<definition>-portable.csv: the traces, and the results that the summary
and the README's tables are made from, keep what each solution does by default on the GPU,
which is what flashinfer-bench and the leaderboard run.
"""

import csv
import datetime as dt
import io
import os
import subprocess
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from flashinfer_bench.data import (
    Environment,
    Evaluation,
    EvaluationStatus,
    Performance,
    Trace,
    TraceSet,
)

from . import layout
from .curation import SHA_KEY, content_hashes
from .dataset import Dataset, solutions_by_name
from .evaluate import Outcome, Settings
from .report import path_kind
from .storage import AppendError, append_all, dataset_lock, extend_csv_header

# Medians of each callable right after itself, from rounds [ref, ref, solution, solution].
PROTOCOL = "cupti-span;cold-l2:zero-fill-256MB;median;each-after-itself"
PROTOCOL_KEY = "fibgemm.protocol"
COMMIT_KEY = "fibgemm.commit"
TIMING_FIELDS = [
    "p20_us",
    "p50_us",
    "p80_us",
    "ref_p20_us",
    "ref_p50_us",
    "ref_p80_us",
    "host_us",
    "ref_host_us",
]
# Each round times [reference, reference, solution, solution]: the TIMING_FIELDS' solution
# after itself and reference after the solution, then the reference after itself and the
# solution after the reference. `speedup` divides the two "after itself" medians, as
# flashinfer-bench's loops of one callable see them.
REF_SELF_FIELDS = ["ref_self_p20_us", "ref_self_p50_us", "ref_self_p80_us"]
SOL_AFTER_REF_FIELDS = ["sol_after_ref_p20_us", "sol_after_ref_p50_us", "sol_after_ref_p80_us"]
# A solution "moves" the reference when its median after the solution differs from its median
# after itself by more than this; two medians of 100 calls agree within ~0.3% on the H200.
REF_MOVED_TOLERANCE = 0.01
# Column order is fixed: rows are appended to CSVs written by earlier runs; new columns go at
# the end (older rows leave them empty: see storage.extend_csv_header).
RESULT_FIELDS = [
    "run_id",
    "date",
    "commit",
    "device",
    "solution",
    "solution_sha1",
    "workload_uuid",
    "M",
    "status",
    *TIMING_FIELDS[:6],
    "speedup",
    *TIMING_FIELDS[6:],
    "ref_shift",
    "ref_moved",
    "path",
    "gpu",
    *REF_SELF_FIELDS,
    *SOL_AFTER_REF_FIELDS,  # last: numbers, so that a row cut short is told from a whole one
]


class RecordError(RuntimeError):
    """A finished pair could not be written; the run stops, the files stay parseable."""


@dataclass
class RunOptions:
    solutions: list[str] | None = None
    ms: list[int] | None = None
    resume: bool = False
    build_timeout_s: float = 900.0
    workload_timeout_s: float = 120.0
    settings: Settings = field(default_factory=Settings)
    # CUDA_VISIBLE_DEVICES value of each GPU to use, one worker each; None: the environment's.
    devices: list[str] | None = None
    # a FIBGEMM_PORTABLE=1 run: no traces, its rows in the portable results CSV
    portable: bool = False
    worker_target: object = None  # the worker function; None: fibgemm.worker.worker_main


def forced_portable() -> bool:
    """FIBGEMM_PORTABLE as the solutions read it (their sources may not import this package):
    set to anything but "" or "0", every solution takes its portable path."""
    return os.environ.get("FIBGEMM_PORTABLE", "0") not in ("", "0")


def git_commit(root: Path) -> str:
    """HEAD of the checkout (-dirty with local edits); FIBGEMM_COMMIT where no .git travels."""
    if os.environ.get("FIBGEMM_COMMIT"):
        return os.environ["FIBGEMM_COMMIT"]
    try:
        out = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short=12", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
        ).stdout
        return out + ("-dirty" if dirty.strip() else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def results_path(root: Path, definition: str, portable: bool = False) -> Path:
    """The results CSV of a definition: of the default paths, or of FIBGEMM_PORTABLE=1 runs."""
    return root / "results" / f"{definition}{'-portable' if portable else ''}.csv"


def check_run_arguments(dataset, solutions: list[str] | None, ms: list[int] | None) -> list[str]:
    """Problems with --solutions and --m against this dataset, each naming what is valid."""
    ts = dataset.trace_set
    problems = []
    names = sorted(solutions_by_name(ts))
    unknown = [s for s in solutions or [] if s not in names]
    if unknown:
        problems.append(f"unknown solution(s) {unknown}; the dataset has {names}")
    have = sorted({t.workload.axes.get("M") for ws in ts.workloads.values() for t in ws})
    for m in ms or []:
        if m not in have:
            nearest = sorted(have, key=lambda h: (abs(h - m), h))[:2]
            problems.append(
                f"--m {m}: no workload has M = {m}; nearest: {', '.join(map(str, nearest))}"
            )
    return problems


def finished_pairs(trace_set: TraceSet, definition: str, sha_by_solution: dict) -> set:
    """(solution, workload uuid) pairs that already have a trace of this very solution content,
    taken under this runner's protocol (a trace of an older timing schedule is taken again)."""
    done = set()
    for t in trace_set.traces.get(definition, []):
        libs = t.evaluation.environment.libs if t.evaluation else {}
        same_content = libs.get(SHA_KEY) and libs.get(SHA_KEY) == sha_by_solution.get(t.solution)
        if same_content and libs.get(PROTOCOL_KEY) == PROTOCOL:
            done.add((t.solution, t.workload.uuid))
    return done


def make_trace(
    definition: str, workload, solution, outcome: Outcome, environment: dict, commit: str
) -> Trace:
    libs = dict(environment["libs"])
    libs.update({SHA_KEY: solution.hash(), PROTOCOL_KEY: PROTOCOL, COMMIT_KEY: commit})
    perf = None
    if outcome.status == EvaluationStatus.PASSED:
        t = outcome.timing
        perf = Performance(
            latency_ms=t["p50_us"] / 1e3,
            reference_latency_ms=t["ref_self_p50_us"] / 1e3,
            speedup_factor=speedup(t),
        )
    evaluation = Evaluation(
        status=outcome.status,
        environment=Environment(hardware=environment["hardware"], libs=libs),
        timestamp=dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        log=outcome.log,
        correctness=outcome.correctness
        if outcome.status in (EvaluationStatus.PASSED, EvaluationStatus.INCORRECT_NUMERICAL)
        else None,
        performance=perf,
    )
    return Trace(
        definition=definition, workload=workload, solution=solution.name, evaluation=evaluation
    )


def result_row(run_id: str, trace: Trace, outcome: Outcome, commit: str, gpu: str = "") -> dict:
    t = outcome.timing or {}
    ev = trace.evaluation
    row = {
        "run_id": run_id,
        "date": ev.timestamp,
        "commit": commit,
        "device": ev.environment.hardware,
        "solution": trace.solution,
        "solution_sha1": ev.environment.libs.get(SHA_KEY, ""),
        "workload_uuid": trace.workload.uuid,
        "M": trace.workload.axes.get("M", ""),
        "status": ev.status.value,
        "speedup": f"{speedup(t):.4f}" if t else "",
        "path": outcome.path or "",
        "gpu": gpu,
    }
    for k in [*TIMING_FIELDS, *REF_SELF_FIELDS, *SOL_AFTER_REF_FIELDS]:
        row[k] = f"{t[k]:.3f}" if k in t else ""
    if t:
        shift = reference_shift(t)
        row["ref_shift"] = f"{shift:+.4f}"
        row["ref_moved"] = "yes" if abs(shift) > REF_MOVED_TOLERANCE else "no"
    return row


def speedup(timing: dict) -> float:
    """The reference's median over the solution's, each timed right after itself."""
    return timing["ref_self_p50_us"] / timing["p50_us"]


def reference_shift(timing: dict) -> float:
    """How much the solution moved the reference: its median after the solution over its
    median after itself, minus one."""
    return timing["ref_p50_us"] / timing["ref_self_p50_us"] - 1


def paths_served(rows: list[dict]) -> list[str]:
    """Which paths served each solution in these rows, e.g. "triton_gemm: portable-tma (43)".
    A solution's path follows the GPU and the installed toolchain (triton_gemm's Hopper kernel
    needs Triton 3.6 or 3.7), so a run says which ran instead of leaving it to the CSV."""
    counts = Counter((row["solution"], kind) for row in rows if (kind := path_kind(row)))
    by_solution: dict[str, list[str]] = {}
    for (name, kind), n in sorted(counts.items()):
        by_solution.setdefault(name, []).append(f"{kind} ({n})")
    return [f"{name}: " + ", ".join(kinds) for name, kinds in by_solution.items()]


class Runner:
    def __init__(self, dataset: Dataset, options: RunOptions, progress=None, log=print):
        self.ds = dataset
        self.opts = options
        self.progress = progress
        self.log = log
        self.commit = git_commit(dataset.root)
        self.run_id = dt.datetime.now(dt.UTC).strftime("%Y%m%dT%H%M%SZ")
        self.rows: list[dict] = []
        self._lock = threading.Lock()

    def _record(self, trace: Trace, outcome: Outcome, gpu: str = "") -> None:
        row = result_row(self.run_id, trace, outcome, self.commit, gpu)
        csv_path = results_path(self.ds.root, trace.definition, self.opts.portable)
        trace_path = self.trace_path(trace)
        with dataset_lock(self.ds.root):
            extend_csv_header(csv_path, RESULT_FIELDS)
            new_csv = not csv_path.exists() or csv_path.stat().st_size == 0
            buf = io.StringIO()
            w = csv.DictWriter(buf, fieldnames=RESULT_FIELDS)
            if new_csv:
                w.writeheader()
            w.writerow(row)
            parts = [(csv_path, buf.getvalue().encode())]
            if not self.opts.portable:
                # flashinfer-bench's own serialization, as its append_jsonl_file writes
                parts.insert(0, (trace_path, (trace.model_dump_json(indent=None) + "\n").encode()))
            try:
                append_all(parts)
            except AppendError as e:
                raise RecordError(
                    f"{trace.solution} M={row['M']} ({trace.workload.uuid}) was not recorded: "
                    f"{e.strerror}; {trace_path.name} and {csv_path.name} are as they were "
                    "before it"
                ) from e
            if not self.opts.portable:
                self.ds.trace_set.traces.setdefault(trace.definition, []).append(trace)
        with self._lock:  # drivers of several GPUs record from their own threads
            self.rows.append(row)
            if self.progress is not None:
                self.progress.update(1)
                where = f" on GPU {gpu.split(':')[0]}" if gpu else ""
                self.progress.set_postfix_str(
                    f"{trace.solution} M={row['M']} {row['status']}{where}"
                )

    def trace_path(self, trace: Trace) -> Path:
        d = self.ds.trace_set.definitions[trace.definition]
        author = self.ds.trace_set.get_solution(trace.solution).author
        return layout.trace_path(self.ds.root, author, d.op_type, d.name)

    def plan(self) -> list[tuple]:
        """(solution, [workloads]) to run, after the filters and --resume."""
        ts = self.ds.trace_set
        plan = []
        names = self.opts.solutions
        every = solutions_by_name(ts)
        unknown = set(names or []) - set(every)
        if unknown:
            raise ValueError(
                f"unknown solution(s) {sorted(unknown)}; the dataset has {sorted(every)}"
            )
        shas = content_hashes(ts)
        for def_name, sols in sorted(ts.solutions.items()):
            workloads = [t.workload for t in ts.workloads.get(def_name, [])]
            if self.opts.ms is not None:
                workloads = [w for w in workloads if w.axes.get("M") in self.opts.ms]
            done = finished_pairs(ts, def_name, shas) if self.opts.resume else set()
            for s in sorted(sols, key=lambda s: s.name):
                if names is not None and s.name not in names:
                    continue
                todo = [w for w in workloads if (s.name, w.uuid) not in done]
                if todo:
                    plan.append((s, todo))
        return plan

    def run(self) -> list[dict]:
        """Every planned pair, spread over the GPUs in options.devices (one worker each)."""
        from .gpu_workers import DriverSettings, run_pairs
        from .worker import worker_main

        pairs = [(s, w) for s, workloads in self.plan() for w in workloads]
        cfg = DriverSettings(
            root=str(self.ds.root),
            settings=self.opts.settings,
            build_timeout_s=self.opts.build_timeout_s,
            workload_timeout_s=self.opts.workload_timeout_s,
            target=self.opts.worker_target or worker_main,
        )
        run_pairs(pairs, self.opts.devices or [None], cfg, self._finish, self.log)
        return self.rows

    def _finish(self, solution, wl, outcome: Outcome, environment: dict, gpu: str) -> None:
        trace = make_trace(solution.definition, wl, solution, outcome, environment, self.commit)
        self._record(trace, outcome, gpu)
