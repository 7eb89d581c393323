"""Config per M bucket, written by scripts/tune_triton.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-11-30, by `python -m scripts.tune_triton`
(CUPTI span after a 256 MB zero fill, median); each bucket scored by its geomean speedup over every workload M in it (the buckets not retuned keep their own lines); --ws-tiles: each bucket's config in the previous table against the Gluon tiles.
M in 1 (bucket <= 1): best geomean 1.037x vs torch; runner-up 1.000x; 13 configs
M in 2 (bucket <= 2): best geomean 1.042x vs torch; runner-up 1.004x; 13 configs
M in 4 (bucket <= 4): best geomean 1.033x vs torch; runner-up 1.005x; 13 configs
M in 7 (bucket <= 7): best geomean 1.037x vs torch; runner-up 0.998x; 13 configs
M in 8 (bucket <= 8): best geomean 1.042x vs torch; runner-up 1.014x; 13 configs
M in 15 (bucket <= 15): best geomean 1.087x vs torch; runner-up 1.073x; 13 configs
M in 16 (bucket <= 16): best geomean 1.097x vs torch; runner-up 1.068x; 13 configs
M in 24 (bucket <= 24): best geomean 1.016x vs torch; runner-up 1.009x; 13 configs
M in 32 (bucket <= 32): best geomean 1.054x vs torch; runner-up 1.026x; 13 configs
M in 35 (bucket <= 35): best geomean 1.000x vs torch; runner-up 0.969x; 13 configs
M in 40 (bucket <= 40): best geomean 1.032x vs torch; runner-up 1.006x; 13 configs
M in 48 (bucket <= 48): best geomean 1.053x vs torch; runner-up 1.023x; 13 configs
M in 56 (bucket <= 56): best geomean 1.053x vs torch; runner-up 1.046x; 4 configs
M in 64 (bucket <= 64): best geomean 1.054x vs torch; runner-up 1.043x; 4 configs
M in 70 (bucket <= 70): best geomean 1.000x vs torch; runner-up 0.976x; 9 configs
M in 72 (bucket <= 72): best geomean 1.008x vs torch; runner-up 0.984x; 9 configs
M in 80 (bucket <= 80): best geomean 1.012x vs torch; runner-up 0.992x; 9 configs
M in 88 (bucket <= 88): best geomean 1.002x vs torch; runner-up 0.974x; 9 configs
M in 96 (bucket <= 96): best geomean 0.996x vs torch; runner-up 0.972x; 9 configs
M in 104 (bucket <= 104): best geomean 1.012x vs torch; runner-up 1.000x; 10 configs
M in 112 (bucket <= 112): best geomean 1.019x vs torch; runner-up 1.000x; 10 configs
M in 120 (bucket <= 120): best geomean 1.021x vs torch; runner-up 1.002x; 10 configs
M in 128 (bucket <= 128): best geomean 1.025x vs torch; runner-up 1.002x; 10 configs
M in 136 (bucket <= 136): best geomean 0.935x vs torch; runner-up 0.895x; 17 configs
M in 144 (bucket <= 144): best geomean 0.943x vs torch; runner-up 0.899x; 17 configs
M in 152 (bucket <= 152): best geomean 0.954x vs torch; runner-up 0.918x; 17 configs
M in 160 (bucket <= 160): best geomean 0.954x vs torch; runner-up 0.919x; 17 configs
M in 168 (bucket <= 168): best geomean 0.970x vs torch; runner-up 0.926x; 18 configs
M in 176 (bucket <= 176): best geomean 0.967x vs torch; runner-up 0.926x; 18 configs
M in 184 (bucket <= 184): best geomean 1.027x vs torch; runner-up 0.989x; 18 configs
M in 192 (bucket <= 192): best geomean 1.026x vs torch; runner-up 0.974x; 18 configs
M in 200 (bucket <= 200): best geomean 0.969x vs torch; runner-up 0.897x; 14 configs
M in 208 (bucket <= 208): best geomean 0.972x vs torch; runner-up 0.898x; 14 configs
M in 216 (bucket <= 216): best geomean 1.004x vs torch; runner-up 0.929x; 14 configs
M in 224 (bucket <= 224): best geomean 1.014x vs torch; runner-up 0.929x; 14 configs
M in 232 (bucket <= 232): best geomean 1.005x vs torch; runner-up 0.929x; 14 configs
M in 240 (bucket <= 240): best geomean 0.998x vs torch; runner-up 0.923x; 14 configs
M in 248 (bucket <= 248): best geomean 1.000x vs torch; runner-up 0.923x; 14 configs
M in 256 (bucket <= 256): best geomean 1.002x vs torch; runner-up 0.924x; 14 configs
M in 972 (bucket <= 1024): best geomean 0.956x vs torch; runner-up 0.877x; 8 configs
M in 2053 (bucket <= 2176): best geomean 0.929x vs torch; runner-up 0.848x; 8 configs
M in 2379 (bucket <= 4096): best geomean 0.879x vs torch; runner-up 0.875x; 9 configs
M in 8192 (bucket <= inf): best geomean 0.974x vs torch; runner-up 0.908x; 9 configs
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
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=48,
            GROUP_M=8,
            num_warps=4,
            num_stages=8,
            SWAP_AB=True,
        ),
    ),
    (
        2,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=32,
            GROUP_M=8,
            num_warps=4,
            num_stages=8,
            SWAP_AB=True,
        ),
    ),
    (
        4,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=48,
            GROUP_M=8,
            num_warps=4,
            num_stages=8,
            SWAP_AB=True,
        ),
    ),
    (
        7,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=48,
            GROUP_M=8,
            num_warps=4,
            num_stages=8,
            SWAP_AB=True,
        ),
    ),
    (
        8,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=48,
            GROUP_M=8,
            num_warps=4,
            num_stages=8,
            SWAP_AB=True,
        ),
    ),
    (
        15,
        TileTmaConfig(
            BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=8
        ),
    ),
    (
        16,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=48,
            GROUP_M=8,
            num_warps=4,
            num_stages=8,
            SWAP_AB=True,
        ),
    ),
    (
        24,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=48,
            GROUP_M=8,
            num_warps=4,
            num_stages=8,
            SWAP_AB=True,
        ),
    ),
    (
        32,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=48,
            GROUP_M=8,
            num_warps=4,
            num_stages=8,
            SWAP_AB=True,
        ),
    ),
    (
        35,
        TileTmaConfig(
            BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=6
        ),
    ),
    (
        40,
        TileTmaConfig(
            BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=6
        ),
    ),
    (
        48,
        TileTmaConfig(
            BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=8
        ),
    ),
    (
        56,
        TileTmaConfig(
            BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=8
        ),
    ),
    (
        64,
        TileTmaConfig(
            BLOCK_M=32, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=8
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
        ),
    ),
    (
        104,
        TileTmaConfig(
            BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=6
        ),
    ),
    (
        112,
        TileTmaConfig(
            BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=6
        ),
    ),
    (
        120,
        TileTmaConfig(
            BLOCK_M=64,
            BLOCK_N=64,
            BLOCK_K=128,
            BLOCK_N2=0,
            SWAP_AB=False,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        128,
        TileTmaConfig(
            BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, BLOCK_N2=0, SWAP_AB=True, num_warps=4, num_stages=6
        ),
    ),
    (
        136,
        WsTileConfig(
            BLOCK_R=64,
            BLOCK_S=64,
            BLOCK_K=64,
            BLOCK_S2=16,
            SWAP_AB=False,
            STAGES=0,
            PRODUCER_REGS=24,
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
