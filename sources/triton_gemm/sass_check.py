"""A check of the machine code ptxas makes from changed PTX: every uniform register a memory
instruction reads as its descriptor must be set by the kernel.

On sm_90 a global access names a memory descriptor in a uniform register, `desc[URn]`; a copy
with an L2 cache policy (`cp.async ... .L2::cache_hint`) reads its policy there. ptxas (12.8
and 13.1) assembles the hinted copies of the GEMV of 8 warps over 128-deep tiles with
`desc[UR1]`, a register no instruction of the kernel writes: every such GEMV faulted with an
illegal instruction on the H200 (gemv.is_valid refuses the shape). ptx_rewrite.reassembled runs
this check on each kernel it assembles, so that a ptxas that miscompiles another shape the same
way gets the unchanged kernel instead of a fault. It disassembles with the nvdisasm beside
Triton's ptxas (Triton's wheel carries both), else one on PATH; with neither, or should
nvdisasm fail, it checks nothing (with a warning for a failure): the check guards the rewritten
kernels, it is never a reason not to run them.
"""

import re
import shutil
import subprocess
import tempfile
import warnings
from pathlib import Path

# What running nvdisasm may raise: failing (RuntimeError), unrunnable (OSError), hung.
DISASSEMBLY_ERRORS = (OSError, RuntimeError, subprocess.SubprocessError)
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


def nvdisasm(ptxas: str | None) -> str | None:
    """The nvdisasm beside `ptxas`, else one on PATH, else None."""
    beside = Path(ptxas).parent / "nvdisasm" if ptxas else None
    return str(beside) if beside and beside.is_file() else shutil.which("nvdisasm")


def disassembled(cubin: bytes, ptxas: str | None, *flags: str) -> str | None:
    """nvdisasm's listing of `cubin` with `flags`, or None where there is no nvdisasm;
    RuntimeError with its complaint if it fails."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "kernel.cubin"
        path.write_bytes(cubin)
        return disassembled_file(path, ptxas, *flags)


def disassembled_file(cubin: Path, ptxas: str | None, *flags: str) -> str | None:
    """disassembled, of a cubin file."""
    tool = nvdisasm(ptxas)
    if tool is None:
        return None
    out = subprocess.run([tool, *flags, str(cubin)], capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        raise RuntimeError(f"nvdisasm: {out.stderr.strip()[-200:]}")
    return out.stdout


def unset_descriptors(cubin: bytes, ptxas: str | None) -> list[str] | None:
    """unwritten_descriptor_registers of `cubin`'s machine code; None where it cannot be read
    (no nvdisasm; nvdisasm failing, with a warning)."""
    try:
        sass = disassembled(cubin, ptxas)
    except DISASSEMBLY_ERRORS as e:
        warnings.warn(f"machine code not checked for unset descriptors: {e}", stacklevel=2)
        return None
    return None if sass is None else unwritten_descriptor_registers(sass)
