"""The two-protocol table (`fibgemm baseline`): its arithmetic and files, from fake rows."""

import pytest
import torch

from fibgemm import REPO_ROOT, WORKLOAD_MS
from fibgemm.cli import main
from fibgemm.protocols import plot, reported_b200, table


def _rows():
    rows = []
    for m in (1, 15, 8192):
        for name, ev, cu in (("torch.matmul", 30.0, 7.2), ("cute_gemm", 27.0, 6.4)):
            scale = 20 if m == 8192 else 1
            rows.append(
                {
                    "M": str(m),
                    "callable": name,
                    "events_mean_us": f"{ev * scale:.3f}",
                    "cupti_median_us": f"{cu * scale:.3f}",
                    "device": "NVIDIA H200",
                    "commit": "abc",
                    "date": "2026-12-01T00:00:00+00:00",
                }
            )
    return rows


def test_the_reported_b200_figures_cover_every_workload():
    reported = reported_b200(REPO_ROOT / "results/reported_baseline_b200.csv")
    assert sorted(reported) == sorted(WORKLOAD_MS)
    assert reported[15] == 10.8


def test_the_table_gives_both_protocols_and_the_speedup_each_would_report(tmp_path):
    reported = reported_b200(REPO_ROOT / "results/reported_baseline_b200.csv")
    text = table(_rows(), reported)
    assert "| 15 | 10.8 | 30.00 | 7.20 | 27.00 | 6.40 | 1.111 | 1.125 |" in text
    assert "geomean speedup 1.111× under the event protocol, 1.125× under CUPTI" in text
    plot(_rows(), reported, tmp_path / "p.png")
    assert (tmp_path / "p.png").stat().st_size > 10_000


@pytest.mark.skipif(torch.cuda.is_available(), reason="with CUDA it would time")
def test_the_command_checks_its_arguments_then_needs_cuda(capsys):
    assert main(["baseline", "--root", str(REPO_ROOT), "--m", "17"]) == 1
    assert "nearest: 16" in capsys.readouterr().err
    assert main(["baseline", "--root", str(REPO_ROOT), "--m", "15"]) == 2
