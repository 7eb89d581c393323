"""`fibgemm paths`: which path each solution takes on this machine's GPUs (or on a GPU family
named with --capability), with this toolchain (or a Triton / CuTe DSL named with --triton /
--dsl), and why, before anything is built or timed.

The answers come from the solutions' own selection functions (triton_gemm's paths.choose,
cute_gemm's choose_path), the ones their run() calls, so they cannot disagree with a run.
"""

import argparse
import os
import re
import sys
from dataclasses import dataclass

from . import REPO_ROOT
from .command_support import err

# The GPU families the README's table names, by compute capability.
FAMILIES = {
    (8, 0): "A100",
    (8, 6): "A10 / RTX 30",
    (8, 9): "L4 / L40S / RTX 40",
    (9, 0): "H100 / H200",
    (10, 0): "B200 / GB200",
    (12, 0): "RTX 50",
}
KB = 1024


@dataclass(frozen=True)
class Gpu:
    label: str  # "GPU 0, NVIDIA H100 80GB HBM3" or "H100 / H200"
    capability: tuple[int, int]
    shared_memory: int


def version_argument(text: str) -> tuple[int, int]:
    """A --triton / --dsl value: MAJOR.MINOR (a patch or suffix is allowed and ignored)."""
    match = re.fullmatch(r"(\d+)\.(\d+)(\.\S*)?", text.strip())
    if not match:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a MAJOR.MINOR version like 3.8")
    return int(match[1]), int(match[2])


def capability_argument(text: str) -> tuple[int, int]:
    """A --capability value: 9.0, sm_90 or 90."""
    match = re.fullmatch(r"(?:sm_)?(\d+)\.?(\d)[a-z]?", text.strip())
    if not match:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a compute capability like 9.0")
    return int(match[1]), int(match[2])


def add_parser(sub) -> None:
    p = sub.add_parser(
        "paths",
        help="which path each solution takes on this machine's GPUs, and why (no GPU needed)",
    )
    p.add_argument(
        "--capability",
        type=capability_argument,
        nargs="+",
        metavar="CC",
        help="ask for GPUs of these compute capabilities instead (9.0, sm_100, 86, ...); "
        "without CUDA every family the README names is shown",
    )
    p.add_argument("--triton", type=version_argument, help="ask as if this Triton were installed")
    p.add_argument("--dsl", type=version_argument, help="as if this CuTe DSL were installed")


def gpus_here(triton_paths) -> list[Gpu]:
    """Each visible CUDA device with its capability and opt-in shared memory per CTA (as
    triton_gemm's `triton_paths` reads them)."""
    import torch

    if not torch.cuda.is_available():
        return []
    gpus = []
    for i in range(torch.cuda.device_count()):
        props = torch.cuda.get_device_properties(i)
        capability = (props.major, props.minor)
        shared = triton_paths.shared_memory_of(props, capability)
        gpus.append(Gpu(f"GPU {i}, {props.name}", capability, shared))
    return gpus


def family(capability: tuple[int, int], triton_paths) -> Gpu:
    """A GPU of `capability` that is not here (one the README names, or any other), with the
    shared memory triton_gemm (`triton_paths`) assumes for it."""
    name = FAMILIES.get(tuple(capability), f"an sm_{capability[0]}{capability[1]} GPU")
    shared = triton_paths.SHARED_MEMORY_BY_CAPABILITY.get(
        tuple(capability), triton_paths.SHARED_MEMORY_DEFAULT
    )
    return Gpu(name, tuple(capability), shared)


class NoSources(Exception):
    """The solutions' sources are not beside the package (an install that is not a checkout)."""


def _selectors():
    """triton_gemm's paths module and cute_gemm's main module (None where the CuTe DSL does not
    import here), from sources/."""
    sources = str(REPO_ROOT / "sources")
    if not (REPO_ROOT / "sources" / "triton_gemm" / "paths.py").is_file():
        raise NoSources(
            f"fibgemm paths reads the solutions' sources from a checkout (pip install -e .); "
            f"{sources} does not hold them"
        )
    if sources not in sys.path:
        sys.path.insert(0, sources)
    from triton_gemm import paths as triton_paths

    try:
        from cute_gemm import main as cute_main
    except ImportError:
        cute_main = None
    return triton_paths, cute_main


def _installed(name: str) -> str:
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def answer_for(
    gpu: Gpu, selectors: tuple, triton_version, dsl_version, forced: bool
) -> list[tuple[str, str, str]]:
    """(solution, path, why) of each solution on `gpu` under these versions, from `selectors`
    (_selectors' modules)."""
    triton_paths, cute_main = selectors
    rows = []
    if cute_main is None:
        path, why = "none", "the CuTe DSL (nvidia-cutlass-dsl) does not import here"
    else:
        try:
            path, why = cute_main.choose_path(gpu.capability, dsl_version, forced, gpu.label)
        except RuntimeError as e:
            path, why = "none", str(e)
    rows.append(("cute_gemm", path, why))
    try:
        choice = triton_paths.choose(
            gpu.capability, gpu.shared_memory, triton_version, forced, gpu.label
        )
        path = choice.path if choice.table is None else f"{choice.path} ({choice.table} tiles)"
        why = choice.reason
    except RuntimeError as e:
        path, why = "none", str(e)
    rows.append(("triton_gemm", path, why))
    rows.append(("torch_matmul", "cuBLAS", "the baseline: torch.matmul as installed"))
    return rows


def cmd_paths(args) -> int:
    try:
        selectors = triton_paths, cute_main = _selectors()
    except NoSources as e:
        err(f"error: {e}")
        return 1
    triton_version = args.triton or triton_paths.triton_version()
    dsl_version = args.dsl or (cute_main.dsl_version() if cute_main else None)
    forced = triton_paths.portable_forced()
    if args.capability:
        gpus = [family(c, triton_paths) for c in args.capability]
    else:
        gpus = gpus_here(triton_paths)
    triton_text = ".".join(map(str, triton_version))
    dsl_text = "not installed" if dsl_version is None else ".".join(map(str, dsl_version))
    asked = [f"Triton {triton_text}" + (" (asked)" if args.triton else "")]
    asked.append(f"CuTe DSL {dsl_text}" + (" (asked)" if args.dsl else ""))
    print(
        f"torch {_installed('torch')}, " + ", ".join(asked)
        + (", FIBGEMM_PORTABLE=" + os.environ["FIBGEMM_PORTABLE"] if forced else "")
    )  # fmt: skip
    if not gpus:
        print("no CUDA device here; each GPU family the README names would get:")
        gpus = [family(c, triton_paths) for c in FAMILIES]
    for gpu in gpus:
        print(f"{gpu.label} (sm_{gpu.capability[0]}{gpu.capability[1]}, "
              f"{gpu.shared_memory // KB} KB of shared memory a CTA):")  # fmt: skip
        for name, path, why in answer_for(gpu, selectors, triton_version, dsl_version, forced):
            print(f"  {name:<13} {path:<25} {why}")
    measured = ["Triton " + " or ".join(f"{a}.{b}" for a, b in triton_paths.HOPPER_TRITON)]
    if cute_main is not None:
        measured.append("CuTe DSL " + " or ".join(f"{a}.{b}" for a, b in cute_main.HOPPER_DSL))
    print(
        f"The Hopper paths were measured with {'; '.join(measured)}.\n"
        "Each path's speed: the README's table, Which GPU runs what."
    )
    if cute_main is None:
        err("warning: the CuTe DSL does not import here: pip install 'nvidia-cutlass-dsl>=4.8,<5'")
    return 0
