"""Static predictions of Ahn et al. (§4.3, §5.2) at 50 digits, for equal and unequal block splits:
n tasks (mean mu, sd sigma) over p processors, the first n mod p holding ceil(n/p) tasks and the
others floor(n/p); processor times independent normals N(R_i mu, R_i sigma^2).

E[max] = int_0^inf (1 - F) dy - int_-inf^0 F dy with F(y) = Phi(a)^k Phi(b)^(p-k) (direct
quadrature of the distribution function, not of the density); E[min] likewise with the survival
function; E[xi^2] from E[S^2] = (sum E[X_i^2] - E[(sum X_i)^2]/p)/(p - 1).

Columns: mu, sigma, n, p, expected_max, expected_min, expected_variance
"""
from mpmath import mp, mpf, ncdf, quad, sqrt, inf

mp.dps = 40


def prediction(mu, sigma, n, p):
    mu, sigma = mpf(float(mu)), mpf(float(sigma))  # the doubles the crate receives
    k, base = n % p, n // p
    groups = [(k, (base + 1) * mu, sqrt(base + 1) * sigma), (p - k, base * mu, sqrt(base) * sigma)]
    groups = [g for g in groups if g[0] > 0]
    F = lambda y: mp.fprod(ncdf((y - m) / s) ** c for c, m, s in groups)
    S = lambda y: mp.fprod((1 - ncdf((y - m) / s)) ** c for c, m, s in groups)
    lo = min(m for _, m, _ in groups)
    hi = max(m for _, m, _ in groups)
    sd = max(s for _, _, s in groups)
    pts = sorted(set([lo + j * sd for j in range(-12, 13)] + [hi + j * sd for j in range(-12, 13)]))
    pos = [x for x in pts if x > 0]

    def half_line(f_upper, f_lower):
        up = quad(f_upper, [0] + pos + [inf])
        neg = [x for x in pts if x < 0]
        down = quad(f_lower, [-inf] + neg + [0])
        return up - down

    emax = half_line(lambda y: 1 - F(y), F)
    emin = half_line(S, lambda y: 1 - S(y))
    second = sum(c * (s * s + m * m) for c, m, s in groups)
    total_var = sum(c * s * s for c, m, s in groups)
    total_mean = sum(c * m for c, m, s in groups)
    var = (second - (total_var + total_mean ** 2) / p) / (p - 1)
    return emax, emin, var


print("# made by scripts/references/ensemble_static.py (mpmath, 40 digits)")
print("mu,sigma,n,p,expected_max,expected_min,expected_variance")
for mu, sigma, n, p in [
    ("10", "3", 1000, 64),
    ("488.1", "116.6", 1000, 25),
    ("488.1", "116.6", 1001, 25),
    ("152", "191.1", 1000, 25),
    ("1", "0.5", 10, 4),
    ("10", "1", 100000, 999),
    ("5", "2", 7, 2),
]:
    emax, emin, var = prediction(mu, sigma, n, p)
    print(f"{mu},{sigma},{n},{p},{mp.nstr(emax, 17)},{mp.nstr(emin, 17)},{mp.nstr(var, 17)}")
