"""Ratios to torch.matmul per M for every (solution, GPU, path) found in results CSVs, drawn
one panel per solution and one line per GPU and path (`fibgemm report --compare`).

Each line is the passes of the newest content of that solution on that GPU and path, under one
timing schedule: the mean ratio at each M, with a band from the lowest to the highest pass.
Ratios are only ever taken within one pass, so lines of different GPUs compare how far each
path is from cuBLAS there, not the GPUs' speeds.
"""

from collections import defaultdict
from pathlib import Path

from .report import BASELINE, counted, geomean, path_kind, same_series

# the columns curves() reads: a CSV without them is not a results CSV of `fibgemm run`
COLUMNS = {"solution", "device", "M", "status", "speedup", "date", "solution_sha1"}


def curves(rows: list[dict]) -> dict[tuple[str, str, str], dict[int, tuple]]:
    """{(solution, device, path): {M: (mean, lowest, highest, passes)}}, over the PASSED rows
    that name their path."""
    groups = defaultdict(list)
    for r in rows:
        if r["status"] == "PASSED" and r["solution"] != BASELINE and path_kind(r):
            groups[(r["solution"], r["device"], path_kind(r))].append(r)
    out = {}
    for key, group in sorted(groups.items()):
        newest = max(group, key=lambda r: r["date"])
        by_m = defaultdict(list)
        for r in group:
            if same_series(r, newest):
                by_m[int(r["M"])].append(float(r["speedup"]))
        out[key] = {m: (sum(v) / len(v), min(v), max(v), len(v)) for m, v in sorted(by_m.items())}
    return out


def summary_lines(found: dict) -> list[str]:
    """One line per curve: its geomean over M of the mean ratios, lowest M, and how many Ms."""
    lines = []
    for (solution, device, path), points in found.items():
        means = [p[0] for p in points.values()]
        worst_m = min(points, key=lambda m: points[m][0])
        lines.append(
            f"{solution} on {device}, {path} path: geomean {geomean(means):.3f}x over "
            f"{len(points)} M (lowest {points[worst_m][0]:.3f}x at M = {worst_m}), "
            f"{counted(max(p[3] for p in points.values()), 'pass', 'passes')}"
        )
    return lines


def plot_curves(found: dict, out: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    solutions = sorted({s for s, _, _ in found})
    # one colour per GPU and path kind in every panel: a Hopper path and its portable twin of
    # one GPU in two shades of one hue, solid and dashed
    gpus = sorted({d for _, d, _ in found})
    fig, axes = plt.subplots(1, len(solutions), figsize=(6.5 * len(solutions), 5), squeeze=False)
    for ax, solution in zip(axes[0], solutions, strict=True):
        for (s, device, path), points in found.items():
            if s != solution:
                continue
            hopper = path == "hopper"
            color = plt.get_cmap("tab20")(2 * gpus.index(device) + (0 if hopper else 1))
            ms = list(points)
            ax.plot(
                ms, [points[m][0] for m in ms], marker="o", ms=3, color=color,
                ls="-" if hopper else "--", label=f"{device.removeprefix('NVIDIA_')}, {path}",
            )  # fmt: skip
            ax.fill_between(
                ms, [points[m][1] for m in ms], [points[m][2] for m in ms], color=color, alpha=0.25
            )
        ax.axhline(1.0, color="k", lw=0.8)
        ax.set(xscale="log", xlabel="M (tokens)", ylabel="× torch.matmul (same pass)")
        ax.set_title(solution)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("gemm_n3072_k2048: each GPU and path against cuBLAS on that GPU")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110)
    plt.close(fig)
