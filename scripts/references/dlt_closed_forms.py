"""High-precision references for the divisible-load closed forms of `loadbal::dlt`.

Independent method: the timing equations of each network are written out as one linear
system (every participant finishes at T, blocks are conserved, store-and-forward links, one
port) and solved by LU at 60 significant digits with mpmath. The crate instead uses backward
recursions, rate forms and rearranged closed forms. Sizes beyond what a dense system allows
(bus and chain speedups at n up to 1e9, the k-ary limit) use the classical closed forms in
their original hyperbolic or power form, evaluated at 60 digits, or mpmath's root finder.

Inputs are printed with Python's shortest round-trip repr, so the tests read the very same
doubles; list cells separate values with ';'. Output: one row per compared quantity.

    python3 scripts/references/dlt_closed_forms.py > tests/data/reference/dlt_closed_forms.csv
"""

import random

import mpmath as mp

mp.mp.dps = 60
rng = random.Random(20260517)

ROWS = []


def fmt(x):
    return mp.nstr(x, 20, min_fixed=-1, max_fixed=-1) if isinstance(x, mp.mpf) else repr(x)


def row(family, case, quantity, index, value, **inputs):
    cells = {
        "root": "-",
        "w_root": "0",
        "z": "-",
        "w": "-",
        "t_cp": "1.0",
        "t_cm": "1.0",
        "load": "1.0",
        "n": "0",
        "extra": "-",
    }
    for k, v in inputs.items():
        if isinstance(v, (list, tuple)):
            cells[k] = ";".join(repr(x) for x in v) if v else "-"
        else:
            cells[k] = repr(v) if isinstance(v, float) else str(v)
    ROWS.append([family, str(case)] + [cells[k] for k in ("root", "w_root", "z", "w", "t_cp", "t_cm", "load", "n", "extra")]
                + [quantity, str(index), mp.nstr(value, 25)])


def tree_system(parent, z, w, front_end, t_cp, t_cm, load, by_z=False):
    """T and the loads of a tree where every computing node takes part.

    parent[0] is None; w[v] is None for a relay. Children are served in index order, or by
    increasing link z (ties by index) with `by_z`.
    """
    n = len(parent)
    kids = [[] for _ in range(n)]
    for v in range(1, n):
        kids[parent[v]].append(v)
    if by_z:
        for ks in kids:
            ks.sort(key=lambda k: (z[k], k))
    A = lambda v: v  # alpha_v
    B = lambda v: n + v - 1  # block of v (v >= 1)
    T = 2 * n - 1
    m = 2 * n
    rows, rhs = [], []

    def eq(coefs, b):
        r = [mp.mpf(0)] * m
        for k, c in coefs.items():
            r[k] += c
        rows.append(r)
        rhs.append(b)

    # Reception end r_v as a linear form in the B's.
    rec = [dict() for _ in range(n)]
    for v in range(n):
        acc = dict(rec[v])
        for k in kids[v]:
            c = mp.mpf(z[k]) * t_cm
            acc[B(k)] = acc.get(B(k), 0) + c
            rec[k] = dict(acc)
        # acc is now r_v + all sends of v
        if w[v] is None:
            eq({A(v): 1}, 0)
        else:
            a = mp.mpf(w[v]) * t_cp
            base = acc if not front_end[v] else rec[v]
            coefs = {k: c for k, c in base.items()}
            coefs[A(v)] = coefs.get(A(v), 0) + a
            coefs[T] = -1
            eq(coefs, 0)
        # conservation
        coefs = {A(v): 1}
        for k in kids[v]:
            coefs[B(k)] = coefs.get(B(k), 0) + 1
        if v == 0:
            eq(coefs, mp.mpf(load))
        else:
            coefs[B(v)] = coefs.get(B(v), 0) - 1
            eq(coefs, 0)
    x = mp.lu_solve(mp.matrix(rows), mp.matrix(rhs))
    return x[T], [x[A(v)] for v in range(n)]


def log_uniform(lo, hi):
    return 10 ** rng.uniform(lo, hi)


# ---- star: roots of the three kinds, children sorted by z, speeds over 12 decades ----
for case in range(24):
    n = rng.choice([1, 2, 3, 5, 8, 13, 20])
    decades = 12 if case % 2 else 2
    children = sorted((log_uniform(-decades / 2, decades / 2), log_uniform(-decades / 2, decades / 2)) for _ in range(n))
    if case % 5 == 0:
        children[0] = (0.0, children[0][1])
        children.sort()
    root = ["FrontEnd", "NoFrontEnd", "NonComputing"][case % 3]
    w_root = log_uniform(-2, 2)
    t_cp, t_cm, load = rng.choice([(1.0, 1.0), (2.0, 1.0), (0.5, 3.0)]) + (rng.choice([1.0, 7.5]),)
    parent = [None] + [0] * n
    zs = [0.0] + [c[0] for c in children]
    ws = [None if root == "NonComputing" else w_root] + [c[1] for c in children]
    fe = [root == "FrontEnd"] + [True] * n
    T, alpha = tree_system(parent, zs, ws, fe, t_cp, t_cm, load)
    if min(alpha) < 0:
        continue  # a child the participation rule drops: not a closed-form case
    if root == "NoFrontEnd" and any(
            tree_system(parent[:m + 1], zs[:m + 1], ws[:m + 1], fe[:m + 1], t_cp, t_cm, load)[0] < T for m in range(n)):
        continue  # serving fewer children is faster: the participation rule drops some
    ins = dict(root=root, w_root=w_root, z=[c[0] for c in children], w=[c[1] for c in children],
               t_cp=t_cp, t_cm=t_cm, load=load, n=n)
    row("star", case, "makespan", 0, T, **ins)
    for i, a in enumerate(alpha):
        row("star", case, "alpha", i, a, **ins)

# ---- bus: homogeneous, small n by the linear system ----
for case, (root, n, sigma) in enumerate([("FrontEnd", 1, 0.2), ("FrontEnd", 9, 1e-6), ("NonComputing", 2, 1.0),
                                         ("NonComputing", 30, 0.05), ("NoFrontEnd", 7, 0.3), ("NoFrontEnd", 25, 1e-9),
                                         ("FrontEnd", 30, 1e6), ("NonComputing", 12, 1e-12)]):
    w, load = 1.7, 2.0
    z = sigma * w
    parent = [None] + [0] * n
    zs = [0.0] + [z] * n
    ws = [None if root == "NonComputing" else w] + [w] * n
    fe = [root == "FrontEnd"] + [True] * n
    T, alpha = tree_system(parent, zs, ws, fe, 1.0, 1.0, load)
    ins = dict(root=root, z=[z], w=[w], load=load, n=n)
    row("bus_homogeneous", case, "makespan", 0, T, **ins)
    for i, a in enumerate(alpha):
        row("bus_homogeneous", case, "alpha", i, a, **ins)

# ---- bus speedup for any n: the classical closed form in power form ----
for case, (root, n, sigma) in enumerate([(r, n, s) for r in ("FrontEnd", "NoFrontEnd", "NonComputing")
                                         for n in (1, 10, 1000, 10**6, 10**9)
                                         for s in (1e-12, 1e-6, 0.2, 0.9, 5.0)]):
    s = mp.mpf(sigma)
    k = 1 / (1 + s)
    if root == "FrontEnd":
        v = (1 - k ** (n + 1)) / (1 - k)
    elif root == "NoFrontEnd":
        v = mp.mpf(1) if s >= 1 else (1 - (1 - s) * k**n) / s
    else:
        v = (1 - k**n) / s
    row("bus_speedup", case, "speedup", 0, v, root=root, z=[sigma], n=n)

# ---- chain: heterogeneous, front-ends or not (c < a so nobody is cut) ----
for case in range(12):
    n = rng.choice([1, 2, 3, 6, 10, 25])
    fe = case % 2 == 0
    decades = 12 if case % 3 == 0 else 2
    ws = [log_uniform(-decades / 2, decades / 2) for _ in range(n)]
    zs = [ws[i] * rng.uniform(0.01, 0.9) if not fe else log_uniform(-decades / 2, decades / 2) for i in range(n - 1)]
    parent = [None] + list(range(n - 1))
    T, alpha = tree_system(parent, [0.0] + zs, ws, [fe] * n, 1.0, 1.0, 1.0)
    ins = dict(root="FrontEnd" if fe else "NoFrontEnd", z=zs, w=ws, n=n)
    row("chain", case, "makespan", 0, T, **ins)
    for i, a in enumerate(alpha):
        row("chain", case, "alpha", i, a, **ins)

# ---- chain speedup for any n: the hyperbolic closed form (front-end) and the power form ----
for case, (fe, n, sigma) in enumerate([(fe, n, s) for fe in (True, False)
                                       for n in (1, 2, 5, 100, 10**6, 10**9)
                                       for s in (1e-12, 1e-4, 0.3, 0.99, 4.0)]):
    s = mp.mpf(sigma)
    if n == 1:
        v = mp.mpf(1)
    elif fe:
        th = mp.acosh(1 + s / 2)
        v = 1 / (1 - mp.sinh((n - 1) * th) / mp.sinh(n * th))
    elif s >= 1:
        v = mp.mpf(1)
    else:
        q = mp.sqrt(s)
        r = (1 - q) / (1 + q)
        b2 = (1 - r ** (n - 1)) / ((1 + q) * (1 - r**n))
        v = 1 / (1 - (1 - s) * b2)
    row("chain_speedup", case, "speedup", 0, v, root="FrontEnd" if fe else "NoFrontEnd", z=[sigma], n=n)

# ---- trees: random front-end trees and complete k-ary trees, by the linear system ----
for case in range(10):
    n = rng.choice([3, 6, 10, 16])
    parent = [None] + [rng.randrange(0, v) for v in range(1, n)]
    zs = [0.0] + [log_uniform(-3, 1) for _ in range(1, n)]
    ws = [log_uniform(-1, 1) for _ in range(n)]
    if case % 3 == 0:
        ws[0] = None  # a relay root
    # Children served by increasing z: the test asks for `Optimal` (then nobody is dropped).
    T, alpha = tree_system(parent, zs, ws, [True] * n, 1.0, 1.0, 1.0, by_z=True)
    if min(alpha) < 0:
        continue  # a child the drop rule removes
    ins = dict(root="Tree", z=zs[1:], w=[-1.0 if x is None else x for x in ws], n=n,
               extra=";".join(str(p) for p in parent[1:]) or "-")
    row("tree", case, "makespan", 0, T, **ins)
    for i, a in enumerate(alpha):
        row("tree", case, "alpha", i, a, **ins)

for case, (k, d, sigma) in enumerate([(2, 1, 0.1), (2, 3, 0.2), (2, 4, 1e-6), (3, 2, 0.5), (3, 3, 2.0), (1, 6, 0.3),
                                      (5, 2, 1e-3)]):
    parent, level = [None], [0]
    for _ in range(d):
        nxt = []
        for p in level:
            for _ in range(k):
                parent.append(p)
                nxt.append(len(parent) - 1)
        level = nxt
    nn = len(parent)
    T, _ = tree_system(parent, [0.0] + [sigma] * (nn - 1), [1.0] * nn, [True] * nn, 1.0, 1.0, 1.0)
    row("kary_rho", case, "rho", 0, T, z=[sigma], n=k, extra=str(d))

# ---- k-ary limit: mpmath's root finder on the fixed point of the level map ----
for case, (k, sigma) in enumerate([(1, 0.5), (1, 1e-6), (2, 0.1), (2, 0.2), (3, 1.0), (10, 0.05), (100, 3.0)]):
    s = mp.mpf(sigma)

    def level(rho):
        p = (rho / (s + rho)) ** k
        return 1 / (1 + (1 - p) / s)

    if k == 1:
        v = (mp.sqrt(s * s + 4 * s) - s) / 2  # the chain's closed form
    else:
        v = mp.findroot(lambda r: level(r) - r, (mp.mpf("1e-30"), mp.mpf(1)), solver="anderson")
    row("kary_limit", case, "rho", 0, v, z=[sigma], n=k)


# ---- layered meshes: BFS layers of a grid, the layered equations as a linear system ----
def grid_layers(wd, ht, ox, oy):
    dist = {}
    for x in range(wd):
        for y in range(ht):
            dist[(x, y)] = abs(x - ox) + abs(y - oy)
    h = max(dist.values())
    N = [0] * (h + 1)
    E = [0] * (h + 1)
    for (x, y), dd in dist.items():
        N[dd] += 1
        for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nb in dist and dist[nb] == dd - 1:
                E[dd] += 1
    return N, E


for case, (wd, ht, ox, oy, ports, sigma, startup) in enumerate([
        (5, 5, 2, 2, "AllPort", 0.1, 0.0), (5, 5, 2, 2, "ReceiveOne", 0.1, 0.0), (7, 4, 0, 0, "SendOne", 0.5, 0.0),
        (9, 9, 4, 4, "AllPort", 1e-6, 0.0), (3, 8, 1, 2, "ReceiveOne", 5.0, 0.0), (6, 6, 3, 3, "AllPort", 0.2, 0.01)]):
    N, E = grid_layers(wd, ht, ox, oy)
    h = len(N) - 1
    P = {"AllPort": E[1:], "ReceiveOne": N[1:], "SendOne": N[:h]}[ports]
    a, c, S = mp.mpf(1), mp.mpf(sigma), mp.mpf(startup)
    rows_, rhs_ = [], []
    for l in range(1, h + 1):
        r = [mp.mpf(0)] * (h + 1)
        r[l - 1] += a
        r[l] -= a
        for j in range(l, h + 1):
            r[j] -= c * N[j] / P[l - 1]
        rows_.append(r)
        rhs_.append(S)
    rows_.append([mp.mpf(x) for x in N])
    rhs_.append(mp.mpf(1))
    x = mp.lu_solve(mp.matrix(rows_), mp.matrix(rhs_))
    if min(x) < 0:
        continue
    ins = dict(root=ports, z=[sigma], w=[1.0], n=wd, extra=f"{ht};{ox};{oy};{startup!r}")
    row("mesh", case, "makespan", 0, a * x[0], **ins)
    for l in range(h + 1):
        row("mesh", case, "x", l, x[l], **ins)

# ---- start-ups: the affine equal-finish system of a star served in order ----
for case in range(8):
    n = rng.choice([1, 2, 4, 6])
    wk = [(rng.uniform(0, 0.3), log_uniform(-2, 0), rng.uniform(0, 0.3), log_uniform(-1, 1)) for _ in range(n)]
    root = (rng.uniform(0, 0.2), log_uniform(-1, 1)) if case % 2 else None
    load = rng.choice([5.0, 20.0, 100.0])
    m = n + (1 if root else 0)
    rows_, rhs_ = [], []
    T = m  # variable index of T
    off = 1 if root else 0
    for i, (S, z, Q, w) in enumerate(wk):
        r = [mp.mpf(0)] * (m + 1)
        for j in range(i):
            r[off + j] += mp.mpf(wk[j][1])
        const = sum(mp.mpf(wk[j][0]) for j in range(i)) + S + Q
        r[off + i] += mp.mpf(z) + mp.mpf(w)
        r[T] = -1
        rows_.append(r)
        rhs_.append(-const)
    if root:
        r = [mp.mpf(0)] * (m + 1)
        r[0] = mp.mpf(root[1])
        r[T] = -1
        rows_.append(r)
        rhs_.append(-mp.mpf(root[0]))
    rows_.append([mp.mpf(1)] * m + [mp.mpf(0)])
    rhs_.append(mp.mpf(load))
    x = mp.lu_solve(mp.matrix(rows_), mp.matrix(rhs_))
    if min(x[i] for i in range(m)) < 0:
        continue
    ins = dict(root="FrontEnd" if root else "NonComputing", w_root=root[1] if root else 0.0,
               z=[v[1] for v in wk], w=[v[3] for v in wk], load=load, n=n,
               extra=";".join(repr(v) for v in ([root[0]] if root else [0.0]) + [v[0] for v in wk] + [v[2] for v in wk]))
    row("affine", case, "makespan", 0, x[T], **ins)
    for i in range(m):
        row("affine", case, "alpha", i + (0 if root else 1), x[i], **ins)

print("# High-precision references for loadbal::dlt closed forms (scripts/references/dlt_closed_forms.py).")
print(f"# mpmath {mp.__version__}, {mp.mp.dps} significant digits; values rounded to 25 digits.")
print("# Lists in a cell are separated by ';'. `extra`: parents (tree), depth (kary_rho), height;ox;oy;startup (mesh),")
print("# root q, then every worker's s, then every worker's q (affine).")
print("family,case,root,w_root,z,w,t_cp,t_cm,load,n,extra,quantity,index,value")
for r in ROWS:
    print(",".join(r))
