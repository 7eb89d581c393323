"""`fibgemm export`: a folder shaped as a pull request to the flashinfer-trace dataset, that
loads in flashinfer-bench, passes the layout's rules, round-trips, and is refused whole when
anything is missing."""

import json
import shutil

import pytest
from flashinfer_bench.data import Solution, Trace, TraceSet, load_jsonl_file
from helpers import solution_file, traces_file

from fibgemm import REPO_ROOT
from fibgemm.cli import main
from fibgemm.dataset import load_dataset
from fibgemm.export import ExportError, _shift, export
from fibgemm.report import PROSE_WIDTH

HW = "NVIDIA_H200"


@pytest.fixture
def checkout(tmp_path):
    root = tmp_path / "checkout"
    for sub in ("definitions", "workloads", "solutions", "traces", "sources"):
        shutil.copytree(REPO_ROOT / sub, root / sub)
    return root


def test_the_checkouts_export_loads_passes_the_rules_and_round_trips(checkout, tmp_path):
    files = export(load_dataset(checkout), "fibgemm", HW, tmp_path / "sub")
    assert [f.as_posix() for f in files] == [
        "SUBMISSION.md",
        "definitions/gemm/gemm_n3072_k2048.json",
        "solutions/fibgemm/gemm/gemm_n3072_k2048/cute_gemm.json",
        "solutions/fibgemm/gemm/gemm_n3072_k2048/triton_gemm.json",
        "traces/fibgemm/gemm/gemm_n3072_k2048.jsonl",
        "workloads/gemm/gemm_n3072_k2048.jsonl",
    ]
    sub = tmp_path / "sub"
    ts = TraceSet.from_path(str(sub))
    traces = ts.traces["gemm_n3072_k2048"]
    for name in ("cute_gemm", "triton_gemm"):
        mine = [t for t in traces if t.solution == name]
        assert len(mine) == 43 and {t.evaluation.status.value for t in mine} == {"PASSED"}
        assert {t.evaluation.environment.hardware for t in mine} == {HW}
        assert ts.get_solution(name) == Solution.model_validate_json(
            solution_file(checkout, name).read_text()
        )
    assert load_dataset(sub).warnings == []  # the layout's rules, strictly
    # exporting the export gives the same bytes
    export(load_dataset(sub), "fibgemm", HW, tmp_path / "again")
    for f in files:
        assert (tmp_path / "again" / f).read_bytes() == (sub / f).read_bytes(), f
    md = (sub / "SUBMISSION.md").read_text()
    assert all(len(line) <= PROSE_WIDTH for line in md.splitlines() if not line.startswith("|"))
    md = md.replace("\n", " ")  # its prose wrapped: a sentence may span lines
    assert "| 2379 |" in md and "geomean" in md and "torch:" in md and "cupti" in md
    assert "each right after itself" in md
    # What it says of the reference is what the traces say, whichever way they fell.
    shifts = [_shift(t.evaluation.log) for t in traces]
    moved = [s for s in shifts if s is not None and abs(s) > 0.01]
    said = "torch.matmul right after moved by more than 1% at:" in md
    assert said == bool(moved) and ("no solution moved torch.matmul" in md) == (not moved)


def test_a_trace_that_moved_the_reference_is_named_with_its_shift(checkout, tmp_path):
    p = traces_file(checkout, "fibgemm")
    lines = p.read_text().splitlines()
    for i, line in enumerate(lines):
        t = json.loads(line)
        if t["solution"] == "triton_gemm" and t["workload"]["axes"]["M"] == 64:
            log = t["evaluation"]["log"]
            head, tail = log.split(" after the solution (", 1)
            t["evaluation"]["log"] = head + " after the solution (+2.40%" + tail[tail.index(")") :]
            lines[i] = json.dumps(t)
    p.write_text("\n".join(lines) + "\n")
    export(load_dataset(checkout), "fibgemm", HW, tmp_path / "sub")
    md = (tmp_path / "sub" / "SUBMISSION.md").read_text().replace("\n", " ")
    assert "torch.matmul right after moved by more than 1% at: " in md
    assert "triton_gemm M=64 (+2.4%)" in md


def test_a_missing_trace_is_refused_naming_the_solution_and_m(checkout, tmp_path):
    p = traces_file(checkout, "fibgemm")
    kept = [
        t
        for t in load_jsonl_file(Trace, p)
        if not (t.solution == "cute_gemm" and t.workload.axes["M"] == 2379)
    ]
    p.write_text("".join(t.model_dump_json() + "\n" for t in kept))
    with pytest.raises(ExportError, match=r"cute_gemm: .* 1 of 43 workloads \(M = 2379\)"):
        export(load_dataset(checkout), "fibgemm", HW, tmp_path / "sub")
    assert not (tmp_path / "sub").exists()


def test_no_traces_on_the_hardware_is_refused(checkout, tmp_path):
    with pytest.raises(ExportError, match="on NVIDIA_B200 for 43 of 43 workloads"):
        export(load_dataset(checkout), "fibgemm", "NVIDIA_B200", tmp_path / "sub")


def test_an_unknown_author_is_refused_listing_the_authors(checkout, tmp_path):
    with pytest.raises(ExportError, match=r"authors: \['baseline', 'fibgemm'\]"):
        export(load_dataset(checkout), "nobody", HW, tmp_path / "sub")


def test_a_packed_json_that_disagrees_with_its_sources_is_refused(checkout, tmp_path, capsys):
    src = checkout / "sources/triton_gemm/main.py"
    src.write_text(src.read_text() + "\n# an edit not packed\n")
    out = tmp_path / "sub"
    code = main(["export", "--root", str(checkout), "--author", "fibgemm", "--hardware", HW,
                 "--out", str(out)])  # fmt: skip
    assert code == 1 and not out.exists()
    assert "triton_gemm.json disagrees with its sources" in capsys.readouterr().err


def test_a_trace_of_older_content_is_not_exported(checkout, tmp_path):
    p = solution_file(checkout, "triton_gemm")
    data = json.loads(p.read_text())
    data["sources"][0]["content"] += "\n# changed\n"
    p.write_text(json.dumps(data))
    shutil.rmtree(checkout / "sources")  # no sources to compare with: only the traces decide
    with pytest.raises(ExportError, match="triton_gemm: no PASSED trace of its current content"):
        export(load_dataset(checkout), "fibgemm", HW, tmp_path / "sub")


def test_an_existing_folder_is_never_overwritten(checkout, tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "mine.txt").write_text("keep")
    with pytest.raises(ExportError, match="not empty"):
        export(load_dataset(checkout), "fibgemm", HW, tmp_path / "sub")
    assert (tmp_path / "sub" / "mine.txt").read_text() == "keep"
