"""Entry point of the CuTe DSL solution for gemm_n3072_k2048: run(A, B, C) computes C = A @ B.T.

A [M, 2048] fp16, B [3072, 2048] fp16, C [M, 3072] fp16 on one CUDA device of compute
capability 8.0 or newer. Two paths, chosen per device before anything compiles (`path_of`):
- hopper: kernel.HopperGemm (WGMMA, TMA, warp specialization), the config per M bucket from
  tuned.py; on sm_90 with a CuTe DSL version it was measured with (HOPPER_DSL). A bucket of that
  table may name a portable.PortableConfig instead, where the tuner measured the mma.sync
  kernel faster on Hopper too.
- portable: portable.PortableGemm (mma.sync, cp.async, ldmatrix); on every other GPU from
  sm_80, on Hopper with another DSL version, and wherever FIBGEMM_PORTABLE=1. Its configs come
  from portable.TABLE_LARGE_SHARED where a CTA may have 160 KB of shared memory (sm_80, sm_90,
  sm_100), from portable.TABLE elsewhere.
Each config is compiled once, with M dynamic and N, K static, the first time a call needs it
(never inside a timed call: flashinfer-bench checks correctness first); later calls go
through TVM-FFI, which takes the torch tensors and torch's current stream directly.
"""

import bisect
import dataclasses
import os
import re
import time
import warnings

import torch

# Without a GPU the DSL would target sm_100a; the CPU compile tests build the Hopper kernel
# unless CUTE_DSL_ARCH names another target.
if not torch.cuda.is_available():
    os.environ.setdefault("CUTE_DSL_ARCH", "sm_90a")

import cutlass  # noqa: E402
import cutlass.cute as cute  # noqa: E402
from cutlass.cute.runtime import (  # noqa: E402
    make_fake_compact_tensor,
    make_fake_stream,
    make_fake_tensor,
)

from . import portable  # noqa: E402
from .kernel import L2_PROMOTIONS, CuteConfig, HopperGemm, is_valid  # noqa: E402
from .tuned import TABLE  # noqa: E402

N, K = 3072, 2048
MIN_CAPABILITY = (8, 0)
HOPPER_DSL = ((4, 8),)  # nvidia-cutlass-dsl versions the Hopper path was measured with
# Both portable tables have the same buckets (a CPU test checks it).
_LIMITS = {"hopper": [lim for lim, _ in TABLE], "portable": [lim for lim, _ in portable.TABLE]}


@dataclasses.dataclass(frozen=True)
class DeviceChoice:
    """What serves one device, decided once (before anything compiles) from its properties."""

    path: str  # "hopper" or "portable"
    why: str
    shared_optin: int  # bytes of shared memory a CTA may have (0 where torch does not say)


_devices: dict = {}  # device index -> DeviceChoice
_compiled: dict = {}
compile_seconds: dict = {}
# (M, device index) -> (compiled kernel, swap_ab, config if it needs a workspace else None) for
# calls on the fast path: one dict lookup instead of the table search and the config's hash.
# One small entry per M seen.
_plans: dict = {}
# (M, device index, stream) -> the workspace arguments of a planned call whose config needs
# them: one lookup per call (the workspaces themselves live in the two caches below).
_plan_workspaces: dict = {}
# (config, device index, stream) -> a stream-K walk's workspace (its flags must start at zero,
# and two calls running at once on different streams must not share one).
_workspaces: dict = {}
# (device index, stream) -> (counters, partials) of the portable path's split-K, grown as
# larger calls need (every call leaves the counters zero, whatever its config).
_split_workspaces: dict = {}


def dsl_version() -> tuple[int, int] | None:
    """(major, minor) of the installed nvidia-cutlass-dsl, None if its metadata is missing."""
    from importlib import metadata

    try:
        text = metadata.version("nvidia-cutlass-dsl")
    except metadata.PackageNotFoundError:
        return None
    major, minor = re.match(r"(\d+)\.(\d+)", text).groups()
    return int(major), int(minor)


def choose_path(
    capability: tuple[int, int], version, force_portable: bool = False, name: str = "this GPU"
) -> tuple[str, str]:
    """(path, why) for a device of `capability` under DSL `version` (a pure function: the
    tests call it for GPUs this machine does not have)."""
    if tuple(capability) < MIN_CAPABILITY:
        raise RuntimeError(
            f"cute_gemm needs a CUDA GPU of compute capability 8.0 or newer (A100, H100/H200, "
            f"B200, RTX 30 and later); {name} is {capability[0]}.{capability[1]}"
        )
    if force_portable:
        return "portable", "FIBGEMM_PORTABLE is set"
    if tuple(capability) != (9, 0):
        return "portable", f"sm_{capability[0]}{capability[1]} is not Hopper"
    if version not in HOPPER_DSL:
        return "portable", f"CuTe DSL {version} is untested on the Hopper path"
    return "hopper", "Hopper with a tested CuTe DSL"


def device_choice(device_index: int) -> DeviceChoice:
    """The device's DeviceChoice, read from torch's properties on the first call for it."""
    entry = _devices.get(device_index)
    if entry is None:
        props = torch.cuda.get_device_properties(device_index)
        forced = os.environ.get("FIBGEMM_PORTABLE", "0") not in ("", "0")
        name = f"{props.name} (cuda:{device_index})"
        path, why = choose_path((props.major, props.minor), dsl_version(), forced, name)
        optin = getattr(props, "shared_memory_per_block_optin", 0)
        entry = _devices[device_index] = DeviceChoice(path, why, optin)
    return entry


def _choice_of(device_index: int | None) -> DeviceChoice | None:
    """The DeviceChoice of `device_index` (default: the current device); None without CUDA."""
    if not torch.cuda.is_available():
        return None
    return device_choice(torch.cuda.current_device() if device_index is None else device_index)


def path_of(device_index: int | None = None) -> str:
    """The path serving `device_index` (default: the current device). Without CUDA (CPU
    compile tests): the one CUTE_DSL_ARCH targets."""
    choice = _choice_of(device_index)
    if choice is None:
        return "hopper" if os.environ.get("CUTE_DSL_ARCH") == "sm_90a" else "portable"
    return choice.path


def shared_bytes_optin(device_index: int | None = None) -> int:
    """Shared memory a CTA may have on the device (0 without CUDA, or where torch does not say:
    the portable table that fits every family)."""
    choice = _choice_of(device_index)
    return 0 if choice is None else choice.shared_optin


def select_config(m: int, device_index: int | None = None):
    """The config of the smallest bucket that holds m, in the table of the device's path (and,
    on the portable path, of its shared memory), less what the installed DSL cannot build."""
    path = path_of(device_index)
    table = TABLE if path == "hopper" else portable.table_for(shared_bytes_optin(device_index))
    cfg = table[min(bisect.bisect_left(_LIMITS[path], m), len(table) - 1)][1]
    promotion = getattr(cfg, "l2_promotion", "")
    if promotion and promotion not in L2_PROMOTIONS:
        # A DSL without the experimental tensor maps: the row runs on the DSL's descriptors.
        return dataclasses.replace(cfg, l2_promotion="")
    return cfg


def served_path(m: int) -> str:
    """Which path and config kind serve m rows on the current device (the results' `path`
    column), e.g. 'hopper:CuteConfig' or 'portable:PortableConfig'."""
    return f"{path_of()}:{type(select_config(m)).__name__}"


def _fake_operands(cfg: CuteConfig):
    """Compile-time stand-ins: M dynamic, N and K static, 16-byte aligned rows."""
    m = cute.sym_int32()
    f16 = cutlass.Float16
    a = make_fake_compact_tensor(f16, (m, K), stride_order=(1, 0), assumed_align=16)
    b = make_fake_compact_tensor(f16, (N, K), stride_order=(1, 0), assumed_align=16)
    if cfg.swap_ab:
        c_t = make_fake_tensor(f16, (N, m), stride=(1, N), assumed_align=16)  # C.T, a view
        return b, a, c_t
    c = make_fake_compact_tensor(f16, (m, N), stride_order=(1, 0), assumed_align=16)
    return a, b, c


def _sm_count() -> int:
    """SMs of the current device (a persistent kernel's grid size); the H200's 132 without one.
    Compiled kernels are cached per config only: one process, one kind of GPU."""
    if torch.cuda.is_available():
        return torch.cuda.get_device_properties(torch.cuda.current_device()).multi_processor_count
    return 132


def config_is_valid(cfg) -> bool:
    """is_valid of the kernel the config names, for this definition's K (a Hopper table row may
    name either kernel)."""
    if isinstance(cfg, portable.PortableConfig):
        return portable.is_valid(cfg, K)
    return is_valid(cfg, K)


def compiled_kernel(cfg: CuteConfig, extra_options: str = ""):
    """The compiled kernel for cfg, compiling it on first use (seconds, recorded).
    extra_options go to cute.compile (e.g. "--keep-ptx --dump-dir=DIR")."""
    fn = _compiled.get(cfg)
    if fn is None:
        portable_cfg = isinstance(cfg, portable.PortableConfig)
        if not config_is_valid(cfg):
            # A config outside the kernel's limits may compile and only fail at launch (a ring
            # deeper than shared memory: cudaErrorInvalidValue) or, worse, run and be wrong.
            raise ValueError(f"{cfg} is not a valid config for K = {K} (is_valid)")
        start = time.perf_counter()
        x, y, d = _fake_operands(cfg)
        stream = make_fake_stream(use_tvm_ffi_env_stream=True)
        options = f"--enable-tvm-ffi {extra_options}".strip()
        kernel = (portable.PortableGemm if portable_cfg else HopperGemm)(cfg, _sm_count())
        if getattr(cfg, "stream_k", False):
            w = make_fake_compact_tensor(
                cutlass.Float32, (cfg.workspace_words(_sm_count()),), assumed_align=16
            )
            fn = cute.compile(kernel.with_workspace, x, y, d, w, stream, options=options)
        elif _portable_split(cfg):
            count = make_fake_compact_tensor(cutlass.Int32, (cute.sym_int32(),), assumed_align=16)
            part = make_fake_compact_tensor(cutlass.Float32, (cute.sym_int32(),), assumed_align=16)
            fn = cute.compile(kernel.with_workspace, x, y, d, count, part, stream, options=options)
        else:
            fn = cute.compile(kernel, x, y, d, stream, options=options)
        _compiled[cfg] = fn
        compile_seconds[cfg] = time.perf_counter() - start
    return fn


def _built_config(m: int, device_index: int):
    """m's config on the device's path, compiled. If a Hopper config fails to build (a DSL API
    that changed), the device moves to the portable path for good, with one warning naming the
    reason, and m's portable config is built instead."""
    cfg = select_config(m, device_index)
    try:
        compiled_kernel(cfg)
        return cfg
    except Exception as e:
        if path_of(device_index) != "hopper":
            raise
        first_line = (str(e).strip().splitlines() or [""])[0][:300]
        why = f"the Hopper path failed to build ({type(e).__name__}: {first_line})"
        warnings.warn(
            f"cute_gemm on cuda:{device_index}: {why}; using the portable path",
            RuntimeWarning,
            stacklevel=3,
        )
        choice = device_choice(device_index)
        _devices[device_index] = dataclasses.replace(choice, path="portable", why=why)
        for cache in (_plans, _plan_workspaces):
            for key in [key for key in cache if key[1] == device_index]:
                del cache[key]
    cfg = select_config(m, device_index)
    compiled_kernel(cfg)
    return cfg


def workspace(cfg: CuteConfig, device: torch.device) -> torch.Tensor:
    """The zeroed fp32 workspace of cfg's stream-K walk for torch's current stream on
    `device`, allocated on first use and kept: each call leaves its flags zero again."""
    key = (cfg, device.index, torch.cuda.current_stream(device).cuda_stream)
    ws = _workspaces.get(key)
    if ws is None:
        words = cfg.workspace_words(_sm_count())
        ws = _workspaces[key] = torch.zeros(words, dtype=torch.float32, device=device)
    return ws


def _portable_split(cfg) -> bool:
    return isinstance(cfg, portable.PortableConfig) and cfg.splits > 1


def _needs_workspace(cfg) -> bool:
    return getattr(cfg, "stream_k", False) or _portable_split(cfg)


def split_workspace(cfg, m: int, device: torch.device) -> tuple[torch.Tensor, torch.Tensor]:
    """(counters, partials) for a portable split-K launch of cfg over m rows, on torch's
    current stream of `device`: kept between calls, replaced by larger ones when m needs more
    (new counters start at zero; the kernel leaves them zero)."""
    p, q = (N, m) if cfg.swap_ab else (m, N)
    tiles, words = cfg.workspace_sizes(p, q)
    key = (device.index, torch.cuda.current_stream(device).cuda_stream)
    count, part = _split_workspaces.get(key, (None, None))
    if count is None or count.numel() < tiles:
        count = torch.zeros(tiles, dtype=torch.int32, device=device)
    if part is None or part.numel() < words:
        part = torch.empty(words, dtype=torch.float32, device=device)
    _split_workspaces[key] = (count, part)
    return count, part


def _workspace_args(cfg, m: int, device: torch.device) -> tuple:
    """The tensors cfg's kernel takes after D on torch's current stream of `device`."""
    if getattr(cfg, "stream_k", False):
        return (workspace(cfg, device),)
    if _portable_split(cfg):
        return split_workspace(cfg, m, device)
    return ()


def _raw_stream(device_index: int) -> int:
    """torch's current stream on the device as a handle: the private call Triton's launcher
    also uses, a fraction of torch.cuda.current_stream's host time (fallback: that)."""
    try:
        return torch._C._cuda_getCurrentRawStream(device_index)
    except AttributeError:
        return torch.cuda.current_stream(device_index).cuda_stream


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


def _tma_ready(t: torch.Tensor) -> bool:
    """Row-major with 16-byte aligned base and rows: what the TMA descriptors assume."""
    return t.stride(1) == 1 and t.stride(0) == t.shape[1] and t.data_ptr() % 16 == 0


def launch_config(A: torch.Tensor, B: torch.Tensor, C: torch.Tensor, cfg) -> None:
    """Launch cfg's kernel on ready operands (no checks: run() and the tuner call this)."""
    fn = compiled_kernel(cfg)
    x, y, d = (B, A, C.T) if cfg.swap_ab else (A, B, C)
    fn(x, y, d, *_workspace_args(cfg, A.shape[0], A.device))


def _fast_path(A, B, C) -> bool:
    """Everything right and TMA-ready, in few host operations (this runs on every call; _check
    spells out what is wrong when it is not). The same test as triton_gemm's: each solution's
    sources stand alone."""
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
        plan = _plans.get(key)
        if plan is None:
            cfg = _built_config(*key)
            with_workspace = cfg if _needs_workspace(cfg) else None
            plan = _plans[key] = (compiled_kernel(cfg), cfg.swap_ab, with_workspace)
        fn, swap_ab, with_workspace = plan
        operands = (B, A, C.T) if swap_ab else (A, B, C)
        if with_workspace is None:
            fn(*operands)
            return
        # The workspace belongs to torch's current stream: calls on two streams at once must
        # not share its counters.
        wkey = (*key, _raw_stream(key[1]))
        extra = _plan_workspaces.get(wkey)
        if extra is None:
            extra = _plan_workspaces[wkey] = _workspace_args(with_workspace, key[0], A.device)
        fn(*operands, *extra)
        return
    _check(A, B, C)
    if A.shape[0] == 0:
        return
    # Other layouts (transposed, sliced, misaligned views) are right, just not fast.
    if not _tma_ready(A):
        A = A.clone(memory_format=torch.contiguous_format)
    if not _tma_ready(B):
        B = B.clone(memory_format=torch.contiguous_format)
    cfg = _built_config(A.shape[0], A.get_device())
    if not _tma_ready(C):
        out = torch.empty(C.shape, dtype=C.dtype, device=C.device)
        launch_config(A, B, out, cfg)
        C.copy_(out)
        return
    launch_config(A, B, C, cfg)
