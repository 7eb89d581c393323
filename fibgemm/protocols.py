"""The reported baseline under both protocols, side by side, in one process:

- flashinfer-bench 0.1.2's own timing path (`flashinfer_bench.bench.timing.time_runnable`:
  CUDA events around the Python call, its 256 MB zero fill before each call, cloned inputs,
  the mean of 50 calls after 10 warm-up calls), which is how the reported baseline was measured;
- this package's protocol (CUPTI kernel span after the same fill, median of 100 calls).

    fibgemm baseline [--solutions NAME ...] [--m M ...]

For each workload, torch.matmul (the definition's reference) and each solution are timed both
ways; results/baseline_protocols.csv gets one row per (workload, callable) as soon as it is
measured, and results/baseline_protocols.md the table beside the reported B200 figures
(results/reported_baseline_b200.csv) with the speedup each protocol would report.
"""

import csv
from collections import defaultdict
from pathlib import Path

from .report import geomean

REFERENCE = "torch.matmul"
FIELDS = ["M", "callable", "events_mean_us", "cupti_median_us", "device", "commit", "date"]


def reported_b200(path: Path) -> dict[int, float]:
    with open(path) as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        return {int(r["M"]): float(r["mean_us"]) for r in rows}


def measure(dataset, solutions: list[str], ms: list[int] | None, write_row, log=print) -> None:
    """Time the reference and each solution on each workload under both protocols (CUDA)."""
    import datetime as dt

    import torch
    from flashinfer_bench.bench.timing import time_runnable
    from flashinfer_bench.bench.utils import gen_inputs
    from flashinfer_bench.compile import BuilderRegistry

    from .evaluate import call_args
    from .runner import git_commit
    from .timing import ColdL2Timer

    ts = dataset.trace_set
    definition = next(iter(ts.definitions.values()))
    registry = BuilderRegistry.get_instance()
    callables = {REFERENCE: registry.build_reference(definition)}
    for name in solutions:
        try:
            callables[name] = registry.build(definition, ts.get_solution(name))
        except Exception as e:  # one solution that does not build costs only its own rows
            log(f"{name}: does not build here ({type(e).__name__}: {e}); left out")
    timer = ColdL2Timer("cuda")
    device = torch.cuda.get_device_name()
    commit = git_commit(dataset.root)
    for t in ts.workloads[definition.name]:
        m = t.workload.axes["M"]
        if ms is not None and m not in ms:
            continue
        inputs = gen_inputs(definition, t.workload, device="cuda")
        for name, runnable in callables.items():
            args = call_args(runnable, definition, inputs, "cuda")
            try:
                with torch.no_grad():
                    events_ms = time_runnable(runnable, args, 10, 50, "cuda")
                    cupti = timer.time_many([lambda r=runnable, a=args: r(*a)], 100, 10)[0]
            except Exception as e:
                log(f"{name} M={m}: {type(e).__name__}: {e}")
                continue
            write_row(
                {
                    "M": m,
                    "callable": name,
                    "events_mean_us": f"{events_ms * 1e3:.3f}",
                    "cupti_median_us": f"{cupti.p50:.3f}",
                    "device": device,
                    "commit": commit,
                    "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
                }
            )


def table(rows: list[dict], reported: dict[int, float]) -> str:
    """Markdown: per M the reported B200 mean, then per callable its time under each protocol,
    and per solution the speedup over torch.matmul each protocol would report."""
    by = defaultdict(dict)
    for r in rows:
        by[int(r["M"])][r["callable"]] = (float(r["events_mean_us"]), float(r["cupti_median_us"]))
    names = sorted({r["callable"] for r in rows} - {REFERENCE})
    device = rows[0]["device"] if rows else "?"
    head = ["M", "reported B200 (events, mean)", "torch.matmul events", "torch.matmul CUPTI"]
    for n in names:
        head += [f"{n} events", f"{n} CUPTI", f"{n} × events", f"{n} × CUPTI"]
    out = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    ratios = defaultdict(list)
    for m in sorted(by):
        ref = by[m].get(REFERENCE)
        rep = reported.get(m)
        cells = [str(m), f"{rep:.1f}" if rep else "—"]
        cells += [f"{ref[0]:.2f}", f"{ref[1]:.2f}"] if ref else ["—", "—"]
        for n in names:
            got = by[m].get(n)
            if got is None or ref is None:
                cells += ["—"] * 4
                continue
            ev, cu = ref[0] / got[0], ref[1] / got[1]
            ratios[(n, "events")].append(ev)
            ratios[(n, "cupti")].append(cu)
            cells += [f"{got[0]:.2f}", f"{got[1]:.2f}", f"{ev:.3f}", f"{cu:.3f}"]
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    out.append(f"µs on {device}. events: flashinfer-bench 0.1.2's timing path (CUDA events around")
    out.append("the Python call after a 256 MB zero fill, mean of 50); CUPTI: the GPU kernel span")
    out.append("after the same fill, median of 100, as this package and the leaderboard time.")
    for n in names:
        ev, cu = ratios[(n, "events")], ratios[(n, "cupti")]
        if ev:
            out.append(
                f"\n**{n}**: geomean speedup {geomean(ev):.3f}× under the event protocol, "
                f"{geomean(cu):.3f}× under CUPTI ({len(cu)} workloads)."
            )
    return "\n".join(out)


def plot(rows: list[dict], reported: dict[int, float], out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5))
    ms = sorted(reported)
    ax.plot(ms, [reported[m] for m in ms], "k--", lw=1, label="reported B200, events, mean")
    by = defaultdict(list)
    for r in rows:
        by[r["callable"]].append(r)
    for name, rs in sorted(by.items()):
        rs = sorted(rs, key=lambda r: int(r["M"]))
        x = [int(r["M"]) for r in rs]
        (line,) = ax.plot(
            x, [float(r["events_mean_us"]) for r in rs], marker=".", label=f"{name}, events"
        )
        ax.plot(x, [float(r["cupti_median_us"]) for r in rs], marker="o", ms=3, ls=":",
                color=line.get_color(), label=f"{name}, CUPTI")  # fmt: skip
    device = rows[0]["device"] if rows else ""
    ax.set(xscale="log", yscale="log", xlabel="M (tokens)", ylabel="µs",
           title=f"gemm_n3072_k2048: the two protocols on {device}")  # fmt: skip
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)
