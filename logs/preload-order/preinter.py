# probe patch: each preloaded stage's "ready" barrier set up, fenced and its loads issued in turn
import sys
p = sys.argv[1]
s = open(p).read()
old = '''    for s in gl.static_range(PRELOAD):
        mbarrier.init(_bar(ready, s, ROLLED), count=1)  # the producer's expect; TMA the bytes
    if PRELOAD > 0:
        fence_async_shared()
        for s in gl.static_range(PRELOAD):
            _issue_stage(x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring, _bar(ready, s, ROLLED),
                         x0, y0, s, s, HAS_S2, FUSED, ONE_BOX)  # fmt: skip
'''
new = '''    for s in gl.static_range(PRELOAD):
        mbarrier.init(_bar(ready, s, ROLLED), count=1)  # the producer's expect; TMA the bytes
        fence_async_shared()
        _issue_stage(x_desc, y_desc, y2_or_y, x_ring, y_ring, y2_ring, _bar(ready, s, ROLLED),
                     x0, y0, s, s, HAS_S2, FUSED, ONE_BOX)  # fmt: skip
'''
assert s.count(old) == 1
open(p, 'w').write(s.replace(old, new))
print("patched", p)
