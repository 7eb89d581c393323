"""Entry point of the Triton solution for gemm_n3072_k2048: run(A, B, C) computes C = A @ B.T.

A [M, 2048] fp16, B [3072, 2048] fp16, C [M, 3072] fp16 on one CUDA device. The pointer-based
kernel (split-K, swap-AB) is in kernel.py, the two-dot-wide tiles of the middle range in
pair.py, one TMA tile per CTA in tma_tile.py, the persistent TMA kernel in tma.py, the CUDA-core
kernel for the smallest M in gemv.py; which one runs, with which config, for each M bucket is
the tuned table in tuned.py. ws_tile.py's warp-specialized tiles are written in Gluon
(triton.experimental.gluon), Triton's explicit layer over the same compiler.
"""

import bisect

import torch

from . import gemv, kernel, pair, tma, tma_tile, ws_tile
from .gemv import GemvConfig
from .kernel import GemmConfig
from .launch import INTERPRET, launch, replayer
from .pair import PairConfig
from .tma import TmaConfig
from .tma_tile import TileTmaConfig
from .tuned import TABLE
from .ws_tile import WsTileConfig

N, K = 3072, 2048
_BUCKET_LIMITS = [limit for limit, _ in TABLE]
# (M, device index) -> launch.replayer of that M's kernel (None: it has none), for calls on the
# fast path, whose strides and alignment are always the same. One small entry per M seen.
_replays: dict = {}


def select_config(m: int):
    """The tuned config of the smallest bucket that holds m."""
    return TABLE[min(bisect.bisect_left(_BUCKET_LIMITS, m), len(TABLE) - 1)][1]


def _check(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor) -> None:
    for name, t in (("A", A), ("B", B), ("C", C)):
        if not isinstance(t, torch.Tensor):
            raise TypeError(f"{name} must be a torch.Tensor, got {type(t).__name__}")
        if t.dtype != torch.float16:
            raise TypeError(f"{name} must be float16, got {t.dtype}")
        if t.dim() != 2:
            raise ValueError(f"{name} must be 2-D, got shape {tuple(t.shape)}")
    if A.shape[1] != K:
        raise ValueError(f"A must be [M, {K}], got {tuple(A.shape)}")
    if tuple(B.shape) != (N, K):
        raise ValueError(f"B must be [{N}, {K}], got {tuple(B.shape)}")
    if tuple(C.shape) != (A.shape[0], N):
        raise ValueError(f"C must be [{A.shape[0]}, {N}] (M of A by N), got {tuple(C.shape)}")
    for name, t in (("A", A), ("B", B), ("C", C)):
        if t.device.type != "cuda":
            raise ValueError(f"{name} must be on a CUDA device, got {t.device}")
    if A.device != B.device or A.device != C.device:
        raise ValueError(f"A, B, C must share one device, got {A.device}, {B.device}, {C.device}")


# Each config kind: its kernel and the module that lays out its grid and arguments.
_KERNELS = {
    GemmConfig: (kernel._gemm_kernel, kernel),
    GemvConfig: (gemv._gemv_kernel, gemv),
    PairConfig: (pair._pair_kernel, pair),
    TmaConfig: (tma._gemm_tma_kernel, tma),
    TileTmaConfig: (tma_tile._tile_tma_kernel, tma_tile),
    WsTileConfig: (ws_tile._ws_tile_kernel, ws_tile),
}


def _kernel_of(cfg) -> tuple:
    """(jit function, module laying out its grid and arguments, config) that runs `cfg`: under
    TRITON_INTERPRET=1 a Gluon config's tma_tile twin, as Gluon has no CPU interpreter."""
    if INTERPRET and isinstance(cfg, WsTileConfig):
        cfg = ws_tile.interpreter_twin(cfg)
    return (*_KERNELS[type(cfg)], cfg)


def launch_config(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, cfg) -> None:
    """Launch the kernel `cfg` belongs to (no checks: run() and the tuner call this)."""
    jit_fn, module, cfg = _kernel_of(cfg)
    launch(jit_fn, cfg, A.get_device(), *module._grid_and_args(A, B, C, cfg))


def _first_launch(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, cfg):
    """Launch cfg (compiling it on first use) and return its replayer for later calls."""
    jit_fn, module, cfg = _kernel_of(cfg)
    device_index = A.get_device()
    grid, args = module._grid_and_args(A, B, C, cfg)
    launch(jit_fn, cfg, device_index, grid, args)
    return replayer(jit_fn, cfg, device_index, grid, args, module.replay_slots(cfg))


def _kernel_ready(t: torch.Tensor) -> bool:
    """Unit stride along K, rows 16-element aligned, base 16-byte aligned: the one layout the
    compiled kernels are specialized for (see kernel._compiled)."""
    return t.stride(1) == 1 and t.stride(0) % 16 == 0 and t.data_ptr() % 16 == 0


def _fast_path(A, B, C) -> bool:
    """Everything right and in the layout the kernels are compiled for, in few host operations
    (this runs on every call; _check spells out what is wrong when it is not)."""
    try:
        m = A.shape[0]
        return (
            A.dtype == B.dtype == C.dtype == torch.float16
            and A.shape == (m, K)
            and B.shape == (N, K)
            and C.shape == (m, N)
            and m > 0
            and A.is_cuda
            and A.get_device() == B.get_device() == C.get_device()
            and A.is_contiguous()
            and B.is_contiguous()
            and C.is_contiguous()
            and (A.data_ptr() | B.data_ptr() | C.data_ptr()) % 16 == 0
        )
    except (AttributeError, IndexError):  # not tensors, or A has no dimension
        return False


def run(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor) -> None:
    if _fast_path(A, B, C):
        key = (A.shape[0], A.get_device())
        replay = _replays.get(key)
        if replay is not None and replay(A, B, C):
            return
        if key in _replays:  # no replayer for this kernel, or a launch hook is installed
            launch_config(A, B, C, select_config(key[0]))
        else:
            _replays[key] = _first_launch(A, B, C, select_config(key[0]))
        return
    _check(A, B, C)
    m = A.shape[0]
    if m == 0:
        return
    # Other layouts (transposed, sliced, misaligned views) are right, just not fast: they get
    # a fresh contiguous copy, and a misaligned output is written through a temporary.
    if not _kernel_ready(A):
        A = A.clone(memory_format=torch.contiguous_format)
    if not _kernel_ready(B):
        B = B.clone(memory_format=torch.contiguous_format)
    cfg = select_config(m)
    if not _kernel_ready(C):
        out = torch.empty(C.shape, dtype=C.dtype, device=C.device)
        launch_config(A, B, out, cfg)
        C.copy_(out)
        return
    launch_config(A, B, C, cfg)
