"""`fibgemm report --ab BEFORE AFTER`: two commits' passes run in turn, paired per GPU, each M
ahead, behind or mixed over the pairs."""

import random

import pytest
from helpers import write_results_csv

from fibgemm.ab import AHEAD, BEHIND, MIXED, ABError, Pass, ab_report, drift, pairs, verdicts
from fibgemm.cli import main

GPU_A = "0:NVIDIA H200:GPU-aaaa1111"
GPU_B = "1:NVIDIA H200:GPU-bbbb2222"
DRIFT_WORDS = "1.0% below M = 972, 0.6% from it"


def _row(run, commit, m, speedup, gpu=GPU_A, solution="triton_gemm", status="PASSED"):
    return {
        "run_id": run,
        "commit": commit,
        "solution": solution,
        "M": str(m),
        "status": status,
        "speedup": repr(speedup),
        "gpu": gpu,
    }


def _ab_rows(rng: random.Random) -> list[dict]:
    """Two passes of each commit in turn on GPU A, with AFTER ahead at M = 1 in both pairs,
    behind at 2 in both, ahead then behind at 3; a third AFTER pass on GPU B, which BEFORE
    never ran on, and rows of other commits, solutions and statuses that must be left out."""
    base = {m: 1.0 + rng.uniform(0.05, 0.15) for m in (1, 2, 3)}
    step = rng.uniform(0.015, 0.03)  # more than the 1% drift of a ratio up to 1.15 below M = 972
    after = {1: (step, step), 2: (-step, -step), 3: (step, -step)}
    rows = []
    for k, (old_run, new_run) in enumerate((("r1", "r2"), ("r3", "r4"))):
        for m in (1, 2, 3):
            rows.append(_row(old_run, "old", m, base[m]))
            rows.append(_row(new_run, "new", m, base[m] + after[m][k]))
            rows.append(_row(old_run, "old", m, 1.0, solution="torch_matmul"))
    rows.append(_row("r5", "new", 1, 9.9, gpu=GPU_B))
    rows.append(_row("r6", "other", 1, 9.9))
    rows.append(_row("r4", "new", 4, 0.0, status="RUNTIME_ERROR"))
    rows.append(_row("r0", "old", 1, 9.9, gpu=""))  # before rows named their GPU
    rng.shuffle(rows)  # the pairing follows the run ids, not the rows' order
    return rows


def test_passes_pair_in_turn_on_the_gpu_that_ran_both_and_each_m_gets_its_verdict():
    rows = _ab_rows(random.Random())
    paired = pairs(rows, "triton_gemm", "old", "new")
    assert [(gpu, a[0], b[0]) for gpu, a, b in paired] == [
        ("GPU-aaaa1111", "r1", "r2"),
        ("GPU-aaaa1111", "r3", "r4"),
    ]
    assert verdicts(paired) == {1: AHEAD, 2: BEHIND, 3: MIXED}


def test_a_tie_in_one_pair_is_neither_ahead_nor_behind():
    paired = [
        ("GPU-a", Pass("r1", {1: 1.10}), Pass("r2", {1: 1.12})),
        ("GPU-a", Pass("r3", {1: 1.1}), Pass("r4", {1: 1.1})),
    ]
    assert verdicts(paired) == {1: MIXED}


def test_the_report_names_the_pairs_the_ratios_the_geomeans_and_the_lists():
    text = ab_report(_ab_rows(random.Random()), "old", "new")
    assert text.startswith("triton_gemm: new against old, 2 pair(s) of passes in turn")
    assert "- pair 1: GPU-aaaa1111, runs r1 and r2" in text
    assert f"ahead by more than {DRIFT_WORDS} in every pair: 1" in text
    assert f"behind by more than {DRIFT_WORDS} in every pair: 2" in text
    assert "geomean old:" in text and "geomean new:" in text and "| 3 |" in text


def test_each_m_shows_its_least_and_most_lead_and_their_mean():
    """A lead held in every pair but below the drift in one reads as mixed: the row shows
    why (here the pairs lead by 0.5% and 1.5%: the mean passes the drift, the least does not)."""
    before = random.uniform(1.0, 1.2)
    rows = []
    for k, lead in enumerate((0.005, 0.015)):
        rows.append(_row(f"r{2 * k}", "old", 136, before))
        rows.append(_row(f"r{2 * k + 1}", "new", 136, before * (1 + lead)))
    line = next(x for x in ab_report(rows, "old", "new").splitlines() if x.startswith("| 136 |"))
    assert line.endswith("| +0.5% to +1.5% (mean +1.0%) |  |")
    assert "| M | old × | new × | new's lead a pair | |" in ab_report(rows, "old", "new")
    one_pair = rows[:2]
    line = next(x for x in ab_report(one_pair, "old", "new").splitlines() if x.startswith("| 136"))
    assert line.endswith("| +0.5% |  |")


@pytest.mark.parametrize(
    ("before", "after", "solution", "message"),
    [
        ("old", "nosuch", None, "no rows labelled 'nosuch'"),
        ("old", "new", "cute_gemm", "no PASSED cute_gemm rows labelled 'old'"),
        ("old", "other", None, "no GPU ran both"),
    ],
)
def test_what_is_no_ab_is_refused_saying_why(before, after, solution, message):
    rows = _ab_rows(random.Random())
    rows.append(_row("r7", "other", 1, 1.1, gpu=GPU_B))
    if after == "other":
        rows = [r for r in rows if not (r["commit"] == "other" and r["gpu"] == GPU_A)]
    with pytest.raises(ABError, match=message):
        ab_report(rows, before, after, solution)


def test_a_csv_without_the_columns_an_ab_reads_is_named_as_such():
    rows = [{k: v for k, v in r.items() if k != "gpu"} for r in _ab_rows(random.Random())]
    with pytest.raises(ABError, match="not a results CSV.*no column gpu"):
        ab_report(rows, "old", "new")


def test_two_solutions_with_rows_of_both_commits_need_one_named():
    rows = _ab_rows(random.Random())
    rows += [dict(r, solution="cute_gemm") for r in rows if r["solution"] == "triton_gemm"]
    with pytest.raises(ABError, match="name the solution"):
        ab_report(rows, "old", "new")
    assert ab_report(rows, "old", "new", "cute_gemm").startswith("cute_gemm: new against old")


def _checkout_with_csv(tmp_path, rows):
    (tmp_path / "results").mkdir()
    write_results_csv(tmp_path / "results" / "gemm_n3072_k2048.csv", rows)
    return tmp_path


def test_the_command_prints_the_ab_and_refuses_what_does_not_go_with_it(tmp_path, capsys):
    root = _checkout_with_csv(tmp_path, _ab_rows(random.Random()))
    assert main(["report", "--root", str(root), "--ab", "old", "new"]) == 0
    assert f"ahead by more than {DRIFT_WORDS} in every pair: 1" in capsys.readouterr().out
    assert main(["report", "--root", str(root), "--ab", "old", "nosuch"]) == 1
    assert "no rows labelled 'nosuch'" in capsys.readouterr().err
    assert main(["report", "--root", str(root), "--solution", "triton_gemm"]) == 1
    assert "give --ab too" in capsys.readouterr().err
    assert main(["report", "--root", str(root), "--ab", "old", "new", "--out", "x.png"]) == 1
    assert "pick one" in capsys.readouterr().err
    (root / "results" / "gemm_n3072_k2048.csv").write_bytes(b"run_id,commit\n\xff\xfe,\x00\n")
    assert main(["report", "--root", str(root), "--ab", "old", "new"]) == 1
    assert "error:" in capsys.readouterr().err


@pytest.mark.parametrize(("pair_count", "expected"), [(2, "50.0%"), (4, "12.5%")])
def test_the_report_says_at_how_many_ms_a_no_op_would_read_ahead_or_behind(pair_count, expected):
    rng = random.Random()
    rows = []
    for k in range(pair_count):
        for m in range(1, 9):
            rows.append(_row(f"r{2 * k}", "old", m, 1.1 + rng.uniform(-0.01, 0.01)))
            rows.append(_row(f"r{2 * k + 1}", "new", m, 1.1 + rng.uniform(-0.01, 0.01)))
    text = ab_report(rows, "old", "new")
    assert text.endswith(
        f"in all {pair_count} pair(s) at one M with probability {expected}, "
        f"so at about {8 * 2 / 2**pair_count:.1f} of these 8 Ms"
    )


def _two_pairs(m: int, before: float, leads: tuple[float, float]) -> list[tuple]:
    return [
        ("GPU-a", Pass(f"r{2 * k}", {m: before}), Pass(f"r{2 * k + 1}", {m: before * (1 + d)}))
        for k, d in enumerate(leads)
    ]


@pytest.mark.parametrize(
    ("m", "leads", "verdict"),
    [
        (136, (0.012, 0.015), AHEAD),
        (136, (0.012, 0.008), MIXED),  # one pair within the 1% drift below M = 972
        (136, (-0.011, -0.02), BEHIND),
        (2379, (0.007, 0.009), AHEAD),  # 0.6% from M = 972
        (2379, (0.007, 0.005), MIXED),
    ],
)
def test_a_lead_counts_only_beyond_the_drift_in_every_pair(m, leads, verdict):
    before = random.uniform(0.95, 1.2)
    assert verdicts(_two_pairs(m, before, leads)) == {m: verdict}
    assert drift(m) == (0.01 if m < 972 else 0.006)


def test_a_margin_of_zero_judges_by_the_sign_and_another_by_itself(capsys, tmp_path):
    paired = _two_pairs(136, 1.1, (0.002, 0.004))
    assert verdicts(paired, margin=0.0) == {136: AHEAD}
    assert verdicts(paired, margin=0.003) == {136: MIXED}
    rows = _ab_rows(random.Random())
    assert "ahead by more than 0.0% in every pair: 1" in ab_report(rows, "old", "new", margin=0)
    root = _checkout_with_csv(tmp_path, rows)
    assert main(["report", "--root", str(root), "--ab", "old", "new", "--margin", "5"]) == 0
    assert "ahead by more than 5.0% in every pair: none" in capsys.readouterr().out
    for bad in ("-1", "x", "100"):
        with pytest.raises(SystemExit):
            main(["report", "--root", str(root), "--ab", "old", "new", "--margin", bad])
        assert "--margin" in capsys.readouterr().err
    assert main(["report", "--root", str(root), "--margin", "1"]) == 1
    assert "give --ab too" in capsys.readouterr().err
