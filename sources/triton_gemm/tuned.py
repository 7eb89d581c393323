"""Config per M bucket for the H200, written by scripts/tune_triton.py; do not edit by hand.

Provenance: tuned on NVIDIA H200, 2026-11-29, by `python -m scripts.tune_triton`
(CUPTI span after a 256 MB zero fill, median); each bucket tuned at its largest workload M.
M=    8 (bucket <= 8): best    8.32 us vs torch    7.11 us (0.854x); runner-up 8.40 us; 48 configs
M=   16 (bucket <= 16): best    8.35 us vs torch    7.20 us (0.862x); runner-up 8.35 us; 48 configs
M=   32 (bucket <= 32): best    8.96 us vs torch    7.25 us (0.809x); runner-up 9.02 us; 96 configs
M=   48 (bucket <= 48): best    8.59 us vs torch    7.36 us (0.857x); runner-up 9.06 us; 96 configs
M=   64 (bucket <= 64): best    8.64 us vs torch    7.46 us (0.863x); runner-up 9.22 us; 96 configs
M=   96 (bucket <= 96): best    9.22 us vs torch    7.55 us (0.819x); runner-up 10.75 us; 92 configs
M=  128 (bucket <= 128): best    9.34 us vs torch    7.62 us (0.815x); runner-up 10.08 us; 92 configs
M=  160 (bucket <= 160): best   10.91 us vs torch    8.10 us (0.742x); runner-up 12.58 us; 92 configs
M=  192 (bucket <= 192): best   10.74 us vs torch    8.50 us (0.791x); runner-up 12.45 us; 92 configs
M=  224 (bucket <= 224): best   11.10 us vs torch    8.93 us (0.804x); runner-up 12.80 us; 92 configs
M=  256 (bucket <= 256): best   10.88 us vs torch    8.85 us (0.813x); runner-up 12.46 us; 92 configs
M=  972 (bucket <= 1024): best   24.35 us vs torch   19.78 us (0.812x); runner-up 24.77 us; 18 configs
M= 2053 (bucket <= 2176): best   44.26 us vs torch   37.04 us (0.837x); runner-up 50.13 us; 18 configs
M= 2379 (bucket <= 4096): best   49.87 us vs torch   41.81 us (0.838x); runner-up 50.69 us; 18 configs
M= 8192 (bucket <= inf): best  151.63 us vs torch  144.06 us (0.950x); runner-up 153.39 us; 18 configs
"""

from .kernel import GemmConfig

DEVICE = "NVIDIA H200"
DATE = "2026-11-29"

# (largest M of the bucket, config); the last bucket covers every larger M.
TABLE = [
    (
        8,
        GemmConfig(
            BLOCK_M=16, BLOCK_N=32, BLOCK_K=128, SPLIT_K=2, GROUP_M=8, num_warps=4, num_stages=4
        ),
    ),
    (
        16,
        GemmConfig(
            BLOCK_M=16, BLOCK_N=32, BLOCK_K=128, SPLIT_K=2, GROUP_M=8, num_warps=4, num_stages=4
        ),
    ),
    (
        32,
        GemmConfig(
            BLOCK_M=32, BLOCK_N=32, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=4
        ),
    ),
    (
        48,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=32, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=4
        ),
    ),
    (
        64,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=32, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=4
        ),
    ),
    (
        96,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=4
        ),
    ),
    (
        128,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=4
        ),
    ),
    (
        160,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=128, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=4
        ),
    ),
    (
        192,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=128, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=4
        ),
    ),
    (
        224,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=128, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=4
        ),
    ),
    (
        256,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=128, BLOCK_K=128, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=4
        ),
    ),
    (
        1024,
        GemmConfig(
            BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=3
        ),
    ),
    (
        2176,
        GemmConfig(
            BLOCK_M=64, BLOCK_N=256, BLOCK_K=64, SPLIT_K=1, GROUP_M=8, num_warps=4, num_stages=4
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
