"""Config per M bucket for the H200, written by scripts/tune_triton.py; do not edit by hand.

Provenance: placeholder table (not yet tuned on the device).
"""

from .kernel import GemmConfig

DEVICE = "untuned"
DATE = ""

# (largest M of the bucket, config); the last bucket covers every larger M.
TABLE = [
    (16, GemmConfig(BLOCK_M=16, BLOCK_N=64, BLOCK_K=128, SPLIT_K=8, num_warps=4, num_stages=4)),
    (64, GemmConfig(BLOCK_M=64, BLOCK_N=64, BLOCK_K=128, SPLIT_K=4, num_warps=4, num_stages=4)),
    (256, GemmConfig(BLOCK_M=64, BLOCK_N=128, BLOCK_K=64, SPLIT_K=4, num_warps=4, num_stages=4)),
    (1 << 62, GemmConfig(BLOCK_M=128, BLOCK_N=256, BLOCK_K=64, num_warps=8, num_stages=3)),
]
