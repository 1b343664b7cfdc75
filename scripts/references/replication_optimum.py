"""Continuous optima of Dobber's JR models 1.1 (eq. (5.35)), 1.2 (eq. (5.44), beta2 = 1/2,
gamma = 1) and 2.1 (eq. (5.72), gamma = 1/2), by an independent method: the speedup is written
as printed (not simplified), its stationary point in r = log2 R is found by bracketing the sign
change of the numerical derivative (mpmath.diff) on a fine grid and polishing with findroot, and
the point is classified by the second derivative and the sign of the iteration time.

Inputs are taken as the doubles nearest their decimal values (what the crate receives), so that
ill-conditioned rows (c close to 1) test the crate and not the rounding of its input.

Columns: model, cv, processors, alpha, beta1, status, level, speedup
status: ok (a maximum of a positive speedup in [0, p]), out_of_range (stationary point outside
[0, p]), not_max (inside but a minimum or beyond a pole), none (no stationary point in
[-60, p + 60]).
"""
from mpmath import mp, mpf, log, diff, findroot

mp.dps = 50


def speedup(model, c, p, alpha, beta1):
    # The inputs as the crate sees them: the doubles nearest the decimal values.
    c, p, alpha, beta1 = mpf(float(c)), mpf(p), mpf(float(alpha)), mpf(float(beta1))
    if model == "1.1":
        num = 2 + p * c
        den = lambda r: 2 ** (r + 1) + c * (2 - 2 ** (r + 1) + p - r)
    elif model == "2.1":
        num = 2 + p * c
        den = lambda r: 2 ** (r + 1) + c * (2 - 2 ** (r + 1) + (p - r) * (mp.sqrt(2) / 2) ** r)
    else:  # 1.2 as printed in (5.44), beta2 = 1/2, gamma = 1
        b2 = mpf(1) / 2
        geo = lambda b, n: (1 - b ** n) / (1 - b)
        num = 1 + alpha * c * geo(beta1, p)
        den = lambda r: 2 ** r + alpha * c * (2 ** r * b2 ** r * geo(beta1, p - r) - 2 ** r * geo(b2, r))
    return num, den


def optimum(model, c, p, alpha=0.5, beta1=1.0):
    num, den = speedup(model, c, p, alpha, beta1)
    dden = lambda r: diff(den, r)
    lo, hi = mpf(-60), mpf(p + 60)
    steps = 2400
    xs = [lo + (hi - lo) * k / steps for k in range(steps + 1)]
    vals = [dden(x) for x in xs]
    roots = []
    for a, b, fa, fb in zip(xs, xs[1:], vals, vals[1:]):
        if fa == 0 or fa * fb < 0:
            roots.append(findroot(dden, (a, b), solver="anderson"))
    if not roots:
        return "none", None, None
    r = roots[0]
    s = num / den(r)
    if not (0 <= r <= p):
        return "out_of_range", r, s
    s2 = diff(lambda x: num / den(x), r, 2)
    if den(r) <= 0 or s2 >= 0:
        return "not_max", r, s
    return "ok", r, s


def fmt(x):
    return "" if x is None else mp.nstr(x, 17, min_fixed=-30, max_fixed=30)


print("# made by scripts/references/replication_optimum.py (mpmath, 50 digits)")
print("model,cv,processors,alpha,beta1,status,level,speedup")
for c in ["0.3", "0.59", "0.7", "0.85", "0.9", "0.95", "0.99", "0.999999"]:
    for p in [1, 4, 10, 40]:
        st, r, s = optimum("1.1", c, p)
        print(f"1.1,{c},{2**p},0.5,1,{st},{fmt(r)},{fmt(s)}")
for c in ["0.2", "0.42", "0.6", "0.8", "0.9", "0.97", "0.999"]:
    for p in [1, 3, 7, 20, 40]:
        st, r, s = optimum("2.1", c, p)
        print(f"2.1,{c},{2**p},0.5,1,{st},{fmt(r)},{fmt(s)}")
for alpha, beta1 in [("0.6", "1.01"), ("0.5", "0.95"), ("0.3", "2.5"), ("0.6", "0.7"), ("0.45", "1.5"), ("0.4", "0.3")]:
    for c in ["0.3", "0.7", "0.81", "0.95"]:
        for p in [1, 4, 10, 30]:
            if 2 * mpf(alpha) * mpf(c) >= 1:
                continue
            st, r, s = optimum("1.2", c, p, alpha, beta1)
            print(f"1.2,{c},{2**p},{alpha},{beta1},{st},{fmt(r)},{fmt(s)}")
