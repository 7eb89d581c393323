"""Probe: Triton's warp_specialize dispatches its worker warps through `brx.idx`, a jump table
that ptxas puts in constant bank 2 (`LDC R4, c[0x2][R8]`, then `BRX`). That bank is loaded from
memory once per module; after the protocol's 256 MB fill its line is likely out of L2, so the
producer warp may wait a DRAM round trip before it runs, and the default partition waits for it
at the region's second `bar.sync 1`. Here the same kernel with the `brx.idx` rewritten in its
PTX as a compare-and-branch chain (same targets, same order), assembled by the same ptxas with
Triton's flags, against the unmodified one; each with the table's PRELOAD and with PRELOAD 0.
Timed by tuning.rank_bucket (CUPTI span after a 256 MB zero fill, median, torch.matmul
interleaved), three repeats; every variant's result checked against fp32 first.

Usage: python results/logs/s12/probe_no_brx.py [M ...]      (on the device)
"""

import copy
import re
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

import torch
from triton.backends.nvidia.compiler import get_ptxas

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as tg  # noqa: E402
from triton_gemm import ws_tile  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig  # noqa: E402

BRX = re.compile(
    r"\t(\$L_brx_\d+): \.branchtargets\n((?:\t\t\$L__\w+,\n)*\t\t\$L__\w+;)\n"
    r"\tbrx\.idx \t(%r\d+), \1;\n"
)


def without_brx(ptx: str) -> str:
    """The PTX with its one brx.idx rewritten as compares and branches."""
    m = BRX.search(ptx)
    assert m and len(BRX.findall(ptx)) == 1, "expected one brx.idx"
    targets = re.findall(r"\$L__\w+", m.group(2))
    index = m.group(3)
    lines = ["\t{", "\t.reg .pred %p_ws;"]
    for i, target in enumerate(targets[:-1]):
        lines += [f"\tsetp.eq.u32 %p_ws, {index}, {i};", f"\t@%p_ws bra {target};"]
    lines += [f"\tbra.uni {targets[-1]};", "\t}"]
    return ptx[: m.start()] + "\n".join(lines) + "\n" + ptx[m.end() :]


def assemble(ptx: str) -> bytes:
    with tempfile.TemporaryDirectory() as d:
        src, out = Path(d, "k.ptx"), Path(d, "k.cubin")
        src.write_text(ptx)
        cmd = [get_ptxas(90).path, "-lineinfo", "-v", "--gpu-name=sm_90a", str(src), "-o",
               str(out)]  # fmt: skip
        subprocess.run(cmd, check=True, capture_output=True)
        return out.read_bytes()


_patched = {}


def launch(A, B, C, variant):
    kind, cfg = variant
    if kind == "brx":
        tg.launch_config(A, B, C, cfg)
        return
    grid, args = ws_tile._grid_and_args(A, B, C, cfg)
    kernel = _patched.get(cfg)
    if kernel is None:
        base = ws_tile._ws_tile_kernel.warmup(*args, grid=grid, num_warps=cfg.num_warps,
                                             num_stages=1)  # fmt: skip
        # Triton's own cubin, reassembled, must be byte-identical: the rewrite is the only change.
        assert assemble(base.asm["ptx"]) == base.asm["cubin"], "ptxas flags differ from Triton's"
        kernel = copy.copy(base)
        kernel.kernel = assemble(without_brx(base.asm["ptx"]))
        kernel.module = kernel.function = kernel._run = None
        _patched[cfg] = kernel
    kernel[grid](*args)


def main():
    ms = [int(x) for x in sys.argv[1:]] or [1, 8, 16, 32, 48, 64, 80, 128, 144, 200, 256, 972,
                                            2053]  # fmt: skip
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in ms:
        cfg = tg.select_config(m)
        if not isinstance(cfg, WsTileConfig):
            continue
        cfgs = [cfg, replace(cfg, PRELOAD=0)]
        variants = [(kind, c) for c in cfgs for kind in ("brx", "nobrx")]
        for rep in range(3):
            ranked, torch_us, ok = rank_bucket(timer, m, b, variants, launch, 100)
            us = {v: t for t, v in ranked}
            parts = [
                f"{kind}/p{c.PRELOAD} " + (f"{us[(kind, c)]:.2f}" if (kind, c) in us else "WRONG")
                for kind, c in variants
            ]
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | " + " | ".join(parts), flush=True)
        print(f"        {cfg}", flush=True)


main()
