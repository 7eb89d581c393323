"""Probe 2: which part of a Gluon warp-specialized kernel does racecheck flag?

Run under `compute-sanitizer --tool racecheck`. Three kernels:
1. `barriers`: mbarriers in shared memory, initialised and fenced before gl.warp_specialize, as
   ws_tile's kernel does; neither partition touches shared memory afterwards.
2. ws_tile's kernel at M = 80 as committed (one producer warp: the CTA has 4 + 1 warps,
   padded to 8).
3. the same with a four-warp producer partition (no padding warps), from a copy of ws_tile.py
   edited in a temporary folder.
In ws_tile's SASS the flagged accesses are Triton's partition-state word: worker warps read it
after BAR.SYNC 1, the default partition writes it before BAR.SYNC 1 (results/logs/s8/README.md).
"""

import importlib
import pathlib
import sys
import tempfile

import torch
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import fence_async_shared, mbarrier

from fibgemm import REPO_ROOT, K, N


@gluon.jit
def _default(x_ptr, layout: gl.constexpr):
    offs = gl.arange(0, 128, layout=layout)
    gl.store(x_ptr + offs, gl.load(x_ptr + offs) + 1.0)


@gluon.jit
def _worker(x_ptr, bars):
    pass


@gluon.jit
def _barriers_kernel(x_ptr):
    bars = gl.allocate_shared_memory(gl.int64, [4, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(4):
        mbarrier.init(bars.index(i), count=1)
    fence_async_shared()
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    gl.warp_specialize([(_default, (x_ptr, layout)), (_worker, (x_ptr, bars))], [1], [24])


def ws_tile_variant(producer_warps: int):
    """sources/triton_gemm as a package in a temporary folder, ws_tile's producer partition
    given `producer_warps` warps."""
    folder = pathlib.Path(tempfile.mkdtemp())
    pkg = folder / f"tg{producer_warps}"
    pkg.mkdir()
    for f in (REPO_ROOT / "sources" / "triton_gemm").glob("*.py"):
        text = f.read_text()
        if f.name == "ws_tile.py":
            old = "        [1],\n        [PRODUCER_REGS],"
            assert old in text
            text = text.replace(old, f"        [{producer_warps}],\n        [PRODUCER_REGS],")
        (pkg / f.name).write_text(text)
    sys.path.insert(0, str(folder))
    return importlib.import_module(f"tg{producer_warps}.main")


x = torch.zeros(128, device="cuda")
_barriers_kernel[(1,)](x, num_warps=4)
torch.cuda.synchronize()
print("1. barriers kernel ran, x[0] =", x[0].item(), flush=True)

b = torch.randn(N, K, dtype=torch.float16, device="cuda")
a = torch.randn(80, K, dtype=torch.float16, device="cuda")
ref = a.float() @ b.float().T
for i, warps in ((2, 1), (3, 4)):
    main = ws_tile_variant(warps)
    cfg = main.select_config(80)
    c = torch.full((80, N), float("nan"), dtype=torch.float16, device="cuda")
    main.launch_config(a, b, c, cfg)
    torch.cuda.synchronize()
    err = (c.float() - ref).abs().max().item()
    print(f"{i}. {cfg} with a {warps}-warp producer: max error {err:.3g}", flush=True)
