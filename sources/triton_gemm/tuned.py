"""Config per M bucket, written by scripts/tune_triton.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-11-29, by `python -m scripts.tune_triton`
(CUPTI span after a 256 MB zero fill, median); each bucket tuned at its largest workload M.
M=    1 (bucket <= 1): best    7.49 us vs torch    7.06 us (0.942x); runner-up 7.49 us; 144 configs; best gemv 7.49 us
M=    2 (bucket <= 2): best    7.55 us vs torch    7.10 us (0.941x); runner-up 7.58 us; 142 configs; best gemv 9.50 us
M=    4 (bucket <= 4): best    7.60 us vs torch    7.07 us (0.930x); runner-up 7.65 us; 136 configs; best gemv 10.50 us
M=    8 (bucket <= 8): best    7.58 us vs torch    7.02 us (0.926x); runner-up 7.66 us; 126 configs; best gemv 16.29 us
M=   16 (bucket <= 16): best    7.62 us vs torch    7.26 us (0.954x); runner-up 7.68 us; 108 configs
M=   32 (bucket <= 32): best    7.90 us vs torch    7.30 us (0.923x); runner-up 7.92 us; 228 configs
M=   48 (bucket <= 48): best    7.87 us vs torch    7.31 us (0.929x); runner-up 7.92 us; 249 configs
M=   64 (bucket <= 64): best    7.92 us vs torch    7.41 us (0.935x); runner-up 7.94 us; 249 configs
M=   96 (bucket <= 96): best    8.75 us vs torch    7.55 us (0.863x); runner-up 8.86 us; 152 configs
M=  128 (bucket <= 128): best    8.98 us vs torch    7.66 us (0.854x); runner-up 9.03 us; 152 configs
M=  160 (bucket <= 160): best   10.61 us vs torch    8.06 us (0.760x); runner-up 10.69 us; 152 configs
M=  192 (bucket <= 192): best   10.70 us vs torch    8.40 us (0.785x); runner-up 10.74 us; 152 configs
M=  224 (bucket <= 224): best   10.81 us vs torch    8.93 us (0.826x); runner-up 10.82 us; 152 configs
M=  256 (bucket <= 256): best   10.85 us vs torch    8.77 us (0.808x); runner-up 10.86 us; 152 configs
M=  972 (bucket <= 1024): best   22.91 us vs torch   19.84 us (0.866x); runner-up 24.35 us; 52 configs
M= 2053 (bucket <= 2176): best   44.66 us vs torch   36.88 us (0.826x); runner-up 47.47 us; 52 configs
M= 2379 (bucket <= 4096): best   49.92 us vs torch   41.68 us (0.835x); runner-up 50.83 us; 52 configs
M= 8192 (bucket <= inf): best  154.08 us vs torch  154.40 us (1.002x); runner-up 155.33 us; 52 configs
"""

from .gemv import GemvConfig  # noqa: F401  (rows may name either config)
from .kernel import GemmConfig  # noqa: F401

DEVICE = "NVIDIA H200"
DATE = "2026-11-29"

# (largest M of the bucket, config); the last bucket covers every larger M.
TABLE = [
    (1, GemvConfig(BLOCK_M=1, ROWS=8, BLOCK_K=128, num_warps=8, num_stages=3)),
    (
        2,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=32,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=24,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        4,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=32,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        8,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=32,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        16,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=32,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        32,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=64,
            BLOCK_K=256,
            SPLIT_K=1,
            ROWS_N=48,
            GROUP_M=8,
            num_warps=4,
            num_stages=4,
        ),
    ),
    (
        48,
        GemmConfig(
            BLOCK_M=64,
            BLOCK_N=32,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        64,
        GemmConfig(
            BLOCK_M=64,
            BLOCK_N=32,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        96,
        GemmConfig(
            BLOCK_M=64,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        128,
        GemmConfig(
            BLOCK_M=64,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        160,
        GemmConfig(
            BLOCK_M=64,
            BLOCK_N=128,
            BLOCK_K=64,
            SPLIT_K=1,
            ROWS_N=96,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        192,
        GemmConfig(
            BLOCK_M=64,
            BLOCK_N=128,
            BLOCK_K=64,
            SPLIT_K=1,
            ROWS_N=96,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        224,
        GemmConfig(
            BLOCK_M=64,
            BLOCK_N=128,
            BLOCK_K=64,
            SPLIT_K=1,
            ROWS_N=96,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        256,
        GemmConfig(
            BLOCK_M=64,
            BLOCK_N=128,
            BLOCK_K=64,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
        ),
    ),
    (
        1024,
        GemmConfig(
            BLOCK_M=64,
            BLOCK_N=128,
            BLOCK_K=64,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=3,
        ),
    ),
    (
        2176,
        GemmConfig(
            BLOCK_M=64,
            BLOCK_N=256,
            BLOCK_K=64,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=4,
        ),
    ),
    (
        4096,
        GemmConfig(
            BLOCK_M=128,
            BLOCK_N=128,
            BLOCK_K=64,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=3,
        ),
    ),
    (
        1 << 62,
        GemmConfig(
            BLOCK_M=128,
            BLOCK_N=128,
            BLOCK_K=64,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=3,
        ),
    ),
]
