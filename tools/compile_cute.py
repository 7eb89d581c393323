"""Compile every config of the CuTe DSL solution's Hopper table for sm_90a and keep its PTX.

Usage: python -m tools.compile_cute DUMP_DIR
Writes DUMP_DIR/<index>/*.ptx for the index-th of the table's distinct configs (in the order of
`distinct_configs`) and prints one line per config with its compile time and what its PTX holds
(WGMMA shapes, TMA loads and stores, setmaxnreg, mbarrier operations). Needs no GPU
(CUTE_DSL_ARCH=sm_90a is set when none is present).
"""

import argparse
import os
import re
import sys
import time
from pathlib import Path

from fibgemm import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "sources"))


def distinct_configs(table) -> list:
    """Each config of the table once, in a fixed order."""
    return sorted({cfg for _, cfg in table}, key=repr)


def ptx_summary(folder: Path) -> str:
    """The Hopper instructions a config's PTX uses, counted (and the warp-level MMAs of a row
    naming the portable kernel)."""
    text = "".join(f.read_text() for f in sorted(folder.glob("*.ptx")))
    shapes = sorted(set(re.findall(r"wgmma\.mma_async\.sync\.aligned\.(m64n\d+k16)", text)))
    return (
        f"wgmma {','.join(shapes) or 'NONE'}; mma.sync {text.count('mma.sync.aligned')}; "
        f"TMA loads {text.count('cp.async.bulk.tensor.2d.shared::cta.global')}, "
        f"TMA stores {text.count('cp.async.bulk.tensor.2d.global.shared::cta')}, "
        f"setmaxnreg {text.count('setmaxnreg')}, mbarrier ops {text.count('mbarrier.')}, "
        f"cluster barriers {text.count('barrier.cluster.arrive')}, "
        f"DSMEM loads {text.count('ld.shared::cluster')}"
    )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("dump_dir", type=Path, help="where each config's PTX goes (DUMP_DIR/<index>/)")
    dump = p.parse_args().dump_dir
    os.environ.setdefault("CUTE_DSL_ARCH", "sm_90a")
    from cute_gemm import main as cute_main

    for i, cfg in enumerate(distinct_configs(cute_main.TABLE)):
        out = dump / str(i)
        out.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        cute_main.compiled_kernel(cfg, f"--keep-ptx --dump-dir={out}")
        seconds = time.perf_counter() - start
        print(f"{i}: {cfg} compiled in {seconds:.2f} s; {ptx_summary(out)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
