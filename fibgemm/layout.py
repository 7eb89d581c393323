"""Where each file of a FlashInfer-Trace dataset lives, as the flashinfer-trace dataset lays it
out (and as flashinfer-bench's `validate` checks it):

    definitions/<op_type>/<definition>.json
    workloads/<op_type>/<definition>.jsonl
    solutions/<author>/<op_type>/<definition>/<name>.json      name = the file's stem
    traces/<author>/<op_type>/<definition>.jsonl               traces of that author's solutions

The author `baseline` holds the definition's baseline (here torch.matmul). `flashinfer-bench run`
(0.1.2) appends its own traces to traces/<op_type>/<definition>.jsonl, outside this layout: the
dataset's maintainers skip that depth, and so does a submission export.
"""

from pathlib import Path, PurePosixPath

BASELINE_AUTHOR = "baseline"


def definition_path(root: Path, op_type: str, definition: str) -> Path:
    return root / "definitions" / op_type / f"{definition}.json"


def workloads_path(root: Path, op_type: str, definition: str) -> Path:
    return root / "workloads" / op_type / f"{definition}.jsonl"


def solution_path(root: Path, author: str, op_type: str, definition: str, name: str) -> Path:
    return root / "solutions" / author / op_type / definition / f"{name}.json"


def trace_path(root: Path, author: str, op_type: str, definition: str) -> Path:
    return root / "traces" / author / op_type / f"{definition}.jsonl"


def flashinfer_bench_trace_path(root: Path, op_type: str, definition: str) -> Path:
    """Where `flashinfer-bench run --local` appends the traces of its own protocol."""
    return root / "traces" / op_type / f"{definition}.jsonl"


def parts(root: Path, path: Path) -> tuple[str, ...]:
    return PurePosixPath(path.relative_to(root).as_posix()).parts


def check_definition_path(rel: tuple, name: str, op_type: str) -> str | None:
    """None if definitions/<op_type>/<name>.json holds this definition; else the broken rule."""
    want = ("definitions", op_type, f"{name}.json")
    if rel != want:
        return f"must be at {'/'.join(want)} (definitions/<op_type>/<name>.json)"
    return None


def check_solution_path(rel: tuple, name: str, author: str, definition: str, op_type: str):
    want = ("solutions", author, op_type, definition, f"{name}.json")
    if rel != want:
        return (
            f"must be at {'/'.join(want)} (solutions/<author>/<op_type>/<definition>/<name>.json"
            ", with name, author and definition as the JSON gives them)"
        )
    return None


def check_workloads_path(rel: tuple, definition: str, op_type: str) -> str | None:
    want = ("workloads", op_type, f"{definition}.jsonl")
    if rel != want:
        return f"a workload of '{definition}' must be in {'/'.join(want)}"
    return None
