# probe: the table's one-tile Gluon rows at 70-256 preload their whole ring, with one CTA barrier in the preload
import sys
sys.path[:0] = [sys.argv[1] + "/sources"]
p = sys.argv[1] + "/sources/triton_gemm/tuned.py"
from triton_gemm import tuned
lines = open(p).read().split("\n")
for m, c in tuned.TABLE:
    if 70 <= m <= 256 and type(c).__name__ == "WsTileConfig" and not c.PERSISTENT:
        i = [j for j, l in enumerate(lines) if l.startswith(f"    ({m}, WsTileConfig(")]
        assert i, m
        l = lines[i[-1]]
        lines[i[-1]] = l.replace(f"PRELOAD={c.PRELOAD},", f"PRELOAD={c.ring},").replace("ONE_PRELOAD_SYNC=False", "ONE_PRELOAD_SYNC=@").replace("ONE_PRELOAD_SYNC=True", "ONE_PRELOAD_SYNC=@").replace("@", "False" if "keep-syncs" in sys.argv else "True")
if "keep-syncs" in sys.argv:
    for m, c in tuned.TABLE:
        i = [j for j, l in enumerate(lines) if l.startswith(f"    ({m}, WsTileConfig(")]
        if i:
            lines[i[-1]] = lines[i[-1]].replace("ONE_PRELOAD_SYNC=True", "ONE_PRELOAD_SYNC=False")
open(p, "w").write("\n".join(lines))
print("deep preload", p)
