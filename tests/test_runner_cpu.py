"""The runner's logic that needs no GPU: traces, resume, repair, locking, plan, CLI."""

import errno
import multiprocessing as mp

import pytest
from flashinfer_bench.data import Correctness, EvaluationStatus, Trace, load_jsonl_file
from helpers import make_dataset, repo_solution, traces_file

from fibgemm import REPO_ROOT
from fibgemm.dataset import DatasetError, load_dataset
from fibgemm.evaluate import Outcome
from fibgemm.runner import (
    RESULT_FIELDS,
    SHA_KEY,
    RecordError,
    Runner,
    RunOptions,
    finished_pairs,
    make_trace,
    paths_served,
    results_path,
)
from fibgemm.storage import AppendError, repair_appended

ENV = {"hardware": "NVIDIA_H200", "libs": {"torch": "2.11.0"}}
TIMING = {
    "p20_us": 7.0,
    "p50_us": 7.2,
    "p80_us": 7.4,
    "ref_p20_us": 7.1,
    "ref_p50_us": 7.2,
    "ref_p80_us": 7.3,
    "ref_self_p20_us": 7.0,
    "ref_self_p50_us": 7.1,
    "ref_self_p80_us": 7.2,
    "host_us": 20.0,
    "ref_host_us": 21.0,
}


def _outcome(status):
    if status == EvaluationStatus.PASSED:
        return Outcome(
            status, "", Correctness(max_relative_error=1e-3, max_absolute_error=1e-2), TIMING
        )
    if status == EvaluationStatus.INCORRECT_NUMERICAL:
        return Outcome(status, "off", Correctness(max_relative_error=1.0, max_absolute_error=5.0))
    return Outcome(status, "boom")


@pytest.fixture
def ds(tmp_path):
    root = make_dataset(
        tmp_path, [1, 16], [repo_solution("torch_matmul"), repo_solution("triton_gemm")]
    )
    return load_dataset(root)


@pytest.mark.parametrize("status", list(EvaluationStatus))
def test_every_status_makes_a_valid_trace(ds, status):
    sol = ds.trace_set.get_solution("torch_matmul")
    wl = ds.trace_set.workloads["gemm_n3072_k2048"][0].workload
    t = make_trace("gemm_n3072_k2048", wl, sol, _outcome(status), ENV, "abc")
    again = Trace.model_validate_json(t.model_dump_json())
    assert again.evaluation.status == status
    assert again.evaluation.environment.libs[SHA_KEY] == sol.hash()
    if status == EvaluationStatus.PASSED:
        # against the reference after itself (7.1), not after the solution (7.2)
        assert again.evaluation.performance.speedup_factor == pytest.approx(7.1 / 7.2)
        assert again.evaluation.performance.latency_ms == pytest.approx(0.0072)


def _record_all(ds, solution, status=EvaluationStatus.PASSED):
    runner = Runner(ds, RunOptions(), log=lambda *_: None)
    sol = ds.trace_set.get_solution(solution)
    for t in ds.trace_set.workloads["gemm_n3072_k2048"]:
        out = _outcome(status)
        runner._record(make_trace("gemm_n3072_k2048", t.workload, sol, out, ENV, "abc"), out)
    return runner


def test_traces_and_results_rows_are_written_per_pair(ds):
    _record_all(ds, "torch_matmul")
    traces = load_jsonl_file(Trace, traces_file(ds.root, "baseline"))
    assert [t.solution for t in traces] == ["torch_matmul"] * 2
    rows = (ds.root / "results/gemm_n3072_k2048.csv").read_text().splitlines()
    assert rows[0].startswith("run_id,date,commit,device,solution") and len(rows) == 3


def test_a_portable_run_writes_rows_to_the_portable_csv_only(ds):
    """FIBGEMM_PORTABLE=1 runs (RunOptions.portable): a row per pair in the portable results
    CSV; the traces, the in-memory trace set (what --resume and curation read) and the default
    results CSV (what the summary is made from) as they were."""
    before = {k: list(v) for k, v in ds.trace_set.traces.items()}
    runner = Runner(ds, RunOptions(portable=True), log=lambda *_: None)
    sol = ds.trace_set.get_solution("torch_matmul")
    for t in ds.trace_set.workloads["gemm_n3072_k2048"]:
        out = _outcome(EvaluationStatus.PASSED)
        runner._record(make_trace("gemm_n3072_k2048", t.workload, sol, out, ENV, "abc"), out)
    assert not traces_file(ds.root, "baseline").exists()
    assert {k: list(v) for k, v in ds.trace_set.traces.items()} == before
    assert not (ds.root / "results/gemm_n3072_k2048.csv").exists()
    rows = (ds.root / "results/gemm_n3072_k2048-portable.csv").read_text().splitlines()
    assert len(rows) == 3 and len(runner.rows) == 2
    assert results_path(ds.root, "gemm_n3072_k2048", portable=True).name == (
        "gemm_n3072_k2048-portable.csv"
    )


def test_resume_skips_only_pairs_of_unchanged_content(ds):
    _record_all(ds, "torch_matmul")
    reloaded = load_dataset(ds.root)
    plan = Runner(reloaded, RunOptions(resume=True)).plan()
    assert [(s.name, len(w)) for s, w in plan] == [("triton_gemm", 2)]
    shas = {"torch_matmul": "changed", "triton_gemm": "x"}
    assert finished_pairs(reloaded.trace_set, "gemm_n3072_k2048", shas) == set()
    assert len(Runner(reloaded, RunOptions(resume=False)).plan()) == 2


def test_resume_takes_again_pairs_traced_under_another_protocol(ds, monkeypatch):
    import fibgemm.runner as runner_module

    _record_all(ds, "torch_matmul")
    monkeypatch.setattr(runner_module, "PROTOCOL", "a later schedule")
    plan = Runner(load_dataset(ds.root), RunOptions(resume=True)).plan()
    assert sorted((s.name, len(w)) for s, w in plan) == [("torch_matmul", 2), ("triton_gemm", 2)]


def test_plan_filters_and_refuses_unknown_solutions(ds):
    plan = Runner(ds, RunOptions(solutions=["triton_gemm"], ms=[16])).plan()
    assert [(s.name, [w.axes["M"] for w in ws]) for s, ws in plan] == [("triton_gemm", [16])]
    with pytest.raises(ValueError, match="unknown solution.*nope"):
        Runner(ds, RunOptions(solutions=["nope"])).plan()


def test_repair_before_loading_fixes_traces_and_results_cut_by_a_kill(ds):
    _record_all(ds, "torch_matmul")
    traces = traces_file(ds.root, "baseline")
    results = ds.root / "results/gemm_n3072_k2048.csv"
    traces.write_text(traces.read_text() + '{"definition": "gem')
    results.write_text(results.read_text() + "20261129T1,2026-11-29T")
    with pytest.raises(DatasetError, match=r"gemm_n3072_k2048\.jsonl:3"):
        load_dataset(ds.root)  # what the CLI would hit without the repair
    logged = []
    repair_appended(ds.root, log=logged.append)
    load_dataset(ds.root)
    assert len(load_jsonl_file(Trace, traces)) == 2
    assert len(results.read_text().splitlines()) == 3 and results.read_text().endswith("\n")
    assert len(logged) == 2 and all("does not parse" in line for line in logged)


def _append_many(root, solution, n):
    ds = load_dataset(root)
    runner = Runner(ds, RunOptions(), log=lambda *_: None)
    sol = ds.trace_set.get_solution(solution)
    wl = ds.trace_set.workloads["gemm_n3072_k2048"][0].workload
    for _ in range(n):
        out = _outcome(EvaluationStatus.RUNTIME_ERROR)
        out.log = "x" * 20000  # long lines make interleaving likely without the lock
        runner._record(make_trace("gemm_n3072_k2048", wl, sol, out, ENV, "abc"), out)


def test_two_runners_at_once_do_not_interleave_lines(ds):
    ctx = mp.get_context("spawn")
    procs = [
        ctx.Process(target=_append_many, args=(ds.root, s, 40))
        for s in ("torch_matmul", "triton_gemm")
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    traces = [
        t for a in ("baseline", "fibgemm") for t in load_jsonl_file(Trace, traces_file(ds.root, a))
    ]
    assert len(traces) == 80
    rows = (ds.root / "results/gemm_n3072_k2048.csv").read_text().splitlines()
    assert len(rows) == 81


def test_a_full_disk_while_recording_names_the_pair_and_keeps_both_files(ds, monkeypatch):
    _record_all(ds, "torch_matmul")
    traces = traces_file(ds.root, "baseline")
    results = ds.root / "results/gemm_n3072_k2048.csv"
    before = traces.read_bytes(), results.read_bytes()

    def full(parts):
        raise AppendError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("fibgemm.runner.append_all", full)
    runner = Runner(ds, RunOptions(), log=lambda *_: None)
    sol = ds.trace_set.get_solution("triton_gemm")
    wl = ds.trace_set.workloads["gemm_n3072_k2048"][1].workload
    out = _outcome(EvaluationStatus.PASSED)
    with pytest.raises(RecordError) as e:
        runner._record(make_trace("gemm_n3072_k2048", wl, sol, out, ENV, "abc"), out)
    assert f"triton_gemm M=16 ({wl.uuid}) was not recorded: No space left" in str(e.value)
    assert (traces.read_bytes(), results.read_bytes()) == before
    assert runner.rows == []


def test_committed_results_csv_has_the_runners_columns():
    # Rows are appended to this file: a reordered RESULT_FIELDS would shift every new row.
    header = (REPO_ROOT / "results/gemm_n3072_k2048.csv").read_text().splitlines()[0]
    assert header.split(",") == RESULT_FIELDS


def _write_a_line_slowly(root, line: bytes, started):
    import time

    from fibgemm.storage import dataset_lock

    path = traces_file(root, "baseline")
    with dataset_lock(root), open(path, "ab") as f:
        f.write(line[: len(line) // 2])
        f.flush()
        started.set()
        time.sleep(1.0)
        f.write(line[len(line) // 2 :])


def test_a_reader_waits_for_a_line_being_appended_instead_of_reading_half_of_it(ds):
    """A second runner (or a worker) loading the dataset while the first appends a trace: the
    load waits for the dataset lock, then reads the whole line."""
    _record_all(ds, "torch_matmul")
    path = traces_file(ds.root, "baseline")
    line = path.read_bytes().splitlines(keepends=True)[0]
    ctx = mp.get_context("spawn")
    started = ctx.Event()
    writer = ctx.Process(target=_write_a_line_slowly, args=(ds.root, line, started))
    writer.start()
    assert started.wait(60)
    loaded = load_dataset(ds.root)  # without the lock: half a line, a DatasetError
    writer.join(60)
    assert writer.exitcode == 0
    assert len(loaded.trace_set.traces["gemm_n3072_k2048"]) == 3


def test_a_run_names_the_paths_that_served_each_solution():
    """triton_gemm on a Hopper GPU with Triton 3.8 runs its portable path: the run says so,
    counting each path, and leaves out the baseline, which names none."""
    rows = [{"solution": "triton_gemm", "path": "portable-tma:TileTmaConfig"}] * 3
    rows += [{"solution": "triton_gemm", "path": "portable-tma:TmaConfig"}]
    rows += [{"solution": "cute_gemm", "path": "hopper:CuteConfig"}] * 2
    rows += [{"solution": "cute_gemm", "path": "hopper:PortableConfig"}]
    rows += [{"solution": "torch_matmul", "path": ""}]
    assert paths_served(rows) == ["cute_gemm: hopper (3)", "triton_gemm: portable-tma (4)"]
    mixed = [{"solution": "cute_gemm", "path": p} for p in ("portable:X", "hopper:Y", "hopper:Z")]
    assert paths_served(mixed) == ["cute_gemm: hopper (2), portable (1)"]
