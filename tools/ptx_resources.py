"""Registers and spills of a PTX kernel, as ptxas assembles it for one arch (no GPU needed).

The CuTe DSL compiles inside its own library and keeps only the PTX; Triton's wheel carries
ptxas (`ptxas-blackwell`, then `ptxas`), and a `ptxas` on PATH also serves. A ptxas older than
the PTX ISA version the DSL writes refuses the file and names the newest version it reads; the
file is then assembled under that version (the kernels here use nothing newer: registers
match what Nsight Compute reads on the H200).
"""

import re
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

from tools import sass_issue

_NEWEST = re.compile(r"current version is '(\d+\.\d+)'")


def ptxas_candidates() -> list[str]:
    found = []
    try:
        import triton

        bundled = Path(triton.__file__).parent / "backends" / "nvidia" / "bin"
        found += [str(bundled / name) for name in ("ptxas-blackwell", "ptxas")]
    except ImportError:
        pass
    on_path = shutil.which("ptxas")
    if on_path:
        found.append(on_path)
    return [p for p in found if Path(p).is_file()]


def _assemble(ptxas: str, ptx: Path, arch: str) -> subprocess.CompletedProcess:
    """ptxas -v on ptx, the cubin left beside it (the caller's temporary folder)."""
    return subprocess.run(
        [ptxas, f"-arch={arch}", "-v", str(ptx), "-o", str(ptx.with_suffix(".cubin"))],
        capture_output=True,
        text=True,
    )


def code_bytes(cubin: bytes) -> int:
    """Bytes of machine code in a cubin (an ELF64 file): the sizes of its .text sections. A
    kernel's code competes with the next kernel's for the SMs' instruction caches, so it is the
    number to watch where a kernel slows the one timed after it (docs/timing.md)."""
    (shoff,) = struct.unpack_from("<Q", cubin, 0x28)
    entsize, count, names_index = struct.unpack_from("<HHH", cubin, 0x3A)

    def section(i: int) -> tuple[int, int, int]:  # (name offset, file offset, size)
        name, _, _, _, offset, size = struct.unpack_from("<IIQQQQ", cubin, shoff + i * entsize)
        return name, offset, size

    names = section(names_index)[1]
    total = 0
    for i in range(count):
        name, _, size = section(i)
        end = cubin.index(b"\0", names + name)
        if cubin[names + name : end].startswith(b".text"):
            total += size
    return total


def resources(ptx_text: str, arch: str) -> dict:
    """{"registers", "spill_bytes", "code_bytes", "ptxas", "issue"} of the kernel in ptx_text
    for arch (e.g. sm_86, sm_90a), "issue" being tools.sass_issue.of_cubin's; {"error": ...}
    when no ptxas here assembles it."""
    errors = []
    with tempfile.TemporaryDirectory() as tmp:
        ptx = Path(tmp) / "kernel.ptx"
        for ptxas in ptxas_candidates():
            ptx.write_text(ptx_text)
            out = _assemble(ptxas, ptx, arch)
            newest = _NEWEST.search(out.stderr)
            if out.returncode != 0 and newest:
                ptx.write_text(re.sub(r"^\.version \S+", f".version {newest.group(1)}",
                                      ptx_text, count=1, flags=re.M))  # fmt: skip
                out = _assemble(ptxas, ptx, arch)
            regs = re.search(r"Used (\d+) registers", out.stderr)
            if out.returncode == 0 and regs:
                spills = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads", out.stderr)
                cubin = ptx.with_suffix(".cubin")
                return {
                    "registers": int(regs.group(1)),
                    "spill_bytes": int(spills.group(1)) + int(spills.group(2)) if spills else 0,
                    "code_bytes": code_bytes(cubin.read_bytes()),
                    "ptxas": Path(ptxas).name,
                    "issue": sass_issue.of_cubin(cubin, arch, ptxas),
                }
            errors.append(f"{Path(ptxas).name}: {out.stderr.strip()[-200:]}")
    return {"error": "; ".join(errors) or "no ptxas found (Triton's wheel or PATH)"}
