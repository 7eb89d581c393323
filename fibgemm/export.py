"""A submission to the flashinfer-trace dataset: one folder shaped as the pull request.

    fibgemm export --author fibgemm --hardware NVIDIA_H200 --out submission/

writes definitions/, workloads/, that author's solutions/ and their traces/ (the PASSED traces of
each solution's current content on that hardware, one per workload), and SUBMISSION.md (per-M
table, geomean, versions, protocol, the commands that reproduce it). It refuses, naming what is
missing, when a solution lacks such a trace for any workload, or when a packed JSON disagrees
with its sources; the folder appears whole or not at all.
"""

import os
import re
import shutil
import tempfile
from collections import defaultdict
from pathlib import Path

from flashinfer_bench.data import EvaluationStatus, Trace

from . import layout
from .curation import current_traces
from .dataset import Dataset, solutions_by_name
from .packing import pack_all
from .report import geomean, listed, wrapped

VERSION_KEYS = ["driver", "cuda", "torch", "triton", "nvidia-cutlass-dsl", "flashinfer-bench"]


class ExportError(ValueError):
    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("cannot export:\n  " + "\n  ".join(problems))


def select(dataset: Dataset, author: str, hardware: str) -> dict[str, list[Trace]]:
    """{solution name: its traces to submit, in workload order}, or ExportError naming every
    missing piece."""
    ts = dataset.trace_set
    solutions = solutions_by_name(ts)
    mine = sorted(n for n, s in solutions.items() if s.author == author)
    if not mine:
        authors = sorted({s.author for s in solutions.values()})
        raise ExportError([f"no solution of author '{author}'; the dataset's authors: {authors}"])
    problems, chosen = [], {}
    for name in mine:
        s = solutions[name]
        workloads = [t.workload for t in ts.workloads.get(s.definition, [])]
        current = current_traces(ts.traces.get(s.definition, []), {name: s})
        by_uuid = {
            t.workload.uuid: t
            for t in current
            if t.solution == name
            and t.evaluation.environment.hardware == hardware
            and t.evaluation.status == EvaluationStatus.PASSED
        }
        missing = [w for w in workloads if w.uuid not in by_uuid]
        if missing:
            ms = ", ".join(str(w.axes.get("M")) for w in missing)
            problems.append(
                f"{name}: no PASSED trace of its current content on {hardware} for "
                f"{len(missing)} of {len(workloads)} workloads (M = {ms}): run "
                f"`fibgemm run --solutions {name}` on that GPU first"
            )
        chosen[name] = [by_uuid[w.uuid] for w in workloads if w.uuid in by_uuid]
    if problems:
        raise ExportError(problems)
    return chosen


def _versions(traces: list[Trace]) -> dict[str, str]:
    seen = defaultdict(set)
    for t in traces:
        for k in VERSION_KEYS:
            if k in t.evaluation.environment.libs:
                seen[k].add(t.evaluation.environment.libs[k])
    return {k: ", ".join(sorted(seen[k])) for k in VERSION_KEYS if seen[k]}


def submission_md(author: str, hardware: str, chosen: dict[str, list[Trace]]) -> str:
    names = sorted(chosen)
    every = [t for ts in chosen.values() for t in ts]
    libs = every[0].evaluation.environment.libs
    rows = defaultdict(dict)
    for name in names:
        for t in chosen[name]:
            rows[t.workload.axes.get("M")][name] = t.evaluation.performance
    head = ["M"]
    for n in names:
        head += [f"{n} µs", "torch.matmul µs", f"{n} ×"]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for m in sorted(rows):
        cells = [str(m)]
        for n in names:
            p = rows[m][n]
            ref = p.reference_latency_ms * 1e3
            cells += [f"{p.latency_ms * 1e3:.2f}", f"{ref:.2f}", f"{p.speedup_factor:.3f}"]
        lines.append("| " + " | ".join(cells) + " |")
    summary = []
    for n in names:
        sp = [t.evaluation.performance.speedup_factor for t in chosen[n]]
        g = geomean(sp)
        summary.append(
            f"- **{n}**: geomean {g:.3f}× over {len(sp)} workloads (min {min(sp):.3f}×, "
            f"max {max(sp):.3f}×)"
        )
    each_after_itself = all("speedup: each after itself" in (t.evaluation.log or "") for t in every)
    checked = [t for t in every if "after itself" in (t.evaluation.log or "")]
    shifts = [(t, _shift(t.evaluation.log)) for t in every]
    moved = [
        f"{t.solution} M={t.workload.axes.get('M')} ({shift:+.1%})"
        for t, shift in shifts
        if shift is not None and abs(shift) > 0.01
    ]
    beside = (
        f"torch.matmul right after moved by more than 1% at: {', '.join(moved)}"
        if moved
        else "no solution moved torch.matmul by more than 1%"
    )
    if each_after_itself:
        ref_check = (
            "Each speedup divides torch.matmul's median by the solution's, both timed in one "
            "profile and each right after itself, as flashinfer-bench's loops of one callable "
            f"time them. Each was also timed right after the other; {beside} (a kernel of much "
            "code evicts the next one's code from the instruction caches, which the L2 flush "
            "leaves warm)."
        )
    elif len(checked) == len(every):
        ref_check = (
            "Each speedup divides torch.matmul timed right after itself by the solution timed "
            f"right after torch.matmul; {beside}."
        )
    else:
        ref_check = (
            f"{len(every) - len(checked)} of these {len(every)} traces predate the runner's "
            "reference check (the reference timed right after itself as well as right after the "
            "solution): for them a solution that slows the next kernel would inflate its ratio."
        )
    versions = "\n".join(f"- {k}: {v}" for k, v in _versions(every).items())
    commits = sorted({t.evaluation.environment.libs.get("fibgemm.commit", "?") for t in every})
    dates = sorted(t.evaluation.timestamp for t in every)
    return wrapped(f"""# Submission: {", ".join(names)} for {every[0].definition}

Author `{author}`, measured on **{hardware}** from {dates[0]} to {dates[-1]} \
({listed(commits, "commit", "commits")} of the fibgemm package).

{chr(10).join(summary)}

The reference is the definition's own `torch.matmul(A, B.T)` (cuBLAS), timed in the same pass
as each solution, interleaved call by call with it. A trace's `speedup_factor` is the
reference's median over the solution's. {ref_check}

{chr(10).join(lines)}

## Environment
{versions}

## Protocol
`{libs.get("fibgemm.protocol", "unknown")}`: GPU kernel time read with CUPTI (torch.profiler),
the whole span of each call's kernels, after a 256 MB zero fill of the L2 before every call;
median of 100 calls after 10 warm-up calls; correctness first on 3 fresh random inputs
(atol = rtol = 1e-2 against the definition's reference, the output NaN-poisoned before each
call). The leaderboard's evaluator (flashinfer-bench's main branch) also reads CUPTI kernel time
with a cold L2; flashinfer-bench 0.1.2 times CUDA events around the Python call instead, which
adds the host's launch cost (see the package's docs/timing.md).

## Reproduce
```bash
git clone <this package> && cd <it>
pip install -e '.[dev]' -c constraints.txt
fibgemm run --solutions {" ".join(names)}
fibgemm export --author {author} --hardware {hardware} --out submission/
```

## Files
- `definitions/`, `workloads/`: the definition and its {len(rows)} workloads, as in the dataset
- `solutions/{author}/`: the solutions, sources inlined
- `traces/{author}/`: one PASSED trace per (solution, workload) on {hardware}
""")


def _shift(log: str) -> float | None:
    """The reference's shift beside the solution, from the runner's trace log."""
    m = re.search(r"after the solution \(([+-][0-9.]+)%\)", log or "")
    return float(m.group(1)) / 100 if m else None


def export(dataset: Dataset, author: str, hardware: str, out: Path) -> list[Path]:
    """Write the submission folder; return its files (relative to `out`)."""
    out = Path(out)
    if (dataset.root / "sources").is_dir():  # a checkout: what is packed must be what is run
        stale = pack_all(dataset.root, check=True)
        if stale:
            problems = [f"{p} disagrees with its sources: run `fibgemm pack`" for p in stale]
            raise ExportError(problems)
    if out.exists() and any(out.iterdir()):
        raise ExportError([f"{out} exists and is not empty: choose a new folder"])
    chosen = select(dataset, author, hardware)
    root = dataset.root
    ts = dataset.trace_set
    solutions = solutions_by_name(ts)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(dir=out.parent, prefix=f".{out.name}."))
    try:
        for def_name in sorted({solutions[n].definition for n in chosen}):
            d = ts.definitions[def_name]
            for src in (
                layout.definition_path(root, d.op_type, d.name),
                layout.workloads_path(root, d.op_type, d.name),
            ):
                dest = staging / src.relative_to(root)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, dest)
            traces = [t for n in sorted(chosen) if solutions[n].definition == def_name
                      for t in chosen[n]]  # fmt: skip
            dest = layout.trace_path(staging, author, d.op_type, d.name)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text("".join(t.model_dump_json() + "\n" for t in traces))
            for n in sorted(chosen):
                if solutions[n].definition == def_name:
                    src = dataset.solution_files[n]
                    dest = layout.solution_path(staging, author, d.op_type, d.name, n)
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(src, dest)
        (staging / "SUBMISSION.md").write_text(submission_md(author, hardware, chosen))
        if out.exists():
            out.rmdir()
        os.replace(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file())
