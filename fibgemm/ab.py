"""An A/B of two commits' passes from a results CSV (`fibgemm report --ab BEFORE AFTER`).

Passes of the same code read one M's ratio up to ~1% apart below M = 972 and ~0.6% from it
(`9f9497a`), so a table row that beats the one before it by less is as likely luck. The way to
tell is to run passes of the two contents in turn on one GPU (before, after, before, after,
labelled with FIBGEMM_COMMIT). This reads them back from the CSV: on each GPU (by UUID) that ran
both commits, the k-th pass of BEFORE is paired with the k-th of AFTER, and an M is ahead or
behind only where it leads (trails) by more than that drift in every pair (--margin: another
margin), else mixed. Ratios are only ever compared within one GPU. By its sign alone, a change
that does nothing reads ahead or behind in all k pairs at one M with probability 2 / 2^k
(docs/comparing.md has such a no-op): the report says at how many Ms that is expected. Each M's
row shows the least and the most lead of its pairs and their mean, so that a lead held in
every pair but short of the margin in one reads as such.
"""

from collections import defaultdict
from typing import NamedTuple

from .report import BASELINE, geomean, physical_gpu

AHEAD, BEHIND, MIXED = "ahead", "behind", "mixed"
# How far apart two passes of the same code read one M's ratio (the docstring)
DRIFT_BELOW_972, DRIFT_FROM_972 = 0.01, 0.006


def drift(m: int) -> float:
    """The lead (a fraction) that passes in turn must show at M = m in every pair to count."""
    return DRIFT_BELOW_972 if m < 972 else DRIFT_FROM_972


# the columns an A/B reads: a CSV without them is not a results CSV of `fibgemm run`
COLUMNS = ("run_id", "commit", "solution", "M", "status", "speedup", "gpu")


class Pass(NamedTuple):
    run_id: str
    ratios: dict[int, float]  # M -> the solution's ratio to torch.matmul in this pass


class ABError(ValueError):
    """The CSV does not hold an A/B of the two commits (the message says what it holds)."""


def passes_by_gpu(rows: list[dict], solution: str, commit: str) -> dict[str, list[Pass]]:
    """{GPU UUID: [Pass, ...] in time order}: the passes of the solution's PASSED rows
    labelled `commit` (rows that predate the GPU column are left out)."""
    runs = defaultdict(dict)
    for r in rows:
        gpu = physical_gpu(r)
        if r["solution"] == solution and r["commit"] == commit and r["status"] == "PASSED" and gpu:
            runs[(gpu, r["run_id"])][int(r["M"])] = float(r["speedup"])
    out = defaultdict(list)
    for gpu, run_id in sorted(runs, key=lambda key: key[1]):
        out[gpu].append(Pass(run_id, runs[(gpu, run_id)]))
    return dict(out)


def pairs(rows: list[dict], solution: str, before: str, after: str) -> list[tuple]:
    """(GPU, before's Pass, after's Pass) for every pair: the k-th pass of each commit on a GPU
    that ran both (a pass without a partner there is left out). Raises ABError naming the GPUs
    of each commit when no GPU ran both."""
    old = passes_by_gpu(rows, solution, before)
    new = passes_by_gpu(rows, solution, after)
    for commit, found in ((before, old), (after, new)):
        if not found:
            raise ABError(f"no PASSED {solution} rows labelled {commit!r} with a GPU in the CSV")
    shared = sorted(set(old) & set(new))
    if not shared:
        raise ABError(
            f"no GPU ran both: {before} on {', '.join(sorted(old))}; "
            f"{after} on {', '.join(sorted(new))}"
        )
    return [(g, a, b) for g in shared for a, b in zip(old[g], new[g], strict=False)]


def leads_at(paired: list[tuple[str, Pass, Pass]], m: int) -> list[float]:
    """AFTER's lead over BEFORE at M = m in each pair, a fraction of BEFORE's ratio."""
    return [b.ratios[m] / a.ratios[m] - 1 for _, a, b in paired]


def verdicts(paired: list[tuple[str, Pass, Pass]], margin: float | None = None) -> dict[int, str]:
    """{M: ahead | behind | mixed}: AFTER's ratio above BEFORE's by more than `margin` (a
    fraction of BEFORE's; None: drift(M)) in every pair, below by more in every pair, or
    neither (with a margin of 0, a tie counts against both), over the Ms every pass holds."""
    ms = set.intersection(*(set(a.ratios) & set(b.ratios) for _, a, b in paired))
    out = {}
    for m in sorted(ms):
        least = drift(m) if margin is None else margin
        leads = leads_at(paired, m)
        out[m] = (
            AHEAD
            if all(d > least for d in leads)
            else BEHIND
            if all(d < -least for d in leads)
            else MIXED
        )
    return out


def ab_report(
    rows: list[dict],
    before: str,
    after: str,
    solution: str | None = None,
    margin: float | None = None,
) -> str:
    """The A/B as text: each pair's GPU, a table of both commits' ratios per M with its
    verdict (see verdicts for `margin`), each pass's geomean, and the Ms ahead and behind in
    every pair. Without `solution`, the one non-baseline solution with rows of both commits."""
    lacking = [c for c in COLUMNS if rows and c not in rows[0]]
    if lacking:
        raise ABError(f"not a results CSV of `fibgemm run` (no column {', '.join(lacking)})")
    labelled = list(dict.fromkeys(r["commit"] for r in rows))
    for commit in (before, after):
        if commit not in labelled:
            raise ABError(f"no rows labelled {commit!r}; the newest: {', '.join(labelled[-6:])}")
    if solution is None:
        both = {r["solution"] for r in rows if r["commit"] == before} & {
            r["solution"] for r in rows if r["commit"] == after
        }
        both.discard(BASELINE)
        if len(both) != 1:
            named = ", ".join(sorted(both)) or "none"
            raise ABError(f"name the solution (--solution): both commits have rows of {named}")
        solution = both.pop()
    paired = pairs(rows, solution, before, after)
    judged = verdicts(paired, margin)
    lines = [f"{solution}: {after} against {before}, {len(paired)} pair(s) of passes in turn"]
    lines += [
        f"- pair {i}: {gpu}, runs {a.run_id} and {b.run_id}"
        for i, (gpu, a, b) in enumerate(paired, 1)
    ]
    least = (
        f"{DRIFT_BELOW_972:.1%} below M = 972, {DRIFT_FROM_972:.1%} from it"
        if margin is None
        else f"{margin:.1%}"
    )
    lines.append(f"- ahead or behind: by more than {least} in every pair")
    lines += [
        "",
        f"| M | {before} × | {after} × | {after}'s lead a pair | |",
        "| --- | --- | --- | --- | --- |",
    ]
    for m, verdict in judged.items():
        old = " / ".join(f"{a.ratios[m]:.3f}" for _, a, _ in paired)
        new = " / ".join(f"{b.ratios[m]:.3f}" for _, _, b in paired)
        lead = lead_range(leads_at(paired, m))
        lines.append(f"| {m} | {old} | {new} | {lead} | {verdict if verdict != MIXED else ''} |")
    for label, side in ((before, 1), (after, 2)):
        means = [geomean([pair[side].ratios[m] for m in judged]) for pair in paired]
        lines.append(f"geomean {label}: " + " / ".join(f"{g:.4f}×" for g in means))
    for verdict in (AHEAD, BEHIND):
        ms = [str(m) for m, v in judged.items() if v == verdict]
        lines.append(f"{verdict} by more than {least} in every pair: {', '.join(ms) or 'none'}")
    lines.append(chance_line(len(paired), len(judged)))
    return "\n".join(lines)


def lead_range(leads: list[float]) -> str:
    """The leads of one M's pairs as a reader weighs them against the margin: the least and the
    most, and their mean (a lead held in every pair but below the margin in one shows here)."""
    low, high, mean = min(leads), max(leads), sum(leads) / len(leads)
    if len(leads) == 1:
        return f"{low:+.1%}"
    return f"{low:+.1%} to {high:+.1%} (mean {mean:+.1%})"


def chance_line(pair_count: int, m_count: int) -> str:
    """What a change that does nothing would read: each M ahead or behind in every pair with
    probability 2 / 2^pairs."""
    p = 2 / 2**pair_count
    return (
        f"by its sign alone, a no-op reads ahead or behind in all {pair_count} pair(s) at one M "
        f"with probability {p:.1%}, so at about {p * m_count:.1f} of these {m_count} Ms"
    )
