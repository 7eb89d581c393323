"""CTA barriers Triton puts around a Gluon kernel's mbarriers that the kernel does not need,
removed from its PTX: all but one in the preload, and those before a rolled ring's waits.

ws_tile.py issues the first PRELOAD ring stages from the kernel's entry, before the
warp-specialized region: one thread sets up their "ready" mbarriers, arrives on each with the
bytes it expects, and elected threads of the default partition's warps issue the TMA loads
(Triton splits a box deeper than one 128-byte swizzle atom over two warps). Triton orders every
access to an mbarrier's allocation with a `bar.sync 0, N` of those warps (N = 128 threads, or
256 with two consumer warp groups), so each preloaded stage costs two or three CTA barriers:
after the arrive, and between its loads.

Only the first is needed: it makes the barriers' set-up (all of it before the first arrive,
fenced) visible to the other warps' loads. Past it, the order of a stage's arrive and loads does
not matter: a load's bytes may complete on the barrier before the arrive that expects them (the
transaction count may go below zero), and the phase cannot complete before that arrive. The
preload ends where the warp-specialized region starts (`barrier.sync 1`).
"""

import re

_FIRST_ARRIVE = re.compile(r"^.*mbarrier\.arrive\.expect_tx.*$", re.M)
_REGION_START = re.compile(r"^\s*barrier\.sync\s+1;\s*$", re.M)
_PRELOAD_SYNC = re.compile(r"^[ \t]*bar\.sync[ \t]+0, \d+;[ \t]*\n", re.M)  # 128 or 256 threads
_TMA_LOAD = "cp.async.bulk.tensor"


def with_one_preload_sync(ptx: str) -> str:
    """ptx with every `bar.sync 0, N` of the preload but the first removed. Refuses (ValueError)
    PTX not laid out as ws_tile.py's preload: an arrive, then a barrier before any TMA load,
    then the loads, all before the warp-specialized region."""
    arrive = _FIRST_ARRIVE.search(ptx)
    if arrive is None:
        raise ValueError("no expect-tx arrive: the kernel preloads nothing")
    region_start = _REGION_START.search(ptx, arrive.end())
    if region_start is None:
        raise ValueError("no warp-specialized region after the preload")
    preload = ptx[arrive.start() : region_start.start()]
    syncs = list(_PRELOAD_SYNC.finditer(preload))
    first_load = preload.find(_TMA_LOAD)
    if not syncs or first_load < 0 or syncs[0].start() > first_load:
        raise ValueError("the preload's first TMA load is not behind a CTA barrier")
    kept = preload[: syncs[0].end()] + _PRELOAD_SYNC.sub("", preload[syncs[0].end() :])
    return ptx[: arrive.start()] + kept + ptx[region_start.start() :]


# A CTA barrier of the consumers, then (past .loc lines, comments and the inline asm's opening)
# the wait on a ring stage's mbarrier.
_WAIT_SYNC = re.compile(
    r"^[ \t]*bar\.sync[ \t]+0, \d+;[ \t]*\n"
    r"(?=(?:[ \t]*(?:\.loc[^\n]*|//[^\n]*|\{|\.reg \.pred complete;|waitLoop:)?[ \t]*\n)*"
    r"[ \t]*mbarrier\.try_wait\.parity)",
    re.M,
)


def without_wait_syncs(ptx: str) -> str:
    """ptx without the `bar.sync 0, N` right before each mbarrier wait: a rolled ring (ROLLED)
    indexes its barriers at run time, and Triton, which cannot tell the stages apart, orders
    every K step's wait after the previous step's release with a CTA barrier (the unrolled
    ring gets one a lap, where a stage's barrier comes round again). The mbarriers order the
    stages themselves: a stage is loaded again only after every consumer thread has released
    it (its empty barrier counts them all), so no thread's wait can miss a phase. PTX without
    one comes back as it was (Triton 3.6 puts none before some rolled rings' waits, 3.7 does)."""
    return _WAIT_SYNC.sub("", ptx)
