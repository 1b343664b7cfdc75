//! Extremes of i.i.d. samples of any continuous distribution (Ahn et al., eqs. (14a)/(14b)).

use super::OrderStatsError;
use super::normal::{ln_cdf, ln_sf, rank_moments};
use statrs::distribution::{Continuous, ContinuousCDF};

/// `F⁻¹(Φ(z))`: the normal score `z` mapped to the distribution's scale. Above the median the
/// quantile is polished by Newton steps on `ln S(x) = ln Q(z)`, so that upper tails are resolved
/// beyond what `1 − Q(z)` can represent.
fn normal_score_to_quantile<D>(dist: &D, z: f64) -> f64
where
    D: ContinuousCDF<f64, f64> + Continuous<f64, f64>,
{
    if z <= 0.0 {
        return dist.inverse_cdf(ln_cdf(z).exp());
    }
    let target = ln_sf(z);
    // Start from the quantile of 1 − Q(z), with Q capped at machine epsilon so that it is finite.
    let q = target.exp().max(f64::EPSILON);
    let mut x = dist.inverse_cdf(1.0 - q);
    for _ in 0..8 {
        let s = dist.sf(x);
        let f = dist.pdf(x);
        if !(s > 0.0 && f > 0.0) {
            break;
        }
        let step = (s.ln() - target) * s / f;
        if !step.is_finite() {
            break;
        }
        x += step;
        if step.abs() <= 1e-15 * x.abs().max(1e-300) {
            break;
        }
    }
    x
}

fn check_n(n: u64) -> Result<(), OrderStatsError> {
    if n == 0 { Err(OrderStatsError::ZeroSampleSize) } else { Ok(()) }
}

/// `E[max of n i.i.d. X]` for any continuous distribution with a quantile function, e.g. statrs
/// `Gamma`, `Exp`, `LogNormal` (Ahn et al., eq. (14a)).
///
/// # Formula
///
/// ```text
/// E[Y_n] = ∫ y · n F(y)^(n−1) f(y) dy = E[ F⁻¹(Φ(Z_(n:n))) ]
/// ```
///
/// The second form (the maximum commutes with the increasing map `F⁻¹∘Φ`) reuses the normal
/// order-statistics quadrature; its accuracy is that of the distribution's quantile and survival
/// functions (about 1e−10 relative for statrs' Gamma).
///
/// # Errors
/// [`OrderStatsError::ZeroSampleSize`] for `n = 0`; [`OrderStatsError::QuadratureFailed`] when
/// the quantile is not finite where the maximum has mass (an unbounded quantile returned as ∞).
///
/// # Examples
///
/// For exponential variables `E[max] = H_n / λ` (harmonic number):
///
/// ```
/// use loadbal::order_stats::expected_max_iid;
/// use statrs::distribution::Exp;
/// let e = expected_max_iid(&Exp::new(2.0).unwrap(), 4).unwrap();
/// assert!((e - (1.0 + 0.5 + 1.0 / 3.0 + 0.25) / 2.0).abs() < 1e-9);
/// ```
pub fn expected_max_iid<D>(dist: &D, n: u64) -> Result<f64, OrderStatsError>
where
    D: ContinuousCDF<f64, f64> + Continuous<f64, f64>,
{
    check_n(n)?;
    Ok(rank_moments(n, n, |z| normal_score_to_quantile(dist, z))?.mean)
}

/// `E[min of n i.i.d. X]` for any continuous distribution with a quantile function (Ahn et al.
/// eq. 14b).
///
/// # Formula
///
/// ```text
/// E[Y_1] = ∫ y · n (1 − F(y))^(n−1) f(y) dy = E[ F⁻¹(Φ(Z_(1:n))) ]
/// ```
///
/// # Errors
/// As [`expected_max_iid`].
///
/// # Examples
///
/// The minimum of n exponentials of rate λ is exponential of rate nλ:
///
/// ```
/// use loadbal::order_stats::expected_min_iid;
/// use statrs::distribution::Exp;
/// let e = expected_min_iid(&Exp::new(2.0).unwrap(), 5).unwrap();
/// assert!((e - 0.1).abs() < 1e-9);
/// ```
pub fn expected_min_iid<D>(dist: &D, n: u64) -> Result<f64, OrderStatsError>
where
    D: ContinuousCDF<f64, f64> + Continuous<f64, f64>,
{
    check_n(n)?;
    Ok(rank_moments(1, n, |z| normal_score_to_quantile(dist, z))?.mean)
}
