"""`fibgemm run` checks everything it is given before it builds or times anything, on any
machine, and leaves the dataset byte for byte as it was when it refuses."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from helpers import fake_trace, make_dataset, repo_solution, solution_file, traces_file

from fibgemm import REPO_ROOT
from fibgemm.checkout import CheckoutError, resolve_root
from fibgemm.cli import main, parse_args

NO_CUDA = pytest.mark.skipif(torch.cuda.is_available(), reason="with CUDA `run` would time")


@pytest.fixture
def root(tmp_path):
    root = make_dataset(
        tmp_path / "ds", [1, 16, 256], [repo_solution("torch_matmul"), repo_solution("cute_gemm")]
    )
    sol = repo_solution("torch_matmul")
    lines = [fake_trace(sol, i, f"2026-12-01T00:00:0{i}+00:00").model_dump_json() for i in range(5)]
    traces_file(root, "baseline").parent.mkdir(parents=True)
    traces_file(root, "baseline").write_text("\n".join(lines) + "\n")
    (root / "results").mkdir()
    csv = (REPO_ROOT / "results/gemm_n3072_k2048.csv").read_bytes().splitlines(keepends=True)
    (root / "results/gemm_n3072_k2048.csv").write_bytes(b"".join(csv[:6]))
    return root


def _snapshot(root: Path) -> dict:
    return {p: p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _run(root, capsys, *args):
    before = _snapshot(root)
    code = main(["run", "--root", str(root), *args])
    err = capsys.readouterr().err
    return code, err, before == _snapshot(root)


def test_an_unknown_solution_is_refused_listing_the_valid_ones(root, capsys):
    code, err, unchanged = _run(root, capsys, "--solutions", "triton_gemmm")
    assert code == 1 and unchanged
    assert "unknown solution(s) ['triton_gemmm']" in err
    assert "['cute_gemm', 'torch_matmul']" in err


@pytest.mark.parametrize(("m", "nearest"), [("99999", "256, 16"), ("-5", "1, 16"), ("17", "16")])
def test_an_m_without_a_workload_is_refused_naming_the_nearest(root, capsys, m, nearest):
    code, err, unchanged = _run(root, capsys, "--m", "16", m)
    assert code == 1 and unchanged
    assert f"--m {m}: no workload has M = {m}; nearest: {nearest}" in err


def test_an_unwritable_traces_folder_is_refused_before_anything_runs(root, capsys):
    shutil.rmtree(root / "traces")
    (root / "traces").write_text("a file where the traces folder should be")
    code, err, unchanged = _run(root, capsys)
    assert code == 1 and unchanged
    assert f"cannot write results: {root / 'traces' / 'baseline' / 'gemm'}" in err


@pytest.mark.parametrize("value", ["1", "yes"])
def test_resume_with_every_solution_forced_portable_is_refused(root, capsys, monkeypatch, value):
    """--resume skips pairs by the traces, which a FIBGEMM_PORTABLE=1 run does not write."""
    monkeypatch.setenv("FIBGEMM_PORTABLE", value)
    code, err, unchanged = _run(root, capsys, "--resume")
    assert code == 1 and unchanged
    assert "a FIBGEMM_PORTABLE=1 run writes no traces: run it without --resume" in err


@NO_CUDA
@pytest.mark.parametrize("value", ["", "0"])
def test_resume_is_accepted_when_the_portable_switch_is_off(root, capsys, monkeypatch, value):
    monkeypatch.setenv("FIBGEMM_PORTABLE", value)
    code, err, unchanged = _run(root, capsys, "--resume")
    assert code == 2 and unchanged and "FIBGEMM_PORTABLE" not in err


def test_every_problem_is_listed_at_once(root, capsys):
    code, err, _ = _run(root, capsys, "--solutions", "nope", "--m", "3")
    assert code == 1 and "unknown solution" in err and "--m 3" in err


@NO_CUDA
def test_without_cuda_it_validates_then_exits_2_and_writes_nothing(root, capsys):
    code, err, unchanged = _run(root, capsys, "--solutions", "cute_gemm", "--m", "16")
    assert code == 2 and unchanged and "nothing can be timed" in err


@NO_CUDA
def test_baseline_without_cuda_checks_its_arguments_then_exits_2_writing_nothing(root, capsys):
    before = _snapshot(root)
    assert main(["baseline", "--root", str(root), "--solutions", "nope"]) == 1
    assert "nope" in capsys.readouterr().err
    assert main(["baseline", "--root", str(root), "--solutions", "cute_gemm", "--m", "16"]) == 2
    assert "the arguments are valid, but nothing can be timed" in capsys.readouterr().err
    assert _snapshot(root) == before


def test_a_broken_dataset_exits_1_naming_the_file(root, capsys):
    p = root / "definitions/gemm/gemm_n3072_k2048.json"
    p.write_text("{")
    code, err, _ = _run(root, capsys)
    assert code == 1 and "definitions/gemm/gemm_n3072_k2048.json" in err


@NO_CUDA
def test_a_complete_last_trace_without_newline_survives_the_start_up_repair(root, capsys):
    traces = traces_file(root, "baseline")
    results = root / "results/gemm_n3072_k2048.csv"
    traces.write_bytes(traces.read_bytes().rstrip(b"\n"))
    results.write_bytes(results.read_bytes().rstrip(b"\r\n"))
    assert main(["run", "--root", str(root)]) == 2
    assert len(traces.read_text().splitlines()) == 5 and traces.read_text().endswith("\n")
    assert len(results.read_bytes().splitlines()) == 6
    assert "line kept" in capsys.readouterr().err


def test_too_few_iterations_are_refused():
    with pytest.raises(SystemExit):
        parse_args(["run", "--iters", "10"])


AB = ["report", "--ab", "a", "b"]
BELOW_100 = "expected a percentage from 0 to below 100"


@pytest.mark.parametrize(
    "argv, says",
    [
        (AB + ["--margin", "x"], "'x': expected a percentage like 0.5"),
        (AB + ["--margin", "100"], f"'100': {BELOW_100}"),
        (AB + ["--margin", "-1"], f"'-1': {BELOW_100}"),
        (["duel", "a", "b", "--margin", "nan"], f"'nan': {BELOW_100}"),
    ],
)
def test_a_bad_margin_is_refused_naming_the_value(argv, says, capsys):
    with pytest.raises(SystemExit) as exit_:
        parse_args(argv)
    assert exit_.value.code == 2
    assert f"argument --margin: {says}" in capsys.readouterr().err


def test_a_margin_in_percent_becomes_a_fraction():
    assert parse_args(["report", "--ab", "a", "b", "--margin", "0.5"]).margin == 0.005
    assert parse_args(["duel", "a", "b", "--margin", "0"]).margin == 0


def test_a_command_in_another_checkout_refuses_naming_both(tmp_path):
    other = tmp_path / "clone2"
    (other / "definitions").mkdir(parents=True)
    (other / "workloads").mkdir()
    with pytest.raises(CheckoutError) as e:
        resolve_root(None, cwd=other / "workloads")
    assert str(other) in str(e.value) and str(REPO_ROOT) in str(e.value)
    assert resolve_root(None, cwd=REPO_ROOT / "tests") == REPO_ROOT
    assert resolve_root(other, cwd=REPO_ROOT) == other  # an explicit --root is taken as given


def test_python_m_fibgemm_in_a_second_clone_uses_that_clone(tmp_path):
    clone = tmp_path / "clone2"
    for part in ("fibgemm", "definitions", "workloads", "solutions"):
        shutil.copytree(REPO_ROOT / part, clone / part)
    solution_file(clone, "cute_gemm").unlink()
    out = subprocess.run(
        [sys.executable, "-m", "fibgemm", "run", "--solutions", "cute_gemm"],
        cwd=clone,
        capture_output=True,
        text=True,
        timeout=300,
    )
    # The clone has no cute_gemm: only its own dataset can give this answer.
    assert out.returncode == 1, out.stderr
    assert "unknown solution(s) ['cute_gemm']" in out.stderr
    assert not (clone / "traces").exists() and not (clone / "results").exists()


def test_validate_checks_a_dataset_or_an_export_without_a_gpu(root, capsys, tmp_path):
    assert main(["validate", "--root", str(root)]) == 0
    assert "valid: 1 definition(s), 3 workloads, 2 solutions, 5 traces" in capsys.readouterr().out
    (root / "definitions/gemm/gemm_n3072_k2048.json").write_text("{")
    assert main(["validate", "--root", str(root)]) == 1
    assert "not valid JSON" in capsys.readouterr().err


@pytest.mark.parametrize("which", ["triton", "cute", "cute_portable"])
def test_tune_runs_the_checkouts_tuner_with_its_arguments(which, monkeypatch):
    """`fibgemm tune WHICH ARGS` runs tuners/tune_WHICH.py of the checkout, arguments as given
    (the tuner itself needs a GPU: here its command line is what is checked)."""
    ran = []

    def fake_run(cmd, cwd, env):
        ran.append((cmd, cwd, env["PYTHONPATH"]))
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setattr(subprocess, "run", fake_run)
    assert main(["tune", which, "--buckets", "160", "--dry-run"]) == 0
    [(cmd, cwd, path)] = ran
    assert cmd[1:] == ["-m", f"tuners.tune_{which}", "--buckets", "160", "--dry-run"]
    assert Path(cwd) == REPO_ROOT and path.split(":")[0] == str(REPO_ROOT)
    with pytest.raises(SystemExit):
        parse_args(["tune", "cute_portable_typo"])
