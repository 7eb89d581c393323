"""Entry point of the Triton solution for gemm_n3072_k2048: run(A, B, C) computes C = A @ B.T.

A [M, 2048] fp16, B [3072, 2048] fp16, C [M, 3072] fp16 on one CUDA device of compute
capability 8.0 or newer. paths.py decides per device, before anything compiles, which path
serves it: on Hopper with a tested Triton the Gluon warp-specialized tiles of ws_tile.py
(tuned.py's table), elsewhere the portable tiles (portable_tuned.py's tables): the
pointer-based kernel (split-K, swap-AB) in kernel.py, the two-dot-wide tiles in pair.py, one
TMA tile per CTA in tma_tile.py, the persistent TMA kernel in tma.py. The CUDA-core kernel for
the smallest M is gemv.py. Gluon (triton.experimental.gluon) is imported only on the Hopper
path: other Triton versions may lack the parts it uses.
"""

import bisect
import warnings

import torch

from . import gemv, kernel, pair, paths, portable_tuned, tma, tma_tile
from .gemv import GemvConfig
from .kernel import GemmConfig
from .launch import INTERPRET, launch, replayer
from .pair import PairConfig
from .tma import TmaConfig
from .tma_tile import TileTmaConfig

N, K = 3072, 2048
# (M, device index) -> launch.replayer of that M's kernel (None: it has none), for calls on the
# fast path, whose strides and alignment are always the same. One small entry per M seen.
_replays: dict = {}
# Each config kind: its kernel and the module that lays out its grid and arguments (the Gluon
# tile's entry is added by _kernel_of on its first launch: Gluon is imported on Hopper only).
_KERNELS = {
    GemmConfig: (kernel._gemm_kernel, kernel),
    GemvConfig: (gemv._gemv_kernel, gemv),
    PairConfig: (pair._pair_kernel, pair),
    TmaConfig: (tma._gemm_tma_kernel, tma),
    TileTmaConfig: (tma_tile._tile_tma_kernel, tma_tile),
}
_tables: dict = {}  # paths.Choice -> (bucket limits, table)


def _hopper_table() -> list:
    """tuned.py's table, importing the Gluon tiles it names (Hopper path only)."""
    from .tuned import TABLE

    return TABLE


def _table_of(choice: paths.Choice) -> tuple:
    entry = _tables.get(choice)
    if entry is None:
        if choice.path == "hopper":
            table = _hopper_table()
        else:
            rows = (
                portable_tuned.TMA_TABLE if choice.table == "tma" else portable_tuned.POINTER_TABLE
            )
            fit = portable_tuned.fit_to_shared_memory
            table = [(limit, fit(cfg, choice.shared_memory)) for limit, cfg in rows]
        entry = _tables[choice] = ([limit for limit, _ in table], table)
    return entry


def _device_choice(device_index: int) -> paths.Choice:
    if INTERPRET:  # the CPU interpreter runs the portable tiles (Gluon has no interpreter)
        return paths.Choice("portable", "tma", paths.TMA_TABLE_SHARED_MEMORY, "TRITON_INTERPRET")
    return paths.device_choice(device_index)


def select_config(m: int, device_index: int | None = None):
    """The config of the smallest bucket that holds m, in the table of the device's path
    (the current CUDA device's if none is named)."""
    if device_index is None:
        device_index = torch.cuda.current_device() if not INTERPRET else 0
    limits, table = _table_of(_device_choice(device_index))
    return table[min(bisect.bisect_left(limits, m), len(table) - 1)][1]


def served_path(m: int) -> str:
    """Which path and kernel serve m rows on the current device, e.g. 'hopper:WsTileConfig'
    or 'portable-tma:TileTmaConfig' (the results' `path` column)."""
    device_index = torch.cuda.current_device() if not INTERPRET else 0
    choice = _device_choice(device_index)
    name = choice.path if choice.table is None else f"{choice.path}-{choice.table}"
    return f"{name}:{type(select_config(m, device_index)).__name__}"


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


def _kernel_of(cfg) -> tuple:
    """(jit function, module laying out its grid and arguments, config) that runs `cfg`. The
    Gluon tile, the one kind not listed up front, is registered on its first launch (whoever
    launches it: run(), a test, a tuner); under TRITON_INTERPRET=1 its tma_tile twin runs
    instead, as Gluon has no CPU interpreter."""
    if type(cfg) not in _KERNELS:
        from . import ws_tile

        if not isinstance(cfg, ws_tile.WsTileConfig):
            raise TypeError(f"triton_gemm has no kernel for {type(cfg).__name__}")
        if INTERPRET:
            cfg = ws_tile.interpreter_twin(cfg)
        else:
            _KERNELS[ws_tile.WsTileConfig] = (ws_tile._ws_tile_kernel, ws_tile)
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


def _first_launch_on_path(A, B, C, m: int, device_index: int):
    """_first_launch of m's config on the device's path; if the Hopper path fails to build
    (a changed Gluon API, a PTX rewrite that no longer matches), the device moves to the
    portable path for good, with one warning naming the reason, and the call is served there."""
    try:
        return _first_launch(A, B, C, select_config(m, device_index))
    except Exception as e:
        if _device_choice(device_index).path != "hopper":
            raise
        first_line = (str(e).strip().splitlines() or [""])[0][:300]
        reason = f"the Hopper path failed to build ({type(e).__name__}: {first_line})"
        warnings.warn(
            f"triton_gemm on cuda:{device_index}: {reason}; using the portable path",
            RuntimeWarning,
            stacklevel=3,
        )
        paths.fall_back(device_index, reason)
        for key in [key for key in _replays if key[1] == device_index]:
            del _replays[key]
        return _first_launch(A, B, C, select_config(m, device_index))


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
            launch_config(A, B, C, select_config(*key))
        else:
            _replays[key] = _first_launch_on_path(A, B, C, *key)
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
    device_index = A.get_device()
    out = C if _kernel_ready(C) else torch.empty(C.shape, dtype=C.dtype, device=C.device)
    if (m, device_index) in _replays:  # built already: this M's kernel is known to work
        launch_config(A, B, out, select_config(m, device_index))
    else:
        _first_launch_on_path(A, B, out, m, device_index)
    if out is not C:
        C.copy_(out)
