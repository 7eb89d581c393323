"""Per-CTA timeline of triton_gemm's Gluon kernel (ws_tile.py), read from its own PTX.

The PTX the solution runs (ws_tile._finish's changes made) gets, at ten points, a read of
%globaltimer (ns) that lane 0 of each warp passing the point folds into a per-CTA slot of a
module-scope array (the earliest warp, or the latest at the points marked "last"); the kernel
is assembled again by Triton's backend and launched as the solution launches it. So the
timeline is of the kernel as it is, not of a copy kept beside it. Each repeat: a 256 MB zero
fill, the slots reset, one call; times are relative to the launch's earliest entry.

    python -m tools.ws_timeline [--m 16 104 200] [--repeats 5]     (on a Hopper GPU)

Only one tile a CTA (no persistent walk): `instrument` refuses PTX laid out otherwise. The
stamps in the K loops run every step (some 15 instructions and an atomic each), so the timed
kernel runs a little behind the solution's: set timelines beside each other, not kernel times.
"""

import argparse
import ctypes
import re
import statistics
import sys
from dataclasses import dataclass

from fibgemm import REPO_ROOT, K, N

sys.path.insert(0, str(REPO_ROOT / "sources"))


@dataclass(frozen=True)
class Point:
    name: str
    last: bool  # the latest warp's time (else the earliest)


POINTS = (
    Point("entry", False),  # the kernel's first instruction
    Point("preload_first_load", False),  # the first TMA load from the entry (PRELOAD)
    Point("region_start", False),  # the default partition inside the warp-specialized region
    Point("first_stage_landed", False),  # the consumers' first wait on a ring stage done
    Point("mma_end", True),  # the last WGMMA done (wgmma.wait_group 0)
    Point("first_store", False),  # the first TMA store issued
    Point("end", True),  # the default partition's return (its stores read)
    Point("producer_start", False),  # the producer partition past its set-up barrier
    Point("producer_first_load", False),  # its first TMA load
    Point("producer_last_load", True),  # its last TMA load
)
SLOTS = "fib_timeline_first", "fib_timeline_last"
MAX_CTAS = 4096

_ENTRY_END = re.compile(r"^\$L__func_begin0:\n", re.M)
_LOAD = re.compile(
    r"^[ \t]*(?:@%p\d+ )?cp\.async\.bulk\.tensor\.\dd\.shared::\w+\.global\..*$", re.M
)
_STORE = re.compile(
    r"^[ \t]*(?:@%p\d+ )?cp\.async\.bulk\.tensor\.\dd\.global\.shared::cta.*$", re.M
)
_REGION_START = re.compile(
    r"^[ \t]*barrier\.sync[ \t]+1;\n[ \t]*setmaxnreg\.inc[^\n]*\n[ \t]*barrier\.sync[ \t]+1;\n",
    re.M,
)
_WAIT = re.compile(r"mbarrier\.try_wait")
_END_ASM = re.compile(r"^[ \t]*// end inline asm\n", re.M)
_MMA_END = re.compile(r"^[ \t]*wgmma\.wait_group\.sync\.aligned[ \t]+0;\n", re.M)
_RET = re.compile(r"^[ \t]*ret;\n", re.M)
_BRX_TARGETS = re.compile(r"\.branchtargets\s+([^;]+);")
_BLOCK_LABEL = re.compile(r"^(\$L__BB\d+_\d+):", re.M)
# (Triton may read the partition's captured values from shared memory in between.)
_PRODUCER_START = re.compile(
    r"^[ \t]*setmaxnreg\.dec[^\n]*\n(?:[^\n]*\n)*?[ \t]*barrier\.sync[ \t]+1;\n", re.M
)


def _stamp(index: int) -> str:
    """PTX that folds this warp's %globaltimer into the CTA's slot `index` (lane 0 only)."""
    point = POINTS[index]
    array, op = (SLOTS[1], "max") if point.last else (SLOTS[0], "min")
    return (
        f"\t{{ // timeline: {point.name}\n"
        "\t.reg .b64 %ftl<3>;\n\t.reg .b32 %ftc<4>;\n\t.reg .pred %ftp;\n"
        "\tmov.u64 %ftl0, %globaltimer;\n"
        "\tmov.u32 %ftc0, %laneid;\n\tsetp.eq.u32 %ftp, %ftc0, 0;\n"
        "\tmov.u32 %ftc1, %ctaid.x;\n\tmov.u32 %ftc2, %ctaid.y;\n\tmov.u32 %ftc3, %nctaid.x;\n"
        "\tmad.lo.u32 %ftc1, %ftc2, %ftc3, %ftc1;\n"
        f"\tmul.wide.u32 %ftl1, %ftc1, {8 * len(POINTS)};\n"
        f"\tmov.u64 %ftl2, {array};\n\tadd.u64 %ftl1, %ftl1, %ftl2;\n"
        f"\t@%ftp red.global.{op}.u64 [%ftl1+{8 * index}], %ftl0;\n"
        "\t}\n"
    )


def instrument(ptx: str) -> str:
    """ptx with the POINTS' stamps and their arrays. ValueError where the PTX is not laid out as
    a one-tile ws_tile kernel (entry, preload, region start, waits, WGMMAs, stores, one
    producer partition among the workers' branch targets)."""
    if ptx.count(".entry") != 1 or "_ws_tile_kernel" not in ptx:
        raise ValueError("not one ws_tile kernel")
    inserts: list[tuple[int, int]] = []  # (offset, point)

    def need(match, what):
        if match is None:
            raise ValueError(f"no {what} where a one-tile ws_tile kernel has one")
        return match

    entry = need(_ENTRY_END.search(ptx), "function start")
    inserts.append((entry.end(), 0))
    region = need(_REGION_START.search(ptx), "warp-specialized region start")
    preload = _LOAD.search(ptx, entry.end(), region.start())
    if preload is not None:
        inserts.append((preload.end() + 1, 1))
    inserts.append((region.end(), 2))
    ret = need(_RET.search(ptx, region.end()), "return of the default partition")
    wait = need(_WAIT.search(ptx, region.end(), ret.start()), "consumer wait")
    inserts.append((need(_END_ASM.search(ptx, wait.end()), "end of the wait's asm").end(), 3))
    mma_end = need(_MMA_END.search(ptx, region.end(), ret.start()), "final WGMMA wait")
    inserts.append((mma_end.end(), 4))
    store = need(_STORE.search(ptx, mma_end.end(), ret.start()), "TMA store")
    inserts.append((store.end() + 1, 5))
    inserts.append((ret.start(), 6))
    targets = need(_BRX_TARGETS.search(ptx), "worker branch targets")
    # The workers' loop head: the last block label before the branch table. Each partition
    # runs from its label to its jump back there, or falls through into it.
    head = need(list(_BLOCK_LABEL.finditer(ptx, 0, targets.start())) or None, "worker loop")[-1]
    back = re.compile(r"^[ \t]*bra\.uni[ \t]+" + re.escape(head.group(1)) + ";", re.M)
    producer = None
    for label in (t.strip() for t in targets.group(1).split(",")):
        at = ptx.find(f"\n{label}:")
        if at < 0:
            raise ValueError(f"branch target {label} not found")
        jump = back.search(ptx, at)
        body_end = min(
            jump.start() if jump else len(ptx), head.start() if head.start() > at else len(ptx)
        )
        if _LOAD.search(ptx, at, body_end):
            if producer is not None:
                raise ValueError("more than one worker partition loads")
            producer = (at, body_end)
    at, body_end = need(producer, "producer partition")
    start = need(_PRODUCER_START.search(ptx, at, body_end), "producer set-up barrier")
    inserts.append((start.end(), 7))
    loads = list(_LOAD.finditer(ptx, start.end(), body_end))
    need(loads or None, "producer load")
    inserts.append((loads[0].end() + 1, 8))
    inserts.append((loads[-1].end() + 1, 9))
    # A stamp after an instruction goes just past its line: PTX's inline-asm markers are
    # comments, so code may go between them.
    out = ptx
    for offset, index in sorted(inserts, reverse=True):
        out = out[:offset] + _stamp(index) + out[offset:]
    arrays = "".join(
        f".visible .global .align 8 .u64 {name}[{MAX_CTAS * len(POINTS)}];\n" for name in SLOTS
    )
    first_entry = out.index(".visible .entry")
    return out[:first_entry] + arrays + out[first_entry:]


def _with_timeline(finish):
    """ws_tile's finisher, then the stamps: the compiled kernel reassembled from its
    instrumented PTX (ptx_rewrite.reassembled: Triton's backend, the machine-code check)."""
    from triton_gemm.ptx_rewrite import reassembled

    def finish_and_stamp(kernel, cfg, named):
        finished = finish(kernel, cfg, named)
        ptx = getattr(finished, "patched_ptx", None) or finished.asm["ptx"]
        stamped = reassembled(finished, instrument(ptx))
        stamped.timeline = True
        return stamped

    return finish_and_stamp


class _Slots:
    """The kernel module's two stamp arrays, read and reset through the driver API."""

    def __init__(self, module: int):
        self.cuda = ctypes.CDLL("libcuda.so.1")
        u64, size_t = ctypes.c_uint64, ctypes.c_size_t
        self.cuda.cuModuleGetGlobal_v2.argtypes = (
            ctypes.POINTER(u64), ctypes.POINTER(size_t), ctypes.c_void_p, ctypes.c_char_p
        )  # fmt: skip
        self.cuda.cuMemsetD32_v2.argtypes = (u64, ctypes.c_uint, size_t)
        self.cuda.cuMemcpyDtoH_v2.argtypes = (ctypes.c_void_p, u64, size_t)
        self.arrays = []
        for name in SLOTS:
            ptr, size = ctypes.c_uint64(), ctypes.c_size_t()
            rc = self.cuda.cuModuleGetGlobal_v2(
                ctypes.byref(ptr), ctypes.byref(size), module, name.encode()
            )
            if rc != 0:
                raise RuntimeError(f"cuModuleGetGlobal({name}) failed: CUresult {rc}")
            self.arrays.append((ptr.value, size.value))

    def reset(self) -> None:
        for (ptr, size), fill in zip(self.arrays, (0xFFFFFFFF, 0), strict=True):
            rc = self.cuda.cuMemsetD32_v2(ptr, fill, size // 4)
            if rc != 0:
                raise RuntimeError(f"cuMemsetD32 failed: CUresult {rc}")

    def read(self, ctas: int) -> list[list[int | None]]:
        """Per CTA, each point's time (ns), None where no warp passed it."""
        out = []
        for ptr, size in self.arrays:
            host = (ctypes.c_uint64 * (size // 8))()
            rc = self.cuda.cuMemcpyDtoH_v2(ctypes.addressof(host), ptr, size)
            if rc != 0:
                raise RuntimeError(f"cuMemcpyDtoH failed: CUresult {rc}")
            out.append(host)
        first, last = out
        rows = []
        for cta in range(ctas):
            row = []
            for i, point in enumerate(POINTS):
                v = (last if point.last else first)[cta * len(POINTS) + i]
                row.append(None if v in (0, 2**64 - 1) else v)
            rows.append(row)
        return rows


def timeline(m: int, repeats: int) -> list[dict]:
    """Per repeat, {point: (min, median, max) in us over the CTAs, from the earliest entry}."""
    import torch
    from triton_gemm import launch, ws_tile
    from triton_gemm import main as solution

    cfg = solution.select_config(m, 0)
    if not isinstance(cfg, ws_tile.WsTileConfig) or cfg.PERSISTENT:
        raise SystemExit(f"M = {m}: {cfg} is no one-tile Gluon config")
    launch._finishers[ws_tile._ws_tile_kernel] = _with_timeline(ws_tile._finish)
    torch.manual_seed(m)
    a = torch.randn(m, K, dtype=torch.float16, device="cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    c = torch.empty(m, N, dtype=torch.float16, device="cuda")
    fill = torch.empty(256 << 20, dtype=torch.uint8, device="cuda")
    solution.launch_config(a, b, c, cfg)  # compiles, stamped
    torch.cuda.synchronize()
    kernel = next(k for k in launch.compiled_kernels(cfg) if getattr(k, "timeline", False))
    slots = _Slots(kernel.module)
    grid = ws_tile.grid_of(cfg, m, N, a.device) if hasattr(ws_tile, "grid_of") else None
    ctas = grid[0] * grid[1] if grid else cfg.num_tiles(m, N)
    if ctas > MAX_CTAS:
        raise SystemExit(f"M = {m}: {ctas} CTAs, more than the {MAX_CTAS} slots")
    reference = a.float() @ b.float().T
    out = []
    for _ in range(repeats):
        slots.reset()
        fill.zero_()
        torch.cuda.synchronize()
        solution.launch_config(a, b, c, cfg)
        torch.cuda.synchronize()
        rows = slots.read(ctas)
        torch.testing.assert_close(c.float(), reference, atol=2e-2, rtol=2e-2)
        start = min(r[0] for r in rows if r[0] is not None)
        summary = {}
        for i, point in enumerate(POINTS):
            times = sorted((r[i] - start) / 1000 for r in rows if r[i] is not None)
            if times:
                summary[point.name] = (times[0], statistics.median(times), times[-1], len(times))
        out.append(summary)
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--m", type=int, nargs="+", default=[16, 104, 200])
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args()
    from triton_gemm import main as solution

    for m in args.m:
        print(f"M = {m}: {solution.select_config(m, 0)}")
        for r, summary in enumerate(timeline(m, args.repeats)):
            print(f"  repeat {r} (us from the first entry: min / median / max over CTAs, CTAs)")
            for name, (lo, med, hi, n) in summary.items():
                print(f"    {name:20s} {lo:6.2f} / {med:6.2f} / {hi:6.2f}  ({n})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
