"""Run a solution on a few M (every kind of table entry, tails in no list) for compute-sanitizer.

Usage (on a CUDA GPU), SOLUTION being triton_gemm or cute_gemm:
    compute-sanitizer --tool memcheck  python -m tools.sanitize SOLUTION [M ...]
    compute-sanitizer --tool racecheck python -m tools.sanitize SOLUTION [M ...]
    ... python -m tools.sanitize cute_gemm --config "CuteConfig(tile_r=64, ...)" [M ...]
Each M (default: MS) is checked against a float32 reference; exits 1 on a wrong answer. With
--config (repeatable) each config given, as its repr writes it, runs at each M instead of what
the solution's table picks: the tuners' candidates, which no table may reach.
"""

import argparse
import importlib
import sys

import torch

from fibgemm import REPO_ROOT, K, N
from tools.configs import parse_config

sys.path.insert(0, str(REPO_ROOT / "sources"))

# Small, swap-AB, mid (partial and shifted last tiles, two-dot tiles; the Triton table's Gluon
# tiles at all of these), large, plus tails in no list.
MS = [1, 3, 7, 16, 33, 80, 100, 144, 200, 256, 972, 2053, 2379]


def token_count(text: str) -> int:
    m = int(text)
    if m < 1:
        raise ValueError(text)
    return m


def matches_reference(launch, b: torch.Tensor, m: int, calls: int = 1) -> bool:
    """launch(a, b, c), `calls` times, on fresh random A of m rows and a NaN-poisoned C: whether
    every element of C is written and within 3e-2 + 1e-2 |ref| of a float32 reference. Also
    what the sanitizer runs check configs the table does not reach with."""
    a = torch.randn(m, K, dtype=torch.float16, device="cuda")
    c = torch.full((m, N), float("nan"), dtype=torch.float16, device="cuda")
    for _ in range(calls):
        launch(a, b, c)
    torch.cuda.synchronize()
    ref = a.float() @ b.float().T
    return bool(torch.isfinite(c).all()) and bool(
        ((c.float() - ref).abs() <= 3e-2 + 1e-2 * ref.abs()).all()
    )


def config_kinds(solution: str) -> dict[str, type]:
    """The config classes a solution's launch_config runs, by name."""
    if solution == "cute_gemm":
        from cute_gemm.kernel import CuteConfig
        from cute_gemm.portable import PortableConfig

        return {"CuteConfig": CuteConfig, "PortableConfig": PortableConfig}
    from triton_gemm import main as solution
    from triton_gemm.ws_tile import WsTileConfig

    # The solution's kernel registry, and the Gluon tile it adds on choosing the Hopper path.
    return {kind.__name__: kind for kind in (*solution._KERNELS, WsTileConfig)}


def launchers(solution: str, configs: list[str]) -> list[tuple[str, object]]:
    """(label, launch(a, b, c)): the solution's run, or each config through launch_config."""
    if not configs:
        return [("", importlib.import_module(f"{solution}.main").run)]
    kinds = config_kinds(solution)
    cfgs = [parse_config(text, kinds) for text in configs]  # every one named before a launch
    if solution == "triton_gemm":  # registers the Gluon tile's kernel, as the tuner does
        from tuners.tune_triton import launch_config
    else:
        from cute_gemm.main import launch_config
    return [(f" {cfg!r}", lambda a, b, c, cfg=cfg: launch_config(a, b, c, cfg)) for cfg in cfgs]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("solution", choices=("triton_gemm", "cute_gemm"))
    p.add_argument("ms", metavar="M", nargs="*", type=token_count, help="default: MS")
    p.add_argument("--config", action="append", default=[], help="a config's repr (repeatable)")
    args = p.parse_intermixed_args()  # M's before and after --config
    try:
        runs = launchers(args.solution, args.config)
    except ValueError as e:
        p.error(str(e))
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    bad = 0
    for label, launch in runs:
        for m in args.ms or MS:
            # A second launch: split-K counters reset, compiled kernels reused.
            ok = matches_reference(launch, b, m, calls=2)
            print(f"M={m}{label}: {'ok' if ok else 'WRONG'}", flush=True)
            bad += not ok
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
