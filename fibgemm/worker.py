"""Worker process: builds one solution and evaluates it on a list of workloads.

A worker owns its CUDA context, so an illegal memory access (which poisons the context for good)
or a hang costs only the workload in flight: the parent (runner.py) records it and starts a fresh
worker for the rest. Messages to the parent are plain dicts over a multiprocessing pipe.
"""

import os
import time
import traceback
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from .storage import dataset_read_lock


def _environment() -> dict:
    import torch

    libs = {"torch": torch.__version__, "cuda": str(torch.version.cuda)}
    for pkg in ("triton", "flashinfer-bench", "nvidia-cutlass-dsl"):
        try:
            libs[pkg] = version(pkg)
        except PackageNotFoundError:
            pass
    driver = _driver_version()
    if driver:
        libs["driver"] = driver
    return {"hardware": torch.cuda.get_device_name().replace(" ", "_"), "libs": libs}


def _driver_version() -> str | None:
    """The NVIDIA driver's version (torch does not expose it); None where nvidia-smi is absent."""
    import subprocess

    try:
        out = subprocess.run(
            ["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader", "-i", "0"],
            capture_output=True,
            text=True,
            timeout=20,
        )
        return out.stdout.strip().splitlines()[0] if out.returncode == 0 else None
    except (OSError, IndexError, subprocess.TimeoutExpired):
        return None


def gpu_label() -> str:
    """'index:name:GPU-xxxxxxxx' of the GPU this process uses: the index as the host numbers it,
    and the first 8 hex digits of the GPU's UUID (nvidia-smi's spelling), so that passes can be
    told apart by the physical GPU that ran them (a host's index 0 may be another GPU on the
    next machine). Older rows have no UUID part."""
    import torch

    visible = os.environ.get("CUDA_VISIBLE_DEVICES", "")
    index = visible.split(",")[0].strip() if visible else str(torch.cuda.current_device())
    label = f"{index}:{torch.cuda.get_device_name()}"
    uuid = str(getattr(torch.cuda.get_device_properties(torch.cuda.current_device()), "uuid", ""))
    return f"{label}:GPU-{uuid.removeprefix('GPU-')[:8]}" if uuid else label


def served_path(runnable, m: int) -> str | None:
    """The solution's own word on which of its code paths serves M rows on this GPU: its entry
    module's `served_path(M)`, if it has one (flashinfer-bench keeps the entry function)."""
    import sys

    fn = getattr(runnable, "_callable", None)
    module = sys.modules.get(getattr(fn, "__module__", ""), None)
    ask = getattr(module, "served_path", None)
    try:
        return str(ask(m)) if callable(ask) else None
    except Exception as e:  # the answer is informational: never fail a pair on it
        return f"unknown ({type(e).__name__})"


def _context_alive() -> bool:
    import torch

    try:
        torch.cuda.synchronize()
        torch.empty(1, device="cuda").add_(1)
        torch.cuda.synchronize()
        return True
    except Exception:
        return False


def worker_main(conn, root: str, solution_name: str, settings, device: str | None) -> None:
    """Build one solution on one GPU, then evaluate the workloads the parent sends, one at a
    time ({"kind": "eval", "uuid": ...}), until it sends {"kind": "stop"} or goes away.

    `device`: the CUDA_VISIBLE_DEVICES value this worker owns (one GPU), set before CUDA starts,
    so no kernel of this worker can land on a neighbour's GPU; None keeps the parent's."""
    if device is not None:
        os.environ["CUDA_VISIBLE_DEVICES"] = device
    try:
        import torch
        from flashinfer_bench.compile import BuilderRegistry
        from flashinfer_bench.data import EvaluationStatus, TraceSet

        from .evaluate import evaluate
        from .timing import ColdL2Timer

        if not torch.cuda.is_available():
            conn.send({"kind": "fatal", "log": "no CUDA device in the worker"})
            return
        with dataset_read_lock(Path(root)):  # the parent may be appending a trace
            trace_set = TraceSet.from_path(root)
        solution = trace_set.get_solution(solution_name)
        definition = trace_set.definitions[solution.definition]
        workloads = {t.workload.uuid: t.workload for t in trace_set.workloads[definition.name]}
        conn.send(
            {
                "kind": "hello",
                "environment": _environment(),
                "pid": os.getpid(),
                "gpu": gpu_label(),
            }
        )
        registry = BuilderRegistry.get_instance()
        reference = registry.build_reference(definition)
        start = time.perf_counter()
        try:
            runnable = registry.build(definition, solution)
        except Exception:
            conn.send({"kind": "build_error", "log": traceback.format_exc()})
            return
        conn.send({"kind": "built", "seconds": time.perf_counter() - start})
        timer = ColdL2Timer("cuda")
        while True:
            msg = conn.recv()
            if msg["kind"] != "eval":
                return
            uuid = msg["uuid"]
            outcome = evaluate(
                runnable, reference, definition, workloads[uuid], timer, settings, Path(root)
            )
            outcome.path = served_path(runnable, workloads[uuid].axes.get("M", 0))
            lost = outcome.status == EvaluationStatus.RUNTIME_ERROR and not _context_alive()
            conn.send({"kind": "result", "uuid": uuid, "outcome": outcome, "context_lost": lost})
            if lost:  # an illegal address poisons the context for good: a fresh worker follows
                os._exit(3)
    except (EOFError, BrokenPipeError, KeyboardInterrupt):
        return  # the parent went away
    except Exception:
        conn.send({"kind": "fatal", "log": traceback.format_exc()})
