# probe patch (ws_tile._finish): the prologue's fence.proxy.async after the ring barriers' set-up
# made fence.mbarrier_init.release.cluster. variant "second": only the last before the
# warp-specialized region; "both": every one before it.
import sys
p, variant = sys.argv[1], sys.argv[2]
s = open(p).read()
hook = '''    changed = ptx
    for what, change, args in changes:'''
assert s.count(hook) == 1
s = s.replace(hook, f'''    changes.insert(0, ("probe fences", _probe_fences, ("{variant}",)))
''' + hook)
s += '''

def _probe_fences(ptx: str, variant: str) -> str:
    fence = "fence.proxy.async.shared::cta;"
    start = ptx.index("barrier.sync \\t1;")
    head, tail = ptx[:start], ptx[start:]
    n = head.count(fence)
    if n == 0:
        raise ValueError("no prologue fence")
    if variant == "both":
        head = head.replace(fence, "fence.mbarrier_init.release.cluster;")
    else:
        i = head.rindex(fence)
        head = head[:i] + "fence.mbarrier_init.release.cluster;" + head[i + len(fence):]
    return head + tail
'''
open(p, 'w').write(s)
print("patched", variant, p)
