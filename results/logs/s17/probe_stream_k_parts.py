"""Where a stream-K walk's time goes: the same walk with parts of its hand-over taken out.

Variants (each compiled afresh by patching sources/cute_gemm/kernel.py's HopperGemm):
- full: as the kernel is;
- no_fence: without the gpu-scope fences around the partials (flag release/acquire kept);
- no_wait: the reducer adds the peers' partials without waiting for their flags (wrong sums);
- no_hand_over: no partial stored, none added (wrong sums): the walk's own cost.
Timed as the tuner times (CUPTI span after a 256 MB zero fill, median), beside the table's
config and torch.matmul. On the device, from the repo root:
    python results/logs/s17/probe_stream_k_parts.py
"""

import sys
from dataclasses import replace

import cutlass
import cutlass.cute as cute
import cutlass.pipeline as pipeline
import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer

sys.path.insert(0, str(REPO_ROOT / "sources"))
from cute_gemm import kernel, main  # noqa: E402

ORIGINAL = (kernel.HopperGemm._publish_partial, kernel.HopperGemm._add_partials)


@cute.jit
def publish_no_fence(self, acc, ctidx, mW, cta):
    partials = self._partials(mW, cta, cute.size(acc))
    for i in cutlass.range_constexpr(cute.size(acc)):
        partials[i, ctidx] = acc[i]
    consumers = kernel.THREADS_PER_WG * self.cfg.consumer_wgs
    pipeline.NamedBarrier(barrier_id=1, num_threads=consumers).arrive_and_wait()
    if ctidx == 0:
        cute.arch.store(self._flag(mW, cta), cutlass.Int32(1), sem="release", scope="gpu")


@cute.jit
def add_no_fence(self, acc, ctidx, mW, first, stop):
    consumers = pipeline.NamedBarrier(
        barrier_id=1, num_threads=kernel.THREADS_PER_WG * self.cfg.consumer_wgs
    )
    for peer in cutlass.range(first, stop, unroll=1):
        if ctidx == 0:
            flag = self._flag(mW, peer)
            raised = cute.arch.load(flag, cutlass.Int32, sem="acquire", scope="gpu")
            while raised == 0:
                raised = cute.arch.load(flag, cutlass.Int32, sem="acquire", scope="gpu")
            cute.arch.store(flag, cutlass.Int32(0))
        consumers.arrive_and_wait()
        partials = self._partials(mW, peer, cute.size(acc))
        for i in cutlass.range_constexpr(cute.size(acc)):
            acc[i] = acc[i] + partials[i, ctidx]


@cute.jit
def add_no_wait(self, acc, ctidx, mW, first, stop):
    for peer in cutlass.range(first, stop, unroll=1):
        partials = self._partials(mW, peer, cute.size(acc))
        for i in cutlass.range_constexpr(cute.size(acc)):
            acc[i] = acc[i] + partials[i, ctidx]


@cute.jit
def nothing(self, acc, ctidx, mW, *rest):
    pass


VARIANTS = {
    "full": ORIGINAL,
    "no_fence": (publish_no_fence, add_no_fence),
    "no_wait": (ORIGINAL[0], add_no_wait),
    "no_hand_over": (nothing, nothing),
}


def time_variant(timer, name, cfg, a, b, c):
    kernel.HopperGemm._publish_partial, kernel.HopperGemm._add_partials = VARIANTS[name]
    main._compiled.pop(cfg, None)
    main.compiled_kernel(cfg)
    [t] = timer.time_many([lambda: main.launch_config(a, b, c, cfg)], iters=60)
    ok = torch.allclose(c.float(), a.float() @ b.float().T, atol=3e-2, rtol=1e-2)
    return t.p50, ok


def main_() -> int:
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m in (1, 128, 972):
        a = torch.randn(m, K, dtype=torch.float16, device="cuda")
        c = torch.empty(m, N, dtype=torch.float16, device="cuda")
        table = main.select_config(m)
        walk = replace(table, persistent=True, stream_k=True)
        [t_table, t_torch] = timer.time_many(
            [lambda: main.launch_config(a, b, c, table), lambda: torch.matmul(a, b.T, out=c)],
            iters=60,
        )
        print(f"M={m:4d} torch {t_torch.p50:6.2f} us  table {t_table.p50:6.2f} us  {table}")
        for name in VARIANTS:
            us, ok = time_variant(timer, name, walk, a, b, c)
            print(f"M={m:4d} {name:13s} {us:6.2f} us  right={ok}", flush=True)
    kernel.HopperGemm._publish_partial, kernel.HopperGemm._add_partials = ORIGINAL
    return 0


if __name__ == "__main__":
    sys.exit(main_())
