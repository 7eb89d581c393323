"""Config per M bucket, written by scripts/tune_cute.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-11-29, by `python -m scripts.tune_cute`
(CUPTI span after a 256 MB zero fill, median); each bucket scored by its geomean speedup over every workload M in it.
M in 1 (bucket <= 1): best geomean 1.078x vs torch; runner-up 1.062x; 26 configs
M in 2 (bucket <= 2): best geomean 1.095x vs torch; runner-up 1.077x; 26 configs
M in 4 (bucket <= 4): best geomean 1.098x vs torch; runner-up 1.069x; 26 configs
M in 7 (bucket <= 7): best geomean 1.095x vs torch; runner-up 1.074x; 26 configs
M in 8 (bucket <= 8): best geomean 1.097x vs torch; runner-up 1.095x; 26 configs
M in 15 (bucket <= 15): best geomean 1.133x vs torch; runner-up 1.125x; 26 configs
M in 16 (bucket <= 16): best geomean 1.138x vs torch; runner-up 1.138x; 26 configs
M in 24 (bucket <= 24): best geomean 1.089x vs torch; runner-up 1.039x; 32 configs
M in 32 (bucket <= 32): best geomean 1.160x vs torch; runner-up 1.079x; 34 configs
M in 35 (bucket <= 35): best geomean 1.135x vs torch; runner-up 1.084x; 38 configs
M in 40 (bucket <= 40): best geomean 1.150x vs torch; runner-up 1.098x; 38 configs
M in 48 (bucket <= 48): best geomean 1.124x vs torch; runner-up 1.113x; 38 configs
M in 56 (bucket <= 56): best geomean 1.123x vs torch; runner-up 1.097x; 36 configs
M in 64 (bucket <= 64): best geomean 1.158x vs torch; runner-up 1.113x; 36 configs
M in 70 (bucket <= 70): best geomean 1.112x vs torch; runner-up 1.075x; 46 configs
M in 72 (bucket <= 72): best geomean 1.114x vs torch; runner-up 1.075x; 46 configs
M in 80 (bucket <= 80): best geomean 1.109x vs torch; runner-up 1.070x; 46 configs
M in 88 (bucket <= 88): best geomean 1.116x vs torch; runner-up 1.079x; 46 configs
M in 96 (bucket <= 96): best geomean 1.114x vs torch; runner-up 1.075x; 46 configs
M in 104 (bucket <= 104): best geomean 1.144x vs torch; runner-up 1.092x; 38 configs
M in 112 (bucket <= 112): best geomean 1.316x vs torch; runner-up 1.259x; 38 configs
M in 120 (bucket <= 120): best geomean 1.132x vs torch; runner-up 1.087x; 38 configs
M in 128 (bucket <= 128): best geomean 1.117x vs torch; runner-up 1.080x; 40 configs
M in 136 (bucket <= 136): best geomean 1.054x vs torch; runner-up 1.045x; 56 configs
M in 144 (bucket <= 144): best geomean 1.045x vs torch; runner-up 1.037x; 56 configs
M in 152 (bucket <= 152): best geomean 1.064x vs torch; runner-up 1.064x; 56 configs
M in 160 (bucket <= 160): best geomean 1.072x vs torch; runner-up 1.068x; 56 configs
M in 168 (bucket <= 168): best geomean 1.082x vs torch; runner-up 1.078x; 56 configs
M in 176 (bucket <= 176): best geomean 1.090x vs torch; runner-up 1.090x; 56 configs
M in 184 (bucket <= 184): best geomean 1.172x vs torch; runner-up 1.163x; 56 configs
M in 192 (bucket <= 192): best geomean 1.146x vs torch; runner-up 1.141x; 56 configs
M in 200 (bucket <= 200): best geomean 1.091x vs torch; runner-up 1.049x; 53 configs
M in 208 (bucket <= 208): best geomean 1.098x vs torch; runner-up 1.057x; 53 configs
M in 216 (bucket <= 216): best geomean 1.129x vs torch; runner-up 1.085x; 53 configs
M in 224 (bucket <= 224): best geomean 1.121x vs torch; runner-up 1.079x; 53 configs
M in 232 (bucket <= 232): best geomean 1.155x vs torch; runner-up 1.105x; 48 configs
M in 240 (bucket <= 240): best geomean 1.113x vs torch; runner-up 1.067x; 48 configs
M in 248 (bucket <= 248): best geomean 1.125x vs torch; runner-up 1.079x; 41 configs
M in 256 (bucket <= 256): best geomean 1.127x vs torch; runner-up 1.085x; 41 configs
M in 972 (bucket <= 1024): best geomean 1.033x vs torch; runner-up 1.024x; 20 configs
M in 2053 (bucket <= 2176): best geomean 1.012x vs torch; runner-up 0.979x; 20 configs
M in 2379 (bucket <= 4096): best geomean 0.994x vs torch; runner-up 0.965x; 20 configs
M in 8192 (bucket <= inf): best geomean 1.006x vs torch; runner-up 1.002x; 20 configs
"""

from .kernel import CuteConfig  # noqa: F401

DEVICE = "NVIDIA H200"
DATE = "2026-11-29"

# (largest M of the bucket, config); the last bucket covers every larger M.
TABLE = [
    (
        1,
        CuteConfig(
            tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        2,
        CuteConfig(
            tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        4,
        CuteConfig(
            tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        7,
        CuteConfig(
            tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        8,
        CuteConfig(
            tile_r=64, tile_s=32, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        15,
        CuteConfig(
            tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        16,
        CuteConfig(
            tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        24,
        CuteConfig(
            tile_r=64, tile_s=32, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        32,
        CuteConfig(
            tile_r=64, tile_s=32, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        35,
        CuteConfig(
            tile_r=64, tile_s=48, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        40,
        CuteConfig(
            tile_r=64, tile_s=48, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        48,
        CuteConfig(
            tile_r=64, tile_s=48, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        56,
        CuteConfig(
            tile_r=64, tile_s=32, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        64,
        CuteConfig(
            tile_r=64, tile_s=32, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        70,
        CuteConfig(
            tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        72,
        CuteConfig(
            tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        80,
        CuteConfig(
            tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        88,
        CuteConfig(
            tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        96,
        CuteConfig(
            tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        104,
        CuteConfig(
            tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        112,
        CuteConfig(
            tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        120,
        CuteConfig(
            tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        128,
        CuteConfig(
            tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        136,
        CuteConfig(
            tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        144,
        CuteConfig(
            tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        152,
        CuteConfig(
            tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        160,
        CuteConfig(
            tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        168,
        CuteConfig(
            tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        176,
        CuteConfig(
            tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        184,
        CuteConfig(
            tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        192,
        CuteConfig(
            tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        200,
        CuteConfig(
            tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        208,
        CuteConfig(
            tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        216,
        CuteConfig(
            tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        224,
        CuteConfig(
            tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        232,
        CuteConfig(
            tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        240,
        CuteConfig(
            tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        248,
        CuteConfig(
            tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        256,
        CuteConfig(
            tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        1024,
        CuteConfig(
            tile_r=128, tile_s=192, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        2176,
        CuteConfig(
            tile_r=128, tile_s=192, swap_ab=True, stages=0, splits=1, tile_k=64, persistent=True
        ),
    ),
    (
        4096,
        CuteConfig(
            tile_r=128, tile_s=224, swap_ab=True, stages=0, splits=1, tile_k=64, persistent=True
        ),
    ),
    (
        1 << 62,
        CuteConfig(
            tile_r=128, tile_s=256, swap_ab=True, stages=0, splits=1, tile_k=64, persistent=True
        ),
    ),
]
