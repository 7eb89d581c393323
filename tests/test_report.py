"""The summary table, spread over passes, geomean and plot, from a results CSV."""

import re

import pytest
from helpers import make_dataset, repo_solution, solution_file, write_results_csv

from fibgemm.cli import main
from fibgemm.report import (
    PROSE_WIDTH,
    band_table,
    protocol_floor_us,
    table,
    wrapped,
    write_report,
)


def _row(run, sol, m, p50, ref, status="PASSED", sha="s1"):
    return {
        "run_id": run,
        "date": f"2026-11-29T10:0{run}:00+00:00",
        "commit": "c",
        "device": "NVIDIA_H200",
        "solution": sol,
        "solution_sha1": sha,
        "workload_uuid": f"u{m}",
        "M": m,
        "status": status,
        "p20_us": p50 - 0.1,
        "p50_us": p50,
        "p80_us": p50 + 0.1,
        "ref_p20_us": ref,
        "ref_p50_us": ref,
        "ref_p80_us": ref,
        "speedup": ref / p50,
        "host_us": 10,
        "ref_host_us": 20,
    }


ROWS = [
    _row(1, "torch_matmul", 1, 7.2, 7.2),
    _row(1, "triton_gemm", 1, 6.0, 7.2),
    _row(1, "torch_matmul", 256, 8.8, 8.8),
    _row(1, "triton_gemm", 256, 11.0, 8.8),
    _row(2, "triton_gemm", 1, 6.4, 7.2),
    _row(2, "triton_gemm", 256, 8.0, 8.8),
]


def test_band_table_spans_each_band_over_its_ms_and_passes():
    """1 and 16 share a band, 256 falls in 184–256, 300 (in no band) gets a row of its own; a
    failed pass is left out of the spans, and a band of another content's rows is marked."""
    rows = [
        _row(1, "triton_gemm", 1, 6.0, 7.2),
        _row(2, "triton_gemm", 1, 6.4, 7.2),
        _row(1, "triton_gemm", 16, 6.2, 7.4),
        _row(3, "triton_gemm", 16, 9.9, 7.4, status="INCORRECT_NUMERICAL"),
        _row(1, "triton_gemm", 256, 8.0, 8.8),
        _row(2, "triton_gemm", 300, 9.0, 9.9, sha="old"),
    ]
    text = band_table([{k: str(v) for k, v in r.items()} for r in rows], {"triton_gemm": "s1"})
    assert text.splitlines()[:2] == [
        "| M | torch.matmul µs | triton_gemm µs | triton_gemm × |",
        "| --- | --- | --- | --- |",
    ]
    assert "| 1–16 | 7.20–7.40 | 6.00–6.40 | 1.125–1.200 |" in text
    assert "| 184–256 | 8.80–8.80 | 8.00–8.00 | 1.100–1.100 |" in text
    assert "| 300 | 9.90–9.90 | 9.00–9.00 | 1.100–1.100 ‡ |" in text
    assert "\n‡ rows of another content than the checked-in solution of that name.\n" in text
    # pass 1: 1.2, 1.194 and 1.1 (geomean 1.164); pass 2: 1.125 and 1.1; pass 3 failed
    assert text.endswith("\ntriton_gemm: 1.112–1.164× geomean over 2 passes")


def test_table_uses_newest_rows_and_reports_spread_and_geomean():
    text = table([{k: str(v) for k, v in r.items()} for r in ROWS])
    assert "| 1 | 5.76 | 7.20 [7.10, 7.30] | 6.40 [6.30, 6.50] | 1.125 | 1.125–1.200 (2) |" in text
    assert "| 256 |" in text and "1.100 | 0.800–1.100 (2)" in text
    assert "geomean speedup 1.112× over 2 workloads (min 1.100×), 0 not passed" in text


def test_failed_newest_row_shows_its_status():
    rows = ROWS + [_row(3, "triton_gemm", 1, 1.0, 7.2, status="INCORRECT_NUMERICAL")]
    text = table([{k: str(v) for k, v in r.items()} for r in rows])
    assert "| INCORRECT_NUMERICAL |" in text and "1 not passed" in text


def test_floor_is_streaming_at_small_m_and_compute_at_large_m():
    assert protocol_floor_us(1) == pytest.approx(5.77, abs=0.02)  # B alone: 12.6 MB
    assert protocol_floor_us(8192) == pytest.approx(2 * 8192 * 3072 * 2048 / 751e6, rel=1e-6)


def test_write_report_makes_table_and_png(tmp_path):
    path = write_results_csv(tmp_path / "r.csv", ROWS)
    write_report(path, tmp_path)
    assert (tmp_path / "summary.md").read_text().startswith("| M |")
    assert (tmp_path / "latency.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def _table_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("|")]


def test_a_written_summary_wraps_its_prose_and_keeps_its_tables_whole(tmp_path):
    rows = [{k: str(v) for k, v in _checked(r, 0.004).items()} for r in ROWS]
    write_report(write_results_csv(tmp_path / "r.csv", rows), tmp_path)
    page = (tmp_path / "summary.md").read_text()
    prose = [line for line in page.splitlines() if not line.startswith("|")]
    assert max(len(line) for line in prose) <= PROSE_WIDTH
    assert _table_lines(page) == _table_lines(table(rows))
    item = "- " + " ".join(["a clause of the reference's shift"] * 8)
    lines = wrapped(item).splitlines()
    assert len(lines) > 1 and all(line.startswith("  ") for line in lines[1:])
    assert " ".join(line.strip() for line in lines) == item
    dash = "word " * 19 + "- 1. + > #"  # a wrapped line would start with "- " there
    assert all(not re.match(r"[-+>#]|1\. ", line) for line in wrapped(dash).splitlines())
    assert wrapped(dash).replace("\n", " ") == dash
    code = "```bash\n" + "fibgemm run --m " + " ".join(["8"] * 60) + "\n```"
    assert wrapped(code) == code


def test_spread_keeps_passes_of_one_schedule_apart():
    # Same content, but the first pass divided by the solution's time after the reference and
    # the second by its time after itself: the second's spread must not span the first.
    older = _row(1, "triton_gemm", 1, 6.0, 7.2)
    newer = {**_row(2, "triton_gemm", 1, 6.4, 7.2), "sol_after_ref_p50_us": 6.5}
    rows = [_row(1, "torch_matmul", 1, 7.2, 7.2), older, newer]
    text = table([{k: str(v) for k, v in r.items()} for r in rows])
    assert "| 1.125 | 1.125–1.125 (1) |" in text, text


def test_spread_and_paths_keep_a_solutions_paths_apart():
    """One content serves a Hopper and a portable path (FIBGEMM_PORTABLE=1): the newest
    (portable) row's spread must not span the Hopper pass, and the table names the paths."""
    hopper = {**_row(1, "triton_gemm", 1, 6.0, 7.2), "path": "hopper:WsTileConfig"}
    portable = {**_row(2, "triton_gemm", 1, 9.0, 7.2), "path": "portable-tma:TmaConfig"}
    base = {**_row(2, "torch_matmul", 1, 7.2, 7.2), "path": ""}
    text = table([{k: str(v) for k, v in r.items()} for r in (hopper, base, portable)])
    assert "| 0.800 | 0.800–0.800 (1) |" in text, text
    assert "Paths of the rows shown: triton_gemm portable-tma (1)." in text
    assert "Paths of" not in table([{k: str(v) for k, v in r.items()} for r in ROWS])


def _checked(row, shift):
    return {**row, "ref_shift": f"{shift:+.4f}", "ref_moved": "yes" if abs(shift) > 0.01 else "no"}


def test_shift_lines_average_the_reference_shift_over_a_series_passes():
    """A single pass's flag (1.4% at M = 1) is noise where the per-M mean over the passes stays
    under 1%; a mean past 1% (M = 256) is named. Another content's pass is not averaged in."""
    rows = [
        _checked(_row(1, "torch_matmul", 1, 7.2, 7.2), 0.006),
        _checked(_row(1, "triton_gemm", 1, 6.0, 7.2), 0.014),
        _checked(_row(1, "triton_gemm", 256, 8.0, 8.8), 0.012),
        _checked(_row(2, "triton_gemm", 1, 6.0, 7.2), -0.002),
        _checked(_row(2, "triton_gemm", 256, 8.0, 8.8), 0.016),
        _checked(_row(3, "triton_gemm", 1, 6.0, 7.2, sha="old"), 0.09),
    ]
    newest_first = [{k: str(v) for k, v in r.items()} for r in rows]
    newest_first[-1]["date"] = "2026-11-28T00:00:00+00:00"  # the old content's pass came first
    text = table(newest_first)
    assert (
        "- torch.matmul right after triton_gemm, 2 passes of this content: +1.00% on average; "
        "per-M mean at most +1.40% (M = 256); single passes at most +1.60%; past 1% on average "
        "at M = 256." in text
    ), text
    assert "- torch.matmul right after itself, 1 pass of this content: +0.60%" in text
    assert "within 1% on average at every M." in text
    assert "reference's shift" not in table([{k: str(v) for k, v in r.items()} for r in ROWS])


def test_shift_lines_name_each_physical_gpus_largest_per_m_mean():
    """Passes on two physical GPUs (the UUID part of the gpu label): each GPU's largest per-M
    mean is named; where a pass predates the UUID, no per-GPU figure is claimed."""
    gpus = {1: "0:NVIDIA H200:GPU-aaaa1111", 2: "0:NVIDIA H200:GPU-bbbb2222"}
    rows = [
        {**_checked(_row(run, "triton_gemm", m, 6.0, 7.2), shift), "gpu": gpus[run]}
        for run, m, shift in ((1, 1, 0.004), (1, 72, 0.012), (2, 1, 0.002), (2, 72, -0.001))
    ]
    text = table([{k: str(v) for k, v in r.items()} for r in rows])
    assert (
        "per-M mean at most +0.55% (M = 72); single passes at most +1.20%; per GPU, the per-M "
        "mean at most GPU-aaaa1111 +1.20% (M = 72), GPU-bbbb2222 +0.20% (M = 1); within 1%" in text
    ), text
    rows[0]["gpu"] = "0:NVIDIA H200"  # a row from before GPUs were named by UUID
    assert "per GPU" not in table([{k: str(v) for k, v in r.items()} for r in rows])


def test_gpu_label_names_the_physical_gpu_by_its_uuid(monkeypatch):
    import torch

    from fibgemm.worker import gpu_label

    class Properties:
        uuid = "5f8c2a9e-1111-2222-3333-444455556666"

    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    monkeypatch.setattr(torch.cuda, "current_device", lambda: 3)
    monkeypatch.setattr(torch.cuda, "get_device_name", lambda *a: "NVIDIA H200")
    monkeypatch.setattr(torch.cuda, "get_device_properties", lambda i: Properties())
    assert gpu_label() == "3:NVIDIA H200:GPU-5f8c2a9e"
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "6,7")
    assert gpu_label() == "6:NVIDIA H200:GPU-5f8c2a9e"
    Properties.uuid = ""  # a torch that does not know it
    assert gpu_label() == "6:NVIDIA H200"


def _as_csv_rows(rows):
    return [{k: str(v) for k, v in r.items()} for r in rows]


CHECKED_IN = {"torch_matmul": "s1", "triton_gemm": "s1"}


def test_a_newer_row_of_another_content_never_shows_as_the_checked_in_solutions():
    # an A/B run of a modified copy ("ab"), appended after the checked-in content's passes
    rows = _as_csv_rows(ROWS + [_row(3, "triton_gemm", 1, 5.0, 7.2, sha="ab")])
    assert "| 5.00 [4.90, 5.10] | 1.440 |" in table(rows)  # unknown content: the newest row
    text = table(rows, current=CHECKED_IN)
    assert "| 1 | 5.76 | 7.20 [7.10, 7.30] | 6.40 [6.30, 6.50] | 1.125 | 1.125–1.200 (2) |" in text
    assert "geomean speedup 1.112× over 2 workloads (min 1.100×), 0 not passed." in text
    assert "‡" not in text


def test_rows_of_another_content_only_are_shown_marked_and_counted():
    rows = _as_csv_rows(ROWS + [_row(3, "triton_gemm", 1, 5.0, 7.2, sha="ab")])
    text = table(rows, current={"torch_matmul": "s1", "triton_gemm": "new"})
    assert "| 1.440 ‡ |" in text and "| 1.100 ‡ |" in text  # each M's newest row, marked
    assert "2 of its rows (‡) measured another content than the checked-in solution" in text
    assert "‡ a row of another content than the checked-in solution" in text
    assert "(run `fibgemm run --solutions triton_gemm`)" in text
    portable = table(
        rows, current={"triton_gemm": "new"}, run_command="FIBGEMM_PORTABLE=1 fibgemm run"
    )
    assert "(run `FIBGEMM_PORTABLE=1 fibgemm run --solutions triton_gemm`)" in portable


def test_report_bands_prints_the_table_and_refuses_a_second_mode(tmp_path, capsys):
    sols = [repo_solution("torch_matmul"), repo_solution("triton_gemm")]
    root = make_dataset(tmp_path, [1, 256], sols)
    current = {s.name: s.hash() for s in sols}
    (root / "results").mkdir()
    rows = [dict(r, solution_sha1=current[r["solution"]]) for r in ROWS]
    write_results_csv(root / "results" / "gemm_n3072_k2048.csv", _as_csv_rows(rows))
    assert main(["report", "--root", str(root), "--bands"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("| M | torch.matmul µs | triton_gemm µs | triton_gemm × |")
    assert "| 1–16 | 7.20–7.20 | 6.00–6.40 | 1.125–1.200 |" in out
    assert not (root / "results" / "summary.md").exists()  # prints, writes nothing
    assert main(["report", "--root", str(root), "--bands", "--ab", "a", "b"]) == 1
    assert "--bands prints the README's table; --ab, --compare and --out" in capsys.readouterr().err


def test_the_command_reports_the_checked_in_contents_rows(tmp_path, capsys):
    sols = [repo_solution("torch_matmul"), repo_solution("triton_gemm")]
    root = make_dataset(tmp_path, [1, 256], sols)
    current = {s.name: s.hash() for s in sols}
    rows = [dict(r, solution_sha1=current[r["solution"]]) for r in ROWS]
    rows.append(_row(3, "triton_gemm", 1, 5.0, 7.2, sha="ab"))  # the newest: a modified copy
    (root / "results").mkdir()
    write_results_csv(root / "results" / "gemm_n3072_k2048.csv", _as_csv_rows(rows))
    assert main(["report", "--root", str(root)]) == 0
    summary = (root / "results" / "summary.md").read_text()
    assert "| 6.40 [6.30, 6.50] | 1.125 |" in summary and "‡" not in summary
    assert "warning" not in capsys.readouterr().err
    # a dataset that does not load (here its definition) still has its solutions to hash
    (root / "definitions" / "gemm" / "gemm_n3072_k2048.json").write_text("{not json")
    assert main(["report", "--root", str(root)]) == 0
    assert "| 6.40 [6.30, 6.50] | 1.125 |" in (root / "results" / "summary.md").read_text()
    assert "warning" not in capsys.readouterr().err
    broken = solution_file(root, "triton_gemm")
    broken.write_text("{not json")
    assert main(["report", "--root", str(root)]) == 0  # no contents known: the newest rows
    err = capsys.readouterr().err
    assert f"warning: {broken}: " in err and "the report takes the newest rows" in err
    assert "| 5.00 [4.90, 5.10] | 1.440 |" in (root / "results" / "summary.md").read_text()
