"""Config per M bucket for the CuTe DSL solution.

Provenance: picked by hand from `python -m scripts.check_cute` on the H200, 2026-11-29 (cold-L2
CUPTI medians of 8 configs at M = 1, 16, 64, 128, 256, 972, 2053, 8192; results/logs/
check_cute.log): swap-AB with the token count on the WGMMA's narrow side up to M = 256, straight
128x256 tiles above. Buckets between the measured M are not tuned yet.
"""

from .kernel import CuteConfig

DEVICE = "untuned"
DATE = ""

# (largest M of the bucket, config); the last bucket covers every larger M.
TABLE = [
    (16, CuteConfig(tile_r=64, tile_s=16, swap_ab=True)),
    (32, CuteConfig(tile_r=64, tile_s=32, swap_ab=True)),
    (64, CuteConfig(tile_r=64, tile_s=64, swap_ab=True)),
    (128, CuteConfig(tile_r=64, tile_s=64, swap_ab=True)),
    (256, CuteConfig(tile_r=64, tile_s=128, swap_ab=True)),
    (1 << 62, CuteConfig(tile_r=128, tile_s=256, swap_ab=False)),
]
