"""Probe: does compute-sanitizer racecheck flag Triton's own warp-specialization dispatch?

A Gluon kernel whose partitions touch no shared memory at all (the default partition adds one
to a vector in registers and stores it; the worker does nothing), launched like ws_tile's.
Run under `compute-sanitizer --tool racecheck`: hazards here are in the code Triton generates
around gl.warp_specialize (its partition state in shared memory), not in a kernel's own logic.
"""

import torch
from triton.experimental import gluon
from triton.experimental.gluon import language as gl


@gluon.jit
def _default(x_ptr, layout: gl.constexpr):
    offs = gl.arange(0, 128, layout=layout)
    gl.store(x_ptr + offs, gl.load(x_ptr + offs) + 1.0)


@gluon.jit
def _worker(x_ptr, n):
    pass


@gluon.jit
def _trivial_ws_kernel(x_ptr, n):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    gl.warp_specialize([(_default, (x_ptr, layout)), (_worker, (x_ptr, n))], [1], [24])


x = torch.zeros(128, device="cuda")
for _ in range(3):
    _trivial_ws_kernel[(4,)](x, 128, num_warps=4)
torch.cuda.synchronize()
print("trivial warp_specialize kernel: x =", x[0].item(), "(expected 3.0)")
