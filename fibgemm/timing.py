"""GPU kernel time of one call with a cold L2, read from CUPTI through torch.profiler.

The protocol (as the newer flashinfer-bench times kernels):
- before every call, zero-fill a 256 MB buffer (over four times the H200's 60 MB L2), which
  evicts the inputs and leaves the L2 full of dirty lines, as a real model's previous layer would;
- profile `iters` such (flush, call) pairs with CUPTI; a call's time is the span from the start
  of its first device activity (kernel, memset or memcpy) to the end of its last, so a split
  into several kernels or a workspace memset is paid for;
- report the median and the 20th/80th percentiles over the calls (and, for comparing two
  kernels finer than the clock's tick, the mean of the middle half).

Host-side time is measured apart: the wall time to issue a call, with the GPU not the bottleneck.
"""

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import torch

FLUSH_BYTES = 256 << 20


@dataclass(frozen=True)
class DeviceActivity:
    name: str
    start_ns: int
    end_ns: int


@dataclass(frozen=True)
class KernelTimes:
    """Per-call GPU spans in microseconds, and their summary."""

    spans_us: tuple[float, ...]

    @property
    def p20(self) -> float:
        return _quantile(self.spans_us, 0.2)

    @property
    def p50(self) -> float:
        return statistics.median(self.spans_us)

    @property
    def p80(self) -> float:
        return _quantile(self.spans_us, 0.8)

    @property
    def iqm(self) -> float:
        """The mean of the middle half of the calls. The median moves in steps of CUPTI's 32 ns
        tick (0.4% of an 8 µs call); this mean moves by less, as the calls' jitter spreads them
        over neighbouring ticks, and a few slow calls move it no more than the median."""
        ordered = sorted(self.spans_us)
        cut = len(ordered) // 4
        middle = ordered[cut : len(ordered) - cut]
        return sum(middle) / len(middle)


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


class TimingError(RuntimeError):
    pass


def split_calls(activities: Sequence[DeviceActivity], flush_name: str, calls: int) -> list[float]:
    """Spans (µs) of the calls between consecutive flushes in a time-ordered activity list.

    The profile holds `calls` repetitions of [flush, the call's activities...]. A call that left no
    device activity, or a profile whose flush count differs from `calls` (a solution that launches
    the very kernel we flush with), is an error rather than a wrong number.
    """
    ordered = sorted(activities, key=lambda a: a.start_ns)
    flush_idx = [i for i, a in enumerate(ordered) if a.name == flush_name]
    if len(flush_idx) != calls:
        raise TimingError(
            f"expected {calls} cache flushes in the profile, found {len(flush_idx)}: cannot "
            "separate the calls (does the solution launch the flush kernel itself?)"
        )
    spans = []
    for n, first in enumerate(flush_idx):
        last = flush_idx[n + 1] if n + 1 < len(flush_idx) else len(ordered)
        call = ordered[first + 1 : last]
        if not call:
            raise TimingError(f"call {n} left no device activity in the profile")
        spans.append((max(a.end_ns for a in call) - call[0].start_ns) / 1e3)
    return spans


def call_order(count: int, iters: int, interleave: bool) -> list[int]:
    """Which of `count` callables each timed call runs: round-robin, or each `iters` in a row."""
    if interleave:
        return [i for _ in range(iters) for i in range(count)]
    return [i for i in range(count) for _ in range(iters)]


def spans_per_callable(spans: Sequence[float], order: Sequence[int], count: int) -> list[tuple]:
    """The spans of each callable, in call order, from the spans of all calls in `order`."""
    if len(spans) != len(order):
        raise TimingError(f"{len(spans)} spans for {len(order)} calls")
    return [tuple(t for t, j in zip(spans, order, strict=True) if j == i) for i in range(count)]


def _device_activities(prof: torch.profiler.profile) -> list[DeviceActivity]:
    out = []
    for e in prof.profiler.kineto_results.events():
        if e.device_type() != torch.autograd.DeviceType.CUDA or e.is_user_annotation():
            continue
        out.append(DeviceActivity(e.name(), e.start_ns(), e.start_ns() + e.duration_ns()))
    return out


class ColdL2Timer:
    """Times callables on one CUDA device under the cold-L2 protocol above."""

    def __init__(self, device: torch.device | str = "cuda"):
        self.device = torch.device(device)
        self._flush_buf = torch.empty(FLUSH_BYTES // 4, dtype=torch.int32, device=self.device)
        self.flush_name = self._calibrate()

    def flush(self) -> None:
        self._flush_buf.zero_()

    def _calibrate(self) -> str:
        """The name CUPTI gives the flush, learnt from a profile of flushes alone."""
        torch.cuda.synchronize(self.device)
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
            for _ in range(3):
                self.flush()
            torch.cuda.synchronize(self.device)
        names = {a.name for a in _device_activities(prof)}
        if len(names) != 1:
            raise TimingError(f"a flush should be one device activity, profile shows {names}")
        return names.pop()

    def time_many(
        self,
        fns: Sequence[Callable[[], object]],
        iters: int = 100,
        warmup: int = 10,
        interleave: bool = True,
    ) -> list[KernelTimes]:
        """Time several callables in one profile (starting a profile costs ~tens of ms).

        Interleaved (the default), round i calls every callable once, so each sees the same GPU
        state and no ratio between them can depend on their order. On the H200 the order made
        no measurable difference to torch-vs-solution ratios (docs/timing.md), but
        at M = 8192 both medians drift ~4% over a few seconds of back-to-back calls, and a
        tuner times dozens of candidates one after another."""
        for fn in fns:
            for _ in range(warmup):
                self.flush()
                fn()
        order = call_order(len(fns), iters, interleave)

        def all_calls():
            for i in order:
                self.flush()
                fns[i]()

        torch.cuda.synchronize(self.device)
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
            all_calls()
            torch.cuda.synchronize(self.device)
        spans = split_calls(_device_activities(prof), self.flush_name, iters * len(fns))
        return [KernelTimes(t) for t in spans_per_callable(spans, order, len(fns))]


def host_us_per_call(fn: Callable[[], object], calls: int = 200) -> float:
    """Wall time to issue one call from Python (dispatch, checks, launch), in µs.

    Calls are issued back to back without synchronizing, so for kernels shorter than the launch
    path the figure is the host cost; the launch queue holds far more than `calls` entries.
    """
    fn()
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    elapsed = time.perf_counter() - start
    torch.cuda.synchronize()
    return elapsed / calls * 1e6
