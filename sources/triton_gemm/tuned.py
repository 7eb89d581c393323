"""Config per M bucket, written by scripts/tune_triton.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-11-29, by `python -m scripts.tune_triton`
(CUPTI span after a 256 MB zero fill, median); each bucket tuned at its largest workload M.
M=    8 (bucket <= 8): best    7.55 us vs torch    7.10 us (0.941x); runner-up 7.65 us; 108 configs
M=   16 (bucket <= 16): best    7.57 us vs torch    7.20 us (0.951x); runner-up 7.63 us; 108 configs
M=   32 (bucket <= 32): best    7.86 us vs torch    7.23 us (0.921x); runner-up 7.90 us; 228 configs
M=   48 (bucket <= 48): best    7.87 us vs torch    7.39 us (0.939x); runner-up 7.89 us; 249 configs
M=   64 (bucket <= 64): best    7.89 us vs torch    7.46 us (0.945x); runner-up 7.89 us; 249 configs
M=   96 (bucket <= 96): best    8.74 us vs torch    7.62 us (0.872x); runner-up 8.86 us; 152 configs
M=  128 (bucket <= 128): best    8.98 us vs torch    7.65 us (0.852x); runner-up 9.02 us; 152 configs
M=  160 (bucket <= 160): best   10.64 us vs torch    8.06 us (0.758x); runner-up 10.70 us; 152 configs
M=  192 (bucket <= 192): best   10.66 us vs torch    8.45 us (0.793x); runner-up 10.69 us; 152 configs
M=  224 (bucket <= 224): best   10.74 us vs torch    8.93 us (0.832x); runner-up 10.75 us; 152 configs
M=  256 (bucket <= 256): best   10.80 us vs torch    8.78 us (0.813x); runner-up 10.86 us; 152 configs
M=  972 (bucket <= 1024): best   22.82 us vs torch   19.79 us (0.867x); runner-up 24.27 us; 52 configs
M= 2053 (bucket <= 2176): best   44.02 us vs torch   36.85 us (0.837x); runner-up 48.53 us; 52 configs
M= 2379 (bucket <= 4096): best   49.65 us vs torch   41.66 us (0.839x); runner-up 50.58 us; 52 configs
M= 8192 (bucket <= inf): best  152.34 us vs torch  150.13 us (0.986x); runner-up 158.51 us; 52 configs
"""

from .kernel import GemmConfig

DEVICE = "NVIDIA H200"
DATE = "2026-11-29"

# (largest M of the bucket, config); the last bucket covers every larger M.
TABLE = [
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
            ROWS_N=None,
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
            ROWS_N=24,
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
            ROWS_N=None,
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
            ROWS_N=96,
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
