"""`fibgemm` (or `python -m fibgemm`): the commands a user runs.

    fibgemm run [--solutions NAME ...] [--m M ...] [--resume]   benchmark, write traces + CSV
    fibgemm report [--compare CSV ... [--out PNG]]             table and plot from the CSV;
                                                               or GPUs and paths side by side
    fibgemm report --ab BEFORE AFTER [--solution NAME] [--margin PERCENT]
                                                               two commits' passes in turn, per M
    fibgemm duel A B [--m M ...] [--rounds N]                  two solutions (names or JSON
                                                               files) head to head, one GPU
    fibgemm validate [--root DIR]                              check a dataset (or an export)
    fibgemm pack [--check]                                     sources/ -> solution JSONs
    fibgemm export --author A --hardware HW --out DIR          a leaderboard submission folder
    fibgemm baseline [--solutions NAME ...] [--m M ...]        both timing protocols side by side
    fibgemm tune {triton,cute,cute_portable} [TUNER ARGS ...]  retune a table (tuners/, on a GPU)
    fibgemm paths [--capability CC ...] [--triton V] [--dsl V] which path each solution takes
                                                               here (or there), and why

Every argument is checked before anything is built or timed, on any machine: a GPU-less machine
validates the dataset and the arguments, then says that nothing can be timed there (exit 2).
Exit codes: 0 done, 1 bad input (dataset or arguments), 2 no CUDA, 3 some pair (or a duel's
contender) did not build or pass,
4 a result could not be written, 130 interrupted (what finished is recorded).
"""

import argparse
import sys
import time
from pathlib import Path

from . import DEFINITION_NAME, layout
from .checkout import CheckoutError, resolve_root
from .command_support import CSV_READ_ERRORS, err, load_or_report, no_cuda
from .duel_command import cmd_duel, duel_again
from .gpus import gpus_to_use, targets_gpu
from .paths_command import add_parser as add_paths_parser
from .paths_command import cmd_paths


def _add_root(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--root",
        type=Path,
        help="dataset root (default: the checkout that holds the current folder)",
    )


def _device_list(text: str) -> list[int]:
    try:
        devices = [int(x) for x in text.split(",") if x.strip() != ""]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected GPU indices like 0,1") from None
    if not devices or min(devices) < 0 or len(set(devices)) != len(devices):
        raise argparse.ArgumentTypeError(f"{text!r}: expected distinct GPU indices like 0,1")
    return devices


def percent_argument(text: str, below: float = float("inf")) -> float:
    """A PERCENT flag's value, in percent: a number from 0 to below `below` (also the tuners')."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a percentage like 0.5") from None
    if not 0 <= value < below:
        bound = (
            "a finite percentage of 0 or more"
            if below == float("inf")
            else f"a percentage from 0 to below {below:g}"
        )
        raise argparse.ArgumentTypeError(f"{text!r}: expected {bound}")
    return value


def _margin(text: str) -> float:
    """--margin PERCENT as a fraction."""
    return percent_argument(text, below=100) / 100


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="fibgemm", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="benchmark solutions on workloads; append traces and rows")
    _add_root(run)
    run.add_argument("--solutions", nargs="+", help="solution names (default: all)")
    run.add_argument("--m", nargs="+", type=int, help="only the workloads with these M")
    run.add_argument(
        "--resume",
        action="store_true",
        help="skip pairs already traced with the same content under the same protocol",
    )
    run.add_argument(
        "--devices",
        type=_device_list,
        help="GPUs to spread the pairs over, e.g. 0,1 (default: every visible GPU; one worker "
        "process each)",
    )
    run.add_argument(
        "--any-gpu",
        action="store_true",
        help="also run solutions whose target_hardware does not list this GPU (by default "
        "they are skipped: a kernel built for another architecture can abort its worker)",
    )
    run.add_argument("--iters", type=int, default=100, help="timed calls per pair (>= 50)")
    run.add_argument("--warmup", type=int, default=10)
    run.add_argument("--trials", type=int, default=3, help="correctness trials, fresh inputs")
    run.add_argument("--workload-timeout", type=float, default=120.0, help="seconds per pair")
    run.add_argument("--build-timeout", type=float, default=900.0, help="seconds per build")
    run.add_argument("--no-report", action="store_true", help="skip the table and plot")
    run.add_argument(
        "--stored-inputs",
        action="store_true",
        help="run the stored-input workloads (stored_inputs/: Llama-like A and B from "
        "safetensors files) instead of the 43 random-input ones",
    )

    validate = sub.add_parser("validate", help="check every file of a dataset; no GPU needed")
    _add_root(validate)

    report = sub.add_parser("report", help="write results/summary.md and results/latency.png")
    _add_root(report)
    report.add_argument(
        "--compare", type=Path, nargs="+", metavar="CSV",
        help="instead: draw the ratio to torch.matmul per M of every solution, GPU and path in "
             "these results CSVs (the newest content of each) into --out",
    )  # fmt: skip
    report.add_argument("--out", type=Path, help="the --compare picture (default: "
                        "results/paths.png), or the --duel one (none by default)")  # fmt: skip
    report.add_argument("--portable", action="store_true",
                        help="instead: print the table of the FIBGEMM_PORTABLE=1 runs' results "
                             "CSV (writes nothing)")  # fmt: skip
    report.add_argument("--bands", action="store_true",
                        help="instead: print the README's table of the results CSV (--portable: "
                             "its CSV), bands of M over the checked-in contents' passes (writes "
                             "nothing)")  # fmt: skip
    report.add_argument(
        "--ab", nargs=2, metavar=("BEFORE", "AFTER"),
        help="instead: print the A/B of two commits' passes run in turn (FIBGEMM_COMMIT labels) "
             "from the results CSV (--portable: its CSV): per M, AFTER ahead, behind or mixed "
             "over the pairs on each GPU that ran both (writes nothing)",
    )  # fmt: skip
    report.add_argument("--solution", help="with --ab: the solution (default: the one with rows "
                        "of both commits)")  # fmt: skip
    report.add_argument(
        "--duel", type=Path, metavar="CSV",
        help="instead: print again the duel(s) whose rounds `fibgemm duel --csv` wrote to CSV, "
             "one report per A, B and GPU, and with --out draw them",
    )  # fmt: skip
    report.add_argument(
        "--margin", type=_margin, metavar="PERCENT",
        help="with --ab: the lead an M must show in every pair to count as ahead or behind "
             "(default: 1%% below M = 972, 0.6%% from it, the drift between passes; 0: the sign); "
             "with --duel: in every round (default: the duel's noise)",
    )  # fmt: skip

    duel = sub.add_parser(
        "duel", help="time two solutions (or two contents of one) head to head on one GPU"
    )
    _add_root(duel)
    duel.add_argument("a", metavar="A", help="the one to beat: a solution of the dataset by name, "
                      "or a solution JSON file")  # fmt: skip
    duel.add_argument("b", metavar="B", help="the challenger: a name, or a solution JSON file "
                      "(e.g. a copy packed from a changed table)")  # fmt: skip
    duel.add_argument("--m", nargs="+", type=int, help="only the workloads with these M")
    duel.add_argument("--rounds", type=int, default=6, help="profiles per M (>= 2; default 6)")
    duel.add_argument("--iters", type=int, default=300,
                      help="timed calls of each a round (>= 50; default 300)")  # fmt: skip
    duel.add_argument("--warmup", type=int, default=10)
    duel.add_argument(
        "--margin", type=_margin, metavar="PERCENT",
        help="the lead B must show in every round to count as ahead or behind (default: the "
             "duel's noise, the largest lead of A over itself)",
    )  # fmt: skip
    duel.add_argument("--csv", type=Path, help="append each round's times to this CSV")
    duel.add_argument(
        "--any-gpu",
        action="store_true",
        help="also run a contender whose target_hardware does not list this GPU",
    )

    export = sub.add_parser(
        "export", help="write a submission folder for the flashinfer-trace dataset"
    )
    _add_root(export)
    export.add_argument("--author", required=True, help="the author whose solutions to submit")
    export.add_argument("--hardware", required=True, help="e.g. NVIDIA_H200 (as traces name it)")
    export.add_argument("--out", type=Path, required=True, help="a new (or empty) folder")

    base = sub.add_parser(
        "baseline", help="time torch.matmul and solutions under both protocols (reported baseline)"
    )
    _add_root(base)
    base.add_argument("--solutions", nargs="+", help="solutions beside torch.matmul (default: all)")
    base.add_argument("--m", nargs="+", type=int, help="only the workloads with these M")

    tune = sub.add_parser("tune", help="retune a solution's table (runs tuners/tune_<which>.py)")
    _add_root(tune)
    tune.add_argument("which", choices=["triton", "cute", "cute_portable"])
    tune.add_argument("tuner_args", nargs=argparse.REMAINDER, help="passed to the tuner")

    add_paths_parser(sub)
    pack = sub.add_parser("pack", help="pack sources/<name>/ into the solution JSONs")
    _add_root(pack)
    pack.add_argument("--check", action="store_true", help="compare only; exit 1 if stale")
    return p


def parse_args(argv=None) -> argparse.Namespace:
    p = _parser()
    args = p.parse_args(argv)
    if args.command == "run":
        if args.iters < 50:
            p.error("--iters must be at least 50: a median of fewer calls is noise at 6 µs")
        if args.trials < 1 or args.warmup < 0:
            p.error("--trials must be at least 1 and --warmup at least 0")
        if args.workload_timeout <= 0 or args.build_timeout <= 0:
            p.error("timeouts must be positive")
    if args.command == "duel":
        if args.rounds < 2:
            p.error("--rounds must be at least 2: a lead in every round of one is no evidence")
        if args.iters < 50:
            p.error("--iters must be at least 50: fewer calls a round are noise at 6 µs")
        if args.warmup < 0:
            p.error("--warmup must be at least 0")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.command == "paths":  # asks about GPUs and toolchains, not about a dataset
        return cmd_paths(args)
    try:
        root = resolve_root(args.root)
    except CheckoutError as e:
        err(f"error: {e}")
        return 1
    commands = {
        "run": cmd_run,
        "report": cmd_report,
        "pack": cmd_pack,
        "export": cmd_export,
        "baseline": cmd_baseline,
        "tune": cmd_tune,
        "validate": cmd_validate,
        "duel": cmd_duel,
    }
    return commands[args.command](args, root)


def cmd_run(args, root: Path) -> int:
    from .dataset import solutions_by_name
    from .evaluate import Settings
    from .runner import (
        Runner,
        RunOptions,
        check_run_arguments,
        forced_portable,
        paths_served,
        results_path,
    )
    from .storage import repair_appended, unwritable

    if args.stored_inputs:
        root = root / "stored_inputs"
        if not (root / "workloads").is_dir():
            err(f"error: {root} holds no stored-input workloads")
            return 1
    repair_appended(root, log=err)
    dataset = load_or_report(root)
    if dataset is None:
        return 1
    for w in dataset.warnings:
        err(f"warning: {w}")
    problems = check_run_arguments(dataset, args.solutions, args.m)
    problems += [f"cannot write results: {p}" for p in unwritable(_written_folders(dataset))]
    portable = forced_portable()
    if portable and args.resume:
        problems.append(
            "--resume skips the pairs the dataset's traces hold, and a FIBGEMM_PORTABLE=1 run "
            "writes no traces: run it without --resume"
        )
    if problems:
        err("error: " + "\n       ".join(problems))
        return 1
    ts = dataset.trace_set
    print(
        f"dataset {root}: {sum(len(v) for v in ts.workloads.values())} workloads, "
        f"solutions {sorted(dataset.solution_files)}: valid"
    )

    if no_cuda("the dataset and arguments are"):
        return 2
    import torch
    from tqdm import tqdm

    from .runner import RecordError

    devices, problem = gpus_to_use(args.devices)
    if problem:
        err(f"error: {problem}")
        return 1
    print(f"GPUs: {', '.join(devices)} (one worker process each)")
    if portable:
        print(
            "FIBGEMM_PORTABLE=1: every solution on its portable path; rows in "
            f"{results_path(root, DEFINITION_NAME, portable=True).name} only: the traces and "
            "the summary keep what each solution does by default on this GPU"
        )
    solutions = args.solutions
    if not args.any_gpu:
        gpu = torch.cuda.get_device_name(0)
        every = sorted(solutions_by_name(ts))
        chosen = [ts.get_solution(n) for n in (solutions or every)]
        skipped = [s for s in chosen if not targets_gpu(s.spec.target_hardware, gpu)]
        for s in skipped:
            err(
                f"skipped {s.name}: its target_hardware {s.spec.target_hardware} does not list "
                f"this GPU ({gpu}); --any-gpu runs it anyway"
            )
        solutions = [s.name for s in chosen if s not in skipped]
        if not solutions:
            err("error: no selected solution targets this GPU")
            return 1
    options = RunOptions(
        devices=devices,
        solutions=solutions,
        ms=args.m,
        resume=args.resume,
        portable=portable,
        build_timeout_s=args.build_timeout,
        workload_timeout_s=args.workload_timeout,
        settings=Settings(correctness_trials=args.trials, warmup=args.warmup, iters=args.iters),
    )
    runner = Runner(dataset, options, log=tqdm.write)
    plan = runner.plan()
    total = sum(len(w) for _, w in plan)
    if total == 0:
        print("nothing to run: every selected pair already has a trace of this content")
        return 0
    start = time.perf_counter()
    with tqdm(total=total, unit="pair", desc="benchmark") as bar:
        runner.progress = bar
        try:
            rows = runner.run()
        except RecordError as e:
            err(f"error: {e}; the run stopped there, every earlier pair is recorded")
            return 4
        except KeyboardInterrupt:
            err(
                f"\ninterrupted: {len(runner.rows)} pair(s) recorded; `fibgemm run --resume` "
                "with the same arguments runs the rest"
            )
            return 130
    from .curation import content_hashes, keep_current

    if not portable:  # a portable run leaves the traces files as they were
        keep_current(root, solutions_by_name(ts), log=err)
    failed = [r for r in rows if r["status"] != "PASSED"]
    print(
        f"{len(rows)} pairs in {time.perf_counter() - start:.0f} s; {len(failed)} not passed"
        + "".join(f"\n  {r['solution']} M={r['M']}: {r['status']}" for r in failed)
    )
    served = paths_served(rows)
    if served:
        print("paths that served them (README, Which GPU runs what):\n  " + "\n  ".join(served))
    csv_path = results_path(root, DEFINITION_NAME, portable)
    if not args.no_report and csv_path.exists():
        print(_report(root, csv_path, portable, content_hashes(ts)))
    return 0 if not failed else 3


def _report(root: Path, csv_path: Path, portable: bool, current: dict | None = None) -> str:
    """The table of a results CSV; of the default paths' CSV also written, with its plot, into
    results/ (a portable one is only printed: summary.md and the plot show the default paths).
    Rows of the checked-in solutions' content come first (report.latest): `current` their
    content hashes where the caller has the dataset loaded, else read from `root`."""
    from .report import load_rows, table, write_report

    if current is None:
        current = _checked_in_hashes(root)
    if portable:
        return table(
            load_rows(csv_path), current=current, run_command="FIBGEMM_PORTABLE=1 fibgemm run"
        )
    return write_report(csv_path, root / "results", current)


def _checked_in_hashes(root: Path) -> dict[str, str] | None:
    """Each checked-in solution's content hash (as the results CSV's solution_sha1 records
    it), read from the solution JSONs alone: a report needs no workload, so a dataset that
    does not load for another reason (a stored-input dataset whose generated file is absent)
    still reports its checked-in contents' rows. None where a solution JSON does not load (a
    warning names it; the report then takes the newest rows whatever their content)."""
    from flashinfer_bench.data import Solution

    hashes = {}
    for path in sorted((root / "solutions").rglob("*.json")):
        try:
            solution = Solution.model_validate_json(path.read_text())
        except (OSError, ValueError) as e:
            first = (str(e).splitlines() or [type(e).__name__])[0]
            err(
                f"warning: {path}: {first}; so the report takes the newest rows whatever their "
                "content (a run of a modified copy may show as the solution's figure)"
            )
            return None
        hashes[solution.name] = solution.hash()
    return hashes


def _written_folders(dataset) -> list[Path]:
    from .runner import results_path

    folders = {results_path(dataset.root, name).parent for name in dataset.trace_set.definitions}
    for d in dataset.trace_set.definitions.values():
        for s in dataset.trace_set.solutions.get(d.name, []):
            folders.add(layout.trace_path(dataset.root, s.author, d.op_type, d.name).parent)
    return sorted(folders)


def cmd_validate(args, root: Path) -> int:
    dataset = load_or_report(root)
    if dataset is None:
        return 1
    for w in dataset.warnings:
        err(f"warning: {w}")
    ts = dataset.trace_set
    traces = sum(len(v) for v in ts.traces.values())
    print(
        f"{root}: valid: {len(ts.definitions)} definition(s), "
        f"{sum(len(v) for v in ts.workloads.values())} workloads, "
        f"{len(dataset.solution_files)} solutions, {traces} traces"
        + (f", {len(dataset.warnings)} warning(s)" if dataset.warnings else "")
    )
    return 0


def cmd_report(args, root: Path) -> int:
    from .runner import results_path

    if args.duel:
        flags = {"--compare": args.compare, "--ab": args.ab, "--portable": args.portable,
                 "--solution": args.solution, "--bands": args.bands}  # fmt: skip
        others = ", ".join(flag for flag, given in flags.items() if given)
        if others:
            err(f"error: --duel reads a duel's CSV; {others} read results CSVs: pick one")
            return 1
        return duel_again(args.duel, args.margin, args.out)
    if args.compare and args.portable:
        err("error: --compare draws the CSVs it names; --portable prints one table: pick one")
        return 1
    if (args.solution or args.margin is not None) and not args.ab:
        err("error: --solution and --margin go with an --ab comparison; give --ab too")
        return 1
    if args.bands and (args.ab or args.compare or args.out):
        err("error: --bands prints the README's table; --ab, --compare and --out do otherwise: "
            "pick one")  # fmt: skip
        return 1
    if args.ab and (args.compare or args.out):
        err("error: --ab prints an A/B from the results CSV; --compare and --out draw: pick one")
        return 1
    if args.compare:
        return _compare(args.compare, args.out or root / "results" / "paths.png")
    if args.out:
        err("error: --out names the --compare picture; without --compare nothing uses it")
        return 1

    csv_path = results_path(root, DEFINITION_NAME, args.portable)
    if not csv_path.exists():
        run = "FIBGEMM_PORTABLE=1 fibgemm run" if args.portable else "fibgemm run"
        err(f"error: {csv_path} does not exist: run `{run}` first")
        return 1
    if args.ab:
        return _ab(csv_path, *args.ab, args.solution, args.margin)
    if args.bands:
        from .report import band_table, load_rows

        print(band_table(load_rows(csv_path), _checked_in_hashes(root)))
        return 0
    print(_report(root, csv_path, args.portable))
    return 0


def _ab(csv_path: Path, before: str, after: str, solution: str | None, margin: float | None) -> int:
    from .ab import ABError, ab_report
    from .report import load_rows

    try:
        print(ab_report(load_rows(csv_path), before, after, solution, margin))
    except (ABError, *CSV_READ_ERRORS) as e:
        err(f"error: {csv_path}: {e}")
        return 1
    return 0


def _compare(csvs: list[Path], out: Path) -> int:
    from .compare import COLUMNS, curves, plot_curves, summary_lines
    from .report import load_rows

    missing = [str(p) for p in csvs if not p.is_file()]
    if missing:
        err(f"error: no such results CSV: {', '.join(missing)}")
        return 1
    rows = []
    for path in csvs:
        try:
            these = load_rows(path)
        except CSV_READ_ERRORS as e:
            err(f"error: {path}: {e}")
            return 1
        lacking = COLUMNS - set(these[0]) if these else set()
        if lacking:
            err(f"error: {path}: not a results CSV (no column {', '.join(sorted(lacking))})")
            return 1
        rows += these
    lines = curves(rows)
    if not lines:
        err("error: no PASSED row that names its path in " + ", ".join(map(str, csvs)))
        return 1
    plot_curves(lines, out)
    print("\n".join(summary_lines(lines)) + f"\nwrote {out}")
    return 0


def cmd_export(args, root: Path) -> int:
    from .export import ExportError, export

    dataset = load_or_report(root)
    if dataset is None:
        return 1
    try:
        files = export(dataset, args.author, args.hardware, args.out)
    except ExportError as e:
        err(str(e))
        return 1
    print(f"wrote {args.out}:")
    for f in files:
        print(f"  {f}")
    return 0


def cmd_baseline(args, root: Path) -> int:
    import csv

    from . import protocols
    from .dataset import solutions_by_name
    from .report import wrapped
    from .runner import check_run_arguments
    from .storage import unwritable

    dataset = load_or_report(root)
    if dataset is None:
        return 1
    problems = check_run_arguments(dataset, args.solutions, args.m)
    out_dir = root / "results"
    problems += [f"cannot write results: {p}" for p in unwritable([out_dir])]
    if problems:
        err("error: " + "\n       ".join(problems))
        return 1
    if no_cuda():
        return 2
    names = args.solutions or sorted(solutions_by_name(dataset.trace_set))
    csv_path = out_dir / "baseline_protocols.csv"
    out_dir.mkdir(parents=True, exist_ok=True)
    with open(csv_path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=protocols.FIELDS)
        w.writeheader()

        def write_row(row):
            w.writerow(row)
            f.flush()  # a crash later keeps every row measured so far
            print(f"M={row['M']:>5} {row['callable']:<14} events {row['events_mean_us']:>8} us"
                  f"  CUPTI {row['cupti_median_us']:>8} us")  # fmt: skip

        protocols.measure(dataset, names, args.m, write_row, log=err)
    with open(csv_path, newline="") as f:
        rows = list(csv.DictReader(f))
    reported = protocols.reported_b200(out_dir / "reported_baseline_b200.csv")
    text = protocols.table(rows, reported)
    (out_dir / "baseline_protocols.md").write_text(wrapped(text) + "\n")
    protocols.plot(rows, reported, out_dir / "baseline_protocols.png")
    print(text)
    return 0


def cmd_tune(args, root: Path) -> int:
    """The tuners live in the checkout (tuners/), not in the installed package: a tuned table
    is a source file of a solution, rewritten in place."""
    import os
    import subprocess

    tuner = root / "tuners" / f"tune_{args.which}.py"
    if not tuner.exists():
        err(f"error: {tuner} does not exist: `fibgemm tune` runs from a checkout")
        return 1
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])),
    }
    cmd = [sys.executable, "-m", f"tuners.tune_{args.which}", *args.tuner_args]
    return subprocess.run(cmd, cwd=root, env=env).returncode


def cmd_pack(args, root: Path) -> int:
    from .packing import pack_all

    stale = pack_all(root, check=args.check, log=print)
    if stale:
        err("out of date (run `fibgemm pack`):\n  " + "\n  ".join(map(str, stale)))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
