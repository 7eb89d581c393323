"""Compile the CuTe DSL solution's portable configs for the GPU that CUTE_DSL_ARCH names.

Usage: CUTE_DSL_ARCH=sm_86 python -m tools.compile_cute_paths DUMP_DIR [CONFIG ...]
Compiles every distinct config of portable.TABLE and portable.TABLE_LARGE_SHARED (and the
one-tile-a-CTA rows table_for gives an A100) for that arch, and each CONFIG given (a
PortableConfig as its repr writes it, e.g. "PortableConfig(tile_p=64, tile_q=64,
swap_ab=True)"); the DSL reads the variable once, when
cutlass is first imported: one arch per process. Keeps each one's PTX under
DUMP_DIR/<index>/, and prints one JSON line per config: the arch, the path main.choose_path
gives that GPU with the installed DSL, the config, its split-K count and K slices, its compile
time, the instruction families its PTX holds, and its registers and spill bytes as ptxas
assembles it for that arch (tools/ptx_resources.py). Needs no GPU.
"""

import argparse
import json
import os
import re
import sys
import time
from pathlib import Path

from fibgemm import REPO_ROOT
from tools.configs import config_argument
from tools.ptx_resources import resources

sys.path.insert(0, str(REPO_ROOT / "sources"))

FAMILIES = (
    "mma.sync",
    "ldmatrix",
    "cp.async.cg",
    "wgmma",
    "tcgen05",
    "cp.async.bulk.tensor",
    "atom.global.acq_rel.add",  # split-K's arrival counter
    "fence.acq_rel.gpu",
    "ld.shared.b32",  # sliced K's partial sums (and split-K's arrival word)
    "st.global.v4",  # the staged epilogue's 16-byte stores of D
    "st.global.b16",  # D stored from the accumulators: an element at a time,
    "st.global.b32",  # or two where D's rows are contiguous
    "createpolicy.fractional.L2::evict_first",  # b_evict_first: B's L2 policy,
    "L2::cache_hint",  # carried by B's copies
    "prefetch.global.L2",  # b_l2_prefetch: B's lines ahead of its copies
)


def _capability(arch: str) -> tuple[int, int]:
    digits = arch.removeprefix("sm_").rstrip("a")
    return int(digits[:-1]), int(digits[-1])


def _table_configs(portable) -> set:
    """Every config a GPU may be given: either portable table (a GPU of either shared-memory
    size may be the arch's: an RTX 30 is sm_86 with 99 KB, an A100 sm_80 with 163 KB) and the
    one-tile-a-CTA rows table_for gives where a persistent row's buffer for D does not fit."""
    one_tile = portable.table_for(portable.LARGE_SHARED_BYTES)  # the least a large-table GPU has
    tables = portable.TABLE + portable.TABLE_LARGE_SHARED + one_tile
    return {cfg for _, cfg in tables}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("dump_dir", type=Path, help="where each config's PTX goes (DUMP_DIR/<index>/)")
    p.add_argument("configs", nargs="*", metavar="CONFIG", help="a PortableConfig, as its repr")
    args = p.parse_args()
    arch = os.environ.get("CUTE_DSL_ARCH")
    # The DSL reads the variable once, at its first import: it cannot be an option here.
    if not arch or not re.fullmatch(r"sm_\d{2,3}a?", arch):
        p.error(f"set CUTE_DSL_ARCH to the arch to compile for, e.g. sm_86 (it is {arch!r})")
    from cute_gemm import main as cute_main
    from cute_gemm import portable

    default, _ = cute_main.choose_path(_capability(arch), cute_main.dsl_version())
    read = config_argument({"PortableConfig": portable.PortableConfig})
    try:
        extra = {read(text) for text in args.configs}
    except argparse.ArgumentTypeError as e:
        p.error(f"argument CONFIG: {e}")
    dump = args.dump_dir
    for i, cfg in enumerate(sorted(_table_configs(portable) | extra, key=repr)):
        out = dump / str(i)
        out.mkdir(parents=True, exist_ok=True)
        start = time.perf_counter()
        line = {"arch": arch, "default_path": default, "config": repr(cfg), "splits": cfg.splits,
                "threads": cfg.threads, "shared_bytes": cfg.shared_bytes(), "warps_k": cfg.warps_k,
                "staged": cfg.stages_d, "b_evict_first": cfg.b_evict_first,
                "b_l2_prefetch": cfg.b_l2_prefetch,
                "accumulators": cfg.tile_p * cfg.tile_q // cfg.slice_threads}  # fmt: skip
        try:
            cute_main.compiled_kernel(cfg, f"--keep-ptx --dump-dir={out}")
        except Exception as e:  # reported, so the test names the config that failed
            line["error"] = f"{type(e).__name__}: {str(e)[:500]}"
        else:
            ptx = "".join(f.read_text() for f in sorted(out.glob("*.ptx")))
            line["seconds"] = round(time.perf_counter() - start, 2)
            line["families"] = {f: ptx.count(f) for f in FAMILIES if f in ptx}
            line["targets"] = sorted({w for w in ptx.split() if w.startswith("sm_")} & {arch})
            line["resources"] = resources(ptx, arch)
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
