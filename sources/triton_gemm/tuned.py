"""Config per M bucket, written by scripts/tune_triton.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-11-29, by `python -m scripts.tune_triton`
(CUPTI span after a 256 MB zero fill, median); each bucket tuned at its largest workload M.
M=    1 (bucket <= 1): best    6.83 us vs torch    7.06 us (1.033x); runner-up 7.09 us; 192 configs; best gemv 7.49 us
M=    2 (bucket <= 2): best    6.91 us vs torch    6.98 us (1.009x); runner-up 7.09 us; 190 configs; best gemv 9.54 us
M=    4 (bucket <= 4): best    6.93 us vs torch    7.07 us (1.021x); runner-up 7.10 us; 184 configs; best gemv 10.53 us
M=    8 (bucket <= 8): best    6.98 us vs torch    7.04 us (1.009x); runner-up 7.14 us; 174 configs; best gemv 16.27 us
M=   16 (bucket <= 16): best    7.07 us vs torch    7.26 us (1.027x); runner-up 7.20 us; 156 configs
M=   32 (bucket <= 32): best    7.25 us vs torch    7.25 us (1.000x); runner-up 7.33 us; 316 configs
M=   48 (bucket <= 48): best    7.49 us vs torch    7.36 us (0.983x); runner-up 7.74 us; 321 configs
M=   64 (bucket <= 64): best    7.55 us vs torch    7.41 us (0.981x); runner-up 7.74 us; 321 configs
M=   96 (bucket <= 96): best    8.64 us vs torch    7.47 us (0.865x); runner-up 8.75 us; 200 configs
M=  128 (bucket <= 128): best    8.74 us vs torch    7.62 us (0.872x); runner-up 8.83 us; 200 configs
M=  160 (bucket <= 160): best   10.65 us vs torch    8.06 us (0.757x); runner-up 10.66 us; 180 configs
M=  192 (bucket <= 192): best   10.62 us vs torch    8.48 us (0.798x); runner-up 10.66 us; 180 configs
M=  224 (bucket <= 224): best   10.75 us vs torch    8.93 us (0.830x); runner-up 10.78 us; 180 configs
M=  256 (bucket <= 256): best   10.75 us vs torch    8.80 us (0.818x); runner-up 10.78 us; 180 configs
M=  972 (bucket <= 1024): best   22.90 us vs torch   19.71 us (0.861x); runner-up 24.13 us; 64 configs
M= 2053 (bucket <= 2176): best   44.18 us vs torch   36.70 us (0.831x); runner-up 47.60 us; 64 configs
M= 2379 (bucket <= 4096): best   49.50 us vs torch   41.52 us (0.839x); runner-up 50.00 us; 64 configs
M= 8192 (bucket <= inf): best  154.77 us vs torch  149.49 us (0.966x); runner-up 154.94 us; 64 configs
"""

from .gemv import GemvConfig  # noqa: F401  (rows may name any config)
from .kernel import GemmConfig  # noqa: F401
from .tma import TmaConfig  # noqa: F401

DEVICE = "NVIDIA H200"
DATE = "2026-11-29"

# (largest M of the bucket, config); the last bucket covers every larger M.
TABLE = [
    (
        1,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=None,
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
            ROWS_N=None,
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
            ROWS_N=None,
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
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=8,
            SWAP_AB=True,
        ),
    ),
    (
        16,
        GemmConfig(
            BLOCK_M=16,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
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
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
            SWAP_AB=True,
        ),
    ),
    (
        48,
        GemmConfig(
            BLOCK_M=32,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
            SWAP_AB=True,
        ),
    ),
    (
        64,
        GemmConfig(
            BLOCK_M=32,
            BLOCK_N=64,
            BLOCK_K=128,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=6,
            SWAP_AB=True,
        ),
    ),
    (
        96,
        GemmConfig(
            BLOCK_M=64,
            BLOCK_N=64,
            BLOCK_K=64,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=8,
            SWAP_AB=True,
        ),
    ),
    (
        128,
        GemmConfig(
            BLOCK_M=64,
            BLOCK_N=64,
            BLOCK_K=64,
            SPLIT_K=1,
            ROWS_N=None,
            GROUP_M=8,
            num_warps=4,
            num_stages=8,
            SWAP_AB=True,
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
            SWAP_AB=False,
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
            SWAP_AB=False,
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
            SWAP_AB=False,
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
            SWAP_AB=False,
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
            SWAP_AB=False,
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
            SWAP_AB=False,
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
            SWAP_AB=False,
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
            num_warps=8,
            num_stages=3,
            SWAP_AB=False,
        ),
    ),
]
