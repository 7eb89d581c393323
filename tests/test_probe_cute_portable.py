"""The portable probe's logic that needs no GPU: reading configs from the command line, which
row each M is timed against, and the summary it prints."""

import argparse

import pytest
from cute_gemm import portable
from cute_gemm.portable import PortableConfig

from tuners import probe_cute_portable as probe


def test_a_config_reads_its_fields_and_takes_the_defaults_for_the_rest():
    cfg = probe.parse_config(
        "tile_p=48 tile_q=64, warps_p=1 warps_q=4 stages=8 splits=2 peel_tail=0"
    )
    assert cfg == PortableConfig(
        tile_p=48,
        tile_q=64,
        swap_ab=True,
        stages=8,
        warps_p=1,
        warps_q=4,
        splits=2,
        peel_tail=False,
    )
    assert probe.parse_config("tile_p=128 tile_q=128 swap_ab=false").swap_ab is False


@pytest.mark.parametrize(
    "text, named",
    [
        ("tile_p=48 tile_q=64 stage=8", "stage=8"),  # no such field
        ("tile_p=48 tile_q=64 stages", "stages"),  # no value
        ("tile_p=48 tile_q=sixty", "not an integer"),
        ("tile_p=48 tile_q=64 peel_tail=maybe", "not a boolean"),
        ("tile_q=64", "tile_p missing"),
        ("tile_p=48 tile_q=64 warps_p=2", "is_valid refuses"),  # 48 rows on two 16-row warps
    ],
)
def test_a_bad_config_is_refused_with_its_problem_named(text, named):
    with pytest.raises(argparse.ArgumentTypeError, match=named):
        probe.parse_config(text)


def test_a_config_is_printed_as_the_command_line_takes_it():
    """Every row of both tables, written by config_text, reads back as itself: a summary line
    can be pasted into --config; fields at their defaults are left out."""
    for table in (portable.TABLE, portable.TABLE_LARGE_SHARED):
        for _, cfg in table:
            assert probe.parse_config(probe.config_text(cfg)) == cfg
    given = "tile_p=48 tile_q=64 warps_p=1 warps_q=4 splits=2 peel_tail=0"
    assert probe.config_text(probe.parse_config(given)) == given
    assert "swap_ab=0" in probe.config_text(probe.parse_config("tile_p=128 tile_q=128 swap_ab=0"))


def test_each_m_is_timed_against_the_row_that_serves_it_and_the_row_is_not_timed_twice():
    table = portable.TABLE_LARGE_SHARED
    row_128 = next(cfg for limit, cfg in table if limit == 128)
    other = probe.parse_config("tile_p=64 tile_q=32 warps_p=2 warps_q=1 stages=8")
    plans = probe.plan(table, [104, 128, 10**6], [row_128, other])
    assert plans[104] == plans[128] == [row_128, other]
    assert plans[10**6] == [table[-1][1], row_128, other]


def test_the_summary_puts_the_row_first_then_the_fastest_and_names_the_unranked():
    row = probe.parse_config("tile_p=48 tile_q=32 warps_p=1 warps_q=2 stages=6")
    fast = probe.parse_config("tile_p=48 tile_q=64 warps_p=1 warps_q=4 stages=10")
    slow = probe.parse_config("tile_p=64 tile_q=32 warps_p=2 warps_q=1 stages=8")
    broken = probe.parse_config("tile_p=64 tile_q=64 warps_p=2 warps_q=2 stages=8")
    ratios = {(128, row): [0.72, 0.74], (128, fast): [0.77, 0.79], (128, slow): [0.70, 0.70]}
    text = probe.summary([128], {128: [row, fast, slow, broken]}, ratios, rounds=2)
    lines = text.splitlines()
    assert lines[1].startswith("M=128: row 0.730x")
    assert (
        lines[2].startswith("  0.780x  +6.8% (0.770-0.790, 2 rounds)") and "tile_q=64" in lines[2]
    )
    assert lines[3].startswith("  0.700x  -4.1%")
    assert lines[4].startswith("  not ranked") and repr(probe.config_text(broken)) in lines[4]


def test_without_a_gpu_it_says_so(capsys):
    if probe.torch.cuda.is_available():
        pytest.skip("a GPU is here")
    assert probe.main(["--ms", "64", "--config", "tile_p=48 tile_q=64 warps_p=1 warps_q=4"]) == 2
    assert "needs a CUDA GPU" in capsys.readouterr().err


def test_a_bad_command_line_exits_with_its_problem(capsys):
    with pytest.raises(SystemExit):
        probe.main(["--ms", "64", "--config", "tile_p=48"])
    assert "tile_q missing" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        probe.main(["--ms", "0", "--config", "tile_p=48 tile_q=64 warps_p=1 warps_q=4"])
    assert "positive" in capsys.readouterr().err


def test_a_config_over_the_tables_ring_is_refused_before_anything_runs(capsys):
    # 64 x 80 tiles in 10 stages: 180 KB of ring, over TABLE_LARGE_SHARED's 160 KB
    big = "tile_p=64 tile_q=80 stages=10 warps_p=4 warps_q=1"  # as config_text writes it
    with pytest.raises(SystemExit):
        probe.main(["--ms", "80", "--config", big])
    err = capsys.readouterr().err
    assert f"over the large table's 160 KB ring: {big!r}" in err
    with pytest.raises(SystemExit):  # TABLE's 96 KB: 6 stages of 64 x 80 are 108 KB
        probe.main(["--ms", "80", "--table", "small", "--config", big.replace("10", "6")])
    assert "over the small table's 96 KB ring" in capsys.readouterr().err


@pytest.mark.parametrize("schedule, after", [(None, False), ("after-itself", True)])
def test_the_schedule_reaches_the_timing_and_is_printed(monkeypatch, capsys, schedule, after):
    """The GPU's parts faked: whichever schedule the command line names is what rank_bucket is
    asked for, every round and M, and the summary says which it was."""
    seen = []

    def fake_rank_bucket(timer, m, b, cfgs, launch, iters, guard=None, after_itself=False):
        seen.append(after_itself)
        return [(8.0, c) for c in cfgs], 7.0, len(cfgs)

    monkeypatch.setattr(probe.torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(probe.cute_main, "compiled_kernel", lambda cfg: None)
    monkeypatch.setattr(probe.torch, "randn", lambda *a, **k: None)
    monkeypatch.setattr(probe, "ColdL2Timer", lambda: None)
    monkeypatch.setattr(probe, "rank_bucket", fake_rank_bucket)
    argv = [
        "--ms",
        "64",
        "128",
        "--rounds",
        "2",
        "--config",
        "tile_p=48 tile_q=64 warps_p=1 warps_q=4",
    ]
    assert probe.main(argv + (["--schedule", schedule] if schedule else [])) == 0
    assert seen == [after] * 4
    assert f"schedule: {schedule or 'interleaved'}" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        probe.main(argv + ["--schedule", "sometimes"])
    assert "invalid choice: 'sometimes'" in capsys.readouterr().err
