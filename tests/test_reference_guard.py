"""The runner times each round as [reference, reference, solution, solution]: each right after
the other and right after itself. A solution that slows the next kernel is flagged, and the
speedup divides the two "after itself" medians, so neither order can inflate it. A fake device
timeline stands in for the GPU."""

import random

from fibgemm.evaluate import reference_note
from fibgemm.timing import DeviceActivity, call_order, spans_per_callable, split_calls

FLUSH = "flush"


def _timeline(
    rounds: int, ref_us: float, sol_us: float, drag: float, sol_drag: float
) -> list[DeviceActivity]:
    """[flush, call] per call in the runner's order [ref, ref, sol, sol]; a reference right after
    the solution takes `drag` longer, a solution right after the reference `sol_drag` longer (each
    evicts the other's code from the instruction caches, or left the GPU changed)."""
    rng = random.Random(0)
    t, out = 0, []
    for i in call_order(4, rounds, interleave=True):
        out.append(DeviceActivity(FLUSH, t, t + 40_000))
        t += 41_000
        base = (ref_us, ref_us, sol_us, sol_us)[i] * (1 + (drag, 0, sol_drag, 0)[i])
        dur = int(base * 1e3 * (1 + rng.uniform(-0.002, 0.002)))
        out.append(DeviceActivity("gemm", t, t + dur))
        t += dur + 5_000
    return out


def _timing(drag: float, sol_drag: float = 0.0) -> dict:
    from statistics import median

    spans = split_calls(_timeline(100, 7.2, 6.4, drag, sol_drag), FLUSH, 400)
    after_sol, after_self, sol_after_ref, sol = spans_per_callable(
        spans, call_order(4, 100, True), 4
    )
    return {
        "p20_us": median(sol),
        "p50_us": median(sol),
        "p80_us": median(sol),
        "ref_p20_us": median(after_sol),
        "ref_p50_us": median(after_sol),
        "ref_p80_us": median(after_sol),
        "ref_self_p20_us": median(after_self),
        "ref_self_p50_us": median(after_self),
        "ref_self_p80_us": median(after_self),
        "sol_after_ref_p20_us": median(sol_after_ref),
        "sol_after_ref_p50_us": median(sol_after_ref),
        "sol_after_ref_p80_us": median(sol_after_ref),
        "host_us": 10.0,
        "ref_host_us": 10.0,
    }


def _row(timing):
    from helpers import make_dataset  # noqa: F401  (tests' path setup)

    from fibgemm.runner import result_row

    class _Trace:
        solution, definition = "x", "gemm_n3072_k2048"

        class workload:
            uuid, axes = "u", {"M": 16}

        class evaluation:
            timestamp = "2026-12-01T00:00:00+00:00"

            class environment:
                hardware, libs = "NVIDIA_H200", {}

            class status:
                value = "PASSED"

    class _Outcome:
        path = "hopper"

    _Outcome.timing = timing
    return result_row("run", _Trace, _Outcome, "abc", "0:NVIDIA H200")


def test_a_solution_that_slows_the_next_kernel_is_flagged_and_its_speedup_is_honest():
    row = _row(_timing(drag=0.03, sol_drag=0.01))
    assert row["ref_moved"] == "yes" and float(row["ref_shift"]) > 0.025
    # each after itself: 7.2 / 6.4, neither 7.416 / 6.464 nor 7.2 / 6.464
    assert abs(float(row["speedup"]) - 7.2 / 6.4) < 0.005
    assert abs(float(row["sol_after_ref_p50_us"]) / float(row["p50_us"]) - 1.01) < 0.005
    assert row["gpu"] == "0:NVIDIA H200" and row["path"] == "hopper"


def test_a_solution_that_leaves_the_gpu_as_it_found_it_is_not_flagged():
    row = _row(_timing(drag=0.0))
    assert row["ref_moved"] == "no" and abs(float(row["ref_shift"])) < 0.005


def test_the_trace_log_records_both_schedules():
    note = reference_note(_timing(drag=0.03, sol_drag=0.02))
    assert "after the solution (+3.0" in note or "after the solution (+2.9" in note, note
    assert "after the reference (+2.0" in note or "after the reference (+1.9" in note, note
    assert note.endswith("speedup: each after itself")


def test_a_trace_of_the_older_three_call_schedule_still_gets_its_note():
    timing = {k: v for k, v in _timing(drag=0.0).items() if not k.startswith("sol_after")}
    assert "solution median" not in reference_note(timing)


def test_the_served_path_is_what_the_entry_module_says_and_never_fails_a_pair():
    import sys
    import types

    from fibgemm.worker import served_path

    module = types.ModuleType("fake_solution_main")
    module.run = lambda A, B, C: None
    module.run.__module__ = "fake_solution_main"
    sys.modules["fake_solution_main"] = module

    class Runnable:
        _callable = module.run

    assert served_path(Runnable, 16) is None  # the module does not say
    module.served_path = lambda m: "portable" if m > 8 else "gemv"
    assert [served_path(Runnable, m) for m in (1, 16)] == ["gemv", "portable"]
    module.served_path = lambda m: 1 / 0
    assert served_path(Runnable, 16) == "unknown (ZeroDivisionError)"
