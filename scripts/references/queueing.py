"""High-precision references for loadbal::queueing (mpmath, 50 digits).

Every input is a double, printed with repr() and converted to mpf exactly, so the tables hold the
exact answer for the double the test passes. Methods are independent of the crate's:
Erlang B by the defining sum sum_k a^k/k! (c <= 20000) or by quadrature of
1/B = a int_0^inf e^(-a t) (1 + t)^c dt (larger c);
M/M/c/K by direct summation of the stationary distribution (K <= 2e5) or the textbook geometric
closed form at 80 digits; Jackson networks by solving the traffic equations at 50 digits.

    /tmp/refs/bin/python scripts/references/queueing.py TABLE > tests/data/reference/queueing_TABLE.csv

TABLE is one of erlang, mmc, mmck, mm1k, mg1, jackson.

mm1k: M/M/1/K alone from its own textbook closed form p_n = rho^n (1 - rho)/(1 - rho^(K+1))
(p_n = 1/(K+1) at rho = 1), L = rho/(1 - rho) - (K+1) rho^(K+1)/(1 - rho^(K+1)), at 80 digits
(the powers rho^(K+1) for K to 1e12 and rho within 1e-12 of 1 need the extra digits); values
below 1e-300 are printed as 0 (the crate underflows there).
"""
import sys
from mpmath import mp, mpf, exp, log, sqrt, matrix, lu_solve, fsum

mp.dps = 50


def s(x):
    return mp.nstr(x, 17, min_fixed=-5, max_fixed=0, strip_zeros=False)


def inv_b(c, a):
    """1/B(c, a) = sum_{k<=c} a^k/k! / (a^c/c!)."""
    a = mpf(a)
    if c <= 20000:
        term, total = mpf(1), mpf(1)
        for k in range(1, c + 1):
            term = term * a / k
            total += term
        return total / term
    # 1/B = a * integral_0^inf exp(-a t) (1 + t)^c dt (expand (1 + t)^c), by tanh-sinh
    # quadrature split around the peak t* = c/a - 1 of the log-concave integrand.
    with mp.workdps(60):
        c_m = mpf(c)
        t_star = max(mpf(0), c_m / a - 1)
        f_star = c_m * log(1 + t_star) - a * t_star
        width = sqrt(c_m) / a
        f = lambda t: exp(c_m * log(1 + t) - a * t - f_star)
        pts = [mpf(0)]
        for k in [-40, -10, -3, 0, 3, 10, 40]:
            p = t_star + k * width
            if p > pts[-1]:
                pts.append(p)
        pts.append(mp.inf)
        return a * exp(f_star) * mp.quad(f, pts)


def erlang():
    print("# Erlang B and C: B(c, a) = (a^c/c!) / sum_{k<=c} a^k/k!, C = B / (1 - rho (1 - B)), rho = a/c")
    print("# (c_prob is 0 where a >= c: no Erlang C). mpmath", mp.dps, "digits")
    print("c,a,b,c_prob")
    rows = []
    for c in [1, 2, 3, 5, 10, 30, 99, 100, 101, 150, 199, 200, 201, 500, 999, 1000, 1001, 5000, 10000]:
        for f in [0.001, 0.1, 0.5, 0.69, 0.7, 0.71, 0.9, 0.99, 0.999999, 1.0, 1.000001, 1.01, 1.29, 1.3, 1.31, 2.0, 10.0]:
            rows.append((c, float(c) * f))
    for c in [10 ** 5, 10 ** 6 - 1, 10 ** 7, 10 ** 9 + 7, 10 ** 12]:
        for f in [0.5, 0.9, 0.99, 0.999, 0.999999, 1 - 1e-9, 1.0, 1.001, 1.1, 1.5]:
            rows.append((c, float(c) * f))
    rows += [(1000, 1.0), (10000, 1.0), (10000, 9900.0), (10 ** 12, 1e12 - 1e6 * 1.7)]
    for c, a in rows:
        if a <= 0:
            continue
        ib = inv_b(c, a)
        b = 1 / ib
        cp = mpf(0)
        rho = mpf(a) / c
        if rho < 1:
            cp = b / (1 - rho * (1 - b))
        if b < mpf(10) ** -300:
            continue
        print(f"{c},{a!r},{s(b)},{s(cp)}")


def mmc():
    print("# M/M/c: rows (lambda, mu, c) with p_wait = C(c, lambda/mu), wq = C/(c mu - lambda), lq = lambda wq,")
    print("# w = wq + 1/mu, l = lambda w. mpmath", mp.dps, "digits")
    print("lambda,mu,c,p_wait,wq,lq,w,l")
    rows = []
    for mu in [1.0, 0.37, 3.7e-6, 2.5e5]:
        for c in [1, 2, 7, 100, 1000, 10 ** 4, 10 ** 6, 10 ** 9]:
            for rho in [0.01, 0.5, 0.9, 0.999, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12]:
                rows.append((rho * c * mu, mu, c))
    for lam, mu, c in rows:
        lam_m, mu_m = mpf(lam), mpf(mu)
        a = lam_m / mu_m
        if lam_m >= c * mu_m:
            continue
        with mp.workdps(80):
            b = 1 / inv_b(c, a)
            rho = lam_m / (c * mu_m)
            p = b / (1 - rho * (1 - b))
            wq = p / (c * mu_m - lam_m)
        if p < mpf(10) ** -290:
            continue
        w = wq + 1 / mu_m
        print(f"{lam!r},{mu!r},{c},{s(p)},{s(wq)},{s(lam_m * wq)},{s(w)},{s(lam_m * w)}")


def mmck_exact(lam, mu, c, k):
    lam, mu = mpf(lam), mpf(mu)
    a = lam / mu
    r = a / c
    if k - c <= 200000 and c <= 20000:
        # direct: t_n relative to t_c
        tc_rel = []  # t_n / t_c for n <= c: product of n+1..c over a
        t = mpf(1)
        lower = [mpf(1)]
        for n in range(c, 0, -1):
            t = t * n / a
            lower.append(t)
        # lower[j] = t_{c-j}/t_c
        z = fsum(lower)
        busy = fsum((c - j) * lower[j] for j in range(len(lower)))
        sum_q = mpf(0)
        sum_j = mpf(0)
        x = mpf(1)
        for j in range(1, k - c + 1):
            x = x * r
            sum_q += x
            sum_j += j * x
        p_k = x / (z + sum_q) if k > c else 1 / z
        zz = z + sum_q
        lq = sum_j / zz
        l = (busy + c * sum_q + sum_j) / zz
        wait = (1 + sum_q - x) / zz if k > c else mpf(0)
    else:
        with mp.workdps(90):
            lam, mu, a, r = mpf(lam), mpf(mu), mpf(lam) / mpf(mu), mpf(lam) / mpf(mu) / c
            m = k - c
            z = inv_b(c, a)  # sum_{n<=c} t_n / t_c
            busy = a * (z - 1)  # sum n t_n / t_c over n <= c
            if r == 1:
                g1 = mpf(m)
                gj = mpf(m) * (m + 1) / 2
            else:
                g1 = r * (1 - r ** m) / (1 - r)
                gj = r * (1 - (m + 1) * r ** m + m * r ** (m + 1)) / (1 - r) ** 2
            x = r ** m
            zz = z + g1
            p_k = x / zz
            lq = gj / zz
            l = (busy + c * g1 + gj) / zz
            wait = (1 + g1 - x) / zz
    thr = lam * (1 - p_k)
    return p_k, thr, wait / (1 - p_k), l, lq, l / thr, lq / thr


def mmck():
    print("# M/M/c/K: p_n proportional to a^n/n! (n <= c), a^c/c! (a/c)^(n-c) (c < n <= K); p_block = p_K,")
    print("# throughput = lambda (1 - p_K), p_wait = P(c <= n < K)/(1 - p_K), l, lq, w = l/throughput, wq = lq/throughput.")
    print("# Direct summation for K - c <= 2e5, otherwise the geometric closed form at 90 digits. mpmath", mp.dps, "digits")
    print("lambda,mu,c,k,p_block,throughput,p_wait,l,lq,w,wq")
    rows = [(999.999, 1.0, 1000, 100000), (999.999 * 0.37, 0.37, 1000, 100000)]
    for mu in [1.0, 0.37]:
        for c in [1, 3, 50, 1000]:
            for extra in [0, 1, 10, 1000, 100000]:
                for rho in [0.1, 0.9, 0.999999, 1.0, 1.000001, 1.5, 20.0]:
                    rows.append((rho * c * mu, mu, c, c + extra))
    for mu in [1.0, 0.37]:
        for c, k in [(1, 10 ** 9), (1000, 10 ** 12), (10 ** 6, 10 ** 12), (10 ** 12, 10 ** 12), (7, 10 ** 7)]:
            for rho in [0.5, 1 - 1e-9, 1 - 1e-12, 1.0, 1 + 1e-12, 2.0]:
                rows.append((rho * c * mu, mu, c, k))
    for lam, mu, c, k in rows:
        vals = mmck_exact(lam, mu, c, k)
        if min(vals) < mpf(10) ** -280 and min(vals) != 0:
            continue
        print(f"{lam!r},{mu!r},{c},{k}," + ",".join(s(v) for v in vals))


def mm1k_exact(lam, mu, k):
    with mp.workdps(80):
        lam, mu = mpf(lam), mpf(mu)
        rho = lam / mu
        if rho == 1:
            p0 = pk = 1 / mpf(k + 1)
            l = mpf(k) / 2
        else:
            rk1 = rho ** (k + 1)
            p0 = (1 - rho) / (1 - rk1)
            pk = p0 * rho ** k
            l = rho / (1 - rho) - (k + 1) * rk1 / (1 - rk1)
        thr = lam * (1 - pk)
        lq = l - (1 - p0)
        wait = (1 - p0 - pk) / (1 - pk)  # an admitted arrival finds 1 <= n < K
        if k == 1:
            lq = wait = mpf(0)  # exactly: nobody ever waits (the formulas leave 1e-80)
        return pk, thr, wait, l, lq, l / thr, lq / thr


def mm1k():
    print("# M/M/1/K alone: p_n = rho^n (1 - rho)/(1 - rho^(K+1)), L = rho/(1 - rho) - (K+1) rho^(K+1)/(1 - rho^(K+1)),")
    print("# Lq = L - (1 - p_0), p_wait = (1 - p_0 - p_K)/(1 - p_K), W = L/throughput. mpmath 80 digits; 0 = below 1e-300.")
    print("lambda,mu,k,p_block,throughput,p_wait,l,lq,w,wq")
    for mu in [1.0, 0.37]:
        for rho in [0.1, 0.5, 0.9, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12, 1.0, 1 + 1e-12, 1 + 1e-9, 1.5, 2.0, 20.0]:
            for k in [1, 2, 10, 1000, 10 ** 6, 10 ** 9, 10 ** 12]:
                lam = rho * mu
                vals = mm1k_exact(lam, mu, k)
                cells = [s(v) if abs(v) >= mpf(10) ** -300 else "0" for v in vals]
                print(f"{lam!r},{mu!r},{k}," + ",".join(cells))


def mg1():
    print("# M/G/1 (Pollaczek-Khinchine): wq = lambda E[S^2] / (2 (1 - lambda E[S])); with multiple vacations")
    print("# (Jia, eq. (5.4)) add E[V^2]/(2 E[V]) (vacation_mean 0 = none). mpmath", mp.dps, "digits")
    print("lambda,mean,second_moment,vacation_mean,vacation_second,wq,l")
    for mean in [1.0, 0.37, 3e-7, 4e6]:
        for scv in [0.0, 0.5, 1.0, 9.0]:
            for rho in [0.01, 0.5, 0.99, 1 - 1e-9, 1 - 1e-12]:
                lam = rho / mean
                sm = (1 + scv) * mean * mean
                for vm, vs in [(0.0, 0.0), (2.0, 8.0)]:
                    lm, m, s2 = mpf(lam), mpf(mean), mpf(sm)
                    if lm * m >= 1:
                        continue
                    wq = lm * s2 / (2 * (1 - lm * m))
                    if vm > 0:
                        wq += mpf(vs) / (2 * mpf(vm))
                    l = lm * (wq + m)
                    print(f"{lam!r},{mean!r},{sm!r},{vm!r},{vs!r},{s(wq)},{s(l)}")


NETWORKS = [
    ("tandem_feedback", [1.0, 0.0], [4.0, 3.0], [1, 1], [[0.0, 1.0], [0.5, 0.0]]),
    ("three_node", [0.7, 0.2, 0.1], [2.0, 1.5, 0.37], [1, 2, 5], [[0.0, 0.3, 0.3], [0.2, 0.0, 0.5], [0.1, 0.1, 0.0]]),
    ("near_saturation", [0.999, 0.0], [1.0, 1.0], [1, 1], [[0.0, 0.5], [0.0, 0.0]]),
    ("many_servers", [500.0, 300.0], [0.37, 1.1], [2000, 700], [[0.0, 0.25], [0.1, 0.0]]),
]


def jackson():
    print("# Open Jackson networks: lambda = gamma + P^T lambda solved at 50 digits; node i is M/M/c_i.")
    print("# Vectors are ';'-separated, routing rows ';'-separated with ' ' between entries. mpmath", mp.dps, "digits")
    print("network,gamma,mu,c,routing,node,lambda,l,wq")
    for name, gamma, mu, c, p in NETWORKS:
        n = len(gamma)
        A = matrix(n, n)
        for i in range(n):
            for j in range(n):
                A[i, j] = (1 if i == j else 0) - mpf(p[j][i])
        lam = lu_solve(A, matrix([mpf(g) for g in gamma]))
        enc = lambda v: ";".join(repr(x) for x in v)
        routing = ";".join(" ".join(repr(x) for x in row) for row in p)
        for i in range(n):
            a = lam[i] / mpf(mu[i])
            b = 1 / inv_b(c[i], a)
            rho = lam[i] / (c[i] * mpf(mu[i]))
            pw = b / (1 - rho * (1 - b))
            wq = pw / (c[i] * mpf(mu[i]) - lam[i])
            l = lam[i] * (wq + 1 / mpf(mu[i]))
            print(f"{name},{enc(gamma)},{enc(mu)},{enc(c)},{routing},{i},{s(lam[i])},{s(l)},{s(wq)}")


{"erlang": erlang, "mmc": mmc, "mmck": mmck, "mm1k": mm1k, "mg1": mg1, "jackson": jackson}[sys.argv[1]]()
