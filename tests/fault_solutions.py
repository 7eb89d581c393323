"""Solutions that misbehave on purpose, and the status the runner must record for each.

Each entry: name -> (main.py source, destination-passing style, expected status). They live
here, not under solutions/, and tests pack them into a throwaway copy of the dataset.
"""

from flashinfer_bench.data import BuildSpec, Solution, SourceFile

_TRITON_BAD_ADDRESS = """
import triton
import triton.language as tl


@triton.jit
def _poke(ptr):
    # An address far outside any allocation: an illegal memory access that poisons the context.
    tl.store(ptr + (1 << 40), 1.0)


def run(A, B, C):
    _poke[(1,)](C)
"""

FAULTS = {
    "fault_raises": (
        "def run(A, B, C):\n    raise RuntimeError('deliberate failure')\n",
        True,
        "RUNTIME_ERROR",
    ),
    "fault_wrong_shape": (
        "def run(A, B):\n    return (A @ B.T)[:, :-1]\n",
        False,
        "INCORRECT_SHAPE",
    ),
    "fault_wrong_dtype": (
        "def run(A, B):\n    return (A @ B.T).float()\n",
        False,
        "INCORRECT_DTYPE",
    ),
    "fault_nan": ("def run(A, B, C):\n    C.fill_(float('nan'))\n", True, "INCORRECT_NUMERICAL"),
    "fault_unwritten_row": (
        "def run(A, B, C):\n    C[1:] = A[1:] @ B.T\n",
        True,
        "INCORRECT_NUMERICAL",
    ),
    "fault_off_by_tolerance": (
        "def run(A, B, C):\n    C.copy_(A @ B.T + 1)\n",
        True,
        "INCORRECT_NUMERICAL",
    ),
    "fault_mutates_input": (
        "def run(A, B, C):\n    C.copy_(A @ B.T)\n    A.add_(1)\n",
        True,
        "RUNTIME_ERROR",
    ),
    "fault_aliases_input": (
        "def run(A, B):\n    out = B.view(-1)[: A.shape[0] * B.shape[0]].view(A.shape[0], -1)\n"
        "    return out\n",
        False,
        "RUNTIME_ERROR",
    ),
    "fault_hangs": ("import time\n\n\ndef run(A, B, C):\n    time.sleep(3600)\n", True, "TIMEOUT"),
    "fault_syntax_error": ("def run(A, B, C)\n    pass\n", True, "COMPILE_ERROR"),
    "fault_illegal_address": (_TRITON_BAD_ADDRESS, True, "RUNTIME_ERROR"),
}


def fault_solution(name: str, definition: str = "gemm_n3072_k2048") -> Solution:
    source, dps, _ = FAULTS[name]
    return _solution(name, source, dps, definition)


def _solution(
    name: str, source: str, dps: bool, definition: str, dependencies: tuple = ("torch",)
) -> Solution:
    return Solution(
        name=name,
        definition=definition,
        author="tests",
        spec=BuildSpec(
            language="python",
            target_hardware=["NVIDIA_H200"],
            entry_point="main.py::run",
            dependencies=list(dependencies),
            destination_passing_style=dps,
        ),
        sources=[SourceFile(path="main.py", content=source)],
    )


# Correct, but after its GEMM it runs a kernel of much code and little work (a long unrolled
# chain of multiply-adds, ~250 KB of code): it evicts the next kernel's code from the SMs'
# instruction caches, which the runner's L2 flush leaves warm, so the reference right after it
# runs ~3% slower than right after itself on the H200 (docs/timing.md): the runner must flag it.
DISTURBING_SOURCE = """
import torch
import triton
import triton.language as tl


@triton.jit
def _long_code(x_ptr, STEPS: tl.constexpr):
    r = tl.arange(0, 128)
    x = tl.load(x_ptr + r)
    acc = x
    for i in tl.static_range(STEPS):
        acc = acc * x + (i % 7)
    tl.store(x_ptr + r, acc)


_x = None


def run(A, B, C):
    global _x
    torch.matmul(A, B.T, out=C)
    if _x is None:
        _x = torch.zeros(128, device=A.device)
    _long_code[(264,)](_x, 4000)
"""


def disturbing_solution() -> Solution:
    return _solution(
        "zz_disturbs", DISTURBING_SOURCE, True, "gemm_n3072_k2048", ("torch", "triton")
    )
