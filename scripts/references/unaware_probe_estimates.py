"""Exact-rational references for the probe phase of the resource-unaware strategies (Jia):
the tree probe's report times (§3.2), the estimates from the reports (eqs. (2.1)–(2.2), (3.1)–(3.2)),
the load partition Π (§2.3) and the dispatch that finishes at a given time (eq. (3.6)).
Inputs are doubles printed with repr (they parse back exactly); outputs are computed with
fractions.Fraction (no rounding) and printed to 20 significant digits. Vectors are `;`-separated.

    python3 scripts/references/unaware_probe_estimates.py tests/data/reference

writes unaware_probe_tree.csv and unaware_estimates.csv.
"""
import random
import sys
from decimal import Decimal, getcontext
from fractions import Fraction as F

getcontext().prec = 40
out_dir = sys.argv[1] if len(sys.argv) > 1 else "."
HEAD = "# scripts/references/unaware_probe_estimates.py: exact rationals (fractions.Fraction), values to 20 significant digits\n"


def d(x):
    x = F(x)
    return "0" if x == 0 else "%.19e" % (Decimal(x.numerator) / Decimal(x.denominator))


def vec(xs, f=d):
    return ";".join(f(x) for x in xs)


rng = random.Random(20261127)

# ---------------------------------------------------------------- tree probe
with open(out_dir + "/unaware_probe_tree.csv", "w") as f:
    f.write(HEAD)
    f.write("load,eta,t_cp,t_cm,parent,z,w,tcs,tcf,tp,terms\n")
    for case in range(60):
        n = [2, 3, 5, 10, 20, 40][case % 6]
        span = [1.0, 3.0, 6.0][case // 6 % 3]
        parent = [-1] + [rng.randrange(0, i) for i in range(1, n)]
        if all(p != 0 for p in parent[1:]):
            parent[1] = 0
        z = [0.0] + [10 ** rng.uniform(-span, span) for _ in range(n - 1)]
        w = [10 ** rng.uniform(-span, span) for _ in range(n)]
        load, eta = [1.0, 100.0, 1e6][case % 3], [0.01, 0.03, 0.1][case // 3 % 3]
        t_cp, t_cm = [(2.0, 1.0), (1.0, 1.0), (0.5, 3.0)][case // 9 % 3]
        children = [[c for c in range(n) if parent[c] == v] for v in range(n)]
        size = F(eta * load)  # the crate's eta·L is one rounded product; start from it
        pl = F(float(size / len(children[0])))  # ...and PL is one rounded quotient
        tcs, tcf, tp = [F(0)] * n, [F(0)] * n, [F(0)] * n
        terms = [0] * n
        order, stack = [], [0]
        while stack:
            v = stack.pop()
            order.append(v)
            stack.extend(reversed(children[v]))
        for v in order:
            t, k = tcf[v], terms[v]
            for c in children[v]:
                tcs[c] = t
                tcf[c] = t + pl * F(z[c]) * F(t_cm)
                tp[c] = tcf[c] + pl * F(w[c]) * F(t_cp)
                k += 1
                terms[c] = k
                t = tcf[c]
        f.write(",".join([repr(load), repr(eta), repr(t_cp), repr(t_cm), vec(parent, str), vec(z, repr), vec(w, repr),
                          vec(tcs), vec(tcf), vec(tp), vec(terms, str)]) + "\n")

# ---------------------------------------------------------------- estimates, partition, dispatch
with open(out_dir + "/unaware_estimates.csv", "w") as f:
    f.write(HEAD)
    f.write("kind,inputs,outputs\n")
    for _ in range(100):  # estimate_tree: tcs, tcf, tp, pl, t_cp, t_cm -> z, w
        tcs = rng.choice([0.0, 10 ** rng.uniform(-3, 6)])
        tcf = tcs + 10 ** rng.uniform(-6, 6)
        tp = tcf + 10 ** rng.uniform(-6, 6)
        pl, t_cp, t_cm = 10 ** rng.uniform(-3, 3), rng.choice([0.5, 1.0, 2.0]), rng.choice([1.0, 3.0])
        z = (F(tcf) - F(tcs)) / (F(pl) * F(t_cm))
        w = (F(tp) - F(tcf)) / (F(pl) * F(t_cp))
        f.write("estimate_tree,%s,%s\n" % (vec([tcs, tcf, tp, pl, t_cp, t_cm], repr), vec([z, w])))
    for _ in range(60):  # estimate_linear: load, eta, k_root, t_cp, t_cm, then tc..., tp... -> z..., w...
        n = rng.choice([2, 3, 5, 10])
        tc = [0.0]
        for _ in range(n - 1):
            tc.append(tc[-1] + 10 ** rng.uniform(-6, 4))
        tp = [0.0] + [tc[i] + 10 ** rng.uniform(-6, 4) for i in range(1, n)]
        load, eta, k_root = rng.choice([1.0, 100.0]), rng.choice([0.01, 0.03]), 10 ** rng.uniform(-2, 2)
        t_cp, t_cm = rng.choice([0.5, 1.0, 2.0]), rng.choice([1.0, 3.0])
        el = F(eta * load)
        zs = [(F(tc[i]) - F(tc[i - 1])) / (el * F(t_cm)) for i in range(1, n)]
        ws = [F(k_root)] + [(F(tp[i]) - F(tc[i])) / (el * F(t_cp)) for i in range(1, n)]
        f.write("estimate_linear,%s,%s\n" % (vec([load, eta, k_root, t_cp, t_cm] + tc + tp, repr), vec(zs + ws)))
    for _ in range(80):  # partition_pi: load, eta, eps, n -> L_1..L_m
        load = 10 ** rng.uniform(-300, 300)
        eta = 10 ** rng.uniform(-6, -0.7)
        eps = min(eta * 10 ** rng.uniform(0, 3), 0.45)
        n = rng.choice([2, 3, 5, 17, 1000, 2 ** 20 + 1, 2 ** 40, 2 ** 62 + 1])
        m = (n - 1).bit_length() + 1  # ceil(log2 n) + 1
        L, E, P = F(load), F(eta), F(eps)
        rest = (1 - E - P) * L
        den = sum(2 ** k + 1 for k in range(2, m + 1))
        parts = [P * L] + [F(2 ** i + 1, den) * rest for i in range(2, m + 1)]
        f.write("partition_pi,%s,%s\n" % (vec([load, eta, eps, n], repr), vec(parts)))
    for _ in range(60):  # dispatch_to_finish_at: t_now, t_finish, beta -> L
        t_now = rng.choice([0.0, 10 ** rng.uniform(-3, 6)])
        t_fin = t_now + 10 ** rng.uniform(-6, 6)
        beta = 10 ** rng.uniform(-6, 6)
        f.write("dispatch_to_finish_at,%s,%s\n" % (vec([t_now, t_fin, beta], repr), d((F(t_fin) - F(t_now)) / F(beta))))
