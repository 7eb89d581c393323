"""A model of ws_tile.py's ready/empty mbarrier protocol with PRELOAD, under random interleavings.

results/logs/s9/model_ring_protocol.py with the eleventh session's change: the first PRELOAD K
steps are issued before either partition starts (without a wait: their stages are fresh), and
the producer then goes on from step PRELOAD with the same waits as before. A ring is never
deeper than the K steps (is_valid), so k_tiles >= stages here.

The producer fills ring stage s of lap L after waiting on empty[s] with parity (L & 1) ^ 1; the
TMA completes ready[s]; the consumer waits on ready[s] with parity L & 1, and once it has issued
stage i it releases stage i - 1 (for stage 0 of a lap: the last stage of the lap before, only
after the first lap). An mbarrier is modelled by its completed-phase count; a parity wait
passes when the phase of that parity has completed. Checks: no hang, the consumer reads the K
step it expects, and no stage is refilled before it was consumed.

    python results/logs/s11/model_ring_protocol_preload.py          # every PRELOAD: no failure
    python results/logs/s11/model_ring_protocol_preload.py --bug    # release before the first lap
"""

import random
import sys


class Barrier:
    def __init__(self):
        self.phases = 0  # count 1: every arrive completes a phase

    def arrive(self):
        self.phases += 1

    def passed(self, parity: int) -> bool:
        return (self.phases & 1) != parity


def run(stages: int, k_tiles: int, seed: int, bug: bool, preload: int) -> str:
    rnd = random.Random(seed)
    ready = [Barrier() for _ in range(stages)]
    empty = [Barrier() for _ in range(stages)]
    held = [None] * stages  # [K step, consumed] per stage
    order = [(i, i // stages, i % stages) for i in range(k_tiles)]
    landing = [order[i] for i in range(preload)]  # issued at the kernel's entry
    p, c = preload, 0
    while c < k_tiles:
        moves = []
        if p < k_tiles and empty[order[p][2]].passed((order[p][1] & 1) ^ 1):
            moves.append("load")
        if landing:
            moves.append("land")
        if ready[order[c][2]].passed(order[c][1] & 1):
            moves.append("consume")
        if not moves:
            return f"hang: producer at step {p}, consumer at step {c}"
        move = rnd.choice(moves)
        if move == "load":
            landing.append(order[p])
            p += 1
        elif move == "land":
            i, _, s = landing.pop(rnd.randrange(len(landing)))
            if held[s] is not None and not held[s][1]:
                return f"stage {s} refilled before step {held[s][0]} was consumed"
            held[s] = [i, False]
            ready[s].arrive()
        else:
            i, lap, s = order[c]
            if held[s][0] != i:
                return f"consumer expected step {i}, stage {s} holds {held[s][0]}"
            prev = s - 1 if s else stages - 1
            if s or lap > 0 or bug:
                if held[prev] is not None:
                    held[prev][1] = True
                empty[prev].arrive()
            c += 1
    return "ok"


def main() -> int:
    bug = "--bug" in sys.argv
    failures = 0
    cases = 0
    for stages in range(2, 9):
        for k_tiles in sorted({stages, stages + 1, 2 * stages - 1, 16, 32}):
            for preload in range(stages + 1):
                cases += 1
                for seed in range(200):
                    result = run(stages, k_tiles, seed, bug, preload)
                    if result != "ok":
                        print(f"stages={stages} k_tiles={k_tiles} preload={preload} seed={seed}: "
                              f"{result}")  # fmt: skip
                        failures += 1
                        break
    print(f"{failures} failing of {cases} (stages, k_tiles, preload) cases, 200 interleavings each")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
