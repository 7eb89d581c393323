"""A compiled Triton kernel run from PTX that was changed after Triton wrote it.

ws_tile.py changes its Gluon kernel's PTX where Gluon cannot say what the kernel needs (an L2
hint on a TMA load: l2_hints.py; one WGMMA for two or three dots: wgmma_fuse.py). Triton's own
backend assembles the changed PTX (`make_cubin`: Triton's ptxas, Triton's flags), and the cubin
is kept in Triton's cache under the hash of what it was assembled from, so a process assembles
it once. Before it is kept, its machine code is checked (sass_check.py): a cubin that reads a
memory descriptor from a register it never sets is refused (MiscompiledError), and the caller
runs the kernel Triton compiled.
"""

import copy
import hashlib
import warnings
from pathlib import Path
from types import SimpleNamespace

import triton
from triton import knobs
from triton.compiler.compiler import make_backend
from triton.runtime.cache import get_cache_manager

from .sass_check import unset_descriptors

# Part of the cache key: cubins kept before the machine-code check never pass for checked ones.
_CHECK = "desc-registers-set"


class MiscompiledError(ValueError):
    """ptxas made machine code that reads a memory descriptor from a register it never sets."""


def reassembled(kernel, ptx: str):
    """A copy of the compiled (not yet loaded) kernel that runs `ptx`. Its `asm` stays the
    compiler's output; `patched_ptx` is what it runs. MiscompiledError if ptxas's machine code
    for `ptx` fails the check above."""
    backend = make_backend(kernel.metadata.target)
    # make_cubin reads its options (fp fusion, extra ptxas flags) as attributes; the kernel's
    # metadata holds the ones it was compiled with (parse_options would refuse num_warps = 5,
    # the warp-specialized kernel's count with its producer warp).
    options = SimpleNamespace(**kernel.metadata._asdict())
    ptxas = knobs.nvidia.ptxas
    key = hashlib.sha256(
        "\0".join(
            (ptx, triton.__version__, ptxas.path, ptxas.version,
             str(options.enable_fp_fusion), str(options.ptx_options), _CHECK)
        ).encode()
    ).hexdigest()  # fmt: skip
    cache = get_cache_manager(key)
    name = f"{kernel.name}.cubin"
    cached = cache.get_file(name)
    if cached is not None:
        cubin = Path(cached).read_bytes()
    else:
        cubin = backend.make_cubin(ptx, {}, options, kernel.metadata.target.arch)
        unset = unset_descriptors(cubin, ptxas.path)
        if unset:
            raise MiscompiledError(
                f"{kernel.name}: ptxas {ptxas.version} made machine code that reads memory "
                f"descriptor(s) {', '.join(unset)} no instruction sets"
            )
        cache.put(cubin, name, binary=True)
    patched = copy.copy(kernel)
    patched.kernel = cubin
    patched.module = patched.function = patched._run = None
    patched.patched_ptx = ptx
    return patched


def reassembled_or_as_compiled(kernel, ptx: str, who):
    """reassembled(kernel, ptx), or the kernel as Triton compiled it, with a warning naming
    `who` (its config), where ptxas miscompiles `ptx`."""
    try:
        return reassembled(kernel, ptx)
    except MiscompiledError as e:
        warnings.warn(f"{who}: running the kernel as compiled: {e}", stacklevel=3)
        return kernel
