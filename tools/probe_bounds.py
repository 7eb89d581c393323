"""Probe (docs/cute_gemm.md, "where it stands"): what bounds a cute_gemm table row, by taking
one side of the kernel away at a time. For each M, torch.matmul and in one profile:

- `table`: the row as it runs;
- `loads`: the same kernel whose consumers release each ring stage as soon as it lands, no
  WGMMA (the TMA stream from the cold, dirty L2 and the epilogue);
- `l2hot`: the same kernel loading its tile's first k-stage into every stage (the same traffic
  from the L2 into shared memory, almost none from HBM);
- `mma`: the same kernel loading one ring stage, every k-stage's WGMMAs over it (the MMA, one
  load and the epilogue).

The variants' outputs are wrong by design. Where `table` sits near `mma`, the MMA bounds the
row; near `loads`, the stream from HBM; near `l2hot`, the traffic into shared memory.
Run on a Hopper GPU: `python -m tools.probe_bounds [M ...]`."""

import dataclasses
import sys

import cutlass
import cutlass.cute as cute
import torch
from cute_gemm import main as cute_main
from cute_gemm import tuned
from cute_gemm.kernel import CuteConfig, HopperGemm, is_valid
from cutlass.cute.nvgpu import cpasync, warpgroup
from cutlass.cute.runtime import make_fake_stream

from fibgemm.timing import ColdL2Timer

K, N = 2048, 3072
DEFAULT_MS = (136, 144, 972, 2379)


class LoadsOnly(HopperGemm):
    """Each ring stage released as soon as it lands: no WGMMA, zero accumulators stored."""

    @cute.jit
    def _mma_tile(self, mma, k_tiles, read, release):
        _, _, _, acc, ab_pipe, _ = mma
        acc.fill(0.0)
        for _k in cutlass.range(k_tiles, unroll=1):
            ab_pipe.consumer_wait(read)
            ab_pipe.consumer_release(read)
            read.advance()
            release.advance()
        return read, release


class _Probe(HopperGemm):
    """The table's kernel with a producer that loads only the first `LOADED` ring stages of the
    CTA's walk (None: all), each of k-stage 0 (`SAME_K`: from the L2 after the first touch) or
    its own; consumers that wait only for those and, with `STAGE0`, run every WGMMA over ring
    stage 0. Without the L2 hint or the prefetch."""

    LOADED: int | None = None
    SAME_K = False
    STAGE0 = False

    def _loaded(self) -> int:
        return self.stages if self.LOADED is None else self.LOADED

    @cute.jit
    def _produce_tile(self, views, tile, load, write):
        tma_x, tma_y, sX, sY, ab_pipe, k_tiles, k_first, descs = load
        gX, gY, _ = self._tile_views(*views, tile)
        tXsX, tXgX = cpasync.tma_partition(
            tma_x, 0, cute.make_layout(1), cute.group_modes(sX, 0, 2), cute.group_modes(gX, 0, 2)
        )
        c = self.cfg.cluster_r  # as the table's producer: its share of Y, multicast
        tYsY, tYgY = cpasync.tma_partition(
            tma_y,
            cute.arch.block_idx()[0] % c,
            cute.make_layout(c),
            cute.group_modes(sY, 0, 2),
            cute.group_modes(gY, 0, 2),
        )
        y_copy = {"mcast_mask": cutlass.Int16((1 << c) - 1)} if c > 1 else {}
        x_copy = {}
        if cutlass.const_expr(descs is not None):  # the row's own descriptors (l2_promotion)
            x_copy = {"tma_desc_ptr": descs[0]}
            y_copy = {**y_copy, "tma_desc_ptr": descs[1]}
        for k_tile in cutlass.range(k_tiles, unroll=1):
            k = k_first if cutlass.const_expr(self.SAME_K) else k_first + k_tile
            if cutlass.const_expr(self.LOADED is None) or write.count < self._loaded():
                ab_pipe.producer_acquire(write)
                full = ab_pipe.producer_get_barrier(write)
                cute.copy(tma_x, tXgX[(None, k)], tXsX[(None, write.index)], tma_bar_ptr=full,
                          **x_copy)  # fmt: skip
                cute.copy(tma_y, tYgY[(None, k)], tYsY[(None, write.index)], tma_bar_ptr=full,
                          **y_copy)  # fmt: skip
                ab_pipe.producer_commit(write)
                write.advance()
        return write

    @cute.jit
    def _mma_tile(self, mma, k_tiles, read, release):
        tiled_mma, tCrX, tCrY, acc, ab_pipe, _ = mma
        acc.fill(0.0)
        loaded = self._loaded()
        for k_tile in cutlass.range(k_tiles, unroll=1):
            if cutlass.const_expr(self.LOADED is None) or read.count < loaded:
                ab_pipe.consumer_wait(read)
            s = 0 if cutlass.const_expr(self.STAGE0) else read.index
            warpgroup.fence()
            for k in cutlass.range(cute.size(tCrX, mode=[2]), unroll_full=True):
                cute.gemm(tiled_mma, acc, tCrX[(None, None, k, s)], tCrY[(None, None, k, s)], acc)
            warpgroup.commit_group()
            warpgroup.wait_group(1)
            if k_tile > 0:
                if cutlass.const_expr(self.LOADED is None) or release.count < loaded:
                    ab_pipe.consumer_release(release)  # the producer's tail waits for these
                release.advance()
            read.advance()
        warpgroup.wait_group(0)
        if cutlass.const_expr(self.LOADED is None) or release.count < loaded:
            ab_pipe.consumer_release(release)
        release.advance()
        return read, release


class MmaOnly(_Probe):
    """One ring stage loaded, every WGMMA over it: the MMA alone (and the launch, one load,
    the epilogue)."""

    LOADED = 1
    STAGE0 = True


class L2Hot(_Probe):
    """Every stage loads the tile's k-stage 0 again: the same traffic into shared memory, from
    the L2 instead of HBM."""

    SAME_K = True


def compiled(variant: type, cfg: CuteConfig):
    x, y, d = cute_main._fake_operands(cfg)
    stream = make_fake_stream(use_tvm_ffi_env_stream=True)
    return cute.compile(variant(cfg, cute_main._sm_count()), x, y, d, stream,
                        options="--enable-tvm-ffi")  # fmt: skip


def probe(m: int, timer: ColdL2Timer, cfg: CuteConfig | None = None) -> None:
    cfg = cfg or cute_main.select_config(m)
    if not isinstance(cfg, CuteConfig) or cfg.stream_k or cfg.splits > 1 or cfg.x_rows:
        print(f"M={m}: {cfg} is not a WGMMA row this probe takes apart", flush=True)
        return
    dev = timer.device
    A = torch.randn(m, K, device=dev, dtype=torch.float16) / 16
    B = torch.randn(N, K, device=dev, dtype=torch.float16) / 16
    C = torch.full((m, N), float("nan"), device=dev, dtype=torch.float16)
    ref = A.float() @ B.float().T
    ops = (B, A, C.T) if cfg.swap_ab else (A, B, C)
    variants = {"loads": LoadsOnly, "l2hot": L2Hot, "mma": MmaOnly}
    probes = {name: compiled(v, cfg) for name, v in variants.items()}
    cute_main.launch_config(A, B, C, cfg)
    err = (C.float() - ref).abs().max().item()  # NaN fails: every element written
    assert err < 2e-2, (m, err)
    fns = [
        lambda: torch.matmul(A, B.T, out=C),
        lambda: cute_main.launch_config(A, B, C, cfg),
        *(lambda fn=fn: fn(*ops) for fn in probes.values()),
    ]
    names = ["torch", "table", *probes]
    print(f"M={m} {cfg}", flush=True)
    for rep in range(2):
        times = timer.time_many(fns, iters=100)
        row = "  ".join(f"{n} {t.p50:7.2f}" for n, t in zip(names, times, strict=True))
        print(f"M={m} rep={rep} {row} us", flush=True)


def main() -> None:
    print(f"table of {tuned.DATE}, {torch.cuda.get_device_name()}", flush=True)
    timer = ColdL2Timer(torch.device("cuda"))
    for m in [int(x) for x in sys.argv[1:]] or DEFAULT_MS:
        probe(m, timer)
        # The row again with Y multicast over clusters of 2: half the L2 reads of Y, the same
        # writes into shared memory.
        cfg = cute_main.select_config(m)
        if isinstance(cfg, CuteConfig):
            paired = dataclasses.replace(cfg, cluster_r=2)
            if m >= 972 and cfg.cluster_r == 1 and is_valid(paired, K):
                probe(m, timer, paired)


if __name__ == "__main__":
    main()
