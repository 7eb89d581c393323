"""Config per M bucket, written by tuners/tune_triton.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-12-02, by `python -m tuners.tune_triton`
(CUPTI span after a 256 MB zero fill, median); each bucket scored by its geomean speedup over every workload M in it (the buckets not retuned keep their own lines); --rolled-tiles-only: every Gluon tile rolled into one loop, and each bucket's config in the previous table where it is rolled too; candidates after which torch.matmul ran more than 1% slower than after itself were dropped.
M in 1 (bucket <= 1): best geomean 1.118x vs torch; 1 configs
M in 2 (bucket <= 2): best geomean 1.073x vs torch; runner-up 1.071x; 182 configs
M in 4 (bucket <= 4): best geomean 1.089x vs torch; runner-up 1.081x; 181 configs
M in 7 (bucket <= 7): best geomean 1.082x vs torch; runner-up 1.066x; 2 configs
M in 8 (bucket <= 8): best geomean 1.110x vs torch; runner-up 1.099x; 5 configs
M in 15 (bucket <= 15): best geomean 1.114x vs torch; runner-up 1.109x; 3 configs
M in 16 (bucket <= 16): best geomean 1.104x vs torch; runner-up 1.101x; 2 configs
M in 24 (bucket <= 24): best geomean 1.075x vs torch; runner-up 1.074x; 185 configs
M in 32 (bucket <= 32): best geomean 1.076x vs torch; runner-up 1.073x; 175 configs
M in 35 (bucket <= 35): best geomean 1.083x vs torch; runner-up 1.073x; 3 configs
M in 40 (bucket <= 40): best geomean 1.080x vs torch; runner-up 1.075x; 307 configs
M in 48 (bucket <= 48): best geomean 1.070x vs torch; runner-up 1.065x; 248 configs
M in 56 (bucket <= 56): best geomean 1.072x vs torch; runner-up 1.062x; 25 configs
M in 64 (bucket <= 64): best geomean 1.079x vs torch; runner-up 1.069x; 25 configs
M in 70 (bucket <= 70): best geomean 1.029x vs torch; runner-up 1.029x; 182 configs
M in 72 (bucket <= 72): best geomean 1.029x vs torch; runner-up 1.020x; 157 configs
M in 80 (bucket <= 80): best geomean 1.029x vs torch; runner-up 1.027x; 201 configs
M in 88 (bucket <= 88): best geomean 1.040x vs torch; runner-up 1.035x; 219 configs
M in 96 (bucket <= 96): best geomean 1.027x vs torch; runner-up 1.027x; 171 configs
M in 104 (bucket <= 104): best geomean 1.029x vs torch; runner-up 1.026x; 144 configs
M in 112 (bucket <= 112): best geomean 1.046x vs torch; runner-up 1.044x; 219 configs
M in 120 (bucket <= 120): best geomean 1.053x vs torch; runner-up 1.053x; 221 configs
M in 128 (bucket <= 128): best geomean 1.039x vs torch; runner-up 1.035x; 185 configs
M in 136 (bucket <= 136): best geomean 1.006x vs torch; runner-up 1.004x; 414 configs
M in 144 (bucket <= 144): best geomean 1.004x vs torch; runner-up 1.000x; 409 configs
M in 152 (bucket <= 152): best geomean 1.035x vs torch; runner-up 1.031x; 411 configs
M in 160 (bucket <= 160): best geomean 1.033x vs torch; runner-up 1.033x; 385 configs
M in 168 (bucket <= 168): best geomean 1.047x vs torch; runner-up 1.047x; 414 configs
M in 176 (bucket <= 176): best geomean 1.052x vs torch; runner-up 1.047x; 408 configs
M in 184 (bucket <= 184): best geomean 1.107x vs torch; runner-up 1.098x; 3 configs
M in 192 (bucket <= 192): best geomean 1.073x vs torch; runner-up 1.071x; 371 configs
M in 200 (bucket <= 200): best geomean 1.051x vs torch; runner-up 1.051x; 281 configs
M in 208 (bucket <= 208): best geomean 1.055x vs torch; runner-up 1.051x; 281 configs
M in 216 (bucket <= 216): best geomean 1.094x vs torch; runner-up 1.090x; 11 configs
M in 224 (bucket <= 224): best geomean 1.086x vs torch; runner-up 1.079x; 273 configs
M in 232 (bucket <= 232): best geomean 1.081x vs torch; runner-up 1.078x; 11 configs
M in 240 (bucket <= 240): best geomean 1.070x vs torch; runner-up 1.066x; 278 configs
M in 248 (bucket <= 248): best geomean 1.078x vs torch; runner-up 1.076x; 10 configs
M in 256 (bucket <= 256): best geomean 1.060x vs torch; runner-up 1.058x; 237 configs
M in 972 (bucket <= 1024): best geomean 1.018x vs torch; runner-up 1.016x; 4 configs
M in 2053 (bucket <= 2176): best geomean 1.015x vs torch; runner-up 1.014x; 4 configs
M in 2379 (bucket <= 4096): best geomean 0.986x vs torch; runner-up 0.985x; 4 configs
M in 8192 (bucket <= inf): best geomean 1.015x vs torch; runner-up 1.014x; 3 configs
"""

from .gemv import GemvConfig  # noqa: F401  (rows may name any config)
from .kernel import GemmConfig  # noqa: F401
from .pair import PairConfig  # noqa: F401
from .tma import TmaConfig  # noqa: F401
from .tma_tile import TileTmaConfig  # noqa: F401
from .ws_tile import WsTileConfig  # noqa: F401

DEVICE = "NVIDIA H200"
DATE = "2026-12-02"

# (largest M of the bucket, config), one line a bucket; the last covers every larger M.
# fmt: off
TABLE = [
    (1, GemvConfig(BLOCK_M=1, ROWS=8, BLOCK_K=256, num_warps=4, num_stages=8)),
    (2, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=256, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (4, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=256, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (7, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True)),
    (8, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=False)),
    (15, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True)),
    (16, WsTileConfig(BLOCK_R=64, BLOCK_S=16, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True)),
    (24, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (32, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (35, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=True, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True)),
    (40, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=8, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (48, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (56, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (64, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=0, SWAP_AB=False, STAGES=8, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=False, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (70, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (72, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (80, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (88, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (96, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (104, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (112, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (120, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (128, WsTileConfig(BLOCK_R=64, BLOCK_S=32, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (136, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (144, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (152, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (160, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (168, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (176, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (184, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=8, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=6, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True)),
    (192, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=128, BLOCK_S2=16, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (200, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (208, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (216, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (224, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (232, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (240, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=True)),
    (248, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=True, ONE_PRELOAD_SYNC=True, UNROLL=4, ROLLED=True)),
    (256, WsTileConfig(BLOCK_R=64, BLOCK_S=64, BLOCK_K=64, BLOCK_S2=32, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=4, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=2, ROLLED=True)),
    (1024, WsTileConfig(BLOCK_R=128, BLOCK_S=128, BLOCK_K=64, BLOCK_S2=64, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=False, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=False)),
    (2176, WsTileConfig(BLOCK_R=128, BLOCK_S=128, BLOCK_K=64, BLOCK_S2=64, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=False, PERSISTENT=True, GROUP_M=0, BLOCK_S3=0, ONE_C_TILE=False, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=False)),
    (4096, WsTileConfig(BLOCK_R=128, BLOCK_S=128, BLOCK_K=64, BLOCK_S2=64, SWAP_AB=True, STAGES=0, PRODUCER_REGS=24, PRELOAD=1, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=True, GROUP_M=0, BLOCK_S3=32, ONE_C_TILE=True, C_IN_RING=False, ONE_PRELOAD_SYNC=True, UNROLL=1, ROLLED=False)),
    (1 << 62, WsTileConfig(BLOCK_R=128, BLOCK_S=128, BLOCK_K=64, BLOCK_S2=128, SWAP_AB=False, STAGES=0, PRODUCER_REGS=24, PRELOAD=2, B_EVICT_FIRST=True, ONE_WGMMA=True, ONE_Y_BOX=True, PERSISTENT=True, GROUP_M=8, BLOCK_S3=0, ONE_C_TILE=True, C_IN_RING=False, ONE_PRELOAD_SYNC=False, UNROLL=1, ROLLED=False)),
]
# fmt: on
