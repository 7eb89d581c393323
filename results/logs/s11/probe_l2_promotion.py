"""Probe: the L2 promotion of the Triton solution's TMA descriptors.

Triton encodes every host-side descriptor with CU_TENSOR_MAP_L2_PROMOTION_L2_128B (driver.c,
fixed). The promotion sets the granularity at which L2 misses of a TMA load are filled from
DRAM; under the protocol B streams from DRAM. Here Triton's encoder is wrapped: after it fills a
CUtensorMap, the map is encoded again in place (cuTensorMapEncodeTiled through ctypes, the same
arguments as driver.c's) with another promotion. The re-encoding with 128B is checked to give
Triton's bytes back before anything is timed. Each (config, promotion) pair is timed by
tuning.rank_bucket (CUPTI span after a 256 MB zero fill, median, torch.matmul interleaved),
three repeats per M.

Usage: python results/logs/s11/probe_l2_promotion.py [M ...]
"""

import ctypes
import sys

import torch
from triton.runtime import driver

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm import main as tg  # noqa: E402
from triton_gemm.tma_tile import TileTmaConfig  # noqa: E402
from triton_gemm.ws_tile import WsTileConfig  # noqa: E402

PROMOTIONS = {"none": 0, "64B": 1, "128B": 2, "256B": 3}
MAP_OFFSET = 128  # PyCUtensorMapObject: PyObject_HEAD, then the 128-byte aligned map
_cuda = ctypes.CDLL("libcuda.so.1")
_encode = _cuda.cuTensorMapEncodeTiled
_encode.restype = ctypes.c_int
_utils = driver.active.utils
_fill = _utils.fill_tma_descriptor
promotion = None  # None: Triton's map as it is


def _reencode(obj, addr, swizzle, elem_size, elem_type, block, shape, strides, padding, promo):
    rank = len(block)
    dims = (ctypes.c_uint64 * rank)(*reversed([int(s) for s in shape]))
    gstrides = (ctypes.c_uint64 * rank)(*[elem_size * int(s) for s in reversed(strides[:-1])], 0)
    box = (ctypes.c_uint32 * rank)(*reversed([int(b) for b in block]))
    estr = (ctypes.c_uint32 * rank)(*([1] * rank))
    fill = 1 if padding == 1 else 0
    res = _encode(
        ctypes.c_void_p(id(obj) + MAP_OFFSET), ctypes.c_int(elem_type), ctypes.c_uint32(rank),
        ctypes.c_void_p(addr), dims, gstrides, box, estr, ctypes.c_int(0), ctypes.c_int(swizzle),
        ctypes.c_int(promo), ctypes.c_int(fill),
    )  # fmt: skip
    assert res == 0, f"cuTensorMapEncodeTiled: {res}"


def fill_with_promotion(addr, swizzle, elem_size, elem_type, block, shape, strides, padding):
    obj = _fill(addr, swizzle, elem_size, elem_type, block, shape, strides, padding)
    if promotion is not None:
        _reencode(obj, addr, swizzle, elem_size, elem_type, block, shape, strides, padding,
                  PROMOTIONS[promotion])  # fmt: skip
    return obj


def check_offset():
    """Re-encoding with 128B must reproduce Triton's map byte for byte."""
    t = torch.empty(64, K, dtype=torch.float16, device="cuda")
    args = (t.data_ptr(), 3, 2, 6, [64, 64], [64, K], [K, 1], 0)
    obj = _fill(*args)
    before = ctypes.string_at(id(obj) + MAP_OFFSET, 128)
    _reencode(obj, *args, PROMOTIONS["128B"])
    assert ctypes.string_at(id(obj) + MAP_OFFSET, 128) == before, "map offset or arguments wrong"
    _reencode(obj, *args, PROMOTIONS["256B"])
    changed = ctypes.string_at(id(obj) + MAP_OFFSET, 128) != before
    print(f"re-encoding check: 128B identical, 256B {'differs' if changed else 'SAME'}")


def configs(m: int) -> list:
    table = tg.select_config(m)
    base = [table]
    if m <= 16:
        base += [
            WsTileConfig(64, 16, 128, SWAP_AB=True, STAGES=8),
            TileTmaConfig(16, 64, 128, SWAP_AB=True, num_warps=4, num_stages=8),
        ]
    out = []
    for c in base:
        if isinstance(c, (WsTileConfig, TileTmaConfig)):
            out += [(c, p) for p in (None, "none", "64B", "256B")]
        else:
            out.append((c, None))
    return out


def launch(a, b, c, cfg_promo):
    global promotion
    cfg, promotion = cfg_promo
    tg.launch_config(a, b, c, cfg)
    promotion = None


def main():
    _utils.fill_tma_descriptor = fill_with_promotion
    check_offset()
    ms = [int(x) for x in sys.argv[1:]] or [1, 16, 48, 120, 144, 200, 972, 2053, 2379]
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in ms:
        cfgs = configs(m)
        for rep in range(3):
            ranked, torch_us, ok = rank_bucket(timer, m, b, cfgs, launch, 80)
            us = {c: t for t, c in ranked}
            parts = []
            for i, (c, p) in enumerate(cfgs):
                tag = f"c{i}/{p or 'triton'}"
                parts.append(f"{tag} {us[(c, p)]:.2f}" if (c, p) in us else f"{tag} WRONG")
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | " + " | ".join(parts), flush=True)
        for i, (c, p) in enumerate(cfgs):
            if p is None:
                print(f"        c{i}: {c}", flush=True)


main()
