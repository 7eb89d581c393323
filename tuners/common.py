"""What the tuning scripts share: the M buckets, ranking candidates under the runner's
protocol (CUPTI span after a 256 MB zero fill, median) against torch.matmul, and writing a
solution's tuned.py so that anyone can regenerate it on a GPU.
"""

import argparse
import dataclasses
import datetime as dt
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

import torch

from fibgemm import WORKLOAD_MS, K, N
from fibgemm.cli import percent_argument
from fibgemm.report import geomean
from fibgemm.timing import ColdL2Timer

INF = 1 << 62
# Bucket upper limits and the M each is tuned at (its largest workload M: the worst case).
# Up to 256 every workload M is a bucket of its own: a tile width that suits M = 80 pads M = 96
# into a second tile, and no one config serves a wide bucket well.
BUCKETS = [m for m in WORKLOAD_MS if m <= 256] + [1024, 2176, 4096, INF]
REPRESENTATIVE = {limit: limit for limit in BUCKETS if limit <= 256}
REPRESENTATIVE.update({1024: 972, 2176: 2053, 4096: 2379, INF: 8192})
# The two ways a bucket can be tuned, as a tuned.py's docstring names them.
SINGLE_M = "each bucket tuned at its largest workload M"
EVERY_M = "each bucket scored by its geomean speedup over every workload M in it"

Launch = Callable[[torch.Tensor, torch.Tensor, torch.Tensor, object], None]


def bucket_label(limit: int) -> str:
    return "inf" if limit == INF else str(limit)


def device_sms() -> int:
    """The SMs of CUDA device 0 (the tuners size one wave of tiles by it); the H200's 132 where
    there is no GPU (the candidate lists' CPU tests)."""
    if torch.cuda.is_available():
        return torch.cuda.get_device_properties(0).multi_processor_count
    return 132


def workload_ms(limit: int) -> list[int]:
    """The workload Ms that fall in the bucket ending at `limit`."""
    lower = max((b for b in BUCKETS if b < limit), default=0)
    return [m for m in WORKLOAD_MS if lower < m <= limit]


def bucket_index(table: list, m: int) -> int:
    """The index of the row that serves M = m in `table` ((limit, config) rows in bucket order,
    the last covering every larger M), as the solutions' select_config picks it."""
    return next((j for j, (limit, _) in enumerate(table) if m <= limit), len(table) - 1)


def row_for(table: list, m: int):
    """The config that serves M = m in `table`."""
    return table[bucket_index(table, m)][1]


def neighbour_configs(table: list, m: int) -> list:
    """The configs of the buckets just below and just above the one that holds M = m in `table`
    ((limit, config) rows in bucket order, the last covering every larger M), without the bucket's
    own config or repeats. A tuning run ranks a bucket's candidates within its own noise; a
    neighbour's config, timed again beside the bucket's own, corrects a pick that noise made."""
    i = bucket_index(table, m)
    own = table[i][1]
    out = []
    for j in (i - 1, i + 1):
        if 0 <= j < len(table) and table[j][1] != own and table[j][1] not in out:
            out.append(table[j][1])
    return out


def and_flipped(cfg, flag: str, valid: Callable[[object], bool]) -> list:
    """cfg (a config dataclass) and, where `valid` takes it, the same with the boolean field
    `flag` the other way: the candidates of a tuner pass that tries one switch both ways, so
    that a retune can step back."""
    flipped = dataclasses.replace(cfg, **{flag: not getattr(cfg, flag)})
    return [cfg] + ([flipped] if valid(flipped) else [])


def is_correct(launch: Launch, cfg, a: torch.Tensor, b: torch.Tensor, ref: torch.Tensor) -> bool:
    """Every element written and within 1e-2 + 1e-2·|ref| of the float32 reference; False, with
    a line saying why, for a config that fails to launch."""
    c = torch.full((a.shape[0], N), float("nan"), dtype=torch.float16, device=a.device)
    try:
        launch(a, b, c, cfg)
        if a.is_cuda:
            torch.cuda.synchronize(a.device)
    except Exception as e:  # a config the device refuses (shared memory, launch bounds)
        if not device_still_usable(a.device):
            # A fault (illegal address, ...) poisons the CUDA context: every later config would
            # "fail" too and the table would come from whatever ran before.
            raise RuntimeError(f"the CUDA context is lost after {cfg}; tuning stopped") from e
        print(f"skipped {cfg}: {type(e).__name__}: {str(e).strip()[:160]}", flush=True)
        return False
    return bool(((c.float() - ref).abs() <= 1e-2 + 1e-2 * ref.abs()).all())


def device_still_usable(device: torch.device) -> bool:
    """Whether a tiny kernel still runs on `device` (false after a sticky CUDA error)."""
    try:
        return torch.ones(1, device=device).add_(1).item() == 2.0
    except Exception:
        return False


def rank_bucket(
    timer: ColdL2Timer,
    m: int,
    b: torch.Tensor,
    cfgs: Sequence,
    launch: Launch,
    iters: int,
    guard: float | None = None,
    after_itself: bool = False,
) -> tuple[list[tuple[float, object]], float, int]:
    """(median µs, config) of the correct configs at M = m, fastest first; torch's median µs;
    how many configs were ranked. Fresh random A for every call of this function.

    Each round calls every candidate in turn, each right after the one before it; with
    `after_itself` each is called twice in a row and timed on its second call, right after
    itself as the runner times it (twice the calls), so its figure no longer depends on which
    candidate ran before it (the SMs' instruction caches keep the last kernel's code).

    With `guard` (a fraction, e.g. 0.01) each candidate is followed by a timed torch.matmul,
    and a candidate after which torch.matmul runs more than `guard` slower than right after
    itself is dropped, with a line saying so: a kernel of much code evicts the next kernel's
    code from the SMs' instruction caches, which the L2 fill leaves warm (docs/timing.md)."""
    a = torch.randn(m, K, dtype=torch.float16, device=b.device)
    ref = a.float() @ b.float().T
    good = [c for c in cfgs if is_correct(launch, c, a, b, ref)]
    out = torch.empty(m, N, dtype=torch.float16, device=b.device)

    def reference():
        torch.matmul(a, b.T, out=out)

    calls = 2 if after_itself else 1  # the candidate's calls in a row, the last one timed
    after = [] if guard is None else [reference]  # what follows each candidate in a round
    step = calls + len(after)
    fns = [f for c in good for f in (*[lambda c=c: launch(a, b, out, c)] * calls, *after)]
    # torch.matmul twice in a row, its second call timed right after itself as the runner
    # times it: right after a candidate of much code it reads up to ~5% slower. Without the
    # guard the ranking does not depend on it.
    fns += [reference] * 2
    times = timer.time_many(fns, iters=iters, warmup=3)
    torch_us = times[-1].p50
    ranked = []
    for i, cfg in enumerate(good):
        if guard is not None:
            shift = times[step * i + calls].p50 / torch_us - 1
            # Every shift is printed, kept or not: a log then shows how near the guard each was.
            verdict = "dropped" if shift > guard else "kept"
            print(f"  {verdict} {cfg}: torch.matmul {shift:+.1%} right after it", flush=True)
            if shift > guard:
                continue
        ranked.append((times[step * i + calls - 1].p50, cfg))
    ranked.sort(key=lambda x: x[0])
    return ranked, torch_us, len(ranked)


def rank_bucket_over_ms(
    timer: ColdL2Timer,
    ms: Sequence[int],
    b: torch.Tensor,
    cfgs: Sequence,
    launch: Launch,
    iters: int,
    guard: float | None = None,
    after_itself: bool = False,
) -> tuple[list[tuple[float, object]], int]:
    """(geomean speedup over torch across `ms`, config) of the configs correct (and within the
    `guard` of rank_bucket) at every m, best first, and how many those are. Each m gets fresh
    inputs and its own torch timing, so the score is what the runner would report for the
    bucket's workloads."""
    ratios: dict = {}
    for m in ms:
        ranked, torch_us, _ = rank_bucket(
            timer, m, b, cfgs, launch, iters, guard, after_itself=after_itself
        )
        for us, cfg in ranked:
            ratios.setdefault(cfg, []).append(torch_us / us)
    scored = [(geomean(r), cfg) for cfg, r in ratios.items() if len(r) == len(ms)]
    scored.sort(key=lambda x: -x[0])
    return scored, len(scored)


def bucket_line_over_ms(ms: Sequence[int], limit: int, scored: list, n_correct: int) -> str:
    """The provenance line of a bucket scored over several M."""
    runner_up = f"; runner-up {scored[1][0]:.3f}x" if len(scored) > 1 else ""
    return (
        f"M in {','.join(map(str, ms))} (bucket <= {bucket_label(limit)}): best geomean "
        f"{scored[0][0]:.3f}x vs torch{runner_up}; {n_correct} configs"
    )


def configs_to_compile(todo: Sequence[int], candidates: Callable, every_m: bool) -> list:
    """Every candidate any bucket in `todo` will time, once, in a fixed order."""
    return sorted(
        {c for limit in todo for m in tuned_ms(limit, every_m) for c in candidates(m)}, key=repr
    )


def tuned_ms(limit: int, every_m: bool) -> list[int]:
    """The Ms a bucket is timed at: all its workload Ms, or its representative one."""
    return workload_ms(limit) if every_m else [REPRESENTATIVE[limit]]


def tune_bucket(
    timer: ColdL2Timer,
    limit: int,
    b: torch.Tensor,
    candidates: Callable,
    launch: Launch,
    iters: int,
    every_m: bool,
    usable: set | None = None,
    report: Callable[[str], None] | None = None,
    current: object = None,
    pool=None,
    guard: float | None = None,
    keep_within: float | None = None,
    after_itself: bool = False,
) -> tuple[object, str]:
    """The best config of one bucket and its provenance line. `usable`: the configs that
    compiled (None: all). `report`, if given, gets the bucket's `scoreboard` (`current`: the
    config the table held, marked there). `pool` (a gpu_pool.GpuPool): rank the candidates on
    several GPUs, each against torch on its own GPU, and pick from the gathered ratios.
    `guard`, `after_itself`: see rank_bucket. `keep_within`: see incumbent_or_best."""
    ms = tuned_ms(limit, every_m)
    cfgs = configs_to_compile([limit], candidates, every_m)
    cfgs = [c for c in cfgs if usable is None or c in usable]
    if pool is not None:
        speedups = pool.rank(ms, cfgs, iters, guard, after_itself)
        line = bucket_line_over_ms(ms, limit, speedups, len(speedups)) if speedups else ""
    elif every_m:
        speedups, n_ok = rank_bucket_over_ms(
            timer, ms, b, cfgs, launch, iters, guard, after_itself=after_itself
        )
        line = bucket_line_over_ms(ms, limit, speedups, n_ok) if speedups else ""
    else:  # at one M, times
        ranked, torch_us, n_ok = rank_bucket(
            timer, ms[0], b, cfgs, launch, iters, guard, after_itself=after_itself
        )
        speedups = [(torch_us / us, cfg) for us, cfg in ranked]
        line = bucket_line(ms[0], limit, ranked, torch_us, n_ok) if ranked else ""
    if not speedups:
        return _nothing_ranked(limit, cfgs, guard, current, report)
    if report:
        report(scoreboard(speedups, current))
    pick, kept = incumbent_or_best(speedups, current, keep_within)
    return pick, line + kept


def incumbent_or_best(
    speedups: list, current: object, keep_within: float | None
) -> tuple[object, str]:
    """The config to take from `speedups` ((speedup, config), best first), and what the
    bucket's provenance line then adds: the best, unless the table's row (`current`) ranked
    within `keep_within` (a fraction) of it, then the row. Among hundreds of configs a run's
    winner by less than its noise is as likely luck as speed, and a table that changes on luck
    changes its evidence for nothing."""
    best_speedup, best = speedups[0]
    if keep_within is None or current is None or best == current:
        return best, ""
    row = next((speedup for speedup, cfg in speedups if cfg == current), None)
    if row is None or best_speedup > row * (1 + keep_within):
        return best, ""
    return current, f"; the table's row kept ({row:.3f}x, within {keep_within:.1%} of the best)"


def _nothing_ranked(
    limit: int, cfgs: Sequence, guard: float | None, current: object, report
) -> tuple[object, str]:
    """A bucket where no candidate ranked. Under the guard, with a table row to keep, the row
    stays, named as such, so that one such bucket does not end a run over many; otherwise the
    run stops, naming the bucket."""
    label = bucket_label(limit)
    if guard is None or current is None:
        within = " and within the reference guard" if guard is not None else ""
        raise SystemExit(f"bucket <= {label}: none of {len(cfgs)} configs is correct{within}")
    line = (
        f"bucket <= {label}: all {len(cfgs)} configs moved torch.matmul past the guard; "
        "the table's row stays"
    )
    if report:
        report(f"      {line}")
    return current, line


SCOREBOARD_ROWS = 12


def scoreboard(scored: list, current: object = None, rows: int = SCOREBOARD_ROWS) -> str:
    """The bucket's configs by speedup over torch, best first (`rows` of them, and the current
    table's config wherever it ranks), so that a log shows by how much the winner won."""
    lines = []
    for rank, (speedup, cfg) in enumerate(scored):
        if rank < rows or cfg == current:
            mark = "  (the table's)" if cfg == current else ""
            lines.append(f"      {rank + 1:3d}. {speedup:.3f}x  {cfg!r}{mark}")
    hidden = len(scored) - len(lines)
    if hidden:
        lines.insert(rows, f"      ... {hidden} more")
    return "\n".join(lines)


def tuning_method(every_m: bool, todo: Sequence[int], note: str = "") -> str:
    """How the table's provenance lines were made, for its docstring (`note`: what else the
    tuner says about this run)."""
    method = SINGLE_M if not every_m else EVERY_M
    if every_m and set(todo) != set(BUCKETS):
        method += " (the buckets not retuned keep their own lines)"
    return method + (f"; {note}" if note else "")


def bucket_line(m: int, limit: int, ranked: list, torch_us: float, n_correct: int) -> str:
    """The provenance line a tuned.py keeps for one bucket."""
    best_us = ranked[0][0]
    runner_up = f"; runner-up {ranked[1][0]:.2f} us" if len(ranked) > 1 else ""
    return (
        f"M={m:5d} (bucket <= {bucket_label(limit)}): best {best_us:7.2f} us vs torch "
        f"{torch_us:7.2f} us ({torch_us / best_us:.3f}x){runner_up}; {n_correct} configs"
    )


def table_rows(table: list, doc: str | None, buckets: set) -> tuple[dict, dict]:
    """Configs and provenance lines of an existing table for those of `buckets` it has."""
    configs = {limit: cfg for limit, cfg in table if limit in buckets}
    lines = {}
    for line in (doc or "").splitlines():
        for limit in buckets:
            if f"(bucket <= {bucket_label(limit)})" in line:
                lines[limit] = line
    return configs, lines


def kept_rows(table: list, doc: str | None, keep: set) -> tuple[dict, dict]:
    """Configs and provenance lines of an existing table for the buckets not retuned."""
    configs, lines = table_rows(table, doc, keep)
    if set(configs) != keep:
        raise SystemExit(f"tuned.py lacks buckets {sorted(keep - set(configs))}: retune them")
    return configs, lines


def kept_and_current(table: list, doc: str | None, retune: Sequence[int]) -> tuple:
    """The rows and lines of an existing table a tuner needs before it compiles: `kept_rows` of
    the buckets not retuned (so that a table lacking one fails first), `table_rows` of those
    retuned (what tune_and_save writes for the buckets it has not reached yet)."""
    kept = kept_rows(table, doc, set(BUCKETS) - set(retune))
    return kept, table_rows(table, doc, set(retune))


def render_table(
    script: str,
    imports: str,
    best: dict,
    device: str,
    date: str,
    notes: dict,
    method: str = SINGLE_M,
) -> str:
    """The text of a tuned.py: provenance docstring (device, date, command, protocol, one line
    a bucket), DEVICE, DATE and TABLE with one line a bucket, which `ruff format` leaves as it
    is, so that the file a tuner writes on a GPU is the one committed and packed."""
    rows = "\n".join(
        f"    ({'1 << 62' if limit == INF else limit}, {_config_source(best[limit])}),"
        for limit in BUCKETS
    )
    lines = "\n".join(notes[limit] for limit in BUCKETS if limit in notes)
    return f'''"""Config per M bucket, written by {script} on the device; do not edit.

Provenance: tuned on {device}, {date}, by `python -m {script.removesuffix(".py").replace("/", ".")}`
(CUPTI span after a 256 MB zero fill, median); {method}.
{lines}
"""

{imports}

DEVICE = "{device}"
DATE = "{date}"

# (largest M of the bucket, config), one line a bucket; the last covers every larger M.
# fmt: off
TABLE = [
{rows}
]
# fmt: on
'''


def _config_source(cfg) -> str:
    """A config dataclass as source on one line, every field named (strings in double quotes,
    as ruff writes them); anything else as its repr."""
    if not dataclasses.is_dataclass(cfg):
        return repr(cfg)
    fields = ", ".join(
        f"{f.name}={json.dumps(v) if isinstance(v, str) else repr(v)}"
        for f in dataclasses.fields(cfg)
        for v in [getattr(cfg, f.name)]
    )
    return f"{type(cfg).__name__}({fields})"


class Refinement(NamedTuple):
    """A tuner's refinement pass: a bucket's candidates, the note the table's docstring gets,
    and the help of its command-line flag (--<name>, underscores as hyphens)."""

    candidates: Callable
    note: str
    help: str


def parse_tuner_args(
    description: str, iters: int, refinements: dict | None = None
) -> argparse.Namespace:
    """The command line both tuners take, plus a flag for each of a tuner's `refinements`
    (name -> Refinement), of which one at most may be given; `buckets` comes back as the list
    to tune."""
    p = argparse.ArgumentParser(description=description)
    # (an empty group would break argparse's usage line, and so every error message)
    passes = p.add_mutually_exclusive_group() if refinements else None
    for name, refinement in (refinements or {}).items():
        flag = "--" + name.replace("_", "-")
        passes.add_argument(flag, action="store_true", help=refinement.help)
    p.add_argument("--iters", type=int, default=iters, help="timed calls per config")
    p.add_argument(
        "--devices",
        type=lambda text: [int(x) for x in text.split(",")],
        help="GPUs to spread each bucket's candidates over, e.g. 0,1 (default: every GPU)",
    )
    p.add_argument("--jobs", type=int, default=12, help="parallel compile processes (Triton)")
    p.add_argument("--dry-run", action="store_true", help="print, do not write tuned.py")
    p.add_argument(
        "--every-m",
        action="store_true",
        help="score configs by geomean speedup over every workload M of a bucket, not its largest",
    )
    p.add_argument(
        "--buckets",
        nargs="+",
        type=int,
        help="retune only these bucket limits; keep the others from tuned.py",
    )
    add_guard_argument(p)
    add_after_itself_argument(p)
    p.add_argument(
        "--keep-within",
        type=percent_argument,
        metavar="PERCENT",
        help="keep a bucket's table row unless a candidate beats it by more than PERCENT%% "
        "(a run's winner among many configs by less than its noise is as likely luck)",
    )
    args = p.parse_args()
    args.buckets = args.buckets or BUCKETS
    if set(args.buckets) - set(BUCKETS):
        p.error(f"--buckets must be among {BUCKETS}")
    return args


def add_guard_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--guard-reference",
        type=percent_argument,
        metavar="PERCENT",
        help="drop candidates after which torch.matmul runs more than PERCENT%% slower than "
        "after itself (each candidate's code evicts the next kernel's: docs/timing.md); "
        "doubles the timed calls",
    )


def add_after_itself_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--after-itself",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="time each candidate on its second call in a row, right after itself as the runner "
        "times a solution (the default; twice the calls). With --no-after-itself the candidates "
        "run back to back and a round's first one, right after torch.matmul, pays for fetching "
        "its code into the SMs' instruction caches (1-3%% at M <= 128)",
    )


def _with_method_notes(note: str, args: argparse.Namespace) -> str:
    """The table's method note, plus what --guard-reference dropped and what --keep-within
    kept."""
    added = []
    if guard_fraction(args) is not None:
        added.append(
            f"candidates after which torch.matmul ran more than {args.guard_reference:g}% "
            "slower than after itself were dropped"
        )
    if keep_fraction(args) is not None:
        added.append(f"a row stayed unless beaten by more than {args.keep_within:g}%")
    if getattr(args, "after_itself", False):
        added.append("each candidate timed right after itself")
    elif hasattr(args, "after_itself"):
        added.append("candidates timed back to back")
    return "; ".join([note] * bool(note) + added)


def _fraction(args: argparse.Namespace, name: str) -> float | None:
    """A PERCENT option as a fraction (None without it)."""
    pct = getattr(args, name, None)
    return None if pct is None else pct / 100


def guard_fraction(args: argparse.Namespace) -> float | None:
    """--guard-reference as a fraction (None without it)."""
    return _fraction(args, "guard_reference")


def keep_fraction(args: argparse.Namespace) -> float | None:
    """--keep-within as a fraction (None without it)."""
    return _fraction(args, "keep_within")


class TunerStart(NamedTuple):
    args: argparse.Namespace
    kept: tuple[dict, dict]
    current: tuple[dict, dict]
    candidates: Callable
    note: str
    configs: list


def start_tuner(
    description: str, iters: int, refinements: dict, default: Callable, tuned
) -> TunerStart | None:
    """What both tuners do before they compile: parse the command line, refuse without CUDA
    (None), read the table being retuned (`tuned`, its module), pick the pass's candidates and
    list every config the run will time."""
    args = parse_tuner_args(description, iters=iters, refinements=refinements)
    if not torch.cuda.is_available():
        print("tuning needs a CUDA device", file=sys.stderr)
        return None
    kept, current = kept_and_current(tuned.TABLE, tuned.__doc__, args.buckets)
    pick_from, note = refinement_pass(args, refinements, default)
    configs = configs_to_compile(args.buckets, pick_from, args.every_m)
    return TunerStart(args, kept, current, pick_from, note, configs)


def refinement_pass(args: argparse.Namespace, refinements: dict, default: Callable):
    """(candidates, the note the table's docstring gets) of the refinement pass the command
    line gave (`refinements`: name -> Refinement), or (default, "")."""
    for name, refinement in refinements.items():
        if getattr(args, name):
            return refinement.candidates, refinement.note
    return default, ""


def save_table(text: str, path, dry_run: bool, quiet: bool = False) -> None:
    if dry_run:
        print(text)
    else:
        path.write_text(text)
        if not quiet:
            print(f"wrote {path}: run `fibgemm pack` next")


def tuning_gpus(args: argparse.Namespace) -> list[str]:
    """The GPUs a tuning run ranks on (args.devices, default every GPU of one kind)."""
    from fibgemm.gpus import gpus_to_use

    devices, problem = gpus_to_use(getattr(args, "devices", None))
    if problem:
        raise SystemExit(problem)
    return devices


def tune_and_save(
    args: argparse.Namespace,
    kept: tuple[dict, dict],
    script: str,
    imports: str,
    path: Path,
    candidates: Callable,
    launch: Launch,
    usable: set | None = None,
    current: tuple[dict, dict] = ({}, {}),
    method_note: str = "",
    launch_ref: tuple[str, str] | None = None,
) -> None:
    """Retune args.buckets, add the `kept` rows and lines of the others (from `kept_rows`, which
    the tuners call before they compile, so that a bad table fails first), and write the table
    to `path`: what both tuners do once their candidates are compiled.

    The table is written after every bucket, the buckets not yet retuned keeping their rows in
    `current` (`table_rows` of the table being retuned), so that a run cut short (a time limit,
    a lost device) keeps every bucket it finished. A dry run prints the table once, at the end.

    With several GPUs (args.devices, default every visible one) each bucket's candidates are
    spread over them (`launch_ref`: (module, function) of `launch`, for the GPUs' processes)."""
    from contextlib import nullcontext

    best, notes = kept
    devices = tuning_gpus(args)
    pooled = len(devices) > 1 and launch_ref is not None
    if pooled:
        from .gpu_pool import GpuPool

        print(f"ranking each bucket's candidates on GPUs {', '.join(devices)}", flush=True)
    timer = None if pooled else ColdL2Timer("cuda")
    b = None if pooled else torch.randn(N, K, dtype=torch.float16, device="cuda")
    with GpuPool(devices, launch_ref) if pooled else nullcontext() as pool:
        _tune_buckets(
            args, best, notes, script, imports, path, candidates, launch, usable, current,
            method_note, timer, b, pool,
        )  # fmt: skip


def _tune_buckets(
    args, best, notes, script, imports, path, candidates, launch, usable, current, method_note,
    timer, b, pool,
) -> None:  # fmt: skip
    for i, limit in enumerate(args.buckets, 1):
        best[limit], notes[limit] = tune_bucket(
            timer, limit, b, candidates, launch, args.iters, args.every_m, usable,
            report=print, current=current[0].get(limit), pool=pool, guard=guard_fraction(args),
            keep_within=keep_fraction(args), after_itself=getattr(args, "after_itself", False),
        )  # fmt: skip
        print(notes[limit], "\n   ", best[limit], flush=True)
        rows, lines = {**current[0], **best}, {**current[1], **notes}
        last = i == len(args.buckets)
        if (last or not args.dry_run) and set(BUCKETS) <= set(rows):
            text = render_table(
                script,
                imports,
                {limit: rows[limit] for limit in BUCKETS},
                torch.cuda.get_device_name(),
                dt.date.today().isoformat(),
                lines,
                tuning_method(args.every_m, args.buckets, _with_method_notes(method_note, args)),
            )
            save_table(text, path, args.dry_run, quiet=not last)
            if not last:
                print(f"   saved {path.name}: {i} of {len(args.buckets)} buckets retuned")
