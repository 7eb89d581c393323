"""tools/ptx_resources on a hand-written PTX kernel: no DSL, no GPU."""

from tools import ptx_resources

# One store of 1.0f through a pointer; written for a newer PTX ISA than the bundled ptxas reads,
# as the CuTe DSL writes its PTX.
PTX = """.version 9.4
.target sm_80
.address_size 64

.visible .entry store_one(.param .u64 out)
{
    .reg .b64 %rd<3>;
    .reg .f32 %f<2>;
    ld.param.u64 %rd1, [out];
    cvta.to.global.u64 %rd2, %rd1;
    mov.f32 %f1, 0f3F800000;
    st.global.f32 [%rd2], %f1;
    ret;
}
"""


def test_a_kernel_is_assembled_for_each_family_and_its_registers_reported():
    assert ptx_resources.ptxas_candidates(), "no ptxas: Triton's wheel should carry one"
    for arch in ("sm_80", "sm_86", "sm_90a", "sm_100a", "sm_120a"):
        res = ptx_resources.resources(PTX, arch)
        assert "error" not in res, (arch, res)
        assert 0 < res["registers"] <= 16 and res["spill_bytes"] == 0, (arch, res)


def test_ptx_no_ptxas_here_can_read_is_an_error_not_a_number(monkeypatch):
    res = ptx_resources.resources(PTX.replace("st.global.f32", "st.global.bogus"), "sm_90a")
    assert set(res) == {"error"} and "bogus" in res["error"]
    monkeypatch.setattr(ptx_resources, "ptxas_candidates", lambda: [])
    assert "no ptxas found" in ptx_resources.resources(PTX, "sm_90a")["error"]


def test_code_bytes_count_the_machine_code_and_grow_with_it():
    """16-byte instructions from sm_70 on: one store is a few of them; 64 stores to separate
    addresses are at least 64 more."""
    many = PTX.replace(
        "    st.global.f32 [%rd2], %f1;\n",
        "".join(f"    st.global.f32 [%rd2+{4 * i}], %f1;\n" for i in range(64)),
    )
    for arch in ("sm_80", "sm_90a"):
        one = ptx_resources.resources(PTX, arch)["code_bytes"]
        more = ptx_resources.resources(many, arch)["code_bytes"]
        assert one % 16 == 0 and 16 * 3 <= one <= 512, (arch, one)
        assert more >= one + 64 * 16, (arch, one, more)
