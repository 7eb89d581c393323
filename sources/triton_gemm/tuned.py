"""Config per M bucket for the H200, written by scripts/tune_triton.py; do not edit by hand.

Provenance: tuned on NVIDIA H200, 2026-11-29, by `python -m scripts.tune_triton`
(CUPTI span after a 256 MB zero fill, median); each bucket tuned at its largest workload M.
M=    8 (bucket <= 8): best    7.55 us vs torch    7.20 us (0.953x); runner-up 7.73 us; 156 configs
M=   16 (bucket <= 16): best    7.55 us vs torch    7.23 us (0.958x); runner-up 7.74 us; 156 configs
M=   32 (bucket <= 32): best    7.87 us vs torch    7.23 us (0.919x); runner-up 8.38 us; 328 configs
M=   48 (bucket <= 48): best    7.84 us vs torch    7.26 us (0.927x); runner-up 8.38 us; 366 configs
M=   64 (bucket <= 64): best    7.90 us vs torch    7.39 us (0.935x); runner-up 8.54 us; 366 configs
M=   96 (bucket <= 96): best    8.75 us vs torch    7.49 us (0.856x); runner-up 9.18 us; 204 configs
M=  128 (bucket <= 128): best    9.02 us vs torch    7.62 us (0.844x); runner-up 9.18 us; 204 configs
M=  160 (bucket <= 160): best   10.67 us vs torch    8.13 us (0.762x); runner-up 10.91 us; 204 configs
M=  192 (bucket <= 192): best   10.66 us vs torch    8.59 us (0.806x); runner-up 10.72 us; 204 configs
M=  224 (bucket <= 224): best   10.78 us vs torch    8.94 us (0.829x); runner-up 11.07 us; 204 configs
M=  256 (bucket <= 256): best   10.82 us vs torch    8.77 us (0.811x); runner-up 10.82 us; 204 configs
M=  972 (bucket <= 1024): best   23.12 us vs torch   19.81 us (0.857x); runner-up 23.12 us; 68 configs
M= 2053 (bucket <= 2176): best   43.70 us vs torch   37.09 us (0.849x); runner-up 43.98 us; 68 configs
M= 2379 (bucket <= 4096): best   49.73 us vs torch   42.00 us (0.845x); runner-up 50.05 us; 68 configs
M= 8192 (bucket <= inf): best  153.09 us vs torch  152.96 us (0.999x); runner-up 153.46 us; 68 configs
"""

from .kernel import GemmConfig

DEVICE = "NVIDIA H200"
DATE = "2026-11-29"

# (largest M of the bucket, config); the last bucket covers every larger M.
TABLE = [
    (
        8,
        GemmConfig(
            BLOCK_M=16, BLOCK_N=32, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=6
        ),
    ),
    (
        16,
        GemmConfig(
            BLOCK_M=16, BLOCK_N=32, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=6
        ),
    ),
    (
        32,
        GemmConfig(
            BLOCK_M=16, BLOCK_N=64, BLOCK_K=256, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=4
        ),
    ),
    (
        48,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=32, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=6
        ),
    ),
    (
        64,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=32, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=6
        ),
    ),
    (
        96,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=6
        ),
    ),
    (
        128,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=6
        ),
    ),
    (
        160,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=128, BLOCK_K=64, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=6
        ),
    ),
    (
        192,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=128, BLOCK_K=64, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=6
        ),
    ),
    (
        224,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=128, BLOCK_K=64, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=6
        ),
    ),
    (
        256,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=128, BLOCK_K=64, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=6
        ),
    ),
    (
        1024,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=128, BLOCK_K=64, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=3
        ),
    ),
    (
        2176,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=256, BLOCK_K=64, SPLIT_K=1, GROUP_M=16, num_warps=4, num_stages=5
        ),
    ),
    (
        4096,
        GemmConfig(
            BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=3
        ),
    ),
    (
        1 << 62,
        GemmConfig(
            BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=3
        ),
    ),
]
