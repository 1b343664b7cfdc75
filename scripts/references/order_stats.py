"""50-digit references for the order statistics (tests/order_stats/accuracy_order_stats.rs).

Writes five tables into the directory given as the first argument (default
tests/data/reference):

- order_stats_normal_tails.csv: Phi(z), Q(z), ln Phi(z) and the quantiles in both tails;
- order_stats_normal_max.csv: mean and sd of the maximum of n standard normals, n = 2..1e9,
  by the CDF form  E = int_0^inf (1 - Phi^n) - int_-inf^0 Phi^n  (not the density form the
  crate uses);
- order_stats_normal_scores.csv: E[Z_(r:n)] including middle ranks, by the density form with
  the exact binomial constant;
- order_stats_heterogeneous.csv: E[max] and E[min] of independent non-identical normals, by
  the CDF form of the product of CDFs;
- order_stats_iid.csv: mean and sd of X_(r:n) for gamma, log-normal, Weibull (quadrature of
  the density form in t = ln x, in x-space: the crate integrates over normal scores), Pareto,
  exponential and uniform (closed forms with gamma and polygamma functions);
- order_stats_extremes.csv: mean and sd of the minimum and the maximum of n i.i.d. gamma,
  log-normal and Weibull variables, n = 1 .. 1e6, by the CDF form
  E[X] = c + int_c^inf (1 - G) dx - int_0^c G dx  (G the order statistic's CDF: F^n for the
  maximum, 1 - S^n for the minimum; F and S from mpmath's gammainc, ncdf and exp), integrated
  in t = ln x by 48-point Gauss-Legendre panels and checked against 24-point panels; the crate
  integrates the density form over normal scores instead. ONLY=gamma (or lognormal, weibull)
  restricts the laws; the table is then merged with the rows of the other laws already in it.
  Cases: gamma shapes 0.01, 0.1, 0.5, 1, 10, 100, 1e4 and Weibull shapes 0.5, 1.5, 5 at
  n = 1, 2, 10, 1000, 1e6 (Weibull 1, 10, 1e6); log-normal sigma 0.5 ... 4 at n = 1, 10 (the iid
  table holds n = 2, 1000, 1e6). Self-checked against the closed forms at n = 1, the Weibull
  minimum and the exponential case. About 25 minutes on one busy core:
      ONLY=gamma /tmp/refs/bin/python scripts/references/order_stats.py tests/data/reference extremes

mpmath 1.3.0 at 50 significant digits; values are printed to 20 significant digits.
"""

import os
import sys

from mpmath import (
    mp, mpf, mpmathify, quad, exp, log, sqrt, pi, inf, ncdf, erfc, erfinv, gammainc, loggamma,
    gamma, psi, nstr, log1p, expm1,
)
from mpmath.calculus.quadrature import GaussLegendre

mp.dps = 50
OUT = sys.argv[1] if len(sys.argv) > 1 else "tests/data/reference"
import mpmath
HEADER = "# scripts/references/order_stats.py, mpmath %s, %d digits (values to 20 significant digits)\n" % (mpmath.__version__, mp.dps)


def s(x):
    if x == int(x) and abs(x) < 10**18:
        return str(int(x))
    return nstr(x, 20, strip_zeros=False, min_fixed=-inf, max_fixed=inf) if x != 0 else "0"


def write(name, header, rows):
    with open(os.path.join(OUT, name), "w") as f:
        f.write(HEADER)
        f.write(header + "\n")
        for r in rows:
            f.write(",".join(r) + "\n")
    print(name, len(rows), file=sys.stderr)


def ln_phi(z):
    return log(ncdf(z))


def ln_q(z):
    return log(ncdf(-z))


def phi_inv(p):
    return -sqrt(2) * erfinv(1 - 2 * p) if p > mpf("1e-30") else lower_quantile_newton(p)


def lower_quantile_newton(p):
    # Newton on ln Phi(z) = ln p from the asymptotic start (erfinv loses p near 0 in 1 - 2p).
    lp = log(p)
    z = -sqrt(-2 * lp)
    for _ in range(100):
        f = ln_phi(z) - lp
        d = exp(-z * z / 2 - log(sqrt(2 * pi)) - ln_phi(z))
        dz = f / d
        z -= dz
        if abs(dz) < mpf(10) ** (-45):
            break
    return z


# ---------------------------------------------------------------- normal tails
def normal_tails():
    rows = []
    for z in ["-1000", "-100", "-40", "-37.5", "-30", "-28.5", "-27.5", "-20", "-10", "-5", "-1.5", "-1",
              "-0.5", "0", "0.5", "1", "2", "5", "8", "10", "20", "30", "37.5"]:
        zz = mpf(z)
        rows.append(["z", z, s(ncdf(zz)), s(ncdf(-zz)), s(ln_phi(zz))])
    for p in ["1e-300", "1e-100", "1e-20", "1e-10", "1e-5", "0.001", "0.025", "0.3", "0.5", "0.7", "0.975", "0.999999"]:
        pp = mpf(float(p))  # the double the test passes
        rows.append(["p", p, s(phi_inv(pp)), "0", "0"])
    for q in ["1e-300", "1e-100", "1e-20", "1e-10", "1e-5", "0.025", "0.3"]:
        qq = mpf(float(q))
        rows.append(["q", q, s(-phi_inv(qq)), "0", "0"])
    write("order_stats_normal_tails.csv", "kind,x,a,b,c", rows)


# ---------------------------------------------------------------- normal maxima
def normal_max():
    rows = []
    # Every n to 40, then sizes spread over the decades up to 2^53 (the largest accepted).
    for n in list(range(2, 41)) + [50, 64, 77, 100, 128, 150, 200, 256, 333, 500, 777, 1000, 2048, 3000, 5000,
                                   12345, 30000, 65536, 10**5, 3 * 10**5, 10**6, 3 * 10**6, 10**7, 3 * 10**7,
                                   10**8, 3 * 10**8, 10**9, 2**31, 10**10, 10**11, 10**12, 10**13, 10**14,
                                   10**15, 2**53]:
        n = mpf(n)
        # mode of the maximum, roughly, for breakpoints
        m = float(-phi_inv(1 / n)) if n > 2 else 0.5
        pts_hi = sorted(set([0, max(m - 3, 0.1), max(m - 1.5, 0.2), max(m - 0.5, 0.3), m, m + 0.5, m + 1.5, m + 4, m + 10, 45]))
        upper = lambda z: -expm1(n * log(ncdf(z)))
        lower = lambda z: exp(n * log(ncdf(z)))
        e1 = quad(upper, pts_hi) - quad(lower, [-45, -10, -5, -2, 0])
        e2 = quad(lambda z: 2 * z * upper(z), pts_hi) + quad(lambda z: -2 * z * lower(z), [-45, -10, -5, -2, 0])
        rows.append([s(n), s(e1), s(sqrt(e2 - e1 * e1))])
    write("order_stats_normal_max.csv", "n,mean,sd", rows)


# ---------------------------------------------------------------- normal scores
def normal_scores():
    rows = []
    cases = [(1, 1), (1, 2), (2, 3), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5), (1, 10), (3, 10), (5, 10), (6, 10),
             (10, 10), (1, 100), (17, 100), (50, 100), (51, 100), (99, 100), (250, 1000), (500, 1000), (501, 1000),
             (999, 1000), (1, 1000), (10, 10**6), (500000, 10**6), (999990, 10**6),
             (2, 4), (3, 4), (2, 10), (9, 10), (4, 10), (7, 10), (2, 100), (10, 100), (25, 100), (75, 100),
             (90, 100), (3, 1000), (100, 1000), (333, 1000), (667, 1000), (900, 1000), (998, 1000), (2, 10**6),
             (100, 10**6), (1000, 10**6), (250000, 10**6), (750000, 10**6), (999000, 10**6), (999999, 10**6),
             (5, 12345), (6000, 12345), (12340, 12345), (3, 10**8), (10**8 - 2, 10**8), (2, 10**9),
             (10**9 - 1, 10**9)]
    for r, n in cases:
        r, n = mpf(r), mpf(n)
        lc = loggamma(n + 1) - loggamma(r) - loggamma(n - r + 1)
        dens = lambda z: exp(lc + (r - 1) * ln_phi(z) + (n - r) * ln_q(z) - z * z / 2 - log(sqrt(2 * pi)))
        c = float(phi_inv((r - mpf("0.375")) / (n + mpf("0.25"))))
        w = 4.0 / (float(n) ** 0.5) if 1 < r < n else 1.0
        pts = sorted(set([-40, c - 12 * w - 3, c - 6 * w, c - 2 * w, c - w, c, c + w, c + 2 * w, c + 6 * w, c + 12 * w + 3, 40]))
        mean = quad(lambda z: z * dens(z), pts)
        rows.append([s(r), s(n), s(mean)])
    write("order_stats_normal_scores.csv", "r,n,mean", rows)


# ---------------------------------------------------------------- heterogeneous normals
def heterogeneous():
    cases = [
        ("0;0", "3;4"),
        ("1;2;3", "1;1;1"),
        ("0;10", "1;0.01"),
        ("100;101;102;103;104;105;106;107", "5;6;7;8;9;10;11;5"),
        ("0;0;0;0;0", "1;2;4;8;16"),
        ("-50;50", "10;10"),
        ("1e6;1e6", "1;1e3"),
    ]
    rows = []
    for ms, ss in cases:
        mu = [mpf(x) for x in ms.split(";")]
        sd = [mpf(x) for x in ss.split(";")]

        def emax(mu, sd):
            F = lambda y: exp(sum(log(ncdf((y - m) / t)) for m, t in zip(mu, sd)))
            lo = min(m - 40 * t for m, t in zip(mu, sd))
            hi = max(m + 40 * t for m, t in zip(mu, sd))
            c = max(mu)
            pts = sorted(set([lo] + [m + k * t for m, t in zip(mu, sd) for k in (-8, -3, -1, 0, 1, 3, 8)] + [hi]))
            pts = [p for p in pts if lo <= p <= hi]
            # E[max] = c + int_c^inf (1 - F) - int_-inf^c F
            up = [p for p in pts if p >= c]
            dn = [p for p in pts if p <= c]
            return c + quad(lambda y: 1 - F(y), up) - quad(F, dn)

        mx = emax(mu, sd)
        mn = -emax([-m for m in mu], sd)
        rows.append([ms, ss, s(mx), s(mn)])
    write("order_stats_heterogeneous.csv", "means,std_devs,max,min", rows)


# ---------------------------------------------------------------- i.i.d. laws
def law_fns(law, p1, p2):
    """(ln F(x), ln S(x), ln f(x)) as functions of t = ln x."""
    if law == "gamma":
        a, b = p1, p2
        lg1 = loggamma(a + 1)

        def lnF(t):
            # Power series of P(a, x) (x^a e^-x / Gamma(a+1)) sum x^k / ((a+1)...(a+k)), summed
            # at the working precision (faster than gammainc's general method; checked
            # against gammainc at a few points in check_gamma()).
            x = b * exp(t)
            if x > a + 40 * sqrt(a) + 40:
                # Far upper tail: the series would need more than x terms.
                return log1p(-gammainc(a, x, inf, regularized=True))
            term, total, k = mpf(1), mpf(1), 0
            eps = mpf(10) ** (-mp.dps - 5)
            while True:
                k += 1
                term *= x / (a + k)
                total += term
                if term < eps * total and k > x:
                    break
            return a * log(x) - x - lg1 + log(total)

        def lnS(t):
            q = -expm1(lnF(t))
            return log(q) if q > 0 else mpf("-inf")

        lnf = lambda t: a * log(b) + (a - 1) * t - b * exp(t) - loggamma(a)
    elif law == "lognormal":
        m, sg = p1, p2
        lnF = lambda t: ln_phi((t - m) / sg)
        lnS = lambda t: ln_q((t - m) / sg)
        lnf = lambda t: -((t - m) / sg) ** 2 / 2 - log(sg * sqrt(2 * pi)) - t
    elif law == "weibull":
        k, sc = p1, p2
        lnF = lambda t: log(-expm1(-exp(k * (t - log(sc)))))
        lnS = lambda t: -exp(k * (t - log(sc)))
        lnf = lambda t: log(k / sc) + (k - 1) * (t - log(sc)) - exp(k * (t - log(sc)))
    else:
        raise ValueError(law)
    return lnF, lnS, lnf


def check_gamma():
    for a, x in [("0.01", "1e-20"), ("0.5", "3"), ("100", "95"), ("10000", "10100")]:
        a, x = mpf(a), mpf(x)
        lnF, _, _ = law_fns("gamma", a, mpf(1))
        ref = log(gammainc(a, 0, x, regularized=True))
        assert abs(lnF(log(x)) / ref - 1) < mpf(10) ** -40, (a, x)


def iid_quadrature(law, p1, p2, r, n):
    lnF, lnS, lnf = law_fns(law, p1, p2)
    lc = loggamma(n + 1) - loggamma(r) - loggamma(n - r + 1)

    def lg(t, k):
        v = lc + lnf(t) + (k + 1) * t
        if r > 1:
            v += (r - 1) * lnF(t)
        if n > r:
            v += (n - r) * lnS(t)
        return v

    # Locate the bulk of each integrand on a coarse grid at low precision.
    def support(k):
        with mp.workdps(20):
            top_t = 60 if law != "gamma" else float(log((p1 + 60 * sqrt(p1) + 200) / p2))
            ts = [mpf(-800) + j for j in range(int(800 + top_t) + 1)]
            vals = []
            for t in ts:
                try:
                    vals.append(lg(t, k))
                except (ValueError, ZeroDivisionError):
                    vals.append(mpf("-inf"))
            top = max(vals)
            keep = [t for t, v in zip(ts, vals) if v > top - 140]
            lo, hi = keep[0] - 1, keep[-1] + 1
            # Second, finer scan of that range (a narrow peak falls between coarse points).
            ts = [lo + (hi - lo) * j / 400 for j in range(401)]
            vals = [lg(t, k) for t in ts]
            top = max(vals)
            keep = [t for t, v in zip(ts, vals) if v > top - 140]
            step = (hi - lo) / 400
        return keep[0] - step, keep[-1] + step

    out = []
    for k in (1, 2):
        lo, hi = support(k)
        pieces = min(max(24, int((hi - lo) / 1.5)), 400)
        pts = [lo + (hi - lo) * j / pieces for j in range(pieces + 1)]
        out.append(quad(lambda t: exp(lg(t, k)), pts))
    m1, m2 = out
    return m1, sqrt(m2 - m1 * m1)


def iid():
    rows = []

    def add(law, p1, p2, r, n, mean, sd):
        rows.append([law, s(p1), s(p2), s(r), s(n), s(mean), s(sd)])

    # Closed forms.
    for lam in ["0.5", "2"]:
        lam = mpf(lam)
        for n in [1, 2, 10, 1000, 10**6, 10**9]:
            n = mpf(n)
            for r in sorted(set([mpf(1), n, max(mpf(1), mp.floor(n / 2))])):
                mean = (psi(0, n + 1) - psi(0, n - r + 1)) / lam
                var = (psi(1, n - r + 1) - psi(1, n + 1)) / lam**2
                add("exponential", lam, 0, r, n, mean, sqrt(var))
    for a, b in [("0", "1"), ("-3", "5"), ("1e6", "1.5e6")]:
        a, b = mpf(a), mpf(b)
        for n in [1, 2, 3, 1000, 10**9]:
            n = mpf(n)
            for r in sorted(set([mpf(1), n, max(mpf(1), mp.floor((n + 1) / 2))])):
                p = r / (n + 1)
                add("uniform", a, b, r, n, a + (b - a) * p, (b - a) * sqrt(p * (1 - p) / (n + 2)))
    for xm, al in [("1", "1.5"), ("2", "2.5"), ("1", "3"), ("0.5", "10"), ("1", "0.01")]:
        xm, al = mpf(xm), mpf(al)
        for n in [1, 2, 10, 1000, 10**6, 10**9]:
            n = mpf(n)
            for r in [mpf(1), n]:
                j = n - r + 1
                mom = lambda k: xm**k * exp(loggamma(n + 1) + loggamma(j - k / al) - loggamma(j) - loggamma(n + 1 - k / al))
                if al * j <= 1.25:
                    continue
                mean = mom(1)
                sd = sqrt(mom(2) - mean**2) if al * j > 2.25 else mpf(0)
                add("pareto", xm, al, r, n, mean, sd)
    for a in ["0.01", "0.1", "0.5", "2.5", "10", "100", "10000"]:
        a = mpf(a)
        add("gamma", a, 1, 1, 1, a, sqrt(a))
    for m, sg in [("0", "0.5"), ("0", "1"), ("1", "2"), ("0", "3"), ("0", "4")]:
        m, sg = mpf(m), mpf(sg)
        add("lognormal", m, sg, 1, 1, exp(m + sg**2 / 2), sqrt(expm1(sg**2)) * exp(m + sg**2 / 2))
        # max of two: 2 e^{m+s^2/2} Phi(s/sqrt2)
    # Quadratures.
    check_gamma()
    cases = []
    for a in ["0.01", "0.1", "0.5", "2.5", "100", "10000"]:
        for n in [2, 1000]:
            cases.append(("gamma", a, "1", n))
    cases += [("gamma", "1", "3", 2), ("gamma", "0.1", "1", 10**6), ("gamma", "3", "0.25", 10**9)]
    for m, sg in [("0", "0.5"), ("0", "1"), ("1", "2"), ("0", "3"), ("0", "4")]:
        for n in [2, 1000, 10**6]:
            cases.append(("lognormal", m, sg, n))
    cases.append(("lognormal", "0", "3", 10**9))
    for k in ["0.5", "1.5", "5"]:
        for n in [2, 1000]:
            cases.append(("weibull", k, "2", n))
    only = os.environ.get("ONLY")
    shard = os.environ.get("SHARD")  # "k/m": every m-th case from the k-th, to run in parallel
    skip = int(os.environ.get("SKIP", "0"))  # cases already computed
    for i, (law, p1, p2, n) in enumerate(cases):
        if only and only != law:
            continue
        if i < skip or (shard and i % int(shard.split("/")[1]) != int(shard.split("/")[0])):
            continue
        p1, p2, n = mpf(p1), mpf(p2), mpf(n)
        for r in [n, mpf(1)]:
            mean, sd = iid_quadrature(law, p1, p2, r, n)
            add(law, p1, p2, r, n, mean, sd)
            print(law, p1, p2, r, n, nstr(mean, 15), file=sys.stderr)
        write("order_stats_iid.csv", "law,p1,p2,r,n,mean,sd", rows)
    write("order_stats_iid.csv", "law,p1,p2,r,n,mean,sd", rows)


# ---------------------------------------------------------------- extremes by the CDF form
def cdf_pair(law, p1, p2):
    """(ln F(x), ln S(x)) as a function of t = ln x, each from the smaller tail directly."""
    if law == "gamma":
        a, b = p1, p2

        lg1 = loggamma(a + 1)

        def lower_series(x):
            # P(a, x) = x^a e^-x / Gamma(a+1) sum_k x^k / ((a+1)...(a+k)), for x < 1.
            term, total, k = mpf(1), mpf(1), 0
            while term > mpf(10) ** (-mp.dps - 5) * total:
                k += 1
                term *= x / (a + k)
                total += term
            return exp(a * log(x) - x - lg1) * total

        def pair(t):
            x = b * exp(t)
            if x < 1 or x < a:
                p = lower_series(x) if x < 1 else gammainc(a, 0, x, regularized=True)
                if p < mpf("0.5"):
                    return log(p), log1p(-p)
            q = gammainc(a, x, inf, regularized=True)
            if q < mpf("0.5"):
                return log1p(-q), log(q)
            p = gammainc(a, 0, x, regularized=True)
            return log(p), log1p(-p)
    elif law == "lognormal":
        m, sg = p1, p2

        def pair(t):
            # The smaller tail directly, the other by log1p (log of a CDF near 1 would keep
            # only 50 - |log10 Q| digits).
            z = (t - m) / sg
            if z < 0:
                p = ncdf(z)
                return log(p), log1p(-p)
            q = ncdf(-z)
            return log1p(-q), log(q)
    elif law == "weibull":
        k, sc = p1, p2

        def pair(t):
            ls = -exp(k * (t - log(sc)))
            return log(-expm1(ls)), ls
    else:
        raise ValueError(law)
    return pair


def extreme_cdf(pair, n, which):
    """(G, 1 - G) of the maximum or the minimum of n at t = ln x."""
    def g(t):
        lf, ls = pair(t)
        if which == "max":
            return exp(n * lf), -expm1(n * lf)
        return -expm1(n * ls), exp(n * ls)
    return g


def extreme_moments(law, p1, p2, n, which):
    pair = cdf_pair(law, p1, p2)
    g = extreme_cdf(pair, n, which)
    with mp.workdps(20):
        # t where G = level, by bisection (low precision: only the panel layout depends on it).
        def t_at(level):
            lo, hi = mpf(-60000), mpf(400)
            for _ in range(200):
                mid = (lo + hi) / 2
                if g(mid)[0] < level:
                    lo = mid
                else:
                    hi = mid
                if hi - lo < mpf(10) ** -12 * max(1, abs(lo)):
                    break
            return (lo + hi) / 2
        t_lo, t_mid, t_hi = t_at(mpf("1e-4")), t_at(mpf("0.5")), t_at(1 - mpf("1e-4"))
    c = exp(t_mid)
    width = (t_hi - t_lo) / 40
    core = [t_lo + (t_hi - t_lo) * j / 40 for j in range(41)]

    def integrands(t):
        x = exp(t)
        G, H = g(t)
        if x >= c:
            return x * H, 2 * x * (x - c) * H
        return -x * G, 2 * x * (c - x) * G

    peak = max(abs(v) for t in core for v in integrands(t))
    # Extend outwards with growing panels until both integrands are 1e-60 of their running peak.
    left, right = [], []
    for side, out in ((-1, left), (1, right)):
        t, w = core[0] if side < 0 else core[-1], width
        for _ in range(2000):
            w = min(w * mpf("1.5"), 8)
            t = t + side * w
            out.append(t)
            here = max(abs(v) for v in integrands(t))
            peak = max(peak, here)
            if here < peak * mpf(10) ** -60:
                break
        else:
            raise RuntimeError("no decay")
    pts = sorted(left + core + right)
    # The split at t = ln c must be a panel end (the integrands have a kink there).
    tc = log(c)
    pts = sorted(set([p for p in pts if abs(p - tc) > width / 100] + [tc]))
    rules = [GaussLegendre(mp).calc_nodes(deg, mp.prec) for deg in (4, 5)]

    def panel(u, v):
        h = (v - u) / 2
        out = []
        for nodes in rules:
            s1 = s2 = mpf(0)
            for xk, wk in nodes:
                a1, a2 = integrands(u + h + h * xk)
                s1 += h * wk * a1
                s2 += h * wk * a2
            out.append((s1, s2))
        return out

    # Adaptive: a panel whose 24- and 48-point rules differ by more than 1e-45 of the totals'
    # scale (the peak times the span) is halved.
    scale = peak * (pts[-1] - pts[0])
    f1 = f2 = c1 = c2 = mpf(0)
    stack = list(zip(pts[:-1], pts[1:]))
    panels = 0
    while stack:
        u, v = stack.pop()
        (a1, a2), (b1, b2) = panel(u, v)
        if max(abs(a1 - b1), abs(a2 - b2)) > mpf(10) ** -45 * scale and v - u > mpf(10) ** -8:
            m = (u + v) / 2
            stack += [(u, m), (m, v)]
            continue
        panels += 1
        f1, f2, c1, c2 = f1 + b1, f2 + b2, c1 + a1, c2 + a2
    mean = c + f1
    var = f2 - f1 * f1
    diff = max(abs(c1 - f1) / abs(mean), abs((c2 - c1 * c1) - var) / abs(var))
    if diff > mpf(10) ** -25:
        raise RuntimeError("panels not converged: %s" % nstr(diff, 5))
    return mean, sqrt(var), diff


def extremes():
    name = "order_stats_extremes.csv"
    header = "law,p1,p2,which,n,mean,sd"
    cases = []
    for a in ["0.01", "0.1", "0.5", "1", "10", "100", "10000"]:
        for n in [1, 2, 10, 1000, 10**6]:
            cases.append(("gamma", a, "1", n))
    for m, sg in [("0", "0.5"), ("0", "1"), ("1", "2"), ("0", "3"), ("0", "4")]:
        for n in [1, 10]:
            cases.append(("lognormal", m, sg, n))
    for k in ["0.5", "1.5", "5"]:
        for n in [1, 10, 10**6]:
            cases.append(("weibull", k, "2", n))
    only = os.environ.get("ONLY")
    rows = []
    if only and os.path.exists(os.path.join(OUT, name)):
        # Keep the other laws' rows.
        with open(os.path.join(OUT, name)) as f:
            rows = [l.strip().split(",") for l in f if not l.startswith("#") and not l.startswith("law,")]
        rows = [r for r in rows if r[0] != only]
    for law, p1, p2, n in cases:
        if only and only != law:
            continue
        p1m, p2m = mpf(p1), mpf(p2)
        for which in ["max", "min"]:
            if n == 1 and which == "min":
                continue  # the same variable
            mean, sd, diff = extreme_moments(law, p1m, p2m, mpf(n), which)
            rows.append([law, p1, p2, which, str(n), s(mean), s(sd)])
            print(law, p1, p2, which, n, nstr(mean, 15), nstr(sd, 10), "panels", nstr(diff, 2), file=sys.stderr)
            # Self-checks against closed forms.
            if n == 1:
                want = {"gamma": lambda: (p1m / p2m, sqrt(p1m) / p2m),
                        "lognormal": lambda: (exp(p1m + p2m**2 / 2), sqrt(expm1(p2m**2)) * exp(p1m + p2m**2 / 2)),
                        "weibull": lambda: (p2m * gamma(1 + 1 / p1m),
                                            p2m * sqrt(gamma(1 + 2 / p1m) - gamma(1 + 1 / p1m)**2))}[law]()
                assert abs(mean / want[0] - 1) < mpf(10) ** -30 and abs(sd / want[1] - 1) < mpf(10) ** -30, (law, p1, mean, want)
            if law == "weibull" and which == "min":
                # min of n Weibull(k, s) is Weibull(k, s n^(-1/k)).
                scale = p2m * mpf(n) ** (-1 / p1m)
                assert abs(mean / (scale * gamma(1 + 1 / p1m)) - 1) < mpf(10) ** -30, (law, p1, n)
            if law == "gamma" and p1 == "1":
                # exponential: min ~ Exp(n), max has mean H_n.
                want = 1 / mpf(n) if which == "min" else psi(0, n + 1) - psi(0, 1)
                assert abs(mean / want - 1) < mpf(10) ** -30, (law, which, n)
        write(name, header, rows)
    write(name, header, rows)


if __name__ == "__main__":
    which = sys.argv[2:] or ["tails", "max", "scores", "heterogeneous", "iid"]
    for w in which:
        {"tails": normal_tails, "max": normal_max, "scores": normal_scores,
         "heterogeneous": heterogeneous, "iid": iid, "extremes": extremes}[w]()
