"""Launching a jitted kernel with the least host work per call.

`kernel[grid](...)` re-binds and re-specializes every argument in Python on every call (tens of
µs on the device's host). Here each (kernel, config, device) is compiled once with `warmup`, and
later calls go straight to the compiled kernel's C launcher with its function handle and packed
metadata, skipping the per-call closure, device query and scratch allocation lookups of
`CompiledKernel.__getitem__` (these kernels need no global or profile scratch: checked at
compile time). A compiled kernel is kept per config and per value of every argument that is
not a tensor, M aside (N, K, strides, constexprs, the block shapes of TMA descriptors:
`_spec`), so a caller with other sizes (tests, tools) gets its own compile instead of one
baked for N = 3072.

TMA kernels take host-side descriptors (`descriptor`): Triton's launcher encodes each into a
CUtensorMap kernel parameter at launch. Descriptors built inside the kernel instead
(tl.make_tensor_descriptor) cost every CTA a global write and a proxy fence before its first
load: measured on the H200, 21.4 against 24.4 us at M = 972 and 46.0 against 58.0 at M = 2053
for the same tiles (probe at commit ade0bf1).

Tensors are not looked at: main.run guarantees 16-byte aligned pointers and row strides that
are multiples of 16 elements, and M is marked do_not_specialize in the kernels. With a launch
hook installed (a profiler such as proton) calls take Triton's own path, which runs the hooks.

`replayer` goes one step further for main.run's fast path: everything but the three operands is
fixed for a given M, so a call passes only their pointers, as ints (a tensor would cost the C
launcher a `data_ptr()` call and a cuPointerGetAttribute driver query per pointer). For TMA
kernels it also keeps each descriptor encoded: Triton's launcher wraps the C launcher in a
function that encodes every descriptor argument into a CUtensorMap on every call (about 7 us
of host time a TMA call on the device's host); the replayer encodes once per operand address,
with Triton's own encoder, and calls the C launcher beneath that wrapper (`_encoded_launch`;
its calling convention differs between Triton 3.6 and 3.7, both handled, else the replayer
keeps descriptor objects and goes through the wrapper).
"""

import dataclasses
import functools
import os
from dataclasses import dataclass

import torch

from .l2_promotion import TRITONS, promoted
from .paths import HOPPER_TRITON, too_old_triton, triton_version

try:
    from triton.tools.tensor_descriptor import TensorDescriptor
except ImportError as missing:  # Triton < 3.4: name the version, not a missing module
    raise ImportError(too_old_triton()) from missing

# Gluon kernels' (ws_tile.py) descriptors also carry the shared-memory layout of their boxes.
# Only the Hopper path needs Gluon; other Triton versions may lack or have changed it.
try:
    from triton.experimental.gluon import language as gl
    from triton.experimental.gluon.nvidia.hopper import TensorDescriptor as GluonDescriptor
except Exception:  # any failure here only rules out the Hopper path
    gl = GluonDescriptor = None
_DESCRIPTOR_TYPES = tuple(t for t in (TensorDescriptor, GluonDescriptor) if t is not None)

# Under the CPU interpreter there is nothing to compile: launch through the JIT path. The
# direct launch below calls Triton's compiled-kernel launcher by its 3.6/3.7 calling convention;
# with any other Triton every launch takes Triton's own (slower, stable) path.
INTERPRET = os.environ.get("TRITON_INTERPRET", "0") == "1"
DIRECT_LAUNCH = not INTERPRET and triton_version() in HOPPER_TRITON

if not INTERPRET:
    from triton import knobs
    from triton.runtime import driver

# Compiled kernels, keyed by _compile_key: configs that differ only in their descriptors' L2
# promotion share one (the promotion is in the descriptors, not in the code).
_compiled: dict = {}
# Per launch key (the config's promotion in it): (launch, encoders) where the config's
# descriptors take another L2 promotion than Triton's (_promoting_launch), else None.
_promoting: dict = {}
# Per promoted config: the same with Triton's promotion, its kernel's (_compile_key).
_compiled_as: dict = {}
_m_position: dict = {}
_UNSEEN = object()  # a launch key not yet in _promoting (whose values may be None)
# Per jit function: finish(compiled kernel, config) -> the compiled kernel to launch in its place
# (ws_tile.py's changes the PTX and the TMA boxes). Runs once per compile, before the kernel is
# loaded.
_finishers: dict = {}
DESCRIPTORS_KEPT = 8  # per replayer slot: a weight and a few activation buffers
SM_COUNT_FALLBACK = 132  # H200; the real count is read from the device at launch
_sm_count: dict = {}


@dataclass(frozen=True)
class Described:
    """A replayer slot: the TMA descriptor of operand `operand` (0 = A, 1 = B, 2 = C) with
    `block` boxes; a Gluon kernel's (with the boxes' shared-memory layout) if `gluon`."""

    operand: int
    block: tuple
    gluon: bool = False


class _Address:
    """All Triton's launcher reads of a descriptor's base: its address. A descriptor the
    replayer keeps holds this, not the tensor, so keeping it keeps no memory alive."""

    __slots__ = ("ptr",)

    def __init__(self, ptr: int):
        self.ptr = ptr

    def data_ptr(self) -> int:
        return self.ptr


def descriptor(t, block_shape, base=None, gluon: bool = False):
    """A host-side TMA descriptor of the 2-D fp16 tensor t (or of `base`, an address standing
    for it), loading block_shape tiles (rows past t's end read as zeros); for a Gluon kernel
    with `gluon`. Built without the dataclass's checks, ~3x cheaper: main.run has checked what
    they check (16-byte aligned base and row stride, unit column stride)."""
    if not DIRECT_LAUNCH and not gluon:  # an untested Triton: its own checked constructor
        return TensorDescriptor(
            t if base is None else base, list(t.shape), list(t.stride()), list(block_shape)
        )
    d = object.__new__(GluonDescriptor if gluon else TensorDescriptor)
    d.base, d.shape, d.strides, d.block_shape, d.padding = (
        t if base is None else base,
        t.shape,
        t.stride(),
        list(block_shape),
        "zero",
    )
    if gluon:
        d.layout = _gluon_layout(tuple(block_shape))
    return d


@functools.cache
def _gluon_layout(block_shape: tuple):
    """The shared-memory layout of a Gluon descriptor's fp16 tiles: depends on the block shape
    only, so it is worked out once per shape, not at every descriptor a copy or tuner builds."""
    return gl.NVMMASharedLayout.get_default_for(list(block_shape), gl.float16)


def described(slot: Described | None, A, B, C):
    """The argument a Described slot stands for in a first launch (None for None)."""
    if slot is None:
        return None
    return descriptor((A, B, C)[slot.operand], slot.block, gluon=slot.gluon)


def sm_count(device) -> int:
    """The device's SMs, read once per device (the size of a persistent grid: tma.py's kernel,
    ws_tile.py's walks)."""
    sms = _sm_count.get(device)
    if sms is None:
        sms = _sm_count[device] = (
            torch.cuda.get_device_properties(device).multi_processor_count
            if device.type == "cuda"
            else SM_COUNT_FALLBACK
        )
    return sms


def finish_compiled_with(jit_fn, finish) -> None:
    """Have every compile of `jit_fn` go through finish(compiled kernel, config, arguments),
    the arguments by name as the launch passed them (its constexprs among them)."""
    _finishers[jit_fn] = finish


def _spec(jit_fn, args: tuple) -> tuple:
    """The arguments a compiled kernel is specialized on, other than its config: every one that
    is not a tensor, except M; of a descriptor, its block shape."""
    skip = _m_position.get(jit_fn)
    if skip is None:
        skip = _m_position[jit_fn] = jit_fn.arg_names.index("M")
    return tuple(
        tuple(a.block_shape) if isinstance(a, _DESCRIPTOR_TYPES) else a
        for i, a in enumerate(args)
        if i != skip and not hasattr(a, "data_ptr")
    )


def _direct_launcher(kernel):
    """(launcher, function, packed metadata) of a compiled kernel, or None where the direct
    call would skip work this kernel needs (scratch buffers)."""
    kernel._init_handles()
    md = kernel.metadata
    if getattr(md, "global_scratch_size", 0) or getattr(md, "profile_scratch_size", 0):
        return None
    return kernel.run, kernel.function, kernel.packed_metadata


def _hooks_installed() -> bool:
    """Whether a launch hook is set. Triton 3.5+ keeps them as HookChain objects (never None;
    empty unless a profiler adds a call), older versions as a callable or None."""
    for hook in (knobs.runtime.launch_enter_hook, knobs.runtime.launch_exit_hook):
        if hook is not None and getattr(hook, "calls", True):
            return True
    return False


def uses_direct_launch(jit_fn, cfg, device_index: int) -> bool:
    """Whether calls of this compiled (kernel, config, device), at any sizes it was compiled
    for, skip Triton's Python launch path (for the tests: the fast path must really be taken)."""
    compiled_as = _compile_key((jit_fn, cfg, device_index, ()))[:3]
    return not _hooks_installed() and any(
        key[:3] == compiled_as and entry[1] is not None for key, entry in _compiled.items()
    )


def compiled_kernels(cfg) -> list:
    """The kernels compiled so far that serve cfg (any jit function, device and sizes)."""
    served_by = _compile_key((None, cfg, None, ()))[1]
    return [kernel for (_, c, _, _), (kernel, _) in _compiled.items() if c == served_by]


def _compile_key(key: tuple) -> tuple:
    """The _compiled key of a launch key (jit_fn, cfg, device_index, spec): the config with
    Triton's own L2 promotion."""
    jit_fn, cfg, device_index, spec = key
    if _promotion(cfg) == TRITONS:  # most configs: no lookup (a dataclass hashes every field)
        return key
    compiled_as = _compiled_as.get(cfg)
    if compiled_as is None:
        compiled_as = _compiled_as[cfg] = dataclasses.replace(cfg, L2_PROMOTION=TRITONS)
    return jit_fn, compiled_as, device_index, spec


def launch(jit_fn, cfg, device_index: int, grid: tuple, args: tuple) -> None:
    """Run `jit_fn` on `grid` with `args` (constexprs included, in signature order)."""
    if not DIRECT_LAUNCH:
        jit_fn[grid](*args, num_warps=cfg.num_warps, num_stages=cfg.num_stages)
        return
    key = (jit_fn, cfg, device_index, _spec(jit_fn, args))
    compile_key = _compile_key(key)
    entry = _compiled.get(compile_key)
    if entry is None:
        # The first call per config and device compiles (outside any timed region).
        kernel = jit_fn.warmup(*args, grid=grid, num_warps=cfg.num_warps, num_stages=cfg.num_stages)
        finish = _finishers.get(jit_fn)
        if finish is not None:
            kernel = finish(kernel, cfg, dict(zip(jit_fn.arg_names, args, strict=True)))
        entry = _compiled[compile_key] = (kernel, _direct_launcher(kernel))
    kernel, direct = entry
    if direct is None or _hooks_installed():
        kernel[grid](*args)
        return
    run, function, metadata = direct
    promoting = _promoting.get(key, _UNSEEN)
    if promoting is _UNSEEN:
        promoting = _promoting[key] = _promoting_launch(cfg, kernel, run, args)
    stream = driver.active.get_current_stream(device_index)
    if promoting is not None:  # descriptors encoded here, with the config's L2 promotion
        launch_encoded, encoders = promoting
        next_encoder = iter(encoders)
        expanded = []
        for arg in args:
            if isinstance(arg, _DESCRIPTOR_TYPES):
                expanded.extend(next(next_encoder)(arg))
            else:
                expanded.append(arg)
        launch_encoded(grid[0], grid[1], grid[2], stream, function, metadata, expanded, ())
        return
    run(grid[0], grid[1], grid[2], stream, function, metadata, None, None, None, *args)


def _promotion(cfg) -> str:
    """The L2 promotion a config's TMA descriptors are encoded with (Triton's unless it names
    one: ws_tile.WsTileConfig.L2_PROMOTION)."""
    return getattr(cfg, "L2_PROMOTION", TRITONS)


def _promoting_launch(cfg, kernel, run, args):
    """For a config whose descriptors take another L2 promotion than Triton's: (launch,
    encoders) of `_encoded_launch`, through which `launch` encodes its descriptors; None for
    Triton's own (its launcher encodes them)."""
    n = sum(isinstance(a, _DESCRIPTOR_TYPES) for a in args)
    if _promotion(cfg) == TRITONS or n == 0:
        return None
    encoded = _encoded_launch(kernel, run, n, _promotion(cfg))
    if encoded is None:
        raise RuntimeError(f"{cfg}: its L2 promotion needs the launcher of Triton 3.6 or 3.7")
    return encoded


def replayer(jit_fn, cfg, device_index: int, grid: tuple, args: tuple, slots):
    """After `launch(jit_fn, cfg, device_index, grid, args)`: a function (A, B, C) -> bool that
    launches the same kernel on the same grid with new operands and every other argument as in
    `args`, returning False (launching nothing) while a launch hook is installed; or None where
    only Triton's own path applies (interpreter, scratch buffers, `slots` None).

    slots[i] says what args[i] is, for the leading arguments: an operand's pointer (0 = A,
    1 = B, 2 = C), an operand's TMA descriptor (`Described`) or None; the caller guarantees the
    rest (M, strides, config) and the operands' shapes and strides match every later call. So a
    descriptor depends only on its operand's address: each slot keeps the last few it built,
    by address, encoded where `_encoded_launch` can call beneath Triton's encoding wrapper."""
    if not DIRECT_LAUNCH or slots is None:
        return None
    entry = _compiled.get(_compile_key((jit_fn, cfg, device_index, _spec(jit_fn, args))))
    if entry is None or entry[1] is None:
        return None
    kernel, (run, function, metadata) = entry
    rest = args[len(slots) :]
    get_stream = driver.active.get_current_stream
    g0, g1, g2 = grid

    described_slots = [slot for slot in slots if isinstance(slot, Described)]
    encoded = (
        _encoded_launch(kernel, run, len(described_slots), _promotion(cfg))
        if described_slots
        else None
    )
    if encoded is not None:
        launch_encoded, encoders = encoded
        next_encoder = iter(encoders)
        by_slot = [next(next_encoder) if isinstance(s, Described) else None for s in slots]
        lead_args = _lead_args(slots, by_slot)

        def replay_encoded(A, B, C) -> bool:
            if _hooks_installed():
                return False
            lead = lead_args(A, B, C)
            launch_encoded(g0, g1, g2, get_stream(device_index), function, metadata, lead, rest)
            return True

        replay_encoded.encoded = True  # for the tests: the per-call encoding is really skipped
        return replay_encoded

    lead_args = _lead_args(slots)

    def replay(A, B, C) -> bool:
        if _hooks_installed():
            return False
        run(
            g0, g1, g2, get_stream(device_index), function, metadata, None, None, None,
            *lead_args(A, B, C), *rest,
        )  # fmt: skip
        return True

    replay.encoded = False
    return replay


def _encoded_launch(kernel, run, descriptors: int, promotion: str = TRITONS):
    """For a compiled kernel with `descriptors` TMA descriptor arguments: (launch, encoders),
    where launch(g0, g1, g2, stream, function, metadata, lead, rest) calls the C launcher
    beneath Triton's descriptor-encoding wrapper with `lead` (leading arguments, descriptors
    already expanded) and `rest`, and encoders[j] expands the j-th descriptor argument the way
    that wrapper would (Triton's own make_tensordesc_arg with the kernel's TMA metadata), its
    map encoded with the L2 `promotion` (l2_promotion.py). None where this Triton's launcher is
    not laid out as 3.6's or 3.7's."""
    try:
        from triton.backends.nvidia.driver import make_tensordesc_arg
    except ImportError:
        return None
    wrapper = getattr(run, "launch", None)
    free_names = getattr(getattr(wrapper, "__code__", None), "co_freevars", ())
    meta = getattr(getattr(kernel, "metadata", None), "tensordesc_meta", None)
    if "launcher" not in free_names or not meta or len(meta) != descriptors:
        return None
    c_launcher = wrapper.__closure__[free_names.index("launcher")].cell_contents
    coop, pdl = run.launch_cooperative_grid, run.launch_pdl
    if hasattr(run, "arg_annotations"):  # 3.7: kernel arguments as one sequence
        annotations, signature = run.arg_annotations, run.kernel_signature

        def launch(g0, g1, g2, stream, function, metadata, lead, rest):
            c_launcher(
                g0, g1, g2, stream, function, coop, pdl, metadata, None, None, None, None, None,
                annotations, signature, (*lead, *rest),
            )  # fmt: skip

    else:  # 3.6: scratch buffers before the metadata, kernel arguments spread

        def launch(g0, g1, g2, stream, function, metadata, lead, rest):
            c_launcher(
                g0, g1, g2, stream, function, coop, pdl, None, None, metadata, None, None, None,
                *lead, *rest,
            )  # fmt: skip

    encoders = [
        promoted(lambda desc, m=m: make_tensordesc_arg(desc, m), m, promotion) for m in meta
    ]
    return launch, encoders


def _lead_args(slots, encoders=None):
    """A function (A, B, C) -> the leading kernel arguments `slots` describe (see replayer).
    Chosen once per replayer: a pointer kernel's calls pay for no descriptor logic. With
    `encoders` (per slot: a Described slot's encoder), a descriptor is kept as the arguments
    it expands into, else as a descriptor object."""
    if not any(isinstance(slot, Described) for slot in slots):

        def pointers(A, B, C):
            ptrs = (A.data_ptr(), B.data_ptr(), C.data_ptr())
            return [ptrs[slot] for slot in slots]

        return pointers

    kept = [{} if isinstance(slot, Described) else None for slot in slots]
    encoders = encoders or [None] * len(slots)

    def with_descriptors(A, B, C):
        ptrs = (A.data_ptr(), B.data_ptr(), C.data_ptr())
        lead = []
        for slot, by_address, encode in zip(slots, kept, encoders, strict=True):
            if by_address is None:
                lead.append(None if slot is None else ptrs[slot])
                continue
            ptr = ptrs[slot.operand]
            kept_args = by_address.get(ptr)
            if kept_args is None:
                if len(by_address) >= DESCRIPTORS_KEPT:
                    by_address.clear()
                operand = (A, B, C)[slot.operand]
                desc = descriptor(operand, slot.block, _Address(ptr), slot.gluon)
                kept_args = by_address[ptr] = [desc] if encode is None else encode(desc)
            lead.extend(kept_args)
        return lead

    return with_descriptors
