"""A stand-in for fibgemm.worker.worker_main that speaks the same protocol without a GPU, so the
runner's scheduling over several GPUs can be tested on a CPU. What it does per solution name:
zz_dies exits in the middle of M = 16, zz_hangs never answers at M = 16, zz_nobuild fails to
build; every other pair passes with fixed timings after a short sleep (so that every driver
gets work)."""

import os
import time


def fake_worker(conn, root, solution_name, settings, device):
    if device is not None:
        os.environ["CUDA_VISIBLE_DEVICES"] = device
    from flashinfer_bench.data import Correctness, EvaluationStatus, TraceSet

    from fibgemm.evaluate import Outcome

    ts = TraceSet.from_path(root)
    ms = {t.workload.uuid: t.workload.axes["M"] for ws in ts.workloads.values() for t in ws}
    gpu = os.environ.get("CUDA_VISIBLE_DEVICES", "?")
    env = {"hardware": "FAKE_GPU", "libs": {"torch": "fake"}}
    conn.send({"kind": "hello", "environment": env, "pid": os.getpid(), "gpu": f"{gpu}:Fake GPU"})
    if solution_name == "zz_nobuild":
        conn.send({"kind": "build_error", "log": "deliberate build failure"})
        return
    conn.send({"kind": "built", "seconds": 0.0})
    timing = {
        "p20_us": 6.0, "p50_us": 6.1, "p80_us": 6.2,
        "ref_p20_us": 7.0, "ref_p50_us": 7.1, "ref_p80_us": 7.2,
        "ref_self_p20_us": 7.0, "ref_self_p50_us": 7.1, "ref_self_p80_us": 7.2,
        "host_us": 10.0, "ref_host_us": 20.0,
    }  # fmt: skip
    while True:
        try:
            msg = conn.recv()
        except EOFError:
            return
        if msg["kind"] != "eval":
            return
        m = ms[msg["uuid"]]
        if m == 16 and solution_name == "zz_dies":
            os._exit(1)
        if m == 16 and solution_name == "zz_hangs":
            time.sleep(3600)
        time.sleep(0.3)
        outcome = Outcome(
            EvaluationStatus.PASSED,
            f"evaluated on {gpu}",
            Correctness(max_relative_error=1e-3, max_absolute_error=1e-2),
            timing,
            "fake",
        )
        conn.send({"kind": "result", "uuid": msg["uuid"], "outcome": outcome})


def fake_rank_worker(conn, device, launch_ref):
    """A stand-in for tuners.gpu_pool.rank_worker: a config's time is its `cost` on a GPU whose
    every kernel, torch's too, runs `speed` slower per device number, and config 'bad' is
    incorrect. Each answer names the GPU that ranked the share."""
    os.environ["CUDA_VISIBLE_DEVICES"] = device
    slow = 1 + 0.1 * int(device)
    while True:
        task = conn.recv()
        if task is None:
            return
        ms, cfgs, iters, _guard, after_itself = task
        torch_us = 7.0 * slow
        conn.send(
            [
                (torch_us / (c["cost"] * slow), {**c, "gpu": device, "after_itself": after_itself})
                for c in cfgs
                if c["name"] != "bad"
            ]
        )
