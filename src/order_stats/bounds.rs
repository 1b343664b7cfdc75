//! Upper bounds on the expected maximum used by the seeds.

use super::error::{OrderStatsError, finite_result};

fn check(n: u64, sd: f64) -> Result<f64, OrderStatsError> {
    if n == 0 {
        return Err(OrderStatsError::ZeroSampleSize);
    }
    if !sd.is_finite() {
        return Err(OrderStatsError::NonFinite { name: "sd", value: sd });
    }
    if sd < 0.0 {
        return Err(OrderStatsError::NegativeScale { sd });
    }
    Ok(n as f64)
}

/// David's distribution-free bound on `E[max] − μ` for `n` i.i.d. variables of standard
/// deviation σ (Fong et al., eq. (7); Hartley–David / Gumbel, 1954).
///
/// # Formula
///
/// ```text
/// E[max_i X_i] − μ ≤ (n − 1)/√(2n − 1) · σ
/// ```
///
/// The bound is attained by a two-point-tailed distribution; for normal samples it is loose
/// (σ e_n is much smaller for large n).
///
/// # Accuracy
///
/// The closed form to a few ulps.
///
/// # Errors
/// [`OrderStatsError::ZeroSampleSize`], [`OrderStatsError::NonFinite`],
/// [`OrderStatsError::NegativeScale`].
///
/// # Examples
///
/// Fong et al. uses N = 64 processors: the bound is 63/√127 σ = 5.5903 σ.
///
/// ```
/// use loadbal::order_stats::david_bound;
/// assert!((david_bound(64, 1.0).unwrap() - 63.0 / 127f64.sqrt()).abs() < 1e-15);
/// ```
pub fn david_bound(n: u64, sd: f64) -> Result<f64, OrderStatsError> {
    let nf = check(n, sd)?;
    finite_result((nf - 1.0) / (2.0 * nf - 1.0).sqrt() * sd, || format!("David's bound for n = {n}, sd = {sd}"))
}

/// The Gaussian maximal bound on `E[max] − μ` of `n` (not necessarily independent) normal
/// variables of standard deviation σ.
///
/// # Formula
///
/// ```text
/// E[max_i X_i] − μ ≤ σ √(2 ln n)
/// ```
///
/// # Accuracy
///
/// The closed form to a few ulps.
///
/// # Errors
/// As [`david_bound`].
///
/// # Examples
///
/// ```
/// use loadbal::order_stats::{expected_max_std_normal, sqrt_2_ln_n_bound};
/// let b = sqrt_2_ln_n_bound(1000, 1.0).unwrap();
/// assert!((b - (2.0 * 1000f64.ln()).sqrt()).abs() < 1e-15);
/// assert!(expected_max_std_normal(1000).unwrap() < b);
/// ```
pub fn sqrt_2_ln_n_bound(n: u64, sd: f64) -> Result<f64, OrderStatsError> {
    let nf = check(n, sd)?;
    finite_result(sd * (2.0 * nf.ln()).sqrt(), || format!("σ√(2 ln n) for n = {n}, sd = {sd}"))
}
