import os
import sys
from pathlib import Path

import pytest
import torch

ROOT = Path(__file__).resolve().parent.parent
# Solution folders import as packages (`triton_gemm.main`), as flashinfer-bench imports them.
sys.path.insert(0, str(ROOT / "sources"))
# Builds that flashinfer-bench caches go to a throwaway folder, never the user's cache.
os.environ.setdefault("FIB_CACHE_PATH", str(Path(os.environ.get("TMPDIR", "/tmp")) / "fib-cache"))
# Without a GPU the Triton kernels run under the interpreter. It must be chosen before any test
# module imports triton_gemm (the tuning tests do, through the tuners): set here, not per module,
# or the result depends on the order the modules run in.
# Likewise the CuTe DSL's target: without a GPU it compiles for the arch this variable names,
# fixed when cutlass is first imported (by test_cute_cpu or, earlier, by the tuning tests).
if not torch.cuda.is_available():
    os.environ["TRITON_INTERPRET"] = "1"
    os.environ.setdefault("CUTE_DSL_ARCH", "sm_90a")


# M values in no workload list: tails of every tile size the solutions use.
TAIL_MS = [3, 33, 100, 199, 1000, 4097]
# cute_gemm's portable kernel with K sliced across warps (PortableConfig fields; no table row
# uses it yet): both orientations, two and four slices, 16- and 32-row copy passes.
SLICED_K_CHECKS = [
    dict(tile_p=48, tile_q=128, swap_ab=True, stages=4, warps_p=1, warps_q=4, warps_k=2),
    dict(tile_p=64, tile_q=64, swap_ab=True, stages=6, warps_p=2, warps_q=2, warps_k=2),
    dict(tile_p=128, tile_q=64, swap_ab=False, stages=3, warps_p=2, warps_q=2, warps_k=2),
    dict(tile_p=64, tile_q=64, swap_ab=True, tile_k=128, stages=3, warps_p=2, warps_q=2, warps_k=4),
]
# B's evict-first loads (b_evict_first) where no table row has them: B as Y (straight), sliced
# K, a persistent walk (the next tile's loads too), 32-deep K tiles.
EVICT_FIRST_CHECKS = [
    dict(tile_p=128, tile_q=192, swap_ab=False, stages=4, warps_p=2, warps_q=4, b_evict_first=True),
    dict(tile_p=48, tile_q=128, swap_ab=True, stages=4, warps_p=1, warps_q=4, warps_k=2,
         b_evict_first=True),
    dict(tile_p=96, tile_q=256, swap_ab=False, stages=3, warps_p=2, warps_q=4, persistent=True,
         b_evict_first=True),
    dict(tile_p=64, tile_q=64, swap_ab=False, tile_k=32, stages=4, warps_p=2, warps_q=2,
         b_evict_first=True),
]  # fmt: skip


# B's lines prefetched into the L2 (b_l2_prefetch): the Hopper table's mma.sync row, B as Y
# (straight), two lines a row (128-deep K tiles), half a line (32-deep), a persistent walk.
PREFETCH_CHECKS = [
    dict(tile_p=32, tile_q=16, swap_ab=True, stages=12, warps_p=2, warps_q=1, warps_k=2,
         b_evict_first=True, b_l2_prefetch=3),
    dict(tile_p=64, tile_q=64, swap_ab=False, stages=4, warps_p=2, warps_q=2,
         b_evict_first=True, b_l2_prefetch=2),
    dict(tile_p=64, tile_q=16, swap_ab=True, tile_k=128, stages=4, warps_p=4, warps_q=1,
         b_evict_first=True, b_l2_prefetch=1),
    dict(tile_p=64, tile_q=64, swap_ab=False, tile_k=32, stages=4, warps_p=2, warps_q=2,
         b_evict_first=True, b_l2_prefetch=8),
    dict(tile_p=96, tile_q=256, swap_ab=False, stages=3, warps_p=2, warps_q=4, persistent=True,
         b_evict_first=True, b_l2_prefetch=4),
]  # fmt: skip


@pytest.fixture(scope="module")
def B():
    """The weight, fresh random per test module, on the GPU (GPU tests only)."""
    import torch

    return torch.randn(3072, 2048, dtype=torch.float16, device="cuda")


def _cuda_capability():
    try:
        import torch

        if torch.cuda.is_available():
            return torch.cuda.get_device_capability()
    except Exception:
        pass
    return None


def pytest_collection_modifyitems(config, items):
    cap = _cuda_capability()
    skip_gpu = pytest.mark.skip(reason="needs a CUDA device")
    skip_hopper = pytest.mark.skip(reason=f"needs compute capability 9.0, have {cap}")
    for item in items:
        if "gpu" in item.keywords and cap is None:
            item.add_marker(skip_gpu)
        elif "hopper" in item.keywords and cap != (9, 0):
            item.add_marker(skip_hopper)
