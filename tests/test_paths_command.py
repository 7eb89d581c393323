"""`fibgemm paths`: which path each solution takes on a GPU and toolchain, and why, from the
solutions' own selection functions, on any machine and outside a checkout."""

from types import SimpleNamespace

import pytest
import torch

from fibgemm.cli import main

NO_CUDA = pytest.mark.skipif(torch.cuda.is_available(), reason="with CUDA it shows the GPUs")


def _paths(capsys, *args) -> tuple[int, str, str]:
    code = main(["paths", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def _lines_of(out: str, gpu: str) -> dict[str, str]:
    """{solution: its line} under the heading of `gpu`."""
    block = out.split(gpu, 1)[1].split("\n")[1:4]
    return {line.split()[0]: line for line in block}


@NO_CUDA
def test_without_cuda_every_family_the_readme_names_is_answered(capsys):
    code, out, _ = _paths(capsys, "--triton", "3.7", "--dsl", "4.8")
    assert code == 0 and "no CUDA device here" in out
    for gpu in ("A100 (sm_80", "A10 / RTX 30 (sm_86", "L4 / L40S / RTX 40 (sm_89",
                "H100 / H200 (sm_90", "B200 / GB200 (sm_100", "RTX 50 (sm_120"):  # fmt: skip
        assert gpu in out
    hopper = _lines_of(out, "H100 / H200 (sm_90, 227 KB")
    assert hopper["cute_gemm"].split()[1] == "hopper"
    assert hopper["triton_gemm"].split()[1] == "hopper"
    b200 = _lines_of(out, "B200 / GB200")
    assert (
        "portable (tma tiles)" in b200["triton_gemm"]
        and "sm_100 is not Hopper" in b200["cute_gemm"]
    )
    assert "portable (pointer tiles)" in _lines_of(out, "A100 (sm_80, 163 KB")["triton_gemm"]


def test_a_triton_the_hopper_kernel_was_not_measured_with_gets_the_portable_tiles(capsys):
    code, out, _ = _paths(capsys, "--capability", "9.0", "--triton", "3.8.0", "--dsl", "4.8")
    assert code == 0 and "Triton 3.8 (asked)" in out
    lines = _lines_of(out, "H100 / H200")
    assert "portable (tma tiles)" in lines["triton_gemm"]
    assert "Triton 3.8 is untested on the Hopper path (3.6, 3.7)" in lines["triton_gemm"]
    assert lines["cute_gemm"].split()[1] == "hopper"


def test_an_untested_cute_dsl_and_the_portable_switch_are_named(capsys, monkeypatch):
    _, out, _ = _paths(capsys, "--capability", "sm_90", "--triton", "3.6", "--dsl", "4.7.1")
    assert "portable" in _lines_of(out, "H100 / H200")["cute_gemm"]
    assert "hopper" in _lines_of(out, "H100 / H200")["triton_gemm"]
    monkeypatch.setenv("FIBGEMM_PORTABLE", "1")
    _, out, _ = _paths(capsys, "--capability", "90", "--triton", "3.6", "--dsl", "4.8")
    lines = _lines_of(out, "H100 / H200")
    assert all("FIBGEMM_PORTABLE is set" in lines[s] for s in ("cute_gemm", "triton_gemm"))


def test_a_gpu_below_sm80_gets_no_path_and_the_reason(capsys):
    code, out, _ = _paths(capsys, "--capability", "7.5")
    lines = _lines_of(out, "an sm_75 GPU (sm_75")
    assert code == 0
    for name in ("cute_gemm", "triton_gemm"):
        assert lines[name].split()[1] == "none"
        assert "compute capability 8.0 or newer" in lines[name]


def test_the_gpus_here_are_answered_by_name(capsys, monkeypatch):
    """With CUDA, each visible GPU by index and name, its shared memory as torch reports it."""
    h100 = SimpleNamespace(
        major=9, minor=0, name="NVIDIA H100 80GB HBM3", shared_memory_per_block_optin=232448
    )
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 1)
    monkeypatch.setattr(torch.cuda, "get_device_properties", lambda i: h100)
    code, out, _ = _paths(capsys, "--triton", "3.7", "--dsl", "4.8")
    assert code == 0 and "no CUDA device" not in out
    assert "GPU 0, NVIDIA H100 80GB HBM3 (sm_90, 227 KB of shared memory a CTA):" in out
    assert _lines_of(out, "GPU 0,")["triton_gemm"].split()[1] == "hopper"


def test_it_needs_no_checkout(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    code, out, _ = _paths(capsys, "--capability", "8.6")
    assert code == 0 and "A10 / RTX 30 (sm_86, 99 KB" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--capability", "nine"], "'nine': expected a compute capability like 9.0"),
        (["--triton", "3"], "'3': expected a MAJOR.MINOR version like 3.8"),
        (["--dsl", "four"], "'four': expected a MAJOR.MINOR version like 3.8"),
    ],
)
def test_a_malformed_capability_or_version_is_refused_naming_it(capsys, args, message):
    with pytest.raises(SystemExit) as exit_:
        main(["paths", *args])
    assert exit_.value.code == 2 and message in capsys.readouterr().err


def test_a_cute_dsl_that_does_not_import_is_named_not_a_crash(capsys, monkeypatch):
    import sys

    import cute_gemm

    monkeypatch.delattr(cute_gemm, "main", raising=False)
    monkeypatch.setitem(sys.modules, "cute_gemm.main", None)  # its import fails
    code, out, err = _paths(capsys, "--capability", "9.0", "--triton", "3.7")
    assert code == 0 and "pip install 'nvidia-cutlass-dsl" in err
    lines = _lines_of(out, "H100 / H200")
    assert lines["cute_gemm"].split()[1] == "none" and "does not import here" in lines["cute_gemm"]
    assert lines["triton_gemm"].split()[1] == "hopper"


@pytest.mark.gpu
def test_on_a_gpu_it_names_the_path_each_solution_then_serves(capsys):
    """What `fibgemm paths` says for GPU 0 is what each solution's served_path (the results'
    `path` column) reports there."""
    from cute_gemm import main as cute_main
    from triton_gemm import main as triton_main

    code, out, _ = _paths(capsys)
    lines = _lines_of(out, f"GPU 0, {torch.cuda.get_device_name(0)} (")
    torch.cuda.set_device(0)
    cute_served = cute_main.served_path(16).split(":")[0]
    assert code == 0 and lines["cute_gemm"].split()[1] == cute_served
    kind, _, table = triton_main.served_path(16).split(":")[0].partition("-")
    expected = kind if not table else f"{kind} ({table} tiles)"
    assert lines["triton_gemm"].split(None, 1)[1].startswith(expected)


def test_an_install_without_the_sources_is_told_so(capsys, monkeypatch, tmp_path):
    from fibgemm import paths_command

    monkeypatch.setattr(paths_command, "REPO_ROOT", tmp_path)
    code, out, err = _paths(capsys, "--capability", "9.0")
    assert code == 1 and out == ""
    assert f"{tmp_path / 'sources'} does not hold them" in err and "pip install -e ." in err
