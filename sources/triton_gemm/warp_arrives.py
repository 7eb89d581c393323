"""One release arrive per warp, not per thread, on a compiled Gluon kernel's stage barriers.

ws_tile.py's consumer warps hand each ring stage back to the producer with an arrive by every
thread (`cp.async.mbarrier.arrive.noinc`: Triton 3.6 brackets a one-thread arrive with two
bar.syncs), the stage's "empty" barrier counting 32 x num_warps arrivals: 128 or 256
shared-memory arrives a K step where one per warp says the same. A warp arrives only after
its `wgmma.wait_group` (warp-aligned: every lane has waited), so here each such arrive becomes
one by the warp's elected lane, and each barrier initialized to count 32 x num_warps arrivals
counts num_warps. The kernel's other barriers (the producer's "ready", count 1) are untouched;
ptx_rewrite.py assembles the result.
"""

import re

_THREAD_ARRIVE = re.compile(
    r"^(?P<indent>[ \t]*)cp\.async\.mbarrier\.arrive\.noinc\.shared\.b64[ \t]+"
    r"(?P<bar>\[[^\]]+\]);$",
    re.M,
)
_INIT = re.compile(
    r"^(?P<head>[ \t]*(?:@!?%p\d+ )?mbarrier\.init\.shared(?:::cta)?\.b64[ \t]+\[[^\]]+\]), "
    r"(?P<count>\d+);$",
    re.M,
)


def with_warp_arrives(ptx: str, num_warps: int, barriers: int) -> str:
    """ptx with every per-thread release arrive made once per warp and the `barriers` barriers
    counting 32 x num_warps arrivals made to count num_warps. ValueError, with the PTX left
    as it is, if an arrive is not recognized or not `barriers` barriers count 32 x num_warps
    (half a change would leave a barrier that never completes)."""
    threads = 32 * num_warps
    arrives = len(_THREAD_ARRIVE.findall(ptx))
    every = ptx.count("cp.async.mbarrier.arrive")
    if arrives == 0 or arrives != every:
        raise ValueError(f"{arrives} per-thread arrives recognized of {every}")
    counted = sum(int(m["count"]) == threads for m in _INIT.finditer(ptx))
    if counted != barriers:
        raise ValueError(f"{counted} barriers count {threads} arrivals, not {barriers}")

    def per_warp(m: re.Match) -> str:
        i = m["indent"]
        return (
            f"{i}{{\n{i}.reg .b32 %r_warp_lane;\n{i}.reg .pred %p_warp_lead;\n"
            f"{i}elect.sync %r_warp_lane|%p_warp_lead, -1;\n"
            f"{i}@%p_warp_lead cp.async.mbarrier.arrive.noinc.shared.b64 {m['bar']};\n{i}}}"
        )

    def recount(m: re.Match) -> str:
        return f"{m['head']}, {num_warps};" if int(m["count"]) == threads else m[0]

    return _INIT.sub(recount, _THREAD_ARRIVE.sub(per_warp, ptx))
