"""`fibgemm report --compare`: ratio per M of every (solution, GPU, path) in results CSVs, the
newest content of each, drawn one panel per solution."""

import pytest
from helpers import write_results_csv

from fibgemm import REPO_ROOT
from fibgemm.cli import main
from fibgemm.compare import curves, plot_curves, summary_lines


def _row(day, device, path, m, speedup, sha="new", status="PASSED", solution="cute_gemm"):
    return {
        "run_id": f"run{day}",
        "date": f"2026-12-0{day}T10:00:00+00:00",
        "device": device,
        "solution": solution,
        "solution_sha1": sha,
        "M": str(m),
        "status": status,
        "speedup": str(speedup),
        "path": path,
        "sol_after_ref_p50_us": "7.0",
    }


ROWS = [
    _row(2, "NVIDIA_H200", "hopper:CuteConfig", 1, 1.10),
    _row(3, "NVIDIA_H200", "hopper:CuteConfig", 1, 1.14),
    _row(3, "NVIDIA_H200", "hopper:CuteConfig", 256, 1.20),
    _row(1, "NVIDIA_H200", "hopper:CuteConfig", 1, 0.50, sha="old"),  # older content: left out
    _row(3, "NVIDIA_H200", "portable:PortableConfig", 1, 0.90),
    _row(3, "NVIDIA_H100_80GB_HBM3", "hopper:CuteConfig", 1, 1.05),
    _row(3, "NVIDIA_H100_80GB_HBM3", "hopper:CuteConfig", 8, 0.0, status="RUNTIME_ERROR"),
    _row(3, "NVIDIA_H200", "", 1, 1.0, solution="torch_matmul"),  # the baseline: left out
    _row(3, "NVIDIA_H200", "", 16, 1.3),  # a row of before the path column: left out
]


def test_each_solution_gpu_and_path_is_one_curve_of_its_newest_content():
    found = curves(ROWS)
    assert set(found) == {
        ("cute_gemm", "NVIDIA_H200", "hopper"),
        ("cute_gemm", "NVIDIA_H200", "portable"),
        ("cute_gemm", "NVIDIA_H100_80GB_HBM3", "hopper"),
    }
    h200 = found[("cute_gemm", "NVIDIA_H200", "hopper")]
    assert h200[1] == pytest.approx((1.12, 1.10, 1.14, 2))
    assert h200[256] == pytest.approx((1.20, 1.20, 1.20, 1))
    assert list(found[("cute_gemm", "NVIDIA_H100_80GB_HBM3", "hopper")]) == [1]
    lines = summary_lines(found)
    assert any("NVIDIA_H200, hopper path: geomean" in line and "at M = 1" in line for line in lines)


def test_the_picture_is_a_png(tmp_path):
    plot_curves(curves(ROWS), tmp_path / "p.png")
    assert (tmp_path / "p.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_command_draws_from_several_csvs(tmp_path, capsys):
    a = write_results_csv(tmp_path / "a.csv", ROWS[:4])
    b = write_results_csv(tmp_path / "b.csv", ROWS[4:])
    assert main(["report", "--compare", str(a), str(b), "--out", str(tmp_path / "o.png")]) == 0
    out = capsys.readouterr().out
    assert (tmp_path / "o.png").is_file() and out.count(" path: geomean ") == 3


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d / "missing.csv", "no such results CSV"),
        (
            lambda d: write_results_csv(d / "x.csv", [{"a": 1}], ["a"]),
            "not a results CSV (no column M,",
        ),
        (lambda d: write_results_csv(d / "y.csv", ROWS[-2:]), "no PASSED row that names its path"),
    ],
)
def test_bad_csvs_are_refused_naming_the_problem(tmp_path, capsys, make, message):
    code = main(["report", "--compare", str(make(tmp_path)), "--out", str(tmp_path / "o.png")])
    assert code == 1 and message in capsys.readouterr().err
    assert not (tmp_path / "o.png").exists()


def test_out_without_compare_is_refused(tmp_path, capsys):
    assert main(["report", "--out", str(tmp_path / "o.png")]) == 1
    assert "--out names the --compare picture" in capsys.readouterr().err


def test_report_portable_prints_the_portable_csvs_table_and_writes_nothing(tmp_path, capsys):
    results = tmp_path / "results"
    results.mkdir()
    args = ["report", "--root", str(tmp_path), "--portable"]
    assert main(args) == 1
    assert "FIBGEMM_PORTABLE=1 fibgemm run` first" in capsys.readouterr().err
    committed = (REPO_ROOT / "results/gemm_n3072_k2048-portable.csv").read_bytes()
    (results / "gemm_n3072_k2048-portable.csv").write_bytes(
        b"".join(committed.splitlines(True)[:9])
    )
    assert main(args) == 0
    assert "**triton_gemm**: geomean speedup" in capsys.readouterr().out
    assert sorted(p.name for p in results.iterdir()) == ["gemm_n3072_k2048-portable.csv"]
    assert main([*args, "--compare", str(results / "gemm_n3072_k2048-portable.csv")]) == 1
    assert "pick one" in capsys.readouterr().err
