//! The inverse of the regularized incomplete gamma function: the gamma(a, 1) quantile to full
//! double precision in both tails.
//!
//! statrs 0.19's `Gamma::inverse_cdf` stops at 1e−9 absolute, which leaves the lower tail (and so
//! the minimum of many gamma variables) wrong in every digit. Here the quantile solves
//! `ln P(a, eᵗ) = ln p` (lower tail) or `ln Q(a, eᵗ) = ln q` (upper tail) for `t = ln x` by the
//! crate's root finder with Halley steps, whose derivatives are closed forms of the prefactor
//! `xᵃe^{−x}/Γ(a)` ([`ln_prefactor`]).

use super::gamma::ln_gamma;
use super::incomplete_gamma::{ln_pq, ln_prefactor};
use super::normal::{ln_cdf, ln_sf};
use super::root::{Eval, Root, RootError, Search, Slope, find_root};

/// Smallest shape for which the accuracy contract holds.
pub(crate) const MIN_SHAPE: f64 = 0.01;
/// Largest shape for which the accuracy contract holds.
pub(crate) const MAX_SHAPE: f64 = 1e5;

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
/// the starting point. NaN if the iteration does not settle (not observed for
/// `a ∈ [0.01, 10⁵]`).
///
/// # Formula
/// ```text
/// h(t) = ln P(a, eᵗ) − target,   h' = e^{ln(xf) − ln P},   h'' = h'·(a − x − h')
/// (upper tail: h = ln Q − target, h' = −e^{ln(xf) − ln Q}, h'' = h'·(a − x + |h'|))
/// step = Halley's 2hh'/(2h'² − hh'') where it agrees with Newton's h/h' (same sign, at most
///        twice as long), else Newton's; at most 2 in t (a factor e² in x)
/// ```
/// from the Wilson–Hilferty start, or the small-`x` form `P ≈ xᵃ/Γ(a + 1)` / the large-`x` form
/// `Q ≈ x^{a−1}e^{−x}/Γ(a)` where Wilson–Hilferty fails; 2–5 evaluations of `ln P`/`ln Q`.
///
/// # Accuracy
/// The step tolerance is `4e−15·(1 + |t|)` on `t`; the residual `ln P` (or `ln Q`) then matches
/// its target to about 1e−15 relative, so `x` is as accurate as the incomplete gamma allows
/// (1e−13 relative or better, see [`Law::quantile`](crate::law::Law::quantile)).
pub(crate) fn ln_quantile(a: f64, tail: Tail, target: f64, z: f64) -> f64 {
    if target == 0.0 {
        return if tail == Tail::Lower { f64::INFINITY } else { f64::NEG_INFINITY };
    }
    match quantile_search(a, tail, target, z) {
        Ok(root) => root.next,
        // Rounding noise can keep the last ulps moving: accept a residual at the noise level.
        Err(RootError::NotConverged(root)) if root.value.abs() <= 1e-13 * target.abs().max(1.0) => root.next,
        Err(_) => f64::NAN,
    }
}

/// The search behind [`ln_quantile`] (for `target < 0`), with its evaluation count.
pub(crate) fn quantile_search(a: f64, tail: Tail, target: f64, z: f64) -> Result<Root, RootError> {
    let equation = |t: f64| {
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
        if !h.is_finite() || !d1.is_finite() || d1 == 0.0 {
            // Outside the representable range of P or Q: the sign of h still steers.
            return Eval::value(h);
        }
        let newton = h / d1;
        let denom = 2.0 * d1 * d1 - h * d2;
        let halley = 2.0 * h * d1 / denom;
        let step =
            if denom > 0.0 && halley * newton > 0.0 && halley.abs() <= 2.0 * newton.abs() { halley } else { newton };
        Eval::with_step(h, step.clamp(-2.0, 2.0))
    };
    let slope = if tail == Tail::Lower { Slope::Increasing } else { Slope::Decreasing };
    let search = Search {
        lo: f64::NEG_INFINITY,
        hi: f64::INFINITY,
        start: start(a, tail, target, z),
        abs_tol: 4e-15,
        rel_tol: 4e-15,
        max_evals: 100,
    };
    find_root(slope, search, equation)
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
    fn quantile_inverts_both_tails() {
        for a in [0.01, 0.1, 0.5, 1.0, 3.0, 100.0, 250.0, 1e4, 1e5] {
            for z in [-30.0, -8.0, -1.0, 0.0, 0.5, 3.0, 10.0, 35.0] {
                let t = ln_quantile_at_score(a, z);
                assert!(t.is_finite(), "a = {a}, z = {z}");
                let (lp, lq) = ln_pq(a, t);
                let (got, want) = if z <= 0.0 { (lp, ln_cdf(z)) } else { (lq, ln_sf(z)) };
                // Plus the conditioning: t itself is rounded to half an ulp, which moves the
                // residual by |d ln P/dt| = x f/P times that (about 250 at a = 10⁵, z = 0).
                let slope = (ln_prefactor(a, t) - got).exp();
                let bound = 1e-13 * want.abs().max(1e-3) + 1.2e-16 * t.abs().max(1.0) * slope;
                assert!((got - want).abs() <= bound, "a = {a}, z = {z}: {got} vs {want}");
            }
        }
    }

    #[test]
    fn exponential_quantile_is_closed_form() {
        // a = 1: x = −ln(1 − p) = −ln q.
        use crate::numerics::normal::upper_quantile;
        for p in [1e-300f64, 1e-20, 1e-3, 0.5] {
            let t = ln_quantile(1.0, Tail::Lower, p.ln(), -upper_quantile(p));
            let want = (-(-p).ln_1p()).ln();
            assert!((t - want).abs() <= 1e-14 * want.abs().max(1.0), "p = {p}: {t} vs {want}");
        }
        for q in [1e-300f64, 1e-20, 1e-3] {
            let t = ln_quantile(1.0, Tail::Upper, q.ln(), upper_quantile(q));
            assert!((t.exp() / -q.ln() - 1.0).abs() <= 1e-14, "q = {q}: {t}");
        }
    }
}
