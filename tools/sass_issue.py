"""Issue cycles of a kernel's MMA loop, read from its machine code's control words (no GPU).

From sm_70 on, ptxas writes beside every instruction the cycles the warp waits before it may
issue the next one (the stall count of the instruction's control bits, bits 105-108 of its 128;
the layout the public dissections of Volta and Turing describe, unchanged through sm_90).
Summed over a loop's body they are the cycles one warp needs to issue an iteration when nothing
else holds it up: a floor on its time where one warp has a scheduler to itself, as in the
portable kernel's mid-M tiles. On sm_90 ptxas spaces independent mma.sync HMMAs 6 cycles apart
(the tensor pipe's rate for m16n8k16), so issue cycles over 6 an HMMA say how far the loop's
copies, address arithmetic and ldmatrix push its MMAs apart. A guide for what to time, not a
time: it knows nothing of memory latency or of the other warps.

Usage: python -m tools.sass_issue KERNEL.cubin [--arch sm_90a] [--first-load-from LABEL]
(prints one JSON line). "to_first_load": the issue cycles from the entry (or LABEL) to the first
TMA load, and the waits on the way: what delays the first bytes of a latency-bound kernel.
Callers with PTX use tools.ptx_resources.resources, which adds these figures as "issue",
disassembled by the nvdisasm beside the ptxas that assembled them.
"""

import argparse
import json
import re
import sys
from pathlib import Path
from typing import NamedTuple

from fibgemm import REPO_ROOT

# triton_gemm's machine-code check runs nvdisasm (beside Triton's ptxas, else on PATH) the way
# this module needs it; the solution cannot import from here, so this imports from it.
sys.path.insert(0, str(REPO_ROOT / "sources"))
from triton_gemm.sass_check import DISASSEMBLY_ERRORS, disassembled_file  # noqa: E402

# Archs whose control words this reads (the 128-bit encoding of sm_70 to sm_90)
KNOWN_ARCHS = ("sm_80", "sm_86", "sm_89", "sm_90", "sm_90a")
_LINE = re.compile(r"^\s*/\*([0-9a-f]+)\*/\s+(.*?)\s*;\s*/\* (0x[0-9a-f]{16}) \*/")
_HIGH = re.compile(r"^\s*/\* (0x[0-9a-f]{16}) \*/")
_LABEL = re.compile(r"^(\.L_x_\d+):")
_BRANCH = re.compile(r"\bBRA\b.*`\((\.L_x_\d+)\)")
_MMA = re.compile(r"(^|\s)HMMA\.")


class Instruction(NamedTuple):
    text: str
    stall: int  # cycles before the warp's next instruction may issue


def parse(sass: str) -> tuple[list[Instruction], dict[str, int]]:
    """nvdisasm -hex output -> (instructions in order, {label: index of the next instruction})."""
    lines = sass.splitlines()
    code, labels = [], {}
    for i, line in enumerate(lines):
        label = _LABEL.match(line)
        if label:
            labels[label.group(1)] = len(code)
        m = _LINE.match(line)
        if m and i + 1 < len(lines) and (high := _HIGH.match(lines[i + 1])):
            code.append(Instruction(m.group(2), (int(high.group(1), 16) >> 41) & 0xF))
    return code, labels


def summary(body: list[Instruction]) -> dict:
    mma = sum(_MMA.search(ins.text) is not None for ins in body)
    cycles = sum(ins.stall for ins in body)
    return {
        "instructions": len(body),
        "mma": mma,
        "issue_cycles": cycles,
        "cycles_per_mma": round(cycles / mma, 2) if mma else None,
    }


def mma_loop(sass: str) -> dict | None:
    """The innermost loop (a backward branch with no other inside it) holding the most HMMAs:
    its summary. None where no loop holds one (ptxas unrolled a fixed trip count whole)."""
    code, labels = parse(sass)
    spans = []
    for end, ins in enumerate(code):
        target = _BRANCH.search(ins.text)
        if target and labels.get(target.group(1), end + 1) <= end:
            spans.append((labels[target.group(1)], end))

    def holds_another(a: int, b: int) -> bool:
        return any(a <= c and d <= b and (c, d) != (a, b) for c, d in spans)

    innermost = [(a, b) for a, b in spans if not holds_another(a, b)]
    loops = [summary(code[a : b + 1]) for a, b in innermost]
    loops = [s for s in loops if s["mma"]]
    return max(loops, key=lambda s: s["mma"], default=None)


# Instructions whose wait the stall count does not hold (the warp waits on a scoreboard):
# conversions and the special-function unit, special-register, constant and shared-memory
# reads, fences, barriers and register re-allocation.
_SCOREBOARDED = re.compile(
    r"^(?:@!?U?P\w+\s+)?(I2F|F2I|MUFU|S2U?R|U?LDC|LDS|MEMBAR|BAR|SYNCS|USETMAXREG)"
)


def to_first_load(sass: str, label: str | None = None) -> dict | None:
    """From `label` (else the kernel's first instruction) to the first TMA load (UTMALDG) after
    it, in program order, as a warp that takes no branch runs it: its summary, with the
    scoreboarded instructions on the way named in order ("waits"), whose latencies add to the
    issue cycles. None where no load follows; ValueError for a label the code does not have."""
    code, labels = parse(sass)
    start = 0 if label is None else labels.get(label)
    if start is None:
        raise ValueError(f"no label {label} in the disassembly (it has {', '.join(labels)})")
    end = next((i for i in range(start, len(code)) if "UTMALDG" in code[i].text), None)
    if end is None:
        return None
    path = code[start : end + 1]
    waits = [m.group(1) for ins in path if (m := _SCOREBOARDED.match(ins.text))]
    return {**summary(path), "waits": waits}


def of_cubin(
    cubin: Path, arch: str, ptxas: str | None = None, first_load_from: str | None = None
) -> dict:
    """{"mma_loop": summary or None, "kernel": summary of every instruction, "to_first_load":
    to_first_load from `first_load_from`} of a cubin (that `ptxas` assembled, when known), or
    {"error": ...} where its control words are not known or no nvdisasm is here."""
    if arch not in KNOWN_ARCHS:
        return {"error": f"control words of {arch} not read (only {', '.join(KNOWN_ARCHS)})"}
    try:
        text = disassembled_file(cubin, ptxas, "-hex")
    except DISASSEMBLY_ERRORS as e:
        return {"error": str(e)}
    if text is None:
        return {"error": "no nvdisasm found (Triton's wheel or PATH)"}
    try:
        first_load = to_first_load(text, first_load_from)
    except ValueError as e:
        return {"error": str(e)}
    return {
        "mma_loop": mma_loop(text),
        "kernel": summary(parse(text)[0]),
        "to_first_load": first_load,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("cubin", type=Path)
    p.add_argument("--arch", default="sm_90a", help="the arch it was assembled for")
    p.add_argument(
        "--first-load-from",
        metavar="LABEL",
        help="nvdisasm's label (.L_x_N) the path to the first TMA load starts at (default: the "
        "kernel's entry; ws_tile's kernels branch their default partition, warps 0-3, to .L_x_0)",
    )
    args = p.parse_args()
    if not args.cubin.is_file():
        print(f"{args.cubin}: no such file", file=sys.stderr)
        return 2
    from tools.ptx_resources import ptxas_candidates  # which imports this module

    ptxas = next(iter(ptxas_candidates()), None)
    result = of_cubin(args.cubin, args.arch, ptxas, args.first_load_from)
    print(json.dumps(result))
    return 1 if "error" in result else 0


if __name__ == "__main__":
    sys.exit(main())
