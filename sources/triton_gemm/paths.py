"""Which path serves a device, decided from its compute capability and the installed Triton
before anything compiles.

- hopper: the Gluon warp-specialized tiles (ws_tile.py) with their PTX rewrites, tuned on the
  H200 (tuned.py). Built for sm_90a only (its WGMMA and setmaxnreg do not exist elsewhere, and
  compiling them for another arch aborts the process inside LLVM), and measured with Triton
  3.6 and 3.7 only (3.8 changed the Gluon API they use).
- portable: plain Triton tiles (tl.dot), which Triton lowers to each arch's own MMA
  (portable_tuned.py). With TMA and 227 KB of shared memory (sm_90, sm_100, sm_103) the TMA
  descriptor tiles; everywhere else from sm_80 (A100, RTX 30/40 and 50, L40S) the pointer
  tiles (cp.async), their pipelines cut to the device's shared memory.

FIBGEMM_PORTABLE=1 forces the portable path on any device (to test and time it on Hopper).
Below sm_80 there is no path: a clear error names the device.
"""

import os
import re
from dataclasses import dataclass

import triton

MIN_CAPABILITY = (8, 0)
HOPPER_CAPABILITY = (9, 0)
HOPPER_TRITON = ((3, 6), (3, 7))  # Triton versions the Hopper path was measured with
# The oldest Triton the portable path compiles with (its tiles' tensor descriptors and
# triton.tools.tensor_descriptor are newer than 3.3); CI compiles it with 3.4 and the newest.
OLDEST_TRITON = (3, 4)
# The largest dynamic shared memory one CTA may take (cudaDevAttrMaxSharedMemoryPerBlockOptin),
# by capability, for when torch does not report it: 227 KB on sm_90 and sm_100, 163 KB on
# sm_80/sm_87, 99 KB on sm_86, sm_89 and sm_120.
SHARED_MEMORY_BY_CAPABILITY = {(8, 0): 166912, (8, 7): 166912, (9, 0): 232448, (10, 0): 232448}
SHARED_MEMORY_DEFAULT = 101376
TMA_TABLE_SHARED_MEMORY = 232448  # the TMA table's deepest rings need all of it


@dataclass(frozen=True)
class Choice:
    """The path for one device: its name (the results' `path` column), which portable table
    ("tma" or "pointer"; None on the Hopper path), the shared-memory budget its tiles must fit,
    and why it was chosen."""

    path: str
    table: str | None
    shared_memory: int
    reason: str


def triton_version(text: str | None = None) -> tuple[int, int]:
    """(major, minor) of the installed Triton (or of `text`)."""
    major, minor = re.match(r"(\d+)\.(\d+)", text or triton.__version__).groups()
    return int(major), int(minor)


def too_old_triton(text: str | None = None) -> str:
    """Why triton_gemm cannot run with the installed Triton (or `text`), when it is too old."""
    version = text or triton.__version__
    oldest = ".".join(map(str, OLDEST_TRITON))
    return (
        f"triton_gemm needs Triton {oldest} or newer; this is Triton {version} "
        f"(pip install 'triton>={oldest}'; its Hopper path was measured with 3.6 and 3.7)"
    )


def portable_forced() -> bool:
    return os.environ.get("FIBGEMM_PORTABLE", "0") not in ("", "0")


def choose(
    capability: tuple[int, int],
    shared_memory: int,
    version: tuple[int, int],
    force_portable: bool = False,
    device_name: str = "this GPU",
) -> Choice:
    """The path for a device of `capability` with `shared_memory` bytes per CTA under Triton
    `version` (a pure function: the tests call it for GPUs this machine does not have)."""
    if tuple(capability) < MIN_CAPABILITY:
        raise RuntimeError(
            f"triton_gemm needs a CUDA GPU of compute capability 8.0 or newer (A100, H100/H200, "
            f"B200, RTX 30 and later); {device_name} is {capability[0]}.{capability[1]}"
        )
    if force_portable:
        reason = "FIBGEMM_PORTABLE is set"
    elif tuple(capability) != HOPPER_CAPABILITY:
        reason = f"sm_{capability[0]}{capability[1]} is not Hopper"
    elif tuple(version) not in HOPPER_TRITON:
        tested = ", ".join(f"{a}.{b}" for a, b in HOPPER_TRITON)
        reason = f"Triton {version[0]}.{version[1]} is untested on the Hopper path ({tested})"
    else:
        return Choice("hopper", None, shared_memory, "Hopper with a tested Triton")
    has_tma = tuple(capability) >= (9, 0)
    table = "tma" if has_tma and shared_memory >= TMA_TABLE_SHARED_MEMORY else "pointer"
    return Choice("portable", table, shared_memory, reason)


def shared_memory_of(props, capability: tuple[int, int]) -> int:
    """The device's opt-in shared memory per CTA (torch's property where it has one)."""
    reported = getattr(props, "shared_memory_per_block_optin", 0)
    return reported or SHARED_MEMORY_BY_CAPABILITY.get(tuple(capability), SHARED_MEMORY_DEFAULT)


_choices: dict = {}


def device_choice(device_index: int) -> Choice:
    """The path of CUDA device `device_index`, decided once per device and process."""
    choice = _choices.get(device_index)
    if choice is None:
        import torch

        props = torch.cuda.get_device_properties(device_index)
        capability = (props.major, props.minor)
        choice = _choices[device_index] = choose(
            capability,
            shared_memory_of(props, capability),
            triton_version(),
            portable_forced(),
            f"{props.name} (cuda:{device_index})",
        )
    return choice


def fall_back(device_index: int, reason: str) -> Choice:
    """Put the device on the portable path from now on (its Hopper path failed to build)."""
    old = _choices[device_index]
    table = "tma" if old.shared_memory >= TMA_TABLE_SHARED_MEMORY else "pointer"
    _choices[device_index] = Choice("portable", table, old.shared_memory, reason)
    return _choices[device_index]
