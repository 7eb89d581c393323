"""Probe: B evict-first through a stream access-policy window, for the Triton kernels.

Gluon's and Triton's TMA loads take no L2 cache hint (the CuTe solution's evict-first policy on
B's loads gained it ~2%). A CUDA stream attribute can give an address range an L2 policy
instead: cuStreamSetAttribute(ACCESS_POLICY_WINDOW) over B with the "streaming" property, set
before the launch and cleared after it. Each table config of triton_gemm at a few M, with and
without the window, under the runner's protocol (tuning.rank_bucket), twice; and the host cost of
setting and clearing the attribute. Whether the window reaches TMA loads at all is what this
measures.
"""

import ctypes
import sys
import time

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm.main import launch_config, select_config  # noqa: E402

ACCESS_POLICY_WINDOW = 1  # CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW
NORMAL, STREAMING = 0, 1  # CUaccessProperty


class Window(ctypes.Structure):
    _fields_ = [
        ("base_ptr", ctypes.c_void_p),
        ("num_bytes", ctypes.c_size_t),
        ("hit_ratio", ctypes.c_float),
        ("hit_prop", ctypes.c_int),
        ("miss_prop", ctypes.c_int),
    ]


class AttrValue(ctypes.Union):  # CUstreamAttrValue: a 64-byte union
    _fields_ = [("window", Window), ("pad", ctypes.c_char * 64)]


cuda = ctypes.CDLL("libcuda.so.1")


def set_window(stream: int, ptr: int, nbytes: int, prop: int) -> None:
    value = AttrValue()
    value.window = Window(ptr, nbytes, 1.0 if nbytes else 0.0, prop, prop)
    err = cuda.cuStreamSetAttribute(
        ctypes.c_void_p(stream), ACCESS_POLICY_WINDOW, ctypes.byref(value)
    )
    assert err == 0, f"cuStreamSetAttribute: CUresult {err}"


def main():
    max_window = ctypes.c_int()
    cuda.cuDeviceGetAttribute(ctypes.byref(max_window), 109, 0)  # MAX_ACCESS_POLICY_WINDOW_SIZE
    print("max access policy window bytes:", max_window.value, flush=True)
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    stream = torch.cuda.current_stream().cuda_stream

    def launch(a, b_, c, which):
        cfg = select_config(a.shape[0])
        if which == "plain":
            launch_config(a, b_, c, cfg)
            return
        set_window(stream, b_.data_ptr(), b_.numel() * 2, STREAMING)
        launch_config(a, b_, c, cfg)
        set_window(stream, 0, 0, NORMAL)

    start = time.perf_counter()
    for _ in range(1000):
        set_window(stream, b.data_ptr(), b.numel() * 2, STREAMING)
        set_window(stream, 0, 0, NORMAL)
    print(f"set + clear: {(time.perf_counter() - start) * 1e3:.2f} us a pair", flush=True)
    for m in (1, 16, 48, 80, 144, 200, 256, 972, 2379):
        for rep in range(2):
            ranked, torch_us, ok = rank_bucket(timer, m, b, ["plain", "window"], launch, 60)
            us = {w: t for t, w in ranked}
            line = " | ".join(
                f"{w} {us[w]:.2f}" if w in us else f"{w} WRONG" for w in ("plain", "window")
            )
            print(f"M={m:4d} rep{rep} torch {torch_us:.2f} | {line}", flush=True)
        print(f"        {select_config(m)}", flush=True)


main()
