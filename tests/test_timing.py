"""Splitting a CUPTI profile into per-call spans, without a GPU."""

import random

import pytest

from fibgemm.timing import (
    DeviceActivity,
    KernelTimes,
    TimingError,
    call_order,
    spans_per_callable,
    split_calls,
)

FLUSH = "fill_kernel"


def _profile(calls):
    """calls: list of lists of (name, start, end) in µs, each call preceded by a flush."""
    acts, t = [], 0
    for call in calls:
        acts.append(DeviceActivity(FLUSH, t * 1000, (t + 80) * 1000))
        t += 100
        for name, s, e in call:
            acts.append(DeviceActivity(name, (t + s) * 1000, (t + e) * 1000))
        t += 100
    return acts[::-1]  # order must not matter


def test_span_covers_first_start_to_last_end_of_every_kernel():
    spans = split_calls(
        _profile([[("k", 0, 5)], [("memset", 0, 1), ("k", 2, 9), ("red", 9, 10)]]), FLUSH, 2
    )
    assert spans == [5.0, 10.0]


def test_overlapping_kernels_take_the_latest_end():
    assert split_calls(_profile([[("a", 0, 8), ("b", 1, 3)]]), FLUSH, 1) == [8.0]


def test_flush_count_mismatch_is_an_error():
    with pytest.raises(TimingError, match="expected 3 cache flushes"):
        split_calls(_profile([[("k", 0, 1)], [("k", 0, 1)]]), FLUSH, 3)
    # a solution that launches the flush kernel itself cannot be separated
    with pytest.raises(TimingError):
        split_calls(_profile([[(FLUSH, 0, 1)]]), FLUSH, 1)


def test_a_call_without_device_work_is_an_error():
    with pytest.raises(TimingError, match="no device activity"):
        split_calls(_profile([[("k", 0, 1)], []]), FLUSH, 2)


def test_percentiles():
    t = KernelTimes(tuple(float(x) for x in range(1, 102)))
    assert (t.p20, t.p50, t.p80) == (21.0, 51.0, 81.0)


def test_the_middle_half_mean_sees_a_third_of_a_tick_and_ignores_slow_outliers():
    """Spans on CUPTI's 32 ns tick, jittered over a few ticks: a shift of a third of a tick
    moves the mean of the middle half by about that much, and 10% of calls 100 µs slow move it
    no more than the median."""
    rng, tick, shift = random.Random(), 0.032, 0.032 / 3

    def spans(centre):
        return [round((centre + rng.uniform(-2, 2) * tick) / tick) * tick for _ in range(4000)]

    base, shifted = KernelTimes(tuple(spans(8.0))), KernelTimes(tuple(spans(8.0 + shift)))
    assert shifted.iqm - base.iqm == pytest.approx(shift, abs=0.004)
    assert all(abs(v / tick - round(v / tick)) < 1e-6 for v in (base.p50, shifted.p50))
    slow = KernelTimes(tuple(spans(8.0)[:3600] + [108.0] * 400))
    assert slow.iqm - base.iqm < 2 * tick
    assert KernelTimes((7.0,)).iqm == 7.0 and KernelTimes((1.0, 2.0, 9.0)).iqm == 4.0


def test_interleaved_calls_alternate_and_each_callable_gets_its_own_spans():
    order = call_order(3, 4, interleave=True)
    assert order == [0, 1, 2] * 4
    assert call_order(2, 3, interleave=False) == [0, 0, 0, 1, 1, 1]
    spans = [10.0 * j + n for n, j in enumerate(order)]  # callable j's spans are 10 j + call n
    per = spans_per_callable(spans, order, 3)
    assert per == [(0.0, 3.0, 6.0, 9.0), (11.0, 14.0, 17.0, 20.0), (22.0, 25.0, 28.0, 31.0)]
    with pytest.raises(TimingError, match="11 spans for 12 calls"):
        spans_per_callable(spans[:-1], order, 3)


def test_host_overhead_loops_take_turns_and_report_each_median(monkeypatch):
    from tools import host_overhead

    monkeypatch.setattr(host_overhead.torch.cuda, "synchronize", lambda: None)
    order = []
    fns = {"a": lambda: order.append("a"), "b": lambda: order.append("b")}
    us = host_overhead.per_call_us(fns, calls=3, rounds=4)
    assert set(us) == {"a", "b"} and all(t > 0 for t in us.values())
    timed = order[100:]  # after 50 warm-up calls each
    assert timed == (["a"] * 3 + ["b"] * 3) * 4
