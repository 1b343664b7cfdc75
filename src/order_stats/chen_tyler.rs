//! The Chen–Tyler approximation of the extremes of normal samples (Ahn et al., §4.1, eqs. 6a/6b).

use super::error::{OrderStatsError, check_location_scale, finite_result};
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

/// The Chen–Tyler approximation of the maximum of `n` i.i.d. standard normals (Ahn et al.,
/// §4.1, eqs. (6a)/(6b)): its mean `c_n` and its standard deviation `s_n`, from [`chen_tyler`].
/// [`ChenTyler::expected_max`] and [`ChenTyler::expected_min`] scale them to N(μ, σ²).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ChenTyler {
    /// The approximate mean `c_n` of the standardised maximum (eq. (6a)).
    pub mean: f64,
    /// The approximate standard deviation `s_n` of the standardised maximum.
    pub sd: f64,
}

impl std::fmt::Display for ChenTyler {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Chen–Tyler maximum of standard normals: mean {}, sd {}", self.mean, self.sd)
    }
}

/// Chen–Tyler approximation of the mean `e_n` and standard deviation of the maximum of `n`
/// standard normals (Ahn et al., eq. (6a)).
///
/// # Formula
///
/// ```text
/// c_n = Φ⁻¹(0.5264^(1/n))                              (mean)
/// s_n = ½ [Φ⁻¹(0.8832^(1/n)) − Φ⁻¹(0.2142^(1/n))]      (sd)
/// ```
///
/// each quantile computed as `Φ⁻¹(1 − q)` with `q = −expm1(ln(c)/n)` (nothing cancels for large
/// `n`); `s_n` is the interquantile form of Chen & Tyler, 1999. Against the exact mean
/// ([`expected_max_std_normal`](super::expected_max_std_normal)) the relative error of `c_n` is
/// +6.2 % at n = 2, +0.84 % at n = 5, −0.12 % at n = 10, −0.57 % at n = 25, −0.72 % at n = 100,
/// −0.67 % at n = 1000 and shrinks slowly beyond (the crate's tests measure it); it is not exact
/// for n = 1 (`c_1 = 0.066`, the exact value is 0). The error of `s_n` against the exact value
/// ([`order_stat_moments_std_normal`](super::order_stat_moments_std_normal)`(n, n).sd`) is below
/// 5 % for n ≥ 2 (measured in the tests).
///
/// # Accuracy
///
/// The formulas themselves are evaluated to a few ulps; as approximations their errors are the
/// ones given under Formula.
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
/// use loadbal::order_stats::{chen_tyler, order_stat_moments_std_normal};
/// assert!((chen_tyler(25).unwrap().mean - 1.954_160_2).abs() < 1e-6);
/// assert!((chen_tyler(1_000_000).unwrap().mean - 4.842_309).abs() < 1e-5);
/// let exact = order_stat_moments_std_normal(100, 100).unwrap().sd;
/// assert!((chen_tyler(100).unwrap().sd / exact - 1.0).abs() < 0.05);
/// ```
pub fn chen_tyler(n: u64) -> Result<ChenTyler, OrderStatsError> {
    let n = check_n(n)?;
    Ok(ChenTyler { mean: root_quantile(0.5264, n), sd: 0.5 * (root_quantile(0.8832, n) - root_quantile(0.2142, n)) })
}

impl ChenTyler {
    /// Chen–Tyler approximation of `E[max of n i.i.d. N(μ, σ²)]` (Ahn et al., eq. (6a)), `n`
    /// that of [`chen_tyler`].
    ///
    /// # Formula
    ///
    /// ```text
    /// E[Y_n] ≈ μ + σ Φ⁻¹(0.5264^(1/n))
    /// ```
    ///
    /// # Accuracy
    ///
    /// As [`chen_tyler`].
    ///
    /// # Errors
    /// [`OrderStatsError::NonFinite`] and [`OrderStatsError::NegativeScale`].
    ///
    /// # Examples
    ///
    /// Ahn et al., §5.2: the approximation gives E\[Y_p\] = 20,965 s.
    ///
    /// ```
    /// use loadbal::order_stats::chen_tyler;
    /// let e = chen_tyler(25).unwrap().expected_max(40.0 * 488.1, 40f64.sqrt() * 116.6).unwrap();
    /// assert_eq!(e.round(), 20_965.0);
    /// ```
    pub fn expected_max(&self, mean: f64, sd: f64) -> Result<f64, OrderStatsError> {
        check_location_scale(mean, sd)?;
        finite_result(mean + sd * self.mean, || format!("Chen–Tyler E[max] with mean = {mean}, sd = {sd}"))
    }

    /// Chen–Tyler approximation of `E[min of n i.i.d. N(μ, σ²)]` (Ahn et al., eq. (6b)), `n`
    /// that of [`chen_tyler`].
    ///
    /// # Formula
    ///
    /// ```text
    /// E[Y_1] ≈ μ − σ Φ⁻¹(0.5264^(1/n))
    /// ```
    ///
    /// # Accuracy
    ///
    /// As [`chen_tyler`].
    ///
    /// # Errors
    /// As [`ChenTyler::expected_max`].
    ///
    /// # Examples
    ///
    /// Ahn et al., §5.2: E\[Y_1\] = 18,083 s.
    ///
    /// ```
    /// use loadbal::order_stats::chen_tyler;
    /// let e = chen_tyler(25).unwrap().expected_min(40.0 * 488.1, 40f64.sqrt() * 116.6).unwrap();
    /// assert_eq!(e.round(), 18_083.0);
    /// ```
    pub fn expected_min(&self, mean: f64, sd: f64) -> Result<f64, OrderStatsError> {
        check_location_scale(mean, sd)?;
        finite_result(mean - sd * self.mean, || format!("Chen–Tyler E[min] with mean = {mean}, sd = {sd}"))
    }
}
