"""The flashinfer-trace layout: each rule is enforced with the file and the rule named, and the
dataset holds only current traces, one per (solution, workload, hardware)."""

import datetime as dt
import json
import shutil

import pytest
from flashinfer_bench.data import Trace, TraceSet, load_jsonl_file
from helpers import solution_file, traces_file

from fibgemm import REPO_ROOT
from fibgemm.curation import SHA_KEY, current_traces, keep_current
from fibgemm.dataset import DatasetError, load_dataset


@pytest.fixture
def dataset(tmp_path):
    for sub in ("definitions", "workloads", "solutions"):
        shutil.copytree(REPO_ROOT / sub, tmp_path / sub)
    return tmp_path


def _problems(root) -> str:
    with pytest.raises(DatasetError) as e:
        load_dataset(root)
    return str(e.value)


def test_a_solution_without_the_author_level_is_refused_naming_the_rule(dataset):
    src = solution_file(dataset, "triton_gemm")
    dest = dataset / "solutions/gemm/gemm_n3072_k2048/triton_gemm.json"
    dest.parent.mkdir(parents=True)
    src.rename(dest)
    msg = _problems(dataset)
    assert "solutions/gemm/gemm_n3072_k2048/triton_gemm.json: solution 'triton_gemm'" in msg
    assert "must be at solutions/fibgemm/gemm/gemm_n3072_k2048/triton_gemm.json" in msg


def test_a_name_that_is_not_the_file_stem_is_refused(dataset):
    src = solution_file(dataset, "cute_gemm")
    src.rename(src.with_name("cute.json"))
    assert "fibgemm/gemm/gemm_n3072_k2048/cute.json: solution 'cute_gemm' must be at" in (
        _problems(dataset)
    )


def test_an_author_that_is_not_the_folder_is_refused(dataset):
    p = solution_file(dataset, "torch_matmul")
    data = json.loads(p.read_text())
    data["author"] = "someone"
    p.write_text(json.dumps(data))
    assert "must be at solutions/someone/gemm/gemm_n3072_k2048/torch_matmul.json" in (
        _problems(dataset)
    )


def test_a_definition_in_the_wrong_folder_is_refused(dataset):
    (dataset / "definitions/gemm").rename(dataset / "definitions/mm")
    assert "must be at definitions/gemm/gemm_n3072_k2048.json" in _problems(dataset)


def _trace(solution: str, m_index: int, sha: str, when: str, hw="NVIDIA_H200") -> Trace:
    wl = load_jsonl_file(Trace, REPO_ROOT / "workloads/gemm/gemm_n3072_k2048.jsonl")[m_index]
    return Trace.model_validate(
        {
            "definition": "gemm_n3072_k2048",
            "workload": wl.workload.model_dump(mode="json"),
            "solution": solution,
            "evaluation": {
                "status": "RUNTIME_ERROR",
                "environment": {"hardware": hw, "libs": {SHA_KEY: sha}},
                "timestamp": when,
                "log": "x",
            },
        }
    )


def test_a_trace_in_another_authors_file_is_refused(dataset):
    p = traces_file(dataset, "fibgemm")
    p.parent.mkdir(parents=True)
    p.write_text(_trace("torch_matmul", 0, "x", "2026-12-01T00:00:00+00:00").model_dump_json())
    msg = _problems(dataset)
    assert "traces/fibgemm/gemm/gemm_n3072_k2048.jsonl:1: trace of 'torch_matmul'" in msg
    assert "belongs in traces/baseline/gemm/gemm_n3072_k2048.jsonl" in msg


def test_flashinfer_bench_runs_own_traces_file_is_a_warning(dataset):
    p = dataset / "traces/gemm/gemm_n3072_k2048.jsonl"
    p.parent.mkdir(parents=True)
    p.write_text(_trace("torch_matmul", 0, "x", "2026-12-01T00:00:00+00:00").model_dump_json())
    warnings = load_dataset(dataset).warnings
    assert any(
        "traces/gemm/gemm_n3072_k2048.jsonl" in w and "--no-save-results" in w for w in warnings
    )


def test_current_traces_keeps_the_newest_of_the_current_content_per_workload_and_gpu():
    from helpers import repo_solution

    sol = repo_solution("torch_matmul")
    sha = sol.hash()
    t = [
        _trace("torch_matmul", 0, "old", "2026-11-01T00:00:00+00:00"),  # older content
        _trace("torch_matmul", 0, sha, "2026-11-02T00:00:00+00:00"),  # superseded
        _trace("torch_matmul", 0, sha, "2026-11-03T00:00:00+00:00"),  # kept
        _trace("torch_matmul", 1, sha, "2026-11-02T00:00:00+00:00"),  # kept
        _trace("torch_matmul", 0, sha, "2026-11-01T00:00:00+00:00", hw="NVIDIA_B200"),  # kept
        _trace("gone", 0, sha, "2026-11-04T00:00:00+00:00"),  # unknown solution
    ]
    assert current_traces(t, {"torch_matmul": sol}) == [t[2], t[3], t[4]]


def test_keep_current_rewrites_only_what_changed_and_leaves_the_csv(dataset):
    from helpers import repo_solution

    sol = repo_solution("torch_matmul")
    p = traces_file(dataset, "baseline")
    p.parent.mkdir(parents=True)
    now = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    lines = [
        _trace("torch_matmul", 0, "old", "2026-11-01T00:00:00+00:00"),
        _trace("torch_matmul", 0, sol.hash(), now),
    ]
    p.write_text("".join(t.model_dump_json() + "\n" for t in lines))
    logged = []
    assert keep_current(dataset, {"torch_matmul": sol}, log=logged.append) == {str(p): 1}
    assert load_jsonl_file(Trace, p) == lines[1:]
    assert "1 trace(s) of older content" in logged[0]
    assert keep_current(dataset, {"torch_matmul": sol}, log=logged.append) == {}
    assert not list(p.parent.glob(".*tmp"))


def test_the_checkout_holds_only_current_traces_one_per_solution_workload_and_gpu():
    ds = load_dataset(REPO_ROOT)
    solutions = {s.name: s for sols in ds.trace_set.solutions.values() for s in sols}
    seen = set()
    for t in ds.trace_set.traces.get("gemm_n3072_k2048", []):
        assert t.evaluation.environment.libs[SHA_KEY] == solutions[t.solution].hash(), t.solution
        key = (t.solution, t.workload.uuid, t.evaluation.environment.hardware)
        assert key not in seen
        seen.add(key)
    assert TraceSet.from_path(str(REPO_ROOT)).traces == ds.trace_set.traces
