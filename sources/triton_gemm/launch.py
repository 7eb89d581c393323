"""Launching a jitted kernel with the least host work per call.

`kernel[grid](...)` re-binds and re-specializes every argument in Python on every call (tens of
µs on the device's host). Here each (kernel, config, device) is compiled once with `warmup`, and
later calls go straight to the compiled kernel's C launcher with its function handle and packed
metadata, skipping the per-call closure and device query of `CompiledKernel.__getitem__`.
Kernels that build TMA descriptors in the kernel need a global scratch buffer per launch: the
launcher asks Triton's allocator for it, which here is `_scratch`, one buffer per device, reused
(set in the caller's context before each such launch: Triton keeps its allocator in a
ContextVar, so a value set once at import would be missing in other threads).

A compiled kernel is kept per config and per value of every argument that is
not a tensor, M aside (N, K, strides, constexprs: `_spec`), so a caller with other sizes (tests,
tools) gets its own compile instead of one baked for N = 3072. Tensors are not looked at:
main.run guarantees 16-byte aligned pointers and row strides that are multiples of 16
elements, and M is marked do_not_specialize in the kernels. With a launch hook installed (a
profiler such as proton) calls take Triton's own path, which runs the hooks.

`replayer` goes one step further for main.run's fast path: everything but the three operands is
fixed for a given M, so a call passes only their pointers, as ints (a tensor would cost the C
launcher a `data_ptr()` call and a cuPointerGetAttribute driver query per pointer).
"""

import os

import torch
import triton

# Under the CPU interpreter there is nothing to compile: launch through the JIT path.
INTERPRET = os.environ.get("TRITON_INTERPRET", "0") == "1"

if not INTERPRET:
    from triton import knobs
    from triton.runtime import driver


class _Scratch:
    """Triton allocator that hands out one growing buffer per device instead of a fresh
    allocation per launch (host cost; every launch rewrites what it keeps there). Calls on one
    device must be stream-ordered, as for kernel.py's split-K counters."""

    def __init__(self):
        self.buffers: dict = {}

    def __call__(self, size: int, alignment: int, stream):
        if not torch.cuda.is_available():  # the CPU interpreter (tests)
            return torch.empty(size, dtype=torch.int8)
        device = torch.cuda.current_device()
        buf = self.buffers.get(device)
        if buf is None or buf.numel() < size:
            buf = self.buffers[device] = torch.empty(size, dtype=torch.int8, device="cuda")
        return buf


_scratch = _Scratch()
_compiled: dict = {}
_m_position: dict = {}


def _spec(jit_fn, args: tuple) -> tuple:
    """The arguments a compiled kernel is specialized on, other than its config: every one that
    is not a tensor, except M."""
    skip = _m_position.get(jit_fn)
    if skip is None:
        skip = _m_position[jit_fn] = jit_fn.arg_names.index("M")
    return tuple(a for i, a in enumerate(args) if i != skip and not hasattr(a, "data_ptr"))


def _direct_launcher(kernel):
    """(launcher, function, packed metadata, needs global scratch) of a compiled kernel, or
    None where the direct call would skip work this kernel needs (a profiler's scratch)."""
    kernel._init_handles()
    md = kernel.metadata
    if getattr(md, "profile_scratch_size", 0):
        return None
    needs_scratch = bool(getattr(md, "global_scratch_size", 0))
    return kernel.run, kernel.function, kernel.packed_metadata, needs_scratch


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
    return not _hooks_installed() and any(
        key[:3] == (jit_fn, cfg, device_index) and entry[1] is not None
        for key, entry in _compiled.items()
    )


def launch(jit_fn, cfg, device_index: int, grid: tuple, args: tuple) -> None:
    """Run `jit_fn` on `grid` with `args` (constexprs included, in signature order)."""
    # Cheap (a ContextVar set); only kernels with TMA descriptors ask for scratch.
    triton.set_allocator(_scratch)
    if INTERPRET:
        jit_fn[grid](*args, num_warps=cfg.num_warps, num_stages=cfg.num_stages)
        return
    key = (jit_fn, cfg, device_index, _spec(jit_fn, args))
    entry = _compiled.get(key)
    if entry is None:
        # The first call per config and device compiles (outside any timed region).
        kernel = jit_fn.warmup(*args, grid=grid, num_warps=cfg.num_warps, num_stages=cfg.num_stages)
        entry = _compiled[key] = (kernel, _direct_launcher(kernel))
    kernel, direct = entry
    if direct is None or _hooks_installed():
        kernel[grid](*args)
        return
    run, function, metadata, _ = direct
    stream = driver.active.get_current_stream(device_index)
    run(grid[0], grid[1], grid[2], stream, function, metadata, None, None, None, *args)


def replayer(jit_fn, cfg, device_index: int, grid: tuple, args: tuple, slots):
    """After `launch(jit_fn, cfg, device_index, grid, args)`: a function (A, B, C) -> bool that
    launches the same kernel on the same grid with new operands and every other argument as in
    `args`, returning False (launching nothing) while a launch hook is installed; or None where
    only Triton's own path applies (interpreter, scratch buffers, `slots` None).

    slots[i] says which operand (0 = A, 1 = B, 2 = C) args[i] is, for the leading pointer
    arguments; the caller guarantees the rest (M, strides, config) match every later call."""
    if INTERPRET or slots is None:
        return None
    entry = _compiled.get((jit_fn, cfg, device_index, _spec(jit_fn, args)))
    if entry is None or entry[1] is None:
        return None
    run, function, metadata, needs_scratch = entry[1]
    rest = args[len(slots) :]
    get_stream = driver.active.get_current_stream
    g0, g1, g2 = grid

    def replay(A, B, C) -> bool:
        if _hooks_installed():
            return False
        if needs_scratch:
            triton.set_allocator(_scratch)
        ptrs = (A.data_ptr(), B.data_ptr(), C.data_ptr())
        run(
            g0, g1, g2, get_stream(device_index), function, metadata, None, None, None,
            *[ptrs[s] for s in slots], *rest,
        )  # fmt: skip
        return True

    return replay
