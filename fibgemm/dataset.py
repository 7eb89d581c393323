"""Strict loading of a FlashInfer-Trace dataset: every error names the file (and line) and field.

flashinfer-bench's TraceSet.from_path raises pydantic errors that name no file, and silently
accepts unknown fields, workload axes the definition lacks, solutions of a missing definition,
and a mistyped root (which it creates). `load_dataset` checks all of that first, then loads the
same files through TraceSet so that what passes here is what flashinfer-bench runs.
"""

import json
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from flashinfer_bench.data import Definition, Solution, Trace, TraceSet
from pydantic import BaseModel, ValidationError


class DatasetError(ValueError):
    """One or more problems in a dataset; the message lists each with its file."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("invalid dataset:\n  " + "\n  ".join(problems))


@dataclass
class Dataset:
    root: Path
    trace_set: TraceSet
    solution_files: dict[str, Path] = field(default_factory=dict)


def _unknown_keys(raw: Any, model: Any, where: str = "") -> list[str]:
    """Paths of keys in `raw` that the parsed model did not keep (unknown or misspelled fields).

    A model dumped with exclude_unset holds exactly the fields that were given and known, so any
    key of the raw JSON missing from the dump is one pydantic ignored.
    """
    if isinstance(model, BaseModel):
        model = model.model_dump(mode="json", exclude_unset=True, by_alias=True)
    out = []
    if isinstance(raw, dict) and isinstance(model, dict):
        for key, value in raw.items():
            path = f"{where}.{key}" if where else key
            if key not in model:
                out.append(path)
            else:
                out += _unknown_keys(value, model[key], path)
    elif isinstance(raw, list) and isinstance(model, list):
        for i, (r, m) in enumerate(zip(raw, model, strict=False)):
            out += _unknown_keys(r, m, f"{where}[{i}]")
    return out


def _describe(e: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in err['loc']) or '(root)'}: {err['msg']}" for err in e.errors()
    )


def _parse(cls: type[BaseModel], text: str, where: str, problems: list[str]):
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as e:
        problems.append(f"{where}: not valid JSON ({e})")
        return None
    try:
        obj = cls.model_validate(raw)
    except ValidationError as e:
        problems.append(f"{where}: {_describe(e)}")
        return None
    unknown = _unknown_keys(raw, obj)
    if unknown:
        problems.append(f"{where}: unknown field(s) {', '.join(unknown)}")
        return None
    return obj


def _check_sources(solution: Solution, where: str, problems: list[str]) -> None:
    for src in solution.sources:
        parts = PurePosixPath(src.path.replace("\\", "/")).parts
        if src.path.startswith(("/", "\\")) or (parts and ":" in parts[0]) or ".." in parts:
            problems.append(
                f"{where}: solution '{solution.name}': source path '{src.path}' "
                "escapes the solution's folder"
            )


def _check_workload(trace: Trace, definitions: dict, where: str, problems: list[str]) -> None:
    if not trace.is_workload_trace():
        problems.append(f"{where}: a workload line must have no solution and no evaluation")
        return
    d = definitions.get(trace.definition)
    if d is None:
        problems.append(f"{where}: definition '{trace.definition}' does not exist")
        return
    axes = set(trace.workload.axes)
    if axes != set(d.var_axes):
        problems.append(
            f"{where}: workload.axes {sorted(axes)} must be exactly the definition's "
            f"variable axes {sorted(d.var_axes)}"
        )
    if any(v <= 0 for v in trace.workload.axes.values()):
        problems.append(f"{where}: workload.axes must be positive, got {trace.workload.axes}")
    if set(trace.workload.inputs) != set(d.inputs):
        problems.append(
            f"{where}: workload.inputs {sorted(trace.workload.inputs)} must be "
            f"exactly the definition's inputs {sorted(d.inputs)}"
        )


def load_dataset(root: Path | str) -> Dataset:
    """Validate every file of the dataset at `root`, then load it with TraceSet.from_path."""
    root = Path(root)
    if not (root / "definitions").is_dir():
        raise DatasetError([f"{root}: no definitions/ folder here: not a dataset root"])
    problems: list[str] = []
    rel = lambda p: p.relative_to(root).as_posix()  # noqa: E731

    definitions: dict[str, Definition] = {}
    for p in sorted((root / "definitions").rglob("*.json")):
        d = _parse(Definition, p.read_text(), rel(p), problems)
        if d is not None:
            if d.name in definitions:
                problems.append(f"{rel(p)}: duplicate definition name '{d.name}'")
            definitions[d.name] = d

    solution_files: dict[str, Path] = {}
    for p in sorted((root / "solutions").rglob("*.json")):
        s = _parse(Solution, p.read_text(), rel(p), problems)
        if s is None:
            continue
        if s.name in solution_files:
            problems.append(
                f"{rel(p)}: duplicate solution name '{s.name}' (also in "
                f"{rel(solution_files[s.name])})"
            )
        solution_files[s.name] = p
        if s.definition not in definitions:
            problems.append(
                f"{rel(p)}: solution '{s.name}' names definition '{s.definition}', "
                "which does not exist"
            )
        _check_sources(s, rel(p), problems)

    uuids: dict[str, str] = {}
    for p in sorted((root / "workloads").rglob("*.jsonl")):
        for n, line in enumerate(p.read_text().splitlines(), 1):
            if not line.strip():
                continue
            where = f"{rel(p)}:{n}"
            t = _parse(Trace, line, where, problems)
            if t is None:
                continue
            _check_workload(t, definitions, where, problems)
            if t.workload.uuid in uuids:
                problems.append(
                    f"{where}: duplicate workload uuid (also at {uuids[t.workload.uuid]})"
                )
            uuids[t.workload.uuid] = where

    for p in sorted((root / "traces").rglob("*.jsonl")):
        for n, line in enumerate(p.read_text().splitlines(), 1):
            if line.strip():
                t = _parse(Trace, line, f"{rel(p)}:{n}", problems)
                if t is not None and t.is_workload_trace():
                    problems.append(f"{rel(p)}:{n}: a trace line needs a solution and evaluation")

    if problems:
        raise DatasetError(problems)
    return Dataset(
        root=root, trace_set=TraceSet.from_path(str(root)), solution_files=solution_files
    )
