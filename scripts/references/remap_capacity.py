"""50-digit references for loadbal::remap::periodic's exact expected extremes (Fong et al., §5).

Two tables into tests/data/reference/remap_capacity.csv (column `kind`):

- `p1`: `Homogeneous::interval` with `Bound::ExtremeDifferenceNormal`, the P_I interval of identical normal processors with the exact
  e_N = E[max of N standard normals]. e_N by quadrature of the CDF form
  int_0^inf (1 - Phi^N) - int_-inf^0 Phi^N (the crate integrates the density of normal scores);
  the interval by bisection on d_1(t) - D = e_N sqrt(t) sigma/(w + t mu) - D itself (not the
  crate's quadratic formula): the smallest t > 0 where it reaches 0, cut at w/(-mu) when mu < 0
  (the mean load reaches zero first), `inf` when d_1 stays below D.
- `h`: CapacityModel::h(t) = E[max_i of N(t mu_i/c_i, t sigma_i^2/c_i^2)], by quadrature of the
  CDF form of the product of normal CDFs, split at the largest mean.

Inputs are doubles converted exactly to mpf.

    /tmp/refs/bin/python scripts/references/remap_capacity.py > tests/data/reference/remap_capacity.csv
"""
import mpmath
from mpmath import mp, mpf, sqrt, quad, ncdf, exp, log, expm1, inf

mp.dps = 50


def s(x):
    return mp.nstr(x, 20, min_fixed=-5, max_fixed=0, strip_zeros=False)


def e_max(n):
    n = mpf(n)
    upper = lambda z: -expm1(n * log(ncdf(z)))
    lower = lambda z: exp(n * log(ncdf(z)))
    pts = [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 7, 8, 10, 14, 20, 45]
    return quad(upper, pts) - quad(lower, [-45, -10, -5, -2, -1, 0])


def p1_time(w, mu, var, n, d):
    e = e_max(n)
    sigma = sqrt(var)
    f = lambda t: e * sqrt(t) * sigma - d * (w + t * mu)  # d_1(t) - D times the positive load
    end = w / -mu if mu < 0 else inf
    # Bracket: f(0) = -Dw < 0; walk t geometrically until f >= 0 (or past the peak / the end).
    lo, hi = mpf(0), mpf(10) ** -30
    peak = (e * sigma / (2 * d * mu)) ** 2 if mu > 0 else inf
    while f(hi) < 0:
        lo, hi = hi, hi * 2
        if hi > peak:
            if f(peak) < 0:
                return inf  # d_1 never reaches D
            hi = peak
            break
        if hi >= end:
            return end
        if hi > mpf(10) ** 40:
            return inf
    for _ in range(400):
        mid = (lo + hi) / 2
        if f(mid) < 0:
            lo = mid
        else:
            hi = mid
        if hi - lo < mpf(10) ** -45 * hi:
            break
    t = (lo + hi) / 2
    return min(t, end)


def emax_het(mu, sd):
    F = lambda y: exp(sum(log(ncdf((y - m) / t)) for m, t in zip(mu, sd)))
    lo = min(m - 40 * t for m, t in zip(mu, sd))
    hi = max(m + 40 * t for m, t in zip(mu, sd))
    c = max(mu)
    pts = sorted(set([lo] + [m + k * t for m, t in zip(mu, sd) for k in (-8, -3, -1, 0, 1, 3, 8)] + [hi]))
    up = [p for p in pts if p >= c]
    dn = [p for p in pts if p <= c]
    if up[0] != c:
        up = [c] + up
    if dn[-1] != c:
        dn = dn + [c]
    return c + quad(lambda y: 1 - F(y), up) - quad(F, dn)


print("# scripts/references/remap_capacity.py, mpmath %s, %d digits. p1: w0,mu,variance,n,d -> t_real;" % (mpmath.__version__, mp.dps))
print("# h: w0 (unused by h), mu, variance, capacity (';'-separated), t -> h. 'inf' = d_1 stays below D.")
print("kind,w0,mu,variance,capacity,n,x,value")
P1_MODELS = [(100.0, 0.0, 0.5, 64), (100.0, 2.0, 0.5, 64), (100.0, -0.5, 1.0, 8), (1e6, 1.0, 1e-6, 1000),
             (10.0, 0.9, 1.0, 4), (100.0, 1.0, 4.0, 10 ** 6), (100.0, 0.0, 0.5, 2)]
for w, mu, var, n in P1_MODELS:
    for d in [0.001, 0.02, 0.1, 0.3, 0.7]:
        t = p1_time(mpf(w), mpf(mu), mpf(var), n, mpf(d))
        print(f"p1,{w!r},{mu!r},{var!r},,{n},{d!r},{'inf' if t == inf else s(t)}")
H_MODELS = [
    (100.0, [1.0, 1.0], [1.0, 1.0], [1.0, 1.0]),
    (100.0, [1.0, 1.0], [4.0, 4.0], [1.0, 2.0]),
    (100.0, [0.5, 1.0, 2.0], [1.0, 0.25, 9.0], [1.0, 2.0, 4.0]),
    (10.0, [0.0, 0.0, 0.0, 0.0], [1.0, 2.0, 3.0, 4.0], [1.0, 1.0, 1.0, 1.0]),
    (50.0, [-1.0, 1.0], [0.01, 100.0], [3.0, 0.5]),
    (100.0, [1.0, 1.001, 0.999, 1.0, 1.0, 1.0, 1.0, 1.0], [0.5] * 8, [1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0]),
]
for w, mu, var, cap in H_MODELS:
    for t in [1.0, 17.25, 1000.0, 1e6]:
        m = [mpf(a) / mpf(c) * mpf(t) for a, c in zip(mu, cap)]
        sd = [sqrt(mpf(v)) / mpf(c) * sqrt(mpf(t)) for v, c in zip(var, cap)]
        enc = lambda xs: ";".join(repr(x) for x in xs)
        print(f"h,{w!r},{enc(mu)},{enc(var)},{enc(cap)},{len(mu)},{t!r},{s(emax_het(m, sd))}")
