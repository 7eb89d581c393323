"""The correctness checks of the runner, on the CPU with the fault solutions: every status the
device run records comes from this logic."""

import pytest
from fault_solutions import FAULTS, fault_solution
from flashinfer_bench.compile import BuilderRegistry
from flashinfer_bench.data import Definition, Trace, load_jsonl_file
from helpers import WORKLOADS, repo_solution

from fibgemm import REPO_ROOT
from fibgemm.evaluate import check_correctness

DEFINITION = Definition.model_validate_json(
    (REPO_ROOT / "definitions/gemm/gemm_n3072_k2048.json").read_text()
)
M1 = next(t.workload for t in load_jsonl_file(Trace, WORKLOADS) if t.workload.axes["M"] == 1)
# These need CUDA (a Triton kernel), a timer (hang) or a build failure: covered on the device.
CPU_FAULTS = [
    n
    for n in FAULTS
    if n not in ("fault_illegal_address", "fault_hangs", "fault_syntax_error", "fault_raises")
]


@pytest.fixture(scope="module")
def reference():
    return BuilderRegistry.get_instance().build_reference(DEFINITION)


def _check(solution, reference):
    runnable = BuilderRegistry.get_instance().build(DEFINITION, solution)
    return check_correctness(runnable, reference, DEFINITION, M1, "cpu", trials=2)


@pytest.mark.parametrize("name", CPU_FAULTS)
def test_fault_gets_its_status(name, reference):
    failed, correctness, inputs = _check(fault_solution(name), reference)
    assert failed is not None and failed.status.value == FAULTS[name][2], failed
    assert correctness is None and inputs is None
    assert failed.log


def test_correct_solution_passes_with_its_errors(reference):
    failed, correctness, inputs = _check(repo_solution("torch_matmul"), reference)
    assert failed is None
    assert 0 <= correctness.max_absolute_error <= 1e-2
    assert [tuple(t.shape) for t in inputs] == [(1, 2048), (3072, 2048)]


def test_timing_takes_each_callable_after_itself_from_rounds_of_two_of_each(reference, monkeypatch):
    """evaluate() on the CPU with a fake timer: it times [reference, reference, solution,
    solution] and files each median where the CSV and the speedup expect it."""
    import torch

    from fibgemm import evaluate as ev
    from fibgemm.timing import KernelTimes

    class FakeTimer:
        device = torch.device("cpu")

        def time_many(self, fns, iters, warmup):
            self.kinds = ["ref" if isinstance(fn(), torch.Tensor) else "sol" for fn in fns]
            # reference after the solution, after itself; solution after the reference, itself
            return [KernelTimes((us,)) for us in (7.5, 7.2, 6.5, 6.4)]

    monkeypatch.setattr(ev, "host_us_per_call", lambda fn: 1.0)
    timer = FakeTimer()
    runnable = BuilderRegistry.get_instance().build(DEFINITION, repo_solution("torch_matmul"))
    out = ev.evaluate(runnable, reference, DEFINITION, M1, timer, ev.Settings(correctness_trials=1))
    assert out.status.value == "PASSED", out.log
    assert timer.kinds == ["ref", "ref", "sol", "sol"]
    t = out.timing
    assert (t["ref_p50_us"], t["ref_self_p50_us"]) == (7.5, 7.2)
    assert (t["sol_after_ref_p50_us"], t["p50_us"]) == (6.5, 6.4)
    assert "after the solution (+4.17%)" in out.log and "after the reference (+1.56%)" in out.log
