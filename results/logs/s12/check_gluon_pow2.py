"""CPU check: can a Gluon kernel hold one WGMMA 48, 80 or 96 wide (the CuTe kernel's tiles at
M = 70-256)? A minimal kernel with a (64, W) accumulator, compiled for sm_90a with Triton 3.6's
compiler; no GPU needed.

    TRITON_INTERPRET=0 PYTHONPATH=<triton 3.6> python results/logs/s12/check_gluon_pow2.py

Outcome (check_gluon_pow2.log): the (W, 64) shared-memory tile is accepted, the (64, W)
accumulator (`gl.zeros`) is refused for every W: Gluon's register tensors are powers of two,
so the Triton solution builds those widths from two dots.
"""

import torch
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import warpgroup_mma, warpgroup_mma_wait, fence_async_shared
import triton
from triton.backends.compiler import GPUTarget
from triton.experimental.gluon._runtime import GluonASTSource

@gluon.jit
def k(out_ptr, W: gl.constexpr):
    acc_layout: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, W, 16])
    a_layout: gl.constexpr = gl.NVMMASharedLayout.get_default_for([64, 64], gl.float16)
    b_layout: gl.constexpr = gl.NVMMASharedLayout.get_default_for([W, 64], gl.float16)
    a = gl.allocate_shared_memory(gl.float16, [64, 64], a_layout)
    b = gl.allocate_shared_memory(gl.float16, [W, 64], b_layout)
    acc = gl.zeros((64, W), dtype=gl.float32, layout=acc_layout)
    acc = warpgroup_mma(a, b.permute((1, 0)), acc, is_async=True)
    acc = warpgroup_mma_wait(num_outstanding=0, deps=(acc,))
    offs_m = gl.arange(0, 64, layout=gl.SliceLayout(1, acc_layout))
    offs_n = gl.arange(0, W, layout=gl.SliceLayout(0, acc_layout))
    gl.store(out_ptr + offs_m[:, None] * W + offs_n[None, :], acc)

for W in (80, 48, 96):
    try:
        src = GluonASTSource(k, {"out_ptr": "*fp32", "W": "constexpr"}, {(1,): W})
        c = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": 4})
        print(W, "OK", [l.strip() for l in c.asm["ptx"].splitlines() if "wgmma.mma_async" in l][:1])
    except Exception as e:
        lines = str(e).strip().splitlines()
        print(W, "REFUSED at:", next(x.strip() for x in lines if "gl.zeros" in x) if lines else "",
              "|", repr(e.__cause__))
