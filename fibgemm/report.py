"""Summary of a results CSV: a per-M table of each solution's time and speedup against
torch.matmul, the spread of speedups over passes, geomeans, and a latency plot with the
protocol floor (the H200's measured streaming and matmul ceilings, docs/timing.md).
"""

import csv
import math
import re
import textwrap
from collections import defaultdict
from pathlib import Path

from . import K, N

# Kernel time to stream a number of bytes right after the 256 MB zero fill (H200, measured
# 2026-11-29, best of 36 Triton configs): the dirty L2 costs a write-back per line brought in.
STREAM_AFTER_FILL = [(3.1e6, 3.14), (6.3e6, 4.11), (12.6e6, 5.76), (25.2e6, 9.84), (50.3e6, 17.18)]
MATMUL_CEILING_FLOPS = 751e12
BASELINE = "torch_matmul"  # the solution every other one is divided by
PROSE_WIDTH = 100  # a written page's prose wraps as the docs' and the code's lines do


def protocol_floor_us(m: int) -> float:
    """max(compute at the measured matmul ceiling, streaming the bytes A + B + C after a fill)."""
    nbytes = 2 * (m * K + N * K + m * N)
    pts = STREAM_AFTER_FILL
    if nbytes <= pts[0][0]:
        stream = pts[0][1] * nbytes / pts[0][0]
    else:
        i = next((i for i in range(1, len(pts)) if nbytes <= pts[i][0]), len(pts) - 1)
        (b0, t0), (b1, t1) = pts[i - 1], pts[i]
        stream = t0 + (t1 - t0) * (nbytes - b0) / (b1 - b0)
    return max(stream, 2 * m * N * K / MATMUL_CEILING_FLOPS * 1e6)


# what markdown reads as the start of a list item, quote or heading at the start of a line
_BLOCK_START = re.compile(r"([-+*>]|#+|\d+[.)])(\s|$)")


def counted(n: int, one: str, many: str) -> str:
    """How many, in words: counted(2, "pass", "passes") is "2 passes"."""
    return f"{n} {one if n == 1 else many}"


def listed(items: list[str], one: str, many: str) -> str:
    """Items named after their noun: "commit 21a0a7e", "commits 21a0a7e, bf801fe"."""
    return f"{one if len(items) == 1 else many} {', '.join(items)}"


def wrapped(text: str) -> str:
    """A generated page with its prose lines wrapped at PROSE_WIDTH (a list item's lines
    indented under its text); tables, code, pictures and blank lines as they are. Markdown
    renders it as before."""
    out, in_code = [], False
    for line in text.split("\n"):
        if line.startswith("```"):
            in_code = not in_code
        if in_code or len(line) <= PROSE_WIDTH or line.startswith(("|", "![")):
            out.append(line)
            continue
        indent = "  " if line.startswith("- ") else ""
        pieces = textwrap.wrap(line, PROSE_WIDTH, subsequent_indent=indent,
                               break_long_words=False, break_on_hyphens=False)  # fmt: skip
        out.append(pieces[0])
        for piece in pieces[1:]:
            if _BLOCK_START.match(piece.strip()):  # would start a list, quote or heading
                out[-1] += " " + piece.strip()
            else:
                out.append(piece)
    return "\n".join(out)


def load_rows(path: Path) -> list[dict]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def latest(rows: list[dict], current: dict[str, str] | None = None) -> dict:
    """The newest row of each (solution, M), among the rows of the kind of GPU that ran the
    newest row: ratios from different GPUs are never put in one table. With `current`
    (solution name: content hash of the checked-in solution), a row of that content beats any
    newer row of another content, so that a run of a modified copy (an A/B) appended to the
    CSV is never shown as the solution's figure; a (solution, M) with no row of it keeps its
    newest row, which the table marks (is_stale)."""
    if not rows:
        return {}
    device = max(rows, key=lambda r: r["date"])["device"]
    out = {}
    for r in sorted(rows, key=lambda r: r["date"]):
        if r["device"] != device:
            continue
        key = (r["solution"], int(r["M"]))
        if key in out and is_stale(r, current) and not is_stale(out[key], current):
            continue
        out[key] = r
    return out


def is_stale(row: dict, current: dict[str, str] | None) -> bool:
    """Whether a row measured another content than the checked-in solution of its name (False
    where the checked-in content is not known)."""
    sha = (current or {}).get(row["solution"])
    return sha is not None and row["solution_sha1"] != sha


def other_devices(rows: list[dict], newest: dict) -> list[str]:
    shown = {r["device"] for r in newest.values()}
    return sorted({r["device"] for r in rows} - shown)


def schedule_of(row: dict) -> str:
    """How the row's speedup was taken: rows with the solution's time after the reference
    divide each callable's median after itself; older rows divided the reference after itself
    by the solution after the reference."""
    return "each after itself" if row.get("sol_after_ref_p50_us") else "older"


def path_kind(row: dict) -> str:
    """The path that served the row ("hopper", "portable", ...; "" before rows named it): one
    solution content holds several paths, chosen per device or by FIBGEMM_PORTABLE."""
    return (row.get("path") or "").split(":")[0]


def same_series(row: dict, ref: dict) -> bool:
    """Whether two rows are passes of one series: the same solution content on the same kind
    of GPU, on the same path and under the same schedule (their ratios may be compared)."""
    return (
        row["solution_sha1"] == ref["solution_sha1"]
        and row["device"] == ref["device"]
        and path_kind(row) == path_kind(ref)
        and schedule_of(row) == schedule_of(ref)
    )


def series_rows(rows: list[dict], newest: dict):
    """(solution, M) and each row that is a pass of the newest row's series (same_series)."""
    for r in rows:
        key = (r["solution"], int(r["M"]))
        ref = newest.get(key)
        if ref is not None and same_series(r, ref):
            yield key, r


def speedup_spread(rows: list[dict], newest: dict) -> dict:
    """(min, max) speedup over every pass of the same solution content, on the same kind of
    GPU, on the same path and under the same schedule, per (solution, M)."""
    spread = defaultdict(list)
    for key, r in series_rows(rows, newest):
        if r["status"] == "PASSED":
            spread[key].append(float(r["speedup"]))
    return {k: (min(v), max(v), len(v)) for k, v in spread.items()}


def reference_shifts(rows: list[dict], newest: dict) -> dict:
    """Per (solution, M): the reference's shifts (its median right after the solution over its
    median right after itself, minus one) in every pass of the newest row's series
    (same_series) that checked it, each with the physical GPU that ran it (physical_gpu)."""
    shifts = defaultdict(list)
    for key, r in series_rows(rows, newest):
        if r.get("ref_moved") in ("yes", "no"):
            shifts[key].append((float(r["ref_shift"]), physical_gpu(r)))
    return shifts


def physical_gpu(row: dict) -> str | None:
    """The UUID part of the row's GPU label ('GPU-1a2b3c4d'), None for rows that predate it."""
    part = (row.get("gpu") or "").rsplit(":", 1)[-1]
    return part if part.startswith("GPU-") else None


def _per_gpu_clause(per_m: dict) -> str:
    """Where every pass names its GPU and there are several: each GPU's largest per-M mean (the
    shift differs between physical GPUs and machine starts: docs/timing.md)."""
    gpus = {g for values in per_m.values() for _, g in values}
    if None in gpus or len(gpus) < 2:
        return ""
    worst = []
    for g in sorted(gpus):
        means = {}
        for m, values in per_m.items():
            mine = [x for x, gpu in values if gpu == g]
            if mine:
                means[m] = sum(mine) / len(mine)
        top = max(means, key=lambda m: abs(means[m]))
        worst.append(f"{g} {means[top]:+.2%} (M = {top})")
    return f"; per GPU, the per-M mean at most {', '.join(worst)}"


def shift_lines(rows: list[dict], newest: dict, tolerance: float = 0.01) -> list[str]:
    """One line per solution: the reference's shift over its series' passes (the mean over
    every pass and M, the largest per-M mean and single pass), and the Ms whose mean over the
    passes is past `tolerance`. A single pass's median moves by about its own timer's step
    (~0.45% at 7 us) and the baseline after itself moves as much as a solution does: the
    per-M mean over passes is what says whether a solution moves the reference. Where the
    passes ran on more than one physical GPU, each GPU's largest per-M mean is named too."""
    by_solution = defaultdict(dict)
    for (s, m), values in reference_shifts(rows, newest).items():
        by_solution[s][m] = values
    lines = []
    for s, per_m in sorted(by_solution.items(), key=lambda kv: (kv[0] != BASELINE, kv[0])):
        means = {m: sum(x for x, _ in v) / len(v) for m, v in per_m.items()}
        every = [x for v in per_m.values() for x, _ in v]
        worst_m = max(means, key=lambda m: abs(means[m]))
        passes = max(len(v) for v in per_m.values())
        past = sorted(m for m, mean in means.items() if abs(mean) > tolerance)
        verdict = (
            f"past {tolerance:.0%} on average at M = {', '.join(map(str, past))}"
            if past
            else f"within {tolerance:.0%} on average at every M"
        )
        after = "itself" if s == BASELINE else s
        lines.append(
            f"- torch.matmul right after {after}, {counted(passes, 'pass', 'passes')} of this "
            "content: "
            f"{sum(every) / len(every):+.2%} on average; per-M mean at most "
            f"{means[worst_m]:+.2%} (M = {worst_m}); single passes at most "
            f"{max(every, key=abs):+.2%}{_per_gpu_clause(per_m)}; {verdict}."
        )
    return lines


def geomean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def table(
    rows: list[dict],
    baseline: str = BASELINE,
    current: dict[str, str] | None = None,
    run_command: str = "fibgemm run",
) -> str:
    """The summary table; `current` as for latest(); `run_command` the command that made the
    rows (named where the checked-in content has none)."""
    newest = latest(rows, current)
    spread = speedup_spread(rows, newest)
    solutions = sorted({s for s, _ in newest}, key=lambda s: (s != baseline, s))
    others = [s for s in solutions if s != baseline]
    ms = sorted({m for _, m in newest})
    head = ["M", "floor µs", f"{baseline} µs"]
    for s in others:
        head += [f"{s} µs", f"{s} ×", "× range (passes)"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for m in ms:
        base = newest.get((baseline, m))
        cells = [str(m), f"{protocol_floor_us(m):.2f}", _us(base) if base else "—"]
        for s in others:
            r = newest.get((s, m))
            if r is None:
                cells += ["—", "—", "—"]
            elif r["status"] != "PASSED":
                cells += [r["status"], "—", "—"]
            else:
                lo, hi, n = spread[(s, m)]
                moved = " †" if r.get("ref_moved") == "yes" else ""
                moved += " ‡" if is_stale(r, current) else ""
                cells += [_us(r), f"{float(r['speedup']):.3f}{moved}", f"{lo:.3f}–{hi:.3f} ({n})"]
        lines.append("| " + " | ".join(cells) + " |")
    for s in others:
        sp = [
            float(newest[(s, m)]["speedup"])
            for m in ms
            if (s, m) in newest and newest[(s, m)]["status"] == "PASSED"
        ]
        failed = sum(1 for m in ms if (s, m) in newest and newest[(s, m)]["status"] != "PASSED")
        stale = sum(1 for m in ms if (s, m) in newest and is_stale(newest[(s, m)], current))
        lines.append(
            f"\n**{s}**: geomean speedup {geomean(sp):.3f}× over {len(sp)} workloads "
            f"(min {min(sp, default=float('nan')):.3f}×), {failed} not passed"
            + (f"; {stale} of its rows (‡) measured another content than the checked-in "
               f"solution (run `{run_command} --solutions {s}`)." if stale else ".")
        )  # fmt: skip
    checked = [r for r in newest.values() if r.get("ref_moved") in ("yes", "no")]
    moved = sorted(
        f"{s} M={m} ({float(r['ref_shift']):+.1%})"
        for (s, m), r in newest.items()
        if r.get("ref_moved") == "yes"
    )
    if checked:
        lines.append(
            "\n† the reference's median right after this solution differs by more than 1% from "
            "its median right after itself (a solution of much code evicts the reference's code "
            "from the SMs' instruction caches, which the L2 flush leaves warm: docs/timing.md). "
            "Speedups divide the reference's and the solution's medians, each timed right after "
            "itself. "
            + (f"Moved: {', '.join(moved)}." if moved else "No solution moved the reference.")
        )
    if any(is_stale(r, current) for r in newest.values()):
        lines.append(
            "\n‡ a row of another content than the checked-in solution of that name, which "
            "has no row of its own at that M on this kind of GPU yet."
        )
    shifts = shift_lines(rows, newest)
    if shifts:
        lines.append("\nThe reference's shift over the passes of each series:\n")
        lines.extend(shifts)
    if len(checked) < len(newest):
        lines.append(
            f"\n{len(newest) - len(checked)} of these {len(newest)} rows predate the "
            "reference check: their reference was timed only right after the solution."
        )
    paths = _paths_line(newest)
    if paths:
        lines.append(f"\nPaths of the rows shown: {paths}.")
    others = other_devices(rows, newest)
    if others:
        lines.append(
            f"\nRows of other GPUs ({', '.join(others)}) are left out: a table compares "
            "ratios measured on one kind of GPU."
        )
    if newest:
        any_row = next(iter(newest.values()))
        commits = sorted({r["commit"] for r in newest.values()})
        lines.append(
            f"\nDevice {any_row['device']}; newest rows from "
            f"{listed(commits, 'commit', 'commits')}, "
            f"dated {min(r['date'] for r in newest.values())} to "
            f"{max(r['date'] for r in newest.values())}."
        )
    return "\n".join(lines)


def _paths_line(newest: dict) -> str:
    """Which path served each solution's rows in the table, e.g. "cute_gemm hopper (43),
    triton_gemm portable-tma (43)" (a pass with FIBGEMM_PORTABLE=1 is newer than the default
    pass before it), or "" when no row names its path."""
    counts = defaultdict(lambda: defaultdict(int))
    for (s, _), r in newest.items():
        if path_kind(r):
            counts[s][path_kind(r)] += 1
    return ", ".join(
        f"{s} " + " and ".join(f"{p} ({n})" for p, n in sorted(by_path.items()))
        for s, by_path in sorted(counts.items())
    )


# The README's bands of M: the decode sizes, the prefill tails, and each large M alone.
BANDS = ((1, 16), (24, 64), (70, 128), (136, 176), (184, 256), (972, 972), (2053, 2053),
         (2379, 2379), (8192, 8192))  # fmt: skip


def band_table(rows: list[dict], current: dict[str, str] | None = None) -> str:
    """The README's table: per band of M (BANDS; an M in none gets a row of its own), the
    lowest and highest over the band's Ms and the passes (as in summary.md's × range) of
    torch.matmul's median beside each solution, each solution's median, and its ×."""
    series = _passed_series(rows, current)
    solutions = sorted({s for s, _ in series if s != BASELINE})
    alone = {m for _, m in series if not any(lo <= m <= hi for lo, hi in BANDS)}
    head = ["M", "torch.matmul µs"] + [f"{s} {unit}" for s in solutions for unit in ("µs", "×")]
    lines = ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    for lo, hi in sorted([*BANDS, *((m, m) for m in alone)]):
        passes = {s: [r for (n, m), v in series.items() if n == s and lo <= m <= hi for r in v]
                  for s in solutions}  # fmt: skip
        if not any(passes.values()):
            continue
        cells = [str(lo) if lo == hi else f"{lo}–{hi}"]
        cells.append(_span([float(r["ref_p50_us"]) for v in passes.values() for r in v], 2))
        for s in solutions:
            stale = " ‡" if any(is_stale(r, current) for r in passes[s]) else ""
            cells.append(_span([float(r["p50_us"]) for r in passes[s]], 2))
            cells.append(_span([float(r["speedup"]) for r in passes[s]], 3) + stale)
        lines.append("| " + " | ".join(cells) + " |")
    if any(is_stale(r, current) for v in series.values() for r in v):
        lines.append("\n‡ rows of another content than the checked-in solution of that name.")
    lines.append("")
    for s, means in _geomeans_by_pass(series).items():
        lines.append(
            f"{s}: {_span(means, 3)}× geomean over {counted(len(means), 'pass', 'passes')}"
        )
    return "\n".join(lines)


def pass_geomeans(rows: list[dict], current: dict[str, str] | None = None) -> dict:
    """Per solution, the geomean of × over the Ms of each pass of its table series (the
    passes summary.md's × range spans), in pass order: {solution: [geomean, ...]}."""
    return _geomeans_by_pass(_passed_series(rows, current))


def _passed_series(rows: list[dict], current: dict[str, str] | None) -> dict:
    """(solution, M) -> the PASSED rows of the table's series (series_rows of latest)."""
    series = defaultdict(list)
    for key, r in series_rows(rows, latest(rows, current)):
        if r["status"] == "PASSED":
            series[key].append(r)
    return series


def _geomeans_by_pass(series: dict) -> dict:
    passes = defaultdict(lambda: defaultdict(list))
    for (s, _), v in series.items():
        for r in v:
            if s != BASELINE:
                passes[s][r["run_id"]].append(float(r["speedup"]))
    return {s: [geomean(v) for _, v in sorted(runs.items())] for s, runs in sorted(passes.items())}


def _span(values: list[float], digits: int) -> str:
    return f"{min(values):.{digits}f}–{max(values):.{digits}f}" if values else "—"


def _us(r: dict) -> str:
    if r["status"] != "PASSED":
        return r["status"]
    return f"{float(r['p50_us']):.2f} [{float(r['p20_us']):.2f}, {float(r['p80_us']):.2f}]"


def plot(rows: list[dict], out: Path, current: dict[str, str] | None = None) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    newest = latest(rows, current)
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(13, 5))
    for s in sorted({s for s, _ in newest}):
        pts = sorted(
            (m, float(r["p50_us"]))
            for (s2, m), r in newest.items()
            if s2 == s and r["status"] == "PASSED"
        )
        if pts:
            ax.plot(*zip(*pts, strict=True), marker="o", ms=3, label=s)
            sp = sorted(
                (m, float(r["speedup"]))
                for (s2, m), r in newest.items()
                if s2 == s and r["status"] == "PASSED"
            )
            ax2.plot(*zip(*sp, strict=True), marker="o", ms=3, label=s)
    ms = sorted({m for _, m in newest})
    ax.plot(ms, [protocol_floor_us(m) for m in ms], "k--", lw=1, label="protocol floor")
    ax.set(
        xscale="log",
        yscale="log",
        xlabel="M (tokens)",
        ylabel="GPU µs (median, cold L2)",
        title="gemm_n3072_k2048: latency",
    )
    ax2.axhline(1.0, color="k", lw=0.8)
    ax2.set(
        xscale="log",
        xlabel="M (tokens)",
        ylabel="speedup vs torch.matmul (same run)",
        title="speedup",
    )
    for a in (ax, ax2):
        a.grid(True, which="both", alpha=0.3)
        a.legend()
    dev = next(iter(newest.values()))["device"] if newest else ""
    fig.suptitle(f"{dev}, CUPTI kernel span after a 256 MB zero fill")
    fig.tight_layout()
    fig.savefig(out, dpi=120)
    plt.close(fig)


def write_report(csv_path: Path, out_dir: Path, current: dict[str, str] | None = None) -> str:
    rows = load_rows(csv_path)
    text = wrapped(table(rows, current=current))
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "summary.md").write_text(text + "\n")
    plot(rows, out_dir / "latency.png", current)
    return text
