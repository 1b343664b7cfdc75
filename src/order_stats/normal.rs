//! Exact order statistics of i.i.d. normal samples: Royston's normal scores by quadrature.

use super::error::{OrderStatsError, check_location_scale, finite_result};
use crate::numerics::normal::{ln_cdf, ln_sf, upper_quantile};
use crate::numerics::quadrature::{Grid, QuadError, Refine, Stretch, ValueKind, integrate};
use crate::numerics::root::{Eval, RootError, Search, Slope, find_root};

/// Grid step of the quadrature, in units of the density's scale `1/√(−g''(mode))`. The lower
/// tail of a normal maximum is double exponential (Gumbel), whose trapezoid error decays as
/// `exp(−π²/step)`: 0.3 gives `5e−15` (measured: 0.4 already leaves 3.5e−12 at n = 12,345).
/// The i.i.d. laws' quadrature starts from it and halves it.
const STEP: f64 = 0.3;

/// The step in `u` of the stretched grid of the normal scores (see [`Stretch`]): with the upper
/// tail stretched, 0.28 leaves a worst error of 9e−16 on the mean and 3e−15 on the standard
/// deviation of the maximum over 70 sample sizes from 2 to 2^53, and 2e−14 on 30 middle and
/// extreme ranks (against mpmath, 30 digits), with 35–44 density evaluations.
const STRETCHED_STEP: f64 = 0.28;

/// Largest sample size accepted: beyond 2^53 the rank arithmetic is no longer exact in `f64`.
pub(crate) const MAX_N: u64 = 1 << 53;

/// Mean and standard deviation of an order statistic.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OrderStatMoments {
    /// Expected value.
    pub mean: f64,
    /// Standard deviation.
    pub sd: f64,
}

/// `mean, sd` in the value's own unit, e.g. the maximum of two standard normals (`1/√π`, `√(1 − 1/π)`):
///
/// ```
/// use loadbal::order_stats::order_stat_moments_std_normal;
/// let m = order_stat_moments_std_normal(2, 2).unwrap();
/// assert_eq!(m.to_string(), "mean 0.5641895835477568, sd 0.8256452711765561");
/// ```
impl std::fmt::Display for OrderStatMoments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "mean {}, sd {}", self.mean, self.sd)
    }
}

/// `ln φ(z)` up to the constant `−ln √(2π)`.
fn ln_pdf_unnormalised(z: f64) -> f64 {
    -0.5 * z * z
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
        let (mut d1, mut d2) = (-z, -1.0);
        if self.below > 0.0 {
            let lo = (lp - ln_cdf(z)).exp();
            d1 += self.below * lo;
            d2 += self.below * (-z * lo - lo * lo);
        }
        if self.above > 0.0 {
            let hi = (lp - ln_sf(z)).exp();
            d1 -= self.above * hi;
            d2 -= self.above * (-z * hi + hi * hi);
        }
        (d1, d2)
    }

    /// The mode (the density is log-concave, so `g'` decreases through one zero) by the crate's
    /// root finder with Newton steps from Blom's approximation of the mean, and the curvature
    /// scale `1/√(−g'')` there. The quadrature needs neither to full precision (its grid may sit
    /// anywhere; its step only needs the scale to a few per cent): Newton stops once its step is
    /// below 1e−4 of the scale (a zero step tells the root finder so), and the scale is the one
    /// at the last iterate.
    fn mode_and_scale(&self, r: u64, n: u64) -> (f64, f64) {
        let nf = n as f64;
        let rf = r as f64;
        let start = if 2 * r <= n + 1 {
            -upper_quantile((rf - 0.375) / (nf + 0.25))
        } else {
            upper_quantile((nf - rf + 0.625) / (nf + 0.25))
        };
        let mut curvature = f64::NAN;
        let slope_of_ln_density = |z: f64| {
            let (d1, d2) = self.derivatives(z);
            curvature = d2;
            let step = d1 / d2;
            Eval::with_step(d1, if step.abs() * (-d2).sqrt() <= 1e-4 { 0.0 } else { step })
        };
        let search =
            Search { lo: f64::NEG_INFINITY, hi: f64::INFINITY, start, abs_tol: 1e-15, rel_tol: 1e-15, max_evals: 100 };
        let z = match find_root(Slope::Decreasing, search, slope_of_ln_density) {
            Ok(root) | Err(RootError::NotConverged(root)) => root.x,
            Err(RootError::NotANumber { x }) => x,
        };
        (z, 1.0 / (-curvature).sqrt())
    }

    /// The grid of the quadrature: centred on the mode, stretched on the side of the rank's
    /// longer tail (upwards for the upper half of the ranks, whose upper tail turns Gaussian).
    fn grid(&self, r: u64, n: u64) -> Grid {
        let (mode, scale) = self.mode_and_scale(r, n);
        let stretch = if 2 * r > n { Stretch::Up } else { Stretch::Down };
        Grid { center: mode, scale, step: STRETCHED_STEP, stretch }
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
    let grid = density.grid(r, n);
    let m = integrate(grid, 100_000, ValueKind::Linear, Refine::Fixed, true, |z| density.ln(z), value)
        .map_err(|e| quad_error(e, r, n))?;
    Ok(OrderStatMoments { mean: m.mean, sd: m.variance.sqrt() })
}

/// Mean and standard deviation of `v(Z_(r:n))` for a positive increasing `v` given by its
/// logarithm `ln_value(z)`, with the step halved until the result settles to `tol` (relative).
/// Without `second`, only the mean is computed (`sd` is NaN), and the second moment need
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
        Grid::uniform(mode, STEP * scale),
        400_000,
        ValueKind::Log,
        Refine::Halve { tol, levels: 8 },
        second,
        |z| density.ln(z),
        ln_value,
    )
    .map_err(|e| quad_error(e, r, n))?;
    // A second moment past f64 (a mean near 1e308) gives an infinite or NaN sd here; the caller
    // refuses it as `ResultOverflow`, as it does a closed form's.
    Ok(OrderStatMoments { mean: m.mean, sd: m.variance.sqrt() })
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
/// with a step of 0.28 of its curvature scale, widening geometrically into the Gaussian end of
/// the rank's longer tail (absolute error below 1e−12 for every `n ≤ 10⁹`).
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
/// use loadbal::order_stats::order_stat_moments_std_normal;
/// assert!(order_stat_moments_std_normal(2, 3).unwrap().mean.abs() < 1e-15);
/// let top = order_stat_moments_std_normal(3, 3).unwrap().mean;
/// assert!((top - 1.5 / std::f64::consts::PI.sqrt()).abs() < 1e-14);
/// ```
///
/// Crate-internal: the public path is [`order_stat_moments_std_normal`]`(r, n).mean` (the same
/// quadrature) or [`expected_order_stat_normal`]`(0.0, 1.0, r, n)`.
pub(crate) fn expected_order_stat_std_normal(r: u64, n: u64) -> Result<f64, OrderStatsError> {
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
/// Mean to 1e−12 absolute for every `1 ≤ r ≤ n ≤ 10⁹` (measured against 50-digit references
/// including middle ranks); standard deviation to 1e−12 absolute.
///
/// # Errors
/// [`OrderStatsError::ZeroSampleSize`] for `n = 0`, [`OrderStatsError::RankOutOfRange`] unless
/// `1 ≤ r ≤ n`, [`OrderStatsError::SampleSizeTooLarge`] for `n > 2⁵³`.
///
/// # Examples
///
/// The maximum of two standard normals has variance `1 − 1/π`:
///
/// ```
/// use loadbal::order_stats::order_stat_moments_std_normal;
/// let m = order_stat_moments_std_normal(2, 2).unwrap();
/// assert!((m.sd - (1.0 - 1.0 / std::f64::consts::PI).sqrt()).abs() < 1e-13);
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
/// Absolute error below 1e−12 for every `n` from 1 to 2⁵³ (see the crate's accuracy tests).
///
/// # Accuracy
///
/// Absolute (and so relative for `n ≥ 2`) error below 1e−12 for every `n ≤ 2⁵³`; measured worst
/// 1.8e−15 over 72 sample sizes from 2 to 2⁵³ against 50-digit references
/// (`tests/order_stats/accuracy_order_stats.rs`).
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
pub fn expected_max_normal(mean: f64, sd: f64, n: u64) -> Result<f64, OrderStatsError> {
    check_location_scale(mean, sd)?;
    finite_result(mean + sd * expected_max_std_normal(n)?, || {
        format!("E[max of n = {n}] with mean = {mean}, sd = {sd}")
    })
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
pub fn expected_min_normal(mean: f64, sd: f64, n: u64) -> Result<f64, OrderStatsError> {
    check_location_scale(mean, sd)?;
    finite_result(mean - sd * expected_max_std_normal(n)?, || {
        format!("E[min of n = {n}] with mean = {mean}, sd = {sd}")
    })
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
/// As [`order_stat_moments_std_normal`] and [`expected_max_normal`].
///
/// # Examples
///
/// ```
/// use loadbal::order_stats::expected_order_stat_normal;
/// // The median of 5 draws of N(10, 3²) is 10.
/// assert!((expected_order_stat_normal(10.0, 3.0, 3, 5).unwrap() - 10.0).abs() < 1e-13);
/// ```
pub fn expected_order_stat_normal(mean: f64, sd: f64, r: u64, n: u64) -> Result<f64, OrderStatsError> {
    check_location_scale(mean, sd)?;
    finite_result(mean + sd * expected_order_stat_std_normal(r, n)?, || {
        format!("E[rank r = {r} of n = {n}] with mean = {mean}, sd = {sd}")
    })
}
