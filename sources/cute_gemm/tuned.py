"""Config per M bucket for the CuTe DSL solution.

Provenance: hand-picked starting table (not yet tuned on the device): swap-AB with the token
count on the WGMMA's narrow side up to M = 256, straight 128-row tiles above.
"""

from .kernel import CuteConfig

DEVICE = "untuned"
DATE = ""

# (largest M of the bucket, config); the last bucket covers every larger M.
TABLE = [
    (16, CuteConfig(tile_r=64, tile_s=16, swap_ab=True)),
    (32, CuteConfig(tile_r=64, tile_s=32, swap_ab=True)),
    (64, CuteConfig(tile_r=64, tile_s=64, swap_ab=True)),
    (128, CuteConfig(tile_r=64, tile_s=128, swap_ab=True)),
    (256, CuteConfig(tile_r=128, tile_s=128, swap_ab=True)),
    (1 << 62, CuteConfig(tile_r=128, tile_s=256, swap_ab=False)),
]
