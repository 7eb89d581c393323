"""Probe: what in triton_gemm slows the torch.matmul timed after it (docs/timing.md).

For each M, torch.matmul and a variant X of the solution are timed as [ref, ref, X] round by
round under the cold-L2 protocol (fibgemm.timing): the first reference runs after X, the
second after the first; the disturbance is ref-after-X / ref-after-ref - 1. Variants:
triton_gemm as shipped; with its compiled kernels' cache preference reset (cuFuncSetCacheConfig
PREFER_NONE or PREFER_L1: Triton's loader sets PREFER_SHARED on every kernel of > 48 KB of
shared memory); each PTX change off; Triton's own launch path; a one-CTA Triton kernel of
> 48 KB shared memory, as loaded and with PREFER_NONE; cute_gemm.

With --hold, a kernel that only holds SLOTS x 16 KB of shared memory on every SM (two CTAs
per SM, each storing and loading one slot) is timed in the solution's place: does holding the
shared memory alone disturb?

With --decay, triton_gemm is followed, before the timed reference's flush, by more fills
(half-precision ones, named apart from the flush), by cute_gemm, by torch.matmul or by the
shared-memory holder: does the effect fade with time and traffic, or does another kernel undo it?

With --code, kernels that do almost no memory traffic but carry a lot of code (a long unrolled
chain of multiply-adds) run in the solution's place: does code size alone disturb? And each
solution is timed after itself and after torch.matmul: how much does its own time depend on
what ran before it?

With --stages, each M's config is timed at several ring depths instead, beside the shared
memory its kernel takes: does the disturbance follow the shared-memory size?

Usage on a CUDA GPU:
    python -m tools.probe_reference_disturbance [--stages | --hold | --decay | --code] [M ...]
"""

import ctypes
import dataclasses
import sys

import torch
import triton
import triton.language as tl
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer

sys.path.insert(0, str(REPO_ROOT / "sources"))

import cute_gemm.main as cute  # noqa: E402
import triton_gemm.main as tg  # noqa: E402
from triton_gemm import launch as tg_launch  # noqa: E402
from triton_gemm import ws_tile  # noqa: E402

PREFER = {"none": 0, "shared": 1, "l1": 2, "equal": 3}


def set_cache_config(functions, pref: str) -> None:
    cuda = ctypes.CDLL("libcuda.so.1")
    for f in functions:
        r = cuda.cuFuncSetCacheConfig(ctypes.c_void_p(f), PREFER[pref])
        if r:
            raise RuntimeError(f"cuFuncSetCacheConfig -> {r}")


def gluon_functions() -> list[int]:
    out = []
    for kernel, _ in tg_launch._compiled.values():
        kernel._init_handles()
        out.append(kernel.function)
    return out


@triton.jit
def _big_smem(a_ptr, c_ptr, BLOCK: tl.constexpr):
    # One CTA, one 128x128x128 dot: Triton stages both operands in shared memory (64 KB).
    r = tl.arange(0, BLOCK)
    x = tl.load(a_ptr + r[:, None] * BLOCK + r[None, :])
    y = tl.load(a_ptr + BLOCK * BLOCK + r[:, None] * BLOCK + r[None, :])
    tl.store(c_ptr + r[:, None] * BLOCK + r[None, :], tl.dot(x, y).to(tl.float16))


def main() -> None:
    stages = "--stages" in sys.argv
    ms = [int(x) for x in sys.argv[1:] if not x.startswith("--")] or [16, 64, 128, 256, 972]
    torch.manual_seed(0)
    timer = ColdL2Timer()
    B = torch.randn(N, K, dtype=torch.float16, device="cuda")
    if stages:
        for m in ms:
            ring_sweep(m, timer, B)
        return
    if "--code" in sys.argv:
        for m in ms:
            code_sweep(m, timer, B)
        return
    if "--decay" in sys.argv:
        for m in ms:
            decay(m, timer, B)
        return
    if "--hold" in sys.argv:
        for m in ms:
            hold_sweep(m, timer, B)
        return
    small_in = torch.randn(2 * 128 * 128, dtype=torch.float16, device="cuda")
    small_out = torch.empty(128 * 128, dtype=torch.float16, device="cuda")
    big = _big_smem.warmup(small_in, small_out, BLOCK=128, grid=(1,), num_warps=8, num_stages=1)
    big._init_handles()
    print(f"big-smem kernel: {big.metadata.shared} B of shared memory")
    rows = []
    for m in ms:
        rows += probe(m, timer, B, big, small_in, small_out)
    print("\nM | variant | disturbance rep0 | rep1")
    for m, name, rep, *_, d in rows:
        if rep == 0:
            d1 = next(r[-1] for r in rows if r[:2] == (m, name) and r[2] == 1)
            print(f"{m} | {name} | {100 * d:+.1f}% | {100 * d1:+.1f}%")


@gluon.jit
def _hold_shared(out_ptr, SLOTS: gl.constexpr):
    blocked: gl.constexpr = gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])
    swizzled: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, [1, 0])
    buf = gl.allocate_shared_memory(gl.float16, [SLOTS, 128, 64], swizzled)
    rows = gl.arange(0, 128, layout=gl.SliceLayout(1, blocked))
    cols = gl.arange(0, 64, layout=gl.SliceLayout(0, blocked))
    buf.index(SLOTS - 1).store(gl.full([128, 64], 1.0, gl.float16, blocked))
    x = buf.index(SLOTS - 1).load(blocked)
    gl.store(out_ptr + rows[:, None] * 64 + cols[None, :], x)


@triton.jit
def _long_code(x_ptr, out_ptr, STEPS: tl.constexpr):
    r = tl.arange(0, 128)
    x = tl.load(x_ptr + r)
    acc = x
    for i in tl.static_range(STEPS):
        acc = acc * x + (i % 7)
    tl.store(out_ptr + r, acc)


def _cubin_kb(kernel) -> float:
    return len(kernel.asm["cubin"]) / 1024


def code_sweep(m, timer, B) -> None:
    A = torch.randn(m, K, dtype=torch.float16, device="cuda")
    C = torch.empty(m, N, dtype=torch.float16, device="cuda")
    x = torch.rand(128, device="cuda")
    out = torch.empty(128, device="cuda")
    grid = (2 * torch.cuda.get_device_properties(0).multi_processor_count,)
    print(f"M={m}")

    def ref():
        return torch.matmul(A, B.T)

    def sol():
        tg.run(A, B, C)

    sol()
    torch.cuda.synchronize()
    for key, (k, _) in tg_launch._compiled.items():
        if key[1] == tg.select_config(m):
            print(f"  triton_gemm's kernel: cubin {_cubin_kb(k):.0f} KB")
    for steps in (300, 1500, 4000):
        k = _long_code.warmup(x, out, STEPS=steps, grid=grid, num_warps=4)

        def long_code(k=k, steps=steps):
            k[(*grid, 1, 1)](x, out, steps)

        long_code()
        torch.cuda.synchronize()
        for rep in range(2):
            t_after, t_self, t_x = timer.time_many([ref, ref, long_code], iters=100, warmup=5)
            d = t_after.p50 / t_self.p50 - 1
            print(
                f"  long code, cubin {_cubin_kb(k):5.0f} KB ({t_x.p50:5.2f} us) rep{rep}"
                f" ref {t_self.p50:6.2f}  ref-after {t_after.p50:6.2f}"
                f"  disturbance {100 * d:+5.1f}%",
                flush=True,
            )
    for name, fn in (("triton_gemm", sol), ("cute_gemm", lambda: cute.run(A, B, C))):
        fn()
        for _ in range(2):
            after_ref, after_self, _ = timer.time_many([fn, fn, ref], iters=100, warmup=5)
            print(
                f"  {name} after itself {after_self.p50:6.2f}  after torch.matmul"
                f" {after_ref.p50:6.2f} ({100 * (after_ref.p50 / after_self.p50 - 1):+4.1f}%)",
                flush=True,
            )


def decay(m, timer, B) -> None:
    A = torch.randn(m, K, dtype=torch.float16, device="cuda")
    C = torch.empty(m, N, dtype=torch.float16, device="cuda")
    out = torch.empty(128 * 64, dtype=torch.float16, device="cuda")
    extra = torch.empty(128 << 20, dtype=torch.float16, device="cuda")  # 256 MB
    grid = (2 * torch.cuda.get_device_properties(0).multi_processor_count,)
    print(f"M={m}")

    def ref():
        return torch.matmul(A, B.T)

    def sol():
        tg.run(A, B, C)

    def fills(n):
        for _ in range(n):
            extra.fill_(1.0)

    variants = [
        ("triton_gemm", sol),
        ("triton_gemm, 1 more fill", lambda: (sol(), fills(1))),
        ("triton_gemm, 4 more fills", lambda: (sol(), fills(4))),
        ("triton_gemm, fill, cute_gemm", lambda: (sol(), fills(1), cute.run(A, B, C))),
        ("triton_gemm, fill, torch.matmul", lambda: (sol(), fills(1), ref())),
        ("triton_gemm, hold 208 KB", lambda: (sol(), _hold_shared[grid](out, 13, num_warps=4))),
        ("4 fills only", lambda: fills(4)),
    ]
    for name, fn in variants:
        fn()
        torch.cuda.synchronize()
        for rep in range(2):
            t_after, t_self, _ = timer.time_many([ref, ref, fn], iters=100, warmup=5)
            d = t_after.p50 / t_self.p50 - 1
            print(
                f"  {name:34s} rep{rep} ref {t_self.p50:6.2f}  ref-after {t_after.p50:6.2f}"
                f"  disturbance {100 * d:+5.1f}%",
                flush=True,
            )


def hold_sweep(m, timer, B) -> None:
    A = torch.randn(m, K, dtype=torch.float16, device="cuda")
    out = torch.empty(128 * 64, dtype=torch.float16, device="cuda")
    grid = (2 * torch.cuda.get_device_properties(0).multi_processor_count,)
    print(f"M={m}")

    def ref():
        return torch.matmul(A, B.T)

    for slots in (1, 3, 5, 7, 9, 11, 13):

        def hold(slots=slots):
            _hold_shared[grid](out, slots, num_warps=4)

        hold()
        torch.cuda.synchronize()
        for rep in range(2):
            t_after, t_self, t_sol = timer.time_many([ref, ref, hold], iters=100, warmup=5)
            d = t_after.p50 / t_self.p50 - 1
            print(
                f"  hold {16 * slots:3d} KB rep{rep} ref {t_self.p50:6.2f}"
                f"  ref-after {t_after.p50:6.2f}  hold {t_sol.p50:6.2f}"
                f"  disturbance {100 * d:+5.1f}%",
                flush=True,
            )


def ring_sweep(m, timer, B) -> None:
    A = torch.randn(m, K, dtype=torch.float16, device="cuda")
    C = torch.empty(m, N, dtype=torch.float16, device="cuda")
    base = tg.select_config(m)
    print(f"M={m}: {base} (ring {base.ring})")

    def ref():
        return torch.matmul(A, B.T)

    for ring in sorted({2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, base.ring}):
        cfg = dataclasses.replace(base, STAGES=ring, PRELOAD=min(base.PRELOAD, ring))
        if not ws_tile.is_valid(cfg, N, K):
            continue

        def sol(cfg=cfg):
            tg.launch_config(A, B, C, cfg)

        sol()
        torch.cuda.synchronize()
        shared = next(
            k.metadata.shared for key, (k, _) in tg_launch._compiled.items() if key[1] == cfg
        )
        for rep in range(2):
            t_after, t_self, t_sol = timer.time_many([ref, ref, sol], iters=100, warmup=5)
            d = t_after.p50 / t_self.p50 - 1
            print(
                f"  ring {ring:2d} shared {shared / 1024:6.1f} KB rep{rep} ref {t_self.p50:6.2f}"
                f"  ref-after {t_after.p50:6.2f}  sol {t_sol.p50:6.2f}"
                f"  disturbance {100 * d:+5.1f}%",
                flush=True,
            )


def probe(m, timer, B, big, small_in, small_out) -> list[tuple]:
    rows = []
    A = torch.randn(m, K, dtype=torch.float16, device="cuda")
    C = torch.empty(m, N, dtype=torch.float16, device="cuda")
    base = tg.select_config(m)

    def ref():
        return torch.matmul(A, B.T)

    def shipped():
        tg.run(A, B, C)

    def with_cfg(cfg):
        return lambda: tg.launch_config(A, B, C, cfg)

    def triton_launcher():
        tg_launch.DIRECT_LAUNCH = False
        try:
            tg.launch_config(A, B, C, base)
        finally:
            tg_launch.DIRECT_LAUNCH = True

    def big_kernel():
        big[(1, 1, 1)](small_in, small_out, 128)

    variants = [("shipped", shipped, None)]
    flags = [
        f for f in ("B_EVICT_FIRST", "ONE_WGMMA", "ONE_PRELOAD_SYNC") if getattr(base, f, False)
    ]
    for f in flags:
        variants.append((f"{f}=False", with_cfg(dataclasses.replace(base, **{f: False})), None))
    if getattr(base, "PRELOAD", 0):
        variants.append(("PRELOAD=0", with_cfg(dataclasses.replace(base, PRELOAD=0)), None))
    variants += [
        ("triton launcher, no PTX changes", triton_launcher, None),
        ("shipped, PREFER_NONE", shipped, "none"),
        ("shipped, PREFER_L1", shipped, "l1"),
        ("big-smem 1 CTA", big_kernel, None),
        ("big-smem, PREFER_NONE", big_kernel, "big-none"),
        ("cute_gemm", lambda: cute.run(A, B, C), None),
    ]
    print(f"M={m}: {base}")
    for name, fn, pref in variants:
        fn()
        torch.cuda.synchronize()
        if pref == "big-none":
            set_cache_config([big.function], "none")
        elif pref:
            set_cache_config(gluon_functions(), pref)
        for rep in range(2):
            t_after, t_self, t_sol = timer.time_many([ref, ref, fn], iters=100, warmup=5)
            d = t_after.p50 / t_self.p50 - 1
            rows.append((m, name, rep, t_self.p50, t_after.p50, t_sol.p50, d))
            print(
                f"  {name:28s} rep{rep} ref {t_self.p50:6.2f}  ref-after {t_after.p50:6.2f}"
                f"  sol {t_sol.p50:6.2f}  disturbance {100 * d:+5.1f}%",
                flush=True,
            )
        if pref == "big-none":
            set_cache_config([big.function], "shared")
        elif pref:
            set_cache_config(gluon_functions(), "shared")
    return rows


if __name__ == "__main__":
    main()
