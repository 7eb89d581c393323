"""Packed solution JSONs agree with their source files, and build as flashinfer-bench builds."""

import ast
import sys

import pytest
from flashinfer_bench.compile import BuilderRegistry
from flashinfer_bench.data import Definition
from helpers import repo_solution

from fibgemm import REPO_ROOT
from fibgemm.packing import (
    PackingError,
    packed_path,
    packed_text,
    solution_from_folder,
    source_folders,
)

FOLDERS = source_folders(REPO_ROOT)
DEFINITION = Definition.model_validate_json(
    (REPO_ROOT / "definitions/gemm/gemm_n3072_k2048.json").read_text()
)


def test_every_source_folder_is_packed():
    assert {f.name for f in FOLDERS} >= {"torch_matmul", "triton_gemm"}


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
def test_packed_json_matches_its_sources(folder):
    s = solution_from_folder(folder)
    path = packed_path(REPO_ROOT, s, "gemm")
    assert path.exists(), f"{path} missing: run `fibgemm pack`"
    assert path.read_text() == packed_text(s), f"{path} is stale: run `fibgemm pack`"


def test_nothing_else_ends_in_json_under_solutions():
    packed = {packed_path(REPO_ROOT, solution_from_folder(f), "gemm") for f in FOLDERS}
    assert set((REPO_ROOT / "solutions").rglob("*.json")) == packed


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.name)
def test_sources_are_self_contained(folder):
    """flashinfer-bench builds from the JSON alone: torch, triton, cutlass, the standard library
    and relative imports (never this repo's fibgemm)."""
    # The solution's declared dependencies, and Python's standard library.
    allowed = {"torch", "triton", "cutlass"} | set(sys.stdlib_module_names)
    for src in solution_from_folder(folder).sources:
        for node in ast.walk(ast.parse(src.content)):
            if isinstance(node, ast.Import):
                roots = {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                roots = {node.module.split(".")[0]}
            else:
                continue
            assert roots <= allowed, f"{folder.name}/{src.path} imports {roots - allowed}"


@pytest.mark.parametrize("name", ["torch_matmul", "triton_gemm", "cute_gemm"])
def test_solution_builds_with_flashinfer_bench(name, tmp_path, monkeypatch):
    monkeypatch.setenv("FIB_CACHE_PATH", str(tmp_path))
    sol = repo_solution(name)
    runnable = BuilderRegistry.get_instance().build(DEFINITION, sol)
    assert runnable.metadata.destination_passing_style


def test_unknown_metadata_field_is_refused(tmp_path):
    (tmp_path / "solution.toml").write_text('name = "x"\nlangauge = "python"\n')
    (tmp_path / "main.py").write_text("def run(A, B, C):\n    pass\n")
    with pytest.raises(PackingError, match="unknown field.*langauge"):
        solution_from_folder(tmp_path)
