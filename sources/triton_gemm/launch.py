"""Launching a jitted kernel with the least host work per call.

`kernel[grid](...)` re-binds and re-specializes every argument in Python on every call (tens of
µs on the device's host). Here each (kernel, config, device) is compiled once with `warmup` and
later calls go straight to the CompiledKernel's launcher. That is only valid while every call
has the same specialization: main.run guarantees 16-byte aligned pointers and row strides that
are multiples of 16 elements, and M is marked do_not_specialize in the kernels.
"""

import os

# Under the CPU interpreter there is nothing to compile: launch through the JIT path.
INTERPRET = os.environ.get("TRITON_INTERPRET", "0") == "1"

_compiled: dict = {}


def launch(jit_fn, cfg, device_index: int, grid: tuple, args: tuple) -> None:
    """Run `jit_fn` on `grid` with `args` (constexprs included, in signature order)."""
    if INTERPRET:
        jit_fn[grid](*args, num_warps=cfg.num_warps, num_stages=cfg.num_stages)
        return
    key = (jit_fn, cfg, device_index)
    kernel = _compiled.get(key)
    if kernel is None:
        # The first call per config and device compiles (outside any timed region).
        kernel = _compiled[key] = jit_fn.warmup(
            *args, grid=grid, num_warps=cfg.num_warps, num_stages=cfg.num_stages
        )
    kernel[grid](*args)
