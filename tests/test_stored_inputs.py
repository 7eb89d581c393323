"""Stored-input workloads (stored_inputs/): the generator's tensors, the loader's errors for a
bad file, and the correctness check on them (CPU; the GPU pass runs the same workloads)."""

import json
import shutil

import numpy as np
import pytest
from flashinfer_bench.bench.utils import load_safetensors
from flashinfer_bench.compile import BuilderRegistry
from flashinfer_bench.data import Definition, Trace, load_jsonl_file
from helpers import CallingTimer, repo_solution
from safetensors.numpy import save_file

from fibgemm import REPO_ROOT
from fibgemm.dataset import DatasetError, load_dataset
from fibgemm.evaluate import check_correctness
from tools import make_stored_inputs as gen

STORED = REPO_ROOT / "stored_inputs"
BLOB = gen.BLOB.as_posix()


@pytest.fixture(scope="module")
def tensors():
    return gen.tensors()


@pytest.fixture
def stored(tmp_path):
    """A copy of stored_inputs/ with its blob generated (the definition and solutions copied
    where the checkout links them)."""
    root = tmp_path / "stored"
    for sub in ("definitions", "solutions"):
        shutil.copytree(REPO_ROOT / sub, root / sub)
    shutil.copytree(STORED / "workloads", root / "workloads")
    gen.write(root)
    return root


def test_the_tensors_are_deterministic_and_have_the_documented_statistics(tensors):
    again = gen.tensors()
    assert all(np.array_equal(tensors[k], again[k]) for k in tensors)
    assert not np.array_equal(gen.tensors(seed=1)["B"], tensors["B"])
    a = tensors["A_M128"].astype(np.float32)
    big = np.abs(a).max(axis=0) > 50  # the outlier channels, in the hundreds
    assert big.sum() == gen.OUTLIER_CHANNELS
    assert np.abs(a[:, big]).max() > 300 and np.median(np.abs(a[:, ~big])) < 1.5
    rows = np.sqrt((tensors["B"].astype(np.float32) ** 2).mean(axis=1))
    assert rows.max() / rows.min() > 100  # per-row scales over more than two decades
    assert {k: v.shape for k, v in tensors.items() if k != "B"} == {
        f"A_M{m}": (m, 2048) for m in gen.STORED_MS
    }


def test_the_written_file_has_the_committed_sha256(tmp_path):
    """Header included, so that `--check` can compare the file with MANIFEST (with two metadata
    keys, which safetensors writes in either order, it matched one run in two)."""
    assert gen.sha256(gen.write(tmp_path)) == gen.MANIFEST


def test_the_committed_workloads_name_the_generated_file_and_keys():
    committed = (STORED / "workloads/gemm/gemm_n3072_k2048.jsonl").read_text()
    assert committed == "".join(t.model_dump_json() + "\n" for t in gen.workloads())
    for t in load_jsonl_file(Trace, STORED / "workloads/gemm/gemm_n3072_k2048.jsonl"):
        assert {s.path for s in t.workload.inputs.values()} == {BLOB}


def test_the_stored_dataset_loads_and_the_official_one_is_unchanged(stored):
    ds = load_dataset(stored)
    assert [t.workload.axes["M"] for t in ds.trace_set.workloads["gemm_n3072_k2048"]] == list(
        gen.STORED_MS
    )
    assert len(load_dataset(REPO_ROOT).trace_set.workloads["gemm_n3072_k2048"]) == 43


def _problem(root) -> str:
    with pytest.raises(DatasetError) as e:
        load_dataset(root)
    return str(e.value)


def test_a_missing_file_names_it_and_the_generator(stored):
    (stored / BLOB).unlink()
    msg = _problem(stored)
    assert f"{BLOB} does not exist" in msg and "tools.make_stored_inputs" in msg


def test_a_corrupt_file_is_named(stored):
    (stored / BLOB).write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00not a header")
    assert f"{BLOB} is not a readable safetensors file" in _problem(stored)


def _rewrite_blob(stored, **changes):
    tensors = gen.tensors()
    tensors.update(changes)
    for k in [k for k, v in changes.items() if v is None]:
        del tensors[k]
    save_file(tensors, str(stored / BLOB))


def test_a_wrong_key_is_named_with_the_keys_the_file_has(stored):
    _rewrite_blob(stored, A_M15=None)
    msg = _problem(stored)
    assert "input 'A'" in msg and "no tensor 'A_M15'" in msg and "'A_M128'" in msg


def test_a_wrong_dtype_is_named(stored):
    _rewrite_blob(stored, B=gen.tensors()["B"].astype(np.float32))
    assert "['B'] is F32 [3072, 2048], expected F16 [3072, 2048]" in _problem(stored)


def test_a_wrong_shape_is_named(stored):
    _rewrite_blob(stored, A_M15=np.zeros((16, 2048), np.float16))
    assert "['A_M15'] is F16 [16, 2048], expected F16 [15, 2048]" in _problem(stored)


def test_a_path_outside_the_dataset_is_refused(stored):
    p = stored / "workloads/gemm/gemm_n3072_k2048.jsonl"
    lines = p.read_text().splitlines()
    first = json.loads(lines[0])
    first["workload"]["inputs"]["B"]["path"] = "../elsewhere.safetensors"
    p.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    assert "must be relative to the dataset root" in _problem(stored)


def test_stored_inputs_pass_the_float64_check_on_the_cpu(stored):
    definition = Definition.model_validate_json(
        (stored / "definitions/gemm/gemm_n3072_k2048.json").read_text()
    )
    workload = load_jsonl_file(Trace, stored / "workloads/gemm/gemm_n3072_k2048.jsonl")[0].workload
    loaded = load_safetensors(definition, workload, stored)
    registry = BuilderRegistry.get_instance()
    runnable = registry.build(definition, repo_solution("torch_matmul"))
    reference = registry.build_reference(definition)
    failed, correctness, inputs = check_correctness(
        runnable, reference, definition, workload, "cpu", 1, loaded
    )
    assert failed is None, failed
    np.testing.assert_array_equal(inputs[0].numpy(), gen.tensors()["A_M1"])
    extra = correctness.extra
    assert 0 < extra["max_relative_error_vs_float64"] < 1e-2
    assert 0 < extra["reference_max_relative_error_vs_float64"] < 1e-2


def test_a_duel_times_both_contenders_on_the_stored_tensors(stored):
    """`fibgemm duel --root stored_inputs` (CPU, a fake timer that makes each call): both
    contenders are checked and timed on the file's A, not on random draws."""
    from fibgemm.duel import A, B, measure

    definition = Definition.model_validate_json(
        (stored / "definitions/gemm/gemm_n3072_k2048.json").read_text()
    )
    workload = load_jsonl_file(Trace, stored / "workloads/gemm/gemm_n3072_k2048.jsonl")[0].workload
    runnable = BuilderRegistry.get_instance().build(definition, repo_solution("torch_matmul"))
    seen_a = []

    class Recording:
        metadata = runnable.metadata

        def __call__(self, a, b, c):
            seen_a.append(a.numpy().copy())
            return runnable(a, b, c)

    rounds, failed = measure(
        definition, {1: workload}, {A: runnable, B: Recording()}, 2, 50, 0, print,
        CallingTimer(), "cpu", root=stored,
    )  # fmt: skip
    assert failed == {} and len(rounds) == 2
    assert len(seen_a) == 1 + 2 * 2  # its check, then two calls a round
    for a in seen_a:
        np.testing.assert_array_equal(a, gen.tensors()["A_M1"])


def test_run_with_stored_inputs_validates_that_dataset(tmp_path, capsys):
    import torch

    from fibgemm.cli import main

    if torch.cuda.is_available():
        pytest.skip("with CUDA `run` would time")
    checkout = tmp_path / "checkout"
    for sub in ("definitions", "workloads", "solutions"):
        shutil.copytree(REPO_ROOT / sub, checkout / sub)
    shutil.copytree(STORED / "workloads", checkout / "stored_inputs/workloads")
    for sub in ("definitions", "solutions"):
        (checkout / "stored_inputs" / sub).symlink_to(f"../{sub}")
    # without its generated file the stored dataset is refused, naming the file
    assert main(["run", "--root", str(checkout), "--stored-inputs"]) == 1
    assert "tools.make_stored_inputs" in capsys.readouterr().err
    gen.write(checkout / "stored_inputs")
    assert main(["run", "--root", str(checkout), "--stored-inputs", "--m", "972"]) == 2
    assert "5 workloads" in capsys.readouterr().out
