"""Config per M bucket, written by scripts/tune_triton.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-11-30, by `python -m scripts.tune_triton`
(CUPTI span after a 256 MB zero fill, median); each bucket scored by its geomean speedup over every workload M in it (the buckets not retuned keep their own lines); --ws-tiles: each bucket's config in the previous table against the Gluon tiles.
M in 1 (bucket <= 1): best geomean 1.087x vs torch; runner-up 1.076x; 47 configs
M in 2 (bucket <= 2): best geomean 1.074x vs torch; runner-up 1.072x; 47 configs
M in 4 (bucket <= 4): best geomean 1.072x vs torch; runner-up 1.069x; 47 configs
M in 7 (bucket <= 7): best geomean 1.071x vs torch; runner-up 1.061x; 47 configs
M in 8 (bucket <= 8): best geomean 1.084x vs torch; runner-up 1.069x; 47 configs
M in 15 (bucket <= 15): best geomean 1.117x vs torch; runner-up 1.111x; 47 configs
M in 16 (bucket <= 16): best geomean 1.114x vs torch; runner-up 1.111x; 47 configs
M in 24 (bucket <= 24): best geomean 1.061x vs torch; runner-up 1.056x; 47 configs
M in 32 (bucket <= 32): best geomean 1.111x vs torch; runner-up 1.098x; 47 configs
M in 35 (bucket <= 35): best geomean 1.011x vs torch; runner-up 1.008x; 47 configs
M in 40 (bucket <= 40): best geomean 1.069x vs torch; runner-up 1.065x; 46 configs
M in 48 (bucket <= 48): best geomean 1.083x vs torch; runner-up 1.083x; 46 configs
M in 56 (bucket <= 56): best geomean 1.091x vs torch; runner-up 1.086x; 12 configs
M in 64 (bucket <= 64): best geomean 1.096x vs torch; runner-up 1.086x; 12 configs
M in 70 (bucket <= 70): best geomean 1.047x vs torch; runner-up 1.038x; 44 configs
M in 72 (bucket <= 72): best geomean 1.053x vs torch; runner-up 1.051x; 44 configs
M in 80 (bucket <= 80): best geomean 1.053x vs torch; runner-up 1.051x; 44 configs
M in 88 (bucket <= 88): best geomean 1.051x vs torch; runner-up 1.047x; 44 configs
M in 96 (bucket <= 96): best geomean 1.049x vs torch; runner-up 1.034x; 44 configs
M in 104 (bucket <= 104): best geomean 1.036x vs torch; runner-up 1.034x; 44 configs
M in 112 (bucket <= 112): best geomean 1.040x vs torch; runner-up 1.036x; 44 configs
M in 120 (bucket <= 120): best geomean 1.047x vs torch; runner-up 1.038x; 44 configs
M in 128 (bucket <= 128): best geomean 1.055x vs torch; runner-up 1.051x; 44 configs
M in 136 (bucket <= 136): best geomean 0.977x vs torch; runner-up 0.975x; 84 configs
M in 144 (bucket <= 144): best geomean 0.990x vs torch; runner-up 0.983x; 84 configs
M in 152 (bucket <= 152): best geomean 1.002x vs torch; runner-up 0.996x; 84 configs
M in 160 (bucket <= 160): best geomean 1.008x vs torch; runner-up 1.000x; 84 configs
M in 168 (bucket <= 168): best geomean 1.016x vs torch; runner-up 1.016x; 84 configs
M in 176 (bucket <= 176): best geomean 1.021x vs torch; runner-up 1.017x; 84 configs
M in 184 (bucket <= 184): best geomean 1.126x vs torch; runner-up 1.122x; 84 configs
M in 192 (bucket <= 192): best geomean 1.107x vs torch; runner-up 1.095x; 84 configs
M in 200 (bucket <= 200): best geomean 1.022x vs torch; runner-up 1.011x; 62 configs
M in 208 (bucket <= 208): best geomean 1.032x vs torch; runner-up 1.009x; 62 configs
M in 216 (bucket <= 216): best geomean 1.065x vs torch; runner-up 1.055x; 62 configs
M in 224 (bucket <= 224): best geomean 1.061x vs torch; runner-up 1.044x; 62 configs
M in 232 (bucket <= 232): best geomean 1.070x vs torch; runner-up 1.055x; 62 configs
M in 240 (bucket <= 240): best geomean 1.063x vs torch; runner-up 1.051x; 62 configs
M in 248 (bucket <= 248): best geomean 1.050x vs torch; runner-up 1.042x; 62 configs
M in 256 (bucket <= 256): best geomean 1.053x vs torch; runner-up 1.042x; 62 configs
M in 972 (bucket <= 1024): best geomean 0.987x vs torch; runner-up 0.986x; 30 configs
M in 2053 (bucket <= 2176): best geomean 0.958x vs torch; runner-up 0.955x; 30 configs
M in 2379 (bucket <= 4096): best geomean 0.883x vs torch; runner-up 0.878x; 31 configs
M in 8192 (bucket <= inf): best geomean 0.965x vs torch; runner-up 0.918x; 31 configs
"""

from .gemv import GemvConfig  # noqa: F401  (rows may name any config)
from .kernel import GemmConfig  # noqa: F401
from .pair import PairConfig  # noqa: F401
from .tma import TmaConfig  # noqa: F401
from .tma_tile import TileTmaConfig  # noqa: F401
from .ws_tile import WsTileConfig  # noqa: F401

DEVICE = "NVIDIA H200"
DATE = "2026-11-30"

# (largest M of the bucket, config); the last bucket covers every larger M.
TABLE = [
    (
        1,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=16,
            BLOCK_K=128,
            BLOCK_S2=0,
            SWAP_AB=True,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        2,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=16,
            BLOCK_K=128,
            BLOCK_S2=0,
            SWAP_AB=True,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=2,
        ),
    ),
    (
        4,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=16,
            BLOCK_K=128,
            BLOCK_S2=0,
            SWAP_AB=True,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        7,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=16,
            BLOCK_K=128,
            BLOCK_S2=0,
            SWAP_AB=True,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=2,
        ),
    ),
    (
        8,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=16,
            BLOCK_K=128,
            BLOCK_S2=0,
            SWAP_AB=True,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=2,
        ),
    ),
    (
        15,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=16,
            BLOCK_K=128,
            BLOCK_S2=0,
            SWAP_AB=True,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=2,
        ),
    ),
    (
        16,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=16,
            BLOCK_K=128,
            BLOCK_S2=0,
            SWAP_AB=True,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=2,
        ),
    ),
    (
        24,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=32,
            BLOCK_K=128,
            BLOCK_S2=0,
            SWAP_AB=True,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=2,
        ),
    ),
    (
        32,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=32,
            BLOCK_K=128,
            BLOCK_S2=0,
            SWAP_AB=True,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=2,
        ),
    ),
    (
        35,
        TileTmaConfig(
            BLOCK_M=32,
            BLOCK_N=64,
            BLOCK_K=128,
            BLOCK_N2=0,
            SWAP_AB=True,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        40,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=0,
            SWAP_AB=True,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        48,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=32,
            BLOCK_K=128,
            BLOCK_S2=0,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=1,
        ),
    ),
    (
        56,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=32,
            BLOCK_K=128,
            BLOCK_S2=0,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=1,
        ),
    ),
    (
        64,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=32,
            BLOCK_K=128,
            BLOCK_S2=0,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=2,
        ),
    ),
    (
        70,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=0,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        72,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=0,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=2,
        ),
    ),
    (
        80,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=0,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        88,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=0,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=2,
        ),
    ),
    (
        96,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=0,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        104,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=0,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        112,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=0,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        120,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=0,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        128,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=0,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        136,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=8,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        144,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=16,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        152,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=16,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        160,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=16,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        168,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=16,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        176,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=16,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        184,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=16,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        192,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=16,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        200,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=32,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        208,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=32,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        216,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=32,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        224,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=32,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        232,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=32,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        240,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=32,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        248,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=32,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        256,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=32,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=4,
        ),
    ),
    (
        1024,
        WsTileConfig(
            BLOCK_R=128,
            BLOCK_S=128,
            BLOCK_K=64,
            BLOCK_S2=64,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=1,
        ),
    ),
    (
        2176,
        WsTileConfig(
            BLOCK_R=128,
            BLOCK_S=128,
            BLOCK_K=64,
            BLOCK_S2=64,
            SWAP_AB=True,
            STAGES=0,
            PRODUCER_REGS=24,
            PRELOAD=1,
        ),
    ),
    (
        4096,
        TileTmaConfig(
            BLOCK_M=128,
            BLOCK_N=128,
            BLOCK_K=64,
            BLOCK_N2=0,
            SWAP_AB=False,
            num_warps=8,
            num_stages=3,
        ),
    ),
    (
        1 << 62,
        TmaConfig(
            BLOCK_M=128,
            BLOCK_N=256,
            BLOCK_K=64,
            GROUP_M=8,
            CTAS_PER_SM=1,
            num_warps=8,
            num_stages=3,
        ),
    ),
]
