"""`fibgemm duel` on a CUDA device: torch.matmul against a copy of itself reads level at every M,
against a solution that runs its GEMM twice reads far ahead (and that one behind), and the
command writes one CSV row a round as it goes."""

import csv

import pytest
from flashinfer_bench.compile import BuilderRegistry
from flashinfer_bench.data import Definition, Solution, Trace, load_jsonl_file
from helpers import WORKLOADS, make_dataset, repo_solution

from fibgemm import REPO_ROOT
from fibgemm.cli import main
from fibgemm.duel import AHEAD, BEHIND, CSV_FIELDS, LEVEL, A, B, measure, noise, verdicts
from fibgemm.packing import packed_text

pytestmark = pytest.mark.gpu

DEFINITION = Definition.model_validate_json(
    (REPO_ROOT / "definitions/gemm/gemm_n3072_k2048.json").read_text()
)
TWICE = "import torch\n\n\ndef run(A, B, C):\n    torch.matmul(A, B.T, out=C)\n" + (
    "    torch.matmul(A, B.T, out=C)\n"
)


def _variant(name: str, description: str, source: str | None = None) -> Solution:
    """torch_matmul under another name and description (another content, so another build),
    with `source` as its main.py if given."""
    raw = repo_solution("torch_matmul").model_dump(mode="json")
    raw.update(name=name, description=description)
    if source is not None:
        raw["sources"] = [{"path": "main.py", "content": source}]
    return Solution.model_validate(raw)


def _workloads(*ms: int) -> dict:
    return {
        t.workload.axes["M"]: t.workload
        for t in load_jsonl_file(Trace, WORKLOADS)
        if t.workload.axes["M"] in ms
    }


def _duel(a: Solution, b: Solution, ms, rounds: int = 4):
    registry = BuilderRegistry.get_instance()
    runnables = {A: registry.build(DEFINITION, a), B: registry.build(DEFINITION, b)}
    rounds, failed = measure(DEFINITION, _workloads(*ms), runnables, rounds, 100, 10, print)
    assert failed == {}
    return rounds


def test_a_copy_reads_level_and_a_gemm_run_twice_reads_behind_then_ahead():
    base = repo_solution("torch_matmul")
    copy = _variant("torch_matmul_copy", "the baseline again")
    same = _duel(base, copy, (16, 256))
    assert set(verdicts(same).values()) == {LEVEL}
    assert noise(same) < 0.03 and max(abs(r.lead) for r in same) < 0.03
    twice = _variant("torch_matmul_twice", "two GEMMs a call", TWICE)
    slower = _duel(base, twice, (256,))
    assert verdicts(slower) == {256: BEHIND} and max(r.lead for r in slower) < -0.3
    faster = _duel(twice, base, (256,), rounds=2)
    assert verdicts(faster) == {256: AHEAD}


def test_the_command_writes_a_row_a_round_and_prints_the_table(tmp_path, capsys):
    root = make_dataset(tmp_path / "ds", [16], [repo_solution("torch_matmul")])
    copy = tmp_path / "copy.json"
    copy.write_text(packed_text(_variant("torch_matmul_copy", "the baseline again")))
    out = tmp_path / "duel.csv"
    args = ["duel", "--root", str(root), "torch_matmul", str(copy), "--rounds", "2"]
    assert main([*args, "--csv", str(out)]) == 0
    assert "| 16 |" in capsys.readouterr().out
    with open(out, newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == CSV_FIELDS and [r["round"] for r in rows] == ["0", "1"]
    for r in rows:
        assert all(float(r[k]) > 1 for k in ("ref_us", "a_us", "twin_us", "b_us"))
        assert r["b"].startswith("torch_matmul_copy@") and r["M"] == "16"
