"""Throwaway datasets for tests: the repo's definition, a chosen subset of workloads and
solutions, written with flashinfer-bench's own serializers; results CSVs as `fibgemm run`
writes them."""

import csv
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from flashinfer_bench.data import Solution, Trace, load_jsonl_file, save_jsonl_file

from fibgemm import REPO_ROOT
from fibgemm.packing import packed_path, packed_text
from fibgemm.runner import RESULT_FIELDS

WORKLOADS = REPO_ROOT / "workloads" / "gemm" / "gemm_n3072_k2048.jsonl"


AUTHOR = {"torch_matmul": "baseline"}  # every other solution is the package's own


def solution_file(root: Path, name: str) -> Path:
    author = AUTHOR.get(name, "fibgemm")
    return root / "solutions" / author / "gemm" / "gemm_n3072_k2048" / f"{name}.json"


def traces_file(root: Path, author: str) -> Path:
    return root / "traces" / author / "gemm" / "gemm_n3072_k2048.jsonl"


def repo_solution(name: str) -> Solution:
    return Solution.model_validate_json(solution_file(REPO_ROOT, name).read_text())


def make_dataset(root: Path, ms: list[int], solutions: list[Solution]) -> Path:
    shutil.copytree(REPO_ROOT / "definitions", root / "definitions")
    workloads = [t for t in load_jsonl_file(Trace, WORKLOADS) if t.workload.axes["M"] in ms]
    save_jsonl_file(workloads, root / "workloads" / "gemm" / "gemm_n3072_k2048.jsonl")
    for s in solutions:
        path = packed_path(root, s, "gemm")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(packed_text(s))
    return root


def run_repo_module(
    module: str, *args: str, cwd: Path = REPO_ROOT, **env: str
) -> subprocess.CompletedProcess:
    """`python -m module args...` from the repo root (or `cwd`) in a subprocess, with `env`
    added: the repo first on PYTHONPATH, then whatever path the caller had (the device's DSL
    is on it)."""
    path = os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": path, **env},
        capture_output=True,
        text=True,
        timeout=600,
    )


def fake_trace(solution: Solution, m_index: int, when: str, hw: str = "NVIDIA_H200") -> Trace:
    """A trace of `solution`'s current content on workload number `m_index` (a failed run, so
    it needs no timings): what the runner would have written."""
    from fibgemm.curation import SHA_KEY

    wl = load_jsonl_file(Trace, WORKLOADS)[m_index]
    return Trace.model_validate(
        {
            "definition": "gemm_n3072_k2048",
            "workload": wl.workload.model_dump(mode="json"),
            "solution": solution.name,
            "evaluation": {
                "status": "RUNTIME_ERROR",
                "environment": {"hardware": hw, "libs": {SHA_KEY: solution.hash()}},
                "timestamp": when,
                "log": "x",
            },
        }
    )


def broken_nvdisasms(folder: Path) -> list[tuple[Path, str]]:
    """Stand-ins for an nvdisasm that fails and one that cannot run, each with what its
    complaint says."""
    failing = folder / "nvdisasm"
    failing.write_text("#!/bin/sh\necho 'nvdisasm fatal : bad cubin' >&2\nexit 1\n")
    failing.chmod(0o755)
    unrunnable = folder / "not-executable"
    unrunnable.write_text("")
    return [(failing, "bad cubin"), (unrunnable, "ermission denied")]


def tma_store_under_wgmma(ptx: str) -> bool:
    """Whether, in the PTX's order, the first TMA store has a WGMMA before it and no wait for
    every WGMMA group in between: a tile's output stored while the next tile's WGMMAs run."""
    first_store = re.search(r"cp\.async\.bulk\.tensor\.2d\.global\.shared::cta", ptx).start()
    before = ptx[:first_store]
    last_mma = before.rfind("wgmma.mma_async")
    waits_all = [m.start() for m in re.finditer(r"wgmma\.wait_group\.sync\.aligned\s+0;", before)]
    return last_mma >= 0 and not any(w > last_mma for w in waits_all)


def write_results_csv(path: Path, rows: list[dict], fields=RESULT_FIELDS) -> Path:
    """rows as a results CSV at path, under `fields` (a row's other keys left out)."""
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    return path


class CallingTimer:
    """A fake ColdL2Timer that makes every call it is handed, once, as the real one would on its
    bound inputs, records each profile's callables and reads 7, 8 or 9 µs by position."""

    def __init__(self):
        self.calls = []

    def time_many(self, fns, iters, warmup):
        from fibgemm.timing import KernelTimes

        self.calls.append(list(fns))
        for fn in fns:
            fn()
        return [KernelTimes((7.0 + i % 3,)) for i in range(len(fns))]
