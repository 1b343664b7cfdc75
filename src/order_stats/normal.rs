//! Exact order statistics of i.i.d. normal samples: Royston's normal scores by quadrature.

use super::quadrature::{QuadError, Refine, ValueKind, integrate};
use super::{OrderStatsError, check_location_scale};
use special::Error as _;
use statrs::function::erf::erfc_inv;
use std::f64::consts::{FRAC_1_SQRT_2, SQRT_2};

/// Grid step of the quadrature, in units of the density's scale `1/√(−g''(mode))`.
/// The lower tail of a normal maximum is double exponential (Gumbel), whose trapezoid error
/// decays as `exp(−π²/step)`: 0.3 gives `5e−15` (measured: 0.4 already leaves 3.5e−12 at
/// n = 12,345, 0.3 agrees with an independent quadrature to 2e−13, its own accuracy, for all n).
const STEP: f64 = 0.3;

/// Largest sample size accepted: beyond 2^53 the rank arithmetic is no longer exact in `f64`.
pub(crate) const MAX_N: u64 = 1 << 53;

/// Mean and standard deviation of an order statistic.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OrderStatMoments {
    /// Expected value.
    pub mean: f64,
    /// Standard deviation.
    pub std_dev: f64,
}

/// `mean, sd` in the value's own unit, e.g. the maximum of two standard normals (`1/√π`, `√(1 − 1/π)`):
///
/// ```
/// use loadbal::order_stats::order_stat_moments_std_normal;
/// let m = order_stat_moments_std_normal(2, 2).unwrap();
/// assert_eq!(m.to_string(), "mean 0.5641895835477563, sd 0.8256452711765563");
/// ```
impl std::fmt::Display for OrderStatMoments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "mean {}, sd {}", self.mean, self.std_dev)
    }
}

/// `erfc(x)` to full double precision (the `special` crate's; statrs 0.19.1's `erfc` is only
/// accurate to about 1e−10 relative, which would cap the order statistics at that accuracy).
fn erfc(x: f64) -> f64 {
    x.compl_error()
}

/// The standard normal CDF `Φ(z)`, accurate to double precision in both tails.
///
/// # Formula
///
/// ```text
/// Φ(z) = ½ erfc(−z/√2)
/// ```
///
/// # Accuracy
///
/// Relative error below `1e−15 + 3e−16·z²` where `Φ(z) ≥ 1e−300` (`z ≥ −37`; the rounding of
/// `z/√2` is amplified by `z²` in `erfc`), measured worst 1.2e−13 at `z = −28.5` against 50-digit
/// references; below, the value is subnormal and then 0 (use [`std_normal_ln_cdf`]).
///
/// # Examples
///
/// ```
/// use loadbal::order_stats::std_normal_cdf;
/// assert!((std_normal_cdf(-5.0) - 2.866_515_718_791_939e-7).abs() < 1e-21);
/// ```
pub fn std_normal_cdf(z: f64) -> f64 {
    0.5 * erfc(-z * FRAC_1_SQRT_2)
}

/// The standard normal survival function `Q(z) = 1 − Φ(z)`, without cancellation for large z.
///
/// # Formula
///
/// ```text
/// Q(z) = ½ erfc(z/√2)
/// ```
///
/// # Accuracy
///
/// As [`std_normal_cdf`], mirrored.
///
/// # Examples
///
/// ```
/// use loadbal::order_stats::std_normal_sf;
/// assert!((std_normal_sf(10.0) / 7.619_853_024_160_527e-24 - 1.0).abs() < 1e-14);
/// ```
pub fn std_normal_sf(z: f64) -> f64 {
    0.5 * erfc(z * FRAC_1_SQRT_2)
}

/// The standard normal quantile `Φ⁻¹(p)` for `p ∈ (0, 1)` (NaN outside), accurate in both tails.
///
/// # Formula
///
/// ```text
/// Φ⁻¹(p) = −√2 erfc⁻¹(2p)
/// ```
///
/// # Accuracy
///
/// Relative error below 1e−14 for `p ∈ [1e−300, 1 − 1e−16]` (statrs' `erfc_inv`), measured
/// against 50-digit references.
///
/// # Examples
///
/// ```
/// use loadbal::order_stats::std_normal_quantile;
/// assert!((std_normal_quantile(0.975) - 1.959_963_984_540_054).abs() < 1e-14);
/// ```
pub fn std_normal_quantile(p: f64) -> f64 {
    if p > 0.5 { upper_quantile(1.0 - p) } else { -upper_quantile(p) }
}

/// Below this `z`, `ln Φ(z)` comes from the asymptotic series (where `Φ(z)` would underflow or
/// lose digits to subnormals; `Φ(−28) ≈ 6e−174`).
const ASYMPTOTIC_Z: f64 = -28.0;

/// `ln Φ(z)` for `z ≤ −28` by the asymptotic series of the Mills ratio,
/// `Φ(z) = φ(z)/|z| · Σ_k (−1)^k (2k−1)!!/z^{2k}`; ten terms leave a relative error below 1e−19.
fn ln_cdf_asymptotic(z: f64) -> f64 {
    let w = 1.0 / (z * z);
    let (mut term, mut sum) = (1.0, 1.0);
    for k in 1..=10 {
        term *= -f64::from(2 * k - 1) * w;
        sum += term;
    }
    -0.5 * z * z - (-z).ln() - 0.5 * (2.0 * std::f64::consts::PI).ln() + sum.ln()
}

/// The logarithm of the standard normal CDF, `ln Φ(z)`, accurate in both tails and finite for
/// every finite `z` (no underflow: `ln Φ(−100) = −5005.5…`).
///
/// # Formula
///
/// ```text
/// ln Φ(z) = ln(½ erfc(−z/√2))               z ≥ −28 (ln_1p(−Q(z)) for z ≥ −1)
/// ln Φ(z) = −z²/2 − ln(−z√(2π)) + ln Σ_k (−1)^k (2k−1)!!/z^{2k}   z < −28
/// ```
///
/// # Accuracy
///
/// Relative error below 1e−14 (measured worst 4.4e−15) for `|z| ≤ 40` and `z = −100`, `−1000` against 50-digit
/// references (`tests/order_stats/accuracy_order_stats.rs`); for `z > 38`, `ln Φ(z) = −Q(z)` to full
/// precision as long as `Q(z)` does not underflow (beyond that the result is −0 or a subnormal).
///
/// # Examples
///
/// ```
/// use loadbal::order_stats::std_normal_ln_cdf;
/// assert!((std_normal_ln_cdf(-5.0) / (2.866_515_718_791_939e-7f64).ln() - 1.0).abs() < 1e-15);
/// assert!(std_normal_ln_cdf(-100.0).is_finite());
/// ```
pub fn std_normal_ln_cdf(z: f64) -> f64 {
    if z < ASYMPTOTIC_Z {
        ln_cdf_asymptotic(z)
    } else if z < -1.0 {
        (0.5 * erfc(-z * FRAC_1_SQRT_2)).ln()
    } else {
        (-0.5 * erfc(z * FRAC_1_SQRT_2)).ln_1p()
    }
}

/// The logarithm of the standard normal survival function, `ln Q(z) = ln(1 − Φ(z)) = ln Φ(−z)`.
///
/// # Formula
///
/// ```text
/// ln Q(z) = ln Φ(−z)
/// ```
///
/// # Accuracy
///
/// As [`std_normal_ln_cdf`].
///
/// # Examples
///
/// ```
/// use loadbal::order_stats::std_normal_ln_sf;
/// assert!((std_normal_ln_sf(10.0) / (7.619_853_024_160_527e-24f64).ln() - 1.0).abs() < 1e-15);
/// ```
pub fn std_normal_ln_sf(z: f64) -> f64 {
    std_normal_ln_cdf(-z)
}

/// `ln Φ(z)` (crate-internal short name).
pub(crate) fn ln_cdf(z: f64) -> f64 {
    std_normal_ln_cdf(z)
}

/// `ln Q(z)` (crate-internal short name).
pub(crate) fn ln_sf(z: f64) -> f64 {
    std_normal_ln_cdf(-z)
}

/// `ln φ(z)` up to the constant `−ln √(2π)`.
fn ln_pdf_unnormalised(z: f64) -> f64 {
    -0.5 * z * z
}

/// The upper quantile `Φ⁻¹(1 − q)` for an upper-tail mass `q ∈ (0, 1)`, without forming `1 − q`
/// (so `q = 1e−20` is resolved).
///
/// # Formula
///
/// ```text
/// Φ⁻¹(1 − q) = √2 erfc⁻¹(2q)
/// ```
///
/// # Accuracy
///
/// As [`std_normal_quantile`], for `q` down to 1e−300.
///
/// # Examples
///
/// ```
/// use loadbal::order_stats::{std_normal_sf, upper_quantile};
/// let z = upper_quantile(1e-20);
/// assert!((std_normal_sf(z) / 1e-20 - 1.0).abs() < 1e-13);
/// ```
pub fn upper_quantile(q: f64) -> f64 {
    SQRT_2 * erfc_inv(2.0 * q)
}

/// The log-density of the r-th of n standardised normal order statistics (up to a constant),
/// with its first two derivatives.
struct RankDensity {
    below: f64,
    above: f64,
}

impl RankDensity {
    fn new(r: u64, n: u64) -> Self {
        RankDensity { below: (r - 1) as f64, above: (n - r) as f64 }
    }

    fn ln(&self, z: f64) -> f64 {
        let mut g = ln_pdf_unnormalised(z);
        if self.below > 0.0 {
            g += self.below * ln_cdf(z);
        }
        if self.above > 0.0 {
            g += self.above * ln_sf(z);
        }
        g
    }

    /// `(g'(z), g''(z))`, with the Mills ratios `φ/Φ` and `φ/Q` formed in log space.
    fn derivatives(&self, z: f64) -> (f64, f64) {
        let lp = ln_pdf_unnormalised(z) - 0.5 * (2.0 * std::f64::consts::PI).ln();
        let lo = (lp - ln_cdf(z)).exp();
        let hi = (lp - ln_sf(z)).exp();
        let d1 = self.below * lo - self.above * hi - z;
        let d2 = self.below * (-z * lo - lo * lo) - self.above * (-z * hi + hi * hi) - 1.0;
        (d1, d2)
    }

    /// The mode (the density is log-concave, so it is unique) by safeguarded Newton from Blom's
    /// approximation of the mean, and the curvature scale `1/√(−g'')` there.
    fn mode_and_scale(&self, r: u64, n: u64) -> (f64, f64) {
        let nf = n as f64;
        let rf = r as f64;
        let mut z = if 2 * r <= n + 1 {
            -upper_quantile((rf - 0.375) / (nf + 0.25))
        } else {
            upper_quantile((nf - rf + 0.625) / (nf + 0.25))
        };
        let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
        for _ in 0..100 {
            let (d1, d2) = self.derivatives(z);
            let step = d1 / d2;
            if step.abs() <= 1e-15 * (1.0 + z.abs()) {
                break;
            }
            if d1 > 0.0 {
                lo = z;
            } else {
                hi = z;
            }
            let mut next = z - step;
            if !(next > lo && next < hi && next.is_finite()) {
                next = if lo.is_finite() && hi.is_finite() {
                    0.5 * (lo + hi)
                } else if lo.is_finite() {
                    lo + 1.0
                } else {
                    hi - 1.0
                };
            }
            z = next;
        }
        let (_, d2) = self.derivatives(z);
        (z, 1.0 / (-d2).sqrt())
    }
}

pub(super) fn check_rank(r: u64, n: u64) -> Result<(), OrderStatsError> {
    if n == 0 {
        return Err(OrderStatsError::ZeroSampleSize);
    }
    if n > MAX_N {
        return Err(OrderStatsError::SampleSizeTooLarge { n });
    }
    if r == 0 || r > n {
        return Err(OrderStatsError::RankOutOfRange { r, n });
    }
    Ok(())
}

/// The order-statistics error for a quadrature failure at rank `r` of `n`.
pub(crate) fn quad_error(e: QuadError, r: u64, n: u64) -> OrderStatsError {
    match e {
        QuadError::NonFinite | QuadError::TooManyPoints => OrderStatsError::QuadratureFailed { r, n },
        QuadError::NotConverged { change } => OrderStatsError::QuadratureNotConverged { r, n, change },
        QuadError::OutOfRange { ln_mean } => OrderStatsError::ResultOutOfRange { ln_mean },
    }
}

/// Mean and standard deviation of the `r`-th smallest of `n` i.i.d. N(0, 1) variables, and of any
/// increasing transform `value` of it (the normal-scores route to other distributions).
pub(crate) fn rank_moments<V: Fn(f64) -> f64>(r: u64, n: u64, value: V) -> Result<OrderStatMoments, OrderStatsError> {
    check_rank(r, n)?;
    let density = RankDensity::new(r, n);
    let (mode, scale) = density.mode_and_scale(r, n);
    let m = integrate(mode, STEP * scale, 100_000, ValueKind::Linear, Refine::Fixed, true, |z| density.ln(z), value)
        .map_err(|e| quad_error(e, r, n))?;
    Ok(OrderStatMoments { mean: m.mean, std_dev: m.variance.sqrt() })
}

/// Mean and standard deviation of `v(Z_(r:n))` for a positive increasing `v` given by its
/// logarithm `ln_value(z)`, with the step halved until the result settles to `tol` (relative).
/// Without `second`, only the mean is computed (`std_dev` is NaN), and the second moment need
/// not exist.
pub(crate) fn rank_moments_log<V: Fn(f64) -> f64>(
    r: u64,
    n: u64,
    tol: f64,
    second: bool,
    ln_value: V,
) -> Result<OrderStatMoments, OrderStatsError> {
    check_rank(r, n)?;
    let density = RankDensity::new(r, n);
    let (mode, scale) = density.mode_and_scale(r, n);
    let m = integrate(
        mode,
        STEP * scale,
        400_000,
        ValueKind::Log,
        Refine::Halve { tol, levels: 8 },
        second,
        |z| density.ln(z),
        ln_value,
    )
    .map_err(|e| quad_error(e, r, n))?;
    Ok(OrderStatMoments { mean: m.mean, std_dev: m.variance.sqrt() })
}

/// Expected value of the `r`-th smallest of `n` i.i.d. standard normal variables (Royston's
/// normal scores, AS 177; Ahn et al., §4.1).
///
/// # Formula
///
/// ```text
/// E[Z_(r:n)] = n!/((r−1)!(n−r)!) ∫ z Φ(z)^(r−1) (1 − Φ(z))^(n−r) φ(z) dz
/// ```
///
/// evaluated by the trapezoid rule in log space on a grid centred on the mode of the integrand
/// with a step of 0.3 of its curvature scale (absolute error below 1e−12 for every
/// `n ≤ 10⁹`).
///
/// # Accuracy
///
/// Absolute error below 1e−12 for every `1 ≤ r ≤ n ≤ 10⁹` (measured worst against 50-digit
/// references including middle ranks: see `tests/order_stats/accuracy_order_stats.rs`); an absolute bound,
/// because middle ranks are near 0.
///
/// # Errors
/// [`OrderStatsError::ZeroSampleSize`] for `n = 0`, [`OrderStatsError::RankOutOfRange`] unless
/// `1 ≤ r ≤ n`, [`OrderStatsError::SampleSizeTooLarge`] for `n > 2⁵³`.
///
/// # Examples
///
/// The median of three is zero and the largest of three is `3/(2√π)`:
///
/// ```
/// use loadbal::order_stats::expected_order_stat_std_normal;
/// assert!(expected_order_stat_std_normal(2, 3).unwrap().abs() < 1e-15);
/// let top = expected_order_stat_std_normal(3, 3).unwrap();
/// assert!((top - 1.5 / std::f64::consts::PI.sqrt()).abs() < 1e-14);
/// ```
pub fn expected_order_stat_std_normal(r: u64, n: u64) -> Result<f64, OrderStatsError> {
    Ok(rank_moments(r, n, |z| z)?.mean)
}

/// Mean and standard deviation of the `r`-th smallest of `n` i.i.d. standard normal variables.
///
/// # Formula
///
/// ```text
/// Var[Z_(r:n)] = E[(Z_(r:n) − E[Z_(r:n)])²]   (same quadrature as the mean)
/// ```
///
/// # Accuracy
///
/// Mean as [`expected_order_stat_std_normal`]; standard deviation to 1e−12 absolute.
///
/// # Errors
/// As [`expected_order_stat_std_normal`].
///
/// # Examples
///
/// The maximum of two standard normals has variance `1 − 1/π`:
///
/// ```
/// use loadbal::order_stats::order_stat_moments_std_normal;
/// let m = order_stat_moments_std_normal(2, 2).unwrap();
/// assert!((m.std_dev - (1.0 - 1.0 / std::f64::consts::PI).sqrt()).abs() < 1e-13);
/// ```
pub fn order_stat_moments_std_normal(r: u64, n: u64) -> Result<OrderStatMoments, OrderStatsError> {
    rank_moments(r, n, |z| z)
}

/// `e_n = E[max of n i.i.d. N(0, 1)]` (Ahn et al., eq. (14a) with μ = 0, σ = 1).
///
/// # Formula
///
/// ```text
/// e_n = ∫ z · n Φ(z)^(n−1) φ(z) dz
/// ```
///
/// Absolute error below 1e−12 for every `n` from 1 to 10⁹ (see the crate's accuracy tests).
///
/// # Accuracy
///
/// Absolute (and so relative for `n ≥ 2`) error below 1e−12 for every `n ≤ 10⁹`.
///
/// # Errors
/// [`OrderStatsError::ZeroSampleSize`] for `n = 0`; [`OrderStatsError::SampleSizeTooLarge`]
/// for `n > 2⁵³`.
///
/// # Examples
///
/// Ahn et al., §5.2 uses p = 25 processors: `e_25 = 1.965315`, and `e_2 = 1/√π`.
///
/// ```
/// use loadbal::order_stats::expected_max_std_normal;
/// assert!((expected_max_std_normal(25).unwrap() - 1.965_315).abs() < 1e-6);
/// assert!((expected_max_std_normal(2).unwrap() - 1.0 / std::f64::consts::PI.sqrt()).abs() < 1e-14);
/// ```
pub fn expected_max_std_normal(n: u64) -> Result<f64, OrderStatsError> {
    expected_order_stat_std_normal(n, n)
}

/// `E[min of n i.i.d. N(0, 1)] = −e_n` (Ahn et al., eq. (14b), by symmetry).
///
/// # Formula
///
/// ```text
/// E[Z_(1:n)] = −E[Z_(n:n)]
/// ```
///
/// # Accuracy
///
/// As [`expected_max_std_normal`].
///
/// # Errors
/// As [`expected_max_std_normal`].
///
/// # Examples
///
/// ```
/// use loadbal::order_stats::{expected_max_std_normal, expected_min_std_normal};
/// assert_eq!(expected_min_std_normal(25).unwrap(), -expected_max_std_normal(25).unwrap());
/// ```
pub fn expected_min_std_normal(n: u64) -> Result<f64, OrderStatsError> {
    Ok(-expected_max_std_normal(n)?)
}

/// Standard deviation of the maximum of `n` i.i.d. standard normal variables.
///
/// # Formula
///
/// ```text
/// sd_n = √( ∫ (z − e_n)² · n Φ(z)^(n−1) φ(z) dz )
/// ```
///
/// # Accuracy
///
/// Absolute error below 1e−12 for every `n ≤ 10⁹`.
///
/// # Errors
/// As [`expected_max_std_normal`].
///
/// # Examples
///
/// ```
/// use loadbal::order_stats::std_dev_max_std_normal;
/// // One sample: the standard normal itself.
/// assert!((std_dev_max_std_normal(1).unwrap() - 1.0).abs() < 1e-14);
/// ```
pub fn std_dev_max_std_normal(n: u64) -> Result<f64, OrderStatsError> {
    Ok(order_stat_moments_std_normal(n, n)?.std_dev)
}

/// `E[max of n i.i.d. N(μ, σ²)] = μ + σ·e_n` (Ahn et al., eqs. (14a)–(16)).
///
/// # Formula
///
/// ```text
/// E[Y_n] = ∫ y · n F(y)^(n−1) f(y) dy = μ + σ e_n
/// ```
///
/// # Accuracy
///
/// Absolute error below `1e−12·σ` plus the rounding of `μ + σ e` (a few ulps of the result).
///
/// # Errors
/// As [`expected_max_std_normal`], plus [`OrderStatsError::NonFinite`] for a NaN or infinite
/// parameter and [`OrderStatsError::NegativeScale`] for `σ < 0` (`σ = 0` gives `μ`).
///
/// # Examples
///
/// Ahn et al., §5.2: R = 40 tasks of μ_T = 488.1 s, σ_T = 116.6 s on each of p = 25 processors; the
/// integral method gives E\[Y_p\] = 20,973 s.
///
/// ```
/// use loadbal::order_stats::expected_max_normal;
/// let e = expected_max_normal(40.0 * 488.1, 40f64.sqrt() * 116.6, 25).unwrap();
/// assert_eq!(e.round(), 20_973.0);
/// ```
pub fn expected_max_normal(mu: f64, sigma: f64, n: u64) -> Result<f64, OrderStatsError> {
    check_location_scale(mu, sigma)?;
    Ok(mu + sigma * expected_max_std_normal(n)?)
}

/// `E[min of n i.i.d. N(μ, σ²)] = μ − σ·e_n` (Ahn et al., eq. (14b)).
///
/// # Formula
///
/// ```text
/// E[Y_1] = ∫ y · n (1 − F(y))^(n−1) f(y) dy = μ − σ e_n
/// ```
///
/// # Accuracy
///
/// Absolute error below `1e−12·σ` plus the rounding of `μ + σ e` (a few ulps of the result).
///
/// # Errors
/// As [`expected_max_normal`].
///
/// # Examples
///
/// Ahn et al., §5.2: E\[Y_1\] = 18,075 s.
///
/// ```
/// use loadbal::order_stats::expected_min_normal;
/// let e = expected_min_normal(40.0 * 488.1, 40f64.sqrt() * 116.6, 25).unwrap();
/// assert_eq!(e.round(), 18_075.0);
/// ```
pub fn expected_min_normal(mu: f64, sigma: f64, n: u64) -> Result<f64, OrderStatsError> {
    check_location_scale(mu, sigma)?;
    Ok(mu - sigma * expected_max_std_normal(n)?)
}

/// Expected `r`-th smallest of `n` i.i.d. N(μ, σ²) variables: `μ + σ·E[Z_(r:n)]`.
///
/// # Formula
///
/// ```text
/// E[Y_(r:n)] = μ + σ E[Z_(r:n)]
/// ```
///
/// # Accuracy
///
/// Absolute error below `1e−12·σ` plus the rounding of `μ + σ e` (a few ulps of the result).
///
/// # Errors
/// As [`expected_order_stat_std_normal`] and [`expected_max_normal`].
///
/// # Examples
///
/// ```
/// use loadbal::order_stats::expected_order_stat_normal;
/// // The median of 5 draws of N(10, 3²) is 10.
/// assert!((expected_order_stat_normal(10.0, 3.0, 3, 5).unwrap() - 10.0).abs() < 1e-13);
/// ```
pub fn expected_order_stat_normal(mu: f64, sigma: f64, r: u64, n: u64) -> Result<f64, OrderStatsError> {
    check_location_scale(mu, sigma)?;
    Ok(mu + sigma * expected_order_stat_std_normal(r, n)?)
}
