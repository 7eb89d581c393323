"""Config per M bucket, written by scripts/tune_cute.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-11-29, by `python -m scripts.tune_cute`
(CUPTI span after a 256 MB zero fill, median); each bucket scored by its geomean speedup over every workload M in it (the buckets not retuned keep their own lines).
M in 1 (bucket <= 1): best geomean 1.050x vs torch; runner-up 1.050x; 26 configs
M in 2 (bucket <= 2): best geomean 1.065x vs torch; runner-up 1.045x; 26 configs
M in 4 (bucket <= 4): best geomean 1.055x vs torch; runner-up 1.055x; 26 configs
M in 7 (bucket <= 7): best geomean 1.050x vs torch; runner-up 1.038x; 26 configs
M in 8 (bucket <= 8): best geomean 1.062x vs torch; runner-up 1.060x; 26 configs
M in 15 (bucket <= 15): best geomean 1.078x vs torch; runner-up 1.071x; 26 configs
M in 16 (bucket <= 16): best geomean 1.083x vs torch; runner-up 1.081x; 26 configs
M in 24 (bucket <= 24): best geomean 1.071x vs torch; runner-up 0.974x; 32 configs
M in 32 (bucket <= 32): best geomean 1.086x vs torch; runner-up 0.987x; 32 configs
M in 35 (bucket <= 35): best geomean 1.070x vs torch; runner-up 1.009x; 36 configs
M in 40 (bucket <= 40): best geomean 1.080x vs torch; runner-up 1.036x; 36 configs
M in 48 (bucket <= 48): best geomean 1.075x vs torch; runner-up 1.034x; 36 configs
M in 56 (bucket <= 56): best geomean 1.031x vs torch; runner-up 0.981x; 34 configs
M in 64 (bucket <= 64): best geomean 1.110x vs torch; runner-up 1.059x; 36 configs
M in 70 (bucket <= 70): best geomean 1.086x vs torch; runner-up 1.050x; 46 configs
M in 72 (bucket <= 72): best geomean 1.089x vs torch; runner-up 1.036x; 46 configs
M in 80 (bucket <= 80): best geomean 1.086x vs torch; runner-up 1.047x; 46 configs
M in 88 (bucket <= 88): best geomean 1.079x vs torch; runner-up 1.045x; 46 configs
M in 96 (bucket <= 96): best geomean 1.093x vs torch; runner-up 1.047x; 46 configs
M in 104 (bucket <= 104): best geomean 1.098x vs torch; runner-up 1.044x; 38 configs
M in 112 (bucket <= 112): best geomean 1.100x vs torch; runner-up 1.058x; 38 configs
M in 120 (bucket <= 120): best geomean 1.097x vs torch; runner-up 1.053x; 38 configs
M in 128 (bucket <= 128): best geomean 1.101x vs torch; runner-up 1.062x; 40 configs
M in 136 (bucket <= 136): best geomean 1.027x vs torch; runner-up 1.025x; 56 configs
M in 144 (bucket <= 144): best geomean 1.030x vs torch; runner-up 1.017x; 56 configs
M in 152 (bucket <= 152): best geomean 1.063x vs torch; runner-up 1.061x; 56 configs
M in 160 (bucket <= 160): best geomean 1.071x vs torch; runner-up 1.067x; 56 configs
M in 168 (bucket <= 168): best geomean 1.061x vs torch; runner-up 1.059x; 56 configs
M in 176 (bucket <= 176): best geomean 1.071x vs torch; runner-up 1.071x; 56 configs
M in 184 (bucket <= 184): best geomean 1.151x vs torch; runner-up 1.142x; 56 configs
M in 192 (bucket <= 192): best geomean 1.086x vs torch; runner-up 1.077x; 56 configs
M in 200 (bucket <= 200): best geomean 1.078x vs torch; runner-up 1.037x; 53 configs
M in 208 (bucket <= 208): best geomean 1.072x vs torch; runner-up 1.027x; 53 configs
M in 216 (bucket <= 216): best geomean 1.109x vs torch; runner-up 1.069x; 53 configs
M in 224 (bucket <= 224): best geomean 1.108x vs torch; runner-up 1.067x; 53 configs
M in 232 (bucket <= 232): best geomean 1.107x vs torch; runner-up 1.065x; 48 configs
M in 240 (bucket <= 240): best geomean 1.090x vs torch; runner-up 1.044x; 48 configs
M in 248 (bucket <= 248): best geomean 1.085x vs torch; runner-up 1.042x; 41 configs
M in 256 (bucket <= 256): best geomean 1.083x vs torch; runner-up 1.046x; 41 configs
M in 972 (bucket <= 1024): best geomean 1.005x vs torch; runner-up 1.005x; 20 configs
M in 2053 (bucket <= 2176): best geomean 1.005x vs torch; runner-up 0.968x; 20 configs
M in 2379 (bucket <= 4096): best geomean 0.986x vs torch; runner-up 0.953x; 20 configs
M in 8192 (bucket <= inf): best geomean 1.064x vs torch; runner-up 1.002x; 20 configs
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
            tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=256, persistent=False
        ),
    ),
    (
        4,
        CuteConfig(
            tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=256, persistent=False
        ),
    ),
    (
        7,
        CuteConfig(
            tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=256, persistent=False
        ),
    ),
    (
        8,
        CuteConfig(
            tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
        ),
    ),
    (
        15,
        CuteConfig(
            tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=256, persistent=False
        ),
    ),
    (
        16,
        CuteConfig(
            tile_r=64, tile_s=32, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
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
            tile_r=64, tile_s=64, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False
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
            tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        160,
        CuteConfig(
            tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
        ),
    ),
    (
        168,
        CuteConfig(
            tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False
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
            tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False
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
            tile_r=128, tile_s=128, swap_ab=True, stages=0, splits=1, tile_k=64, persistent=True
        ),
    ),
]
