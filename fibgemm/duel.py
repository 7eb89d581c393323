"""Two solutions (or two contents of one) timed head to head on one GPU: `fibgemm duel A B`.

`report --ab` compares passes run in turn, each in its own process and each a ratio to
torch.matmul, and one M's ratio moves by up to ~1% between passes of the same code (a median
of 100 calls on CUPTI's 32 ns tick, over another such median), so four rounds of it cannot
tell a 1% lead from drift (docs/comparing.md). A duel builds A and B in one process and times
them in one profile, call by call, so neither the GPU's drift between passes nor
torch.matmul's own noise enters the comparison.

Each round times, at one M, torch.matmul, A, A's twin and B, each twice in a row, the L2
flushed before every call, `iters` times over, and keeps the second call of each pair: a
kernel right after itself, as flashinfer-bench times it. A's twin is A's runnable a second
time, so A against its twin is a duel nobody can win: the largest lead either shows over the
whole duel is its noise. A, the twin and B rotate their places round by round, so no content
keeps one place in the schedule. At an M, B is ahead where it leads A by more than that noise
(or a margin given) in every round, behind likewise, else level.

Leads compare each callable's mean of the middle half of its calls, not its median: medians
move in steps of CUPTI's 32 ns tick, 0.4% of an 8 µs call, so a lead below one tick reads as
0 or 0.4% by chance, and the twin's noise is a tick or two (H100, docs/comparing.md). Speedups
over torch.matmul are of medians, as the passes report them.
"""

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

REFERENCE, A, TWIN, B = "torch.matmul", "A", "A's twin", "B"
CONTENDERS = (A, TWIN, B)
AHEAD, BEHIND, LEVEL = "ahead", "behind", "level"
# One row per (M, round) in --csv: each callable's median (µs) right after itself, then the
# mean of the middle half of those calls, which the leads compare.
MEDIAN_COLUMNS = {REFERENCE: "ref_us", A: "a_us", TWIN: "twin_us", B: "b_us"}
CENTRE_COLUMNS = {REFERENCE: "ref_iqm_us", A: "a_iqm_us", TWIN: "twin_iqm_us", B: "b_iqm_us"}
CSV_FIELDS = ["date", "gpu", "a", "b", "M", "round", "order",
              *MEDIAN_COLUMNS.values(), *CENTRE_COLUMNS.values()]  # fmt: skip
NO_OP = "A and B are one content: a no-op duel, whose verdicts should all read level"


def label(name: str, content_hash: str, path=None) -> str:
    """How a contender is named in reports and CSVs: name@hash (the first 8 hex digits), and
    the file it came from if any."""
    return f"{name}@{content_hash[:8]}" + (f" ({path})" if path else "")


def same_content(a_label: str, b_label: str) -> bool:
    """Whether two labels (label's) name one content."""
    return a_label.split(" (")[0].split("@")[-1] == b_label.split(" (")[0].split("@")[-1]


def round_order(index: int) -> tuple[str, ...]:
    """The places of A, its twin and B in round `index`: moved on by one place a round."""
    k = index % len(CONTENDERS)
    return CONTENDERS[k:] + CONTENDERS[:k]


def schedule(order: Sequence[str]) -> list[str]:
    """What one iteration of a round calls: torch.matmul, then `order`, each twice in a row."""
    return [name for name in (REFERENCE, *order) for _ in range(2)]


@dataclass(frozen=True)
class Round:
    m: int
    index: int
    order: tuple[str, ...]
    medians: dict[str, float]  # name -> median µs right after itself
    centres: dict[str, float]  # name -> mean µs of the middle half of those calls

    @property
    def lead(self) -> float:
        """B's lead over A: A's centre over B's, minus one (above 0: B is the faster)."""
        return self.centres[A] / self.centres[B] - 1

    @property
    def twin_lead(self) -> float:
        """The twin's lead over A: what the same kernel reads against itself."""
        return self.centres[A] / self.centres[TWIN] - 1

    def speedup(self, name: str) -> float:
        """torch.matmul's median over `name`'s, in this round's profile."""
        return self.medians[REFERENCE] / self.medians[name]


def duel_round(
    m: int, index: int, callables: dict[str, Callable], timer, iters: int, warmup: int
) -> Round:
    """One round at M = m: one profile of `iters` iterations of the round's schedule.
    `callables`: {REFERENCE, A, TWIN, B: a callable of no arguments}; `timer`: a ColdL2Timer."""
    order = round_order(index)
    names = schedule(order)
    times = timer.time_many([callables[n] for n in names], iters, warmup)
    second = range(1, len(names), 2)  # the second of each pair ran right after itself
    return Round(m, index, order, {names[i]: times[i].p50 for i in second},
                 {names[i]: times[i].iqm for i in second})  # fmt: skip


def noise(rounds: Sequence[Round]) -> float:
    """The largest lead, either way, of A's twin over A in any round at any M."""
    return max(abs(r.twin_lead) for r in rounds)


def threshold(rounds: Sequence[Round], margin: float | None = None) -> float:
    """The lead B must show in every round to read ahead (or behind): `margin` where given,
    else the duel's noise."""
    return noise(rounds) if margin is None else margin


def by_m(rounds: Sequence[Round]) -> dict[int, list[Round]]:
    out = defaultdict(list)
    for r in rounds:
        out[r.m].append(r)
    return dict(sorted(out.items()))


def verdicts(rounds: Sequence[Round], margin: float | None = None) -> dict[int, str]:
    """{M: ahead | behind | level}: B's lead over A above `margin` (a fraction; None: the
    duel's noise) in every round at that M, below minus it in every round, or neither."""
    least = threshold(rounds, margin)
    out = {}
    for m, rs in by_m(rounds).items():
        leads = [r.lead for r in rs]
        if all(d > least for d in leads):
            out[m] = AHEAD
        elif all(d < -least for d in leads):
            out[m] = BEHIND
        else:
            out[m] = LEVEL
    return out


def _span(values: Sequence[float]) -> str:
    low, high = min(values), max(values)
    return f"{low:+.1%} to {high:+.1%} (mean {sum(values) / len(values):+.1%})"


def report(
    rounds: Sequence[Round],
    a_label: str,
    b_label: str,
    gpu: str,
    margin: float | None = None,
    failed: dict[int, str] | None = None,
) -> str:
    """The duel as markdown: per M torch.matmul's time, A's and B's speedup over it (mean over
    the rounds), B's lead over A and the twin's in each round, and the verdict."""
    lines = [f"B = {b_label} against A = {a_label} on {gpu}"]
    for m, why in sorted((failed or {}).items()):
        lines.append(f"- M = {m}: not timed: {why}")
    if not rounds:
        return "\n".join(lines + ["nothing timed"])
    grouped = by_m(rounds)
    judged = verdicts(rounds, margin)
    count = {len(rs) for rs in grouped.values()}
    floor, least = noise(rounds), threshold(rounds, margin)
    lines += [
        f"- {'/'.join(map(str, sorted(count)))} rounds at each M, one profile a round; "
        f"A's twin is A timed again: its largest lead either way is the noise, {floor:.2%}",
        f"- ahead or behind: B leads (trails) A by more than "
        f"{'that noise' if margin is None else 'the margin'}, {least:.2%}, in every round",
        "- leads compare the means of the middle half of each one's calls; A × and B × are "
        "torch.matmul's median over theirs, as the passes report",
        "",
        "| M | torch.matmul µs | A × | B × | B's lead a round | A's twin's lead | |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for m, rs in grouped.items():
        ref = sum(r.medians[REFERENCE] for r in rs) / len(rs)
        a_x = sum(r.speedup(A) for r in rs) / len(rs)
        b_x = sum(r.speedup(B) for r in rs) / len(rs)
        verdict = "" if judged[m] == LEVEL else judged[m]
        lines.append(
            f"| {m} | {ref:.2f} | {a_x:.3f} | {b_x:.3f} | {_span([r.lead for r in rs])} "
            f"| {_span([r.twin_lead for r in rs])} | {verdict} |"
        )
    for verdict in (AHEAD, BEHIND):
        ms = [str(m) for m, v in judged.items() if v == verdict]
        lines.append(f"B {verdict} in every round: {', '.join(ms) or 'none'}")
    return "\n".join(lines)


def csv_row(r: Round, date: str, gpu: str, a_label: str, b_label: str) -> dict:
    return {
        "date": date,
        "gpu": gpu,
        "a": a_label,
        "b": b_label,
        "M": r.m,
        "round": r.index,
        "order": " ".join(r.order),
        **{column: f"{r.medians[name]:.3f}" for name, column in MEDIAN_COLUMNS.items()},
        **{column: f"{r.centres[name]:.4f}" for name, column in CENTRE_COLUMNS.items()},
    }


class DuelCSVError(ValueError):
    pass


def header_problem(fieldnames) -> str | None:
    """Why a CSV with this header cannot be read or appended to as a duel's, or None; the
    reason reads after "it" ("it is not a duel's CSV …")."""
    fields = list(fieldnames or [])
    if fields == CSV_FIELDS:
        return None
    lacking = [f for f in CSV_FIELDS if f not in fields]
    if not lacking:
        extra = [f for f in fields if f not in CSV_FIELDS]
        return (
            "has a duel's columns "
            + (f"and others ({', '.join(extra)})" if extra else "in another order")
            + f"; a duel writes {', '.join(CSV_FIELDS)}"
        )
    if lacking == list(CENTRE_COLUMNS.values()):
        return (
            "is a duel's CSV from before the middle-half means were recorded (lacking "
            f"{', '.join(lacking)}), which a duel's report now compares"
        )
    return (
        f"is not a duel's CSV (lacking {len(lacking)} of its {len(CSV_FIELDS)} columns: "
        f"{', '.join(lacking)})"
    )


def rounds_from_csv(path) -> dict[tuple[str, str, str], list[Round]]:
    """{(A's label, B's label, GPU): rounds, in file order} from a CSV of `--csv`, so that a
    duel's report and picture can be made again from its rows (`fibgemm report --duel`)."""
    import csv

    groups = defaultdict(list)
    with open(path, newline="") as f:
        reader = csv.DictReader(f)
        problem = header_problem(reader.fieldnames)
        if problem:
            raise DuelCSVError(f"it {problem}")
        for line, row in enumerate(reader, start=2):
            try:
                index = int(row["round"])
                medians = {name: float(row[col]) for name, col in MEDIAN_COLUMNS.items()}
                centres = {name: float(row[col]) for name, col in CENTRE_COLUMNS.items()}
                r = Round(int(row["M"]), index, round_order(index), medians, centres)
            except (TypeError, ValueError) as e:
                raise DuelCSVError(f"line {line}: {e}") from None
            groups[(row["a"], row["b"], row["gpu"])].append(r)
    if not groups:
        raise DuelCSVError("no rounds in it")
    return dict(groups)


def measure(
    definition,
    workloads: dict[int, object],
    runnables: dict[str, object],
    rounds: int,
    iters: int,
    warmup: int,
    on_round: Callable[[Round], None],
    timer=None,
    device: str = "cuda",
    root=None,
) -> tuple[list[Round], dict[int, str]]:
    """Duel `runnables` {A: ..., B: ...} (built) at each M of `workloads` {M: Workload} on
    `device`, M by M, every round handed to `on_round` as soon as it is timed (`timer`: a
    ColdL2Timer of the device, made here if None; `root`: the dataset's folder, which holds
    the safetensors files of stored-input workloads).
    Each M draws fresh inputs; a contender whose output there is wrong (flashinfer-bench's
    check and the float64 one, the output poisoned first) leaves that M untimed, and
    (rounds, {M: why}) says so."""
    import torch
    from flashinfer_bench.compile import BuilderRegistry

    from .evaluate import call_args, check_correctness, stored_tensors
    from .timing import ColdL2Timer

    reference = BuilderRegistry.get_instance().build_reference(definition)
    timer = timer or ColdL2Timer(device)
    done, failed = [], {}
    for m, workload in workloads.items():
        inputs, wrong = None, []
        stored = stored_tensors(definition, workload, root)
        for name in (A, B):
            try:
                outcome, _, first = check_correctness(
                    runnables[name], reference, definition, workload, device, 1, stored
                )
            except Exception as e:  # a contender that raises loses this M, not the duel
                wrong.append(f"{name}: raised {type(e).__name__}: {e}")
                continue
            if outcome is not None:
                wrong.append(f"{name}: {outcome.status.value}: {outcome.log.strip()}")
            inputs = inputs or first
        if wrong:
            failed[m] = "; ".join(wrong)
            continue
        callables = {}
        for name, runnable in ((REFERENCE, reference), (A, runnables[A]), (B, runnables[B])):
            args = call_args(runnable, definition, inputs, device)
            callables[name] = lambda r=runnable, a=args: r(*a)
        callables[TWIN] = callables[A]
        with torch.no_grad():
            for index in range(rounds):
                r = duel_round(m, index, callables, timer, iters, warmup)
                done.append(r)
                on_round(r)
    return done, failed
