"""Tools around the gemm_n3072_k2048 FlashInfer-Trace dataset: strict validation, cold-L2 CUPTI
timing, an isolating runner that writes flashinfer-bench traces, and its report."""

from pathlib import Path

DEFINITION_NAME = "gemm_n3072_k2048"
N = 3072
K = 2048

# The 43 token counts captured from Llama-3.2-1B serving: decode sizes, then prefill chunks.
WORKLOAD_MS = (
    [1, 2, 4, 7, 8, 15, 16, 24, 32, 35, 40, 48, 56, 64, 70]
    + list(range(72, 257, 8))
    + [972, 2053, 2379, 8192]
)

REPO_ROOT = Path(__file__).resolve().parent.parent
