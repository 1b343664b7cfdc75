//! Homogeneous complete k-ary trees: the one-scalar-per-level recursion and its limit
//! (reference §4.3, derived; [BHR-abs] aggregate large symmetric trees the same way).

use super::error::{DltError, non_negative};

/// `(1 − P)/σ` with `P = (ρ/(σ + ρ))^k`, finite at σ = 0 (where it is k/ρ).
fn one_minus_p_over_sigma(k: f64, rho: f64, sigma: f64) -> f64 {
    if sigma == 0.0 { k / rho } else { -(-k * (sigma / rho).ln_1p()).exp_m1() / sigma }
}

fn level_map(k: f64, rho: f64, sigma: f64, front_end: bool) -> f64 {
    if front_end {
        1.0 / (1.0 + one_minus_p_over_sigma(k, rho, sigma))
    } else if sigma >= 1.0 {
        1.0
    } else {
        let p = (-k * (sigma / rho).ln_1p()).exp();
        1.0 / (one_minus_p_over_sigma(k, rho, sigma) + p)
    }
}

/// `ρ_0 = T/(a·L)` of a complete `k`-ary tree of depth `d` (all nodes compute, identical `a`,
/// `c`, `σ = c/a`), so the speedup is `1/ρ_0` (reference §4.3).
///
/// # Formula
/// ```text
/// ρ_d = 1;  P_l = (ρ_{l+1}/(σ + ρ_{l+1}))^k
/// front-end: ρ_l = 1/(1 + (1 − P_l)/σ);   no front-end: ρ_l = 1/((1 − P_l)/σ + P_l) (σ < 1, else 1)
/// ```
///
/// # Errors
/// [`DltError::Negative`]/[`DltError::NonFinite`] for a bad σ; [`DltError::InvalidArgument`]
/// for `k = 0`.
///
/// ```
/// use loadbal::dlt::kary_tree_rho;
/// // k = 1, depth 1 is a two-processor front-end chain: σ = 1 gives T/a = 2/3.
/// assert!((kary_tree_rho(1, 1, 1.0, true).unwrap() - 2.0 / 3.0).abs() < 1e-15);
/// ```
pub fn kary_tree_rho(k: usize, depth: usize, sigma: f64, front_end: bool) -> Result<f64, DltError> {
    non_negative("sigma", 0, sigma)?;
    if k == 0 {
        return Err(DltError::InvalidArgument { what: "a k-ary tree needs k >= 1, got 0".into() });
    }
    let mut rho = 1.0;
    for _ in 0..depth {
        rho = level_map(k as f64, rho, sigma, front_end);
    }
    Ok(rho)
}

/// Limit of `ρ_0` as the depth grows: the fixed point of the level map (the limit of the
/// monotone iteration from `ρ = 1`), found by bisection to `tol` relative (reference §4.3).
/// The speedup limit is its inverse; `k = 1` gives the chain limit, large `k` the bus limit.
///
/// # Formula
/// ```text
/// ρ* = map(ρ*),  map from `kary_tree_rho`;  S_∞ = 1/ρ*
/// ```
///
/// # Errors
/// As [`kary_tree_rho`]; [`DltError::NonPositive`] for σ = 0 (no limit: the speedup grows
/// without bound) or a bad `tol`.
///
/// ```
/// use loadbal::dlt::kary_tree_rho_limit;
/// // k = 1 is the chain: 1/ρ* = 1/2 + √(1/4 + 1/σ).
/// let rho = kary_tree_rho_limit(1, 0.5, true, 1e-15).unwrap();
/// assert!((1.0 / rho - (0.5 + (0.25f64 + 2.0).sqrt())).abs() < 1e-12);
/// ```
pub fn kary_tree_rho_limit(k: usize, sigma: f64, front_end: bool, tol: f64) -> Result<f64, DltError> {
    super::error::positive("sigma", 0, sigma)?;
    super::error::positive("tol", 0, tol)?;
    if k == 0 {
        return Err(DltError::InvalidArgument { what: "a k-ary tree needs k >= 1, got 0".into() });
    }
    let g = |r: f64| level_map(k as f64, r, sigma, front_end) - r;
    if g(1.0) >= 0.0 {
        return Ok(1.0);
    }
    // Bisection in log space: the map sends ρ → 0 to a positive value and is below the
    // diagonal at 1; its fixed point is the limit of the iteration from ρ = 1.
    let (mut lo, mut hi) = (f64::MIN_POSITIVE, 1.0f64);
    for _ in 0..2000 {
        let mid = (0.5 * (lo.ln() + hi.ln())).exp();
        if mid <= lo || mid >= hi {
            break;
        }
        if g(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo <= tol * hi {
            break;
        }
    }
    Ok(0.5 * (lo + hi))
}
