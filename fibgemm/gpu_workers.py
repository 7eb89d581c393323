"""One worker process per GPU, fed (solution, workload) pairs from one queue.

Each GPU has a driver thread in the runner's process and, under it, at most one worker process
at a time: the worker owns that GPU alone (CUDA_VISIBLE_DEVICES), builds one solution, and
evaluates the pairs it is sent one at a time, reference and solution in the same profile on
the same GPU. Pairs are queued solution by solution, so a driver keeps its worker while the
pairs it takes share a solution and starts a fresh one when the solution changes. A worker that
crashes, hangs or loses its CUDA context costs only the pair in flight: the driver records that
pair as failed and the next pair gets a fresh worker. A build that fails, crashes or hangs would
do so again: every later pair of that solution on that GPU is recorded with the same failure.

The queue is the standard library's; the drivers are threads because all they do is wait on
their worker's pipe.
"""

import multiprocessing as mp
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from flashinfer_bench.data import EvaluationStatus

from .evaluate import Outcome

UNKNOWN_ENVIRONMENT = {"hardware": "unknown", "libs": {}}


@dataclass
class Worker:
    """A worker process and the solution it built."""

    solution: str
    proc: object
    conn: object
    environment: dict = field(default_factory=lambda: dict(UNKNOWN_ENVIRONMENT))
    gpu: str = ""

    def stop(self) -> None:
        try:
            self.conn.send({"kind": "stop"})
        except (OSError, ValueError):
            pass
        self.proc.join(5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()

    def kill(self) -> None:
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join()
        self.conn.close()


@dataclass
class DriverSettings:
    root: str
    settings: object
    build_timeout_s: float
    workload_timeout_s: float
    target: Callable  # the worker function: fibgemm.worker.worker_main, or a test's fake


class Driver:
    """Feeds one GPU's worker from the shared queue until it is empty or `stop` is set."""

    def __init__(self, device: str | None, cfg: DriverSettings, record, log, stop: threading.Event):
        self.device = device
        self.cfg = cfg
        self.record = record  # record(solution, workload, outcome, environment, gpu)
        self.log = log
        self.stop_event = stop
        self.worker: Worker | None = None
        self.failed_builds: dict[str, tuple[Outcome, dict, str]] = {}
        self.error: BaseException | None = None

    def run(self, pairs: "queue.Queue") -> None:
        try:
            while not self.stop_event.is_set():
                try:
                    solution, workload = pairs.get_nowait()
                except queue.Empty:
                    break
                self._one(solution, workload)
        except BaseException as e:  # a record that could not be written: stop every driver
            self.error = e
            self.stop_event.set()
        finally:
            if self.worker is not None:
                self.worker.stop()
                self.worker = None

    def _one(self, solution, workload) -> None:
        if solution.name in self.failed_builds:
            outcome, environment, gpu = self.failed_builds[solution.name]
            self.record(solution, workload, outcome, environment, gpu)
            return
        if self.worker is None or self.worker.solution != solution.name:
            if self.worker is not None:
                self.worker.stop()
            self.worker = self._start(solution)
            if self.worker is None:
                outcome, environment, gpu = self.failed_builds[solution.name]
                self.record(solution, workload, outcome, environment, gpu)
                return
        w = self.worker
        m = workload.axes.get("M")
        try:
            w.conn.send({"kind": "eval", "uuid": workload.uuid})
            ready = w.conn.poll(self.cfg.workload_timeout_s)
            msg = w.conn.recv() if ready else None
        except (EOFError, OSError):
            msg, ready = None, True
        if msg is None or msg.get("kind") != "result":
            w.kill()
            self.worker = None
            if not ready:
                outcome = Outcome(
                    EvaluationStatus.TIMEOUT,
                    f"{solution.name}: workload M={m} gave no result within "
                    f"{self.cfg.workload_timeout_s:.0f} s; worker killed",
                )
            else:
                detail = f": {msg['log']}" if msg and "log" in msg else ""
                outcome = Outcome(
                    EvaluationStatus.RUNTIME_ERROR,
                    f"{solution.name}: worker died (exit code {w.proc.exitcode}) during "
                    f"workload M={m}{detail}",
                )
            self.record(solution, workload, outcome, w.environment, w.gpu)
            return
        self.record(solution, workload, msg["outcome"], w.environment, w.gpu)
        if msg.get("context_lost"):
            self.log(f"{solution.name}: CUDA context lost on GPU {w.gpu}; a fresh worker follows")
            w.kill()
            self.worker = None

    def _start(self, solution) -> Worker | None:
        """A built worker for `solution`, or None with the failure in failed_builds."""
        ctx = mp.get_context("spawn")
        parent, child = ctx.Pipe(duplex=True)
        proc = ctx.Process(
            target=self.cfg.target,
            daemon=True,
            args=(child, self.cfg.root, solution.name, self.cfg.settings, self.device),
        )
        proc.start()
        child.close()
        w = Worker(solution.name, proc, parent)
        while True:
            try:
                ready = parent.poll(self.cfg.build_timeout_s)
                msg = parent.recv() if ready else None
            except (EOFError, OSError):
                ready, msg = True, None
            if msg is None:
                w.kill()
                status = EvaluationStatus.TIMEOUT if not ready else EvaluationStatus.RUNTIME_ERROR
                why = (
                    f"gave no result within {self.cfg.build_timeout_s:.0f} s; worker killed"
                    if not ready
                    else f"worker died (exit code {proc.exitcode})"
                )
                self._fail_build(solution, Outcome(status, f"{solution.name}: build {why}"), w)
                return None
            kind = msg["kind"]
            if kind == "hello":
                w.environment, w.gpu = msg["environment"], msg.get("gpu", "")
            elif kind == "built":
                where = f" on GPU {w.gpu}" if w.gpu else ""
                self.log(f"{solution.name}: built in {msg['seconds']:.1f} s{where}")
                return w
            elif kind in ("build_error", "fatal"):
                w.kill()
                status = (
                    EvaluationStatus.COMPILE_ERROR
                    if kind == "build_error"
                    else EvaluationStatus.RUNTIME_ERROR
                )
                self._fail_build(solution, Outcome(status, f"{solution.name}: {msg['log']}"), w)
                return None

    def _fail_build(self, solution, outcome: Outcome, w: Worker) -> None:
        self.failed_builds[solution.name] = (outcome, w.environment, w.gpu)


def run_pairs(pairs: list, devices: list, cfg: DriverSettings, record, log) -> None:
    """Evaluate every (solution, workload) pair once, on `devices` (CUDA_VISIBLE_DEVICES values;
    [None] keeps the environment's GPU). Returns when every pair is recorded; re-raises the
    first error a record raised (after every driver has stopped)."""
    work: queue.Queue = queue.Queue()
    for pair in pairs:
        work.put(pair)
    stop = threading.Event()
    drivers = [Driver(d, cfg, record, log, stop) for d in devices]
    threads = [
        threading.Thread(target=d.run, args=(work,), name=f"gpu-{d.device}", daemon=True)
        for d in drivers
    ]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(0.5)
    except KeyboardInterrupt:
        stop.set()
        for d in drivers:
            if d.worker is not None:
                d.worker.kill()
        raise
    for d in drivers:
        if d.error is not None:
            raise d.error
