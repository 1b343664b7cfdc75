"""Exact optimal remapping policies and values of the Yin et al. §5 example, by exact-rational
policy iteration (fractions.Fraction, Gaussian elimination without rounding), independent of
the crate's solver.

Two processes, each a reflecting random walk on the loads 0..5 (stay 1/2, move ±1 with 1/4 each;
from 0 and 5 stay or step inwards with 1/2 each); state (i, j) has index 6i + j. Balanced states
(i = j) absorb at zero cost. Continue: cost |i − j|/2 (max-norm, Yin et al., eq. (4)), the chain's
row; remap: cost η, a uniformly random one of the 36 states (P̃(0) = U/36). Total expected cost
until absorption; policy iteration from "always remap" (proper) to a fixed point, ties continue.

    python3 scripts/references/remap_yin_exact.py > tests/data/reference/remap_yin_exact.csv

Columns: eta, state, remap (0/1), value (20 significant digits), gap (|Q_remap − Q_continue| at
the optimum, so that a test can skip states whose decision is a tie).
"""
from decimal import Decimal, getcontext
from fractions import Fraction as F

getcontext().prec = 40
L = 6


def walk(i):
    last = L - 1
    if i == 0:
        return {0: F(1, 2), 1: F(1, 2)}
    if i == last:
        return {last: F(1, 2), last - 1: F(1, 2)}
    return {i: F(1, 2), i - 1: F(1, 4), i + 1: F(1, 4)}


states = [(i, j) for i in range(L) for j in range(L)]
idx = {s: k for k, s in enumerate(states)}
trans = [k for k, (i, j) in enumerate(states) if i != j]
row = {}
for k in trans:
    i, j = states[k]
    r = {}
    for a, pa in walk(i).items():
        for b, pb in walk(j).items():
            r[idx[(a, b)]] = r.get(idx[(a, b)], 0) + pa * pb
    row[k] = r
phi = {k: F(abs(states[k][0] - states[k][1]), 2) for k in trans}
uniform = {k: F(1, 36) for k in range(36)}


def solve(A, b):
    n = len(b)
    M = [A[r][:] + [b[r]] for r in range(n)]
    for c in range(n):
        p = next(r for r in range(c, n) if M[r][c] != 0)
        M[c], M[p] = M[p], M[c]
        for r in range(n):
            if r != c and M[r][c] != 0:
                f = M[r][c] / M[c][c]
                M[r] = [x - f * y for x, y in zip(M[r], M[c])]
    return [M[r][n] / M[r][r] for r in range(n)]


def evaluate(policy, eta):
    pos = {k: t for t, k in enumerate(trans)}
    n = len(trans)
    A = [[F(0)] * n for _ in range(n)]
    b = [F(0)] * n
    for k in trans:
        t = pos[k]
        A[t][t] += 1
        r, c = (uniform, eta) if policy[k] else (row[k], phi[k])
        b[t] = c
        for s, p in r.items():
            if s in pos:
                A[t][pos[s]] -= p
    v = solve(A, b)
    V = [F(0)] * 36
    for k in trans:
        V[k] = v[pos[k]]
    return V


def q(V, k, eta):
    qc = phi[k] + sum(p * V[s] for s, p in row[k].items())
    qr = eta + sum(p * V[s] for s, p in uniform.items())
    return qc, qr


def d(x):
    return "0" if x == 0 else "%.19e" % (Decimal(x.numerator) / Decimal(x.denominator))


print("# scripts/references/remap_yin_exact.py: exact-rational policy iteration, values to 20 significant digits")
print("eta,state,remap,value,gap")
for eta_s in ["0.25", "0.5", "1", "2", "3", "4", "5", "7.5", "10", "20", "50"]:
    eta = F(eta_s)
    policy = {k: True for k in trans}
    while True:
        V = evaluate(policy, eta)
        new = {}
        for k in trans:
            qc, qr = q(V, k, eta)
            new[k] = qr < qc if qr != qc else False
        if new == policy:
            break
        policy = new
    for k in range(36):
        if k in policy:
            qc, qr = q(V, k, eta)
            gap = abs(qr - qc)
            print("%s,%d,%d,%s,%s" % (eta_s, k, int(policy[k]), d(V[k]), d(gap)))
        else:
            print("%s,%d,0,0,-1" % (eta_s, k))
