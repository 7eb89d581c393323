"""A one-consumer-group Gluon kernel's setmaxnreg, removed from its PTX (NO_SETMAXNREG).

Gluon's warp-specialized kernels move registers from the producer partition to the consumers
(setmaxnreg.dec and .inc) and cap every thread at 65536 registers over the CTA's threads
(`.maxnreg`). With one consumer warp group the CTA has 256 threads and the cap reads 256, over
the 255 a thread may have: ptxas ignores it and the setmaxnreg with it (warning C7508), and
every thread keeps 255 registers. The instructions still run: each `inc` is a USETMAXREG that
retries until the CTA's pool has the registers, one on the consumers' way to their first
WGMMA, one where each partition ends, beside the barriers Gluon puts around them. Without them
ptxas gives each thread what the kernel uses (50 registers at M = 128's row) and the machine
code has no USETMAXREG. The barriers stay: they pair the partitions' arrivals.
"""

import re

_CAP = re.compile(r"^\.maxnreg[ \t]+(\d+)[ \t]*$", re.M)
_SETMAXNREG = re.compile(r"^[ \t]*setmaxnreg\.(?:inc|dec)\.sync\.aligned\.u32\s+\d+;[ \t]*\n", re.M)
_MOST_A_THREAD = 255


def without_setmaxnreg(ptx: str) -> str:
    """ptx without its setmaxnreg instructions. Refuses (ValueError) PTX whose register cap
    ptxas honours, where the moves give the consumers their registers, and PTX without any."""
    cap = _CAP.search(ptx)
    if cap is None or int(cap.group(1)) <= _MOST_A_THREAD:
        found = cap.group(0) if cap else "no .maxnreg"
        raise ValueError(f"{found}: ptxas honours the register moves")
    changed, removed = _SETMAXNREG.subn("", ptx)
    if not removed:
        raise ValueError("no setmaxnreg to remove")
    return changed
