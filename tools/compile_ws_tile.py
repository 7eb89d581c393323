"""Compile Gluon warp-specialized tile configs of the Triton solution (ws_tile.py) for sm_90a.

Usage: python -m tools.compile_ws_tile DUMP_DIR [CONFIG ...]
CONFIG is a WsTileConfig repr (default: every distinct WsTileConfig of the table). Writes
DUMP_DIR/<index>.ptx for the index-th config and DUMP_DIR/<index>.patched.ptx, the PTX the
solution runs (ws_tile._finish's changes made: the L2 hint on B's loads, ONE_WGMMA's merged
WGMMAs; empty if none was made), and prints one JSON line per config: the config, its compile
time, its shared memory in bytes, the bytes ptxas spilled, the registers it gave a thread and
whether it ignored setmaxnreg (from its -v log), its cubin's size and its machine code's (the
cubin's .text sections), without and with the changes. Needs no GPU. Gluon has no interpreter
and does not compile while TRITON_INTERPRET=1 is set, so this runs with it cleared (the CPU
tests call it in a subprocess).
"""

import argparse
import contextlib
import io
import json
import os
import re
import sys
import time
from dataclasses import replace
from pathlib import Path

import torch

from fibgemm import REPO_ROOT, K, N
from tools.configs import config_argument

os.environ.pop("TRITON_INTERPRET", None)  # before triton is imported
sys.path.insert(0, str(REPO_ROOT / "sources"))

import triton  # noqa: E402
from triton import knobs  # noqa: E402
from triton.backends.compiler import GPUTarget  # noqa: E402
from triton.experimental.gluon._runtime import GluonASTSource  # noqa: E402
from triton_gemm import ws_tile  # noqa: E402
from triton_gemm.l2_promotion import TRITONS  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig  # noqa: E402

M_FOR_DESCRIPTORS = 200  # any M: the kernel takes it at run time


def compile_for_sm90(cfg: WsTileConfig):
    """The compiled kernel of cfg for sm_90a at this problem's N and K."""
    a = torch.empty(M_FOR_DESCRIPTORS, K, dtype=torch.float16)
    b = torch.empty(N, K, dtype=torch.float16)
    c = torch.empty(M_FOR_DESCRIPTORS, N, dtype=torch.float16)
    _, args = ws_tile._grid_and_args(a, b, c, cfg)
    fn = ws_tile._ws_tile_kernel
    signature, constexprs = {}, {}
    for i, (name, arg) in enumerate(zip(fn.arg_names, args, strict=True)):
        if name == "M":
            signature[name] = "i32"
        elif hasattr(arg, "block_shape"):
            signature[name] = f"tensordesc<fp16{list(arg.block_shape)},{arg.layout!r}>"
        else:  # None (no second dot) and the constexprs
            signature[name], constexprs[(i,)] = "constexpr", arg
    src = GluonASTSource(fn, signature, constexprs)
    target = GPUTarget("cuda", 90, 32)
    return triton.compile(src, target=target, options={"num_warps": cfg.num_warps})


def code_bytes(cubin: bytes) -> int:
    """Bytes of machine code in a cubin: its .text sections (an ELF64 file). The rest (symbols,
    relocations, line tables) never reaches the SMs' instruction caches."""
    shoff = int.from_bytes(cubin[0x28:0x30], "little")
    entsize, count, names = (int.from_bytes(cubin[i : i + 2], "little") for i in (0x3A, 0x3C, 0x3E))

    def header(i: int) -> tuple[int, int, int]:  # name offset, file offset, size
        h = shoff + i * entsize
        return (
            int.from_bytes(cubin[h : h + 4], "little"),
            int.from_bytes(cubin[h + 0x18 : h + 0x20], "little"),
            int.from_bytes(cubin[h + 0x20 : h + 0x28], "little"),
        )

    strtab = header(names)[1]
    total = 0
    for i in range(count):
        name_at, _, size = header(i)
        end = cubin.index(b"\0", strtab + name_at)
        if cubin[strtab + name_at : end].startswith(b".text."):
            total += size
    return total


def _spilled(ptxas_log: str) -> int | None:
    """Bytes of spill stores in a ptxas -v log (None: no log)."""
    found = re.search(r"(\d+) bytes spill stores", ptxas_log)
    return int(found.group(1)) if found else None


def _registers(ptxas_log: str) -> dict:
    """The registers ptxas gave each thread, and whether it ignored the kernel's setmaxnreg (it
    does where .maxnreg leaves no room to move registers between warp groups: then every warp
    keeps the entry's count, the consumers' as much as the producer's)."""
    used = re.findall(r"Used (\d+) registers", ptxas_log)
    return {
        "registers": int(used[-1]) if used else None,
        "setmaxnreg_ignored": "setmaxnreg' ignored" in ptxas_log or "Too many maxnreg" in ptxas_log,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("dump_dir", type=Path, help="where each config's PTX goes")
    p.add_argument("configs", nargs="*", metavar="CONFIG",
                   type=config_argument({"WsTileConfig": WsTileConfig}),
                   help="a WsTileConfig as its repr writes it (default: the table's)")  # fmt: skip
    args = p.parse_args()
    out = args.dump_dir
    out.mkdir(parents=True, exist_ok=True)
    if args.configs:
        cfgs = args.configs
    else:
        from triton_gemm.tuned import TABLE

        # The L2 promotion is the launch's (l2_promotion.py): one compile per kernel.
        gluon = {replace(c, L2_PROMOTION=TRITONS) for _, c in TABLE if isinstance(c, WsTileConfig)}
        cfgs = sorted(gluon, key=repr)
    # Triton prints ptxas's -v log (spills are in it) when it compiles: never from its cache.
    knobs.nvidia.dump_ptxas_log = True
    knobs.compilation.always_compile = True
    # ptx_rewrite keeps the changed PTX's cubin in Triton's cache: a fresh one in DUMP_DIR, so
    # that ptxas runs here.
    knobs.cache.dir = str(out / "triton-cache")
    for i, cfg in enumerate(cfgs):
        start = time.perf_counter()
        ptxas_log = io.StringIO()
        with contextlib.redirect_stdout(ptxas_log):
            kernel = compile_for_sm90(cfg)
        seconds = time.perf_counter() - start
        (out / f"{i}.ptx").write_text(kernel.asm["ptx"])
        patched_log = io.StringIO()
        with contextlib.redirect_stdout(patched_log):
            patched = ws_tile._finish(kernel, cfg, {"K": K})
        (out / f"{i}.patched.ptx").write_text(getattr(patched, "patched_ptx", ""))
        line = {
            "config": repr(cfg),
            "seconds": round(seconds, 2),
            "shared": kernel.metadata.shared,
            "spill_stores": _spilled(ptxas_log.getvalue()),
            "patched_spill_stores": _spilled(patched_log.getvalue()),
            **_registers(patched_log.getvalue() or ptxas_log.getvalue()),
            # Code size: a kernel of much code evicts the next kernel's from the SMs'
            # instruction caches (docs/timing.md)
            "cubin_bytes": len(kernel.asm["cubin"]),
            "patched_cubin_bytes": len(patched.kernel) if patched is not kernel else None,
            # (what runs: the cubin's machine code)
            "code_bytes": code_bytes(kernel.asm["cubin"]),
            "patched_code_bytes": code_bytes(patched.kernel) if patched is not kernel else None,
        }
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
