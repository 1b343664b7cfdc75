"""Closed forms of Ahn et al.'s ensemble framework at 50 digits, on adversarial valid inputs
(counts to 1e12, p to 1e9, sigma/mu over 16 decades), by exact rational arithmetic on the counts
(fractions.Fraction) and mpmath for the task moments -- an independent evaluation of the
definitions, not of the crate's rearranged forms:

  md_decrease        R_k (R_k - 1) / (2 (p - 1)) mu^2                        (Prop. 1, eq. (17))
  ar_v_after         [p (4b + 1) - (2b + 1)^2] / (4 p (p - 1))                (Prop. 4, AR-V)
  residual_var       sigma^2/3 + mu^2/12                                       (Lemma 2)
  eav_first_idle     V(R^) mu^2 + M(R^) sigma^2 + ((p-1)/p)(mu^2/12 - sigma^2/6), R^ from (8b)
  ar_decrease        (V(R^) - V(R^')) mu^2 with R' the AR step of section 2.3, by definition of V
  rp_uniform_others  sum_{k != idle} R_k (R_k - 1) / (2 (p - 1)^2) mu^2       (Prop. 7 corrected)
  static_variance    E[xi^2] of independent block sums (unequal split), from first and second moments
  ar_min_rp          4 (1+eps)^2 C^2 / (1-2 eps)^2 (sigma/mu)^2                (P5)
  ar_min_r           ((1+eps) C sigma / (g mu))^2                              (P6)
  c_max              Phi^-1(0.5264^(1/p_max))                                  (section 4.5)

Count vectors are given by a rule both sides expand the same way: r_0 = 0 (the idle processor),
r_i = base + (i * step) mod modulus for i = 1..p-1.

Columns: function, mu, sigma, a, b, c, d, value (a..d: the integer or real arguments named in the
test, 0 when unused). Run: python3 scripts/references/ensemble.py > tests/data/reference/ensemble_closed_forms.csv
"""
from fractions import Fraction as Fr

from mpmath import mp, mpf, sqrt, erfinv, power

mp.dps = 50


def counts(base, step, modulus, p):
    return [0] + [base + (i * step) % modulus for i in range(1, p)]


def mean_var(x):
    p = len(x)
    m = sum(x, Fr(0)) / p
    return m, sum(((v - m) ** 2 for v in x), Fr(0)) / (p - 1)


def ar_after(r, idle):
    p = len(r)
    total = sum(r)
    base, b = divmod(total, p)
    order = [idle] + [i for i in range(p) if i != idle and r[i] == 0] + [i for i in range(p) if r[i] > 0]
    out = list(r)
    cut = len(order) - b
    for q, i in enumerate(order):
        out[i] = base + (1 if q >= cut else 0)
    return out


def fr(x):
    return mpf(x.numerator) / mpf(x.denominator)


def rows():
    laws = [(488.1, 116.6), (152.0, 191.1), (1.0, 1e-8), (1.0, 1e8), (3.0e-5, 7.0), (1e6, 1e-3)]
    for k, p in [(7, 5), (2, 2), (10**12, 10**9), (10**12 + 1, 2), (3, 10**9), (10**9, 10**6)]:
        for mu, _ in laws[:4]:
            yield "md_decrease", mu, 0.0, k, p, 0, 0, fr(Fr(k * (k - 1), 2 * (p - 1))) * mpf(mu) ** 2
    for b, p in [(1, 25), (12, 25), (0, 2), (1, 2), (0, 10**9), (10**9 - 1, 10**9), (5 * 10**8, 10**9),
                 (123456789, 987654321), (2**40, 2**41 + 3)]:
        yield "ar_v_after", 0.0, 0.0, b, p, 0, 0, fr(Fr(p * (4 * b + 1) - (2 * b + 1) ** 2, 4 * p * (p - 1)))
    for mu, s in laws:
        yield "residual_var", mu, s, 0, 0, 0, 0, mpf(s) ** 2 / 3 + mpf(mu) ** 2 / 12
    specs = [(1, 3, 7, 5), (10**12, 7919, 10**6, 1000), (1, 1, 2, 100000), (39, 0, 1, 25), (10**9, 104729, 10**9, 3000)]
    for spec in specs:
        r = counts(*spec)
        p = len(r)
        rhat = [Fr(0)] + [Fr(v) - Fr(1, 2) for v in r[1:]]
        m, v = mean_var(rhat)
        for mu, s in laws:
            mu_, s_ = mpf(mu), mpf(s)
            val = fr(v) * mu_**2 + fr(m) * s_**2 + fr(Fr(p - 1, p)) * (mu_**2 / 12 - s_**2 / 6)
            yield "eav_first_idle", mu, s, *spec, val
        after = ar_after(r, 0)
        run = [0] + [1] * (p - 1)
        v1 = mean_var([Fr(a) - Fr(s, 2) for a, s in zip(after, run)])[1]
        others = sum(Fr(c * (c - 1)) for c in r[1:]) / (2 * (p - 1) ** 2)
        for mu, _ in laws[:3]:
            yield "ar_decrease", mu, 0.0, *spec, fr(v - v1) * mpf(mu) ** 2
            yield "rp_uniform_others", mu, 0.0, *spec, fr(others) * mpf(mu) ** 2
    for n, p in [(1000, 25), (1000, 64), (10**12 + 7, 10**9), (10**12, 10**6), (3, 2), (10**9 + 1, 10**9)]:
        k, base = n % p, n // p
        for mu, s in laws:
            mu_, s_ = mpf(mu), mpf(s)
            # independent block sums: X_i ~ (R_i mu, R_i sigma^2); E S^2 = (sum E X_i^2 - E (sum X_i)^2 / p)/(p-1)
            sizes = [(k, base + 1), (p - k, base)]
            second = sum(c * (R * s_**2 + (R * mu_) ** 2) for c, R in sizes)
            tot_mean = sum(c * R * mu_ for c, R in sizes)
            tot_var = sum(c * R * s_**2 for c, R in sizes)
            val = (second - (tot_var + tot_mean**2) / p) / (p - 1)
            yield "static_variance", mu, s, n, p, 0, 0, val
    for mu, s in laws:
        for eps, c, g in [(0.04, 4.4, 1.0), (0.0, 4.8423, 0.5), (0.3, 1.0, 10.0)]:
            e, c_, g_ = mpf(eps), mpf(c), mpf(g)
            ratio = mpf(s) / mpf(mu)
            yield "ar_min_rp", mu, s, eps, c, g, 0, 4 * (1 + e) ** 2 * c_**2 / (1 - 2 * e) ** 2 * ratio**2
            yield "ar_min_r", mu, s, eps, c, g, 0, ((1 + e) * c_ * mpf(s) / (g_ * mpf(mu))) ** 2
    for pm in [1, 2, 25, 10**3, 119_000, 10**6, 10**9, 10**12]:
        q = power(mpf("0.5264"), mpf(1) / pm)
        yield "c_max", 0.0, 0.0, pm, 0, 0, 0, sqrt(2) * erfinv(2 * q - 1)


def cell(x):
    return repr(x) if isinstance(x, float) else str(x)


print("# made by scripts/references/ensemble.py (exact rationals on counts, mpmath 50 digits)")
print("function,mu,sigma,a,b,c,d,value")
for f, mu, s, a, b, c, d, v in rows():
    print(",".join([f, cell(mu), cell(s), cell(a), cell(b), cell(c), cell(d), mp.nstr(v, 25)]))
