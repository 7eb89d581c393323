"""Config per M bucket, written by scripts/tune_cute.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-11-29, by `python -m scripts.tune_cute`
(CUPTI span after a 256 MB zero fill, median); each bucket scored by its geomean speedup over every workload M in it.
M in 1 (bucket <= 1): best geomean 1.116x vs torch; runner-up 1.040x; 24 configs
M in 2 (bucket <= 2): best geomean 1.100x vs torch; runner-up 0.991x; 24 configs
M in 4 (bucket <= 4): best geomean 1.102x vs torch; runner-up 1.045x; 24 configs
M in 7 (bucket <= 7): best geomean 1.100x vs torch; runner-up 1.040x; 24 configs
M in 8 (bucket <= 8): best geomean 1.096x vs torch; runner-up 1.091x; 24 configs
M in 15 (bucket <= 15): best geomean 1.116x vs torch; runner-up 1.111x; 24 configs
M in 16 (bucket <= 16): best geomean 1.134x vs torch; runner-up 1.129x; 24 configs
M in 24 (bucket <= 24): best geomean 1.114x vs torch; runner-up 1.054x; 29 configs
M in 32 (bucket <= 32): best geomean 1.121x vs torch; runner-up 1.049x; 29 configs
M in 35 (bucket <= 35): best geomean 1.111x vs torch; runner-up 1.062x; 32 configs
M in 40 (bucket <= 40): best geomean 1.098x vs torch; runner-up 1.065x; 32 configs
M in 48 (bucket <= 48): best geomean 1.118x vs torch; runner-up 1.074x; 32 configs
M in 56 (bucket <= 56): best geomean 1.065x vs torch; runner-up 1.050x; 30 configs
M in 64 (bucket <= 64): best geomean 1.064x vs torch; runner-up 1.064x; 30 configs
M in 70 (bucket <= 70): best geomean 1.024x vs torch; runner-up 1.024x; 40 configs
M in 72 (bucket <= 72): best geomean 1.049x vs torch; runner-up 1.044x; 40 configs
M in 80 (bucket <= 80): best geomean 1.029x vs torch; runner-up 1.020x; 40 configs
M in 88 (bucket <= 88): best geomean 1.009x vs torch; runner-up 0.989x; 40 configs
M in 96 (bucket <= 96): best geomean 1.006x vs torch; runner-up 0.991x; 40 configs
M in 104 (bucket <= 104): best geomean 1.002x vs torch; runner-up 0.959x; 32 configs
M in 112 (bucket <= 112): best geomean 1.002x vs torch; runner-up 0.973x; 32 configs
M in 120 (bucket <= 120): best geomean 1.006x vs torch; runner-up 0.957x; 32 configs
M in 128 (bucket <= 128): best geomean 1.002x vs torch; runner-up 0.958x; 32 configs
M in 136 (bucket <= 136): best geomean 0.986x vs torch; runner-up 0.963x; 42 configs
M in 144 (bucket <= 144): best geomean 0.992x vs torch; runner-up 0.976x; 42 configs
M in 152 (bucket <= 152): best geomean 1.018x vs torch; runner-up 1.002x; 42 configs
M in 160 (bucket <= 160): best geomean 1.012x vs torch; runner-up 1.006x; 42 configs
M in 168 (bucket <= 168): best geomean 0.992x vs torch; runner-up 0.968x; 42 configs
M in 176 (bucket <= 176): best geomean 0.992x vs torch; runner-up 0.975x; 42 configs
M in 184 (bucket <= 184): best geomean 1.061x vs torch; runner-up 1.033x; 42 configs
M in 192 (bucket <= 192): best geomean 1.017x vs torch; runner-up 0.987x; 42 configs
M in 200 (bucket <= 200): best geomean 0.998x vs torch; runner-up 0.978x; 41 configs
M in 208 (bucket <= 208): best geomean 0.994x vs torch; runner-up 0.973x; 41 configs
M in 216 (bucket <= 216): best geomean 1.030x vs torch; runner-up 1.009x; 41 configs
M in 224 (bucket <= 224): best geomean 1.035x vs torch; runner-up 1.011x; 41 configs
M in 232 (bucket <= 232): best geomean 0.982x vs torch; runner-up 0.890x; 36 configs
M in 240 (bucket <= 240): best geomean 0.977x vs torch; runner-up 0.884x; 36 configs
M in 248 (bucket <= 248): best geomean 0.971x vs torch; runner-up 0.877x; 29 configs
M in 256 (bucket <= 256): best geomean 0.989x vs torch; runner-up 0.889x; 29 configs
M in 972 (bucket <= 1024): best geomean 1.023x vs torch; runner-up 0.926x; 10 configs
M in 2053 (bucket <= 2176): best geomean 0.971x vs torch; runner-up 0.879x; 10 configs
M in 2379 (bucket <= 4096): best geomean 0.965x vs torch; runner-up 0.898x; 10 configs
M in 8192 (bucket <= inf): best geomean 0.979x vs torch; runner-up 0.969x; 10 configs
"""

from .kernel import CuteConfig  # noqa: F401

DEVICE = "NVIDIA H200"
DATE = "2026-11-29"

# (largest M of the bucket, config); the last bucket covers every larger M.
TABLE = [
    (1, CuteConfig(tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (2, CuteConfig(tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (4, CuteConfig(tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (7, CuteConfig(tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (8, CuteConfig(tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (15, CuteConfig(tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (16, CuteConfig(tile_r=64, tile_s=16, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (24, CuteConfig(tile_r=64, tile_s=32, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (32, CuteConfig(tile_r=64, tile_s=32, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (35, CuteConfig(tile_r=64, tile_s=48, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (40, CuteConfig(tile_r=64, tile_s=48, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (48, CuteConfig(tile_r=64, tile_s=48, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (56, CuteConfig(tile_r=64, tile_s=64, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (64, CuteConfig(tile_r=64, tile_s=64, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (70, CuteConfig(tile_r=64, tile_s=80, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (72, CuteConfig(tile_r=64, tile_s=80, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (80, CuteConfig(tile_r=64, tile_s=80, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (88, CuteConfig(tile_r=64, tile_s=48, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (96, CuteConfig(tile_r=64, tile_s=48, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (104, CuteConfig(tile_r=64, tile_s=64, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (112, CuteConfig(tile_r=64, tile_s=64, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (120, CuteConfig(tile_r=64, tile_s=64, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (128, CuteConfig(tile_r=64, tile_s=64, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (136, CuteConfig(tile_r=64, tile_s=80, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (144, CuteConfig(tile_r=64, tile_s=80, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (152, CuteConfig(tile_r=64, tile_s=80, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (160, CuteConfig(tile_r=64, tile_s=80, swap_ab=True, stages=0, splits=1, tile_k=128)),
    (168, CuteConfig(tile_r=64, tile_s=96, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (176, CuteConfig(tile_r=64, tile_s=96, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (184, CuteConfig(tile_r=64, tile_s=96, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (192, CuteConfig(tile_r=64, tile_s=96, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (200, CuteConfig(tile_r=64, tile_s=112, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (208, CuteConfig(tile_r=64, tile_s=112, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (216, CuteConfig(tile_r=64, tile_s=112, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (224, CuteConfig(tile_r=64, tile_s=112, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (232, CuteConfig(tile_r=64, tile_s=128, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (240, CuteConfig(tile_r=64, tile_s=128, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (248, CuteConfig(tile_r=64, tile_s=128, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (256, CuteConfig(tile_r=64, tile_s=128, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (1024, CuteConfig(tile_r=128, tile_s=192, swap_ab=False, stages=0, splits=1, tile_k=64)),
    (2176, CuteConfig(tile_r=128, tile_s=192, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (4096, CuteConfig(tile_r=128, tile_s=224, swap_ab=True, stages=0, splits=1, tile_k=64)),
    (1 << 62, CuteConfig(tile_r=128, tile_s=128, swap_ab=True, stages=0, splits=1, tile_k=64)),
]
