"""triton_gemm's L2 promotion of TMA descriptors (l2_promotion.py), without a GPU: the driver's
encoder and Triton's descriptor object are stood in for."""

import ctypes
import warnings
from types import SimpleNamespace

import pytest
import torch
from triton_gemm import l2_promotion
from triton_gemm.l2_promotion import PROMOTIONS, encoded_map, promoted
from triton_gemm.ws_tile import WsTileConfig, is_valid

META = {"swizzle": 3, "elem_size": 2, "elem_type": 1, "block_size": [64, 64], "fp4_padded": False}


def fake_driver(calls):
    """A stand-in for cuTensorMapEncodeTiled: records its arguments and writes a map whose
    bytes are the promotion code."""

    def encode(at, dtype, rank, addr, dims, strides, box, ones, interleave, swizzle, promo, fill):
        r = rank.value
        calls.append(
            {
                "dtype": dtype.value, "rank": r, "addr": addr.value, "dims": list(dims[:r]),
                "strides": list(strides[: r - 1]), "box": list(box[:r]),
                "element_strides": list(ones[:r]), "interleave": interleave.value,
                "swizzle": swizzle.value, "promotion": promo.value, "fill": fill.value,
            }
        )  # fmt: skip
        ctypes.memset(at.value, promo.value + 1, 128)
        return 0

    return encode


def descriptor(rows=200, padding="zero"):
    t = torch.empty(rows, 2048, dtype=torch.float16)
    return SimpleNamespace(base=t, shape=t.shape, strides=t.stride(), padding=padding)


def test_the_map_is_encoded_with_tritons_arguments_and_the_promotion():
    calls = []
    desc = descriptor()
    encoded_map("256B", desc.base.data_ptr(), 3, [64, 128], desc.shape, desc.strides, "nan",
                encode=fake_driver(calls))  # fmt: skip
    (call,) = calls
    # Innermost dimension first, byte strides of all but the innermost, as Triton's driver.
    assert call["dims"] == [2048, 200] and call["box"] == [128, 64]
    assert call["strides"] == [2048 * 2] and call["element_strides"] == [1, 1]
    assert call["dtype"] == 6 and call["rank"] == 2 and call["addr"] == desc.base.data_ptr()
    assert call["swizzle"] == 3 and call["interleave"] == 0
    assert call["promotion"] == PROMOTIONS["256B"] == 3
    assert call["fill"] == 1  # NaN padding: NAN_REQUEST_ZERO_FMA


def test_a_failing_driver_call_is_an_error_naming_it():
    desc = descriptor()
    with pytest.raises(RuntimeError, match="cuTensorMapEncodeTiled failed with CUresult 1"):
        encoded_map("none", desc.base.data_ptr(), 3, [64, 64], desc.shape, desc.strides, "zero",
                    encode=lambda *a: 1)  # fmt: skip


def _tritons_object():
    """A buffer standing in for Triton's descriptor object, its map as Triton's 128 B."""
    buf = ctypes.create_string_buffer(256)
    ctypes.memset(ctypes.addressof(buf) + 128, PROMOTIONS["128B"] + 1, 128)
    return buf


def _found_in(obj, tritons: bytes) -> int | None:
    """map_offset for a ctypes buffer standing in for Triton's object."""
    at = obj.raw.find(tritons)
    return None if at < 0 else ctypes.addressof(obj) - id(obj) + at


def test_tritons_map_is_encoded_again_in_place_with_the_configs_promotion():
    calls, buf = [], _tritons_object()
    encoder = promoted(
        lambda desc: [buf, *desc.shape, *desc.strides], META, "none",
        encode=fake_driver(calls), find_map=_found_in,
    )  # fmt: skip
    desc = descriptor()
    args = encoder(desc)
    assert args[0] is buf and args[1:] == [200, 2048, 2048, 1]
    # First Triton's own promotion (to find its map), then the config's, written over it.
    assert [c["promotion"] for c in calls] == [2, 0]
    assert buf.raw[128:] == bytes([PROMOTIONS["none"] + 1]) * 128
    # Later descriptors (new objects, the map at the same place): the config's encode only.
    calls.clear()
    ctypes.memset(ctypes.addressof(buf) + 128, PROMOTIONS["128B"] + 1, 128)
    encoder(descriptor(rows=72))
    assert [c["promotion"] for c in calls] == [0] and calls[0]["dims"] == [2048, 72]
    assert buf.raw[128:] == bytes([PROMOTIONS["none"] + 1]) * 128


def test_a_map_not_where_tritons_was_is_left_as_triton_made_it_with_one_warning(monkeypatch):
    monkeypatch.setattr(l2_promotion, "_warned", False)
    buf = _tritons_object()
    encoder = promoted(lambda desc: [buf], META, "256B", encode=fake_driver([]),
                       find_map=lambda obj, tritons: None)  # fmt: skip
    with pytest.warns(RuntimeWarning, match="keep Triton's L2 promotion"):
        encoder(descriptor())
    assert buf.raw[128:] == bytes([PROMOTIONS["128B"] + 1]) * 128
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        encoder(descriptor())  # warned once only


def test_a_descriptor_of_another_element_size_keeps_tritons_map(monkeypatch):
    monkeypatch.setattr(l2_promotion, "_warned", False)
    calls = []
    encoder = promoted(lambda desc: ["map"], {**META, "elem_size": 4}, "none",
                       encode=fake_driver(calls))  # fmt: skip
    with pytest.warns(RuntimeWarning, match="not an fp16 descriptor"):
        assert encoder(descriptor()) == ["map"]
    assert calls == []


def test_tritons_own_promotion_leaves_tritons_encoder_as_it_is_and_others_are_refused():
    def encoder(desc):
        return [desc]

    assert promoted(encoder, META, "128B") is encoder
    with pytest.raises(ValueError, match="L2 promotion must be one of"):
        promoted(encoder, META, "512B")


def test_a_gluon_config_names_one_of_the_drivers_promotions():
    cfg = WsTileConfig(64, 32, 128, BLOCK_S2=16, ONE_WGMMA=True, ONE_Y_BOX=True)
    for name in PROMOTIONS:
        assert is_valid(WsTileConfig(**{**cfg.__dict__, "L2_PROMOTION": name}), 3072, 2048)
    assert not is_valid(WsTileConfig(**{**cfg.__dict__, "L2_PROMOTION": "512B"}), 3072, 2048)
