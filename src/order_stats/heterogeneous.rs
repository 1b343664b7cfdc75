//! Extremes of independent, non-identical normal variables (Fong et al., eqs. (16)–(18); Ahn et al. when
//! the processors' task counts differ).

use super::error::{OrderStatsError, check_location_scale};
use crate::numerics::normal::ln_cdf;
use crate::numerics::quadrature::{Grid, Refine, ValueKind, integrate};
use crate::numerics::root::{Eval, RootError, Search, Slope, find_root};
use std::f64::consts::{LN_2, PI};

/// Grid step in units of the narrowest relevant standard deviation divided by `√(2 ln N)` (the
/// scale of the lower tail of a maximum of N comparable normals).
const STEP: f64 = 0.2;
/// Evaluation budget of one quadrature.
const MAX_POINTS: usize = 1_000_000;

fn validate(means: &[f64], sds: &[f64]) -> Result<(), OrderStatsError> {
    if means.is_empty() {
        return Err(OrderStatsError::EmptyInput);
    }
    if means.len() != sds.len() {
        return Err(OrderStatsError::LengthMismatch { means: means.len(), sds: sds.len() });
    }
    for (&m, &s) in means.iter().zip(sds) {
        check_location_scale(m, s)?;
        if s == 0.0 {
            return Err(OrderStatsError::ZeroScale);
        }
    }
    Ok(())
}

/// The median of the maximum, the root of `ln F_max(y) − ln ½ = Σ_i ln Φ((y − μ_i)/σ_i) + ln 2`
/// in `[lo, hi]`, by the crate's root finder. It only centres the quadrature grid (whose result
/// does not depend on the centre), so a tolerance of 1e−10 of the bracket is ample; should the
/// search fail, its last point (or the bracket's midpoint) serves.
fn median_of_maximum(means: &[f64], sds: &[f64], lo: f64, hi: f64) -> f64 {
    let equation = |y: f64| Eval::value(means.iter().zip(sds).map(|(&m, &s)| ln_cdf((y - m) / s)).sum::<f64>() + LN_2);
    let search = Search {
        lo,
        hi,
        start: 0.5 * (lo + hi),
        abs_tol: 1e-10 * (hi - lo).max(f64::MIN_POSITIVE),
        rel_tol: 0.0,
        max_evals: 200,
    };
    match find_root(Slope::Increasing, search, equation) {
        Ok(root) | Err(RootError::NotConverged(root)) if root.next.is_finite() => root.next,
        _ => 0.5 * (lo + hi),
    }
}

/// `E[max_i X_i]` for independent `X_i ~ N(μ_i, σ_i²)`, by the product of CDFs (Fong et al.
/// eqs. 16–18: `F_max(y) = Π_i F_i(y)`).
///
/// # Formula
///
/// ```text
/// F_max(y) = Π_i Φ((y − μ_i)/σ_i)
/// f_max(y) = F_max(y) · Σ_i φ((y − μ_i)/σ_i) / (σ_i Φ((y − μ_i)/σ_i))
/// E[max]   = ∫ y f_max(y) dy
/// ```
///
/// evaluated by the crate's order-statistics quadrature on a grid started at the median of the
/// maximum, with a step of a fifth of the narrowest relevant σ_i over `√(2 ln N)`.
///
/// # Accuracy
///
/// Error below `1e−12 · max(|E[max]|, max σ_i)` against 50-digit references (sets of 2 to 8
/// variables, scales from 0.01 to 1000).
///
/// # Errors
/// [`OrderStatsError::EmptyInput`], [`OrderStatsError::LengthMismatch`],
/// [`OrderStatsError::NonFinite`], [`OrderStatsError::NegativeScale`],
/// [`OrderStatsError::ZeroScale`] (a degenerate variable has no density), and
/// [`OrderStatsError::QuadratureFailed`] when the scales are so disparate that the grid would
/// need more than 1,000,000 points.
///
/// # Examples
///
/// Two independent normals: `E[max] = μ₁ Φ(δ) + μ₂ Φ(−δ) + θ φ(δ)` with
/// `θ = √(σ₁² + σ₂²)`, `δ = (μ₁ − μ₂)/θ` (Clark, 1961).
///
/// ```
/// use loadbal::order_stats::expected_max_independent_normals;
/// let e = expected_max_independent_normals(&[0.0, 0.0], &[3.0, 4.0]).unwrap();
/// // θ = 5, δ = 0: E[max] = 5 φ(0) = 5/√(2π).
/// assert!((e - 5.0 / (2.0 * std::f64::consts::PI).sqrt()).abs() < 1e-12);
/// ```
pub fn expected_max_independent_normals(means: &[f64], sds: &[f64]) -> Result<f64, OrderStatsError> {
    validate(means, sds)?;
    if means.len() == 1 {
        return Ok(means[0]);
    }
    let ln_density = |y: f64| {
        // ln Π F_i plus a streaming log-sum-exp of ln(φ_i / (σ_i F_i)).
        let (mut ln_f, mut top, mut sum) = (0.0, f64::NEG_INFINITY, 0.0);
        for (&m, &s) in means.iter().zip(sds) {
            let z = (y - m) / s;
            let lc = ln_cdf(z);
            ln_f += lc;
            let t = -0.5 * z * z - s.ln() - lc;
            if t > top {
                sum = sum * (top - t).exp() + 1.0;
                top = t;
            } else {
                sum += (t - top).exp();
            }
        }
        ln_f + top + sum.ln() - 0.5 * (2.0 * PI).ln()
    };
    // Median of the maximum: Σ ln Φ((y − μ_i)/σ_i) = ln ½, bracketed by max μ_i (where the
    // largest mean's factor is ½) and max(μ_i + 9σ_i) (where every factor exceeds 1 − 1e−19).
    let lo = means.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let hi = means.iter().zip(sds).map(|(&m, &s)| m + 9.0 * s).fold(f64::NEG_INFINITY, f64::max);
    let median = median_of_maximum(means, sds, lo, hi);
    // Variables that can come near the maximum shape its density; the others only multiply it by
    // 1 − (less than 1e−33).
    let floor = means.iter().zip(sds).map(|(&m, &s)| m - 12.0 * s).fold(f64::NEG_INFINITY, f64::max);
    let relevant: Vec<f64> = means.iter().zip(sds).filter(|&(&m, &s)| m + 12.0 * s >= floor).map(|(_, &s)| s).collect();
    let sigma_min = relevant.iter().cloned().fold(f64::INFINITY, f64::min);
    let spread = (2.0 * (relevant.len() as f64).ln()).sqrt().max(1.0);
    let step = STEP * sigma_min / spread;
    let m =
        integrate(Grid::uniform(median, step), MAX_POINTS, ValueKind::Linear, Refine::Fixed, false, ln_density, |y| y)
            .map_err(|_| OrderStatsError::QuadratureFailed { r: means.len() as u64, n: means.len() as u64 })?;
    Ok(m.mean)
}

/// `E[min_i X_i]` for independent `X_i ~ N(μ_i, σ_i²)`: `−E[max_i(−X_i)]`.
///
/// # Formula
///
/// ```text
/// E[min_i X_i] = −E[max_i (−X_i)],   −X_i ~ N(−μ_i, σ_i²)
/// ```
///
/// # Accuracy
///
/// As [`expected_max_independent_normals`].
///
/// # Errors
/// As [`expected_max_independent_normals`].
///
/// # Examples
///
/// ```
/// use loadbal::order_stats::{expected_min_independent_normals, expected_min_normal};
/// // Identical variables reduce to the i.i.d. case.
/// let het = expected_min_independent_normals(&[5.0; 8], &[2.0; 8]).unwrap();
/// assert!((het - expected_min_normal(5.0, 2.0, 8).unwrap()).abs() < 1e-12);
/// ```
pub fn expected_min_independent_normals(means: &[f64], sds: &[f64]) -> Result<f64, OrderStatsError> {
    let negated: Vec<f64> = means.iter().map(|m| -m).collect();
    validate(&negated, sds)?;
    Ok(-expected_max_independent_normals(&negated, sds)?)
}
