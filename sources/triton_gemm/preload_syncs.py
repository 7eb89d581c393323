"""One CTA barrier, not one per load, in a compiled Gluon kernel's preload, changed in its PTX.

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
