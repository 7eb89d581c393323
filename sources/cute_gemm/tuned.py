"""Config per M bucket, written by scripts/tune_cute.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-11-29, by `python -m scripts.tune_cute`
(CUPTI span after a 256 MB zero fill, median); each bucket tuned at its largest workload M.
M=    1 (bucket <= 1): best    7.14 us vs torch    7.07 us (0.991x); runner-up 7.38 us; 8 configs
M=    2 (bucket <= 2): best    7.14 us vs torch    7.07 us (0.991x); runner-up 7.39 us; 8 configs
M=    4 (bucket <= 4): best    7.17 us vs torch    7.04 us (0.982x); runner-up 7.26 us; 8 configs
M=    8 (bucket <= 8): best    6.98 us vs torch    7.07 us (1.014x); runner-up 7.18 us; 8 configs
M=   16 (bucket <= 16): best    7.04 us vs torch    7.28 us (1.034x); runner-up 7.25 us; 8 configs
M=   32 (bucket <= 32): best    6.99 us vs torch    7.34 us (1.050x); runner-up 7.68 us; 11 configs
M=   48 (bucket <= 48): best    6.98 us vs torch    7.42 us (1.064x); runner-up 6.98 us; 14 configs
M=   64 (bucket <= 64): best    7.04 us vs torch    7.39 us (1.050x); runner-up 7.94 us; 13 configs
M=   96 (bucket <= 96): best    7.62 us vs torch    7.55 us (0.992x); runner-up 8.16 us; 16 configs
M=  128 (bucket <= 128): best    7.87 us vs torch    7.70 us (0.978x); runner-up 8.35 us; 15 configs
M=  160 (bucket <= 160): best    9.57 us vs torch    8.10 us (0.846x); runner-up 9.57 us; 17 configs
M=  192 (bucket <= 192): best    8.21 us vs torch    8.45 us (1.029x); runner-up 8.83 us; 20 configs
M=  224 (bucket <= 224): best    9.86 us vs torch    8.94 us (0.907x); runner-up 11.41 us; 17 configs
M=  256 (bucket <= 256): best    8.96 us vs torch    8.86 us (0.989x); runner-up 10.00 us; 15 configs
M=  972 (bucket <= 1024): best   19.20 us vs torch   19.81 us (1.032x); runner-up 23.20 us; 6 configs
M= 2053 (bucket <= 2176): best   38.18 us vs torch   37.33 us (0.978x); runner-up 46.50 us; 6 configs
M= 2379 (bucket <= 4096): best   47.14 us vs torch   42.19 us (0.895x); runner-up 47.22 us; 6 configs
M= 8192 (bucket <= inf): best  146.61 us vs torch  142.32 us (0.971x); runner-up 147.20 us; 6 configs
"""

from .kernel import CuteConfig  # noqa: F401

DEVICE = "NVIDIA H200"
DATE = "2026-11-29"

# (largest M of the bucket, config); the last bucket covers every larger M.
TABLE = [
    (1, CuteConfig(tile_r=64, tile_s=16, swap_ab=True, stages=0)),
    (2, CuteConfig(tile_r=64, tile_s=16, swap_ab=True, stages=0)),
    (4, CuteConfig(tile_r=64, tile_s=16, swap_ab=True, stages=0)),
    (8, CuteConfig(tile_r=64, tile_s=32, swap_ab=True, stages=0)),
    (16, CuteConfig(tile_r=64, tile_s=32, swap_ab=True, stages=0)),
    (32, CuteConfig(tile_r=64, tile_s=32, swap_ab=True, stages=0)),
    (48, CuteConfig(tile_r=64, tile_s=48, swap_ab=True, stages=0)),
    (64, CuteConfig(tile_r=64, tile_s=64, swap_ab=True, stages=0)),
    (96, CuteConfig(tile_r=64, tile_s=96, swap_ab=True, stages=0)),
    (128, CuteConfig(tile_r=64, tile_s=64, swap_ab=True, stages=0)),
    (160, CuteConfig(tile_r=128, tile_s=64, swap_ab=True, stages=0)),
    (192, CuteConfig(tile_r=64, tile_s=96, swap_ab=True, stages=0)),
    (224, CuteConfig(tile_r=64, tile_s=128, swap_ab=True, stages=0)),
    (256, CuteConfig(tile_r=64, tile_s=128, swap_ab=True, stages=0)),
    (1024, CuteConfig(tile_r=128, tile_s=192, swap_ab=False, stages=0)),
    (2176, CuteConfig(tile_r=128, tile_s=192, swap_ab=True, stages=0)),
    (4096, CuteConfig(tile_r=128, tile_s=256, swap_ab=True, stages=0)),
    (1 << 62, CuteConfig(tile_r=128, tile_s=256, swap_ab=True, stages=0)),
]
