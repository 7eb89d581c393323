"""Spreading pairs over several GPUs, with fake workers on the CPU: every pair is handed out
once, a worker that dies or hangs costs only its pair, and every row records its GPU."""

from collections import Counter

from fake_workers import fake_worker
from fault_solutions import fault_solution
from helpers import make_dataset, repo_solution

from fibgemm.dataset import load_dataset
from fibgemm.runner import Runner, RunOptions

MS = [1, 16, 64]


def _run(tmp_path, names, devices, **opts):
    sols = [repo_solution("torch_matmul")]
    sols += [fault_solution("fault_raises").model_copy(update={"name": n}) for n in names]
    root = make_dataset(tmp_path, MS, sols)
    options = RunOptions(devices=devices, worker_target=fake_worker, **opts)
    logged = []
    rows = Runner(load_dataset(root), options, log=logged.append).run()
    return rows, logged


def test_every_pair_once_spread_over_both_gpus_each_row_naming_its_gpu(tmp_path):
    rows, logged = _run(tmp_path, ["zz_a", "zz_b"], ["0", "1"])
    assert Counter((r["solution"], int(r["M"])) for r in rows) == Counter(
        (s, m) for s in ("torch_matmul", "zz_a", "zz_b") for m in MS
    )
    assert {r["status"] for r in rows} == {"PASSED"}
    assert {r["gpu"] for r in rows} == {"0:Fake GPU", "1:Fake GPU"}
    assert {r["path"] for r in rows} == {"fake"}


def test_a_worker_that_dies_costs_only_the_pair_in_flight(tmp_path):
    rows, _ = _run(tmp_path, ["zz_dies"], ["0", "1"])
    status = {(r["solution"], int(r["M"])): r["status"] for r in rows}
    assert status.pop(("zz_dies", 16)) == "RUNTIME_ERROR"
    assert set(status.values()) == {"PASSED"} and len(status) == 2 * len(MS) - 1


def test_a_worker_that_hangs_is_killed_and_costs_only_its_pair(tmp_path):
    rows, _ = _run(tmp_path, ["zz_hangs"], ["0", "1"], workload_timeout_s=3)
    status = {(r["solution"], int(r["M"])): r["status"] for r in rows}
    assert status.pop(("zz_hangs", 16)) == "TIMEOUT"
    assert set(status.values()) == {"PASSED"}


def test_a_build_failure_fails_that_solutions_pairs_only(tmp_path):
    rows, _ = _run(tmp_path, ["zz_nobuild"], ["0", "1"])
    status = {(r["solution"], int(r["M"])): r["status"] for r in rows}
    assert {status[("zz_nobuild", m)] for m in MS} == {"COMPILE_ERROR"}
    assert {status[("torch_matmul", m)] for m in MS} == {"PASSED"}


def test_one_gpu_runs_everything_in_order_on_it(tmp_path):
    rows, logged = _run(tmp_path, ["zz_a"], ["3"])
    assert [(r["solution"], int(r["M"])) for r in rows] == [
        (s, m) for s in ("torch_matmul", "zz_a") for m in MS
    ]
    assert {r["gpu"] for r in rows} == {"3:Fake GPU"}
    assert sum("built" in line for line in logged) == 2  # one build per solution


def test_devices_are_parsed_and_checked(monkeypatch):
    import pytest
    import torch

    from fibgemm.cli import parse_args
    from fibgemm.gpus import gpus_to_use

    assert parse_args(["run", "--devices", "0,1"]).devices == [0, 1]
    for bad in ("a", "0,0", "-1", ""):
        with pytest.raises(SystemExit):
            parse_args(["run", "--devices", bad])
    names = {0: "NVIDIA H200", 1: "NVIDIA H200", 2: "NVIDIA H100"}
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 3)
    monkeypatch.setattr(torch.cuda, "get_device_name", lambda i: names[i])
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "4,5,6")
    assert gpus_to_use([0, 1]) == (["4", "5"], None)
    assert gpus_to_use([3])[1] == "--devices [3]: this machine shows 3 GPU(s), 0 to 2"
    _, problem = gpus_to_use(None)
    assert "GPUs of different kinds (0: NVIDIA H200, 1: NVIDIA H200, 2: NVIDIA H100)" in problem
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES")
    assert gpus_to_use([1, 0]) == (["1", "0"], None)


def test_the_report_compares_one_kind_of_gpu_and_says_what_it_left_out():
    from fibgemm.report import table

    def row(device, solution, m, date, speedup):
        return {
            "device": device, "solution": solution, "M": str(m), "date": date,
            "status": "PASSED", "solution_sha1": "x", "speedup": str(speedup),
            "p20_us": "6.0", "p50_us": "6.1", "p80_us": "6.2", "commit": "abc",
        }  # fmt: skip

    rows = [
        row("NVIDIA_A100", "cute_gemm", 16, "2026-11-01", 0.5),
        row("NVIDIA_H200", "torch_matmul", 16, "2026-11-02", 1.0),
        row("NVIDIA_H200", "cute_gemm", 16, "2026-11-02", 1.12),
    ]
    text = table(rows)
    assert "1.120" in text and "0.500" not in text
    assert "Rows of other GPUs (NVIDIA_A100) are left out" in text


def test_target_hardware_names_a_gpu_as_flashinfer_bench_writes_it():
    from fibgemm.gpus import targets_gpu

    assert targets_gpu(["NVIDIA_H200", "NVIDIA_H100"], "NVIDIA H100 80GB HBM3")
    assert targets_gpu(["NVIDIA_H200"], "NVIDIA H200")
    assert targets_gpu(["cuda"], "NVIDIA A100-SXM4-80GB")
    assert not targets_gpu(["NVIDIA_H200", "NVIDIA_H100"], "NVIDIA B200")
    assert not targets_gpu(["NVIDIA_H20"], "NVIDIA H200")


def test_the_real_worker_without_cuda_fails_each_pair_with_its_reason(tmp_path):
    import pytest
    import torch

    if torch.cuda.is_available():
        pytest.skip("with CUDA the real worker would evaluate")
    root = make_dataset(tmp_path, [1, 16], [repo_solution("torch_matmul")])
    logged = []
    rows = Runner(load_dataset(root), RunOptions(devices=["0"]), log=logged.append).run()
    assert [(r["solution"], int(r["M"]), r["status"]) for r in rows] == [
        ("torch_matmul", 1, "RUNTIME_ERROR"),
        ("torch_matmul", 16, "RUNTIME_ERROR"),
    ]
    traces = load_dataset(root).trace_set.traces["gemm_n3072_k2048"]
    assert all("no CUDA device in the worker" in t.evaluation.log for t in traces)
