"""The CuTe kernel's timeline from its entry: how long its barrier set-up takes before the first
TMA (the Gluon kernel spends ~40 ns a barrier, results/logs/s11/probe_gluon_timeline_preload.log).

    python results/logs/s11/probe_cute_entry.py [M ...]        (on the device, CuTe DSL installed)

results/logs/s10/probe_timeline.py with two more stamps: %globaltimer just before and just after
`PipelineTmaAsync.create` (one thread initialises every ring barrier, then a fence and a CTA
barrier), taken by wrapping `create` while the kernel is traced; the producer prints them with
its own stamps. Times are relative to the launch's earliest stamp before `create`.
"""

import os
import re
import subprocess
import sys

import cutlass.cute as cute  # noqa: E402
import cutlass.pipeline as pipeline  # noqa: E402
import torch  # noqa: E402
from cutlass.cute.runtime import make_fake_stream  # noqa: E402

from fibgemm import REPO_ROOT, K, N  # noqa: E402

sys.path.insert(0, str(REPO_ROOT / "sources"))
from cute_gemm import main as cute_main  # noqa: E402
from cute_gemm.kernel import HopperGemm  # noqa: E402

_create = pipeline.PipelineTmaAsync.create
_set_up = []  # (before, after) of the kernel being traced


def _timed_create(*args, **kwargs):
    before = cute.arch.globaltimer()
    pipe = _create(*args, **kwargs)
    _set_up[:] = [before, cute.arch.globaltimer()]
    return pipe


pipeline.PipelineTmaAsync.create = staticmethod(_timed_create)


class TimedGemm(HopperGemm):
    @cute.jit
    def _produce_tile(self, views, tile, load, write):
        start = cute.arch.globaltimer()
        write = HopperGemm._produce_tile(self, views, tile, load, write)
        if cute.arch.lane_idx() == 0:  # the whole producer warp runs this
            cute.printf("P %d %d %lld %lld\n", tile[0], tile[1], start, cute.arch.globaltimer())
            cute.printf("E %d %d %lld %lld\n", tile[0], tile[1], _set_up[0], _set_up[1])
        return write

    @cute.jit
    def _consume_tile(self, views, tile, mma, out, read, release):
        ab_pipe = mma[4]
        first_thread = out[0] == 0
        start = cute.arch.globaltimer()  # printed at the end: a device printf costs ~90 us
        # Waiting on the first stage here as well: the kernel's own wait on it then returns at
        # once (the phase stays complete until the stage is released).
        ab_pipe.consumer_wait(read)
        landed = cute.arch.globaltimer()
        read, release = HopperGemm._consume_tile(self, views, tile, mma, out, read, release)
        if first_thread:
            end = cute.arch.globaltimer()
            cute.printf("S %d %d %lld\n", tile[0], tile[1], start)
            cute.printf("C %d %d %lld %lld\n", tile[0], tile[1], landed, end)
        return read, release


def compiled(cfg):
    x, y, d = cute_main._fake_operands(cfg)
    stream = make_fake_stream(use_tvm_ffi_env_stream=True)
    return cute.compile(TimedGemm(cfg, 132), x, y, d, stream, options="--enable-tvm-ffi")


def main():
    ms = [int(a) for a in sys.argv[1:]] or [1, 16, 64]
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    flush = torch.empty(256 * 1024 * 1024, dtype=torch.uint8, device="cuda")
    for m in ms:
        cfg = cute_main.select_config(m)
        fn = compiled(cfg)
        a = torch.randn(m, K, dtype=torch.float16, device="cuda")
        c = torch.empty(m, N, dtype=torch.float16, device="cuda")
        args = (b, a, c.T) if cfg.swap_ab else (a, b, c)
        print(f"LAUNCH M={m} warm-up (no flush)", flush=True)
        fn(*args)
        torch.cuda.synchronize()
        for rep in range(3):
            print(f"LAUNCH M={m} rep {rep} {cfg}", flush=True)
            flush.zero_()
            fn(*args)
            torch.cuda.synchronize()
        ref = a.float() @ b.float().T
        assert torch.allclose(c.float(), ref, atol=3e-2, rtol=1e-2), "wrong result"


def parent():
    # Device printf goes to the process's stdout at synchronisation; run the launches in a
    # child and parse what it printed.
    out = subprocess.run(
        [sys.executable, __file__, *sys.argv[1:]],
        env={**os.environ, "TIMELINE_CHILD": "1"},
        capture_output=True,
        text=True,
    )
    if out.returncode:
        print(out.stdout[-3000:], out.stderr[-3000:])
        return out.returncode
    launch = None
    events: dict = {}

    def report():
        if not events:
            return
        p0 = [v["P0"] for v in events.values() if "P0" in v]
        t0 = min(v["E0"] for v in events.values() if "E0" in v)
        rel = {
            k: [v[k] - t0 for v in events.values() if k in v]
            for k in ("E0", "E1", "P0", "P1", "C0", "CF", "C1")
        }

        def span(x):
            x = sorted(x)
            return f"{x[0] / 1e3:5.2f} / {x[len(x) // 2] / 1e3:5.2f} / {x[-1] / 1e3:5.2f}"

        print(f"{launch}: {len(p0)} CTAs (min / median / max, us from the first set-up start)")
        print(f"  set-up start        {span(rel['E0'])}")
        print(f"  set-up end          {span(rel['E1'])}")
        print(f"  producer start      {span(rel['P0'])}")
        print(f"  consumer start      {span(rel['C0'])}")
        print(f"  first stage landed  {span(rel['CF'])}")
        print(f"  last TMA issued     {span(rel['P1'])}")
        print(f"  consumer end        {span(rel['C1'])}")

    for line in out.stdout.splitlines():
        if line.startswith("LAUNCH"):
            report()
            launch, events = line[7:], {}
            continue
        m = re.match(r"([PCE]) (\d+) (\d+) (\d+) (\d+)", line)
        if m:
            kind, r, s, a, b = m.groups()
            ev = events.setdefault((int(r), int(s)), {})
            keys = {"P": ("P0", "P1"), "C": ("CF", "C1"), "E": ("E0", "E1")}[kind]
            ev.update({keys[0]: int(a), keys[1]: int(b)})
        m = re.match(r"S (\d+) (\d+) (\d+)", line)
        if m:
            r, s, a = m.groups()
            events.setdefault((int(r), int(s)), {})["C0"] = int(a)
    report()
    return 0


if __name__ == "__main__":
    if os.environ.get("TIMELINE_CHILD") == "1":
        main()
    else:
        sys.exit(parent())
