"""References at 50 digits (mpmath) for the small functions of Dobber's replication chapters:
the fits of ch. 2, 4 and 6 (CCR, eq. (4.1)/(4.2), Table 4.3, the threshold Y* of §6.2), the
least-squares line and Pearson's correlation on ill-conditioned data (x offset by 1e8 and 1e12),
the statistic Y, the model 1.1 and 2.1 thresholds and optima of §5.4 (eq. (5.37)-(5.42),
(5.48)/(5.50), (5.65)/(5.67)/(5.74)), the model iteration times of §5.4 at E X = 100, the
estimate of gamma (Approx. 5.3.5) and the exact iteration times of exponential jobs (eq. (5.4)).

Every input is the double the crate receives (data sets are generated from integers by the
same rules as tests/replication/replication_fits_reference.rs), and every value is computed by a method
independent of the crate's: exact rationals where possible (Fraction, then mpmath), the tree
recursion (5.6) level by level for the iteration times, the harmonic number by the digamma
function and the expected maximum of gamma variables by quadrature of 1 - F(x)^m.

Columns: function, case, a, b, c, value ("-" for an unused argument).
"""
from fractions import Fraction
from mpmath import mp, mpf, log, sqrt, digamma, euler, quad, gammainc, inf, lambertw, exp

mp.dps = 50
LN2 = log(2)


def out(function, case, a, b, c, value):
    print(f"{function},{case},{a},{b},{c},{mp.nstr(value, 17)}")


def d(x):
    """The double nearest a decimal string, exactly."""
    return mpf(float(x))


def datasets():
    sets = {}
    sets["offset1e8"] = ([1e8 + i for i in range(1000)],
                         [3e8 + 0.5 * i + ((i * 7919) % 13) for i in range(1000)])
    sets["offset1e12"] = ([1e12 + 0.25 * i for i in range(1000)],
                          [-2e12 + 0.75 * i + ((i * 104729) % 101) / 4 for i in range(1000)])
    sets["plain"] = ([float(i) for i in range(50)], [float((i * i * 37) % 53) for i in range(50)])
    return sets


def series(name):
    if name == "blocks":
        return [1000.0 + ((i * 7919) % 97) + 50 * ((i // 8) % 3) for i in range(4096)]
    if name == "offset1e9":
        return [1e9 + ((i * 7919) % 97) + 50 * ((i // 8) % 3) for i in range(4096)]
    raise ValueError(name)


def fr(v):
    return Fraction(v)  # exact value of a double


def least_squares(x, y):
    n = len(x)
    X, Y = [fr(v) for v in x], [fr(v) for v in y]
    mx, my = sum(X) / n, sum(Y) / n
    sxx = sum((a - mx) ** 2 for a in X)
    sxy = sum((a - mx) * (b - my) for a, b in zip(X, Y))
    syy = sum((b - my) ** 2 for b in Y)
    slope = sxy / sxx
    intercept = my - slope * mx
    ss_res = sum((b - slope * a - intercept) ** 2 for a, b in zip(X, Y))
    r2 = 1 - ss_res / syy
    pearson = mpf(sxy.numerator) / mpf(sxy.denominator) / sqrt(mpf(sxx.numerator) / sxx.denominator * mpf(syy.numerator) / syy.denominator)
    q = lambda f: mpf(f.numerator) / f.denominator
    return q(slope), q(intercept), q(r2), pearson


def sample_sd(values):
    v = [fr(x) for x in values]
    m = sum(v) / len(v)
    s2 = sum((a - m) ** 2 for a in v) / (len(v) - 1)
    return sqrt(mpf(s2.numerator) / s2.denominator)


def tree(mean, sd, r, p, alpha, bmax, bmin, gamma):
    e, s = mpf(mean), mpf(sd)
    for i in range(1, r + 1):
        e -= alpha * s
        s *= bmin(i)
    e *= mpf(2) ** r
    s *= mpf(2) ** (r * gamma)
    for j in range(r + 1, p + 1):
        e += alpha * s
        if j < p:
            s *= bmax(r, j)
    return e


print("# made by scripts/references/replication_fits.py (mpmath 1.3.0, 50 digits; exact rationals for the data fits)")
print("function,case,a,b,c,value")

# CCR (Def. 2.5.4) and the run-time fits (4.1)/(4.2), Table 4.3.
for t in ["0.001", "0.05", "0.1", "0.3", "2.5", "7", "1000", "1e-9", "1e9"]:
    out("ccr_of_t", "-", t, "-", "-", mpf("0.025") / d(t))
    out("t_of_ccr", "-", t, "-", "-", mpf("0.025") / d(t))
    out("elb_run_time_fit", "-", t, "-", "-", 41600 * d(t) + 21138)
    out("dlb_run_time_fit", "-", t, "-", "-", 22200 * d(t) + 14363)
    out("dlb_speedup_fit", "-", t, "-", "-", (41600 * d(t) + 21138) / (22200 * d(t) + 14363))
out("dlb_speedup_fit", "-", "inf", "-", "-", mpf(41600) / 22200)
for base, run in [("32", "16"), ("1e-300", "3e-300"), ("7.5", "0.1")]:
    out("run_speedup", "-", base, run, "-", d(base) / d(run))

# Threshold Y* of two lines (6.4)/(6.5) and nearly parallel ones.
for a1, b1, a2, b2 in [("2.0475", "1224", "1.2779", "7157"), ("1.0000001", "0", "1", "1"), ("3", "-5e8", "-2", "7e8")]:
    out("threshold", f"{a1} {b1} {a2} {b2}", a1, b1, "-", (d(b2) - d(b1)) / (d(a1) - d(a2)))

# Least squares and Pearson on the data sets.
for name, (x, y) in datasets().items():
    slope, intercept, r2, rho = least_squares(x, y)
    out("least_squares_slope", name, "-", "-", "-", slope)
    out("least_squares_intercept", name, "-", "-", "-", intercept)
    out("least_squares_r2", name, "-", "-", "-", r2)
    out("pearson_correlation", name, "-", "-", "-", rho)

# Statistic Y (§6.2): harmonic mean of exact doubles.
vals = [1.0 + ((i * 7919) % 1000) / 7 for i in range(1000)]
h = sum(Fraction(1) / fr(v) for v in vals)
y = Fraction(len(vals)) / h
out("statistic_y", "harmonic1000", "-", "-", "-", mpf(y.numerator) / y.denominator)

# Model 1.1 thresholds and optimum (5.37)-(5.42).
out("dependent_lower_threshold", "-", "-", "-", "-", LN2 / (LN2 + mpf(1) / 2))
out("dependent_gain_threshold", "-", "-", "-", "-", 4 * LN2 / (sqrt(2) + 4 * LN2))
for P in [1, 2, 4, 64, 1024, 2 ** 20, 2 ** 40]:
    p = P.bit_length() - 1
    x = mpf(2) ** (1 + p) * LN2
    out("dependent_upper_threshold", "-", P, "-", "-", x / (1 + x))
    out("independent_zero_threshold", "-", P, "-", "-", 4 * LN2 / (4 * LN2 + 2 + p * LN2))
    out("independent_full_threshold", "-", P, "-", "-", 1 / (1 + 1 / (LN2 * mpf(2) ** (1 + mpf(3) * p / 2))))
s2 = sqrt(2)
for v in [4 / (8 - s2), 8 / (s2 + 8), 8 / (4 - s2)]:
    out("independent_four_processor_thresholds", "-", "-", "-", "-", v)

# Speedup at the optimum, model 1.1 (5.40)-(5.42), and the model 1.2 special case (5.50):
# the printed formulas, evaluated in each branch by the definition of the branch.
for cv in ["0.3", "0.6", "0.7", "0.85", "0.9", "0.99", "1"]:
    for P in [2, 16, 1024]:
        c, p = d(cv), P.bit_length() - 1
        low = LN2 / (LN2 + mpf(1) / 2)
        x = mpf(2) ** (1 + p) * LN2
        if c < low:
            v = mpf(1)
        elif c > x / (1 + x):
            v = (1 + p * c / 2) / ((1 - c) * mpf(2) ** p + c)
        else:
            v = (2 + p * c) * LN2 / (c * (3 * LN2 + 1 + p * LN2 + log(LN2) + log((1 - c) / c)))
        out("dependent_speedup_at_optimum", "-", cv, P, "-", v)
alpha_s = sqrt(6) / 4
for cv in ["0.45", "0.6", "0.7", "0.75", "0.8"]:
    for P in [4, 8, 16, 64]:
        c, p = d(cv), P.bit_length() - 1
        ac = mpf(float(alpha_s)) * c
        q = 1 - 2 * ac
        if q <= 0 or ac / (LN2 * q) >= mpf(2) ** p:
            v = (1 + ac * p) / (mpf(2) ** p - ac * (mpf(2) ** (p + 1) - 2))
        elif ac / q < LN2:
            v = mpf(1)
        else:
            v = (LN2 + ac * LN2 * p) / (ac * (1 + 3 * LN2 + log(LN2) + p * LN2 + log(q / (2 * ac))))
        out("consistent_alpha_speedup_at_optimum", "-", cv, P, "-", v)

# Iteration times of the closed forms at E X = 100, sigma = 100 c (the tree (5.6) in mpmath).
half = mpf(1) / 2
models = {
    "1.1": (half, lambda i, j: mpf(1), lambda i: half, mpf(1)),
    "2.1": (half, lambda i, j: mpf(1), lambda i: half, half),
    "1.2": (d("0.6"), lambda i, j: d("1.01"), lambda i: half, mpf(1)),
    "2.2": (half, lambda i, j: d("0.95"), lambda i: d("0.7729812"), d("0.81")),
    "1.3a": None,
    "unit": (half, lambda i, j: mpf(1), lambda i: sqrt(1 - 2 * half * half), d("0.81")),
}
a1, b1, a2, b2 = d("1.54"), d("-0.14"), d("0.63"), d("0.02")
prod = lambda i, j: (a1 + b1 * i) * (a2 + b2 * j)
models["1.3a"] = (half, prod, lambda i: sqrt(2 - 2 * half ** 2 - prod(i - 1, i) ** 2), mpf(1))
for name, (alpha, bmax, bmin, gamma) in models.items():
    for cv in ["0", "0.3", "0.8", "1"]:
        for p in [0, 1, 3, 7, 12]:
            for r in sorted(set([0, 1, p // 2, p])):
                if r > p:
                    continue
                sd = 100 * d(cv)
                v = tree(100, sd, r, p, alpha, bmax, bmin, gamma)
                if abs(v) < 1e-1:
                    continue
                out("iteration_time_" + name, "-", cv, 2 ** r, 2 ** p, v)

# gamma (Approx. 5.3.5) of deterministic series: log2(sd(block sums)/sd(series))/log2 R.
for name in ["blocks", "offset1e9"]:
    y = series(name)
    s1 = sample_sd(y)
    for R in [2, 8, 64]:
        sums = [sum(fr(v) for v in y[k:k + R]) for k in range(0, len(y) - len(y) % R, R)]
        sr = sample_sd([float(0)] * 0 + [s for s in sums]) if False else None
        m = sum(sums) / len(sums)
        var = sum((s - m) ** 2 for s in sums) / (len(sums) - 1)
        sr = sqrt(mpf(var.numerator) / var.denominator)
        out("estimate_gamma", name, R, "-", "-", log(sr / s1, 2) / log(R, 2))

# Exact iteration times of exponential jobs, E X = 1 (eq. (5.4)).
for P in [1, 2, 8, 1024, 2 ** 14, 2 ** 20, 2 ** 40]:
    for R in sorted(set([1, 2, P])):
        if R > P:
            continue
        n = P // R
        out("exponential_dependent_iteration_time", "-", R, P, "-", digamma(n + 1) + euler)
for P in [2, 8, 64]:
    for R in sorted(set([1, 2, 4, P])):
        if R > P:
            continue
        m = P // R
        # Sum of R minima of R unit exponentials: Gamma(shape R, rate R); E max of m copies.
        F = lambda x: gammainc(R, 0, R * x, regularized=True)
        v = quad(lambda x: 1 - F(x) ** m, [0, 1, 4, 20, inf])
        out("exponential_independent_iteration_time", "-", R, P, "-", v)

# Small speedups of model 1.1 on 2 and 4 processors (5.22)/(5.27)/(5.29) and of model 2.1 (5.64).
for cv in ["0", "0.3", "0.57", "0.8", "1"]:
    c = d(cv)
    for k, v in enumerate([(2 + c) / (4 - 2 * c), (1 + c) / (2 - c / 2), (1 + c) / (4 - 3 * c)]):
        out("dependent_small_speedups", str(k), cv, "-", "-", v)
    out("independent_speedup_2_on_4", "-", cv, "-", "-", (4 + 4 * c) / (8 + sqrt(2) * c - 4 * c))

# First-level constants of two samples (pooled mean and sd; maxima and minima).
a_s = [1e8 + ((i * 7919) % 997) for i in range(2000)]
b_s = [1e8 + ((i * 104729) % 991) for i in range(2000)]
pooled = a_s + b_s
P_ = [fr(v) for v in pooled]
mu = sum(P_) / len(P_)
sig = sample_sd(pooled)
mx_ = [max(u, v) for u, v in zip(a_s, b_s)]
mn_ = [min(u, v) for u, v in zip(a_s, b_s)]
mmax = sum(fr(v) for v in mx_) / len(mx_)
q = lambda f: mpf(f.numerator) / f.denominator
out("estimate_first_level", "alpha", "-", "-", "-", q(mmax - mu) / sig)
out("estimate_first_level", "beta_max", "-", "-", "-", sample_sd(mx_) / sig)
out("estimate_first_level", "beta_min", "-", "-", "-", sample_sd(mn_) / sig)

# Table 5.5 slopes and Table 5.4 correlations of the printed Table 5.1 (exact rationals).
T51 = [["0.51", "0.51", "0.49", "0.45", "0.42", "0.38", "0.35"], ["0.54", "0.55", "0.54", "0.55", "0.55", "0.54"],
       ["0.53", "0.54", "0.53", "0.52", "0.53"], ["0.52", "0.50", "0.49", "0.49"], ["0.50", "0.47", "0.42"],
       ["0.46", "0.47"], ["0.43"]]
T = [[fr(float(v)) for v in row] for row in T51]


def ols(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    return sum((a - mx) * (b - my) for a, b in zip(xs, ys)) / sum((a - mx) ** 2 for a in xs)


def corr(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(xs, ys))
    sxx = sum((a - mx) ** 2 for a in xs)
    syy = sum((b - my) ** 2 for b in ys)
    return q(sxy) / sqrt(q(sxx) * q(syy))


# The crate averages in doubles before the fit; the reference averages the doubles exactly.
avg_p = [sum(T[r][p - r - 1] for r in range(p)) / p for p in range(1, 8)]
out("table_5_5_alpha_slope_p", "-", "-", "-", "-", q(ols([Fraction(p) for p in range(1, 8)], avg_p)))
avg_r = [sum(row) / len(row) for row in T]
out("table_5_5_alpha_slope_r", "-", "-", "-", "-", q(ols([Fraction(r) for r in range(7)], avg_r)))
n7 = 7
sr = wr = sp = wp = mpf(0)
for p in range(2, n7 + 1):
    sr += p * corr([Fraction(r) for r in range(p)], [T[r][p - r - 1] for r in range(p)])
    wr += p
for r in range(n7):
    m = n7 - r
    if m >= 2:
        sp += m * corr([Fraction(p) for p in range(r + 1, n7 + 1)], [T[r][p - r - 1] for p in range(r + 1, n7 + 1)])
        wp += m
out("table_correlations", "r", "-", "-", "-", sr / wr)
out("table_correlations", "p", "-", "-", "-", sp / wp)

# Trace statistics (Dobber, Table 3.2) and the ACF (3.1)/(3.2) of the deterministic series.
for name in ["blocks", "offset1e9"]:
    y = series(name)[:2000]
    Y = [fr(v) for v in y]
    N = len(Y)
    mu = sum(Y) / N
    sd = sample_sd(y)
    out("trace_stats_mean", name, "-", "-", "-", q(mu))
    out("trace_stats_sd", name, "-", "-", "-", sd)
    rl = sum((Y[t] - Y[t - 1]) ** 2 for t in range(1, N)) / (N - 1)
    out("trace_stats_rmse_lv", name, "-", "-", "-", sqrt(q(rl)))
    means = [sum(Y[k:k + 20]) / 20 for k in range(0, N, 20)]
    som = sum((m - mu) ** 2 for m in means) / len(means)
    out("trace_stats_sd_of_means", name, "-", "-", "-", sqrt(q(som)))
    g0 = sum((v - mu) ** 2 for v in Y) / N
    for h in [1, 2, 5]:
        gh = sum((Y[t + h] - mu) * (Y[t] - mu) for t in range(N - h)) / N
        out("autocovariance", name, h, "-", "-", q(gh))
        out("acf", name, h, "-", "-", q(gh / g0))
