"""Does a TMA descriptor load keep an L2 eviction policy in Triton? (CPU, no GPU needed)

    PYTHONPATH=<triton 3.6 wheel> python results/logs/s10/probe_tma_evict.py

tensor_descriptor.load() takes no eviction policy, but the semantic layer beneath it does; this
calls that layer with "evict_first" from a builtin of our own, compiles for sm_90a and looks for
the policy in the TTGIR and for an L2 cache hint on the TMA load in the PTX."""

import re

import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
from triton.language.core import builtin


@builtin
def load_evict_first(desc, offsets, _semantic=None):
    return _semantic.descriptor_load(desc, offsets, "", "evict_first")


@triton.jit
def stream(a_ptr, c_ptr, M, K: tl.constexpr, BM: tl.constexpr, BK: tl.constexpr):
    desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    acc = tl.zeros([BM, BK], tl.float32)
    for k in range(0, K, BK):
        acc += load_evict_first(desc, [0, k]).to(tl.float32)
    offs = tl.arange(0, BM)[:, None] * BK + tl.arange(0, BK)[None, :]
    tl.store(c_ptr + offs, acc)


signature = {"a_ptr": "*fp16", "c_ptr": "*fp32", "M": "i32"}
signature |= {"K": "constexpr", "BM": "constexpr", "BK": "constexpr"}
src = ASTSource(fn=stream, signature=signature, constexprs={"K": 2048, "BM": 64, "BK": 64})
compiled = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_stages": 3})
print("triton", triton.__version__)
print(
    "TMA loads in the PTX:",
    sorted(set(re.findall(r"cp\.async\.bulk\.tensor\S*", compiled.asm["ptx"]))),
)
print("createpolicy in the PTX:", "createpolicy" in compiled.asm["ptx"])
for stage in ("ttir", "ttgir"):  # before and after the TMA lowering
    ops = [line.strip().split(" loc(")[0] for line in compiled.asm[stage].splitlines()]
    policy = [op for op in ops if "evictionPolicy" in op]
    print(f"ops with an eviction policy in the {stage.upper()}:", policy or "none")
