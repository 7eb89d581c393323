"""Compile the Triton solution's portable configs for GPUs this machine need not have.

Usage: python -m tools.compile_triton_paths ARCH [ARCH ...]   (e.g. 80 86 89 90 100 120)
       python -m tools.compile_triton_paths gemv ["GemvConfig(...)" ...]   (GEMVs, below)

For each compute capability (as an integer: 90 for sm_90a), asks paths.choose which path and
table that GPU would get with the installed Triton (the Hopper path is compiled by
tools.compile_ws_tile), fits the table to that GPU's shared memory as main.run does, compiles
every distinct config of it for that target, and prints one JSON line per config: the arch,
the path, the config, its shared memory against the GPU's limit, and which MMA family its PTX
holds (mma.sync, wgmma or tcgen05). Needs no GPU; runs with TRITON_INTERPRET cleared.

`gemv` compiles each GEMV row of the Hopper table (tuned.py), hinted and not, for sm_90a and
finishes it as launch.py does (gemv._finish: B's copies hinted L2 evict-first in the PTX,
reassembled by Triton's ptxas, its machine code checked), or each GemvConfig given as its repr
writes it, and prints one JSON line each: its 16-byte and 4-byte copies (B's and A's at M = 1),
how many of each carry an L2 cache hint, the warnings the finish gave (the unhinted fallback,
with the registers of ptxas's miscompile of the hinted 8-warp, 128-deep GEMV), and the uniform
registers the machine code that would run reads as a memory descriptor that nothing writes
(triton_gemm.sass_check; null without nvdisasm).
"""

import argparse
import json
import os
import sys
import time

import torch

from fibgemm import REPO_ROOT, K, N
from tools.configs import config_argument

os.environ.pop("TRITON_INTERPRET", None)  # before triton is imported
sys.path.insert(0, str(REPO_ROOT / "sources"))

import triton  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402
from triton.compiler import ASTSource  # noqa: E402
from triton_gemm import main as solution  # noqa: E402
from triton_gemm import paths, portable_tuned  # noqa: E402

M_FOR_ARGS = 200  # any M: the kernels take it at run time
# Opt-in shared memory per CTA of each family (CUDA's occupancy tables).
SHARED_MEMORY = {80: 166912, 86: 101376, 89: 101376, 90: 232448, 100: 232448, 120: 101376}
MMA_FAMILIES = ("tcgen05.mma", "wgmma.mma_async", "mma.sync")


def _signature(fn, args) -> tuple[dict, dict, dict]:
    """Triton's signature, constants and attributes for `args`, specialized as its JIT would
    specialize a call from main.run: pointers 16-byte aligned, integers that are multiples of 16
    marked so (M aside: do_not_specialize), so that loads vectorize and pipeline as they do on
    a GPU."""
    signature, constexprs, attrs = {}, {}, {}
    aligned = [["tt.divisibility", 16]]
    for i, (name, arg) in enumerate(zip(fn.arg_names, args, strict=True)):
        if i in fn.constexprs or arg is None:  # None: an unused optional descriptor
            signature[name], constexprs[(i,)] = "constexpr", arg
        elif hasattr(arg, "block_shape"):
            signature[name] = f"tensordesc<fp16{list(arg.block_shape)}>"
        elif isinstance(arg, torch.Tensor):
            signature[name] = {torch.float16: "*fp16", torch.float32: "*fp32"}.get(
                arg.dtype, "*i32"
            )
            attrs[(i,)] = aligned
        elif isinstance(arg, bool):
            signature[name] = "i1"
        else:
            signature[name] = "i32"
            if name != "M" and arg % 16 == 0:
                attrs[(i,)] = aligned
    return signature, constexprs, attrs


def compile_config(cfg, capability: int):
    """The compiled kernel of cfg for sm_<capability> at this problem's N and K."""
    a = torch.empty(M_FOR_ARGS, K, dtype=torch.float16)
    b = torch.empty(N, K, dtype=torch.float16)
    c = torch.empty(M_FOR_ARGS, N, dtype=torch.float16)
    fn, module, cfg = solution._kernel_of(cfg)
    _, args = module._grid_and_args(a, b, c, cfg)
    source = ASTSource(fn, *_signature(fn, args))
    options = {"num_warps": cfg.num_warps, "num_stages": cfg.num_stages}
    return triton.compile(source, target=GPUTarget("cuda", capability, 32), options=options)


def arch_lines(archs: list[int]) -> int:
    version = paths.triton_version()
    for capability in archs:
        shared = SHARED_MEMORY[capability]
        choice = paths.choose(divmod(capability, 10), shared, version, force_portable=True)
        rows = portable_tuned.TMA_TABLE if choice.table == "tma" else portable_tuned.POINTER_TABLE
        configs = {portable_tuned.fit_to_shared_memory(cfg, shared) for _, cfg in rows}
        default = paths.choose(divmod(capability, 10), shared, version)
        for cfg in sorted(configs, key=repr):
            start = time.perf_counter()
            try:
                kernel = compile_config(cfg, capability)
            except Exception as e:  # reported, so the test names the config that failed
                line = {"error": f"{type(e).__name__}: {str(e)[:500]}"}
            else:
                ptx = kernel.asm["ptx"]
                line = {
                    "shared": kernel.metadata.shared,
                    "mma": [f for f in MMA_FAMILIES if f in ptx],
                    "seconds": round(time.perf_counter() - start, 2),
                }
            line.update(
                arch=capability,
                triton=triton.__version__,
                table=choice.table,
                default_path=default.path,
                limit=shared,
                config=repr(cfg),
            )
            print(json.dumps(line), flush=True)
    return 0


def gemv_lines(configs: list) -> int:
    import dataclasses
    import re
    import warnings

    from triton import knobs
    from triton_gemm import gemv
    from triton_gemm.sass_check import unset_descriptors
    from triton_gemm.tuned import TABLE

    if configs:
        twins = set(configs)
    else:
        rows = {cfg for _, cfg in TABLE if isinstance(cfg, gemv.GemvConfig)}
        twins = {dataclasses.replace(c, B_EVICT_FIRST=h) for c in rows for h in (False, True)}
    for cfg in sorted(twins, key=repr):
        kernel = compile_config(cfg, 90)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            finished = gemv._finish(kernel, cfg, {})
        ptx = getattr(finished, "patched_ptx", kernel.asm["ptx"])
        copies = re.findall(
            r"^\s*(?:@!?%p\d+ )?cp\.async\.(\w+)\.shared\.global(\S*) .*, (0x\w+|\d+)[,;]",
            ptx,
            re.M,
        )
        line = {"config": repr(cfg), "assembled": finished is not kernel and bool(finished.kernel)}
        for name, size in (("b", "0x10"), ("a", "0x4")):
            sized = [hint for _, hint, n in copies if n == size]
            line[f"{name}_copies"] = len(sized)
            line[f"{name}_hinted"] = sum(".L2::cache_hint" in hint for hint in sized)
        line["warnings"] = [str(w.message) for w in caught]
        cubin = finished.kernel if line["assembled"] else kernel.asm["cubin"]
        line["unwritten_descriptors"] = unset_descriptors(cubin, knobs.nvidia.ptxas.path)
        print(json.dumps(line), flush=True)
    return 0


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="`gemv [CONFIG ...]` compiles the GEMV rows (or each GemvConfig given) instead.",
    )
    known = ", ".join(map(str, SHARED_MEMORY))
    p.add_argument("targets", nargs="+", metavar="ARCH", help=f"a compute capability: {known}")
    targets = p.parse_args().targets
    if targets[0] == "gemv":
        from triton_gemm.gemv import GemvConfig

        read = config_argument({"GemvConfig": GemvConfig})
        try:
            return gemv_lines([read(text) for text in targets[1:]])
        except argparse.ArgumentTypeError as e:
            p.error(f"argument CONFIG: {e}")
    unknown = [t for t in targets if not t.isdigit() or int(t) not in SHARED_MEMORY]
    if unknown:
        p.error(f"no such ARCH: {', '.join(unknown)} (known: {known})")
    return arch_lines([int(t) for t in targets])


if __name__ == "__main__":
    sys.exit(main())
