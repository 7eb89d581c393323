"""Is a stream-K walk's slowness its CTAs not all running at once? Two checks at M = 136:
- the walk timed with grids of 132 (every SM), 128, 120 and 96 CTAs: if some CTAs wait for an
  SM, a reducer spinning on a peer that has not started stalls until a CTA ends;
- one call with the reducers counting their polls of each flag (left, negated, in the flag
  word, which is then cleared by hand), and each CTA's SM and start/end globaltimer stamps
  are not needed if the counts are small.
On the device, from the repo root: python results/logs/s17/probe_stream_k_grid.py
"""

import sys

import cutlass
import cutlass.cute as cute
import cutlass.pipeline as pipeline
import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer

sys.path.insert(0, str(REPO_ROOT / "sources"))
from cute_gemm import kernel, main  # noqa: E402
from cute_gemm.kernel import CuteConfig  # noqa: E402

WALKS = (
    CuteConfig(64, 80, False, persistent=True, stream_k=True, l2_hint="b_first"),
    CuteConfig(64, 144, True, persistent=True, stream_k=True, l2_hint="b_first"),
)
ORIGINAL_ADD = kernel.HopperGemm._add_partials
ORIGINAL_SMS = main._sm_count


@cute.jit
def add_counting_polls(self, acc, ctidx, mW, first, stop):
    consumers = pipeline.NamedBarrier(
        barrier_id=1, num_threads=kernel.THREADS_PER_WG * self.cfg.consumer_wgs
    )
    for peer in cutlass.range(first, stop, unroll=1):
        if ctidx == 0:
            flag = self._flag(mW, peer)
            polls = cutlass.Int32(1)
            raised = cute.arch.load(flag, cutlass.Int32, sem="acquire", scope="gpu")
            while raised == 0:
                raised = cute.arch.load(flag, cutlass.Int32, sem="acquire", scope="gpu")
                polls = polls + 1
            cute.arch.store(flag, cutlass.Int32(0) - polls)
        consumers.arrive_and_wait()
        cute.arch.fence_acq_rel_gpu()
        partials = self._partials(mW, peer, cute.size(acc))
        for i in cutlass.range_constexpr(cute.size(acc)):
            acc[i] = acc[i] + partials[i, ctidx]


def compile_fresh(cfg):
    main._compiled.pop(cfg, None)
    main._workspaces.clear()
    main.compiled_kernel(cfg)


def main_() -> int:
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    m = 136
    a = torch.randn(m, K, dtype=torch.float16, device="cuda")
    c = torch.empty(m, N, dtype=torch.float16, device="cuda")
    ref = a.float() @ b.float().T
    for cfg in WALKS:
        for sms in (132, 128, 120, 96):
            main._sm_count = lambda sms=sms: sms
            compile_fresh(cfg)
            [t] = timer.time_many([lambda: main.launch_config(a, b, c, cfg)], iters=60)
            ok = torch.allclose(c.float(), ref, atol=3e-2, rtol=1e-2)
            print(f"{cfg.tile_r}x{cfg.tile_s} swap={cfg.swap_ab} grid {sms:3d}: {t.p50:6.2f} us"
                  f" right={ok}", flush=True)
        main._sm_count = ORIGINAL_SMS
        kernel.HopperGemm._add_partials = add_counting_polls
        compile_fresh(cfg)
        for _ in range(3):
            timer.flush()
            main.launch_config(a, b, c, cfg)
            torch.cuda.synchronize()
            ws = main.workspace(cfg, a.device)
            flags = ws[:132].view(torch.int32).clone()
            ws[:132].zero_()
            polls = (-flags[flags < 0]).tolist()
            print(f"  polls per awaited flag ({len(polls)} flags): max {max(polls)}, "
                  f"median {sorted(polls)[len(polls) // 2]}, sum {sum(polls)}; "
                  f"raised left {(flags > 0).sum().item()}", flush=True)
        kernel.HopperGemm._add_partials = ORIGINAL_ADD
    return 0


if __name__ == "__main__":
    sys.exit(main_())
