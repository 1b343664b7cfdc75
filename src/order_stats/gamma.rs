//! The gamma law to full double precision in both tails: the regularized incomplete gamma
//! functions `P(a, x)` and `Q(a, x)` in log space and the quantile polished by Halley's method.
//!
//! statrs 0.19's `Gamma::inverse_cdf` stops at 1e−9 absolute, which leaves the lower tail (and so
//! the minimum of many gamma variables) wrong in every digit. Here:
//!
//! - the prefactor `xᵃ e^{−x}/Γ(a)` is formed as `exp(−a·(λ − 1 − ln λ)) √(a/2π) / Γ*(a)` with
//!   `λ = x/a` for `a ≥ 10` (Temme's form: `λ − 1 − ln λ` by a series, `Γ*` by Stirling's
//!   series), so nothing cancels for shapes up to 10⁵;
//! - `P` comes from its power series for `x < a + 1` and `Q` from Legendre's continued fraction
//!   (modified Lentz) beyond, the other as `ln(1 − ·)` by `ln_1p`;
//! - the quantile solves `ln P(a, eᵗ) = ln p` (lower tail) or `ln Q(a, eᵗ) = ln q` (upper tail)
//!   for `t = ln x` by Halley's method, whose derivatives are closed forms of the prefactor.

use super::std_normal::{ln_cdf, ln_sf};
use std::f64::consts::PI;

/// Smallest shape for which the accuracy contract holds.
pub(crate) const MIN_SHAPE: f64 = 0.01;
/// Largest shape for which the accuracy contract holds (the series and continued fraction
/// need about `√(80 a)` terms near the mode).
pub(crate) const MAX_SHAPE: f64 = 1e5;

/// `ln Γ(a)` for `a > 0` (libm's `lgamma`, through the `special` crate).
pub(crate) fn ln_gamma(a: f64) -> f64 {
    special::Gamma::ln_gamma(a).0
}

/// `ln(1 + x) − x`, accurate to a few ulps also for small `|x|` (the series of R's `log1pmx`).
pub(crate) fn log1pmx(x: f64) -> f64 {
    if !(-0.5..=1.0).contains(&x) {
        return x.ln_1p() - x;
    }
    // ln(1 + x) = 2 atanh(r), r = x/(2 + x); ln(1 + x) − x = r (2 y L − x), y = r², L = Σ y^k/(2k+3).
    let r = x / (2.0 + x);
    let y = r * r;
    let (mut power, mut sum) = (1.0, 1.0 / 3.0);
    for k in 1..80 {
        power *= y;
        let term = power / f64::from(2 * k + 3);
        sum += term;
        if term <= 1e-18 * sum {
            break;
        }
    }
    r * (2.0 * y * sum - x)
}

/// `ln Γ*(a) = ln Γ(a) − (a − ½) ln a + a − ½ ln(2π)`, the remainder of Stirling's formula.
fn stirling_remainder(a: f64) -> f64 {
    if a < 10.0 {
        return ln_gamma(a) - (a - 0.5) * a.ln() + a - 0.5 * (2.0 * PI).ln();
    }
    // 1/(12a) − 1/(360a³) + 1/(1260a⁵) − 1/(1680a⁷) + 1/(1188a⁹) − 691/(360360a¹¹) + 1/(156a¹³)
    let w = 1.0 / (a * a);
    let c = [
        1.0 / 12.0,
        -1.0 / 360.0,
        1.0 / 1260.0,
        -1.0 / 1680.0,
        1.0 / 1188.0,
        -691.0 / 360_360.0,
        1.0 / 156.0,
        -3617.0 / 122_400.0,
    ];
    c.iter().rev().fold(0.0, |acc, &ck| acc * w + ck) / a
}

/// `ln(xᵃ e^{−x}/Γ(a))` at `x = eᵗ`, which is also `ln(x f(x))` for the gamma(a, 1) density
/// `f`. Taking `t` keeps the lower tail of small shapes, where `x` underflows (`a = 0.01`,
/// `P = 1e−10`: `x ≈ e^{−2300}`), exact.
pub(crate) fn ln_prefactor(a: f64, t: f64) -> f64 {
    let x = t.exp();
    // Temme's form only near the mode: for x < a/2, 1 + (x − a)/a would lose x/a's digits.
    if a < 10.0 || x < 0.5 * a {
        a * t - x - ln_gamma(a)
    } else {
        a * log1pmx((x - a) / a) + 0.5 * (a / (2.0 * PI)).ln() - stirling_remainder(a)
    }
}

/// `(ln P(a, x), ln Q(a, x))` of the regularized incomplete gamma functions at `x = eᵗ`,
/// `a > 0` (`t = −∞` is `x = 0`).
pub(crate) fn ln_pq(a: f64, t: f64) -> (f64, f64) {
    if t == f64::NEG_INFINITY {
        return (f64::NEG_INFINITY, 0.0);
    }
    if t == f64::INFINITY {
        return (0.0, f64::NEG_INFINITY);
    }
    let x = t.exp();
    let lpf = ln_prefactor(a, t);
    if x < a + 1.0 {
        // P = xᵃ e^{−x}/Γ(a + 1) · Σ_k x^k / ((a+1)…(a+k)).
        let (mut term, mut sum, mut ap) = (1.0, 1.0, a);
        for _ in 0..200_000 {
            ap += 1.0;
            term *= x / ap;
            sum += term;
            if term <= 1e-17 * sum {
                break;
            }
        }
        let ln_p = lpf - a.ln() + sum.ln();
        (ln_p, (-ln_p.exp()).ln_1p())
    } else {
        // Q = xᵃ e^{−x}/Γ(a) · 1/(x + 1 − a − 1(1 − a)/(x + 3 − a − 2(2 − a)/(x + 5 − a − …))).
        const TINY: f64 = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / TINY;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..200_000 {
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
        let ln_q = lpf + h.ln();
        ((-ln_q.exp()).ln_1p(), ln_q)
    }
}

/// Which tail a quantile target refers to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Tail {
    /// `ln P(a, x) = target`.
    Lower,
    /// `ln Q(a, x) = target`.
    Upper,
}

/// `ln x` of the gamma(a, 1) quantile: the root of `ln P(a, x) = target` (lower tail) or
/// `ln Q(a, x) = target` (upper tail); `z` is the normal score of the same probability, used for
/// the starting point. NaN if Halley's iteration does not settle (not observed for
/// `a ∈ [0.01, 10⁵]`).
///
/// The root is found by Halley's method on `t = ln x` inside a bracket that every step narrows
/// (bisection when a step leaves it). argmin's `BrentRoot` is not used: it needs a finite
/// bracket up front and 10–40 evaluations to reach 1e−15, where Halley from the Wilson–Hilferty
/// or small-`x` start needs 2–5 (each one an incomplete gamma, and the quantile is evaluated at
/// every quadrature point).
pub(crate) fn ln_quantile(a: f64, tail: Tail, target: f64, z: f64) -> f64 {
    if target == 0.0 {
        return if tail == Tail::Lower { f64::INFINITY } else { f64::NEG_INFINITY };
    }
    let mut t = start(a, tail, target, z);
    let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
    let mut last_h = f64::INFINITY;
    for _ in 0..100 {
        let x = t.exp();
        let (lp, lq) = ln_pq(a, t);
        let lpf = ln_prefactor(a, t);
        // h(t) and its first two derivatives in t: d ln P/dt = x f/P, d ln Q/dt = −x f/Q.
        let (h, d1, d2) = match tail {
            Tail::Lower => {
                let d = (lpf - lp).exp();
                (lp - target, d, d * (a - x - d))
            }
            Tail::Upper => {
                let d = (lpf - lq).exp();
                (lq - target, -d, -d * (a - x + d))
            }
        };
        if h == 0.0 {
            return t;
        }
        if !h.is_finite() || !d1.is_finite() || d1 == 0.0 {
            // Outside the representable range of P or Q: step back into it.
            let next = if lo.is_finite() && hi.is_finite() { 0.5 * (lo + hi) } else { t * 0.5 };
            if next == t {
                return f64::NAN;
            }
            if t > next {
                hi = t
            } else {
                lo = t
            }
            t = next;
            continue;
        }
        // h increases with t for the lower tail and decreases for the upper tail.
        let too_far = (h > 0.0) == (tail == Tail::Lower);
        if too_far {
            hi = hi.min(t);
        } else {
            lo = lo.max(t);
        }
        // Halley's step where it agrees with Newton's (same sign, at most twice as long), else
        // Newton's; never more than a factor e² in x per iteration.
        let newton = h / d1;
        let denom = 2.0 * d1 * d1 - h * d2;
        let halley = 2.0 * h * d1 / denom;
        let step =
            if denom > 0.0 && halley * newton > 0.0 && halley.abs() <= 2.0 * newton.abs() { halley } else { newton }
                .clamp(-2.0, 2.0);
        last_h = h;
        if step.abs() <= 4e-15 * t.abs().max(1.0) {
            return t - step;
        }
        let mut next = t - step;
        if !(next > lo && next < hi && next.is_finite()) {
            next = if lo.is_finite() && hi.is_finite() {
                0.5 * (lo + hi)
            } else if lo.is_finite() {
                lo + 1.0 + lo.abs()
            } else {
                hi - 1.0 - hi.abs()
            };
        }
        let moved = (next - t).abs();
        t = next;
        if moved <= 4e-15 * t.abs().max(1.0) || lo == hi {
            return t;
        }
    }
    // Rounding noise can keep the last ulps moving: accept a residual at the noise level.
    if last_h.abs() <= 1e-13 * target.abs().max(1.0) { t } else { f64::NAN }
}

/// Starting point for [`ln_quantile`]: Wilson–Hilferty where it is positive and the shape is not
/// small, otherwise the small-`x` form `P ≈ xᵃ/Γ(a + 1)` or the large-`x` form
/// `Q ≈ x^{a−1} e^{−x}/Γ(a)`.
fn start(a: f64, tail: Tail, target: f64, z: f64) -> f64 {
    let base = 1.0 - 1.0 / (9.0 * a) + z / (3.0 * a.sqrt());
    if a >= 1.0 && base > 0.0 {
        return (a * base * base * base).ln();
    }
    let ln_p = match tail {
        Tail::Lower => target,
        Tail::Upper => (-target.exp_m1()).ln(),
    };
    let small = (ln_p + ln_gamma(a + 1.0)) / a;
    if tail == Tail::Lower || (target > -1.0 && small < 0.0) {
        return small;
    }
    let big = -target - ln_gamma(a);
    let big = big + (a - 1.0) * big.max(1.0).ln();
    big.max(1.0).ln()
}

/// `ln x` of the gamma(a, 1) quantile at normal score `z`: `x = F⁻¹(Φ(z))`, from the tail that
/// holds the smaller probability.
pub(crate) fn ln_quantile_at_score(a: f64, z: f64) -> f64 {
    if z <= 0.0 { ln_quantile(a, Tail::Lower, ln_cdf(z), z) } else { ln_quantile(a, Tail::Upper, ln_sf(z), z) }
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

    #[test]
    fn log1pmx_matches_the_series() {
        for x in [1e-8f64, -1e-8, 1e-3, 0.3, -0.3, 0.9] {
            let mut s = x.ln_1p() - x;
            if x.abs() < 0.01 {
                s = 0.0;
                for k in 2..40 {
                    s += (-1f64).powi(k + 1) * x.powi(k) / f64::from(k);
                }
            }
            assert!((log1pmx(x) / s - 1.0).abs() < 1e-14, "x = {x}: {} vs {s}", log1pmx(x));
        }
    }

    #[test]
    fn quantile_inverts_both_tails() {
        for a in [0.01, 0.1, 0.5, 1.0, 3.0, 100.0, 1e4] {
            for z in [-30.0, -8.0, -1.0, 0.0, 0.5, 3.0, 10.0, 35.0] {
                let t = ln_quantile_at_score(a, z);
                assert!(t.is_finite(), "a = {a}, z = {z}");
                let (lp, lq) = ln_pq(a, t);
                let (got, want) = if z <= 0.0 { (lp, ln_cdf(z)) } else { (lq, ln_sf(z)) };
                assert!((got - want).abs() <= 1e-13 * want.abs().max(1e-3), "a = {a}, z = {z}: {got} vs {want}");
            }
        }
    }
}
