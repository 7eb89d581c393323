"""Throwaway datasets for tests: the repo's definition, a chosen subset of workloads and
solutions, written with flashinfer-bench's own serializers."""

import shutil
from pathlib import Path

from flashinfer_bench.data import Solution, Trace, load_jsonl_file, save_jsonl_file

from fibgemm import REPO_ROOT
from fibgemm.packing import packed_text

WORKLOADS = REPO_ROOT / "workloads" / "gemm" / "gemm_n3072_k2048.jsonl"


def repo_solution(name: str) -> Solution:
    path = REPO_ROOT / "solutions" / "gemm" / "gemm_n3072_k2048" / f"{name}.json"
    return Solution.model_validate_json(path.read_text())


def make_dataset(root: Path, ms: list[int], solutions: list[Solution]) -> Path:
    shutil.copytree(REPO_ROOT / "definitions", root / "definitions")
    workloads = [t for t in load_jsonl_file(Trace, WORKLOADS) if t.workload.axes["M"] in ms]
    save_jsonl_file(workloads, root / "workloads" / "gemm" / "gemm_n3072_k2048.jsonl")
    for s in solutions:
        path = root / "solutions" / "gemm" / "gemm_n3072_k2048" / f"{s.name}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(packed_text(s))
    return root
