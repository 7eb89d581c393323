"""`fibgemm duel`: two solutions, or two contents of one, timed head to head on one GPU
(docs/comparing.md), and `fibgemm report --duel`, which prints such a duel again from its CSV."""

import csv
from pathlib import Path

from .command_support import CSV_READ_ERRORS, err, load_or_report, no_cuda
from .gpus import targets_gpu


def cmd_duel(args, root: Path) -> int:
    from .runner import check_run_arguments

    dataset = load_or_report(root)
    if dataset is None:
        return 1
    ts = dataset.trace_set
    problems = check_run_arguments(dataset, None, args.m)
    contenders = {}
    for side, spec in (("A", args.a), ("B", args.b)):
        found = _contender(spec, ts)
        if isinstance(found, str):
            problems.append(f"{side}: {found}")
        else:
            contenders[side] = found
    problems += _duel_csv_problems(args.csv)
    if problems:
        err("error: " + "\n       ".join(problems))
        return 1
    if no_cuda():
        return 2
    import torch

    gpu = torch.cuda.get_device_name()
    for side, (solution, _) in contenders.items():
        if not args.any_gpu and not targets_gpu(solution.spec.target_hardware, gpu):
            err(f"error: {side}'s target_hardware {solution.spec.target_hardware} does not "
                 f"list this GPU ({gpu}); --any-gpu runs it anyway")  # fmt: skip
            return 1
    return _run_duel(args, root, ts, contenders)


def _contender(spec: str, ts):
    """(Solution, label) of a duel's side: a solution of the dataset by name, or a solution
    JSON file; else the problem, as text."""
    from .dataset import DatasetError, load_solution_file, solutions_by_name
    from .duel import label

    path = Path(spec)
    if path.suffix == ".json" or path.is_file():
        try:
            solution = load_solution_file(path, ts.definitions)
        except DatasetError as e:
            return "; ".join(e.problems)
        return solution, label(solution.name, solution.hash(), path)
    named = solutions_by_name(ts)
    if spec not in named:
        return f"{spec!r} is no solution of the dataset {sorted(named)} and no .json file"
    return named[spec], label(spec, named[spec].hash())


def _duel_csv_problems(path: Path | None) -> list[str]:
    """Why --csv cannot take the duel's rows (it must be new, or a duel's CSV already)."""
    from .duel import header_problem
    from .storage import unwritable

    if path is None:
        return []
    if path.exists():
        with open(path, newline="") as f:
            problem = header_problem(next(csv.reader(f), []))
        if problem:
            return [f"--csv {path}: exists and {problem}; name a new file"]
    return [f"--csv: {p}" for p in unwritable([path.parent])]


def _run_duel(args, root: Path, ts, contenders: dict) -> int:
    import datetime as dt

    from flashinfer_bench.compile import BuilderRegistry
    from tqdm import tqdm

    from . import duel
    from .worker import gpu_label

    definition = ts.definitions[contenders["A"][0].definition]
    gpu, labels = gpu_label(), [label for _, label in contenders.values()]
    if duel.same_content(*labels):
        print(duel.NO_OP)
    registry = BuilderRegistry.get_instance()
    runnables = {}
    for side, (solution, label) in contenders.items():
        try:
            runnables[side] = registry.build(definition, solution)
        except Exception as e:
            err(f"error: {side} ({label}) does not build: {type(e).__name__}: {e}")
            return 3
    workloads = {
        t.workload.axes["M"]: t.workload
        for t in ts.workloads[definition.name]
        if args.m is None or t.workload.axes["M"] in args.m
    }
    out = None
    if args.csv:
        new = not args.csv.exists()
        args.csv.parent.mkdir(parents=True, exist_ok=True)
        out = open(args.csv, "a", newline="")
        writer = csv.DictWriter(out, fieldnames=duel.CSV_FIELDS)
        if new:
            writer.writeheader()
    bar = tqdm(total=len(workloads) * args.rounds, unit="round", desc="duel")

    timed = []

    def on_round(r):
        timed.append(r)
        bar.update()
        if out:  # each round is written as it is timed: a crash keeps every one before it
            date = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
            writer.writerow(duel.csv_row(r, date, gpu, *labels))
            out.flush()

    stopped = None
    try:
        _, failed = duel.measure(
            definition, dict(sorted(workloads.items())), runnables, args.rounds, args.iters,
            args.warmup, on_round, root=root,
        )  # fmt: skip
    except KeyboardInterrupt:
        stopped, failed = "interrupted", {}
    except Exception as e:  # a contender that fails mid-round: what was timed still counts
        stopped, failed = f"the duel stopped: {type(e).__name__}: {e}", {}
    finally:
        bar.close()
        if out:
            out.close()
    print(duel.report(timed, labels[0], labels[1], gpu, args.margin, failed))
    if stopped:
        err(f"{stopped}; the report holds the {len(timed)} round(s) timed before it"
             + (f", {args.csv} each as it was timed" if args.csv else ""))  # fmt: skip
        return 130 if stopped == "interrupted" else 3
    return 3 if failed else 0


def duel_again(path: Path, margin: float | None, out: Path | None) -> int:
    from . import duel

    try:
        groups = duel.rounds_from_csv(path)
    except (duel.DuelCSVError, *CSV_READ_ERRORS) as e:
        err(f"error: {path}: {e}")
        return 1
    reports = [
        (duel.NO_OP + "\n" if duel.same_content(a, b) else "")
        + duel.report(rounds, a, b, gpu, margin)
        for (a, b, gpu), rounds in groups.items()
    ]
    print("\n\n".join(reports))
    if out:
        from .duel_plot import plot_duels

        plot_duels(groups, out, margin)
        print(f"wrote {out}")
    return 0
