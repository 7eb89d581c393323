"""`fibgemm duel A B`: two solutions timed head to head in one profile a round. On the CPU: the
schedule, which call of each pair a median comes from, the verdicts against the duel's own
noise, the wiring of `measure` (with a fake timer), and the command's refusals."""

import csv
import random

import pytest
import torch
from fault_solutions import fault_solution
from flashinfer_bench.compile import BuilderRegistry
from flashinfer_bench.data import Definition, Trace, load_jsonl_file
from helpers import WORKLOADS, CallingTimer, make_dataset, repo_solution

from fibgemm import REPO_ROOT
from fibgemm.cli import main
from fibgemm.duel import (
    AHEAD,
    BEHIND,
    CONTENDERS,
    CSV_FIELDS,
    LEVEL,
    NO_OP,
    REFERENCE,
    TWIN,
    A,
    B,
    DuelCSVError,
    Round,
    csv_row,
    duel_round,
    measure,
    noise,
    report,
    round_order,
    rounds_from_csv,
    schedule,
    verdicts,
)
from fibgemm.packing import packed_text
from fibgemm.timing import KernelTimes

NO_CUDA = pytest.mark.skipif(torch.cuda.is_available(), reason="with CUDA the duel would time")
DEFINITION = Definition.model_validate_json(
    (REPO_ROOT / "definitions/gemm/gemm_n3072_k2048.json").read_text()
)


def test_in_three_rounds_a_its_twin_and_b_take_every_place_once():
    orders = [round_order(i) for i in range(3)]
    for place in range(3):
        assert sorted(order[place] for order in orders) == sorted(CONTENDERS)
    assert round_order(3) == round_order(0)
    assert schedule(orders[1]) == [REFERENCE, REFERENCE, TWIN, TWIN, B, B, A, A]


SPREAD = (-0.2, 0.0, 0.0, 0.1, 0.9)  # µs about a callable's time: median 0, middle third 1/30


class PairTimer:
    """A fake ColdL2Timer: each callable returns its own time, its calls spread by SPREAD; the
    first call of a pair (after another kernel) reads 1 µs slower, so a median or mean taken
    from it shows."""

    def __init__(self):
        self.calls = []

    def time_many(self, fns, iters, warmup):
        self.calls.append(list(fns))
        out = []
        for i, fn in enumerate(fns):
            us = fn() + (1.0 if i % 2 == 0 else 0.0)
            out.append(KernelTimes(tuple(us + d for d in SPREAD)))
        return out


def test_a_round_files_the_second_call_of_each_pair_under_its_name():
    rng = random.Random()
    us = {name: rng.uniform(5, 9) for name in (REFERENCE, A, TWIN, B)}
    callables = {name: (lambda t=t: t) for name, t in us.items()}
    timer = PairTimer()
    for index in range(3):
        r = duel_round(64, index, callables, timer, iters=50, warmup=2)
        assert r.medians == pytest.approx(us)
        assert r.centres == pytest.approx({name: t + 0.1 / 3 for name, t in us.items()})
        assert r.order == round_order(index)
        assert timer.calls[-1] == [callables[n] for n in schedule(r.order)]
    assert r.lead == pytest.approx((us[A] + 0.1 / 3) / (us[B] + 0.1 / 3) - 1)
    assert r.speedup(B) == pytest.approx(us[REFERENCE] / us[B])


TICK = 0.032  # CUPTI's clock step on Hopper, µs


def _rounds(m: int, leads: list[float], twin_leads: list[float], rng) -> list[Round]:
    """Rounds whose centres hold the given leads of B and the twin over A, and whose medians
    are those centres on CUPTI's tick, as a real profile's are."""
    out = []
    for i, (lead, twin) in enumerate(zip(leads, twin_leads, strict=True)):
        a = rng.uniform(6, 8)
        centres = {REFERENCE: a * 1.1, A: a, B: a / (1 + lead), TWIN: a / (1 + twin)}
        medians = {k: round(v / TICK) * TICK for k, v in centres.items()}
        out.append(Round(m, i, round_order(i), medians, centres))
    return out


def test_leads_below_one_tick_are_read_from_the_centres_speedups_from_the_medians():
    rng = random.Random()
    rounds = _rounds(16, [0.002] * 4, [0.0] * 4, rng)  # 16 ns at 8 µs: half a tick
    assert verdicts(rounds) == {16: AHEAD}
    for r in rounds:
        assert r.lead == pytest.approx(0.002)
        assert r.speedup(B) == pytest.approx(r.medians[REFERENCE] / r.medians[B])


def test_b_is_ahead_or_behind_only_past_the_twins_largest_lead_in_every_round():
    rng = random.Random()
    quiet = [0.001, -0.002, 0.0015, -0.001]
    rounds = (
        _rounds(16, [0.02, 0.015, 0.025, 0.018], quiet, rng)  # ahead in every round
        + _rounds(64, [-0.03, -0.024, -0.025, -0.021], quiet, rng)  # behind in every round
        + _rounds(128, [0.02, 0.015, 0.001, 0.018], quiet, rng)  # one round within the noise
        + _rounds(256, [0.02, -0.015, 0.02, 0.018], [0.003, 0.0, 0.0, -0.001], rng)
    )
    assert noise(rounds) == pytest.approx(0.003)
    assert verdicts(rounds) == {16: AHEAD, 64: BEHIND, 128: LEVEL, 256: LEVEL}
    # a margin given replaces the noise: past 2% only M = 64 is behind in every round
    assert verdicts(rounds, margin=0.02) == {16: LEVEL, 64: BEHIND, 128: LEVEL, 256: LEVEL}
    # a noisy twin anywhere raises the bar everywhere
    loud = rounds + _rounds(972, [0.0, 0.0, 0.0, 0.0], [0.0, 0.016, 0.0, 0.0], rng)
    assert verdicts(loud)[16] == LEVEL and verdicts(loud)[64] == BEHIND


def test_the_report_shows_each_m_its_leads_the_noise_and_what_was_not_timed():
    rng = random.Random()
    rounds = _rounds(16, [0.02, 0.016], [0.001, -0.002], rng)
    text = report(rounds, "cute_gemm@aaaa", "cute_gemm@bbbb (b.json)", "0:NVIDIA H200:GPU-1",
                  failed={64: "B: INCORRECT_NUMERICAL: off"})  # fmt: skip
    assert text.startswith("B = cute_gemm@bbbb (b.json) against A = cute_gemm@aaaa on 0:NVIDIA")
    assert "- M = 64: not timed: B: INCORRECT_NUMERICAL: off" in text
    assert "its largest lead either way is the noise, 0.20%" in text
    row = next(line for line in text.splitlines() if line.startswith("| 16 |"))
    assert "+1.6% to +2.0% (mean +1.8%)" in row and row.endswith("| ahead |")
    assert "B ahead in every round: 16" in text and "B behind in every round: none" in text
    assert report([], "a", "b", "gpu", failed={16: "A: x"}).endswith("nothing timed")


def test_measure_checks_both_then_times_the_twin_as_a_itself_and_skips_a_wrong_m():
    """On the CPU with the real reference: A right, B right at M = 1 and made wrong at 2."""
    registry = BuilderRegistry.get_instance()
    workloads = {
        t.workload.axes["M"]: t.workload
        for t in load_jsonl_file(Trace, WORKLOADS)
        if t.workload.axes["M"] in (1, 2)
    }
    a = registry.build(DEFINITION, repo_solution("torch_matmul"))
    right, wrong = a, registry.build(DEFINITION, fault_solution("fault_off_by_tolerance"))

    class OneWrongAtTwo:
        """B: right at M = 1, wrong at M = 2 (the measure loop goes M by M)."""

        metadata = a.metadata

        def __call__(self, A, B, C):
            return (right if A.shape[0] == 1 else wrong)(A, B, C)

    timer, seen = CallingTimer(), []
    rounds, failed = measure(
        DEFINITION, workloads, {A: a, B: OneWrongAtTwo()}, 3, 50, 0, seen.append, timer, "cpu"
    )
    assert [(r.m, r.index) for r in rounds] == [(1, 0), (1, 1), (1, 2)] and seen == rounds
    assert list(failed) == [2] and failed[2].startswith("B: INCORRECT_NUMERICAL")
    for r, fns in zip(rounds, timer.calls, strict=True):
        named = dict(zip(schedule(r.order), fns, strict=True))
        assert named[TWIN] is named[A] and named[B] is not named[A]
        assert len(set(map(id, fns))) == 3  # torch.matmul, A (and its twin), B


@pytest.fixture
def root(tmp_path):
    return make_dataset(tmp_path / "ds", [1, 16], [repo_solution("torch_matmul")])


def test_a_malformed_or_foreign_solution_file_is_refused_naming_it(root, tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text('{"name": "x",')
    other = tmp_path / "other.json"
    other.write_text(packed_text(repo_solution("torch_matmul")).replace(
        '"definition": "gemm_n3072_k2048"', '"definition": "gemm_n4096_k4096"'))  # fmt: skip
    code = main(["duel", "--root", str(root), "torch_matmul", str(broken)])
    err = capsys.readouterr().err
    assert code == 1 and f"B: {broken}: not valid JSON" in err
    code = main(["duel", "--root", str(root), str(other), str(tmp_path / "absent.json")])
    err = capsys.readouterr().err
    assert code == 1 and "A: " in err and "names definition 'gemm_n4096_k4096'" in err
    assert f"B: {tmp_path / 'absent.json'}: cannot read it" in err


def test_an_unknown_name_an_m_without_workload_and_a_foreign_csv_are_refused(
    root, tmp_path, capsys
):
    foreign = tmp_path / "results.csv"
    foreign.write_text("run_id,commit\n1,abc\n")
    before = foreign.read_text()
    code = main(["duel", "--root", str(root), "torch_matmul", "cute_gem", "--m", "17",
                 "--csv", str(foreign)])  # fmt: skip
    err = capsys.readouterr().err
    assert code == 1 and foreign.read_text() == before
    assert "B: 'cute_gem' is no solution of the dataset ['torch_matmul']" in err
    assert "--m 17: no workload has M = 17; nearest: 16" in err
    assert "exists and is not a duel's CSV (lacking 15 of its 15 columns: date, gpu," in err


@pytest.mark.parametrize(
    ("flag", "why"), [("--rounds=1", "--rounds must be at least 2"), ("--iters=10", "at least 50")]
)
def test_too_few_rounds_or_calls_are_refused(root, capsys, flag, why):
    with pytest.raises(SystemExit) as e:
        main(["duel", "--root", str(root), "torch_matmul", "torch_matmul", flag])
    assert e.value.code == 2 and why in capsys.readouterr().err


@NO_CUDA
def test_valid_arguments_without_cuda_say_nothing_can_be_timed(root, tmp_path, capsys):
    copy = tmp_path / "copy.json"
    copy.write_text(packed_text(repo_solution("torch_matmul")))
    out = tmp_path / "duel.csv"
    code = main(["duel", "--root", str(root), "torch_matmul", str(copy), "--m", "16",
                 "--csv", str(out)])  # fmt: skip
    assert code == 2 and "nothing can be timed" in capsys.readouterr().err
    assert not out.exists()
    with open(tmp_path / "header.csv", "w", newline="") as f:
        csv.writer(f).writerow(CSV_FIELDS)
    code = main(["duel", "--root", str(root), "torch_matmul", str(copy),
                 "--csv", str(tmp_path / "header.csv")])  # fmt: skip
    assert code == 2  # a duel's CSV of earlier runs is taken, to be appended to


def test_a_contender_that_raises_loses_its_m_and_not_the_duel():
    registry = BuilderRegistry.get_instance()
    workloads = {
        t.workload.axes["M"]: t.workload
        for t in load_jsonl_file(Trace, WORKLOADS)
        if t.workload.axes["M"] == 1
    }
    a = registry.build(DEFINITION, repo_solution("torch_matmul"))
    b = registry.build(DEFINITION, fault_solution("fault_raises"))
    rounds, failed = measure(DEFINITION, workloads, {A: a, B: b}, 2, 50, 0, print, PairTimer(),
                             "cpu")  # fmt: skip
    assert rounds == [] and failed[1] == "B: raised RuntimeError: deliberate failure"


def test_a_duel_stopped_mid_way_reports_and_keeps_the_rounds_timed(root, tmp_path, monkeypatch,
                                                                     capsys):  # fmt: skip
    """The command's path after the checks, with the GPU faked: measure times two rounds,
    then a contender fails; the report shows those rounds and the CSV holds them."""
    import argparse

    from fibgemm import duel, duel_command, worker
    from fibgemm.dataset import load_dataset

    rng = random.Random()

    def two_rounds_then_a_fault(definition, workloads, runnables, rounds, iters, warmup,
                                on_round, **kw):  # fmt: skip
        for r in _rounds(16, [0.02, 0.03], [0.001, -0.001], rng):
            on_round(r)
        raise RuntimeError("CUDA error: an illegal memory access was encountered")

    monkeypatch.setattr(duel, "measure", two_rounds_then_a_fault)
    monkeypatch.setattr(worker, "gpu_label", lambda: "0:NVIDIA H200:GPU-test")
    ts = load_dataset(root).trace_set
    side = (ts.get_solution("torch_matmul"), "torch_matmul@x")
    out = tmp_path / "duel.csv"
    args = argparse.Namespace(m=[16], rounds=2, iters=50, warmup=0, margin=None, csv=out)
    code = duel_command._run_duel(args, root, ts, {"A": side, "B": side})
    captured = capsys.readouterr()
    assert code == 3
    assert "the duel stopped: RuntimeError: CUDA error: an illegal memory access" in captured.err
    assert "the 2 round(s) timed before it" in captured.err
    assert "| 16 |" in captured.out and "a no-op duel" in captured.out
    with open(out, newline="") as f:
        assert [r["round"] for r in csv.DictReader(f)] == ["0", "1"]


def _write_duel_csv(path, groups: dict) -> None:
    with open(path, "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=CSV_FIELDS)
        writer.writeheader()
        for (a, b, gpu), rounds in groups.items():
            for r in rounds:
                writer.writerow(csv_row(r, "2026-12-05T00:00:00+00:00", gpu, a, b))


def test_a_duel_csv_gives_back_its_rounds_verdicts_and_report(tmp_path):
    rng = random.Random()
    quiet = [0.001, -0.0015, 0.0005, -0.001]
    first = _rounds(144, [0.006, 0.005, 0.007, 0.0045], quiet, rng) + _rounds(
        136, [0.004, 0.001, 0.005, 0.003], quiet, rng
    )
    second = _rounds(16, [-0.02, -0.03], [0.0, 0.001], rng)
    groups = {("a@1", "b@2 (b.json)", "0:NVIDIA H100:GPU-1"): first,
              ("a@1", "a@1", "0:NVIDIA H200:GPU-2"): second}  # fmt: skip
    path = tmp_path / "duel.csv"
    _write_duel_csv(path, groups)
    back = rounds_from_csv(path)
    assert list(back) == list(groups)
    for key, rounds in groups.items():
        again = back[key]
        assert [(r.m, r.index, r.order) for r in again] == [(r.m, r.index, r.order) for r in rounds]
        assert [r.lead for r in again] == pytest.approx([r.lead for r in rounds], abs=1e-4)
        assert verdicts(again) == verdicts(rounds)
    assert verdicts(back[next(iter(groups))]) == {136: LEVEL, 144: AHEAD}
    # each figure in its own column: four distinct medians and four distinct centres
    medians = dict(zip((REFERENCE, A, TWIN, B), rng.sample(range(6000, 9000), 4), strict=True))
    r = Round(72, 1, round_order(1), {k: v / 1000 for k, v in medians.items()},
              {k: v / 1000 + 0.0123 for k, v in medians.items()})  # fmt: skip
    one = tmp_path / "one.csv"
    _write_duel_csv(one, {("a", "b", "gpu"): [r]})
    with open(one, newline="") as f:
        row = next(csv.DictReader(f))
    assert (row["M"], row["round"], row["order"]) == ("72", "1", " ".join(r.order))
    for name, prefix in ((REFERENCE, "ref"), (A, "a"), (TWIN, "twin"), (B, "b")):
        assert float(row[f"{prefix}_us"]) == pytest.approx(r.medians[name], abs=5e-4)
        assert float(row[f"{prefix}_iqm_us"]) == pytest.approx(r.centres[name], abs=5e-5)


def test_a_csv_of_another_kind_or_with_a_bad_row_is_refused_naming_why(tmp_path):
    old = tmp_path / "old.csv"
    old.write_text(",".join(CSV_FIELDS[:11]) + "\n")
    with pytest.raises(
        DuelCSVError,
        match="it is a duel's CSV from before the middle-half means were recorded "
        r"\(lacking ref_iqm_us, a_iqm_us, twin_iqm_us, b_iqm_us\)",
    ):
        rounds_from_csv(old)
    shuffled = tmp_path / "shuffled.csv"
    shuffled.write_text(",".join(reversed(CSV_FIELDS)) + "\n")
    with pytest.raises(DuelCSVError, match="it has a duel's columns in another order; a duel"):
        rounds_from_csv(shuffled)
    wider = tmp_path / "wider.csv"
    wider.write_text(",".join([*CSV_FIELDS, "note"]) + "\n")
    with pytest.raises(DuelCSVError, match=r"it has a duel's columns and others \(note\)"):
        rounds_from_csv(wider)
    empty = tmp_path / "empty.csv"
    empty.write_text(",".join(CSV_FIELDS) + "\n")
    with pytest.raises(DuelCSVError, match="no rounds"):
        rounds_from_csv(empty)
    bad = tmp_path / "bad.csv"
    rounds = _rounds(16, [0.01, 0.01], [0.0, 0.0], random.Random())
    _write_duel_csv(bad, {("a", "b", "gpu"): rounds})
    lines = bad.read_text().splitlines()
    lines[2] = lines[2].replace(",16,1,", ",16,one,")
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(DuelCSVError, match="line 3: invalid literal"):
        rounds_from_csv(bad)


def test_report_duel_prints_each_duel_again_and_draws_them(tmp_path, capsys):
    rng = random.Random()
    path = tmp_path / "duel.csv"
    rounds = _rounds(144, [0.006, 0.005, 0.007], [0.001, -0.001, 0.0], rng)
    same = _rounds(16, [0.0, 0.001], [0.001, 0.0], rng)
    _write_duel_csv(path, {("a@1", "b@2", "0:NVIDIA H100:GPU-1"): rounds,
                           ("a@1", "a@1 (copy.json)", "0:NVIDIA H100:GPU-1"): same})  # fmt: skip
    png = tmp_path / "pictures" / "duel.png"
    assert main(["report", "--duel", str(path), "--out", str(png)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("B = b@2 against A = a@1 on 0:NVIDIA H100:GPU-1")
    assert "B ahead in every round: 144" in out and f"wrote {png}" in out
    assert out.count(NO_OP) == 1 and f"{NO_OP}\nB = a@1 (copy.json) against A = a@1" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["report", "--duel", str(path), "--margin", "1"]) == 0
    out = capsys.readouterr().out
    assert "B ahead in every round: 144" not in out and "than the margin, 1.00%" in out
    assert main(["report", "--duel", str(path), "--ab", "x", "y"]) == 1
    assert "--duel reads a duel's CSV; --ab read results CSVs: pick one" in capsys.readouterr().err
    assert main(["report", "--duel", str(tmp_path / "absent.csv")]) == 1
    assert "absent.csv: [Errno 2]" in capsys.readouterr().err
