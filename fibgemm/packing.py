"""Pack each solution's real source files (sources/<name>/) into the Solution JSON that
flashinfer-bench loads (solutions/<author>/<op_type>/<definition>/<name>.json).

sources/<name>/solution.toml holds the Solution's metadata; every *.py file beside it becomes a
SourceFile, with its path relative to that folder (so files import each other relatively).
"""

import tomllib
from pathlib import Path

from flashinfer_bench.data import BuildSpec, Solution, SourceFile

from .layout import solution_path

SOURCE_SUFFIXES = (".py",)
SPEC_FIELDS = (
    "language",
    "entry_point",
    "target_hardware",
    "dependencies",
    "destination_passing_style",
)


class PackingError(ValueError):
    pass


def solution_from_folder(folder: Path) -> Solution:
    """Build the Solution described by folder/solution.toml and the source files beside it."""
    meta_path = folder / "solution.toml"
    try:
        meta = tomllib.loads(meta_path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise PackingError(f"{meta_path}: {e}") from e
    known = {"name", "definition", "author", "description", *SPEC_FIELDS}
    unknown = sorted(set(meta) - known)
    if unknown:
        raise PackingError(f"{meta_path}: unknown field(s) {unknown}; known: {sorted(known)}")
    files = sorted(
        p
        for p in folder.rglob("*")
        if p.is_file() and p.suffix in SOURCE_SUFFIXES and "__pycache__" not in p.parts
    )
    if not files:
        raise PackingError(f"{folder}: no source files")
    try:
        return Solution(
            name=meta["name"],
            definition=meta["definition"],
            author=meta["author"],
            description=meta.get("description"),
            spec=BuildSpec(**{k: meta[k] for k in SPEC_FIELDS if k in meta}),
            sources=[
                SourceFile(path=p.relative_to(folder).as_posix(), content=p.read_text())
                for p in files
            ],
        )
    except (KeyError, ValueError) as e:
        raise PackingError(f"{meta_path}: {e}") from e


def packed_path(root: Path, solution: Solution, op_type: str) -> Path:
    return solution_path(root, solution.author, op_type, solution.definition, solution.name)


def packed_text(solution: Solution) -> str:
    """The exact bytes we commit: flashinfer-bench's own serializer, plus a final newline."""
    return solution.model_dump_json(indent=2) + "\n"


def source_folders(root: Path) -> list[Path]:
    return sorted(p.parent for p in (root / "sources").glob("*/solution.toml"))


def pack_all(root: Path, op_type: str = "gemm", check: bool = False, log=print) -> list[Path]:
    """Rewrite every packed JSON from its sources, or (check) only list the stale ones."""
    stale = []
    for folder in source_folders(root):
        solution = solution_from_folder(folder)
        path = packed_path(root, solution, op_type)
        text = packed_text(solution)
        if path.exists() and path.read_text() == text:
            continue
        if check:
            stale.append(path.relative_to(root))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            log(f"packed {folder.relative_to(root)} -> {path.relative_to(root)}")
    return stale
