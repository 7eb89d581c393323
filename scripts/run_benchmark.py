"""Benchmark every solution on every workload of the dataset; write traces, results, report.

Usage:
    python scripts/run_benchmark.py                         # everything
    python scripts/run_benchmark.py --solutions triton_gemm --m 1 15 256 --resume

Without CUDA it validates the dataset, says that nothing can be timed here, and exits 2.
Outputs (appended; the report reads the newest row of each pair):
    traces/gemm/gemm_n3072_k2048.jsonl   flashinfer-bench Trace records
    results/gemm_n3072_k2048.csv         p20/p50/p80, host µs, commit, date per pair
    results/summary.md, results/latency.png
"""

import argparse
import sys
import time
from pathlib import Path

from fibgemm import DEFINITION_NAME, REPO_ROOT
from fibgemm.dataset import DatasetError, load_dataset
from fibgemm.evaluate import Settings
from fibgemm.report import write_report
from fibgemm.runner import Runner, RunOptions, repair_appended, results_path


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--root", type=Path, default=REPO_ROOT, help="dataset root (default: repo)")
    p.add_argument("--solutions", nargs="+", help="solution names (default: all)")
    p.add_argument("--m", nargs="+", type=int, help="only workloads with these M")
    p.add_argument(
        "--resume",
        action="store_true",
        help="skip pairs already traced with the same solution content",
    )
    p.add_argument("--iters", type=int, default=100, help="timed calls per pair (>= 50)")
    p.add_argument("--warmup", type=int, default=10)
    p.add_argument("--trials", type=int, default=3, help="correctness trials, fresh inputs each")
    p.add_argument("--workload-timeout", type=float, default=120.0, help="seconds per workload")
    p.add_argument("--build-timeout", type=float, default=900.0, help="seconds per build")
    p.add_argument("--no-report", action="store_true", help="skip the table and plot")
    args = p.parse_args(argv)
    if args.iters < 50:
        p.error("--iters must be at least 50: a median of fewer calls is noise at 6 µs")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    repair_appended(args.root, log=lambda msg: print(msg, file=sys.stderr))
    try:
        dataset = load_dataset(args.root)
    except DatasetError as e:
        print(e, file=sys.stderr)
        return 1
    ts = dataset.trace_set
    print(
        f"dataset {args.root}: {sum(len(v) for v in ts.workloads.values())} workloads, "
        f"solutions {sorted(dataset.solution_files)}: valid"
    )

    import torch

    if not torch.cuda.is_available():
        print(
            "no CUDA device here: the dataset is valid, but nothing can be timed on this "
            "machine. Run this on a GPU machine.",
            file=sys.stderr,
        )
        return 2

    from tqdm import tqdm

    options = RunOptions(
        solutions=args.solutions,
        ms=args.m,
        resume=args.resume,
        build_timeout_s=args.build_timeout,
        workload_timeout_s=args.workload_timeout,
        settings=Settings(correctness_trials=args.trials, warmup=args.warmup, iters=args.iters),
    )
    runner = Runner(dataset, options, log=tqdm.write)
    try:
        plan = runner.plan()
    except ValueError as e:
        print(e, file=sys.stderr)
        return 1
    total = sum(len(w) for _, w in plan)
    start = time.perf_counter()
    with tqdm(total=total, unit="pair", desc="benchmark") as bar:
        runner.progress = bar
        rows = runner.run()
    failed = [r for r in rows if r["status"] != "PASSED"]
    print(
        f"{len(rows)} pairs in {time.perf_counter() - start:.0f} s; {len(failed)} not passed"
        + "".join(f"\n  {r['solution']} M={r['M']}: {r['status']}" for r in failed)
    )
    csv_path = results_path(args.root, DEFINITION_NAME)
    if not args.no_report and csv_path.exists():
        print(write_report(csv_path, args.root / "results"))
    return 0 if not failed else 3


if __name__ == "__main__":
    sys.exit(main())
