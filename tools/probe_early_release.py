"""Probe (docs/cute_gemm.md): does cute_gemm's stream-bound band lose ring capacity to the
one WGMMA batch its consumers keep in flight?

The table's consumers wait for stage k's WGMMAs only after issuing stage k + 1's, so stage k
goes back to the producer after stage k + 1 has landed: where the stream, not the MMA, sets the
pace, each stage is held one arrival interval longer than its MMA needs. `early` waits for
stage k's own WGMMAs and hands it back at once (no batch in flight). For each M, torch.matmul,
the table's row and `early` in one profile (cold L2, CUPTI, medians of 100, two repeats), the
outputs checked against float32 first. Run on a Hopper GPU: `python -m tools.probe_early_release
[M ...]`."""

import sys

import cutlass
import cutlass.cute as cute
import torch
from cute_gemm import main as cute_main
from cute_gemm import tuned
from cute_gemm.kernel import CuteConfig, HopperGemm
from cutlass.cute.nvgpu import warpgroup
from cutlass.cute.runtime import make_fake_stream

from fibgemm.timing import ColdL2Timer

K, N = 2048, 3072
DEFAULT_MS = (2, 24, 64, 70, 96, 128, 136, 144, 160, 176, 184, 200, 232, 256, 972)


class EarlyRelease(HopperGemm):
    """Each stage handed back as soon as its own WGMMAs are done."""

    @cute.jit
    def _mma_tile(self, mma, k_tiles, read, release):
        tiled_mma, tCrX, tCrY, acc, ab_pipe, _ = mma
        acc.fill(0.0)
        for _k in cutlass.range(k_tiles, unroll=1):
            ab_pipe.consumer_wait(read)
            warpgroup.fence()
            for k in cutlass.range(cute.size(tCrX, mode=[2]), unroll_full=True):
                cute.gemm(
                    tiled_mma, acc, tCrX[(None, None, k, read.index)],
                    tCrY[(None, None, k, read.index)], acc,
                )  # fmt: skip
            warpgroup.commit_group()
            warpgroup.wait_group(0)
            ab_pipe.consumer_release(release)
            release.advance()
            read.advance()
        return read, release


def compiled(variant: type, cfg: CuteConfig):
    x, y, d = cute_main._fake_operands(cfg)
    stream = make_fake_stream(use_tvm_ffi_env_stream=True)
    return cute.compile(variant(cfg, cute_main._sm_count()), x, y, d, stream,
                        options="--enable-tvm-ffi")  # fmt: skip


def probe(m: int, timer: ColdL2Timer) -> None:
    cfg = cute_main.select_config(m)
    if not isinstance(cfg, CuteConfig) or cfg.stream_k or cfg.splits > 1 or cfg.pingpong:
        print(f"M={m}: {cfg} is not a row this probe changes", flush=True)
        return
    dev = timer.device
    A = torch.randn(m, K, device=dev, dtype=torch.float16) / 16
    B = torch.randn(N, K, device=dev, dtype=torch.float16) / 16
    ref = A.float() @ B.float().T
    ops_of = (lambda C: (B, A, C.T)) if cfg.swap_ab else (lambda C: (A, B, C))
    early = compiled(EarlyRelease, cfg)
    C = torch.full((m, N), float("nan"), device=dev, dtype=torch.float16)
    C2 = torch.full((m, N), float("nan"), device=dev, dtype=torch.float16)
    cute_main.launch_config(A, B, C, cfg)
    early(*ops_of(C2))
    torch.cuda.synchronize()
    for name, out in (("table", C), ("early", C2)):
        err = (out.float() - ref).abs().max().item()  # NaN fails: every element written
        assert err < 2e-2, (m, name, err)
    fns = [
        lambda: torch.matmul(A, B.T, out=C),
        lambda: cute_main.launch_config(A, B, C, cfg),
        lambda: early(*ops_of(C2)),
    ]
    print(f"M={m} {cfg}", flush=True)
    for rep in range(2):
        t, table, e = (x.p50 for x in timer.time_many(fns, iters=100))
        print(f"M={m} rep={rep} torch {t:7.2f}  table {table:7.2f}  early {e:7.2f} us  "
              f"table {t / table:.3f}x  early {t / e:.3f}x", flush=True)  # fmt: skip


def main() -> None:
    print(f"table of {tuned.DATE}, {torch.cuda.get_device_name()}", flush=True)
    timer = ColdL2Timer(torch.device("cuda"))
    for m in [int(x) for x in sys.argv[1:]] or DEFAULT_MS:
        probe(m, timer)


if __name__ == "__main__":
    main()
