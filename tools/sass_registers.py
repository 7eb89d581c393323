"""Uniform registers a kernel's memory instructions read as their descriptor and nothing sets.

On sm_90 a global access names a memory descriptor in a uniform register, `desc[URn]`; a copy
with an L2 cache policy (`cp.async ... .L2::cache_hint`) reads its policy there. ptxas (12.8
and 13.1) assembles the hinted copies of B in triton_gemm's GEMV of 8 warps over 128-deep
tiles with `desc[UR1]`, a register no instruction of the kernel writes: every such GEMV faulted
with an illegal instruction on the H200 (tuner log at commit 33310ad), and `gemv.is_valid`
refuses the shape. This check finds that miscompile in the machine code, without a GPU:
`python -m tools.compile_triton_paths gemv` reports it for each GEMV it compiles.
"""

import re
import tempfile
from pathlib import Path

from tools.ptx_resources import ptxas_candidates
from tools.sass_issue import listing

_DESCRIPTOR = re.compile(r"\bdesc\[(UR\d+)\]")
# An instruction (after its address comment and an optional predicate) and its first operand,
# the register it writes; ".64" on the opcode writes that register's pair too.
_WRITE = re.compile(r"^\s*/\*[0-9a-f]+\*/\s+(?:@!?U?P[T\d]+\s+)?([A-Z][\w.]*)\s+(UR\d+)\s*,")


def unwritten_descriptor_registers(sass: str) -> list[str]:
    """The uniform registers `sass` (nvdisasm's listing of one kernel) reads as a memory
    descriptor that no instruction writes, as itself or as the upper half of a 64-bit write."""
    written = set()
    for opcode, register in (m.groups() for m in map(_WRITE.match, sass.splitlines()) if m):
        n = int(register[2:])
        written.add(n)
        if ".64" in opcode:
            written.add(n + 1)
    read = {int(r[2:]) for r in _DESCRIPTOR.findall(sass)}
    return [f"UR{n}" for n in sorted(read - written)]


def disassembled(cubin: bytes) -> str | None:
    """nvdisasm's listing of `cubin` (the nvdisasm beside Triton's ptxas, else one on PATH), or
    None where there is none."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "kernel.cubin"
        path.write_bytes(cubin)
        return listing(path, next(iter(ptxas_candidates()), None))
