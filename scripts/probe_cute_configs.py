"""Time chosen CuTe configs at chosen M under the runner's protocol, beside torch.matmul.

The split-K study of results/logs/s3/split_k_probe.log: each config alone and split across a
cluster of 2 or 4 CTAs, at M from 1 to 256. Checked and timed as the tuner does
(fibgemm.tuning.rank_bucket: float32 reference on a NaN-poisoned output first). On the device
(CuTe DSL installed), from the repo root:
    python -m scripts.probe_cute_configs
"""

import sys

import torch

from fibgemm import REPO_ROOT, K, N
from fibgemm.timing import ColdL2Timer
from fibgemm.tuning import rank_bucket

sys.path.insert(0, str(REPO_ROOT / "sources"))
from cute_gemm import main as cute_main  # noqa: E402
from cute_gemm.kernel import CuteConfig as C  # noqa: E402

SPLIT_K_CASES = {
    1: [
        C(64, 16, True),
        C(64, 16, True, splits=2),
        C(128, 16, True, splits=4),
        C(128, 16, True, splits=2),
    ],
    16: [
        C(64, 32, True),
        C(64, 16, True, splits=2),
        C(64, 32, True, splits=2),
        C(128, 16, True, splits=4),
    ],
    64: [C(64, 64, True), C(64, 64, True, splits=2), C(128, 64, True, splits=4)],
    128: [
        C(64, 64, True),
        C(64, 128, True),
        C(64, 128, True, splits=2),
        C(128, 128, True, splits=4),
    ],
    160: [
        C(64, 128, True),
        C(64, 160, True),
        C(64, 160, True, splits=2),
        C(128, 160, True, splits=4),
        C(64, 96, True, splits=2),
    ],
    256: [
        C(64, 128, True),
        C(64, 256, True, splits=2),
        C(128, 256, True, splits=4),
        C(128, 128, True, splits=2),
    ],
}


def probe(timer: ColdL2Timer, b: torch.Tensor, m: int, cfgs: list) -> None:
    """Check and time each config at M = m beside torch.matmul (the tuner's own ranking), one
    line each, fastest first; stop if any config is wrong."""
    ranked, torch_us, n_correct = rank_bucket(timer, m, b, cfgs, cute_main.launch_config, 50)
    if n_correct < len(cfgs):
        raise SystemExit(f"M={m}: {len(cfgs) - n_correct} of {len(cfgs)} configs are wrong")
    for us, cfg in ranked:
        print(
            f"M={m:4d} {cfg.tile_r:3d}x{cfg.tile_s:3d} splits={cfg.splits} {us:7.2f} us  "
            f"torch {torch_us:6.2f}  {torch_us / us:.3f}x",
            flush=True,
        )


def main() -> int:
    timer = ColdL2Timer("cuda")
    b = torch.randn(N, K, dtype=torch.float16, device="cuda")
    for m, cfgs in SPLIT_K_CASES.items():
        probe(timer, b, m, cfgs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
