"""Probe: L2 eviction hints on the Gluon kernel's TMA loads, added in its PTX. Gluon's
`tma.async_copy_global_to_shared` takes no cache hint (Triton 3.6, 3.7); the CuTe kernel's
evict-first hint on B's loads measured 0.10-0.16 us less at M = 1-256 (results/logs/s7/
probe_l2_hint.log; B is read once a call, and a B line chosen as the next victim saves writing
back one of the dirty lines the protocol's zero fill leaves). Here each
`cp.async.bulk.tensor...mbarrier::complete_tx::bytes` load through B's descriptor (and, in the
"b_first_a_last" variant, A's through A's with evict-last) gets `.L2::cache_hint` and a
`createpolicy.fractional` policy made just before it. Variants, each assembled here by Triton's
ptxas with Triton's flags: "plain" (the PTX unchanged), "b_first", "b_first_a_last"; and Triton's
own cubin ("triton") as the control. Timed by tuning.rank_bucket (CUPTI span after a 256 MB zero
fill, median, torch.matmul interleaved), three repeats; every variant's result checked first.

Usage: python results/logs/s12/probe_l2_hint_ptx.py [M ...]      (on the device)
"""

import copy
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import torch
from triton import knobs

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as tg  # noqa: E402
from triton_gemm import ws_tile  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig  # noqa: E402

TENSORMAP_PARAM = re.compile(r"\.param \.align 64 \.b8 (\w+_param_\d+)\[128\]")
LOAD = re.compile(
    r"^(\t(?:@%p\d+ )?)cp\.async\.bulk\.tensor\.(\dd)\.shared::cluster\.global\.mbarrier::"
    r"complete_tx::bytes \[(%r\d+)\], \[(%rd\d+), (\{[^}]*\})\], \[(%r\d+)\];$",
    re.M,
)


def descriptor_registers(ptx: str) -> list:
    """The register holding each tensormap parameter's generic address, in parameter order."""
    out = []
    for name in TENSORMAP_PARAM.findall(ptx):
        moved = re.search(rf"mov\.b64 \t(%rd\d+), {name};", ptx).group(1)
        out.append(re.search(rf"cvta\.param\.u64 \t(%rd\d+), {re.escape(moved)};", ptx).group(1))
    return out


def with_hints(ptx: str, policies: dict) -> str:
    """policies: descriptor register -> L2 eviction priority of the loads through it."""

    def hinted(m):
        pred, dim, dst, desc, coords, bar = m.groups()
        if desc not in policies:
            return m.group(0)
        return (
            f"\t{{\n\t.reg .b64 %rd_l2;\n"
            f"\tcreatepolicy.fractional.L2::{policies[desc]}.b64 %rd_l2, 1.0;\n"
            f"{pred}cp.async.bulk.tensor.{dim}.shared::cluster.global.mbarrier::complete_tx::bytes"
            f".L2::cache_hint [{dst}], [{desc}, {coords}], [{bar}], %rd_l2;\n\t}}"
        )

    out, n = LOAD.subn(hinted, ptx)
    assert n > 0, "no TMA loads found"
    return out


def assemble(ptx: str) -> bytes:
    with tempfile.TemporaryDirectory() as d:
        src, out = Path(d, "k.ptx"), Path(d, "k.cubin")
        src.write_text(ptx)
        cmd = [knobs.nvidia.ptxas.path, "-lineinfo", "-v", "--gpu-name=sm_90a", str(src), "-o",
               str(out)]  # fmt: skip
        subprocess.run(cmd, check=True, capture_output=True)
        return out.read_bytes()


def policies_for(cfg: WsTileConfig, regs: list, variant: str) -> dict:
    # Descriptor order: X, Y, (Y2), C, (C2). X = B with SWAP_AB, else Y (and Y2) = B.
    b_regs = [regs[0]] if cfg.SWAP_AB else regs[1 : 3 if cfg.BLOCK_S2 else 2]
    a_regs = regs[1 : 3 if cfg.BLOCK_S2 else 2] if cfg.SWAP_AB else [regs[0]]
    out = {r: "evict_first" for r in b_regs}
    if variant == "b_first_a_last":
        out.update({r: "evict_last" for r in a_regs})
    return out


_kernels = {}


def launch(A, B, C, variant):
    kind, cfg = variant
    if kind == "triton":
        tg.launch_config(A, B, C, cfg)
        return
    grid, args = ws_tile._grid_and_args(A, B, C, cfg)
    kernel = _kernels.get(variant)
    if kernel is None:
        base = ws_tile._ws_tile_kernel.warmup(*args, grid=grid, num_warps=cfg.num_warps,
                                             num_stages=1)  # fmt: skip
        ptx = base.asm["ptx"]
        if kind != "plain":
            ptx = with_hints(ptx, policies_for(cfg, descriptor_registers(ptx), kind))
        kernel = copy.copy(base)
        kernel.kernel = assemble(ptx)
        kernel.module = kernel.function = kernel._run = None
        _kernels[variant] = kernel
    kernel[grid](*args)


def main():
    ms = [int(x) for x in sys.argv[1:]] or [1, 8, 16, 32, 40, 48, 64, 80, 104, 128, 144, 176,
                                            200, 256, 972, 2053]  # fmt: skip
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    kinds = ("triton", "plain", "b_first", "b_first_a_last")
    for m in ms:
        cfg = tg.select_config(m)
        if not isinstance(cfg, WsTileConfig):
            continue
        variants = [(kind, cfg) for kind in kinds]
        for rep in range(3):
            ranked, torch_us, ok = rank_bucket(timer, m, b, variants, launch, 100)
            us = {v: t for t, v in ranked}
            parts = [f"{k} " + (f"{us[v]:.2f}" if v in us else "WRONG")
                     for k, v in zip(kinds, variants)]  # fmt: skip
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | " + " | ".join(parts), flush=True)
        print(f"        {cfg}", flush=True)


main()
