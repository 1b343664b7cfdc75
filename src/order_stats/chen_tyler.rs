//! The Chen–Tyler approximation of the extremes of normal samples (Ahn et al., §4.1, eqs. 6a/6b).

use super::error::{OrderStatsError, check_location_scale};
use super::normal::MAX_N;
use crate::numerics::normal::upper_quantile;

fn check_n(n: u64) -> Result<f64, OrderStatsError> {
    if n == 0 {
        return Err(OrderStatsError::ZeroSampleSize);
    }
    if n > MAX_N {
        return Err(OrderStatsError::SampleSizeTooLarge { n });
    }
    Ok(n as f64)
}

/// `Φ⁻¹(c^(1/n))` for `c ∈ (0, 1)`, computed from the upper-tail mass `1 − c^(1/n) =
/// −expm1(ln c / n)` so that nothing cancels for large `n`.
fn root_quantile(c: f64, n: f64) -> f64 {
    upper_quantile(-(c.ln() / n).exp_m1())
}

/// Chen–Tyler approximation of the standardised expected maximum `e_n` (Ahn et al., eq. (6a)).
///
/// # Formula
///
/// ```text
/// c_n = Φ⁻¹(0.5264^(1/n))
/// ```
///
/// computed as `Φ⁻¹(1 − q)` with `q = −expm1(ln(0.5264)/n)`. Against the exact value
/// ([`expected_max_std_normal`](super::expected_max_std_normal)) the relative error is +6.2 % at
/// n = 2, +0.84 % at n = 5, −0.12 % at n = 10, −0.57 % at n = 25, −0.72 % at n = 100,
/// −0.67 % at n = 1000 and shrinks slowly beyond (the crate's tests measure it); it is not exact
/// for n = 1 (`c_1 = 0.066`, the exact value is 0).
///
/// # Accuracy
///
/// The formula itself is evaluated to a few ulps; as an approximation of `e_n` its error is
/// the one given under Formula.
///
/// # Errors
/// [`OrderStatsError::ZeroSampleSize`] for `n = 0`; [`OrderStatsError::SampleSizeTooLarge`]
/// for `n > 2⁵³`.
///
/// # Examples
///
/// Ahn et al., §5.2 (p = 25) and §4.5 (p = 10⁶: the paper prints "≈ 4.4", the formula gives 4.842):
///
/// ```
/// use loadbal::order_stats::chen_tyler_max;
/// assert!((chen_tyler_max(25).unwrap() - 1.954_160_2).abs() < 1e-6);
/// assert!((chen_tyler_max(1_000_000).unwrap() - 4.842_309).abs() < 1e-5);
/// ```
pub fn chen_tyler_max(n: u64) -> Result<f64, OrderStatsError> {
    Ok(root_quantile(0.5264, check_n(n)?))
}

/// Chen–Tyler approximation of the standard deviation of the maximum of `n` standard normals.
///
/// # Formula
///
/// ```text
/// s_n = ½ [Φ⁻¹(0.8832^(1/n)) − Φ⁻¹(0.2142^(1/n))]
/// ```
///
/// (the interquantile form of Chen & Tyler, 1999), with both quantiles taken from their
/// upper-tail masses. Its relative error against
/// the exact value ([`order_stat_moments_std_normal`](super::order_stat_moments_std_normal)`(n, n).sd`) is measured in the crate's tests.
///
/// # Accuracy
///
/// The formula to a few ulps; its error as an approximation is measured in the tests.
///
/// # Errors
/// As [`chen_tyler_max`].
///
/// # Examples
///
/// ```
/// use loadbal::order_stats::{chen_tyler_std_dev, order_stat_moments_std_normal};
/// let approx = chen_tyler_std_dev(100).unwrap();
/// let exact = order_stat_moments_std_normal(100, 100).unwrap().sd;
/// assert!((approx / exact - 1.0).abs() < 0.05);
/// ```
pub fn chen_tyler_std_dev(n: u64) -> Result<f64, OrderStatsError> {
    let n = check_n(n)?;
    Ok(0.5 * (root_quantile(0.8832, n) - root_quantile(0.2142, n)))
}

/// Chen–Tyler approximation of `E[max of n i.i.d. N(μ, σ²)]` (Ahn et al., eq. (6a)).
///
/// # Formula
///
/// ```text
/// E[Y_n] ≈ μ + σ Φ⁻¹(0.5264^(1/n))
/// ```
///
/// # Accuracy
///
/// As [`chen_tyler_max`].
///
/// # Errors
/// As [`chen_tyler_max`], plus [`OrderStatsError::NonFinite`] and
/// [`OrderStatsError::NegativeScale`].
///
/// # Examples
///
/// Ahn et al., §5.2: the approximation gives E\[Y_p\] = 20,965 s.
///
/// ```
/// use loadbal::order_stats::expected_max_chen_tyler;
/// let e = expected_max_chen_tyler(40.0 * 488.1, 40f64.sqrt() * 116.6, 25).unwrap();
/// assert_eq!(e.round(), 20_965.0);
/// ```
pub fn expected_max_chen_tyler(mean: f64, sd: f64, n: u64) -> Result<f64, OrderStatsError> {
    check_location_scale(mean, sd)?;
    Ok(mean + sd * chen_tyler_max(n)?)
}

/// Chen–Tyler approximation of `E[min of n i.i.d. N(μ, σ²)]` (Ahn et al., eq. (6b)).
///
/// # Formula
///
/// ```text
/// E[Y_1] ≈ μ − σ Φ⁻¹(0.5264^(1/n))
/// ```
///
/// # Accuracy
///
/// As [`chen_tyler_max`].
///
/// # Errors
/// As [`expected_max_chen_tyler`].
///
/// # Examples
///
/// Ahn et al., §5.2: E\[Y_1\] = 18,083 s.
///
/// ```
/// use loadbal::order_stats::expected_min_chen_tyler;
/// let e = expected_min_chen_tyler(40.0 * 488.1, 40f64.sqrt() * 116.6, 25).unwrap();
/// assert_eq!(e.round(), 18_083.0);
/// ```
pub fn expected_min_chen_tyler(mean: f64, sd: f64, n: u64) -> Result<f64, OrderStatsError> {
    check_location_scale(mean, sd)?;
    Ok(mean - sd * chen_tyler_max(n)?)
}
