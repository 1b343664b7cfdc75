"""Exact-rational references for the resource-unaware chain (Jia, §2.2–2.4): the probe times
(eq. (2.8)), one DLT distribution over the whole chain (eqs. (2.15)–(2.16)) and the pureDLT
baseline (§2.4, root idle while it waits). Inputs are doubles (printed with repr, so they parse
back exactly); every value is computed with Python's `fractions.Fraction` (no rounding at all)
and printed to 20 significant digits. Vectors are `;`-separated inside a cell.

    python3 scripts/references/unaware_chain_times.py > tests/data/reference/unaware_chain_times.csv
"""
import random
from decimal import Decimal, getcontext
from fractions import Fraction as F

getcontext().prec = 40


def d(x):
    x = F(x)
    if x == 0:
        return "0"
    v = Decimal(x.numerator) / Decimal(x.denominator)
    return "%.19e" % v


def vec(xs, f=d):
    return ";".join(f(x) for x in xs)


rng = random.Random(20261127)
print("# scripts/references/unaware_chain_times.py: exact rationals (fractions.Fraction), values to 20 significant digits")
print("load,eta,t_cp,t_cm,w,z,tc,tp,alpha,duration,pure_idle")
for case in range(120):
    n = [1, 2, 3, 5, 10, 40][case % 6]
    span = [1.0, 3.0, 6.0][case // 6 % 3]
    w = [10 ** rng.uniform(-span, span) for _ in range(n)]
    z = [10 ** rng.uniform(-span, span) for _ in range(n - 1)]
    load = [1.0, 100.0, 1e6][case // 18 % 3]
    eta = [0.01, 0.03, 0.1][case // 54 % 3 if case < 108 else 2]
    t_cp, t_cm = [(2.0, 1.0), (1.0, 1.0), (0.5, 3.0)][case % 3]
    W, Z = [F(x) for x in w], [F(x) for x in z]
    L, E, CP, CM = F(load), F(eta), F(t_cp), F(t_cm)
    # The double the crate computes eta·L from is fl(eta·L); use the same input.
    EL = F(eta * load)
    tc, tp = [F(0)] * n, [F(0)] * n
    for i in range(1, n):
        tc[i] = tc[i - 1] + EL * Z[i - 1] * CM
        tp[i] = tc[i] + EL * W[i] * CP
    # Chain recursion from the far end: unnormalised shares a, suffix sums s.
    a = [F(0)] * n
    a[n - 1] = F(1)
    s = F(1)
    for i in range(n - 2, -1, -1):
        a[i] = (a[i + 1] * W[i + 1] * CP + Z[i] * CM * s) / (W[i] * CP)
        s += a[i]
    alpha = [x / s for x in a]
    x_dist = F(load)  # chain_distribution of the whole load
    duration = alpha[0] * x_dist * W[0] * CP
    # pureDLT, root idle: t0 = max T^p, X = fl(L·(1 − η)), T = t0 + α_1·X·w_1·T_cp.
    X = F(load * (1.0 - eta))
    pure = max(tp) + alpha[0] * X * W[0] * CP
    print(",".join([repr(load), repr(eta), repr(t_cp), repr(t_cm), vec(w, repr), vec(z, repr) if z else "-",
                    vec(tc), vec(tp), vec([x * x_dist for x in alpha]), d(duration), d(pure)]))
