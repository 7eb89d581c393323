"""Strict loading of a FlashInfer-Trace dataset: every error names the file (and line) and field.

flashinfer-bench's TraceSet.from_path raises pydantic errors that name no file, and silently
accepts unknown fields, workload axes the definition lacks, solutions of a missing definition,
and a mistyped root (which it creates). `load_dataset` checks all of that first, then loads the
same files through TraceSet so that what passes here is what flashinfer-bench runs.
"""

import json
import math
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from flashinfer_bench.data import Definition, Solution, Trace, TraceSet
from pydantic import BaseModel, ValidationError

from . import layout
from .storage import dataset_read_lock


class DatasetError(ValueError):
    """One or more problems in a dataset; the message lists each with its file."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("invalid dataset:\n  " + "\n  ".join(problems))


# flashinfer-bench names hardware "NVIDIA_" + the GPU's name with spaces as underscores (its
# docs' example: 'NVIDIA_H100'), or "cuda" for any CUDA GPU. It keeps no list itself; these are
# the CUDA GPUs from sm_80 up that a solution of this package may name.
KNOWN_HARDWARE = frozenset(
    ["cuda", "LOCAL"]
    + [
        f"NVIDIA_{g}"
        for g in (
            "A100 A10 A10G A30 A40 L4 L40 L40S H100 H200 H20 H800 A800 GH200 B200 B300 GB200 "
            "GB300 RTX_3090 RTX_4090 RTX_5090 RTX_6000_Ada RTX_PRO_6000"
        ).split()
    ]
)
# Kernels index their tensors with 32-bit offsets (CUTLASS, Triton and cuBLAS's default paths
# do); a workload whose tensor holds more elements cannot be what a real model calls.
MAX_ELEMENTS = 2**31 - 1


@dataclass
class Dataset:
    root: Path
    trace_set: TraceSet
    solution_files: dict[str, Path] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def solutions_by_name(trace_set: TraceSet) -> dict[str, Solution]:
    """Every solution of the trace set, whatever its definition, by name."""
    return {s.name: s for sols in trace_set.solutions.values() for s in sols}


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
    out = []
    for err in e.errors():
        where = ".".join(str(p) for p in err["loc"]) or "(root)"
        got = err.get("input")
        shown = "" if isinstance(got, (dict, list)) else f" (got {json.dumps(got)})"
        out.append(f"{where}: {err['msg']}{shown}")
    return "; ".join(out)


def _parse(cls: type[BaseModel], text: str, where: str, problems: list[str]):
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as e:
        problems.append(f"{where}: not valid JSON ({e})")
        return None
    try:
        # Strict: flashinfer-bench's lax parse turns "M": 4.0 into 4 and "yes" into True;
        # a dataset that relies on such coercion says something other than it means.
        obj = cls.model_validate_json(text, strict=True)
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


def _check_stored_input(root: Path, name: str, spec, d: Definition, axes: dict, where: str):
    """The problem with a safetensors input (file, key, dtype, shape), or None. Reads only the
    file's header: a 27 MB file costs nothing to check."""
    rel = PurePosixPath(spec.path)
    if rel.is_absolute() or ".." in rel.parts:
        return f"{where}: input '{name}': path '{spec.path}' must be relative to the dataset root"
    path = root / rel
    if not path.is_file():
        return (
            f"{where}: input '{name}': {spec.path} does not exist (stored inputs are generated: "
            "python -m tools.make_stored_inputs)"
        )
    try:
        from safetensors import safe_open

        with safe_open(str(path), framework="numpy") as f:
            if spec.tensor_key not in f.keys():
                return (
                    f"{where}: input '{name}': {spec.path} has no tensor '{spec.tensor_key}' "
                    f"(it has {sorted(f.keys())})"
                )
            sliced = f.get_slice(spec.tensor_key)
            shape, dtype = list(sliced.get_shape()), sliced.get_dtype()
    except Exception as e:  # safetensors raises its own error type for a corrupt header
        return f"{where}: input '{name}': {spec.path} is not a readable safetensors file ({e})"
    values = {**d.const_axes, **axes}
    want_shape = [values.get(a) for a in d.inputs[name].shape or []]
    want_dtype = {"float16": "F16", "bfloat16": "BF16", "float32": "F32"}.get(
        d.inputs[name].dtype.value, d.inputs[name].dtype.value
    )
    if dtype != want_dtype or shape != want_shape:
        return (
            f"{where}: input '{name}': {spec.path} ['{spec.tensor_key}'] is {dtype} {shape}, "
            f"expected {want_dtype} {want_shape}"
        )
    return None


def _check_workload(
    trace: Trace, definitions: dict, where: str, problems: list[str], root: Path | None = None
) -> None:
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
        return
    if axes == set(d.var_axes):
        values = {**d.const_axes, **trace.workload.axes}
        for name, spec in [*d.inputs.items(), *d.outputs.items()]:
            shape = [values.get(a, 0) for a in spec.shape or []]
            n = math.prod(shape)
            if n > MAX_ELEMENTS:
                problems.append(
                    f"{where}: workload.axes {trace.workload.axes} make '{name}' {shape} hold "
                    f"{n:.3g} elements, more than 2**31 - 1 (32-bit indexing)"
                )
    if set(trace.workload.inputs) != set(d.inputs):
        problems.append(
            f"{where}: workload.inputs {sorted(trace.workload.inputs)} must be "
            f"exactly the definition's inputs {sorted(d.inputs)}"
        )
        return
    for name, spec in trace.workload.inputs.items():
        if spec.type == "safetensors" and root is not None:
            problem = _check_stored_input(root, name, spec, d, trace.workload.axes, where)
            if problem:
                problems.append(problem)


def load_dataset(root: Path | str) -> Dataset:
    """Validate every file of the dataset at `root` (content and the layout's path rules),
    then load it with TraceSet.from_path, under the dataset's read lock (a runner appending to
    it meanwhile waits, so no half-written line is read)."""
    root = Path(root)
    if not (root / "definitions").is_dir():
        raise DatasetError([f"{root}: no definitions/ folder here: not a dataset root"])
    with dataset_read_lock(root):
        return _validated(root)


def load_solution_file(path: Path, definitions: dict[str, Definition]) -> Solution:
    """A solution JSON from anywhere (a copy under test, not in the dataset), checked as the
    dataset's own are: strict fields, sources inside its folder, a definition of the dataset.
    Raises DatasetError naming the file and each problem."""
    problems: list[str] = []
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise DatasetError([f"{path}: cannot read it ({e.strerror or e})"]) from None
    s = _parse(Solution, text, str(path), problems)
    if s is not None:
        if s.definition not in definitions:
            problems.append(
                f"{path}: solution '{s.name}' names definition '{s.definition}'; the dataset "
                f"has {sorted(definitions)}"
            )
        _check_sources(s, str(path), problems)
    if problems:
        raise DatasetError(problems)
    return s


def _validated(root: Path) -> Dataset:
    problems: list[str] = []
    warnings: list[str] = []
    rel = lambda p: p.relative_to(root).as_posix()  # noqa: E731

    definitions: dict[str, Definition] = {}
    for p in sorted((root / "definitions").rglob("*.json")):
        d = _parse(Definition, p.read_text(), rel(p), problems)
        if d is None:
            continue
        if d.name in definitions:
            problems.append(f"{rel(p)}: duplicate definition name '{d.name}'")
        definitions[d.name] = d
        broken = layout.check_definition_path(layout.parts(root, p), d.name, d.op_type)
        if broken:
            problems.append(f"{rel(p)}: definition '{d.name}' {broken}")

    solutions: dict[str, Solution] = {}
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
        solutions[s.name] = s
        d = definitions.get(s.definition)
        if d is None:
            problems.append(
                f"{rel(p)}: solution '{s.name}' names definition '{s.definition}', "
                "which does not exist"
            )
        else:
            broken = layout.check_solution_path(
                layout.parts(root, p), s.name, s.author, s.definition, d.op_type
            )
            if broken:
                problems.append(f"{rel(p)}: solution '{s.name}' {broken}")
        _check_sources(s, rel(p), problems)
        for hw in s.spec.target_hardware:
            if hw not in KNOWN_HARDWARE:
                warnings.append(
                    f"{rel(p)}: spec.target_hardware '{hw}' is not a known name "
                    "(flashinfer-bench writes NVIDIA_<GPU>, e.g. NVIDIA_H100, or 'cuda')"
                )

    uuids: dict[str, str] = {}
    shapes: dict[tuple, str] = {}
    for p in sorted((root / "workloads").rglob("*.jsonl")):
        for where, t in _traces_of(p, rel(p), problems):
            _check_workload(t, definitions, where, problems, root)
            d = definitions.get(t.definition)
            broken = d and layout.check_workloads_path(layout.parts(root, p), d.name, d.op_type)
            if broken:
                problems.append(f"{where}: {broken}")
            if t.workload.uuid in uuids:
                problems.append(
                    f"{where}: duplicate workload uuid (also at {uuids[t.workload.uuid]})"
                )
            uuids[t.workload.uuid] = where
            key = _workload_key(t)
            if key in shapes:
                problems.append(
                    f"{where}: the same workload as {shapes[key]} (axes {t.workload.axes}, "
                    "same kind of inputs) under another uuid"
                )
            shapes.setdefault(key, where)

    for p in sorted((root / "traces").rglob("*.jsonl")):
        _check_trace_file(root, p, definitions, solutions, problems, warnings)

    if problems:
        raise DatasetError(problems)
    return Dataset(
        root=root,
        trace_set=TraceSet.from_path(str(root)),
        solution_files=solution_files,
        warnings=warnings,
    )


def _traces_of(path: Path, rel: str, problems: list[str]):
    """(file:line, Trace) of each line of a JSONL file that parses; the others go to problems."""
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if line.strip():
            t = _parse(Trace, line, f"{rel}:{n}", problems)
            if t is not None:
                yield f"{rel}:{n}", t


def _check_trace_file(root, p, definitions, solutions, problems, warnings) -> None:
    """traces/<author>/<op_type>/<definition>.jsonl holds traces of that author's solutions of
    that definition; traces/<op_type>/<definition>.jsonl is flashinfer-bench run's own file."""
    rel = p.relative_to(root).as_posix()
    where_parts = layout.parts(root, p)
    author = None
    if len(where_parts) == 4:
        author, op_type, stem = where_parts[1], where_parts[2], p.stem
    elif len(where_parts) == 3:
        op_type, stem = where_parts[1], p.stem
        warnings.append(
            f"{rel}: traces at traces/<op_type>/<definition>.jsonl are what `flashinfer-bench "
            "run` appends under its own protocol; they are outside the dataset's layout and "
            "no export takes them (run it with --no-save-results, or delete the file)"
        )
    else:
        problems.append(
            f"{rel}: a traces file must be at traces/<author>/<op_type>/<definition>.jsonl"
        )
        return
    d = definitions.get(stem)
    if d is None or d.op_type != op_type:
        problems.append(f"{rel}: no definition '{stem}' of op_type '{op_type}' for this file")
    for where, t in _traces_of(p, rel, problems):
        if t.is_workload_trace():
            problems.append(f"{where}: a trace line needs a solution and evaluation")
            continue
        if t.definition != stem:
            problems.append(f"{where}: a trace of '{t.definition}' in the file of '{stem}'")
        s = solutions.get(t.solution)
        if s is None:
            warnings.append(
                f"{where}: trace of solution '{t.solution}', which is not in solutions/ "
                "(a removed or renamed solution?)"
            )
        elif author is not None and s.author != author:
            problems.append(
                f"{where}: trace of '{t.solution}' (author '{s.author}') in the traces of "
                f"author '{author}': it belongs in traces/{s.author}/{op_type}/{stem}.jsonl"
            )


def _workload_key(trace: Trace) -> tuple:
    """What makes two workloads the same measurement: definition, axes, and each input's kind
    (a random input is any random input; a stored one is its file and key)."""
    inputs = []
    for name, spec in sorted(trace.workload.inputs.items()):
        d = spec.model_dump(mode="json")
        inputs.append((name, d.get("type"), d.get("path"), d.get("tensor_key"), d.get("value")))
    return (trace.definition, tuple(sorted(trace.workload.axes.items())), tuple(inputs))
