"""Config per M bucket, written by scripts/tune_cute.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-11-29, by `python -m scripts.tune_cute`
(CUPTI span after a 256 MB zero fill, median); each bucket scored by its geomean speedup over every workload M in it (the buckets not retuned keep their own lines).
M in 1 (bucket <= 1): best geomean 1.014x vs torch; runner-up 1.000x; 8 configs
M in 2 (bucket <= 2): best geomean 0.987x vs torch; runner-up 0.959x; 8 configs
M in 4 (bucket <= 4): best geomean 1.007x vs torch; runner-up 1.007x; 8 configs
M in 7,8 (bucket <= 8): best geomean 1.009x vs torch; runner-up 0.987x; 8 configs
M in 15,16 (bucket <= 16): best geomean 1.058x vs torch; runner-up 1.027x; 8 configs
M in 24,32 (bucket <= 32): best geomean 1.059x vs torch; runner-up 0.952x; 11 configs
M in 35,40,48 (bucket <= 48): best geomean 1.057x vs torch; runner-up 0.962x; 11 configs
M in 56,64 (bucket <= 64): best geomean 1.061x vs torch; runner-up 0.949x; 13 configs
M in 70,72,80,88,96 (bucket <= 96): best geomean 0.985x vs torch; runner-up 0.957x; 16 configs
M in 104,112,120,128 (bucket <= 128): best geomean 0.974x vs torch; runner-up 0.916x; 15 configs
M in 136,144,152,160 (bucket <= 160): best geomean 0.903x vs torch; runner-up 0.841x; 17 configs
M in 168,176,184,192 (bucket <= 192): best geomean 1.017x vs torch; runner-up 0.957x; 20 configs
M in 200,208,216,224 (bucket <= 224): best geomean 0.987x vs torch; runner-up 0.843x; 17 configs
M in 232,240,248,256 (bucket <= 256): best geomean 0.980x vs torch; runner-up 0.853x; 15 configs
M in 972 (bucket <= 1024): best geomean 1.017x vs torch; runner-up 0.845x; 6 configs
M in 2053 (bucket <= 2176): best geomean 0.975x vs torch; runner-up 0.790x; 6 configs
M in 2379 (bucket <= 4096): best geomean 0.884x vs torch; runner-up 0.874x; 6 configs
M in 8192 (bucket <= inf): best geomean 1.018x vs torch; runner-up 0.996x; 6 configs
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
    (1 << 62, CuteConfig(tile_r=128, tile_s=192, swap_ab=True, stages=0)),
]
