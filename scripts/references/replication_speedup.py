"""Speedups of Dobber's JR models at 50 digits, from the tree definition (Dobber, eq. (5.6) with
Approx. 5.3.3-5.3.5 and Def. 5.3.8) evaluated level by level in exact-enough arithmetic, for the
eight models of Table 5.8, model 2.1 of Table 5.7 (gamma = 1/2) and the worked example of
§5.4.2 (alpha 0.6, beta1 1.01, beta2 1/2).

Columns: model, cv, replicas, processors, speedup ("refused" where Def. 5.3.8 has no real
value on the way, which the crate reports as an error)
"""
from mpmath import mp, mpf, sqrt

mp.dps = 50

TABLE_5_2 = [
    ["1.05", "1.07", "1.10", "1.14", "1.22", "1.26", "1.26"],
    ["0.95", "1.01", "0.99", "0.97", "0.96", "0.96"],
    ["0.80", "0.94", "0.99", "1.00", "1.00"],
    ["0.71", "0.82", "0.89", "0.95"],
    ["0.67", "0.83", "0.84"],
    ["0.62", "0.86"],
    ["0.53"],
]


def model(name):
    half = mpf(1) / 2
    if name in ("1.1", "2.1", "2.1 (table 5.7)"):
        bmax = lambda i, j: mpf(1)
        bmin = lambda a, i: half
    elif name in ("1.2", "2.2"):
        bmax = lambda i, j: mpf("0.95")
        bmin = None
    elif name in ("1.3a", "2.3a"):
        bmax = lambda i, j: (mpf("1.54") - mpf("0.14") * i) * (mpf("0.63") + mpf("0.02") * j)
        bmin = None
    elif name in ("1.3b", "2.3b"):
        bmax = lambda i, j: mpf(TABLE_5_2[i][j - i - 1])
        bmin = None
    elif name == "worked example":
        return mpf("0.6"), (lambda i, j: mpf("1.01")), (lambda a, i: half), mpf(1)
    gamma = mpf(1) if name.startswith("1") else (half if name == "2.1 (table 5.7)" else mpf("0.81"))
    if bmin is None:
        bmin = lambda a, i: sqrt(2 - 2 * a * a - bmax(i - 1, i) ** 2)
    return half, bmax, bmin, gamma


def iteration_time(cv, r, p, alpha, bmax, bmin, gamma):
    e, s = mpf(1), mpf(float(cv))  # the double the crate receives
    for i in range(1, r + 1):
        e -= alpha * s
        s *= bmin(alpha, i)
    e *= mpf(2) ** r
    s *= mpf(2) ** (r * gamma)
    for j in range(r + 1, p + 1):
        e += alpha * s
        if j < p:
            s *= bmax(r, j)
    return e


print("# made by scripts/references/replication_speedup.py (mpmath, 50 digits)")
print("model,cv,replicas,processors,speedup")
names = ["1.1", "1.2", "1.3a", "1.3b", "2.1", "2.2", "2.3a", "2.3b", "2.1 (table 5.7)", "worked example"]
for name in names:
    alpha, bmax, bmin, gamma = model(name)
    for cv in ["0", "0.3", "0.57", "0.8", "1"]:
        for p in [1, 2, 4, 7] + ([] if "b" in name else [10, 20, 40]):
            for r in sorted(set([0, 1, p // 2, p - 1, p])):
                if r < 0:
                    continue
                jr = iteration_time(cv, r, p, alpha, bmax, bmin, gamma)
                if isinstance(jr, mp.mpc):
                    # Def. 5.3.8 has a negative radicand on the way: the crate must refuse.
                    print(f"{name},{cv},{2**r},{2**p},refused")
                    continue
                if abs(jr) < mpf("1e-3"):
                    continue  # near a pole: the relative error of any double evaluation is unbounded
                elb = iteration_time(cv, 0, p, alpha, bmax, bmin, gamma)
                print(f"{name},{cv},{2**r},{2**p},{mp.nstr(elb / jr, 17)}")
