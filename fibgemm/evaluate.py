"""Evaluate one built solution on one workload: correctness, then cold-L2 timing.

Runs inside a worker process (see worker.py) with CUDA available. Correctness follows
flashinfer-bench's DefaultEvaluator (its statuses, its compute_error_stats, rtol = atol = 1e-2)
and adds what the definition promises and flashinfer-bench does not check: the output is
NaN-poisoned before each call (an unwritten element fails), inputs must come back bit-identical
(no mutation), and a returned tensor must not share memory with an input (no aliasing).
"""

import traceback
from dataclasses import dataclass
from pathlib import Path

import torch
from flashinfer_bench.bench.config import BenchmarkConfig
from flashinfer_bench.bench.utils import compute_error_stats, gen_inputs, load_safetensors
from flashinfer_bench.data import Correctness, Definition, EvaluationStatus, Workload
from flashinfer_bench.utils import dtype_str_to_torch_dtype

from .timing import ColdL2Timer, host_us_per_call

TOLERANCE = BenchmarkConfig(rtol=1e-2, atol=1e-2)


@dataclass
class Settings:
    correctness_trials: int = 3
    warmup: int = 10
    iters: int = 100


@dataclass
class Outcome:
    status: EvaluationStatus
    log: str = ""
    correctness: Correctness | None = None
    timing: dict | None = None  # p20/p50/p80/host (µs) of the solution and of the reference
    path: str | None = None  # which of the solution's code paths served the call, if it says


def _outputs(definition: Definition, inputs: list, device) -> list[torch.Tensor]:
    axes = definition.get_axes_values_from_inputs(inputs)
    return [
        torch.full(shape, float("nan"), dtype=dtype_str_to_torch_dtype(spec.dtype), device=device)
        for shape, spec in zip(
            definition.get_output_shapes(axes), definition.outputs.values(), strict=True
        )
    ]


def call_args(runnable, definition: Definition, inputs: list, device) -> list:
    """The arguments of a timed call in the runnable's style: the inputs, then, in
    destination-passing style, its outputs, allocated here once, outside every timed call."""
    args = list(inputs)
    if runnable.metadata.destination_passing_style:
        args += _outputs(definition, inputs, device)
    return args


def stored_tensors(definition: Definition, workload: Workload, root: Path | None):
    """The workload's safetensors inputs, loaded once; None for a workload of random inputs."""
    if any(spec.type == "safetensors" for spec in workload.inputs.values()):
        return load_safetensors(definition, workload, root)
    return None


def _call(runnable, definition: Definition, inputs: list, device) -> list[torch.Tensor]:
    """One call in the solution's style; returns its outputs as a list."""
    if runnable.metadata.destination_passing_style:
        outs = _outputs(definition, inputs, device)
        runnable(*inputs, *outs)
        return outs
    result = runnable(*inputs)
    return list(result) if isinstance(result, (tuple, list)) else [result]


def _check_output(out_name, got, want, inputs, definition: Definition, trial: int):
    """(the failing Outcome or None, max abs error, max rel error) of one output."""
    if not isinstance(got, torch.Tensor):
        msg = f"output '{out_name}' is a {type(got).__name__}"
        return Outcome(EvaluationStatus.INCORRECT_SHAPE, msg), 0.0, 0.0
    shared = [
        n
        for n, t in zip(definition.inputs, inputs, strict=True)
        if isinstance(t, torch.Tensor)
        and got.untyped_storage().data_ptr() == t.untyped_storage().data_ptr()
    ]
    if shared:
        msg = f"output '{out_name}' aliases input {shared}"
        return Outcome(EvaluationStatus.RUNTIME_ERROR, msg), 0.0, 0.0
    if tuple(got.shape) != tuple(want.shape):
        msg = f"output '{out_name}' has shape {tuple(got.shape)}, expected {tuple(want.shape)}"
        return Outcome(EvaluationStatus.INCORRECT_SHAPE, msg), 0.0, 0.0
    if got.dtype != want.dtype:
        msg = f"output '{out_name}' is {got.dtype}, expected {want.dtype}"
        return Outcome(EvaluationStatus.INCORRECT_DTYPE, msg), 0.0, 0.0
    if not torch.isfinite(got).all():
        bad = int((~torch.isfinite(got)).sum())
        nan = float("nan")
        c = Correctness(
            max_relative_error=nan, max_absolute_error=nan, extra={"non_finite_elements": bad}
        )
        msg = (
            f"trial {trial}: output '{out_name}' has {bad} NaN/Inf elements "
            "(unwritten elements stay NaN)"
        )
        return Outcome(EvaluationStatus.INCORRECT_NUMERICAL, msg, c), nan, nan
    abs_err, rel_err, exceeds, matched = compute_error_stats(got, want, TOLERANCE)
    if exceeds:
        c = Correctness(
            max_relative_error=rel_err, max_absolute_error=abs_err, extra={"matched_ratio": matched}
        )
        msg = (
            f"trial {trial}: output '{out_name}' off by max abs {abs_err:.3g} "
            f"/ rel {rel_err:.3g} (atol = rtol = 1e-2)"
        )
        return Outcome(EvaluationStatus.INCORRECT_NUMERICAL, msg, c), abs_err, rel_err
    return None, abs_err, rel_err


def _float64_errors(got: torch.Tensor, exact: torch.Tensor) -> tuple[float, float, bool]:
    """(max abs error, max relative error over nonzero elements, exceeds atol + rtol |exact|)."""
    err = (got.double() - exact).abs()
    tol = TOLERANCE.atol + TOLERANCE.rtol * exact.abs()
    nonzero = exact != 0
    rel = (err[nonzero] / exact.abs()[nonzero]).max().item() if nonzero.any() else 0.0
    return err.max().item() if err.numel() else 0.0, rel, bool((err > tol).any())


def check_correctness(
    runnable,
    reference,
    definition: Definition,
    workload: Workload,
    device,
    trials: int,
    stored: dict | None = None,
) -> tuple[Outcome | None, Correctness | None, list | None]:
    """(None, correctness, first inputs) on success; else (the failing Outcome, None, None).

    Each output is compared with the definition's reference (flashinfer-bench's check) and with
    the same reference run in float64 on float64 copies of the inputs, under the same
    tolerances; the correctness record keeps both the solution's and the fp16 reference's own
    largest error against float64. `stored`: the workload's safetensors inputs, loaded once."""
    max_abs = max_rel = 0.0
    f64 = {"max_relative_error_vs_float64": 0.0, "reference_max_relative_error_vs_float64": 0.0}
    first_inputs = None
    for trial in range(trials):
        inputs = gen_inputs(definition, workload, device=str(device), safe_tensors=stored)
        first_inputs = first_inputs or inputs
        with torch.no_grad():
            expected = _call(reference, definition, inputs, device)
            before = [t.clone() if isinstance(t, torch.Tensor) else t for t in inputs]
            outs = _call(runnable, definition, inputs, device)
        if torch.device(device).type == "cuda":  # CPU: the correctness logic's own tests
            torch.cuda.synchronize(device)
        for name, old, new in zip(definition.inputs, before, inputs, strict=True):
            if isinstance(old, torch.Tensor) and not torch.equal(old, new):
                msg = f"trial {trial}: the solution mutated input '{name}'"
                return Outcome(EvaluationStatus.RUNTIME_ERROR, msg), None, None
        if len(outs) != len(expected):
            msg = f"returned {len(outs)} outputs, expected {len(expected)}"
            return Outcome(EvaluationStatus.INCORRECT_SHAPE, msg), None, None
        for out_name, got, want in zip(definition.outputs, outs, expected, strict=True):
            failed, abs_err, rel_err = _check_output(out_name, got, want, inputs, definition, trial)
            if failed is not None:
                return failed, None, None
            max_abs, max_rel = max(max_abs, abs_err), max(max_rel, rel_err)
        exact_outs = _exact(reference, definition, inputs)
        for out_name, got, want, exact in zip(
            definition.outputs, outs, expected, exact_outs, strict=True
        ):
            abs64, rel64, exceeds = _float64_errors(got, exact)
            _, ref_rel64, _ = _float64_errors(want, exact)
            f64["max_relative_error_vs_float64"] = max(f64["max_relative_error_vs_float64"], rel64)
            f64["reference_max_relative_error_vs_float64"] = max(
                f64["reference_max_relative_error_vs_float64"], ref_rel64
            )
            if exceeds:
                c = Correctness(max_relative_error=rel64, max_absolute_error=abs64, extra=dict(f64))
                msg = (
                    f"trial {trial}: output '{out_name}' off the float64 reference by max abs "
                    f"{abs64:.3g} / rel {rel64:.3g} (atol = rtol = 1e-2)"
                )
                return Outcome(EvaluationStatus.INCORRECT_NUMERICAL, msg, c), None, None
    correctness = Correctness(max_relative_error=max_rel, max_absolute_error=max_abs, extra=f64)
    return None, correctness, first_inputs


def _exact(reference, definition: Definition, inputs: list) -> list[torch.Tensor]:
    """The definition's reference on float64 copies of the inputs: the exact product to within
    float64 rounding, whatever the inputs' dtype."""
    wide = [t.double() if isinstance(t, torch.Tensor) and t.is_floating_point() else t
            for t in inputs]  # fmt: skip
    with torch.no_grad():
        result = reference(*wide)
    return list(result) if isinstance(result, (tuple, list)) else [result]


def reference_note(timing: dict) -> str:
    """The trace log's record of both callables in both schedules."""
    after_self, after_sol = timing["ref_self_p50_us"], timing["ref_p50_us"]
    note = (
        f"reference median {after_self:.3f} us after itself, {after_sol:.3f} us after the "
        f"solution ({after_sol / after_self - 1:+.2%})"
    )
    if "sol_after_ref_p50_us" in timing:
        sol_self, sol_after_ref = timing["p50_us"], timing["sol_after_ref_p50_us"]
        note += (
            f"; solution median {sol_self:.3f} us after itself, {sol_after_ref:.3f} us after "
            f"the reference ({sol_after_ref / sol_self - 1:+.2%})"
        )
    return note + "; speedup: each after itself"


def evaluate(
    runnable,
    reference,
    definition: Definition,
    workload: Workload,
    timer: ColdL2Timer,
    settings: Settings,
    root: Path | None = None,
) -> Outcome:
    device = timer.device
    try:
        stored = stored_tensors(definition, workload, root)
        failed, correctness, inputs = check_correctness(
            runnable, reference, definition, workload, device, settings.correctness_trials, stored
        )
        if failed is not None:
            return failed
        sol_args = call_args(runnable, definition, inputs, device)

        def sol():
            return runnable(*sol_args)

        def ref():
            return reference(*inputs)

        with torch.no_grad():
            # Interleaved round by round as [reference, reference, solution, solution]: each
            # callable is timed right after the other and right after itself. flashinfer-bench
            # times each in a loop of its own (after itself), so the speedup divides the two
            # "after itself" medians. The cross schedule is recorded too: the flush empties the
            # L2 but not the SMs' instruction caches, so a kernel of much code (triton_gemm's
            # unrolled rings) slows the next different kernel by its code misses
            # (docs/timing.md), and a solution that leaves the GPU changed shows the same way.
            ref_t, ref_self_t, sol_after_ref_t, sol_t = timer.time_many(
                [ref, ref, sol, sol], settings.iters, settings.warmup
            )
            timing = {
                "p20_us": sol_t.p20,
                "p50_us": sol_t.p50,
                "p80_us": sol_t.p80,
                "ref_p20_us": ref_t.p20,
                "ref_p50_us": ref_t.p50,
                "ref_p80_us": ref_t.p80,
                "ref_self_p20_us": ref_self_t.p20,
                "ref_self_p50_us": ref_self_t.p50,
                "ref_self_p80_us": ref_self_t.p80,
                "sol_after_ref_p20_us": sol_after_ref_t.p20,
                "sol_after_ref_p50_us": sol_after_ref_t.p50,
                "sol_after_ref_p80_us": sol_after_ref_t.p80,
                "host_us": host_us_per_call(sol),
                "ref_host_us": host_us_per_call(ref),
            }
        return Outcome(EvaluationStatus.PASSED, reference_note(timing), correctness, timing)
    except Exception:
        return Outcome(EvaluationStatus.RUNTIME_ERROR, traceback.format_exc())
