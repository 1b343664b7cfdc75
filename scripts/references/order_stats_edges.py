"""Extremes of n i.i.d. variables at the edges of the accepted parameters, by closed forms
independent of the crate's quadrature.

- Weibull(k, 1), k = 0.05 ... 1e4: the minimum of n is Weibull(k, n^(-1/k)), so
  E = n^(-1/k) Γ(1 + 1/k); the maximum is Γ(1 + 1/k) Σ_{j=1}^n (−1)^(j+1) C(n, j) j^(−1/k),
  summed at 60 + 0.35·n + 50 digits so that the cancellation (C(1000, 500) ≈ 2.7e299) leaves 50
  correct digits; n ≤ 1000 (checked: k = 1 gives the harmonic number to 1e-164).
- LogNormal(0, σ), σ = 4.5, 5, 6: E[max of 2] = 2 e^(σ²/2) Φ(σ/√2), E[min of 2] = 2 e^(σ²/2) Φ(−σ/√2),
  n = 1 the mean e^(σ²/2).
- Gamma(k, 1), k = 3e4, 1e5: E[max of 2] = k + Γ(k + ½)/(√π Γ(k)), E[min of 2] = k − the same
  (E|X₁ − X₂| = 2Γ(k + ½)/(√π Γ(k))), n = 1 the mean k.

Run once (mpmath 1.3.0):
    python3 scripts/references/order_stats_edges.py > tests/data/reference/order_stats_edges.csv
"""
import mpmath as mp

mp.mp.dps = 60


def fmt(x):
    return mp.nstr(x, 20, min_fixed=-30, max_fixed=30)


print("# scripts/references/order_stats_edges.py, mpmath %s, 60 digits (values to 20 significant digits)" % mp.__version__)
print("law,p1,n,which,mean")
for k in ["0.05", "0.1", "0.2", "10", "100", "1000", "10000"]:
    K = mp.mpf(k)
    for n in [1, 2, 10, 1000, 10**6]:
        print("weibull,%s,%d,min,%s" % (k, n, fmt(mp.power(n, -1 / K) * mp.gamma(1 + 1 / K))))
        if n <= 1000:
            with mp.workdps(60 + int(n * 0.35) + 50):
                mx = mp.fsum((-1) ** (j + 1) * mp.binomial(n, j) * mp.power(j, -1 / K) for j in range(1, n + 1))
                mx *= mp.gamma(1 + 1 / K)
            print("weibull,%s,%d,max,%s" % (k, n, fmt(mx)))
for s in ["4.5", "5", "6"]:
    S = mp.mpf(s)
    m = mp.exp(S * S / 2)
    print("lognormal,%s,1,max,%s" % (s, fmt(m)))
    print("lognormal,%s,2,max,%s" % (s, fmt(2 * m * mp.ncdf(S / mp.sqrt(2)))))
    print("lognormal,%s,2,min,%s" % (s, fmt(2 * m * mp.ncdf(-S / mp.sqrt(2)))))
for k in ["30000", "100000"]:
    K = mp.mpf(k)
    half = mp.exp(mp.loggamma(K + mp.mpf(1) / 2) - mp.loggamma(K)) / mp.sqrt(mp.pi)
    print("gamma,%s,1,max,%s" % (k, fmt(K)))
    print("gamma,%s,2,max,%s" % (k, fmt(K + half)))
    print("gamma,%s,2,min,%s" % (k, fmt(K - half)))
