"""Rank a bucket's candidates on several GPUs at once: one process per GPU, each owning its GPU
(CUDA_VISIBLE_DEVICES), compiling and timing its share of the candidates.

Every candidate's score is a ratio to torch.matmul measured on its own GPU in its own profile
(rank_bucket / rank_bucket_over_ms, as on one GPU), so scores from different GPUs of one kind
compare; the winner is picked from the gathered ratios. The shares are dealt round-robin from
the candidates in a fixed order, so a rerun hands each GPU the same share.
"""

import importlib
import multiprocessing as mp
import os
from collections.abc import Sequence

from fibgemm import K, N


def share(cfgs: Sequence, n: int) -> list[list]:
    """`cfgs` dealt round-robin into `n` shares (in the candidates' own order)."""
    return [list(cfgs[i::n]) for i in range(n)]


def rank_worker(conn, device: str, launch_ref: tuple[str, str]) -> None:
    """A GPU's ranking process: gets (ms, cfgs, iters, guard, after_itself), answers [(ratio to
    torch, cfg)] best first (the geomean ratio over `ms` when there are several), until it gets
    None."""
    os.environ["CUDA_VISIBLE_DEVICES"] = device
    import torch

    from fibgemm.timing import ColdL2Timer
    from tuners.common import rank_bucket, rank_bucket_over_ms

    launch = getattr(importlib.import_module(launch_ref[0]), launch_ref[1])
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    while True:
        task = conn.recv()
        if task is None:
            return
        ms, cfgs, iters, guard, after_itself = task
        try:
            if len(ms) == 1:
                ranked, torch_us, _ = rank_bucket(
                    timer, ms[0], b, cfgs, launch, iters, guard, after_itself=after_itself
                )
                conn.send([(torch_us / us, cfg) for us, cfg in ranked])
            else:
                scored = rank_bucket_over_ms(
                    timer, ms, b, cfgs, launch, iters, guard, after_itself=after_itself
                )
                conn.send(scored[0])
        except Exception as e:  # the parent stops the run, naming the GPU
            conn.send(RuntimeError(f"GPU {device}: {type(e).__name__}: {e}"))


class GpuPool:
    """One ranking process per GPU; `rank` spreads one bucket's candidates over all of them."""

    def __init__(self, devices: Sequence[str], launch_ref: tuple[str, str], target=rank_worker):
        ctx = mp.get_context("spawn")
        self.devices = list(devices)
        self.procs, self.conns = [], []
        for device in self.devices:
            parent, child = ctx.Pipe(duplex=True)
            proc = ctx.Process(target=target, args=(child, device, launch_ref), daemon=True)
            proc.start()
            child.close()
            self.procs.append(proc)
            self.conns.append(parent)

    def rank(
        self,
        ms: Sequence[int],
        cfgs: Sequence,
        iters: int,
        guard: float | None = None,
        after_itself: bool = False,
    ) -> list[tuple[float, object]]:
        """[(ratio to torch, cfg)] of every correct candidate (within `guard`, timed as
        `after_itself` says: rank_bucket), best first."""
        shares = share(list(cfgs), len(self.devices))
        busy = []
        for conn, part in zip(self.conns, shares, strict=True):
            if part:
                conn.send((list(ms), part, iters, guard, after_itself))
                busy.append(conn)
        gathered = []
        for conn in busy:
            try:
                result = conn.recv()
            except EOFError as e:
                raise RuntimeError("a GPU's ranking process died; tuning stopped") from e
            if isinstance(result, Exception):
                raise result
            gathered += result
        return sorted(gathered, key=lambda x: -x[0])

    def close(self) -> None:
        for conn in self.conns:
            try:
                conn.send(None)
            except OSError:
                pass
        for proc in self.procs:
            proc.join(10)
            if proc.is_alive():
                proc.kill()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
