"""Config per M bucket, written by scripts/tune_cute.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-11-29, by `python -m scripts.tune_cute`
(CUPTI span after a 256 MB zero fill, median); each bucket tuned at its largest workload M.
M=    1 (bucket <= 1): best    7.02 us vs torch    7.14 us (1.016x); runner-up 7.15 us; 8 configs
M=    2 (bucket <= 2): best    7.12 us vs torch    7.06 us (0.991x); runner-up 7.38 us; 8 configs
M=    4 (bucket <= 4): best    7.09 us vs torch    7.10 us (1.002x); runner-up 7.10 us; 8 configs
M=    8 (bucket <= 8): best    6.91 us vs torch    7.12 us (1.030x); runner-up 7.06 us; 8 configs
M=   16 (bucket <= 16): best    6.88 us vs torch    7.25 us (1.053x); runner-up 7.15 us; 8 configs
M=   32 (bucket <= 32): best    6.93 us vs torch    7.34 us (1.060x); runner-up 7.63 us; 11 configs
M=   48 (bucket <= 48): best    6.94 us vs torch    7.39 us (1.065x); runner-up 6.98 us; 14 configs
M=   64 (bucket <= 64): best    7.01 us vs torch    7.39 us (1.055x); runner-up 7.81 us; 13 configs
M=   96 (bucket <= 96): best    7.66 us vs torch    7.58 us (0.989x); runner-up 7.79 us; 16 configs
M=  128 (bucket <= 128): best    7.90 us vs torch    7.62 us (0.964x); runner-up 8.30 us; 15 configs
M=  160 (bucket <= 160): best    8.83 us vs torch    8.10 us (0.917x); runner-up 9.54 us; 17 configs
M=  192 (bucket <= 192): best    8.32 us vs torch    8.27 us (0.994x); runner-up 8.80 us; 20 configs
M=  224 (bucket <= 224): best    8.93 us vs torch    8.96 us (1.004x); runner-up 10.37 us; 17 configs
M=  256 (bucket <= 256): best    9.01 us vs torch    8.82 us (0.979x); runner-up 10.29 us; 15 configs
M=  972 (bucket <= 1024): best   19.52 us vs torch   19.87 us (1.018x); runner-up 23.46 us; 6 configs
M= 2053 (bucket <= 2176): best   39.02 us vs torch   37.31 us (0.956x); runner-up 46.88 us; 6 configs
M= 2379 (bucket <= 4096): best   47.39 us vs torch   42.38 us (0.894x); runner-up 48.03 us; 6 configs
M= 8192 (bucket <= inf): best  144.05 us vs torch  140.06 us (0.972x); runner-up 147.17 us; 6 configs
"""

from .kernel import CuteConfig  # noqa: F401

DEVICE = "NVIDIA H200"
DATE = "2026-11-29"

# (largest M of the bucket, config); the last bucket covers every larger M.
TABLE = [
    (1, CuteConfig(tile_r=64, tile_s=16, swap_ab=True, stages=0)),
    (2, CuteConfig(tile_r=64, tile_s=16, swap_ab=True, stages=0)),
    (4, CuteConfig(tile_r=64, tile_s=32, swap_ab=True, stages=0)),
    (8, CuteConfig(tile_r=64, tile_s=32, swap_ab=True, stages=0)),
    (16, CuteConfig(tile_r=64, tile_s=32, swap_ab=True, stages=0)),
    (32, CuteConfig(tile_r=64, tile_s=32, swap_ab=True, stages=0)),
    (48, CuteConfig(tile_r=64, tile_s=64, swap_ab=True, stages=0)),
    (64, CuteConfig(tile_r=64, tile_s=64, swap_ab=True, stages=0)),
    (96, CuteConfig(tile_r=64, tile_s=96, swap_ab=True, stages=0)),
    (128, CuteConfig(tile_r=64, tile_s=64, swap_ab=True, stages=0)),
    (160, CuteConfig(tile_r=64, tile_s=128, swap_ab=True, stages=0)),
    (192, CuteConfig(tile_r=64, tile_s=96, swap_ab=True, stages=0)),
    (224, CuteConfig(tile_r=64, tile_s=128, swap_ab=True, stages=0)),
    (256, CuteConfig(tile_r=64, tile_s=128, swap_ab=True, stages=0)),
    (1024, CuteConfig(tile_r=128, tile_s=192, swap_ab=False, stages=0)),
    (2176, CuteConfig(tile_r=128, tile_s=192, swap_ab=True, stages=0)),
    (4096, CuteConfig(tile_r=128, tile_s=256, swap_ab=False, stages=0)),
    (1 << 62, CuteConfig(tile_r=128, tile_s=256, swap_ab=True, stages=0)),
]
