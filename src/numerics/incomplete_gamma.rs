//! The regularized incomplete gamma functions `P(a, x)` and `Q(a, x) = 1 − P(a, x)` in log space,
//! one method per regime, for the gamma law (order statistics) and the Erlang formulas
//! (queueing: `1/B(c, a) = a·Q(c + 1, a)/(aᶜ⁺¹e^{−a}/c!)`).
//!
//! Everything is relative to the prefactor `xᵃ e^{−x}/Γ(a)` ([`ln_prefactor`]), taken in logs at
//! `x = eᵗ` so that the lower tail of small shapes, where `x` underflows, stays exact. The
//! smaller of the two tails comes from:
//!
//! | regime | method | terms |
//! |---|---|---|
//! | `a ≥ 200`, `|x/a − 1| ≤ 0.3` | Temme's uniform expansion (DLMF 8.12.3) | 10 × 26 coefficients |
//! | otherwise, `x < a + 1` | the power series of `P` ([`lower_series`]) | ratio `x/(a + k)` |
//! | otherwise, `x ≥ a + 1` | Legendre's continued fraction of `Q` ([`upper_fraction`]) | a few dozen |
//!
//! and the other tail as `ln(1 − ·)` by `ln_1p`. Near the transition point of a large shape the
//! series and the fraction would need `√(80a)` terms; Temme's expansion needs none (its
//! coefficients, checked against mpmath to 1e−15 for `a ≥ 101`, are in
//! [`temme_coefficients`](super::temme_coefficients)).
//!
//! Neither statrs nor `special` is accurate enough here: statrs 0.19's `gamma_lr`/`gamma_ur`
//! work in linear space (the lower tail underflows at `x ≈ e^{−745/a}`) and `special`'s
//! `inc_gamma` stops at 1e−14 absolute.

use super::erf::erfcx;
use super::gamma::{deviance, ln_gamma, ln_gamma_star, log1pmx};
use super::temme_coefficients::C;
use std::f64::consts::PI;

/// Smallest shape of Temme's regime.
pub(crate) const TEMME_MIN_SHAPE: f64 = 200.0;
/// Half-width of Temme's regime in `x/a − 1`.
pub(crate) const TEMME_WIDTH: f64 = 0.3;
/// Term limit of the series and the continued fraction (never reached in their regimes:
/// there the series' ratio `x/(a + k)` and the fraction's convergence factor are bounded away
/// from 1 or `a` is below 200).
const MAX_TERMS: u32 = 200_000;

/// `ln(xᵃ e^{−x}/Γ(a))` at `x = eᵗ`, `a > 0`, which is also `ln(x f(x))` for the gamma(a, 1)
/// density `f`.
///
/// # Formula
/// ```text
/// a < 10:            a·t − x − ln Γ(a)
/// a ≥ 10, x ≥ a/2:   a·log1pmx((x − a)/a) + ½ ln(a/2π) − ln Γ*(a)
/// a ≥ 10, a/3 ≤ x < a/2:   −bd0(a, x) + ½ ln(a/2π) − ln Γ*(a)   (Loader's deviance, [`deviance`])
/// a ≥ 10, x < a/3:   −(a·ln(a/x) − (a − x)) + ½ ln(a/2π) − ln Γ*(a)
/// ```
/// (`ln(a/x)` as `ln a − t` where `x` is subnormal).
///
/// # Accuracy
/// A few ulps of the largest term: for `a ≥ 10` no term exceeds the result by more than a
/// factor 4 (Stirling's remainder `Γ*` carries `ln Γ(a)`'s large parts analytically), so the
/// error is a few ulps relative to `ln` of the result, for any `a` up to 2⁵³.
pub(crate) fn ln_prefactor(a: f64, t: f64) -> f64 {
    ln_prefactor_at(a, t.exp(), t)
}

/// [`ln_prefactor`] for a caller that has `x` itself (exact) as well as `t = ln x`: `x` is then
/// not rounded through `eᵗ`, which matters where `ln` of the prefactor is large (`a = 10¹²`).
pub(crate) fn ln_prefactor_at(a: f64, x: f64, t: f64) -> f64 {
    if a < 10.0 {
        return a * t - x - ln_gamma(a);
    }
    let stirling = 0.5 * (a / (2.0 * PI)).ln() - ln_gamma_star(a);
    if x >= 0.5 * a {
        a * log1pmx((x - a) / a) + stirling
    } else if x >= a / 3.0 {
        // Here (x − a)/a would round before a multiplies it: Loader's form keeps a − x exact.
        stirling - deviance(a, x)
    } else {
        let ln_ratio = if x > 1e-300 * a { (a / x).ln() } else { a.ln() - t };
        stirling - (a * ln_ratio - (a - x))
    }
}

/// `Σ_{k≥0} x^k/((a + 1)(a + 2)…(a + k))`, so that `P(a, x) = xᵃ e^{−x}/Γ(a + 1) · Σ`.
///
/// # Accuracy
/// A sum of positive terms stopped below 1e−17 of the sum: a few ulps for `x < a + 1`, and for
/// `x ≤ 0.7a` at any `a` (the terms fall at least like 0.7^k).
pub(crate) fn lower_series(a: f64, x: f64) -> f64 {
    let (mut term, mut sum, mut ap) = (1.0, 1.0, a);
    for _ in 0..MAX_TERMS {
        ap += 1.0;
        term *= x / ap;
        sum += term;
        if term <= 1e-17 * sum {
            break;
        }
    }
    sum
}

/// `Q(a, x)·Γ(a)/(xᵃ e^{−x})` for `x ≥ a + 1` by Legendre's continued fraction (DLMF 8.9.2),
/// evaluated forwards by the modified Lentz method.
///
/// # Formula
/// ```text
/// 1/(x + 1 − a − 1(1 − a)/(x + 3 − a − 2(2 − a)/(x + 5 − a − …)))
/// ```
///
/// # Accuracy
/// Stopped when a factor is within 1e−16 of 1: a few ulps.
pub(crate) fn upper_fraction(a: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let mut b = x + 1.0 - a;
    let mut c = 1.0 / TINY;
    let mut d = 1.0 / b;
    let mut h = d;
    for i in 1..MAX_TERMS {
        let an = -f64::from(i) * (f64::from(i) - a);
        b += 2.0;
        d = an * d + b;
        if d.abs() < TINY {
            d = TINY;
        }
        c = b + an / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let delta = d * c;
        h *= delta;
        if (delta - 1.0).abs() <= 1e-16 {
            break;
        }
    }
    h
}

/// Temme's uniform asymptotic expansion of `P(a, x)` and `Q(a, x)` near `x = a` (DLMF
/// 8.12.3–8.12.4, 8.12.8), for `a ≥ 200` and `|x/a − 1| ≤ 0.3`:
///
/// ```text
/// Q(a, x) = ½ erfc(z) + e^{−z²} Σ_k c_k(η) a^{−k} / √(2πa),   P(a, x) = ½ erfc(−z) − (same sum),
/// η²/2 = σ − ln(1 + σ),  σ = x/a − 1,  sign η = sign σ,  z = η √(a/2),  z² = a·η²/2
/// ```
///
/// with the `c_k(η)` as Taylor polynomials in η (10 × 26 coefficients from mpmath).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Temme {
    /// `z = η √(a/2)` (its sign says which tail is the smaller one: `Q` for `z ≥ 0`).
    pub z: f64,
    /// `z² = a·(σ − ln(1 + σ))`, accurate where `z` itself is rounded.
    pub z2: f64,
    /// `Σ_k c_k(η) a^{−k} / √(2πa)`.
    series: f64,
}

impl Temme {
    /// The expansion at shape `a` and `σ = x/a − 1` (a caller that knows `x` to more than double
    /// precision folds the low part into `σ`).
    pub(crate) fn new(a: f64, sigma: f64) -> Self {
        let half_eta2 = -log1pmx(sigma);
        let eta = (2.0 * half_eta2).sqrt().copysign(sigma);
        let inv_a = 1.0 / a;
        let mut sum = 0.0;
        for row in C.iter().rev() {
            let ck = row.iter().rev().fold(0.0, |acc, d| acc * eta + d);
            sum = sum * inv_a + ck;
        }
        Temme { z: eta * (0.5 * a).sqrt(), z2: a * half_eta2, series: sum / (2.0 * PI * a).sqrt() }
    }

    /// The smaller tail times `e^{z²}`: `Q·e^{z²}` for `z ≥ 0`, `P·e^{z²}` for `z < 0`.
    ///
    /// # Accuracy
    /// About 1e−15 relative (the expansion's truncation for `a ≥ 200`, and `erfcx`): the two
    /// terms never cancel by more than a factor 1.2 in this regime.
    pub(crate) fn scaled_tail(&self) -> f64 {
        if self.z >= 0.0 { 0.5 * erfcx(self.z) + self.series } else { 0.5 * erfcx(-self.z) - self.series }
    }
}

/// `(ln P(a, x), ln Q(a, x))` at `x = eᵗ`, `a > 0` (`t = −∞` is `x = 0`).
///
/// # Accuracy
/// The smaller tail to a few ulps of its logarithm's largest term (1e−15 relative in Temme's
/// regime), the larger one through `ln_1p` without loss.
pub(crate) fn ln_pq(a: f64, t: f64) -> (f64, f64) {
    if t == f64::NEG_INFINITY {
        return (f64::NEG_INFINITY, 0.0);
    }
    if t == f64::INFINITY {
        return (0.0, f64::NEG_INFINITY);
    }
    let x = t.exp();
    if a >= TEMME_MIN_SHAPE && (x - a).abs() <= TEMME_WIDTH * a {
        let temme = Temme::new(a, (x - a) / a);
        let ln_tail = temme.scaled_tail().ln() - temme.z2;
        let other = (-ln_tail.exp()).ln_1p();
        return if temme.z >= 0.0 { (other, ln_tail) } else { (ln_tail, other) };
    }
    let lpf = ln_prefactor(a, t);
    if x < a + 1.0 {
        let ln_p = lpf - a.ln() + lower_series(a, x).ln();
        (ln_p, (-ln_p.exp()).ln_1p())
    } else {
        let ln_q = lpf + upper_fraction(a, x).ln();
        ((-ln_q.exp()).ln_1p(), ln_q)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponential_case_is_closed_form() {
        // a = 1: P = 1 − e^{−x}, Q = e^{−x}.
        for x in [1e-300f64, 1e-10, 0.3, 1.0, 2.5, 40.0, 700.0] {
            let (lp, lq) = ln_pq(1.0, x.ln());
            let want_lp = if x < 0.7 { (-(-x).exp_m1()).ln() } else { (-(-x).exp()).ln_1p() };
            assert!((lq + x).abs() <= 1e-15 * x.max(1.0), "x = {x}: {lq}");
            // Q = e^{−x} inherits x's rounding, 1e−16·x relative.
            assert!((lp / want_lp - 1.0).abs() < 1e-15 * x.max(1.0), "x = {x}: {lp} vs {want_lp}");
        }
    }

    /// mpmath (`gammainc(a, 0, x, regularized=True)`, 40 digits) on both sides of every regime
    /// boundary, including Temme's.
    #[test]
    #[allow(clippy::excessive_precision)] // 19-digit references
    fn regimes_meet_references() {
        // (a, t = ln x, ln P, ln Q), the references at x = eᵗ exactly.
        let refs = [
            (0.5, 0.3364722366212129, -0.09900774490576786418, -2.361652667450256998),
            (0.5, 0.47000362924573563, -0.07649048359562217208, -2.608590413926548467),
            (0.01, -69.07755278982137, -0.6850852199521440503, -0.701274664984798007),
            (3.0, 1.3609765531356006, -0.2918575812745340374, -1.373871435670417331),
            (3.0, 1.410986973710262, -0.2533630727073495125, -1.496940012755420923),
            (3.0, 4.0943445622221, -1.629586652937848018e-23, -52.47113074335773354),
            (150.0, 4.605170185988092, -13.18200167571468794, -1.88421224116548239e-6),
            (150.0, 5.016617365773803, -0.6161039271675337569, -0.7766253081640203089),
            (150.0, 5.017941869278694, -0.6042376937210379833, -0.790739858161699107),
            (150.0, 5.991464547107982, -4.07114776356190268e-47, -106.8175744052326367),
            (200.0, 4.940927881671436, -13.77917634020248709, -1.037002910879477685e-6),
            (200.0, 4.942356453342962, -13.6903907967843574, -1.133284810556126078e-6),
            (200.0, 5.298317366548036, -0.674515006590358902, -0.7121331141759726103),
            (200.0, 5.560296941647445, -0.00004868264894198742747, -9.930212217144653575),
            (200.0, 5.5610661724546055, -0.00004634725231355242515, -9.979371722507272146),
            (10000.0, 8.85352256068954, -571.4993657796798388, -6.323813169604552686e-249),
            (10000.0, 8.853808274977197, -570.6415574902134494, -1.49114692520080349e-248),
            (10000.0, 9.20029003612268, -1.841047246366919357, -0.172748951361398996),
            (10000.0, 9.22029070282935, -0.1727490195367822451, -1.841046884823685416),
            (10000.0, 9.47262771040802, -5.937322705669804451e-166, -380.4478671281943627),
            (10000.0, 9.472781556562168, -3.739885051364503966e-166, -380.9100705609867476),
            (100000.0, 10.819778284410283, -19320.70033091158883, -0.0),
            (100000.0, 11.512925464970229, -0.6923064898186751391, -0.6939885786568469633),
            (100000.0, 11.695247021764184, -1.083218848722329463e-770, -1772.910584581428429),
        ];
        for (a, t, ln_p, ln_q) in refs {
            let (lp, lq) = ln_pq(a, t);
            // Plus the rounding of x = eᵗ, amplified by d ln P/d ln x = x f/P (and likewise for Q).
            let lpf = ln_prefactor(a, t);
            let bound = |l: f64, r: f64| 2e-15 * r.abs().max(1e-3) + 2.3e-16 * (lpf - l).exp();
            assert!((lp - ln_p).abs() <= bound(lp, ln_p), "a = {a}, t = {t}: ln P {lp} vs {ln_p}");
            assert!((lq - ln_q).abs() <= bound(lq, ln_q), "a = {a}, t = {t}: ln Q {lq} vs {ln_q}");
        }
    }
}
