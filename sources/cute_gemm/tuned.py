"""Config per M bucket, written by tuners/tune_cute.py on the device; do not edit.

Provenance: tuned on NVIDIA H200, 2026-12-05, by `python -m tuners.tune_cute`
(CUPTI span after a 256 MB zero fill, median); each bucket scored by its geomean speedup over every workload M in it (the buckets not retuned keep their own lines); --token-halves: each bucket's config in the previous table from M = 129 to 256, against swap-AB tiles of half the tokens owning 48-64 rows of B; candidates after which torch.matmul ran more than 1% slower than after itself were dropped; a row stayed unless beaten by more than 0.3%; each candidate timed right after itself.
M in 1 (bucket <= 1): best geomean 1.127x vs torch; runner-up 1.127x; 7 configs
M in 2 (bucket <= 2): best geomean 1.145x vs torch; runner-up 1.145x; 5 configs
M in 4 (bucket <= 4): best geomean 1.116x vs torch; runner-up 1.116x; 7 configs
M in 7 (bucket <= 7): best geomean 1.116x vs torch; runner-up 1.116x; 7 configs
M in 8 (bucket <= 8): best geomean 1.116x vs torch; runner-up 1.115x; 7 configs; the table's row kept (1.115x, within 0.5% of the best)
M in 15 (bucket <= 15): best geomean 1.147x vs torch; runner-up 1.142x; 7 configs
M in 16 (bucket <= 16): best geomean 1.135x vs torch; runner-up 1.129x; 7 configs
M in 24 (bucket <= 24): best geomean 1.153x vs torch; runner-up 1.150x; 5 configs
M in 32 (bucket <= 32): best geomean 1.161x vs torch; runner-up 1.161x; 5 configs
M in 35 (bucket <= 35): best geomean 1.154x vs torch; runner-up 1.149x; 2 configs
M in 40 (bucket <= 40): best geomean 1.143x vs torch; runner-up 1.143x; 2 configs; the table's row kept (1.143x, within 0.3% of the best)
M in 48 (bucket <= 48): best geomean 1.146x vs torch; runner-up 1.134x; 2 configs
M in 56 (bucket <= 56): best geomean 1.164x vs torch; runner-up 1.161x; 5 configs
M in 64 (bucket <= 64): best geomean 1.158x vs torch; runner-up 1.158x; 5 configs
M in 70 (bucket <= 70): best geomean 1.121x vs torch; runner-up 1.079x; 4 configs
M in 72 (bucket <= 72): best geomean 1.113x vs torch; runner-up 1.110x; 2 configs; the table's row kept (1.110x, within 0.3% of the best)
M in 80 (bucket <= 80): best geomean 1.126x vs torch; runner-up 1.120x; 2 configs
M in 88 (bucket <= 88): best geomean 1.123x vs torch; runner-up 1.081x; 4 configs
M in 96 (bucket <= 96): best geomean 1.135x vs torch; runner-up 1.093x; 4 configs
M in 104 (bucket <= 104): best geomean 1.128x vs torch; runner-up 1.084x; 4 configs (e34db03's second round)
M in 112 (bucket <= 112): best geomean 1.126x vs torch; runner-up 1.076x; 4 configs
M in 120 (bucket <= 120): best geomean 1.135x vs torch; runner-up 1.083x; 4 configs
M in 128 (bucket <= 128): best geomean 1.142x vs torch; runner-up 1.102x; 4 configs
M in 136 (bucket <= 136): best geomean 1.091x vs torch; runner-up 1.091x; 25 configs
M in 144 (bucket <= 144): best geomean 1.094x vs torch; runner-up 1.086x; 25 configs
M in 152 (bucket <= 152): best geomean 1.120x vs torch; runner-up 1.120x; 49 configs
M in 160 (bucket <= 160): best geomean 1.126x vs torch; runner-up 1.126x; 49 configs
M in 168 (bucket <= 168): best geomean 1.100x vs torch; runner-up 1.086x; 24 configs
M in 176 (bucket <= 176): best geomean 1.098x vs torch; runner-up 1.088x; 25 configs
M in 184 (bucket <= 184): best geomean 1.104x vs torch; runner-up 1.094x; 5 configs
M in 192 (bucket <= 192): best geomean 1.108x vs torch; runner-up 1.106x; 5 configs (as at 5bb56e5)
M in 200 (bucket <= 200): best geomean 1.122x vs torch; runner-up 1.113x; 2 configs
M in 208 (bucket <= 208): best geomean 1.118x vs torch; runner-up 1.113x; 2 configs
M in 216 (bucket <= 216): best geomean 1.161x vs torch; runner-up 1.140x; 2 configs
M in 224 (bucket <= 224): best geomean 1.168x vs torch; runner-up 1.147x; 2 configs
M in 232 (bucket <= 232): best geomean 1.165x vs torch; 1 configs
M in 240 (bucket <= 240): best geomean 1.133x vs torch; runner-up 1.129x; 2 configs
M in 248 (bucket <= 248): best geomean 1.132x vs torch; runner-up 1.116x; 2 configs
M in 256 (bucket <= 256): best geomean 1.134x vs torch; runner-up 1.108x; 2 configs
M in 972 (bucket <= 1024): best geomean 1.028x vs torch; runner-up 1.018x; 2 configs (--clip-last)
M in 2053 (bucket <= 2176): best geomean 1.018x vs torch; runner-up 1.010x; 2 configs (--clip-last)
M in 2379 (bucket <= 4096): best geomean 0.999x vs torch; runner-up 0.990x; 2 configs (--clip-last)
M in 8192 (bucket <= inf): best geomean 1.023x vs torch; runner-up 1.019x; 7 configs
"""

from .kernel import CuteConfig  # noqa: F401
from .portable import PortableConfig  # noqa: F401

DEVICE = "NVIDIA H200"
DATE = "2026-12-05"

# (largest M of the bucket, config), one line a bucket; the last covers every larger M.
# fmt: off
TABLE = [
    (1, PortableConfig(tile_p=32, tile_q=16, swap_ab=True, tile_k=64, stages=12, warps_p=2, warps_q=1, splits=1, warps_k=2, staged_epilogue=True, group_p=1, peel_tail=True, persistent=False, b_evict_first=True, b_l2_prefetch=1)),
    (2, CuteConfig(tile_r=64, tile_s=16, swap_ab=True, stages=9, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=3, l2_promotion="", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (4, PortableConfig(tile_p=32, tile_q=16, swap_ab=True, tile_k=64, stages=12, warps_p=2, warps_q=1, splits=1, warps_k=2, staged_epilogue=True, group_p=1, peel_tail=True, persistent=False, b_evict_first=True, b_l2_prefetch=0)),
    (7, PortableConfig(tile_p=32, tile_q=16, swap_ab=True, tile_k=64, stages=12, warps_p=2, warps_q=1, splits=1, warps_k=2, staged_epilogue=True, group_p=1, peel_tail=True, persistent=False, b_evict_first=True, b_l2_prefetch=1)),
    (8, PortableConfig(tile_p=32, tile_q=16, swap_ab=True, tile_k=64, stages=12, warps_p=2, warps_q=1, splits=1, warps_k=2, staged_epilogue=True, group_p=1, peel_tail=True, persistent=False, b_evict_first=True, b_l2_prefetch=0)),
    (15, PortableConfig(tile_p=32, tile_q=16, swap_ab=True, tile_k=64, stages=12, warps_p=2, warps_q=1, splits=1, warps_k=2, staged_epilogue=True, group_p=1, peel_tail=True, persistent=False, b_evict_first=True, b_l2_prefetch=4)),
    (16, PortableConfig(tile_p=32, tile_q=16, swap_ab=True, tile_k=64, stages=12, warps_p=2, warps_q=1, splits=1, warps_k=2, staged_epilogue=True, group_p=1, peel_tail=True, persistent=False, b_evict_first=True, b_l2_prefetch=1)),
    (24, CuteConfig(tile_r=64, tile_s=32, swap_ab=True, stages=8, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first_a_last", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=3, l2_promotion="", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (32, CuteConfig(tile_r=64, tile_s=32, swap_ab=True, stages=8, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first_a_last", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=3, l2_promotion="", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (35, CuteConfig(tile_r=64, tile_s=48, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=2, l2_promotion="128B", clip_last=False, epi_in_ring=True, store_under_mma=False, s_fastest=False)),
    (40, CuteConfig(tile_r=64, tile_s=48, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=2, l2_promotion="128B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (48, CuteConfig(tile_r=64, tile_s=48, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=2, l2_promotion="", clip_last=False, epi_in_ring=True, store_under_mma=False, s_fastest=False)),
    (56, CuteConfig(tile_r=64, tile_s=32, swap_ab=False, stages=8, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=3, l2_promotion="", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (64, CuteConfig(tile_r=64, tile_s=32, swap_ab=False, stages=8, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=3, l2_promotion="", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (70, CuteConfig(tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (72, CuteConfig(tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (80, CuteConfig(tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (88, CuteConfig(tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (96, CuteConfig(tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (104, CuteConfig(tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first_a_last", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (112, CuteConfig(tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (120, CuteConfig(tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (128, CuteConfig(tile_r=64, tile_s=48, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (136, CuteConfig(tile_r=64, tile_s=72, swap_ab=True, stages=0, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=True)),
    (144, CuteConfig(tile_r=64, tile_s=72, swap_ab=True, stages=0, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=True, epi_in_ring=False, store_under_mma=False, s_fastest=True)),
    (152, CuteConfig(tile_r=64, tile_s=80, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=True)),
    (160, CuteConfig(tile_r=64, tile_s=80, swap_ab=True, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="", clip_last=True, epi_in_ring=False, store_under_mma=False, s_fastest=True)),
    (168, CuteConfig(tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first_a_last", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (176, CuteConfig(tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first_a_last", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (184, CuteConfig(tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="64B", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (192, CuteConfig(tile_r=64, tile_s=80, swap_ab=False, stages=0, splits=1, tile_k=128, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (200, CuteConfig(tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first_a_last", x_rows=0, epi_cols=0, epi_stages=3, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=True, store_under_mma=False, s_fastest=False)),
    (208, CuteConfig(tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first_a_last", x_rows=0, epi_cols=0, epi_stages=3, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=True, store_under_mma=False, s_fastest=False)),
    (216, CuteConfig(tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=True, store_under_mma=False, s_fastest=False)),
    (224, CuteConfig(tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=True, store_under_mma=False, s_fastest=False)),
    (232, CuteConfig(tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first_a_last", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=True, store_under_mma=False, s_fastest=False)),
    (240, CuteConfig(tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first_a_last", x_rows=0, epi_cols=0, epi_stages=3, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=True, store_under_mma=False, s_fastest=False)),
    (248, CuteConfig(tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=True, store_under_mma=False, s_fastest=False)),
    (256, CuteConfig(tile_r=64, tile_s=96, swap_ab=False, stages=0, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=3, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=0, l2_promotion="256B", clip_last=False, epi_in_ring=True, store_under_mma=False, s_fastest=False)),
    (1024, CuteConfig(tile_r=128, tile_s=192, swap_ab=False, stages=4, splits=1, tile_k=64, persistent=False, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=0, l2_promotion="", clip_last=True, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (2176, CuteConfig(tile_r=128, tile_s=192, swap_ab=True, stages=0, splits=1, tile_k=64, persistent=True, row_step=0, cluster_r=1, l2_hint="b_first", x_rows=0, epi_cols=0, epi_stages=6, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=0, l2_promotion="none", clip_last=True, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
    (4096, CuteConfig(tile_r=128, tile_s=224, swap_ab=True, stages=0, splits=1, tile_k=64, persistent=True, row_step=0, cluster_r=1, l2_hint="", x_rows=0, epi_cols=0, epi_stages=6, mma_batches=1, stream_k=False, epi_whole=False, pingpong=False, l2_prefetch=0, l2_promotion="", clip_last=True, epi_in_ring=False, store_under_mma=True, s_fastest=False)),
    (1 << 62, CuteConfig(tile_r=128, tile_s=192, swap_ab=True, stages=0, splits=1, tile_k=64, persistent=True, row_step=0, cluster_r=2, l2_hint="normal", x_rows=0, epi_cols=0, epi_stages=2, mma_batches=1, stream_k=False, epi_whole=True, pingpong=False, l2_prefetch=0, l2_promotion="", clip_last=False, epi_in_ring=False, store_under_mma=False, s_fastest=False)),
]
# fmt: on
