"""A duel's rounds drawn (`fibgemm report --duel CSV --out PNG`): per M, B's lead over A in each
round beside A's twin's, over the band of the duel's noise, so that a lead held in every round
stands out from one the twin could have shown."""

from pathlib import Path

from .duel import AHEAD, BEHIND, LEVEL, by_m, threshold, verdicts

VERDICT_COLOURS = {AHEAD: "tab:green", BEHIND: "tab:red", LEVEL: "tab:blue"}


def plot_duels(groups: dict, out: Path, margin: float | None = None) -> None:
    """One panel per (A, B, GPU) of `groups` (rounds_from_csv's), stacked, written to `out`."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(groups), 1, figsize=(8, 3.4 * len(groups)), squeeze=False)
    for ax, ((a, b, gpu), rounds) in zip(axes[:, 0], groups.items(), strict=True):
        grouped, judged = by_m(rounds), verdicts(rounds, margin)
        bar = threshold(rounds, margin)
        ax.axhspan(-100 * bar, 100 * bar, color="0.9",
                   label=f"{'noise' if margin is None else 'margin'} ±{bar:.2%}")  # fmt: skip
        for x, (m, rs) in enumerate(grouped.items()):
            twins = [100 * r.twin_lead for r in rs]
            leads = [100 * r.lead for r in rs]
            ax.scatter([x - 0.15] * len(twins), twins, s=12, color="0.5",
                       label="A's twin" if x == 0 else None)  # fmt: skip
            ax.scatter([x + 0.15] * len(leads), leads, s=16,
                       color=VERDICT_COLOURS[judged[m]])  # fmt: skip
        for verdict, colour in VERDICT_COLOURS.items():
            ax.scatter([], [], s=16, color=colour, label=f"B, {verdict}")
        ax.axhline(0, color="k", lw=0.8)
        ax.set_xticks(range(len(grouped)), [str(m) for m in grouped])
        ax.set(xlabel="M (tokens)", ylabel="lead over A, % a round")
        ax.set_title(f"B = {b}\nA = {a}\n{gpu}", fontsize=8)
        ax.grid(True, axis="y", alpha=0.3)
        ax.legend(fontsize=7, loc="best")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=110)
    plt.close(fig)
