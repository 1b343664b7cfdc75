//! Order statistics of i.i.d. samples of any [`IidLaw`] (Ahn et al., eqs. (14a)/(14b)).

use super::error::{OrderStatsError, finite_result};
use super::iid_law::IidLaw;
use super::normal::OrderStatMoments;
use super::normal::{check_rank, rank_moments_log};

/// Relative change between two halvings of the quadrature step at which the result is accepted:
/// the trapezoid rule converges geometrically, so the finer level is then accurate to far below
/// 1e−12 (measured worst error against the 50-digit references: see `# Accuracy`).
const TOL: f64 = 1e-10;

/// Deepest rank (`min(r − 1, n − r)`) accepted through the quadrature: the log-density
/// `(r−1) ln Φ + (n−r) ln Q` carries rounding of order `1e−16·min(r, n−r+1)`, which for central
/// ranks of large samples shows in the 12th digit (measured: 1e−13 relative at the median of
/// 10⁵, 5e−12 at the median of 10⁶).
const MAX_CENTRAL_DEPTH: u64 = 100_000;

/// Smallest margin `α(n − r + 1) − k` accepted for the k-th moment of a heavy-tailed order
/// statistic: nearer the boundary the integrand decays too slowly for 1e−12.
const TAIL_MARGIN: f64 = 0.25;

/// Checks that `E[X_(r:n)^k]` exists and is computable: `X_(r:n)` has tail index `α(n − r + 1)`.
fn check_tail<L: IidLaw + ?Sized>(law: &L, r: u64, n: u64, k: u32) -> Result<(), OrderStatsError> {
    let alpha = law.tail_index();
    if alpha.is_infinite() {
        return Ok(());
    }
    let index = alpha * (n - r + 1) as f64;
    if index <= f64::from(k) {
        return Err(OrderStatsError::MomentDoesNotExist { moment: k, tail_index: index });
    }
    if index < f64::from(k) + TAIL_MARGIN {
        return Err(OrderStatsError::TailTooHeavy { moment: k, tail_index: index, needed: f64::from(k) + TAIL_MARGIN });
    }
    Ok(())
}

/// Mean and standard deviation of `X_(r:n)` for a law with a closed form or through the
/// quadrature; `want_sd` asks for the second moment (which must then exist).
fn moments<L: IidLaw + ?Sized>(law: &L, r: u64, n: u64, want_sd: bool) -> Result<OrderStatMoments, OrderStatsError> {
    law.check()?;
    check_rank(r, n)?;
    let m = match law.closed_form(r, n) {
        Some(m) => m?,
        None => {
            if (r - 1).min(n - r) > MAX_CENTRAL_DEPTH {
                return Err(OrderStatsError::OutsideAccuracyDomain {
                    name: "r",
                    value: r as f64,
                    domain: "ranks within 1e5 of either end (r - 1 or n - r at most 100000)",
                });
            }
            check_tail(law, r, n, if want_sd { 2 } else { 1 })?;
            rank_moments_log(r, n, TOL, want_sd, |z| law.ln_quantile_at_score(z))?
        }
    };
    // A closed form (normal, uniform) of parameters near f64::MAX can overflow (`sd` is NaN
    // when it was not asked for).
    let what = |q: &str| format!("the {q} of rank r = {r} of n = {n} for the law given");
    finite_result(m.mean, || what("mean"))?;
    if want_sd {
        finite_result(m.sd, || what("standard deviation"))?;
    }
    Ok(m)
}

/// Mean and standard deviation of the `r`-th smallest of `n` uniform variables on `[a, b]`:
/// `U_(r:n) ~ a + (b − a) Beta(r, n − r + 1)`.
pub(crate) fn uniform_moments(a: f64, b: f64, r: u64, n: u64) -> Result<OrderStatMoments, OrderStatsError> {
    check_rank(r, n)?;
    let (rf, nf) = (r as f64, n as f64);
    let (p, q) = (rf / (nf + 1.0), (nf - rf + 1.0) / (nf + 1.0));
    let mean = if p <= 0.5 { a + (b - a) * p } else { b - (b - a) * q };
    let sd = (b - a) * (p * q / (nf + 2.0)).sqrt();
    Ok(OrderStatMoments { mean, sd })
}

/// Expected `r`-th smallest of `n` i.i.d. variables of a law (Ahn et al., eq. (14a) for `r = n`,
/// (14b) for `r = 1`).
///
/// # Formula
///
/// ```text
/// E[X_(r:n)] = n!/((r−1)!(n−r)!) ∫ x F(x)^(r−1) (1 − F(x))^(n−r) f(x) dx
///            = E[ F⁻¹(Φ(Z_(r:n))) ]
/// ```
///
/// The second form (an order statistic commutes with the increasing map `F⁻¹∘Φ`) integrates
/// over the density of the normal order statistic `Z_(r:n)` with the crate's one quadrature,
/// in log space, walking until the density and the integrands `density × value` and
/// `density × value²` are negligible, and halving the step until the result settles. The
/// quantile `F⁻¹(Φ(z))` is taken from `ln Φ(z)` below the median and `ln Q(z)` above it, so both
/// tails are resolved (the gamma quantile is polished by Halley's method in log space).
/// The uniform law uses `E[U_(r:n)] = a + (b − a) r/(n + 1)`, the normal law the normal scores.
///
/// # Accuracy
///
/// Relative error below 1e−12 for every law on its accepted domain (gamma shape
/// `[0.01, 10⁵]`, log-normal `σ ≤ 6`, Weibull shape `[0.05, 10⁴]`, Pareto with
/// `α(n − r + 1) ≥ 1.25`, exponential, uniform), `n ≤ 10⁹` and ranks within 10⁵ of either
/// end (`min(r − 1, n − r) ≤ 10⁵`: all extremes; deeper central ranks are refused with
/// [`OrderStatsError::OutsideAccuracyDomain`] except for the normal and uniform laws); measured worst error
/// 7.8e−14 against 50-digit references (`tests/order_stats/accuracy_order_stats.rs`: the density form for
/// ranks, the CDF form for the minimum and maximum of gamma shapes 0.01 … 10⁴, log-normal and
/// Weibull laws to n = 10⁶, closed forms for Pareto, exponential and uniform). The normal law has the
/// absolute error of [`order_stat_moments_std_normal`](super::order_stat_moments_std_normal)
/// times σ. Results whose logarithm exceeds about ±700 are refused
/// ([`OrderStatsError::ResultOutOfRange`]) rather than rounded to 0 or ∞.
///
/// # Errors
/// [`OrderStatsError::ZeroSampleSize`], [`OrderStatsError::RankOutOfRange`],
/// [`OrderStatsError::SampleSizeTooLarge`] (`n > 2⁵³`); the law's parameter errors;
/// [`OrderStatsError::MomentDoesNotExist`] / [`OrderStatsError::TailTooHeavy`] for a Pareto law
/// with `α(n − r + 1) ≤ 1` / `< 1.25`; [`OrderStatsError::ResultOutOfRange`];
/// [`OrderStatsError::QuadratureNotConverged`] if the step does not settle (not observed on the
/// accepted domain).
///
/// # Examples
///
/// The minimum of `n` exponentials of rate λ is exponential of rate `nλ`, and the median of three
/// uniforms on `[0, 1]` has mean ½:
///
/// ```
/// use loadbal::law::Law;
/// use loadbal::order_stats::expected_order_stat_iid;
/// let e = expected_order_stat_iid(&Law::exponential(2.0).unwrap(), 1, 5).unwrap();
/// assert!((e / 0.1 - 1.0).abs() < 1e-13);
/// assert_eq!(expected_order_stat_iid(&Law::uniform(0.0, 1.0).unwrap(), 2, 3).unwrap(), 0.5);
/// ```
pub fn expected_order_stat_iid<L: IidLaw + ?Sized>(law: &L, r: u64, n: u64) -> Result<f64, OrderStatsError> {
    Ok(moments(law, r, n, false)?.mean)
}

/// Mean and standard deviation of the `r`-th smallest of `n` i.i.d. variables of a law.
///
/// # Formula
///
/// ```text
/// Var[X_(r:n)] = E[(F⁻¹(Φ(Z_(r:n))) − E[X_(r:n)])²]   (same quadrature as the mean)
/// ```
///
/// # Accuracy
///
/// Mean as [`expected_order_stat_iid`]; standard deviation to `1e−11·(sd + 10⁻³·mean)` on the
/// same domain (the second moment of a Pareto order statistic needs `α(n − r + 1) ≥ 2.25`):
/// relative 1e−11 unless the spread is below a thousandth of the mean, where the values'
/// rounding (1e−16 of the mean) dominates it. Measured against the 50-digit references in
/// `tests/order_stats/accuracy_order_stats.rs`.
///
/// # Errors
/// As [`expected_order_stat_iid`], with the second moment's existence;
/// [`OrderStatsError::ResultOverflow`] when the mean or the standard deviation is beyond `f64`
/// (the second moment overflows for a mean near 1e308), instead of a NaN or infinite value.
///
/// # Examples
///
/// Ahn et al., eq. (14a) for exponential times: the maximum of two Exp(1) has mean 3/2 and
/// variance 1 + 1/4.
///
/// ```
/// use loadbal::law::Law;
/// use loadbal::order_stats::order_stat_moments_iid;
/// let m = order_stat_moments_iid(&Law::exponential(1.0).unwrap(), 2, 2).unwrap();
/// assert!((m.mean - 1.5).abs() < 1e-13 && (m.sd - 1.25f64.sqrt()).abs() < 1e-12);
/// ```
pub fn order_stat_moments_iid<L: IidLaw + ?Sized>(
    law: &L,
    r: u64,
    n: u64,
) -> Result<OrderStatMoments, OrderStatsError> {
    moments(law, r, n, true)
}

/// `E[max of n i.i.d. X]` (Ahn et al., eq. (14a)).
///
/// # Formula
///
/// ```text
/// E[Y_n] = ∫ x · n F(x)^(n−1) f(x) dx = E[ F⁻¹(Φ(Z_(n:n))) ]
/// ```
///
/// # Accuracy
///
/// As [`expected_order_stat_iid`]: 1e−12 relative on the laws' accepted domains.
///
/// # Errors
/// As [`expected_order_stat_iid`].
///
/// # Examples
///
/// For exponential variables `E[max] = H_n / λ` (harmonic number); for a log-normal with σ = 3,
/// `E[X] = e^{4.5}`:
///
/// ```
/// use loadbal::law::Law;
/// use loadbal::order_stats::expected_max_iid;
/// let e = expected_max_iid(&Law::exponential(2.0).unwrap(), 4).unwrap();
/// assert!((e / ((1.0 + 0.5 + 1.0 / 3.0 + 0.25) / 2.0) - 1.0).abs() < 1e-13);
/// let ln = expected_max_iid(&Law::lognormal(0.0, 3.0).unwrap(), 1).unwrap();
/// assert!((ln / 90.017_131_300_521_8 - 1.0).abs() < 1e-13);
/// ```
pub fn expected_max_iid<L: IidLaw + ?Sized>(law: &L, n: u64) -> Result<f64, OrderStatsError> {
    check_rank(1, n)?;
    expected_order_stat_iid(law, n, n)
}

/// `E[min of n i.i.d. X]` (Ahn et al., eq. (14b)).
///
/// # Formula
///
/// ```text
/// E[Y_1] = ∫ x · n (1 − F(x))^(n−1) f(x) dx = E[ F⁻¹(Φ(Z_(1:n))) ]
/// ```
///
/// # Accuracy
///
/// As [`expected_order_stat_iid`], including the lower tail: the minimum of 1,000 Gamma(0.1, 1)
/// variables, 2.09e−24, to 1e−12 relative; the minimum of 10⁶ Gamma(0.01, 1) variables, 5e−443,
/// is below `f64`'s range and refused with [`OrderStatsError::ResultOutOfRange`].
///
/// # Errors
/// As [`expected_order_stat_iid`].
///
/// # Examples
///
/// The minimum of two Gamma(1, rate 3) (exponential) variables is exponential of rate 6:
///
/// ```
/// use loadbal::law::Law;
/// use loadbal::order_stats::expected_min_iid;
/// let e = expected_min_iid(&Law::gamma(1.0, 3.0).unwrap(), 2).unwrap();
/// assert!((e * 6.0 - 1.0).abs() < 1e-13);
/// ```
pub fn expected_min_iid<L: IidLaw + ?Sized>(law: &L, n: u64) -> Result<f64, OrderStatsError> {
    check_rank(1, n)?;
    expected_order_stat_iid(law, 1, n)
}
