"""The tuners' spread over several GPUs (tuners/gpu_pool.py), with a fake ranking process on the
CPU: each candidate is ranked once, on one GPU, against torch on that GPU, and the winner picked
from the gathered ratios is the one a single GPU would pick."""

from fake_workers import fake_rank_worker

from tuners.gpu_pool import GpuPool, share

CFGS = [{"name": f"c{i}", "cost": 6.0 + 0.1 * ((i * 7) % 11)} for i in range(11)]
CFGS.append({"name": "bad", "cost": 1.0})


def test_shares_deal_every_candidate_once_in_a_fixed_order():
    parts = share(list(range(10)), 3)
    assert parts == [[0, 3, 6, 9], [1, 4, 7], [2, 5, 8]]
    assert share([1], 4) == [[1], [], [], []]


def test_two_gpus_pick_what_one_gpu_picks_from_ratios_on_their_own_gpus():
    with GpuPool(["0"], ("unused", "unused"), target=fake_rank_worker) as one:
        alone = one.rank([16], CFGS, iters=10)
    with GpuPool(["0", "1"], ("unused", "unused"), target=fake_rank_worker) as two:
        spread = two.rank([16], CFGS, iters=10)
    strip = lambda ranked: [(round(r, 9), c["name"]) for r, c in ranked]  # noqa: E731
    assert strip(spread) == strip(alone)  # GPU 1 is 10% slower for torch and configs alike
    assert spread[0][1]["name"] == min(CFGS[:-1], key=lambda c: c["cost"])["name"]
    assert {c["gpu"] for _, c in spread} == {"0", "1"}
    assert sorted(c["name"] for _, c in spread) == sorted(c["name"] for c in CFGS[:-1])


def test_a_bucket_ranked_on_several_gpus_takes_the_best_gathered_ratio():
    from tuners.common import tune_bucket

    class Pool:
        def rank(self, ms, cfgs, iters, guard, after_itself=False):
            self.asked = (list(ms), list(cfgs), iters, guard)
            return [(1.12, "fast"), (1.05, "slow")]

    pool, reports = Pool(), []
    best, line = tune_bucket(
        None, 16, None, lambda m: ["slow", "fast"], None, 20, False,
        report=reports.append, current="slow", pool=pool, guard=0.01,
    )  # fmt: skip
    assert best == "fast" and pool.asked == ([16], ["fast", "slow"], 20, 0.01)
    assert "M in 16 (bucket <= 16): best geomean 1.120x vs torch; runner-up 1.050x" in line
    assert "(the table's)" in reports[0]


def test_each_gpu_times_as_after_itself_says():
    with GpuPool(["0", "1"], ("unused", "unused"), target=fake_rank_worker) as two:
        assert {c["after_itself"] for _, c in two.rank([16], CFGS, iters=10)} == {False}
        ranked = two.rank([16], CFGS, iters=10, after_itself=True)
    assert {c["after_itself"] for _, c in ranked} == {True}
