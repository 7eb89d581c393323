"""The dataset is exact, and every kind of bad file is refused with its file and field named."""

import json
import shutil

import pytest
from flashinfer_bench.data import Definition, Trace, load_jsonl_file

from fibgemm import REPO_ROOT, WORKLOAD_MS
from fibgemm.dataset import DatasetError, load_dataset

DEF_PATH = REPO_ROOT / "definitions" / "gemm" / "gemm_n3072_k2048.json"
WL_PATH = REPO_ROOT / "workloads" / "gemm" / "gemm_n3072_k2048.jsonl"
EXPECTED_MS = [
    1,
    2,
    4,
    7,
    8,
    15,
    16,
    24,
    32,
    35,
    40,
    48,
    56,
    64,
    70,
    72,
    80,
    88,
    96,
    104,
    112,
    120,
    128,
    136,
    144,
    152,
    160,
    168,
    176,
    184,
    192,
    200,
    208,
    216,
    224,
    232,
    240,
    248,
    256,
    972,
    2053,
    2379,
    8192,
]


def test_definition_fields():
    d = Definition.model_validate_json(DEF_PATH.read_text())
    assert d.name == "gemm_n3072_k2048" and d.op_type == "gemm"
    assert d.description == (
        "General matrix multiply (GEMM) C = A @ B.T. Captured from Llama-3.2-1B attn.qkv_proj "
        "(fused q+k+v: 32*64 + 8*64 + 8*64 = 3072)."
    )
    assert d.tags == ["status:verified", "model:llama-3.2-1b"]
    assert d.var_axes == ["M"] and d.const_axes == {"N": 3072, "K": 2048}
    assert {k: (v.shape, v.dtype.value) for k, v in d.inputs.items()} == {
        "A": (["M", "K"], "float16"),
        "B": (["N", "K"], "float16"),
    }
    assert {k: (v.shape, v.dtype.value) for k, v in d.outputs.items()} == {
        "C": (["M", "N"], "float16")
    }
    assert (
        d.reference == "import torch\n\ndef run(A, B):\n    C = torch.matmul(A, B.T)\n    return C"
    )


def test_definition_is_written_as_the_dataset_writes_its_gemm_siblings():
    # The flashinfer-trace gemm definitions (e.g. gemm_n3072_k3072): these keys in this order,
    # two-space indent, one final newline, no descriptions of axes, inputs or outputs and no
    # constraints. Definitions that differ in any field conflict when trace sets merge.
    text = DEF_PATH.read_text()
    raw = json.loads(text)
    assert list(raw) == [
        "name", "description", "op_type", "tags", "axes", "inputs", "outputs", "reference"
    ]  # fmt: skip
    assert text == json.dumps(raw, indent=2, ensure_ascii=False) + "\n"
    assert raw["axes"] == {
        "M": {"type": "var"},
        "N": {"type": "const", "value": 3072},
        "K": {"type": "const", "value": 2048},
    }
    assert all(
        set(spec) == {"shape", "dtype"}
        for spec in [*raw["inputs"].values(), *raw["outputs"].values()]
    )


def test_workloads_are_exactly_the_43_ms_with_stable_uuids(tmp_path):
    traces = load_jsonl_file(Trace, WL_PATH)
    assert [t.workload.axes["M"] for t in traces] == EXPECTED_MS == WORKLOAD_MS
    assert len({t.workload.uuid for t in traces}) == 43
    assert all(set(t.workload.inputs) == {"A", "B"} and t.is_workload_trace() for t in traces)
    import sys

    from tools.make_workloads import main  # regenerating gives the same bytes

    argv, sys.argv = sys.argv, ["make_workloads", "--root", str(tmp_path)]
    try:
        main()
    finally:
        sys.argv = argv
    assert (tmp_path / "workloads/gemm/gemm_n3072_k2048.jsonl").read_bytes() == WL_PATH.read_bytes()


def test_repo_dataset_loads():
    ds = load_dataset(REPO_ROOT)
    assert len(ds.trace_set.workloads["gemm_n3072_k2048"]) == 43
    assert {"torch_matmul", "triton_gemm"} <= set(ds.solution_files)


@pytest.fixture
def dataset(tmp_path):
    for sub in ("definitions", "workloads", "solutions"):
        shutil.copytree(REPO_ROOT / sub, tmp_path / sub)
    return tmp_path


def _edit_json(path, fn):
    data = json.loads(path.read_text())
    fn(data)
    path.write_text(json.dumps(data))


def _expect(dataset, *fragments):
    with pytest.raises(DatasetError) as e:
        load_dataset(dataset)
    for f in fragments:
        assert f in str(e.value), str(e.value)


def test_malformed_json_names_the_file(dataset):
    p = dataset / "definitions/gemm/gemm_n3072_k2048.json"
    p.write_text(p.read_text()[:-20])
    _expect(dataset, "definitions/gemm/gemm_n3072_k2048.json", "not valid JSON")


def test_wrong_dtype_string_names_file_and_field(dataset):
    p = dataset / "definitions/gemm/gemm_n3072_k2048.json"
    _edit_json(p, lambda d: d["inputs"]["A"].update(dtype="fp16"))
    _expect(dataset, "definitions/gemm/gemm_n3072_k2048.json", "inputs.A.dtype")


def test_missing_field_names_file_and_field(dataset):
    p = dataset / "solutions/baseline/gemm/gemm_n3072_k2048/torch_matmul.json"
    _edit_json(p, lambda d: d.pop("author"))
    _expect(dataset, "torch_matmul.json", "author")


def test_unknown_field_is_refused(dataset):
    p = dataset / "solutions/fibgemm/gemm/gemm_n3072_k2048/triton_gemm.json"
    _edit_json(p, lambda d: d["spec"].update(entrypoint="main.py::run"))
    _expect(dataset, "triton_gemm.json", "unknown field", "spec.entrypoint")


def test_duplicate_solution_name_is_refused(dataset):
    src = dataset / "solutions/baseline/gemm/gemm_n3072_k2048/torch_matmul.json"
    shutil.copy(src, dataset / "solutions/baseline/gemm/gemm_n3072_k2048/copy.json")
    _expect(dataset, "duplicate solution name 'torch_matmul'")


def test_solution_of_missing_definition_is_refused(dataset):
    p = dataset / "solutions/baseline/gemm/gemm_n3072_k2048/torch_matmul.json"
    _edit_json(p, lambda d: d.update(definition="gemm_n3072_k2049"))
    _expect(dataset, "torch_matmul.json", "gemm_n3072_k2049", "does not exist")


def _set_first_workload_axis(dataset, axis, value):
    p = dataset / "workloads/gemm/gemm_n3072_k2048.jsonl"
    lines = p.read_text().splitlines()
    first = json.loads(lines[0])
    first["workload"]["axes"][axis] = value
    p.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")


def test_workload_axes_must_match_the_definition(dataset):
    _set_first_workload_axis(dataset, "N", 3072)
    _expect(dataset, "workloads/gemm/gemm_n3072_k2048.jsonl:1", "variable axes")


def test_workload_with_zero_m_is_refused(dataset):
    _set_first_workload_axis(dataset, "M", 0)
    _expect(dataset, "jsonl:1", "positive")


@pytest.mark.parametrize("bad", ["/etc/passwd", "../escape.py", "a/../../b.py", "C:/x.py"])
def test_source_path_escaping_its_folder_is_refused(dataset, bad):
    p = dataset / "solutions/baseline/gemm/gemm_n3072_k2048/torch_matmul.json"
    _edit_json(p, lambda d: d["sources"].append({"path": bad, "content": "x = 1\n"}))
    _expect(dataset, "torch_matmul.json")


def test_not_a_dataset_root(tmp_path):
    with pytest.raises(DatasetError, match="no definitions/ folder"):
        load_dataset(tmp_path / "missing")
    assert not (tmp_path / "missing").exists()


def test_a_float_axis_is_refused_though_flashinfer_bench_would_coerce_it(dataset):
    _set_first_workload_axis(dataset, "M", 4.0)
    _expect(dataset, "workloads/gemm/gemm_n3072_k2048.jsonl:1", "workload.axes.M", "integer")


def test_a_string_for_a_boolean_is_refused(dataset):
    p = dataset / "solutions/baseline/gemm/gemm_n3072_k2048/torch_matmul.json"
    _edit_json(p, lambda d: d["spec"].update(destination_passing_style="yes"))
    _expect(dataset, "torch_matmul.json", "spec.destination_passing_style", "boolean", '"yes"')


def test_an_m_past_32_bit_indexing_is_refused(dataset):
    _set_first_workload_axis(dataset, "M", 100_000_000)
    _expect(dataset, "jsonl:1", "'A' [100000000, 2048]", "2**31 - 1")


def test_the_largest_m_within_32_bit_indexing_is_accepted(dataset):
    _set_first_workload_axis(dataset, "M", (2**31 - 1) // 3072)  # C is the largest tensor
    load_dataset(dataset)


def test_a_second_workload_of_the_same_m_is_refused(dataset):
    p = dataset / "workloads/gemm/gemm_n3072_k2048.jsonl"
    lines = p.read_text().splitlines()
    copy = json.loads(lines[3])
    copy["workload"]["uuid"] = "00000000-0000-4000-8000-000000000000"
    p.write_text("\n".join([*lines, json.dumps(copy)]) + "\n")
    _expect(dataset, "jsonl:44", "the same workload as workloads/gemm/gemm_n3072_k2048.jsonl:4")


def test_a_trace_of_an_unknown_solution_is_a_warning_naming_the_line(dataset):
    wl = json.loads((dataset / "workloads/gemm/gemm_n3072_k2048.jsonl").read_text().splitlines()[0])
    trace = {
        **wl,
        "solution": "gone_gemm",
        "evaluation": {
            "status": "RUNTIME_ERROR",
            "environment": {"hardware": "NVIDIA_H200", "libs": {}},
            "timestamp": "2026-12-01T00:00:00+00:00",
            "log": "x",
        },
    }
    p = dataset / "traces/fibgemm/gemm/gemm_n3072_k2048.jsonl"
    p.parent.mkdir(parents=True)
    p.write_text(json.dumps(trace) + "\n")
    ds = load_dataset(dataset)
    assert ds.warnings == [
        "traces/fibgemm/gemm/gemm_n3072_k2048.jsonl:1: trace of solution 'gone_gemm', which "
        "is not in solutions/ (a removed or renamed solution?)"
    ]


def test_an_unknown_target_hardware_is_a_warning_naming_the_file(dataset):
    p = dataset / "solutions/baseline/gemm/gemm_n3072_k2048/torch_matmul.json"
    _edit_json(p, lambda d: d["spec"].update(target_hardware=["NVIDIA_H200", "H100-typo"]))
    warnings = load_dataset(dataset).warnings
    assert len(warnings) == 1
    assert "torch_matmul.json" in warnings[0] and "'H100-typo'" in warnings[0]


def test_the_repo_dataset_has_no_warnings():
    assert load_dataset(REPO_ROOT).warnings == []
