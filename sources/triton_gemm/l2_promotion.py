"""The L2 promotion of a launch's TMA descriptors: how much of a line an L2 miss of a TMA load
fills from HBM. Triton encodes every host-side descriptor with 128 bytes (fixed in its driver).
Measured on the H200 with the Gluon tiles (cold, dirty L2; each timed right after itself), 256
bytes ran 0.4-1.3% ahead at M = 136-256 and 1-3% behind at 2-64; none and 64 bytes level with
128 (docs/triton_gemm.md). A Gluon config's L2_PROMOTION picks it.

`promoted` wraps Triton's encoder (a descriptor -> the kernel arguments it expands into, the
first a PyCUtensorMap): the map Triton filled is encoded again in place by the CUDA driver's
cuTensorMapEncodeTiled (through ctypes), with Triton's arguments and the config's promotion.
Where the map lies in Triton's descriptor object is found once per encoder: the first
descriptor's map is encoded with Triton's 128 bytes too and must match Triton's bytes there
(which also checks that the arguments are passed as Triton's driver passes them); where it does
not (another Triton, another object layout), the descriptors keep Triton's maps, with one
warning. The launch path encodes a descriptor once per operand address (launch.py), so this
costs one driver call per new address, beside Triton's own.
"""

import ctypes
import warnings

PROMOTIONS = {"none": 0, "64B": 1, "128B": 2, "256B": 3}  # CUtensorMapL2promotion
TRITONS = "128B"
_FP16 = 6  # CU_TENSOR_MAP_DATA_TYPE_FLOAT16: every operand of this solution
_MAP_BYTES = 128
_encode_tiled = None
_warned = False


def _driver_encoder():
    global _encode_tiled
    if _encode_tiled is None:
        fn = ctypes.CDLL("libcuda.so.1").cuTensorMapEncodeTiled
        fn.restype = ctypes.c_int
        _encode_tiled = fn
    return _encode_tiled


def encoded_map(promotion: str, addr: int, swizzle: int, block, shape, strides, padding: str,
                encode=None) -> bytes:  # fmt: skip
    """The 128-byte CUtensorMap of a 2-D fp16 tensor as Triton's driver encodes it (dims and
    box innermost first, byte strides), with `promotion`."""
    encode = encode or _driver_encoder()
    rank = len(block)
    buf = ctypes.create_string_buffer(_MAP_BYTES + 64)
    at = (ctypes.addressof(buf) + 63) // 64 * 64  # a CUtensorMap is 64-byte aligned
    dims = (ctypes.c_uint64 * rank)(*reversed([int(s) for s in shape]))
    byte_strides = (ctypes.c_uint64 * rank)(*[2 * int(s) for s in reversed(strides[:-1])], 0)
    box = (ctypes.c_uint32 * rank)(*reversed([int(b) for b in block]))
    ones = (ctypes.c_uint32 * rank)(*([1] * rank))
    fill = 1 if padding == "nan" else 0  # NAN_REQUEST_ZERO_FMA, as Triton's driver
    res = encode(
        ctypes.c_void_p(at), ctypes.c_int(_FP16), ctypes.c_uint32(rank), ctypes.c_void_p(addr),
        dims, byte_strides, box, ones, ctypes.c_int(0), ctypes.c_int(swizzle),
        ctypes.c_int(PROMOTIONS[promotion]), ctypes.c_int(fill),
    )  # fmt: skip
    if res != 0:
        raise RuntimeError(f"cuTensorMapEncodeTiled failed with CUresult {res}")
    return ctypes.string_at(at, _MAP_BYTES)


def map_offset(cu_tensor_map, tritons_bytes: bytes) -> int | None:
    """Where Triton's PyCUtensorMap object holds its map, from the object's address (found by
    its bytes within the object; the same in every object of its type), or None."""
    size = min(type(cu_tensor_map).__basicsize__, 512)
    at = ctypes.string_at(id(cu_tensor_map), size).find(tritons_bytes)
    return None if at < 0 or at % 64 else at


def _keep_tritons(reason: str) -> None:
    global _warned
    if not _warned:
        _warned = True
        warnings.warn(
            f"triton_gemm: TMA descriptors keep Triton's L2 promotion ({reason})",
            RuntimeWarning,
            stacklevel=4,
        )


def promoted(encoder, meta: dict, promotion: str, encode=None, find_map=map_offset):
    """`encoder` (descriptor -> kernel arguments, Triton's make_tensordesc_arg with the
    kernel's TMA metadata `meta` bound) with the map re-encoded with `promotion`."""
    if promotion == TRITONS:
        return encoder
    if promotion not in PROMOTIONS:
        raise ValueError(f"L2 promotion must be one of {sorted(PROMOTIONS)}, got {promotion!r}")
    offset = None  # of the map in Triton's descriptor object, once found

    def encode_promoted(desc):
        nonlocal offset
        args = encoder(desc)
        if meta.get("elem_size") != 2 or meta.get("fp4_padded"):
            _keep_tritons("not an fp16 descriptor")
            return args
        described = (
            desc.base.data_ptr(), meta["swizzle"], meta["block_size"], desc.shape, desc.strides,
            desc.padding,
        )  # fmt: skip
        try:
            if offset is None:
                offset = find_map(args[0], encoded_map(TRITONS, *described, encode=encode))
                if offset is None:
                    _keep_tritons("its map is not where this Triton's was")
                    return args
            mine = encoded_map(promotion, *described, encode=encode)
        except (OSError, AttributeError, RuntimeError) as e:  # no driver library, no entry
            _keep_tritons(f"{type(e).__name__}: {e}")
            return args
        ctypes.memmove(id(args[0]) + offset, mine, _MAP_BYTES)
        return args

    return encode_promoted
